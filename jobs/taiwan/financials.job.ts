import { loadTwFinancials } from '../../loaders/asia.ts';
import { parseIncomeSummary } from '../../parsers/taiwan/income-summary.ts';
import { parseBalanceStatementPage } from '../../parsers/taiwan/statement-page.ts';
import type { TwFinancialsInsert } from '../../schema/asia.ts';
import type { DatasetJob, JobContext } from '../types.ts';
import { latestFiledSeason, rocYearOf, seasonsBetween, useDemoWindow } from './calendar.ts';

/** Spec 8.3: Taiwan financials from 2024 Q1. */
export const TW_FINANCIALS_FROM = '2024Q1';
/** What the offline mirror holds: the listed companies' 2023 Q1 income summary, TSMC's 2014 Q3 statements. */
const DEMO = ['twse:2023Q1', 'balance:twse:2330:2014Q3'];
const TYPEK = { twse: 'sii', tpex: 'otc' } as const;
type Market = keyof typeof TYPEK;

/** MOPS t163sb04 (綜合損益彙總表) for one market and season, as its ajax endpoint answers a GET. */
export function incomeSummaryUrl(market: Market, year: number, season: number): string {
  return `https://mops.twse.com.tw/mops/web/ajax_t163sb04?encodeURIComponent=1&step=1&firstin=1&off=1&isQuery=Y&TYPEK=${TYPEK[market]}&year=${rocYearOf(year)}&season=0${season}`;
}

/**
 * MOPS t164sb01 (IFRS 合併財務報表預覽): one company's consolidated statements for a season, balance sheet
 * first; the link form MOPS itself prints on its statement pages (Gregorian SYEAR).
 */
export function statementsPreviewUrl(code: string, year: number, season: number): string {
  return `https://mops.twse.com.tw/server-java/t164sb01?step=1&CO_ID=${code}&SYEAR=${year}&SSEASON=${season}&REPORT_ID=C`;
}

/** `twse:YYYYQn` (a market's income summary) or `balance:twse:<code>:YYYYQn` (one company's balance sheet). */
const parseKey = (key: string) => {
  const m = /^(?:balance:)?(twse|tpex):(?:(\w+):)?(\d{4})Q([1-4])$/.exec(key);
  if (!m || key.startsWith('balance:') !== (m[2] !== undefined))
    throw new Error(`not a tw_financials partition: ${key}`);
  return { market: m[1] as Market, code: m[2], year: Number(m[3]), season: Number(m[4]) };
};

/** The registry's Taiwan codes with their market (.TW listed, .TWO OTC). */
async function taiwanCodes(ctx: JobContext): Promise<{ code: string; market: Market }[]> {
  const rows = await ctx.database.query<{ symbol: string }>(
    `select symbol from company_listings where market = 'TW' order by symbol`,
  );
  return rows.map((r) => ({
    code: r.symbol.replace(/\.TWO?$/, ''),
    market: r.symbol.endsWith('.TWO') ? 'tpex' : 'twse',
  }));
}

/** Codes whose balance sheet of `season` (YYYYQn) is loaded. */
async function loadedBalances(ctx: JobContext, season: string): Promise<Set<string>> {
  const rows = await ctx.database.query<{ code: string }>(
    `select local_security_code as code from tw_financials
      where statement = 'balance' and year = $1 and season = $2`,
    [Number(season.slice(0, 4)), Number(season.slice(5))],
  );
  return new Set(rows.map((r) => r.code));
}

/**
 * Seasons' partitions: both markets' income summaries, then every registry company's balance sheet; with
 * `onlyMissing` (a refresh), only the balance sheets not loaded yet: a filed one is final (a restatement shows
 * in the next season's comparatives), and re-asking 1,800 pages a day would be MOPS's whole tolerance.
 */
async function seasonPartitions(ctx: JobContext, seasons: string[], onlyMissing = false): Promise<string[]> {
  const codes = await taiwanCodes(ctx);
  const out: string[] = [];
  for (const s of seasons) {
    const loaded = onlyMissing ? await loadedBalances(ctx, s) : new Set<string>();
    out.push(`twse:${s}`, `tpex:${s}`);
    for (const c of codes) if (!loaded.has(c.code)) out.push(`balance:${c.market}:${c.code}:${s}`);
  }
  return out;
}

/**
 * Taiwan quarterly rows. Income: every company of a market per season from the t163sb04 summary (filed
 * cumulative; the loader derives the single quarters from consecutive seasons). Balance: one company's
 * t164sb01 page per season (MOPS publishes no market-wide balance table the mirror holds), the totals at the
 * season's end. Partitions after each filing deadline, newest season first.
 */
export const twFinancialsJob: DatasetJob<TwFinancialsInsert[]> = {
  dataset: 'tw_financials',
  async partitions(ctx, opts) {
    if (useDemoWindow(ctx, opts)) return DEMO;
    const from = opts.from
      ? `${opts.from.slice(0, 4)}Q${Math.ceil(Number(opts.from.slice(5, 7) || 1) / 3)}`
      : TW_FINANCIALS_FROM;
    return seasonPartitions(ctx, seasonsBetween(from, latestFiledSeason(ctx.now)).reverse());
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    return seasonPartitions(ctx, [latestFiledSeason(ctx.now)], true);
  },
  // restated figures arrive with the next season's filing; keep re-reading the newest two seasons
  isFinal(key, now) {
    const { year, season } = parseKey(key);
    const seasons = seasonsBetween('2000Q1', latestFiledSeason(now));
    return `${year}Q${season}` < seasons[seasons.length - 2]!;
  },
  async fetch(_ctx, key, fetcher) {
    const { market, code, year, season } = parseKey(key);
    const url = code ? statementsPreviewUrl(code, year, season) : incomeSummaryUrl(market, year, season);
    return [await fetcher.get(url)];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const { code, ...k } = parseKey(key);
    const ctx = { url: doc.url, fetchedAt: doc.fetchedAt };
    if (!code) return parseIncomeSummary(doc.bytes, ctx, k);
    const r = parseBalanceStatementPage(doc.bytes, ctx, { code, market: k.market });
    // the page names its own period; one other than the season asked for is kept, and said
    const other = r.rows.filter((x) => x.year !== k.year || x.season !== k.season);
    return {
      rows: r.rows,
      warnings: [
        ...r.warnings,
        ...other.map((x) => `page holds ${x.year}Q${x.season}, not the ${key} asked for`),
      ],
    };
  },
  load(tx, rows) {
    return loadTwFinancials(tx, rows);
  },
};
