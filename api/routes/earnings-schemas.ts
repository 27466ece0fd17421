/** Response schemas and real examples of the earnings routes (Adobe's Q1 fiscal 2023 release, 8-K of 2023-03-15). */
import { GUIDANCE_STATUSES } from '../../parsers/earnings/release-guidance.ts';

const str = { type: 'string' };
const nstr = { type: ['string', 'null'] };
const nnum = { type: ['number', 'null'] };
const nint = { type: ['integer', 'null'] };
const evidence = {
  type: 'object',
  required: ['kind', 'text', 'start', 'end', 'table'],
  description:
    'Where the value was read: the table row (cells joined by " | ") or the sentence, with character offsets into the exhibit text as the parser reads it (etl parse earnings-release prints it)',
  properties: {
    kind: { enum: ['table_row', 'sentence'] },
    text: str,
    start: { type: 'integer' },
    end: { type: 'integer' },
    table: { ...nstr, description: 'The table’s title and caption lines, for a table row' },
  },
};

const ACC = '0000796343-23-000044';
const EXHIBIT = 'https://www.sec.gov/Archives/edgar/data/796343/000079634323000044/0000796343-23-000044.txt';
const release = {
  cik: '0000796343',
  accession_number: ACC,
  form: '8-K',
  filing_date: '2023-03-15',
  announced_at: '2023-03-15T20:05:08.000Z',
  exhibit_url: EXHIBIT,
};

export const FIGURE_EXAMPLE = {
  metric: 'eps_diluted',
  label: 'Non-GAAP diluted net income per share',
  basis: 'non_gaap',
  value: 3.8,
  unit: 'currency_per_share',
  scale: 'units',
  as_printed: '$3.80',
  scale_evidence: 'per-share figures are never scaled',
  evidence: {
    kind: 'table_row',
    text: 'Non-GAAP diluted net income per share | $3.80 | $3.37 | $3.60',
    start: 21_807,
    end: 21_869,
    table: 'Non-GAAP Results',
  },
  reconciled: null,
};

export const EARNINGS_EXAMPLE = {
  ...release,
  fiscal_year: 2023,
  fiscal_period: 'Q1',
  period_end: '2023-03-03',
  fiscal_year_source: 'stated',
  currency: 'USD',
  figures: [FIGURE_EXAMPLE],
};

export const EARNINGS_SCHEMA = {
  type: 'object',
  required: Object.keys(EARNINGS_EXAMPLE),
  properties: {
    cik: str,
    accession_number: str,
    form: str,
    filing_date: { type: 'string', format: 'date' },
    announced_at: { ...nstr, description: 'The 8-K’s EDGAR acceptance time (UTC)' },
    exhibit_url: { ...nstr, description: 'The document the release was read from' },
    fiscal_year: {
      ...nint,
      description:
        'The fiscal year the release names (fiscal_year_source says whether it was stated or inferred)',
    },
    fiscal_period: { enum: ['Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', 'FY'] },
    period_end: { ...nstr, description: 'The period’s end as the release words it' },
    fiscal_year_source: { enum: ['stated', 'inferred', null] },
    currency: nstr,
    figures: {
      type: 'array',
      items: {
        type: 'object',
        required: Object.keys(FIGURE_EXAMPLE),
        properties: {
          metric: {
            enum: [
              'revenue',
              'gross_profit',
              'operating_income',
              'net_income',
              'eps_basic',
              'eps_diluted',
              'eps',
              'ebitda',
              'free_cash_flow',
              'net_interest_income',
              'ffo_per_share',
              'affo_per_share',
              'eps_per_ads',
              'provision_for_credit_losses',
            ],
            description:
              '`eps`: per share, basic or diluted not stated; `net_interest_income`: a bank’s (non_gaap when tax-equivalent); `provision_for_credit_losses`: a lender’s provision for credit (loan) losses, the period’s expense; `ffo_per_share` / `affo_per_share`: a REIT’s Nareit FFO and adjusted FFO per (diluted) share or unit, always non_gaap; `eps_per_ads`: income per ADS (never per share: the ADS ratio is the `shares_per_ads` measure)',
          },
          label: { type: 'string', description: 'The row label or words as printed' },
          basis: { enum: ['gaap', 'non_gaap', 'unspecified'] },
          value: { type: 'number', description: 'Full units (currency), or currency per share' },
          unit: { enum: ['currency', 'currency_per_share', 'currency_per_ads'] },
          scale: {
            enum: ['units', 'thousands', 'lakhs', 'millions', 'crores', 'billions', 'trillions'],
            description:
              'The scale as printed; `value` is always in full units, `scale_evidence` quotes the words that state the scale (`lakhs`: the Indian lakh, 100,000, and `crores`: the Indian crore, 10,000,000, each only from a caption or word that names it, never inferred; `trillions`: "1.46 trillion won")',
          },
          as_printed: str,
          scale_evidence: str,
          evidence,
          reconciled: {
            type: ['object', 'null'],
            description: 'GAAP figures against the XBRL financials of the same period, when those are loaded',
            properties: { xbrl_value: nnum, agrees: { type: 'boolean' }, accession_number: nstr },
          },
        },
      },
    },
  },
};

