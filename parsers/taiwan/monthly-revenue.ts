import * as cheerio from 'cheerio';
import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';
import type { TwMonthlyRevenueInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { cleanText, decodeMopsPage, decodeTaiwan, rocYear, rocYearMonth, twAmount } from './text.ts';

export type TwMarket = 'twse' | 'tpex';

const CSV_COLUMNS = {
  ym: '資料年月',
  code: '公司代號',
  name: '公司名稱',
  industry: '產業別',
  revenue: '營業收入-當月營收',
  prev: '營業收入-上月營收',
  yearAgo: '營業收入-去年當月營收',
  mom: '營業收入-上月比較增減(%)',
  yoy: '營業收入-去年同月增減(%)',
  ytd: '累計營業收入-當月累計營收',
  ytdYearAgo: '累計營業收入-去年累計營收',
  ytdYoy: '累計營業收入-前期比較增減(%)',
  note: '備註',
} as const;

function note(raw: string | undefined): string | null {
  const s = cleanText(raw ?? '');
  return s === '' || s === '-' || s === '無' || s === '無。' ? null : s;
}

/**
 * TWSE/TPEx open-data monthly revenue CSV (`t187ap05_L.csv` listed, `t187ap05_O.csv` OTC): UTF-8 with BOM,
 * every field quoted, ROC year-month `11407`, amounts in thousand TWD, percentages with full precision.
 */
export function parseMonthlyRevenueCsv(
  bytes: Buffer,
  ctx: ParseContext,
  market: TwMarket,
): ParseResult<TwMonthlyRevenueInsert> {
  const text = decodeTaiwan(bytes, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  const fields = parsed.meta.fields ?? [];
  for (const col of Object.values(CSV_COLUMNS))
    if (!fields.includes(col)) throw new ParseError(`monthly revenue CSV lacks column ${col}`, ctx.url);
  const warnings: string[] = parsed.errors.map((e) => `CSV row ${e.row}: ${e.message}`);
  const rows: TwMonthlyRevenueInsert[] = [];
  for (const r of parsed.data) {
    const code = cleanText(r[CSV_COLUMNS.code] ?? '');
    if (!code) continue;
    rows.push({
      localSecurityCode: code,
      dataYm: rocYearMonth(r[CSV_COLUMNS.ym] ?? '', ctx.url),
      market,
      companyName: cleanText(r[CSV_COLUMNS.name] ?? ''),
      industry: cleanText(r[CSV_COLUMNS.industry] ?? '') || null,
      revenue: twAmount(r[CSV_COLUMNS.revenue], ctx.url),
      revenuePreviousMonth: twAmount(r[CSV_COLUMNS.prev], ctx.url),
      revenueYearAgo: twAmount(r[CSV_COLUMNS.yearAgo], ctx.url),
      momPct: twAmount(r[CSV_COLUMNS.mom], ctx.url),
      yoyPct: twAmount(r[CSV_COLUMNS.yoy], ctx.url),
      revenueYtd: twAmount(r[CSV_COLUMNS.ytd], ctx.url),
      revenueYtdYearAgo: twAmount(r[CSV_COLUMNS.ytdYearAgo], ctx.url),
      revenueYtdYoyPct: twAmount(r[CSV_COLUMNS.ytdYoy], ctx.url),
      note: note(r[CSV_COLUMNS.note]),
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    });
  }
  return { rows, warnings };
}

const NO_DATA = /查無資料|查無所需資料|資料庫中查無需求資料/;
const THROTTLED = /查詢過於頻繁/;

/**
 * MOPS monthly revenue page `nas/t21/{sii|otc}/t21sc03_{rocYear}_{month}_0.html` (Big5): one table per
 * industry (`產業別：…`, `單位：千元`), a company row per code, the industry's own `合計` row (not a company,
 * skipped). The month comes from the page title (`上市公司112年1月份…`). A month not yet published is a page
 * saying 查無資料: zero rows, not an error.
 * Rules of the format across its years (issue 28, held-out pages of 2010 and 2015):
 * - a company row has one `<td>` per column heading of its table: 10 on pages without a 備註 (remark) column
 *   (2010), 11 with it (2015, 2023); the industry's 合計 row is told by its `<th>` label, not its cell count;
 * - the page's hidden `Market` input (`sii` listed, `otc` OTC), where it has one (pages until 2015), names
 *   its market, as on the single-company page; a page without it takes the market from the request URL.
 */
export function parseMonthlyRevenuePage(
  bytes: Buffer,
  ctx: ParseContext,
  market: TwMarket,
): ParseResult<TwMonthlyRevenueInsert> & { noData?: boolean } {
  const html = decodeMopsPage(bytes); // valid UTF-8 (a crawler's re-save) is UTF-8, else Big5
  const $ = cheerio.load(html);
  const title = cleanText($('b').first().text());
  const tm = /(\d{2,3})年(\d{1,2})月份/.exec(title);
  if (!tm) {
    if (NO_DATA.test(html)) return { rows: [], warnings: [], noData: true };
    if (THROTTLED.test(html))
      throw new ParseError('MOPS throttling page (查詢過於頻繁) in place of data', ctx.url);
    throw new ParseError('MOPS monthly revenue page without a 年月份 title', ctx.url);
  }
  const dataYm = `${rocYear(Number(tm[1]))}-${String(Number(tm[2])).padStart(2, '0')}`;
  const stated = cleanText($('input[name="Market"]').attr('value') ?? '');
  const pageMarket: TwMarket = stated === 'sii' ? 'twse' : stated === 'otc' ? 'tpex' : market;
  const rows: TwMonthlyRevenueInsert[] = [];
  const warnings: string[] = [];
  $('th').each((_, th) => {
    const label = cleanText($(th).text());
    const im = /^產業別：(.+)$/.exec(label);
    if (!im) return;
    const unit = cleanText($(th).next('th').text());
    if (unit && unit !== '單位：千元') throw new ParseError(`unexpected unit "${unit}"`, ctx.url);
    const industry = im[1] ?? null;
    const table = $(th).closest('table').find('table').first();
    // one cell per column heading: 10 without the 備註 column, 11 with it
    const hasRemark = table
      .find('th')
      .toArray()
      .some((h) => cleanText($(h).text()) === '備註');
    const width = hasRemark ? 11 : 10;
    table.find('tr').each((_, tr) => {
      const cells = $(tr)
        .children('td')
        .toArray()
        .map((td) => cleanText($(td).text()));
      if (cells.length !== width) return; // header rows and the industry's 合計 (its label is a <th>)
      const [code, name, rev, prev, ago, mom, yoy, ytd, ytdAgo, ytdYoy, remark] = cells;
      rows.push({
        localSecurityCode: code ?? '',
        dataYm,
        market: pageMarket,
        companyName: name ?? '',
        industry,
        revenue: twAmount(rev, ctx.url),
        revenuePreviousMonth: twAmount(prev, ctx.url),
        revenueYearAgo: twAmount(ago, ctx.url),
        momPct: twAmount(mom, ctx.url),
        yoyPct: twAmount(yoy, ctx.url),
        revenueYtd: twAmount(ytd, ctx.url),
        revenueYtdYearAgo: twAmount(ytdAgo, ctx.url),
        revenueYtdYoyPct: twAmount(ytdYoy, ctx.url),
        note: note(remark),
        sourceUrl: ctx.url,
        fetchedAt: ctx.fetchedAt,
      });
    });
  });
  if (rows.length > 0) return { rows, warnings };
  // a month not published yet: the titled page says 查無資料 (no data), else no rows is a warning
  if (NO_DATA.test(html)) return { rows, warnings, noData: true };
  return { rows, warnings: [...warnings, `no company rows for ${dataYm}`] };
}

/** A single-company MOPS page (`t05st10_ifrs` from 2013, `t05st10` before), told by its hidden progName. */
export function isCompanyMonthlyRevenuePage(bytes: Buffer): boolean {
  return /name=['"]?progName['"]?\s+value=['"]?t05st10/.test(bytes.subarray(0, 8192).toString('latin1'));
}

/**
 * MOPS single-company monthly revenue page (`t05st10_ifrs`, `t05st10`): one company's month and no 年月份
 * title. Rule: the month is the page's `民國YYY年MM月` report line, the company its hidden `compID` and the
 * `… 公司提供` line, the market its hidden `Market` (`sii` listed, `otc` OTC), and the figures the
 * `營業收入淨額` column of the rows headed 本月, 去年同期, 增減百分比, 本年累計, 去年累計, 增減百分比 (the first
 * 增減百分比 is the month's, the one after 本年累計 the year to date's). A pre-IFRS page also files 開立發票總金額
 * (invoices) and a 合併營業收入淨額 table: neither is that column. The page has no previous month (null).
 */
export function parseCompanyMonthlyRevenuePage(
  bytes: Buffer,
  ctx: ParseContext,
  fallbackMarket: TwMarket,
): ParseResult<TwMonthlyRevenueInsert> & { noData?: boolean } {
  const html = decodeMopsPage(bytes);
  const $ = cheerio.load(html);
  const hidden = (name: string) => cleanText($(`input[name="${name}"]`).attr('value') ?? '');
  const ym = /民國\s*(\d{2,3})\s*年\s*(\d{1,2})\s*月/.exec(cleanText($('td.reportCont').text()));
  if (!ym) {
    if (NO_DATA.test(html)) return { rows: [], warnings: [], noData: true };
    throw new ParseError('MOPS t05st10 page without its 民國YYY年MM月 report line', ctx.url);
  }
  const dataYm = rocYearMonth(`${ym[1]}年${ym[2]}月`, ctx.url);
  const unit = cleanText($('td.reportCont').last().text());
  if (/單位/.test(unit) && !/[仟千]元/.test(unit)) throw new ParseError(`unexpected unit "${unit}"`, ctx.url);
  const code = hidden('compID') || hidden('Q1V');
  if (!code) throw new ParseError('MOPS t05st10 page without its company (compID)', ctx.url);
  const companyName =
    /(?:\)|^)\s*([^()]+?)\s*公司提供/.exec(cleanText($('td.compName').text()))?.[1] ?? hidden('compName');
  const m = hidden('Market');
  const market: TwMarket = m === 'sii' ? 'twse' : m === 'otc' ? 'tpex' : fallbackMarket;
  // the table whose heading row has a cell reading exactly 營業收入淨額, and that cell's column
  let column = -1;
  const table = $('table')
    .toArray()
    .find((t) => {
      const head = $(t).find('tr').first().children('th, td').toArray();
      column = head.findIndex((c) => cleanText($(c).text()) === '營業收入淨額');
      return column > 0;
    });
  if (!table) throw new ParseError('MOPS t05st10 page without a 營業收入淨額 column', ctx.url);
  const figures: Record<string, string | null> = {};
  let remark: string | undefined;
  let ytd = false;
  for (const tr of $(table).find('tr').toArray().slice(1)) {
    const label = cleanText($(tr).children('th').first().text()).replace(/[:：]$/, '');
    const cell = $(tr)
      .children('td')
      .eq(column - 1)
      .text();
    if (label === '備註') remark = cell;
    else if (label === '本年累計') ytd = true;
    if (label === '本月') figures.revenue = twAmount(cell, ctx.url);
    else if (label === '去年同期') figures.revenueYearAgo = twAmount(cell, ctx.url);
    else if (label === '本年累計') figures.revenueYtd = twAmount(cell, ctx.url);
    else if (label === '去年累計') figures.revenueYtdYearAgo = twAmount(cell, ctx.url);
    else if (label === '增減百分比') figures[ytd ? 'revenueYtdYoyPct' : 'yoyPct'] = twAmount(cell, ctx.url);
  }
  if (!('revenue' in figures)) throw new ParseError('MOPS t05st10 page without a 本月 row', ctx.url);
  return {
    rows: [
      {
        localSecurityCode: code,
        dataYm,
        market,
        companyName,
        industry: null,
        revenue: figures.revenue ?? null,
        revenuePreviousMonth: null,
        revenueYearAgo: figures.revenueYearAgo ?? null,
        momPct: null,
        yoyPct: figures.yoyPct ?? null,
        revenueYtd: figures.revenueYtd ?? null,
        revenueYtdYearAgo: figures.revenueYtdYearAgo ?? null,
        revenueYtdYoyPct: figures.revenueYtdYoyPct ?? null,
        note: note(remark),
        sourceUrl: ctx.url,
        fetchedAt: ctx.fetchedAt,
      },
    ],
    warnings: [],
  };
}
