import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { companies } from '../../schema/companies.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';

import { APPLE_ID, META_ID, seedRegistry } from '../helpers/registry.ts';
import { TEST_ROUTES } from '../helpers/test-routes.ts';

// Spec 4.0 (envelopes, cursors, unknown parameters, date formats, ranges), 2.1 (coverage), 7 (error bodies),
// 8.2 (limit bounds).
let database: Database;
let a: RunningApi;
let b: RunningApi;
let key: string;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 300);
  // No CURSOR_SECRET: the secret is generated once and shared through the settings table.
  const opts = { routes: TEST_ROUTES, env: { CURSOR_SECRET: '' }, logLevel: 'warn' };
  a = await startApi(database, opts);
  b = await startApi(database, opts);
  ({ key } = await accountWithKey(database, 'fund', 100_000));
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

const get = (path: string, api: RunningApi = a) => api.get(path, { key });

function expectStandardError(body: unknown, status: number, reason: string, path: string) {
  expect(body).toEqual({
    success: false,
    error: {
      statusCode: status,
      message: expect.any(String),
      error: reason,
      path,
      timestamp: expect.stringMatching(/Z$/),
      requestId: expect.any(String),
    },
  });
}

describe('envelope A', () => {
  it('is {data, next_cursor, coverage}, coverage from the declaration while the datasets row is missing', async () => {
    const r = await get('/v1/companies?ticker=AAPL');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    const body = await r.json();
    expect(Object.keys(body).sort()).toEqual(['coverage', 'data', 'next_cursor']);
    expect(body.next_cursor).toBeNull();
    expect(body.coverage).toEqual({
      available_from: null,
      available_to: null,
      update_frequency: 'weekly',
      history_status: 'current_snapshot',
    });
    expect(body.data).toEqual([
      {
        company_id: APPLE_ID,
        company_name: 'Apple Inc.',
        country: 'US',
        cik: '0000320193',
        primary_ticker: 'AAPL',
        primary_exchange: 'NASDAQ',
        sector: null,
        industry: null,
        website: null,
        market_cap: null,
        market_cap_currency: null,
        currency: 'USD',
        n_listings: 1,
        as_of_date: '2026-01-30',
      },
    ]);
  });

  it('reads coverage from the datasets table when the row exists', async () => {
    await database.query(
      `insert into datasets (id, family, title, min_plan, credit_cost, update_frequency, available_from, available_to, history_status, pending)
       values ('companies', 'companies', 'Company registry', 'free', 1, 'weekly', '2001-01-01', null, 'complete', false)
       on conflict (id) do update set available_from = excluded.available_from, history_status = excluded.history_status`,
    );
    const body = await (await get('/v1/companies?ticker=AAPL')).json();
    expect(body.coverage).toEqual({
      available_from: '2001-01-01',
      available_to: null,
      update_frequency: 'weekly',
      history_status: 'complete',
    });
    await database.query("delete from datasets where id = 'companies'");
  });

  it('single-record routes are {data, coverage}', async () => {
    const body = await (await get(`/v1/companies/${APPLE_ID}`)).json();
    expect(Object.keys(body).sort()).toEqual(['coverage', 'data']);
    expect(body.data.company_id).toBe(APPLE_ID);
  });
});

describe('envelope B (statement family)', () => {
  it('is the bare wrapper: no data, no meta, no cursor', async () => {
    const body = await (await get('/v1/test/statements?ticker=AAPL&limit=2')).json();
    expect(body).toEqual({
      filings: [
        { ticker: 'AAPL', n: 0 },
        { ticker: 'AAPL', n: 1 },
      ],
    });
  });

  it('ignores unknown query parameters', async () => {
    const r = await get('/v1/test/statements?ticker=AAPL&whatever=1&cursor=abc');
    expect(r.status).toBe(200);
    expect(Object.keys(await r.json())).toEqual(['filings']);
  });

  it('uses the flat error body, with the default message when nothing more specific is known', async () => {
    const missing = await get('/v1/test/statements');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Bad Request', message: expect.stringMatching(/ticker/) });
    const fault = await get('/v1/test/statements/fail');
    expect(fault.status).toBe(500);
    expect(await fault.json()).toEqual({
      error: 'Internal Server Error',
      message: 'An unexpected error occurred',
    });
    const limit0 = await get('/v1/test/statements?ticker=AAPL&limit=0');
    expect(limit0.status).toBe(400);
    expect((await limit0.json()).message).toMatch(/limit/);
  });

  it('takes limit >= 1 without a cap where the spec sets none', async () => {
    expect((await get('/v1/test/statements?ticker=AAPL&limit=5000')).status).toBe(200);
  });
});

