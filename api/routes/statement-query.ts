import type { Database } from '../../lib/db.ts';
import { padCik } from '../../lib/ids.ts';
import { companyByTicker } from '../platform/company-resolution.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';

/**
 * What the statement-family routes of spec 4.3 share: the company query (`ticker` or `cik`, CIK in any
 * padding), the report_period filters and our `as_of` extension, and the point-in-time read of a
 * versioned table (per report_period, the newest version with known_from <= as_of).
 */

export const companyQuery = {
  ticker: p.string({
    description: 'Ticker (current or former). ticker or cik is required; cik wins when both are given',
    max: 20,
    example: 'GOOGL',
  }),
  cik: p.string({
    description: 'SEC CIK in any padding (1652044 or 0001652044)',
    max: 10,
    pattern: /^\d{1,10}$/,
    patternHint: 'must be 1 to 10 digits',
    examples: { 'Alphabet, instead of ticker': '1652044' },
  }),
};

export const periodFilters = {
  report_period: p.date({
    description: 'Exact period end (YYYY-MM-DD)',
    examples: { "Alphabet's FY2024, instead of a range": '2024-12-31' },
  }),
  ...p.range('report_period', p.date, 'Period end', '2022-12-31'),
  as_of: p.date({
    description:
      'Point in time (extension): the figures as they were known on this date, i.e. per report_period the newest version filed on or before it (restatements filed later are not seen). Default: latest',
    example: '2024-06-30',
  }),
};

export const requireCompany = (q: { ticker?: string; cik?: string }) =>
  q.ticker || q.cik ? undefined : 'ticker or cik is required';

export interface StatementCompany {
  cik: number;
  /** The registry's current ticker for the CIK, else the one asked for. */
  ticker: string | null;
  /**
   * The registry's current ticker for the CIK alone (null when the registry does not list it). Rows show
   * this, read at request time, over the ticker stored when they were loaded: a row loaded while the ticker
   * file was broken, or before a rename, never keeps a stale ticker (issue 8, fault 4).
   */
  registryTicker?: string | null;
}

/**
 * The CIK behind `cik` or `ticker`: a CIK is taken as is (an unknown one simply has no rows); a ticker goes
 * through the registry's shared ticker resolution (current, listed, then former tickers; BRK.B = BRK-B),
 * then a ticker known only from company facts. An unknown ticker is a 404.
 */
export async function statementCompany(
  database: Database,
  q: { ticker?: string; cik?: string },
): Promise<StatementCompany> {
  if (q.cik) {
    const cik = padCik(q.cik)!;
    const [c] = await database.query<{ t: string | null }>(
      'select primary_ticker as t from companies where cik = $1 order by company_id limit 1',
      [cik],
    );
    return {
      cik: Number(cik),
      ticker: c?.t ?? q.ticker?.toUpperCase() ?? null,
      registryTicker: c?.t ?? null,
    };
  }
  const t = q.ticker!.toUpperCase();
  const company = await companyByTicker(database, t);
  if (company?.cik)
    return {
      cik: Number(company.cik),
      ticker: company.primaryTicker ?? t,
      registryTicker: company.primaryTicker ?? null,
    };
  // A company the registry does not list may still be known from its submissions (company facts).
  const [hit] = await database.query<{ cik: string; t: string | null }>(
    `select cik, facts->>'ticker' as t from company_facts where facts->>'ticker' = $1 order by cik limit 1`,
    [t],
  );
  if (!hit) throw new ApiError(404, unknownTicker(t));
  return { cik: Number(hit.cik), ticker: hit.t ?? t };
}

/** Optional filters of a read: each its SQL condition (before its parameter) and the query parameter it reads. */
export type QueryFilters = readonly (readonly [condition: string, param: string])[];

/**
 * Appends the values of the `filters` that `q` gives to `params`, in order, and returns which were given (one
 * bit each): the shape of their conditions (`filterConditions`), so a read's SQL text can be built once per
 * shape.
 */
export function pushFilterValues(
  filters: QueryFilters,
  q: Record<string, unknown>,
  params: unknown[],
): number {
  let mask = 0;
  for (let i = 0; i < filters.length; i++) {
    const v = q[filters[i]![1]];
    if (v === undefined) continue;
    params.push(v);
    mask |= 1 << i;
  }
  return mask;
}

/** The conditions of the filters in `mask` (pushFilterValues), their parameters numbered from `next`. */
export function filterConditions(filters: QueryFilters, mask: number, next: number): string[] {
  const conditions: string[] = [];
  for (let i = 0; i < filters.length; i++) {
    if (mask & (1 << i)) conditions.push(`${filters[i]![0]} $${next + conditions.length}`);
  }
  return conditions;
}

/** The report_period filters and as_of, in the order their conditions and parameters come. */
const PERIOD_FILTERS: QueryFilters = [
  ['report_period =', 'report_period'],
  ['report_period >=', 'report_period_gte'],
  ['report_period <=', 'report_period_lte'],
  ['report_period >', 'report_period_gt'],
  ['report_period <', 'report_period_lt'],
  ['known_from <=', 'as_of'],
];

/** pushFilterValues for the report_period filters and as_of. */
export const pushPeriodValues = (q: Record<string, unknown>, params: unknown[]): number =>
  pushFilterValues(PERIOD_FILTERS, q, params);

/** filterConditions for the report_period filters and as_of. */
export const periodConditionsOf = (mask: number, next: number): string[] =>
  filterConditions(PERIOD_FILTERS, mask, next);

/** `where` conditions and parameters for the report_period filters and as_of, numbered from `next`. */
export function periodConditions(
  q: Record<string, unknown>,
  next: number,
): { conditions: string[]; params: unknown[] } {
  const params: unknown[] = [];
  const mask = pushPeriodValues(q, params);
  return { conditions: periodConditionsOf(mask, next), params };
}

/** The statement family's 404 for a ticker neither the registry nor company facts know. */
export function unknownTicker(ticker: string): string {
  return `No company found for ticker '${ticker.slice(0, 20)}'. Pass a ticker (GOOGL) or a CIK in any padding (1652044 or 0001652044)`;
}
