import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';

// Thirteenth held-out set (fixtures/8k-events/held-out-13: interim officers; values read by hand, labels.tsv committed
// in 9fdea864 and, for the Chipotle supplement, 59940fb4, before the parser ran on the files).
const thirteen = (file: string) =>
  officerChanges(readFileSync(`fixtures/8k-events/held-out-13/${file}`, 'utf8'));

describe('officer changes on the thirteenth held-out set', () => {
  it('departs "notified Chipotle ... of his decision to leave", with the title a sentence without a change gives him, and appoints "A, <appositive>, has been named Chairman of the Board" (Chipotle 2024)', () => {
    expect(thirteen('CMG_8-K_2024-08-13_Item5.02_excerpt.txt')).toEqual([
      // "Mr. Niccol has served as Chipotle’s Chief Executive Officer since 2018 and as Chairman of the Board since 2020"
      { person: 'Brian Niccol', role: 'Chief Executive Officer', change: 'departed' },
      { person: 'Scott Boatwright', role: 'Interim Chief Executive Officer', change: 'appointed' },
      // "Jack Hartung, who recently announced his retirement ..., has agreed to remain with Chipotle indefinitely as
      // President, Strategy, Finance & Supply Chain ... In this new role" (read since the fourteenth set's pass)
      {
        person: 'Jack Hartung',
        role: 'President, Strategy, Finance & Supply Chain',
        change: 'appointed',
      },
      { person: 'Scott Maw', role: 'Chairman of the Board', change: 'appointed' },
    ]);
  });

  it('does not appoint to a title someone will remain without a "new role" after it (a title kept)', () => {
    const text =
      'Jane Roe, the Company’s President and Chief Executive Officer, will remain as President. Her salary is unchanged.';
    expect(officerChanges(text).filter((c) => c.change === 'appointed')).toEqual([]);
  });

  it('gives a person found without a title the title a change-free sentence states (Haemonetics 2008, set 4)', () => {
    // "the Board expanded the role of the current Chief Executive Officer Brad Nutter to a newly created position that
    // combines the roles of CEO and Chairman of the Board. Mr. Nutter’s promotion is effective immediately."
    const text = readFileSync(
      'fixtures/8k-events/held-out-4/HAE_8-K_2008-01-23_0001104659-08-004588_Item5.02_excerpt.txt',
      'utf8',
    );
    expect(officerChanges(text)).toEqual([
      { person: 'Brad Nutter', role: 'CEO and Chairman of the Board', change: 'appointed' },
    ]);
  });
});