describe('envelope C', () => {
  const post = (body: string, contentType = 'application/json') =>
    a.get('/v1/test/retrieve', { key, method: 'POST', headers: { 'content-type': contentType }, body });

  it('is {...payload, meta}', async () => {
    const r = await post(JSON.stringify({ query: 'gross margin', top_k: 5 }));
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(Object.keys(body).sort()).toEqual(['chunks', 'meta']);
    expect(body.meta).toEqual({ total: 1, periodMismatch: null, requestId: r.headers.get('x-request-id') });
  });

  it('refuses unknown body properties, invalid JSON and unknown query parameters with the standard body', async () => {
    const extra = await post(JSON.stringify({ query: 'x', temperature: 0.2 }));
    expect(extra.status).toBe(400);
    const body = await extra.json();
    expectStandardError(body, 400, 'Bad Request', '/v1/test/retrieve');
    expect(body.error.message).toMatch(/temperature/);
    const broken = await post('{"query":');
    expect(broken.status).toBe(400);
    expectStandardError(await broken.json(), 400, 'Bad Request', '/v1/test/retrieve');
    const usage = await get('/v1/usage?foo=bar');
    expect(usage.status).toBe(400);
    expect((await usage.json()).error.message).toBe(
      "Unknown query parameter 'foo'. This route accepts: from, to",
    );
  });
});

