import { companyIdForCik } from '../../lib/ids.ts';

/**
 * Response schemas and real example rows of the Form 20-F routes (api/routes/form-20f.ts). TSM's rows are
 * from its companyfacts (20-F 0001193125-25-083423); the holder row is Loncor Resources' FY2015 20-F
 * Item 7.A and notes (a 20-F without XBRL: note_tag null); the segment row comes from the instance reader on
 * Tesla's 2024 Q2 10-Q instance, because no IFRS 20-F instance is captured (the shape is the same for every
 * XBRL filing).
 */

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const TSM_ID = companyIdForCik('0001046179');
const LONCOR_ID = companyIdForCik('0001472619');

const head = (extra: Record<string, unknown>) => ({
  company_id: { type: 'string', pattern: '^cmp_' },
  id: { ...str, description: 'Row id: `<accession>-<n>`' },
  cik: { ...str, description: '10-digit zero-padded CIK' },
  accession: { ...str, description: 'Accession number of the 20-F or 20-F/A' },
  ...extra,
});

export const PROFILE_EXAMPLE = {
  company_id: TSM_ID,
  cik: '0001046179',
  ticker: 'TSM',
  name: 'TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD',
  country: null,
  market_cap: null,
  form: '20-F',
  accession: '0001193125-25-083423',
  filing_date: '2025-04-17',
  period_end: '2024-12-31',
  fiscal_year_end: '--12-31',
  registrant_name: 'Taiwan Semiconductor Manufacturing Co., Ltd.',
  incorporation: null,
  incorporation_country: null,
  accounting_standard: 'ifrs',
  accounting_standard_evidence: 'companyfacts taxonomies: dei, ifrs-full',
  reporting_currency: 'TWD',
  reporting_currency_evidence: 'companyfacts: the unit of most monetary facts',
  auditor: null,
  shares_outstanding: [{ class: 'common shares', shares: '25932733242', as_of: '2024-12-31' }],
  adr_ratio: null,
  filer_category: null,
  amendment: false,
  amendments: [],
  source: 'companyfacts',
  document_format: 'companyfacts',
  filings_on_record: 8,
};

export const PROFILE_SCHEMA = {
  type: 'object',
  required: Object.keys(PROFILE_EXAMPLE),
  properties: {
    company_id: { type: 'string', pattern: '^cmp_' },
    cik: nstr,
    ticker: { ...nstr, description: 'Primary ticker from the company registry' },
    name: { ...str, description: 'Company name from the company registry' },
    country: { ...nstr, description: 'ISO country code from the company registry' },
    market_cap: {
      ...nstr,
      description: 'Numeric string from the company registry; null until market data is loaded',
    },
    form: { ...str, enum: ['20-F', '20-F/A'] },
    accession: str,
    filing_date: { ...str, format: 'date' },
    period_end: { ...nstr, description: 'Fiscal year end the report covers (YYYY-MM-DD)' },
    fiscal_year_end: { ...nstr, description: 'Month and day of the fiscal year end, `--MM-DD`' },
    registrant_name: { ...nstr, description: 'As the cover page or dei:EntityRegistrantName states it' },
    incorporation: {
      ...nstr,
      description: 'Jurisdiction of incorporation as the cover states it (or its dei code)',
    },
    incorporation_country: {
      ...nstr,
      description:
        'ISO code of the jurisdiction of incorporation (a Canadian province gives CA); may differ from the registry country',
    },
    accounting_standard: {
      type: ['string', 'null'],
      enum: ['ifrs', 'us_gaap', 'other', null],
      description:
        'Basis of the financial statements: the cover-page box ticked, dei:DocumentAccountingStandard, or the taxonomy of the filed facts; null when none of them says',
    },
    accounting_standard_evidence: { ...nstr, description: 'Where accounting_standard was read' },
    reporting_currency: {
      ...nstr,
      description:
        'Currency of most undimensioned monetary facts (a USD convenience translation is outnumbered)',
    },
    reporting_currency_evidence: { ...nstr, description: 'Where reporting_currency was read' },
    auditor: { ...nstr, description: 'dei:AuditorName, or the firm Item 16C names' },
    shares_outstanding: {
      type: 'array',
      description: 'Per class, as the cover page or dei:EntityCommonStockSharesOutstanding states',
      items: { type: 'object', properties: { class: str, shares: str, as_of: nstr } },
    },
    adr_ratio: {
      ...nstr,
      description: 'As stated ("1 ADS = 5 common shares"); null when the document does not say',
    },
    filer_category: nstr,
    amendment: {
      type: 'boolean',
      description: 'True when the profile rests on a 20-F/A (its period has no original on record)',
    },
    amendments: {
      type: 'array',
      description:
        "The 20-F/A filings of the same period, newest first. The profile is the period's original 20-F; each field an amendment restates (states at all) is taken from the newest amendment that does, and named in its `amended_fields`; an amendment that only adds exhibits changes nothing else",
      items: {
        type: 'object',
        required: ['accession', 'filing_date', 'amended_fields'],
        properties: {
          accession: str,
          filing_date: { ...str, format: 'date' },
          amended_fields: {
            type: 'array',
            items: str,
            description: 'Profile fields served from this amendment',
          },
        },
      },
    },
    source: {
      ...str,
      enum: ['filing', 'companyfacts'],
      description: "filing: the 20-F's own documents; companyfacts: SEC's extract",
    },
    document_format: { ...str, description: 'inline_xbrl, xbrl, html, text, wrapped_text or companyfacts' },
    filings_on_record: { type: 'integer', description: "The company's 20-F and 20-F/A filings loaded" },
  },
};

