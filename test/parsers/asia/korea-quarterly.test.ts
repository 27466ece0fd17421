import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';
import { parseDartFinancials } from '../../../parsers/korea/financials.ts';
import type { KrFinancialsInsert } from '../../../schema/asia.ts';

// A real quarterly, separate-basis fnlttSinglAcntAll response: Samsung E&A (00126308), bsns_year 2024, 1분기보고서
// (11013), 18 whole rows of the response a repository author pasted into a JS comment (fixtures/korea/MANIFEST.tsv).
// The expected values are the hand-read labels of fixtures/korea/LABELS-quarterly.tsv, committed before the
// parser ran on the file. Its request URL was not captured: the basis is given as `etl parse --kind OFS` would,
// on the evidence the manifest names (the SCE rows' account_detail says 별도재무제표 [member]).
const dir = new URL('../../../fixtures/korea/', import.meta.url);
const Q1 = 'fnlttSinglAcntAll_00126308_2024_11013_OFS_EXCERPT-from-js-comment.json';
const fetchedAt = '2026-01-01T00:00:00Z';

interface Label {
  file: string;
  sjDiv: string;
  accountId: string;
  accountDetail: string;
  key: string;
  period: string;
  value: string;
  field: string;
}
const labels: Label[] = readFileSync(new URL('LABELS-quarterly.tsv', dir), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, sjDiv, accountId, accountDetail, key, period, value, field] = line.split('\t') as string[];
    return { file, sjDiv, accountId, accountDetail, key, period, value, field } as Label;
  });

const parsed = parseDartFinancials(
  readFileSync(new URL(Q1, dir)),
  { url: `fixtures/korea/${Q1}`, fetchedAt },
  {
    fsDiv: 'OFS',
  },
);
const rowOf = (l: Label) =>
  parsed.rows.filter(
    (r) =>
      r.sjDiv === l.sjDiv &&
      r.accountId === l.accountId &&
      (r.accountDetail ?? '-') === (l.accountDetail === '-' ? '-' : l.accountDetail),
  );
const figures = labels.filter((l) => l.file === Q1 && l.sjDiv !== '*');

describe('OpenDART quarterly statements (fnlttSinglAcntAll, reprt_code 11013)', () => {
  it('has the labels it is measured on', () => {
    expect(figures).toHaveLength(16);
  });

  it.each(figures.map((l) => [`${l.sjDiv} ${l.accountId} ${l.key} (${l.period})`, l] as const))(
    '%s',
    (_name, l) => {
      const rows = rowOf(l);
      expect(rows).toHaveLength(1);
      expect((rows[0] as unknown as Record<string, unknown>)[l.field]).toBe(l.value);
    },
  );

  it('keeps the basis, year and report of the request and every row', () => {
    const basis = labels.find((l) => l.file === Q1 && l.field === 'fsDiv')!;
    const count = labels.find((l) => l.file === Q1 && l.key === '(rows)')!;
    expect(parsed.rows).toHaveLength(Number(count.value));
    expect(new Set(parsed.rows.map((r) => `${r.fsDiv} ${r.bsnsYear} ${r.reprtCode}`))).toEqual(
      new Set([`${basis.value} 2024 11013`]),
    );
    const bySj = (sj: string) => parsed.rows.filter((r) => r.sjDiv === sj).length;
    expect([bySj('BS'), bySj('IS'), bySj('CIS'), bySj('CF'), bySj('SCE')]).toEqual([6, 4, 2, 3, 3]);
  });

  it('puts no prior-year quarter figure on a balance sheet row, and no prior-year-end figure on an income row', () => {
    const bs = parsed.rows.filter((r) => r.sjDiv === 'BS');
    expect(bs.every((r) => r.amountPriorYearPeriod === null && r.amountPriorYearCumulative === null)).toBe(
      true,
    );
    const is = parsed.rows.filter((r) => r.sjDiv === 'IS' || r.sjDiv === 'CIS');
    expect(is.every((r) => r.amountPriorPeriod === null && r.amountTwoPeriodsPrior === null)).toBe(true);
  });

  it('etl parse dart-financials --kind OFS prints the prior-year columns', () => {
    const out = ASIA_PARSERS['dart-financials']!.run(
      readFileSync(new URL(Q1, dir)),
      { kind: 'OFS' },
      { url: Q1, fetchedAt },
    ) as { rows: Record<string, unknown>[] };
    expect(out.rows.find((r) => r.account_id === 'ifrs-full_Revenue')).toMatchObject({
      amount_prior_year_period: '1630861029151',
      amount_prior_year_cumulative: '1630861029151',
    });
  });
});

describe('OpenDART annual statements keep their shape', () => {
  // Samsung FY2023 (11011, CFS): annual rows carry frmtrm/bfefrmtrm and no quarterly columns
  const annual = parseDartFinancials(
    readFileSync(new URL('fnlttSinglAcntAll_00126380_2023_11011_golden.json', dir)),
    {
      url: 'https://opendart.fss.or.kr/api/fnlttSinglAcntAll.json?corp_code=00126380&bsns_year=2023&reprt_code=11011&fs_div=CFS',
      fetchedAt,
    },
  ).rows;

  it('reads the annual revenue line as before and leaves the prior-year quarter columns empty', () => {
    expect(annual).toHaveLength(176);
    expect(annual.find((r) => r.sjDiv === 'IS' && r.accountId === 'ifrs-full_Revenue')).toMatchObject({
      amount: '258935494000000',
      amountPriorPeriod: '302231360000000',
      amountTwoPeriodsPrior: '279604799000000',
      amountCumulative: null,
      amountPriorYearPeriod: null,
      amountPriorYearCumulative: null,
    } satisfies Partial<KrFinancialsInsert>);
    expect(annual.some((r) => r.amountPriorYearPeriod !== null || r.amountPriorYearCumulative !== null)).toBe(
      false,
    );
  });
});
