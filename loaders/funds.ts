import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { NportDocument, NportFund, NportPosition } from '../parsers/edgar/nport.ts';
import { fundClasses, fundHoldings, fundReports, funds } from '../schema/funds.ts';
import { copyInsertRows } from './copy-upsert.ts';
import { upsertRows } from './upsert.ts';

export interface FundReportRows {
  doc: NportDocument;
  accessionNumber: string;
  /** From the filing index; null when the document was read without one. */
  filingDate: string | null;
  sourceUrl: string;
  sha256: string | null;
  fetchedAt: string;
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
 * One N-PORT filing: its report row, its positions (replacing the filing's previous rows, each linked to a
 * registry company where an identifier resolves), its classes; then the amendment pass (per fund and report
 * date the latest filing is in force, every other one `superseded_by` it) and the fund row (its newest report
 * in force). Idempotent: loading the same filing twice leaves the tables identical.
 */
export async function loadFundReport(tx: Tx, rows: FundReportRows): Promise<LoadResult> {
  const { doc } = rows;
  const fundId = fundIdOf(doc.fund);
  const r = doc.report;
  const report = await upsertRows(
    tx,
    fundReports,
    [
      {
        accessionNumber: rows.accessionNumber,
        fundId,
        submissionType: r.submissionType,
        reportDate: r.reportDate,
        fiscalYearEnd: r.fiscalYearEnd,
        filingDate: rows.filingDate,
        isFinalFiling: r.isFinalFiling,
        totalAssets: r.totalAssets,
        totalLiabilities: r.totalLiabilities,
        netAssets: r.netAssets,
        classReturns: r.classReturns,
        positions: doc.positions.length,
        warnings: doc.warnings,
        sourceUrl: rows.sourceUrl,
        sha256: rows.sha256,
        fetchedAt: new Date(rows.fetchedAt),
      },
    ],
    [fundReports.accessionNumber],
    REPORT_COLUMNS,
  );
  await tx.delete(fundHoldings).where(eq(fundHoldings.accessionNumber, rows.accessionNumber));
  const links = await resolveCompanies(tx, doc.positions);
  // the filing's rows were just deleted: a plain COPY (Postgres) inserts them
  const holdings = await copyInsertRows(
    tx,
    fundHoldings,
    doc.positions.map((p) => holdingRow(p, rows.accessionNumber, fundId, r.reportDate, links)),
    [fundHoldings.accessionNumber, fundHoldings.ordinal],
  );
  await markSuperseded(tx, fundId, r.reportDate);
  await refreshFund(tx, fundId, doc.fund, rows.accessionNumber);
  if (doc.fund.classIds.length > 0) {
    await upsertRows(
      tx,
      fundClasses,
      doc.fund.classIds.map((classId) => ({ classId, fundId, accessionNumber: rows.accessionNumber })),
      [fundClasses.classId],
      CLASS_COLUMNS,
    );
  }
  return { inserted: report.inserted + holdings.inserted, updated: report.updated + holdings.updated };
}

function holdingRow(
  p: NportPosition,
  accessionNumber: string,
  fundId: string,
  reportDate: string,
  links: Map<number, Link>,
): HoldingRow {
  const link = links.get(p.ordinal);
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

function execRows<T>(out: unknown): T[] {
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
async function resolveCompanies(tx: Tx, positions: NportPosition[]): Promise<Map<number, Link>> {
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
  const out = new Map<number, Link>();
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
    if (hit) out.set(p.ordinal, { companyId: hit[0]!, source: hit[1], value: hit[2]! });
  }
  return out;
}

/**
 * Per fund and report date, the filing in force is the latest filed (filing date, an amendment after the
 * original of the same day, then accession): an NPORT-P/A restates the whole report it amends. Every other
 * filing of that date is `superseded_by` it; its rows stay, the routes skip them.
 */
async function markSuperseded(tx: Tx, fundId: string, reportDate: string): Promise<void> {
  const all = await tx
    .select({
      accession: fundReports.accessionNumber,
      filingDate: fundReports.filingDate,
      type: fundReports.submissionType,
      supersededBy: fundReports.supersededBy,
    })
    .from(fundReports)
    .where(and(eq(fundReports.fundId, fundId), eq(fundReports.reportDate, reportDate)));
  const key = (f: (typeof all)[number]) =>
    `${f.filingDate ?? '0000-00-00'}|${f.type.endsWith('/A') ? 1 : 0}|${f.accession}`;
  const order = [...all].sort((a, b) => key(a).localeCompare(key(b)));
  const current = order.at(-1)!.accession;
  for (const f of order) {
    const want = f.accession === current ? null : current;
    if (f.supersededBy === want) continue;
    await tx
      .update(fundReports)
      .set({ supersededBy: want })
      .where(eq(fundReports.accessionNumber, f.accession));
  }
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
 * The fund row: figures from its newest report in force; names and LEIs from the filing just read when it is
 * that newest report (an older report loaded later never reverts a renamed series).
 */
async function refreshFund(tx: Tx, fundId: string, fund: NportFund, accession: string): Promise<void> {
  const [latest] = await tx
    .select({
      accession: fundReports.accessionNumber,
      reportDate: fundReports.reportDate,
      netAssets: fundReports.netAssets,
      totalAssets: fundReports.totalAssets,
      isFinalFiling: fundReports.isFinalFiling,
      reports: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(fundReports)
    .where(and(eq(fundReports.fundId, fundId), sql`${fundReports.supersededBy} is null`))
    .orderBy(sql`${fundReports.reportDate} desc`, sql`${fundReports.filingDate} desc nulls last`)
    .limit(1);
  if (!latest) return;
  await upsertRows(
    tx,
    funds,
    [
      {
        fundId,
        seriesId: fund.seriesId,
        seriesName: fund.seriesName,
        seriesLei: fund.seriesLei,
        regCik: Number(fund.regCik),
        regName: fund.regName,
        regLei: fund.regLei,
        regFileNumber: fund.regFileNumber,
        latestAccession: latest.accession,
        latestReportDate: latest.reportDate,
        netAssets: latest.netAssets,
        totalAssets: latest.totalAssets,
        isFinalFiling: latest.isFinalFiling,
        reports: latest.reports,
      },
    ],
    [funds.fundId],
    latest.accession === accession ? undefined : FIGURE_COLUMNS,
  );
}
