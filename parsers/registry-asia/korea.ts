import { companyId, companyIdForCik } from '../../lib/ids.ts';
import type { RegistryRows } from '../edgar/registry.ts';
import type { DartCorp } from '../korea/corp-codes.ts';
import type { ParseContext } from '../types.ts';
import { crossListingFor } from './cross-listings.ts';
import { identifierAdder } from './identifiers.ts';

/**
 * Registry rows for Korean listed companies from the OpenDART corp-code list: the `cmp_` id from the 8-digit
 * corp code (DART's permanent key; stock codes get reused), identifiers DART_CORP, LOCAL_CODE and TICKER
 * (`005930.KS`), one KRX listing. Unlisted entries (no stock code, ~95% of the list) are skipped: no route
 * serves them. The corp-code list does not say KOSPI or KOSDAQ, so every listing carries the `.KS` suffix of
 * the spec's examples and market `KR`. `company_name` is the English name the list states
 * (`corp_eng_name`), else the Korean one; the Korean name is kept as the LOCAL_NAME identifier.
 */
export function registryFromCorpCodes(corps: DartCorp[], ctx: ParseContext): RegistryRows {
  const out: RegistryRows = { companies: [], identifiers: [], listings: [], events: [] };
  const asOf = ctx.fetchedAt.slice(0, 10);
  for (const c of corps) {
    if (!c.stockCode) continue;
    const symbol = `${c.stockCode}.KS`;
    const cross = crossListingFor(symbol);
    const id = cross ? companyIdForCik(cross.cik) : companyId({ scheme: 'dart', value: c.corpCode });
    if (!cross)
      out.companies.push({
        companyId: id,
        companyName: c.corpNameEng?.trim() || c.corpName,
        country: 'KR',
        cik: null,
        primaryTicker: symbol,
        primaryExchange: 'KRX',
        currency: 'KRW',
        marketCapCurrency: 'KRW',
        nListings: 1,
        asOfDate: c.modifyDate ?? asOf,
        sourceUrl: ctx.url,
        fetchedAt: new Date(ctx.fetchedAt),
      });
    const ident = identifierAdder(out, id, 'dart');
    ident('DART_CORP', c.corpCode);
    if (c.corpName) ident('LOCAL_NAME', c.corpName);
    ident('LOCAL_CODE', c.stockCode);
    ident('TICKER', symbol);
    out.listings.push({
      companyId: id,
      symbol,
      exchange: 'KRX',
      market: 'KR',
      status: 'active',
      validFrom: null,
      validTo: null,
    });
  }
  return out;
}
