import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../lib/db.ts';
import { type Embedder, vectorLiteral } from '../../lib/embeddings.ts';
import { type WordVectors, wordVectorsIfInstalled } from '../../lib/word-vectors.ts';
import { embeddingText } from './query.ts';
import { queryTerms, rerankCandidates, STOP, spread, stem, WEIGHTS, type Weights } from './rerank.ts';

/**
 * Retrieval over `retrieval_chunks` (spec 4.4). Filters (tickers, period, source types, the embedding
 * model) are applied inside each SQL query, never after it. Modes:
 * - `vector`: pgvector cosine distance (`<=>`, HNSW index) between the query and chunk embeddings.
 * - `fulltext`: Postgres full-text search, an OR of the query's terms and of the lexicon phrases it names
 *   (orParts; a word many chunks hold ranks but does not match alone, COMMON_SHARE), ranked by
 *   `ts_rank` over length (term frequency; `ts_rank_cd`, cover density, ranked worse: dev recall@10
 *   0.733 -> 0.800 for full text alone), so a question need not contain every word. At most
 *   FULLTEXT_CANDIDATES rows are ranked, matched by the rarest parts, so the cost stays bounded at scale.
 * - `hybrid`: weighted reciprocal-rank fusion of the two lists (see FUSION below).
 * - `rerank`: hybrid plus a third list (the query words' word-vector neighbours, EXPAND), then a second
 *   scorer over the top RERANK_POOL candidates (rerank.ts), then a chunk overlapping a higher one moved
 *   after the others (spread).
 * The returned `score` is always the chunk's cosine distance to the query (lower is closer); the order is
 * the mode's ranking. While the embedding step has not reached a chunk (or after a model change), the
 * chunk has no vector of the current model: vector search skips it, full-text search still finds it (with
 * a null distance), so hybrid and rerank degrade to full text for the pending part of the index.
 */
export type SearchMode = 'vector' | 'fulltext' | 'hybrid' | 'rerank';

/**
 * Weighted reciprocal-rank fusion: score = sum over lists of weight / (K + rank). Chosen on the dev half of
 * `npm run quality:retrieval` with the rerank weights (rerank.ts): once the vector side embeds the query as
 * a statement (query.ts), it weighs as much as full text, and K = 20 lets the top of each list count more
 * (was K 60, vector 0.6: hybrid dev recall@10 0.800 -> 0.833, held-out 0.643 -> 0.607).
 */
export const FUSION = { K: 20, vectorWeight: 1, fulltextWeight: 1, candidates: 100 } as const;
export const RERANK_POOL = 200;

export interface SearchFilters {
  /** Document tickers (already expanded to every symbol of the company) and CIKs. */
  tickers?: string[];
  ciks?: number[];
  year?: number;
  quarter?: number;
  /** `transcript`, `filing_item`, or a filing type such as `10-K`. */
  sourceTypes?: string[];
}

export interface SearchHit {
  id: string;
  documentId: string;
  segmentSequence: number;
  charStart: number;
  charEnd: number;
  text: string;
  /** Cosine distance to the query; null while the chunk's vector of the current model is pending. */
  distance: number | null;
}

interface Where {
  sql: string;
  params: unknown[];
}

/** The filter as SQL over `d` (documents) and `c` (chunks), with parameters from $n on. */
export function filterSql(f: SearchFilters, first: number): Where {
  const params: unknown[] = [];
  const parts = ['true'];
  const p = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  if (f.tickers?.length || f.ciks?.length)
    parts.push(
      `(d.ticker = any(${p(f.tickers ?? [])}::text[]) or d.cik = any(${p(f.ciks ?? [])}::bigint[]))`,
    );
  if (f.year !== undefined) parts.push(`d.year = ${p(f.year)}`);
  if (f.quarter !== undefined) parts.push(`d.quarter = ${p(f.quarter)}`);
  if (f.sourceTypes?.length) {
    const t = p(f.sourceTypes);
    parts.push(`(d.document_type = any(${t}::text[]) or d.filing_type = any(${t}::text[]))`);
  }
  return { sql: parts.join(' and '), params };
}

