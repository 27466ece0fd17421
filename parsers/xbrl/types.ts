/** One fact as data.sec.gov companyfacts serves it, flattened. Values are never scaled or converted. */
export interface Fact {
  /** `us-gaap`, `ifrs-full`, `dei`, `srt`, `ecd`, `ffd`, or a company prefix. */
  taxonomy: string;
  concept: string;
  /** `USD`, `TWD`, `shares`, `USD/shares`, `pure`, ... exactly as served. */
  unit: string;
  value: number;
  /** Absent for instants (balances, share counts on a date). */
  start?: string;
  end: string;
  /** Fiscal year / period of the FILING, not of the fact; null on ecd/ffd/6-K facts. Never trusted for periods. */
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  accn: string;
  /** The calendar frame; SEC sets it on one copy of a fact only. */
  frame?: string;
}

export type Grain = 'annual' | 'quarterly' | 'ttm';
export type FiscalPeriod = 'FY' | 'Q1' | 'Q2' | 'Q3';
export type AccountingStandard = 'us_gaap' | 'ifrs' | null;

/** The spec 2.5 metadata head on every statement and metric row. */
export interface RowHead {
  ticker: string;
  cik: number;
  report_period: string;
  period: Grain;
  fiscal_period: FiscalPeriod;
  currency: string;
  accounting_standard: AccountingStandard;
  accession_number: string;
  filing_url: string;
}

export type StatementKind = 'income' | 'balance' | 'cash_flow';

/** How one value in a row came about; kept beside the row, never inside it. */
export interface FieldSource {
  kind: 'reported' | 'derived';
  /** `us-gaap:Revenues` for reported values and for the concept a period derivation used. */
  concept?: string;
  /** Human-readable arithmetic for derived values, e.g. `FY - 9M YTD` or `revenue - cost_of_revenue`. */
  formula?: string;
  accession?: string;
}
