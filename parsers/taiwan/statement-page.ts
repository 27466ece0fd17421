import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import type { TwFinancialsInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { quarterEndDate } from './quarters.ts';
import { cleanText, decodeTaiwan, twAmount } from './text.ts';

/** A statement column's period: a single quarter (`2014年第3季`) or a span (`104年01月01日至104年03月31日`). */
export interface StatementColumn {
  index: number;
  kind: 'quarter' | 'cumulative' | 'instant';
  year: number;
  endMonth: number;
}

function gregorian(y: number): number {
  return y < 1000 ? y + 1911 : y;
}

/** Reads a MOPS column heading; ROC (3-digit) or Gregorian years. Null for `金額`, `%` and label headings. */
export function classifyHeading(h: string): Omit<StatementColumn, 'index'> | null {
  const q = /^(\d{3,4})年第([1-4])季$/.exec(h);
  if (q) return { kind: 'quarter', year: gregorian(Number(q[1])), endMonth: Number(q[2]) * 3 };
  const span = /^(\d{3,4})年(\d{2})月(\d{2})日至(\d{3,4})年(\d{2})月(\d{2})日$/.exec(h);
  if (span) {
    const fromMonth = Number(span[2]);
    const toMonth = Number(span[5]);
    // a span from January 1 is the year to date; anything else is one quarter
    return {
      kind:
        fromMonth === 1 && toMonth > 3 ? 'cumulative' : toMonth - fromMonth <= 2 ? 'quarter' : 'cumulative',
      year: gregorian(Number(span[4])),
      endMonth: toMonth,
    };
  }
  const inst = /^(\d{3,4})年(\d{2})月(\d{2})日$/.exec(h);
  if (inst) return { kind: 'instant', year: gregorian(Number(inst[1])), endMonth: Number(inst[2]) };
  return null;
}

export interface StatementTable {
  name: string;
  columns: StatementColumn[];
  lines: { label: string; values: (string | null)[] }[];
}

/**
 * Every statement table of a MOPS single-company page (t164sb01 preview in Big5, t164sb03/04/05 in UTF-8):
 * the heading row starting `會計項目`, its period columns (colspans expanded, `%` columns dropped), and each
 * account line's amounts by column. Labels keep the filer's wording, indentation trimmed.
 */
export function readStatementTables(html: string, document: string): StatementTable[] {
  const $ = cheerio.load(html);
  const tables: StatementTable[] = [];
  $('table').each((_, table) => {
    const trs = $(table).find('> tr, > tbody > tr').toArray();
    const head = trs.findIndex((tr) => cleanText($(tr).children().first().text()) === '會計項目');
    if (head < 0) return;
    const columns: StatementColumn[] = [];
    let col = 0;
    for (const th of $(trs[head]).children().toArray()) {
      const span = Number($(th).attr('colspan') ?? 1);
      const c = classifyHeading(cleanText($(th).text()));
      if (c) columns.push({ index: col, ...c });
      col += span;
    }
    if (columns.length === 0) return;
    const name =
      cleanText($(trs[head + 1]).text()).match(/^(\S*表)$/)?.[1] ??
      cleanText($(table).prevAll('.reportName, div').first().text());
    const lines: StatementTable['lines'] = [];
    for (const tr of trs.slice(head + 1)) {
      const cells = $(tr)
        .children('td')
        .toArray()
        .map((td) => cleanText($(td).text()));
      if (cells.length < 2) continue;
      const label = cells[0] ?? '';
      lines.push({ label, values: columns.map((c) => twAmount(cells[c.index], document)) });
    }
    tables.push({ name, columns, lines });
  });
  if (tables.length === 0) throw new ParseError('no 會計項目 statement table on the page', document);
  return tables;
}

/**
 * The one statement a single-company page shows (t164sb03 `合併資產負債表`, t164sb04 `合併綜合損益表`, t164sb05
 * `合併現金流量表`): its blue `<h2>` title; null for a page of several statements (the t164sb01 preview,
 * `IFRS單一公司案例文件預覽及下載`) or with no such title.
 */
export function statementTitle(html: string): string | null {
  const h2 = /<h2[^>]*>([\s\S]*?)<\/h2>/i.exec(html);
  const title = h2 ? cleanText(h2[1]!.replace(/<[^>]+>/g, '')) : '';
  return /^\S*(資產負債表|損益表|現金流量表|權益變動表)$/.test(title) ? title : null;
}

/**
 * Rule (issue 28): a single-company page titled a cash-flow (現金流量表) or equity-change (權益變動表) statement
 * holds no statement `/tw/financials` serves (income and balance rows only): the reason it is left, else null.
 */
export function notServedStatement(bytes: Buffer): string | null {
  const title = statementTitle(decodeTaiwan(bytes, 'utf8'));
  return title && /現金流量表|權益變動表/.test(title)
    ? `a ${title} page: /tw/financials serves income and balance statements only (no cash-flow or equity-change statement)`
    : null;
}

/** A single-company page's HTML; a MOPS throttling page (查詢過於頻繁) in place of data is an error. */
function statementPageHtml(bytes: Buffer, ctx: ParseContext): string {
  const html = decodeTaiwan(bytes, 'utf8');
  if (/查詢過於頻繁/.test(html))
    throw new ParseError('MOPS throttling page (查詢過於頻繁) in place of data', ctx.url);
  return html;
}

const INCOME = {
  revenueYtd: ['營業收入合計'],
  operatingIncomeYtd: ['營業利益（損失）'],
  netIncomeYtd: ['本期淨利（淨損）'],
  epsBasicYtd: ['基本每股盈餘合計', '基本每股盈餘'],
} as const;

/**
 * The income row of a single-company page for its own period: `*_ytd` from the current year's cumulative
 * column; `*_q` from a single-quarter column when the page files one (quarter_basis `reported`), else left for
 * deriveQuarters. The period is read from the page, never from the URL.
 */
export function parseIncomeStatementPage(
  bytes: Buffer,
  ctx: ParseContext,
  meta: { code: string; companyName?: string; market?: string },
): ParseResult<TwFinancialsInsert> & { noData?: boolean } {
  const html = statementPageHtml(bytes, ctx);
  if (/查無需求資料|查無資料/.test(html) && !/會計項目/.test(html))
    return { rows: [], warnings: [], noData: true };
  const tables = readStatementTables(html, ctx.url);
  const income = tables.find((t) =>
    t.lines.some((l) => l.label === '營業收入合計' || l.label === '本期淨利（淨損）'),
  );
  // a statement page of another kind (balance sheet, cash flow) has no income row
  if (!income) {
    const title = statementTitle(html);
    // a page whose title names one statement other than income lacks income by design: no warning
    if (title && !/損益表/.test(title)) return { rows: [], warnings: [] };
    return { rows: [], warnings: ['no income statement (營業收入合計 / 本期淨利) on the page'] };
  }
  const year = Math.max(...income.columns.map((c) => c.year));
  const cum = income.columns.findIndex((c) => c.year === year && c.kind === 'cumulative');
  const qtr = income.columns.findIndex((c) => c.year === year && c.kind === 'quarter');
  const ytdCol = cum >= 0 ? cum : qtr; // a Q1 page files the quarter only: the YTD is the quarter
  const endMonth = income.columns[ytdCol]?.endMonth ?? 0;
  if (![3, 6, 9, 12].includes(endMonth))
    throw new ParseError(`period ending month ${endMonth} is not a quarter end`, ctx.url);
  const season = endMonth / 3;
  const value = (labels: readonly string[], col: number) => {
    for (const l of labels) {
      const line = income.lines.find((x) => x.label === l && x.values[col] != null);
      if (line) return line.values[col] ?? null;
    }
    return null;
  };
  const row: TwFinancialsInsert = {
    localSecurityCode: meta.code,
    year,
    season,
    statement: 'income',
    companyName: meta.companyName ?? null,
    market: meta.market ?? null,
    periodEnd: quarterEndDate(year, endMonth),
    revenueYtd: value(INCOME.revenueYtd, ytdCol),
    operatingIncomeYtd: value(INCOME.operatingIncomeYtd, ytdCol),
    netIncomeYtd: value(INCOME.netIncomeYtd, ytdCol),
    epsBasicYtd: value(INCOME.epsBasicYtd, ytdCol),
    sourceUrl: ctx.url,
    fetchedAt: ctx.fetchedAt,
  };
  if (qtr >= 0 && (season === 1 || cum >= 0)) {
    row.revenueQ = value(INCOME.revenueYtd, qtr);
    row.operatingIncomeQ = value(INCOME.operatingIncomeYtd, qtr);
    row.netIncomeQ = value(INCOME.netIncomeYtd, qtr);
    row.epsBasicQ = value(INCOME.epsBasicYtd, qtr);
    row.quarterBasis = 'reported';
  }
  return { rows: [row], warnings: [] };
}

const BALANCE = {
  totalAssets: ['資產總計', '資產總額'],
  totalLiabilities: ['負債總計', '負債總額'],
  totalEquity: ['權益總計', '權益總額'],
} as const;

/**
 * The balance row of a single-company page: total assets, liabilities and equity at the page's own latest
 * balance-sheet date (the newest instant column; the others are the comparatives), thousand TWD. Null when
 * the page has no balance sheet.
 */
export function parseBalanceStatementPage(
  bytes: Buffer,
  ctx: ParseContext,
  meta: { code: string; companyName?: string; market?: string },
): ParseResult<TwFinancialsInsert> {
  const html = statementPageHtml(bytes, ctx);
  if (!/會計項目/.test(html)) return { rows: [], warnings: [] };
  const table = readStatementTables(html, ctx.url).find((t) =>
    t.lines.some((l) => (BALANCE.totalAssets as readonly string[]).includes(l.label)),
  );
  if (!table) return { rows: [], warnings: [] };
  const instants = table.columns.filter((c) => c.kind === 'instant');
  const latest = instants.reduce<StatementColumn | null>(
    (a, c) => (!a || c.year * 100 + c.endMonth > a.year * 100 + a.endMonth ? c : a),
    null,
  );
  if (!latest || ![3, 6, 9, 12].includes(latest.endMonth))
    throw new ParseError('balance sheet without a quarter-end instant column', ctx.url);
  const col = table.columns.indexOf(latest);
  const value = (labels: readonly string[]) =>
    table.lines.find((l) => labels.includes(l.label) && l.values[col] != null)?.values[col] ?? null;
  const m = latest.endMonth;
  return {
    rows: [
      {
        localSecurityCode: meta.code,
        year: latest.year,
        season: m / 3,
        statement: 'balance',
        companyName: meta.companyName ?? null,
        market: meta.market ?? null,
        periodEnd: quarterEndDate(latest.year, m),
        totalAssets: value(BALANCE.totalAssets),
        totalLiabilities: value(BALANCE.totalLiabilities),
        totalEquity: value(BALANCE.totalEquity),
        sourceUrl: ctx.url,
        fetchedAt: ctx.fetchedAt,
      },
    ],
    warnings: [],
  };
}
