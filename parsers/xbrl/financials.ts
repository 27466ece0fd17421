import type { FinancialStatementInsert } from '../../schema/financials.ts';
import { parseCompanyFacts } from './companyfacts.ts';
import { mappedConcepts } from './mapping.ts';
import { buildMetrics, type MetricRow, type MetricsMemo } from './metrics.ts';
import { prepareFacts } from './prepare.ts';
import type { StatementRow } from './statements.ts';
import type { Grain } from './types.ts';
import {
  type StatementName,
  type StatementVersion,
  sameValues,
  statementVersions,
  versionKey,
} from './versions.ts';

/**
 * companyfacts JSON -> `financial_statements` rows: every version of every income, balance, cash-flow and
 * metrics row, each with the filing date from which it was the answer (`known_from`). The table answers
 * "latest" and "as of D" with one query: per report_period, the version with the greatest known_from <= D.
 *
 * - statements: `statementVersions` (annual, quarterly, ttm).
 * - metrics: a metrics row is computed from the statements at its report period and the prior comparable
 *   period, so it can change only on a date one of those statement versions changed. For every such date we
 *   compute buildMetrics(rowsAsOf(date)) and keep the rows that differ: metrics as of D equal
 *   buildMetrics over the statements as of D. Market inputs (price, market cap) have no table yet, so the
 *   eight valuation metrics are null.
 * - a removal (a row that stopped existing from a date on, e.g. a period re-labelled) is stored as a
 *   version with `fiscal_period` null and empty values; readers skip it after choosing the newest version.
 * - `warnings`: each statement version keeps its row's quality warnings (a failed identity, a negative
 *   revenue, a rejected derived value), stored beside the values, which stay as filed.
 *
 * `ticker` is left null: the loader sets it from the company registry.
 */

export type StatementColumn = 'income' | 'balance' | 'cash_flow' | 'metrics';

const STATEMENT_OF: Record<StatementName, StatementColumn> = {
  income_statements: 'income',
  balance_sheets: 'balance',
  cash_flow_statements: 'cash_flow',
};
const NAMES: StatementName[] = ['income_statements', 'balance_sheets', 'cash_flow_statements'];
const GRAINS: Grain[] = ['annual', 'quarterly', 'ttm'];
/** Head fields kept in their own columns, not in `values`. */
const HEAD = new Set([
  'ticker',
  'cik',
  'report_period',
  'period',
  'fiscal_period',
  'currency',
  'accounting_standard',
  'accession_number',
  'filing_url',
  'calendar_date',
]);

export interface FinancialsParse {
  cik: number;
  entityName: string;
  rows: FinancialStatementInsert[];
  warnings: string[];
}

export function financialStatementRows(
  body: string | unknown,
  opts: { fetchedAt: string; document?: string; sic?: string },
): FinancialsParse {
  // Only mapped concepts become Fact objects: most of a companyfacts file is disclosure detail.
  const mapped = mappedConcepts();
  const doc = parseCompanyFacts(body, {
    keep: (taxonomy, concept) => mapped.has(`${taxonomy}:${concept}`),
    ...(opts.document ? { document: opts.document } : {}),
  });
  const prepared = prepareFacts(doc.facts);
  const build = { ticker: '', cik: doc.cik, ...(opts.sic ? { sic: opts.sic } : {}) };
  const versions = statementVersions(prepared, build);
  const fetchedAt = new Date(opts.fetchedAt);
  const rows: FinancialStatementInsert[] = [];
  const push = (
    statement: StatementColumn,
    period: Grain,
    reportPeriod: string,
    knownFrom: string,
    row: StatementRow | MetricRow | null,
    derived: string[],
    warnings: string[],
  ) => {
    const values: Record<string, unknown> = {};
    if (row) for (const [k, v] of Object.entries(row)) if (!HEAD.has(k)) values[k] = v;
    rows.push({
      cik: doc.cik,
      statement,
      period,
      reportPeriod,
      knownFrom,
      ticker: null,
      fiscalPeriod: row?.fiscal_period ?? null,
      calendarDate: (row as StatementRow | null)?.calendar_date ?? null,
      currency: row?.currency ?? null,
      accountingStandard: row?.accounting_standard ?? null,
      accessionNumber: row?.accession_number || null,
      filingUrl: row?.filing_url || null,
      values,
      derived,
      warnings,
      fetchedAt,
    });
  };
  const rowWarnings = new Set<string>();
  for (const v of collapse(versions)) {
    const derived = Object.entries(v.provenance ?? {})
      .filter(([, s]) => s.kind === 'derived')
      .map(([f]) => f);
    push(STATEMENT_OF[v.statement], v.period, v.report_period, v.known_from, v.row, derived, v.warnings);
    for (const w of v.warnings) rowWarnings.add(w);
  }
  for (const m of metricVersions(versions))
    push('metrics', m.period, m.reportPeriod, m.knownFrom, m.row, [], []);
  return { cik: doc.cik, entityName: doc.entityName, rows, warnings: [...doc.warnings, ...rowWarnings] };
}

