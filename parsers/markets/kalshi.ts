import { ParseError } from '../../lib/errors.ts';
import {
  type MarketProvider,
  type MarketsParse,
  num,
  type OutcomePrice,
  type ParsedMarket,
  type PriceUnit,
  text,
  time,
} from './types.ts';

/**
 * Kalshi's public market API (`GET /trade-api/v2/markets`, `{markets: [...], cursor}`; one market as
 * `{market: {...}}`). Price rules, from Kalshi's API reference (no recorded Kalshi response exists in our
 * fixtures, see docs/consensus-and-markets.md):
 * - A contract pays $1, so a price in dollars is the probability. `*_dollars` fields are decimal-dollar strings
 *   (`"0.5600"`), read first. The older integer fields (`last_price`, `yes_bid`, `yes_ask`) are cents, and are
 *   read as cents only when the market says `response_price_units: "usd_cent"`; without that evidence they are
 *   not read (a warning), never guessed.
 * - The yes price is the last trade; with no trade (0 / absent), the bid-ask midpoint when both sides quote.
 * - `status` `active`/`open` -> open; `closed`/`inactive` -> closed; `settled`/`finalized`/`determined` ->
 *   resolved, with `result` (`yes`/`no`) as the outcome.
 * - Volume is in contracts (`volume_fp` string or `volume` integer).
 */

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One Kalshi price field as {probability, raw, unit, field}, from its `_dollars` form or evidenced cents. */
export function kalshiPrice(
  m: Json,
  field: string,
): { probability: number; raw: string; unit: PriceUnit; field: string } | null {
  const dollars = m[`${field}_dollars`];
  const d = num(dollars);
  if (d !== null && d >= 0 && d <= 1)
    return { probability: d, raw: String(dollars), unit: 'usd', field: `${field}_dollars` };
  const cents = m[field];
  const c = num(cents);
  if (c !== null && m.response_price_units === 'usd_cent' && Number.isInteger(c) && c >= 0 && c <= 100)
    return { probability: c / 100, raw: String(cents), unit: 'usd_cents', field };
  return null;
}

const STATUS: Record<string, ParsedMarket['status']> = {
  active: 'open',
  open: 'open',
  initialized: 'closed',
  unopened: 'closed',
  inactive: 'closed',
  paused: 'closed',
  closed: 'closed',
  determined: 'resolved',
  settled: 'resolved',
  finalized: 'resolved',
};

function market(m: Json, warnings: string[], document: string): ParsedMarket | null {
  const ticker = text(m.ticker);
  const title = text(m.title);
  if (!ticker || !title) {
    warnings.push(`${document}: a market without ticker or title`);
    return null;
  }
  const statusRaw = text(m.status);
  const status = statusRaw ? STATUS[statusRaw.toLowerCase()] : undefined;
  if (!status) warnings.push(`${document}: ${ticker}: unknown status ${String(m.status)}; read as closed`);
  const last = kalshiPrice(m, 'last_price');
  const bid = kalshiPrice(m, 'yes_bid');
  const ask = kalshiPrice(m, 'yes_ask');
  let yes: { probability: number; raw: string; unit: PriceUnit; field: string } | null =
    last && last.probability > 0 ? last : null;
  if (!yes && bid && ask && ask.probability > 0)
    yes = {
      probability: Math.round(((bid.probability + ask.probability) / 2) * 1e6) / 1e6,
      raw: `${bid.raw}/${ask.raw}`,
      unit: bid.unit,
      field: `mid(${bid.field},${ask.field})`,
    };
  if (
    !yes &&
    m.last_price !== undefined &&
    m.last_price_dollars === undefined &&
    m.response_price_units !== 'usd_cent'
  )
    warnings.push(`${document}: ${ticker}: integer prices without response_price_units; not read`);
  const result = text(m.result)?.toLowerCase() ?? null;
  const resolved = status === 'resolved' && (result === 'yes' || result === 'no');
  const yesName = text(m.yes_sub_title) ?? 'Yes';
  const outcomes: OutcomePrice[] = [
    { name: 'Yes', probability: yes?.probability ?? null, raw: yes?.raw ?? null, unit: yes?.unit ?? null },
    {
      name: 'No',
      probability: yes ? Math.round((1 - yes.probability) * 1e6) / 1e6 : null,
      raw: null,
      unit: yes?.unit ?? null,
    },
  ];
  const volFp = num(m.volume_fp);
  return {
    provider: 'kalshi',
    marketId: ticker,
    eventId: text(m.event_ticker),
    question: [title, text(m.subtitle) ?? (yesName !== 'Yes' ? yesName : null)].filter(Boolean).join(' — '),
    description: text(m.rules_primary),
    category: text(m.category),
    status: status ?? 'closed',
    statusRaw,
    outcomes,
    yesPrice: yes?.probability ?? null,
    yesPriceRaw: yes?.raw ?? null,
    priceUnit: yes?.unit ?? null,
    priceField: yes?.field ?? null,
    volume: volFp ?? num(m.volume),
    volumeUnit: volFp !== null || num(m.volume) !== null ? 'contracts' : null,
    liquidity: num(m.liquidity_dollars) ?? null,
    openTime: time(m.open_time),
    closeTime: time(m.close_time),
    resolutionTime: resolved ? (time(m.settlement_ts) ?? time(m.expiration_time)) : null,
    outcome: resolved ? (result === 'yes' ? 'Yes' : 'No') : null,
    url: text(m.event_ticker) ? `https://kalshi.com/markets/${String(m.event_ticker).toLowerCase()}` : null,
    updatedAt: time(m.updated_time),
  };
}

export function parseKalshiMarkets(bytes: string, document: string): MarketsParse {
  let body: unknown;
  try {
    body = JSON.parse(bytes);
  } catch (err) {
    throw new ParseError('Kalshi body is not JSON', document, { cause: err });
  }
  if (!isObj(body)) throw new ParseError('Kalshi body is not an object', document);
  const list = Array.isArray(body.markets) ? body.markets : isObj(body.market) ? [body.market] : null;
  if (!list) throw new ParseError('Kalshi body has no markets array nor market object', document);
  const warnings: string[] = [];
  const markets = list
    .filter(isObj)
    .map((m) => market(m, warnings, document))
    .filter((m): m is ParsedMarket => m !== null);
  return { markets, warnings, cursor: text(body.cursor) };
}

export const kalshi: MarketProvider = {
  id: 'kalshi',
  url: () => 'https://api.elections.kalshi.com/trade-api/v2/markets?status=open&limit=1000',
  resolvedUrl: () => 'https://api.elections.kalshi.com/trade-api/v2/markets?status=settled&limit=1000',
  parse: (bytes, document) => parseKalshiMarkets(bytes.toString('utf8'), document),
};
