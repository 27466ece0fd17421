import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySearchSql } from '../../api/routes/companies.ts';
import type { Database } from '../../lib/db.ts';
import { EVENT_TYPES } from '../../lib/events/catalog.ts';
import { readEvents } from '../../lib/events/feed.ts';
import { createTestDatabase } from '../helpers/db.ts';

// Issue 26: "cursors stay O(page) deep into a large table". 200,000 rows are generated in Postgres
// (generate_series), and the page a cursor far in (page 1000 of 100 rows) reads is compared with page 1:
// the buffers `EXPLAIN (ANALYZE, BUFFERS)` counts for the route's own statement must stay within 3x, and no
// plan may read the table sequentially. Postgres only: PGlite's planner and buffer counts are not what a
// deployment runs (DATABASE_URL is set in the Postgres pass).

const ROWS = 200_000;
const PAGE = 100;
const DEEP = 1000; // page number of the deep cursor: rows 99,901-100,000

interface Plan {
  'Node Type': string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'Actual Rows': number;
  Plans?: Plan[];
}

const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

interface Explained {
  buffers: number;
  rows: number;
  types: string[];
}

/**
 * Both pages hold PAGE + 1 rows read by index, the deep one for less than 3x the first one's buffers, and
 * O(page): a page of 101 rows costs a few hundred buffers, not the table's thousands.
 */
function expectSamePageCost(p1: Explained, pN: Explained): void {
  expect(p1.rows).toBe(PAGE + 1);
  expect(pN.rows).toBe(PAGE + 1);
  expect(p1.types).not.toContain('Seq Scan');
  expect(pN.types).not.toContain('Seq Scan');
  expect(pN.buffers / p1.buffers).toBeLessThan(3);
  expect(pN.buffers).toBeLessThan(1_000);
}

describe.skipIf(!process.env.DATABASE_URL)('cursors deep into a 200,000-row table (Postgres)', () => {
  let database: Database;

  /** The statement's plan: buffers of the whole tree (the top node's totals) and every node type. */
  async function explain(text: string, params: unknown[]): Promise<Explained> {
    const [row] = await database.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
      `explain (analyze, buffers, format json) ${text}`,
      params,
    );
    const plan = row!['QUERY PLAN'][0].Plan;
    return {
      buffers: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'],
      rows: plan['Actual Rows'],
      types: nodes(plan).map((n) => n['Node Type']),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    // names in another order than ids and insertion (i * 7919 mod ROWS is a permutation: 7919 is prime and
    // does not divide 200,000), a quarter of them outside the US
    await database.query(
      `insert into companies (company_id, company_name, country, as_of_date, source_url, fetched_at)
       select 'C' || lpad(i::text, 7, '0'), 'Company ' || lpad(((i * 7919) % ${ROWS})::text, 6, '0'),
              case when i % 4 = 0 then 'JP' else 'US' end, date '2026-11-27', 'https://example.invalid', now()
         from generate_series(1, ${ROWS}) i`,
    );
    const types = EVENT_TYPES.map((t) => t.type);
    await database.query(
      `insert into events (id, sequence, type, occurred_at, detected_at, published_at, data)
       select 'e' || i, i, ($1::text[])[1 + i % array_length($1::text[], 1)],
              now(), now(), now(), '{}'::jsonb
         from generate_series(1, ${ROWS}) i`,
      [types],
    );
    await database.query('analyze companies');
    await database.query('analyze events');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('GET /v1/companies?country=US: page 1000 reads about what page 1 reads, by index', async () => {
    const [deep] = await database.query<{ company_name: string; company_id: string }>(
      `select company_name, company_id from companies where upper(country) = 'US'
        order by company_name, company_id offset ${(DEEP - 1) * PAGE - 1} limit 1`,
    );
    const page = (after: [string, string] | null) =>
      companySearchSql(database.db, { country: 'US' } as never, {
        fetch: PAGE + 1,
        limit: PAGE,
        after,
      });
    const first = page(null);
    const far = page([deep!.company_name, deep!.company_id]);
    const p1 = await explain(first.text, first.values);
    const pN = await explain(far.text, far.values);
    process.stderr.write(
      `companies: page 1 ${p1.buffers} buffers (${p1.types.join(', ')}), page ${DEEP} ${pN.buffers} (${pN.types.join(', ')})\n`,
    );
    expectSamePageCost(p1, pN);
  });

  it('GET /v1/events (every type): page 1000 reads about what page 1 reads, by index', async () => {
    const statements: { text: string; params: unknown[] }[] = [];
    const capturing = {
      ...database,
      query: (text: string, params?: unknown[]) => {
        statements.push({ text, params: params ?? [] });
        return database.query(text, params);
      },
    } as Database;
    const types = EVENT_TYPES.map((t) => t.type);
    const firstRows = await readEvents(capturing, { types }, 0, PAGE + 1);
    const deepRows = await readEvents(capturing, { types }, (DEEP - 1) * PAGE, PAGE + 1);
    expect(firstRows.map((e) => e.sequence)).toEqual([...Array(PAGE + 1).keys()].map((i) => i + 1));
    expect(deepRows[0]!.sequence).toBe((DEEP - 1) * PAGE + 1);
    const p1 = await explain(statements[0]!.text, statements[0]!.params);
    const pN = await explain(statements[1]!.text, statements[1]!.params);
    process.stderr.write(`events: page 1 ${p1.buffers} buffers, page ${DEEP} ${pN.buffers}\n`);
    expectSamePageCost(p1, pN);
  });
});
