import { Worker } from 'node:worker_threads';
import type { RawDocument } from '../types.ts';
import type { NportParsed } from './nport-batch.ts';
import type { ParseRequest } from './nport-parse-worker.ts';

/**
 * N-PORT parses on a worker thread (jobs/edgar/nport-parse-worker.ts), so the bulk backfill parses the next
 * batch on one core while the main thread COPYs the previous one on the other. One thread: the load is the
 * other core's work. The caller bounds what is in flight (the bulk backfill: one fetch slice of documents
 * parsing, one batch building, one loading). A parse error comes back as an Error with the parser's message
 * (quarantined by loadNportBatch as before); a dead thread fails every parse waiting on it.
 */
export class NportParseThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (p: NportParsed) => void; reject: (e: Error) => void; started: number }
  >();
  private next = 0;
  private dead: Error | null = null;

  constructor() {
    this.worker = new Worker(new URL('./nport-parse-worker.mjs', import.meta.url));
    this.worker.on(
      'message',
      (m: { id: number; parsed: NportParsed & { error?: { message: string; name: string } } }) => {
        const w = this.waiting.get(m.id);
        if (!w) return;
        this.waiting.delete(m.id);
        const { error, ...rest } = m.parsed;
        // started is the main thread's clock (the worker's performance.now() has its own origin)
        const parsed: NportParsed = { ...rest, started: w.started };
        if (error) parsed.error = Object.assign(new Error(error.message), { name: error.name });
        w.resolve(parsed);
      },
    );
    const fail = (err: Error) => {
      this.dead = err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`N-PORT parse thread exited (code ${code})`)));
  }

  /** The document's NportParsed, as parseNportPartition gives it on the main thread. */
  parse(key: string, doc: RawDocument): Promise<NportParsed> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    const { bytes, ...ref } = doc;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, started });
      // the bytes are copied (structured clone): the caller's Buffer may be a view into a shared pool
      const req: ParseRequest = { id, key, doc: { ...ref, bytes } };
      this.worker.postMessage(req);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
