import { writeFileSync } from 'node:fs';
import { wordVectors } from '../../lib/word-vectors.ts';
import type { EventType } from '../../parsers/news/event-types.ts';
import type { Article } from '../../parsers/news/pipeline.ts';
import { readLocally } from '../../parsers/news/reader.ts';
import {
  DIRECTION_MIN_P,
  itemVector,
  predictLr,
  setTextModel,
  TYPE_MIN_P,
} from '../../parsers/news/text-model.ts';
import {
  ALL_LABEL_FILES,
  type LabelledItem,
  labelledItems,
  TRAINING_LABEL_FILES,
  trainModels,
} from '../news/train-text-model.ts';
import { articleTitled, fixtureArticles } from './news-articles.ts';

/**
 * `npm run quality:news-cv`: leave-one-set-out cross-validation of the news text model on every labelled set (sets 1-20 since
 * the twentieth pass: train on nineteen, score the twentieth), beside the word rules alone on the same items, and of the ways to combine them. The
 * model's figures are held-out figures set by set; the rules' are not (they were read off the misses of every set after its
 * first measure, docs/news.md). The row `shipped` is what parsers/news/classify.ts and reader.ts do: the model types an item
 * the rules leave unclassified (no filing form or halt code) at p >= TYPE_MIN_P, and replaces a macro-theme fallback at
 * that posterior; the direction is the model's at p >= DIRECTION_MIN_P. `--all` is accepted for the old command line (every
 * set is always folded in). An item the pipeline drops (a duplicate by its link) is listed and left out.
 * `--shipped-pool`: each fold trains only on the sets the shipped model is trained on (TRAINING_LABEL_FILES, sets 1-8) less the
 * fold's own, so a fold of a later set scores exactly the shipped weights: run with and without it, the two say whether training on
 * the later sets too would help a set the model never saw. `--pool=1-8,18-20` names the sets a fold may train on (less its own):
 * the question whether adding given sets to TRAINING_LABEL_FILES would help. `CV_ITEMS=<file>` writes each item's shipped type
 * and direction, to compare two runs item by item.
 */
const labelFiles = ALL_LABEL_FILES;

const dir = new URL('../../fixtures/news/', import.meta.url);
setTextModel(null); // the rules alone
const { articlesOf } = fixtureArticles(dir);

interface Row {
  l: LabelledItem;
  a: Article;
  ruleType: string;
  ruleSub: string;
  hard: boolean;
  ruleDir: string;
  ruleDirWords: boolean;
  ruleDirAnalysis: boolean;
  company: string | null;
  mType: { label: string; p: number }[];
  mDir: { label: string; p: number }[];
}

const items = labelledItems(labelFiles);
const wv = await wordVectors();
const rows: Row[] = [];
const dropped: string[] = [];
/** `--pool=1-8,18-20`: the sets a fold may train on (less its own); `--shipped-pool`: the shipped model's (TRAINING_LABEL_FILES). */
const setList = (spec: string) =>
  spec.split(',').flatMap((r) => {
    const [a, b] = r.split('-').map(Number) as [number, number | undefined];
    return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
  });
const poolArg = process.argv.find((a) => a.startsWith('--pool='))?.slice('--pool='.length);
const poolSets = new Set(
  poolArg
    ? setList(poolArg)
    : process.argv.includes('--shipped-pool')
      ? labelFiles.flatMap((f, i) => (TRAINING_LABEL_FILES.includes(f) ? [i + 1] : []))
      : labelFiles.map((_, i) => i + 1),
);
const poolName =
  poolSets.size === labelFiles.length
    ? 'every other set'
    : `sets ${[...poolSets].join(',')}${poolArg ? '' : " (the shipped model's sets)"}`;
// training is deterministic (from zero weights), so folds with the same training sets share one model
const trained = new Map<string, ReturnType<typeof trainModels>>();
for (let k = 1; k <= labelFiles.length; k++) {
  const test = items.filter((l) => l.set === k);
  const trainSets = [...poolSets].filter((s) => s !== k);
  const key = trainSets.join(',');
  const models =
    trained.get(key) ??
    trainModels(
      items.filter((l) => trainSets.includes(l.set)),
      wv,
    );
  trained.set(key, models);
  for (const l of test) {
    const a = articleTitled(articlesOf(l.file), l.title);
    // an item the pipeline drops (a duplicate by its link) has no article to score: counted and left out
    if (!a) {
      dropped.push(`${l.file}: ${l.title}`);
      continue;
    }
    const company = a.links.find((x) => x.primary)?.ticker ?? null;
    const r = readLocally({
      title: a.title,
      summary: a.summary,
      event_type: a.classification.event_type,
      event_subtype: a.classification.event_subtype,
      company,
    });
    const f = itemVector(a.title, a.summary, wv);
    rows.push({
      l,
      a,
      ruleType: a.classification.event_type,
      ruleSub: a.classification.event_subtype,
      hard: a.classification.rules.some((x) => /^(8k_item|form\.|exchange\.)/.test(x.rule)),
      ruleDir: r.direction,
      ruleDirWords: r.why.includes('words "'),
      ruleDirAnalysis: r.why.includes('analysis headline'),
      company,
      mType: predictLr(models.type, f),
      mDir: predictLr(models.direction, f),
    });
  }
}

const rulesDecideType = (x: Row) => x.ruleType !== 'other' || !!x.a.links.length === false;
type TypeFn = (x: Row) => string;
type DirFn = (x: Row, type: string) => string;
const top = (g: { label: string; p: number }[]) => g[0] as { label: string; p: number };

