import { companyIdForCik, padCik } from '../../lib/ids.ts';
import type {
  CompanyEventInsert,
  CompanyIdentifierInsert,
  CompanyInsert,
  CompanyListingInsert,
} from '../../schema/companies.ts';
import { countryFromEdgarCode } from './countries.ts';

/** Registry rows for one load; every company's identifiers and listings travel with it. */
export interface RegistryRows {
  companies: CompanyInsert[];
  identifiers: CompanyIdentifierInsert[];
  listings: CompanyListingInsert[];
  events: CompanyEventInsert[];
}

export interface TickerLike {
  cik: string;
  name: string;
  ticker: string;
  exchange: string | null;
}

/** Exchange names in SEC's ticker file -> the registry's exchange codes. */
const EXCHANGES: Record<string, string> = {
  Nasdaq: 'NASDAQ',
  NYSE: 'NYSE',
  CBOE: 'CBOE',
  OTC: 'OTC',
};

export function exchangeCode(name: string | null | undefined): string | null {
  if (!name) return null;
  return EXCHANGES[name] ?? name.toUpperCase();
}

/**
 * Builds registry rows from SEC's ticker files: one company per CIK, its first ticker (the file is ordered
 * by market value) as the primary one, every ticker as an identifier and a listing.
 */
export function registryFromTickers(
  entries: TickerLike[],
  asOfDate: string,
  url: string,
  fetchedAt: Date,
): RegistryRows {
  const out: RegistryRows = { companies: [], identifiers: [], listings: [], events: [] };
  const byCik = new Map<string, TickerLike[]>();
  for (const e of entries) {
    const list = byCik.get(e.cik);
    if (list) list.push(e);
    else byCik.set(e.cik, [e]);
  }
  for (const [cik, list] of byCik) {
    const id = companyIdForCik(cik);
    const primary = list[0]!;
    const seen = new Set<string>();
    const listings: CompanyListingInsert[] = [];
    for (const e of list) {
      const exchange = exchangeCode(e.exchange) ?? 'UNKNOWN';
      const key = `${e.ticker}|${exchange}`;
      if (seen.has(key)) continue;
      seen.add(key);
      listings.push({
        companyId: id,
        symbol: e.ticker,
        exchange,
        market: 'US',
        status: 'active',
        validFrom: null,
        validTo: null,
      });
    }
    out.companies.push({
      companyId: id,
      companyName: primary.name,
      country: null,
      cik,
      primaryTicker: primary.ticker,
      primaryExchange: exchangeCode(primary.exchange),
      currency: 'USD',
      nListings: listings.length,
      asOfDate,
      sourceUrl: url,
      fetchedAt,
    });
    out.identifiers.push({
      companyId: id,
      idType: 'CIK',
      idValue: cik,
      source: 'sec',
      confidence: 'high',
      isCurrent: 1,
    });
    for (const t of new Set(list.map((e) => e.ticker))) {
      out.identifiers.push({
        companyId: id,
        idType: 'TICKER',
        idValue: t,
        source: 'sec',
        confidence: 'high',
        isCurrent: 1,
      });
    }
    out.listings.push(...listings);
  }
  return out;
}

export interface EntityLike {
  cik: string;
  name: string;
  entityType?: string | null;
  sic?: string | null;
  sicDescription?: string | null;
  category?: string | null;
  tickers?: string[];
  exchanges?: (string | null)[];
  fiscalYearEnd?: string | null;
  stateOfIncorporation?: string | null;
  stateOfIncorporationDescription?: string | null;
  website?: string | null;
  addresses?: {
    business?: {
      city?: string | null;
      stateOrCountry?: string | null;
      stateOrCountryDescription?: string | null;
      countryCode?: string | null;
      country?: string | null;
    } | null;
    mailing?: {
      city?: string | null;
      stateOrCountry?: string | null;
      stateOrCountryDescription?: string | null;
      countryCode?: string | null;
      country?: string | null;
    } | null;
  };
  formerNames?: { name: string; from: string | null; to: string | null }[];
}

/**
 * The company's country: its business (else mailing) address's, else its state of incorporation's. A foreign
 * address in submissions JSON has `stateOrCountry` null and names its country in `countryCode` / `country`
 * (Siemens: `2M`, `Germany`), so those are read when the state code is absent; an entity with no address
 * country takes the incorporation's (`stateOfIncorporation` with its description). Unknown: null.
 */
function entityCountry(
  entity: EntityLike,
  addr: NonNullable<EntityLike['addresses']>['business'] | null,
): string | null {
  return (
    countryFromEdgarCode(addr?.stateOrCountry ?? null, addr?.stateOrCountryDescription) ??
    countryFromEdgarCode(addr?.countryCode ?? null, addr?.country) ??
    countryFromEdgarCode(entity.stateOfIncorporation ?? null, entity.stateOfIncorporationDescription)
  );
}

/** Registry rows from a submissions document's entity block (SIC, location, former names, tickers). */
export function registryFromEntity(
  entity: EntityLike,
  asOfDate: string,
  url: string,
  fetchedAt: Date,
): RegistryRows {
  const cik = padCik(entity.cik);
  if (!cik) throw new Error(`entity without a CIK: ${entity.cik}`);
  const id = companyIdForCik(cik);
  const tickers = entity.tickers ?? [];
  const exchanges = entity.exchanges ?? [];
  const addr = entity.addresses?.business ?? entity.addresses?.mailing ?? null;
  const listings: CompanyListingInsert[] = [];
  const seen = new Set<string>();
  tickers.forEach((t, i) => {
    const exchange = exchangeCode(exchanges[i]) ?? 'UNKNOWN';
    if (seen.has(`${t}|${exchange}`)) return;
    seen.add(`${t}|${exchange}`);
    listings.push({
      companyId: id,
      symbol: t,
      exchange,
      market: 'US',
      status: 'active',
      validFrom: null,
      validTo: null,
    });
  });
  const location = addr
    ? [addr.city, addr.stateOrCountryDescription ?? addr.stateOrCountry].filter(Boolean).join(', ')
    : null;
  const company: CompanyInsert = {
    companyId: id,
    companyName: entity.name,
    country: entityCountry(entity, addr),
    cik,
    primaryTicker: tickers[0] ?? null,
    primaryExchange: exchangeCode(exchanges[0]),
    currency: tickers.length > 0 ? 'USD' : null,
    nListings: listings.length,
    sicCode: entity.sic || null,
    sicDescription: entity.sicDescription || null,
    entityType: entity.entityType || null,
    stateOfIncorporation: entity.stateOfIncorporation || null,
    fiscalYearEnd: entity.fiscalYearEnd || null,
    website: entity.website || null,
    location: location || null,
    category: entity.category || null,
    asOfDate,
    sourceUrl: url,
    fetchedAt,
  };
  const identifiers: CompanyIdentifierInsert[] = [
    { companyId: id, idType: 'CIK', idValue: cik, source: 'sec', confidence: 'high', isCurrent: 1 },
    ...[...new Set(tickers)].map((t) => ({
      companyId: id,
      idType: 'TICKER',
      idValue: t,
      source: 'sec',
      confidence: 'high',
      isCurrent: 1,
    })),
  ];
  const events: CompanyEventInsert[] = (entity.formerNames ?? [])
    .filter((f) => f.to)
    .map((f) => ({
      companyId: id,
      eventType: 'name_change',
      eventDate: f.to!.slice(0, 10),
      symbol: null,
      ratio: null,
      counterpartCompanyId: null,
      counterpartName: null,
      detail: `formerly ${f.name}`,
      source: 'sec_submissions',
    }));
  return { companies: [company], identifiers, listings, events };
}
