import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { SPECS_BY_STATEMENT } from '../../../parsers/xbrl/mapping.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { resolveSlot } from '../../../parsers/xbrl/resolve.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 5 (fixtures/financials/held-out-5): Enbridge, a CAD reporter that filed 40-Fs until
 * fiscal 2016 and its first 10-K for fiscal 2017 (0000895728-18-000008, filed 2018-02-16); its first 10-Q is
 * Q1 2018. Every number below was read by hand from the facts as filed; Q4 was subtracted by hand.
 */
const ROOT = fileURLToPath(new URL('../../../fixtures/financials/', import.meta.url));
const FILE = 'CIK0000895728_FY2017-2018-TRIM.json';

describe('set 5: Enbridge fiscal 2017, the first 10-K year of a CAD reporter', () => {
  const doc = parseCompanyFacts(readFileSync(`${ROOT}held-out-5/${FILE}`, 'utf8'), { document: FILE });
  const prepared = prepareFacts(doc.facts);
  const build = (period: 'annual' | 'quarterly', asOf?: string) =>
    buildStatements(prepared, { ticker: 'ENB', cik: doc.cik, period, ...(asOf ? { asOf } : {}) });

  it('fiscal 2017, tagged in the first 10-K for only two concepts, is an annual row in CAD', () => {
    expect(prepared.currency).toBe('CAD');
    expect(row(build('annual').income_statements, '2017-12-31')).toMatchObject({
      fiscal_period: 'FY',
      revenue: 44_378_000_000,
      earnings_per_share_diluted: 1.65,
    });
  });

  it("the 10-K's quarterly figures are fiscal 2017's quarters before any 10-Q exists (as of 2018-03-01)", () => {
    const q = build('quarterly', '2018-03-01').income_statements;
    expect(row(q, '2017-03-31')).toMatchObject({ fiscal_period: 'Q1', revenue: 11_146_000_000 });
    expect(row(q, '2017-06-30')).toMatchObject({ fiscal_period: 'Q2', revenue: 11_116_000_000 });
    expect(row(q, '2017-09-30')).toMatchObject({ fiscal_period: 'Q3', revenue: 9_227_000_000 });
  });

  it('Q4 2017 = FY 44,378M - 9M 31,489M (10-Q 0000895728-18-000065 comparative) = 12,889M', () => {
    const q = fiscalCalendar(prepared.evidence).quarters.find((x) => x.end === '2017-12-31')!;
    const env = { index: prepared.index, currency: 'CAD', standard: 'us_gaap' as const, industry: null };
    const values = resolveSlot(SPECS_BY_STATEMENT.income, { kind: 'quarter', ...q }, env).values;
    expect(q.index).toBe(4);
    expect(values.revenue).toBe(12_889_000_000);
  });

  it('every set-5 label (JPMorgan FY2023 and Enbridge FY2017-2018) is right', () => {
    const results = scoreLabels(`${ROOT}held-out-5`, 'held-out-5');
    expect(results).toHaveLength(39);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
