import { parentPort } from 'node:worker_threads';
import type { RawDocument } from '../types.ts';
import { parseNportPartition } from './nport-batch.ts';

/**
 * The N-PORT parse thread (jobs/edgar/nport-parse-pool.ts starts it): each message is one partition's
 * document, each answer its NportParsed (rows, or the parse error's message), so the main thread's COPY never
 * waits for a parse.
 */
export interface ParseRequest {
  id: number;
  key: string;
  doc: Omit<RawDocument, 'bytes'> & { bytes: Uint8Array };
}

parentPort?.on('message', (req: ParseRequest) => {
  const { bytes, ...ref } = req.doc;
  const doc: RawDocument = { ...ref, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  const parsed = parseNportPartition(req.key, doc);
  // an Error crosses the thread as its message (loadNportBatch quarantines on the message)
  const error = parsed.error ? { message: parsed.error.message, name: parsed.error.name } : undefined;
  parentPort!.postMessage({ id: req.id, parsed: { ...parsed, error } });
});
