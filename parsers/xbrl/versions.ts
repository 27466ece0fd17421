import { type PreparedFacts, prepareFacts } from './prepare.ts';
import {
  type BuildOptions,
  buildStatements,
  invalidate,
  type ResolutionCache,
  type StatementRow,
  type StatementSet,
} from './statements.ts';
import type { Fact, FieldSource, Grain } from './types.ts';

/**
 * Every distinct version of every statement row, each with `known_from`: the filing date from which that
 * version was the answer. A loader stores them and answers `as_of=D` with one query:
 *   the version with the greatest known_from <= D for each (statement, period, report_period, fiscal_period),
 *   skipping keys whose latest such version is a removal (`row: null`).
 * By construction this equals buildStatements(facts, { asOf: D }) for every D: versions are computed as of
 * each filing date on which the company's facts changed, and nothing changes between those dates.
 */

export type StatementName = 'income_statements' | 'balance_sheets' | 'cash_flow_statements';

export interface StatementVersion {
  statement: StatementName;
  period: Grain;
  report_period: string;
  fiscal_period: string;
  known_from: string;
  /** null: the row stopped existing from known_from on (e.g. a period re-labelled after a 10-K arrived). */
  row: StatementRow | null;
  provenance: Record<string, FieldSource> | null;
  /** Quality warnings of this version of the row (failed identity checks, rejected values). */
  warnings: string[];
}

const NAMES: StatementName[] = ['income_statements', 'balance_sheets', 'cash_flow_statements'];
const GRAINS: Grain[] = ['annual', 'quarterly', 'ttm'];

export function versionKey(
  v: Pick<StatementVersion, 'statement' | 'period' | 'report_period' | 'fiscal_period'>,
): string {
  return `${v.statement}|${v.period}|${v.report_period}|${v.fiscal_period}`;
}

export function statementVersions(
  facts: Fact[] | PreparedFacts,
  opts: Omit<BuildOptions, 'asOf' | 'period'> & { period?: Grain },
): StatementVersion[] {
  const prepared = Array.isArray(facts) ? prepareFacts(facts) : facts;
  const grains = opts.period ? [opts.period] : GRAINS;
  // One resolution cache for every grain: a quarter's slot is the same in the quarterly and the ttm
  // grain, a fiscal year's in the annual and the ttm grain, so each is resolved once per change.
  const cache: ResolutionCache = { map: new Map() };
  const state = grains.map((period) => ({
    period,
    out: [] as StatementVersion[],
    /** versionKey -> the current version's row and warnings (row null after a removal) */
    last: new Map<string, { row: StatementRow | null; warnings: string[] }>(),
  }));
  for (const date of prepared.filingDates) {
    invalidate(cache, prepared.endsByFiled.get(date) ?? new Set());
    for (const { period, out, last } of state) {
      const set: StatementSet = buildStatements(prepared, { ...opts, period, asOf: date }, cache);
      const seen = new Set<string>();
      for (const statement of NAMES) {
        set[statement].forEach((row, i) => {
          const key = versionKey({
            statement,
            period,
            report_period: row.report_period,
            fiscal_period: row.fiscal_period,
          });
          seen.add(key);
          // the same row object (a cache hit) carries the same warnings: nothing to compare
          const prev = last.get(key);
          if (prev?.row === row) return;
          const warnings = set.rowWarnings[statement][i] ?? [];
          last.set(key, { row, warnings });
          if (prev?.row && sameValues(prev.row, row) && sameValues(prev.warnings, warnings)) return;
          out.push({
            statement,
            period,
            report_period: row.report_period,
            fiscal_period: row.fiscal_period,
            known_from: date,
            row,
            provenance: set.provenance[statement][i] ?? {},
            warnings,
          });
        });
      }
      for (const [key, prev] of last) {
        if (seen.has(key) || prev.row === null) continue;
        last.set(key, { row: null, warnings: [] });
        const [statement, , report_period, fiscal_period] = key.split('|') as [
          StatementName,
          string,
          string,
          string,
        ];
        out.push({
          statement,
          period,
          report_period,
          fiscal_period,
          known_from: date,
          row: null,
          provenance: null,
          warnings: [],
        });
      }
    }
  }
  // grain by grain, each in filing-date order (what metricVersions and rowsAsOf readers expect)
  return state.flatMap((g) => g.out);
}

/**
 * Equal as JSON would say (rows hold only primitives, in a fixed key order; warnings are string arrays),
 * without building the strings: most rows a filing date rebuilds are unchanged.
 */
export function sameValues(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka)
    if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  return true;
}

/** The rows a loader would answer for `asOf` from stored versions (newest report_period first). */
export function rowsAsOf(
  versions: StatementVersion[],
  statement: StatementName,
  period: Grain,
  asOf?: string,
): StatementRow[] {
  const latest = new Map<string, StatementVersion>();
  for (const v of versions) {
    if (v.statement !== statement || v.period !== period) continue;
    if (asOf !== undefined && v.known_from > asOf) continue;
    const key = versionKey(v);
    const cur = latest.get(key);
    if (!cur || v.known_from >= cur.known_from) latest.set(key, v);
  }
  return [...latest.values()]
    .filter((v) => v.row !== null)
    .map((v) => v.row!)
    .sort((a, b) => (a.report_period === b.report_period ? 0 : a.report_period < b.report_period ? 1 : -1));
}
