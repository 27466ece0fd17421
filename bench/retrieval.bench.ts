/**
 * Retrieval benchmark (issue 13). Run: `npm run bench retrieval` (Postgres at DATABASE_URL, pgvector
 * installed) or `node --import tsx bench/retrieval.bench.ts`.
 * - embedding: chunks/s of the offline model over the real transcript chunks (2 cores, shared).
 * - at N chunks (BENCH_CHUNKS, default 10,000; real chunks repeated with perturbed, re-normalised vectors,
 *   one synthetic document per copy), on Postgres and on PGlite: load time, HNSW index build time, and
 *   p50/p99 of `POST /v1/retrieve` over real HTTP (the 59 evaluation questions, sequential, rerank on),
 *   against the same requests with the HNSW index dropped (exact scan) as the baseline of the same run.
 * Prints one JSON object.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAccount, createApiKey } from '../api/platform/accounts.ts';
import { buildApp } from '../api/server.ts';
import { QUESTIONS } from '../cli/quality/retrieval-questions.ts';
import { parseTranscript } from '../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../jobs/retrieval/sources.ts';
import { loadConfig } from '../lib/config.ts';
import { type Database, openDatabase } from '../lib/db.ts';
import { embedderFromEnv, normalize, vectorLiteral } from '../lib/embeddings.ts';
import { createLogger } from '../lib/logger.ts';
import { type BuiltDocument, transcriptDocument } from '../parsers/retrieval/documents.ts';
import { throwawayDatabase } from './db.ts';

const N = Number(process.env.BENCH_CHUNKS ?? 10_000);
const FIXTURES = fileURLToPath(new URL('../fixtures/upstream/', import.meta.url));

const docs: BuiltDocument[] = TRANSCRIPT_URLS.map((url) => {
  const p = parseTranscript(readFileSync(`${FIXTURES}${url.slice(8)}`, 'utf8'), url);
  return transcriptDocument(p.document, p.warnings, null);
});
const chunks = docs.flatMap((d) => d.chunks);

const embedder = await embedderFromEnv();
const t0 = performance.now();
const vectors = await embedder.embed(chunks.map((c) => c.text));
const embedSeconds = (performance.now() - t0) / 1000;

function perturbed(v: number[], seed: number): number[] {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff - 0.5;
  };
  return normalize(v.map((x) => x + rnd() * 0.02));
}

async function load(database: Database) {
  const started = performance.now();
  const copies = Math.ceil(N / chunks.length);
  let made = 0;
  for (let k = 0; k < copies && made < N; k++) {
    for (const d of docs) {
      const id = k === 0 ? d.document.id : `${d.document.id}_${k}`;
      await database.query(
        `insert into retrieval_documents (id, document_type, ticker, year, quarter, title, source_url, indexed_at)
         values ($1, 'transcript', $2, $3, $4, $5, $6, now())`,
        [
          id,
          k === 0 ? d.document.ticker : `${d.document.ticker}${k}`,
          d.document.year,
          d.document.quarter,
          d.document.title,
          d.document.sourceUrl,
        ],
      );
      if (k === 0)
        for (const s of d.segments)
          await database.query(
            'insert into retrieval_segments (document_id, sequence, speaker_name, speaker_title, section, content) values ($1,$2,$3,$4,$5,$6)',
            [id, s.sequence, s.speakerName, s.speakerTitle, s.section, s.content],
          );
      const rows = d.chunks.slice(0, N - made);
      made += rows.length;
      const base = chunks.indexOf(d.chunks[0]!);
      await database.query(
        `insert into retrieval_chunks (id, document_id, segment_sequence, char_start, char_end, text, embedding, embedding_model, embedding_dimensions)
         select u.id, $2, u.seg, u.cs, u.ce, u.t, u.e::vector, $3, 512
           from unnest($1::text[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[]) as u(id, seg, cs, ce, t, e)`,
        [
          rows.map((c) => `${c.id}_${k}`),
          id,
          embedder.model,
          rows.map((c) => c.segmentSequence),
          rows.map((c) => c.charStart),
          rows.map((c) => c.charEnd),
          rows.map((c) => c.text),
          rows.map((_, i) =>
            vectorLiteral(k === 0 ? vectors[base + i]! : perturbed(vectors[base + i]!, k * 7919 + i)),
          ),
        ],
      );
    }
  }
  return { chunks: made, loadSeconds: (performance.now() - started) / 1000 };
}

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
  ms.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]! * 10) / 10;
  return { p50: pct(50), p99: pct(99), requests: ms.length };
}

async function run(database: Database) {
  await database.query('drop index if exists retrieval_chunks_embedding');
  const loaded = await load(database);
  const exact = await latencies(database, 'exact');
  const s = performance.now();
  await database.query(
    'create index retrieval_chunks_embedding on retrieval_chunks using hnsw (embedding vector_cosine_ops)',
  );
  const indexSeconds = (performance.now() - s) / 1000;
  const hnsw = await latencies(database, 'hnsw');
  return {
    ...loaded,
    indexBuildSeconds: Math.round(indexSeconds * 100) / 100,
    hnsw,
    exactScan: exact,
    p99Ratio: Math.round((hnsw.p99 / exact.p99) * 100) / 100,
  };
}

const out: Record<string, unknown> = {
  name: 'retrieval',
  model: embedder.model,
  embedding: {
    chunks: chunks.length,
    seconds: Math.round(embedSeconds * 10) / 10,
    chunksPerSecond: Math.round((chunks.length / embedSeconds) * 10) / 10,
  },
};
const pglite = await openDatabase({ dataDir: 'memory://' });
await pglite.migrate();
out.pglite = await run(pglite);
await pglite.close();
if (process.env.DATABASE_URL) {
  const db = await throwawayDatabase(process.env.DATABASE_URL, 'bench_retrieval');
  const pgdb = await openDatabase({ databaseUrl: db.url });
  try {
    await pgdb.migrate();
    out.postgres = await run(pgdb);
  } finally {
    await pgdb.close();
    await db.drop();
  }
}
process.stdout.write(`${JSON.stringify(out)}\n`);
