import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formDHeldOut2 } from '../../cli/quality/held-out-xml.ts';
import { parseFormD } from '../../parsers/edgar/form-d.ts';

// Held-out set 3 (fixtures/private-companies/held-out-3, MANIFEST.tsv): four real Form D documents never used to
// write the parser, scored against their hand labels (labels.tsv, committed before the parser ran on them).
const dir = new URL('../../fixtures/private-companies/held-out-3/', import.meta.url);
const read = (file: string) =>
  parseFormD(readFileSync(new URL(file, dir), 'utf8'), { url: file, fetchedAt: new Date(0).toISOString() })
    .filing;

describe('Form D parser on held-out set 3', () => {
  it('matches every hand label (NAV-range pooled fund, N/A entities, clarifications, estimated proceeds)', () => {
    const s = formDHeldOut2(() => {}, 'fixtures/private-companies/held-out-3');
    expect(s.files).toBe(4);
    expect(s.notRead).toBe(0);
    expect(s.labels).toBe(272);
    expect(s.misses).toEqual([]);
  });

  it('reads the pooled fund as filed: Indefinite amounts, NAV range, the general partner by its own name', () => {
    const f = read('STONEPEAK-INFRA-CREDIT-II-FEEDER_D_2026-07-02_primary_doc.xml');
    expect([f.totalOfferingAmount, f.totalOfferingIndefinite, f.totalAmountSold]).toEqual([null, true, 0]);
    expect([f.totalRemaining, f.totalRemainingIndefinite]).toEqual([null, true]);
    expect([f.revenueRange, f.aggregateNavRange]).toEqual([null, 'Decline to Disclose']);
    const gp = (f.relatedPersons as { name: string; clarification: string; is_promoter: boolean }[])[0];
    expect(gp).toMatchObject({
      name: 'Stonepeak Credit Associates II LP',
      clarification: 'The general partner of the Issuer (the "GP")',
      is_promoter: true,
    });
    expect(f.relatedPersons).toHaveLength(10);
  });

  it('keeps an estimated use of proceeds and its clarification (Lovable Labs)', () => {
    const f = read('LOVABLE-LABS_D_2026-08-17_primary_doc.xml');
    expect([f.totalOfferingAmount, f.totalAmountSold, f.totalRemaining]).toEqual([
      400204068, 382498612, 17705456,
    ]);
    expect([f.grossProceedsUsed, f.grossProceedsUsedEstimate]).toEqual([0, true]);
    expect(f.useOfProceedsClarification).toMatch(
      /^Proceeds may be used to pay normal executive compensation/,
    );
  });
});
