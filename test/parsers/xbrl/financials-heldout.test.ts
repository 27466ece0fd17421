import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { SPECS_BY_STATEMENT } from '../../../parsers/xbrl/mapping.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { resolveSlot } from '../../../parsers/xbrl/resolve.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 1 (fixtures/financials/held-out): a fiscal-2023 subset of Snowflake's companyfacts.
 * Every number below was read by hand from the facts as filed (accession next to it); derived quarters were
 * subtracted by hand.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out/', import.meta.url));
const FILE = 'CIK0001640147_RESERIALIZED_FY2023-TRIM.json';
const doc = parseCompanyFacts(readFileSync(DIR + FILE, 'utf8'), { document: FILE });
const prepared = prepareFacts(doc.facts);
const build = (period: 'annual' | 'quarterly' | 'ttm', asOf?: string) =>
  buildStatements(prepared, { ticker: 'SNOW', cik: doc.cik, period, ...(asOf ? { asOf } : {}) });

describe('Snowflake FY2023 (year ends January 31; 10-Q cash flow year-to-date only)', () => {
  it('the Q1 10-Q tagged fp "FY" (0001640147-22-000044) is fiscal Q1 by its dates, known from 2022-06-03', () => {
    expect(build('quarterly', '2022-06-02').income_statements).toHaveLength(0);
    const s = build('quarterly', '2022-06-03');
    expect(row(s.income_statements, '2022-04-30')).toMatchObject({
      fiscal_period: 'Q1',
      accession_number: '0001640147-22-000044',
      revenue: 422_371_000,
      net_income: -165_794_000,
    });
    expect(row(s.balance_sheets, '2022-04-30').total_assets).toBe(7_022_699_000);
    expect(row(s.cash_flow_statements, '2022-04-30').net_cash_flow_from_operations).toBe(184_613_000);
  });

  it('Q2 and Q3 operating cash flow are year-to-date differences (6M 249,046,000; 9M 328,323,000)', () => {
    const s = build('quarterly');
    expect(row(s.cash_flow_statements, '2022-07-31').net_cash_flow_from_operations).toBe(64_433_000);
    expect(row(s.cash_flow_statements, '2022-10-31').net_cash_flow_from_operations).toBe(79_277_000);
    expect(row(s.income_statements, '2022-07-31')).toMatchObject({
      fiscal_period: 'Q2',
      revenue: 497_248_000,
      net_income: -222_806_000,
    });
    expect(row(s.income_statements, '2022-10-31')).toMatchObject({
      fiscal_period: 'Q3',
      revenue: 557_028_000,
      net_income: -200_936_000,
    });
  });

  it('Q4 is FY (10-K 0001640147-23-000030) minus 9M: cash from operations 217,316,000', () => {
    const q4 = fiscalCalendar(prepared.evidence).quarters.find((q) => q.end === '2023-01-31')!;
    expect(q4).toMatchObject({ index: 4, fyStart: '2022-02-01' });
    const env = { index: prepared.index, currency: 'USD', standard: 'us_gaap' as const, industry: null };
    const r = resolveSlot(SPECS_BY_STATEMENT.cash_flow, { kind: 'quarter', ...q4 }, env);
    expect(r.values.net_cash_flow_from_operations).toBe(217_316_000);
    const inc = resolveSlot(SPECS_BY_STATEMENT.income, { kind: 'quarter', ...q4 }, env);
    expect(inc.values.revenue).toBe(589_012_000);
  });

  it('annual FY2023 from the 10-K', () => {
    const s = build('annual');
    expect(row(s.income_statements, '2023-01-31')).toMatchObject({
      fiscal_period: 'FY',
      revenue: 2_065_659_000,
      net_income: -796_705_000,
    });
    expect(row(s.balance_sheets, '2023-01-31').total_assets).toBe(7_722_322_000);
    // the Q1 10-Q tagged fp "FY" is no fiscal year: its 3-month figures make no annual row
    expect(s.income_statements.map((r) => r.report_period)).toEqual(['2023-01-31']);
  });

  it('the held-out scorer reads labels.tsv and finds every label right', () => {
    const results = scoreLabels(DIR.replace(/\/$/, ''), 'held-out');
    expect(results).toHaveLength(19);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

describe('Snowflake FY2021 (IPO year: the first 10-Q is Q3, Q1/Q2 only as later comparatives)', () => {
  const DIR2 = fileURLToPath(new URL('../../../fixtures/financials/held-out-2/', import.meta.url));
  const FILE2 = 'CIK0001640147_RESERIALIZED_FY2021-TRIM.json';
  const doc2 = parseCompanyFacts(readFileSync(DIR2 + FILE2, 'utf8'), { document: FILE2 });
  const prepared2 = prepareFacts(doc2.facts);
  const quarterly = (asOf?: string) =>
    buildStatements(prepared2, {
      ticker: 'SNOW',
      cik: doc2.cik,
      period: 'quarterly',
      ...(asOf ? { asOf } : {}),
    });
  const cfo = (asOf: string | undefined, end: string) =>
    quarterly(asOf).cash_flow_statements.find((r) => r.report_period === end)
      ?.net_cash_flow_from_operations ?? null;

  it('as of the Q3 10-Q (0001640147-20-000023, 2020-12-03): Q3 income, no Q3 cash flow (no 6M yet)', () => {
    const s = quarterly('2020-12-03');
    expect(row(s.income_statements, '2020-10-31')).toMatchObject({
      fiscal_period: 'Q3',
      revenue: 159_624_000,
      net_income: -168_889_000,
    });
    expect(s.income_statements.some((r) => r.report_period === '2020-07-31')).toBe(false);
    expect(cfo('2020-12-03', '2020-10-31')).toBe(null);
  });

  it('the 6M comparative filed 2021-09-02 (0001640147-21-000212) makes Q2 and Q3 cash flow derivable', () => {
    expect(cfo('2021-09-01', '2020-10-31')).toBe(null);
    // 9M -65,031,000 - 6M -45,277,000; 6M - Q1 -6,592,000
    expect(cfo('2021-09-02', '2020-10-31')).toBe(-19_754_000);
    expect(cfo('2021-09-02', '2020-07-31')).toBe(-38_685_000);
    expect(row(quarterly('2021-09-02').income_statements, '2020-07-31')).toMatchObject({
      fiscal_period: 'Q2',
      revenue: 133_145_000,
    });
  });

  it('set 2 scores every label right', () => {
    const results = scoreLabels(DIR2.replace(/\/$/, ''), 'held-out-2');
    expect(results).toHaveLength(20);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
