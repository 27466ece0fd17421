import { filingFolderUrl } from '../../lib/ids.ts';
import { ANNUAL_FORMS, QUARTERLY_FORMS } from './fact-index.ts';
import { identityWarnings } from './identities.ts';
import { FIELDS_BY_STATEMENT, industryForSic, SPECS_BY_STATEMENT } from './mapping.ts';
import { type Calendar, calendarDate, fiscalCalendar } from './periods.ts';
import { type PreparedFacts, prepareFacts } from './prepare.ts';
import { type Resolved, type ResolveEnv, resolveSlot, type Slot } from './resolve.ts';
import { ttmPeriods } from './ttm.ts';
import type { Fact, FieldSource, FiscalPeriod, Grain, RowHead, StatementKind } from './types.ts';

/**
 * buildStatements: standardized income statements, balance sheets and cash-flow statements (spec 2.5).
 *
 * Grains:
 * - annual: fiscal years (350-380 day durations from 10-K/20-F/40-F and their amendments);
 * - quarterly: Q1-Q3 only, as the spec says. Single-quarter flows come from the 3-month fact or from
 *   year-to-date arithmetic (Q2 = 6M - Q1, Q3 = 9M - 6M; marked derived). Q4 rows are NOT returned here:
 *   Q4 (= FY - 9M YTD, flows only) exists internally to build ttm;
 * - ttm: sums of the four consecutive quarters ending on each quarter end (Q4 derived where needed) for flow
 *   fields, null when any quarter is missing; balances (and ending cash) are the instant at the window end;
 *   a window that is exactly a fiscal year takes the year's own figures (flows, per-share values, share
 *   counts); other windows have null per-share values and share counts (never summed).
 * 20-F/40-F filers have no 10-Q, so quarterly and ttm are empty for them (spec 4.3).
 *
 * Point in time: `asOf` keeps only what was filed on or before that date; a value is the latest filed one
 * for its period (a restatement, an amendment or a later comparative replaces the earlier figure).
 * Amendments: 10-K/A and 10-Q/A facts take part like any later filing (their values win from their filing
 * date); a row's accession_number is its own period's filing, or that filing's latest amendment carrying
 * financial facts when one is known on `asOf`.
 */

export interface BuildOptions {
  ticker: string;
  cik: number | string;
  period: Grain;
  asOf?: string;
  sic?: string;
}

/**
 * Reuse of slot resolutions across successive as-of dates (statementVersions). A slot reads only facts
 * ending on its own end or on its earlier quarter ends, so its resolution can only change when a fact with
 * one of those ends is filed; `invalidate` drops the entries a day's filings can change.
 */
export interface ResolutionCache {
  map: Map<string, { ends: string[]; res: Resolution }>;
  /** the fiscal calendar of the last as-of date (the same for every grain built on that date) */
  calendar?: { asOf: string | undefined; cal: Calendar };
  /** ttm windows: reused while their five input resolutions are the same objects */
  ttm?: Map<string, { parts: Array<Resolution | undefined>; res: Resolution }>;
  /** output rows: reused while their resolution and accession are unchanged */
  rows?: Map<
    string,
    {
      res: Resolved;
      accession: string;
      row: StatementRow;
      sources: Record<string, FieldSource>;
      warnings: string[];
    }
  >;
}

export function invalidate(cache: ResolutionCache, filedEnds: Set<string>): void {
  for (const [key, entry] of cache.map) if (entry.ends.some((e) => filedEnds.has(e))) cache.map.delete(key);
}

export type StatementRow = RowHead & { calendar_date?: string } & Record<string, string | number | null>;

export interface StatementSet {
  income_statements: StatementRow[];
  balance_sheets: StatementRow[];
  cash_flow_statements: StatementRow[];
  warnings: string[];
  /** Parallel to the row arrays: how each non-null value came about. */
  provenance: {
    income_statements: Array<Record<string, FieldSource>>;
    balance_sheets: Array<Record<string, FieldSource>>;
    cash_flow_statements: Array<Record<string, FieldSource>>;
  };
  /** Parallel to the row arrays: the quality warnings of each row (failed checks, rejected values). */
  rowWarnings: {
    income_statements: string[][];
    balance_sheets: string[][];
    cash_flow_statements: string[][];
  };
}

export const STATEMENT_KEYS = {
  income: 'income_statements',
  balance: 'balance_sheets',
  cash_flow: 'cash_flow_statements',
} as const satisfies Record<StatementKind, keyof StatementSet>;

const KINDS: StatementKind[] = ['income', 'balance', 'cash_flow'];

export type Resolution = Record<StatementKind, Resolved>;

export interface Period {
  slot: Slot;
  res: Resolution;
  fiscal: FiscalPeriod;
  /** Forms whose filing "owns" this period (for the accession number). */
  forms: Set<string>;
}

function resolveAll(slot: Slot, env: ResolveEnv, cache?: ResolutionCache): Resolution {
  if (!cache) return resolveFresh(slot, env);
  const key = `${slot.kind}|${slot.end}|${slot.fyStart}|${slot.index}|${slot.prevEnds.join(',')}`;
  const hit = cache.map.get(key);
  if (hit) return hit.res;
  const res = resolveFresh(slot, env);
  cache.map.set(key, { ends: [slot.end, ...slot.prevEnds], res });
  return res;
}

function resolveFresh(slot: Slot, env: ResolveEnv): Resolution {
  return {
    income: resolveSlot(SPECS_BY_STATEMENT.income, slot, env),
    balance: resolveSlot(SPECS_BY_STATEMENT.balance, slot, env),
    cash_flow: resolveSlot(SPECS_BY_STATEMENT.cash_flow, slot, env),
  };
}

