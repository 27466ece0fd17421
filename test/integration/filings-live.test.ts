import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentFeedUrl } from '../../jobs/edgar/filings-live.job.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { refresh } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { appendEvents } from '../../lib/events/log.ts';
import { liveFilingsStatus } from '../../lib/live-status.ts';
import { accountWithKey, createApiTestDatabase, startApi } from '../helpers/api.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

const runtime = process.env.DATABASE_URL ? 'Postgres + BullMQ' : 'PGlite + in-process';
const INTERVAL = 60_000;
const liveRows = (database: Database) =>
  database.query<{
    accession_number: string;
    cik: string;
    form: string;
    accepted_at: Date;
    filing_date: string;
  }>(
    `select accession_number, cik::text as cik, form, accepted_at, filing_date::text as filing_date
       from filings where source = 'live' order by accepted_at, accession_number`,
  );

describe(`filings_live: EDGAR's latest-filings feed into the filing index (${runtime})`, () => {
  let database: Database;
  let mirror: Mirror;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let clock = Date.parse('2026-11-27T15:00:00Z');

  beforeAll(async () => {
    database = await createApiTestDatabase();
    // the mirror's replay of its captured getcurrent pages, on a clock the test moves
    mirror = await startMirror({ live: { intervalMs: INTERVAL, preload: 3, now: () => clock } });
    env = await createTestServices(database, { MIRROR_URL: mirror.url, SEC_CIKS: '320193' });
  });
  afterAll(async () => {
    await env?.close();
    await mirror?.close();
    await database?.close();
  });

  it('a poll loads the new filings of the filing-index types, with the acceptance time the feed states', async () => {
    const first = await refresh(env.services, env.runtime, 'filings_live');
    expect(first.failures).toEqual([]);
    // the replay's three oldest filings (captured 2025-12-12 17:00:28-29 EST): two 8-Ks and a PRE 14A,
    // which is not a filing-index type
    const rows = await liveRows(database);
    expect(rows.map((r) => [r.accession_number, r.cik, r.form])).toEqual([
      ['0001171843-25-007921', '796505', '8-K'], // Clearfield, Inc.
      ['0001193125-25-317728', '1659323', '8-K'], // Iterum Therapeutics plc
    ]);
    // released (and re-stamped) at start: the first of three two intervals before the clock's start
    expect(rows[0]?.accepted_at).toEqual(new Date(clock - 2 * INTERVAL));
    expect(rows[0]?.filing_date).toBe('2026-11-27');
  });

  it('the next poll adds what was released since, once; an unchanged feed answers 304', async () => {
    clock += 9 * INTERVAL; // nine more filings: 12 released
    await refresh(env.services, env.runtime, 'filings_live');
    const rows = await liveRows(database);
    // of the 12 oldest, the 8-Ks of Clearfield, Iterum, CXApp, CPI Aerostructures, Matinas, Safe Pro,
    // Kindly MD and Bowen Acquisition; the PRE 14A, 424B5, 424B3, SCHEDULE 13D/A and Form 4 are not indexed
    expect(rows.map((r) => r.accession_number)).toEqual([
      '0001171843-25-007921',
      '0001193125-25-317728',
      '0001829126-25-009955',
      '0001999371-25-020225',
      '0001493152-25-027529',
      '0001493152-25-027525',
      '0001493152-25-027527',
      '0001493152-25-027528',
    ]);
    // Bowen Acquisition's, the twelfth, was released nine intervals after the first poll's newest
    expect(rows.at(-1)?.accepted_at).toEqual(new Date(clock));

    const before = mirror.requests.length;
    await refresh(env.services, env.runtime, 'filings_live');
    const polls = mirror.requests.slice(before).filter((r) => r.path.includes('action=getcurrent'));
    expect(polls).toHaveLength(1);
    expect(polls[0]?.headers['if-none-match']).toMatch(/^"live-/);
    expect(polls[0]?.status).toBe(304);
    expect(await liveRows(database)).toHaveLength(8);
  });
  it("/v1/_status reports the last poll and the lag of the last hour's filings", async () => {
    // two filings accepted 20 s and 40 s before their events, and one accepted two hours ago (a backfill)
    const now = Date.now();
    const ev = (key: string, ago: number) => ({
      type: 'filing.published',
      key,
      occurredAt: new Date(now - ago),
      acceptedAt: new Date(now - ago),
      detectedAt: new Date(now - ago + 1000),
      data: { accession_number: key },
    });
    await database.db.transaction((tx) =>
      appendEvents(tx, [ev('a-20s', 20_000), ev('b-40s', 40_000), ev('c-2h', 7_200_000)]),
    );
    const status = await liveFilingsStatus(database);
    expect(status.lag_seconds.filings).toBe(2);
    expect(status.lag_seconds.p50).toBeGreaterThanOrEqual(30);
    expect(status.lag_seconds.p50).toBeLessThan(35);
    expect(status.lag_seconds.p95).toBeGreaterThanOrEqual(39);
    expect(status.lag_seconds.p95).toBeLessThan(44);
    const api = await startApi(database, { logLevel: 'warn' });
    try {
      const { key } = await accountWithKey(database, 'free', 10);
      const res = await api.get('/v1/_status', { key });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.live_filings.lag_seconds.filings).toBe(2);
      // the last poll is the partition's last run, the third poll above
      expect(Date.parse(body.live_filings.last_poll_at)).toBeGreaterThan(now - 120_000);
    } finally {
      await api.close();
    }
  });
});

