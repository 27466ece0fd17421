import { describe, expect, it } from 'vitest';
import { plainToBlocks } from '../../../parsers/edgar/items/text.ts';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 18's Morgan Stanley 3Q 2013 release (fixtures/earnings/held-out-18, labels-heldout-18.tsv, labels
 * committed in 7de15b0f before any parser read them): its "Summary of Firm Results" sets the periods as rows ("3Q 2013 |
 * $7,932 | $888 | $8,103 | $1,009") and the measures as columns named over two lines ("Net" / "MS Income" over "Revenues"
 * / "Cont. Ops.") under "As Reported" / "Excluding DVA". Every case fails on the parser before h-earn32
 * (earnings-release/34), which read no period and no figure from the file.
 */
const set18 = heldOutSet('held-out-18');
const MS = 'MS_8-K_2013_3Q_EX-99.1_transcribed_excerpt.txt';

describe('earnings release parser: a summary whose rows are periods (held-out set 18, Morgan Stanley 3Q 2013)', () => {
  it('the shared plain-text reader keeps the row labels "3Q 2013" / "3Q 2012" (no page footer "3Q 2" + page 013)', () => {
    // Both summaries of the excerpt print the rows 3Q 2013, 2Q 2013, 3Q 2012: four blocks keyed "3q 2" before.
    // The file's lines one paragraph each, its lone "|" cell marks left out, as the one-cell-per-line reader passes them.
    const paragraphs = set18
      .text(MS)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && l !== '|');
    const blocks = plainToBlocks(paragraphs.join('\n\n'));
    expect(blocks).toContain('2Q 2013');
    expect(blocks.filter((b) => b === '3Q 2013')).toHaveLength(2);
    expect(blocks.filter((b) => b === '3Q 2012')).toHaveLength(2);
  });

  it('reads the period from the period rows and the quarter`s figures from the 3Q 2013 row', () => {
    const r = set18.parse(MS);
    expect(r.release).toMatchObject({
      is_earnings_release: true,
      fiscal_period: 'Q3',
      fiscal_year: 2013,
      currency: 'USD',
    });
    // "(dollars in millions)"; As Reported columns, then Excluding DVA columns.
    expect(set18.value(r, 'Q3', 'revenue', 'gaap')).toBe(7_932_000_000);
    expect(set18.value(r, 'Q3', 'net_income', 'gaap')).toBe(888_000_000);
    expect(set18.value(r, 'Q3', 'revenue', 'non_gaap')).toBe(8_103_000_000);
    expect(set18.value(r, 'Q3', 'net_income', 'non_gaap')).toBe(1_009_000_000);
    // Never the 2Q 2013 or 3Q 2012 rows' figures.
    const values = r.figures.map((f) => f.value);
    for (const other of [
      8_503_000_000, 5_280_000_000, -1_008_000_000, 8_328_000_000, 898_000_000, 560_000_000,
    ])
      expect(values).not.toContain(other);
    set18.evidenceHolds(MS, r);
  });

  it('"Earnings per Diluted Share from Continuing Operations of $0.502,3" is $0.50 with notes 2 and 3', () => {
    const r = set18.parse(MS);
    expect(set18.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(0.44);
    expect(set18.value(r, 'Q3', 'eps_diluted', 'non_gaap')).toBe(0.5);
  });
});

/**
 * Held-out set 27's Goldman Sachs 3Q23 (labels-heldout-27.tsv, committed in bcbac098 before the parser first ran on the
 * set): its "Financial Summary" box prints the measure names each on a line ("Annualized ROE1", "Annualized ROTE1", "Book
 * Value Per Share"), then one line per period and amount ("3Q23 7.1%", "3Q23 7.7%", "3Q23 $313.83", "3Q23 YTD 7.6%",
 * ...). Fails on earnings-release/34, which read no book value.
 */
const set27 = heldOutSet('held-out-27');
const GS = 'GS_8-K_2023-10-17_Q3-2023_marketscreener_transcribed_excerpt.txt';

describe('earnings release parser: a summary box of period-and-amount lines (held-out set 27, Goldman Sachs 3Q23)', () => {
  it('"Book Value Per Share" / "3Q23 $313.83", the third line of the 3Q23 run, is the book value per share', () => {
    const r = set27.parse(GS);
    const bvps = r.measures.filter((m) => m.measure === 'book_value_per_share');
    expect(bvps).toHaveLength(1);
    expect(bvps[0]).toMatchObject({ fiscal_period: 'Q3', value: 313.83 });
    // The box's first run is the quarter's: the figures stay those the release states for 3Q23.
    expect(set27.value(r, 'Q3', 'revenue', 'gaap')).toBe(11_820_000_000);
    expect(set27.value(r, 'Q3', 'net_income', 'gaap')).toBe(2_060_000_000);
    expect(set27.value(r, 'Q3', 'eps_diluted', 'gaap')).toBe(5.47);
    set27.evidenceHolds(GS, r);
  });
});
