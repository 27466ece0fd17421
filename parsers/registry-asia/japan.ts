import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';
import { companyId } from '../../lib/ids.ts';
import type { RegistryRows } from '../edgar/registry.ts';
import { unzipEntry } from '../korea/corp-codes.ts';
import type { ParseContext } from '../types.ts';
import { identifierAdder } from './identifiers.ts';

/**
 * EDINET's code list (`Edinetcode.zip` holding `EdinetcodeDlInfo.csv`, CP932, a preamble line before the
 * header, full-width `ＥＤＩＮＥＴコード` heading) -> registry rows for the listed filers: the `cmp_` id from the
 * EDINET code, identifiers EDINET_CODE, JP_CORPORATE_NUMBER, LOCAL_CODE (the 4-character securities code;
 * the list's 5th character is a check character) and TICKER `5987.T`; one listing, market JP. The list does
 * not say which Japanese exchange lists a company, so the listing's exchange is the market, `JP`.
 * Rule (issue 28, held-out set 1): a filer whose 提出者種別 is `外国法人・組合` (a foreign company listed in
 * Tokyo, its 所在地 abroad) is not a Japanese company: its country is null (the list holds an address, no
 * country code), never JP.
 */
export function registryFromEdinetCodes(bytes: Buffer, ctx: ParseContext): RegistryRows {
  const csvBytes =
    bytes.subarray(0, 2).toString('latin1') === 'PK' ? unzipEntry(bytes, ctx.url, /\.csv$/i) : bytes;
  const text = iconv.decode(csvBytes, 'cp932');
  const lines = text.split(/\r?\n/);
  const asOf = /(\d{4})年(\d{2})月(\d{2})日現在/.exec(lines[0] ?? '');
  if (!asOf) throw new ParseError('EDINET code list without its 現在 preamble line', ctx.url);
  const asOfDate = `${asOf[1]}-${asOf[2]}-${asOf[3]}`;
  const parsed = Papa.parse<Record<string, string>>(lines.slice(1).join('\n'), {
    header: true,
    skipEmptyLines: true,
  });
  for (const col of ['ＥＤＩＮＥＴコード', '上場区分', '提出者名', '証券コード'])
    if (!parsed.meta.fields?.includes(col))
      throw new ParseError(`EDINET code list lacks column ${col}`, ctx.url);
  const out: RegistryRows = { companies: [], identifiers: [], listings: [], events: [] };
  for (const r of parsed.data) {
    const sec = (r['証券コード'] ?? '').trim();
    const edinet = (r['ＥＤＩＮＥＴコード'] ?? '').trim();
    if (r['上場区分'] !== '上場' || !/^[0-9A-Z]{5}$/.test(sec) || !edinet) continue;
    const code = sec.slice(0, 4);
    const id = companyId({ scheme: 'edinet', value: edinet });
    const symbol = `${code}.T`;
    out.companies.push({
      companyId: id,
      companyName: (r['提出者名'] ?? '').trim(),
      country: /^外国/.test((r['提出者種別'] ?? '').trim()) ? null : 'JP',
      cik: null,
      primaryTicker: symbol,
      primaryExchange: 'JP',
      industry: (r['提出者業種'] ?? '').trim() || null,
      currency: 'JPY',
      marketCapCurrency: 'JPY',
      nListings: 1,
      asOfDate,
      sourceUrl: ctx.url,
      fetchedAt: new Date(ctx.fetchedAt),
    });
    const ident = identifierAdder(out, id, 'edinet');
    ident('EDINET_CODE', edinet);
    ident('LOCAL_CODE', code);
    ident('TICKER', symbol);
    const corporate = (r['提出者法人番号'] ?? '').trim();
    if (corporate) ident('JP_CORPORATE_NUMBER', corporate);
    out.listings.push({
      companyId: id,
      symbol,
      exchange: 'JP',
      market: 'JP',
      status: 'active',
      validFrom: null,
      validTo: null,
    });
  }
  return out;
}
