import { type FieldSpec, g, ifrs, minus, opt, plus, sum } from './mapping-dsl.ts';

/** Balance sheet: 26 fields plus helpers, instants at the period end, signs as presented. */

const b = (
  field: string,
  usGaap: FieldSpec['usGaap'],
  ifrsList: FieldSpec['ifrs'],
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  field,
  statement: 'balance',
  kind: 'instant',
  unit: 'money',
  usGaap,
  ifrs: ifrsList,
  ...extra,
});

export const BALANCE_FIELDS: FieldSpec[] = [
  b('total_assets', [g('Assets')], [ifrs('Assets')]),
  b('current_assets', [g('AssetsCurrent')], [ifrs('CurrentAssets')]),
  b(
    'cash_and_equivalents',
    [g('CashAndCashEquivalentsAtCarryingValue'), g('Cash'), g('CashAndDueFromBanks')],
    [ifrs('CashAndCashEquivalents')],
  ),
  b('inventory', [g('InventoryNet')], [ifrs('Inventories')]),
  b(
    'current_investments',
    [
      g('ShortTermInvestments'),
      g('MarketableSecuritiesCurrent'),
      g('AvailableForSaleSecuritiesDebtSecuritiesCurrent'),
    ],
    [ifrs('CurrentInvestments')],
  ),
  b(
    'trade_and_non_trade_receivables',
    [
      g('AccountsReceivableNetCurrent'),
      g('ReceivablesNetCurrent'),
      g('AccountsNotesAndLoansReceivableNetCurrent'),
    ],
    [ifrs('TradeAndOtherCurrentReceivables'), ifrs('CurrentTradeReceivables')],
  ),
  // us-gaap:NoncurrentAssets is the long-lived-assets-by-geography disclosure, NOT the balance-sheet subtotal.
  b('non_current_assets', [g('AssetsNoncurrent')], [ifrs('NoncurrentAssets')], {
    derive: [{ terms: [plus('total_assets'), minus('current_assets')] }],
  }),
  b(
    'property_plant_and_equipment',
    [
      g('PropertyPlantAndEquipmentNet'),
      g('PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization'),
    ],
    [ifrs('PropertyPlantAndEquipment')],
  ),
  b(
    'goodwill_and_intangible_assets',
    [
      g('IntangibleAssetsNetIncludingGoodwill'),
      sum([g('Goodwill'), g('IntangibleAssetsNetExcludingGoodwill')]),
    ],
    [ifrs('IntangibleAssetsAndGoodwill')],
  ),
  // MarketableSecuritiesNoncurrent is a balance-sheet line for some filers (Apple) but a footnote figure for
  // others (Alphabet: 1.4B beside 31B of non-marketable securities), so it is not mapped: null beats wrong.
  b('non_current_investments', [g('LongTermInvestments')], [ifrs('NoncurrentInvestments')]),
  b('investments', [], [], {
    derive: [{ terms: [plus('current_investments'), plus('non_current_investments')] }],
    note: 'Always derived: current + non-current investments, both reported.',
  }),
  {
    ...b(
      'outstanding_shares',
      [g('CommonStockSharesOutstanding')],
      // IFRS filers often tag only "issued and fully paid" (TSM); without treasury shares that is the
      // outstanding count, and the outstanding tag wins whenever it is there.
      [ifrs('NumberOfSharesOutstanding'), ifrs('NumberOfSharesIssuedAndFullyPaid')],
    ),
    unit: 'shares',
    note: 'Balance-sheet share count at the period end (not the dei cover-page count, dated later).',
  },
  b(
    'tax_assets',
    [g('DeferredIncomeTaxAssetsNet'), g('DeferredTaxAssetsNetNoncurrent')],
    [ifrs('DeferredTaxAssets')],
  ),
  b('total_liabilities', [g('Liabilities')], [ifrs('Liabilities')], {
    derive: [
      {
        terms: [plus('_liabilities_and_equity'), minus('_equity_incl_nci'), opt(minus('_temporary_equity'))],
      },
    ],
    note: 'Derived = total liabilities and equity - total equity (incl. NCI) - temporary equity when reported.',
  }),
  b('current_liabilities', [g('LiabilitiesCurrent')], [ifrs('CurrentLiabilities')]),
  b(
    'trade_and_non_trade_payables',
    [g('AccountsPayableCurrent'), g('AccountsPayableAndAccruedLiabilitiesCurrent')],
    [
      ifrs('TradeAndOtherCurrentPayables'),
      // TSM presents "notes and accounts payable" and "payables to related parties" without a total
      sum([
        ifrs('TradeAndOtherCurrentPayablesToTradeSuppliers'),
        ifrs('TradeAndOtherCurrentPayablesToRelatedParties'),
      ]),
      ifrs('TradeAndOtherCurrentPayablesToTradeSuppliers'),
    ],
  ),
  b(
    'deferred_revenue',
    [g('ContractWithCustomerLiabilityCurrent'), g('DeferredRevenueCurrent')],
    [ifrs('CurrentContractLiabilities'), ifrs('ContractLiabilities')],
  ),
  b('deposit_liabilities', [g('Deposits')], [ifrs('DepositsFromCustomers')]),
  b('non_current_liabilities', [g('LiabilitiesNoncurrent')], [ifrs('NoncurrentLiabilities')], {
    derive: [{ terms: [plus('total_liabilities'), minus('current_liabilities')] }],
  }),
  b(
    'current_debt',
    [
      g('DebtCurrent'),
      g('LongTermDebtAndCapitalLeaseObligationsCurrent'),
      sum([g('LongTermDebtCurrent'), g('CommercialPaper'), g('ShortTermBorrowings')], 1),
    ],
    [
      sum(
        [
          ifrs('CurrentPortionOfLongtermBorrowings'),
          ifrs('ShorttermBorrowings'),
          ifrs('CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued'),
        ],
        1,
      ),
    ],
    { note: 'Short-term borrowings + current portion of long-term debt (sum of the lines reported).' },
  ),
  b(
    'non_current_debt',
    [g('LongTermDebtNoncurrent'), g('LongTermDebtAndCapitalLeaseObligations')],
    [sum([ifrs('NoncurrentPortionOfNoncurrentBondsIssued'), ifrs('LongtermBorrowings')], 1)],
  ),
  b('total_debt', [g('DebtLongtermAndShorttermCombinedAmount')], [ifrs('Borrowings')], {
    derive: [{ terms: [plus('current_debt'), plus('non_current_debt')] }],
  }),
  b(
    'tax_liabilities',
    [g('DeferredIncomeTaxLiabilitiesNet'), g('DeferredTaxLiabilitiesNoncurrent')],
    [ifrs('DeferredTaxLiabilities')],
  ),
  b('_noncontrolling_interest', [g('MinorityInterest')], [ifrs('NoncontrollingInterests')]),
  b(
    'shareholders_equity',
    [
      g('StockholdersEquity'),
      g('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', {
        onlyIfNull: ['_noncontrolling_interest'],
      }),
      // A limited partnership's equity is partners' capital (its units are its shares).
      g('PartnersCapital'),
    ],
    [
      ifrs('EquityAttributableToOwnersOfParent'),
      ifrs('Equity', { onlyIfNull: ['_noncontrolling_interest'] }),
    ],
    { note: 'Attributable to the parent (excludes NCI).' },
  ),
  b('retained_earnings', [g('RetainedEarningsAccumulatedDeficit')], [ifrs('RetainedEarnings')]),
  b('accumulated_other_comprehensive_income', [g('AccumulatedOtherComprehensiveIncomeLossNetOfTax')], []),
  b('_liabilities_and_equity', [g('LiabilitiesAndStockholdersEquity')], [ifrs('EquityAndLiabilities')]),
  b(
    '_equity_incl_nci',
    [g('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest')],
    [ifrs('Equity')],
    {
      derive: [{ terms: [plus('shareholders_equity'), opt(plus('_noncontrolling_interest'))] }],
    },
  ),
  b(
    '_temporary_equity',
    [
      g('TemporaryEquityCarryingAmountIncludingPortionAttributableToNoncontrollingInterests'),
      g('TemporaryEquityCarryingAmountAttributableToParent'),
      g('RedeemableNoncontrollingInterestEquityCarryingAmount'),
    ],
    [],
  ),
];
