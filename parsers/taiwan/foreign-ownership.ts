import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import type { TwForeignOwnershipInsert } from '../../schema/asia.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { cleanText, decodeTaiwan, rocDate, twAmount } from './text.ts';

const FIELDS = [
  '證券代號',
  '證券名稱',
  '國際證券編碼',
  '發行股數',
  '外資及陸資尚可投資股數',
  '全體外資及陸資持有股數',
  '外資及陸資尚可投資比率',
  '全體外資及陸資持股比率',
  '外資及陸資共用法令投資上限比率',
] as const;

/**
 * TWSE `rwd/zh/fund/MI_QFIIS?date=YYYYMMDD&selectType=ALLBUT0999&response=json`: foreign and mainland holdings
 * per listed security on one trading day. Shares are counts; the held % and the regulatory limit % are two
 * different facts (0-100). A holiday answers `{}` or a `stat` sentence instead of `OK`: zero rows.
 */
export function parseTwseForeignOwnership(
  bytes: Buffer,
  ctx: ParseContext,
): ParseResult<TwForeignOwnershipInsert> & { noData?: boolean } {
  let doc: { stat?: string; date?: string; fields?: string[]; data?: unknown[][] };
  try {
    doc = JSON.parse(decodeTaiwan(bytes, 'utf8'));
  } catch (err) {
    throw new ParseError('MI_QFIIS body is not JSON', ctx.url, { cause: err });
  }
  if (doc.stat !== 'OK')
    return { rows: [], warnings: doc.stat ? [`no data: ${doc.stat}`] : [], noData: true };
  const fields = doc.fields ?? [];
  const at = (name: (typeof FIELDS)[number]) => {
    const i = fields.indexOf(name);
    if (i < 0) throw new ParseError(`MI_QFIIS lacks field ${name}`, ctx.url);
    return i;
  };
  const idx = Object.fromEntries(FIELDS.map((f) => [f, at(f)])) as Record<(typeof FIELDS)[number], number>;
  if (!doc.date || !/^\d{8}$/.test(doc.date)) throw new ParseError('MI_QFIIS without a date', ctx.url);
  const snapshotDate = `${doc.date.slice(0, 4)}-${doc.date.slice(4, 6)}-${doc.date.slice(6)}`;
  const rows = (doc.data ?? []).map((r): TwForeignOwnershipInsert => {
    const v = (f: (typeof FIELDS)[number]) => r[idx[f]] as string | number | null;
    return {
      localSecurityCode: cleanText(String(v('證券代號'))),
      snapshotDate,
      market: 'twse',
      companyName: cleanText(String(v('證券名稱'))),
      isin: cleanText(String(v('國際證券編碼'))) || null,
      issuedShares: twAmount(v('發行股數'), ctx.url),
      foreignHeldShares: twAmount(v('全體外資及陸資持有股數'), ctx.url),
      foreignAvailableShares: twAmount(v('外資及陸資尚可投資股數'), ctx.url),
      foreignHeldPct: twAmount(v('全體外資及陸資持股比率'), ctx.url),
      foreignLimitPct: twAmount(v('外資及陸資共用法令投資上限比率'), ctx.url),
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    };
  });
  return { rows, warnings: [] };
}

/**
 * MOPS `server-java/t13sa150_otc` (TPEx securities): Big5 HTML with no charset declaration, a title row
 * `112/01/30　外資及陸資投資持股統計` (ROC date) and the same eleven columns as MI_QFIIS without the ISIN.
 * `查無所需資料` is a day without data.
 */
export function parseTpexForeignOwnership(
  bytes: Buffer,
  ctx: ParseContext,
): ParseResult<TwForeignOwnershipInsert> & { noData?: boolean } {
  const html = decodeTaiwan(bytes, 'big5');
  const $ = cheerio.load(html);
  if (/查無所需資料/.test(html)) return { rows: [], warnings: [], noData: true };
  const title = cleanText($('th[colspan]').first().text());
  const dm = /^(\d{2,3}\/\d{2}\/\d{2})\s*外資及陸資投資持股統計/.exec(title);
  if (!dm?.[1]) throw new ParseError('t13sa150 page without its dated title', ctx.url);
  const snapshotDate = rocDate(dm[1], ctx.url) as string;
  const rows: TwForeignOwnershipInsert[] = [];
  $('tr').each((_, tr) => {
    const c = $(tr)
      .children('td')
      .toArray()
      .map((td) => cleanText($(td).text()));
    if (c.length !== 11) return;
    rows.push({
      localSecurityCode: c[0] ?? '',
      snapshotDate,
      market: 'tpex',
      companyName: c[1] ?? '',
      isin: null,
      issuedShares: twAmount(c[2], ctx.url),
      foreignAvailableShares: twAmount(c[3], ctx.url),
      foreignHeldShares: twAmount(c[4], ctx.url),
      foreignHeldPct: twAmount(c[6], ctx.url),
      foreignLimitPct: twAmount(c[7], ctx.url),
      sourceUrl: ctx.url,
      fetchedAt: ctx.fetchedAt,
    });
  });
  return { rows, warnings: rows.length ? [] : ['t13sa150 page with a title but no rows'] };
}
