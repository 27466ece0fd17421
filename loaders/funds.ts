import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { IndexClassRow } from '../parsers/edgar/filing-index-classes.ts';
import type { NportDocument, NportFund, NportPosition } from '../parsers/edgar/nport.ts';
import { fundClasses, fundHoldings, fundReports, funds } from '../schema/funds.ts';
import { copyInsertRows } from './copy-upsert.ts';
import { lockUntilCommit, upsertRows } from './upsert.ts';

export interface FundReportRows {
  doc: NportDocument;
  accessionNumber: string;
  /** From the filing index; null when the document was read without one. */
  filingDate: string | null;
  sourceUrl: string;
  sha256: string | null;
  fetchedAt: string;
  /** The filing detail page's series/class table (class tickers), when it was fetched. */
  classTickers?: IndexClassRow[];
}

type HoldingRow = typeof fundHoldings.$inferInsert;

/**
 * The stable fund id: `fnd_` + the series id (`fnd_S000012000`); a registrant that files without a series
 * (some closed-end funds) is `fnd_R` + its 10-digit CIK. A rebuild from scratch gives the same ids.
 */
export function fundIdOf(fund: Pick<NportFund, 'seriesId' | 'regCik'>): string {
  const series = fund.seriesId?.toUpperCase();
  return series && /^S\d{9}$/.test(series) ? `fnd_${series}` : `fnd_R${fund.regCik.padStart(10, '0')}`;
}

/** `supersededBy` belongs to the amendment pass, not to the report's own upsert. */
const REPORT_COLUMNS = Object.values(getTableColumns(fundReports)).filter((c) => c.name !== 'superseded_by');
const CLASS_COLUMNS = [fundClasses.fundId, fundClasses.accessionNumber];

/**
 * One N-PORT filing: loadFundReports with a batch of one (the pipeline's per-filing partition).
 * Idempotent: loading the same filing twice leaves the tables identical.
 */
export async function loadFundReport(tx: Tx, rows: FundReportRows): Promise<LoadResult> {
  return loadFundReports(tx, [rows]);
}

/**
 * A batch of N-PORT filings in one transaction, set-based: whatever the batch size, one upsert of the report
 * rows, one delete of the filings' previous positions, one registry-link query over every position, one
 * COPY of the positions (Postgres; PGlite: unnest upserts), one amendment pass over every (fund, report
 * date) the batch touches (per fund and report date the latest filing is in force, every other one
 * `superseded_by` it), one read of each touched fund's newest report in force and its upsert, one upsert of
 * the classes. The result is the same as loading the filings one by one in batch order (a filing listed
 * twice: the last copy wins). Idempotent: loading the same batch twice leaves the tables identical.
 */
