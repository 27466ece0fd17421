/**
 * Companies listed both at home and in the US as depositary receipts: one company, keyed on its SEC CIK
 * (the identifier the US registry already uses), so `TSM` and `2330.TW` resolve to the same `cmp_` id.
 * Each entry is a fact about a DR programme (its SEC registrant and the home listing it represents).
 */
export const CROSS_LISTINGS: readonly { cik: string; usTicker: string; home: string }[] = [
  // Taiwan Semiconductor Manufacturing Co Ltd: ADR TSM (1 ADS = 5 shares of 2330)
  { cik: '0001046179', usTicker: 'TSM', home: '2330.TW' },
];

export function crossListingFor(suffixed: string) {
  return CROSS_LISTINGS.find((c) => c.home === suffixed) ?? null;
}
