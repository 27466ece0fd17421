/**
 * Retrieval benchmark (issue 13). Run: `npm run bench retrieval` (Postgres at DATABASE_URL, pgvector
 * installed) or `node --import tsx bench/retrieval.bench.ts`.
 * - embedding: chunks/s of the offline model over the real transcript chunks (2 cores, shared); the
 *   vectors are cached in the OS temp directory, so only a first run (or `BENCH_EMBED=1`) measures it.
 * - at N chunks (`BENCH_CHUNKS`, default 10,000; `BENCH_CHUNKS=1000000` for the 1M case): the real chunks
 *   with their real vectors once, then copies made inside the database (one synthetic document per copy,
 *   each vector perturbed by uniform noise of +-0.01 per dimension and re-normalised, `setseed` fixed), so
 *   a 1M load never passes 1M vectors through JavaScript. Indexes are dropped for the load and built after
 *   it: GIN (full text) and HNSW (m 16, ef_construction 64, `maintenance_work_mem` from
 *   `BENCH_MAINTENANCE_WORK_MEM`, default 2GB on Postgres and 512MB on PGlite), each build timed.
 * - latency: p50/p99 of `POST /v1/retrieve` over real HTTP (the evaluation questions, sequential, rerank on,
 *   a warm-up round first), and the same questions split into their parts (query embedding, the vector
 *   query, the full-text query, the word-vector neighbours and their full-text query, the rerank pass) so
 *   a slow request says where its time goes; whether the vector query's plan uses the HNSW index
 *   (EXPLAIN); and, as a same-run baseline, the full-text query without its bound
 *   (`fulltextUnboundedMs`: every match ranked, FULLTEXT_CANDIDATES off).
 * - baseline of the same run: the same HTTP requests with the HNSW index dropped (exact scan), by default
 *   only up to 100k chunks (`BENCH_EXACT=1` forces it).
 * `BENCH_TARGETS` = `pglite,postgres` (default) or one of them. Prints one JSON object.
 * `BENCH_DB=<name>` (Postgres only): a named database on the DATABASE_URL server instead of a throwaway one,
 *   kept after the run; a later run finding it with BENCH_CHUNKS chunks and both indexes reuses it (no load,
 *   no index builds: `reused: true`, the build figures null), so the query side of the 1M case can be
 *   measured again without the ~25 min build. Anything else in it is dropped and rebuilt.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createAccount, createApiKey } from '../api/platform/accounts.ts';
import { embeddingText } from '../api/retrieval/query.ts';
import { rerankCandidates, WEIGHTS } from '../api/retrieval/rerank.ts';
import {
  EXPAND,
  FUSION,
  fulltextSearch,
  fuse,
  neighbourWords,
  RERANK_POOL,
  vectorSearch,
} from '../api/retrieval/search.ts';
import { buildApp } from '../api/server.ts';
import { QUESTIONS } from '../cli/quality/retrieval-questions.ts';
import { parseTranscript } from '../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../jobs/retrieval/sources.ts';
import { loadConfig } from '../lib/config.ts';
import { type Database, openDatabase } from '../lib/db.ts';
import { embedderFromEnv, vectorLiteral } from '../lib/embeddings.ts';
import { createLogger } from '../lib/logger.ts';
import { wordVectors } from '../lib/word-vectors.ts';
import { loadRetrievalDocuments } from '../loaders/retrieval.ts';
import { type BuiltDocument, transcriptDocument } from '../parsers/retrieval/documents.ts';
import { throwawayDatabase } from './db.ts';

const N = Number(process.env.BENCH_CHUNKS ?? 10_000);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const EXACT = process.env.BENCH_EXACT ? process.env.BENCH_EXACT === '1' : N <= 100_000;
const FIXTURES = fileURLToPath(new URL('../fixtures/upstream/', import.meta.url));
/** Copies made per statement: one short statement each, with a progress line. */
const COPY_BATCH = Math.max(1, Math.floor(50_000 / 600));

