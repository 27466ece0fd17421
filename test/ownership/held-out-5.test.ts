import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';

// held-out set 5 (fixtures/ownership/held-out-5): every value below is read from the document itself
const read = (f: string) => readFileSync(`fixtures/ownership/held-out-5/${f}`, 'utf8');
const ITHAKA =
  'ITHAKA_13F-HR_2013Q1_0001144204-13-026736_text-table-thousands_unchecked-amendment-boxes_fulltext.txt';
const VCM =
  'VANGUARD-CAPITAL-MGMT_13F-HR-A_2026Q1_NEW-HOLDINGS-amendment-2_cover_EXCERPT-upstream_transcribed.xml';
const BRK =
  'BRK_13F-HR-A_2025Q1_0000950123-25-008361_NEW-HOLDINGS-amendment-1_cover_EXCERPT-upstream_transcribed.xml';

describe('held-out set 5: 13F amendment covers and a thousands-era text table', () => {
  it('Ithaka 2013Q1: CUSIPs printed without their leading zero are read with it restored (check digit verified)', () => {
    const r = parseThirteenFFiling(read(ITHAKA), { document: ITHAKA });
    // "Apple Inc. COM 37833100 15403 34796 SH" under VALUE (x$1000); 037833100 is Apple's CUSIP
    expect(r.institutional_holdings.find((h) => h.cusip === '037833100')).toMatchObject({
      name_of_issuer: 'Apple Inc.',
      shares: 34796,
      value_usd: 15_403_000,
    });
    // "Amazon.com Inc. COM 23135106 14668 55043 SH"
    expect(r.institutional_holdings.find((h) => h.cusip === '023135106')).toMatchObject({
      shares: 55043,
      value_usd: 14_668_000,
    });
    // six all-digit CUSIPs lost their zero (ARM, Alexion, Allergan, Amazon, Apple, B/E Aerospace); none is left as printed
    expect(r.institutional_holdings.filter((h) => h.cusip.length !== 9)).toEqual([]);
    expect(r.warnings.join('\n')).toMatch(/6 CUSIPs printed without their leading zeros/);
    expect(r.totals).toMatchObject({ table_entry_total: 41, rows_parsed: 41, table_value_total: 303455 });
    expect(r).toMatchObject({ value_unit: 'thousands', is_amendment: false, amendment_no: null });
  });

  it('13F-HR/A covers: isAmendment, amendmentNo and amendmentType as filed', () => {
    expect(parseThirteenFFiling(read(VCM), { document: VCM })).toMatchObject({
      report_period: '2026-03-31',
      is_amendment: true,
      amendment_no: 2,
      amendment_type: 'NEW HOLDINGS',
      totals: { table_entry_total: 80, table_value_total: 46_987_828_353 },
    });
    expect(parseThirteenFFiling(read(BRK), { document: BRK })).toMatchObject({
      report_period: '2025-03-31',
      is_amendment: true,
      amendment_no: 1,
      amendment_type: 'NEW HOLDINGS',
      totals: { table_entry_total: 4, table_value_total: 1_106_550_356 },
    });
  });
});
