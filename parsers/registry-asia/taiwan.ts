import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';
import { companyId, companyIdForCik } from '../../lib/ids.ts';
import type { RegistryRows } from '../edgar/registry.ts';
import { cleanText, decodeTaiwan, rocDate } from '../taiwan/text.ts';
import type { ParseContext } from '../types.ts';
import { crossListingFor } from './cross-listings.ts';
import { identifierAdder } from './identifiers.ts';

export interface TwProfile {
  code: string;
  name: string;
  shortName: string;
  englishShortName: string | null;
  ubn: string | null;
  industryCode: string | null;
  website: string | null;
  listedOn: string | null;
  market: 'twse' | 'tpex';
  asOfDate: string;
}

const blank = (s: string | undefined) => {
  const v = cleanText(s ?? '');
  return v === '' || v === '－' || v === '-' ? null : v;
};
const ymd = (s: string | null) =>
  s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : null;

/**
 * MOPS open data company profiles, `t187ap03_L.csv` (上市, TWSE) or `t187ap03_O.csv` (上櫃, TPEx): UTF-8 BOM,
 * Chinese headings, ROC 出表日期. Rule (issue 28, held-out set 1): the file's market is the one its endpoint
 * names, `_L` listed and `_O` OTC; both files head the listing date 上市日期 and no column says the market.
 */
export function parseTwseProfiles(bytes: Buffer, ctx: ParseContext): TwProfile[] {
  const market: TwProfile['market'] = /t187ap03_O(?:[._]|$)/i.test(ctx.url) ? 'tpex' : 'twse';
  const parsed = Papa.parse<Record<string, string>>(decodeTaiwan(bytes, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  for (const col of ['出表日期', '公司代號', '公司名稱', '公司簡稱', '營利事業統一編號'])
    if (!parsed.meta.fields?.includes(col)) throw new ParseError(`profiles CSV lacks column ${col}`, ctx.url);
  return parsed.data.map((r) => ({
    code: cleanText(r['公司代號'] ?? ''),
    name: cleanText(r['公司名稱'] ?? ''),
    shortName: cleanText(r['公司簡稱'] ?? ''),
    englishShortName: blank(r['英文簡稱']),
    ubn: blank(r['營利事業統一編號']),
    industryCode: blank(r['產業別']),
    website: blank(r['網址']),
    listedOn: ymd(blank(r['上市日期'])),
    market,
    asOfDate: rocDate(r['出表日期'] ?? '', ctx.url) ?? '',
  }));
}

/** TPEx OpenAPI `mopsfin_t187ap03_O` (OTC company profiles): JSON with dotted English keys, ROC `Date`. */
export function parseTpexProfiles(bytes: Buffer, ctx: ParseContext): TwProfile[] {
  let rows: Record<string, string>[];
  try {
    rows = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new ParseError('TPEx profiles body is not JSON', ctx.url, { cause: err });
  }
  if (!Array.isArray(rows)) throw new ParseError('TPEx profiles body is not an array', ctx.url);
  return rows.map((r) => {
    if (!r.SecuritiesCompanyCode) throw new ParseError('TPEx profile without SecuritiesCompanyCode', ctx.url);
    return {
      code: cleanText(r.SecuritiesCompanyCode),
      name: cleanText(r.CompanyName ?? ''),
      shortName: cleanText(r.CompanyAbbreviation ?? ''),
      englishShortName: blank(r.Symbol),
      ubn: blank(r['UnifiedBusinessNo.']),
      industryCode: blank(r.SecuritiesIndustryCode),
      website: blank(r.WebAddress),
      listedOn: ymd(blank(r.DateOfListing)),
      market: 'tpex',
      asOfDate: rocDate(r.Date ?? '', ctx.url) ?? '',
    };
  });
}

/**
 * Registry rows for Taiwan companies. The `cmp_` id comes from the Unified Business Number (統一編號, which
 * survives a move between TPEx and TWSE and a change of security code), or from the SEC CIK when the company
 * also lists a US depositary receipt. Identifiers: TW_UBN, LOCAL_CODE, TICKER (`2330.TW` / `6488.TWO`);
 * listing: symbol with its suffix on TWSE or TPEx. A cross-listed company's SEC-owned facts are left alone.
 */
export function registryFromTwProfiles(
  profiles: TwProfile[],
  ctx: ParseContext,
): RegistryRows & { placeholders: RegistryRows['companies'] } {
  const out: RegistryRows & { placeholders: RegistryRows['companies'] } = {
    companies: [],
    identifiers: [],
    listings: [],
    events: [],
    placeholders: [],
  };
  for (const p of profiles) {
    const symbol = `${p.code}.${p.market === 'twse' ? 'TW' : 'TWO'}`;
    const cross = crossListingFor(symbol);
    if (!cross && !p.ubn) throw new ParseError(`profile ${p.code} without a 統一編號`, ctx.url);
    const id = cross ? companyIdForCik(cross.cik) : companyId({ scheme: 'tw_ubn', value: p.ubn as string });
    (cross ? out.placeholders : out.companies).push({
      companyId: id,
      companyName: p.name,
      country: 'TW',
      cik: cross?.cik ?? null,
      primaryTicker: cross?.usTicker ?? symbol,
      primaryExchange: p.market === 'twse' ? 'TWSE' : 'TPEX',
      industry: p.industryCode,
      website: p.website,
      currency: 'TWD',
      marketCapCurrency: 'TWD',
      nListings: 1,
      asOfDate: p.asOfDate,
      sourceUrl: ctx.url,
      fetchedAt: new Date(ctx.fetchedAt),
    });
    const ident = identifierAdder(out, id, p.market);
    if (p.ubn) ident('TW_UBN', p.ubn);
    ident('LOCAL_CODE', p.code);
    ident('TICKER', symbol);
    out.listings.push({
      companyId: id,
      symbol,
      exchange: p.market === 'twse' ? 'TWSE' : 'TPEX',
      market: 'TW',
      status: 'active',
      validFrom: p.listedOn,
      validTo: null,
    });
  }
  return out;
}
