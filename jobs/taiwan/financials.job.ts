import { loadTwFinancials } from '../../loaders/asia.ts';
import { parseIncomeSummary } from '../../parsers/taiwan/income-summary.ts';
import type { TwFinancialsInsert } from '../../schema/asia.ts';
import type { DatasetJob } from '../types.ts';
import { latestFiledSeason, rocYearOf, seasonsBetween, useDemoWindow } from './calendar.ts';

/** Spec 8.3: Taiwan financials from 2024 Q1. */
export const TW_FINANCIALS_FROM = '2024Q1';
/** The season the offline mirror holds: the listed companies' 2023 Q1 summary. */
const DEMO = ['twse:2023Q1'];
const TYPEK = { twse: 'sii', tpex: 'otc' } as const;

/** MOPS t163sb04 (綜合損益彙總表) for one market and season, as its ajax endpoint answers a GET. */
export function incomeSummaryUrl(market: 'twse' | 'tpex', year: number, season: number): string {
  return `https://mops.twse.com.tw/mops/web/ajax_t163sb04?encodeURIComponent=1&step=1&firstin=1&off=1&isQuery=Y&TYPEK=${TYPEK[market]}&year=${rocYearOf(year)}&season=0${season}`;
}

const parseKey = (key: string) => {
  const m = /^(twse|tpex):(\d{4})Q([1-4])$/.exec(key);
  if (!m) throw new Error(`not a tw_financials partition: ${key}`);
  return { market: m[1] as 'twse' | 'tpex', year: Number(m[2]), season: Number(m[3]) };
};

/**
 * Taiwan quarterly income rows (every company of a market per season, filed cumulative); the loader derives
 * the single quarters from consecutive seasons. Partitions `twse:YYYYQn` / `tpex:YYYYQn` after each filing
 * deadline, newest first.
 */
export const twFinancialsJob: DatasetJob<TwFinancialsInsert[]> = {
  dataset: 'tw_financials',
  async partitions(ctx, opts) {
    if (useDemoWindow(ctx, opts)) return DEMO;
    const from = opts.from
      ? `${opts.from.slice(0, 4)}Q${Math.ceil(Number(opts.from.slice(5, 7) || 1) / 3)}`
      : TW_FINANCIALS_FROM;
    return seasonsBetween(from, latestFiledSeason(ctx.now))
      .reverse()
      .flatMap((s) => [`twse:${s}`, `tpex:${s}`]);
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    const s = latestFiledSeason(ctx.now);
    return [`twse:${s}`, `tpex:${s}`];
  },
  // restated figures arrive with the next season's filing; keep re-reading the newest two seasons
  isFinal(key, now) {
    const latest = latestFiledSeason(now);
    const seasons = seasonsBetween('2000Q1', latest);
    return key.slice(5) < seasons[seasons.length - 2]!;
  },
  async fetch(_ctx, key, fetcher) {
    const { market, year, season } = parseKey(key);
    return [await fetcher.get(incomeSummaryUrl(market, year, season))];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const r = parseIncomeSummary(doc.bytes, { url: doc.url, fetchedAt: doc.fetchedAt }, parseKey(key));
    return { rows: r.rows, warnings: r.warnings };
  },
  load(tx, rows) {
    return loadTwFinancials(tx, rows);
  },
};
