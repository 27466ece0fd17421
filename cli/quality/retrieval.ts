/**
 * Retrieval evaluation (issue 13): `npm run quality:retrieval`.
 * Indexes the six real transcripts the mirror serves into an in-memory database with the documents job's
 * own parse + load and embedding step (offline embeddings), then asks every question of
 * retrieval-questions.ts without filters (all calls compete) and with the question's ticker, in each mode,
 * and reports recall@5, recall@10 and MRR@10 on the dev half, the held-out half (splitOf), overall and per
 * question kind. A hit is a returned chunk of the answering segment whose span overlaps the answer's.
 * `--data-dir <dir>` keeps the index for the next run; `--json` prints the figures as JSON; `--misses` lists the questions the best mode misses;
 * `--fulltext-candidates <n>` evaluates with the full-text bound set to n rows (search.ts, FULLTEXT_CANDIDATES).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Weights } from '../../api/retrieval/rerank.ts';
import {
  candidates,
  type Expand,
  RERANK_POOL,
  type SearchHit,
  type SearchMode,
  search,
} from '../../api/retrieval/search.ts';
import { documentsJob } from '../../jobs/retrieval/documents.job.ts';
import { TRANSCRIPT_URLS } from '../../jobs/retrieval/sources.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import { type Database, openDatabase } from '../../lib/db.ts';
import { embedderFromEnv } from '../../lib/embeddings.ts';
import { embedPendingChunks } from '../../loaders/retrieval.ts';
import { QUESTIONS, type Question, splitOf } from './retrieval-questions.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/upstream/', import.meta.url));
const MODES: SearchMode[] = ['vector', 'fulltext', 'hybrid', 'rerank'];

async function indexTranscripts(database: Database) {
  for (const url of TRANSCRIPT_URLS) {
    const bytes = readFileSync(`${FIXTURES}${url.slice('https://'.length)}`);
    const doc: RawDocument = {
      url,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fetchedAt: new Date().toISOString(),
      contentType: null,
    };
    const key = `tr:${url}`;
    const { rows } = await (documentsJob as DatasetJob).parse([doc], key);
    await database.db.transaction((tx) => (documentsJob as DatasetJob).load(tx, rows, key));
  }
}

interface Target {
  documentId: string;
  sequence: number;
  start: number;
  end: number;
}

/** Every place of the question's call that holds the answer (a figure can be said twice: remarks and Q&A). */
async function locate(database: Database): Promise<Target[][]> {
  const segs = await database.query<{
    document_id: string;
    sequence: number;
    content: string;
    ticker: string;
    year: number;
  }>(
    `select s.document_id, s.sequence, s.content, d.ticker, d.year from retrieval_segments s
       join retrieval_documents d on d.id = s.document_id`,
  );
  return QUESTIONS.map((q) => {
    const hits = segs.filter(
      (s) => s.ticker === q.ticker && s.year === q.year && s.content.includes(q.answer),
    );
    if (hits.length === 0) throw new Error(`answer of "${q.q}" is in no segment: ${q.answer}`);
    return hits.map((s) => {
      const start = s.content.indexOf(q.answer);
      return { documentId: s.document_id, sequence: s.sequence, start, end: start + q.answer.length };
    });
  });
}

