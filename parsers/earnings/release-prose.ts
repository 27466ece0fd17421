import type { Concept } from './release-concepts.ts';
import { NON_GAAP_WORDS } from './release-concepts.ts';
import { parseAmount, type Scale, wordScale } from './release-numbers.ts';
import { BOILERPLATE, type Sentence } from './release-sentences.ts';
import type { Basis, Span } from './release-tables.ts';

/**
 * Figures stated in sentences ("net income of $44.2 million, or $0.89 per share ($0.88 per share on a
 * diluted basis)"). The scale is the word after the amount, full units without one; a loss named in words
 * makes the figure negative; the first amount after the measure's name is its value (later ones are the
 * comparison); an unqualified GAAP name is the GAAP figure (Regulation G requires non-GAAP measures to be
 * labelled), a qualified one is non-GAAP with the words as printed; "would have been" keeps a figure only
 * when it names what it excludes.
 */

export interface ProseFigure {
  concept: Concept;
  label: string;
  basis: Basis;
  span: Span;
  printed: string;
  value: number;
  scale: Scale;
  sentence: Sentence;
  /** Offsets of the amount within the exhibit text. */
  start: number;
  end: number;
}

const MONEY = String.raw`\(?-?\s?(?:US)?\$\s?\(?-?\s?(?:\d{1,3}(?:,\s?\d{3})+|\d+)?(?:\.\d+)?\)?`;
const SCALE_WORD = String.raw`(?:\s?(thousand|million|billion|bn|mm|m)\b)?`;
const MEASURES: [RegExp, Concept][] = [
  [/\b(?:total |net )?(?:revenues?|net sales|sales)\b/i, 'revenue'],
  [/\bgross (?:profit|margin)\b(?! (?:percentage|rate|of \d))/i, 'gross_profit'],
  [/\b(?:operating (?:income|profit|loss|earnings)|(?:income|loss) from operations)\b/i, 'operating_income'],
  [
    /\bnet (?:income|profit|earnings|loss)\b|\b(?:net )?quarterly profit\b|\b(?:quarter(?:ly)? )?earnings(?= (?:of|were|was|totaled) )/i,
    'net_income',
  ],
  [/\bEBITDA\b/, 'ebitda'],
  [/\bfree cash flow\b/i, 'free_cash_flow'],
];
const COMPARISON =
  /\b(?:compared|versus|vs\.?|from|prior|previous|year[- ]ago|last year|a year earlier|same (?:period|quarter)|preceding)\b/i;
const EPS_AFTER = new RegExp(
  String.raw`^[^$]{0,40}?(${MONEY}|\d+ cents)\s*(?:per|a)\s+(diluted\s+|basic\s+|fully diluted\s+)?(?:common\s+)?share(?:\s+on a (diluted|basic) basis)?`,
  'i',
);

function spanOfSentence(s: string): Span | null {
  if (
    /\b(?:six|nine)[- ]months?\b|year[- ]to[- ]date|\b(?:26|39|2\d|3\d)[- ]week|first half|first (?:six|nine) months/i.test(
      s,
    )
  )
    return 'ytd';
  if (/\b(?:quarter|three months|13[- ]week|thirteen[- ]week|14[- ]week)\b/i.test(s)) return 'quarter';
  if (
    /\b(?:fiscal year|full[- ]year|for the year|year ended|twelve months|fiscal \d{4}\b|for \d{4}\b|in \d{4}\b)/i.test(
      s,
    )
  )
    return 'year';
  return null;
}

