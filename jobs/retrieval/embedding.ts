import type { Database } from '../../lib/db.ts';
import { embedderFromEnv } from '../../lib/embeddings.ts';
import type { Logger } from '../../lib/logger.ts';
import { wordVectorsIfInstalled } from '../../lib/word-vectors.ts';
import { embedPendingChunks, pendingChunkCount } from '../../loaders/retrieval.ts';

const PROGRESS_EVERY_MS = 5_000;

/**
 * Runs the embedding step (loaders/retrieval.ts) over every pending chunk with an operator's log lines:
 * one when it starts (how many chunks, which model), one every few seconds, one at the end. `etl start`
 * calls it in the background once the API serves (full-text search answers meanwhile), `etl index
 * documents` in the foreground. `signal` stops it between batches; the next run resumes. Returns the
 * number of chunks embedded. It first loads the rerank's word vectors into the process (about 1 s on a
 * machine's first load), so the first `rerank: true` request does not wait for them.
 */
export async function embedWithProgress(
  database: Database,
  logger: Logger,
  signal?: AbortSignal,
): Promise<number> {
  await wordVectorsIfInstalled();
  const embedder = await embedderFromEnv();
  const pending = await pendingChunkCount(database, embedder.model);
  const log = logger.child({ dataset: 'documents', step: 'embed', model: embedder.model });
  if (pending === 0) return 0;
  log.info({ pending }, 'embedding chunks for retrieval (full-text search answers meanwhile)');
  const started = performance.now();
  let last = started;
  const embedded = await embedPendingChunks(database, embedder, {
    ...(signal ? { signal } : {}),
    onProgress: (p) => {
      const now = performance.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      log.info(
        { ...p, perSecond: Math.round((p.embedded / ((now - started) / 1000)) * 10) / 10 },
        'embedding progress',
      );
    },
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  log.info(
    { embedded, seconds },
    signal?.aborted ? 'embedding stopped; the next run resumes' : 'embedding finished',
  );
  return embedded;
}
