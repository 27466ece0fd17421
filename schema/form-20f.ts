import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Form 20-F content (spec 2.9 / 4.7). One profile row per 20-F or 20-F/A, and per filing its notes index,
 * as-reported segment facts, Item 7.A major shareholders and raw XBRL facts. A filing's rows are replaced
 * as a whole when it is parsed again. `source` says where a filing's rows came from: `filing` (its own
 * documents: primary document and XBRL instance) or `companyfacts` (SEC's companyfacts JSON, which has
 * the filing's undimensioned facts but no text blocks, contexts or decimals); a filing's own documents win.
 */
export const form20fFilings = pgTable(
  'form_20f_filings',
  {
    accession: text('accession').primaryKey(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    form: text('form').notNull(), // 20-F | 20-F/A
    source: text('source').notNull(), // filing | companyfacts
    filingDate: date('filing_date', { mode: 'string' }).notNull(),
    /** Period of report: the fiscal year end the annual report covers. */
    periodEnd: date('period_end', { mode: 'string' }),
    /** `--12-31` style month-day of the fiscal year end. */
    fiscalYearEnd: text('fiscal_year_end'),
    registrantName: text('registrant_name'),
    /** As the cover page writes it ("Ontario", "The Netherlands") or the dei code. */
    incorporation: text('incorporation'),
    incorporationCountry: text('incorporation_country'),
    accountingStandard: text('accounting_standard'), // ifrs | us_gaap | other
    /** Evidence for the accounting standard: the cover-page box ticked, the dei fact, or the taxonomy. */
    accountingStandardEvidence: text('accounting_standard_evidence'),
    reportingCurrency: text('reporting_currency'),
    reportingCurrencyEvidence: text('reporting_currency_evidence'),
    auditor: text('auditor'),
    /** [{class, shares, as_of}] from the cover page or dei:EntityCommonStockSharesOutstanding. */
    sharesOutstanding: jsonb('shares_outstanding').notNull().default([]),
    /** "1 ADS = 5 common shares", as stated. */
    adrRatio: text('adr_ratio'),
    filerCategory: text('filer_category'),
    amendment: boolean('amendment').notNull().default(false),
    /** inline_xbrl | xbrl | html | text | wrapped_text | companyfacts */
    documentFormat: text('document_format').notNull(),
    itemsFound: jsonb('items_found').notNull().default([]),
    warnings: jsonb('warnings').notNull().default([]),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_20f_filings_cik').on(t.cik, t.filingDate)],
);

export const form20fNotes = pgTable(
  'form_20f_notes',
  {
    accession: text('accession').notNull(),
    seq: integer('seq').notNull(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    /** `ifrs-full:DisclosureOfSegmentsExplanatory`; null for a note read from the document's headings. */
    noteTag: text('note_tag'),
    noteTitle: text('note_title').notNull(),
    text: text('text').notNull(),
    textChars: integer('text_chars').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accession, t.seq] }), index('form_20f_notes_cik').on(t.cik)],
);

export const form20fSegments = pgTable(
  'form_20f_segments',
  {
    accession: text('accession').notNull(),
    seq: integer('seq').notNull(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    dimension: text('dimension').notNull(), // business | product | geographic
    segmentPath: text('segment_path').notNull(),
    segmentName: text('segment_name').notNull(),
    depth: integer('depth').notNull(),
    /** [{axis, member}] as filed. */
    members: jsonb('members').notNull(),
    concept: text('concept').notNull(),
    metricKind: text('metric_kind').notNull(),
    value: numeric('value').notNull(),
    unit: text('unit').notNull(),
    decimals: text('decimals'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accession, t.seq] }),
    index('form_20f_segments_cik').on(t.cik, t.fiscalYear),
  ],
);

export const form20fOwnership = pgTable(
  'form_20f_ownership',
  {
    accession: text('accession').notNull(),
    seq: integer('seq').notNull(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    holderName: text('holder_name').notNull(),
    shares: numeric('shares'),
    ownershipPct: numeric('ownership_pct'),
    votingPct: numeric('voting_pct'),
    /** The table's header and row as filed, for checking. */
    rowText: text('row_text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accession, t.seq] }), index('form_20f_ownership_cik').on(t.cik)],
);

export const form20fFacts = pgTable(
  'form_20f_facts',
  {
    accession: text('accession').notNull(),
    seq: integer('seq').notNull(),
    cik: bigint('cik', { mode: 'number' }).notNull(),
    taxonomy: text('taxonomy').notNull(),
    tag: text('tag').notNull(),
    /** The value as a string: numbers as filed (scale applied for inline XBRL), text as filed. */
    value: text('value').notNull(),
    unit: text('unit'),
    decimals: text('decimals'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    instant: boolean('instant').notNull(),
    /** {axis: member} of the fact's context; {} when undimensioned. */
    dimensions: jsonb('dimensions').notNull().default({}),
    source: text('source').notNull(), // instance | companyfacts
  },
  (t) => [
    primaryKey({ columns: [t.accession, t.seq] }),
    index('form_20f_facts_tag').on(t.cik, t.tag),
    index('form_20f_facts_period').on(t.cik, t.periodEnd),
  ],
);

export type Form20fFilingInsert = typeof form20fFilings.$inferInsert;
export type Form20fNoteInsert = typeof form20fNotes.$inferInsert;
export type Form20fSegmentInsert = typeof form20fSegments.$inferInsert;
export type Form20fOwnershipInsert = typeof form20fOwnership.$inferInsert;
export type Form20fFactInsert = typeof form20fFacts.$inferInsert;
