import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * The held-out releases (fixtures/earnings/held-out/MANIFEST.tsv): real files the rules were not written on.
 * Every expected value was read by hand from the file and committed in labels-heldout.tsv before the parser
 * first ran on them (docs/earnings.md, "Held-out releases").
 */
const { parse, value, evidenceHolds } = heldOutSet('held-out');

describe('earnings release parser on held-out releases', () => {
  it('Southern Company 2006 (HTML, prose only): Q4 and FY from "fourth quarter" and "full-year 2006", not the 10-K date', () => {
    const name = 'SO_8-K_2007-01-25_EX-99.01.htm';
    const r = parse(name);
    // "Annual Report on Form 10-K for the year ended Dec. 31, 2005" names a filed report, not this period.
    expect(r.release).toMatchObject({ fiscal_year: 2006, fiscal_period: 'Q4', period_end: '2006-12-31' });
    expect(value(r, 'Q4', 'net_income', 'gaap')).toBe(188_400_000);
    // "25 cents a share"
    expect(value(r, 'Q4', 'eps', 'gaap')).toBe(0.25);
    expect(value(r, 'Q4', 'revenue', 'gaap')).toBe(3_150_000_000);
    expect(value(r, 'FY', 'net_income', 'gaap')).toBe(1_570_000_000);
    expect(value(r, 'FY', 'eps', 'gaap')).toBe(2.12);
    expect(value(r, 'FY', 'revenue', 'gaap')).toBe(14_360_000_000);
    // "Excluding the impact of synthetic fuels, Southern Company earned $2.10 per share"
    expect(value(r, 'FY', 'eps', 'non_gaap')).toBe(2.1);
    // "This compared with reported earnings of $158.9 million" is the prior year.
    expect(r.figures.some((f) => f.value === 158_900_000)).toBe(false);
    expect(r.guidance).toEqual([]);
    evidenceHolds(name, r);
  });

  it('Southern Company 2006 financial highlights (plain text, millions): "As Reported" rows are GAAP, "-Excluding" rows non-GAAP', () => {
    const name = 'SO_8-K_2007-01-25_EX-99.02.txt';
    const r = parse(name);
    expect(r.release).toMatchObject({ fiscal_year: 2006, fiscal_period: 'Q4', period_end: '2006-12-31' });
    expect(value(r, 'Q4', 'net_income', 'gaap')).toBe(188_000_000);
    expect(value(r, 'Q4', 'eps_basic', 'gaap')).toBe(0.25);
    expect(value(r, 'Q4', 'revenue', 'gaap')).toBe(3_152_000_000);
    expect(value(r, 'Q4', 'net_income', 'non_gaap')).toBe(182_000_000);
    expect(value(r, 'FY', 'net_income', 'gaap')).toBe(1_573_000_000);
    expect(value(r, 'FY', 'eps_basic', 'gaap')).toBe(2.12);
    expect(value(r, 'FY', 'revenue', 'gaap')).toBe(14_356_000_000);
    // The second part repeats the "3 Months Ended | 12 Months Ended" header: its columns are read anew.
    expect(value(r, 'FY', 'net_income', 'non_gaap')).toBe(1_561_000_000);
    expect(value(r, 'FY', 'eps_basic', 'non_gaap')).toBe(2.1);
    // "For year-to-date 2006, diluted earnings per share was 2 cents" (a note on dilution) is no FY EPS.
    expect(r.figures.some((f) => f.metric === 'eps_diluted')).toBe(false);
    evidenceHolds(name, r);
  });

  it('Southern Company 2006 analysis of earnings: no date in prose, the period comes from "3 Months Ended December" over 2006', () => {
    const name = 'SO_8-K_2007-01-25_EX-99.04.txt';
    const r = parse(name);
    // The header names the month, not the day: no end date is stated (periods.tsv), none is assumed.
    expect(r.release).toMatchObject({
      fiscal_year: 2006,
      fiscal_period: 'Q4',
      period_end: null,
      fiscal_year_source: 'inferred',
    });
    expect(value(r, 'Q4', 'revenue', 'gaap')).toBe(3_152_000_000);
    expect(value(r, 'Q4', 'operating_income', 'gaap')).toBe(469_000_000);
    expect(value(r, 'Q4', 'net_income', 'gaap')).toBe(188_000_000);
    // The year's values sit after the quarter's dollar "Change" column.
    expect(value(r, 'FY', 'revenue', 'gaap')).toBe(14_356_000_000);
    expect(value(r, 'FY', 'operating_income', 'gaap')).toBe(3_224_000_000);
    expect(value(r, 'FY', 'net_income', 'gaap')).toBe(1_573_000_000);
    evidenceHolds(name, r);
  });

  it('Oracle Q4 FY2014 (prose excerpt): GAAP and non-GAAP side by side, total revenues over segments, changes are not levels', () => {
    const name = 'ORCL_8-K_2014-06-19_EX-99.1_excerpt.htm';
    const r = parse(name);
    expect(r.release).toMatchObject({ fiscal_year: 2014, fiscal_period: 'Q4' });
    // Not the headline's "Q4 IaaS Subscription Revenue Up 13% to $128 million".
    expect(value(r, 'Q4', 'revenue', 'gaap')).toBe(11_300_000_000);
    // "non-GAAP SaaS and PaaS revenues were up 23% to $327 million" is a part, not the company's revenue.
    expect(r.figures.some((f) => f.metric === 'revenue' && f.basis === 'non_gaap')).toBe(false);
    // Not "earnings per share were lowered by $0.02", nor "would have been $0.94".
    expect(value(r, 'Q4', 'eps', 'gaap')).toBe(0.8);
    expect(value(r, 'Q4', 'eps', 'non_gaap')).toBe(0.92);
    expect(value(r, 'Q4', 'net_income', 'gaap')).toBe(3_600_000_000);
    expect(value(r, 'Q4', 'operating_income', 'non_gaap')).toBe(5_800_000_000);
    // "For fiscal year 2014, total revenues were up 3% at $38.3 billion." and the sentences after it.
    expect(value(r, 'FY', 'revenue', 'gaap')).toBe(38_300_000_000);
    expect(value(r, 'FY', 'net_income', 'gaap')).toBe(11_000_000_000);
    expect(value(r, 'FY', 'net_income', 'non_gaap')).toBe(13_200_000_000);
    expect(value(r, 'FY', 'eps', 'gaap')).toBe(2.38);
    expect(value(r, 'FY', 'eps', 'non_gaap')).toBe(2.87);
    // "lowered by $0.02" is neither guidance nor a status.
    expect(r.guidance).toEqual([]);
    evidenceHolds(name, r);
  });

  it('ABVC BioPharma FY2024 (small cap, full submission): revenue in dollars, a narrowed loss "from A to B"', () => {
    const name = 'ABVC_8-K_2025-04-15_submission.txt';
    const r = parse(name);
    expect(r.release).toMatchObject({ fiscal_year: 2024, fiscal_period: 'FY', period_end: '2024-12-31' });
    expect(r.figures.find((f) => f.metric === 'revenue')).toMatchObject({
      value: 509_589,
      scale: 'units',
      basis: 'gaap',
    });
    // "Net loss attributable to ABVC narrowed from $7.79 million in 2023 to $4.90 million in 2024."
    expect(value(r, 'FY', 'net_income', 'gaap')).toBe(-4_900_000);
    // "Basic and diluted loss per share improved significantly from $(1.80) to $(0.42)"
    expect(value(r, 'FY', 'eps_basic', 'gaap')).toBe(-0.42);
    expect(value(r, 'FY', 'eps_diluted', 'gaap')).toBe(-0.42);
    expect(r.guidance).toEqual([]);
  });

  it('8-K bodies without their exhibit are not releases, even when they quote per-share amounts', () => {
    for (const name of ['SO_8-K_2005-01-25_8-K.txt', 'SPHS_8-K_2016_8-K.htm']) {
      const r = parse(name);
      expect(r.release.is_earnings_release).toBe(false);
      expect(r.figures).toEqual([]);
    }
  });
});
