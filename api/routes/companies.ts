import { and, asc, desc, eq, inArray, Placeholder, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../../lib/db.ts';
import { companyIdForCik, padCik } from '../../lib/ids.ts';
import { companies, companyEvents, companyIdentifiers, companyListings } from '../../schema/companies.ts';
import type { ParsedQuery } from '../platform/params.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute, type Page } from '../platform/route.ts';
import { arrayLiteral, keysetAfter, keysetOrder } from '../platform/sql.ts';

/** Company registry (spec 4.1): Free, 1 credit each, envelope A. */
const APPLE = {
  company_id: companyIdForCik('0000320193'),
  company_name: 'Apple Inc.',
  country: 'US',
  cik: '0000320193',
  primary_ticker: 'AAPL',
  primary_exchange: 'Nasdaq',
  sector: 'Technology',
  industry: 'Electronic Computers',
  website: 'https://www.apple.com',
  market_cap: '3450000000000',
  market_cap_currency: 'USD',
  currency: 'USD',
  n_listings: 1,
  as_of_date: '2026-01-30',
};

const nullableString = { type: ['string', 'null'] };
const COMPANY_SCHEMA = {
  type: 'object',
  required: Object.keys(APPLE),
  properties: {
    company_id: { type: 'string', pattern: '^cmp_' },
    company_name: { type: 'string' },
    country: { ...nullableString, description: 'ISO country code' },
    cik: {
      ...nullableString,
      description: '10-digit zero-padded; null when the company files nothing with the SEC',
    },
    primary_ticker: nullableString,
    primary_exchange: nullableString,
    sector: nullableString,
    industry: nullableString,
    website: nullableString,
    market_cap: { ...nullableString, description: 'Numeric string, in market_cap_currency' },
    market_cap_currency: {
      ...nullableString,
      description: 'Currency of market_cap (may differ from currency)',
    },
    currency: { ...nullableString, description: 'Currency the listing price is quoted in' },
    n_listings: { type: 'integer' },
    as_of_date: { type: 'string', format: 'date' },
  },
};

const companyRecord = {
  company_id: companies.companyId,
  company_name: companies.companyName,
  country: companies.country,
  cik: companies.cik,
  primary_ticker: companies.primaryTicker,
  primary_exchange: companies.primaryExchange,
  sector: companies.sector,
  industry: companies.industry,
  website: companies.website,
  market_cap: companies.marketCap,
  market_cap_currency: companies.marketCapCurrency,
  currency: companies.currency,
  n_listings: companies.nListings,
  as_of_date: companies.asOfDate,
};

const FILTERS = ['ticker', 'cik', 'isin', 'local_security_code', 'corp_code', 'country', 'q'] as const;

const searchQuery = {
  ticker: p.string({ description: 'Ticker symbol; also matches former tickers', max: 20, example: 'AAPL' }),
  cik: p.string({
    description: 'SEC CIK in any padding (320193 or 0000320193)',
    max: 10,
    pattern: /^\d{1,10}$/,
    patternHint: 'must be 1 to 10 digits',
    examples: { 'Apple by CIK': '320193' },
  }),
  isin: p.string({
    description: 'ISIN (12 characters)',
    pattern: /^[A-Za-z]{2}[A-Za-z0-9]{9}\d$/,
    patternHint: 'must be a 12-character ISIN such as US0378331005',
    examples: { 'Apple by ISIN': 'US0378331005' },
  }),
  local_security_code: p.string({
    description: 'Taiwan security code, resolved through both suffixes (.TW and .TWO)',
    max: 12,
    pattern: /^[A-Za-z0-9]{1,12}$/,
    patternHint: 'must be letters and digits only, without a market suffix',
    examples: { "TSMC's Taiwan code": '2330' },
  }),
  corp_code: p.string({
    description: 'Korea DART corp code (8 digits)',
    pattern: /^\d{8}$/,
    patternHint: 'must be 8 digits',
    examples: { "Samsung Electronics' DART code": '00126380' },
  }),
  country: p.string({
    description: 'ISO country code, case-insensitive',
    pattern: /^[A-Za-z]{2,3}$/,
    patternHint: 'must be a 2- or 3-letter ISO country code',
    examples: { 'US companies': 'US' },
  }),
  q: p.string({
    description: 'Company-name substring (exact substring, case-insensitive, not fuzzy), min 2 characters',
    min: 2,
    max: 200,
    examples: { 'name search': 'Apple' },
  }),
};

/** BRK.B and BRK-B are one share class in two spellings. */
function spellings(ticker: string): string[] {
  const t = ticker.toUpperCase();
  return [...new Set([t, t.replace(/\./g, '-'), t.replace(/-/g, '.')])];
}

/** Which filters a search has, one bit each (FILTERS' order): the shape of its SQL text. */
function filterMask(query: ParsedQuery<typeof searchQuery>): number {
  let mask = 0;
  for (let i = 0; i < FILTERS.length; i++) if (query[FILTERS[i]!] !== undefined) mask |= 1 << i;
  return mask;
}

const ph = (name: string) => sql.placeholder(name);

/**
 * The search's conditions. `v` gives each filter's SQL value: the value itself (a cursor page, built per
 * request) or a placeholder (the first page: a prepared statement per filter shape, built once). Lists
 * (ticker spellings, the Taiwan code's two symbols) are one text[] parameter, so the text does not depend on
 * how many spellings a ticker has.
 */
function searchConditions(
  db: Db,
  query: ParsedQuery<typeof searchQuery>,
  v: (name: SearchValue) => unknown,
): (SQL | undefined)[] {
  const conds: (SQL | undefined)[] = [];
  if (query.ticker) {
    const t = v('ticker');
    // One index-driven union rather than OR-ed subqueries (which would scan the whole registry).
    conds.push(
      sql`${companies.companyId} in (select c.company_id from companies c where c.primary_ticker = any(${t}::text[])
        union select i.company_id from company_identifiers i where i.id_type = 'TICKER' and i.id_value = any(${t}::text[])
        union select l.company_id from company_listings l where l.symbol = any(${t}::text[]))`,
    );
  }
  if (query.cik) {
    const cik = v('cik');
    conds.push(
      sql`${companies.companyId} in (select c.company_id from companies c where c.cik = ${cik}
        union select i.company_id from company_identifiers i where i.id_type = 'CIK' and i.id_value = ${cik})`,
    );
  }
  if (query.isin) conds.push(identifierIs(db, 'ISIN', v('isin')));
  if (query.local_security_code) {
    const symbols = v('local_security_code');
    conds.push(
      sql`${companies.companyId} in (select l.company_id from company_listings l where l.symbol = any(${symbols}::text[])
        union select i.company_id from company_identifiers i where i.id_type = 'TICKER' and i.id_value = any(${symbols}::text[]))`,
    );
  }
  if (query.corp_code) conds.push(identifierIs(db, 'DART_CORP', v('corp_code')));
  if (query.country) conds.push(sql`upper(${companies.country}) = ${v('country')}`);
  if (query.q) conds.push(sql`strpos(lower(${companies.companyName}), ${v('q')}) > 0`);
  return conds;
}

type SearchValue = (typeof FILTERS)[number];

/** The SQL value of each filter (case folding, spellings, padding), keyed as searchConditions asks. */
function searchValues(query: ParsedQuery<typeof searchQuery>): Record<SearchValue, unknown> {
  const code = query.local_security_code?.toUpperCase();
  return {
    ticker: query.ticker ? spellings(query.ticker) : undefined,
    cik: query.cik ? padCik(query.cik) : undefined,
    isin: query.isin?.toUpperCase(),
    local_security_code: code ? [`${code}.TW`, `${code}.TWO`] : undefined,
    corp_code: query.corp_code,
    country: query.country?.toUpperCase(),
    q: query.q?.toLowerCase(),
  };
}

function identifierIs(db: Db, idType: string, value: unknown) {
  return inArray(
    companies.companyId,
    db
      .select({ id: companyIdentifiers.companyId })
      .from(companyIdentifiers)
      .where(and(eq(companyIdentifiers.idType, idType), eq(companyIdentifiers.idValue, value as string))),
  );
}

const ORDER = [{ column: companies.companyName }, { column: companies.companyId }];

function searchSelect(db: Db, conds: (SQL | undefined)[], limit: unknown) {
  return db
    .select(companyRecord)
    .from(companies)
    .where(and(...conds))
    .orderBy(...keysetOrder(ORDER))
    .limit(limit as number);
}

/** A first-page search with placeholders, per filter shape: its statement name, query and SQL text. */
function firstPageQuery(db: Db, query: ParsedQuery<typeof searchQuery>, mask: number) {
  const name = `companies_search_${mask}`;
  const q = searchSelect(db, searchConditions(db, query, ph), ph('limit'));
  const text = q.toSQL();
  return { name, prepared: q.prepare(name), text, config: poolConfig(name, text.sql) };
}

/**
 * The query config firstPageOnPool hands pg for a statement, made once: an object with no properties of its
 * own, whose prototype holds the name, text, row mode and type parsers. pg copies a config's own properties
 * (with their descriptors: ~1k instructions per property) into a fresh object of the same prototype for every
 * query (utils.js normalizeQueryConfig) and reads the rest through that prototype; the parameters are passed
 * beside the config, so there is nothing to copy.
 */
function poolConfig(name: string, text: string): pg.QueryArrayConfig {
  return Object.create({ name, text, rowMode: 'array', types: DRIZZLE_TYPES }) as pg.QueryArrayConfig;
}

/** Per database (its own driver and pool), the first-page statements built so far, by filter shape. */
const firstPages = new WeakMap<Db, Map<number, ReturnType<typeof firstPageQuery>>>();

function firstPage(db: Db, query: ParsedQuery<typeof searchQuery>) {
  let shapes = firstPages.get(db);
  if (!shapes) {
    shapes = new Map();
    firstPages.set(db, shapes);
  }
  const mask = filterMask(query);
  let statement = shapes.get(mask);
  if (!statement) {
    statement = firstPageQuery(db, query, mask);
    shapes.set(mask, statement);
  }
  return statement;
}

/**
 * The search's rows. A first page (no cursor: nearly every call) runs a prepared statement built once per
 * database and filter shape (drizzle's `prepare`, a named statement on Postgres), so no SQL is built per
 * request; a cursor page builds its query (the keyset condition carries the cursor's values).
 */
export function companySearchQuery(
  db: Db,
  query: ParsedQuery<typeof searchQuery>,
  page: Page,
  database?: Database,
): Promise<(typeof APPLE)[]> {
  if (page.after === null) {
    const values = { ...searchValues(query), limit: page.fetch };
    const statement = firstPage(db, query);
    const pool = (db as unknown as { $client?: pg.Pool }).$client;
    if (database?.kind === 'postgres' && typeof pool?.query === 'function')
      return firstPageOnPool(pool, statement, values);
    return statement.prepared.execute(values) as Promise<(typeof APPLE)[]>;
  }
  return cursorPageQuery(db, query, page) as unknown as Promise<(typeof APPLE)[]>;
}

const RECORD_KEYS = Object.keys(companyRecord) as (keyof typeof companyRecord)[];
const RECORD_COLUMNS = Object.values(companyRecord);
/** The record's keys in order, each null: the shape firstPageOnPool copies for every row. */
const EMPTY_RECORD: Record<string, unknown> = Object.fromEntries(RECORD_KEYS.map((k) => [k, null]));

/**
 * pg's text parsers as drizzle's driver picks them (DRIZZLE_TYPES), once each: built-in type ids (below
 * 16,384, Postgres's first user oid) index an array (64 KB), read without a hash look-up; any other id is
 * not remembered.
 */
const FIRST_USER_OID = 16_384;
// allocated whole: stores far apart into a growing array would turn it into a dictionary
const textParsers = new Array<((v: string) => unknown) | undefined>(FIRST_USER_OID);
const asText = (v: string) => v;

/**
 * pg's type parsers as drizzle's node-postgres driver sets them for its queries (session.js): dates,
 * timestamps, intervals and their arrays stay the server's text; everything else is pg's default. pg asks for
 * every column of every result; the text parsers are remembered by type id (pg's registry is a generic keyed
 * look-up per call; nothing in this code base registers a parser after start-up, `pg.types.setTypeParser`).
 */
const DRIZZLE_TYPES = {
  getTypeParser(typeId: number, format?: 'text' | 'binary') {
    if ((format !== undefined && format !== 'text') || !(typeId >= 0 && typeId < FIRST_USER_OID))
      return pgParser(typeId, format ?? 'text');
    let parser = textParsers[typeId];
    if (parser === undefined) {
      parser = pgParser(typeId, 'text');
      textParsers[typeId] = parser;
    }
    return parser;
  },
};

function pgParser(typeId: number, format: 'text' | 'binary'): (v: string) => unknown {
  const b = pg.types.builtins;
  if (
    typeId === b.TIMESTAMPTZ ||
    typeId === b.TIMESTAMP ||
    typeId === b.DATE ||
    typeId === b.INTERVAL ||
    typeId === 1231 ||
    typeId === 1115 ||
    typeId === 1185 ||
    typeId === 1187 ||
    typeId === 1182
  )
    return asText;
  return pg.types.getTypeParser(typeId, format as 'text');
}

/**
 * A first page on Postgres, sent to drizzle's own pg pool as the same named statement (name, text,
 * parameters) drizzle's prepared query sends, and its rows mapped as drizzle maps them (mapResultRow: by
 * position to the record's keys, null kept, every other value through its column's mapFromDriverValue) with
 * drizzle's type parsers. It skips drizzle's executor, whose per-row, per-column `is()` checks and
 * placeholder filling cost ~15-20k instructions per request (docs/hot-paths.md). Array parameters (ticker
 * spellings) are written as the array literal pg would make (arrayLiteral). The response is the same bytes:
 * test/contract/companies-pool.test.ts compares this path to drizzle's on the same database.
 */
async function firstPageOnPool(
  pool: pg.Pool,
  statement: ReturnType<typeof firstPageQuery>,
  values: Record<string, unknown>,
): Promise<(typeof APPLE)[]> {
  const params = statement.text.params;
  const args: unknown[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    const v = p instanceof Placeholder ? values[p.name] : p;
    args[i] = Array.isArray(v) ? (arrayLiteral(v) ?? v) : v;
  }
  const r = await pool.query(statement.config, args);
  const rows = r.rows as unknown[][];
  // Filled by push, not made at its length: `new Array(n)` is a holey array, which JSON.stringify (the
  // response's serializer) reads element by element through the generic path.
  const out: (typeof APPLE)[] = [];
  for (let j = 0; j < rows.length; j++) {
    const row = rows[j] as unknown[];
    // A copy of the record's shape, every key already in order: each store below writes a field the object
    // has, where stores into `{}` added a property each (a map transition per key, by a megamorphic store).
    const record: Record<string, unknown> = { ...EMPTY_RECORD };
    for (let i = 0; i < RECORD_KEYS.length; i++) {
      const v = row[i];
      record[RECORD_KEYS[i] as string] =
        v === null
          ? null
          : (RECORD_COLUMNS[i] as { mapFromDriverValue(x: unknown): unknown }).mapFromDriverValue(v);
    }
    out.push(record as unknown as typeof APPLE);
  }
  return out;
}

/** A cursor page's query: built per request (the keyset condition carries the cursor's values). */
function cursorPageQuery(db: Db, query: ParsedQuery<typeof searchQuery>, page: Page) {
  const values = searchValues(query);
  const conds = searchConditions(db, query, (name) => values[name]);
  conds.push(keysetAfter(ORDER, page.after));
  return searchSelect(db, conds, page.fetch);
}

/**
 * The search's SQL as the route sends it: statement name (a first page; none for a cursor page), text and
 * parameters in order, written as the route writes them (the benchmark's bare handler runs exactly this on its
 * own pool).
 */
export function companySearchSql(
  db: Db,
  query: ParsedQuery<typeof searchQuery>,
  page: Page,
): { name?: string; text: string; values: unknown[] } {
  if (page.after !== null) {
    const { sql: text, params } = cursorPageQuery(db, query, page).toSQL();
    return { text, values: params };
  }
  const { name, text } = firstPage(db, query);
  const values: Record<string, unknown> = { ...searchValues(query), limit: page.fetch };
  return {
    name,
    text: text.sql,
    // the parameters as firstPageOnPool sends them: an array as its literal, written by the same code
    values: text.params.map((p) => {
      const v = p instanceof Placeholder ? values[p.name] : p;
      return Array.isArray(v) ? (arrayLiteral(v) ?? v) : v;
    }),
  };
}

export const searchCompanies = defineRoute({
  path: '/v1/companies',
  summary: 'Search the company registry',
  description:
    'Companies matching every filter given. At least one filter is required; an unfiltered call is a 400. Ordered by name, then company_id.',
  tags: ['Company registry'],
  envelope: 'A',
  access: { dataset: 'companies' },
  query: searchQuery,
  validate: (q) =>
    FILTERS.some((f) => q[f] !== undefined)
      ? undefined
      : `At least one filter is required: ${FILTERS.join(', ')}`,
  page: { default: 100, max: 1000 },
  cursorKey: (row: { company_name: string; company_id: string }) => [row.company_name, row.company_id],
  response: { schema: COMPANY_SCHEMA, example: APPLE, description: 'Company records' },
  handler: ({ database, db, query, page }) => companySearchQuery(db, query, page, database),
});

export const getCompany = defineRoute({
  path: '/v1/companies/:company_id',
  summary: 'One company record',
  description:
    'Takes the literal cmp_ id only; a ticker or CIK gives 404 (look the id up with GET /v1/companies).',
  tags: ['Company registry'],
  envelope: 'A',
  result: 'single',
  access: { dataset: 'companies' },
  company: 'registry',
  response: {
    schema: COMPANY_SCHEMA,
    example: APPLE,
    description: '`{data, coverage}` with one company record',
  },
  handler: async ({ db, company }) => {
    const [row] = await db
      .select(companyRecord)
      .from(companies)
      .where(eq(companies.companyId, company!.companyId));
    return row ?? null;
  },
});

export const companyIdentifiersRoute = defineRoute({
  path: '/v1/companies/:company_id/identifiers',
  summary: "A company's identifiers",
  description:
    'Every identifier the registry holds (CIK, TICKER including former tickers, ISIN, TW_UBN, DART_CORP...). Takes the literal cmp_ id only.',
  tags: ['Company registry'],
  envelope: 'A',
  access: { dataset: 'companies' },
  company: 'registry',
  response: {
    schema: {
      type: 'object',
      required: ['id_type', 'id_value', 'source', 'confidence', 'is_current'],
      properties: {
        id_type: { type: 'string', description: 'Verbatim: CIK, TICKER, ISIN, TW_UBN, DART_CORP and others' },
        id_value: { type: 'string' },
        source: { type: 'string' },
        confidence: { type: 'string' },
        is_current: { type: 'boolean', description: 'false for a former ticker' },
      },
    },
    example: { id_type: 'CIK', id_value: '0000320193', source: 'sec', confidence: 'high', is_current: true },
  },
  handler: async ({ db, company }) => {
    const rows = await db
      .select({
        id_type: companyIdentifiers.idType,
        id_value: companyIdentifiers.idValue,
        source: companyIdentifiers.source,
        confidence: companyIdentifiers.confidence,
        is_current: sql<boolean>`${companyIdentifiers.isCurrent} = 1`,
      })
      .from(companyIdentifiers)
      .where(eq(companyIdentifiers.companyId, company!.companyId))
      .orderBy(
        asc(companyIdentifiers.idType),
        desc(companyIdentifiers.isCurrent),
        asc(companyIdentifiers.idValue),
      );
    return rows;
  },
});

export const companyListingsRoute = defineRoute({
  path: '/v1/companies/:company_id/listings',
  summary: "A company's listings",
  description:
    'Listing records, active listings (valid_to null) first, then retired ones newest first. Takes the literal cmp_ id only.',
  tags: ['Company registry'],
  envelope: 'A',
  access: { dataset: 'companies' },
  company: 'registry',
  response: {
    schema: {
      type: 'object',
      required: ['symbol', 'exchange', 'market', 'status', 'valid_from', 'valid_to'],
      properties: {
        symbol: { type: 'string' },
        exchange: { type: 'string' },
        market: nullableString,
        status: { type: 'string' },
        valid_from: { ...nullableString, format: 'date' },
        valid_to: { ...nullableString, format: 'date', description: 'null while active' },
      },
    },
    example: {
      symbol: 'AAPL',
      exchange: 'Nasdaq',
      market: 'US',
      status: 'active',
      valid_from: '1980-12-12',
      valid_to: null,
    },
  },
  handler: async ({ db, company }) =>
    db
      .select({
        symbol: companyListings.symbol,
        exchange: companyListings.exchange,
        market: companyListings.market,
        status: companyListings.status,
        valid_from: companyListings.validFrom,
        valid_to: companyListings.validTo,
      })
      .from(companyListings)
      .where(eq(companyListings.companyId, company!.companyId))
      .orderBy(
        sql`${companyListings.validTo} is null desc`,
        sql`${companyListings.validTo} desc nulls first`,
        sql`${companyListings.validFrom} desc nulls last`,
        asc(companyListings.symbol),
        asc(companyListings.exchange),
      ),
});

export const companyEventsRoute = defineRoute({
  path: '/v1/companies/:company_id/events',
  summary: "A company's corporate events",
  description:
    'Splits, mergers, ticker and name changes, newest first. History is partial (coverage.history_status is `partial`). Takes the literal cmp_ id only.',
  tags: ['Company registry'],
  envelope: 'A',
  access: { dataset: 'companies' },
  company: 'registry',
  historyStatus: 'partial',
  response: {
    schema: {
      type: 'object',
      required: [
        'event_type',
        'event_date',
        'symbol',
        'ratio',
        'counterpart_company_id',
        'counterpart_name',
        'detail',
        'source',
      ],
      properties: {
        event_type: { type: 'string' },
        event_date: { type: 'string', format: 'date' },
        symbol: nullableString,
        ratio: nullableString,
        counterpart_company_id: nullableString,
        counterpart_name: nullableString,
        detail: { type: 'string' },
        source: { type: 'string' },
      },
    },
    example: {
      event_type: 'split',
      event_date: '2020-08-31',
      symbol: 'AAPL',
      ratio: '4:1',
      counterpart_company_id: null,
      counterpart_name: null,
      detail: '4-for-1 stock split',
      source: 'sec',
    },
  },
  handler: async ({ db, company }) =>
    db
      .select({
        event_type: companyEvents.eventType,
        event_date: companyEvents.eventDate,
        symbol: companyEvents.symbol,
        ratio: companyEvents.ratio,
        counterpart_company_id: companyEvents.counterpartCompanyId,
        counterpart_name: companyEvents.counterpartName,
        detail: companyEvents.detail,
        source: companyEvents.source,
      })
      .from(companyEvents)
      .where(eq(companyEvents.companyId, company!.companyId))
      .orderBy(desc(companyEvents.eventDate), asc(companyEvents.eventType), asc(companyEvents.detail)),
});

export const companyRoutes = [
  asAnyRoute(searchCompanies),
  asAnyRoute(getCompany),
  asAnyRoute(companyIdentifiersRoute),
  asAnyRoute(companyListingsRoute),
  asAnyRoute(companyEventsRoute),
];