const docs: BuiltDocument[] = TRANSCRIPT_URLS.map((url) => {
  const p = parseTranscript(readFileSync(`${FIXTURES}${url.slice(8)}`, 'utf8'), url);
  return transcriptDocument(p.document, p.warnings, null);
});
const chunks = docs.flatMap((d) => d.chunks);

const embedder = await embedderFromEnv();
// The chunks' vectors are kept in the OS temp directory, keyed by the model and the texts, so a second run
// (the 1M case after the 10k one) does not embed them again; `embedding` is then null in the output.
const CACHE = join(
  tmpdir(),
  `findata-bench-retrieval-${createHash('sha256')
    .update(embedder.model)
    .update(chunks.map((c) => c.text).join('\u0000'))
    .digest('hex')
    .slice(0, 16)}.json`,
);
let embedSeconds: number | null = null;
let vectors: number[][];
if (existsSync(CACHE) && process.env.BENCH_EMBED !== '1') vectors = JSON.parse(readFileSync(CACHE, 'utf8'));
else {
  const t0 = performance.now();
  vectors = await embedder.embed(chunks.map((c) => c.text));
  embedSeconds = (performance.now() - t0) / 1000;
  writeFileSync(CACHE, JSON.stringify(vectors));
}

const secs = (ms: number) => Math.round(ms / 10) / 100;
const log = (m: string) => process.stderr.write(`[retrieval bench ${new Date().toISOString()}] ${m}\n`);

async function load(database: Database) {
  const started = performance.now();
  await database.query('drop index if exists retrieval_chunks_embedding');
  await database.query('drop index if exists retrieval_chunks_tsv');
  await database.db.transaction((tx) => loadRetrievalDocuments(tx, docs));
  const base = chunks.length;
  const ids = docs.map((d) => d.document.id);
  await database.query(
    `update retrieval_chunks c set embedding = v.e::vector, embedding_model = $1, embedding_dimensions = 512
       from unnest($2::text[], $3::text[]) as v(id, e) where c.id = v.id`,
    [embedder.model, chunks.map((c) => c.id), vectors.map(vectorLiteral)],
  );
  const copies = Math.ceil(N / base);
  await database.query('select setseed(0.42)');
  for (let k = 1; k < copies; k += COPY_BATCH) {
    const last = Math.min(copies - 1, k + COPY_BATCH - 1);
    const room = N - base * k;
    await database.query(
      `insert into retrieval_documents (id, document_type, ticker, year, quarter, title, source_url, indexed_at)
       select d.id || '_' || k, d.document_type, d.ticker || k, d.year, d.quarter, d.title, d.source_url, now()
         from retrieval_documents d cross join generate_series($1::int, $2::int) k
        where d.id = any($3::text[])`,
      [k, last, ids],
    );
    await database.query(
      `insert into retrieval_chunks (id, document_id, segment_sequence, char_start, char_end, text, embedding,
                                     embedding_model, embedding_dimensions)
       select c.id || '_' || k, c.document_id || '_' || k, c.segment_sequence, c.char_start, c.char_end, c.text,
              l2_normalize((select array_agg(x + (random() - 0.5) * 0.02 order by i)
                              from unnest(c.embedding::real[]) with ordinality as u(x, i))::vector),
              c.embedding_model, 512
         from (select * from retrieval_chunks where document_id = any($4::text[])) c
              cross join generate_series($1::int, $2::int) k
        order by k, c.id limit $3`,
      [k, last, room, ids],
    );
    if (((k - 1) / COPY_BATCH) % 10 === 0) log(`loaded ${Math.min(N, base * (last + 1))} chunks`);
  }
  const [{ n }] = (await database.query<{ n: number }>(
    'select count(*)::int as n from retrieval_chunks',
  )) as [{ n: number }];
  const loadSeconds = secs(performance.now() - started);
  const s = performance.now();
  await database.query('create index retrieval_chunks_tsv on retrieval_chunks using gin (tsv)');
  const ginSeconds = secs(performance.now() - s);
  log(`loaded ${n} chunks in ${loadSeconds} s, GIN in ${ginSeconds} s`);
  return { chunks: n, loadSeconds, ginBuildSeconds: ginSeconds };
}

