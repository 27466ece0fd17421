import { ApiError } from '../platform/errors.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { COMPANY_FACTS_EXAMPLE } from './financials-examples.ts';
import { companyQuery, requireCompany, statementCompany } from './statement-query.ts';

/**
 * Company facts (spec 4.3): the 13 issuer fields of spec 2.5 from SEC submissions JSON, Free, 1 credit,
 * envelope B; a company with no US filing presence is a 404. The ticker and CIK lists are free discovery.
 */

const FIELDS = Object.keys(COMPANY_FACTS_EXAMPLE);
const FACTS_SCHEMA = {
  type: 'object',
  required: FIELDS,
  properties: Object.fromEntries(
    FIELDS.map((f) => [
      f,
      f === 'is_active'
        ? { type: 'boolean', description: 'The company has at least one listed ticker on EDGAR' }
        : {
            type: 'string',
            description: f === 'cik' ? '10-digit zero-padded' : "'' when the source has none",
          },
    ]),
  ),
};

const NO_PRESENCE = 'No US filing presence: SEC has no filings for this company';
const notLoaded = (cik: number) =>
  `Company facts not loaded for CIK ${String(cik).padStart(10, '0')}: the company is in the registry, but its SEC submissions have not been loaded (yet)`;

export const companyFactsRoute = defineRoute({
  path: '/v1/company/facts',
  summary: 'Company facts',
  description:
    'The 13 issuer fields for one company. 404 when the company has no US filing presence, or (another message) when the registry knows the company but its SEC submissions are not loaded.',
  tags: ['Company facts'],
  envelope: 'B',
  access: { dataset: 'company_facts' },
  query: { ...companyQuery, ticker: { ...companyQuery.ticker, example: 'AAPL' } },
  validate: requireCompany,
  response: {
    schema: { type: 'object', required: ['company_facts'], properties: { company_facts: FACTS_SCHEMA } },
    example: { company_facts: COMPANY_FACTS_EXAMPLE },
  },
  notFound: NO_PRESENCE,
  handler: async ({ database, query }) => {
    const company = await statementCompany(database, query);
    const [row] = await database.query<{ facts: Record<string, unknown> }>(
      'select facts from company_facts where cik = $1',
      [String(company.cik).padStart(10, '0')],
    );
    if (!row) {
      // A company the registry knows (by CIK) is an SEC filer whose submissions are not loaded yet.
      const [known] = await database.query<{ cik: string }>(
        'select cik from companies where cik = $1 limit 1',
        [String(company.cik).padStart(10, '0')],
      );
      throw new ApiError(404, known ? notLoaded(company.cik) : NO_PRESENCE);
    }
    return { company_facts: Object.fromEntries(FIELDS.map((f) => [f, row.facts[f] ?? ''])) };
  },
});

export const companyFactsTickers = defineRoute({
  path: '/v1/company/facts/tickers',
  summary: 'Tickers with company facts',
  description: 'Free discovery list (no credit, not rate limited), sorted.',
  tags: ['Company facts'],
  envelope: 'B',
  access: { dataset: 'company_facts', creditCost: 0 },
  response: {
    schema: {
      type: 'object',
      required: ['resource', 'tickers'],
      properties: { resource: { type: 'string' }, tickers: { type: 'array', items: { type: 'string' } } },
    },
    example: { resource: 'company_facts', tickers: ['AAPL', 'FNMA'] },
  },
  handler: async ({ database }) => {
    const rows = await database.query<{ t: string }>(
      `select distinct facts->>'ticker' as t from company_facts where facts->>'ticker' <> '' order by 1`,
    );
    return { resource: 'company_facts', tickers: rows.map((r) => r.t) };
  },
});

export const companyFactsCiks = defineRoute({
  path: '/v1/company/facts/ciks',
  summary: 'CIKs with company facts',
  description: 'Free discovery list (no credit, not rate limited), 10-digit zero-padded, sorted.',
  tags: ['Company facts'],
  envelope: 'B',
  access: { dataset: 'company_facts', creditCost: 0 },
  response: {
    schema: {
      type: 'object',
      required: ['resource', 'ciks'],
      properties: {
        resource: { type: 'string' },
        ciks: { type: 'array', items: { type: 'string', pattern: '^\\d{10}$' } },
      },
    },
    example: { resource: 'company_facts', ciks: ['0000310522', '0000320193'] },
  },
  handler: async ({ database }) => {
    const rows = await database.query<{ cik: string }>('select cik from company_facts order by cik');
    return { resource: 'company_facts', ciks: rows.map((r) => r.cik) };
  },
});

export const companyFactsRoutes = [
  asAnyRoute(companyFactsRoute),
  asAnyRoute(companyFactsTickers),
  asAnyRoute(companyFactsCiks),
];
