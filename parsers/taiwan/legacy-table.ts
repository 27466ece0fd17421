import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import { cleanText, rocYear, twAmount } from './text.ts';

/** What a line's amounts count: the page's unit, TWD per share, or a number of shares. */
export type LegacyTableUnit = 'TWD thousands' | 'TWD' | 'shares';

export interface LegacyTablePage {
  /** `t05st33` balance sheet (instants), `t05st34` income statement (year to date). */
  statement: 'balance' | 'income';
  /** The page's report name: `合併…` consolidated, another name separate, none null. */
  basis: 'consolidated' | 'separate' | null;
  year: number;
  season: number;
  unit: 'TWD thousands';
  /** This year first: an instant (`start` null) on a balance sheet, January 1 to the date on an income page. */
  columns: { start: string | null; end: string }[];
  lines: { label: string; unit: LegacyTableUnit; amounts: (string | null)[]; percents: (string | null)[] }[];
}

const STATEMENT: Record<string, LegacyTablePage['statement']> = { t05st33: 'balance', t05st34: 'income' };

/**
 * A pre-IFRS (ROC GAAP, before 2013) MOPS statement table page (`ajax_t05st33` balance sheet, `ajax_t05st34`
 * income statement). Rules of the format:
 * - the hidden `progName` input names the statement, `reportName` its basis (`合併…` consolidated);
 * - the unit line is `單位：新台幣仟元`; the fiscal-year line `本公司採 月制會計年度(空白表歷年制)` with no month
 *   means calendar years (a stated month is refused: the periods would be other dates);
 * - the column heads are ROC dates (`99年09月30日`), this year first, each over a `金額` and a `％` cell;
 * - a row whose four value cells are empty is a heading, not a line (the subtotal row below repeats its name);
 * - amounts are decimals with separators and a leading minus (`-753,541,185.00`); a `0.00` is zero;
 * - a line whose label states its own unit (`(單位:股)`) counts shares; a per-share line (`每股…`) is TWD per
 *   share and its `％` cell (`0.00`) is no share of revenue or assets: null.
 */
export function parseLegacyTablePage(html: string, document: string): LegacyTablePage {
  const $ = cheerio.load(html);
  const prog = $('input[name="progName"]').attr('value') ?? '';
  const statement = STATEMENT[prog];
  if (!statement) throw new ParseError(`not a t05st33/t05st34 statement page (progName "${prog}")`, document);
  const reportName = $('input[name="reportName"]').attr('value') ?? null;
  const basis = reportName === null ? null : reportName.startsWith('合併') ? 'consolidated' : 'separate';
  const text = cleanText($.root().text());
  if (!/單位\s*[:：]\s*新台幣仟元/.test(text)) throw new ParseError('no 單位：新台幣仟元 line', document);
  const fy = /本公司採\s*(\S*?)\s*月制會計年度/.exec(text);
  if (fy?.[1]) throw new ParseError(`fiscal year ends in month ${fy[1]}, not a calendar year`, document);

  const heads = $('th')
    .toArray()
    .map((th) => cleanText($(th).text()))
    .map((t) => /^(\d{2,3})年(\d{2})月(\d{2})日$/.exec(t))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${rocYear(Number(m[1]))}-${m[2]}-${m[3]}`);
  if (heads.length !== 2)
    throw new ParseError(`expected two ROC date column heads, found ${heads.length}`, document);
  const columns = heads.map((end) => ({
    start: statement === 'income' ? `${end.slice(0, 4)}-01-01` : null,
    end,
  }));
  const [year, month] = heads[0]!.split('-').map(Number) as [number, number];
  if (month % 3 !== 0) throw new ParseError(`column date ${heads[0]} is no quarter end`, document);

  const lines: LegacyTablePage['lines'] = [];
  for (const tr of $('tr').toArray()) {
    const cells = $(tr)
      .children('td')
      .toArray()
      .map((td) => cleanText($(td).text()));
    if (cells.length !== 5) continue;
    const [label, a, p, b, q] = cells as [string, string, string, string, string];
    if (!label || [a, p, b, q].every((c) => c === '')) continue; // a heading
    const perShare = label.includes('每股');
    const unit: LegacyTableUnit = /[(（]\s*單位\s*[:：]\s*股\s*[)）]/.test(label)
      ? 'shares'
      : perShare
        ? 'TWD'
        : 'TWD thousands';
    lines.push({
      label,
      unit,
      amounts: [twAmount(a, document), twAmount(b, document)],
      percents: perShare ? [null, null] : [p || null, q || null],
    });
  }
  if (lines.length === 0) throw new ParseError('no statement lines', document);
  return { statement, basis, year, season: month / 3, unit: 'TWD thousands', columns, lines };
}
