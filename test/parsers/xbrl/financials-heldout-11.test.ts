import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 11 (fixtures/financials/held-out-11): Alphabet's fiscal 2015 from the shared companyfacts
 * body. Its first 10-Q is Q3 2015 (nine months and three months; no six months until the Q2 2016 10-Q), and its
 * cash flows were recast in between: the 8-K of 2016-05-03 moves excess tax benefits into operating cash flow
 * (FY2015 26,024M -> 26,572M), the six months (13,818M, 2016-08-04) are filed on the new basis, and the nine months
 * stay as first filed (19,609M) until the Q3 2016 10-Q restates them (19,963M, 2016-11-03). Numbers read by hand.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-11', import.meta.url));
const FILE = 'CIK0001652044_FY2015-TRIM.json';
const prepared = prepareFacts(
  parseCompanyFacts(readFileSync(`${DIR}/${FILE}`, 'utf8'), { document: FILE }).facts,
);
const quarterly = (asOf?: string) =>
  buildStatements(prepared, {
    ticker: 'GOOGL',
    cik: 1652044,
    period: 'quarterly',
    ...(asOf ? { asOf } : {}),
  });

describe('set 11: year-to-date facts that skip a quarter, across a change of basis', () => {
  it('a quarter is never derived from a figure on the new basis and one still standing as first filed', () => {
    // as of 2016-09-01: nine months 19,609M (old basis) - six months 13,818M (new basis) would be 5,791M
    expect(row(quarterly('2016-09-01').cash_flow_statements, '2015-09-30')).toMatchObject({
      fiscal_period: 'Q3',
      net_cash_flow_from_operations: null,
      net_cash_flow_from_financing: null,
    });
    // once the nine months are restated: 19,963M - 13,818M = 6,145M; -1,666M - (-1,057M) = -609M
    expect(row(quarterly().cash_flow_statements, '2015-09-30')).toMatchObject({
      net_cash_flow_from_operations: 6_145_000_000,
      net_cash_flow_from_financing: -609_000_000,
    });
  });

  it('every set-11 label is right', () => {
    const results = scoreLabels(DIR, 'held-out-11');
    expect(results).toHaveLength(29);
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});
