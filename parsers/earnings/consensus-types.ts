/**
 * What a consensus provider's parse gives (docs/consensus-and-markets.md). Every figure is in the
 * provider's currency for the listing (`currency`), EPS per share unscaled, revenue in full units. A value
 * the provider does not have is null: an estimate with no analysts is null, never 0.
 */
export type EstimateBasis = 'adjusted' | 'gaap' | 'reported' | 'unspecified';

export interface ConsensusEstimate {
  periodCode: string;
  /** `quarter`, `year`, or `long_term` (the +5y/-5y growth rates). */
  periodType: 'quarter' | 'year' | 'long_term';
  periodEnd: string | null;
  metric: 'eps' | 'revenue' | 'eps_growth';
  currency: string | null;
  basis: EstimateBasis;
  basisEvidence: string;
  avg: number | null;
  low: number | null;
  high: number | null;
  yearAgo: number | null;
  growth: number | null;
  analysts: number | null;
  trend7dAgo: number | null;
  trend30dAgo: number | null;
  trend60dAgo: number | null;
  trend90dAgo: number | null;
  revisionsUp7d: number | null;
  revisionsUp30d: number | null;
  revisionsDown7d: number | null;
  revisionsDown30d: number | null;
}

export interface ConsensusActual {
  /** The fiscal quarter's end date as the provider gives it. */
  periodEnd: string;
  currency: string | null;
  epsActual: number | null;
  actualBasis: EstimateBasis;
  epsEstimate: number | null;
  estimateBasis: EstimateBasis;
  basisEvidence: string;
  providerSurprisePercent: number | null;
}

export interface ConsensusCalendar {
  /** Epoch instants the provider gives for the next report: one when set, two for an estimated window. */
  dates: Date[];
  confirmed: boolean;
  callAt: Date | null;
  epsAvg: number | null;
  epsLow: number | null;
  epsHigh: number | null;
  revenueAvg: number | null;
  revenueLow: number | null;
  revenueHigh: number | null;
}

export interface ConsensusModules {
  estimates?: ConsensusEstimate[];
  history?: ConsensusActual[];
  calendar?: ConsensusCalendar | null;
  /** The provider has no data for the symbol (Yahoo's 404 `Not Found`): the reason as it says it. */
  notFound?: string;
  warnings: string[];
}

/** A consensus provider: the URLs it reads for a symbol and the pure parse of each. */
export interface ConsensusProvider {
  id: string;
  urls(symbol: string): string[];
  parse(bytes: Buffer, document: string): ConsensusModules;
}
