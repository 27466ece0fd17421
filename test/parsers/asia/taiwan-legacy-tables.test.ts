/**
 * Pre-IFRS MOPS statement table pages (t05st33 balance sheet, t05st34 income statement) against the labels
 * read by hand before the parser existed (`fixtures/taiwan/LABELS-legacy-tables.tsv`): statement, basis,
 * year and season, unit, column periods, and each labelled line's amounts and percentages, this year first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type LegacyTablePage, parseLegacyTablePage } from '../../../parsers/taiwan/legacy-table.ts';

const tw = (f: string) => readFileSync(new URL(`../../../fixtures/taiwan/${f}`, import.meta.url), 'utf8');
const labels = tw('LABELS-legacy-tables.tsv')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t') as [string, string, string, string, string]);
const pages = new Map<string, LegacyTablePage>();
const page = (f: string) => pages.get(f) ?? pages.set(f, parseLegacyTablePage(tw(f), f)).get(f)!;
const join = (xs: (string | null)[]) => xs.map((x) => x ?? 'null').join('|');

function actual(file: string, line: string, field: string): string {
  const p = page(file);
  if (line === '*') {
    if (field === 'columns')
      return p.columns.map((c) => (c.start ? `${c.start}..${c.end}` : c.end)).join('|');
    if (field === '(lines with amounts)') return String(p.lines.length);
    return String(p[field as 'statement' | 'basis' | 'year' | 'season' | 'unit']);
  }
  const l = p.lines.find((x) => x.label === line);
  if (!l) return '(no such line)';
  if (field === 'unit') return l.unit;
  return join(field === 'amounts' ? l.amounts : l.percents);
}

describe('MOPS pre-IFRS statement tables (LABELS-legacy-tables.tsv)', () => {
  it('has the labels', () => expect(labels).toHaveLength(37));
  it.each(labels.map((l) => [`${l[0]} ${l[1]} ${l[2]}`, l] as const))(
    '%s',
    (_n, [file, line, field, expected]) => {
      expect(actual(file, line, field)).toBe(expected);
    },
  );
  it('refuses a page of another program', () => {
    expect(() =>
      parseLegacyTablePage(tw('legacy_cashflow_2330_ROC99Q3_2010-9M_cumulative.html'), 'cf'),
    ).toThrow(/progName/);
  });
});
