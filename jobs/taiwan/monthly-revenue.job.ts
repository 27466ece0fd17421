import { loadTwMonthlyRevenue } from '../../loaders/asia.ts';
import { parseMonthlyRevenueCsv, parseMonthlyRevenuePage } from '../../parsers/taiwan/monthly-revenue.ts';
import type { TwMonthlyRevenueInsert } from '../../schema/asia.ts';
import type { DatasetJob } from '../types.ts';
import { latestRevenueMonth, monthsBetween, rocYearOf, useDemoWindow } from './calendar.ts';

/** Spec 8.3: monthly revenue from 2013-01. */
export const MONTHLY_REVENUE_FROM = '2013-01';
/** Months the offline mirror holds (MOPS pages for 2023-01; 2024-01 is the captured 查無資料 page). */
const DEMO = ['twse:2023-01', 'tpex:2023-01', 'twse:2024-01', 'opendata:twse'];

const MARKET_PATH = { twse: 'sii', tpex: 'otc' } as const;

export const mopsRevenueUrl = (market: 'twse' | 'tpex', ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return `https://mops.twse.com.tw/nas/t21/${MARKET_PATH[market]}/t21sc03_${rocYearOf(y)}_${m}_0.html`;
};
export const OPENDATA_REVENUE_URL = 'https://mopsfin.twse.com.tw/opendata/t187ap05_L.csv';

/**
 * Taiwan monthly revenue (parent company). Partitions `twse:YYYY-MM` / `tpex:YYYY-MM` are the MOPS monthly
 * pages (every company of the market, history back to 2013); `opendata:twse` is the open-data CSV of the
 * newest month, published first. Refreshed daily through the 15th (the filing deadline is the 10th).
 */
export const twMonthlyRevenueJob: DatasetJob<TwMonthlyRevenueInsert[]> = {
  dataset: 'tw_monthly_revenue',
  async partitions(ctx, opts) {
    if (useDemoWindow(ctx, opts)) return DEMO;
    const months = monthsBetween(
      opts.from?.slice(0, 7) ?? MONTHLY_REVENUE_FROM,
      opts.to?.slice(0, 7) ?? latestRevenueMonth(ctx.now),
    );
    // newest first: the months users ask for land before the deep history
    return months.reverse().flatMap((m) => [`twse:${m}`, `tpex:${m}`]);
  },
  async latestPartitions(ctx) {
    const m = latestRevenueMonth(ctx.now);
    return ctx.config.UPSTREAM === 'fixtures' ? DEMO : ['opendata:twse', `twse:${m}`, `tpex:${m}`];
  },
  isFinal(key, now) {
    // late filers and corrections land for a few months after the deadline
    if (key.startsWith('opendata:')) return false;
    const m = key.slice(5);
    return m < monthsBetween('2000-01', latestRevenueMonth(now)).slice(-4)[0]!;
  },
  async fetch(_ctx, key, fetcher) {
    if (key === 'opendata:twse') return [await fetcher.get(OPENDATA_REVENUE_URL)];
    const [market, ym] = key.split(':') as ['twse' | 'tpex', string];
    return [await fetcher.get(mopsRevenueUrl(market, ym))];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const ctx = { url: doc.url, fetchedAt: doc.fetchedAt };
    const r =
      key === 'opendata:twse'
        ? parseMonthlyRevenueCsv(doc.bytes, ctx, 'twse')
        : parseMonthlyRevenuePage(doc.bytes, ctx, key.startsWith('tpex') ? 'tpex' : 'twse');
    return { rows: r.rows, warnings: r.warnings };
  },
  load(tx, rows) {
    return loadTwMonthlyRevenue(tx, rows);
  },
};