describe(`filings_live: a universe 8-K arriving on the feed is split into items at once (${runtime})`, () => {
  let database: Database;
  let mirror: Mirror;
  let root: string;
  let env: Awaited<ReturnType<typeof createTestServices>>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'live-feed-'));
    cpSync('fixtures/upstream/_errors', join(root, '_errors'), { recursive: true });
    const stage = (url: string, bytes: string | Buffer) => {
      const u = new URL(url);
      const path = join(root, u.host, `${u.pathname}${u.search}`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    };
    // The captured 2025-12-12 page (start=100), its Flux Power 8-K entry with stated substitutions naming
    // Apple's real 8-K of 1999-09-07 (accession, CIK, name, folder, date; its item lines dropped), which
    // the mirror also holds: the feed entry of a universe filing.
    const page = readFileSync(
      'fixtures/upstream/www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=100&type=&owner=include&output=atom',
      'latin1',
    );
    const flux = /<entry>\s*<title>8-K - Flux Power[\s\S]*?<\/entry>/.exec(page)![0];
    const apple = flux
      .replace('Flux Power Holdings, Inc. (0001083743)', 'APPLE COMPUTER INC (0000320193)')
      .replace(
        /data\/1083743\/000149315225027595\/0001493152-25-027595/,
        'data/320193/000032019399000010/0000320193-99-000010',
      )
      .replace(/0001493152-25-027595/g, '0000320193-99-000010')
      .replace('2025-12-12 &lt;b&gt;AccNo', '1999-09-07 &lt;b&gt;AccNo')
      .replace(/\n&lt;br&gt;Item[^\n]*/g, '');
    const head = page.slice(0, page.indexOf('<entry>'));
    stage(currentFeedUrl(0), `${head}${apple}\n</feed>\n`);
    const txt = 'www.sec.gov/Archives/edgar/data/320193/000032019399000010/0000320193-99-000010.txt';
    stage(`https://${txt}`, readFileSync(`fixtures/upstream/${txt}`));
    mirror = await startMirror({ root });
    database = await createTestDatabase();
    env = await createTestServices(database, { MIRROR_URL: mirror.url, SEC_CIKS: '320193' });
  });
  afterAll(async () => {
    await env?.close();
    await mirror?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the poll indexes it and its items follow in the same refresh', async () => {
    const r = await refresh(env.services, env.runtime, 'filings_live');
    expect(r.failures).toEqual([]);
    expect(r.reports.map((x) => [x.dataset, x.partition, x.status])).toEqual([
      ['filings_live', 'live', 'done'],
      ['filing_items', 'acc:0000320193-99-000010', 'done'],
    ]);
    const items = await database.query<{ number: string; text: string }>(
      `select number, text from filing_items where accession_number = '0000320193-99-000010' order by ordinal`,
    );
    expect(items.map((i) => i.number)).toEqual(['Item-5', 'Item-7']);
    expect(items.find((i) => i.number === 'Item-5')?.text).toMatch(
      /^Item 5\. Other Events\.\n\(i\) Reference is made to the press release/,
    );
    // a second poll of the same feed runs no follow-up again
    const again = await refresh(env.services, env.runtime, 'filings_live');
    expect(again.reports.map((x) => x.dataset)).toEqual(['filings_live']);
  });
});