/**
 * The table keys a version by report_period (not by fiscal_period): when one report_period loses its old
 * label and gains a new one on the same date, the new row is the version of that date.
 */
function collapse(versions: StatementVersion[]): StatementVersion[] {
  const byKey = new Map<string, StatementVersion>();
  for (const v of versions) {
    const key = `${v.statement}|${v.period}|${v.report_period}|${v.known_from}`;
    const cur = byKey.get(key);
    if (!cur || cur.row === null) byKey.set(key, v);
  }
  return [...byKey.values()];
}

interface MetricVersion {
  period: Grain;
  reportPeriod: string;
  knownFrom: string;
  row: MetricRow | null;
}

/**
 * Metrics versions of every grain. `versions` as statementVersions returns them (each grain in filing-date
 * order). The statement rows known on each date are kept incrementally (what rowsAsOf(date) answers) and
 * buildMetrics reuses every metrics row whose input rows did not change that day.
 */
export function metricVersions(versions: StatementVersion[]): MetricVersion[] {
  const out: MetricVersion[] = [];
  for (const period of GRAINS) {
    const byDate = new Map<string, StatementVersion[]>();
    for (const v of versions) {
      if (v.period !== period) continue;
      const list = byDate.get(v.known_from) ?? [];
      list.push(v);
      byDate.set(v.known_from, list);
    }
    const current = new Map<StatementName, Map<string, StatementVersion>>(NAMES.map((n) => [n, new Map()]));
    const memo: MetricsMemo = new Map();
    const last = new Map<string, MetricRow | null>();
    for (const date of [...byDate.keys()].sort()) {
      for (const v of byDate.get(date)!) current.get(v.statement)!.set(versionKey(v), v);
      const [income_statements, balance_sheets, cash_flow_statements] = NAMES.map((n) =>
        known(current.get(n)!),
      ) as [StatementRow[], StatementRow[], StatementRow[]];
      const seen = new Set<string>();
      const rows = buildMetrics(
        { income_statements, balance_sheets, cash_flow_statements },
        { period },
        memo,
      );
      for (const row of rows) {
        seen.add(row.report_period);
        const prev = last.get(row.report_period);
        if (prev === row) continue;
        last.set(row.report_period, row);
        if (prev && sameValues(prev, row)) continue;
        out.push({ period, reportPeriod: row.report_period, knownFrom: date, row });
      }
      for (const [rp, prev] of last) {
        if (seen.has(rp) || prev === null) continue;
        last.set(rp, null);
        out.push({ period, reportPeriod: rp, knownFrom: date, row: null });
      }
    }
  }
  return out;
}

/** The rows of the current versions, newest report_period first (removals skipped), as rowsAsOf orders them. */
function known(current: Map<string, StatementVersion>): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const v of current.values()) if (v.row) rows.push(v.row);
  return rows.sort((a, b) =>
    a.report_period === b.report_period ? 0 : a.report_period < b.report_period ? 1 : -1,
  );
}
