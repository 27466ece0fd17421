/**
 * A prediction market as parsed from its venue (docs/consensus-and-markets.md). Prices are probabilities 0-1;
 * the venue's own value and unit stay beside each (`raw`, `unit`), so the conversion can be checked both ways.
 */
export type PriceUnit = 'usd_cents' | 'usd';

export interface OutcomePrice {
  name: string;
  /** Probability 0-1, or null when the venue gives no price. */
  probability: number | null;
  /** The venue's value as it wrote it (Kalshi integer cents, Kalshi/Polymarket decimal-dollar strings). */
  raw: string | null;
  unit: PriceUnit | null;
}

export interface ParsedMarket {
  provider: 'kalshi' | 'polymarket';
  marketId: string;
  eventId: string | null;
  question: string;
  description: string | null;
  category: string | null;
  status: 'open' | 'closed' | 'resolved';
  statusRaw: string | null;
  outcomes: OutcomePrice[];
  yesPrice: number | null;
  yesPriceRaw: string | null;
  priceUnit: PriceUnit | null;
  /** Which venue field the yes price came from (`last_price_dollars`, `outcomePrices[0]`, ...). */
  priceField: string | null;
  volume: number | null;
  /** `contracts` (Kalshi: $1-notional contracts traded) or `usd` (Polymarket: dollar volume). */
  volumeUnit: 'contracts' | 'usd' | null;
  liquidity: number | null;
  openTime: Date | null;
  closeTime: Date | null;
  resolutionTime: Date | null;
  /** The winning outcome's name once resolved, else null. */
  outcome: string | null;
  url: string | null;
  updatedAt: Date | null;
}

export interface MarketsParse {
  markets: ParsedMarket[];
  warnings: string[];
  /** The venue's next-page cursor, when it gives one. */
  cursor: string | null;
}

export interface MarketProvider {
  id: 'kalshi' | 'polymarket';
  /** The open markets' listing URL (one page): required. */
  url(): string;
  /** The recently resolved markets' listing (one page): optional, so markets that left the open list get their outcome. */
  resolvedUrl(): string;
  parse(bytes: Buffer, document: string): MarketsParse;
}

/** A decimal string or number as a finite number; anything else null. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

export function time(v: unknown): Date | null {
  if (typeof v === 'string' && v.trim()) {
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t) : null;
  }
  return null;
}

export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