async function buildHnsw(database: Database, pglite: boolean) {
  const mem = process.env.BENCH_MAINTENANCE_WORK_MEM ?? (pglite ? '512MB' : '2GB');
  const s = performance.now();
  // one session: the setting holds for the build (a pool may hand out another connection otherwise)
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '${mem}'`));
    await tx.execute(
      sql.raw(
        'create index retrieval_chunks_embedding on retrieval_chunks using hnsw (embedding vector_cosine_ops)',
      ),
    );
  });
  const seconds = secs(performance.now() - s);
  log(`HNSW built in ${seconds} s (maintenance_work_mem ${mem})`);
  return { seconds, maintenanceWorkMem: mem };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};
const stats = (xs: number[]) => ({ p50: pct(xs, 50), p99: pct(xs, 99) });

async function latencies(database: Database, label: string) {
  const app = await buildApp({
    database,
    config: loadConfig({ NODE_ENV: 'test', CURSOR_SECRET: 'bench-cursor-secret-0123456789' }),
    logger: createLogger('silent'),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const account = await createAccount(database, { name: `bench ${label}`, plan: 'fund', credits: 1_000_000 });
  const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });
  const ms: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const q of QUESTIONS) {
      const s = performance.now();
      const r = await fetch(`http://127.0.0.1:${port}/v1/retrieve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: `${q.q}${round ? ' ' : ''}`, top_k: 10, rerank: true }),
      });
      await r.json();
      if (r.status !== 200) throw new Error(`retrieve answered ${r.status}`);
      if (round > 0) ms.push(performance.now() - s); // round 0 warms up
    }
  }
  await app.close();
  return { ...stats(ms), requests: ms.length };
}

/** The parts of one rerank request, timed alone (same process, no HTTP). */
async function parts(database: Database) {
  const t = {
    embed: [] as number[],
    vector: [] as number[],
    fulltext: [] as number[],
    fulltextUnbounded: [] as number[],
    neighbours: [] as number[],
    neighbourFulltext: [] as number[],
    rerank: [] as number[],
  };
  const time = async <T>(xs: number[], f: () => Promise<T> | T): Promise<T> => {
    const s = performance.now();
    const r = await f();
    xs.push(performance.now() - s);
    return r;
  };
  const words = await wordVectors();
  for (const q of QUESTIONS) {
    const [qv] = await time(t.embed, () => embedder.embed([embeddingText(q.q)]));
    const v = await time(t.vector, () => vectorSearch(database, qv!, {}, embedder.model, FUSION.candidates));
    const f = await time(t.fulltext, () =>
      fulltextSearch(database, q.q, qv!, {}, embedder.model, FUSION.candidates),
    );
    // same-run baseline: the full-text query ranking every match (FULLTEXT_CANDIDATES off)
    await time(t.fulltextUnbounded, () =>
      fulltextSearch(database, q.q, qv!, {}, embedder.model, FUSION.candidates, null),
    );
    // the rerank's third list: the query words' word-vector neighbours, one more full-text query
    const near = await time(t.neighbours, () => neighbourWords(q.q, words));
    const nb = await time(t.neighbourFulltext, () =>
      near.length ? fulltextSearch(database, near.join(' '), qv!, {}, embedder.model, FUSION.candidates) : [],
    );
    const fused = fuse([
      { hits: v, weight: FUSION.vectorWeight },
      { hits: f, weight: FUSION.fulltextWeight },
      { hits: nb, weight: EXPAND.weight },
    ]);
    await time(t.rerank, () => rerankCandidates(q.q, fused.slice(0, RERANK_POOL), WEIGHTS, words));
  }
  const [plan] = await database.query<{ 'QUERY PLAN': unknown }>(
    `explain (format json) select c.id from retrieval_chunks c join retrieval_documents d on d.id = c.document_id
      where c.embedding_model = $2 order by c.embedding <=> $1::vector limit 100`,
    [vectorLiteral(vectors[0]!), embedder.model],
  );
  return {
    embedMs: stats(t.embed),
    vectorQueryMs: stats(t.vector),
    fulltextQueryMs: stats(t.fulltext),
    fulltextUnboundedMs: stats(t.fulltextUnbounded),
    neighbourWordsMs: stats(t.neighbours),
    neighbourFulltextQueryMs: stats(t.neighbourFulltext),
    rerankMs: stats(t.rerank),
    vectorPlanUsesHnsw: JSON.stringify(plan).includes('retrieval_chunks_embedding'),
  };
}