export const NOTE_EXAMPLE = {
  company_id: LONCOR_ID,
  id: '0001062993-16-008650-9',
  cik: '0001472619',
  accession: '0001062993-16-008650',
  form: '20-F',
  filing_date: '2016-03-30',
  note_tag: null,
  note_title: '10. SEGMENTED REPORTING',
  text_chars: 660,
};

export const NOTE_SCHEMA = {
  type: 'object',
  required: Object.keys(NOTE_EXAMPLE),
  properties: head({
    form: { ...str, enum: ['20-F', '20-F/A'], description: 'The form of the filing the row comes from' },
    filing_date: { ...nstr, format: 'date', description: 'Filing date of the 20-F (from the filing index)' },
    note_tag: {
      ...nstr,
      description: 'The text block concept, e.g. ifrs-full:DisclosureOfSegmentsExplanatory',
    },
    note_title: { ...str, description: "The filer's label, or words from the concept name" },
    text_chars: { type: 'integer' },
    text: {
      ...str,
      description: 'Only with include_text=true: the note as paragraphs separated by newlines',
    },
  }),
};

export const SEGMENT_EXAMPLE = {
  company_id: companyIdForCik('0001318605'),
  id: 'tsla-20240630-51',
  cik: '0001318605',
  accession: 'not captured (tsla-20240630_htm.xml)',
  dimension: 'geographic',
  segment_path: 'CHINA',
  segment_name: 'CHINA',
  depth: 1,
  members: [{ axis: 'srt:StatementGeographicalAxis', member: 'country:CN' }],
  concept: 'us-gaap:Revenues',
  metric: 'revenue',
  value: '4636000000',
  unit: 'USD',
  decimals: '-6',
  period_start: '2024-04-01',
  period_end: '2024-06-30',
  fiscal_year: 2024,
};

export const SEGMENT_SCHEMA = {
  type: 'object',
  required: Object.keys(SEGMENT_EXAMPLE),
  properties: head({
    dimension: { ...str, enum: ['business', 'product', 'geographic'] },
    segment_path: { ...str, description: 'Member labels of every segment axis of the fact, joined by " > "' },
    segment_name: { ...str, description: 'The last member label of the path' },
    depth: { type: 'integer', description: 'Number of segment axes on the fact (2: business x geography)' },
    members: { type: 'array', items: { type: 'object', properties: { axis: str, member: str } } },
    concept: { ...str, description: 'The reported concept, as filed' },
    metric: {
      ...str,
      description: 'revenue, cost_of_revenue, gross_profit, operating_income, net_income, assets or other',
    },
    value: { ...str, description: 'Numeric string, as reported (scale applied, sign as filed)' },
    unit: str,
    decimals: nstr,
    period_start: { ...nstr, description: 'null for an instant (a balance)' },
    period_end: { ...str, format: 'date' },
    fiscal_year: { type: 'integer', description: 'Calendar year of period_end' },
  }),
};

export const OWNERSHIP_EXAMPLE = {
  company_id: LONCOR_ID,
  id: '0001062993-16-008650-0',
  cik: '0001472619',
  accession: '0001062993-16-008650',
  form: '20-F',
  filing_date: '2016-03-30',
  holder_name: 'Arnold T. Kondrat',
  shares: '74300818',
  ownership_pct: '49.1',
  voting_pct: null,
  row_text: 'Arnold T. Kondrat (2) | 74,300,818 | 49.1%',
};

export const OWNERSHIP_SCHEMA = {
  type: 'object',
  required: Object.keys(OWNERSHIP_EXAMPLE),
  properties: head({
    form: { ...str, enum: ['20-F', '20-F/A'], description: 'The form of the filing the row comes from' },
    filing_date: { ...str, format: 'date' },
    holder_name: { ...str, description: 'As the Item 7.A table names the holder (footnote marks removed)' },
    shares: { ...nstr, description: 'Shares held, numeric string' },
    ownership_pct: { ...nstr, description: 'Percent of the class outstanding, 0-100' },
    voting_pct: { ...nstr, description: 'Percent of voting power, where the table gives it apart' },
    row_text: { ...str, description: 'The table row as filed (cells joined by " | ")' },
  }),
};

export const FACT_EXAMPLE = {
  company_id: TSM_ID,
  id: '0001193125-25-083423-512',
  cik: '0001046179',
  accession: '0001193125-25-083423',
  taxonomy: 'ifrs-full',
  tag: 'Revenue',
  value: '2894307700000',
  unit: 'TWD',
  decimals: null,
  period_start: '2024-01-01',
  period_end: '2024-12-31',
  instant: false,
  dimensions: {},
  source: 'companyfacts',
};

export const FACT_SCHEMA = {
  type: 'object',
  required: Object.keys(FACT_EXAMPLE),
  properties: head({
    taxonomy: { ...str, description: 'ifrs-full, us-gaap, dei, srt or the filer prefix' },
    tag: { ...str, description: 'Concept local name' },
    value: { ...str, description: 'As filed: a number as a string (inline scale applied), or text' },
    unit: { ...nstr, description: 'TWD, USD, shares, TWD/shares ...; null for text facts' },
    decimals: {
      ...nstr,
      description: 'As filed (-6 = rounded to millions, INF = exact); null from companyfacts, which omits it',
    },
    period_start: { ...nstr, description: 'null for an instant' },
    period_end: { ...str, format: 'date' },
    instant: { type: 'boolean' },
    dimensions: { type: 'object', description: 'axis -> member of the fact context; {} when undimensioned' },
    source: { ...str, enum: ['instance', 'companyfacts'] },
  }),
};
