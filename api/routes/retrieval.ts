import { z } from 'zod';
import type { Database } from '../../lib/db.ts';
import { type EmbedderStatus, embedderHandle } from '../../lib/embeddings.ts';
import type { Plan } from '../platform/plans.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { expandTickers } from '../retrieval/companies.ts';
import { choosePeriod } from '../retrieval/period.ts';
import { DOCUMENT_COLUMNS, type DocumentRow, segmentId, segmentsWithOffsets } from '../retrieval/read.ts';
import { type SearchFilters, type SearchHit, search } from '../retrieval/search.ts';
import { RETRIEVE_EXAMPLE, RETRIEVE_SCHEMA } from './retrieval-examples.ts';

/** Spec 8.2: `top_k` is clamped (not refused) to the plan's ceiling. */
export const TOP_K_CEILING: Record<Plan, number> = { free: 10, professional: 25, fund: 50 };
export const TOP_K_DEFAULT = 10;
/**
 * How long a request waits for an embedder that is still initialising (the offline model loads in about a
 * second) before it answers from full text alone.
 */
export const EMBEDDER_WAIT_MS = 5_000;

const Body = z
  .object({
    query: z.string().min(1).max(2000),
    filters: z
      .object({
        tickers: z.array(z.string().min(1).max(10)).max(25).optional(),
        year: z.number().int().min(2000).max(2100).optional(),
        quarter: z.enum(['Q1', 'Q2', 'Q3', 'Q4']).optional(),
        source_types: z.array(z.string().min(1).max(40)).max(10).optional(),
      })
      .strict()
      .optional(),
    top_k: z.number().int().min(1).max(50).optional(),
    rerank: z.boolean().optional(),
    include_segments: z.boolean().optional(),
  })
  .strict();
type Body = z.infer<typeof Body>;

