import type { ThirteenFDocument, ThirteenFRawRow } from './thirteen-f.ts';

/**
 * The 13F value unit, decided per filing from evidence and never by multiplying silently.
 *
 * The form's instructions say thousands of dollars for filings made before 2023-01-03 and whole dollars from
 * then on, but filers get it wrong both ways (MetLife filed a 2021 period in dollars; some filers kept
 * thousands after the cutover). Evidence, strongest first:
 * 1. the document states its unit (the SEC's rendered page: "(to the nearest dollar)" / "(x$1000)"; a text
 *    table's header "(In Thousands)" or "(thousands)" under the cover total), unless the filing's median
 *    implied price is implausible in the stated unit and plausible in the other (then the evidence below
 *    decides: a typed header can be the form's template);
 * 2. reference prices: per row, the implied price `value / shares` (as if dollars) against a reference price
 *    for the same CUSIP and period (the issuer's close from market data once loaded, or the median implied
 *    price of the same CUSIP in other filers' reports of the period). The median ratio is about 1 for a
 *    dollars filing and about 0.001 for a thousands filing;
 * 3. the filing-date rule, checked against the filing's own median implied price: a portfolio whose median
 *    share price reads below $1 under "dollars" (but $1-$2,000 under "thousands"), or above $2,000 under
 *    "thousands" (but $2-$2,000 under "dollars"), overrides the rule. A value that ends in 000 is no evidence
 *    at all (dollars rounded to the thousand look the same), so it is never used.
 * Prices are implied by the share rows; a table with none uses its option rows (the underlying's shares and value).
 * When nothing decides (no date, ambiguous prices), `unit` is null and the filing is not loaded.
 */
export interface ReferencePrice {
  /** Dollars per share. */
  price: number;
  source: 'market_close' | 'peer_median';
  /** How many other filers' rows the peer median was taken over (peer_median only). */
  observations?: number;
}

/** Where reference prices come from; the job plugs in peer medians now, market-data closes when loaded. */
export interface PriceEvidence {
  priceFor(cusip: string, reportPeriod: string): ReferencePrice | null;
}

export const NO_PRICE_EVIDENCE: PriceEvidence = { priceFor: () => null };

export type ValueUnit = 'thousands' | 'dollars';

export interface UnitDecision {
  unit: ValueUnit | null;
  method:
    | 'stated_by_document'
    | 'reference_prices'
    | 'filing_date_rule'
    | 'implied_price_override'
    | 'undecided';
  /** The unit the filing-date rule gives (null without a filing date or period). */
  filing_date_rule: ValueUnit | null;
  /** Rows with a reference price that entered the comparison. */
  rows_compared: number;
  /** Median of (value / shares) / reference price; ~1 means dollars, ~0.001 thousands. */
  median_ratio_to_reference: number | null;
  /** Median of value / shares over long share rows, read as dollars. */
  median_implied_price_as_dollars: number | null;
  reference_source: ReferencePrice['source'] | null;
  note: string;
}

/** Filings made on or after this date report whole dollars (SEC release 34-95148). */
export const DOLLARS_FROM = '2023-01-03';
const PLAUSIBLE_MAX = 2000;

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function comparable(r: ThirteenFRawRow): boolean {
  return r.shareType === 'SH' && r.putCall === null && r.shares > 0 && r.value > 0;
}

/**
 * The rows whose implied price is evidence: the share rows; a table without any takes its option rows, whose
 * shares and value are the underlying security's (the form's instruction), so they imply its share price too.
 */
function priceRows(doc: ThirteenFDocument): ThirteenFRawRow[] {
  const shares = doc.rows.filter(comparable);
  if (shares.length > 0) return shares;
  return doc.rows.filter((r) => r.shareType === 'SH' && r.putCall !== null && r.shares > 0 && r.value > 0);
}

export function filingDateRule(doc: ThirteenFDocument): ValueUnit | null {
  const { filingDate, reportPeriod } = doc.cover;
  if (filingDate) return filingDate >= DOLLARS_FROM ? 'dollars' : 'thousands';
  // without a filing date: a period ending 2022-12-31 or later can only have been filed after the cutover
  if (reportPeriod) return reportPeriod >= '2022-12-31' ? 'dollars' : null;
  return null;
}

