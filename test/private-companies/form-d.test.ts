import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import { exemptionLabel } from '../../lib/form-d-exemptions.ts';
import { parseFormD } from '../../parsers/edgar/form-d.ts';
import { FORM_D_FILES } from './files.ts';

// Values read by hand from the real Form D documents the mirror serves (fixtures/upstream/
// PRIVATE-COMPANIES-FIXTURES.md lists each with its source).
const U = 'fixtures/upstream';
const parse = (name: keyof typeof FORM_D_FILES, ctx: { accessionNumber?: string } = {}) =>
  parseFormD(readFileSync(FORM_D_FILES[name], 'utf8'), {
    url: `https://${FORM_D_FILES[name].slice(U.length + 1)}`,
    fetchedAt: '2026-11-29T00:00:00Z',
    ...ctx,
  });

describe('Form D parser on the real filings', () => {
  it('reads an operating company: amounts as filed, the exemption label, a related person with two roles', () => {
    const { filing, warnings } = parse('diffusion');
    expect(filing).toMatchObject({
      form: 'D',
      schemaVersion: 'X0707',
      cik: 1171623,
      entityName: 'DIFFUSION PHARMACEUTICALS LLC',
      industryGroup: 'Pharmaceuticals',
      isPooledFund: false,
      revenueRange: 'Decline to Disclose',
      totalOfferingAmount: 1512500,
      totalOfferingIndefinite: false,
      totalAmountSold: 1029908,
      totalRemaining: 482592,
      minimumInvestment: 55000,
      totalNumberAlreadyInvested: 15,
      dateOfFirstSale: '2006-09-15',
      signatureDate: '2006-06-21',
      exemptions: [{ code: '06b', label: '506(b)' }],
      accessionNumber: null,
      filingDate: null,
    });
    expect(filing.relatedPersons).toHaveLength(5);
    expect((filing.relatedPersons as unknown[])[0]).toEqual({
      name: 'David G. Kalergis',
      first_name: 'David',
      middle_name: 'G.',
      last_name: 'Kalergis',
      relationships: ['Executive Officer', 'Director'],
      is_executive_officer: true,
      is_director: true,
      is_promoter: false,
      clarification: null,
      city: 'Charlottesville',
      state_or_country: 'VA',
    });
    // a person's street address is not kept
    expect(JSON.stringify(filing.relatedPersons)).not.toContain('AVON');
    expect((filing.issuer as { year_of_incorporation: unknown }).year_of_incorporation).toEqual({
      as_filed: 'Over Five Years Ago',
      year: null,
    });
    expect(warnings).toEqual(['no filing date: the document has no submission header and none was passed']);
  });

  it('keeps Indefinite as a flag, never a number (Hashnote, .txt submission, Rule 506(c))', () => {
    const { filing, warnings } = parse('hashnote');
    expect(filing).toMatchObject({
      accessionNumber: '0001968399-23-000002',
      filingDate: '2023-03-13',
      fileNumber: '021-475559',
      totalOfferingAmount: null,
      totalOfferingIndefinite: true,
      totalAmountSold: 100000,
      totalRemaining: null,
      totalRemainingIndefinite: true,
      exemptions: [{ code: '06c', label: '506(c)' }],
      investmentFundType: 'Hedge Fund',
      aggregateNavRange: 'Decline to Disclose',
      salesCommissions: 50000,
      salesCommissionsEstimate: true,
      minimumInvestment: 25000,
    });
    expect((filing.issuer as { previous_names: string[] }).previous_names).toEqual([
      'Hashnote Management LLC',
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads the 2009 X0301 file inside its PEM envelope: Bermuda from the EDGAR code, the pre-2013 Rule 506', () => {
    const { filing } = parse('gabelli');
    expect(filing).toMatchObject({
      accessionNumber: '0000919574-09-006093',
      filingDate: '2009-03-16',
      acceptedAt: '2009-03-16T11:22:18',
      fileNumber: '021-127918',
      schemaVersion: 'X0301',
      // the clarification text calls it an amendment; the form's own fields say it is not
      form: 'D',
      isAmendment: false,
      totalOfferingIndefinite: true,
      totalAmountSold: 500000,
      exemptionLabels: ['506', '3(c)', '3(c)(1)'],
    });
    expect(filing.issuer).toMatchObject({ state_or_country: 'D0', country: 'BM', jurisdiction_of_inc: 'D0' });
    expect(filing.salesCompensation).toEqual([
      expect.objectContaining({
        name: 'Gabelli & Company',
        crd_number: '7353',
        states_of_solicitation: ['All States'],
      }),
    ]);
  });

  it('reads an SGML .nc amendment with its amended accession and the offering file number', () => {
    const { filing } = parse('investure');
    expect(filing).toMatchObject({
      form: 'D/A',
      accessionNumber: '0001398344-24-000491',
      filingDate: '2024-01-11',
      fileNumber: '021-67023',
      isAmendment: true,
      previousAccessionNumber: '0001398344-18-000523',
      totalOfferingIndefinite: true,
      totalAmountSold: 561224695,
      dateOfFirstSale: '2004-04-01',
      totalNumberAlreadyInvested: 45,
    });
    // firstName N/A marks an entity: its name is the lastName
    expect((filing.relatedPersons as { name: string; is_director: boolean }[])[0]).toMatchObject({
      name: 'Investure, LLC',
      is_director: true,
      clarification: 'General Partner of Issuer ("General Partner")',
    });
  });

  it('reads a first sale yet to occur and the 3(c) exclusions (Upshot, VEPF)', () => {
    const upshot = parse('upshot').filing;
    expect(upshot).toMatchObject({
      dateOfFirstSale: null,
      firstSaleYetToOccur: true,
      totalOfferingAmount: 25000000,
      totalAmountSold: 0,
      amountsClarification:
        'The total offering amount is subject to an increase as determined by the Managing Member of the General Partner.',
      investmentFundType: 'Private Equity Fund',
      exemptionLabels: ['506(b)', '3(c)', '3(c)(1)', '3(c)(5)', '3(c)(7)'],
    });
    expect((upshot.relatedPersons as { name: string; is_promoter: boolean }[])[0]).toMatchObject({
      name: 'Upshot Fund II GP, LLC',
      is_promoter: true,
    });
    const vepf = parse('vepf').filing;
    expect(vepf).toMatchObject({
      firstSaleYetToOccur: true,
      totalOfferingIndefinite: true,
      fileNumber: '021-502201',
    });
    expect(vepf.relatedPersons).toHaveLength(6);
  });

  it('reads the pooled-fund flag apart from the industry, many persons and recipients (1685 38th REIT)', () => {
    const { filing } = parse('reit');
    expect(filing).toMatchObject({
      industryGroup: 'REITS and Finance',
      isPooledFund: true,
      totalOfferingAmount: 125000,
      totalAmountSold: 125000,
      totalRemaining: 0,
      totalNumberAlreadyInvested: 125,
      salesCommissions: 6250,
      feesClarification: '5% of total amount sold',
    });
    expect(filing.relatedPersons).toHaveLength(14);
    expect(filing.salesCompensation).toHaveLength(4);
    // the state-code spelling of the solicitation list
    expect(
      (filing.salesCompensation as { states_of_solicitation: string[] }[])[0]!.states_of_solicitation,
    ).toEqual(['FL', 'GA', 'TX']);
  });

  it('reads a D/A bare document: former name, placeholder recipient dropped, leading newline (Shepherds)', () => {
    const { filing } = parse('shepherds');
    expect(filing).toMatchObject({
      form: 'D/A',
      isAmendment: true,
      previousAccessionNumber: '0001544190-19-000002',
      entityName: "Shepherd's Finance, LLC",
      totalOfferingAmount: 8000000,
      totalAmountSold: 5725051,
      totalRemaining: 2274949,
      salesCompensation: [],
    });
    expect((filing.issuer as { previous_names: string[] }).previous_names).toEqual(['84 RE Partners, LLC']);
  });

  it('keeps co-issuers and both signatures (AP Fund IV), and takes the accession from the index', () => {
    const { filing } = parse('apFund', { accessionNumber: '000195874023000001' });
    expect(filing.accessionNumber).toBe('0001958740-23-000001');
    expect(filing.investmentFundType).toBe('Venture Capital Fund');
    expect(filing.coIssuers).toEqual([
      expect.objectContaining({
        cik: '0001963203',
        name: 'AP Fund IV AL Vehicle, a series of Inference Technology Partners, LP',
      }),
    ]);
    expect(filing.signatures).toHaveLength(2);
    expect(filing.exemptionLabels).toEqual(['506(b)', '3(c)(1)']);
  });
});

describe('Form D parser on bad input', () => {
  const ctx = { url: 'https://example.test/x', fetchedAt: '2026-11-29T00:00:00Z' };
  const diffusion = readFileSync(FORM_D_FILES.diffusion, 'utf8');

  it('refuses a truncated document, a page that is not a Form D and another form type', () => {
    expect(() => parseFormD(diffusion.slice(0, 3000), ctx)).toThrow(ParseError);
    expect(() => parseFormD('<html><body>Request Rate Threshold Exceeded</body></html>', ctx)).toThrow(
      /not a Form D document/,
    );
    expect(() => parseFormD(diffusion.replace('<submissionType>D<', '<submissionType>10-K<'), ctx)).toThrow(
      /not D or D\/A/,
    );
  });

  it('warns on an amount that is neither a number nor Indefinite, and keeps it null', () => {
    const odd = diffusion.replace('<totalOfferingAmount>1512500<', '<totalOfferingAmount>about two million<');
    const { filing, warnings } = parseFormD(odd, ctx);
    expect(filing.totalOfferingAmount).toBeNull();
    expect(filing.totalOfferingIndefinite).toBe(false);
    expect(warnings).toContain(
      'totalOfferingAmount: "about two million" is neither an amount nor Indefinite; left null',
    );
  });

  it('labels every Item 6 code family', () => {
    expect(['04', '06', '06b', '06c', '4a5', '3C', '3C.1', '3C.14', 'zz'].map(exemptionLabel)).toEqual([
      '504',
      '506',
      '506(b)',
      '506(c)',
      '4(a)(5)',
      '3(c)',
      '3(c)(1)',
      '3(c)(14)',
      null,
    ]);
  });
});