/** Sentence ends inside a chunk: the evidence is the sentence sharing most words with the query. */
function evidence(query: string, text: string): { start: number; end: number } {
  const q = new Set((query.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).map((w) => w.slice(0, 6)));
  let best = { start: 0, end: text.length, s: -1 };
  for (const m of text.matchAll(/[^.!?\n]+(?:[.!?]+["')\]]*|$)/g)) {
    const t = m[0].trim();
    if (!t) continue;
    const start = m.index + m[0].indexOf(t);
    const words = new Set((t.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []).map((w) => w.slice(0, 6)));
    const s = [...q].filter((w) => words.has(w)).length;
    if (s > best.s) best = { start, end: start + t.length, s };
  }
  return best.s <= 0 ? { start: 0, end: text.length } : best;
}

async function chunksJson(database: Database, query: string, hits: SearchHit[], includeSegments: boolean) {
  const ids = [...new Set(hits.map((h) => h.documentId))];
  const docs = new Map(
    (
      await database.query<DocumentRow>(
        `select ${DOCUMENT_COLUMNS} from retrieval_documents d where d.id = any($1::text[])`,
        [ids],
      )
    ).map((d) => [d.id, d]),
  );
  const segments = await segmentsWithOffsets(database, ids);
  return hits.map((h) => {
    const d = docs.get(h.documentId)!;
    const seg = segments.get(h.documentId)?.[h.segmentSequence];
    const base = seg?.charStart ?? 0;
    const ev = evidence(query, h.text);
    return {
      id: h.id,
      text: h.text,
      score: h.distance === null ? null : Math.round(h.distance * 1e6) / 1e6,
      evidenceText: h.text.slice(ev.start, ev.end),
      segmentId: segmentId(h.documentId, h.segmentSequence),
      charStart: base + h.charStart,
      charEnd: base + h.charEnd,
      evidenceCharStart: base + h.charStart + ev.start,
      evidenceCharEnd: base + h.charStart + ev.end,
      speakerName: seg?.speakerName ?? null,
      speakerTitle: seg?.speakerTitle ?? null,
      source: {
        documentId: d.id,
        documentTitle: d.title,
        documentType: d.document_type,
        ticker: d.ticker,
        year: d.year,
        quarter: d.quarter === null ? null : `Q${d.quarter}`,
        filingType: d.filing_type,
        sourceUrl: d.source_url,
        pageNumbers: d.page_numbers ?? [],
        segments: includeSegments
          ? (segments.get(h.documentId) ?? []).slice(
              Math.max(0, h.segmentSequence - 1),
              h.segmentSequence + 2,
            )
          : [],
      },
    };
  });
}

export const retrieve = defineRoute({
  method: 'POST',
  path: '/v1/retrieve',
  summary: 'Semantic retrieval of source passages',
  description:
    'Finds the passages of earnings-call transcripts and 10-K/10-Q items that answer a question: source text with exact offsets, never a generated answer. ' +
    "Ranking: pgvector cosine search and Postgres full-text search, fused by weighted reciprocal rank (k=60); full text searches the query's words and the phrases of a small finance lexicon they name (`NIM` also finds `net interest margin`); `rerank: true` re-scores every fused candidate by cosine similarity, the best sentence's coverage of the query's terms and the fused rank. " +
    '`score` is the cosine distance of the chunk to the query (lower is closer); the order is the ranking. ' +
    'Chunks are embedded in the background after they are indexed: until a chunk has a vector of the current model, full-text search still finds it and its `score` is null. ' +
    '`top_k` (default 10) is clamped to the plan (Free 10, Professional 25, Fund 50). `filters.tickers` expand to every symbol the company has held; `source_types` take `transcript`, `filing_item` or a filing type (`10-K`, `10-Q`). ' +
    'A `year`/`quarter` with no documents serves the nearest earlier period with documents and says so in `meta.periodMismatch`. ' +
    '`evidenceText` is the sentence of the chunk that shares most words with the query; `charStart`/`charEnd` and `evidenceCharStart`/`evidenceCharEnd` index the document text (its segments joined by a blank line, as GET /v1/documents/{id}/segments gives them). ' +
    "`include_segments` fills `source.segments` with the chunk's segment and its neighbours (the turn before and after). " +
    'While the embedder is not ready (initialising past a few seconds, or failed: see `embedder` in GET /v1/ready and /v1/_status) the route answers from full text alone, every `score` null and `meta.embedder` saying why.',
  tags: ['Retrieval'],
  envelope: 'C',
  access: { dataset: 'documents' },
  rateLimited: true,
  body: Body,
  response: { schema: RETRIEVE_SCHEMA, example: RETRIEVE_EXAMPLE },
  handler: async ({ database, body, account, requestId, countChunks, log }) => {
    const b = body as Body;
    const ceiling = TOP_K_CEILING[account?.plan ?? 'free'];
    const topK = Math.min(b.top_k ?? TOP_K_DEFAULT, ceiling);
    const f = b.filters ?? {};
    const base: SearchFilters = {
      ...(f.tickers?.length ? await expandTickers(database, f.tickers) : {}),
      ...(f.source_types?.length ? { sourceTypes: f.source_types } : {}),
    };
    const quarter = f.quarter ? Number(f.quarter.slice(1)) : undefined;
    const period = await choosePeriod(database, base, f.year, quarter);
    const handle = embedderHandle();
    const embedder = await handle.ifReady(EMBEDDER_WAIT_MS);
    let embedFailed = false;
    const hits = period
      ? await search(database, embedder, {
          onEmbedError: (err) => {
            embedFailed = true;
            log.warn({ err: err.message }, 'retrieve: the query could not be embedded; full text answers');
          },
          query: b.query,
          filters: {
            ...base,
            ...(period.year !== undefined ? { year: period.year } : {}),
            ...(period.quarter !== undefined ? { quarter: period.quarter } : {}),
          },
          topK,
          mode: b.rerank ? 'rerank' : 'hybrid',
        })
      : [];
    const chunks = await chunksJson(database, b.query, hits, b.include_segments ?? false);
    countChunks(chunks.length);
    return {
      payload: { chunks },
      meta: {
        total: chunks.length,
        topK,
        periodMismatch: period?.mismatch ?? null,
        embeddingModel: embedder?.model ?? handle.status().model,
        embedder: embedder && !embedFailed ? 'ready' : embedderNote(handle.status(), embedFailed),
        requestId,
      },
    };
  },
});

/** `meta.embedder` when the answer is full text alone: the state and why. */
function embedderNote(s: EmbedderStatus, embedFailed: boolean): string {
  if (embedFailed) return 'failed: the query could not be embedded; full text only';
  if (s.state === 'failed') return `failed: ${s.reason ?? 'unknown'}; full text only`;
  return `${s.state}; full text only`;
}

export const RETRIEVAL_ROUTES = [asAnyRoute(retrieve)];