export async function evaluate(
  database: Database,
  opts: {
    byTicker?: boolean;
    weights?: { vector: number; fulltext: number };
    fulltextCandidates?: number;
    expand?: Partial<Expand>;
    rerankWeights?: Partial<Weights>;
    modes?: SearchMode[];
  } = {},
) {
  await embedPendingChunks(database, await embedderFromEnv());
  const embedder = await embedderFromEnv();
  const targets = await locate(database);
  const out: Record<
    string,
    Record<string, { recall5: number; recall10: number; mrr: number; n: number }>
  > = {};
  const misses: Record<string, string[]> = {};
  const at = (hits: SearchHit[], t: Target[]) =>
    hits.findIndex((h) =>
      t.some(
        (x) =>
          h.documentId === x.documentId &&
          h.segmentSequence === x.sequence &&
          h.charStart < x.end &&
          h.charEnd > x.start,
      ),
    );
  for (const mode of opts.modes ?? MODES) {
    const ranks: (number | null)[] = [];
    for (const [i, q] of QUESTIONS.entries()) {
      const t = targets[i]!;
      const hits = await search(database, embedder, {
        query: q.q,
        filters: opts.byTicker ? { tickers: [q.ticker] } : {},
        topK: 10,
        mode,
        ...(opts.weights ? { weights: opts.weights } : {}),
        ...(opts.fulltextCandidates ? { fulltextCandidates: opts.fulltextCandidates } : {}),
        ...(opts.expand ? { expand: opts.expand } : {}),
        ...(opts.rerankWeights ? { rerankWeights: opts.rerankWeights } : {}),
      });
      const r = at(hits, t);
      ranks.push(r === -1 ? null : r + 1);
    }
    misses[mode] = [];
    for (const [i, q] of QUESTIONS.entries()) {
      if (ranks[i] !== null) continue;
      // a rerank miss: was the answer in the pool the rerank reads (ranked low), or never a candidate?
      let where = '';
      if (mode === 'rerank') {
        const pool = await candidates(database, embedder, {
          query: q.q,
          filters: opts.byTicker ? { tickers: [q.ticker] } : {},
          topK: 10,
          mode,
          ...(opts.weights ? { weights: opts.weights } : {}),
          ...(opts.fulltextCandidates ? { fulltextCandidates: opts.fulltextCandidates } : {}),
          ...(opts.expand ? { expand: opts.expand } : {}),
        });
        const p = at(pool.slice(0, RERANK_POOL), targets[i]!);
        where = p === -1 ? ' [not in pool]' : ` [pool rank ${p + 1}]`;
      }
      misses[mode].push(`${splitOf(q)} ${q.kind} ${q.ticker}: ${q.q}${where}`);
    }
    const summary = (pick: (q: Question) => boolean) => {
      const rs = ranks.filter((_, i) => pick(QUESTIONS[i]!));
      const n = rs.length;
      const at = (k: number) => rs.filter((r) => r !== null && r <= k).length / n;
      const mrr = rs.reduce<number>((s, r) => s + (r ? 1 / r : 0), 0) / n;
      const round = (x: number) => Math.round(x * 1000) / 1000;
      return { recall5: round(at(5)), recall10: round(at(10)), mrr: round(mrr), n };
    };
    out[mode] = {
      all: summary(() => true),
      dev: summary((q) => splitOf(q) === 'dev'),
      heldout: summary((q) => splitOf(q) === 'heldout'),
      paraphrase: summary((q) => q.kind === 'paraphrase'),
      keyword: summary((q) => q.kind === 'keyword'),
    };
  }
  return { model: embedder.model, questions: QUESTIONS.length, results: out, misses };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --data-dir <dir>: keep the index in an embedded database there and reuse it on the next run
  const at = process.argv.indexOf('--data-dir');
  const dataDir = at > 0 ? process.argv[at + 1]! : 'memory://';
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const [{ n }] = (await database.query<{ n: number }>(
    'select count(*)::int as n from retrieval_documents',
  )) as [{ n: number }];
  if (n < TRANSCRIPT_URLS.length) {
    process.stderr.write(`indexing ${TRANSCRIPT_URLS.length} transcripts (offline embeddings)...\n`);
    await indexTranscripts(database);
  }
  // --fulltext-candidates <n>: a full-text bound smaller than the 665 chunks (FULLTEXT_CANDIDATES never
  // binds on them), to read what the bound costs in recall when it does bind
  const fc = process.argv.indexOf('--fulltext-candidates');
  const cap = fc > 0 ? { fulltextCandidates: Number(process.argv[fc + 1]) } : {};
  const all = await evaluate(database, cap);
  const byTicker = await evaluate(database, { byTicker: true, ...cap });
  if (process.argv.includes('--json'))
    process.stdout.write(`${JSON.stringify({ noFilter: all, tickerFilter: byTicker }, null, 2)}\n`);
  else {
    for (const [label, r] of [
      ['no filters: every call competes', all],
      ['filters.tickers = the question company', byTicker],
    ] as const) {
      process.stdout.write(`\n${r.questions} questions, model ${r.model}, ${label}\n`);
      const f = (x: number) => x.toFixed(3);
      const cell = (x: { recall5: number; recall10: number; mrr: number }) =>
        `${f(x.recall5)} / ${f(x.recall10)} / ${f(x.mrr)}`;
      const s0 = Object.values(r.results)[0]!;
      process.stdout.write(
        `R@5 / R@10 / MRR@10; dev ${s0.dev!.n}, held-out ${s0.heldout!.n} questions; R@10 by kind\n` +
          'mode       | dev                   | held-out              | all                   | paraphrase | keyword\n',
      );
      for (const [mode, s] of Object.entries(r.results)) {
        process.stdout.write(
          `${mode.padEnd(10)} | ${cell(s.dev!)} | ${cell(s.heldout!)} | ${cell(s.all!)} | ${f(s.paraphrase!.recall10)}      | ${f(s.keyword!.recall10)}\n`,
        );
      }
    }
    if (process.argv.includes('--misses'))
      for (const [mode, m] of Object.entries(all.misses))
        process.stdout.write(`\n${mode} misses (no filters):\n  ${m.join('\n  ')}\n`);
  }
  await database.close();
}
