import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { right, scoreLabels } from '../../../cli/quality/financials.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { fiscalCalendar } from '../../../parsers/xbrl/periods.ts';
import { prepareFacts } from '../../../parsers/xbrl/prepare.ts';
import { buildStatements } from '../../../parsers/xbrl/statements.ts';
import { row } from './build.ts';

/*
 * Financials held-out set 14 (fixtures/financials/held-out-14), two companyfacts bodies transcribed from
 * Jacob-Lisner/edgar_data. Mallinckrodt: fiscal 2016 is a 53-week year ending 2016-09-30, then the 13-week
 * transition period 2016-10-01..2016-12-30 is reported on a 10-Q transition report (form 10-QT), and fiscal 2017
 * is 2016-12-31..2017-12-29. Diageo: an IFRS 20-F filer in pounds whose profit attributable to the owners is tagged,
 * until its 2020 20-F, only split into continuing and discontinued operations. Numbers read by hand from the facts.
 */
const DIR = fileURLToPath(new URL('../../../fixtures/financials/held-out-14', import.meta.url));
const load = (file: string) =>
  prepareFacts(parseCompanyFacts(readFileSync(`${DIR}/${file}`, 'utf8'), { document: file }).facts);

const mnk = load('MNK_CIK0001567892_FY2016-2018_10QT-TRANSCRIBED.json');
const mnkBuild = (period: 'annual' | 'quarterly' | 'ttm') =>
  buildStatements(mnk, { ticker: 'MNK', cik: 1567892, period });

describe('set 14: a 13-week transition period on a 10-QT after a 53-week year', () => {
  it('the 10-QT period is a short fiscal period: fiscal 2017 starts the day after it, its quarters are Q1-Q3', () => {
    const quarters = fiscalCalendar(mnk.evidence).quarters.map((q) => [q.end, q.index, q.fyStart]);
    expect(quarters).toContainEqual(['2016-12-30', 1, '2016-10-01']);
    expect(quarters).toContainEqual(['2017-03-31', 1, '2016-12-31']);
    expect(quarters).toContainEqual(['2017-06-30', 2, '2016-12-31']);
    expect(quarters).toContainEqual(['2017-09-29', 3, '2016-12-31']);
    expect(mnkBuild('annual').income_statements.map((r) => r.report_period)).toEqual([
      '2018-12-28',
      '2017-12-29',
      '2016-09-30',
    ]);
  });

  it('quarters and ttm around the transition period carry their fiscal periods and the filed figures', () => {
    const q = mnkBuild('quarterly');
    expect(row(q.income_statements, '2016-12-30')).toMatchObject({
      fiscal_period: 'Q1',
      net_income: -153_200_000,
    });
    expect(row(q.income_statements, '2017-03-31')).toMatchObject({
      fiscal_period: 'Q1',
      net_income: 399_200_000,
    });
    expect(row(q.cash_flow_statements, '2017-03-31')).toMatchObject({
      fiscal_period: 'Q1',
      net_cash_flow_from_operations: -97_400_000,
    });
    expect(row(q.income_statements, '2017-06-30')).toMatchObject({
      fiscal_period: 'Q2',
      net_income: 62_800_000,
    });
    // 399,200,000 - 153,200,000 + 115,000,000 + 199,300,000: the transition quarter and fiscal 2016's last two
    expect(row(mnkBuild('ttm').income_statements, '2017-03-31')).toMatchObject({
      fiscal_period: 'Q1',
      net_income: 560_300_000,
    });
  });

  it('every set-14 label is right', () => {
    const results = scoreLabels(DIR, 'held-out-14');
    expect(results.filter((r) => !right(r))).toEqual([]);
  });
});

const deo = load('DEO_CIK0000835403_FY2016-2020_GBP-IFRS-TRANSCRIBED.json');
const deoAnnual = (asOf?: string) =>
  buildStatements(deo, { ticker: 'DEO', cik: 835403, period: 'annual', ...(asOf ? { asOf } : {}) })
    .income_statements;

describe('set 14: an IFRS 20-F filer in pounds without a tagged total attributable to the owners', () => {
  it('net income is continuing + discontinued operations attributable to the owners, not the profit with NCI', () => {
    expect([deo.currency, deo.standard]).toEqual(['GBP', 'ifrs']);
    // 2,717,000,000 + (-55,000,000); the profit 2,772,000,000 includes 110,000,000 of non-controlling interests
    expect(row(deoAnnual(), '2017-06-30')).toMatchObject({
      currency: 'GBP',
      net_income: 2_662_000_000,
      consolidated_income: 2_772_000_000,
      earnings_per_share_diluted: 1.055,
    });
    // no discontinued operations filed for fiscal 2016: the continuing figure (2,362,000,000 - 118,000,000)
    expect(row(deoAnnual(), '2016-06-30')).toMatchObject({ net_income: 2_244_000_000 });
    // fiscal 2018 before the 2020 20-F tags the total: 3,022,000,000 + 0, not the profit 3,144,000,000
    expect(row(deoAnnual('2019-08-06'), '2018-06-30')).toMatchObject({ net_income: 3_022_000_000 });
    // the half-year 6-Ks' balance sheets make no quarters
    expect(buildStatements(deo, { ticker: 'DEO', cik: 835403, period: 'quarterly' }).balance_sheets).toEqual(
      [],
    );
  });
});
