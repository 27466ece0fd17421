import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';

// held-out set 9 (fixtures/ownership/held-out-9): values asserted are the hand labels of labels.tsv
const dir = 'fixtures/ownership/held-out-9';
const read = (f: string) => readFileSync(`${dir}/${f}`, 'utf8');
const APPLE_AUG = 'AAPL_4_2026-08-11_Newstead_0001140361-26-032884_10b5-1-checkbox-true_sale.xml';
const APPLE_SEP = 'AAPL_4_2026-09-01_Newstead_0001140361-26-035636_10b5-1-checkbox-true_sale.xml';
const CYPH =
  'CYPH_4_2026-07-01_Richard_0001104659-26-080497_derivative-RSU-grant-coded-D_footnoted-price-and-dates_FOOTNOTES-CUT-upstream.xml';
const STRS =
  'STRS_4_2026-06-30_Oasis-Management_0000902664-26-003001_3-reporting-owners-10pct_indirect-sales_EXCERPT-upstream.xml';

describe('held-out set 9: the Rule 10b5-1 box (aff10b5One)', () => {
  it('is true on both Apple sales filed with the box checked', () => {
    for (const [f, price, after] of [
      [APPLE_AUG, 307.75, 40_107],
      [APPLE_SEP, 317.01, 35_790],
    ] as const) {
      const d = parseOwnershipFiling(read(f), f);
      expect(d.aff10b5_one, f).toBe(true);
      expect(d.insider_trades).toHaveLength(1);
      expect(d.insider_trades[0]).toMatchObject({
        transaction_type: 'S',
        transaction_shares: 1439,
        transaction_price_per_share: price,
        shares_owned_after_transaction: after,
        shares_owned_before_transaction: after + 1439,
        footnotes: [
          'This transaction was made pursuant to a Rule 10b5-1 trading plan adopted by the reporting person on May 5, 2026.',
        ],
      });
    }
  });

  it('is false when filed 0 and null when the form has no such element', () => {
    expect(parseOwnershipFiling(read(CYPH), CYPH).aff10b5_one).toBe(false);
    expect(parseOwnershipFiling(read(STRS), STRS).aff10b5_one).toBe(false);
    // the same Apple form without the element (schemas before X0508 have none): unknown, never false
    const old = read(APPLE_AUG).replace('<aff10b5One>true</aff10b5One>', '');
    expect(parseOwnershipFiling(old, 'no box').aff10b5_one).toBeNull();
  });
});

describe('held-out set 9: an (A)/(D) box that contradicts the transaction code', () => {
  it("keeps Cypherpunk's filed (D) but derives no shares-before from it (code A is an acquisition)", () => {
    const d = parseOwnershipFiling(read(CYPH), CYPH);
    expect(d.insider_trades).toHaveLength(1);
    expect(d.insider_trades[0]).toMatchObject({
      is_derivative: true,
      security_title: 'Restricted Stock Units',
      transaction_type: 'A',
      transaction_shares: 75_000,
      transaction_price_per_share: 0,
      acquired_disposed: 'D',
      shares_owned_after_transaction: 75_000,
      shares_owned_before_transaction: null,
    });
    expect(d.warnings.join(' ')).toMatch(/code A\) is filed \(D\)/);
  });

  it('derives shares-before as before when the box agrees with the code (Stratus, two indirect sales)', () => {
    const d = parseOwnershipFiling(read(STRS), STRS);
    expect(d.reporting_owners.map((o) => [o.name, Number(o.cik), o.is_ten_percent_owner])).toEqual([
      ['Oasis Management Co Ltd.', 1317904, true],
      ['Oasis Investments II Master Fund Ltd.', 1530803, true],
      ['Fischer Seth', 1456474, true],
    ]);
    expect(
      d.insider_trades.map((t) => [
        t.name,
        t.title,
        t.transaction_shares,
        t.transaction_value,
        t.shares_owned_before_transaction,
        t.shares_owned_after_transaction,
        t.direct_or_indirect,
      ]),
    ).toEqual([
      ['Oasis Management Co Ltd.', '10% Owner', 10_000, 289_000, 971_129, 961_129, 'I'],
      ['Oasis Management Co Ltd.', '10% Owner', 117_612, 3_297_123.05, 961_129, 843_517, 'I'],
    ]);
    expect(d.warnings.some((w) => /contradicts/.test(w))).toBe(false);
  });
});
