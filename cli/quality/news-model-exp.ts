import { wordVectors } from '../../lib/word-vectors.ts';
import type { EventType } from '../../parsers/news/event-types.ts';
import type { Article } from '../../parsers/news/pipeline.ts';
import { readLocally } from '../../parsers/news/reader.ts';
import { DIMENSIONS, setTextModel, words } from '../../parsers/news/text-model.ts';
import { type LabelledItem, labelledItems, TRAINING_LABEL_FILES } from '../news/train-text-model.ts';
import { articleTitled, fixtureArticles } from './news-articles.ts';

/**
 * Experiment bench (issue 28, eighth pass): leave-one-set-out over all eight sets of model features, the `other` prior,
 * thresholds and rules-vs-model arbitration. Prints one line per variant. Not shipped logic: the winner is moved into
 * parsers/news/text-model.ts and cli/quality/news-model-cv.ts.
 */
const files = TRAINING_LABEL_FILES;
const dir = new URL('../../fixtures/news/', import.meta.url);
setTextModel(null);
const { articlesOf } = fixtureArticles(dir);
const items = labelledItems(files);
const wv = await wordVectors();

interface Row {
  l: LabelledItem;
  a: Article;
  ruleType: string;
  sub: string;
  hard: boolean;
  weak: boolean;
  macroFallback: boolean;
  company: string | null;
}
const rows: Row[] = items.map((l) => {
  const a = articleTitled(articlesOf(l.file), l.title) as Article;
  const c = a.classification;
  const hard = c.rules.some((r) => /^(8k_item|form\.|exchange\.)/.test(r.rule));
  const typeRules = c.rules.filter((r) => r.rule.startsWith(`${c.event_type}.`));
  const inTitle = typeRules.some((r) => a.title.toLowerCase().includes(r.evidence.toLowerCase()));
  return {
    l,
    a,
    ruleType: c.event_type,
    sub: c.event_subtype,
    hard,
    weak: !hard && c.event_subtype !== 'unclassified' && !inTitle,
    macroFallback: c.rules.some((r) => r.rule === 'fallback.macro_theme'),
    company: a.links.find((x) => x.primary)?.ticker ?? null,
  };
});

// ---------- features
const mean = (text: string) => {
  const out = new Float64Array(DIMENSIONS);
  const rs = words(text)
    .map((w) => wv.row(w))
    .filter((r) => r >= 0);
  for (const r of rs) {
    const v = wv.vector(r);
    for (let k = 0; k < DIMENSIONS; k++) out[k] = (out[k] ?? 0) + (v[k] ?? 0) / rs.length;
  }
  return out;
};
const meanT = rows.map((r) => mean(r.l.title));
const meanS = rows.map((r) => mean((r.l.summary ?? '').slice(0, 300)));
const meanS600 = rows.map((r) => mean((r.l.summary ?? '').slice(0, 600)));
const grams = (t: string, bigrams: boolean) => {
  const w = words(t);
  const g = w.map((x) => `u:${x}`);
  if (bigrams) for (let i = 0; i + 1 < w.length; i++) g.push(`b:${w[i]}_${w[i + 1]}`);
  return [...new Set(g)];
};

type Feat = { dense: Float64Array; sparse: string[] };
type FeatFn = (i: number) => Feat;
const glove =
  (hw: number, sw: number, long = false, split = false): FeatFn =>
  (i) => {
    const t = meanT[i] as Float64Array;
    const s = (long ? meanS600 : meanS)[i] as Float64Array;
    if (split) {
      const d = new Float64Array(2 * DIMENSIONS);
      d.set(t, 0);
      for (let k = 0; k < DIMENSIONS; k++) d[DIMENSIONS + k] = (s[k] ?? 0) * sw;
      return { dense: d, sparse: [] };
    }
    const d = new Float64Array(DIMENSIONS);
    for (let k = 0; k < DIMENSIONS; k++) d[k] = hw * (t[k] ?? 0) + sw * (s[k] ?? 0);
    return { dense: d, sparse: [] };
  };
