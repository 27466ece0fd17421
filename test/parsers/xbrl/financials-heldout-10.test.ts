import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { parseInstance } from '../../../parsers/xbrl/instance.ts';
import { instanceFacts } from '../../../parsers/xbrl/instance-facts.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 10 (fixtures/financials/held-out-10): Netflix's Q3 2010 10-Q (a 2009-taxonomy instance at
 * xbrl.us namespaces), Union Pacific's FY2012 10-K (a railroad; its unaudited quarterly data tag every quarter of
 * 2012 and 2011) and Enterprise Products Partners' FY2023-2024 companyfacts window (a limited partnership: per-unit
 * earnings, partners' capital). Every number below was read by hand from the files; the sums were added by hand.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-10', import.meta.url));
const UNP = 'UNP_CIK0000100885_10-K_FY2012_unp-20121231-TRIM.xml';
const EPD = 'EPD_CIK0001061219_FY2023-2024-TRANSCRIBED.json';

function unp(period: 'quarterly' | 'ttm') {
  const inst = parseInstance(readFileSync(`${DIR}/${UNP}`, 'utf8'), { document: UNP });
  const facts = instanceFacts(inst, { accn: '0001193125-13-045658', filed: '2013-02-01' });
  return buildStatements(prepareFacts(facts), { ticker: 'UNP', cik: 100885, period });
}

describe("set 10: a 2009-taxonomy 10-Q, a railroad's 10-K quarterly data, a limited partnership", () => {
  it("a 10-K's quarterly figures of its comparative year are quarters too", () => {
    // OperatingIncomeLoss 2011-07-01..2011-09-30 = 1,578M, in the FY2012 10-K's quarterly data
    // (FY2011 operating income 5,724M = 1,137 + 1,392 + 1,578 + 1,617)
    const q = unp('quarterly');
    expect(row(q.income_statements, '2011-09-30')).toMatchObject({
      fiscal_period: 'Q3',
      operating_income: 1_578_000_000,
      revenue: 5_101_000_000,
    });
    // ttm at Q3 2012 = Q4 2011 5,108M + Q1 5,112M + Q2 5,221M + Q3 5,343M = 20,784M
    expect(row(unp('ttm').income_statements, '2012-09-30')).toMatchObject({ revenue: 20_784_000_000 });
  });

  it("a partnership's earnings per unit are its diluted EPS and its partners' capital its equity", () => {
    const doc = parseCompanyFacts(readFileSync(`${DIR}/${EPD}`, 'utf8'), { document: EPD });
    const prepared = prepareFacts(doc.facts);
    const annual = buildStatements(prepared, { ticker: 'EPD', cik: 1061219, period: 'annual' });
    // NetIncomeLossNetOfTaxPerOutstandingLimitedPartnershipUnitDiluted FY2024 2.69; PartnersCapital 28,732M
    expect(row(annual.income_statements, '2024-12-31')).toMatchObject({ earnings_per_share_diluted: 2.69 });
    expect(row(annual.balance_sheets, '2024-12-31')).toMatchObject({ shareholders_equity: 28_732_000_000 });
    const quarterly = buildStatements(prepared, { ticker: 'EPD', cik: 1061219, period: 'quarterly' });
    // three months to 2024-06-30: 0.64 (the six months beside it are 1.30)
    expect(row(quarterly.income_statements, '2024-06-30')).toMatchObject({
      fiscal_period: 'Q2',
      earnings_per_share_diluted: 0.64,
    });
  });

  it('every set-10 label is right, each valued one in its currency', () => {
    const results = scoreLabels(DIR, 'held-out-10');
    expect(results).toHaveLength(63);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
