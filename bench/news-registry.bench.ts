/**
 * The news loader's registry at scale: N companies and M current subsidiary aliases, then news batches loaded one after
 * another. Run: `node --import tsx bench/news-registry.bench.ts [companies] [aliases] [loads]` (default 10000 500000 5);
 * on Postgres with DATABASE_URL (a scratch database beside it, dropped after), else on an in-memory PGlite.
 *
 * Names are real, rewritten the way the rehearsal generator (bench/rehearse) scales captured files: company i takes the
 * name of filer i mod n of SEC's captured ticker file (fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json,
 * ~9,400 filers) with a copy number put in past the first n; subsidiary j of company i takes hand-read Exhibit 21 name
 * j mod s (fixtures/news/ex21/LABELS.json) with its first word replaced by the parent's first word and the parent's copy
 * number, so every company has its own subsidiaries, as filers do.
 *
 * Per batch (one real feed, fixtures/news/CNBC_top-news-and-analysis_RSS_2014-03-13.xml, loaded in its own
 * transaction) it reports: `uncached_ms`, the load with the registry cache cleared first (marker, hashes, read and full
 * compile); `cached_ms`, the load with the cache warm; `after_one_alias_ms`, the load after one alias row was added;
 * `after_one_company_renamed_ms` and `after_100_companies_renamed_ms`, the load after one company's name changed and
 * after 100 companies' did (the cache warm before each: since h-regcache the cached index is patched for the changed
 * companies). The parts: `marker_ms` (the change marker's aggregate), `company_hashes_ms` (the per-company hashes of all
 * four tables, as a cold load reads them), `registry_after_one_alias_ms`, `registry_after_one_renamed_ms` / `registry_after_100_renamed_ms` (registryFor
 * alone after the same change again, and `registry_update`: patched or compiled), `read_ms` (loadRegistry), `compile_cold_ms` (the run's
 * first full compile, no name key known) and `compile_warm_ms` (later ones, the subsidiary keys known);
 * `loadavg_1m_end`, the host's load at the end. Medians.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Database, openDatabase } from '../lib/db.ts';
import {
  clearRegistryCache,
  companyHashes,
  loadNews,
  loadRegistry,
  registryFor,
  registryMarker,
} from '../loaders/news.ts';
import { parseCompanyTickersExchange } from '../parsers/edgar/company-tickers.ts';
import { channelOf } from '../parsers/news/channel.ts';
import { parseFeed } from '../parsers/news/feed.ts';
import { buildRegistryIndex } from '../parsers/news/link.ts';
import { throwawayDatabase } from './db.ts';

const N = Number(process.argv[2] ?? 10_000);
const M = Number(process.argv[3] ?? 500_000);
const LOADS = Number(process.argv[4] ?? 5);
const root = new URL('../', import.meta.url);
const ctx = { url: 'bench', fetchedAt: '2026-11-30T00:00:00.000Z' };
const tickers = parseCompanyTickersExchange(
  readFileSync(new URL('fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', root), 'utf8'),
  ctx,
).rows;
const labels = JSON.parse(readFileSync(new URL('fixtures/news/ex21/LABELS.json', root), 'utf8')) as Record<
  string,
  Record<string, { names?: string[] }>
>;
const subNames = Object.values(labels)
  .flatMap((g) => Object.values(g))
  .flatMap((f) => (Array.isArray(f?.names) ? f.names : []))
  .filter((n) => n.includes(' '));
const feed = readFileSync(new URL('fixtures/news/CNBC_top-news-and-analysis_RSS_2014-03-13.xml', root));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function seed(database: Database): Promise<void> {
  const ids: string[] = [];
  const names: string[] = [];
  const tick: (string | null)[] = [];
  const ciks: (string | null)[] = [];
  const first: string[] = [];
  for (let i = 0; i < N; i++) {
    const t = tickers[i % tickers.length] as (typeof tickers)[number];
    const copy = Math.floor(i / tickers.length);
    const name = copy ? t.name.replace(/^(\S+)/, `$1 ${copy + 1}`) : t.name;
    ids.push(`cmp_bench${i}`);
    names.push(name);
    tick.push(copy ? null : t.ticker);
    ciks.push(copy ? null : t.cik);
    first.push(
      `${(name.split(' ')[0] as string).replace(/[^A-Za-z0-9&-]/g, '')}${copy ? ` ${copy + 1}` : ''}`,
    );
  }
  await database.query(
    `insert into companies (company_id, company_name, primary_ticker, cik, as_of_date, source_url, fetched_at)
     select c, n, t, k, '2026-11-30', 'bench', now() from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(c, n, t, k)`,
    [ids, names, tick, ciks],
  );
  const per = Math.ceil(M / N);
  const CHUNK = 50_000;
  let a: { id: string[]; alias: string[]; key: string[] } = { id: [], alias: [], key: [] };
  const flush = async () => {
    if (!a.id.length) return;
    await database.query(
      `insert into company_aliases (company_id, kind, accession_number, alias, alias_key, filing_date, source_url, fetched_at)
       select c, 'subsidiary', 'bench-' || c, n, k, '2026-01-01', 'bench', now()
         from unnest($1::text[], $2::text[], $3::text[]) as u(c, n, k)
       on conflict do nothing`,
      [a.id, a.alias, a.key],
    );
    a = { id: [], alias: [], key: [] };
  };
  for (let j = 0; j < M; j++) {
    const i = Math.floor(j / per);
    const base = subNames[j % subNames.length] as string;
    const alias = `${first[i]} ${base.slice(base.indexOf(' ') + 1)}`;
    a.id.push(ids[i] as string);
    a.alias.push(alias);
    a.key.push(alias.toLowerCase().replace(/[^a-z0-9]/g, ''));
    if (a.id.length >= CHUNK) await flush();
  }
  await flush();
}

async function main() {
  const base = process.env.DATABASE_URL;
  const scratch = base ? await throwawayDatabase(base, 'newsreg') : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: 'memory://' });
  try {
    await database.migrate();
    const t0 = performance.now();
    await seed(database);
    const seeded = performance.now() - t0;
    const [{ n: aliases }] = (await database.query(
      `select count(*)::int as n from company_aliases where superseded_by is null`,
    )) as [{ n: number }];
    const parsed = parseFeed(feed, ctx);
    const items = parsed.items.map((item) => ({ item, channel: channelOf(parsed) }));
    const time = async (fn: () => Promise<unknown>) => {
      const s = performance.now();
      await fn();
      return performance.now() - s;
    };
    const uncached: number[] = [];
    const cached: number[] = [];
    const changed: number[] = [];
    const renamedOne: number[] = [];
    const renamedHundred: number[] = [];
    const patchOne: number[] = [];
    const patchAlias: number[] = [];
    const patchHundred: number[] = [];
    const hashes: number[] = [];
    const hows = new Set<string>();
    const marker: number[] = [];
    const read: number[] = [];
    const compile: number[] = [];
    for (let k = 0; k < LOADS; k++) {
      marker.push(await time(() => database.db.transaction((tx) => registryMarker(tx))));
      hashes.push(await time(() => database.db.transaction((tx) => companyHashes(tx))));
      let reg: Awaited<ReturnType<typeof loadRegistry>> = [];
      read.push(
        await time(async () => {
          reg = await database.db.transaction((tx) => loadRegistry(tx));
        }),
      );
      compile.push(await time(async () => buildRegistryIndex(reg)));
      // every load its own copy of the feed: identifiers made distinct and dates moved 3 days per copy (as the rehearsal
      // rewrites captured files), so no load meets the previous one's articles as duplicates
      const copy = (c: number) => ({
        feedUrl: `bench:${c}`,
        fetchedAt: ctx.fetchedAt,
        items: items.map(({ item, channel }) => ({
          channel,
          item: {
            ...item,
            guid: `${item.guid}#copy${c}`,
            link: item.link ? `${item.link}#copy${c}` : null,
            published_at: new Date(Date.parse(item.published_at) + c * 3 * 86_400_000).toISOString(),
          },
        })),
      });
      // alternate which of the pair goes first, so neither always meets a table the other just grew
      const runs: [number[], boolean][] =
        k % 2
          ? [
              [cached, true],
              [uncached, false],
            ]
          : [
              [uncached, false],
              [cached, true],
            ];
      for (const [i, [into, warm]] of runs.entries()) {
        if (!warm) clearRegistryCache();
        else await database.db.transaction((tx) => registryFor(tx));
        const batch = copy(2 * k + i);
        into.push(await time(() => database.db.transaction((tx) => loadNews(tx, batch))));
      }
      // one Exhibit 21 name added (a 10-K loaded between two polls): the marker changes, the registry is read and
      // compiled again, with the name keys of the names it has seen kept from the last compile
      await database.db.transaction((tx) => registryFor(tx));
      await database.query(
        `insert into company_aliases (company_id, kind, accession_number, alias, alias_key, filing_date, source_url, fetched_at)
         values ('cmp_bench0', 'subsidiary', 'bench-new', $1, $2, '2026-02-01', 'bench', now())`,
        [`Bench Added Subsidiary ${k} LLC`, `benchaddedsubsidiary${k}`],
      );
      const batch = copy(2 * LOADS + k);
      changed.push(await time(() => database.db.transaction((tx) => loadNews(tx, batch))));
      // another, the registry alone
      await database.query(
        `insert into company_aliases (company_id, kind, accession_number, alias, alias_key, filing_date, source_url, fetched_at)
         values ('cmp_bench1', 'subsidiary', 'bench-new', $1, $2, '2026-02-01', 'bench', now())`,
        [`Bench Other Subsidiary ${k} LLC`, `benchothersubsidiary${k}`],
      );
      patchAlias.push(await time(() => database.db.transaction((tx) => registryFor(tx))));
      // one company renamed (a word appended to its name), then 100 others: the load after each, the cache warm before
      for (const [into, count, at, copyAt] of [
        [renamedOne, 1, 1 + k, 3 * LOADS + k],
        [renamedHundred, 100, 1000 + 100 * k, 4 * LOADS + k],
      ] as const) {
        await database.db.transaction((tx) => registryFor(tx));
        await database.query(
          `update companies set company_name = company_name || ' Renamed${k}'
            where company_id = any($1::text[])`,
          [Array.from({ length: count }, (_, j) => `cmp_bench${(at + j) % N}`)],
        );
        const b = copy(copyAt);
        into.push(await time(() => database.db.transaction((tx) => loadNews(tx, b))));
        // the same change again, the registry alone: how it was brought up to date (patched or compiled) and in how long
        await database.query(
          `update companies set company_name = company_name || ' Again${k}'
            where company_id = any($1::text[])`,
          [Array.from({ length: count }, (_, j) => `cmp_bench${(at + 5000 + j) % N}`)],
        );
        let how = '';
        (count === 1 ? patchOne : patchHundred).push(
          await time(async () => {
            how = (await database.db.transaction((tx) => registryFor(tx))).how;
          }),
        );
        hows.add(`${count}:${how}`);
      }
    }
    process.stdout.write(
      `${JSON.stringify({
        runtime: database.kind,
        companies: N,
        current_aliases: aliases,
        items_per_batch: items.length,
        loads: LOADS,
        seed_s: Math.round(seeded / 100) / 10,
        uncached_ms: Math.round(median(uncached)),
        cached_ms: Math.round(median(cached)),
        after_one_alias_ms: Math.round(median(changed)),
        after_one_company_renamed_ms: Math.round(median(renamedOne)),
        after_100_companies_renamed_ms: Math.round(median(renamedHundred)),
        marker_ms: Math.round(median(marker)),
        company_hashes_ms: Math.round(median(hashes)),
        registry_after_one_alias_ms: Math.round(median(patchAlias)),
        registry_after_one_renamed_ms: Math.round(median(patchOne)),
        registry_after_100_renamed_ms: Math.round(median(patchHundred)),
        registry_update: [...hows].join(' '),
        read_ms: Math.round(median(read)),
        compile_cold_ms: Math.round(compile[0] as number),
        compile_warm_ms: Math.round(median(compile.slice(1))),
        loadavg_1m_end: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      })}\n`,
    );
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

await main();
