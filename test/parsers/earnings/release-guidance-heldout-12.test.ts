import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 12 (docs/earnings.md "Guidance held-out set 12 (h-guid21)"): the values below are the hand-read
// labels (fixtures/earnings/guidance-held-out-12/labels-guidance-12.tsv) of real outlook texts (MANIFEST.tsv there).
const set12 = heldOutSet('guidance-held-out-12');
const finishLine = 'FINL_Q3-FY2018-raises-FY18-EPS-cents_spglobal_transcribed.txt';
const fmc = 'FMC_8-K_2023-07-10_EX-99.1_updates-Q2-FY23-outlook_transcribed.txt';
const caci = 'CACI_FY2018-raises-FY18-initiates-FY19_defensedaily_transcribed.txt';
const helen = 'HELE_2014-09-04_FY2015-outlook-acquisition-respectively_poandpo_transcribed.txt';
const fedex = 'FDX_2003-12-17_Q2-FY04-raises-FY-guidance_cnnmoney_transcribed.txt';
const fmcAp = 'FMC_2023-08-02_Q2-earns-Q3-FY23-outlook-cents-to-dollars_washingtonpost-ap_transcribed.txt';

describe('cents ranges and comparable-store sales declines (Finish Line fiscal 2018, set 12)', () => {
  it('"comparable-store sales outlook to a decline of 2% to 3%" is comparable sales -3..-2, narrowed', () => {
    const r = set12.parse(finishLine);
    const got = rows(r);
    expect(got).toContainEqual(['comparable_sales', 'unspecified', 'FY 2018', -3, -2, 'narrowed']);
    expect(got.filter((g) => g[0] === 'revenue')).toEqual([]);
    set12.evidenceHolds(finishLine, r);
  });

  it('"maintained its guidance ... for its fiscal fourth quarter ending March 3, 2018, and still expects a decline of 3% to 5%"', () => {
    const got = rows(set12.parse(finishLine));
    expect(got).toContainEqual(['comparable_sales', 'unspecified', 'Q4 2018', -5, -3, 'reaffirmed']);
    // The quarter's adjusted EPS words no status: the year's "lifted ... fiscal 2018 EPS outlook" is not its.
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q4 2018', 0.5, 0.58, null]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2018', 0.59, 0.67, 'raised']);
  });

  it('a quarter "ending" named after a guidance word is not the reported one: the release reports its third quarter', () => {
    const r = set12.parse(finishLine);
    expect(r.release.fiscal_period).toBe('Q3');
    expect(set12.value(r, 'Q3', 'revenue', 'gaap')).toBe(378_530_000);
    expect(set12.value(r, 'Q3', 'net_income', 'gaap')).toBe(-12_940_000);
  });
});

describe('a guidance-only 8-K naming "second quarter and full-year 2023" once (FMC 2023-07-10, set 12)', () => {
  it('gives the second quarter and the full year named without the year their year', () => {
    const r = set12.parse(fmc);
    expect(r.figures).toEqual([]);
    expect(rows(r)).toEqual([
      ['revenue', 'unspecified', 'Q2 2023', 1_000_000_000, 1_030_000_000, 'updated'],
      ['ebitda', 'non_gaap', 'Q2 2023', 185_000_000, 190_000_000, 'updated'],
      ['revenue', 'unspecified', 'FY 2023', 5_200_000_000, 5_400_000_000, 'updated'],
      ['ebitda', 'non_gaap', 'FY 2023', 1_300_000_000, 1_400_000_000, 'updated'],
    ]);
    set12.evidenceHolds(fmc, r);
  });
});

describe('"FY ’19" with a curly apostrophe (CACI, set 12)', () => {
  it('"introduced financial guidance for FY ’19, with sales projected to be between $4.6 billion and $4.8 billion"', () => {
    const r = set12.parse(caci);
    expect(rows(r)).toContainEqual([
      'revenue',
      'unspecified',
      'FY 2019',
      4_600_000_000,
      4_800_000_000,
      'initiated',
    ]);
    expect(rows(r).filter((g) => g[2] === 'FY 2018' && g[0] === 'revenue')).toEqual([]);
    set12.evidenceHolds(caci, r);
  });
});

