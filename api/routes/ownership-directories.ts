import { and, eq, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AdvFeedFirm } from '../../parsers/advisers/adv-feed.ts';
import { advisers, investors } from '../../schema/ownership-directories.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';

/** Adviser directory (`/v1/institutions`, Professional) and venture-investor directory (`/v1/investors`, Fund). */

const FIRM_TYPES = [
  'Hedge-Fund',
  'Mutual-Fund',
  'Mutual-Fund (perf-fee)',
  'Wealth-Manager',
  'PE / VC',
  'Hybrid (MF + Hedge)',
  'Pension / Institutional',
  'Sub-Advisor',
  'Other / Mixed',
] as const;
const STYLE_TIERS = ['Deep Growth', 'Growth-Biased', 'Blend / Core', 'Value-Biased', 'Deep Value'] as const;

const CITADEL = {
  crd: 148826,
  cik: null,
  legal_name: 'CITADEL ADVISORS LLC',
  business_name: null,
  firm_type: null,
  style_tier: null,
  sec_registration_type: 'Registered',
  main_office_city: 'MIAMI',
  main_office_state: 'FL',
  main_office_country: 'United States',
  main_office_phone: null,
  website: null,
  email_primary: null,
  email_domain_matches_firm: null,
  aum_total: null,
  advises_private_funds: null,
  has_hedge_funds: null,
  has_pe_funds: null,
  has_vc_funds: null,
  adv_as_of: '2026-06-11',
};
const nullable = (type: string, description?: string) => ({
  type: [type, 'null'],
  ...(description ? { description } : {}),
});
const ADVISER_SCHEMA = {
  type: 'object',
  required: Object.keys(CITADEL),
  properties: {
    crd: { type: 'integer' },
    cik: nullable('string', '10-digit CIK when the firm files with the SEC under one (13F filers)'),
    legal_name: { type: 'string' },
    business_name: nullable('string'),
    firm_type: {
      type: ['string', 'null'],
      enum: [...FIRM_TYPES, null],
      description:
        "13F filers only: from the firm's Form ADV private-fund rollup when a monthly adviser list is loaded (Hedge-Fund or PE / VC, confidence medium), else a word of the filer's own name (WEALTH, PENSION, VENTURE...; confidence low); firm_type_evidence on the profile says which",
    },
    style_tier: {
      type: ['string', 'null'],
      enum: [...STYLE_TIERS, null],
      description:
        "13F filers only: the value-weighted P/E and P/B of the latest quarter's holdings on fixed bands, null unless holdings with metrics carry at least half the value",
    },
    sec_registration_type: {
      type: ['string', 'null'],
      enum: ['Registered', 'ERA', null],
      description: 'SEC file number 801- Registered, 802- ERA; null for state-registered advisers',
    },
    main_office_city: nullable('string'),
    main_office_state: nullable('string'),
    main_office_country: nullable('string'),
    main_office_phone: nullable('string'),
    website: nullable('string'),
    email_primary: nullable('string'),
    email_domain_matches_firm: nullable('boolean', "false means the address is on another firm's domain"),
    aum_total: nullable('number', 'US dollars (Form ADV); null when not loaded'),
    advises_private_funds: nullable('boolean'),
    has_hedge_funds: nullable(
      'boolean',
      'Advises a hedge fund (Schedule D 7.B.(1), from the monthly SEC adviser list); false when it advises no private fund; null when no list is loaded',
    ),
    has_pe_funds: nullable('boolean', 'Advises a private equity fund (as has_hedge_funds)'),
    has_vc_funds: nullable('boolean', 'Advises a venture capital fund (as has_hedge_funds)'),
    adv_as_of: nullable('string', 'Date of the Form ADV filing the row reflects'),
  },
};

