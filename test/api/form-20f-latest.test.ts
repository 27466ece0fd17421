import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { latestReport } from '../../api/routes/form-20f-latest.ts';
import { profileColumns } from '../../loaders/form-20f.ts';
import { companyFactsFilings } from '../../parsers/form-20f/index.ts';
import { parseCompanyFacts } from '../../parsers/xbrl/companyfacts.ts';
import type { form20fFilings } from '../../schema/form-20f.ts';

// The profile's choice among a company's 20-F and 20-F/A rows, on the rows the loader writes from LPA's real
// companyfacts: FY2023 20-F 0001493152-24-016772, FY2024 20-F 0001997711-25-000030 (filed 2025-04-02) and
// the 20-F/A 0001641172-25-002932 (filed 2025-04-07) whose only fact repeats the cover's share count.
type Row = typeof form20fFilings.$inferSelect;
const LPA = parseCompanyFacts(
  readFileSync(
    new URL(
      '../../fixtures/upstream/data.sec.gov/api/xbrl/companyfacts/CIK0001997711_RESERIALIZED.json',
      import.meta.url,
    ),
    'utf8',
  ),
);
const rows: Row[] = companyFactsFilings(LPA).map((f) => ({
  ...profileColumns(f.profile),
  accession: f.accession,
  cik: LPA.cik,
  form: f.form,
  source: 'companyfacts',
  filingDate: f.filing_date,
  itemsFound: [],
  warnings: [],
  fetchedAt: new Date('2025-05-01T00:00:00Z'),
}));
const ORIGINAL = '0001997711-25-000030';
const AMENDMENT = '0001641172-25-002932';
const amendment = rows.find((r) => r.accession === AMENDMENT)!;
const others = rows.filter((r) => r !== amendment);

describe('latestReport: the latest period, its original 20-F, and what an amendment restates', () => {
  it('LPA: the 20-F/A filed five days later repeats the share count, so the profile stays the original', () => {
    const r = latestReport(rows)!;
    expect(r.base.accession).toBe(ORIGINAL);
    expect(r.values).toMatchObject({
      form: '20-F',
      filingDate: '2025-04-02',
      periodEnd: '2024-12-31',
      accountingStandard: 'ifrs', // the amendment (dei facts only) states no standard
      reportingCurrency: 'USD',
      sharesOutstanding: [{ class: 'common shares', shares: '31668601', as_of: '2025-04-02' }],
    });
    expect(r.amendments).toEqual([{ accession: AMENDMENT, filing_date: '2025-04-07', amended_fields: [] }]);
  });

  it('a restated share count (the same amendment stating another count) is served from the amendment', () => {
    const restated = {
      ...amendment,
      sharesOutstanding: [{ class: 'common shares', shares: '31700000', as_of: '2025-04-07' }],
    };
    const r = latestReport([...others, restated])!;
    expect(r.base.accession).toBe(ORIGINAL);
    expect(r.values.sharesOutstanding).toEqual(restated.sharesOutstanding);
    expect(r.values.accountingStandard).toBe('ifrs');
    expect(r.amendments).toEqual([
      { accession: AMENDMENT, filing_date: '2025-04-07', amended_fields: ['shares_outstanding'] },
    ]);
  });

  it('an amendment of an earlier year, filed later, does not replace the latest year', () => {
    const r = latestReport([...others, { ...amendment, periodEnd: '2023-12-31' }])!;
    expect(r.base.accession).toBe(ORIGINAL);
    expect(r.amendments).toEqual([]);
  });

  it('a period known only from its amendment rests on the amendment; no rows, no report', () => {
    const r = latestReport([amendment])!;
    expect(r.base.accession).toBe(AMENDMENT);
    expect(r.values.amendment).toBe(true);
    expect(r.amendments).toEqual([]);
    expect(latestReport([])).toBeNull();
  });
});
