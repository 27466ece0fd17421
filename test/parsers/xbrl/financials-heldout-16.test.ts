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
 * Financials held-out set 16 (fixtures/financials/held-out-16): Whole Foods Market fiscal 2012-2013, transcribed from
 * Jacob-Lisner/edgar_data. A 52/53-week year ending on the last Sunday of September whose first quarter is 16 weeks
 * (112 days) and the others 12; its 10-Qs tag only the quarter's own figures (no year-to-date income), and SEC lists
 * its first-quarter 10-Qs of 2013 and 2014 with fp "Q2". Numbers read by hand from the facts.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-16', import.meta.url));
const FILE = 'WFM_CIK0000865436_FY2012-2013_52-53WK-TRANSCRIBED.json';
const wfm = prepareFacts(parseCompanyFacts(readFileSync(`${DIR}/${FILE}`, 'utf8'), { document: FILE }).facts);
const quarterly = (asOf?: string) =>
  buildStatements(wfm, {
    ticker: 'WFM',
    cik: 865436,
    sic: '5411',
    period: 'quarterly',
    ...(asOf ? { asOf } : {}),
  }).income_statements;

describe('set 16: a 52/53-week retailer with a 16-week first quarter', () => {
  it('the 16-week first quarter is a quarterly row with its own figures', () => {
    // 2011-09-26..2012-01-15 (112 days): 10-Q 0001445305-12-000434 as first filed, the 10-K of 2013-11-22 rounded
    expect(row(quarterly('2012-03-01'), '2012-01-15')).toMatchObject({
      fiscal_period: 'Q1',
      revenue: 3_390_940_000,
      net_income: 118_327_000,
      earnings_per_share_diluted: 0.65,
    });
    expect(row(quarterly(), '2012-01-15')).toMatchObject({
      fiscal_period: 'Q1',
      revenue: 3_391_000_000,
      net_income: 118_000_000,
      earnings_per_share_diluted: 0.33,
    });
    // 2012-10-01..2013-01-20, a first quarter listed with fp Q2; EPS pre-split (0.78) until the split restates it
    expect(row(quarterly('2013-03-01'), '2013-01-20')).toMatchObject({
      fiscal_period: 'Q1',
      revenue: 3_856_000_000,
      earnings_per_share_diluted: 0.78,
    });
    expect(row(quarterly(), '2013-01-20').earnings_per_share_diluted).toBe(0.39);
  });

  // Whole Foods 45 labels, Ohio Valley Banc 32 (revenue = net interest + noninterest income), Supervalu 14,
  // Safeway 14 (a 16- and a 17-week fourth quarter, labelled after the rules were written: 14 of 14 at first read)
  it('every set-16 label is right', () => {
    const results = scoreLabels(DIR, 'held-out-16');
    expect(results.length).toBe(105);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

describe('set 16: a 16-week first quarter inside differences and trailing sums (Supervalu)', () => {
  const SVU = 'SVU_CIK0000095521_FY2016-2017_16WK-Q1-TRANSCRIBED.json';
  const svu = prepareFacts(parseCompanyFacts(readFileSync(`${DIR}/${SVU}`, 'utf8'), { document: SVU }).facts);
  const build = (period: 'quarterly' | 'ttm') =>
    buildStatements(svu, { ticker: 'SVU', cik: 95521, period }).income_statements;

  it('Q4 = FY - Q1 (16 weeks) - Q2 - Q3 when no filing tags the fourth quarter or nine months', () => {
    const q = fiscalCalendar(svu.evidence).quarters.find((x) => x.end === '2016-02-27')!;
    const env = { index: svu.index, currency: 'USD', standard: 'us_gaap' as const, industry: null };
    // fiscal 2016: 178,000,000 - 61,000,000 - 31,000,000 - 34,000,000
    expect(resolveSlot(SPECS_BY_STATEMENT.income, { kind: 'quarter', ...q }, env).values.net_income).toBe(
      52_000_000,
    );
    expect(row(build('quarterly'), '2015-06-20')).toMatchObject({
      fiscal_period: 'Q1',
      net_income: 61_000_000,
    });
  });

  it('a trailing window that crosses the 16-week quarter is four consecutive quarters', () => {
    // Q2 31 + Q3 34 + Q4 52 (fiscal 2016) + Q1 46 (fiscal 2017), in millions
    expect(row(build('ttm'), '2016-06-18').net_income).toBe(163_000_000);
  });
});

describe('set 16: a 17-week fourth quarter tagged by the 10-K (Safeway fiscal 2014, 53 weeks)', () => {
  const SWY = 'SWY_CIK0000086144_FY2013-2014_16-17WK-Q4-TRANSCRIBED.json';
  const swy = prepareFacts(parseCompanyFacts(readFileSync(`${DIR}/${SWY}`, 'utf8'), { document: SWY }).facts);

  it("the fourth quarter is the 10-K's own 119-day figure, not the year less three rounded quarters", () => {
    const q = fiscalCalendar(swy.evidence).quarters.find((x) => x.end === '2015-01-03')!;
    const env = { index: swy.index, currency: 'USD', standard: 'us_gaap' as const, industry: null };
    // 2014-09-07..2015-01-03: 106,000,000 as filed; 113,400,000 - (-97,600,000 + 95,600,000 + 9,500,000) = 105,900,000
    expect(resolveSlot(SPECS_BY_STATEMENT.income, { kind: 'quarter', ...q }, env).values.net_income).toBe(
      106_000_000,
    );
  });
});