async function run(database: Database, pglite: boolean, reuse = false) {
  const loaded = reuse
    ? { chunks: N, loadSeconds: null, ginBuildSeconds: null, reused: true }
    : await load(database);
  const exact = EXACT ? await latencies(database, 'exact') : null;
  const hnswBuild = reuse ? null : await buildHnsw(database, pglite);
  await database.query('analyze retrieval_chunks');
  const hnsw = await latencies(database, 'hnsw');
  log(`retrieve p50 ${hnsw.p50} ms p99 ${hnsw.p99} ms`);
  return {
    ...loaded,
    hnswBuild,
    hnsw,
    parts: await parts(database),
    exactScan: exact,
    ...(exact ? { p99Ratio: Math.round((hnsw.p99 / exact.p99) * 100) / 100 } : {}),
  };
}

const out: Record<string, unknown> = {
  name: 'retrieval',
  model: embedder.model,
  embedding:
    embedSeconds === null
      ? null
      : {
          chunks: chunks.length,
          seconds: Math.round(embedSeconds * 10) / 10,
          chunksPerSecond: Math.round((chunks.length / embedSeconds) * 10) / 10,
        },
};
if (TARGETS.includes('pglite')) {
  const pglite = await openDatabase({ dataDir: 'memory://' });
  await pglite.migrate();
  out.pglite = await run(pglite, true);
  await pglite.close();
}
if (TARGETS.includes('postgres') && process.env.DATABASE_URL && process.env.BENCH_DB) {
  const name = process.env.BENCH_DB;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DB ${name}: lower-case letters, digits, _`);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  let reuse = false;
  if (exists) {
    const probe = await openDatabase({ databaseUrl: url.toString() });
    try {
      const [row] = await probe.query<{ n: number; idx: number }>(
        `select (select count(*)::int from retrieval_chunks) as n,
                (select count(*)::int from pg_indexes
                  where indexname in ('retrieval_chunks_tsv', 'retrieval_chunks_embedding')) as idx`,
      );
      reuse = row?.n === N && row.idx === 2;
    } catch {
      reuse = false;
    } finally {
      await probe.close();
    }
  }
  if (!reuse) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  log(reuse ? `reusing database ${name}` : `building database ${name} (kept after the run)`);
  const pgdb = await openDatabase({ databaseUrl: url.toString() });
  try {
    await pgdb.migrate();
    out.postgres = await run(pgdb, false, reuse);
  } finally {
    await pgdb.close();
  }
} else if (TARGETS.includes('postgres') && process.env.DATABASE_URL) {
  const db = await throwawayDatabase(process.env.DATABASE_URL, 'bench_retrieval');
  const pgdb = await openDatabase({ databaseUrl: db.url });
  try {
    await pgdb.migrate();
    out.postgres = await run(pgdb, false);
  } finally {
    await pgdb.close();
    await db.drop();
  }
}
process.stdout.write(`${JSON.stringify(out)}\n`);
