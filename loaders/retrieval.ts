import { eq, inArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { Embedder } from '../lib/embeddings.ts';
import type { BuiltDocument } from '../parsers/retrieval/documents.ts';
import { retrievalChunks, retrievalDocuments, retrievalSegments } from '../schema/retrieval.ts';

const INSERT_BATCH = 500;

/**
 * Replaces each document (row, segments, chunks) in one go: a re-index of a changed source leaves no stale
 * segment or chunk behind. Chunks are embedded here with the given embedder, and the model name and
 * dimension are written with each vector.
 */
export async function loadRetrievalDocuments(
  tx: Tx,
  docs: BuiltDocument[],
  embedder: Embedder,
  indexedAt = new Date(),
): Promise<LoadResult> {
  if (docs.length === 0) return { inserted: 0, updated: 0 };
  const ids = docs.map((d) => d.document.id);
  const existing = await tx
    .select({ id: retrievalDocuments.id })
    .from(retrievalDocuments)
    .where(inArray(retrievalDocuments.id, ids));
  await tx.delete(retrievalChunks).where(inArray(retrievalChunks.documentId, ids));
  await tx.delete(retrievalSegments).where(inArray(retrievalSegments.documentId, ids));
  await tx.delete(retrievalDocuments).where(inArray(retrievalDocuments.id, ids));
  await tx
    .insert(retrievalDocuments)
    .values(docs.map((d) => ({ ...d.document, status: 'indexed', indexedAt })));
  const segments = docs.flatMap((d) => d.segments);
  for (let i = 0; i < segments.length; i += INSERT_BATCH)
    await tx.insert(retrievalSegments).values(segments.slice(i, i + INSERT_BATCH));
  const chunks = docs.flatMap((d) => d.chunks);
  const vectors = await embedder.embed(chunks.map((c) => c.text));
  const rows = chunks.map((c, i) => ({
    ...c,
    embedding: vectors[i]!,
    embeddingModel: embedder.model,
    embeddingDimensions: embedder.dimensions,
  }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await tx.insert(retrievalChunks).values(rows.slice(i, i + INSERT_BATCH));
  const updated = existing.length;
  return { inserted: docs.length - updated, updated };
}

/** Chunks whose vector is missing or from another model (a model change): the re-embed backlog. */
export async function staleChunkCount(tx: Tx, model: string): Promise<number> {
  const r = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(retrievalChunks)
    .where(sql`${retrievalChunks.embeddingModel} is distinct from ${model}`);
  return r[0]?.n ?? 0;
}

/** Re-embeds up to `batch` stale chunks with the current model; returns how many were done. */
export async function reembedStaleChunks(tx: Tx, embedder: Embedder, batch = 256): Promise<number> {
  const stale = await tx
    .select({ id: retrievalChunks.id, text: retrievalChunks.text })
    .from(retrievalChunks)
    .where(sql`${retrievalChunks.embeddingModel} is distinct from ${embedder.model}`)
    .limit(batch);
  if (stale.length === 0) return 0;
  const vectors = await embedder.embed(stale.map((c) => c.text));
  for (const [i, c] of stale.entries()) {
    await tx
      .update(retrievalChunks)
      .set({
        embedding: vectors[i]!,
        embeddingModel: embedder.model,
        embeddingDimensions: embedder.dimensions,
      })
      .where(eq(retrievalChunks.id, c.id));
  }
  return stale.length;
}
