import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEarningsRelease } from '../../../parsers/earnings/release.ts';

/**
 * (h-earn34, earnings-release/38) A caption of a currency mark and scale alone ("US$ Million") before run-on lines of a
 * name, a change and a bare amount ("Total revenue flat at 21,592") gives each amount the caption's currency and scale.
 * Expected values are the hand-read labels of fixtures/earnings/held-out-27/labels-heldout-27.tsv (committed in bcbac098,
 * before any parser ran on the set).
 */
const dir = new URL('../../../fixtures/earnings/held-out-27/', import.meta.url).pathname;
const parse = (name: string) => parseEarningsRelease(readFileSync(`${dir}${name}`, 'utf8'));

describe('earnings release parser: bare amounts under a currency-and-scale caption', () => {
  // Both fail on earnings-release/37 ("not an earnings release": no figure read).
  const r = parse('BHP_2019-02-19_H1-FY2019_results-for-announcement_dokumen_transcribed_excerpt.txt');
  const figure = (concept: string) =>
    r.figures.filter((f) => f.fiscalPeriod === 'H1' && f.concept === concept && f.basis === 'gaap');

  it('BHP H1: "Total revenue flat at 21,592" is US$21,592 million, over the continuing and discontinued lines', () => {
    expect(r.isEarningsRelease).toBe(true);
    expect(r.currency).toBe('USD');
    expect(figure('revenue').map((f) => f.value)).toEqual([21_592_000_000]);
  });

  it('BHP H1: "Profit after taxation attributable to the members of the BHP Group up 87% to 3,764" is the net income', () => {
    expect(figure('net_income').map((f) => f.value)).toEqual([3_764_000_000]);
    // The members a profit is attributable to are the owners, no subscriber count.
    expect(r.measures.filter((m) => m.measure === 'subscribers')).toEqual([]);
  });
});
