import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 15 (docs/earnings.md "Guidance held-out set 15", h-guid27, earnings-release/46): each value below
// is the hand-read label of a real text (labels-guidance-15.tsv, MANIFEST.tsv there); each case fails on
// earnings-release/44.
const set15 = heldOutSet('guidance-held-out-15');
const lly =
  'LLY_2025-Q3_raises-FY25-revenue-EPS-reported-non-GAAP-tax-rate-respectively_tipranks-thefly_transcribed.txt';
const szg = 'SZG_2024-07-30_revises-2024-sales-EBITDA-forecast-euros_wallstreet-online_transcribed.txt';
const srp = 'SRP_2018-06_trims-2018-revenue-keeps-profit-first-half-pounds_4-traders-reuters_transcribed.txt';
const schn =
  'SCHN_2016-09-20_still-expects-net-sales-over-CHF-180-million-fiscal-2015-16_oreanda_transcribed.txt';
const mtd = 'MTD_2025-Q3_Q4-and-FY25-adjusted-EPS-compares-with-previous_tipranks-thefly_transcribed.txt';
const azj =
  'AZJ_2024-08-12_FY2025-EBITDA-forecast-A-dollars-FY24-underlying-EBITDA_xm-reuters_transcribed.txt';
const rci = 'RCI_2025-guidance-ranges-table-millions-of-dollars_investors-rogers_transcribed.txt';
const gsy = 'GSYUASA_FY2024-revised-forecast-2025-02-05-billion-yen-table_ir-gs-yuasa_transcribed.txt';
const set1 = heldOutSet('guidance-held-out');
const stz = 'STZ_8-K_0001144204-08-067818_EX-99.1_excerpt.txt';

/** metric, basis, target, low or point, high, status, currency. */
const rows = (name: string) => guidanceRows(set15.parse(name), { currency: true });

describe('bases and statuses worded after the value', () => {
  it('"on a reported basis and a non-GAAP basis ... 19% and 17%, respectively"; "$21.80 to $22.50 on a reported basis"', () => {
    expect(set15.text(lly)).toContain(
      'The 2025 estimated effective tax rate on a reported basis and a non-GAAP basis remain unchanged at approximately 19% and 17%, respectively.',
    );
    const got = rows(lly);
    expect(got).toContainEqual(['tax_rate', 'gaap', 'FY 2025', 19, null, 'reaffirmed', null]);
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'FY 2025', 17, null, 'reaffirmed', null]);
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'FY 2025', 21.8, 22.5, 'raised', 'USD']);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2025', 23, 23.7, 'raised', 'USD']);
    expect(got.some((g) => g[1] === 'unspecified' && g[0] === 'eps_diluted')).toBe(false);
    set15.evidenceHolds(lly, set15.parse(lly));
  });

  it('"the financial year 2024", "are now €10 billion, down from the previous estimate", "reduced from €550 million"', () => {
    expect(rows(szg)).toEqual([
      ['revenue', 'unspecified', 'FY 2024', 10_000_000_000, null, 'lowered', 'EUR'],
      ['ebitda', 'non_gaap', 'FY 2024', 400_000_000, 500_000_000, 'lowered', 'EUR'],
    ]);
  });

  it('"This compares with previous local currency sales growth guidance of ... and Adjusted EPS guidance of $41.70 to $42.20"', () => {
    // Local currency sales growth is no target; the full year still frames the EPS sentence after it.
    expect(rows(mtd)).toEqual([
      ['eps_diluted', 'non_gaap', 'Q4 2025', 12.68, 12.88, null, 'USD'],
      ['eps_diluted', 'non_gaap', 'FY 2025', 42.05, 42.25, 'raised', 'USD'],
    ]);
  });
});

describe('pounds, francs and Australian dollars', () => {
  it('"first-half revenue to fall by around 6 percent to about 1.35 billion pounds with an underlying trading profit up 20 percent to 35-40 million pounds"', () => {
    expect(rows(srp)).toEqual([
      ['revenue', 'unspecified', 'FY 2018', 2_700_000_000, 2_800_000_000, 'lowered', 'GBP'],
      ['revenue_growth', 'unspecified', 'H1 2018', -6, null, null, null],
      ['revenue', 'unspecified', 'H1 2018', 1_350_000_000, null, null, 'GBP'],
      ['operating_income', 'non_gaap', 'H1 2018', 35_000_000, 40_000_000, null, 'GBP'],
    ]);
  });

  it('"more than 5% annually" in a strategy is no target; "For fiscal year 2015/16 ... still expects ... over CHF 180 million"', () => {
    expect(rows(schn)).toEqual([
      ['revenue', 'unspecified', 'FY 2016', 180_000_000, null, 'reaffirmed', 'CHF'],
    ]);
  });

  it('"earnings before interest, taxes, depreciation, and amortization (EBITDA) to be between A$1.66 billion and A$1.74 billion"', () => {
    expect(rows(azj)).toEqual([['ebitda', 'non_gaap', 'FY 2025', 1_660_000_000, 1_740_000_000, null, 'AUD']]);
  });
});

describe('a table printed as lines repeating its heads', () => {
  it('"Capital expenditures 3 2024 Actual 4,041 2025 Guidance Ranges1 3,800 to 4,000" under "(In millions of dollars ...)"', () => {
    const r = set15.parse(rci);
    // The growth rows ("Increase of 0% to 3%") are no levels; "Total service revenue" is a part of revenue.
    expect(guidanceRows(r)).toEqual([
      ['capex', 'unspecified', 'FY 2025', 3_800_000_000, 4_000_000_000, null],
      ['free_cash_flow', 'unspecified', 'FY 2025', 3_000_000_000, 3_200_000_000, null],
    ]);
    set15.evidenceHolds(rci, r);
  });

  it('a "(Billion yen)" table one cell per line: the "FY2024 / Forecast (February 5, 2025)" column, the year ending March 2025', () => {
    const r = set15.parse(gsy);
    const got = guidanceRows(r, { currency: true });
    // "Operating profit is expected to exceed the previous forecast"; "we revised the forecast by segments" words no
    // consolidated status; the prose's "we expected to achieve net sales of ¥590,000 million" is the earlier forecast.
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2025', 590_000_000_000, null, null, 'JPY']);
    expect(got).toContainEqual([
      'operating_income',
      'unspecified',
      'FY 2025',
      47_000_000_000,
      null,
      'raised',
      'JPY',
    ]);
    expect(got).toContainEqual(['operating_margin', 'unspecified', 'FY 2025', 8, null, null, null]);
    expect(got).toContainEqual([
      'net_income',
      'unspecified',
      'FY 2025',
      27_000_000_000,
      null,
      'raised',
      'JPY',
    ]);
    // The "Reference. FY2024 / Forecast (May 10, 2024)" column (44.0, 26.0) is the earlier forecast.
    expect(got.some((g) => g[3] === 44_000_000_000 || g[3] === 26_000_000_000)).toBe(false);
    set15.evidenceHolds(gsy, r);
  });
});

describe('set 1 leftover', () => {
  it('"Tax rate: approximately 60 percent on a reported basis" before "The comparable basis tax rate is expected to be 37 percent"', () => {
    const got = guidanceRows(set1.parse(stz)).filter((g) => g[0] === 'tax_rate');
    expect(got).toEqual([
      ['tax_rate', 'gaap', 'FY 2009', 60, null, null],
      ['tax_rate', 'non_gaap', 'FY 2009', 37, null, null],
    ]);
  });
});
