import { ParseError } from '../../lib/errors.ts';
import { companyIdForCik, padCik } from '../../lib/ids.ts';
import type { FilingInsert } from '../../schema/filings.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { type FilingColumns, filingRowsFromColumns } from './submissions-filings.ts';

/** One address block of the submissions JSON; every field null when the SEC left it empty. */
export interface SubmissionsAddress {
  street1: string | null;
  street2: string | null;
  city: string | null;
  /** Two-letter US state, or the EDGAR country code (`2M` = Germany) in older snapshots; null abroad now. */
  stateOrCountry: string | null;
  stateOrCountryDescription: string | null;
  zipCode: string | null;
  /** Newer snapshots only. */
  country: string | null;
  countryCode: string | null;
  foreignStateTerritory: string | null;
  isForeignLocation: boolean | null;
}

export interface FormerName {
  name: string;
  /** YYYY-MM-DD (the JSON gives midnight-UTC timestamps). */
  from: string | null;
  to: string | null;
}

/** The company registry facts of data.sec.gov/submissions/CIK##########.json. */
export interface SubmissionsEntity {
  /** 10-digit padded; older snapshots give the CIK unpadded (`"320193"`). */
  cik: string;
  companyId: string;
  name: string;
  /** `operating`, `other`, ... */
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  /** SEC review office (`02 Finance`); absent in older snapshots. */
  ownerOrg: string | null;
  /** Filer status (`Large accelerated filer`). */
  category: string | null;
  tickers: string[];
  /** Parallel to `tickers`. */
  exchanges: (string | null)[];
  /** null when absent or the SEC's `000000000` placeholder. */
  ein: string | null;
  lei: string | null;
  description: string | null;
  website: string | null;
  investorWebsite: string | null;
  /** MMDD (`0930`). */
  fiscalYearEnd: string | null;
  stateOfIncorporation: string | null;
  stateOfIncorporationDescription: string | null;
  addresses: { business: SubmissionsAddress | null; mailing: SubmissionsAddress | null };
  phone: string | null;
  flags: string | null;
  formerNames: FormerName[];
  insiderTransactionForOwnerExists: boolean | null;
  insiderTransactionForIssuerExists: boolean | null;
}

export interface SubmissionsResult {
  entity: SubmissionsEntity;
  filings: FilingInsert[];
  /** Older filings live in these pages (`CIK0000320193-submissions-001.json`), fetched separately. */
  pages: string[];
  warnings: string[];
}

/** Parses JSON, recognising the S3 error body data.sec.gov serves (as XML) for a missing document. */
function parseJson(text: string, ctx: ParseContext): unknown {
  const head = text.trimStart().slice(0, 512);
  if (head.startsWith('<')) {
    if (/<Code>\s*NoSuchKey\s*<\/Code>/.test(text)) {
      throw new ParseError('data.sec.gov has no such document: S3 NoSuchKey error body (HTTP 404)', ctx.url);
    }
    throw new ParseError(`expected submissions JSON, got markup: ${head.slice(0, 80)}`, ctx.url);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ParseError(`not JSON: ${(err as Error).message}`, ctx.url, { cause: err });
  }
}

function str(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' ? null : s;
}

function flag(v: unknown): boolean | null {
  if (v === 1 || v === true || v === '1') return true;
  if (v === 0 || v === false || v === '0') return false;
  return null;
}

function address(v: unknown): SubmissionsAddress | null {
  if (!v || typeof v !== 'object') return null;
  const a = v as Record<string, unknown>;
  return {
    street1: str(a.street1),
    street2: str(a.street2),
    city: str(a.city),
    stateOrCountry: str(a.stateOrCountry),
    stateOrCountryDescription: str(a.stateOrCountryDescription),
    zipCode: str(a.zipCode),
    country: str(a.country),
    countryCode: str(a.countryCode),
    foreignStateTerritory: str(a.foreignStateTerritory),
    isForeignLocation: flag(a.isForeignLocation),
  };
}

function isoDay(v: unknown): string | null {
  const s = str(v);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
}

