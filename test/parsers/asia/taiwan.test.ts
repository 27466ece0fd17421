import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import {
  parseTpexForeignOwnership,
  parseTwseForeignOwnership,
} from '../../../parsers/taiwan/foreign-ownership.ts';
import { parseIncomeSummary } from '../../../parsers/taiwan/income-summary.ts';
import { chineseNumber, parseLegacyStatement } from '../../../parsers/taiwan/legacy-statement.ts';
import { parseMonthlyRevenueCsv, parseMonthlyRevenuePage } from '../../../parsers/taiwan/monthly-revenue.ts';
import { deriveQuarters, quarterFromCumulative, subtractDecimal } from '../../../parsers/taiwan/quarters.ts';
import { parseIncomeStatementPage } from '../../../parsers/taiwan/statement-page.ts';
import { rocDate, rocYearMonth, twAmount } from '../../../parsers/taiwan/text.ts';

const ctx = { url: 'https://example.test/doc', fetchedAt: '2026-01-01T00:00:00Z' };
const tw = (f: string) => readFileSync(new URL(`../../../fixtures/taiwan/${f}`, import.meta.url));
// upstream files keep their URL's query in the file name, so join paths instead of resolving URLs
const UPSTREAM = fileURLToPath(new URL('../../../fixtures/upstream/', import.meta.url));
const up = (f: string) => readFileSync(join(UPSTREAM, f));

describe('Taiwan number and date conventions', () => {
  it('reads separators, parentheses, none markers and ROC dates', () => {
    expect(twAmount('( 192,877)')).toBe('-192877');
    expect(twAmount('$ 56,551,787')).toBe('56551787');
    expect(twAmount('309,395,702.00')).toBe('309395702');
    expect(twAmount('--')).toBeNull();
    expect(twAmount('-')).toBeNull();
    expect(() => twAmount('abc')).toThrow(ParseError);
    expect(rocYearMonth('113/05')).toBe('2024-05');
    expect(rocYearMonth('11407')).toBe('2025-07');
    expect(rocDate('111/07/08')).toBe('2022-07-08');
    expect(rocDate('1130526')).toBe('2024-05-26');
    expect(chineseNumber('一○○')).toBe(100);
    expect(chineseNumber('九十九')).toBe(99);
  });
});

describe('monthly revenue', () => {
  it('MOPS t21sc03 Big5 page: TSMC January 2023, industry totals skipped', () => {
    const r = parseMonthlyRevenuePage(up('mops.twse.com.tw/nas/t21/sii/t21sc03_112_1_0.html'), ctx, 'twse');
    expect(r.warnings).toEqual([]);
    expect(r.rows).toHaveLength(916);
    expect(r.rows.some((x) => x.localSecurityCode === '合計')).toBe(false);
    const tsmc = r.rows.find((x) => x.localSecurityCode === '2330');
    expect(tsmc).toMatchObject({
      dataYm: '2023-01',
      companyName: '台積電',
      industry: '半導體業',
      revenue: '200050544',
      revenuePreviousMonth: '192560242',
      revenueYearAgo: '172176110',
      momPct: '3.88',
      yoyPct: '16.18',
      revenueYtd: '200050544',
      note: null,
    });
    const taiwanCement = r.rows.find((x) => x.localSecurityCode === '1101');
    expect(taiwanCement?.momPct).toBe('-41.79');
  });

  it('TPEx page and the not-yet-published month (查無資料: no rows, no error)', () => {
    const otc = parseMonthlyRevenuePage(up('mops.twse.com.tw/nas/t21/otc/t21sc03_112_1_0.html'), ctx, 'tpex');
    expect(otc.rows).toHaveLength(786);
    expect(otc.rows[0]).toMatchObject({
      localSecurityCode: '1264',
      companyName: '德麥',
      revenue: '421675',
      momPct: '-30.25',
    });
    const none = parseMonthlyRevenuePage(
      up('mops.twse.com.tw/nas/t21/sii/t21sc03_113_1_0.html'),
      ctx,
      'twse',
    );
    expect(none).toEqual({ rows: [], warnings: [], noData: true });
  });

  it('open-data CSV with BOM: two snapshots, published percentages kept at full precision', () => {
    const jul = parseMonthlyRevenueCsv(up('mopsfin.twse.com.tw/opendata/t187ap05_L.csv'), ctx, 'twse');
    const tsmc = jul.rows.find((x) => x.localSecurityCode === '2330');
    expect(tsmc).toMatchObject({
      dataYm: '2025-07',
      revenue: '323165707',
      revenuePreviousMonth: '263708978',
      revenueYtd: '2096211240',
      yoyPct: '25.768383344167088',
    });
    const aug = parseMonthlyRevenueCsv(
      tw('t187ap05_L_monthly-revenue_ROC11308_2024-08_generated1130912.csv'),
      ctx,
      'twse',
    );
    expect(aug.rows.find((x) => x.localSecurityCode === '2330')).toMatchObject({
      dataYm: '2024-08',
      revenue: '250866368',
    });
    expect(jul.rows.find((x) => x.localSecurityCode === '1101')?.companyName).toBe('台泥');
  });
});

