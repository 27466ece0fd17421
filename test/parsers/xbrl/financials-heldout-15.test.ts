import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { build, row } from './build.ts';

/*
 * Financials held-out set 15 (fixtures/financials/held-out-15): Realty Income (a REIT, SIC 6798) fiscal 2011-2013,
 * transcribed from Jacob-Lisner/edgar_data. Its top line is us-gaap Revenues until the Q1 2012 10-Q, then
 * RealEstateRevenueNet, and the later filings re-tag earlier periods (restated for discontinued operations) under
 * the new name only. Numbers read by hand from the facts.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-15', import.meta.url));
const FILE = 'O_CIK0000726728_FY2011-2013_REIT-RETAG-TRANSCRIBED.json';
const o = prepareFacts(parseCompanyFacts(readFileSync(`${DIR}/${FILE}`, 'utf8'), { document: FILE }).facts);
const oBuild = (period: 'annual' | 'quarterly', asOf?: string) =>
  buildStatements(o, { ticker: 'O', cik: 726728, sic: '6798', period, ...(asOf ? { asOf } : {}) })
    .income_statements;

describe('set 15: a REIT that renames its top line from Revenues to RealEstateRevenueNet', () => {
  it('a period re-tagged under the new name by a later filing takes the later figure', () => {
    expect(o.index.renamed('us-gaap:Revenues', 'us-gaap:RealEstateRevenueNet')).toBe(true);
    // fiscal 2011: 421,059,000 (10-K 2012-02-13), 416,730,000 (8-K recast 2012-11-01), then RealEstateRevenueNet
    // 410,252,000 (10-K 2013-02-14) and 412,360,000 (10-K 2014-02-14), filings that tag no Revenues fact
    expect(row(oBuild('annual', '2012-03-01'), '2011-12-31').revenue).toBe(421_059_000);
    expect(row(oBuild('annual', '2012-12-31'), '2011-12-31').revenue).toBe(416_730_000);
    expect(row(oBuild('annual', '2013-03-01'), '2011-12-31').revenue).toBe(410_252_000);
    expect(row(oBuild('annual'), '2011-12-31').revenue).toBe(412_360_000);
    // Q1 2012: Revenues 114,723,000 as first filed, RealEstateRevenueNet 112,305,000 from the Q1 2013 10-Q
    expect(row(oBuild('quarterly', '2013-04-25'), '2012-03-31').revenue).toBe(114_723_000);
    expect(row(oBuild('quarterly'), '2012-03-31').revenue).toBe(112_305_000);
    expect(row(oBuild('quarterly'), '2011-06-30').revenue).toBe(101_620_000);
  });

  it('every set-15 label is right (Q4 2012 = FY 475,510,000 - Q1 114,723,000 - Q2 115,643,000 - Q3 120,237,000)', () => {
    const results = scoreLabels(DIR, 'held-out-15');
    expect(results.length).toBe(41);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

describe('set 15: a US GAAP 20-F filer in yuan with US-dollar convenience translations (Baidu)', () => {
  const BIDU = 'BIDU_CIK0001329099_FY2015-2018_CNY-TRANSCRIBED.json';
  const facts = parseCompanyFacts(readFileSync(`${DIR}/${BIDU}`, 'utf8'), { document: BIDU }).facts;
  const annual = (fs: typeof facts) =>
    buildStatements(prepareFacts(fs), { ticker: 'BIDU', cik: 1329099, period: 'annual' }).income_statements;

  it('the currency is the unit of most facts (CNY), read both ways: the USD facts alone give USD rows', () => {
    expect(prepareFacts(facts).currency).toBe('CNY');
    // fiscal 2017: 84,809,000,000 CNY; the 20-F's convenience translation 13,034,000,000 USD is never the row
    expect(row(annual(facts), '2017-12-31')).toMatchObject({ currency: 'CNY', revenue: 84_809_000_000 });
    const usd = facts.filter((f) => f.unit === 'USD');
    expect(prepareFacts(usd).currency).toBe('USD');
    expect(row(annual(usd), '2017-12-31')).toMatchObject({ currency: 'USD', revenue: 13_034_000_000 });
  });
});

describe('a top line tagged under another name in some filings (Alphabet, in-sample)', () => {
  it('Q4 2020 derives from the 10-K year (Revenues) and the 10-Q nine months (contract revenue only)', () => {
    // 55,314M + (182,527M - 125,629M) + 46,173M + 38,297M: known from the Q1 2021 10-Q, not from 2023-02-03
    expect(row(build('GOOGL', 'ttm', '2021-04-28').income_statements, '2021-03-31').revenue).toBe(
      196_682_000_000,
    );
  });
});
