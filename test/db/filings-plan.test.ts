import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFilings } from '../../api/routes/filings.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';

// Issue 26: "no route's cost grows with the tables". GET /v1/filings?cik=&filing_type=10-K used to AND a
// bitmap of the filer's filings with one of every 10-K in the table (docs/scale.md). 60,000 filings of 1,000
// filers are generated in Postgres (generate_series), a sixth of them 10-Ks, each filer's rows spread over the
// table as a load of many filers leaves them. The route's own statement, run under EXPLAIN (ANALYZE, BUFFERS),
// must read the filer's 10-Ks as one range of filings_cik_type_date: its 10 rows and a few index pages. Postgres
// only: PGlite's planner and buffer counts are not what a deployment runs (DATABASE_URL is set in the
// Postgres pass).

const FILERS = 1000;
const PER_FILER = 60; // filing k of a filer is dated 2000-01-01 + 30k days; every 6th (k = 0, 6 ... 54) a 10-K
const CIK = 42;

interface Plan {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Scan Direction'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: Plan[];
}

const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

describe.skipIf(!process.env.DATABASE_URL)('filings of one type of one filer (Postgres)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    // row i: filer i % FILERS, its filing k = i / FILERS, so one filer's rows lie on PER_FILER different pages
    await database.query(
      `insert into filings (accession_number, cik, filing_type, form, filing_date, url, source, fetched_at)
       select lpad(c::text, 10, '0') || '-00-' || lpad(k::text, 6, '0'), c, t, t,
              date '2000-01-01' + 30 * k, 'https://example.invalid', 'test', now()
         from (select i % ${FILERS} + 1 as c, i / ${FILERS} as k,
                      (array['10-K', '10-Q', '8-K', '10-Q', '8-K', 'DEF 14A'])[1 + (i / ${FILERS}) % 6] as t
                 from generate_series(0, ${FILERS * PER_FILER - 1}) i) g`,
    );
    await database.query('analyze filings');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** The route's body for `query` and its own last statement's plan under EXPLAIN (ANALYZE, BUFFERS). */
  async function explainRoute(query: Record<string, unknown>) {
    const statements: { text: string; params: unknown[] }[] = [];
    const capturing = {
      ...database,
      query: (text: string, params?: unknown[]) => {
        statements.push({ text, params: params ?? [] });
        return database.query(text, params);
      },
    } as Database;
    const body = await listFilings.handler({ database: capturing, query, page: { limit: 10 } } as never);
    const read = statements.at(-1)!;
    expect(read.text).toContain('from filings');
    const [row] = await database.query<{ 'QUERY PLAN': [{ Plan: Plan }] }>(
      `explain (analyze, buffers, format json) ${read.text}`,
      read.params,
    );
    const plan = row!['QUERY PLAN'][0].Plan;
    return { body, plan, buffers: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'] };
  }
  const dateOf = (k: number) => new Date(Date.UTC(2000, 0, 1 + 30 * k)).toISOString().slice(0, 10);

  it('GET /v1/filings?cik=&filing_type=10-K reads the filer’s 10-Ks by filings_cik_type_date, not every 10-K', async () => {
    const { body, plan, buffers } = await explainRoute({ cik: String(CIK), filing_type: ['10-K'] });
    // the filer's ten 10-Ks, newest first: k = 54, 48 ... 0
    expect(body.filings.map((f: { filing_date: string }) => f.filing_date)).toEqual(
      [54, 48, 42, 36, 30, 24, 18, 12, 6, 0].map(dateOf),
    );
    const scans = nodes(plan).filter((n) => n['Index Name']);
    process.stderr.write(
      `filings by type: ${buffers} buffers, ${scans.map((n) => `${n['Node Type']} ${n['Index Name']}`).join(', ')}\n`,
    );
    expect(scans.map((n) => n['Index Name'])).toEqual(['filings_cik_type_date']);
    expect(scans[0]!['Index Cond']).toContain('filing_type');
    // 10 heap pages (one per 10-K) and the index's few: not the filer's 60 pages, nor 10,000 entries of 10-Ks
    expect(buffers).toBeLessThan(20);
  });

  it('GET /v1/filings?cik= (every served type) reads its newest page backward by date, not the filer’s whole range', async () => {
    // ordered by the table's date column (not the text the row prints), the filer's index range is read from
    // its newest end and the limit stops it: about a page of heap pages, not all 60 and a sort of them
    const { body, plan, buffers } = await explainRoute({ cik: String(CIK) });
    expect(body.filings.map((f: { filing_date: string }) => f.filing_date)).toEqual(
      [59, 58, 57, 56, 55, 54, 53, 52, 51, 50].map(dateOf),
    );
    const scans = nodes(plan)
      .filter((n) => n['Index Name'])
      .map((n) => `${n['Node Type']} ${n['Scan Direction']} ${n['Index Name']}`);
    process.stderr.write(`filings of a filer: ${buffers} buffers, ${scans.join(', ')}\n`);
    expect(scans).toEqual(['Index Scan Backward filings_cik_date']);
    expect(buffers).toBeLessThan(30);
  });
});
