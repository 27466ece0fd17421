/**
 * The first real half-year (reprt_code 11012) fnlttSinglAcntAll rows: 삼성전자 2020 반기보고서, separate basis
 * (fixtures/korea/MANIFEST.tsv). Expected values are the hand-read labels of fixtures/korea/LABELS-halfyear.tsv,
 * committed before the parser ran on the file: which response key lands in which field, three months against
 * year to date. The request URL was not kept: the basis is given as `etl parse --kind OFS` would.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDartFinancials } from '../../../parsers/korea/financials.ts';

const dir = new URL('../../../fixtures/korea/', import.meta.url);
const H1 = 'fnlttSinglAcntAll_00126380_2020_11012_OFS_EXCERPT-RESERIALIZED-from-csv.json';
const labels = readFileSync(new URL('LABELS-halfyear.tsv', dir), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, sjDiv, accountId, accountDetail, key, period, value, field] = line.split('\t') as string[];
    return { file, sjDiv, accountId, accountDetail, key, period, value, field } as Record<string, string>;
  });
const parsed = parseDartFinancials(
  readFileSync(new URL(H1, dir)),
  { url: `fixtures/korea/${H1}`, fetchedAt: '2026-11-30T00:00:00Z' },
  { fsDiv: 'OFS' },
);
const figures = labels.filter((l) => l.sjDiv !== '*');
const whole = labels.filter((l) => l.sjDiv === '*');

describe('OpenDART half-year statements (fnlttSinglAcntAll, reprt_code 11012)', () => {
  it('has the labels it is measured on', () => expect([figures.length, whole.length]).toEqual([28, 4]));

  it.each(figures.map((l) => [`${l.sjDiv} ${l.accountId} ${l.key} (${l.period})`, l] as const))(
    '%s',
    (_name, l) => {
      const rows = parsed.rows.filter(
        (r) =>
          r.sjDiv === l.sjDiv && r.accountId === l.accountId && (r.accountDetail ?? '-') === l.accountDetail,
      );
      expect(rows).toHaveLength(1);
      const v = (rows[0] as unknown as Record<string, unknown>)[l.field!];
      expect(v === null ? 'null' : v).toBe(l.value);
    },
  );

  it.each(whole.map((l) => [`${l.field} (${l.period})`, l] as const))('%s', (_name, l) => {
    const got =
      l.field === '(row count)'
        ? String(parsed.rows.length)
        : [
            ...new Set(parsed.rows.map((r) => String((r as unknown as Record<string, unknown>)[l.field!]))),
          ].join();
    expect(got).toBe(l.value);
  });
});
