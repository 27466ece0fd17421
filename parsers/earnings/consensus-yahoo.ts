import { ParseError } from '../../lib/errors.ts';
import type {
  ConsensusActual,
  ConsensusCalendar,
  ConsensusEstimate,
  ConsensusModules,
  ConsensusProvider,
} from './consensus-types.ts';

/**
 * Yahoo's quoteSummary modules `earningsTrend`, `earningsHistory` and `calendarEvents`
 * (`/v10/finance/quoteSummary/<symbol>?formatted=false&modules=<module>`). Format rules, each holding on every
 * recorded file (fixtures/upstream/CONSENSUS-FIXTURES.md):
 * - A number is either plain (`calendarEvents`) or a `{raw, fmt}` object even with `formatted=false`
 *   (`earningsTrend`, `earningsHistory`); `{}` or null is no value. `raw` is read, `fmt` never.
 * - Estimates with `numberOfAnalysts` 0 are absent, whatever avg/low/high say (Ocado's 0q: all 0).
 * - Period codes follow the company's fiscal calendar (`0q`/`+1q` quarters, `0y`/`+1y` years, `+5y`/`-5y`
 *   growth rates per year); `endDate` is an ISO date or null.
 * - calendarEvents dates are epoch seconds; `isEarningsDateEstimate` tells an estimated window from a set date.
 * - A 404 body `{quoteSummary: {result: null, error: {code: 'Not Found'}}}` is "no data for this symbol".
 */

/** The basis of Yahoo's EPS figures, decided from the recorded files (docs/consensus-and-markets.md). */
export const YAHOO_EPS_BASIS_EVIDENCE =
  "Yahoo's EPS consensus and actuals are on the analysts' (street) basis: the company's adjusted EPS where it publishes one, else GAAP. Evidence: Salesforce's quarter ended 2024-10-31 has epsActual 2.41, its non-GAAP diluted EPS (GAAP diluted EPS was 1.58); Apple, which publishes no adjusted EPS, has 2.40 for the quarter ended 2024-12-31, its GAAP diluted EPS.";
const REVENUE_BASIS_EVIDENCE =
  'Revenue estimates are of reported (GAAP/IFRS) revenue: Yahoo yearAgoRevenue equals the reported figure (Apple FY2024: 391,035,000,000).';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A plain number or Yahoo's `{raw, fmt}` wrapper; anything else (`{}`, null, a string) is no value. */
export function yNum(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (isObj(v) && typeof v.raw === 'number' && Number.isFinite(v.raw)) return v.raw;
  return null;
}
const yInt = (v: unknown) => {
  const n = yNum(v);
  return n === null ? null : Math.round(n);
};
const yText = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function periodType(code: string): ConsensusEstimate['periodType'] | null {
  if (/^[+-]?\d*q$/.test(code)) return 'quarter';
  if (/^[+-]?[01]y$/.test(code)) return 'year';
  if (/^[+-]\d+y$/.test(code)) return 'long_term';
  return null;
}

function isoDate(v: unknown): string | null {
  const s = yText(v);
  return s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null;
}

function epochDate(v: unknown): Date | null {
  const n = yNum(v);
  return n === null || n <= 0 ? null : new Date(n * 1000);
}

function result(body: unknown, document: string): { module: Json | null; notFound?: string } {
  if (!isObj(body) || !isObj(body.quoteSummary))
    throw new ParseError('not a Yahoo quoteSummary body (no quoteSummary object)', document);
  const qs = body.quoteSummary;
  if (isObj(qs.error)) {
    const code = yText(qs.error.code) ?? 'error';
    const description = yText(qs.error.description) ?? '';
    if (/not\s*found/i.test(code)) return { module: null, notFound: `${code}: ${description}`.trim() };
    throw new ParseError(`quoteSummary error ${code}: ${description}`, document);
  }
  if (!Array.isArray(qs.result) || !isObj(qs.result[0]))
    throw new ParseError('quoteSummary.result is not a one-element array', document);
  return { module: qs.result[0] };
}