const withBag =
  (base: FeatFn, bigrams: boolean, summary: boolean): FeatFn =>
  (i) => {
    const f = base(i);
    const r = rows[i] as Row;
    const sp = grams(r.l.title, bigrams);
    if (summary) sp.push(...grams((r.l.summary ?? '').slice(0, 300), false).map((g) => `s${g}`));
    return { dense: f.dense, sparse: sp };
  };

// ---------- trainer: softmax regression, dense part + binary sparse part (vocabulary: features seen >= 2 times in training)
interface Model {
  classes: string[];
  d: number;
  vocab: Map<string, number>;
  w: Float64Array;
  sparseScale: number;
}
function train(
  idx: number[],
  feat: Feat[],
  labels: string[],
  l2: number,
  iters: number,
  rate: number,
  sparseScale: number,
): Model {
  const classes = [...new Set(idx.map((i) => labels[i] as string))].sort();
  const cnt = new Map<string, number>();
  for (const i of idx) for (const g of (feat[i] as Feat).sparse) cnt.set(g, (cnt.get(g) ?? 0) + 1);
  const vocab = new Map<string, number>();
  const d0 = (feat[idx[0] as number] as Feat).dense.length + 1;
  for (const [g, c] of [...cnt].sort()) if (c >= 2) vocab.set(g, d0 + vocab.size);
  const d = d0 + vocab.size;
  const c = classes.length;
  const n = idx.length;
  const w = new Float64Array(c * d);
  const g = new Float64Array(c * d);
  const z = new Float64Array(c);
  const xs = idx.map((i) => {
    const f = feat[i] as Feat;
    const x = new Float64Array(d0);
    x.set(f.dense, 0);
    x[d0 - 1] = 1;
    return x;
  });
  const sp = idx.map((i) =>
    (feat[i] as Feat).sparse.map((s) => vocab.get(s)).filter((v): v is number => v !== undefined),
  );
  const y = idx.map((i) => classes.indexOf(labels[i] as string));
  for (let it = 0; it < iters; it++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const x = xs[i] as Float64Array;
      const s = sp[i] as number[];
      let max = -Infinity;
      for (let k = 0; k < c; k++) {
        const r = k * d;
        let v = 0;
        for (let j = 0; j < d0; j++) v += w[r + j]! * x[j]!;
        for (const j of s) v += w[r + j]! * sparseScale;
        z[k] = v;
        if (v > max) max = v;
      }
      let sum = 0;
      for (let k = 0; k < c; k++) {
        z[k] = Math.exp(z[k]! - max);
        sum += z[k]!;
      }
      for (let k = 0; k < c; k++) {
        const err = z[k]! / sum - (y[i] === k ? 1 : 0);
        const r = k * d;
        for (let j = 0; j < d0; j++) g[r + j]! += err * x[j]!;
        for (const j of s) g[r + j]! += err * sparseScale;
      }
    }
    for (let k = 0; k < c * d; k++) w[k] = w[k]! - rate * (g[k]! / n + l2 * w[k]!);
  }
  return { classes, d, vocab, w, sparseScale };
}
function predict(m: Model, f: Feat): { label: string; p: number }[] {
  const d0 = f.dense.length + 1;
  const s = f.sparse.map((x) => m.vocab.get(x)).filter((v): v is number => v !== undefined);
  const z = m.classes.map((_, k) => {
    const r = k * m.d;
    let v = m.w[r + d0 - 1]!;
    for (let j = 0; j < d0 - 1; j++) v += m.w[r + j]! * f.dense[j]!;
    for (const j of s) v += m.w[r + j]! * m.sparseScale;
    return v;
  });
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return m.classes.map((label, k) => ({ label, p: e[k]! / sum })).sort((a, b) => b.p - a.p);
}

