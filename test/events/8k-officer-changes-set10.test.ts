import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

// Tenth held-out set (fixtures/8k-events/held-out-10, page-store transcriptions and one shared-fixture extract; values
// read by hand, labels.tsv committed in 6914105a before the parser ran on the files).
const read = (set: string, file: string) =>
  officerChanges(readFileSync(`fixtures/8k-events/${set}/${file}`, 'utf8'));
const ten = (file: string) => read('held-out-10', file);

describe('5.02 officer changes on the tenth held-out set', () => {
  it('departs "Mr. Thomas F. Chen notified Baxter International Inc. ... of his decision to retire from the Board", and appoints no committee chair (Baxter 2023)', () => {
    // "Ms. Smith’s appointment as chair of the Board’s Nominating, Corporate Governance & Public Policy Committee" is a
    // committee post, as is Mr. Wilver's "chair of the Board’s Audit Committee".
    expect(ten('BAX_8-K_2023-02-13_0001193125-23-039261_Item5.02_excerpt.txt')).toEqual([
      { person: 'Thomas F. Chen', role: 'Director', change: 'departed' },
      { person: 'Albert P.L. Stroucken', role: 'Director', change: 'departed' },
      { person: 'D. Brent Shafer', role: 'Lead Independent Director', change: 'appointed' },
    ]);
  });

  it('departs each director of "The following directors resigned ... on the dates indicated:" written as name | date rows (BMC Industries 2004)', () => {
    expect(ten('BMC_8-K_2004-11-12_0000215310-04-000012_Item5.02_excerpt.txt')).toEqual([
      { person: 'H. Ted Davis', role: 'director', change: 'departed' },
      { person: 'Robert D. Endacott', role: 'director', change: 'departed' },
      { person: 'Morris Goodwin, Jr.', role: 'director', change: 'departed' },
      { person: 'Alan R. Longstreet', role: 'director', change: 'departed' },
    ]);
  });

  it('appoints the directors "to fill the vacancy in Class I / III" of an enlarged board, and reads the retainer as pay (First Merchants 2022)', () => {
    // Mr. Sondhi's pay is cut by the excerpt ("will be entitled to receive his"): no compensation entry for him.
    expect(ten('FRME_8-K_2022-06-22_0001193125-22-179599_Item5.02_excerpt.txt')).toEqual([
      { person: 'Kevin D. Johnson', role: 'Director', change: 'appointed' },
      { person: 'Kevin D. Johnson', role: 'Director', change: 'compensation' },
      { person: 'Jason R. Sondhi', role: 'Director', change: 'appointed' },
    ]);
  });

  it('reads no change under Item 3.01, whose "As previously reported ..., R. Wayne Jackson resigned as a director" is the cause of a listing notice', () => {
    expect(ten('OTC-18545868_8-K_2025_Item3.01_excerpt.txt')).toEqual([]);
  });

  it('reads "Messrs. Blackford and Levinewill each receive a quarterly cash retainer" as the pay of Alan M. Levine, the store having run "Levine will" together (Axogen 2019, set 3)', () => {
    expect(read('held-out-3', 'AXGN_8-K_2019-04-26_Item5.02_excerpt.txt')).toEqual([
      { person: 'Quentin S. Blackford', role: null, change: 'appointed' },
      { person: 'Alan M. Levine', role: null, change: 'appointed' },
      { person: 'Quentin S. Blackford', role: null, change: 'compensation' },
      { person: 'Alan M. Levine', role: null, change: 'compensation' },
    ]);
  });
});
