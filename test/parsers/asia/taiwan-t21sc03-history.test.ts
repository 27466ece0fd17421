/**
 * Held-out MOPS market-wide monthly revenue pages (t21sc03 layout) of kinds the mirror's 2023 pages are not:
 * pre-IFRS pages of 2010 (10 columns, no 備註) of both markets and an OTC page of 2015 (備註 column, tables
 * nested in an outer table), against the labels read by hand before the parser read them
 * (`fixtures/taiwan/LABELS-t21sc03-history.tsv`), through the parser `etl parse twse-monthly-revenue` runs.
 * The files were captured without their request URL, so the market is the page's own (hidden `Market`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';

const bytes = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url));
const labelSet = (name: string) =>
  bytes(`taiwan/${name}`)
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t') as [string, string, string, string, string]);
const history = labelSet('LABELS-t21sc03-history.tsv');
// the first IFRS month (2013-01): 上月營收 and 上月比較 read 不適用
const ifrsStart = labelSet('LABELS-t21sc03-ifrs-start.tsv');
const labels = [...history, ...ifrsStart];
type Out = { rows: Record<string, unknown>[]; warnings: string[] };
const read = (file: string) =>
  ASIA_PARSERS['twse-monthly-revenue']!.run(
    bytes(`taiwan/${file}`),
    {},
    { url: `fixtures/taiwan/${file}`, fetchedAt: '2026-01-01T00:00:00Z' },
  ) as Out;
const NUMERIC = /revenue|_pct$/;

describe('MOPS t21sc03 monthly revenue pages of 2010, 2013 and 2015 (LABELS-t21sc03-history.tsv, LABELS-t21sc03-ifrs-start.tsv)', () => {
  it('has the labels', () => {
    expect(history).toHaveLength(57);
    expect(ifrsStart).toHaveLength(20);
  });
  it.each(labels.map((l) => [`${l[0]} ${l[1]} ${l[2]}`, l] as const))(
    '%s',
    (_n, [file, code, field, expected]) => {
      const out = read(file);
      if (field === 'rows') return expect(String(out.rows.length)).toBe(expected);
      const row = out.rows.find((r) => r.local_security_code === code);
      const got = row?.[field] ?? null;
      if (expected === 'null') return expect(got).toBeNull();
      if (NUMERIC.test(field)) return expect(Number(got)).toBe(Number(expected));
      expect(String(got)).toBe(expected);
    },
  );
  it('reads an industry total (合計) as no company', () => {
    for (const f of new Set(labels.map((l) => l[0])))
      expect(read(f).rows.some((r) => /合計/.test(String(r.company_name)))).toBe(false);
  });
});