describe('query rules', () => {
  it('refuses unknown query parameters on envelope A routes', async () => {
    const r = await get('/v1/companies?ticker=AAPL&tickr=MSFT');
    expect(r.status).toBe(400);
    const body = await r.json();
    expectStandardError(body, 400, 'Bad Request', '/v1/companies');
    expect(body.error.message).toMatch(/^Unknown query parameter 'tickr'/);
    expect((await get(`/v1/companies/${APPLE_ID}/listings?limit=5`)).status).toBe(400);
  });

  it('refuses a limit above the route cap (never clamps) and names the bounds', async () => {
    const r = await get('/v1/companies?q=in&limit=1001');
    expect(r.status).toBe(400);
    expect((await r.json()).error.message).toBe(
      "Invalid query parameter 'limit': must be an integer between 1 and 1000",
    );
    for (const bad of ['0', '-1', '1.5', 'ten', '']) {
      expect((await get(`/v1/companies?q=in&limit=${bad}`)).status).toBe(400);
    }
    expect((await (await get('/v1/companies?q=in&limit=1000')).json()).data.length).toBeGreaterThan(1);
  });

  it('refuses a parameter given twice unless it is repeatable', async () => {
    const r = await get('/v1/companies?ticker=AAPL&ticker=MSFT');
    expect(r.status).toBe(400);
    expect((await r.json()).error.message).toMatch(/only once/);
  });

  it('validates date formats (YYYY-MM-DD, a real calendar day)', async () => {
    for (const bad of ['2020-02-30', '2020-1-5', '20200105', '2020-13-01', '2020-01-01T00:00:00Z']) {
      const r = await get(`/v1/test/events?event_date_gte=${bad}`);
      expect(r.status, bad).toBe(400);
      expect((await r.json()).error.message).toMatch(/YYYY-MM-DD/);
    }
    expect((await get('/v1/test/events?event_date_gte=2020-02-29')).status).toBe(200);
  });

  it('validates ISO-8601 timestamps', async () => {
    for (const bad of ['yesterday', '2026-01-01T25:00:00Z', '2026-02-30T00:00:00Z']) {
      expect((await get(`/v1/usage?from=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
    for (const good of [
      '2026-01-01',
      '2026-01-01T00:00:00Z',
      '2026-01-01T09:30:00+09:00',
      '2026-01-01T00:00:00.123Z',
    ]) {
      expect((await get(`/v1/usage?from=${encodeURIComponent(good)}`)).status, good).toBe(200);
    }
  });

  it('treats _gte/_lte as inclusive and _gt/_lt as exclusive', async () => {
    const dates = async (q: string) =>
      (
        (await (await get(`/v1/test/events?company_id=${APPLE_ID}&${q}`)).json()).data as {
          event_date: string;
        }[]
      ).map((e) => e.event_date);
    expect(await dates('event_date_gte=2020-08-31')).toEqual(['2020-08-31']);
    expect(await dates('event_date_gt=2020-08-31')).toEqual([]);
    expect(await dates('event_date_lte=2014-06-09')).toEqual(['2014-06-09']);
    expect(await dates('event_date_lt=2014-06-09')).toEqual([]);
    expect(await dates('event_date_gte=2014-06-09&event_date_lte=2020-08-31')).toEqual([
      '2020-08-31',
      '2014-06-09',
    ]);
    expect(await dates('event_date_gt=2014-06-09&event_date_lt=2020-08-31')).toEqual([]);
  });
});

describe('cursors', () => {
  async function pages(path: string, api: (i: number) => RunningApi = () => a) {
    const rows: { company_id: string }[] = [];
    let cursor: string | null = null;
    let n = 0;
    do {
      const body = await (
        await get(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path, api(n))
      ).json();
      rows.push(...body.data);
      cursor = body.next_cursor;
      n++;
    } while (cursor && n < 100);
    return { rows, pages: n };
  }

  it('page through every row exactly once, in order, ending with next_cursor null (across instances)', async () => {
    const all = (await (await get('/v1/companies?q=co&limit=1000')).json()).data as { company_id: string }[];
    expect(all.length).toBeGreaterThan(20);
    const paged = await pages('/v1/companies?q=co&limit=7', (i) => (i % 2 ? b : a));
    expect(paged.pages).toBe(Math.ceil(all.length / 7));
    expect(paged.rows.map((r) => r.company_id)).toEqual(all.map((r) => r.company_id));
  });

  it('page newest-first on a descending keyset', async () => {
    const paged = await pages('/v1/test/events?limit=1');
    expect(paged.rows.map((r) => (r as unknown as { event_date: string }).event_date)).toEqual([
      '2022-06-09',
      '2020-08-31',
      '2014-06-09',
    ]);
  });

  it('never restart or repeat when rows are inserted between pages', async () => {
    const first = await (await get('/v1/companies?q=corp&limit=5')).json();
    // A company that sorts before everything already served
    await database.db.insert(companies).values({
      companyId: companyIdForCik('9999999'),
      companyName: 'AAA TEST CORP',
      asOfDate: '2026-01-30',
      sourceUrl: 'test',
      fetchedAt: new Date(),
    });
    const second = await (
      await get(`/v1/companies?q=corp&limit=5&cursor=${encodeURIComponent(first.next_cursor)}`)
    ).json();
    const seen = new Set(first.data.map((r: { company_id: string }) => r.company_id));
    for (const r of second.data) expect(seen.has(r.company_id)).toBe(false);
    expect(second.data[0].company_name >= first.data[4].company_name).toBe(true);
  });

  it('refuse anything the service did not issue: 400 Malformed cursor', async () => {
    const first = await (await get('/v1/companies?q=co&limit=2')).json();
    const c: string = first.next_cursor;
    const [payload, sig] = c.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ r: 'GET /v1/companies', f: 'x', k: ['A', 'cmp_0'] }),
    ).toString('base64url');
    const flipped = `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      '', // an empty cursor is not "the first page": paging never silently restarts
      'garbage',
      'a.b',
      `${forged}.${sig}`,
      flipped,
      `${payload}x.${sig}`,
      '.',
      c.repeat(60),
    ]) {
      const r = await get(`/v1/companies?q=co&limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(r.status, bad.slice(0, 20)).toBe(400);
      expect((await r.json()).error.message).toBe('Malformed cursor');
    }
  });

  it('are bound to the route and the filters they were issued for', async () => {
    const c = (await (await get('/v1/companies?q=co&limit=2')).json()).next_cursor as string;
    const other = await get(`/v1/companies?q=inc&limit=2&cursor=${encodeURIComponent(c)}`);
    expect(other.status).toBe(400);
    expect((await other.json()).error.message).toMatch(/^Malformed cursor/);
    const route = await get(`/v1/test/events?limit=2&cursor=${encodeURIComponent(c)}`);
    expect(route.status).toBe(400);
    // the page size may change between pages
    expect((await get(`/v1/companies?q=co&limit=3&cursor=${encodeURIComponent(c)}`)).status).toBe(200);
  });

  it('keep the generated secret in the settings table (one secret for every instance)', async () => {
    const rows = await database.query<{ value: string }>(
      "select value from settings where key = 'cursor_secret'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('standard error body', () => {
  it('covers unknown routes and the registry 404 on non-cmp_ ids', async () => {
    const r = await get('/v1/nothing-here');
    expect(r.status).toBe(404);
    expectStandardError(await r.json(), 404, 'Not Found', '/v1/nothing-here');
    const meta = await get('/v1/companies/META/listings');
    expect(meta.status).toBe(404);
    expectStandardError(await meta.json(), 404, 'Not Found', '/v1/companies/META/listings');
    expect((await get(`/v1/companies/${META_ID}/listings`)).status).toBe(200);
  });
});
