import { loadTwForeignOwnership } from '../../loaders/asia.ts';
import { parseTwseForeignOwnership } from '../../parsers/taiwan/foreign-ownership.ts';
import type { TwForeignOwnershipInsert } from '../../schema/asia.ts';
import type { DatasetJob } from '../types.ts';
import { useDemoWindow, weekdaysBetween } from './calendar.ts';

/** Spec 8.3: foreign ownership from 2024-01-02. */
export const FOREIGN_OWNERSHIP_FROM = '2024-01-02';
/** The trading day the offline mirror holds. */
const DEMO = ['twse:2023-01-30'];

export const qfiisUrl = (date: string) =>
  `https://www.twse.com.tw/rwd/zh/fund/MI_QFIIS?date=${date.replace(/-/g, '')}&selectType=ALLBUT0999&response=json`;

/**
 * Foreign and mainland holdings per listed security and trading day (TWSE MI_QFIIS, published after the
 * close). Partitions `twse:YYYY-MM-DD` (weekdays; a holiday's "no data" answer loads nothing). The TPEx
 * table (t13sa150_otc) is a POST form: its parser is ready, its fetch is not wired (the HTTP client GETs).
 */
export const twForeignOwnershipJob: DatasetJob<TwForeignOwnershipInsert[]> = {
  dataset: 'tw_foreign_ownership',
  async partitions(ctx, opts) {
    if (useDemoWindow(ctx, opts)) return DEMO;
    const today = ctx.now.toISOString().slice(0, 10);
    return weekdaysBetween(opts.from ?? FOREIGN_OWNERSHIP_FROM, opts.to ?? today)
      .reverse()
      .map((d) => `twse:${d}`);
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    const today = ctx.now.toISOString().slice(0, 10);
    const back = new Date(ctx.now.getTime() - 4 * 86_400_000).toISOString().slice(0, 10);
    return weekdaysBetween(back, today).map((d) => `twse:${d}`);
  },
  isFinal(key, now) {
    return key.slice(5) < new Date(now.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
  },
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(qfiisUrl(key.slice(5)))];
  },
  parse(docs) {
    const doc = docs[0]!;
    const r = parseTwseForeignOwnership(doc.bytes, { url: doc.url, fetchedAt: doc.fetchedAt });
    return { rows: r.rows, warnings: r.warnings };
  },
  load(tx, rows) {
    return loadTwForeignOwnership(tx, rows);
  },
};
