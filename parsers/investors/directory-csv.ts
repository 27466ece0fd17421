import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';

/**
 * A venture-investor directory snapshot (CSV) -> investor rows of spec 2.8. The one real file
 * (`vclist_2016.csv`, a startup-data vendor's export) has the columns No, Name, Type, 3YearFundsOffered,
 * 3YearFundsSold, EstMostRecentFundDate, InvestorLocation, InvestorCity, InvestorState, InvestorCountry,
 * PortfolioSize, NumberofDeals, Website, AverageGrowthScore.
 * Rules: money as abbreviated strings (`$10.9B`, `$518.3M`, `$0.00`) -> dollars; `0` and empty are unknown
 * (null), never zero; dates M/D/YYYY -> ISO; websites without a scheme get `https://` in `url`, the bare host
 * in `website` and `domain`; `Type` codes are spelled out (`VC` -> `VC firm`). Columns the spec's row has no
 * place for (funds raised, portfolio size, deals, growth score) are kept in `extra`. `as_of` is the
 * snapshot's date, given by the caller (the import's `--as-of`), else the newest fund date in the file (the
 * snapshot is at least that new).
 */
export interface InvestorRow {
  record_id: string;
  name: string;
  url: string | null;
  website: string | null;
  domain: string | null;
  investor_type: string | null;
  location: string | null;
  countries: string[];
  stages: string[];
  themes: string[];
  first_check: string | null;
  lead: boolean | null;
  reply_rate: number | null;
  submit_method: string | null;
  submit_url: string | null;
  linkedin_company: string | null;
  twitter: string | null;
  who_we_are: string | null;
  funding_requirements: string | null;
  value_add: string | null;
  as_of: string;
  extra: Record<string, number | string | null>;
}

const TYPES: Record<string, string> = {
  VC: 'VC firm',
  CVC: 'Corporate VC',
  FO: 'Family office',
  ANGEL: 'Angel group',
};

export function money(v: string | undefined): number | null {
  const m = /^\$?\s*([\d,]*\.?\d+)\s*([KMB])?$/i.exec((v ?? '').trim());
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, '')) * ({ K: 1e3, M: 1e6, B: 1e9 }[(m[2] ?? '').toUpperCase()] ?? 1);
  return n > 0 ? Math.round(n) : null;
}

const count = (v: string | undefined) => {
  const n = Number((v ?? '').replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
};

function isoDate(v: string | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((v ?? '').trim());
  return m ? `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : null;
}

export function parseInvestorDirectory(
  text: string,
  opts: { asOf?: string; document?: string } = {},
): { rows: InvestorRow[]; warnings: string[]; as_of: string } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('Name') || !fields.includes('Type')) {
    throw new ParseError('not an investor directory: no Name and Type columns', opts.document);
  }
  const warnings = parsed.errors.slice(0, 5).map((e) => `row ${e.row}: ${e.message}`);
  const dates = parsed.data
    .map((r) => isoDate(r.EstMostRecentFundDate))
    .filter((d): d is string => d !== null);
  const asOf = opts.asOf ?? dates.sort().at(-1);
  if (!asOf) throw new ParseError('no snapshot date: pass --as-of', opts.document);
  const rows: InvestorRow[] = [];
  const seen = new Set<string>();
  let unnamed = 0;
  let duplicates = 0;
  for (const r of parsed.data) {
    const name = (r.Name ?? '').trim();
    if (!name) {
      unnamed++;
      continue;
    }
    const host =
      (r.Website ?? '')
        .trim()
        .replace(/^https?:\/\//i, '')
        .replace(/\/.*$/, '')
        .toLowerCase() || null;
    const place = [r.InvestorCity, r.InvestorState, r.InvestorCountry]
      .map((x) => (x ?? '').trim())
      .filter(Boolean);
    const type = (r.Type ?? '').trim();
    const recordId = `inv_${createHash('sha256')
      .update(`${name}|${host ?? ''}`)
      .digest('hex')
      .slice(0, 16)}`;
    if (seen.has(recordId)) {
      duplicates++; // the same name and website twice: the first row is kept
      continue;
    }
    seen.add(recordId);
    rows.push({
      record_id: recordId,
      name,
      url: host ? `https://${host}` : null,
      website: host,
      domain: host?.replace(/^www\./, '') ?? null,
      investor_type: TYPES[type.toUpperCase()] ?? (type || null),
      location: place.length ? place.join(', ') : (r.InvestorLocation ?? '').trim() || null,
      countries: (r.InvestorCountry ?? '').trim() ? [(r.InvestorCountry ?? '').trim()] : [],
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
      as_of: asOf,
      extra: {
        funds_offered_3y_usd: money(r['3YearFundsOffered']),
        funds_sold_3y_usd: money(r['3YearFundsSold']),
        most_recent_fund_date: isoDate(r.EstMostRecentFundDate),
        portfolio_size: count(r.PortfolioSize),
        number_of_deals: count(r.NumberofDeals),
        average_growth_score: count(r.AverageGrowthScore),
      },
    });
  }
  if (unnamed) warnings.push(`${unnamed} rows without a name skipped`);
  if (duplicates) warnings.push(`${duplicates} rows repeat an earlier name and website: the first is kept`);
  return { rows, warnings, as_of: asOf };
}
