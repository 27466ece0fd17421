import { sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import {
  type BenchmarkBarInsert,
  type BenchmarkInsert,
  benchmarkBars,
  benchmarks,
  type PriceBarInsert,
  type PriceEventInsert,
  priceBars,
  priceEvents,
  type ShortInterestInsert,
  shortInterest,
} from '../schema/market-data.ts';
import { copyUpsertRows } from './copy-upsert.ts';
import { refreshMarketCaps } from './market-caps.ts';
import { upsertRows } from './upsert.ts';
import { applyValuations } from './valuations.ts';

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? []));

/**
 * The registry company a listing symbol belongs to: a home-market listing of a foreign issuer (2330.TW)
 * through the issuer's CIK (jobs/market/listings.ts HOME_LISTINGS: the company whose share counts price it),
 * else an active listing, then a current ticker, then a former one. Null when the registry does not know
 * it (the rows are still served by symbol; a company whose listings name the symbol serves them too).
 */
export async function companyForSymbol(
  tx: Tx,
  symbol: string,
  homeCik?: string | null,
): Promise<string | null> {
  const cik = homeCik ? padCik(homeCik) : null;
  const [hit] = rowsOf<{ company_id: string }>(
    await tx.execute(sql`select company_id from (
        select company_id, 0 as prio from companies where cik = ${cik}
        union all select company_id, 1 from company_listings where symbol = ${symbol} and valid_to is null
        union all select company_id, 2 from company_identifiers where id_type = 'TICKER' and id_value = ${symbol} and is_current = 1
        union all select company_id, 4 from company_identifiers where id_type = 'TICKER' and id_value = ${symbol} and is_current = 0
      ) x order by prio, company_id limit 1`),
  );
  return hit?.company_id ?? null;
}

/**
 * One listing's bars and events. The source's whole answer replaces what it answered before for those
 * dates (batch upsert on symbol+date); dates it no longer gives are kept (history is not withdrawn by a
 * shorter range). Market caps and the registry's market-cap fields follow in the same transaction, then
 * the valuation metrics of the company.
 */
export async function loadListingPrices(
  tx: Tx,
  symbol: string,
  homeCik: string | null,
  bars: Omit<PriceBarInsert, 'companyId'>[],
  events: PriceEventInsert[],
): Promise<LoadResult> {
  const companyId = await companyForSymbol(tx, symbol, homeCik);
  const r = await loadPriceBars(
    tx,
    bars.map((b) => ({ ...b, companyId })),
  );
  await upsertRows(tx, priceEvents, events, [priceEvents.symbol, priceEvents.date, priceEvents.kind]);
  if (companyId) {
    const [c] = rowsOf<{ cik: string | null }>(
      await tx.execute(sql`select cik from companies where company_id = ${companyId}`),
    );
    if (c?.cik) await applyValuations(tx, c.cik);
  }
  return r;
}

/**
 * Bars of any number of symbols (company_id already set) in one batch upsert (COPY into a staging table
 * on Postgres, loaders/copy-upsert.ts), then the market caps of those symbols in one statement: the bulk
 * path (and the one the benchmark measures).
 */
export async function loadPriceBars(tx: Tx, bars: PriceBarInsert[]): Promise<LoadResult> {
  const r = await copyUpsertRows(tx, priceBars, bars, [priceBars.symbol, priceBars.date]);
  // a symbol no registry company owns has no share count, hence no market cap to derive
  const owned = bars.filter((b) => b.companyId);
  await refreshMarketCaps(
    tx,
    [...new Set(owned.map((b) => b.symbol))],
    [...new Set(owned.map((b) => b.companyId!))],
  );
  return r;
}

export async function loadBenchmarkRegistry(tx: Tx, rows: BenchmarkInsert[]): Promise<LoadResult> {
  return upsertRows(tx, benchmarks, rows, [benchmarks.symbol]);
}

export async function loadBenchmarkBars(tx: Tx, rows: BenchmarkBarInsert[]): Promise<LoadResult> {
  return upsertRows(tx, benchmarkBars, rows, [benchmarkBars.symbol, benchmarkBars.date]);
}

/**
 * One settlement's short-interest rows, each joined to the registry by its symbol verbatim (a current
 * ticker first, then a listing, then a former ticker); a revised file replaces the settlement's rows.
 */
export async function loadShortInterest(
  tx: Tx,
  settlementDate: string,
  rows: Omit<ShortInterestInsert, 'companyId'>[],
): Promise<LoadResult> {
  const symbols = [...new Set(rows.map((r) => r.symbol))];
  const ids = new Map(
    rowsOf<{ symbol: string; company_id: string }>(
      await tx.execute(sql`select distinct on (s.symbol) s.symbol, x.company_id
          from unnest(${sql.param(symbols)}::text[]) as s(symbol)
          join lateral (
            select company_id, 1 as prio from company_identifiers where id_type = 'TICKER' and id_value = s.symbol and is_current = 1
            union all select company_id, 2 from company_listings where symbol = s.symbol and valid_to is null
            union all select company_id, 3 from company_identifiers where id_type = 'TICKER' and id_value = s.symbol and is_current = 0
          ) x on true
         order by s.symbol, x.prio, x.company_id`),
    ).map((r) => [r.symbol, r.company_id]),
  );
  await tx.execute(sql`delete from short_interest where settlement_date = ${settlementDate}
      and symbol <> all(${sql.param(symbols)}::text[])`);
  return upsertRows(
    tx,
    shortInterest,
    rows.map((r) => ({ ...r, companyId: ids.get(r.symbol) ?? null })),
    [shortInterest.symbol, shortInterest.settlementDate],
  );
}
