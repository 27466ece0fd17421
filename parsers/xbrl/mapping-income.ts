import { type FieldSpec, g, ifrs, minus, plus, sum } from './mapping-dsl.ts';

/** Income statement: 23 fields plus helpers. Expenses positive, losses negative (see mapping.ts). */

const ASC606_FROM = '2015-01-01'; // full-retrospective adopters restated 2016-2017 comparatives
const PRE606_UNTIL = '2019-12-31'; // SalesRevenueNet left the taxonomy in 2018; allow late filers a year

export const INCOME_FIELDS: FieldSpec[] = [
  {
    field: 'revenue',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    // A financial company's top line (its net-of-interest total, or net interest income + noninterest
    // income when it files no total) comes before any contract-revenue figure: in such a statement
    // contract revenue (service charges, fees) is one line inside noninterest income, not the top line.
    usGaap: [
      g('Revenues'),
      g('RevenuesNetOfInterestExpense'),
      sum([g('InterestIncomeExpenseNet'), g('NoninterestIncome')]),
      g('RevenueFromContractWithCustomerExcludingAssessedTax', { from: ASC606_FROM }),
      g('RevenueFromContractWithCustomerIncludingAssessedTax', { from: ASC606_FROM }),
      g('SalesRevenueNet', { until: PRE606_UNTIL }),
    ],
    industries: {
      bank: [g('Revenues'), g('RevenuesNetOfInterestExpense')],
      insurance: [g('Revenues')],
      reit: [
        g('Revenues'),
        g('RealEstateRevenueNet'),
        g('RevenueFromContractWithCustomerExcludingAssessedTax'),
      ],
      utility: [
        g('Revenues'),
        g('RegulatedAndUnregulatedOperatingRevenue'),
        g('RevenueFromContractWithCustomerExcludingAssessedTax', { from: ASC606_FROM }),
        g('SalesRevenueNet', { until: PRE606_UNTIL }),
      ],
    },
    ifrs: [ifrs('Revenue'), ifrs('RevenueFromContractsWithCustomers')],
    derive: [{ terms: [plus('_net_interest_income'), plus('_noninterest_income')], industries: ['bank'] }],
    // A filer that renames its top line (Revenues -> RealEstateRevenueNet) re-tags earlier periods under the new
    // name only: the later filing's figure is the period's revenue, and quarters derive across the two names.
    renames: true,
    note: 'Total revenue. Banks: net interest income + noninterest income when Revenues is not reported.',
  },
  {
    field: 'cost_of_revenue',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [
      g('CostOfRevenue'),
      g('CostOfGoodsAndServicesSold'),
      g('CostOfGoodsSold', { until: PRE606_UNTIL }),
      g('CostOfGoodsAndServicesSoldExcludingDepreciationDepletionAndAmortization'),
    ],
    industries: { bank: [], insurance: [] },
    ifrs: [ifrs('CostOfSales')],
    note: 'Positive expense. Not meaningful for banks and insurers (left null).',
  },
  {
    field: 'gross_profit',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('GrossProfit')],
    industries: { bank: [], insurance: [] },
    ifrs: [ifrs('GrossProfit')],
    derive: [{ terms: [plus('revenue'), minus('cost_of_revenue')] }],
  },
  {
    field: 'operating_expense',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('OperatingExpenses')],
    ifrs: [ifrs('OperatingExpenseExcludingCostOfSales')],
    derive: [{ terms: [plus('gross_profit'), minus('operating_income')] }],
    note: 'Operating expenses excluding cost of revenue (positive).',
  },
  {
    field: 'selling_general_and_administrative_expenses',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [
      g('SellingGeneralAndAdministrativeExpense'),
      sum([g('SellingAndMarketingExpense'), g('GeneralAndAdministrativeExpense')]),
    ],
    ifrs: [
      ifrs('SellingGeneralAndAdministrativeExpense'),
      sum([ifrs('SalesAndMarketingExpense'), ifrs('GeneralAndAdministrativeExpense')]),
      sum([ifrs('SellingExpense'), ifrs('AdministrativeExpense')]),
    ],
  },
  {
    field: 'research_and_development',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [
      g('ResearchAndDevelopmentExpense'),
      g('ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'),
    ],
    ifrs: [ifrs('ResearchAndDevelopmentExpense')],
  },
  {
    field: 'operating_income',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('OperatingIncomeLoss')],
    ifrs: [ifrs('ProfitLossFromOperatingActivities')],
  },
  {
    field: 'interest_expense',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('InterestExpense'), g('InterestExpenseNonoperating'), g('InterestExpenseDebt')],
    ifrs: [ifrs('InterestExpense'), ifrs('FinanceCosts')],
    note: 'Positive expense.',
  },
  {
    field: 'nonoperating_income_expense',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('NonoperatingIncomeExpense')],
    ifrs: [],
  },
  {
    field: '_pretax_income',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [
      g('IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest'),
      g(
        'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
      ),
    ],
    ifrs: [ifrs('ProfitLossBeforeTax')],
  },
  {
    field: 'ebit',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [],
    ifrs: [],
    derive: [{ terms: [plus('_pretax_income'), plus('interest_expense')] }],
    note: 'Always derived: income before taxes + interest expense; null when interest expense is not reported.',
  },
  {
    field: 'income_tax_expense',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('IncomeTaxExpenseBenefit')],
    ifrs: [ifrs('IncomeTaxExpenseContinuingOperations')],
    note: 'Positive expense, negative benefit.',
  },
  {
    field: 'net_income_discontinued_operations',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [
      g('IncomeLossFromDiscontinuedOperationsNetOfTax'),
      g('IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity'),
    ],
    ifrs: [ifrs('ProfitLossFromDiscontinuedOperations')],
  },
  {
    field: 'net_income_non_controlling_interests',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('NetIncomeLossAttributableToNoncontrollingInterest')],
    ifrs: [ifrs('ProfitLossAttributableToNoncontrollingInterests')],
  },
  {
    field: 'net_income',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('NetIncomeLoss'), g('ProfitLoss', { onlyIfNull: ['net_income_non_controlling_interests'] })],
    ifrs: [
      ifrs('ProfitLossAttributableToOwnersOfParent'),
      sum([
        ifrs('ProfitLossFromContinuingOperationsAttributableToOrdinaryEquityHoldersOfParentEntity'),
        ifrs('ProfitLossFromDiscontinuedOperationsAttributableToOrdinaryEquityHoldersOfParentEntity'),
      ]),
      ifrs('ProfitLossFromContinuingOperationsAttributableToOrdinaryEquityHoldersOfParentEntity', {
        onlyIfNull: ['net_income_discontinued_operations'],
      }),
      ifrs('ProfitLoss', { onlyIfNull: ['net_income_non_controlling_interests'] }),
    ],
    note:
      'Attributable to the parent. IFRS: without the total, the continuing and discontinued operations attributable ' +
      'to the owners (continuing alone when no discontinued operations are filed). ProfitLoss (incl. NCI) only ' +
      'when no NCI share is reported.',
  },
  {
    field: 'consolidated_income',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('ProfitLoss')],
    ifrs: [ifrs('ProfitLoss')],
    derive: [{ terms: [plus('net_income'), plus('net_income_non_controlling_interests')] }],
  },
  {
    field: 'net_income_continuing_operations',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('IncomeLossFromContinuingOperations')],
    ifrs: [ifrs('ProfitLossFromContinuingOperations')],
    derive: [{ terms: [plus('consolidated_income'), minus('net_income_discontinued_operations')] }],
  },
  {
    field: 'preferred_dividends_impact',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [
      g('PreferredStockDividendsAndOtherAdjustments'),
      g('PreferredStockDividendsIncomeStatementImpact'),
    ],
    ifrs: [],
  },
  {
    field: 'net_income_common_stock',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('NetIncomeLossAvailableToCommonStockholdersBasic')],
    ifrs: [ifrs('ProfitLossAttributableToOrdinaryEquityHoldersOfParentEntity')],
    derive: [{ terms: [plus('net_income'), minus('preferred_dividends_impact')] }],
  },
  {
    field: 'earnings_per_share',
    statement: 'income',
    kind: 'duration',
    unit: 'per_share',
    usGaap: [g('EarningsPerShareBasic'), g('EarningsPerShareBasicAndDiluted')],
    ifrs: [ifrs('BasicEarningsLossPerShare')],
  },
  {
    field: 'earnings_per_share_diluted',
    statement: 'income',
    kind: 'duration',
    unit: 'per_share',
    usGaap: [
      g('EarningsPerShareDiluted'),
      g('EarningsPerShareBasicAndDiluted'),
      // A limited partnership reports earnings per unit: its units are its shares.
      g('NetIncomeLossNetOfTaxPerOutstandingLimitedPartnershipUnitDiluted'),
    ],
    ifrs: [ifrs('DilutedEarningsLossPerShare')],
  },
  {
    field: 'dividends_per_common_share',
    statement: 'income',
    kind: 'duration',
    unit: 'per_share',
    usGaap: [g('CommonStockDividendsPerShareDeclared'), g('CommonStockDividendsPerShareCashPaid')],
    ifrs: [ifrs('DividendsRecognisedAsDistributionsToOwnersPerShare')],
  },
  {
    field: 'weighted_average_shares',
    statement: 'income',
    kind: 'duration',
    unit: 'shares',
    usGaap: [
      g('WeightedAverageNumberOfSharesOutstandingBasic'),
      g('WeightedAverageNumberOfShareOutstandingBasicAndDiluted'),
    ],
    ifrs: [ifrs('WeightedAverageShares')],
  },
  {
    field: 'weighted_average_shares_diluted',
    statement: 'income',
    kind: 'duration',
    unit: 'shares',
    usGaap: [
      g('WeightedAverageNumberOfDilutedSharesOutstanding'),
      g('WeightedAverageNumberOfShareOutstandingBasicAndDiluted'),
    ],
    ifrs: [ifrs('AdjustedWeightedAverageShares')],
  },
  {
    field: '_net_interest_income',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('InterestIncomeExpenseNet')],
    ifrs: [],
  },
  {
    field: '_noninterest_income',
    statement: 'income',
    kind: 'flow',
    unit: 'money',
    usGaap: [g('NoninterestIncome')],
    ifrs: [],
  },
];