export function buildStatements(
  facts: Fact[] | PreparedFacts,
  opts: BuildOptions,
  cache?: ResolutionCache,
): StatementSet {
  if (opts.asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.asOf))
    throw new TypeError(`asOf must be YYYY-MM-DD: ${opts.asOf}`);
  const prepared = Array.isArray(facts) ? prepareFacts(facts) : facts;
  const out: StatementSet = {
    income_statements: [],
    balance_sheets: [],
    cash_flow_statements: [],
    warnings: [],
    provenance: { income_statements: [], balance_sheets: [], cash_flow_statements: [] },
    rowWarnings: { income_statements: [], balance_sheets: [], cash_flow_statements: [] },
  };
  if (!prepared.currency || !prepared.standard) {
    out.warnings.push('no mapped financial facts in 10-K/10-Q/20-F/40-F filings');
    return out;
  }
  const env: ResolveEnv = {
    index: prepared.index,
    currency: prepared.currency,
    standard: prepared.standard,
    industry: industryForSic(opts.sic),
    ...(opts.asOf === undefined ? {} : { asOf: opts.asOf }),
  };
  let cal = cache?.calendar && cache.calendar.asOf === opts.asOf ? cache.calendar.cal : undefined;
  if (!cal) {
    cal = fiscalCalendar(prepared.evidence, opts.asOf);
    if (cache) cache.calendar = { asOf: opts.asOf, cal };
  }
  let periods: Period[];
  if (opts.period === 'annual') {
    periods = cal.annual.map((a) => ({
      slot: { kind: 'annual', end: a.end, fyStart: a.start, index: 4, prevEnds: [] } as Slot,
      res: resolveAll({ kind: 'annual', end: a.end, fyStart: a.start, index: 4, prevEnds: [] }, env, cache),
      fiscal: 'FY' as const,
      forms: ANNUAL_FORMS,
    }));
  } else {
    const quarters = cal.quarters.map((q) => {
      const slot: Slot = {
        kind: 'quarter',
        end: q.end,
        fyStart: q.fyStart,
        index: q.index,
        prevEnds: q.prevEnds,
      };
      return {
        slot,
        res: resolveAll(slot, env, cache),
        fiscal: (q.index === 4 ? 'FY' : `Q${q.index}`) as FiscalPeriod,
        forms: q.index === 4 ? ANNUAL_FORMS : QUARTERLY_FORMS,
      };
    });
    periods =
      opts.period === 'quarterly'
        ? quarters.filter((p) => p.slot.index !== 4)
        : ttmPeriods(quarters, cal.annual, (fy) => resolveAll(fy, env, cache), cache);
  }

  for (const p of periods.reverse()) {
    const accession = accessionFor(p, prepared, opts.asOf);
    for (const kind of KINDS) {
      const r = p.res[kind];
      out.warnings.push(...r.warnings);
      const fields = FIELDS_BY_STATEMENT[kind];
      if (fields.every((f) => r.values[f] === null)) continue;
      const rowKey = `${opts.period}|${kind}|${p.slot.end}|${p.fiscal}|${opts.ticker}|${opts.cik}`;
      const cached = cache?.rows?.get(rowKey);
      if (cached && cached.res === r && cached.accession === accession) {
        out[STATEMENT_KEYS[kind]].push(cached.row);
        out.provenance[STATEMENT_KEYS[kind]].push(cached.sources);
        out.rowWarnings[STATEMENT_KEYS[kind]].push(cached.warnings);
        out.warnings.push(...cached.warnings);
        continue;
      }
      const head: StatementRow = {
        ticker: opts.ticker,
        cik: Number(opts.cik),
        report_period: p.slot.end,
        period: opts.period,
        fiscal_period: p.fiscal,
        currency: prepared.currency,
        accounting_standard: prepared.standard,
        accession_number: accession,
        filing_url: accession ? filingFolderUrl(opts.cik, accession) : '',
      };
      if (kind === 'income') head.calendar_date = calendarDate(p.slot.end);
      const sources: Record<string, FieldSource> = {};
      for (const f of fields) {
        head[f] = r.values[f] ?? null;
        if (r.sources[f] && r.values[f] !== null) sources[f] = r.sources[f]!;
      }
      // a failed check is reported beside the row; the row keeps the values as filed
      const checks = opts.period !== 'ttm' ? identityWarnings(kind, p.slot.end, opts.period, r) : [];
      const warnings = [...new Set([...r.warnings, ...checks])];
      if (cache) {
        cache.rows ??= new Map();
        cache.rows.set(rowKey, { res: r, accession, row: head, sources, warnings });
      }
      out[STATEMENT_KEYS[kind]].push(head);
      out.provenance[STATEMENT_KEYS[kind]].push(sources);
      out.rowWarnings[STATEMENT_KEYS[kind]].push(warnings);
      out.warnings.push(...checks);
    }
  }
  out.warnings = [...new Set(out.warnings)];
  return out;
}

function accessionFor(p: Period, prepared: PreparedFacts, asOf?: string): string {
  const own = prepared.evidence.filingsFor(p.slot.end, p.forms, asOf);
  const amendments = own.filter((f) => f.form.endsWith('/A'));
  const chosen = amendments.at(-1) ?? own[0];
  if (chosen) return chosen.accn;
  // A period known only as a comparative: the filing most of its reported values came from.
  const counts = new Map<string, number>();
  for (const kind of KINDS) {
    for (const s of Object.values(p.res[kind].sources))
      if (s.accession) counts.set(s.accession, (counts.get(s.accession) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}
