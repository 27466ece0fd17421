import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import type { TwFinancialsInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { quarterEndDate } from './quarters.ts';
import { cleanText, decodeTaiwan, twAmount } from './text.ts';

const SEASON_HEADING = { 一: 1, 二: 2, 三: 3, 四: 4 } as const;

/** Column headings per line, first match wins (industries' formats name revenue differently). */
const HEADINGS = {
  revenue: ['營業收入', '收益', '收入', '淨收益'],
  operatingIncome: ['營業利益（損失）', '營業利益'],
  netIncome: ['本期淨利（淨損）', '本期稅後淨利（淨損）'],
  eps: ['基本每股盈餘（元）'],
} as const;

/**
 * MOPS t163sb04 (綜合損益彙總表): every company of one market for one season, one table per industry format
 * (general, banks, insurers, securities...), cumulative from January 1 in thousand TWD (`單位：新台幣仟元`), EPS
 * in TWD, `--` for a line the format lacks. The year is the request's (the page names only the season, which
 * is checked against the request).
 */
export function parseIncomeSummary(
  bytes: Buffer,
  ctx: ParseContext,
  req: { year: number; season: number; market: 'twse' | 'tpex' },
): ParseResult<TwFinancialsInsert> & { noData?: boolean } {
  const html = decodeTaiwan(bytes, 'utf8');
  const $ = cheerio.load(html);
  const heading = /上(?:市|櫃)公司第([一二三四])季資料/.exec($('h2').text());
  if (!heading) {
    if (/查無|無應編製/.test(html) || $('tr.tblHead').length === 0)
      return { rows: [], warnings: [], noData: true };
    throw new ParseError('t163sb04 page without its season heading', ctx.url);
  }
  const season = SEASON_HEADING[heading[1] as keyof typeof SEASON_HEADING];
  if (season !== req.season)
    throw new ParseError(`page is season ${season}, request was ${req.season}`, ctx.url);
  if (!/單位：新台幣仟元/.test(html)) throw new ParseError('t163sb04 page without 單位：新台幣仟元', ctx.url);
  const endMonth = season * 3;
  const periodEnd = quarterEndDate(req.year, endMonth);
  const rows: TwFinancialsInsert[] = [];
  $('tr.tblHead').each((_, head) => {
    const names = $(head)
      .children('th')
      .toArray()
      .map((th) => cleanText($(th).text()));
    if (names[0]?.replace(/ /g, '') !== '公司代號') return;
    const find = (options: readonly string[]) => {
      for (const o of options) {
        const i = names.indexOf(o);
        if (i >= 0) return i;
      }
      return -1;
    };
    const at = {
      revenue: find(HEADINGS.revenue),
      operatingIncome: find(HEADINGS.operatingIncome),
      netIncome: find(HEADINGS.netIncome),
      eps: find(HEADINGS.eps),
    };
    if (at.netIncome < 0)
      throw new ParseError(`industry table without a net income column: ${names.join('|')}`, ctx.url);
    const industryClass = names.slice(2, 4).join('|');
    $(head)
      .nextAll('tr')
      .each((_, tr) => {
        const c = $(tr)
          .children('td')
          .toArray()
          .map((td) => cleanText($(td).text()));
        if (c.length !== names.length) return;
        const pick = (i: number) => (i >= 0 ? twAmount(c[i], ctx.url) : null);
        rows.push({
          localSecurityCode: c[0] ?? '',
          year: req.year,
          season,
          statement: 'income',
          companyName: c[1] ?? null,
          market: req.market,
          industryClass: classOf(industryClass),
          periodEnd,
          revenueYtd: pick(at.revenue),
          operatingIncomeYtd: pick(at.operatingIncome),
          netIncomeYtd: pick(at.netIncome),
          epsBasicYtd: pick(at.eps),
          sourceUrl: ctx.url,
          fetchedAt: ctx.fetchedAt,
        });
      });
  });
  return { rows, warnings: rows.length ? [] : ['t163sb04 page without company rows'] };
}

/** The industry format, named from its first two line headings (MOPS does not name the format itself). */
function classOf(firstTwo: string): string {
  if (firstTwo.startsWith('營業收入|營業成本')) return 'general';
  if (firstTwo.startsWith('利息淨收益|利息以外淨損益')) return 'bank';
  if (firstTwo.startsWith('利息淨收益|利息以外淨收益')) return 'financial_holding';
  if (firstTwo.startsWith('收益|支出及費用')) return 'securities';
  if (firstTwo.startsWith('營業收入|營業成本')) return 'general';
  if (firstTwo.startsWith('收入|支出')) return 'other';
  if (firstTwo.startsWith('營業收入|')) return 'insurance';
  return 'other';
}