export const MEASURE_EXAMPLE = {
  ...release,
  fiscal_year: 2023,
  fiscal_period: 'Q1',
  period: 'quarter',
  name: 'ARR',
  measure: 'arr',
  value: 410_000_000,
  unit: 'currency',
  currency: 'USD',
  scale: 'millions',
  as_printed: '$410 million',
  evidence: {
    kind: 'sentence',
    text: 'Digital Media segment revenue was $3.41 billion …',
    start: 5_000,
    end: 5_200,
    table: null,
  },
};

export const MEASURE_SCHEMA = {
  type: 'object',
  required: Object.keys(MEASURE_EXAMPLE),
  properties: {
    ...EARNINGS_SCHEMA.properties,
    period: { enum: ['quarter', 'ytd', 'year', 'point_in_time'] },
    name: { type: 'string', description: 'The measure’s name as printed' },
    measure: {
      ...nstr,
      description:
        'Normalized measure (comparable_sales, net_interest_margin, assets_under_management, arr, units_sold, shares_per_ads, ...) where one fits',
    },
    value: { type: 'number' },
    unit: {
      enum: ['percent', 'currency', 'count', 'currency_per_share', 'currency_hundredths_per_unit'],
      description:
        'currency_hundredths_per_unit: the currency per operating unit in hundredths, as airlines print it (11.85 = 11.85 cents per available seat mile)',
    },
    currency: nstr,
    scale: str,
    as_printed: str,
    evidence,
  },
};

export const GUIDANCE_EXAMPLE = {
  ...release,
  issued_at: '2023-03-15T20:05:08.000Z',
  metric: 'eps_diluted',
  label: 'Earnings per share',
  basis: 'non_gaap',
  target_fiscal_year: 2023,
  target_fiscal_period: 'FY',
  low: 15.3,
  high: 15.6,
  point: null,
  text_value: null,
  relative: false,
  unit: 'currency_per_share',
  currency: 'USD',
  scale: 'units',
  as_printed: 'Non-GAAP: $15.30 to $15.60',
  status: 'raised',
  evidence: {
    kind: 'table_row',
    text: 'Earnings per share1 | GAAP: $10.85 to $11.15 | Non-GAAP: $15.30 to $15.60',
    start: 3046,
    end: 3119,
    table: null,
  },
};

