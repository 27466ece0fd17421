import type { privateOfferingFilings } from '../../schema/private-companies.ts';

/**
 * One Regulation D offering as its filings state it, folded in filing order: each later filing (a D/A)
 * replaces the fields it restates (a value given, `Indefinite` included, or a non-empty list) and leaves
 * the others as the earlier filings stated them.
 */
export type FilingRow = typeof privateOfferingFilings.$inferSelect;

/** `Indefinite` as filed, else the amount (US dollars), else null. */
const amount = (value: number | null, indefinite: boolean): number | 'Indefinite' | null =>
  indefinite ? 'Indefinite' : value;

function view(x: FilingRow) {
  return {
    industry_group: x.industryGroup,
    investment_fund_type: x.investmentFundType,
    is_40_act: x.is40Act,
    is_pooled_fund: x.isPooledFund,
    revenue_range: x.revenueRange,
    aggregate_nav_range: x.aggregateNavRange,
    exemptions: x.exemptions as { code: string; label: string }[],
    date_of_first_sale: x.dateOfFirstSale,
    first_sale_yet_to_occur: x.firstSaleYetToOccur,
    more_than_one_year: x.moreThanOneYear,
    securities_types: x.securitiesTypes as string[],
    other_securities_description: x.otherSecuritiesDescription,
    is_business_combination: x.isBusinessCombination,
    minimum_investment: x.minimumInvestment,
    total_offering_amount: amount(x.totalOfferingAmount, x.totalOfferingIndefinite),
    total_amount_sold: x.totalAmountSold,
    total_remaining: amount(x.totalRemaining, x.totalRemainingIndefinite),
    amounts_clarification: x.amountsClarification,
    has_non_accredited_investors: x.hasNonAccreditedInvestors,
    number_non_accredited_investors: x.numberNonAccreditedInvestors,
    total_number_already_invested: x.totalNumberAlreadyInvested,
    investors_clarification: x.investorsClarification,
    sales_commissions: x.salesCommissions,
    sales_commissions_is_estimate: x.salesCommissionsEstimate,
    finders_fees: x.findersFees,
    finders_fees_is_estimate: x.findersFeesEstimate,
    fees_clarification: x.feesClarification,
    gross_proceeds_used: x.grossProceedsUsed,
    gross_proceeds_used_is_estimate: x.grossProceedsUsedEstimate,
    use_of_proceeds_clarification: x.useOfProceedsClarification,
    related_persons: x.relatedPersons as unknown[],
    sales_compensation: x.salesCompensation as unknown[],
    co_issuers: x.coIssuers as unknown[],
  };
}
type View = ReturnType<typeof view>;

const restated = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);

export function foldOffering(filings: FilingRow[], urlOf: (x: FilingRow) => string) {
  let state: View | null = null;
  for (const x of filings) {
    const next = view(x);
    if (!state) {
      state = next;
      continue;
    }
    const merged: Record<string, unknown> = { ...state };
    for (const [k, v] of Object.entries(next)) if (restated(v)) merged[k] = v;
    state = merged as View;
  }
  const first = filings[0]!;
  const last = filings.at(-1)!;
  return {
    offering_id: first.offeringKey,
    file_number: filings.find((x) => x.fileNumber)?.fileNumber ?? null,
    first_filed: first.filingDate ?? first.signatureDate,
    last_filed: last.filingDate ?? last.signatureDate,
    as_of_accession_number: last.accessionNumber,
    filings: filings.map((x) => ({
      accession_number: x.accessionNumber,
      form: x.form,
      filing_date: x.filingDate,
      signature_date: x.signatureDate,
      is_amendment: x.isAmendment,
      previous_accession_number: x.previousAccessionNumber,
      url: urlOf(x),
      document_url: x.url,
    })),
    ...state!,
  };
}

const amountSchema = (what: string) => ({
  type: ['number', 'string', 'null'],
  description: `${what}: US dollars as filed, or the string Indefinite when the filing says so (never a number)`,
});
const n = (type: string, description?: string) => ({
  type: [type, 'null'],
  ...(description ? { description } : {}),
});

export const OFFERING_SCHEMA = {
  type: 'object',
  properties: {
    offering_id: { type: 'string', description: 'file:<SEC file number>, else acc:<first accession>' },
    file_number: n('string', 'SEC file number (021-...) from the submission header'),
    first_filed: n('string'),
    last_filed: n('string'),
    as_of_accession_number: n('string', 'The filing whose view the fields show (the latest)'),
    filings: {
      type: 'array',
      description:
        'Form D then each D/A in order: accession_number, form, filing_date, signature_date, is_amendment, previous_accession_number, url (EDGAR filing index), document_url (the document read)',
    },
    industry_group: n('string'),
    investment_fund_type: n('string'),
    is_40_act: n('boolean'),
    is_pooled_fund: n('boolean'),
    revenue_range: n('string', 'As filed: $1 - $1,000,000, Decline to Disclose, Not Applicable...'),
    aggregate_nav_range: n('string', 'Aggregate net asset value range as filed (funds)'),
    exemptions: { type: 'array', description: '[{code as filed (06b, 3C.7), label (506(b), 3(c)(7))}]' },
    date_of_first_sale: n('string'),
    first_sale_yet_to_occur: n('boolean'),
    more_than_one_year: n('boolean'),
    securities_types: { type: 'array', items: { type: 'string' } },
    other_securities_description: n('string'),
    is_business_combination: n('boolean'),
    minimum_investment: n('number', 'US dollars; 0 as filed when none'),
    total_offering_amount: amountSchema('Total offering amount'),
    total_amount_sold: n('number', 'US dollars, cumulative for the offering'),
    total_remaining: amountSchema('Total remaining'),
    amounts_clarification: n('string', "The filer's clarification of the amounts (Item 13), as filed"),
    has_non_accredited_investors: n('boolean'),
    number_non_accredited_investors: n('integer'),
    total_number_already_invested: n('integer'),
    investors_clarification: n('string', "The filer's clarification of the investors (Item 14), as filed"),
    sales_commissions: n('number'),
    sales_commissions_is_estimate: n('boolean'),
    finders_fees: n('number'),
    finders_fees_is_estimate: n('boolean'),
    fees_clarification: n('string'),
    gross_proceeds_used: n(
      'number',
      'Gross proceeds used for payments to officers, directors, promoters (Item 16)',
    ),
    gross_proceeds_used_is_estimate: n('boolean'),
    use_of_proceeds_clarification: n('string'),
    related_persons: {
      type: 'array',
      description:
        '[{name, first_name, middle_name, last_name, relationships, is_executive_officer, is_director, is_promoter, clarification, city, state_or_country}]',
    },
    sales_compensation: {
      type: 'array',
      description:
        'Recipients: name, crd_number, associated_broker_dealer, city, state_or_country, states_of_solicitation',
    },
    co_issuers: {
      type: 'array',
      description: 'Co-issuers of the filing (their own CIK, name, address city/state)',
    },
  },
};

export const OFFERING_EXAMPLE = {
  offering_id: 'file:021-475559',
  file_number: '021-475559',
  first_filed: '2023-03-13',
  last_filed: '2023-03-13',
  as_of_accession_number: '0001968399-23-000002',
  total_offering_amount: 'Indefinite',
  total_amount_sold: 100000,
  total_remaining: 'Indefinite',
  exemptions: [{ code: '06c', label: '506(c)' }],
};