const a = advisers;
const adviserRow = {
  crd: a.crd,
  cik: a.cik,
  legal_name: a.legalName,
  business_name: a.businessName,
  firm_type: a.firmType,
  style_tier: a.styleTier,
  sec_registration_type: a.secRegistrationType,
  main_office_city: a.mainOfficeCity,
  main_office_state: a.mainOfficeState,
  main_office_country: a.mainOfficeCountry,
  main_office_phone: a.mainOfficePhone,
  website: a.website,
  email_primary: a.emailPrimary,
  email_domain_matches_firm: a.emailDomainMatchesFirm,
  aum_total: a.aumTotal,
  advises_private_funds: a.advisesPrivateFunds,
  has_hedge_funds: a.hasHedgeFunds,
  has_pe_funds: a.hasPeFunds,
  has_vc_funds: a.hasVcFunds,
  adv_as_of: sql<string | null>`${a.advAsOf}::text`,
};
const ADVISER_ORDER = [{ column: a.legalName }, { column: a.crd }];
const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const listInstitutions = defineRoute({
  path: '/v1/institutions',
  summary: 'Adviser directory',
  description:
    'Investment advisers (SEC IAPD / Form ADV), every filter given applied; no filter is legal and enumerates the directory. Ordered by legal name, then CRD.',
  tags: ['Ownership'],
  envelope: 'A',
  access: { dataset: 'institutions' },
  query: {
    q: p.string({
      description: 'Part of the legal or business name (min 2 characters)',
      min: 2,
      example: 'citadel',
    }),
    crd: p.int({ description: 'CRD number', min: 1, examples: { 'by CRD': 148826 } }),
    cik: p.string({
      description: 'CIK in any padding',
      max: 10,
      pattern: /^\d{1,10}$/,
      patternHint: 'must be 1 to 10 digits',
      examples: { 'by CIK': '1423053' },
    }),
    firm_type: p.oneOf(FIRM_TYPES, {
      description: 'Firm type (13F filers only)',
      examples: { '13F filers only': 'Hedge-Fund' },
    }),
    sec_registration_type: p.oneOf(['Registered', 'ERA'] as const, {
      description: 'SEC registration',
      examples: { 'by registration': 'Registered' },
    }),
    state: p.string({
      description: 'Main office state (two letters)',
      max: 2,
      examples: { 'by state': 'FL' },
    }),
    country: p.string({
      description: 'Main office country as IAPD spells it',
      max: 80,
      examples: { 'by country': 'United States' },
    }),
    style_tier: p.oneOf(STYLE_TIERS, {
      description: 'Portfolio style tier (13F filers only)',
      examples: { '13F filers only': 'Blend / Core' },
    }),
    min_aum: p.number({
      description: 'Assets under management at least (USD)',
      min: 0,
      examples: { 'by size': 1_000_000_000 },
    }),
    max_aum: p.number({
      description: 'Assets under management at most (USD)',
      min: 0,
      examples: { 'by size': 1_000_000_000_000 },
    }),
    has_email: p.boolean({
      description: 'Whether a primary email is known',
      examples: { 'with an email': false },
    }),
    has_style: p.boolean({
      description: 'Whether a style read exists (13F filers)',
      examples: { 'with a style read': false },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (row: { legal_name: string; crd: number }) => [row.legal_name, row.crd],
  response: { schema: ADVISER_SCHEMA, example: CITADEL, description: 'Adviser search rows' },
  handler: ({ db, query, page }) =>
    db
      .select(adviserRow)
      .from(a)
      .where(
        and(
          query.q
            ? or(
                sql`lower(${a.legalName}) like ${like(query.q)}`,
                sql`lower(${a.businessName}) like ${like(query.q)}`,
              )
            : undefined,
          query.crd !== undefined ? eq(a.crd, query.crd) : undefined,
          query.cik ? eq(a.cik, query.cik.padStart(10, '0')) : undefined,
          query.firm_type ? eq(a.firmType, query.firm_type) : undefined,
          query.sec_registration_type ? eq(a.secRegistrationType, query.sec_registration_type) : undefined,
          query.state ? eq(sql`upper(${a.mainOfficeState})`, query.state.toUpperCase()) : undefined,
          query.country ? eq(sql`lower(${a.mainOfficeCountry})`, query.country.toLowerCase()) : undefined,
          query.style_tier ? eq(a.styleTier, query.style_tier) : undefined,
          query.min_aum !== undefined ? gte(a.aumTotal, query.min_aum) : undefined,
          query.max_aum !== undefined ? lte(a.aumTotal, query.max_aum) : undefined,
          query.has_email === undefined
            ? undefined
            : query.has_email
              ? isNotNull(a.emailPrimary)
              : isNull(a.emailPrimary),
          query.has_style === undefined
            ? undefined
            : query.has_style
              ? isNotNull(a.styleTier)
              : isNull(a.styleTier),
          keysetAfter(ADVISER_ORDER, page.after),
        ),
      )
      .orderBy(...keysetOrder(ADVISER_ORDER))
      .limit(page.fetch),
});

const ID_FORMS = 'Pass crd:<number>, cik:<10-digit CIK>, or a bare number (tried as CRD, then as CIK)';

type AdvProfile = AdvFeedFirm['adv'];
/** The Form ADV part of a profile (parsers/advisers/adv-feed.ts), all null when no feed was loaded. */
const advProfile = (adv: AdvProfile | undefined) => ({
  headcount: adv?.headcount ?? null,
  fees: adv?.fees ?? null,
  services: adv?.services ?? null,
  accounts_total: adv?.accounts_total ?? null,
  aum_discretionary: adv?.aum_discretionary ?? null,
  aum_non_discretionary: adv?.aum_non_discretionary ?? null,
  adv_source: adv
    ? { feed: adv.feed, generated_on: adv.feed_generated_on, form_version: adv.form_version }
    : null,
});

export const getInstitution = defineRoute({
  path: '/v1/institutions/:id',
  summary: 'Adviser profile',
  description:
    'The full adviser profile: the search row plus other business names, relying advisers, state notice filings, the SEC file number and registration scope, `brochures` (the Form ADV Part 2 brochures IAPD lists, each with whether it was read) and `emails`: every address printed in the brochures read, keyed by address, each with the sentence it was printed in (line breaks as spaces, otherwise verbatim; a contact block line when the address is only listed), its page, how often it appears and whether it is on the firm domain (the registrable domain of the Form ADV website, else of the website the brochure cover prints). `email_primary` is the first address printed, preferring one on the firm domain, never a regulator address; empty and null when no brochure was read. For a firm whose own 13F cover states its CRD (the firm is then a 13F filer, `cik` set), `style_scores` holds the style read of its latest 13F quarter (value-weighted P/E and P/B of its holdings with their coverage, concentration, turnover, the rule and the tier) and `firm_type_evidence` the rule that set `firm_type`; both null otherwise. From the monthly SEC adviser lists (when configured): `private_funds`, the Schedule D 7.B.(1) rollup by fund type, which also sets the `has_*_funds` flags. From the SEC Form ADV bulk data (when the operator configures it; `adv_source` says which feed and day): `headcount` (Item 5.A employees), `fees` (Item 5.E compensation arrangements, Y/N per kind), `services` (Item 5.G advisory services, Y/N per kind), `accounts_total` and `aum_discretionary` / `aum_non_discretionary` (Item 5.F(2), US dollars); null when the firm did not fill the item (exempt reporting advisers file no Item 5) or no feed is loaded.',
  tags: ['Ownership'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'institutions' },
  pathParams: { id: p.string({ description: ID_FORMS, max: 30, example: 'crd:148826' }) },
  response: {
    schema: {
      type: 'object',
      required: Object.keys(CITADEL),
      properties: {
        ...ADVISER_SCHEMA.properties,
        headcount: nullable('integer', 'Form ADV Item 5.A: employees'),
        fees: {
          type: ['object', 'null'],
          additionalProperties: { type: 'boolean' },
          description:
            'Form ADV Item 5.E: percentage_of_aum, hourly, subscription, fixed, commissions, performance_based, other',
        },
        services: {
          type: ['object', 'null'],
          additionalProperties: { type: 'boolean' },
          description: 'Form ADV Item 5.G advisory services, one key per kind the firm answered',
        },
        accounts_total: nullable('integer', 'Form ADV Item 5.F(2)(f): accounts under management'),
        aum_discretionary: nullable('number', 'Form ADV Item 5.F(2)(a), US dollars'),
        aum_non_discretionary: nullable('number', 'Form ADV Item 5.F(2)(b), US dollars'),
        adv_source: {
          type: ['object', 'null'],
          description: 'The Form ADV feed the ADV fields come from: feed, generated_on, form_version',
        },
        private_funds: {
          type: ['object', 'null'],
          description:
            'Schedule D 7.B.(1) rollup from the monthly SEC adviser list (when configured): count, by_type (hedge, liquidity, pe, real_estate, securitized, vc, other: any, count), gross_assets (US dollars), list (the file)',
        },
        brochures: {
          type: 'array',
          description:
            'Form ADV Part 2 brochures the IAPD profile lists: version_id, name, submitted, read (fetched and its text read), pages, cover_website',
        },
        emails: {
          type: 'object',
          description:
            'Address -> {sentence, context (prose or listing), page, occurrences, domain, on_firm_domain, regulator, brochure_version_id}',
        },
      },
    },
    example: CITADEL,
  },
  notFound: `No adviser found. ${ID_FORMS}`,
  handler: async ({ db, path }) => {
    const m = /^(?:(crd|cik):)?(\d{1,10})$/i.exec(path.id ?? '');
    if (!m) throw new ApiError(404, `No adviser found for '${String(path.id).slice(0, 30)}'. ${ID_FORMS}`);
    const kind = m[1]?.toLowerCase();
    const n = m[2]!;
    const select = db
      .select({ ...adviserRow, profile: a.profile, sec_file_number: a.secFileNumber, ia_scope: a.iaScope })
      .from(a);
    const byCrd = async () => (await select.where(eq(a.crd, Number(n))).limit(1))[0];
    const byCik = async () => (await select.where(eq(a.cik, n.padStart(10, '0'))).limit(1))[0];
    const row =
      kind === 'crd' ? await byCrd() : kind === 'cik' ? await byCik() : ((await byCrd()) ?? (await byCik()));
    if (!row) return null;
    const { profile, ...rest } = row;
    const prof = (profile ?? {}) as Record<string, unknown>;
    return {
      ...rest,
      other_names: prof.other_names ?? [],
      relying_advisers: prof.relying_advisers ?? [],
      notice_filings: prof.notice_filings ?? [],
      emails: prof.emails ?? {},
      brochures: prof.brochures ?? [],
      private_funds: prof.private_funds ?? null,
      // the 13F style read with its figures (P/E, P/B, coverage, concentration, turnover), when linked
      style_scores: prof.style_evidence ?? null,
      firm_type_evidence: prof.firm_type_evidence ?? null,
      ...advProfile(prof.adv as AdvProfile | undefined),
    };
  },
});

const TIGER = {
  record_id: 'inv_468673f18dd7e579',
  name: 'Tiger Global Management',
  url: 'https://tigerglobal.com',
  website: 'tigerglobal.com',
  domain: 'tigerglobal.com',
  investor_type: 'VC firm',
  location: 'New York, NY, USA',
  countries: ['USA'],
  stages: [],
  themes: [],
  first_check: null,
  lead: null,
  reply_rate: null,
  submit_method: null,
  submit_url: null,
  linkedin_company: null,
  twitter: null,
  who_we_are: null,
  funding_requirements: null,
  value_add: null,
  as_of: '2017-01-05',
};
const INVESTOR_SCHEMA = {
  type: 'object',
  required: Object.keys(TIGER),
  properties: Object.fromEntries(
    Object.keys(TIGER).map((k) => [
      k,
      ['countries', 'stages', 'themes'].includes(k)
        ? { type: 'array', items: { type: 'string' } }
        : k === 'lead'
          ? nullable('boolean')
          : k === 'reply_rate'
            ? nullable('number')
            : k === 'record_id' || k === 'name' || k === 'as_of'
              ? { type: 'string' }
              : nullable('string'),
    ]),
  ),
};
const i = investors;
const INVESTOR_ORDER = [{ column: i.name }, { column: i.recordId }];
const INVESTOR_FILTERS = ['q', 'investor_type', 'country', 'theme', 'stage'] as const;

export const listInvestors = defineRoute({
  path: '/v1/investors',
  summary: 'Venture-investor directory',
  description:
    'Venture investors from a directory snapshot (a fixed past date, `as_of`; not live). At least one filter is required. Ordered by name.',
  tags: ['Ownership'],
  envelope: 'A',
  access: { dataset: 'investors' },
  query: {
    q: p.string({ description: 'Part of the name (min 2 characters)', min: 2, example: 'tiger' }),
    investor_type: p.string({
      description: 'Investor type, e.g. VC firm, Corporate VC, Family office, Angel group',
      max: 80,
      examples: { 'by type': 'VC firm' },
    }),
    country: p.string({
      description: 'Country as the directory spells it (USA, GBR...)',
      max: 80,
      examples: { 'by country': 'USA' },
    }),
    theme: p.string({
      description: 'A theme such as fin-tech',
      max: 80,
      examples: { 'by theme': 'fin-tech' },
    }),
    stage: p.string({
      description: 'A stage such as Seed, Series A',
      max: 80,
      examples: { 'by stage': 'Seed' },
    }),
  },
  validate: (q) =>
    INVESTOR_FILTERS.some((f) => q[f] !== undefined)
      ? undefined
      : `At least one filter is required: ${INVESTOR_FILTERS.join(', ')}`,
  page: { default: 50, max: 1000 },
  cursorKey: (row: { name: string; record_id: string }) => [row.name, row.record_id],
  response: { schema: INVESTOR_SCHEMA, example: TIGER, description: 'Investor rows' },
  handler: ({ db, query, page }) =>
    db
      .select({
        record_id: i.recordId,
        name: i.name,
        url: i.url,
        website: i.website,
        domain: i.domain,
        investor_type: i.investorType,
        location: i.location,
        countries: i.countries,
        stages: i.stages,
        themes: i.themes,
        first_check: i.firstCheck,
        lead: i.lead,
        reply_rate: i.replyRate,
        submit_method: i.submitMethod,
        submit_url: i.submitUrl,
        linkedin_company: i.linkedinCompany,
        twitter: i.twitter,
        who_we_are: i.whoWeAre,
        funding_requirements: i.fundingRequirements,
        value_add: i.valueAdd,
        as_of: sql<string>`${i.asOf}::text`,
      })
      .from(i)
      .where(
        and(
          query.q ? sql`lower(${i.name}) like ${like(query.q)}` : undefined,
          query.investor_type
            ? eq(sql`lower(${i.investorType})`, query.investor_type.toLowerCase())
            : undefined,
          query.country
            ? sql`${i.countries} @> ${JSON.stringify([query.country.toUpperCase()])}::jsonb`
            : undefined,
          query.theme ? sql`${i.themes} @> ${JSON.stringify([query.theme])}::jsonb` : undefined,
          query.stage ? sql`${i.stages} @> ${JSON.stringify([query.stage])}::jsonb` : undefined,
          keysetAfter(INVESTOR_ORDER, page.after),
        ),
      )
      .orderBy(...keysetOrder(INVESTOR_ORDER))
      .limit(page.fetch),
});

export const ownershipDirectoryRoutes = [
  asAnyRoute(listInstitutions),
  asAnyRoute(getInstitution),
  asAnyRoute(listInvestors),
];
