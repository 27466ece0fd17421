import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEarningsRelease } from '../../../parsers/earnings/release.ts';

/**
 * (h-earn33, earnings-release/37) Fiscal periods H1/H2: a release whose latest reported period is named as a half year
 * and that says no quarter or year of its own ended then reports that half. Expected values are the hand-read labels of
 * fixtures/earnings/held-out-27/periods.tsv (committed in bcbac098, before any parser ran on the set).
 */
const dir = new URL('../../../fixtures/earnings/held-out-27/', import.meta.url).pathname;
const parse = (name: string) => parseEarningsRelease(readFileSync(`${dir}${name}`, 'utf8'));

describe('earnings release parser: half-year periods', () => {
  // Fails on earnings-release/36 (read as FY 2018: "half year" was taken for a year).
  it('BHP: "Report for the half year ended 31 December 2018" is H1, ending 2018-12-31', () => {
    const r = parse('BHP_2019-02-19_H1-FY2019_results-for-announcement_dokumen_transcribed_excerpt.txt');
    expect(r.period).toMatchObject({ fiscalPeriod: 'H1', periodEnd: '2018-12-31' });
    // The excerpt names no fiscal year: the one ending six months after an H1 (June 2019) is inferred and marked so.
    expect(r.period).toMatchObject({ fiscalYear: 2019, fiscalYearSource: 'inferred' });
  });

  // A guard (passes on earnings-release/36 too): a quarter's release that also states its first six months stays Q2.
  it('Raymond James fiscal Q2 2025 ("fiscal second quarter ended March 31, 2025"; "the first six months") stays Q2', () => {
    const r = parse('RJF_2025-04-23_FQ2-FY2025_gnw-statesmanexaminer_transcribed_excerpt.txt');
    expect(r.period).toMatchObject({ fiscalPeriod: 'Q2', fiscalYear: 2025, periodEnd: '2025-03-31' });
  });
});
