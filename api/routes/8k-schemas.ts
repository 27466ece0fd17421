/** Response schemas and real examples of the 8-K event routes (Apple's 8-K of 2000-01-19, in the demo). */
const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const exhibit = {
  type: 'object',
  required: ['number', 'description', 'url'],
  properties: { number: str, description: nstr, url: str },
};

export const EVENT_EXAMPLE = {
  event_id: '0000912057-00-002128:5',
  company_id: 'cmp_256ba6d445efa9b724e6',
  company_name: 'Apple Inc.',
  ticker: 'AAPL',
  cik: '0000320193',
  accession_number: '0000912057-00-002128',
  form: '8-K',
  filing_date: '2000-01-24',
  report_date: '2000-01-19',
  item: '8.01',
  item_as_filed: '5',
  item_name: 'Other Events',
  family: 'other',
  excerpt: 'Item 5. OTHER EVENTS. (i) Reference is made to the press release …',
  details: null,
  filing_url: 'https://www.sec.gov/Archives/edgar/data/320193/000091205700002128/0000912057-00-002128.txt',
  exhibits: [
    {
      number: '99.1',
      description: 'EXHIBIT 99.1',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000091205700002128/0000912057-00-002128.txt',
    },
  ],
};

export const EVENT_SCHEMA = {
  type: 'object',
  required: Object.keys(EVENT_EXAMPLE),
  properties: {
    event_id: { type: 'string', description: '<accession>:<item as filed>, unique' },
    company_id: nstr,
    company_name: nstr,
    ticker: nstr,
    cik: str,
    accession_number: str,
    form: { type: 'string', description: '8-K or 8-K/A (as filed, e.g. 8-K405 maps to 8-K)' },
    filing_date: { type: 'string', format: 'date' },
    report_date: {
      type: ['string', 'null'],
      format: 'date',
      description: 'Date of the earliest event reported',
    },
    item: { type: 'string', description: 'Current item number (pre-2004 numbers mapped)' },
    item_as_filed: {
      type: 'string',
      description: 'The item number the filing used (1-12 before 2004-08-23)',
    },
    item_name: str,
    family: { enum: ['results', 'leadership', 'deals', 'financing', 'governance', 'other'] },
    excerpt: { type: 'string', description: 'The item text’s opening words (up to 600 characters)' },
    details: {
      type: ['object', 'null'],
      description:
        '2.02: {press_release: exhibit or null}; 5.02: {officer_changes: [{person, role, change: appointed|departed|compensation}]}; null otherwise',
    },
    filing_url: { type: 'string', description: 'The primary document (or full submission) read' },
    exhibits: { type: 'array', items: exhibit, description: 'The filing’s exhibits' },
  },
};

export const EXHIBIT_EXAMPLE = {
  accession_number: '0000912057-00-002128',
  form: '8-K',
  filing_date: '2000-01-24',
  number: '99.1',
  description: 'EXHIBIT 99.1',
  url: 'https://www.sec.gov/Archives/edgar/data/320193/000091205700002128/0000912057-00-002128.txt',
  text_chars: 1962,
  items: ['8.01', '9.01'],
};

export const EXHIBIT_SCHEMA = {
  type: 'object',
  required: Object.keys(EXHIBIT_EXAMPLE),
  properties: {
    accession_number: str,
    form: str,
    filing_date: { type: 'string', format: 'date' },
    number: str,
    description: nstr,
    url: str,
    text_chars: {
      type: ['integer', 'null'],
      description:
        'Length of the stored exhibit text (GET /v1/filings/items with include_exhibit_text); null when not stored',
    },
    items: { type: 'array', items: str, description: 'The filing’s items, current numbers' },
  },
};

export const FAMILY_SCHEMA = {
  type: 'object',
  required: ['family', 'description', 'items'],
  properties: {
    family: str,
    description: str,
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['item', 'name', 'pre_2004'],
        properties: { item: str, name: str, pre_2004: { type: 'array', items: str } },
      },
    },
  },
};

export const FAMILY_EXAMPLE = {
  family: 'results',
  description: 'Earnings releases, impairments and exit costs',
  items: [
    { item: '2.02', name: 'Results of Operations and Financial Condition', pre_2004: ['12'] },
    { item: '2.05', name: 'Costs Associated with Exit or Disposal Activities', pre_2004: [] },
    { item: '2.06', name: 'Material Impairments', pre_2004: [] },
  ],
};
