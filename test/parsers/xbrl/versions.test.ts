import { describe, expect, it } from 'vitest';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { rowsAsOf, type StatementName, statementVersions } from '../../../parsers/xbrl/versions.ts';
import { company } from './load.ts';

const NAMES: StatementName[] = ['income_statements', 'balance_sheets', 'cash_flow_statements'];

describe('statementVersions', () => {
  for (const ticker of ['MRVL', 'LPA'] as const) {
    it(`${ticker}: reducing the stored versions as of any date gives buildStatements(asOf)`, () => {
      const { doc, prepared } = company(ticker);
      const opts = { ticker, cik: doc.cik };
      const versions = statementVersions(prepared, opts);
      const dates = [...prepared.filingDates, '2000-01-01', '2099-12-31'];
      for (const asOf of dates) {
        for (const period of ['annual', 'quarterly', 'ttm'] as const) {
          const built = buildStatements(prepared, { ...opts, period, asOf });
          for (const name of NAMES) expect(rowsAsOf(versions, name, period, asOf)).toEqual(built[name]);
        }
      }
    });
  }

  it('records a restated value as a new version known from the restating filing date', () => {
    const { doc, prepared } = company('LPA');
    const v = statementVersions(prepared, { ticker: 'LPA', cik: doc.cik, period: 'annual' }).filter(
      (x) => x.statement === 'income_statements' && x.report_period === '2023-12-31',
    );
    expect(v.map((x) => [x.known_from, x.row?.earnings_per_share_diluted])).toEqual([
      ['2024-04-26', 0.019],
      ['2025-04-02', 0.11],
    ]);
  });
});
