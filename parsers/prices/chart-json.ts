import { ParseError } from '../../lib/errors.ts';
import { cleanFloat, type DailyBar, type PriceEvent, type PriceParseResult } from './types.ts';

/**
 * Yahoo's v8 chart JSON (`/v8/finance/chart/<symbol>?interval=1d`): `chart.result[0]` with a `meta` block
 * (currency as quoted, exchange time zone), epoch-second `timestamp[]`, `indicators.quote[0]` OHLCV arrays,
 * `indicators.adjclose[0].adjclose`, and `events.dividends` / `events.splits` keyed by the ex-date
 * timestamp as a string. An unknown symbol answers `{chart: {result: null, error: {...}}}` (not found).
 *
 * Timestamps are the session open in UTC (the last bar of a range may carry the last trade time
 * instead), so a bar's date is its local calendar date in `meta.exchangeTimezoneName`; `gmtoffset` is the
 * offset at request time and is only the fallback when the zone is missing. Bars whose close is null (no
 * trade) are dropped with a warning; weekend bars the source gives are kept.
 */
interface ChartMeta {
  currency?: string | null;
  symbol?: string;
  exchangeTimezoneName?: string | null;
  gmtoffset?: number | null;
  dataGranularity?: string;
}
interface ChartResult {
  meta?: ChartMeta;
  timestamp?: number[];
  indicators?: {
    quote?: Array<Partial<Record<'open' | 'high' | 'low' | 'close' | 'volume', Array<number | null>>>>;
    adjclose?: Array<{ adjclose?: Array<number | null> }>;
  };
  events?: {
    dividends?: Record<string, { amount?: number; date?: number }>;
    splits?: Record<string, { date?: number; numerator?: number; denominator?: number }>;
  };
}

export function parseChartJson(text: string, document = 'chart.json'): PriceParseResult {
  let json: {
    chart?: { result?: ChartResult[] | null; error?: { code?: string; description?: string } | null };
  };
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ParseError('not JSON', document, { cause: err });
  }
  const chart = json?.chart;
  if (!chart || typeof chart !== 'object')
    throw new ParseError('no `chart` object: not a v8 chart response', document);
  if (chart.error) {
    const reason = `${chart.error.code ?? 'error'}: ${chart.error.description ?? ''}`.trim();
    return {
      format: 'chart-json',
      symbol: '',
      currency: null,
      bars: [],
      events: [],
      notFound: reason,
      warnings: [],
    };
  }
  const result = chart.result?.[0];
  if (!result?.meta?.symbol) throw new ParseError('chart.result[0].meta.symbol missing', document);
  const meta = result.meta;
  const symbol = meta.symbol!;
  const currency = meta.currency ?? null;
  const warnings: string[] = [];
  if (currency === null)
    warnings.push(`${symbol}: meta.currency is null; rows kept with currency null (no market cap)`);
  const ts = result.timestamp ?? [];
  if (ts.length > 0 && meta.dataGranularity && meta.dataGranularity !== '1d')
    throw new ParseError(`interval ${meta.dataGranularity} is not daily`, document);
  const toDate = localDate(meta.exchangeTimezoneName ?? null, meta.gmtoffset ?? 0);
  const q = result.indicators?.quote?.[0] ?? {};
  const adj = result.indicators?.adjclose?.[0]?.adjclose;
  const at = (a: Array<number | null> | undefined, i: number) => {
    const v = a?.[i];
    return typeof v === 'number' && Number.isFinite(v) ? cleanFloat(v) : null;
  };
  const bars: DailyBar[] = [];
  let dropped = 0;
  const seen = new Set<string>();
  for (let i = 0; i < ts.length; i++) {
    const close = at(q.close, i);
    if (close === null) {
      dropped++;
      continue;
    }
    const date = toDate(ts[i]!);
    if (seen.has(date)) {
      warnings.push(`${symbol}: two bars on ${date}; the later one kept`);
      bars.splice(
        bars.findIndex((b) => b.date === date),
        1,
      );
    }
    seen.add(date);
    bars.push({
      symbol,
      date,
      currency,
      open: at(q.open, i),
      high: at(q.high, i),
      low: at(q.low, i),
      close,
      adjClose: adj ? at(adj, i) : close,
      volume: at(q.volume, i),
      adjusted: false,
    });
  }
  if (dropped > 0) warnings.push(`${symbol}: ${dropped} bar(s) with a null close dropped`);
  const events: PriceEvent[] = [];
  for (const d of Object.values(result.events?.dividends ?? {})) {
    if (typeof d.date !== 'number') continue;
    events.push({
      symbol,
      date: toDate(d.date),
      kind: 'dividend',
      amount: d.amount ?? null,
      numerator: null,
      denominator: null,
    });
  }
  for (const s of Object.values(result.events?.splits ?? {})) {
    if (typeof s.date !== 'number') continue;
    events.push({
      symbol,
      date: toDate(s.date),
      kind: 'split',
      amount: null,
      numerator: s.numerator ?? null,
      denominator: s.denominator ?? null,
    });
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { format: 'chart-json', symbol, currency, bars, events, notFound: null, warnings };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Epoch seconds -> the local calendar date in `zone` (IANA), or at a fixed offset when the zone is unknown. */
function localDate(zone: string | null, gmtoffset: number): (epoch: number) => string {
  let fmt: Intl.DateTimeFormat | undefined;
  if (zone) {
    fmt = formatters.get(zone);
    if (!fmt) {
      try {
        fmt = new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        });
        formatters.set(zone, fmt);
      } catch {
        fmt = undefined;
      }
    }
  }
  if (fmt) return (epoch) => fmt.format(new Date(epoch * 1000));
  return (epoch) => new Date((epoch + gmtoffset) * 1000).toISOString().slice(0, 10);
}
