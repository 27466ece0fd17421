import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 13 (fixtures/financials/held-out-13): MGP Ingredients' companyfacts body (transcribed from
 * Jacob-Lisner/edgar_data, three concepts). MGP moved its fiscal year end from June 30 to December 31: fiscal 2011
 * is 2010-07-01..2011-06-30, the transition period 2011-07-01..2011-12-31 is reported on a 10-K (filed 2012-03-13,
 * SEC tags it fp FY), and fiscal 2012 is the calendar year. Numbers read by hand from the facts.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-13', import.meta.url));
const FILE = 'MGPI_CIK0000835011_FY2011-2012_TRANSITION-TRANSCRIBED.json';
const prepared = prepareFacts(
  parseCompanyFacts(readFileSync(`${DIR}/${FILE}`, 'utf8'), { document: FILE }).facts,
);
const build = (period: 'annual' | 'quarterly' | 'ttm') =>
  buildStatements(prepared, { ticker: 'MGPI', cik: 835011, period });

const SONY = 'SONY_CIK0000313838_FY2011-2012_JPY-TRANSCRIBED.json';
const sony = prepareFacts(
  parseCompanyFacts(readFileSync(`${DIR}/${SONY}`, 'utf8'), { document: SONY }).facts,
);
const sonyAnnual = (asOf?: string) =>
  buildStatements(sony, { ticker: 'SONY', cik: 313838, period: 'annual', ...(asOf ? { asOf } : {}) })
    .income_statements;

describe('set 13: a 20-F filer in yen whose earnings per share companyfacts lists in the unit JPY', () => {
  it('EPS tagged "JPY" is yen per share, served in JPY beside the yen net income, never converted', () => {
    expect(sony.currency).toBe('JPY');
    // EarningsPerShareDiluted 2012-04-01..2013-03-31: 40.19 as first filed (2013-06-27), 38.79 from 2014-06-26
    expect(row(sonyAnnual('2013-06-27'), '2013-03-31')).toMatchObject({
      currency: 'JPY',
      net_income: 43_034_000_000,
      earnings_per_share: 42.8,
      earnings_per_share_diluted: 40.19,
    });
    expect(row(sonyAnnual(), '2013-03-31')).toMatchObject({
      net_income: 41_540_000_000,
      earnings_per_share_diluted: 38.79,
    });
    expect(row(sonyAnnual(), '2012-03-31')).toMatchObject({ earnings_per_share_diluted: -453.42 });
  });

  it('the 6-K re-tagging the years is no annual report and makes no quarter', () => {
    expect(row(sonyAnnual('2012-11-14'), '2012-03-31')).toMatchObject({
      net_income: -456_660_000_000,
      earnings_per_share_diluted: -455.03,
    });
    const quarterly = buildStatements(sony, { ticker: 'SONY', cik: 313838, period: 'quarterly' });
    expect(quarterly.income_statements).toEqual([]);
  });
});

const PHG = 'PHG_CIK0000313216_FY2017-2018_EUR-IFRS-TRANSCRIBED.json';
const phg = prepareFacts(parseCompanyFacts(readFileSync(`${DIR}/${PHG}`, 'utf8'), { document: PHG }).facts);

describe('set 13: an IFRS 20-F filer in euros whose diluted EPS companyfacts lists in the unit EUR', () => {
  it('EPS tagged "EUR" is euros per share; profit attributable to the parent is net income, in EUR', () => {
    expect([phg.currency, phg.standard]).toEqual(['EUR', 'ifrs']);
    const annual = (asOf?: string) =>
      buildStatements(phg, { ticker: 'PHG', cik: 313216, period: 'annual', ...(asOf ? { asOf } : {}) })
        .income_statements;
    expect(row(annual(), '2017-12-31')).toMatchObject({
      currency: 'EUR',
      revenue: 17_780_000_000,
      net_income: 1_657_000_000,
      consolidated_income: 1_870_000_000,
      earnings_per_share_diluted: 1.75,
    });
    // 2018 diluted EPS 1.16 in the 2018 and 2019 20-Fs, 1.14 in the 2020 20-F (2021-02-23)
    expect(row(annual('2021-02-22'), '2018-12-31')).toMatchObject({ earnings_per_share_diluted: 1.16 });
    expect(row(annual(), '2018-12-31')).toMatchObject({ earnings_per_share_diluted: 1.14 });
  });
});

describe('set 13: a fiscal-year-end change with a six-month transition period', () => {
  it('the transition period is no fiscal year, and the first calendar quarter is Q1', () => {
    expect(build('annual').income_statements.map((r) => r.report_period)).toEqual([
      '2012-12-31',
      '2011-06-30',
      '2010-06-30',
    ]);
    const quarters = fiscalCalendar(prepared.evidence).quarters.map((q) => [q.end, q.index, q.fyStart]);
    expect(quarters).toContainEqual(['2011-12-31', 2, '2011-07-01']);
    expect(quarters).toContainEqual(['2012-03-31', 1, '2012-01-01']);
    expect(quarters.filter(([end]) => end === '2011-12-31')).toHaveLength(1);
  });

  it("the transition period's second quarter is six months - three months, never a year minus nine months", () => {
    // 10,635,000 - (-5,509,000); operating cash flow -9,603,000 - (-13,948,000)
    expect(row(build('quarterly').income_statements, '2011-12-31')).toMatchObject({
      fiscal_period: 'Q2',
      net_income: 16_144_000,
    });
    expect(row(build('quarterly').cash_flow_statements, '2011-12-31')).toMatchObject({
      net_cash_flow_from_operations: 4_345_000,
    });
    // Q2 2012 cash flow from the calendar year's six months: -7,468,000 - (-10,971,000)
    expect(row(build('quarterly').cash_flow_statements, '2012-06-30')).toMatchObject({
      fiscal_period: 'Q2',
      net_cash_flow_from_operations: 3_503_000,
    });
    // Apr-Jun 2011 -10,258,000 + Jul-Sep -5,509,000 + Oct-Dec 16,144,000 + Jan-Mar 2012 1,876,000
    expect(row(build('ttm').income_statements, '2012-03-31')).toMatchObject({
      fiscal_period: 'Q1',
      net_income: 2_253_000,
    });
  });

  it('every set-13 label is right', () => {
    const results = scoreLabels(DIR, 'held-out-13');
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