const COLS =
  'c.id, c.document_id as "documentId", c.segment_sequence as "segmentSequence", c.char_start as "charStart", c.char_end as "charEnd", c.text';

/**
 * The parts of the query's OR tsquery: its content words and the phrases of the lexicon groups it names
 * (`margin`, `nim`, `(net <-> interest <-> margin)`), so a question need not contain every word, nor the
 * filing's own term.
 */
export function orParts(q: string): string[] {
  const parts = queryTerms(q).flatMap((t) =>
    t.words
      .map((ws) => ws.filter((w) => w.length > 1 || /\d/.test(w)))
      .filter((ws) => ws.length > 0)
      .map((ws) => (ws.length > 1 ? `(${ws.join(' <-> ')})` : ws[0]!)),
  );
  return [...new Set(parts)];
}

/**
 * A single word held by more than this share of the chunks does not make a chunk a full-text match (it
 * would match most of the index, and `ts_rank` is computed for every match before the top list is kept);
 * it still counts in the rank of the chunks the other words match, and in the rerank. The share comes from the `most_common_elems` statistics Postgres keeps for the `tsv`
 * column (ANALYZE; the embedding step runs it); without statistics nothing is left out, and a query whose
 * words are all common keeps them all.
 */
export const COMMON_SHARE = 0.1;

export async function vectorSearch(
  database: Database,
  qv: number[],
  f: SearchFilters,
  model: string,
  limit: number,
): Promise<SearchHit[]> {
  const w = filterSql(f, 4);
  const text = `select ${COLS}, (c.embedding <=> $1::vector) as distance
       from retrieval_chunks c join retrieval_documents d on d.id = c.document_id
      where c.embedding_model = $3 and ${w.sql} order by c.embedding <=> $1::vector limit $2`;
  const params = [vectorLiteral(qv), limit, model, ...w.params];
  if (w.params.length === 0) return database.query<SearchHit>(text, params);
  // With a filter, an HNSW scan that stopped at its ef_search candidates could leave fewer than `limit`
  // rows once the filter drops the others' documents (a ticker among a million chunks); pgvector 0.8's
  // iterative scan keeps reading the graph until enough rows pass the filter.
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local hnsw.iterative_scan = relaxed_order'));
    const r = (await tx.execute(bind(text, params))) as unknown as { rows: SearchHit[] };
    return r.rows;
  });
}

