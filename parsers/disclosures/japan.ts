import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import type { DisclosureInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';

const TDNET_BASE = 'https://www.release.tdnet.info/inbs/';

function clean(s: string): string {
  return s.replace(/[\s\u00a0\u3000]+/g, ' ').trim();
}

/**
 * Japan `category` from TDnet's own title conventions (the list pages carry no category field; TDnet
 * classifies by these fixed title forms): 決算短信 earnings flash, 自己株式の取得状況 buyback progress, ...
 */
export function tdnetCategory(title: string): string {
  if (/決算短信/.test(title)) return 'earnings_flash';
  if (/自己株式.*取得状況|自己株式の取得結果/.test(title)) return 'buyback_progress';
  if (/自己株式.*取得/.test(title)) return 'buyback';
  if (/業績予想.*修正|予想値と実績値との差異/.test(title)) return 'forecast_revision';
  if (/配当/.test(title)) return 'dividend';
  if (/合併|株式交換|株式移転|会社分割|公開買付|株式の取得.*子会社|子会社の異動|事業譲渡/.test(title))
    return 'ma';
  if (/新株予約権|ストックオプション/.test(title)) return 'stock_options';
  if (/人事|役員の異動|代表取締役/.test(title)) return 'personnel';
  if (/有価証券報告書|四半期報告書/.test(title)) return 'statutory_report';
  return 'other';
}

/**
 * A TDnet list page `I_list_NNN_YYYYMMDD.html` (100 rows per page). The date is the page header's
 * (`2016年07月29日`), never the document id's digits; times are JST. Names are right-padded and empty cells
 * hold U+3000; links are relative to /inbs/. Rows marked 削除 in the history column are withdrawn and left out
 * (counted in the warnings). A day without disclosures is a page saying so: zero rows.
 */
export function parseTdnetList(
  bytes: Buffer,
  ctx: ParseContext,
): ParseResult<DisclosureInsert> & { total: number | null; noData: boolean } {
  const html = bytes.toString('utf8').replace(/\r\n?/g, '\n');
  const $ = cheerio.load(html);
  // the header's date; a page cut without its header falls back on the date in its file name
  const dm =
    /(\d{4})年(\d{2})月(\d{2})日/.exec($('#kaiji-date-1').text() || html) ??
    /I_list_\d{3}_(\d{4})(\d{2})(\d{2})/.exec(ctx.url);
  if (!dm) throw new ParseError('TDnet list page without its date header or a dated file name', ctx.url);
  const date = `${dm[1]}-${dm[2]}-${dm[3]}`;
  // the day's "no disclosures" sentence is an answer, no data, and says so (not a silent empty page)
  if (/に開示された情報はありません/.test(html)) return { rows: [], warnings: [], total: 0, noData: true };
  const tm = /全(\d+)件/.exec($('.kaijiSum').text());
  const rows: DisclosureInsert[] = [];
  let withdrawn = 0;
  $('td.kjTime').each((_, td) => {
    const tr = $(td).parent();
    const cell = (c: string) => tr.find(`td.${c}`);
    const link = cell('kjTitle').find('a').attr('href');
    const xbrl = cell('kjXbrl').find('a').attr('href');
    const history = clean(cell('kjHistroy').text());
    if (/削除/.test(history)) {
      withdrawn++;
      return;
    }
    const title = clean(cell('kjTitle').text());
    if (!link) throw new ParseError(`TDnet row without a document link: ${title}`, ctx.url);
    rows.push({
      market: 'japan',
      sourceId: link.replace(/\.pdf$/i, ''),
      date,
      time: clean($(td).text()) || null,
      companyName: clean(cell('kjName').text()),
      localCode: clean(cell('kjCode').text()) || null,
      title,
      category: tdnetCategory(title),
      filingUrl: new URL(link, TDNET_BASE).toString(),
      xbrlUrl: xbrl ? new URL(xbrl, TDNET_BASE).toString() : null,
      text: null,
      descriptionChars: title.length,
      source: 'tdnet',
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    });
  });
  const warnings = withdrawn ? [`${withdrawn} withdrawn (削除) disclosures left out`] : [];
  return { rows, warnings, total: tm ? Number(tm[1]) : null, noData: false };
}

interface EdinetResult {
  docID?: string;
  edinetCode?: string | null;
  secCode?: string | null;
  filerName?: string | null;
  docTypeCode?: string | null;
  submitDateTime?: string | null;
  docDescription?: string | null;
  xbrlFlag?: string;
  withdrawalStatus?: string;
}

/**
 * EDINET API v2 `documents.json?date=…&type=2` (type=1 bodies carry only metadata: zero rows). The local code
 * is the 5-character securities code when the filer is listed (`secCode`, null for funds and holders'
 * reports); withdrawn documents (`withdrawalStatus` != 0) are left out. `xbrl_url` where `xbrlFlag` is 1.
 */
export function parseEdinetList(bytes: Buffer, ctx: ParseContext): ParseResult<DisclosureInsert> {
  let body: {
    metadata?: { status?: string; message?: string; resultset?: { count?: number } };
    results?: EdinetResult[];
  };
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new ParseError('EDINET body is not JSON', ctx.url, { cause: err });
  }
  const status = body.metadata?.status;
  if (status !== '200')
    throw new ParseError(`EDINET status ${status}: ${body.metadata?.message ?? ''}`, ctx.url);
  // a body without `results` is a type=1 answer, the day's metadata only: no rows, and the report says why
  if (!Array.isArray(body.results))
    return {
      rows: [],
      warnings: [
        `metadata only (a type=1 answer: ${body.metadata?.resultset?.count ?? 'no'} documents that day, no list); the list is asked with type=2`,
      ],
    };
  const rows: DisclosureInsert[] = [];
  for (const r of body.results) {
    if (!r.docID || !r.submitDateTime)
      throw new ParseError('EDINET row without docID or submitDateTime', ctx.url);
    if (r.withdrawalStatus && r.withdrawalStatus !== '0') continue;
    const [d, t] = r.submitDateTime.split(' ');
    const title = clean(r.docDescription ?? '');
    rows.push({
      market: 'japan',
      sourceId: r.docID,
      date: d ?? '',
      time: t ?? null,
      companyName: clean(r.filerName ?? ''),
      localCode: r.secCode ?? null,
      title,
      category: edinetCategory(r.docTypeCode ?? ''),
      filingUrl: `https://disclosure2.edinet-fsa.go.jp/WZEK0040.aspx?${r.docID}`,
      xbrlUrl: r.xbrlFlag === '1' ? `https://api.edinet-fsa.go.jp/api/v2/documents/${r.docID}?type=1` : null,
      text: null,
      descriptionChars: title.length,
      source: 'edinet',
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    });
  }
  return { rows, warnings: [] };
}

/** EDINET document type codes (docTypeCode) of the statutory reports. */
function edinetCategory(code: string): string {
  const map: Record<string, string> = {
    '120': 'annual_report',
    '130': 'annual_report_amendment',
    '140': 'quarterly_report',
    '160': 'semiannual_report',
    '180': 'extraordinary_report',
    '220': 'buyback_report',
    '350': 'large_shareholding',
    '360': 'large_shareholding_amendment',
    '240': 'tender_offer',
  };
  return map[code] ?? 'other';
}
