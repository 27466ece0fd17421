import { loadTwForeignOwnership } from '../../loaders/asia.ts';
import {
  parseTpexForeignOwnership,
  parseTwseForeignOwnership,
} from '../../parsers/taiwan/foreign-ownership.ts';
import type { TwForeignOwnershipInsert } from '../../schema/asia.ts';
import type { DatasetJob } from '../types.ts';
import { useDemoWindow, weekdaysBetween } from './calendar.ts';

/** Spec 8.3: foreign ownership from 2024-01-02. */
export const FOREIGN_OWNERSHIP_FROM = '2024-01-02';
/** The trading day the offline mirror holds, for both markets. */
const DEMO = ['twse:2023-01-30', 'tpex:2023-01-30'];
const MARKETS = ['twse', 'tpex'] as const;

export const qfiisUrl = (date: string) =>
  `https://www.twse.com.tw/rwd/zh/fund/MI_QFIIS?date=${date.replace(/-/g, '')}&selectType=ALLBUT0999&response=json`;

/** MOPS's TPEx holdings table answers a form POST: one URL, the date in the body (Gregorian year). */
export const T13SA150_URL = 'https://mops.twse.com.tw/server-java/t13sa150_otc';
export const t13sa150Form = (date: string) => {
  const [years = '', months = '', days = ''] = date.split('-');
  return { years, months, days, bcode: '', step: '2' };
};

const parseKey = (key: string) => {
  const m = /^(twse|tpex):(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!m) throw new Error(`not a tw_foreign_ownership partition: ${key}`);
  return { market: m[1] as (typeof MARKETS)[number], date: m[2]! };
};

const byMarket = (dates: string[]) => dates.flatMap((d) => MARKETS.map((m) => `${m}:${d}`));

/**
 * Foreign and mainland holdings per security and trading day, published after the close: listed securities
 * from TWSE MI_QFIIS (a GET), OTC securities from MOPS t13sa150_otc (a form POST). Partitions
 * `twse:YYYY-MM-DD` and `tpex:YYYY-MM-DD` (weekdays; a holiday's "no data" answer loads nothing).
 */
export const twForeignOwnershipJob: DatasetJob<TwForeignOwnershipInsert[]> = {
  dataset: 'tw_foreign_ownership',
  async partitions(ctx, opts) {
    if (useDemoWindow(ctx, opts)) return DEMO;
    const today = ctx.now.toISOString().slice(0, 10);
    return byMarket(weekdaysBetween(opts.from ?? FOREIGN_OWNERSHIP_FROM, opts.to ?? today).reverse());
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    const today = ctx.now.toISOString().slice(0, 10);
    const back = new Date(ctx.now.getTime() - 4 * 86_400_000).toISOString().slice(0, 10);
    return byMarket(weekdaysBetween(back, today));
  },
  isFinal(key, now) {
    return parseKey(key).date < new Date(now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
  },
  async fetch(_ctx, key, fetcher) {
    const { market, date } = parseKey(key);
    return [
      market === 'twse'
        ? await fetcher.get(qfiisUrl(date))
        : await fetcher.post(T13SA150_URL, t13sa150Form(date)),
    ];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const ctx = { url: doc.url, fetchedAt: doc.fetchedAt };
    const r =
      parseKey(key).market === 'twse'
        ? parseTwseForeignOwnership(doc.bytes, ctx)
        : parseTpexForeignOwnership(doc.bytes, ctx);
    return { rows: r.rows, warnings: r.warnings };
  },
  load(tx, rows) {
    return loadTwForeignOwnership(tx, rows);
  },
};
