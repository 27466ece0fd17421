import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CALLS } from '../../api/demo-calls.ts';
import { prefilledExample } from '../../api/platform/openapi.ts';
import { backfill, statusSweep } from '../../jobs/refresh.ts';
import { DATASETS } from '../../lib/datasets.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';

// @test-slow 110 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
/**
 * Every example works (issue 18). The demo data is loaded once, as `npm start` loads it: every scheduled
 * dataset backfilled in registry order from the offline mirror into one database. Then, over real HTTP with
 * a demo-plan key, every operation of /v1/openapi.json is sent with exactly the parameters the reference
 * pre-fills, and must answer 2xx with data; so must every `Try:` line of the start banner.
 */

/**
 * Operations the demo cannot fill, each with the reason. They must still answer 2xx with their pre-filled
 * example; an entry here is a gap in the captured upstream files (or an always-empty spec route), never a
 * broken example.
 */
const EMPTY_ON_DEMO: Record<string, string> = {
  'GET /v1/financials/segments':
    'no captured filing index lists a filing whose XBRL instance the mirror holds (segment partitions are not_found)',
  'GET /v1/financials/income-statements/segments': 'as /v1/financials/segments',
  'GET /v1/financials/balance-sheets/segments': 'always empty (spec)',
  'GET /v1/financials/cash-flow-statements/segments': 'always empty (spec)',
  'GET /v1/companies/{company_id}/20f/segments':
    'no 20-F XBRL instance is captured (TSM is known from companyfacts, which holds no dimensional contexts; the demo 20-F of Loncor has no XBRL)',
  'GET /v1/events/subscriptions': 'the demo account has no webhook subscription until one is created',
  'GET /v1/news/subscriptions': 'as /v1/events/subscriptions',
  'GET /v1/companies/{company_id}/earnings-markets':
    "no recorded prediction market about a company's earnings exists (the one real Polymarket market is political; no Kalshi response was recorded)",
};

/**
 * Routes of one account-owned resource (a webhook subscription): no documented example id exists on a fresh
 * demo, so their honest answer is the 404 in the standard body (docs/webhooks.md; test/webhooks covers them).
 */
const OWNED_BY_ACCOUNT = /^\/v1\/(events|news)\/subscriptions\/\{subscription_id\}/;

type Json = Record<string, unknown>;
const SKIP_KEYS = new Set(['meta', 'coverage', 'next_cursor', 'resource']);

/**
 * True when a body carries data. At the top level, when the body (envelope keys aside) holds arrays, one of
 * them must be non-empty (`{ticker, items: []}` is an empty answer); otherwise some value must be present.
 */
function hasData(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0;
  if (body === null || typeof body !== 'object') return present(body);
  const entries = Object.entries(body).filter(([k]) => !SKIP_KEYS.has(k));
  const arrays = entries.filter(([, v]) => Array.isArray(v)) as [string, unknown[]][];
  if (arrays.length) return arrays.some(([, v]) => v.length > 0);
  return entries.some(([, v]) => present(v));
}

/** A value, or an object or array holding one. */
function present(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(present);
  if (typeof value === 'object') return Object.values(value).some(present);
  return true;
}

let database: Database;
let api: RunningApi;
let key: string;
let env: Awaited<ReturnType<typeof createTestServices>>;
let document: { paths: Record<string, Record<string, Json>> };

beforeAll(async () => {
  database = await createApiTestDatabase();
  env = await createTestServices(database);
  for (const d of DATASETS.filter((x) => x.schedule)) {
    const run = await backfill(env.services, env.runtime, d.id, {});
    expect(run.failures, d.id).toEqual([]);
  }
  await statusSweep(env.services);
  api = await startApi(database);
  key = (await accountWithKey(database, 'fund', 100_000)).key;
  document = await (await api.get('/v1/openapi.json')).json();
}, 400_000); // the backfill of every dataset (retrieval embeds later, in its own step: issue 13)

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

/** The request "Try it out" sends: path parameters and every pre-filled query parameter. */
function exampleRequest(path: string, op: Json): string {
  const query = new URLSearchParams();
  let url = path;
  for (const param of (op.parameters ?? []) as Json[]) {
    const value = prefilledExample(param);
    if (value === undefined) continue;
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(value)));
    else for (const v of Array.isArray(value) ? value : [value]) query.append(String(param.name), String(v));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