export function proseFigures(sentences: Sentence[]): ProseFigure[] {
  const out: ProseFigure[] = [];
  for (const s of sentences.slice(0, 80)) {
    if (
      BOILERPLATE.test(s.text) ||
      /\b(?:expects?|anticipates?|outlook|guidance|forecasts?|projects?|targets?)\b/i.test(s.text)
    )
      continue;
    const span = spanOfSentence(s.text) ?? 'quarter';
    for (const [re, concept] of MEASURES) {
      const m = new RegExp(re.source, `g${re.flags.replace('g', '')}`).exec(s.text);
      if (!m) continue;
      const after = s.text.slice(m.index + m[0].length);
      const before = s.text.slice(Math.max(0, m.index - 60), m.index);
      const money = new RegExp(`(${MONEY})${SCALE_WORD}`, 'i').exec(after);
      if (!money || money.index > 90) continue;
      const between = after.slice(0, money.index);
      if (
        COMPARISON.test(between) ||
        /\bper\b|%|percent/.test(between.replace(/\b\d+(?:\.\d+)? ?(?:%|percent)\s+to\b/i, ''))
      )
        continue;
      const clause = `${before}${m[0]}${between}`;
      if (
        /would have been/i.test(clause) &&
        !/\b(?:excluding|before|without)\b/i.test(s.text.slice(0, m.index + m[0].length + money.index))
      )
        continue;
      const printed = money[1]!;
      let value = parseAmount(printed);
      if (value === null || !/\d/.test(printed)) continue;
      const loss = /\bloss\b/i.test(m[0]) || /\bloss\b/i.test(between);
      if (loss && value > 0) value = -value;
      const nonGaap =
        NON_GAAP_WORDS.test(clause) || /\b(?:excluding|before)\b[^.]{0,80}$/i.test(s.text.slice(0, m.index));
      const label = nonGaap ? qualifiedLabel(s.text.slice(0, m.index + m[0].length), m[0]) : m[0];
      const amountStart = s.start + m.index + m[0].length + money.index;
      out.push({
        concept,
        label,
        basis: concept === 'ebitda' || concept === 'free_cash_flow' || nonGaap ? 'non_gaap' : 'gaap',
        span,
        printed: money[0].trim(),
        // (trimmed above)
        value,
        scale: wordScale(money[2]),
        sentence: s,
        start: amountStart,
        end: amountStart + money[0].length,
      });
      if (concept === 'net_income' || concept === 'operating_income') {
        const rest = after.slice(money.index + money[0].length);
        epsAfter(out, s, rest, amountStart + money[0].length, loss, nonGaap, label, span);
      }
    }
  }
  return out;
}

/** "..., or $0.89 per share ($0.88 per share on a diluted basis)": per-share figures following a net income. */
function epsAfter(
  out: ProseFigure[],
  s: Sentence,
  rest: string,
  offset: number,
  loss: boolean,
  nonGaap: boolean,
  label: string,
  span: Span,
) {
  let text = rest;
  let pos = offset;
  for (let i = 0; i < 2; i++) {
    const m = EPS_AFTER.exec(text);
    if (!m || COMPARISON.test(text.slice(0, m.index + m[0].indexOf(m[1]!)))) return;
    const printed = m[1]!.trim();
    let value = /cents/i.test(printed) ? Number(printed.replace(/\D/g, '')) / 100 : parseAmount(printed);
    if (value === null) return;
    if (loss && value > 0) value = -value;
    const kind = (m[2] ?? m[3] ?? '').trim().toLowerCase();
    const diluted = /diluted/.test(kind);
    const basic = /basic/.test(kind);
    // A plain "per share" figure followed by a diluted one is the basic figure.
    const nextDiluted =
      !diluted &&
      !basic &&
      /^\s*\(?\s*\$?[\d.]+\s*per\s+share\s+on a diluted basis|^[^$]{0,30}\$[\d.]+\s*per diluted share/i.test(
        text.slice(m[0].length),
      );
    const concept: Concept = diluted ? 'eps_diluted' : basic || nextDiluted ? 'eps_basic' : 'eps';
    const start = pos + m.index + m[0].indexOf(printed);
    out.push({
      concept,
      label: nonGaap ? `${label} per ${diluted ? 'diluted ' : ''}share` : m[0].replace(/^[^$\d]*/, '').trim(),
      basis: nonGaap ? 'non_gaap' : 'gaap',
      span,
      printed,
      value,
      scale: 'units',
      sentence: s,
      start,
      end: start + printed.length,
    });
    pos += m.index + m[0].length;
    text = text.slice(m.index + m[0].length);
  }
}

/** The qualifier and measure as printed: "Excluding this charge, the Company's net profit" -> "net profit excluding this charge". */
function qualifiedLabel(upTo: string, measure: string): string {
  const q = /\b((?:non[- ]?gaap|adjusted|pro[- ]forma|core|underlying)\s+(?:[a-z]+\s+){0,2})$/i.exec(
    upTo.slice(0, upTo.length - measure.length),
  );
  if (q) return `${q[1]!.trim()} ${measure}`.replace(/\s+/g, ' ');
  const ex = /\b((?:excluding|before)\s[^,;]{1,60})/i.exec(upTo);
  if (ex) return `${measure} ${ex[1]!.trim()}`;
  return measure;
}
