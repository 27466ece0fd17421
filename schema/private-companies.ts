import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Private companies from Regulation D notices (Form D and D/A, parsers/edgar/form-d.ts). One row per filed
 * document; an offering is the filings that share `offering_key` (the SEC file number, else the amended
 * filing's key), and the API folds them in filing order so an amendment replaces what it restates.
 * Amounts are US dollars as filed; `*_indefinite` keeps the filing's own word `Indefinite`, never a number.
 */
export const privateOfferingFilings = pgTable(
  'private_offering_filings',
  {
    /** The accession number; a bare primary document captured without one is keyed on its URL. */
    filingId: text('filing_id').primaryKey(),
    accessionNumber: text('accession_number'),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    form: text('form').notNull(),
    filingDate: date('filing_date', { mode: 'string' }),
    acceptedAt: text('accepted_at'),
    fileNumber: text('file_number'),
    offeringKey: text('offering_key').notNull(),
    url: text('url').notNull(),
    schemaVersion: text('schema_version'),
    isAmendment: boolean('is_amendment'),
    previousAccessionNumber: text('previous_accession_number'),
    entityName: text('entity_name').notNull(),
    /** The primary issuer as this filing states it (address, phone, jurisdiction, entity type, year of incorporation, previous names). */
    issuer: jsonb('issuer').notNull(),
    industryGroup: text('industry_group'),
    investmentFundType: text('investment_fund_type'),
    is40Act: boolean('is_40_act'),
    isPooledFund: boolean('is_pooled_fund'),
    revenueRange: text('revenue_range'),
    aggregateNavRange: text('aggregate_nav_range'),
    /** [{code, label}] in filing order: `06b` -> `506(b)`. */
    exemptions: jsonb('exemptions').notNull(),
    /** The labels alone, for the `exemption` filter (jsonb containment). */
    exemptionLabels: jsonb('exemption_labels').notNull(),
    dateOfFirstSale: date('date_of_first_sale', { mode: 'string' }),
    firstSaleYetToOccur: boolean('first_sale_yet_to_occur'),
    moreThanOneYear: boolean('more_than_one_year'),
    securitiesTypes: jsonb('securities_types').notNull(),
    otherSecuritiesDescription: text('other_securities_description'),
    isBusinessCombination: boolean('is_business_combination'),
    minimumInvestment: doublePrecision('minimum_investment'),
    totalOfferingAmount: doublePrecision('total_offering_amount'),
    totalOfferingIndefinite: boolean('total_offering_indefinite').notNull(),
    totalAmountSold: doublePrecision('total_amount_sold'),
    totalRemaining: doublePrecision('total_remaining'),
    totalRemainingIndefinite: boolean('total_remaining_indefinite').notNull(),
    amountsClarification: text('amounts_clarification'),
    hasNonAccreditedInvestors: boolean('has_non_accredited_investors'),
    numberNonAccreditedInvestors: integer('number_non_accredited_investors'),
    totalNumberAlreadyInvested: integer('total_number_already_invested'),
    investorsClarification: text('investors_clarification'),
    salesCommissions: doublePrecision('sales_commissions'),
    salesCommissionsEstimate: boolean('sales_commissions_estimate'),
    findersFees: doublePrecision('finders_fees'),
    findersFeesEstimate: boolean('finders_fees_estimate'),
    feesClarification: text('fees_clarification'),
    grossProceedsUsed: doublePrecision('gross_proceeds_used'),
    grossProceedsUsedEstimate: boolean('gross_proceeds_used_estimate'),
    useOfProceedsClarification: text('use_of_proceeds_clarification'),
    /** [{name, first/middle/last, relationships, is_executive_officer, is_director, is_promoter, clarification, city, state_or_country}] */
    relatedPersons: jsonb('related_persons').notNull(),
    /** Sales-compensation recipients: name, CRD, associated broker-dealer, city, state, states of solicitation. */
    salesCompensation: jsonb('sales_compensation').notNull(),
    /** Co-issuers of `issuerList` (their own CIK, name, city/state, entity type, year of incorporation). */
    coIssuers: jsonb('co_issuers').notNull(),
    signatures: jsonb('signatures').notNull(),
    signatureDate: date('signature_date', { mode: 'string' }),
    sha256: text('sha256'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('private_offering_filings_cik').on(t.cik, t.filingDate),
    index('private_offering_filings_offering').on(t.offeringKey),
    index('private_offering_filings_accession').on(t.accessionNumber),
  ],
);

/** The directory row of a private company (a Form D primary issuer), from its newest filing. */
export const privateCompanies = pgTable(
  'private_companies',
  {
    cik: bigint('cik', { mode: 'number' }).primaryKey(),
    privateCompanyId: text('private_company_id').notNull().unique(),
    name: text('name').notNull(),
    city: text('city'),
    stateOrCountry: text('state_or_country'),
    stateOrCountryDescription: text('state_or_country_description'),
    country: text('country'),
    jurisdictionOfInc: text('jurisdiction_of_inc'),
    entityType: text('entity_type'),
    yearOfIncorporation: jsonb('year_of_incorporation'),
    previousNames: jsonb('previous_names').notNull(),
    industryGroup: text('industry_group'),
    investmentFundType: text('investment_fund_type'),
    isPooledFund: boolean('is_pooled_fund'),
    firstFilingDate: date('first_filing_date', { mode: 'string' }),
    latestFilingDate: date('latest_filing_date', { mode: 'string' }),
    latestFilingId: text('latest_filing_id').notNull(),
    filingsCount: integer('filings_count').notNull(),
    offeringsCount: integer('offerings_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('private_companies_name').on(t.name), index('private_companies_state').on(t.stateOrCountry)],
);

/**
 * Form D and D/A filings listed by EDGAR's daily and quarterly indexes (`form_d_index` dataset): the
 * `private_companies` job reads one partition per row.
 */
export const formDIndex = pgTable(
  'form_d_index',
  {
    accessionNumber: text('accession_number').primaryKey(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    form: text('form').notNull(),
    companyName: text('company_name'),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('form_d_index_date').on(t.filingDate)],
);

export type PrivateOfferingFilingInsert = typeof privateOfferingFilings.$inferInsert;
export type PrivateCompanyInsert = typeof privateCompanies.$inferInsert;
export type FormDIndexInsert = typeof formDIndex.$inferInsert;
