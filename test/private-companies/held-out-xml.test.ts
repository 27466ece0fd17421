import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFormD } from '../../parsers/edgar/form-d.ts';

// The held-out Form D documents (fixtures/private-companies/held-out, MANIFEST.tsv): values read by hand.
const parse = (f: string) =>
  parseFormD(readFileSync(`fixtures/private-companies/held-out/${f}`, 'utf8'), {
    url: f,
    fetchedAt: '2026-11-30T00:00:00Z',
  }).filing;

describe('Form D parser on the held-out documents', () => {
  it('Festimo: a SAFE with Indefinite offering and remaining amounts (flags, never numbers)', () => {
    const f = parse('FESTIMO_D_2026-08-19_0002151025-26-000003_primary_doc.xml');
    expect(f).toMatchObject({
      cik: 2151025,
      entityName: 'FESTIMO INC',
      securitiesTypes: ['Other'],
      otherSecuritiesDescription: 'Simple Agreement for Future Equity (SAFE)',
      totalOfferingAmount: null,
      totalOfferingIndefinite: true,
      totalAmountSold: 50000,
      totalRemaining: null,
      totalRemainingIndefinite: true,
      minimumInvestment: 50000,
      dateOfFirstSale: '2026-08-01',
    });
    expect(f.relatedPersons).toHaveLength(1);
  });

  it('KEA Cloud D/A: the amendment chain, four related persons, and a phone of zeros read as none', () => {
    const f = parse('KEA-CLOUD_DA_2026-08-03_primary_doc.xml');
    expect(f).toMatchObject({
      form: 'D/A',
      isAmendment: true,
      previousAccessionNumber: '0002073579-25-000001',
      totalOfferingAmount: 16453290,
      totalAmountSold: 15903290,
      totalRemaining: 550000,
      totalNumberAlreadyInvested: 32,
    });
    expect(f.relatedPersons).toHaveLength(4);
    // <issuerPhoneNumber>0000000000</issuerPhoneNumber>
    expect((f.issuer as { phone: string | null }).phone).toBeNull();
  });

  it('Accel Growth Fund 8: a pooled venture fund whose first sale is yet to occur', () => {
    const f = parse('ACCEL-GROWTH-FUND-8_D_2026-08-11_primary_doc.xml');
    expect(f).toMatchObject({
      industryGroup: 'Pooled Investment Fund',
      investmentFundType: 'Venture Capital Fund',
      is40Act: false,
      isPooledFund: true,
      revenueRange: 'Not Applicable',
      dateOfFirstSale: null,
      firstSaleYetToOccur: true,
      totalOfferingAmount: 1350000000,
      totalAmountSold: 0,
    });
    expect((f.exemptions as { code: string }[]).map((e) => e.code)).toEqual(['06b', '3C', '3C.7']);
    expect(f.relatedPersons).toHaveLength(6);
    // a real phone is kept as filed
    expect((f.issuer as { phone: string | null }).phone).toBe('650-614-4800');
  });
});
