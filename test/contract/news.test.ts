import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';

// Spec 2.10, 4.8, 7.1, 8.2: the four news routes over real HTTP on the registry and the news feeds the mirror serves.
let database: Database;
let api: RunningApi;
let env: Awaited<ReturnType<typeof createTestServices>>;
let fund: string;
let free: string;

beforeAll(async () => {
  database = await createApiTestDatabase();
  env = await createTestServices(database);
  for (const d of ['companies', 'news']) {
    const run = await backfill(env.services, env.runtime, d, {});
    expect(run.failures, d).toEqual([]);
  }
  api = await startApi(database, { logLevel: 'warn' });
  fund = (await accountWithKey(database, 'fund', 100_000)).key;
  free = (await accountWithKey(database, 'free', 100)).key;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

const get = (path: string, key = fund) => api.get(path, { key });
const data = async (path: string) => {
  const r = await get(path);
  expect(r.status, path).toBe(200);
  return (await r.json()).data as Record<string, unknown>[];
};

describe('GET /v1/companies/{company_id}/news/events', () => {
  it('an 8-K with Items 1.01/2.01/2.03/5.02 is one m&a event for Velo3D, linked by CIK, any identifier form', async () => {
    const rows = await data('/v1/companies/VLD/news/events');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      relation: 'direct',
      ticker: 'VLD',
      n_articles: 1,
      first_at: '2025-12-12T22:30:48Z',
      peak_impact: 70,
      peak_magnitude: null,
      human_reviewed: false,
      headline: '8-K - Velo3D, Inc. (0001825079) (Filer)',
      event_type: 'm&a',
      publishers: ['SEC EDGAR'],
      weakest_time_basis: 'published',
      occurred_on: '2025-12-12',
      reaches: [],
    });
    expect(await data('/v1/companies/1825079/news/events')).toEqual(rows);
  });

  it('filters: min_impact, direction, since, relation', async () => {
    expect(await data('/v1/companies/VLD/news/events?min_impact=71')).toEqual([]);
    expect(await data('/v1/companies/VLD/news/events?min_impact=70')).toHaveLength(1);
    expect(await data('/v1/companies/VLD/news/events?since=2025-12-13T00:00:00Z')).toEqual([]);
    expect(await data('/v1/companies/VLD/news/events?relation=knock_on')).toEqual([]);
    expect(await data('/v1/companies/VLD/news/events?relation=both')).toHaveLength(1);
    expect(await data('/v1/companies/VLD/news/events?direction=bullish')).toEqual([]);
  });

  it('bounds and errors: limit 1-200, enums, unknown parameter, unknown company, Fund plan', async () => {
    for (const q of [
      'limit=0',
      'limit=201',
      'relation=x',
      'direction=up',
      'min_impact=101',
      'since=yesterday',
      'foo=1',
      'cursor=abc',
    ]) {
      const r = await get(`/v1/companies/VLD/news/events?${q}`);
      expect(r.status, q).toBe(400);
      const body = await r.json();
      expect(body.success).toBe(false);
      expect(body.error).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        path: '/v1/companies/VLD/news/events',
      });
    }
    const nf = await get('/v1/companies/NOSUCHCO/news/events');
    expect(nf.status).toBe(404);
    expect((await nf.json()).error.message).toMatch(/Accepted forms/);
    const paid = await get('/v1/companies/VLD/news/events', free);
    expect(paid.status).toBe(402);
    expect((await paid.json()).error.message).toMatch(/Fund/);
  });
});

describe('GET /v1/companies/{company_id}/news', () => {
  it('article rows: Apple, the headline\'s subject ("Apple ordered to pull ..."), is the primary company, unconfirmed', async () => {
    const rows = await data('/v1/companies/AAPL/news');
    const a = rows.find((r) => r.title === 'Apple ordered to pull part of press release in Qualcomm case');
    expect(a).toMatchObject({
      relation: 'direct',
      ticker: 'AAPL',
      ticker_confirmed: false,
      subject: 'about',
      event_type: 'legal',
      event_subtype: 'litigation',
      channel: 'wire',
      summary_withheld: false,
      is_scheduled: false,
      time_basis: 'published',
      human_reviewed: false,
      link: 'https://www.reuters.com/article/us-apple-qualcomm-court/apple-ordered-to-pull-part-of-press-release-in-qualcomm-case-idUSKCN1PC2FJ',
    });
    expect(a?.impact_score).toBeGreaterThanOrEqual(40);
    expect(a?.why).toMatch(/^(bullish|bearish|neutral): /);
  });

  it('event_type and until filter; an earlier until is empty', async () => {
    expect(await data('/v1/companies/VLD/news?event_type=m%26a')).toHaveLength(1);
    expect(await data('/v1/companies/VLD/news?event_type=earnings')).toEqual([]);
    expect(await data('/v1/companies/VLD/news?until=2025-12-01T00:00:00Z')).toEqual([]);
  });

  it('pages with a cursor and never repeats a row', async () => {
    const all = await data('/v1/news/themes/oil?limit=200');
    expect(all.length).toBeGreaterThan(3);
    const first = await (await get('/v1/news/themes/oil?limit=2')).json();
    expect(first.data).toHaveLength(2);
    const second = await (
      await get(`/v1/news/themes/oil?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)
    ).json();
    expect([...first.data, ...second.data].map((r: { news_id: string }) => r.news_id)).toEqual(
      all.slice(0, 4).map((r) => r.news_id),
    );
  });
});

describe('themes', () => {
  it('GET /v1/news/themes is free and lists every theme with its signal count', async () => {
    const r = await get('/v1/news/themes', free);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.themes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ theme: 'rates' }),
        expect.objectContaining({ theme: 'oil' }),
      ]),
    );
    for (const t of body.themes) expect(t.signals).toBeGreaterThan(0);
  });

  it('GET /v1/news/themes/{theme}: the FOMC statement is a decided, US, macro rates item with no company', async () => {
    const rows = await data('/v1/news/themes/rates?limit=200');
    expect(rows.find((r) => r.title === 'Federal Reserve issues FOMC statement')).toMatchObject({
      theme: 'rates',
      track: 'macro',
      stance: 'decided',
      region: 'us',
      channel: 'central_bank',
      companies: [],
    });
    expect(await data('/v1/news/themes/rates?stance=talked&region=us&min_score=100')).toEqual([]);
  });

  it('a guessed theme is an empty page, not an error; bad filters are 400', async () => {
    const r = await get('/v1/news/themes/no_such_theme');
    expect(r.status).toBe(200);
    expect((await r.json()).data).toEqual([]);
    expect((await get('/v1/news/themes/rates?region=mars')).status).toBe(400);
    expect((await get('/v1/news/themes/rates?track=both')).status).toBe(400);
    expect((await get('/v1/news/themes/rates?limit=500')).status).toBe(400);
  });
});
