import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import {
  type AdviserFunds,
  type FirmTypeEvidence,
  firmTypeFromFunds,
  firmTypeFromName,
  portfolioStyle,
  type StyleEvidence,
  type StyleHolding,
} from '../parsers/edgar/thirteen-f-style.ts';
import { thirteenFFilings } from '../schema/ownership.ts';
import { advisers } from '../schema/ownership-directories.ts';

/**
 * The style pass of a 13F filer (rules: parsers/edgar/thirteen-f-style.ts): its latest quarter's long
 * holdings (every non-superseded filing of the period), each CUSIP's issuer valued from our metrics tables,
 * the previous quarter for turnover; the result is stored on the quarter's filings (`style`) and copied to
 * the adviser row linked to the filer (`advisers.cik`, set from the CRD the 13F cover states).
 *
 * Valuations are read, never computed here: the issuer (CUSIP -> registry company) and its newest
 * annual/ttm metrics version with a report period within 366 days before the 13F period, known by the 13F
 * filing date (`price_to_earnings_ratio`, `price_to_book_ratio`); its USD market cap on the period end or
 * up to 7 days before. Run when the filer's 13F loads or its adviser row loads; metrics loaded later are
 * picked up by the next run (`etl reparse institutional_holdings`).
 */
export interface FilerStyle {
  style: StyleEvidence;
  firm_type: FirmTypeEvidence;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? []));

interface Quarter {
  report_period: string;
  filing_date: string;
  accession_number: string;
  filer_name: string | null;
}

async function quarters(tx: Tx, filerCik: number): Promise<Quarter[]> {
  return rowsOf<Quarter>(
    await tx.execute(sql`select report_period::text as report_period, max(filing_date)::text as filing_date,
        coalesce(max(accession_number) filter (where amendment_type is distinct from 'NEW HOLDINGS'),
                 max(accession_number)) as accession_number,
        max(filer_name) as filer_name
      from thirteen_f_filings
     where filer_cik = ${filerCik} and not superseded and rows > 0
     group by report_period order by report_period desc limit 2`),
  );
}

/**
 * The quarter's long holdings by CUSIP; with `valued`, each resolved issuer's ratios and market cap (the
 * lookups run only for CUSIPs the registry resolves: a bounded index read each).
 */
async function holdingsOf(tx: Tx, filerCik: number, q: Quarter, valued: boolean): Promise<StyleHolding[]> {
  type Row = {
    cusip: string;
    value_usd: number;
    pe: number | null;
    pb: number | null;
    market_cap: string | null;
  };
  const held = sql`select h.cusip, sum(h.value_usd) as value_usd
          from thirteen_f_holdings h join thirteen_f_filings f on f.accession_number = h.accession_number
         where f.filer_cik = ${filerCik} and f.report_period = ${q.report_period} and not f.superseded
           and h.put_call = ''
         group by h.cusip`;
  const rows = rowsOf<Row>(
    await tx.execute(
      valued
        ? sql`with h as (${held}),
      co as (select distinct on (i.id_value) i.id_value as cusip, c.company_id, c.cik
               from company_identifiers i join companies c on c.company_id = i.company_id
              where i.id_type = 'CUSIP' and i.id_value in (select cusip from h)
              order by i.id_value, c.company_id),
      v as (select co.cusip, m.pe, m.pb, cap.market_cap from co
        left join lateral (select (s."values"->>'price_to_earnings_ratio')::float8 as pe,
                                  (s."values"->>'price_to_book_ratio')::float8 as pb
                             from financial_statements s
                            where s.cik = co.cik::bigint and s.statement = 'metrics' and s.period in ('annual', 'ttm')
                              and s.report_period <= ${q.report_period}::date
                              and s.report_period > ${q.report_period}::date - 366
                              and s.known_from <= ${q.filing_date}::date
                            order by s.report_period desc, (s.period = 'ttm') desc, s.known_from desc limit 1) m on true
        left join lateral (select mc.market_cap from market_caps mc
                            where mc.company_id = co.company_id and mc.currency = 'USD'
                              and mc.date <= ${q.report_period}::date and mc.date >= ${q.report_period}::date - 7
                            order by mc.date desc limit 1) cap on true)
      select h.cusip, h.value_usd, v.pe, v.pb, v.market_cap::text as market_cap from h left join v on v.cusip = h.cusip`
        : sql`select h.cusip, h.value_usd, null as pe, null as pb, null as market_cap from (${held}) h`,
    ),
  );
  return rows.map((r) => ({
    cusip: r.cusip,
    value_usd: Number(r.value_usd),
    pe: r.pe === null ? null : Number(r.pe),
    pb: r.pb === null ? null : Number(r.pb),
    market_cap: r.market_cap === null ? null : Number(r.market_cap),
  }));
}