/** `$n` placeholders of a SQL text as drizzle parameters, to run it inside a drizzle transaction. */
function bind(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (const [i, part] of parts.entries())
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`);
  return sql.join(chunks);
}

/**
 * The most rows the full-text query ranks (`ts_rank` reads each row's tsvector), so its cost does not grow
 * with the number of chunks that match. The query's parts are taken rarest first (each part's share of the
 * chunks from the `tsv` column's `most_common_elems` statistics, 10,000 lexemes with the column's
 * statistics target of 1,000; a word outside that list counts as the list's least frequent one; a phrase as
 * its rarest word) while the estimated matches (their sum, at most the table's row count) stay within this
 * bound, and always up to the rarest word the list holds (a word outside it may be in no chunk at all: the
 * match is then never empty while a known word is left). The other parts still count in the rank. A LIMIT
 * of the same size on the matching rows holds the bound when the estimate is low. On an index smaller than
 * the bound (the demo's 665 chunks, the evaluation) nothing changes: every part matches and every match is
 * ranked. 5,000: 1M-chunk full-text p99 of ~55 ms on the bench (2,000 saved little; docs/retrieval.md, Benchmark).
 */
export const FULLTEXT_CANDIDATES = 5000;

/**
 * The full-text query as SQL text and parameters. `candidates` bounds the rows ranked
 * (FULLTEXT_CANDIDATES); null ranks every match of the parts left after COMMON_SHARE (the query before the
 * bound, kept for the bench's same-run baseline and the test that compares both).
 */
export function fulltextQuery(
  query: string,
  qv: number[] | null,
  f: SearchFilters,
  model: string,
  limit: number,
  candidates: number | null = FULLTEXT_CANDIDATES,
): { text: string; params: unknown[] } | null {
  const parts = orParts(query);
  if (parts.length === 0) return null;
  const w = filterSql(f, 7);
  // the documents only for a filter (every chunk has its document; the join costs a hash of them all)
  const join = w.params.length ? ' join retrieval_documents d on d.id = c.document_id' : '';
  // $6: the bound; null = every part of `rare` matches and nothing is cut
  return {
    text: `with parts as (select to_tsquery('english', p) as tq from unnest($2::text[]) p),
     st as (
       select s.most_common_elems::text::text[] as e, s.most_common_elem_freqs as f from pg_stats s
        where s.schemaname = current_schema() and s.tablename = 'retrieval_chunks' and s.attname = 'tsv'),
     total as (select greatest(reltuples, 0) as n from pg_class where oid = 'retrieval_chunks'::regclass),
     rare as (
       select tq from parts
        where numnode(tq) > 0
          and not (numnode(tq) = 1
                   and coalesce((select f[array_position(e, trim(both '''' from tq::text))] from st), 0) > $5)),
     lexemes as (
       select r.tq, replace(m.l[1], '''''', '''') as l
         from rare r, regexp_matches(r.tq::text, '''((?:[^'']|'''')+)''', 'g') as m(l)),
     est as (
       -- a lexeme's share from the list; one outside it: the list's least (freqs ends with min, max, nulls)
       select x.tq, count(*) = 1 and bool_and(x.f is not null) as known,
              coalesce(min(coalesce(x.f, x.lo)), 0) * (select n from total) as n
         from (select l.tq, st.f[array_position(st.e, l.l)] as f, st.f[array_length(st.e, 1) + 1] as lo
                 from lexemes l left join st on true) x
        group by x.tq),
     ordered as (
       select tq, known, row_number() over (order by n, tq::text) as i,
              sum(n) over (order by n, tq::text rows unbounded preceding) as cum
         from est),
     chosen as (
       select tq from ordered
        where $6::int is null or least(cum, (select n from total)) <= $6::int
           or i <= coalesce((select min(i) from ordered where known), 1)),
     q as (
       select (select string_agg(tq::text, ' | ') from parts where numnode(tq) > 0)::tsquery as rank,
              coalesce((select string_agg(tq::text, ' | ') from chosen),
                       (select string_agg(tq::text, ' | ') from parts where numnode(tq) > 0))::tsquery as match),
     top as (
       select m.id, ts_rank(m.tsv, q.rank, 1) as r
         from (select c.id, c.tsv
                 from retrieval_chunks c${join}, q
                where c.tsv @@ q.match and ${w.sql}
                limit $6::int) m, q
        order by r desc, m.id limit $3)
     select ${COLS}, case when c.embedding_model = $4 then c.embedding <=> $1::vector end as distance
       from top t join retrieval_chunks c on c.id = t.id
      order by t.r desc, t.id`,
    params: [qv ? vectorLiteral(qv) : null, parts, limit, model, COMMON_SHARE, candidates, ...w.params],
  };
}

export async function fulltextSearch(
  database: Database,
  query: string,
  qv: number[] | null,
  f: SearchFilters,
  model: string,
  limit: number,
  candidates: number | null = FULLTEXT_CANDIDATES,
): Promise<SearchHit[]> {
  const q = fulltextQuery(query, qv, f, model, limit, candidates);
  // a chunk whose vector is pending (or of another model) is found all the same, with a null distance
  return q ? database.query<SearchHit>(q.text, q.params) : [];
}

export function fuse(lists: { hits: SearchHit[]; weight: number }[]): SearchHit[] {
  const score = new Map<string, { hit: SearchHit; s: number }>();
  for (const { hits, weight } of lists) {
    if (weight <= 0) continue;
    hits.forEach((h, rank) => {
      const e = score.get(h.id) ?? { hit: h, s: 0 };
      e.s += weight / (FUSION.K + rank + 1);
      score.set(h.id, e);
    });
  }
  return [...score.values()].sort((a, b) => b.s - a.s || a.hit.id.localeCompare(b.hit.id)).map((e) => e.hit);
}

/**
 * The rerank's third candidate list (`rerank: true` only): each content word of the query adds its
 * `neighbours` nearest words in the English word vectors (lib/word-vectors.ts; cosine >= `minCos`, among
 * the `among` most frequent words, alphabetic, not a stop word, a stem the query does not have), and their
 * OR is one more full-text query (the same `fulltextSearch`, in parallel with the other two), fused with
 * `weight`. "shrink" brings "shrinking"/"decline", "lending" brings "loans", "overseas" brings "abroad",
 * so a passage that shares no word with the question can enter the pool or rise in it. Chosen on the dev
 * half of `npm run quality:retrieval` (rerank dev recall@10 0.867 = before, MRR 0.710 -> 0.725; held-out
 * 0.679 -> 0.714, MRR 0.561 -> 0.570). In hybrid mode the same list cost dev recall@10 0.833 -> 0.767, so
 * hybrid is left as it was. A cosine below 0.7 brings too many loose words (0.6: dev MRR 0.699). At most
 * `maxWords` neighbours, the closest, are searched (the query is one more OR over the full-text index: 8
 * keeps every dev figure, 6 lowers dev MRR to 0.709).
 */
export const EXPAND = { neighbours: 3, minCos: 0.7, among: 30_000, weight: 0.5, maxWords: 8 };
export type Expand = typeof EXPAND;

export interface SearchRequest {
  query: string;
  filters: SearchFilters;
  topK: number;
  mode: SearchMode;
  /** Fusion weights (evaluation and tuning); default FUSION. */
  weights?: { vector: number; fulltext: number };
  /** Rows the full-text query ranks (evaluation of the bound); default FULLTEXT_CANDIDATES, null: all. */
  fulltextCandidates?: number | null;
  /** The rerank's word-vector neighbour list (evaluation and tuning); default EXPAND. */
  expand?: Partial<Expand>;
  /** Rerank weights (evaluation and tuning); default WEIGHTS. */
  rerankWeights?: Partial<Weights>;
  /**
   * Called when the query cannot be embedded; the search then runs on full text alone (null distances).
   * Without it the embedder's error is thrown.
   */
  onEmbedError?: (err: Error) => void;
}

/**
 * The query's vector and the model to compare with; null without an embedder (not ready or failed) or when
 * embedding fails and the request takes that (`onEmbedError`).
 */
async function queryVector(
  embedder: Embedder | null,
  req: SearchRequest,
): Promise<{ qv: number[] | null; model: string }> {
  if (!embedder) return { qv: null, model: '' };
  try {
    const [qv] = await embedder.embed([embeddingText(req.query)]);
    return { qv: qv!, model: embedder.model };
  } catch (err) {
    if (!req.onEmbedError) throw err;
    req.onEmbedError(err instanceof Error ? err : new Error(String(err)));
    return { qv: null, model: '' };
  }
}

/** Per word: its neighbours under the last settings asked (a query's words repeat across requests). */
const nearCache = new Map<string, { word: string; cos: number }[]>();
let nearKey = '';

/** The query's content words' nearest words in the word vectors (alphabetic, not a stop word, new stem). */
export function neighbourWords(query: string, vectors: WordVectors, e: Expand = EXPAND): string[] {
  const raw = [
    ...new Set((query.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length > 2 && !STOP.has(w))),
  ];
  const key = `${e.neighbours} ${e.minCos} ${e.among} ${vectors.size}`;
  if (key !== nearKey || nearCache.size > 20_000) {
    nearCache.clear();
    nearKey = key;
  }
  const stems = new Set(raw.map(stem));
  const out = new Map<string, number>();
  for (const w of raw) {
    let near = nearCache.get(w);
    if (!near) {
      near = vectors
        .nearest(vectors.row(w), e.neighbours, e.minCos, e.among)
        .filter((n) => /^[a-z]{3,}$/.test(n.word) && !STOP.has(n.word));
      nearCache.set(w, near);
    }
    for (const n of near)
      if (!stems.has(stem(n.word))) out.set(n.word, Math.max(out.get(n.word) ?? 0, n.cos));
  }
  // the closest first when there are more than maxWords (query order among equals)
  const words = [...out.keys()];
  if (words.length <= e.maxWords) return words;
  const keep = new Set([...words].sort((a, b) => out.get(b)! - out.get(a)!).slice(0, e.maxWords));
  return words.filter((w) => keep.has(w));
}

/** The fused candidates of a hybrid or rerank request (hybrid order). */
export async function candidates(
  database: Database,
  embedder: Embedder | null,
  req: SearchRequest,
): Promise<SearchHit[]> {
  const e = { ...EXPAND, ...req.expand };
  const { qv, model } = await queryVector(embedder, req);
  const n = Math.max(FUSION.candidates, req.topK);
  const cap = req.fulltextCandidates === undefined ? FULLTEXT_CANDIDATES : req.fulltextCandidates;
  const vectors = req.mode === 'rerank' && e.weight > 0 ? await wordVectorsIfInstalled() : undefined;
  // the two queries are sent first: on Postgres the neighbours are computed while they run
  const first = Promise.all([
    qv ? vectorSearch(database, qv, req.filters, model, n) : Promise.resolve([]),
    fulltextSearch(database, req.query, qv, req.filters, model, n, cap),
  ]);
  const near = vectors ? neighbourWords(req.query, vectors, e) : [];
  const [[v, t], nb] = await Promise.all([
    first,
    near.length ? fulltextSearch(database, near.join(' '), qv, req.filters, model, n, cap) : [],
  ]);
  return fuse([
    { hits: v.map(num), weight: req.weights?.vector ?? FUSION.vectorWeight },
    { hits: t.map(num), weight: req.weights?.fulltext ?? FUSION.fulltextWeight },
    { hits: nb.map(num), weight: e.weight },
  ]);
}

/** Runs one search and returns up to topK hits in rank order. */
export async function search(
  database: Database,
  embedder: Embedder | null,
  req: SearchRequest,
): Promise<SearchHit[]> {
  const cap = req.fulltextCandidates === undefined ? FULLTEXT_CANDIDATES : req.fulltextCandidates;
  if (req.mode === 'vector' || req.mode === 'fulltext') {
    const { qv, model } = await queryVector(embedder, req);
    if (req.mode === 'vector')
      return qv ? (await vectorSearch(database, qv, req.filters, model, req.topK)).map(num) : [];
    return (await fulltextSearch(database, req.query, qv, req.filters, model, req.topK, cap)).map(num);
  }
  const fused = await candidates(database, embedder, req);
  if (req.mode === 'hybrid') return fused.slice(0, req.topK);
  const pool = fused.slice(0, Math.max(RERANK_POOL, req.topK));
  const w = { ...WEIGHTS, ...req.rerankWeights };
  // an overlapping neighbour of a higher chunk goes after the others (spread)
  return spread(rerankCandidates(req.query, pool, w, await wordVectorsIfInstalled())).slice(0, req.topK);
}

const num = (h: SearchHit): SearchHit => ({
  ...h,
  distance: h.distance === null ? null : Number(h.distance),
});