describe("a net income range with each end's EPS beside it (CACI fiscal 2018 and 2019, set 12)", () => {
  it('"between $292 million, $11.54 earnings per share (EPS), and $297 million ($11.74 EPS)" is two ranges', () => {
    const r = set12.parse(caci);
    expect(rows(r)).toEqual([
      ['net_income', 'unspecified', 'FY 2018', 292_000_000, 297_000_000, 'raised'],
      ['eps_diluted', 'unspecified', 'FY 2018', 11.54, 11.74, 'raised'],
      ['revenue', 'unspecified', 'FY 2019', 4_600_000_000, 4_800_000_000, 'initiated'],
      ['net_income', 'unspecified', 'FY 2019', 230_000_000, 240_000_000, 'initiated'],
      ['eps_diluted', 'unspecified', 'FY 2019', 8.98, 9.38, 'initiated'],
    ]);
  });
});

describe('an AP story: "range from 90 cents to $1.32" for "the current quarter ending in September" (FMC 2023, set 12)', () => {
  it("reads the cents-to-dollars range as EPS and dates every target by the story's date line", () => {
    const r = set12.parse(fmcAp);
    expect(rows(r)).toEqual([
      ['eps_diluted', 'unspecified', 'Q3 2023', 0.9, 1.32, null],
      ['revenue', 'unspecified', 'Q3 2023', 1_190_000_000, 1_270_000_000, null],
      ['eps_diluted', 'unspecified', 'FY 2023', 5.86, 6.8, null],
      ['revenue', 'unspecified', 'FY 2023', 5_200_000_000, 5_400_000_000, null],
    ]);
    set12.evidenceHolds(fmcAp, r);
  });
});

describe('an acquisition excluded, then included in consolidated targets (Helen of Troy fiscal 2015, set 12)', () => {
  it('the consolidated revenue and non-GAAP EPS "including Healthy Directions" are the targets, not the parts', () => {
    const got = rows(set12.parse(helen));
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2015', 1_375_000_000, 1_405_000_000, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2015', 3.9, 4.04, null]);
    expect(got.filter((g) => g[0] === 'revenue')).toHaveLength(1);
    // Cash EPS (no metric of the vocabulary) and the acquisition's own ranges give nothing.
    expect(got.filter((g) => [4.55, 4.87, 0.12, 0.2].includes(g[3] as number))).toEqual([]);
  });
});

describe('"diluted EPS (GAAP)" and its headline without a basis (Helen of Troy fiscal 2015, set 12)', () => {
  it('is one GAAP EPS range', () => {
    const r = set12.parse(helen);
    expect(rows(r).filter((g) => g[0] === 'eps_diluted' && g[1] !== 'non_gaap')).toEqual([
      ['eps_diluted', 'gaap', 'FY 2015', 3.42, 3.52, null],
    ]);
    set12.evidenceHolds(helen, r);
  });
});

describe('a wire story that dates nothing (FedEx fiscal second quarter, CNN/Money 2003, set 12)', () => {
  it('"expects to earn between 60 cents and 70 cents a share in the third quarter and between $3.30 and $3.40 a share for the full year ..., excluding the retirement program costs"', () => {
    const r = set12.parse(fedex);
    expect(rows(r)).toEqual([
      ['eps_diluted', 'non_gaap', 'Q3 null', 0.6, 0.7, null],
      ['eps_diluted', 'non_gaap', 'FY null', 3.3, 3.4, 'raised'],
    ]);
    set12.evidenceHolds(fedex, r);
  });

  it('reports its second quarter ("reported improved fiscal second-quarter results ... as the company raised its guidance")', () => {
    const r = set12.parse(fedex);
    expect(r.release.fiscal_period).toBe('Q2');
    // "up from net income of $245 million, or 81 cents, a year earlier" is the comparison.
    expect(set12.value(r, 'Q2', 'net_income', 'gaap')).toBe(91_000_000);
    expect(set12.value(r, 'Q2', 'eps', 'gaap')).toBe(0.3);
  });

  it('"it earned $266 million, or 87 cents a share, excluding special items" is non-GAAP net income and EPS', () => {
    const r = set12.parse(fedex);
    expect(set12.value(r, 'Q2', 'net_income', 'non_gaap')).toBe(266_000_000);
    expect(set12.value(r, 'Q2', 'eps', 'non_gaap')).toBe(0.87);
  });
});

describe('leftover of guidance set 4: a basic and diluted share count "respectively" (Millennial Media Q4 2013)', () => {
  it('"basic and diluted weighted-average share count at the end of the fourth quarter of 2013 to be approximately 96 million and 99 million, respectively" gives the diluted 99 million', () => {
    const set4 = heldOutSet('guidance-held-out-4');
    const file = 'MM_8-K_2014-01-27_EX-99.1_preliminary-Q4_getfilings_transcribed.txt';
    const r = set4.parse(file);
    expect(rows(r)).toContainEqual(['diluted_shares', 'unspecified', 'Q4 2013', 99_000_000, null, null]);
    set4.evidenceHolds(file, r);
  });
});
