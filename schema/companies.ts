import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Company registry (spec 2.2). One row per company, keyed by a deterministic `cmp_` id. */
export const companies = pgTable(
  'companies',
  {
    companyId: text('company_id').primaryKey(),
    companyName: text('company_name').notNull(),
    country: text('country'),
    cik: text('cik'),
    primaryTicker: text('primary_ticker'),
    primaryExchange: text('primary_exchange'),
    sector: text('sector'),
    industry: text('industry'),
    website: text('website'),
    marketCap: numeric('market_cap'),
    marketCapCurrency: text('market_cap_currency'),
    currency: text('currency'),
    nListings: integer('n_listings').notNull().default(0),
    sicCode: text('sic_code'),
    sicDescription: text('sic_description'),
    entityType: text('entity_type'),
    stateOfIncorporation: text('state_of_incorporation'),
    fiscalYearEnd: text('fiscal_year_end'),
    location: text('location'),
    category: text('category'),
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('companies_cik').on(t.cik),
    index('companies_ticker').on(t.primaryTicker),
    // GET /v1/companies' order (name, then id): a page, first or a cursor deep, is read off an index and
    // costs the same wherever it starts (docs/scale.md); `country=` pages off the second, whose expression
    // also gives the planner that filter's real selectivity
    index('companies_name_id').on(t.companyName, t.companyId),
    index('companies_country_name').on(sql`upper(${t.country})`, t.companyName, t.companyId),
  ],
);

export const companyIdentifiers = pgTable(
  'company_identifiers',
  {
    companyId: text('company_id').notNull(),
    idType: text('id_type').notNull(),
    idValue: text('id_value').notNull(),
    source: text('source').notNull(),
    confidence: text('confidence').notNull(),
    isCurrent: integer('is_current').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.idType, t.idValue] }),
    index('company_identifiers_value').on(t.idType, t.idValue),
  ],
);

export const companyListings = pgTable(
  'company_listings',
  {
    companyId: text('company_id').notNull(),
    symbol: text('symbol').notNull(),
    exchange: text('exchange').notNull(),
    market: text('market'),
    status: text('status').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.symbol, t.exchange] }),
    index('company_listings_symbol').on(t.symbol),
  ],
);

export const companyEvents = pgTable(
  'company_events',
  {
    companyId: text('company_id').notNull(),
    eventType: text('event_type').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    symbol: text('symbol'),
    ratio: text('ratio'),
    counterpartCompanyId: text('counterpart_company_id'),
    counterpartName: text('counterpart_name'),
    detail: text('detail').notNull().default(''),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.eventType, t.eventDate, t.detail] })],
);

export type CompanyInsert = typeof companies.$inferInsert;
export type CompanyIdentifierInsert = typeof companyIdentifiers.$inferInsert;
export type CompanyListingInsert = typeof companyListings.$inferInsert;
export type CompanyEventInsert = typeof companyEvents.$inferInsert;

/**
 * Names a company goes by that its own filings give, beyond its legal and former names: the subsidiaries its 10-K's
 * Exhibit 21 lists (`kind` 'subsidiary') and the brands its 10-K document states (`kind` 'brand'). One row per company,
 * kind, source filing and name as written; the news linker reads the rows no newer filing of the same company and kind
 * has superseded (`superseded_by` null). A name two
 * companies claim stays in both rows: the linker holds it ambiguous.
 */
export const companyAliases = pgTable(
  'company_aliases',
  {
    companyId: text('company_id').notNull(),
    kind: text('kind').notNull(),
    accessionNumber: text('accession_number').notNull(),
    /** The name as the document writes it ("Kidder, Peabody Group Inc."). */
    alias: text('alias').notNull(),
    /** The linker's key for it (parsers/news/link.ts `aliasKey`): where two companies' names meet. */
    aliasKey: text('alias_key').notNull(),
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    /** The document the name was read from (the exhibit's URL; the `.txt` for a pre-2001 submission). */
    sourceUrl: text('source_url').notNull(),
    /** The accession of the company's newer exhibit that replaced this one's list; null while current. */
    supersededBy: text('superseded_by'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.accessionNumber, t.alias] }),
    index('company_aliases_key').on(t.aliasKey),
    index('company_aliases_accession').on(t.accessionNumber),
  ],
);

export type CompanyAliasInsert = typeof companyAliases.$inferInsert;
