import { and, eq, type SQL, sql } from 'drizzle-orm';
import { EXEMPTION_LABELS } from '../../lib/form-d-exemptions.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import { companies } from '../../schema/companies.ts';
import { privateCompanies, privateOfferingFilings } from '../../schema/private-companies.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import { type FilingRow, foldOffering, OFFERING_EXAMPLE, OFFERING_SCHEMA } from './private-offerings.ts';

/** Private companies (`/v1/private-companies`, Fund): Form D issuers and their Regulation D offerings. */

const c = privateCompanies;
const f = privateOfferingFilings;
const FILING_ORDER = sql`coalesce(${f.filingDate}, ${f.signatureDate})`;

const HASHNOTE = {
  id: 'pvt_d1a7b2f50e6b0c3c1e9a',
  cik: '0001968399',
  name: 'Hashnote Stablecoin Fund LP',
  company_id: null,
  city: 'MIAMI BEACH',
  state_or_country: 'FL',
  state_or_country_description: 'FLORIDA',
  country: 'US',
  jurisdiction_of_inc: 'DELAWARE',
  entity_type: 'Limited Partnership',
  year_of_incorporation: { as_filed: 'Within Last Five Years', year: 2022 },
  industry_group: 'Pooled Investment Fund',
  investment_fund_type: 'Hedge Fund',
  is_pooled_fund: true,
  first_filed: '2023-03-13',
  last_filed: '2023-03-13',
  filings_count: 1,
  offerings_count: 1,
};
const nullable = (type: string, description?: string) => ({
  type: [type, 'null'],
  ...(description ? { description } : {}),
});
const COMPANY_PROPERTIES = {
  id: { type: 'string', description: 'Stable private-company id (pvt_), derived from the issuer CIK' },
  cik: { type: 'string', description: '10-digit CIK of the issuer' },
  name: { type: 'string', description: "The issuer's name on its newest Form D" },
  company_id: nullable(
    'string',
    'The registry company (cmp_) with the same CIK, when the issuer is (or became) a listed company',
  ),
  city: nullable('string'),
  state_or_country: nullable(
    'string',
    'EDGAR state or country code of the issuer address (US states as two letters; D0 Bermuda...)',
  ),
  state_or_country_description: nullable('string', 'As filed (schema X0708 on; null in older files)'),
  country: nullable(
    'string',
    'ISO 3166 country of the issuer address, when the code or its description says it',
  ),
  jurisdiction_of_inc: nullable('string', 'As filed (DELAWARE; EDGAR codes in schema X0301)'),
  entity_type: nullable('string', 'As filed: Corporation, Limited Partnership, Limited Liability Company...'),
  year_of_incorporation: {
    type: ['object', 'null'],
    description:
      '{as_filed: Within Last Five Years | Over Five Years Ago | Yet to Be Formed, year (only with Within Last Five Years)}',
  },
  industry_group: nullable(
    'string',
    'Form D industry group as filed (XSD spelling: REITS and Finance, Pooled Investment Fund...)',
  ),
  investment_fund_type: nullable(
    'string',
    'Hedge Fund, Private Equity Fund, Venture Capital Fund, Other Investment Fund (pooled funds only)',
  ),
  is_pooled_fund: nullable(
    'boolean',
    'The offering is of pooled investment fund interests (Item 9), whatever the industry group',
  ),
  first_filed: nullable(
    'string',
    'First Form D filing date (signature date for a document without a filing date)',
  ),
  last_filed: nullable('string', 'Newest Form D or D/A filing date'),
  filings_count: { type: 'integer', description: 'Form D and D/A filings loaded' },
  offerings_count: { type: 'integer', description: 'Distinct offerings (SEC file numbers) among them' },
};
const COMPANY_SCHEMA = { type: 'object', required: Object.keys(HASHNOTE), properties: COMPANY_PROPERTIES };

const companyRow = {
  id: c.privateCompanyId,
  cik: sql<string>`lpad(${c.cik}::text, 10, '0')`,
  name: c.name,
  company_id: companies.companyId,
  city: c.city,
  state_or_country: c.stateOrCountry,
  state_or_country_description: c.stateOrCountryDescription,
  country: c.country,
  jurisdiction_of_inc: c.jurisdictionOfInc,
  entity_type: c.entityType,
  year_of_incorporation: c.yearOfIncorporation,
  industry_group: c.industryGroup,
  investment_fund_type: c.investmentFundType,
  is_pooled_fund: c.isPooledFund,
  first_filed: sql<string | null>`${c.firstFilingDate}::text`,
  last_filed: sql<string | null>`${c.latestFilingDate}::text`,
  filings_count: c.filingsCount,
  offerings_count: c.offeringsCount,
};
const ORDER = [{ column: c.name }, { column: c.cik }];
const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** The registry company with the issuer's CIK (a private company that later lists resolves to it). */
const registryJoin = sql`${companies.cik} = lpad(${c.cik}::text, 10, '0')`;

