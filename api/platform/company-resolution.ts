import type { Database } from '../../lib/db.ts';
import { padCik } from '../../lib/ids.ts';
import { ApiError } from './errors.ts';

/**
 * The one function that turns a `{company_id}` path segment into a company (spec 4.0.1). Registry routes
 * take only the literal `cmp_` id; dataset routes also take a ticker (current, then listed, then former),
 * a CIK in any padding, an ISIN and suffixed Taiwan/Korea symbols; Taiwan routes add the bare Taiwan
 * security code and Korea routes the 8-digit DART corp code.
 */
export type ResolutionMode = 'registry' | 'resolve' | 'tw' | 'kr';

export interface ResolvedCompany {
  companyId: string;
  companyName: string;
  cik: string | null;
  primaryTicker: string | null;
}

const CMP_ID = /^cmp_[a-z0-9]{1,64}$/;
/** A private company's id (Form D issuer): resolves to the registry company with its CIK once it lists. */
const PVT_ID = /^pvt_[0-9a-f]{20}$/;
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;
const SUFFIXED = /^[A-Z0-9]{1,12}\.(TW|TWO|KS)$/;
const TICKER = /^[A-Z0-9][A-Z0-9.\-/^=]{0,19}$/;

export function acceptedForms(mode: ResolutionMode): string {
  if (mode === 'registry') {
    return 'Registry routes take only the canonical cmp_ id; find it with GET /v1/companies?ticker=... or ?cik=...';
  }
  let forms =
    'a cmp_ id, a ticker (AAPL), a CIK in any padding (320193 or 0000320193), an ISIN (US0378331005) or a symbol with its market suffix (2330.TW, 6488.TWO, 005930.KS)';
  if (mode === 'tw') forms += ', or a Taiwan security code (2330)';
  if (mode === 'kr') forms += ', or an 8-digit DART corp code (00126380)';
  return `Accepted forms: ${forms}`;
}

