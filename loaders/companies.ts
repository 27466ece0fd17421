import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { countryFromEdgarCode } from '../parsers/edgar/countries.ts';
import type { RegistryRows } from '../parsers/edgar/registry.ts';
import { companies, companyEvents, companyIdentifiers, companyListings } from '../schema/companies.ts';
import { upsertRows } from './upsert.ts';

const c = companies;

/**
 * Each source owns its columns on update (both set every column of a new row): the ticker snapshot owns
 * the listing facts, submissions JSON the entity facts. Neither blanks the other's, and running both
 * again changes nothing.
 */
// n_listings is set on insert; after that reconcileCompanies keeps it equal to the active listings
const TICKER_FILE_COLUMNS = [c.primaryTicker, c.primaryExchange, c.currency, c.asOfDate];
const ENTITY_COLUMNS = [
  c.companyName,
  c.country,
  c.sicCode,
  c.sicDescription,
  c.entityType,
  c.stateOfIncorporation,
  c.fiscalYearEnd,
  c.website,
  c.location,
  c.category,
  c.sourceUrl,
  c.fetchedAt,
];

/** Upserts identifiers, one per (company, type, value). */
export const upsertIdentifiers = (tx: Tx, rows: RegistryRows['identifiers']) =>
  upsertRows(tx, companyIdentifiers, rows, [
    companyIdentifiers.companyId,
    companyIdentifiers.idType,
    companyIdentifiers.idValue,
  ]);

/** Upserts listings, one per (company, symbol, exchange). */
export const upsertListings = (tx: Tx, rows: RegistryRows['listings']) =>
  upsertRows(tx, companyListings, rows, [
    companyListings.companyId,
    companyListings.symbol,
    companyListings.exchange,
  ]);

/**
 * Loads registry rows. `tickers` is the full current snapshot of listed tickers: tickers and US listings of
 * those companies that are no longer in it are kept as former (is_current 0, listing inactive), which is
 * what lets `?ticker=` match former tickers.
 */
export async function loadRegistry(
  tx: Tx,
  rows: RegistryRows,
  mode: 'tickers' | 'entity',
): Promise<LoadResult> {
  const total = await upsertRows(
    tx,
    companies,
    rows.companies,
    [c.companyId],
    mode === 'tickers' ? TICKER_FILE_COLUMNS : ENTITY_COLUMNS,
  );
  await upsertIdentifiers(tx, rows.identifiers);
  await upsertListings(tx, rows.listings);
  await upsertRows(tx, companyEvents, rows.events, [
    companyEvents.companyId,
    companyEvents.eventType,
    companyEvents.eventDate,
    companyEvents.detail,
  ]);
  const ids = rows.companies.map((r) => r.companyId);
  // Only the snapshot of every listed ticker can tell that a ticker is gone.
  if (mode === 'tickers' && ids.length > 0) await retireMissing(tx, rows, ids);
  await reconcileCompanies(tx, ids);
  return total;
}

/**
 * A company's record agrees with the rows its sub-routes serve: `n_listings` is the number of its active
 * listings (what /listings serves as active), and a company merged from sources of several markets (an ADR
 * and its home listing under one `cmp_` id) takes as `country` its country of incorporation (the EDGAR
 * code the SEC gives), else the one market of its listings outside the US (its home listing), when the
 * record has none. Run after every registry load over the companies it touched, so the last source to load
 * cannot leave the record behind.
 */
export async function reconcileCompanies(tx: Tx, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5_000) {
    const batch = ids.slice(i, i + 5_000);
    await tx.execute(sql`
      update companies c set n_listings = l.n
        from (select company_id, count(*)::int as n from company_listings
               where status = 'active' and company_id in ${batch} group by company_id) l
       where c.company_id = l.company_id and c.n_listings <> l.n`);
    const merged = (await tx.execute(sql`
      select c.company_id, c.state_of_incorporation,
             array_agg(distinct l.market) filter (where l.market is not null and l.market <> 'US') as home
        from companies c join company_listings l on l.company_id = c.company_id and l.status = 'active'
       where c.company_id in ${batch} and c.country is null
       group by c.company_id, c.state_of_incorporation
      having count(distinct coalesce(l.market, '')) > 1`)) as unknown as {
      rows: { company_id: string; state_of_incorporation: string | null; home: string[] | null }[];
    };
    for (const m of merged.rows) {
      const home = m.home ?? [];
      const country = countryFromEdgarCode(m.state_of_incorporation) ?? (home.length === 1 ? home[0]! : null);
      if (country) await tx.update(companies).set({ country }).where(eq(companies.companyId, m.company_id));
    }
  }
}

async function retireMissing(tx: Tx, rows: RegistryRows, ids: string[]) {
  const asOf = rows.companies[0]!.asOfDate;
  const currentTickers = rows.identifiers
    .filter((i) => i.idType === 'TICKER')
    .map((i) => `${i.companyId}|${i.idValue}`);
  const currentListings = rows.listings.map((l) => `${l.companyId}|${l.symbol}|${l.exchange}`);
  const scope = ids;
  await tx
    .update(companyIdentifiers)
    .set({ isCurrent: 0 })
    .where(
      and(
        eq(companyIdentifiers.idType, 'TICKER'),
        eq(companyIdentifiers.isCurrent, 1),
        // only the SEC's own tickers: another market's (2330.TW, from TWSE) is not in its snapshot
        sql`${companyIdentifiers.source} like 'sec%'`,
        inArray(companyIdentifiers.companyId, scope),
        currentTickers.length > 0
          ? sql`(${companyIdentifiers.companyId} || '|' || ${companyIdentifiers.idValue}) NOT IN ${currentTickers}`
          : sql`true`,
      ),
    );
  // the SEC's snapshot lists US listings only: a merged company's home listing (2330.TW) is not its to retire
  await tx
    .update(companyListings)
    .set({ status: 'inactive', validTo: asOf })
    .where(
      and(
        eq(companyListings.status, 'active'),
        sql`coalesce(${companyListings.market}, 'US') = 'US'`,
        inArray(companyListings.companyId, scope),
        currentListings.length > 0
          ? sql`(${companyListings.companyId} || '|' || ${companyListings.symbol} || '|' || ${companyListings.exchange}) NOT IN ${currentListings}`
          : sql`true`,
      ),
    );
}