/** A filing of the company matches every filing-level condition given (amounts, dates, exemption). */
function filingConditions(query: {
  min_offering_amount?: number;
  filed_gte?: string;
  filed_lte?: string;
  exemption?: string;
}): SQL | undefined {
  const conds: SQL[] = [];
  if (query.min_offering_amount !== undefined)
    conds.push(sql`${f.totalOfferingAmount} >= ${query.min_offering_amount}`);
  if (query.filed_gte) conds.push(sql`${FILING_ORDER} >= ${query.filed_gte}`);
  if (query.filed_lte) conds.push(sql`${FILING_ORDER} <= ${query.filed_lte}`);
  if (query.exemption) {
    conds.push(
      sql`exists (select 1 from jsonb_array_elements_text(${f.exemptionLabels}) e where e = ${query.exemption} or e like ${`${query.exemption}(%`})`,
    );
  }
  if (conds.length === 0) return undefined;
  return sql`exists (select 1 from ${f} where ${f.cik} = ${c.cik} and ${and(...conds)})`;
}

const FILTERS = [
  'q',
  'state',
  'country',
  'industry_group',
  'is_pooled_fund',
  'min_offering_amount',
  'filed_gte',
  'filed_lte',
  'exemption',
] as const;

export const listPrivateCompanies = defineRoute({
  path: '/v1/private-companies',
  summary: 'Private-company search (Form D issuers)',
  description:
    'Issuers of Regulation D offerings (SEC Form D and D/A), one row per issuer CIK, every filter given applied (at least one is required). The filing-level filters (`min_offering_amount`, `filed_gte`/`filed_lte`, `exemption`) match a company when one of its Form D filings meets all of them; an `Indefinite` offering amount states no number and is not matched by `min_offering_amount`. Ordered by name, then CIK.',
  tags: ['Private companies'],
  envelope: 'A',
  access: { dataset: 'private_companies' },
  query: {
    q: p.string({
      description: 'Part of the issuer name or of a previous name it filed (min 2 characters)',
      min: 2,
      max: 100,
      example: 'fund',
    }),
    state: p.string({
      description: 'State or EDGAR country code of the issuer address (FL, CA, D0...)',
      max: 2,
      examples: { 'by state': 'FL' },
    }),
    country: p.string({
      description: 'ISO 3166 two-letter country of the issuer address (US, BM, KY...)',
      min: 2,
      max: 2,
      examples: { 'by country': 'BM' },
    }),
    industry_group: p.string({
      description:
        'Form D industry group as filed, case-insensitive (Pooled Investment Fund, Pharmaceuticals, REITS and Finance...)',
      max: 80,
      examples: { 'by industry': 'Pharmaceuticals' },
    }),
    is_pooled_fund: p.boolean({
      description: 'Offers pooled investment fund interests',
      examples: { 'funds only': true },
    }),
    min_offering_amount: p.number({
      description: 'A Form D states a total offering amount of at least this many US dollars',
      min: 0,
      examples: { 'raises of $1M or more': 1_000_000 },
    }),
    filed_gte: p.date({
      description: 'A Form D or D/A filed on or after (inclusive)',
      examples: { since: '2023-01-01' },
    }),
    filed_lte: p.date({
      description: 'A Form D or D/A filed on or before (inclusive)',
      examples: { until: '2024-12-31' },
    }),
    exemption: p.oneOf(EXEMPTION_LABELS as [string, ...string[]], {
      description:
        'A claimed federal exemption or exclusion, as a readable rule: 506(b), 506(c), 504, 4(a)(5), 3(c)(1), 3(c)(7)...; a broader rule matches its sub-rules (506 matches 506(b) and 506(c), 3(c) every 3(c)(n))',
      examples: { 'general solicitation': '506(c)' },
    }),
  },
  validate: (q) =>
    FILTERS.some((k) => q[k] !== undefined)
      ? undefined
      : `At least one filter is required: ${FILTERS.join(', ')}`,
  page: { default: 50, max: 500 },
  cursorKey: (row: { name: string; cik: string }) => [row.name, Number(row.cik)],
  response: { schema: COMPANY_SCHEMA, example: HASHNOTE, description: 'Private-company rows' },
  handler: ({ db, query, page }) =>
    db
      .select(companyRow)
      .from(c)
      .leftJoin(companies, registryJoin)
      .where(
        and(
          query.q
            ? sql`(lower(${c.name}) like ${like(query.q)} or lower(${c.previousNames}::text) like ${like(query.q)})`
            : undefined,
          query.state ? eq(c.stateOrCountry, query.state.toUpperCase()) : undefined,
          query.country ? eq(c.country, query.country.toUpperCase()) : undefined,
          query.industry_group
            ? eq(sql`lower(${c.industryGroup})`, query.industry_group.toLowerCase())
            : undefined,
          query.is_pooled_fund !== undefined ? eq(c.isPooledFund, query.is_pooled_fund) : undefined,
          filingConditions(query),
          keysetAfter(ORDER, page.after),
        ),
      )
      .orderBy(...keysetOrder(ORDER))
      .limit(page.fetch),
});

const ID_FORMS = 'Pass a pvt_ id from /v1/private-companies or cik:<CIK>';

export const getPrivateCompany = defineRoute({
  path: '/v1/private-companies/:id',
  summary: 'Private-company profile with every offering',
  description:
    "The search row plus the issuer's address and previous names, and `offerings`: every Regulation D offering in order of its first filing, each with its filings (Form D and each D/A, with `accession_number` and `url`) and the offering as the latest filing states it: an amendment replaces the fields it restates and leaves the others as filed before. Amounts are US dollars as filed; `Indefinite` is kept as the string `Indefinite`, never a number. Related persons carry name, relationship flags (executive officer, director, promoter), the filer's clarification and city/state only.",
  tags: ['Private companies'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'private_companies' },
  pathParams: { id: p.string({ description: ID_FORMS, max: 30, example: 'cik:1968399' }) },
  response: {
    schema: {
      type: 'object',
      required: [...Object.keys(HASHNOTE), 'offerings'],
      properties: {
        ...COMPANY_PROPERTIES,
        address: {
          type: 'object',
          description:
            'Issuer address as on its newest filing: street1, street2, city, state_or_country, zip, phone',
        },
        previous_names: { type: 'array', items: { type: 'string' } },
        offerings: { type: 'array', items: OFFERING_SCHEMA },
      },
    },
    example: { ...HASHNOTE, offerings: [OFFERING_EXAMPLE] },
  },
  notFound: `No private company found. ${ID_FORMS}`,
  handler: async ({ db, path }) => {
    const id = String(path.id ?? '');
    const cik = /^cik:(\d{1,10})$/i.exec(id)?.[1];
    if (!cik && !/^pvt_[0-9a-f]{20}$/.test(id)) return null;
    const [row] = await db
      .select({ ...companyRow, previous_names: c.previousNames, latest: c.latestFilingId })
      .from(c)
      .leftJoin(companies, registryJoin)
      .where(cik ? eq(c.cik, Number(cik)) : eq(c.privateCompanyId, id))
      .limit(1);
    if (!row) return null;
    const filings = (await db
      .select()
      .from(f)
      .where(eq(f.cik, Number(row.cik)))
      .orderBy(sql`${FILING_ORDER} asc nulls last`, f.filingId)) as FilingRow[];
    const byOffering = new Map<string, FilingRow[]>();
    for (const x of filings) byOffering.set(x.offeringKey, [...(byOffering.get(x.offeringKey) ?? []), x]);
    const latest = filings.find((x) => x.filingId === row.latest);
    const issuer = (latest?.issuer ?? {}) as Record<string, unknown>;
    const { latest: _, ...rest } = row;
    return {
      ...rest,
      address: {
        street1: issuer.street1 ?? null,
        street2: issuer.street2 ?? null,
        city: issuer.city ?? null,
        state_or_country: issuer.state_or_country ?? null,
        zip: issuer.zip ?? null,
        phone: issuer.phone ?? null,
      },
      offerings: [...byOffering.values()].map((group) =>
        foldOffering(group, (x) =>
          x.accessionNumber
            ? `${filingFolderUrl(x.cik, x.accessionNumber)}${x.accessionNumber}-index.htm`
            : x.url,
        ),
      ),
    };
  },
});

export const privateCompanyRoutes = [asAnyRoute(listPrivateCompanies), asAnyRoute(getPrivateCompany)];
