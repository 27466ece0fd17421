import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

// Seventh held-out set (fixtures/8k-events/held-out-7, page-store transcriptions and two texts extracted from shared
// fixtures; values read by hand, labels.tsv committed in 000d0e35 before the parser ran on the files).
const seven = (file: string) => officerChanges(readFileSync(`fixtures/8k-events/held-out-7/${file}`, 'utf8'));
const pairs = (got: ReturnType<typeof officerChanges>) => got.map((c) => `${c.person}|${c.change}`);

describe('5.02 officer changes on the seventh held-out set', () => {
  it('reads "A, one of our Chief Technical Officers" in a list and "will commence serving as our chief financial officer" (Altair 2021)', () => {
    // "severance agreements with James R. Scapa, our Chief Executive Officer and Chairman, Brett Chouinard, ..., Amy
    // Messano, our Chief Marketing Officer and Dr. Uwe Schramm, one of our Chief Technical Officers"; "Mr. Brown will
    // commence serving as our chief financial officer on March 16, 2021".
    expect(pairs(seven('ALTR_8-K_2021-01-23_Item5.02_excerpt.txt'))).toEqual([
      'James R. Scapa|compensation',
      'Brett Chouinard|compensation',
      'Amy Messano|compensation',
      'Uwe Schramm|compensation',
      'Matthew Brown|compensation',
      'Matthew Brown|appointed',
    ]);
  });

  it('departs both officers of "terminate the employment of each of the Officers", and no one is appointed with "appointed an independent committee" (Excel 2017)', () => {
    expect(seven('EXCC_8-K_2017-06_Item5.02_excerpt.txt')).toEqual([
      { person: 'Thomas A. Hyde, Jr.', role: 'President and Chief Executive Officer', change: 'departed' },
      {
        person: 'Robert L. Winspear',
        role: 'Chief Financial Officer, Vice President and Secretary',
        change: 'departed',
      },
    ]);
  });

  it('reads the title written after "that" and before the name (F45 Training 2022)', () => {
    // "the Company announced that President, Chief Executive Officer and Chairman of the Board, Adam J. Gilchrist,
    // will be stepping down"; "Mr. Gilchrist has entered into a Separation Agreement".
    expect(seven('FXLV_8-K_2022-07-26_0001193125-22-202196_Item5.02_excerpt.txt')).toEqual([
      {
        person: 'Adam J. Gilchrist',
        role: 'President, Chief Executive Officer and Chairman of the Board',
        change: 'departed',
      },
      {
        person: 'Adam J. Gilchrist',
        role: 'President, Chief Executive Officer and Chairman of the Board',
        change: 'compensation',
      },
    ]);
  });

  it('finds no officer change in Item 5.07 vote results ("Class II director", "At the Annual Meeting", "Preferred Stock", "The Company’s shareholders elected A")', () => {
    for (const file of [
      'BSRR_8-K_2022-05-25_0001558370-22-009369_Item5.07_excerpt.txt',
      'SWN_8-K_2023_0000007332-23-000022_Item5.07_excerpt.txt',
      'VATE_8-K_2023-06-15_Item5.07_excerpt.txt',
      'MNRO_8-K_2021-08-17_0001193125-21-251525_Item5.07_excerpt.txt',
    ])
      expect(seven(file), file).toEqual([]);
  });

  it('reads no pay in "the Company and Mr. Liu entered into a support agreement" (Sonim 2022, Item 1.01)', () => {
    expect(seven('SONM_8-K_2022-07-13_0001193125-22-192381_Item1.01_excerpt.txt')).toEqual([]);
  });
});
