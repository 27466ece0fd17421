/**
 * MOPS single-company monthly revenue pages (t05st10_ifrs from 2013, t05st10 before) against the labels read
 * by hand before the parser read them (`fixtures/taiwan/LABELS-monthly-revenue.tsv`): the month from the
 * `民國YYY年MM月` report line (the page has no 年月份 title), the company, the market and the 營業收入淨額
 * column's figures, through the parser `etl parse twse-monthly-revenue` runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';
import { isCompanyMonthlyRevenuePage } from '../../../parsers/taiwan/monthly-revenue.ts';

const bytes = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url));
const labels = bytes('taiwan/LABELS-monthly-revenue.tsv')
  .toString('utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t') as [string, string, string, string]);
type Out = { rows: Record<string, unknown>[] };
const read = (file: string) =>
  ASIA_PARSERS['twse-monthly-revenue']!.run(
    bytes(`taiwan/${file}`),
    {},
    { url: `fixtures/taiwan/${file}`, fetchedAt: '2026-01-01T00:00:00Z' },
  ) as Out;

describe('MOPS t05st10 single-company monthly revenue (LABELS-monthly-revenue.tsv)', () => {
  it('has the labels', () => expect(labels).toHaveLength(60));
  it.each(labels.map((l) => [`${l[0]} ${l[1]}`, l] as const))('%s', (_n, [file, field, expected]) => {
    const out = read(file);
    const got = field === 'rows' ? String(out.rows.length) : String(out.rows[0]?.[field] ?? 'null');
    expect(got).toBe(expected);
  });
  it('reads the 營業收入淨額 column of a pre-IFRS page, not the invoices or the consolidated table', () => {
    const [row] = read('t05st10_2330_ROC9909_monthly-revenue_pre-IFRS.html').rows;
    expect(row?.revenue).toBe('36652584'); // not 開立發票總金額 35,225,822, not 合併營業收入淨額 37,637,898
    expect(row?.revenue_ytd).toBe('300117331'); // not 288,204,461, not 309,395,679
  });
  it('leaves the market-wide t21sc03 page to its own reader', () => {
    const page = bytes('upstream/mops.twse.com.tw/nas/t21/sii/t21sc03_112_1_0.html');
    expect(isCompanyMonthlyRevenuePage(page)).toBe(false);
  });
});
