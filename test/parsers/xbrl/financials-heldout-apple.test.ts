import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { sameFigure } from '../../../parsers/xbrl/fact-index.ts';
import { SPECS_BY_STATEMENT } from '../../../parsers/xbrl/mapping.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { type PreparedFacts, prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { resolveSlot } from '../../../parsers/xbrl/resolve.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';
import { company } from './load.ts';

/*
 * Financials held-out sets 3 and 4: trims of Apple's raw companyfacts (fixtures/financials/held-out-3, -4).
 * Every number below was read by hand from the facts as filed (accession next to it); derived quarters were
 * subtracted by hand.
 */
const ROOT = fileURLToPath(new URL('../../../fixtures/financials/', import.meta.url));

function load(set: string, file: string) {
  const doc = parseCompanyFacts(readFileSync(`${ROOT}${set}/${file}`, 'utf8'), { document: file });
  return { doc, prepared: prepareFacts(doc.facts) };
}

function q4(prepared: PreparedFacts, end: string, kind: 'income' | 'cash_flow', asOf?: string) {
  const q = fiscalCalendar(prepared.evidence).quarters.find((x) => x.end === end)!;
  const env = {
    index: prepared.index,
    currency: 'USD',
    standard: 'us_gaap' as const,
    industry: null,
    ...(asOf ? { asOf } : {}),
  };
  return resolveSlot(SPECS_BY_STATEMENT[kind], { kind: 'quarter', ...q }, env).values;
}

describe('set 3: Apple FY2023, a 53-week year ending on a Saturday, with a 14-week Q1', () => {
  const { doc, prepared } = load('held-out-3', 'CIK0000320193_FY2023-TRIM.json');
  const build = (period: 'annual' | 'quarterly') =>
    buildStatements(prepared, { ticker: 'AAPL', cik: doc.cik, period });

  it('the 98-day Q1 ending Saturday 2022-12-31 is a quarter (10-Q 0000320193-23-000006)', () => {
    const s = build('quarterly');
    expect(row(s.income_statements, '2022-12-31')).toMatchObject({
      fiscal_period: 'Q1',
      revenue: 117_154_000_000,
      net_income: 29_998_000_000,
    });
    expect(row(s.cash_flow_statements, '2022-12-31').net_cash_flow_from_operations).toBe(34_005_000_000);
  });

  it('Q2/Q3 cash flow are week-count YTD differences (27 weeks 62,565M, 40 weeks 88,945M)', () => {
    const s = build('quarterly');
    expect(row(s.cash_flow_statements, '2023-04-01').net_cash_flow_from_operations).toBe(28_560_000_000);
    expect(row(s.cash_flow_statements, '2023-07-01').net_cash_flow_from_operations).toBe(26_380_000_000);
  });

  it('the 371-day year is annual (10-K 0000320193-23-000106) and Q4 = FY - 40 weeks', () => {
    expect(row(build('annual').income_statements, '2023-09-30').revenue).toBe(383_285_000_000);
    expect(q4(prepared, '2023-09-30', 'income').revenue).toBe(89_498_000_000);
    expect(q4(prepared, '2023-09-30', 'cash_flow').net_cash_flow_from_operations).toBe(21_598_000_000);
  });

  it('scores every label right', () => {
    const results = scoreLabels(`${ROOT}held-out-3`, 'held-out-3');
    expect(results).toHaveLength(21);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

describe('set 4: Apple FY2009, restated by the 10-K/A of 2010-01-25', () => {
  const { doc, prepared } = load('held-out-4', 'CIK0000320193_FY2009-TRIM.json');
  const annual = (asOf: string) =>
    row(
      buildStatements(prepared, { ticker: 'AAPL', cik: doc.cik, period: 'annual', asOf }).income_statements,
      '2009-09-26',
    );

  it('the year as first filed (10-K 0001193125-09-214859), then as restated (10-K/A 0001193125-10-012091)', () => {
    expect(annual('2009-12-31')).toMatchObject({ revenue: 36_537_000_000, net_income: 5_704_000_000 });
    expect(annual('2010-01-25')).toMatchObject({ revenue: 42_905_000_000, net_income: 8_235_000_000 });
  });

  it('Q4 is never a restated year minus an unrestated nine months', () => {
    // first filed: 36,537M - 26,667M (10-Q 0001193125-09-153165)
    expect(q4(prepared, '2009-09-26', 'income', '2009-12-31').revenue).toBe(9_870_000_000);
    // 2010-02-01: the restated year is known, the restated nine months not yet: still 9,870M, not 16,238M
    expect(q4(prepared, '2009-09-26', 'income', '2010-02-01').revenue).toBe(9_870_000_000);
    // from 2010-07-21 both are restated: 42,905M - 30,698M (10-Q 0001193125-10-162840)
    expect(q4(prepared, '2009-09-26', 'income', '2010-07-21').revenue).toBe(12_207_000_000);
    expect(q4(prepared, '2009-09-26', 'income').net_income).toBe(2_532_000_000);
  });

  it('scores every label right', () => {
    const results = scoreLabels(`${ROOT}held-out-4`, 'held-out-4');
    expect(results).toHaveLength(37);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

describe('a restatement versus a re-rounding', () => {
  it('a figure re-stated in 0.1M or changed by under 0.1% is the same figure', () => {
    expect(sameFigure(-62_532_000, -62_600_000)).toBe(true); // MRVL, under one unit of 0.1M
    expect(sameFigure(1_424_306_000, 1_424_200_000)).toBe(true); // MRVL, 0.007%
    expect(sameFigure(36_537_000_000, 42_905_000_000)).toBe(false); // Apple FY2009 revenue
    expect(sameFigure(5_000_000, 0)).toBe(false);
  });

  it('GOOGL Q4 2018 operating income as of 2019-10-29 stays on one basis (26,321M - 18,118M)', () => {
    // FY 10-K 0001652044-19-000004 (2019-02-05); 9M as filed 2018-10-26, restated to 19,303M on 2019-10-29
    const { prepared } = company('GOOGL');
    expect(q4(prepared, '2018-12-31', 'income', '2019-10-29').operating_income).toBe(8_203_000_000);
    // both restated from 2020-02-04: 27,524M - 19,303M
    expect(q4(prepared, '2018-12-31', 'income', '2020-02-04').operating_income).toBe(8_221_000_000);
  });
});
