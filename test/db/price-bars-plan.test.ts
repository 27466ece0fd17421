import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketDataRoute } from '../../api/routes/market-data.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';

// Issue 26: "no route's cost grows with the tables". GET /v1/companies/{id}/market-data selected `date::text as
// date` and ordered by `date`, which names that text column: every request read and sorted the listing's whole
// history (8,000 bars: 5,360 buffers, 129 ms) to print 100 rows. Ordered by the table's column, the primary
// key (symbol, date) is read backward from the newest bar and the limit stops it. 40 listings x 4,000 trading
// days are generated in Postgres, each listing's bars spread over the table as a daily load leaves them.
// Postgres only: PGlite's planner and buffer counts are not what a deployment runs.

interface Plan {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: Plan[];
}
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

const LISTINGS = 40;
const DAYS = 4000;

describe.skipIf(!process.env.DATABASE_URL)('a listing’s daily prices, newest page (Postgres)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.query(
      `insert into price_bars (symbol, date, market, open, high, low, close, volume, currency, source, fetched_at)
       select 'ZZ' || (i % ${LISTINGS}), date '2000-01-03' + i / ${LISTINGS}, 'US', 10, 11, 9, 10 + (i / ${LISTINGS}) % 7,
              1000, 'USD', 'test', now()
         from generate_series(0, ${LISTINGS * DAYS - 1}) i`,
    );
    await database.query('analyze price_bars');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('reads the newest 100 bars backward by the primary key, not the listing’s 4,000 bars and a sort', async () => {
    const statements: { text: string; params: unknown[] }[] = [];
    const capturing = {
      ...database,
      query: (text: string, params?: unknown[]) => {
        statements.push({ text, params: params ?? [] });
        return database.query(text, params);
      },
    } as Database;
    const rows = (await marketDataRoute.handler({
      database: capturing,
      path: { company_id: 'ZZ7' },
      query: {},
      page: { limit: 100, fetch: 101 },
    } as never)) as { date: string; close: number | string }[];
    // the last generated day is 2000-01-03 + 3,999 days; newest first
    expect(rows[0]!.date).toBe('2010-12-15');
    expect(rows[1]!.date).toBe('2010-12-14');
    expect(rows).toHaveLength(101);
    const read = statements.at(-1)!;
    expect(read.text).toContain('from price_bars');
    const [row] = await database.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
      `explain (analyze, buffers, format json) ${read.text}`,
      read.params,
    );
    const plan = row!['QUERY PLAN'][0].Plan;
    const buffers = plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
    const scans = nodes(plan)
      .filter((n) => n['Index Name'])
      .map((n) => `${n['Node Type']} ${n['Scan Direction'] ?? ''} ${n['Index Name']}`);
    process.stderr.write(`prices of a listing: ${buffers} buffers, ${scans.join(', ')}\n`);
    expect(scans).toEqual(['Index Scan Backward price_bars_symbol_date_pk']);
    expect(buffers).toBeLessThan(150);
  });
});