function trendRows(trend: unknown[], warnings: string[], document: string): ConsensusEstimate[] {
  const out: ConsensusEstimate[] = [];
  for (const t of trend) {
    if (!isObj(t)) continue;
    const code = yText(t.period);
    const type = code ? periodType(code) : null;
    if (!code || !type) {
      warnings.push(`${document}: unknown earningsTrend period ${String(t.period)}`);
      continue;
    }
    const periodEnd = isoDate(t.endDate);
    const eps = isObj(t.earningsEstimate) ? t.earningsEstimate : {};
    const rev = isObj(t.revenueEstimate) ? t.revenueEstimate : {};
    const trendObj = isObj(t.epsTrend) ? t.epsTrend : {};
    const rv = isObj(t.epsRevisions) ? t.epsRevisions : {};
    const none = {
      yearAgo: null,
      trend7dAgo: null,
      trend30dAgo: null,
      trend60dAgo: null,
      trend90dAgo: null,
      revisionsUp7d: null,
      revisionsUp30d: null,
      revisionsDown7d: null,
      revisionsDown30d: null,
    };
    if (type === 'long_term') {
      const growth = yNum(t.growth);
      if (growth !== null)
        out.push({
          periodCode: code,
          periodType: type,
          periodEnd,
          metric: 'eps_growth',
          currency: null,
          basis: 'adjusted',
          basisEvidence: YAHOO_EPS_BASIS_EVIDENCE,
          avg: growth,
          low: null,
          high: null,
          growth: null,
          analysts: null,
          ...none,
        });
      continue;
    }
    const epsAnalysts = yInt(eps.numberOfAnalysts);
    if (epsAnalysts !== null && epsAnalysts > 0) {
      out.push({
        periodCode: code,
        periodType: type,
        periodEnd,
        metric: 'eps',
        currency: yText(eps.earningsCurrency),
        basis: 'adjusted',
        basisEvidence: YAHOO_EPS_BASIS_EVIDENCE,
        avg: yNum(eps.avg),
        low: yNum(eps.low),
        high: yNum(eps.high),
        yearAgo: yNum(eps.yearAgoEps),
        growth: yNum(eps.growth),
        analysts: epsAnalysts,
        trend7dAgo: yNum(trendObj['7daysAgo']),
        trend30dAgo: yNum(trendObj['30daysAgo']),
        trend60dAgo: yNum(trendObj['60daysAgo']),
        trend90dAgo: yNum(trendObj['90daysAgo']),
        revisionsUp7d: yInt(rv.upLast7days),
        revisionsUp30d: yInt(rv.upLast30days),
        // Yahoo spells the 7-day down count with a capital D (downLast7Days); both spellings are read
        revisionsDown7d: yInt(rv.downLast7Days ?? rv.downLast7days),
        revisionsDown30d: yInt(rv.downLast30days),
      });
    }
    const revAnalysts = yInt(rev.numberOfAnalysts);
    if (revAnalysts !== null && revAnalysts > 0) {
      out.push({
        periodCode: code,
        periodType: type,
        periodEnd,
        metric: 'revenue',
        currency: yText(rev.revenueCurrency),
        basis: 'reported',
        basisEvidence: REVENUE_BASIS_EVIDENCE,
        avg: yNum(rev.avg),
        low: yNum(rev.low),
        high: yNum(rev.high),
        growth: yNum(rev.growth),
        analysts: revAnalysts,
        ...none,
        yearAgo: yNum(rev.yearAgoRevenue),
      });
    }
  }
  return out;
}

function historyRows(history: unknown[], warnings: string[], document: string): ConsensusActual[] {
  const out: ConsensusActual[] = [];
  for (const h of history) {
    if (!isObj(h)) continue;
    const q = h.quarter;
    // the quarter end: epoch seconds at 00:00 UTC of the date (its `fmt` says the same date)
    const end = epochDate(q);
    if (!end) {
      warnings.push(`${document}: earningsHistory row without a quarter end date`);
      continue;
    }
    out.push({
      periodEnd: end.toISOString().slice(0, 10),
      currency: yText(h.currency),
      epsActual: yNum(h.epsActual),
      actualBasis: 'adjusted',
      epsEstimate: yNum(h.epsEstimate),
      estimateBasis: 'adjusted',
      basisEvidence: YAHOO_EPS_BASIS_EVIDENCE,
      providerSurprisePercent: yNum(h.surprisePercent),
    });
  }
  return out;
}

function calendarRow(cal: Json): ConsensusCalendar | null {
  const e = isObj(cal.earnings) ? cal.earnings : null;
  if (!e) return null;
  const dates = (Array.isArray(e.earningsDate) ? e.earningsDate : [])
    .map(epochDate)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  if (dates.length === 0) return null;
  const calls = (Array.isArray(e.earningsCallDate) ? e.earningsCallDate : []).map(epochDate);
  return {
    dates,
    // the flag is the evidence; a missing flag with one date is not taken as confirmed
    confirmed: e.isEarningsDateEstimate === false && dates.length === 1,
    callAt: calls[0] ?? null,
    epsAvg: yNum(e.earningsAverage),
    epsLow: yNum(e.earningsLow),
    epsHigh: yNum(e.earningsHigh),
    revenueAvg: yNum(e.revenueAverage),
    revenueLow: yNum(e.revenueLow),
    revenueHigh: yNum(e.revenueHigh),
  };
}

/** One quoteSummary body (any of the three modules, or several at once). */
export function parseYahooQuoteSummary(text: string, document: string): ConsensusModules {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new ParseError('quoteSummary body is not JSON', document, { cause: err });
  }
  const { module, notFound } = result(body, document);
  const warnings: string[] = [];
  if (!module) return { notFound, warnings };
  const out: ConsensusModules = { warnings };
  let known = false;
  if (isObj(module.earningsTrend)) {
    known = true;
    const trend = module.earningsTrend.trend;
    out.estimates = trendRows(Array.isArray(trend) ? trend : [], warnings, document);
  }
  if (isObj(module.earningsHistory)) {
    known = true;
    const history = module.earningsHistory.history;
    out.history = historyRows(Array.isArray(history) ? history : [], warnings, document);
  }
  if (isObj(module.calendarEvents)) {
    known = true;
    out.calendar = calendarRow(module.calendarEvents);
  }
  if (!known)
    throw new ParseError(
      'quoteSummary result holds none of earningsTrend, earningsHistory, calendarEvents',
      document,
    );
  return out;
}

const QS = 'https://query2.finance.yahoo.com/v10/finance/quoteSummary';

export const YAHOO_CONSENSUS_MODULES = ['earningsTrend', 'earningsHistory', 'calendarEvents'] as const;

/** Yahoo: one request per module (each module answers on its own; one failing leaves the others). */
export const yahooConsensus: ConsensusProvider = {
  id: 'yahoo',
  urls: (symbol) =>
    YAHOO_CONSENSUS_MODULES.map((m) => `${QS}/${encodeURIComponent(symbol)}?formatted=false&modules=${m}`),
  parse: (bytes, document) => parseYahooQuoteSummary(bytes.toString('utf8'), document),
};

export const CONSENSUS_PROVIDERS: readonly ConsensusProvider[] = [yahooConsensus];