/** what classify.ts does with the model's posterior (TYPE_MIN_P) */
const shippedType: TypeFn = (x) => {
  const g = top(x.mType);
  if (x.hard || g.p < TYPE_MIN_P) return x.ruleType;
  if (x.ruleSub === 'unclassified') return g.label === 'other' ? x.ruleType : g.label;
  return x.ruleSub.startsWith('theme_') ? g.label : x.ruleType;
};
const typeMethods: Record<string, TypeFn> = {
  'rules only (old)': (x) => x.ruleType,
  'model only': (x) => top(x.mType).label,
  [`shipped (p>=${TYPE_MIN_P}; theme fallback yields)`]: shippedType,
};
for (const t of [0, 0.5, 0.7, 0.9]) {
  typeMethods[`rules; model where rules say other (p>=${t})`] = (x) =>
    x.ruleType === 'other' && top(x.mType).p >= t ? top(x.mType).label : x.ruleType;
  typeMethods[`model when p>=${t}, else rules`] = (x) =>
    !x.a.classification.rules.some((r) => /^(8k_item|form\.|exchange\.)/.test(r.rule)) && top(x.mType).p >= t
      ? top(x.mType).label
      : x.ruleType;
}
void rulesDecideType;

/** the reader's direction with a given type (the type changes the reader's lean) */
const reread = (x: Row, type: string) => {
  const r = readLocally({
    title: x.a.title,
    summary: x.a.summary,
    event_type: type as EventType,
    event_subtype: type === x.ruleType ? x.a.classification.event_subtype : 'model',
    company: x.company,
  });
  return {
    dir: r.direction,
    words: r.why.includes('words "'),
    analysis: r.why.includes('analysis headline'),
  };
};
const dirMethods: Record<string, DirFn> = {
  'rules only (old)': (x, t) => reread(x, t).dir,
  'model only': (x) => top(x.mDir).label,
  [`shipped (model when p>=${DIRECTION_MIN_P}, else rules)`]: (x, ty) =>
    top(x.mDir).p >= DIRECTION_MIN_P ? top(x.mDir).label : reread(x, ty).dir,
};
for (const t of [0, 0.5, 0.7, 0.9]) {
  dirMethods[`rules; model where no words decided (p>=${t})`] = (x, ty) => {
    const r = reread(x, ty);
    return !r.words && top(x.mDir).p >= t ? top(x.mDir).label : r.dir;
  };
  dirMethods[`rules; model where no words and no analysis rule (p>=${t})`] = (x, ty) => {
    const r = reread(x, ty);
    return !r.words && !r.analysis && top(x.mDir).p >= t ? top(x.mDir).label : r.dir;
  };
  dirMethods[`model when p>=${t}, else rules`] = (x, ty) =>
    top(x.mDir).p >= t ? top(x.mDir).label : reread(x, ty).dir;
}

const pct = (a: number, n: number) => `${((100 * a) / n).toFixed(1)}`;
const sets = labelFiles.map((_, i) => i + 1);
const line = (name: string, f: (x: Row) => boolean) => {
  const per = sets.map((k) => {
    const r = rows.filter((x) => x.l.set === k);
    return pct(r.filter(f).length, r.length);
  });
  return `${name.padEnd(62)} ${per.map((p) => p.padStart(6)).join(' ')} ${pct(rows.filter(f).length, rows.length).padStart(7)}`;
};
const header = `${'method'.padEnd(62)} ${sets.map((k) => `set${k}`.padStart(6)).join(' ')} ${'all'.padStart(7)}`;
process.stdout.write(
  `leave-one-set-out on sets 1-${sets.length}, each fold trained on ${poolName} (n = ${sets.map((k) => rows.filter((x) => x.l.set === k).length).join('/')}; ${rows.length} items)\n\nEVENT TYPE\n${header}\n`,
);
if (dropped.length)
  process.stdout.write(
    `left out (no article after the pipeline): ${dropped.length}\n${dropped.map((d) => `  ${d}\n`).join('')}\n`,
  );
for (const [name, f] of Object.entries(typeMethods))
  process.stdout.write(`${line(name, (x) => f(x) === x.l.event_type)}\n`);
const bestType = (process.env.TYPE_METHOD ? typeMethods[process.env.TYPE_METHOD] : shippedType) as TypeFn;
process.stdout.write(`\nDIRECTION (type from: ${process.env.TYPE_METHOD ?? 'shipped'})\n${header}\n`);
for (const [name, f] of Object.entries(dirMethods))
  process.stdout.write(`${line(name, (x) => f(x, bestType(x)) === x.l.direction)}\n`);
// CV_ITEMS=<file>: one line per scored item with the shipped combination's type and direction (to compare two runs item by item)
if (process.env.CV_ITEMS)
  writeFileSync(
    process.env.CV_ITEMS,
    rows
      .map((x) => {
        const t = shippedType(x);
        const d = top(x.mDir).p >= DIRECTION_MIN_P ? top(x.mDir).label : reread(x, t).dir;
        return [x.l.set, x.l.file, x.l.title, x.l.event_type, t, x.l.direction, d].join('\t');
      })
      .join('\n') + '\n',
  );
process.stdout.write(`\nDIRECTION (type from the rules alone)\n${header}\n`);
for (const [name, f] of Object.entries(dirMethods))
  process.stdout.write(`${line(name, (x) => f(x, x.ruleType) === x.l.direction)}\n`);
