import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseInstance } from '../../../parsers/xbrl/instance.ts';
import { instanceFacts } from '../../../parsers/xbrl/instance-facts.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 6 (fixtures/financials/held-out-6): two trimmed EDGAR XBRL instances.
 * Auburn National Bancorporation's FY2023 10-K (0001193125-24-067944, filed 2024-03-14): a bank with no total
 * revenue line (net interest income 26,328K + noninterest income -2,981K, which carries 6,295K of securities
 * losses) and a 603K contract-revenue fact (service charges on deposits, one line of noninterest income).
 * The Cato Corporation's FY2023 10-K (0001562762-24-000065, filed 2024-03-27): a 53-week year to 2024-02-03.
 * Every number below was read by hand from the instances' facts; the sums were added by hand.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-6', import.meta.url));
const AUBN = 'AUBN_CIK0000750574_10-K_FY2023_d731871d10k_htm-TRIM.xml';

describe('set 6: a bank without a top line, a 53-week retailer (XBRL instances)', () => {
  const inst = parseInstance(readFileSync(`${DIR}/${AUBN}`, 'utf8'), { document: AUBN });
  const facts = instanceFacts(inst, { accn: '0001193125-24-067944', filed: '2024-03-14' });

  it("an instance's context-free facts are the filing's companyfacts entries (form, fy, fp from its cover)", () => {
    const assets = facts.filter((f) => f.concept === 'Assets');
    expect(assets).toHaveLength(2);
    expect(assets[0]).toMatchObject({
      taxonomy: 'us-gaap',
      unit: 'USD',
      value: 975_255_000,
      end: '2023-12-31',
      form: '10-K',
      fy: 2023,
      fp: 'FY',
      accn: '0001193125-24-067944',
      filed: '2024-03-14',
    });
    expect(assets[0]!.start).toBeUndefined();
    expect(facts.find((f) => f.concept === 'EarningsPerShareBasic')).toMatchObject({
      unit: 'USD/shares',
      value: 0.4,
      start: '2023-01-01',
    });
  });

  it("a bank's revenue without SIC is net interest income + noninterest income, not its contract revenue", () => {
    const set = buildStatements(prepareFacts(facts), { ticker: 'AUBN', cik: 750574, period: 'annual' });
    expect(row(set.income_statements, '2023-12-31')).toMatchObject({
      fiscal_period: 'FY',
      revenue: 23_347_000,
    });
    expect(row(set.income_statements, '2022-12-31')).toMatchObject({ revenue: 33_672_000 });
    expect(row(set.cash_flow_statements, '2023-12-31')).toMatchObject({
      dividends_and_other_cash_distributions: -3_776_000,
    });
  });

  it('every set-6 label (Auburn FY2023-2022, Cato fiscal 2021-2023) is right', () => {
    const results = scoreLabels(DIR, 'held-out-6');
    expect(results).toHaveLength(41);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

/*
 * Set 7 (fixtures/financials/held-out-7): UnitedHealth Group's FY2023 10-K (0000731766-24-000081) as a trimmed
 * inline XBRL document: premiums 290,827M + products 42,583M + services 34,123M (contract revenue, by
 * ProductOrServiceAxis member) + investment income 4,089M = total revenues 371,622M, all read by hand; and
 * Travelers' Q3 2023 10-Q (0000086312-23-000063): Q3 revenues 10,635M, nine months 30,437M.
 */
const UNH = 'UNH_CIK0000731766_10-K_FY2023_0000731766-24-000081_primary-document-TRIM.htm';
const DIR7 = fileURLToPath(new URL('../../../fixtures/financials/held-out-7', import.meta.url));

describe('set 7: two insurers (inline XBRL)', () => {
  it('keeps only context-free facts: the member contract-revenue lines are not companyfacts entries', () => {
    const inst = parseInstance(readFileSync(`${DIR7}/${UNH}`, 'utf8'), { document: UNH });
    const facts = instanceFacts(inst, { accn: '0000731766-24-000081', filed: '2024-02-28', form: '10-K' });
    expect(facts.filter((f) => f.concept === 'RevenueFromContractWithCustomerExcludingAssessedTax')).toEqual(
      [],
    );
    expect(facts.find((f) => f.concept === 'PremiumsEarnedNet' && f.end === '2023-12-31')).toMatchObject({
      value: 290_827_000_000,
      form: '10-K',
    });
  });

  it('every set-7 label is right', () => {
    const results = scoreLabels(DIR7, 'held-out-7');
    expect(results).toHaveLength(24);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
