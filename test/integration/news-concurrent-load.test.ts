import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedFor } from '../../jobs/news/feeds.ts';
import { newsJob } from '../../jobs/news/news.job.ts';
import { backfill } from '../../jobs/refresh.ts';
import type { RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { emitEvents } from '../../lib/events/emit.ts';
import type { NewsParsed } from '../../loaders/news.ts';
import { createTestDatabase, tableFingerprint } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';

/**
 * Issue 26: two news feed jobs loading at once on Postgres (the 1% rehearsal's 4 workers). Each load
 * rebuilds the events of every company its articles touch as delete-then-insert (loaders/news.ts,
 * rebuildEvents). A company with events already stored: the first load deletes and re-inserts its rows; the
 * second's DELETE waits on those row locks, and once the first commits it skips the rows it waited for (they
 * are deleted) and does not see the re-inserted ones (not in its statement's snapshot), so its INSERT of the
 * same (event_id, company_id, relation) fails with a duplicate key. Even without that error, a load that
 * does not see the other's articles clusters without them. The fix serializes news loads (one transaction
 * lock), so concurrent loads end as the same loads run one after another.
 *
 * The interleaving is forced, not hoped for: the first load runs to just before its commit and holds; the
 * second starts and the test waits until Postgres reports it waiting on a lock (pg_stat_activity), then lets
 * the first commit. Real feeds: EDGAR's latest-filings pages 400 (the oldest filings, loaded first), 100 and 300 (the two the
 * rehearsal saw fail), captured the same minute, so their filers overlap.
 *
 * Postgres only: PGlite is one single-user backend in the process (one connection; its transactions run
 * one after another), so two transactions can never interleave there.
 */
const PG = Boolean(process.env.DATABASE_URL);
const FETCHED_AT = '2025-12-12T23:05:00.000Z';

function feedDoc(id: string): RawDocument {
  const url = feedFor(`feed:${id}`).url;
  const u = new URL(url);
  const bytes = readFileSync(join('fixtures', 'upstream', u.host, `${u.pathname.slice(1)}${u.search}`));
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: FETCHED_AT,
    contentType: 'application/atom+xml',
  };
}

async function parsed(id: string): Promise<NewsParsed> {
  return (await newsJob.parse([feedDoc(id)], `feed:${id}`)).rows;
}

/** A feed's load as the pipeline runs it (jobs/pipeline.ts): the load, then its events, in one transaction. */
function load(database: Database, id: string, beforeCommit?: () => Promise<void>) {
  return database.db.transaction(async (tx) => {
    const rows = await parsed(id);
    await newsJob.load(tx, rows, `feed:${id}`);
    await emitEvents(tx, 'news', { key: `feed:${id}`, rows, detectedAt: FETCHED_AT, maxAgeDays: 0 });
    await beforeCommit?.();
  });
}

const TABLES: [string, string][] = [
  ['news_articles', 'news_id'],
  ['news_company_rows', 'news_id, company_id, relation'],
  ['news_events', 'event_id, company_id, relation'],
  ['news_theme_rows', 'theme, news_id'],
];

async function snapshot(database: Database) {
  const out: Record<string, unknown> = {};
  for (const [t, order] of TABLES) out[t] = await tableFingerprint(database, t, order);
  // the event log: every event once, in the same order, with the same payload
  out.events = await database.query(
    `select id, type, md5(data::text) as data from events where type like 'news%' order by sequence`,
  );
  return out;
}

async function clear(database: Database) {
  await database.query(`truncate news_articles, news_company_rows, news_events, news_theme_rows`);
  await database.query(`delete from events where type like 'news%'`);
}

/** Resolves once another backend of this database waits on a lock (or `done` settles first). */
async function someoneWaits(database: Database, done: Promise<unknown>): Promise<boolean> {
  let settled = false;
  done.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 500 && !settled; i++) {
    const [r] = await database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (r!.n > 0) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

let database: Database;
let env: Awaited<ReturnType<typeof createTestServices>>;

beforeAll(async () => {
  if (!PG) return;
  database = await createTestDatabase();
  env = await createTestServices(database);
  expect((await backfill(env.services, env.runtime, 'companies', {})).failures).toEqual([]);
}, 60_000);

afterAll(async () => {
  await env?.close();
  await database?.close();
});

describe.skipIf(!PG)('two news feeds loading at once (Postgres)', () => {
  it('the second waits for the first, then loads without error: the same tables and events as serial loads', async () => {
    // serial: page 400 (the oldest filings), then 100, then 300
    for (const id of ['edgar-latest-400', 'edgar-latest-100', 'edgar-latest-300']) await load(database, id);
    const serial = await snapshot(database);
    // the precondition: companies that articles of all three pages reach (directly or knock-on), so page 400
    // stored their events and pages 100 and 300 both rebuild them
    const [shared] = await database.query<{ n: number }>(
      `select count(*)::int as n from (select r.company_id from news_company_rows r
         join news_articles a on a.news_id = r.news_id group by r.company_id
         having count(distinct a.source_url) = 3) s`,
    );
    expect(shared!.n).toBeGreaterThan(0);

    await clear(database);
    await load(database, 'edgar-latest-400');
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    let firstLoaded!: () => void;
    const loaded = new Promise<void>((r) => (firstLoaded = r));
    const first = load(database, 'edgar-latest-100', () => {
      firstLoaded();
      return hold;
    });
    await loaded; // the first load's rows and events are written, its transaction still open
    const second = load(database, 'edgar-latest-300');
    expect(await someoneWaits(database, second)).toBe(true);
    release();
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('fulfilled');
    expect(b.status === 'rejected' ? String((b.reason as Error).cause ?? b.reason) : 'loaded').toBe('loaded');
    expect(await snapshot(database)).toEqual(serial);
  }, 30_000);
});