describe('foreign ownership', () => {
  it('TWSE MI_QFIIS: held % and limit % are different facts', () => {
    const r = parseTwseForeignOwnership(
      up('www.twse.com.tw/rwd/zh/fund/MI_QFIIS?date=20230130&selectType=ALLBUT0999&response=json'),
      ctx,
    );
    expect(r.rows).toHaveLength(1158);
    expect(r.rows.find((x) => x.localSecurityCode === '2330')).toMatchObject({
      snapshotDate: '2023-01-30',
      isin: 'TW0002330008',
      issuedShares: '25930380458',
      foreignHeldShares: '18601100403',
      foreignHeldPct: '71.73',
      foreignLimitPct: '100',
    });
    expect(parseTwseForeignOwnership(tw('MI_QFIIS_no-data_20230101.json'), ctx).rows).toEqual([]);
  });

  it('TPEx t13sa150: Big5 without a charset declaration, ROC date title', () => {
    const r = parseTpexForeignOwnership(tw('mops_t13sa150_otc_foreign_holdings.html'), ctx);
    expect(r.rows).toHaveLength(889);
    expect(r.rows.find((x) => x.localSecurityCode === '6488')).toMatchObject({
      snapshotDate: '2023-01-30',
      companyName: '環球晶',
      issuedShares: '435237000',
      foreignHeldShares: '112106271',
      foreignHeldPct: '25.75',
    });
    expect(parseTpexForeignOwnership(tw('mops_t13sa150_otc_no-data.html'), ctx).rows).toEqual([]);
  });
});

