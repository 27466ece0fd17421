import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';
import { cleanFloat, type DailyBar, type PriceEvent, type PriceParseResult } from './types.ts';

/**
 * Daily price CSVs, every shape the fixtures hold, told apart by their header rows (never by position):
 *
 * | format | header | prices |
 * |---|---|---|
 * | `yahoo-csv` (v7 download) | `Date,Open,High,Low,Close,Adj Close,Volume` | traded close + Adj Close |
 * | `yfinance-history` (`Ticker.history().to_csv()`) | `Date,Open,High,Low,Close,Volume,Dividends,Stock Splits` | auto-adjusted before the last dividend/split in the file, traded from it on |
 * | `yfinance-download` (`yf.download().to_csv()`) | `Date,Close,High,...` then a ticker row (`,TSM,...`), or `Price,...` / `Ticker,...` / `Date,,,` | auto-adjusted |
 * | `stooq` (web) | `Date,Open,High,Low,Close,Volume` | back-adjusted as of the download |
 * | `stooq-bulk` | `<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,...` (`YYYYMMDD`) | back-adjusted as of the download |
 *
 * Adjustment only reaches back from a corporate action, so a yfinance history row on or after the file's
 * last dividend or split is the traded price; every other file without an `Adj Close` column is adjusted
 * (the bar is marked `adjusted`). No CSV names its currency: the caller passes the listing's (from the
 * symbol's market suffix or the benchmark registry). A row without a close (`null`, empty) is dropped with
 * a warning; a volume of 0 is data. Dates are kept as the source gives them, weekends included.
 */
export function parsePriceCsv(
  text: string,
  opts: { symbol: string; currency: string | null; document?: string },
): PriceParseResult {
  const document = opts.document ?? `${opts.symbol}.csv`;
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' }).data.map((r) =>
    r.map((c) => c.trim()),
  );
  const headerAt = rows.findIndex((r) => /^(date|price|<ticker>)$/i.test(r[0] ?? ''));
  if (headerAt < 0) throw new ParseError('no Date, Price or <TICKER> header row: not a price CSV', document);
  const header = rows[headerAt]!.map((h) => h.toLowerCase().replace(/[<>]/g, ''));
  let body = rows.slice(headerAt + 1);
  let format: string;
  if (header[0] === 'price') {
    // yfinance >= 0.2.5x: Price/Ticker/Date header rows, column names on the Price row
    format = 'yfinance-download';
    const dateRow = body.findIndex((r) => /^date$/i.test(r[0] ?? ''));
    if (dateRow < 0) throw new ParseError('yfinance header without its Date row', document);
    body = body.slice(dateRow + 1);
    header[0] = 'date';
  } else if (header[0] === 'ticker') {
    format = 'stooq-bulk';
  } else if (header.includes('adj close')) {
    format = 'yahoo-csv';
  } else if (header.includes('dividends') || header.includes('stock splits')) {
    format = 'yfinance-history';
  } else if (body[0] && body[0][0] === '') {
    format = 'yfinance-download';
  } else {
    format = 'stooq';
  }
  // the ticker row(s) of a pandas MultiIndex header: first cell empty or `Ticker`
  body = body.filter((r) => r[0] !== '' && !/^ticker$/i.test(r[0] ?? ''));
  const col = (name: string) => header.indexOf(name);
  const c = {
    date: col('date'),
    open: col('open'),
    high: col('high'),
    low: col('low'),
    close: col('close'),
    adj: col('adj close'),
    volume: col(format === 'stooq-bulk' ? 'vol' : 'volume'),
    dividends: col('dividends'),
    splits: col('stock splits'),
  };
  if (c.date < 0 || c.close < 0)
    throw new ParseError(`header without Date and Close: ${header.join(',')}`, document);
  const num = (r: string[], i: number) => {
    if (i < 0) return null;
    const s = r[i] ?? '';
    if (s === '' || /^(null|nan|-)$/i.test(s)) return null;
    const n = Number(s);
    if (!Number.isFinite(n)) throw new ParseError(`not a number: '${s}'`, document);
    return cleanFloat(n);
  };
  const warnings: string[] = [];
  const events: PriceEvent[] = [];
  const bars: DailyBar[] = [];
  let dropped = 0;
  for (const r of body) {
    const date = isoDate(r[c.date] ?? '', document);
    const close = num(r, c.close);
    const dividend = num(r, c.dividends);
    if (dividend)
      events.push({
        symbol: opts.symbol,
        date,
        kind: 'dividend',
        amount: dividend,
        numerator: null,
        denominator: null,
      });
    const split = num(r, c.splits);
    if (split)
      events.push({
        symbol: opts.symbol,
        date,
        kind: 'split',
        amount: null,
        numerator: split,
        denominator: 1,
      });
    if (close === null) {
      dropped++;
      continue;
    }
    bars.push({
      symbol: opts.symbol,
      date,
      currency: opts.currency,
      open: num(r, c.open),
      high: num(r, c.high),
      low: num(r, c.low),
      close,
      adjClose: c.adj >= 0 ? num(r, c.adj) : null,
      volume: num(r, c.volume),
      adjusted: format !== 'yahoo-csv',
    });
  }
  if (format === 'yfinance-history') {
    const lastEvent = events.reduce((m, e) => (e.date > m ? e.date : m), '');
    for (const b of bars) {
      if (b.date < lastEvent) continue;
      b.adjusted = false;
      b.adjClose = b.close;
    }
  }
  if (dropped > 0) warnings.push(`${opts.symbol}: ${dropped} row(s) without a close dropped`);
  bars.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { format, symbol: opts.symbol, currency: opts.currency, bars, events, notFound: null, warnings };
}

function isoDate(s: string, document: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  if (/^\d{4}-\d{2}-\d{2}[ T]/.test(s)) return s.slice(0, 10);
  if (/^\d{8}$/.test(s)) return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  throw new ParseError(`not a date: '${s}'`, document);
}
