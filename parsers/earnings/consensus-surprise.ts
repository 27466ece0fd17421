import type { EstimateBasis } from './consensus-types.ts';

/**
 * Earnings surprise of an actual against an estimate, computed only when both are on the same known basis and
 * in the same currency: never GAAP against adjusted, never a figure whose basis is unknown. Otherwise null
 * with the reason. `surprise_percent` is a ratio to |estimate| (0.025 = 2.5%), null for a zero estimate.
 */
export interface Surprise {
  surprise: number | null;
  surprisePercent: number | null;
  reason: string | null;
}

export function computeSurprise(a: {
  actual: number | null;
  actualBasis: EstimateBasis;
  actualCurrency: string | null;
  estimate: number | null;
  estimateBasis: EstimateBasis;
  estimateCurrency: string | null;
}): Surprise {
  const none = (reason: string): Surprise => ({ surprise: null, surprisePercent: null, reason });
  if (a.actual === null) return none('no_actual');
  if (a.estimate === null) return none('no_estimate');
  if (a.actualBasis === 'unspecified') return none('actual_basis_unknown');
  if (a.estimateBasis === 'unspecified') return none('estimate_basis_unknown');
  if (a.actualBasis !== a.estimateBasis)
    return none(`basis_mismatch: actual ${a.actualBasis}, estimate ${a.estimateBasis}`);
  if (a.actualCurrency && a.estimateCurrency && a.actualCurrency !== a.estimateCurrency)
    return none(`currency_mismatch: actual ${a.actualCurrency}, estimate ${a.estimateCurrency}`);
  // rounded to 6 decimals: the inputs carry at most 5 (Yahoo's consensus averages)
  const surprise = Math.round((a.actual - a.estimate) * 1e6) / 1e6;
  const surprisePercent =
    a.estimate === 0 ? null : Math.round(((a.actual - a.estimate) / Math.abs(a.estimate)) * 1e6) / 1e6;
  return { surprise, surprisePercent, reason: a.estimate === 0 ? 'zero_estimate_no_percent' : null };
}
