import { describe, expect, it } from 'vitest';
import { coverage } from '../../../cli/quality/financials.ts';
import { COMPANYFACTS, fixture } from './load.ts';

describe('quality:financials report', () => {
  const tsm = coverage(COMPANYFACTS.TSM, fixture(COMPANYFACTS.TSM));

  it('gives a null reason that fits the row: a balance sheet is an instant, not a quarter', () => {
    // TSM's FY2015 exists from the 2017 20-F's income and cash-flow comparatives; no 2015-12-31 balance
    expect(tsm.keyNulls).toEqual(['annual 2015-12-31 total_assets (no balance filed at this period end)']);
    const googl = coverage(COMPANYFACTS.GOOGL, fixture(COMPANYFACTS.GOOGL));
    expect(googl.keyNulls).toContain(
      'quarterly 2014-09-30 net_cash_flow_from_operations (not filed for this quarter: a quarter needs its 3-month figure or both year-to-date figures)',
    );
    expect(googl.keyNulls.filter((k) => k.includes('3-month') && k.includes('total_assets'))).toEqual([]);
  });

  it('lists the failed checks stored with each row', () => {
    expect(tsm.checkFailures).toEqual([
      'annual balance_sheets 2017-12-31: identity annual 2017-12-31: total_assets 1991732000000 != total_liabilities 497285500000 + equity incl. NCI 1495692300000 (diff -1245800000)',
    ]);
    expect(tsm.grains.annual!.fields['balance.outstanding_shares']).toEqual({
      reported: 9,
      derived: 0,
      null: 1,
    });
  });
});
