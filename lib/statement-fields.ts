/**
 * Spec 2.5's value fields per statement and for metrics, in the spec's order: data only, shared by the
 * XBRL parsers (output order), the screening table's columns (schema/screen.ts) and whatever else needs
 * the lists without importing parsers/ (the API may not).
 */

/** Income statement value fields. */
export const INCOME_VALUE_FIELDS = [
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_expense',
  'selling_general_and_administrative_expenses',
  'research_and_development',
  'operating_income',
  'interest_expense',
  'nonoperating_income_expense',
  'ebit',
  'income_tax_expense',
  'net_income_discontinued_operations',
  'net_income_continuing_operations',
  'net_income_non_controlling_interests',
  'net_income',
  'net_income_common_stock',
  'preferred_dividends_impact',
  'consolidated_income',
  'earnings_per_share',
  'earnings_per_share_diluted',
  'dividends_per_common_share',
  'weighted_average_shares',
  'weighted_average_shares_diluted',
] as const;

/** Balance sheet value fields. */
export const BALANCE_VALUE_FIELDS = [
  'total_assets',
  'current_assets',
  'cash_and_equivalents',
  'inventory',
  'current_investments',
  'trade_and_non_trade_receivables',
  'non_current_assets',
  'property_plant_and_equipment',
  'goodwill_and_intangible_assets',
  'investments',
  'non_current_investments',
  'outstanding_shares',
  'tax_assets',
  'total_liabilities',
  'current_liabilities',
  'trade_and_non_trade_payables',
  'deferred_revenue',
  'deposit_liabilities',
  'non_current_liabilities',
  'current_debt',
  'non_current_debt',
  'total_debt',
  'tax_liabilities',
  'shareholders_equity',
  'retained_earnings',
  'accumulated_other_comprehensive_income',
] as const;

/** Cash flow statement value fields (net_income repeats the income statement's). */
export const CASH_FLOW_VALUE_FIELDS = [
  'net_income',
  'depreciation_and_amortization',
  'share_based_compensation',
  'net_cash_flow_from_operations',
  'capital_expenditure',
  'business_acquisitions_and_disposals',
  'investment_acquisitions_and_disposals',
  'net_cash_flow_from_investing',
  'issuance_or_repayment_of_debt_securities',
  'issuance_or_purchase_of_equity_shares',
  'dividends_and_other_cash_distributions',
  'net_cash_flow_from_financing',
  'change_in_cash_and_equivalents',
  'effect_of_exchange_rate_changes',
  'ending_cash_balance',
  'free_cash_flow',
] as const;

/** The metrics that need a market cap (loaders/valuations.ts switches them on from our prices). */
export const VALUATION_METRIC_FIELDS = [
  'enterprise_value',
  'price_to_earnings_ratio',
  'price_to_book_ratio',
  'price_to_sales_ratio',
  'enterprise_value_to_ebitda_ratio',
  'enterprise_value_to_revenue_ratio',
  'free_cash_flow_yield',
  'peg_ratio',
] as const;

/** Financial metrics fields (earnings_per_share repeats the income statement's). */
export const METRIC_FIELDS = [
  ...VALUATION_METRIC_FIELDS,
  'gross_margin',
  'operating_margin',
  'net_margin',
  'return_on_equity',
  'return_on_assets',
  'return_on_invested_capital',
  'asset_turnover',
  'inventory_turnover',
  'receivables_turnover',
  'days_sales_outstanding',
  'operating_cycle',
  'working_capital_turnover',
  'current_ratio',
  'quick_ratio',
  'cash_ratio',
  'operating_cash_flow_ratio',
  'debt_to_equity',
  'debt_to_assets',
  'interest_coverage',
  'revenue_growth',
  'earnings_growth',
  'book_value_growth',
  'earnings_per_share_growth',
  'free_cash_flow_growth',
  'operating_income_growth',
  'ebitda_growth',
  'earnings_per_share',
  'book_value_per_share',
  'free_cash_flow_per_share',
  'payout_ratio',
] as const;
