import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySearchQuery } from '../../api/routes/companies.ts';
import type { Database } from '../../lib/db.ts';
import { createApiTestDatabase } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';

// GET /v1/companies' first page runs on drizzle's pg pool directly on Postgres (api/routes/companies.ts,
// firstPageOnPool). Its rows must be what drizzle's prepared query gives for the same search: same keys in
// the same order, same values and types (the response body is their JSON). Only Postgres takes that path;
// on PGlite both calls below are drizzle's, so the file runs with DATABASE_URL only.
let database: Database;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  database = await createApiTestDatabase();
  await seedRegistry(database, 300);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const SEARCHES: Record<string, unknown>[] = [
  { ticker: 'AAPL' },
  { ticker: 'BRK.B' },
  { ticker: 'FB' },
  { ticker: 'ZZZZZZ' },
  { cik: '320193' },
  { country: 'US' },
  { q: 'inc' },
  { q: 'a', country: 'US' },
  { local_security_code: '2330' },
];

describe.skipIf(!process.env.DATABASE_URL)('companies first page on the pg pool', () => {
  it('gives the bytes drizzle gives, for every filter shape and page size', async () => {
    expect(database.kind).toBe('postgres');
    let rows = 0;
    for (const query of SEARCHES) {
      for (const limit of [1, 5, 100]) {
        const page = { limit, fetch: limit + 1, after: null };
        const drizzle = await companySearchQuery(database.db, query as never, page);
        const pool = await companySearchQuery(database.db, query as never, page, database);
        expect(JSON.stringify(pool), JSON.stringify(query)).toBe(JSON.stringify(drizzle));
        rows += pool.length;
      }
    }
    expect(rows).toBeGreaterThan(100); // the searches found rows: the comparison compared something
  });

  it('keeps dates as the server text and integers as numbers, as drizzle does', async () => {
    const page = { limit: 100, fetch: 101, after: null };
    const [apple] = await companySearchQuery(database.db, { ticker: 'AAPL' } as never, page, database);
    expect(apple?.as_of_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof apple?.n_listings).toBe('number');
    expect(apple?.cik).toBe('0000320193');
  });
});