describe('every operation answers its own pre-filled example with data on the demo', () => {
  it('walks the whole document', async () => {
    const outcomes: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (method !== 'get') continue; // every route with examples is a GET today
        // the live event stream needs a fresh single-use token: its banner line is run by test/contract/events.test.ts
        const ok = (op.responses as Record<string, { content?: Json }> | undefined)?.['200'];
        if (ok?.content?.['text/event-stream']) continue;
        operations++;
        const request = exampleRequest(path, op);
        const res = await api.get(request, { key });
        const body = await res.json().catch(() => null);
        const name = `GET ${path}`;
        const emptyOk = Object.hasOwn(EMPTY_ON_DEMO, name);
        if (OWNED_BY_ACCOUNT.test(path)) {
          if (res.status !== 404 || body?.error?.statusCode !== 404)
            outcomes.push(`${request}: expected the 404 of an unknown subscription, got ${res.status}`);
        } else if (res.status < 200 || res.status > 299)
          outcomes.push(`${request}: ${res.status} ${JSON.stringify(body)}`);
        else if (!emptyOk && !hasData(body))
          outcomes.push(`${request}: 2xx without data ${JSON.stringify(body)}`);
      }
    }
    expect(operations).toBeGreaterThanOrEqual(25);
    expect(outcomes).toEqual([]);
  });

  it('no operation pre-fills a cursor or more than one bound of a range', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const op of Object.values(methods)) {
        const filled = ((op.parameters ?? []) as Json[])
          .filter((p) => prefilledExample(p) !== undefined)
          .map((p) => String(p.name));
        expect(filled, path).not.toContain('cursor');
        const bounds = filled.filter((n) => /_(gte|lte|gt|lt)$/.test(n));
        const stems = bounds.map((n) => n.replace(/_(gte|lte|gt|lt)$/, ''));
        expect(new Set(stems).size, `${path}: ${bounds.join(', ')}`).toBe(stems.length);
      }
    }
  });

  it('the data check rejects real empty answers (it can fail)', async () => {
    // Apple has no companyfacts in the mirror, so its statements are an empty answer on the demo.
    const res = await api.get('/v1/financials/income-statements?ticker=AAPL&period=annual', { key });
    const body = await res.json();
    expect(body).toEqual({ income_statements: [] });
    expect(hasData(body)).toBe(false);
    expect(hasData({ resource: 'filing_items', ticker: 'AAPL', cik: 320193, items: [] })).toBe(false);
    expect(hasData({ data: [], next_cursor: null, coverage: { available_from: '1994-01-01' } })).toBe(false);
  });

  it('the exempt operations are real operations of the document', () => {
    for (const name of Object.keys(EMPTY_ON_DEMO)) {
      expect(document.paths[name.slice(4)]?.get, name).toBeDefined();
    }
  });
});

describe("the start banner's Try: lines", () => {
  it.each(DEMO_CALLS.map((c) => [c.family, c.path]))(
    '%s: %s answers 2xx with data',
    async (_family, path) => {
      const res = await api.get(path, { key });
      expect(res.status).toBe(200);
      expect(hasData(await res.json())).toBe(true);
    },
  );
});

describe('newcomer affordances', () => {
  it('GET / and GET /v1 answer with an index of the docs, the OpenAPI document and health', async () => {
    for (const p of ['/', '/v1']) {
      const res = await api.get(p);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        docs: '/docs',
        openapi: '/v1/openapi.json',
        health: '/v1/health',
      });
    }
  });

  it('the reference says where a key comes from', () => {
    const info = (document as unknown as { info: { description: string } }).info.description;
    expect(info).toContain('etl keys create');
    expect(info).toContain('Authorization: Bearer');
    expect(info).toContain('X-API-Key');
  });

  it('a statement route names the unknown parameters it ignored (asof for as_of) and still answers', async () => {
    const res = await api.get(
      '/v1/financials/income-statements?ticker=GOOGL&period=annual&asof=2022-12-31&limit=1',
      {
        key,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ignored-parameters')).toBe('asof');
    const body = await res.json();
    expect(body.income_statements).toHaveLength(1);
    // ignored means ignored: the newest figures, not those known on 2022-12-31
    const asOf = await (
      await api.get('/v1/financials/income-statements?ticker=GOOGL&period=annual&as_of=2022-12-31&limit=1', {
        key,
      })
    ).json();
    expect(body.income_statements[0].report_period > asOf.income_statements[0].report_period).toBe(true);
    const known = await api.get('/v1/financials/income-statements?ticker=GOOGL&period=annual&limit=1', {
      key,
    });
    expect(known.headers.get('x-ignored-parameters')).toBeNull();
  });

  it('company facts for a company the registry knows but whose submissions are not loaded says "not loaded"', async () => {
    const res = await api.get('/v1/company/facts?ticker=GOOGL', { key });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.message).toContain('not loaded');
    expect(body.message).not.toContain('No US filing presence');
    const unknown = await api.get('/v1/company/facts?cik=999999999', { key });
    expect((await unknown.json()).message).toContain('No US filing presence');
  });
});

describe('coverage', () => {
  it("reports the earliest date the loaded rows hold, not the declared window's start", async () => {
    // news: the captured feeds hold items from 2018 although the live window starts 2026-07-26
    const [news] = await database.query<{ first: string }>(
      'select min(event_at)::date::text as first from news_articles',
    );
    expect(news!.first < '2026-07-26').toBe(true);
    const r = await api.get('/v1/companies/VLD/news/events?min_impact=40', { key });
    expect(r.status).toBe(200);
    expect((await r.json()).coverage.available_from).toBe(news!.first);
    // prices: the stooq files reach back decades before the 2025-07-14 window
    const [prices] = await database.query<{ first: string }>(
      'select min(date)::text as first from price_bars',
    );
    const m = await api.get('/v1/companies/AAPL/market-data?limit=1', { key });
    expect((await m.json()).coverage.available_from).toBe(prices!.first);
    expect(prices!.first < '2025-07-14').toBe(true);
  });
});

describe('the typed client', () => {
  it("its README example (clients/typescript/example.ts) runs against the demo and prints Alphabet's revenue", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'clients/typescript/example.ts'],
      { env: { ...process.env, FINDATA_URL: api.url, FINDATA_API_KEY: key }, timeout: 30_000 },
    );
    // FY2024 revenue of Alphabet, USD 350,018 million (10-K for 2024, income statement), newest first
    expect(stdout.split('\n')[1]).toBe('2024-12-31 350018000000');
  });
});
