import { sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { MINOR_UNITS } from '../parsers/prices/units.ts';
import { type SharesOutstandingInsert, sharesOutstanding } from '../schema/market-data.ts';
import { upsertRows } from './upsert.ts';

/**
 * Market cap = traded close x shares outstanding, derived in SQL whenever prices or share counts change.
 *
 * - Shares: `dei:EntityCommonStockSharesOutstanding`, point-in-time: among the counts filed on or before the
 *   price date, the one with the latest as-of date (the newest filing on a tie, so an amendment wins).
 *   A multi-class filer's classes of one filing and date are summed (companyfacts drops the class, so one
 *   listing's close prices every class: the usual company-level convention).
 * - Never stale beyond SHARES_MAX_AGE_DAYS between the count's as-of date and the price date (a 20-F filer
 *   reports once a year, about four months after its year end); older -> no market cap row.
 * - The count is of the shares a listing trades: counts from a 10-K/10-Q price the US listings; counts from
 *   a 20-F/40-F (a foreign private issuer) price its home-market listings only, because its US listing is
 *   a depositary receipt whose ratio we do not hold (TSM = 5 shares of 2330.TW).
 * - In the major unit of the quote currency (`GBp` -> `GBP`, / 100; see parsers/prices/units.ts).
 * - Null (no row) when the close is unknown (adjusted-only sources), the currency is unknown, or no count
 *   qualifies.
 */
export const SHARES_MAX_AGE_DAYS = 400;
const FPI_FORMS = ['20-F', '20-F/A', '40-F', '40-F/A'];

const unitArrays = () => {
  const codes = Object.keys(MINOR_UNITS);
  return {
    codes: sql.param(codes),
    majors: sql.param(codes.map((c) => MINOR_UNITS[c]!.major)),
    divisors: sql.param(codes.map((c) => MINOR_UNITS[c]!.divisor)),
  };
};

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? []));

/** Recomputes the market-cap rows of some listing symbols and the registry fields of their companies. */
/** `companyIds`, when the caller knows them: the companies of those symbols (lets it skip a no-op refresh). */
export async function refreshMarketCaps(tx: Tx, symbols: string[], companyIds?: string[]): Promise<number> {
  if (symbols.length === 0) return 0;
  const u = unitArrays();
  const syms = sql.param(symbols);
  await tx.execute(sql`delete from market_caps where symbol = any(${syms}::text[])`);
  // only a company with a share count can have a market cap: skip the price scan otherwise
  if (companyIds) {
    const [priced] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from companies c
         where c.company_id = any(${sql.param(companyIds)}::text[])
           and exists (select 1 from shares_outstanding so where so.cik = c.cik)`),
    );
    if (!priced?.n) {
      await updateRegistry(tx, symbols);
      return 0;
    }
  }
  const out = await tx.execute(sql`with units as (
      select * from unnest(${u.codes}::text[], ${u.majors}::text[], ${u.divisors}::int[]) as u(code, major, divisor)),
    ins as (
    insert into market_caps (symbol, date, company_id, currency, market_cap, shares, shares_as_of)
    select p.symbol, p.date, p.company_id, coalesce(units.major, p.currency),
           round(p.close::numeric * s.shares / coalesce(units.divisor, 1), 2), s.shares, s.end_date
      from price_bars p
      join companies c on c.company_id = p.company_id
      left join units on units.code = p.currency
      join lateral (
        select so.end_date, sum(so.shares)::bigint as shares
          from shares_outstanding so
         where so.cik = c.cik and so.filed <= p.date and so.end_date >= p.date - ${SHARES_MAX_AGE_DAYS}::int
           and (so.form = any(${sql.param(FPI_FORMS)}::text[])) = (p.market <> 'US')
         group by so.end_date, so.accession, so.filed
         order by so.end_date desc, so.filed desc
         limit 1) s on true
     where p.symbol = any(${syms}::text[]) and p.close is not null and p.currency is not null
    returning company_id)
    select distinct company_id from ins`);
  const companies = rowsOf<{ company_id: string }>(out).map((r) => r.company_id);
  await updateRegistry(tx, symbols);
  return companies.length;
}

/**
 * The registry's market_cap, market_cap_currency and as_of_date from each company's newest market-cap row
 * (the primary ticker's on a tie); a company whose rows are gone gets null.
 */
async function updateRegistry(tx: Tx, symbols: string[]) {
  await tx.execute(sql`with touched as (
      select distinct company_id from price_bars where symbol = any(${sql.param(symbols)}::text[]) and company_id is not null),
    newest as (
      select distinct on (m.company_id) m.company_id, m.market_cap, m.currency, m.date
        from market_caps m join touched t on t.company_id = m.company_id
        join companies c on c.company_id = m.company_id
       order by m.company_id, m.date desc, (m.symbol = c.primary_ticker) desc, m.symbol)
    update companies c set market_cap = n.market_cap, market_cap_currency = n.currency,
           as_of_date = coalesce(n.date, c.as_of_date)
      from touched t left join newest n on n.company_id = t.company_id
     where c.company_id = t.company_id`);
}

/** One company's share counts (the whole history from its current companyfacts), then its market caps. */
export async function loadSharesOutstanding(
  tx: Tx,
  cik: string,
  rows: SharesOutstandingInsert[],
): Promise<LoadResult> {
  const gone = rowsOf<{ n: number }>(
    await tx.execute(
      sql`with d as (delete from shares_outstanding where cik = ${cik} returning 1) select count(*)::int as n from d`,
    ),
  )[0]?.n;
  const r = await upsertRows(tx, sharesOutstanding, rows, [
    sharesOutstanding.cik,
    sharesOutstanding.endDate,
    sharesOutstanding.accession,
    sharesOutstanding.seq,
  ]);
  const symbols = rowsOf<{ symbol: string }>(
    await tx.execute(
      sql`select distinct p.symbol from price_bars p join companies c on c.company_id = p.company_id where c.cik = ${cik}`,
    ),
  ).map((x) => x.symbol);
  await refreshMarketCaps(tx, symbols);
  // a re-load of identical counts is not an insert
  return { inserted: Math.max(0, r.inserted - Number(gone ?? 0)), updated: 0 };
}