// ---------- LOSO predictions for a feature variant
const sets = files.map((_, i) => i + 1);
function loso(
  fn: FeatFn,
  which: 'type' | 'direction',
  l2 = 1e-4,
  iters = 1200,
  rate = 2,
  sparseScale = 1,
  onlyUnclassified = false,
) {
  const feat = rows.map((_, i) => fn(i));
  const labels = rows.map((r) => (which === 'type' ? r.l.event_type : r.l.direction));
  const out: { label: string; p: number }[][] = new Array(rows.length);
  for (const k of sets) {
    const tr = rows
      .map((r, i) =>
        r.l.set !== k && (!onlyUnclassified || r.sub === 'unclassified' || r.macroFallback) ? i : -1,
      )
      .filter((i) => i >= 0);
    const m = train(tr, feat, labels, l2, iters, rate, sparseScale);
    rows.forEach((r, i) => {
      if (r.l.set === k) out[i] = predict(m, feat[i] as Feat);
    });
  }
  return out;
}

const pct = (a: number, n: number) => ((100 * a) / n).toFixed(1);
const line = (name: string, ok: (r: Row, i: number) => boolean) => {
  const per = sets.map((k) => {
    const ix = rows.map((r, i) => (r.l.set === k ? i : -1)).filter((i) => i >= 0);
    return pct(ix.filter((i) => ok(rows[i] as Row, i)).length, ix.length).padStart(6);
  });
  const all = pct(rows.filter((r, i) => ok(r, i)).length, rows.length);
  process.stdout.write(`${name.padEnd(58)} ${per.join(' ')} ${all.padStart(6)}\n`);
};

type P = { label: string; p: number }[];
/** the type: shipped combination (+ options) */
const typeOf = (r: Row, mt: P, o: { t: number; otherScale?: number; weakT?: number; fallbackT?: number }) => {
  let g = mt;
  if (o.otherScale !== undefined && o.otherScale !== 1) {
    const e = mt.map((x) => ({
      label: x.label,
      p: x.label === 'other' ? x.p * (o.otherScale as number) : x.p,
    }));
    const s = e.reduce((a, b) => a + b.p, 0);
    g = e.map((x) => ({ label: x.label, p: x.p / s })).sort((a, b) => b.p - a.p);
  }
  const top = g[0] as { label: string; p: number };
  if (r.hard) return r.ruleType;
  if (r.sub === 'unclassified') return top.p >= o.t && top.label !== 'other' ? top.label : r.ruleType;
  if (o.fallbackT !== undefined && r.macroFallback && top.p >= o.fallbackT) return top.label;
  if (o.weakT !== undefined && r.weak && top.p >= o.weakT) return top.label;
  return r.ruleType;
};
const dirOf = (r: Row, type: string, md: P, t: number) => {
  const top = md[0] as { label: string; p: number };
  if (top.p >= t) return top.label;
  return readLocally({
    title: r.a.title,
    summary: r.a.summary,
    event_type: type as EventType,
    event_subtype: type === r.ruleType ? r.sub : 'text_model',
    company: r.company,
  }).direction;
};

