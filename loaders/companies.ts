import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { RegistryRows } from '../parsers/edgar/registry.ts';
import { companies, companyEvents, companyIdentifiers, companyListings } from '../schema/companies.ts';
import { upsertRows } from './upsert.ts';

const c = companies;

/**
 * Each source owns its columns on update (both set every column of a new row): the ticker snapshot owns
 * the listing facts, submissions JSON the entity facts. Neither blanks the other's, and running both
 * again changes nothing.
 */
const TICKER_FILE_COLUMNS = [c.primaryTicker, c.primaryExchange, c.currency, c.nListings, c.asOfDate];
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
 * Loads registry rows. `tickers` is the full current snapshot of listed tickers: tickers and listings of
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
  return total;
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
        inArray(companyIdentifiers.companyId, scope),
        currentTickers.length > 0
          ? sql`(${companyIdentifiers.companyId} || '|' || ${companyIdentifiers.idValue}) NOT IN ${currentTickers}`
          : sql`true`,
      ),
    );
  await tx
    .update(companyListings)
    .set({ status: 'inactive', validTo: asOf })
    .where(
      and(
        eq(companyListings.status, 'active'),
        inArray(companyListings.companyId, scope),
        currentListings.length > 0
          ? sql`(${companyListings.companyId} || '|' || ${companyListings.symbol} || '|' || ${companyListings.exchange}) NOT IN ${currentListings}`
          : sql`true`,
      ),
    );
}
