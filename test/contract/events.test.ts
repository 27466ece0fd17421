import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamDemoCall } from '../../api/demo-calls.ts';
import { companiesJob } from '../../jobs/edgar/companies.job.ts';
import { filingItemsJob } from '../../jobs/edgar/filing-items.job.ts';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { financialsJob } from '../../jobs/edgar/financials.job.ts';
import { runPartition } from '../../jobs/pipeline.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { EVENT_TYPE_BY_NAME } from '../../lib/events/catalog.ts';
import { withinMaxAge } from '../../lib/events/emit.ts';
import { appendEvents, type NewEvent } from '../../lib/events/log.ts';
import { SUPPORTED_FILING_TYPES } from '../../lib/filing-types.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';

const runtime = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
const APPLE = 'cik:0000320193';
const ALPHABET = 'cik:0001652044';
// Apple's 8-K of 1999-09-07: pre-2004 items 5 (Other Events -> 8.01) and 7 (exhibits -> 9.01)
const APPLE_8K = '0000320193-99-000010';

interface Sse {
  id?: number;
  event?: string;
  data?: string;
  comment?: string;
}

/** Splits an SSE byte stream into its blocks (events and comments). */
function parseSse(text: string): Sse[] {
  const out: Sse[] = [];
  for (const block of text.split('\n\n')) {
    if (!block.trim()) continue;
    const e: Sse = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) e.comment = line.slice(1).trim();
      else if (line.startsWith('id: ')) e.id = Number(line.slice(4));
      else if (line.startsWith('event: ')) e.event = line.slice(7);
      else if (line.startsWith('data: ')) e.data = line.slice(6);
    }
    out.push(e);
  }
  return out;
}

/** Opens the stream and collects blocks until `until` holds (then disconnects) or the server ends it. */
function openStream(
  url: string,
  path: string,
  headers: Record<string, string>,
  until: (blocks: Sse[]) => boolean,
): Promise<{ status: number; blocks: Sse[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url + path, { headers }, (res) => {
      let body = '';
      const done = () => resolve({ status: res.statusCode ?? 0, blocks: parseSse(body), body });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // only complete blocks count
        if (until(parseSse(body.slice(0, body.lastIndexOf('\n\n') + 2)))) {
          req.destroy();
          done();
        }
      });
      res.on('end', done);
    });
    req.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err)));
    req.end();
  });
}

/** The body of a chunked HTTP/1.1 response (read as latin1, so lengths are bytes). */
function dechunk(s: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const j = s.indexOf('\r\n', i);
    if (j < 0) break;
    const size = Number.parseInt(s.slice(i, j), 16);
    if (!size) break;
    out += s.slice(j + 2, j + 2 + size);
    i = j + 2 + size + 2;
  }
  return out;
}

const ids = (blocks: Sse[]) => blocks.filter((b) => b.id !== undefined).map((b) => b.id!);

