import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirteenFRows } from '../../bench/loader-rows.ts';
import { listingBarRows } from '../../jobs/market/prices.job.ts';
import type { Database } from '../../lib/db.ts';
import { copyUpsertRows } from '../../loaders/copy-upsert.ts';
import { parsePriceCsv } from '../../parsers/prices/csv.ts';
import { type PriceBarInsert, priceBars } from '../../schema/market-data.ts';
import { thirteenFHoldings } from '../../schema/ownership.ts';
import { createTestDatabase } from '../helpers/db.ts';

// stooq's GOOGL history (5,411 rows: enough for the COPY path, on Postgres and PGlite)
const FILE = 'fixtures/upstream/stooq.com/q/d/l?s=googl.us&i=d';

describe(`copyUpsertRows: COPY into a staging table, then one upsert (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let database: Database;
  let bars: PriceBarInsert[];
  const key = [priceBars.symbol, priceBars.date];
  const load = (rows: PriceBarInsert[]) =>
    database.db.transaction((tx) => copyUpsertRows(tx, priceBars, rows, key));

  beforeAll(async () => {
    database = await createTestDatabase();
    const parsed = parsePriceCsv(readFileSync(FILE, 'utf8'), { symbol: 'GOOGL', currency: 'USD' });
    const fetchedAt = new Date('2026-02-21T00:00:00Z');
    bars = listingBarRows(parsed.bars, { symbol: 'GOOGL', market: 'US', source: FILE, fetchedAt });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('inserts every row once, with the values of the file', async () => {
    expect(bars.length).toBe(5411);
    expect(await load(bars)).toEqual({ inserted: 5411, updated: 0 });
    // `GOOGL.US,D,20100723,000000,11.9756,12.2207,11.9676,12.2073,0,0`: back-adjusted (adj_close only), and
    // volume 0 is data, not null
    const [r] = await database.query(
      `select close, adj_close, volume::float8 as volume, company_id from price_bars where symbol = 'GOOGL' and date = '2010-07-23'`,
    );
    expect(r).toEqual({ close: null, adj_close: 12.2073, volume: 0, company_id: null });
  });

  it('a re-load of the same rows writes nothing; a changed value is one update', async () => {
    expect(await load(bars)).toEqual({ inserted: 0, updated: 0 });
    const changed = bars.map((b) => (b.date === '2025-07-14' ? { ...b, volume: 1 } : b));
    expect(await load(changed)).toEqual({ inserted: 0, updated: 1 });
    const [r] = await database.query(
      `select volume::float8 as volume from price_bars where symbol = 'GOOGL' and date = '2025-07-14'`,
    );
    expect(r).toEqual({ volume: 1 });
  });

  it('a batch of new and known rows: the known ones are not duplicated, the new ones inserted', async () => {
    // the first 5,411 keys are in the table (earlier tests; 2025-07-14's volume was changed to 1, so the
    // file's value is one update back); a second symbol's copy of the rows is new
    const rows = [...bars, ...bars.map((b) => ({ ...b, symbol: 'GOOGL2' }))];
    expect(await load(rows)).toEqual({ inserted: 5411, updated: 1 });
    const [r] = await database.query(
      `select count(*)::int as n from price_bars where symbol in ('GOOGL', 'GOOGL2')`,
    );
    expect(r).toEqual({ n: 10822 });
  });

  it('a known key the probe did not sample: the straight COPY fails on the key and the batch is upserted', async () => {
    // 5,411 new rows with one known row second (the probe samples 256 keys spread over the batch: the
    // first, then every ~21st); the known row is unchanged
    const fresh = bars.map((b) => ({ ...b, symbol: 'GOOGL3' }));
    const rows = [fresh[0]!, bars[100]!, ...fresh.slice(1)];
    expect(await load(rows)).toEqual({ inserted: 5411, updated: 0 });
    const [r] = await database.query(
      `select count(*)::int as n from price_bars where symbol in ('GOOGL', 'GOOGL3')`,
    );
    expect(r).toEqual({ n: 10822 });
  });

  it('text with the characters COPY escapes arrives intact; nulls stay null; twice in one transaction', async () => {
    const odd = 'a\tb\\c\nd\re \\N';
    const rows = bars.map((b) => ({ ...b, symbol: 'ODD', source: odd, currency: null }));
    const r = await database.db.transaction(async (tx) => [
      await copyUpsertRows(tx, priceBars, rows, key),
      await copyUpsertRows(tx, priceBars, rows, key),
    ]);
    expect(r).toEqual([
      { inserted: 5411, updated: 0 },
      { inserted: 0, updated: 0 },
    ]);
    expect(
      await database.query(`select distinct source, currency from price_bars where symbol = 'ODD'`),
    ).toEqual([{ source: odd, currency: null }]);
  });
  it('a key column the rows leave to its default is probed as that default (13F put_call)', async () => {
    // a real information table's rows under distinct accessions, put_call left to its default '' (the
    // staging table exists after a load only when the batch took the staging upsert)
    const rows = thirteenFRows(6000);
    expect(rows.every((r) => r.putCall === undefined)).toBe(true);
    const hkey = [
      thirteenFHoldings.accessionNumber,
      thirteenFHoldings.cusip,
      thirteenFHoldings.titleOfClass,
      thirteenFHoldings.putCall,
    ];
    const loadHoldings = () =>
      database.db.transaction(async (tx) => {
        const result = await copyUpsertRows(tx, thirteenFHoldings, rows, hkey);
        const [staged] = await tx
          .execute<{ staged: boolean }>(
            sql`select to_regclass('pg_temp.stage_thirteen_f_holdings') is not null as staged`,
          )
          .then((o) => (Array.isArray(o) ? o : (o as { rows: { staged: boolean }[] }).rows));
        return { result, staged: staged?.staged };
      });
    // new keys: straight into the table, no staging table
    expect(await loadHoldings()).toEqual({ result: { inserted: 6000, updated: 0 }, staged: false });
    // the same keys again: the probe finds them (with put_call ''), so the staging upsert runs and writes nothing
    expect(await loadHoldings()).toEqual({ result: { inserted: 0, updated: 0 }, staged: true });
    const [r] = await database.query(
      `select count(*)::int as n, min(put_call) as pc from thirteen_f_holdings`,
    );
    expect(r).toEqual({ n: 6000, pc: '' });
  });
});