export async function loadFundReports(tx: Tx, batch: readonly FundReportRows[]): Promise<LoadResult> {
  const byAccession = new Map<string, FundReportRows>();
  for (const rows of batch) {
    byAccession.delete(rows.accessionNumber);
    byAccession.set(rows.accessionNumber, rows);
  }
  const list = [...byAccession.values()];
  if (list.length === 0) return { inserted: 0, updated: 0 };
  // One load per fund at a time, until its commit (issue 26, as for news). The amendment pass and the fund
  // refresh read the fund's other reports: two batches loading an original and its amendment at once (two
  // workers) would each rank without the other's uncommitted row, leave both `superseded_by` null (two
  // reports in force for one report date, both announced as fund_holdings.published) and refresh the fund
  // row from a stale newest report.
  await lockUntilCommit(
    tx,
    list.map((rows) => `findata:fund:${fundIdOf(rows.doc.fund)}`),
  );
  const report = await upsertRows(
    tx,
    fundReports,
    list.map((rows) => {
      const r = rows.doc.report;
      return {
        accessionNumber: rows.accessionNumber,
        fundId: fundIdOf(rows.doc.fund),
        submissionType: r.submissionType,
        reportDate: r.reportDate,
        fiscalYearEnd: r.fiscalYearEnd,
        filingDate: rows.filingDate,
        isFinalFiling: r.isFinalFiling,
        totalAssets: r.totalAssets,
        totalLiabilities: r.totalLiabilities,
        netAssets: r.netAssets,
        classReturns: r.classReturns,
        positions: rows.doc.positions.length,
        warnings: rows.doc.warnings,
        sourceUrl: rows.sourceUrl,
        sha256: rows.sha256,
        fetchedAt: new Date(rows.fetchedAt),
      };
    }),
    [fundReports.accessionNumber],
    REPORT_COLUMNS,
  );
  const accessions = list.map((rows) => rows.accessionNumber);
  await tx.delete(fundHoldings).where(inArray(fundHoldings.accessionNumber, accessions));
  const links = await resolveCompanies(
    tx,
    list.flatMap((rows) => rows.doc.positions),
  );
  const holdingRows: HoldingRow[] = [];
  for (const rows of list) {
    const fundId = fundIdOf(rows.doc.fund);
    for (const p of rows.doc.positions)
      holdingRows.push(holdingRow(p, rows.accessionNumber, fundId, rows.doc.report.reportDate, links));
  }
  // the filings' rows were just deleted: a plain COPY (Postgres) inserts them
  const holdings = await copyInsertRows(tx, fundHoldings, holdingRows, [
    fundHoldings.accessionNumber,
    fundHoldings.ordinal,
  ]);
  await markSuperseded(tx, accessions);
  await refreshFunds(tx, list);
  const classes = new Map<string, typeof fundClasses.$inferInsert>();
  for (const rows of list) {
    const fundId = fundIdOf(rows.doc.fund);
    for (const classId of rows.doc.fund.classIds) {
      classes.delete(classId);
      classes.set(classId, { classId, fundId, accessionNumber: rows.accessionNumber });
    }
  }
  if (classes.size > 0) {
    await upsertRows(tx, fundClasses, [...classes.values()], [fundClasses.classId], CLASS_COLUMNS);
  }
  // class tickers from the filing's detail page: the classes of the filing's own series, as the page prints them
  const tickers = new Map<string, typeof fundClasses.$inferInsert>();
  for (const rows of list) {
    const series = rows.doc.fund.seriesId?.toUpperCase();
    for (const c of rows.classTickers ?? []) {
      if (!c.ticker || c.seriesId !== series) continue;
      tickers.set(c.classId, {
        classId: c.classId,
        fundId: fundIdOf(rows.doc.fund),
        accessionNumber: rows.accessionNumber,
        ticker: c.ticker,
      });
    }
  }
  if (tickers.size > 0) {
    await upsertRows(tx, fundClasses, [...tickers.values()], [fundClasses.classId], [fundClasses.ticker]);
  }
  return { inserted: report.inserted + holdings.inserted, updated: report.updated + holdings.updated };
}

function holdingRow(
  p: NportPosition,
  accessionNumber: string,
  fundId: string,
  reportDate: string,
  links: Map<NportPosition, Link>,
): HoldingRow {
  const link = links.get(p);
  return {
    accessionNumber,
    ordinal: p.ordinal,
    fundId,
    reportDate,
    name: p.name,
    title: p.title,
    lei: p.lei,
    cusip: p.cusip,
    isin: p.isin,
    ticker: p.ticker,
    otherIds: p.otherIds.length > 0 ? p.otherIds : null,
    balance: p.balance,
    units: p.units,
    unitsDesc: p.unitsDesc,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    valueUsd: p.valueUsd,
    pctOfNetAssets: p.pctOfNetAssets,
    payoffProfile: p.payoffProfile,
    assetCategory: p.assetCategory,
    assetCategoryDesc: p.assetCategoryDesc,
    issuerCategory: p.issuerCategory,
    issuerCategoryDesc: p.issuerCategoryDesc,
    country: p.country,
    isRestricted: p.isRestricted,
    fairValueLevel: p.fairValueLevel,
    isLoanedByFund: p.isLoanedByFund,
    debt: p.debt,
    derivative: p.derivative,
    companyId: link?.companyId ?? null,
    linkSource: link?.source ?? null,
    linkValue: link?.value ?? null,
  };
}

