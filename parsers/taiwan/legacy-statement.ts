import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import { cleanText, twAmount } from './text.ts';

const DIGITS: Record<string, number> = Object.fromEntries(
  [...'〇○零', ...'一二三四五六七八九'].map((c, i) => [c, Math.max(0, i - 2)]),
);

/** Chinese numerals as ROC years are written: positional `一○○` = 100, or with 十: `九十九` = 99, `十二` = 12. */
export function chineseNumber(s: string): number {
  if (s.includes('十')) {
    const [tens = '', ones = ''] = s.split('十');
    return (tens ? (DIGITS[tens] ?? Number.NaN) : 1) * 10 + (ones ? (DIGITS[ones] ?? Number.NaN) : 0);
  }
  return Number([...s].map((c) => DIGITS[c] ?? Number.NaN).join(''));
}

const END_MONTH: Record<string, number> = {
  三月三十一日: 3,
  六月三十日: 6,
  九月三十日: 9,
  十二月三十一日: 12,
};

export interface LegacyStatement {
  year: number;
  season: number;
  /** The page's report name: `合併…` (合併現金流量表) consolidated, another name separate, none null. */
  basis: 'consolidated' | 'separate' | null;
  lines: { label: string; current: string | null; prior: string | null }[];
}

/**
 * A pre-IFRS (ROC GAAP, before 2013) MOPS statement: a `<pre>` text block with the period in Chinese numerals
 * (`中華民國一○○年及九十九年一月一日至六月三十日`, cumulative from January 1), amounts in thousand TWD with `$`,
 * padding and negatives in parentheses (`(520,109)`, `( 192,877)`), two columns (this year, last year).
 * Rules of the format:
 * - the period names this year first, once for both years (`民國一○○年及九十九年一月一日至三月三十一日`) or once
 *   per year (`民國九十八年一月一日至三月三十一日 及民國九十七年一月一日至三月三十一日`, ASUS 2009 Q1);
 * - the unit line is `單位：新台幣仟元` or `單位:新台幣仟元` (full-width or ASCII colon);
 * - a statement drawn with box characters (`│ 合併總淨利 │ $967,948 │ $7,893,823 │`) has them between its
 *   cells: they separate cells like the padding of the plain layout, and rule rows (`│───│`) are no lines;
 * - the basis is the page's report name (the hidden `reportName` input, else the statement's title line):
 *   `合併…` is consolidated, another statement name separate; none, null (never guessed).
 */
export function parseLegacyStatement(html: string, document: string): LegacyStatement {
  const $ = cheerio.load(html);
  const text = $('pre').first().text();
  if (!text) throw new ParseError('no <pre> statement text', document);
  const pm =
    /(?:中華)?民國([〇○零一二三四五六七八九十]+)年(?:及[〇○零一二三四五六七八九十]+年)?一月一日至([一二三四五六七八九十]+月[一二三四五六七八九十]+日)/.exec(
      text.replace(/\s+/g, ''),
    );
  if (!pm?.[1] || !pm[2]) throw new ParseError('no 民國…年一月一日至… period line', document);
  const endMonth = END_MONTH[pm[2]];
  if (!endMonth) throw new ParseError(`period end ${pm[2]} is not a quarter end`, document);
  if (!/單位[：:]\s*新台幣仟元/.test(text)) throw new ParseError('no 單位：新台幣仟元 unit line', document);
  const amount = String.raw`(\$?\s*\(\s*[\d,]+\)|\$?\s*-?[\d,]+(?:\.\d+)?|-)`;
  const lineRe = new RegExp(String.raw`^(.*?\S)\s{2,}${amount}\s+${amount}\s*$`);
  const lines: LegacyStatement['lines'] = [];
  for (const raw of text.split(/\r?\n/)) {
    const m = lineRe.exec(raw.replace(/[│┃|]/g, '  '));
    if (!m) continue;
    lines.push({
      label: cleanText(m[1] ?? ''),
      current: twAmount(m[2], document),
      prior: twAmount(m[3], document),
    });
  }
  const reportName =
    $('input[name="reportName"]').attr('value') ??
    /(?:合併)?(?:現金流量表|損益表|資產負債表|股東權益變動表)/.exec(text)?.[0] ??
    null;
  const basis = reportName === null ? null : reportName.startsWith('合併') ? 'consolidated' : 'separate';
  return { year: chineseNumber(pm[1]) + 1911, season: endMonth / 3, basis, lines };
}
