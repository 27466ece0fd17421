import { buildStatements, type StatementRow } from '../../../parsers/xbrl/statements.ts';
import { company } from './load.ts';

/** Statements of one fixture company, as of a date when given (shared by the statements test files). */
export function build(
  ticker: 'GOOGL' | 'MRVL' | 'TSM' | 'LPA',
  period: 'annual' | 'quarterly' | 'ttm',
  asOf?: string,
) {
  const { doc, prepared } = company(ticker);
  return buildStatements(prepared, { ticker, cik: doc.cik, period, ...(asOf ? { asOf } : {}) });
}

export function row(rows: StatementRow[], reportPeriod: string): StatementRow {
  const r = rows.find((x) => x.report_period === reportPeriod);
  if (!r) throw new Error(`no row for ${reportPeriod}`);
  return r;
}
