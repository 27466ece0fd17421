import { ParseError } from '../../lib/errors.ts';
import { padCik } from '../../lib/ids.ts';
import { classifySic } from './sic.ts';

/**
 * data.sec.gov `/submissions/CIK##########.json` -> the 13 company-facts fields of spec 2.5 (all strings
 * except is_active; a field without a source is ''). Reads only the few fields it needs, so it does not
 * depend on the full submissions parser.
 * - ticker / exchange: the requested ticker when listed, else the first listing;
 * - is_active: the company has at least one listed ticker on EDGAR (submissions carry no status flag);
 * - location: business address "City, ST" (US) or "City, Country" (foreign);
 * - a 404 body (S3 NoSuchKey) or a document without any filing is a typed not-found result.
 */

export interface CompanyFacts {
  ticker: string;
  name: string;
  cik: string;
  industry: string;
  sector: string;
  category: string;
  exchange: string;
  is_active: boolean;
  location: string;
  sec_filings_url: string;
  sic_code: string;
  sic_industry: string;
  sic_sector: string;
}

export type CompanyFactsResult =
  | { found: true; company_facts: CompanyFacts }
  | { found: false; reason: 'no_such_cik' | 'no_us_filings'; cik: string | null };

interface Address {
  city?: string | null;
  stateOrCountry?: string | null;
  stateOrCountryDescription?: string | null;
  isForeignLocation?: number | null;
  country?: string | null;
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

function location(a: Address | undefined): string {
  if (!a) return '';
  const city = str(a.city);
  const where =
    a.isForeignLocation === 1 ? str(a.country) || str(a.stateOrCountryDescription) : str(a.stateOrCountry);
  return [city, where].filter(Boolean).join(', ');
}

export function parseCompanyFactsFromSubmissions(
  body: string | unknown,
  opts: { ticker?: string; document?: string } = {},
): CompanyFactsResult {
  const document = opts.document ?? 'submissions';
  let doc: unknown = body;
  if (typeof body === 'string') {
    const text = body.trimStart();
    if (text.startsWith('<')) {
      if (text.includes('NoSuchKey')) return { found: false, reason: 'no_such_cik', cik: null };
      throw new ParseError('submissions body is XML but not an S3 NoSuchKey error', document);
    }
    try {
      doc = JSON.parse(text);
    } catch (cause) {
      throw new ParseError('submissions is not valid JSON', document, { cause });
    }
  }
  if (typeof doc !== 'object' || doc === null)
    throw new ParseError('submissions is not a JSON object', document);
  const o = doc as Record<string, unknown>;
  const cik = padCik(str(o.cik));
  if (!cik) throw new ParseError(`submissions has no usable cik (${String(o.cik)})`, document);
  const forms = (o.filings as { recent?: { form?: unknown[] } } | undefined)?.recent?.form;
  const pages = (o.filings as { files?: unknown[] } | undefined)?.files;
  if ((!Array.isArray(forms) || forms.length === 0) && (!Array.isArray(pages) || pages.length === 0)) {
    return { found: false, reason: 'no_us_filings', cik };
  }
  const tickers = Array.isArray(o.tickers) ? o.tickers.map(str) : [];
  const exchanges = Array.isArray(o.exchanges) ? o.exchanges.map((e) => str(e)) : [];
  const wanted = opts.ticker?.toUpperCase();
  const i = wanted && tickers.includes(wanted) ? tickers.indexOf(wanted) : 0;
  const sic = str(o.sic);
  const cls = classifySic(sic);
  const business = (o.addresses as { business?: Address } | undefined)?.business;
  return {
    found: true,
    company_facts: {
      ticker: tickers[i] ?? '',
      name: str(o.name),
      cik,
      industry: cls.industry,
      sector: cls.sector,
      category: str(o.category),
      exchange: exchanges[i] ?? '',
      is_active: tickers.length > 0,
      location: location(business),
      sec_filings_url: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${cik}`,
      sic_code: sic,
      sic_industry: str(o.sicDescription),
      sic_sector: cls.sic_sector,
    },
  };
}
