import { inArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Database, Tx } from '../lib/db.ts';
import { type Embedder, vectorLiteral } from '../lib/embeddings.ts';
import type { BuiltDocument } from '../parsers/retrieval/documents.ts';
import { retrievalChunks, retrievalDocuments, retrievalSegments } from '../schema/retrieval.ts';

const INSERT_BATCH = 500;

/**
 * Replaces each document (row, segments, chunks) in one go: a re-index of a changed source leaves no stale
 * segment or chunk behind. No embedding happens here (it would hold the load's transaction open for
 * minutes): a new chunk is written without a vector, and `embedPendingChunks` embeds it afterwards. A
 * chunk that is unchanged (same id, same text) keeps its vector, so re-indexing an unchanged source
 * embeds nothing.
 */
export async function loadRetrievalDocuments(
  tx: Tx,
  docs: BuiltDocument[],
  indexedAt = new Date(),
): Promise<LoadResult> {
  if (docs.length === 0) return { inserted: 0, updated: 0 };
  const ids = docs.map((d) => d.document.id);
  const existing = await tx
    .select({ id: retrievalDocuments.id })
    .from(retrievalDocuments)
    .where(inArray(retrievalDocuments.id, ids));
  const chunks = docs.flatMap((d) => d.chunks);
  const keep = chunks.map((c) => c.id);
  await tx.execute(
    sql`delete from retrieval_chunks where document_id = any(${sql.param(ids)}::text[]) and not (id = any(${sql.param(keep)}::text[]))`,
  );
  await tx.delete(retrievalSegments).where(inArray(retrievalSegments.documentId, ids));
  await tx.delete(retrievalDocuments).where(inArray(retrievalDocuments.id, ids));
  await tx
    .insert(retrievalDocuments)
    .values(docs.map((d) => ({ ...d.document, status: 'indexed', indexedAt })));
  const segments = docs.flatMap((d) => d.segments);
  for (let i = 0; i < segments.length; i += INSERT_BATCH)
    await tx.insert(retrievalSegments).values(segments.slice(i, i + INSERT_BATCH));
  // the vector survives only when the text it was computed from did
  const same = sql`retrieval_chunks.text = excluded.text`;
  for (let i = 0; i < chunks.length; i += INSERT_BATCH)
    await tx
      .insert(retrievalChunks)
      .values(chunks.slice(i, i + INSERT_BATCH))
      .onConflictDoUpdate({
        target: retrievalChunks.id,
        set: {
          documentId: sql`excluded.document_id`,
          segmentSequence: sql`excluded.segment_sequence`,
          charStart: sql`excluded.char_start`,
          charEnd: sql`excluded.char_end`,
          text: sql`excluded.text`,
          embedding: sql`case when ${same} then retrieval_chunks.embedding end`,
          embeddingModel: sql`case when ${same} then retrieval_chunks.embedding_model end`,
          embeddingDimensions: sql`case when ${same} then retrieval_chunks.embedding_dimensions end`,
        },
      });
  const updated = existing.length;
  return { inserted: docs.length - updated, updated };
}

/** Chunks without a vector of `model` (new, or embedded by another model): the embedding backlog. */
const PENDING = 'embedding is null or embedding_model is distinct from $1';

export async function pendingChunkCount(database: Database, model: string): Promise<number> {
  const [r] = await database.query<{ n: number }>(
    `select count(*)::int as n from retrieval_chunks where ${PENDING}`,
    [model],
  );
  return r?.n ?? 0;
}

export interface EmbedProgress {
  embedded: number;
  pending: number;
}

/** Chunks embedded per batch: one short transaction each (about 5 s of the offline model on 2 cores). */
export const EMBED_BATCH = 64;

/** The embedding run of each database (one per database at a time). */
const running = new WeakMap<Database, Promise<number>>();

/**
 * The embedding step, after the chunk rows committed: takes chunks without a vector of the embedder's model
 * in batches (by id), embeds each batch outside any transaction, then writes its vectors with the model
 * name and dimension in one short transaction; a chunk whose text changed meanwhile (re-indexed) is left
 * for the next batch. State lives in the rows only, so a killed run resumes where it stopped, and a model
 * change re-embeds every chunk (search compares vectors of the current model only, never a mix). Stops
 * between batches when `signal` aborts. One run per database at a time: a second caller on the same database joins the running one.
 * Returns the number of chunks embedded.
 */
export function embedPendingChunks(
  database: Database,
  embedder: Embedder,
  opts: { signal?: AbortSignal; batch?: number; onProgress?: (p: EmbedProgress) => void } = {},
): Promise<number> {
  let run = running.get(database);
  if (!run) {
    run = embedAll(database, embedder, opts).finally(() => running.delete(database));
    running.set(database, run);
  }
  return run;
}

async function embedAll(
  database: Database,
  embedder: Embedder,
  opts: { signal?: AbortSignal; batch?: number; onProgress?: (p: EmbedProgress) => void },
): Promise<number> {
  const batch = opts.batch ?? EMBED_BATCH;
  let embedded = 0;
  let pending = opts.onProgress ? await pendingChunkCount(database, embedder.model) : 0;
  let after = '';
  while (!opts.signal?.aborted) {
    const rows = await database.query<{ id: string; text: string }>(
      `select id, text from retrieval_chunks where (${PENDING}) and id > $2 order by id limit $3`,
      [embedder.model, after, batch],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const vectors = await embedder.embed(rows.map((r) => r.text));
    const written = await database.db.transaction(async (tx) => {
      const r = (await tx.execute(sql`
        update retrieval_chunks c
           set embedding = v.embedding::vector, embedding_model = ${embedder.model},
               embedding_dimensions = ${embedder.dimensions}
          from unnest(${sql.param(rows.map((r) => r.id))}::text[], ${sql.param(rows.map((r) => r.text))}::text[],
                      ${sql.param(vectors.map(vectorLiteral))}::text[]) as v(id, text, embedding)
         where c.id = v.id and c.text = v.text`)) as unknown as { rowCount?: number; affectedRows?: number };
      return Number(r.rowCount ?? r.affectedRows ?? 0);
    });
    embedded += written;
    pending = Math.max(0, pending - rows.length);
    opts.onProgress?.({ embedded, pending });
  }
  // fresh statistics: full-text search reads the share of chunks each word is in (COMMON_SHARE)
  if (embedded > 0) await database.query('analyze retrieval_chunks');
  return embedded;
}
