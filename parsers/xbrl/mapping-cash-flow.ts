import { type FieldSpec, g, ifrs, neg, plus, sum } from './mapping-dsl.ts';

/**
 * Cash-flow statement: 16 fields. SIGN CONVENTION: the direction of cash, as the statement presents it:
 * inflows positive, outflows negative. XBRL `PaymentsTo...` / `Payments...` / IFRS `Purchase...` concepts
 * carry outflows as positive numbers, so they are negated here:
 *   capital_expenditure                     = -PaymentsToAcquirePropertyPlantAndEquipment          (<= 0)
 *   business_acquisitions_and_disposals     = -payments for businesses + proceeds from divestitures
 *   investment_acquisitions_and_disposals   = -purchases of investments + sales/maturities
 *   issuance_or_repayment_of_debt_securities = proceeds from debt - repayments
 *   issuance_or_purchase_of_equity_shares   = proceeds from issuing shares - buybacks
 *   dividends_and_other_cash_distributions  = -PaymentsOfDividends                                  (<= 0)
 *   free_cash_flow                          = net_cash_flow_from_operations + capital_expenditure
 * Component sums cover the lines the mapping knows; a filer using other lines gets a partial or null value
 * (those candidates are marked derived so a reader can tell).
 */

const cf = (
  field: string,
  usGaap: FieldSpec['usGaap'],
  ifrsList: FieldSpec['ifrs'],
  extra: Partial<FieldSpec> = {},
) =>
  ({
    field,
    statement: 'cash_flow',
    kind: 'flow',
    unit: 'money',
    usGaap,
    ifrs: ifrsList,
    ...extra,
  }) as FieldSpec;