describe('quarterly statements and YTD -> quarter', () => {
  it('t163sb04 summary: every industry format, cumulative figures, EPS', () => {
    const r = parseIncomeSummary(tw('t163sb04_sii_eps.html'), ctx, { year: 2023, season: 1, market: 'twse' });
    expect(r.rows).toHaveLength(994);
    expect(r.rows.find((x) => x.localSecurityCode === '2330')).toMatchObject({
      periodEnd: '2023-03-31',
      industryClass: 'general',
      revenueYtd: '508632973',
      operatingIncomeYtd: '231238157',
      netIncomeYtd: '206949036',
      epsBasicYtd: '7.98',
    });
    // a financial holding's format has no operating income line: null, not zero
    expect(r.rows.find((x) => x.localSecurityCode === '2881')?.operatingIncomeYtd).toBeNull();
    expect(() =>
      parseIncomeSummary(tw('t163sb04_sii_eps.html'), ctx, { year: 2023, season: 2, market: 'twse' }),
    ).toThrow(ParseError);
    expect(
      parseIncomeSummary(tw('t163sb04_no-data.html'), ctx, { year: 2023, season: 1, market: 'twse' }).rows,
    ).toEqual([]);
  });

  it('Big5 t164sb01 page: first charset wins; the filed quarter and the YTD are two columns', () => {
    const [row] = parseIncomeStatementPage(tw('t164sb01_2330_2014Q3_BIG5.html'), ctx, { code: '2330' }).rows;
    // 2014年第3季 and 2014年01月01日至2014年09月30日 columns of 營業收入合計 / 本期淨利 / 基本每股盈餘
    expect(row).toMatchObject({
      year: 2014,
      season: 3,
      periodEnd: '2014-09-30',
      revenueYtd: '540285390',
      revenueQ: '209049734',
      operatingIncomeYtd: '207668263',
      netIncomeYtd: '183810241',
      netIncomeQ: '76304606',
      epsBasicYtd: '7.09',
      epsBasicQ: '2.94',
      quarterBasis: 'reported',
    });
  });

  it('t164sb04 Q1 page (ROC dates): the quarter is the YTD, reported', () => {
    const [row] = parseIncomeStatementPage(tw('t164sb04_2330_ROC104Q1_2015Q1.html'), ctx, {
      code: '2330',
    }).rows;
    expect(row).toMatchObject({
      year: 2015,
      season: 1,
      revenueYtd: '222034144',
      revenueQ: '222034144',
      epsBasicQ: '3.05',
    });
  });

  it('MOPS throttling page is an error, never empty data', () => {
    expect(() => parseIncomeStatementPage(tw('mops_too_much_query.html'), ctx, { code: '2330' })).toThrow(
      /查詢過於頻繁/,
    );
    expect(parseIncomeStatementPage(tw('mops_no_record.html'), ctx, { code: '2330' }).rows).toEqual([]);
  });

  // Two consecutive cumulative seasons of one company (pre-IFRS cash flow, 2011 Q1 and H1, each with the
  // year-ago column): the only real pair the fixtures hold. No file holds a fourth season, so a derived Q4
  // (FY - 9M) has no real test; deriveQuarters applies the same quarterFromCumulative to season 4.
  const legacy = (f: string) => parseLegacyStatement(tw(f).toString('utf8'), f);
  const q1 = legacy('legacy_cashflow_2330_ROC100Q1_2011Q1_cumulative.html');
  const h1 = legacy('legacy_cashflow_2330_ROC100Q2_2011H1_cumulative.html');
  const line = (s: typeof q1, l: string) => s.lines.find((x) => x.label === l);

  it('derived Q2 = H1 - Q1 from two consecutive cumulative seasons; a line only in H1 gives null, not its H1 value', () => {
    expect([q1.year, q1.season, h1.year, h1.season]).toEqual([2011, 1, 2011, 2]);
    const ocf = '營業活動之淨現金流入(流出)';
    expect(line(q1, ocf)?.current).toBe('56478079');
    expect(line(h1, ocf)?.current).toBe('119541434');
    expect(quarterFromCumulative(2, line(h1, ocf)?.current, line(q1, ocf)?.current)).toBe('63063355');
    // negative in parentheses
    expect(line(q1, '權益法認列之投資損失(收益)')?.current).toBe('-520109');
    const dividends = '收到權益法被投資公司現金股利';
    expect(line(h1, dividends)?.current).toBe('1914392');
    expect(line(q1, dividends)).toBeUndefined();
    expect(quarterFromCumulative(2, line(h1, dividends)?.current, line(q1, dividends)?.current)).toBeNull();
    const nineMonths = legacy('legacy_cashflow_2330_ROC99Q3_2010-9M_cumulative.html');
    expect([nineMonths.year, nineMonths.season]).toEqual([2010, 3]);
  });

  it('the derived Q2 checks against what the two files print: the change in the cash balance each closes with', () => {
    const flow = '本期現金及約當現金淨增減數';
    const closing = '期末現金及約當現金餘額';
    // Q1 -18,441,955 (in parentheses) and H1 3,091,823 cumulative; closing cash $129,445,000 and $150,978,778
    expect([line(q1, flow)?.current, line(h1, flow)?.current]).toEqual(['-18441955', '3091823']);
    expect([line(q1, closing)?.current, line(h1, closing)?.current]).toEqual(['129445000', '150978778']);
    for (const col of ['current', 'prior'] as const) {
      // 2011 and the year-ago columns (2010 Q1 -11,476,638, H1 1,209,877; $159,799,703 and $172,486,218)
      const derived = quarterFromCumulative(2, line(h1, flow)?.[col], line(q1, flow)?.[col]);
      const printed = subtractDecimal(line(h1, closing)![col]!, line(q1, closing)![col]!);
      expect(derived, col).toBe(printed);
    }
    expect(quarterFromCumulative(2, line(h1, flow)?.current, line(q1, flow)?.current)).toBe('21533778');
    expect(quarterFromCumulative(2, line(h1, flow)?.prior, line(q1, flow)?.prior)).toBe('12686515');
  });

  it('deriveQuarters on real rows: a filed quarter stays reported; a cumulative-only season without its predecessor gives null, never its YTD', () => {
    const [nine] = parseIncomeStatementPage(tw('t164sb01_2330_2014Q3_BIG5.html'), ctx, { code: '2330' }).rows;
    const [first] = parseIncomeStatementPage(tw('t164sb04_2330_ROC104Q1_2015Q1.html'), ctx, {
      code: '2330',
    }).rows;
    if (!nine || !first) throw new Error('no row');
    const [filed, q1] = deriveQuarters([nine, first]);
    expect(filed).toMatchObject({ revenueQ: '209049734', netIncomeQ: '76304606', quarterBasis: 'reported' });
    expect(q1).toMatchObject({
      season: 1,
      revenueYtd: '222034144',
      revenueQ: '222034144',
      quarterBasis: 'reported',
    });
    // the same 9M as the season summary (t163sb04) files it: cumulative only, and no 2014 H1 row loaded
    const cumulativeOnly = {
      ...nine,
      revenueQ: undefined,
      operatingIncomeQ: undefined,
      netIncomeQ: undefined,
      epsBasicQ: undefined,
      quarterBasis: undefined,
    };
    const [alone] = deriveQuarters([cumulativeOnly]);
    expect(alone).toMatchObject({
      revenueYtd: '540285390',
      revenueQ: null,
      operatingIncomeQ: null,
      netIncomeQ: null,
      epsBasicQ: null,
      quarterBasis: null,
    });
  });
});

describe('balance rows of single-company pages', () => {
  it('t164sb03 (ROC instants, four columns): the newest date is the row, totals read by hand', async () => {
    const { parseBalanceStatementPage } = await import('../../../parsers/taiwan/statement-page.ts');
    const [row] = parseBalanceStatementPage(tw('t164sb03_2330_ROC104Q1_2015Q1.html'), ctx, {
      code: '2330',
    }).rows;
    expect(row).toMatchObject({
      statement: 'balance',
      year: 2015,
      season: 1,
      periodEnd: '2015-03-31',
      totalAssets: '1556895055',
      totalLiabilities: '432979302',
      totalEquity: '1123915753',
    });
    const [big5] = parseBalanceStatementPage(tw('t164sb01_2330_2014Q3_BIG5.html'), ctx, {
      code: '2330',
    }).rows;
    expect(big5).toMatchObject({
      periodEnd: '2014-09-30',
      totalAssets: '1349994840',
      totalEquity: '956558251',
    });
    // a balance-only page has no income row (its title names the balance sheet: no warning)
    expect(
      parseIncomeStatementPage(tw('t164sb03_2330_ROC104Q1_2015Q1.html'), ctx, { code: '2330' }).rows,
    ).toEqual([]);
  });
});
