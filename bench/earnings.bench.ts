/**
 * `npm run bench -- earnings`: earnings-release parsing throughput and the earnings routes' latency.
 * - parse: every release of fixtures/earnings/press-releases plus Adobe's 2023 submission (bytes -> rows),
 *   round after round for a few seconds; `releases_per_s` against the goal of a day's ~300 Item 2.02
 *   releases in under a minute on one core (5/s). Baseline in the same run: htmlparser2's tokenizer alone
 *   over the same bytes (`ratio` = parse time / tokenizer time).
 * - routes: the real API on a throwaway Postgres (DATABASE_URL) with those releases loaded; p50/p99 of
 *   /earnings, /guidance and /guidance/changes against /v1/companies/{id}/8k-events (a keyed Fund
 *   route over an empty table) measured in the same run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { earningsReleasesJob } from '../jobs/edgar/earnings-releases.job.ts';
import type { RawDocument } from '../jobs/types.ts';
import { parseReleaseBytes } from '../parsers/earnings/release-rows.ts';
import { listenBenchApp, seedTickerRegistry } from './api-server.ts';
import { withBenchDatabase } from './db.ts';
import { round, summary } from './http-load.ts';
import { repeatFor } from './timing.ts';

const dir = new URL('../fixtures/earnings/press-releases/', import.meta.url);
const ADOBE = new URL(
  '../fixtures/upstream/www.sec.gov/Archives/edgar/data/796343/000079634323000044/0000796343-23-000044.txt',
  import.meta.url,
);
const files = [
  ...readdirSync(dir)
    .filter((f) => /\.(htm|txt)$/.test(f))
    .map((f) => readFileSync(new URL(f, dir))),
  readFileSync(ADOBE),
];
const bytes = files.reduce((n, b) => n + b.length, 0);

const parse = repeatFor(() => files.map((b) => parseReleaseBytes(b)), 4_000, 2);
const floor = repeatFor(
  () => {
    let n = 0;
    for (const b of files) {
      const p = new Parser({ ontext: () => n++ }, { decodeEntities: true });
      p.end(b.toString('latin1'));
    }
    return n;
  },
  2_000,
  2,
);
const releasesPerS = (files.length * parse.iterations * 1000) / parse.elapsed;
const parseResult = {
  releases: files.length,
  mb: Math.round(bytes / 1e4) / 100,
  releases_per_s: Math.round(releasesPerS * 10) / 10,
  ms_per_release: Math.round((parse.elapsed / (parse.iterations * files.length)) * 100) / 100,
  seconds_for_300: Math.round((300 / releasesPerS) * 10) / 10,
  ratio_vs_tokenizer:
    Math.round((parse.elapsed / parse.iterations / (floor.elapsed / floor.iterations)) * 100) / 100,
};

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const routes = await withBenchDatabase(base, async (database) => {
  await seedTickerRegistry(database);
  // Adobe's release, loaded through the job's own parse and load (50 copies under made-up accessions so the
  // pages are full; the figures are the real release's).
  const bytesAdobe = readFileSync(ADOBE);
  for (let i = 0; i < 50; i++) {
    const acc = `0000796343-23-${String(100 + i).padStart(6, '0')}`;
    await database.query(
      `insert into filings (accession_number, cik, filing_type, form, filing_date, accepted_at, items, url, source, fetched_at)
       values ($1, 796343, '8-K', '8-K', ($2::date), now(), '2.02,9.01', 'https://www.sec.gov/', 'bench', now())`,
      [acc, new Date(Date.UTC(2010, 0, 1) + i * 91 * 86_400_000).toISOString().slice(0, 10)],
    );
    const doc: RawDocument = {
      url: `https://www.sec.gov/${acc}.txt`,
      bytes: bytesAdobe,
      sha256: 'bench',
      fetchedAt: new Date().toISOString(),
      contentType: 'text/plain',
    };
    const { rows } = await earningsReleasesJob.parse([doc], `acc:${acc}`);
    await database.db.transaction((tx) => earningsReleasesJob.load(tx, rows, `acc:${acc}`));
  }
  const { app, port, key } = await listenBenchApp(database);
  const headers = { authorization: `Bearer ${key}` };
  const measure = async (path: string) => {
    await round(port, () => ({ path, headers }), 500, { concurrency: 4 });
    const rounds = [];
    for (let r = 0; r < 3; r++)
      rounds.push(await round(port, () => ({ path, headers }), 1_500, { concurrency: 4 }));
    return summary(rounds);
  };
  try {
    return {
      baseline_8k_events: await measure('/v1/companies/ADBE/8k-events'),
      earnings: await measure('/v1/companies/ADBE/earnings?limit=50'),
      guidance: await measure('/v1/companies/ADBE/guidance?limit=100'),
      guidance_changes: await measure('/v1/companies/ADBE/guidance/changes?limit=100'),
    };
  } finally {
    await app.close();
  }
});

process.stdout.write(`${JSON.stringify({ name: 'earnings', parse: parseResult, routes })}\n`);