export const CASH_FLOW_FIELDS: FieldSpec[] = [
  cf('net_income', [g('ProfitLoss'), g('NetIncomeLoss')], [ifrs('ProfitLoss')], {
    note: 'The cash-flow statement starts from consolidated net income (incl. NCI) when reported.',
  }),
  cf(
    'depreciation_and_amortization',
    [
      g('DepreciationDepletionAndAmortization'),
      g('DepreciationAmortizationAndAccretionNet'),
      g('DepreciationAndAmortization'),
      sum([g('Depreciation'), g('AmortizationOfIntangibleAssets')]),
      // Filers with no separate amortization line (Alphabet since FY2021: "Depreciation of property and
      // equipment" is the only D&A line of its cash-flow statement) report depreciation alone.
      g('Depreciation'),
    ],
    [
      ifrs('AdjustmentsForDepreciationAndAmortisationExpense'),
      sum([ifrs('DepreciationExpense'), ifrs('AmortisationExpense')]),
    ],
    {
      note: 'Combined D&A tag, else depreciation + amortization of intangibles, else depreciation alone.',
    },
  ),
  cf(
    'share_based_compensation',
    [g('ShareBasedCompensation'), g('AllocatedShareBasedCompensationExpense')],
    [ifrs('AdjustmentsForSharebasedPayments')],
  ),
  cf(
    'net_cash_flow_from_operations',
    [
      g('NetCashProvidedByUsedInOperatingActivities'),
      g('NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'),
    ],
    // CashFlowsFromUsedInOperations is "cash generated from operations" (before interest and tax paid) in
    // IAS 7; some filers (LPA) tag their operating total with it. Used only when the total tag is absent;
    // the cash identity check reports it when it does not add up.
    [ifrs('CashFlowsFromUsedInOperatingActivities'), ifrs('CashFlowsFromUsedInOperations')],
  ),
  cf(
    'capital_expenditure',
    [neg(g('PaymentsToAcquirePropertyPlantAndEquipment')), neg(g('PaymentsToAcquireProductiveAssets'))],
    [neg(ifrs('PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities'))],
    { note: 'Negative (cash outflow).' },
  ),
  cf(
    'business_acquisitions_and_disposals',
    [
      sum(
        [
          neg(g('PaymentsToAcquireBusinessesNetOfCashAcquired')),
          g('ProceedsFromDivestitureOfBusinessesNetOfCashDivested'),
        ],
        1,
      ),
    ],
    [
      sum(
        [
          neg(
            ifrs(
              'CashFlowsUsedInObtainingControlOfSubsidiariesOrOtherBusinessesClassifiedAsInvestingActivities',
            ),
          ),
          ifrs('CashFlowsFromLosingControlOfSubsidiariesOrOtherBusinessesClassifiedAsInvestingActivities'),
        ],
        1,
      ),
    ],
  ),
  cf(
    'investment_acquisitions_and_disposals',
    [
      neg(g('PaymentsForProceedsFromInvestments')),
      sum([neg(g('PaymentsToAcquireInvestments')), g('ProceedsFromSaleMaturityAndCollectionsOfInvestments')]),
      sum(
        [
          neg(g('PaymentsToAcquireMarketableSecurities')),
          g('ProceedsFromSaleAndMaturityOfMarketableSecurities'),
          neg(g('PaymentsToAcquireOtherInvestments')),
          g('ProceedsFromSaleAndMaturityOfOtherInvestments'),
        ],
        3,
      ),
      sum([
        neg(g('PaymentsToAcquireMarketableSecurities')),
        g('ProceedsFromSaleAndMaturityOfMarketableSecurities'),
      ]),
      sum(
        [
          neg(g('PaymentsToAcquireAvailableForSaleSecuritiesDebt')),
          g('ProceedsFromSaleOfAvailableForSaleSecuritiesDebt'),
          g('ProceedsFromMaturitiesPrepaymentsAndCallsOfAvailableForSaleSecuritiesDebt'),
        ],
        2,
      ),
    ],
    // IFRS: a purchase line and its matching proceeds line, both required (a purchase alone, as TSM's
    // FY2024 PurchaseOfInvestmentsOther... beside company-specific proceeds tags, would be one-sided).
    [
      sum([
        neg(ifrs('PurchaseOfFinancialInstrumentsClassifiedAsInvestingActivities')),
        ifrs('ProceedsFromSalesOrMaturityOfFinancialInstrumentsClassifiedAsInvestingActivities'),
      ]),
      sum([
        neg(ifrs('PurchaseOfInvestmentsOtherThanInvestmentsAccountedForUsingEquityMethod')),
        ifrs('ProceedsFromSalesOfInvestmentsOtherThanInvestmentsAccountedForUsingEquityMethod'),
      ]),
      sum([
        neg(ifrs('PurchaseOfAvailableforsaleFinancialAssets')),
        ifrs('ProceedsFromDisposalOrMaturityOfAvailableforsaleFinancialAssets'),
      ]),
    ],
  ),
  cf(
    'net_cash_flow_from_investing',
    [
      g('NetCashProvidedByUsedInInvestingActivities'),
      g('NetCashProvidedByUsedInInvestingActivitiesContinuingOperations'),
    ],
    [ifrs('CashFlowsFromUsedInInvestingActivities')],
  ),
  cf(
    'issuance_or_repayment_of_debt_securities',
    [
      g('ProceedsFromRepaymentsOfDebt'),
      sum([g('ProceedsFromIssuanceOfDebt'), neg(g('RepaymentsOfDebt'))]),
      sum([g('ProceedsFromDebtNetOfIssuanceCosts'), neg(g('RepaymentsOfDebtAndCapitalLeaseObligations'))]),
      sum(
        [
          g('ProceedsFromIssuanceOfLongTermDebt'),
          neg(g('RepaymentsOfLongTermDebt')),
          g('ProceedsFromRepaymentsOfCommercialPaper'),
          g('ProceedsFromRepaymentsOfShortTermDebt'),
        ],
        1,
      ),
    ],
    [
      sum(
        [
          ifrs('ProceedsFromBorrowingsClassifiedAsFinancingActivities'),
          neg(ifrs('RepaymentsOfBorrowingsClassifiedAsFinancingActivities')),
          ifrs('ProceedsFromIssueOfBondsNotesAndDebentures'),
          neg(ifrs('RepaymentsOfBondsNotesAndDebentures')),
          ifrs('ProceedsFromNoncurrentBorrowings'),
          neg(ifrs('RepaymentsOfNoncurrentBorrowings')),
          ifrs('CashFlowsFromUsedInIncreaseDecreaseInCurrentBorrowings'),
        ],
        1,
      ),
    ],
  ),
  cf(
    'issuance_or_purchase_of_equity_shares',
    [
      sum(
        [
          g('ProceedsFromIssuanceOfCommonStock'),
          g('ProceedsFromStockOptionsExercised'),
          neg(g('PaymentsForRepurchaseOfCommonStock')),
        ],
        1,
      ),
    ],
    [
      sum(
        [
          ifrs('ProceedsFromIssuingShares'),
          neg(ifrs('PaymentsToAcquireOrRedeemEntitysShares')),
          neg(ifrs('PurchaseOfTreasuryShares')),
        ],
        1,
      ),
    ],
  ),
  cf(
    'dividends_and_other_cash_distributions',
    [
      neg(g('PaymentsOfDividends')),
      neg(g('PaymentsOfDividendsCommonStock')),
      // the taxonomy's "Payments of Ordinary Dividends, Common Stock", used by some filers for the same line
      neg(g('PaymentsOfOrdinaryDividends')),
    ],
    [neg(ifrs('DividendsPaidClassifiedAsFinancingActivities')), neg(ifrs('DividendsPaid'))],
    { note: 'Negative (cash outflow).' },
  ),
  cf(
    'net_cash_flow_from_financing',
    [
      g('NetCashProvidedByUsedInFinancingActivities'),
      g('NetCashProvidedByUsedInFinancingActivitiesContinuingOperations'),
    ],
    [ifrs('CashFlowsFromUsedInFinancingActivities')],
  ),
  cf(
    'change_in_cash_and_equivalents',
    [
      g(
        'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect',
      ),
      g('CashAndCashEquivalentsPeriodIncreaseDecrease'),
    ],
    [ifrs('IncreaseDecreaseInCashAndCashEquivalents')],
  ),
  cf(
    'effect_of_exchange_rate_changes',
    [
      g('EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'),
      g('EffectOfExchangeRateOnCashAndCashEquivalents'),
    ],
    [ifrs('EffectOfExchangeRateChangesOnCashAndCashEquivalents')],
  ),
  cf(
    'ending_cash_balance',
    [
      g('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'),
      g('CashAndCashEquivalentsAtCarryingValue'),
    ],
    [ifrs('CashAndCashEquivalents')],
    { kind: 'instant', note: 'The instant at the period end (cash as the cash-flow statement defines it).' },
  ),
  cf('free_cash_flow', [], [], {
    derive: [{ terms: [plus('net_cash_flow_from_operations'), plus('capital_expenditure')] }],
    note: 'Always derived: operating cash flow + capital_expenditure (which is negative).',
  }),
];