const header = `${'variant'.padEnd(58)} ${sets.map((k) => `set${k}`.padStart(6)).join(' ')} ${'all'.padStart(6)}`;
const mode = process.argv[2] ?? 'type';
process.stdout.write(`n = ${sets.map((k) => rows.filter((r) => r.l.set === k).length).join('/')}\n`);
process.stdout.write(
  `unclassified by rules: ${rows.filter((r) => r.sub === 'unclassified' && !r.hard).length}, weak: ${rows.filter((r) => r.weak).length}, macro fallback: ${rows.filter((r) => r.macroFallback).length}\n`,
);
line('rules only', (r) => r.ruleType === r.l.event_type);
line(
  'rules only: oracle on unclassified',
  (r) => r.ruleType === r.l.event_type || (r.sub === 'unclassified' && !r.hard),
);
if (mode === 'type') {
  process.stdout.write(`TYPE\n${header}\n`);
  const variants: [string, FeatFn, number?, boolean?][] = [
    ['glove h1 s0.5 (shipped)', glove(1, 0.5)],
    ['glove h1 s0', glove(1, 0)],
    ['glove h1 s1', glove(1, 1)],
    ['glove h1 s0.5 summary600', glove(1, 0.5, true)],
    ['glove split title|summary', glove(1, 1, false, true)],
    ['glove h1 s0.5 + headline words', withBag(glove(1, 0.5), false, false)],
    ['glove h1 s0.5 + headline words+bigrams', withBag(glove(1, 0.5), true, false)],
    ['glove h1 s0.5 + headline+summary words', withBag(glove(1, 0.5), false, true)],
    ['glove h1 s0.5, l2 1e-3', glove(1, 0.5), 1e-3],
    ['glove h1 s0.5, trained on rule-unclassified only', glove(1, 0.5), 1e-4, true],
  ];
  const pick = new RegExp(process.env.VARIANTS ?? '.');
  for (const [name, fn, l2, only] of variants.filter(([n]) => pick.test(n))) {
    const mt = loso(fn, 'type', l2 ?? 1e-4, 1200, 2, 1, only ?? false);
    for (const t of [0.3, 0.4, 0.5, 0.6])
      line(`${name} t=${t}`, (r, i) => typeOf(r, mt[i] as P, { t }) === r.l.event_type);
    for (const s of [0.5, 0.7])
      line(
        `${name} t=0.5 other x${s}`,
        (r, i) => typeOf(r, mt[i] as P, { t: 0.5, otherScale: s }) === r.l.event_type,
      );
    for (const ft of [0.5, 0.7, 0.9])
      line(
        `${name} t=0.5 fallback->model p>=${ft}`,
        (r, i) => typeOf(r, mt[i] as P, { t: 0.5, fallbackT: ft }) === r.l.event_type,
      );
    for (const wt of [0.5, 0.7, 0.9])
      line(
        `${name} t=0.5 weak->model p>=${wt}`,
        (r, i) => typeOf(r, mt[i] as P, { t: 0.5, weakT: wt }) === r.l.event_type,
      );
    line(`${name} model only`, (r, i) => (mt[i] as P)[0]?.label === r.l.event_type);
  }
} else if (mode === 'direction') {
  const mt = loso(glove(1, 0.5), 'type');
  const ty = rows.map((r, i) => typeOf(r, mt[i] as P, { t: 0.5 }));
  process.stdout.write(`DIRECTION (type: shipped combination)\n${header}\n`);
  const variants: [string, FeatFn, number?][] = [
    ['glove h1 s0.5 (shipped)', glove(1, 0.5)],
    ['glove h1 s0', glove(1, 0)],
    ['glove split title|summary', glove(1, 1, false, true)],
    ['glove h1 s0.5 + headline words', withBag(glove(1, 0.5), false, false)],
    ['glove h1 s0.5 + headline words+bigrams', withBag(glove(1, 0.5), true, false)],
    ['glove h1 s0.5, l2 1e-3', glove(1, 0.5), 1e-3],
  ];
  line('rules only (dir)', (r, i) => dirOf(r, ty[i] as string, [{ label: 'x', p: 0 }], 2) === r.l.direction);
  for (const [name, fn, l2] of variants) {
    const md = loso(fn, 'direction', l2 ?? 1e-4);
    for (const t of [0.7, 0.8, 0.9, 0.95])
      line(`${name} t=${t}`, (r, i) => dirOf(r, ty[i] as string, md[i] as P, t) === r.l.direction);
    line(`${name} model only`, (r, i) => (md[i] as P)[0]?.label === r.l.direction);
  }
}
if (mode === 'dump') {
  const mt = loso(glove(1, 0.5), 'type');
  const md = loso(glove(1, 0.5), 'direction');
  rows.forEach((r, i) => {
    const t = mt[i] as P;
    const d = md[i] as P;
    process.stdout.write(
      `${r.l.set}\t${r.hard ? 'hard' : r.sub}\t${r.ruleType}\t${r.l.event_type}\t${t[0]?.label}\t${t[0]?.p.toFixed(2)}\t${t[1]?.label}\t${t[1]?.p.toFixed(2)}\t${r.l.direction}\t${d[0]?.label}\t${d[0]?.p.toFixed(2)}\t${r.company ?? '-'}\t${r.l.title.slice(0, 90)}\n`,
    );
  });
}
