import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

// Ninth held-out set (fixtures/8k-events/held-out-9, page-store transcriptions and two shared-fixture extracts; values
// read by hand, labels.tsv committed in 1178a10b before the parser ran on the files), and Greenbrier's 5.07 of set 7.
const read = (set: string, file: string) =>
  officerChanges(readFileSync(`fixtures/8k-events/${set}/${file}`, 'utf8'));
const nine = (file: string) => read('held-out-9', file);

describe('5.02 officer changes on the ninth held-out set', () => {
  it('departs each director of "approved the removal of A, B and C from their positions as members of the Board" (Dynacq 2012)', () => {
    expect(nine('DYII_8-K_2012-10-24_0001193125-12-441616_Item5.02_excerpt.txt')).toEqual([
      { person: 'Ping S. Chu', role: 'Director', change: 'departed' },
      { person: 'James G. Gerace', role: 'Director', change: 'departed' },
      { person: 'Stephen L. Huber', role: 'Director', change: 'departed' },
    ]);
  });

  it('reads no change from a cooperation agreement’s bullet "If ... Mr. Satre ceases to serve on the Board due to his death" (Wynn 2018, Item 1.01)', () => {
    // The bullet opening "If" is a condition; "Mr. Satre’s continued service as Vice Chairman ... would violate the
    // Board’s fiduciary duties" is a term of the Cooperation Agreement, an agreement with an investor, not his pay.
    expect(nine('WYNN_8-K_2018_0001193125-18-239080_Item1.01_excerpt.txt')).toEqual([]);
  });

  it('reads no pay from a letter agreement by which "Ms. Fuhr agreed to comply with the Company’s committee charters" (WisdomTree 2022, Item 1.01)', () => {
    expect(nine('WT_8-K_2022-05-25_0001193125-22-160305_Item1.01_excerpt.txt')).toEqual([]);
  });

  it('reads no appointment from "In connection with the election of Donald A. Major to the Board ... (see Item 5.02 below)" (Precision Optics 2005, Item 1.01)', () => {
    expect(nine('POCI_8-K_2005-08-01_0001144204-05-023935_Item1.01_excerpt.txt')).toEqual([]);
  });

  it('reads no appointment under Item 5.07, where "A, who was appointed to the Board in June 2023, B, and C were elected" is the shareholders’ vote (Greenbrier 2024, set 7)', () => {
    expect(read('held-out-7', 'GBX_8-K_2024-01-05_0001193125-24-004806_Item5.07_excerpt.txt')).toEqual([]);
  });
});