export function unresolvable(raw: string, mode: ResolutionMode): ApiError {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}...` : raw;
  return new ApiError(404, `No company found for '${shown}'. ${acceptedForms(mode)}`);
}

interface Candidate {
  sql: string;
  value: string;
}

function candidates(raw: string, mode: ResolutionMode): Candidate[] {
  const out: Candidate[] = [];
  if (CMP_ID.test(raw)) {
    out.push({ sql: fromCompanies('company_id'), value: raw });
    return out;
  }
  if (mode === 'registry') return out;
  if (PVT_ID.test(raw)) {
    out.push({ sql: fromPrivateCompany, value: raw });
    return out;
  }
  const upper = raw.toUpperCase();
  if (/^\d{1,10}$/.test(raw)) {
    if (mode === 'tw' && /^\d{4,6}$/.test(raw)) {
      for (const s of [`${raw}.TW`, `${raw}.TWO`]) {
        out.push({ sql: listing, value: s }, { sql: ident('TICKER', 1), value: s });
      }
    }
    if (mode === 'kr' && /^\d{8}$/.test(raw)) out.push({ sql: ident('DART_CORP'), value: raw });
    const cik = padCik(raw)!;
    out.push({ sql: fromCompanies('cik'), value: cik }, { sql: ident('CIK'), value: cik });
    return out;
  }
  if (ISIN.test(upper)) out.push({ sql: ident('ISIN'), value: upper });
  if (SUFFIXED.test(upper)) {
    out.push({ sql: listing, value: upper }, { sql: ident('TICKER', 1), value: upper });
    return out;
  }
  if (TICKER.test(upper)) out.push(...tickerCandidates(upper));
  return out;
}

const fromCompanies = (col: string) => `select company_id from companies where ${col} = $`;
const fromPrivateCompany = `select c.company_id from companies c join private_companies p on c.cik = lpad(p.cik::text, 10, '0') where p.private_company_id = $`;
const ident = (type: string, current?: 0 | 1) =>
  `select company_id from company_identifiers where id_type = '${type}'${current === undefined ? '' : ` and is_current = ${current}`} and id_value = $`;
const listing = `select company_id from company_listings where valid_to is null and symbol = $`;

/** BRK.B and BRK-B are the same share class spelled two ways. */
function tickerSpellings(upper: string): string[] {
  return [...new Set([upper, upper.replace(/\./g, '-'), upper.replace(/-/g, '.')])];
}

/** Where a ticker is looked for, in order: current primary, current identifier, active listing, former ticker. */
const TICKER_SOURCES = [fromCompanies('primary_ticker'), ident('TICKER', 1), listing, ident('TICKER', 0)];

/** A ticker's candidates: each source in order, each spelling within it. */
function tickerCandidates(upper: string): Candidate[] {
  const spellings = tickerSpellings(upper);
  return TICKER_SOURCES.flatMap((sql) => spellings.map((value) => ({ sql, value })));
}

/** The look-up's SQL text over candidates: the first hit in candidate order, by company id within one. */
function lookupText(cands: readonly Candidate[]): string {
  const union = cands
    .map((c, i) => `select ${i} as prio, m.company_id from (${c.sql}${i + 1}) m`)
    .join(' union all ');
  return `select c.company_id, c.company_name, c.cik, c.primary_ticker from (${union}) hit
       join companies c on c.company_id = hit.company_id order by hit.prio, c.company_id limit 1`;
}

/** A ticker look-up's text depends only on how many spellings it has (1-3): built once per count. */
const tickerLookupTexts: string[] = [];

/** The registry company a `ticker` query parameter names (statement-family routes), or null. */
export function companyByTicker(database: Database, ticker: string): Promise<ResolvedCompany | null> {
  const upper = ticker.trim().toUpperCase();
  if (!TICKER.test(upper)) return Promise.resolve(null);
  const spellings = tickerSpellings(upper);
  let text = tickerLookupTexts[spellings.length];
  if (text === undefined) {
    text = lookupText(tickerCandidates(upper));
    tickerLookupTexts[spellings.length] = text;
  }
  // the candidates' values in tickerCandidates' order: each source, each spelling
  const values: string[] = [];
  for (let i = 0; i < TICKER_SOURCES.length; i++) values.push(...spellings);
  return runLookup(database, text, values);
}

function lookupCompany(database: Database, cands: Candidate[]): Promise<ResolvedCompany | null> {
  if (cands.length === 0) return Promise.resolve(null);
  return runLookup(
    database,
    lookupText(cands),
    cands.map((c) => c.value),
  );
}

async function runLookup(
  database: Database,
  text: string,
  values: string[],
): Promise<ResolvedCompany | null> {
  const [row] = await database.query<{
    company_id: string;
    company_name: string;
    cik: string | null;
    primary_ticker: string | null;
  }>(text, values);
  return row
    ? {
        companyId: row.company_id,
        companyName: row.company_name,
        cik: row.cik,
        primaryTicker: row.primary_ticker,
      }
    : null;
}

export class CompanyResolver {
  private readonly cache = new Map<string, { company: ResolvedCompany; expiresAt: number }>();

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The company, or a 404 ApiError whose message names the accepted forms. */
  async resolve(raw: string, mode: ResolutionMode): Promise<ResolvedCompany> {
    const value = raw.trim();
    const cacheKey = `${mode}\u0000${value}`;
    const hit = this.cache.get(cacheKey);
    if (hit && hit.expiresAt > Date.now()) return hit.company;
    const company = value.length <= 64 ? await this.lookup(value, mode) : null;
    if (!company) throw unresolvable(value, mode);
    if (this.ttlMs > 0) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(cacheKey, { company, expiresAt: Date.now() + this.ttlMs });
    }
    return company;
  }

  private lookup(value: string, mode: ResolutionMode): Promise<ResolvedCompany | null> {
    return lookupCompany(this.database, candidates(value, mode));
  }
}
