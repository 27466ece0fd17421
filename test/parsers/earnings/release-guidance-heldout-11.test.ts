import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 11 (docs/earnings.md "Guidance held-out set 11 (h-guid20)"): the values below are the hand-read
// labels (fixtures/earnings/guidance-held-out-11/labels-guidance-11.tsv) of real outlook texts (MANIFEST.tsv there).
const set11 = heldOutSet('guidance-held-out-11');
const ralph = 'RL_FY2025-outlook-margin-expansion-bps_tipranks-thefly_transcribed.txt';
const darden = 'DRI_2025-03-20_updates-FY25-outlook_nasdaq-rttnews_transcribed.txt';
const firstWatch = 'FWRG_FY2024-updated-guidance-metrics_tipranks-thefly_transcribed.txt';
const southwest = 'LUV_2017-Q2-guidance_aviationnews-online_transcribed.txt';
const jpm = 'JPM_2024-05_lifts-FY24-NII-guidance_bnnbloomberg_transcribed.txt';

describe('margins guided as expansion in basis points (Ralph Lauren fiscal 2025, set 11)', () => {
  it('"to expand approximately 120 to 160 basis points" and currency impacts in bps are no targets', () => {
    const r = set11.parse(ralph);
    const got = rows(r);
    expect(got.filter((g) => [120, 130, 100, 30].includes(g[3] as number))).toEqual([]);
    expect(got.filter((g) => g[0] === 'operating_margin' || g[0] === 'gross_margin')).toEqual([]);
    set11.evidenceHolds(ralph, r);
  });

  it('"constant currency revenues to increase ... 6% to 7%" is no revenue target; "still expected" is reaffirmed', () => {
    const got = rows(set11.parse(ralph));
    expect(got.filter((g) => g[0] === 'revenue' || g[0] === 'revenue_growth')).toEqual([]);
    expect(got).toContainEqual(['tax_rate', 'unspecified', 'FY 2025', 22, 23, 'reaffirmed']);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2025', 200_000_000, 250_000_000, null]);
  });
});

describe('restaurant outlooks with same-restaurant sales (Darden fiscal 2025, First Watch 2024, set 11)', () => {
  it('"same-restaurant sales growth of approximately 1.5%" is comparable sales, not revenue growth', () => {
    const r = set11.parse(darden);
    const got = rows(r);
    expect(got).toContainEqual(['comparable_sales', 'unspecified', 'FY 2025', 1.5, null, 'updated']);
    expect(got.filter((g) => g[0] === 'revenue_growth')).toEqual([]);
    set11.evidenceHolds(darden, r);
  });

  it('"Same-restaurant sales growth of around negative 1.0%" is -1', () => {
    const r = set11.parse(firstWatch);
    expect(rows(r)).toContainEqual(['comparable_sales', 'unspecified', 'FY 2024', -1, null, 'updated']);
    set11.evidenceHolds(firstWatch, r);
  });
});

describe("an airline's outlook (Southwest 2017, set 11)", () => {
  it('"continues to estimate its 2017 capital expenditures will be approximately $2.3 billion": reaffirmed, alone', () => {
    const r = set11.parse(southwest);
    expect(rows(r)).toEqual([['capex', 'unspecified', 'FY 2017', 2_300_000_000, null, 'reaffirmed']]);
    set11.evidenceHolds(southwest, r);
  });
});

describe("a bank's raised NII and expense guidance (JPMorgan 2024, set 11)", () => {
  it('"$91 billion of NII in 2024, compared with the roughly $90 billion": NII of FY 2024, raised', () => {
    const r = set11.parse(jpm);
    expect(rows(r)).toEqual([
      ['net_interest_income', 'unspecified', 'FY 2024', 91_000_000_000, null, 'raised'],
      ['operating_expenses', 'unspecified', 'FY 2024', 92_000_000_000, null, 'raised'],
    ]);
    set11.evidenceHolds(jpm, r);
  });
});

describe('statuses and periods named once (Medtronic and Ralph Lauren fiscal 2025, set 11)', () => {
  it('"raised organic revenue growth guidance" raises organic growth only, not the adjusted revenue growth', () => {
    const file = 'MDT_2024-11-19_raises-FY25-organic-growth-EPS_nasdaq-rttnews_transcribed.txt';
    const r = set11.parse(file);
    const got = rows(r);
    expect(got).toContainEqual(['organic_revenue_growth', 'unspecified', 'FY 2025', 4.75, 5, 'raised']);
    expect(got).toContainEqual(['revenue_growth', 'non_gaap', 'FY 2025', 3.4, 3.9, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2025', 5.44, 5.5, 'raised']);
    set11.evidenceHolds(file, r);
  });

  it('"The fourth quarter tax rate" beside fiscal 2025 targets only is Q4 of fiscal 2025', () => {
    expect(rows(set11.parse(ralph))).toContainEqual(['tax_rate', 'unspecified', 'Q4 2025', 24, 25, null]);
  });
});

describe('two measures and two amounts "respectively" (Medtronic second quarter, set 11)', () => {
  it('"GAAP net income and earnings per share were $1.270 billion and $0.99, respectively": each its own', () => {
    const file = 'MDT_2024-11-19_raises-FY25-organic-growth-EPS_nasdaq-rttnews_transcribed.txt';
    const figures = set11.parse(file).figures.map((f) => [f.metric, f.basis, f.value]);
    expect(figures).toContainEqual(['net_income', 'gaap', 1_270_000_000]);
    expect(figures).toContainEqual(['eps', 'gaap', 0.99]);
    expect(figures).toContainEqual(['net_income', 'non_gaap', 1_620_000_000]);
    expect(figures).toContainEqual(['eps', 'non_gaap', 1.26]);
    expect(figures.filter((f) => f[2] === 1.27)).toEqual([]);
  });
});

describe('"earnings came in at" (Darden third quarter, set 11)', () => {
  it('"the company\'s earnings came in at $323.4 million, or $2.74 per share" is net income and EPS', () => {
    const figures = set11.parse(darden).figures.map((f) => [f.metric, f.basis, f.value]);
    expect(figures).toContainEqual(['net_income', 'gaap', 323_400_000]);
    expect(figures).toContainEqual(['eps', 'gaap', 2.74]);
    expect(figures.filter((f) => f[2] === 312_900_000 || f[2] === 2.6)).toEqual([]);
  });
});
