import { describe, expect, it } from 'vitest';
import { guidanceRows, heldOutSet } from './held-out-set.ts';

// Guidance held-out set 14 (docs/earnings.md "Guidance held-out set 14", h-guid25, earnings-release/41): each value below
// is the hand-read label of a real text (labels-guidance-14.tsv, MANIFEST.tsv there); each case fails on
// earnings-release/39.
const set14 = heldOutSet('guidance-held-out-14');
const set9 = heldOutSet('guidance-held-out-9');
const kobe =
  'KBSTY_2017-07_raises-H1-and-fiscal-2017-forecasts-yen_finanznachrichten-rttnews_transcribed.txt';
const hitachi =
  'HTHIY_2011_raises-half-year-forecast-six-months-to-September-yen_arabstoday-afp_transcribed.txt';
const gaw = 'GAW_2019-11-08_trading-update-six-months-not-less-than-pounds_games-workshop_transcribed.txt';
const usna = 'USNA_2021_lowers-FY21-outlook-third-quarter-sales_rttnews_transcribed.txt';
const wst = 'WST_2024-Q3_raises-FY24-net-sales-EPS-organic-decrease-percent_tipranks-thefly_transcribed.txt';
const adama = 'ADAMA_2025-07-14_first-half-2025-estimate-adjusted-net-profit_itiger-dowjones_transcribed.txt';
const allgeier = 'ALLGEIER_2024-08-06_H2-and-FY2024-forecast_wallstreet-online_transcribed.txt';

/** metric, basis, target, low or point, high, status, currency. */
const rows = (name: string, set = set14) => guidanceRows(set.parse(name), { currency: true });

describe('half-year targets', () => {
  it('"the six months to September" beside "the full year to March 2012" (yen)', () => {
    expect(set14.text(hitachi)).toContain(
      'Hitachi now estimates its net profit for the six months to September at 50 billion yen ($658 million), up from a previous forecast of 10 billion yen. The company also raised its projection of operating profit to 170 billion yen from 100 billion yen and sales to 4.55 trillion yen from 4.40 trillion.',
    );
    // The year before's "158 billion yen in net profit ... on sales of 4.5 trillion yen" is no target.
    expect(rows(hitachi)).toEqual([
      ['net_income', 'unspecified', 'H1 2012', 50_000_000_000, null, 'raised', 'JPY'],
      ['operating_income', 'unspecified', 'H1 2012', 170_000_000_000, null, 'raised', 'JPY'],
      ['revenue', 'unspecified', 'H1 2012', 4_550_000_000_000, null, 'raised', 'JPY'],
      // "Hitachi left unchanged its full-year forecast".
      ['net_income', 'unspecified', 'FY 2012', 200_000_000_000, null, 'reaffirmed', 'JPY'],
    ]);
  });

  it('"For April 1 to September 30, 2017" and "the fiscal 2017" named by its starting year (yen)', () => {
    const got = rows(kobe);
    expect(got).toContainEqual([
      'revenue',
      'unspecified',
      'H1 2018',
      930_000_000_000,
      null,
      'reaffirmed',
      'JPY',
    ]);
    expect(got).toContainEqual([
      'net_income',
      'unspecified',
      'FY 2018',
      35_000_000_000,
      null,
      'raised',
      'JPY',
    ]);
    // "... of 35 billion yen or 96.61 yen per share": the per-share target of the same year.
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2018', 96.61, null, 'raised', 'JPY']);
    // "Operating income is expected to rise to 80 billion yen": raised by "it raises forecast for the second half as
    // well as the fiscal year due to increase in ... unit sales".
    expect(got).toContainEqual([
      'operating_income',
      'unspecified',
      'FY 2018',
      80_000_000_000,
      null,
      'raised',
      'JPY',
    ]);
    expect(got.some((g) => String(g[2]).endsWith(' 2017'))).toBe(false);
  });

  it('"preliminary estimates of the results for the six months to 1 December 2019 are sales of not less than £140 million"', () => {
    expect(rows(gaw)).toEqual([['revenue', 'unspecified', 'H1 2020', 140_000_000, null, null, 'GBP']]);
  });

  it('"expects to report an adjusted net profit in the range of USD 47 million to 54 million for the first half of 2025"', () => {
    // (The opening "Supported by the growth of revenues in the second quarter of 2025," names no target.)
    // (h-guid26, earnings-release/42: "flat sales for the first half of 2025" is now read too, the labelled 0% growth.)
    expect(rows(adama)).toEqual([
      ['revenue_growth', 'unspecified', 'H1 2025', 0, null, null, null],
      ['net_income', 'non_gaap', 'H1 2025', 47_000_000, 54_000_000, null, 'USD'],
    ]);
  });

  it('set 9: "Sales in the second half of 2024 are expected to be between EUR 250 million and EUR 260 million"', () => {
    const got = rows(allgeier, set9);
    expect(got).toContainEqual(['revenue', 'unspecified', 'H2 2024', 250_000_000, 260_000_000, null, 'EUR']);
    expect(got).toContainEqual(['ebitda', 'non_gaap', 'H2 2024', 40_000_000, null, null, 'EUR']);
  });
});

describe('guidance-only wire texts', () => {
  it('a wire story ends at its feedback line: the third quarter takes the year of "full year 2021"', () => {
    expect(set14.text(usna)).toContain('raised its fiscal 2022 earnings outlook again');
    expect(rows(usna)).toEqual([
      ['eps_diluted', 'unspecified', 'FY 2021', 5.8, 6, 'lowered', 'USD'],
      ['revenue', 'unspecified', 'FY 2021', 1_180_000_000, 1_200_000_000, 'lowered', 'USD'],
      ['revenue', 'unspecified', 'Q3 2021', 265_000_000, 270_000_000, null, 'USD'],
      ['eps_diluted', 'unspecified', 'Q3 2021', 1.28, 1.33, null, 'USD'],
    ]);
  });

  it('a rounded headline range and the exact one are one statement; "EPS of $0.26 associated with" is a component', () => {
    const got = rows(wst);
    const revenue = got.filter((g) => g[0] === 'revenue');
    expect(revenue).toEqual([
      ['revenue', 'unspecified', 'FY 2024', 2_875_000_000, 2_905_000_000, 'raised', 'USD'],
    ]);
    expect(got.filter((g) => g[0] === 'eps_diluted')).toEqual([
      ['eps_diluted', 'non_gaap', 'FY 2024', 6.55, 6.75, 'raised', 'USD'],
    ]);
  });
});