/** The private-fund rollup of the adviser linked to this 13F filer (its cover's CRD), when a list loaded it. */
async function adviserFundsOf(tx: Tx, filerCik: number): Promise<AdviserFunds | null> {
  const [a] = await tx
    .select({
      funds: sql<{
        by_type: AdviserFunds['by_type'];
        gross_assets: number | null;
      } | null>`${advisers.profile} -> 'private_funds'`,
      aum: advisers.aumTotal,
      registration: advisers.secRegistrationType,
    })
    .from(advisers)
    .where(eq(advisers.cik, padCik(filerCik)!))
    .limit(1);
  if (!a?.funds) return null;
  return {
    by_type: a.funds.by_type ?? {},
    gross_assets: a.funds.gross_assets ?? null,
    aum_total: a.aum === null ? null : Number(a.aum),
    exempt_reporting_adviser: a.registration === 'ERA',
  };
}

/** Decides and stores the filer's style and firm type; null when it has no quarter with holdings. */
export async function applyFilerStyle(tx: Tx, filerCik: number): Promise<FilerStyle | null> {
  const [latest, previous] = await quarters(tx, filerCik);
  if (!latest) return null;
  const style = portfolioStyle(
    { accession_number: latest.accession_number, report_period: latest.report_period },
    await holdingsOf(tx, filerCik, latest, true),
    previous
      ? { report_period: previous.report_period, holdings: await holdingsOf(tx, filerCik, previous, false) }
      : null,
  );
  const result: FilerStyle = {
    style,
    firm_type:
      firmTypeFromFunds(latest.filer_name, await adviserFundsOf(tx, filerCik)) ??
      firmTypeFromName(latest.filer_name),
  };
  await tx
    .update(thirteenFFilings)
    .set({ style: result })
    .where(
      and(
        eq(thirteenFFilings.filerCik, filerCik),
        eq(thirteenFFilings.reportPeriod, latest.report_period),
        eq(thirteenFFilings.superseded, false),
      ),
    );
  await copyToAdvisers(tx, padCik(filerCik)!, result);
  return result;
}

async function copyToAdvisers(tx: Tx, cik: string, r: FilerStyle): Promise<void> {
  await tx
    .update(advisers)
    .set({
      firmType: r.firm_type.firm_type,
      styleTier: r.style.style_tier,
      profile: sql`${advisers.profile} || ${JSON.stringify({ style_evidence: r.style, firm_type_evidence: r.firm_type })}::jsonb`,
    })
    .where(eq(advisers.cik, cik));
}

/**
 * Links adviser rows to 13F filers through the CRD a filer's own 13F cover states (`filer_crd`), then
 * copies each linked filer's stored style. `crds` limits the pass to those advisers (null: all).
 */
export async function linkAdvisersToFilers(tx: Tx, crds: number[] | null): Promise<number> {
  const filers = await tx
    .selectDistinctOn([thirteenFFilings.filerCrd], {
      crd: thirteenFFilings.filerCrd,
      cik: thirteenFFilings.filerCik,
    })
    .from(thirteenFFilings)
    .where(
      and(
        isNotNull(thirteenFFilings.filerCrd),
        crds ? inArray(thirteenFFilings.filerCrd, crds.length ? crds : [-1]) : undefined,
      ),
    )
    .orderBy(thirteenFFilings.filerCrd, sql`${thirteenFFilings.filingDate} desc`);
  for (const f of filers) {
    await tx
      .update(advisers)
      .set({ cik: padCik(f.cik) })
      .where(eq(advisers.crd, f.crd!));
    await applyFilerStyle(tx, f.cik);
  }
  return filers.length;
}
