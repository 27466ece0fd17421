import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

// Eleventh held-out set (fixtures/8k-events/held-out-11, page-store transcriptions; values read by hand, labels.tsv
// committed in dc3db957 before the parser ran on the files, the restated appointments added in 3c63958f).
const eleven = (file: string) =>
  officerChanges(readFileSync(`fixtures/8k-events/held-out-11/${file}`, 'utf8'));

describe('5.02 officer changes on the eleventh held-out set', () => {
  it('departs the director who resigned, not the chairman whose letter requested "Mr. Shaw’s resignation" (Capital Gold 2009)', () => {
    expect(eleven('CGLD_8-K_2009-08-28_0001144204-09-047110_Item5.02_excerpt.txt')).toEqual([
      { person: 'Ian A. Shaw', role: 'director', change: 'departed' },
    ]);
  });

  it('departs "Michael Kuharski unconditionally resigned from the Board", not the director whose tendered resignation "the Board did not accept" (Chaparral 2020)', () => {
    // The 2019 appointments are restated ("As previously disclosed, on December 20, 2019, ..."), labelled as sets 1, 3
    // and 5 label restated changes; "Strategic Value Partners, LLC" is the counterparty of the letter agreement.
    expect(eleven('CHAP_8-K_2020-08_SVP-letter-agreement_excerpt.txt')).toEqual([
      { person: 'Michael Kuharski', role: 'Director', change: 'appointed' },
      { person: 'Mark Mac McFarland', role: 'Director', change: 'appointed' },
      { person: 'Michael Kuharski', role: 'Director', change: 'departed' },
    ]);
  });

  it('reads no one in "a letter agreement ... with Strategic Value Partners, LLC": a name before an entity suffix is an organisation', () => {
    expect(
      officerChanges(
        'On August 14, 2020 (the SVP Effective Date), the Company entered into a letter agreement (the SVP Letter Agreement) with Strategic Value Partners, LLC and certain investment funds directly and indirectly managed by SVP (collectively, SVP), supplementing the Amended and Restated Support Agreement.',
      ),
    ).toEqual([]);
  });

  it('reads no departure in a resignation "subject to acceptance" that "the Board did not accept", nor in "ceased to be an SVP Designee" (no title)', () => {
    expect(
      officerChanges(
        'Mr. McFarland tendered his resignation to the Board, subject to acceptance by the Board. The Board did not accept Mr. McFarlands resignation, as a result of which Mr. McFarland continued as a director but ceased to be an SVP Designee.',
      ),
    ).toEqual([]);
  });
});