interface Link {
  companyId: string;
  source: 'cusip' | 'isin' | 'isin_cusip' | 'cusip_issuer_code' | 'ticker';
  value: string;
}

/** The CUSIP inside a US or Canadian ISIN (`US` + 9-character CUSIP + check digit). */
export function cusipOfIsin(isin: string | null): string | null {
  return isin && /^(US|CA)[0-9A-Z]{9}\d$/.test(isin) ? isin.slice(2, 11) : null;
}

export function execRows<T>(out: unknown): T[] {
  // node-postgres returns {rows}, PGlite's drizzle driver the array itself
  return Array.isArray(out) ? (out as T[]) : ((out as { rows?: T[] }).rows ?? []);
}

/**
 * Registry links, first rule that resolves to exactly one company wins: the CUSIP (`cusip`), the ISIN as a
 * registry identifier (`isin`), the CUSIP inside a US/CA ISIN (`isin_cusip`), the issuer code (the CUSIP's
 * first six characters) when exactly one company has CUSIPs with that code (`cusip_issuer_code`: a fund's
 * bond of an issuer whose shares are linked), and for equity positions (asset category EC) the ticker the
 * filing gives (`ticker`). Anything else stays unlinked, never guessed.
 */
async function resolveCompanies(tx: Tx, positions: NportPosition[]): Promise<Map<NportPosition, Link>> {
  const cusips = new Set<string>();
  const isins = new Set<string>();
  const tickers = new Set<string>();
  for (const p of positions) {
    const c = p.cusip ?? cusipOfIsin(p.isin);
    if (p.cusip) cusips.add(p.cusip);
    if (c) cusips.add(c);
    if (p.isin) isins.add(p.isin);
    if (p.ticker && p.assetCategory === 'EC') tickers.add(p.ticker.toUpperCase());
  }
  const out = new Map<NportPosition, Link>();
  if (cusips.size + isins.size + tickers.size === 0) return out;
  const codes = [...new Set([...cusips].map((c) => c.slice(0, 6)))];
  type Hit = { kind: string; value: string; company_id: string };
  const hits = execRows<Hit>(
    await tx.execute(sql`
      select i.id_type as kind, i.id_value as value, min(i.company_id) as company_id
        from company_identifiers i
       where (i.id_type = 'CUSIP' and i.id_value = any(${sql.param([...cusips])}::text[]))
          or (i.id_type = 'ISIN' and i.id_value = any(${sql.param([...isins])}::text[]))
          or (i.id_type = 'TICKER' and i.id_value = any(${sql.param([...tickers])}::text[]))
       group by i.id_type, i.id_value
      having count(distinct i.company_id) = 1
      union all
      select 'ISSUER' as kind, c.code as value, min(s.company_id) as company_id
        from unnest(${sql.param(codes)}::text[]) as c(code)
        join lateral (select i.company_id from company_identifiers i
                       where i.id_type = 'CUSIP' and i.id_value >= c.code and i.id_value < (c.code || '~')) s on true
       group by c.code
      having count(distinct s.company_id) = 1`),
  );
  const by = new Map(hits.map((h) => [`${h.kind}:${h.value}`, h.company_id]));
  for (const p of positions) {
    const isinCusip = cusipOfIsin(p.isin);
    const code = (p.cusip ?? isinCusip)?.slice(0, 6);
    const ticker = p.assetCategory === 'EC' ? p.ticker?.toUpperCase() : undefined;
    const tries: [string | undefined, Link['source'], string | null | undefined][] = [
      [p.cusip ? by.get(`CUSIP:${p.cusip}`) : undefined, 'cusip', p.cusip],
      [p.isin ? by.get(`ISIN:${p.isin}`) : undefined, 'isin', p.isin],
      [isinCusip ? by.get(`CUSIP:${isinCusip}`) : undefined, 'isin_cusip', p.isin],
      [code ? by.get(`ISSUER:${code}`) : undefined, 'cusip_issuer_code', p.cusip ?? isinCusip],
      [ticker ? by.get(`TICKER:${ticker}`) : undefined, 'ticker', ticker],
    ];
    const hit = tries.find(([id]) => id !== undefined);
    if (hit) out.set(p, { companyId: hit[0]!, source: hit[1], value: hit[2]! });
  }
  return out;
}

