import { METRIC_FIELDS } from '../../lib/statement-fields.ts';
import type { StatementRow } from './statements.ts';
import type { Grain, RowHead } from './types.ts';

/**
 * The 38 metrics of spec 2.5, computed from one period's statements (and the prior comparable period for
 * growth). A metric is null when an input is null, when a denominator is zero, or when a denominator is
 * negative where the ratio means nothing (equity, earnings, revenue, invested capital...). Never zero-filled.
 *
 * Conventions: balances are the period-end values (no averaging); quarterly ratios are not annualised;
 * valuation metrics need market inputs and are computed for annual and ttm rows only (a quarter's earnings
 * against a market cap would be a 4x error); growth compares with the prior comparable period: the
 * previous fiscal year (annual), the same fiscal quarter a year earlier (quarterly), the ttm a year
 * earlier (ttm), and is null when the base is <= 0. Cash-flow outflows are negative (see mapping.ts).
 *
 * | metric | formula |
 * |---|---|
 * | enterprise_value | marketCap + total_debt - cash_and_equivalents |
 * | price_to_earnings_ratio | price / earnings_per_share_diluted (EPS > 0); without price: marketCap / net_income (> 0) |
 * | price_to_book_ratio | marketCap / shareholders_equity (> 0) |
 * | price_to_sales_ratio | marketCap / revenue (> 0) |
 * | enterprise_value_to_ebitda_ratio | enterprise_value / ebitda (> 0), ebitda = operating_income + depreciation_and_amortization |
 * | enterprise_value_to_revenue_ratio | enterprise_value / revenue (> 0) |
 * | free_cash_flow_yield | free_cash_flow / marketCap (> 0) |
 * | peg_ratio | price_to_earnings_ratio / (earnings_growth * 100), earnings_growth > 0 |
 * | gross_margin | gross_profit / revenue (> 0) |
 * | operating_margin | operating_income / revenue (> 0) |
 * | net_margin | net_income / revenue (> 0) |
 * | return_on_equity | net_income / shareholders_equity (> 0) |
 * | return_on_assets | net_income / total_assets (> 0) |
 * | return_on_invested_capital | operating_income * (1 - tax rate) / (total_debt + shareholders_equity - cash_and_equivalents) (> 0); tax rate = income_tax_expense / (ebit - interest_expense), pre-tax income > 0, clamped to [0, 1] |
 * | asset_turnover | revenue / total_assets (> 0) |
 * | inventory_turnover | cost_of_revenue / inventory (> 0) |
 * | receivables_turnover | revenue / trade_and_non_trade_receivables (> 0) |
 * | days_sales_outstanding | trade_and_non_trade_receivables / revenue (> 0) * days (365 annual/ttm, 91 quarterly) |
 * | operating_cycle | days_sales_outstanding + inventory / cost_of_revenue (> 0) * days |
 * | working_capital_turnover | revenue / (current_assets - current_liabilities) (> 0) |
 * | current_ratio | current_assets / current_liabilities (> 0) |
 * | quick_ratio | (cash_and_equivalents + current_investments if reported + trade_and_non_trade_receivables) / current_liabilities (> 0) |
 * | cash_ratio | cash_and_equivalents / current_liabilities (> 0) |
 * | operating_cash_flow_ratio | net_cash_flow_from_operations / current_liabilities (> 0) |
 * | debt_to_equity | total_debt / shareholders_equity (> 0) |
 * | debt_to_assets | total_debt / total_assets (> 0) |
 * | interest_coverage | operating_income / interest_expense (> 0) |
 * | revenue_growth, earnings_growth (net_income), book_value_growth (shareholders_equity), earnings_per_share_growth (diluted EPS), free_cash_flow_growth, operating_income_growth, ebitda_growth | (current - prior) / prior, prior > 0 |
 * | earnings_per_share | earnings_per_share_diluted as reported |
 * | book_value_per_share | shareholders_equity / outstanding_shares (> 0) |
 * | free_cash_flow_per_share | free_cash_flow / weighted_average_shares_diluted (> 0) |
 * | payout_ratio | -dividends_and_other_cash_distributions / net_income (> 0) |
 */

export { METRIC_FIELDS };

export type MetricField = (typeof METRIC_FIELDS)[number];
export type MetricRow = RowHead & Record<MetricField, number | null>;

export interface MarketInputs {
  price?: number;
  marketCap?: number;
}

type N = number | null;

/** a / b; null when either is null, b is 0, or b <= 0 when `positive` (the default). */
export function ratio(a: N | undefined, b: N | undefined, positive = true): N {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  if (positive && b < 0) return null;
  return a / b;
}

function growth(cur: N | undefined, prev: N | undefined): N {
  if (cur === null || cur === undefined || prev === null || prev === undefined || prev <= 0) return null;
  return (cur - prev) / prev;
}

function sum(...xs: Array<N | undefined>): N {
  if (xs.some((x) => x === null || x === undefined)) return null;
  return (xs as number[]).reduce((a, b) => a + b, 0);
}

const INCOME_IN = [
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_income',
  'interest_expense',
  'ebit',
  'income_tax_expense',
  'net_income',
  'earnings_per_share_diluted',
  'weighted_average_shares_diluted',
] as const;
const BALANCE_IN = [
  'total_assets',
  'current_assets',
  'cash_and_equivalents',
  'inventory',
  'current_investments',
  'trade_and_non_trade_receivables',
  'current_liabilities',
  'total_debt',
  'shareholders_equity',
  'outstanding_shares',
] as const;
const CASH_IN = [
  'depreciation_and_amortization',
  'net_cash_flow_from_operations',
  'free_cash_flow',
  'dividends_and_other_cash_distributions',
] as const;

