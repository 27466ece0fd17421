import { sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { SHARES_MAX_AGE_DAYS, sharesForListing } from '../lib/share-counts.ts';
import { MINOR_UNITS } from '../parsers/prices/units.ts';
import { type SharesOutstandingInsert, sharesOutstanding } from '../schema/market-data.ts';
import { upsertRows } from './upsert.ts';

/**
 * Market cap = traded close x shares outstanding, derived in SQL whenever prices or share counts change.
 *
 * - Shares: `dei:EntityCommonStockSharesOutstanding`, the count lib/share-counts.ts picks for the listing
 *   and date (point-in-time, at most SHARES_MAX_AGE_DAYS old; the listing's class by its trading symbol,
 *   else the company's undimensioned count; 20-F/40-F counts price home listings only, since an ADR's ratio
 *   is not held: TSM = 5 shares of 2330.TW). A row priced by one class's count carries `share_class`.
 * - The registry's company-level market cap reads only company-wide rows (`share_class` null): a per-class
 *   filer has none, because a class without a listing (Alphabet's class B) has no price of its own and is
 *   never valued at another class's close.
 * - In the major unit of the quote currency (`GBp` -> `GBP`, / 100; see parsers/prices/units.ts).
 * - Null (no row) when the close is unknown (adjusted-only sources), the currency is unknown, or no count
 *   qualifies.
 */
export { SHARES_MAX_AGE_DAYS };

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
    insert into market_caps (symbol, date, company_id, currency, market_cap, shares, shares_as_of, share_class)
    select p.symbol, p.date, p.company_id, coalesce(units.major, p.currency),
           round(p.close::numeric * s.shares / coalesce(units.divisor, 1), 2), s.shares, s.end_date, s.share_class
      from price_bars p
      join companies c on c.company_id = p.company_id
      left join units on units.code = p.currency
      join lateral (${sql.raw(sharesForListing('c.cik', 'p.symbol', 'p.date', "p.market <> 'US'"))}) s on true
     where p.symbol = any(${syms}::text[]) and p.close is not null and p.currency is not null
    returning company_id)
    select distinct company_id from ins`);
  const companies = rowsOf<{ company_id: string }>(out).map((r) => r.company_id);
  await updateRegistry(tx, symbols);
  return companies.length;
}

/**
 * The registry's market_cap, market_cap_currency and as_of_date from each company's newest company-wide
 * market-cap row (the primary ticker's on a tie); a company without one gets null.
 */
async function updateRegistry(tx: Tx, symbols: string[]) {
  await tx.execute(sql`with touched as (
      select distinct company_id from price_bars where symbol = any(${sql.param(symbols)}::text[]) and company_id is not null),
    newest as (
      select distinct on (m.company_id) m.company_id, m.market_cap, m.currency, m.date
        from market_caps m join touched t on t.company_id = m.company_id
        join companies c on c.company_id = m.company_id
       where m.share_class is null
       order by m.company_id, m.date desc, (m.symbol = c.primary_ticker) desc, m.symbol)
    update companies c set market_cap = n.market_cap, market_cap_currency = n.currency,
           as_of_date = coalesce(n.date, c.as_of_date)
      from touched t left join newest n on n.company_id = t.company_id
     where c.company_id = t.company_id`);
}

/** A cover-page count (jobs/market/shares-outstanding.job.ts): its filing date is our filing index's. */
export type CoverShareRow = Omit<SharesOutstandingInsert, 'filed'>;

/**
 * One company's share counts (the whole history: companyfacts' and the cover pages'), then its market caps.
 * A cover-page count takes the filing date our filing index holds for its accession (none: dropped).
 * `covers` undefined (the companyfacts.zip backfill reads no filing): the stored counts of filings that
 * companyfacts does not count (read from cover pages by the per-company job) are kept.
 */
export async function loadSharesOutstanding(
  tx: Tx,
  cik: string,
  rows: SharesOutstandingInsert[],
  covers?: CoverShareRow[],
): Promise<LoadResult> {
  const filed = new Map(
    rowsOf<{ accession: string; filed: string }>(
      await tx.execute(sql`select accession_number as accession, filing_date::text as filed from filings
         where cik = ${Number(cik)} and accession_number = any(${sql.param([...new Set((covers ?? []).map((c) => c.accession))])}::text[])`),
    ).map((r) => [r.accession, r.filed]),
  );
  const all = [
    ...rows,
    ...(covers ?? []).flatMap((c) => {
      const f = filed.get(c.accession);
      return f ? [{ ...c, filed: f }] : [];
    }),
  ];
  const gone = rowsOf<{ n: number }>(
    await tx.execute(
      sql`with d as (delete from shares_outstanding where cik = ${cik}
          and (${covers !== undefined} or accession = any(${sql.param([...new Set(rows.map((x) => x.accession))])}::text[]))
        returning 1) select count(*)::int as n from d`,
    ),
  )[0]?.n;
  const r = await upsertRows(tx, sharesOutstanding, all, [
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