/**
 * Per fund and report date, the filing in force is the latest filed (filing date, an amendment after the
 * original of the same day, then accession): an NPORT-P/A restates the whole report it amends. Every other
 * filing of that date is `superseded_by` it; its rows stay, the routes skip them. One statement for every
 * (fund, report date) the batch's filings touch; only rows whose mark changes are written.
 */
async function markSuperseded(tx: Tx, accessions: string[]): Promise<void> {
  await tx.execute(sql`
    with touched as (
      select distinct fund_id, report_date from fund_reports
       where accession_number = any(${sql.param(accessions)}::text[])
    ), ranked as (
      select r.accession_number,
             first_value(r.accession_number) over (
               partition by r.fund_id, r.report_date
               order by r.filing_date desc nulls last, (r.submission_type like '%/A') desc,
                        r.accession_number collate "C" desc) as current
        from fund_reports r join touched t on t.fund_id = r.fund_id and t.report_date = r.report_date
    )
    update fund_reports f
       set superseded_by = nullif(k.current, f.accession_number)
      from ranked k
     where k.accession_number = f.accession_number
       and f.superseded_by is distinct from nullif(k.current, f.accession_number)`);
}

/** What a filing other than the fund's newest may change on an existing fund row: the figures, not the names. */
const FIGURE_COLUMNS = [
  funds.latestAccession,
  funds.latestReportDate,
  funds.netAssets,
  funds.totalAssets,
  funds.isFinalFiling,
  funds.reports,
];

/**
 * The fund rows of the batch's funds: figures from each fund's newest report in force; names and LEIs from
 * the filing of the batch that is that newest report (an older report loaded later never reverts a renamed
 * series); a fund whose newest report in force is not in the batch only has its figures updated (a new fund
 * row takes the names of its last filing in the batch).
 */
async function refreshFunds(tx: Tx, list: readonly FundReportRows[]): Promise<void> {
  const lastOf = new Map<string, FundReportRows>();
  const byAccession = new Map<string, FundReportRows>();
  for (const rows of list) {
    lastOf.set(fundIdOf(rows.doc.fund), rows);
    byAccession.set(rows.accessionNumber, rows);
  }
  type Latest = {
    fund_id: string;
    accession_number: string;
    report_date: string;
    net_assets: number | null;
    total_assets: number | null;
    is_final_filing: boolean | null;
    reports: number;
  };
  const latest = execRows<Latest>(
    await tx.execute(sql`
      select distinct on (fund_id) fund_id, accession_number, report_date::text as report_date, net_assets,
             total_assets, is_final_filing, (count(*) over (partition by fund_id))::int as reports
        from fund_reports
       where fund_id = any(${sql.param([...lastOf.keys()])}::text[]) and superseded_by is null
       order by fund_id, report_date desc, filing_date desc nulls last`),
  );
  const named: (typeof funds.$inferInsert)[] = [];
  const figuresOnly: (typeof funds.$inferInsert)[] = [];
  for (const l of latest) {
    const own = byAccession.get(l.accession_number);
    const fund = (own ?? lastOf.get(l.fund_id)!).doc.fund;
    (own ? named : figuresOnly).push({
      fundId: l.fund_id,
      seriesId: fund.seriesId,
      seriesName: fund.seriesName,
      seriesLei: fund.seriesLei,
      regCik: Number(fund.regCik),
      regName: fund.regName,
      regLei: fund.regLei,
      regFileNumber: fund.regFileNumber,
      latestAccession: l.accession_number,
      latestReportDate: l.report_date,
      netAssets: l.net_assets === null ? null : Number(l.net_assets),
      totalAssets: l.total_assets === null ? null : Number(l.total_assets),
      isFinalFiling: l.is_final_filing,
      reports: Number(l.reports),
    });
  }
  if (named.length > 0) await upsertRows(tx, funds, named, [funds.fundId]);
  if (figuresOnly.length > 0) await upsertRows(tx, funds, figuresOnly, [funds.fundId], FIGURE_COLUMNS);
}
