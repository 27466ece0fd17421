import { dayNumber } from './fact-index.ts';
import { compute, type Inputs, inputs, type MarketInputs, type MetricRow } from './metric-formulas.ts';
import type { StatementRow, StatementSet } from './statements.ts';
import type { Grain, RowHead } from './types.ts';

/** Metrics rows from statement rows; the formulas and the 38 fields are in metric-formulas.ts. */
export {
  type MarketInputs,
  METRIC_FIELDS,
  type MetricField,
  type MetricRow,
  ratio,
} from './metric-formulas.ts';

/**
 * Reuse of metrics rows across successive as-of dates (metricVersions): a row is a pure function of the
 * statement rows it reads (its period's three rows and the prior comparable period's), so while those are
 * the same objects the row is the same object.
 */
export type MetricsMemo = Map<string, { parts: Array<StatementRow | undefined>; row: MetricRow }>;

/** One metrics row per income-statement row of `set` (same grain), newest first. */
export function buildMetrics(
  set: Pick<StatementSet, 'income_statements' | 'balance_sheets' | 'cash_flow_statements'>,
  opts: { period: Grain; market?: Record<string, MarketInputs> },
  memo?: MetricsMemo,
): MetricRow[] {
  // Per report_period: the first balance and cash-flow row, and the last income row (which defines the
  // inputs when a period has two income rows).
  const firstBy = (rows: StatementRow[]) => {
    const m = new Map<string, StatementRow>();
    for (const r of rows) if (!m.has(r.report_period)) m.set(r.report_period, r);
    return m;
  };
  const balance = firstBy(set.balance_sheets);
  const cash = firstBy(set.cash_flow_statements);
  const income = set.income_statements;
  const lastIncome = new Map(income.map((r) => [r.report_period, r]));
  const day = income.map((r) => dayNumber(r.report_period));
  const all = new Map<string, Inputs>();
  const inputsAt = (rp: string) => {
    let x = all.get(rp);
    if (!x) {
      x = inputs(lastIncome.get(rp), balance.get(rp), cash.get(rp));
      all.set(rp, x);
    }
    return x;
  };
  const partsOf = (rp: string) => [lastIncome.get(rp), balance.get(rp), cash.get(rp)];
  return income.map((i, k) => {
    let priorRow: StatementRow | undefined;
    for (let j = 0; j < income.length; j++) {
      const d = day[k]! - day[j]!;
      if (d >= 350 && d <= 380 && income[j]!.fiscal_period === i.fiscal_period) {
        priorRow = income[j];
        break;
      }
    }
    const market = opts.market?.[i.report_period];
    const parts = [i, ...partsOf(i.report_period), ...(priorRow ? partsOf(priorRow.report_period) : [])];
    const hit = market === undefined ? memo?.get(i.report_period) : undefined;
    if (hit && hit.parts.length === parts.length && hit.parts.every((p, j) => p === parts[j])) return hit.row;
    const values = compute(
      inputsAt(i.report_period),
      priorRow ? inputsAt(priorRow.report_period) : undefined,
      opts.period,
      market,
    );
    const head: RowHead = {
      ticker: i.ticker,
      cik: i.cik,
      report_period: i.report_period,
      period: i.period,
      fiscal_period: i.fiscal_period,
      currency: i.currency,
      accounting_standard: i.accounting_standard,
      accession_number: i.accession_number,
      filing_url: i.filing_url,
    };
    const row = { ...head, ...values } as MetricRow;
    if (memo && market === undefined) memo.set(i.report_period, { parts, row });
    return row;
  });
}
