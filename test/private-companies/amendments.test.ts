import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type FilingRow, foldOffering } from '../../api/routes/private-offerings.ts';
import { parseFormD } from '../../parsers/edgar/form-d.ts';
import { FORM_D_FILES } from './files.ts';

// The fold rule on the real Hashnote notice and an amendment DERIVED from it (no real pair of one offering
// is among the fixtures): the D/A restates the amount sold and investors but leaves out the issuer size.
const hashnote = readFileSync(FORM_D_FILES.hashnote, 'utf8');
const amendment = hashnote
  .replace('<submissionType>D</submissionType>', '<submissionType>D/A</submissionType>')
  .replaceAll('0001968399-23-000002', '0001968399-23-000009')
  .replace('FILED AS OF DATE:\t\t20230313', 'FILED AS OF DATE:\t\t20230901')
  .replace('<totalAmountSold>100000</totalAmountSold>', '<totalAmountSold>2500000</totalAmountSold>')
  .replace(/<issuerSize>[\s\S]*?<\/issuerSize>/, '');
const row = (text: string, url: string): FilingRow => {
  const { filing } = parseFormD(text, { url, fetchedAt: '2026-11-29T00:00:00Z' });
  return { ...filing, offeringKey: `file:${filing.fileNumber}` } as FilingRow;
};

describe('an amendment replaces what it restates', () => {
  it('derived amendment: the sold amount replaced, the Indefinite offering and the NAV range kept', () => {
    const original = row(hashnote, 'https://x/original');
    const amended = row(amendment, 'https://x/amendment');
    expect(amended).toMatchObject({ form: 'D/A', filingDate: '2023-09-01', aggregateNavRange: null });
    const o = foldOffering([original, amended], (x) => x.url);
    expect(o).toMatchObject({
      offering_id: 'file:021-475559',
      first_filed: '2023-03-13',
      last_filed: '2023-09-01',
      as_of_accession_number: '0001968399-23-000009',
      total_amount_sold: 2500000,
      total_offering_amount: 'Indefinite',
      // not restated by the amendment: as the notice filed it
      aggregate_nav_range: 'Decline to Disclose',
    });
    expect(o.filings.map((f) => [f.accession_number, f.form])).toEqual([
      ['0001968399-23-000002', 'D'],
      ['0001968399-23-000009', 'D/A'],
    ]);
  });

  it('a notice alone is its own view', () => {
    const o = foldOffering([row(hashnote, 'https://x/original')], (x) => x.url);
    expect(o).toMatchObject({ total_amount_sold: 100000, aggregate_nav_range: 'Decline to Disclose' });
  });
});