function entityOf(doc: Record<string, unknown>, cik: string, warnings: string[]): SubmissionsEntity {
  const name = str(doc.name);
  if (!name) throw new ParseError('submissions: entity has no name');
  const tickers = Array.isArray(doc.tickers) ? doc.tickers.map(str).filter((t) => t !== null) : [];
  const exchanges = Array.isArray(doc.exchanges) ? doc.exchanges.map(str) : [];
  if (tickers.length !== exchanges.length) {
    warnings.push(`submissions: ${tickers.length} tickers but ${exchanges.length} exchanges`);
  }
  const formerNames: FormerName[] = [];
  for (const f of Array.isArray(doc.formerNames) ? doc.formerNames : []) {
    const n = str((f as { name?: unknown })?.name);
    if (!n) {
      warnings.push(`submissions: former name without a name: ${JSON.stringify(f)}`);
      continue;
    }
    const { from, to } = f as { from?: unknown; to?: unknown };
    formerNames.push({ name: n, from: isoDay(from), to: isoDay(to) });
  }
  const addresses = (doc.addresses ?? {}) as Record<string, unknown>;
  const ein = str(doc.ein);
  return {
    cik,
    companyId: companyIdForCik(cik),
    name,
    entityType: str(doc.entityType),
    sic: str(doc.sic),
    sicDescription: str(doc.sicDescription),
    ownerOrg: str(doc.ownerOrg),
    category: str(doc.category),
    tickers,
    exchanges,
    ein: ein && /^0+$/.test(ein) ? null : ein,
    lei: str(doc.lei),
    description: str(doc.description),
    website: str(doc.website),
    investorWebsite: str(doc.investorWebsite),
    fiscalYearEnd: str(doc.fiscalYearEnd),
    stateOfIncorporation: str(doc.stateOfIncorporation),
    stateOfIncorporationDescription: str(doc.stateOfIncorporationDescription),
    addresses: { business: address(addresses.business), mailing: address(addresses.mailing) },
    phone: str(doc.phone),
    flags: str(doc.flags),
    formerNames,
    insiderTransactionForOwnerExists: flag(doc.insiderTransactionForOwnerExists),
    insiderTransactionForIssuerExists: flag(doc.insiderTransactionForIssuerExists),
  };
}

/** data.sec.gov/submissions/CIK##########.json: the entity, its recent filings and its older pages. */
export function parseSubmissions(text: string, ctx: ParseContext): SubmissionsResult {
  const doc = parseJson(text, ctx);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ParseError('submissions: expected a JSON object', ctx.url);
  }
  const d = doc as Record<string, unknown>;
  // The CIK is a string here (an integer in companyfacts), padded in newer snapshots and not in older ones.
  const cik = typeof d.cik === 'string' || typeof d.cik === 'number' ? padCik(d.cik) : null;
  if (!cik) throw new ParseError(`submissions: bad cik ${JSON.stringify(d.cik)}`, ctx.url);
  const filingsBlock = d.filings as { recent?: unknown; files?: unknown } | undefined;
  if (!filingsBlock || typeof filingsBlock.recent !== 'object' || filingsBlock.recent === null) {
    throw new ParseError('submissions: no filings.recent block', ctx.url);
  }
  const warnings: string[] = [];
  let entity: SubmissionsEntity;
  try {
    entity = entityOf(d, cik, warnings);
  } catch (err) {
    if (err instanceof ParseError) throw new ParseError(err.message, ctx.url, { cause: err });
    throw err;
  }
  const filings = filingRowsFromColumns(filingsBlock.recent as FilingColumns, {
    ctx,
    cik: Number(cik),
    companyName: entity.name,
    where: 'filings.recent',
    warnings,
  });
  const pages: string[] = [];
  for (const f of Array.isArray(filingsBlock.files) ? filingsBlock.files : []) {
    const name = str((f as { name?: unknown })?.name);
    if (name) pages.push(name);
    else warnings.push(`filings.files: entry without a name: ${JSON.stringify(f)}`);
  }
  return { entity, filings, pages, warnings };
}

/**
 * A `CIK##########-submissions-NNN.json` page: the same columns as `filings.recent`, with no entity wrapper,
 * so the CIK (and the company name, if wanted on the rows) come from the caller.
 */
export function parseSubmissionsPage(
  text: string,
  ctx: ParseContext,
  cik: string | number,
  companyName: string | null = null,
): ParseResult<FilingInsert> {
  const padded = padCik(cik);
  if (!padded) throw new Error(`parseSubmissionsPage: not a CIK: ${cik}`);
  const doc = parseJson(text, ctx);
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as FilingColumns).accessionNumber)) {
    const keys = doc && typeof doc === 'object' ? Object.keys(doc).slice(0, 8).join(',') : typeof doc;
    throw new ParseError(`submissions page: expected bare filing columns, got keys ${keys}`, ctx.url);
  }
  const warnings: string[] = [];
  const rows = filingRowsFromColumns(doc as FilingColumns, {
    ctx,
    cik: Number(padded),
    companyName,
    where: 'page',
    warnings,
  });
  return { rows, warnings };
}
