import { describe, expect, it } from 'vitest';
import { metricVersions } from '../../../parsers/xbrl/financials.ts';
import { buildMetrics, type MetricRow } from '../../../parsers/xbrl/metrics.ts';
import type { StatementRow } from '../../../parsers/xbrl/statements.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { rowsAsOf, type StatementName, statementVersions } from '../../../parsers/xbrl/versions.ts';
import { company } from './load.ts';

const NAMES: StatementName[] = ['income_statements', 'balance_sheets', 'cash_flow_statements'];

describe('statementVersions', () => {
  for (const ticker of ['GOOGL', 'MRVL', 'LPA', 'TSM'] as const) {
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

  for (const ticker of ['GOOGL', 'MRVL'] as const) {
    it(`${ticker}: metrics versions as of any date equal buildMetrics over the statements as of that date`, () => {
      const { doc, prepared } = company(ticker);
      const versions = statementVersions(prepared, { ticker, cik: doc.cik });
      const metrics = metricVersions(versions);
      for (const asOf of [...prepared.filingDates, '2099-12-31']) {
        for (const period of ['annual', 'quarterly', 'ttm'] as const) {
          const [income_statements, balance_sheets, cash_flow_statements] = NAMES.map((n) =>
            rowsAsOf(versions, n, period, asOf),
          ) as [StatementRow[], StatementRow[], StatementRow[]];
          const expected = buildMetrics(
            { income_statements, balance_sheets, cash_flow_statements },
            { period },
          );
          const latest = new Map<string, MetricRow | null>();
          for (const m of metrics)
            if (m.period === period && m.knownFrom <= asOf) latest.set(m.reportPeriod, m.row);
          const stored = [...latest.values()]
            .filter((r): r is MetricRow => r !== null)
            .sort((a, b) => b.report_period.localeCompare(a.report_period));
          expect(stored).toEqual(expected);
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

  it('a row whose warnings change gets a new version: TSM 2017 stops balancing on 2021-04-16', () => {
    const { doc, prepared } = company('TSM');
    const v = statementVersions(prepared, { ticker: 'TSM', cik: doc.cik, period: 'annual' }).filter(
      (x) => x.statement === 'balance_sheets' && x.report_period === '2017-12-31',
    );
    // Equity at 2017-12-31 re-tagged 1,495,692.3M by the FY2020 20-F (first filed 1,494,446.5M); the row's
    // values (total assets, liabilities, equity attributable to the parent) are unchanged
    expect(v.map((x) => [x.known_from, x.row?.total_assets, x.warnings.length])).toEqual([
      ['2018-04-19', 1_991_732_000_000, 0],
      ['2021-04-16', 1_991_732_000_000, 1],
    ]);
    expect(v[1]!.warnings[0]).toMatch(/^identity annual 2017-12-31: total_assets/);
  });
});