describe(`event log end to end: emission, pull feed, live stream (${runtime})`, () => {
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let api: RunningApi;
  let fund: string;
  let free: string;
  let firstRun: Record<string, number>;

  const counts = async () =>
    Object.fromEntries(
      (
        await database.query<{ type: string; n: number }>(
          'select type, count(*)::int as n from events group by type',
        )
      ).map((r) => [r.type, r.n]),
    );
  const tokenFor = async (key: string, query = '') => {
    const r = await api.get(`/v1/events/stream-token${query}`, { key });
    expect(r.status).toBe(200);
    return (await r.json()).data.token as string;
  };

  beforeAll(async () => {
    database = await createApiTestDatabase();
    env = await createTestServices(database);
    const deps = env.services.deps();
    await runPartition(companiesJob as DatasetJob, APPLE, deps);
    await runPartition(filingsJob as DatasetJob, APPLE, deps);
    await runPartition(filingItemsJob as DatasetJob, `acc:${APPLE_8K}`, deps);
    await runPartition(companiesJob as DatasetJob, 'tickers', deps); // Alphabet's ticker (no submissions captured)
    await runPartition(financialsJob as DatasetJob, ALPHABET, deps);
    firstRun = await counts();
    api = await startApi(database, { env: { EVENTS_HEARTBEAT_MS: '150' } });
    fund = (await accountWithKey(database, 'fund')).key;
    free = (await accountWithKey(database, 'free')).key;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
  });

  it('a load of real fixtures emits each fact once, in its transaction; a re-run emits nothing', async () => {
    const [{ n: filings }] = (await database.query<{ n: number }>(
      `select count(*)::int as n from filings where cik = 320193 and filing_type = any($1::text[])`,
      [[...SUPPORTED_FILING_TYPES]],
    )) as [{ n: number }];
    expect(filings).toBeGreaterThan(100);
    // one financials.updated per statement version (period, report period, filing date) of Alphabet's
    // companyfacts; restated when an earlier version of the same period exists
    const [versions] = await database.query<{ n: number; restated: number }>(
      `select count(*)::int as n, count(*) filter (where restated)::int as restated from (
         select bool_or(exists (select 1 from financial_statements o where o.cik = s.cik and o.statement = s.statement
           and o.period = s.period and o.report_period = s.report_period and o.known_from < s.known_from)) as restated
           from financial_statements s where s.cik = 1652044 and s.statement <> 'metrics'
          group by s.period, s.report_period, s.known_from) v`,
    );
    expect(versions!.n).toBeGreaterThan(50);
    expect(versions!.restated).toBeGreaterThan(0);
    const { 'corporate_event.published': registry, ...rest } = firstRun;
    expect(rest).toEqual({
      'filing.published': filings,
      'filing_items.published': 1,
      '8k_event.published': 2,
      'financials.updated': versions!.n,
    });
    expect(registry).toBe(3); // Apple's three former names (the ticker snapshot states no corporate event)
    const [restated] = await database.query<{ n: number }>(
      `select count(*)::int as n from events where type = 'financials.updated' and (data->>'restated')::boolean`,
    );
    expect(restated!.n).toBe(versions!.restated);
    const googl = await database.query<{ data: Record<string, unknown> }>(
      `select data from events where type = 'financials.updated' and data->>'period' = 'ttm'
          and data->>'report_period' = '2026-03-31' and data->>'known_from' = '2026-04-30'`,
    );
    expect(googl.map((r) => r.data)).toEqual([EVENT_TYPE_BY_NAME.get('financials.updated')!.example.data]);
    // the same partitions again (and a reparse of the 8-K): identical rows, no event
    const deps = env.services.deps();
    await runPartition(companiesJob as DatasetJob, APPLE, deps);
    await runPartition(filingsJob as DatasetJob, APPLE, deps);
    await runPartition(filingItemsJob as DatasetJob, `acc:${APPLE_8K}`, deps);
    await runPartition(financialsJob as DatasetJob, ALPHABET, deps);
    expect(await counts()).toEqual(firstRun);
    const [seq] = await database.query<{ max: string; n: number }>(
      'select max(sequence)::text as max, count(*)::int as n from events',
    );
    expect(Number(seq!.max)).toBe(seq!.n); // gap-free from 1
  });

  it('event payloads carry the real filing facts and equal the catalog examples built from them', async () => {
    const rows = await database.query<{ type: string; data: Record<string, unknown>; accepted_at: Date }>(
      `select type, data, accepted_at from events
        where data->>'accession_number' in ('0000320193-23-000077', $1) or type = 'corporate_event.published'
        order by sequence`,
      [APPLE_8K],
    );
    const q10 = rows.find(
      (r) => r.type === 'filing.published' && r.data.accession_number === '0000320193-23-000077',
    );
    // submissions JSON: acceptanceDateTime 2023-08-03T18:04:43 (Eastern), filed 2023-08-04, period 2023-07-01
    expect(q10?.data).toEqual(EVENT_TYPE_BY_NAME.get('filing.published')!.example.data);
    expect(new Date(q10!.accepted_at).toISOString()).toBe('2023-08-03T22:04:43.000Z');
    const items = rows.filter((r) => r.type === '8k_event.published').map((r) => r.data);
    expect(items.map((d) => [d.item_as_filed, d.item, d.item_name, d.family])).toEqual([
      ['5', '8.01', 'Other Events', 'other'],
      ['7', '9.01', 'Financial Statements and Exhibits', 'other'],
    ]);
    expect(items[0]).toEqual(EVENT_TYPE_BY_NAME.get('8k_event.published')!.example.data);
    const split = rows.find((r) => r.type === 'filing_items.published');
    expect(split?.data).toEqual(EVENT_TYPE_BY_NAME.get('filing_items.published')!.example.data);
    const renamed = rows.filter((r) => r.type === 'corporate_event.published').map((r) => r.data);
    expect(renamed).toContainEqual(EVENT_TYPE_BY_NAME.get('corporate_event.published')!.example.data);
  });

  it('history is kept out of the live log: only facts within EVENTS_MAX_AGE_DAYS of detection are pushed', () => {
    // the 10-Q above, accepted 2023-08-03: pushed when seen two days later, not when a backfill finds it in 2026
    expect(withinMaxAge('2023-08-03T22:04:43Z', '2023-08-05T22:00:00Z', 7)).toBe(true);
    expect(withinMaxAge('2023-08-03T22:04:43Z', '2026-11-29T01:48:42Z', 7)).toBe(false);
    expect(withinMaxAge('2023-08-03T22:04:43Z', '2026-11-29T01:48:42Z', 0)).toBe(true);
  });

  it('serves the catalog free, with each type gated by its dataset plan', async () => {
    const r = await api.get('/v1/events/types', { key: free });
    expect(r.status).toBe(200);
    const body = await r.json();
    const plans = Object.fromEntries(
      body.data.map((t: { type: string; min_plan: string }) => [t.type, t.min_plan]),
    );
    expect(plans).toEqual({
      'filing.published': 'free',
      'filing_items.published': 'free',
      '8k_event.published': 'fund',
      'insider_trade.published': 'professional',
      'institutional_holdings.published': 'professional',
      'financials.updated': 'free',
      'news_event.published': 'fund',
      'news_article.published': 'fund',
      'corporate_event.published': 'free',
      'earnings.published': 'fund',
      'guidance.changed': 'fund',
      // issue 27
      'private_offering.published': 'fund',
      'fund_holdings.published': 'fund',
    });
    expect((await api.get('/v1/events/types')).status).toBe(401);
  });

  it('pages the pull feed by cursor and by after, in sequence order, without gap or duplicate', async () => {
    const all: number[] = [];
    let after = '0';
    for (let i = 0; i < 20; i++) {
      const r = await api.get(`/v1/events?after=${after}&limit=100`, { key: fund });
      expect(r.status).toBe(200);
      const b = await r.json();
      all.push(...b.data.map((e: { sequence: number }) => e.sequence));
      if (!b.next_cursor) break;
      after = b.next_cursor; // a next_cursor is also a valid `after`
    }
    const total = Object.values(firstRun).reduce((a, b) => a + b, 0);
    expect(all).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    // the platform cursor (same filters) continues where the page ended
    const p1 = await (await api.get('/v1/events?types=filing.published&limit=50', { key: fund })).json();
    const p2 = await (
      await api.get(`/v1/events?types=filing.published&limit=50&cursor=${p1.next_cursor}`, { key: fund })
    ).json();
    const byAfter = await (
      await api.get(`/v1/events?types=filing.published&limit=50&after=${p1.data[49].sequence}`, { key: fund })
    ).json();
    expect(p2.data.map((e: { id: string }) => e.id)).toEqual(byAfter.data.map((e: { id: string }) => e.id));
    expect(p2.data[0].sequence).toBeGreaterThan(p1.data[49].sequence);
    // filters: forms, families, tickers
    const eightK = await (
      await api.get('/v1/events?types=filing.published&forms=8-K&limit=1000', { key: fund })
    ).json();
    expect(eightK.data.length).toBeGreaterThan(0);
    expect(new Set(eightK.data.map((e: { data: { form: string } }) => e.data.form))).toEqual(
      new Set(['8-K']),
    );
    const fam = await (await api.get('/v1/events?families=other', { key: fund })).json();
    expect(fam.data.map((e: { data: { item: string } }) => e.data.item)).toEqual(['8.01', '9.01']);
    const none = await (await api.get('/v1/events?tickers=MSFT', { key: fund })).json();
    expect(none).toMatchObject({ data: [], next_cursor: null });
  });

  it('gates types by plan (402 naming dataset and plan), and refuses unknown parameters (400)', async () => {
    const r = await api.get('/v1/events?types=8k_event.published', { key: free });
    expect(r.status).toBe(402);
    const b = await r.json();
    expect(b.error.message).toBe(
      "The 8-K events dataset requires the Fund plan or higher; this key's account is on the Free plan. Please upgrade your plan.",
    );
    // without types, a Free key reads the types its plan allows
    const mine = await (await api.get('/v1/events?limit=1000', { key: free })).json();
    expect(new Set(mine.data.map((e: { type: string }) => e.type))).toEqual(
      new Set([
        'filing.published',
        'filing_items.published',
        'corporate_event.published',
        'financials.updated',
      ]),
    );
    const bad = await api.get('/v1/events?tickr=AAPL', { key: fund });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^Unknown query parameter 'tickr'/);
    const unknownType = await api.get('/v1/events?types=filing.deleted', { key: fund });
    expect(unknownType.status).toBe(400);
    const badAfter = await api.get('/v1/events?after=-3', { key: fund });
    expect(badAfter.status).toBe(400);
    expect((await api.get('/v1/events/stream-token?types=news_event.published', { key: free })).status).toBe(
      402,
    );
  });

  it('streams events as SSE, resumes with Last-Event-ID without gap or duplicate, wakes on new events, beats', async () => {
    const q = '?types=filing.published,8k_event.published';
    const expected = (
      await database.query<{ s: string }>(
        `select sequence::text as s from events where type in ('filing.published','8k_event.published') order by sequence`,
      )
    ).map((r) => Number(r.s));
    // first connection: read 40 events, then hang up
    const first = await openStream(
      api.url,
      `/v1/events/stream?token=${await tokenFor(fund, q)}&after=0`,
      {},
      (b) => ids(b).length >= 40,
    );
    expect(first.status).toBe(200);
    const got = ids(first.blocks);
    const lastId = got[got.length - 1]!;
    // second connection: a new token, Last-Event-ID = the last id received; read to the end of the log
    const second = await openStream(
      api.url,
      `/v1/events/stream?token=${await tokenFor(fund, q)}`,
      { 'last-event-id': String(lastId) },
      (b) => ids(b).includes(expected[expected.length - 1]!),
    );
    const all = [...got, ...ids(second.blocks)];
    expect(all).toEqual(expected);
    const firstEvent = first.blocks.find((b) => b.id !== undefined)!;
    expect(firstEvent.event).toBe(JSON.parse(firstEvent.data!).type);
    // live: a connection at the end of the log hears a new event (woken by LISTEN / the poll) and heartbeats
    const live = openStream(
      api.url,
      `/v1/events/stream?token=${await tokenFor(fund, q)}`,
      {},
      (b) => ids(b).length >= 1 && b.some((x) => x.comment?.startsWith('heartbeat')),
    );
    await new Promise((r) => setTimeout(r, 300));
    const fresh: NewEvent = {
      type: 'filing.published',
      key: 'live-test:0000320193',
      occurredAt: '2026-11-29',
      detectedAt: new Date().toISOString(),
      companyId: 'cmp_256ba6d445efa9b724e6',
      ticker: 'AAPL',
      data: { accession_number: 'live-test', form: '8-K', links: { self: '/v1/filings?cik=320193' } },
    };
    await database.db.transaction((tx) => appendEvents(tx, [fresh]));
    const heard = await live;
    const [{ max }] = (await database.query<{ max: string }>(
      'select max(sequence)::text as max from events',
    )) as [{ max: string }];
    expect(ids(heard.blocks)).toEqual([Number(max)]);
    expect(heard.blocks.some((b) => b.comment?.startsWith('heartbeat'))).toBe(true);
  });

  it("the banner's curl -N line (token, then stream) prints the log's events", async () => {
    const child = spawn('sh', ['-c', streamDemoCall(api.url, fund)]);
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event in 20 s: ${out.slice(0, 300)}`)), 20_000);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        if (out.includes('event: 8k_event.published')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill();
    const blocks = parseSse(out.slice(0, out.lastIndexOf('\n\n') + 2));
    expect(blocks.find((b) => b.event === 'filing.published')?.id).toBe(Math.min(...ids(blocks)));
  }, 30_000);

  it('a stream token is single-use and expires (401 in the standard body)', async () => {
    const token = await tokenFor(fund);
    const ok = await openStream(api.url, `/v1/events/stream?token=${token}`, {}, (b) => b.length >= 1);
    expect(ok.status).toBe(200);
    const again = await api.get(`/v1/events/stream?token=${token}`);
    expect(again.status).toBe(401);
    const body = await again.json();
    expect(body).toMatchObject({ success: false, error: { statusCode: 401, path: '/v1/events/stream' } });
    expect(body.error.message).toMatch(/already used stream token/);
    const late = await tokenFor(fund);
    await database.query(
      `update event_stream_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await api.get(`/v1/events/stream?token=${late}`)).status).toBe(401);
    expect((await api.get('/v1/events/stream')).status).toBe(401);
    const unknown = await api.get(`/v1/events/stream?token=${await tokenFor(fund)}&types=filing.published`);
    expect(unknown.status).toBe(400);
  });

  it('drops a client that does not read, with a final error naming the sequence to resume after', async () => {
    const slowApi = await startApi(database, { env: { EVENTS_STREAM_BUFFER_BYTES: '65536' } });
    try {
      const r = await slowApi.get('/v1/events/stream-token?types=filing.published&tickers=ZZSLOW', {
        key: fund,
      });
      const token = (await r.json()).data.token as string;
      const port = new URL(slowApi.url).port;
      const socket = connect(Number(port), '127.0.0.1');
      let raw = '';
      socket.setEncoding('latin1');
      socket.on('data', (c: string) => {
        raw += c;
      });
      socket.write(`GET /v1/events/stream?token=${token}&after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await new Promise((res) => setTimeout(res, 200));
      socket.pause(); // the client stops reading
      const pad = 'x'.repeat(18_000);
      for (let batch = 0; batch < 12; batch++) {
        const events: NewEvent[] = Array.from({ length: 100 }, (_, i) => ({
          type: 'filing.published',
          key: `slow:${batch}:${i}`,
          occurredAt: '2026-11-29',
          detectedAt: '2026-11-29T02:00:00Z',
          ticker: 'ZZSLOW',
          data: { form: '8-K', pad, links: { self: null } },
        }));
        await database.db.transaction((tx) => appendEvents(tx, events));
      }
      const deadline = Date.now() + 20_000;
      while (!slowApi.logs.some((l) => l.includes('client dropped')) && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 100));
      expect(slowApi.logs.some((l) => l.includes('client dropped'))).toBe(true);
      socket.resume(); // read what was buffered: the events, then the error
      await new Promise<void>((res) => {
        socket.on('end', () => res());
        socket.on('data', () => raw.endsWith('\r\n0\r\n\r\n') && res());
      });
      socket.destroy();
      const body = dechunk(raw.slice(raw.indexOf('\r\n\r\n') + 4));
      const blocks = parseSse(body);
      const got = ids(blocks);
      const last = blocks.filter((b) => b.event === 'error').pop();
      expect(got.length).toBeGreaterThan(0);
      expect(got.length).toBeLessThan(1200);
      expect(JSON.parse(last!.data!)).toMatchObject({
        error: 'slow_consumer',
        resume_after: got[got.length - 1],
      });
      // consecutive: nothing skipped before the drop
      const all = (
        await database.query<{ s: string }>(
          `select sequence::text as s from events where ticker = 'ZZSLOW' order by sequence`,
        )
      ).map((x) => Number(x.s));
      expect(got).toEqual(all.slice(0, got.length));
    } finally {
      await slowApi.close();
    }
  }, 60_000);
});