export const GUIDANCE_SCHEMA = {
  type: 'object',
  required: Object.keys(GUIDANCE_EXAMPLE),
  properties: {
    cik: str,
    accession_number: str,
    form: str,
    filing_date: { type: 'string', format: 'date' },
    announced_at: nstr,
    exhibit_url: nstr,
    issued_at: { ...nstr, description: 'When the statement was made: the 8-K’s acceptance time' },
    metric: {
      type: 'string',
      description:
        'Normalized: revenue, eps_diluted, eps_per_ads, ffo_per_share, affo_per_share (non-GAAP), operating_margin, capex, tax_rate, ...; `all` for a withdrawal of the whole guidance of a target period',
    },
    label: { type: 'string', description: 'The metric as printed' },
    basis: { enum: ['gaap', 'non_gaap', 'unspecified'] },
    target_fiscal_year: nint,
    target_fiscal_period: { enum: ['Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', 'FY', null] },
    low: {
      ...nnum,
      description:
        'The range\'s low end; a low with a null high is a floor ("at least $30 million", "in excess of EUR 90 million")',
    },
    high: {
      ...nnum,
      description:
        'The range\'s high end; a high with a null low is a ceiling ("up to", "not to exceed", "no more than")',
    },
    point: {
      ...nnum,
      description: 'A single value ("approximately $27.5 million"); null for a range, floor or ceiling',
    },
    text_value: {
      ...nstr,
      description: 'A qualitative target kept as words ("low single digits"), with no number',
    },
    relative: { type: 'boolean', description: 'A change against a prior period, not a level' },
    unit: {
      enum: ['currency', 'currency_per_share', 'currency_per_ads', 'percent', 'count', 'text'],
      description: '`currency_per_ads`: per American depositary share (eps_per_ads), never per share',
    },
    currency: nstr,
    scale: str,
    as_printed: str,
    status: {
      enum: [...GUIDANCE_STATUSES, null],
      description:
        'As worded by the release; null when it says none. `narrowed` / `widened`: the range was tightened / widened ("narrows its guidance range"); `updated`: revised without a direction word ("updates", "revises"); `withdrawn` rows (metric `all` when the release names no metric) carry no number',
    },
    evidence,
  },
};

const range = {
  type: 'object',
  properties: {
    low: nnum,
    high: nnum,
    point: nnum,
    text_value: nstr,
    accession_number: str,
    issued_at: nstr,
  },
};

export const CHANGE_EXAMPLE = {
  metric: 'eps_diluted',
  basis: 'non_gaap',
  target_fiscal_year: 2023,
  target_fiscal_period: 'FY',
  unit: 'currency_per_share',
  issued_at: '2023-03-15T20:05:08.000Z',
  accession_number: ACC,
  previous: null,
  current: {
    low: 15.3,
    high: 15.6,
    point: null,
    text_value: null,
    accession_number: ACC,
    issued_at: '2023-03-15T20:05:08.000Z',
  },
  change: 'initiated',
  worded_status: 'raised',
  disagrees: true,
};

export const CHANGE_SCHEMA = {
  type: 'object',
  required: Object.keys(CHANGE_EXAMPLE),
  properties: {
    metric: str,
    basis: str,
    target_fiscal_year: nint,
    target_fiscal_period: nstr,
    unit: str,
    issued_at: nstr,
    accession_number: str,
    previous: {
      ...range,
      type: ['object', 'null'],
      description:
        'The company’s previous statement for the same metric, basis and target period; null when none is loaded',
    },
    current: range,
    change: {
      enum: ['raised', 'lowered', 'maintained', 'initiated', 'withdrawn', 'narrowed', 'widened', 'changed'],
      description:
        'Computed from the numbers (midpoints; equal midpoints: narrowed / widened by width); `initiated` without a previous statement, `changed` when the two cannot be compared (text against numbers)',
    },
    worded_status: {
      enum: [...GUIDANCE_STATUSES, null],
      description:
        'The release’s own word (the `status` of /guidance); `reaffirmed` agrees with maintained or narrowed, `narrowed` / `widened` also with raised / lowered when the range got tighter / wider, `updated` with any move',
    },
    disagrees: { type: 'boolean', description: 'The worded status says otherwise than the numbers' },
  },
};