export function decideValueUnit(
  doc: ThirteenFDocument,
  evidence: PriceEvidence = NO_PRICE_EVIDENCE,
): UnitDecision {
  const rule = filingDateRule(doc);
  const rows = priceRows(doc);
  const implied = median(rows.map((r) => r.value / r.shares));
  const base = {
    filing_date_rule: rule,
    rows_compared: 0,
    median_ratio_to_reference: null,
    median_implied_price_as_dollars: implied === null ? null : round(implied, 6),
    reference_source: null,
  };
  const plausible = (unit: ValueUnit) => {
    const price = implied === null ? null : unit === 'dollars' ? implied : implied * 1000;
    return price !== null && price >= 1 && price <= PLAUSIBLE_MAX;
  };
  const other = (unit: ValueUnit): ValueUnit => (unit === 'dollars' ? 'thousands' : 'dollars');
  // a filer-typed statement (a text table's header) can be the form's template: prices decide against it
  const contradicted =
    doc.statedUnit !== null && !plausible(doc.statedUnit) && plausible(other(doc.statedUnit));
  if (doc.statedUnit && !contradicted) {
    return {
      ...base,
      unit: doc.statedUnit,
      method: 'stated_by_document',
      note: 'the document states the unit (value column header or cover total) and the implied prices agree or are not decisive',
    };
  }
  const ratios: number[] = [];
  let source: ReferencePrice['source'] | null = null;
  for (const r of rows) {
    const ref = doc.cover.reportPeriod ? evidence.priceFor(r.cusip, doc.cover.reportPeriod) : null;
    if (!ref || !(ref.price > 0)) continue;
    ratios.push(r.value / r.shares / ref.price);
    source = source === 'market_close' ? source : ref.source;
  }
  const ratio = median(ratios);
  if (ratio !== null) {
    const withRef = {
      ...base,
      rows_compared: ratios.length,
      median_ratio_to_reference: round(ratio, 6),
      reference_source: source,
    };
    if (ratio >= 0.2 && ratio <= 5) {
      return {
        ...withRef,
        unit: 'dollars',
        method: 'reference_prices',
        note: 'implied prices match reference prices as dollars',
      };
    }
    if (ratio >= 0.0002 && ratio <= 0.005) {
      return {
        ...withRef,
        unit: 'thousands',
        method: 'reference_prices',
        note: 'implied prices match reference prices x1000',
      };
    }
  }
  const dollarsPlausible = plausible('dollars');
  const thousandsPlausible = plausible('thousands');
  if (rule === 'dollars' && implied !== null && implied < 1 && thousandsPlausible) {
    return {
      ...base,
      unit: 'thousands',
      method: 'implied_price_override',
      note: `filed after ${DOLLARS_FROM} but the median implied price is $${round(implied, 4)} as dollars: the filer kept thousands`,
    };
  }
  if (
    rule === 'thousands' &&
    implied !== null &&
    implied * 1000 > PLAUSIBLE_MAX &&
    implied >= 2 &&
    dollarsPlausible
  ) {
    return {
      ...base,
      unit: 'dollars',
      method: 'implied_price_override',
      note: `filed before ${DOLLARS_FROM} but the median implied price is $${round(implied * 1000, 2)} as thousands: the filer reported dollars`,
    };
  }
  if (rule !== null) {
    return {
      ...base,
      unit: rule,
      method: 'filing_date_rule',
      note: `filing-date rule; the median implied price agrees or is not decisive`,
    };
  }
  if (dollarsPlausible !== thousandsPlausible) {
    const unit: ValueUnit = dollarsPlausible ? 'dollars' : 'thousands';
    return {
      ...base,
      unit,
      method: 'implied_price_override',
      note: 'no filing date: only one unit gives plausible share prices',
    };
  }
  return { ...base, unit: null, method: 'undecided', note: 'no filing date and no decisive price evidence' };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