type InputField =
  | (typeof INCOME_IN)[number]
  | (typeof BALANCE_IN)[number]
  | (typeof CASH_IN)[number]
  | 'ebitda';
export type Inputs = Record<InputField, N>;

function num(row: StatementRow | undefined, field: string): N {
  const v = row?.[field];
  return typeof v === 'number' ? v : null;
}

export function inputs(i?: StatementRow, b?: StatementRow, c?: StatementRow): Inputs {
  const x = {} as Inputs;
  for (const f of INCOME_IN) x[f] = num(i, f);
  for (const f of BALANCE_IN) x[f] = num(b, f);
  for (const f of CASH_IN) x[f] = num(c, f);
  x.ebitda = sum(x.operating_income, x.depreciation_and_amortization);
  return x;
}

export function compute(
  x: Inputs,
  prior: Inputs | undefined,
  grain: Grain,
  market: MarketInputs | undefined,
): Record<MetricField, N> {
  const days = grain === 'quarterly' ? 91 : 365;
  const valuation = grain !== 'quarterly';
  const cap = valuation ? (market?.marketCap ?? null) : null;
  const price = valuation ? (market?.price ?? null) : null;
  const enterprise =
    cap === null || x.total_debt === null || x.cash_and_equivalents === null
      ? null
      : cap + x.total_debt - x.cash_and_equivalents;
  const pe = price !== null ? ratio(price, x.earnings_per_share_diluted) : ratio(cap, x.net_income);
  const earningsGrowth = growth(x.net_income, prior?.net_income);
  const pretax = sum(x.ebit, x.interest_expense === null ? null : -x.interest_expense);
  const taxRate = ratio(x.income_tax_expense, pretax);
  const invested = sum(
    x.total_debt,
    x.shareholders_equity,
    x.cash_and_equivalents === null ? null : -x.cash_and_equivalents,
  );
  const nopat =
    x.operating_income === null || taxRate === null
      ? null
      : x.operating_income * (1 - Math.min(1, Math.max(0, taxRate)));
  const dso = ratio(x.trade_and_non_trade_receivables, x.revenue);
  const dio = ratio(x.inventory, x.cost_of_revenue);
  const workingCapital = sum(
    x.current_assets,
    x.current_liabilities === null ? null : -x.current_liabilities,
  );
  const quickAssets = sum(
    x.cash_and_equivalents,
    x.trade_and_non_trade_receivables,
    x.current_investments ?? 0,
  );
  return {
    enterprise_value: enterprise,
    price_to_earnings_ratio: pe,
    price_to_book_ratio: ratio(cap, x.shareholders_equity),
    price_to_sales_ratio: ratio(cap, x.revenue),
    enterprise_value_to_ebitda_ratio: ratio(enterprise, x.ebitda),
    enterprise_value_to_revenue_ratio: ratio(enterprise, x.revenue),
    free_cash_flow_yield: ratio(x.free_cash_flow, cap),
    peg_ratio:
      pe === null || earningsGrowth === null || earningsGrowth <= 0 ? null : pe / (earningsGrowth * 100),
    gross_margin: ratio(x.gross_profit, x.revenue),
    operating_margin: ratio(x.operating_income, x.revenue),
    net_margin: ratio(x.net_income, x.revenue),
    return_on_equity: ratio(x.net_income, x.shareholders_equity),
    return_on_assets: ratio(x.net_income, x.total_assets),
    return_on_invested_capital: ratio(nopat, invested),
    asset_turnover: ratio(x.revenue, x.total_assets),
    inventory_turnover: ratio(x.cost_of_revenue, x.inventory),
    receivables_turnover: ratio(x.revenue, x.trade_and_non_trade_receivables),
    days_sales_outstanding: dso === null ? null : dso * days,
    operating_cycle: dso === null || dio === null ? null : (dso + dio) * days,
    working_capital_turnover: ratio(x.revenue, workingCapital),
    current_ratio: ratio(x.current_assets, x.current_liabilities),
    quick_ratio: ratio(quickAssets, x.current_liabilities),
    cash_ratio: ratio(x.cash_and_equivalents, x.current_liabilities),
    operating_cash_flow_ratio: ratio(x.net_cash_flow_from_operations, x.current_liabilities),
    debt_to_equity: ratio(x.total_debt, x.shareholders_equity),
    debt_to_assets: ratio(x.total_debt, x.total_assets),
    interest_coverage: ratio(x.operating_income, x.interest_expense),
    revenue_growth: growth(x.revenue, prior?.revenue),
    earnings_growth: earningsGrowth,
    book_value_growth: growth(x.shareholders_equity, prior?.shareholders_equity),
    earnings_per_share_growth: growth(x.earnings_per_share_diluted, prior?.earnings_per_share_diluted),
    free_cash_flow_growth: growth(x.free_cash_flow, prior?.free_cash_flow),
    operating_income_growth: growth(x.operating_income, prior?.operating_income),
    ebitda_growth: growth(x.ebitda, prior?.ebitda),
    earnings_per_share: x.earnings_per_share_diluted ?? null,
    book_value_per_share: ratio(x.shareholders_equity, x.outstanding_shares),
    free_cash_flow_per_share: ratio(x.free_cash_flow, x.weighted_average_shares_diluted),
    payout_ratio: ratio(
      x.dividends_and_other_cash_distributions === null ? null : -x.dividends_and_other_cash_distributions,
      x.net_income,
    ),
  };
}
