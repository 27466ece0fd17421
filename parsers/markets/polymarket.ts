import { ParseError } from '../../lib/errors.ts';
import {
  type MarketProvider,
  type MarketsParse,
  num,
  type OutcomePrice,
  type ParsedMarket,
  text,
} from './types.ts';

/**
 * Polymarket's gamma API (`GET https://gamma-api.polymarket.com/markets`: a plain array; `/markets/{id}`: one
 * object). Format rules, from the recorded sample (fixtures/upstream/CONSENSUS-FIXTURES.md):
 * - `outcomes` and `outcomePrices` are JSON-encoded strings inside the JSON (`"[\"Yes\", \"No\"]"`); an actual
 *   array is read the same way. Prices are decimal strings in dollars per $1 share, i.e. probabilities
 *   (`"0.0295"`); a value outside 0-1 is a warning and no price.
 * - `volume` and `liquidity` are decimal-string dollars (`volumeNum`/`liquidityNum` numbers when present).
 * - `active`/`closed` booleans give the state; a closed market whose prices are exactly one `1` and the rest
 *   `0` (and whose `umaResolutionStatus`, when present, is `resolved`) is resolved to that outcome.
 * - Times are ISO strings (`endDate`); `closedTime` may be written `2026-07-07 21:25:17+00`.
 */

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON-encoded string array or a real array; null when neither. */
export function encodedList(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (typeof v !== 'string') return null;
  try {
    const parsed = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Polymarket timestamps: ISO, or `YYYY-MM-DD HH:MM:SS+00` (a space and a two-digit offset). */
export function polyTime(v: unknown): Date | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  let s = v.trim().replace(' ', 'T');
  if (/[+-]\d{2}$/.test(s)) s = `${s}:00`;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t) : null;
}

function market(m: Json, warnings: string[], document: string): ParsedMarket | null {
  const id = m.id === undefined || m.id === null ? null : String(m.id);
  const question = text(m.question);
  if (!id || !question) {
    warnings.push(`${document}: a market without id or question`);
    return null;
  }
  const names = encodedList(m.outcomes) ?? [];
  const prices = encodedList(m.outcomePrices) ?? [];
  if (names.length && prices.length && names.length !== prices.length)
    warnings.push(`${document}: ${id}: ${names.length} outcomes but ${prices.length} prices`);
  const outcomes: OutcomePrice[] = names.map((n, i) => {
    const raw = prices[i];
    const p = num(raw);
    const ok = p !== null && p >= 0 && p <= 1;
    if (p !== null && !ok) warnings.push(`${document}: ${id}: price ${String(raw)} is not a probability`);
    return {
      name: String(n),
      probability: ok ? p : null,
      raw: raw === undefined || raw === null ? null : String(raw),
      unit: ok ? 'usd' : null,
    };
  });
  const closed = m.closed === true;
  const winners = outcomes.filter((o) => o.probability === 1);
  const losersAllZero = outcomes.every((o) => o.probability === 1 || o.probability === 0);
  const uma = text(m.umaResolutionStatus);
  const resolved = closed && winners.length === 1 && losersAllZero && (uma === null || uma === 'resolved');
  const status: ParsedMarket['status'] = resolved
    ? 'resolved'
    : closed || m.active === false
      ? 'closed'
      : 'open';
  const yesIndex = outcomes.findIndex((o) => o.name.toLowerCase() === 'yes');
  const yes = yesIndex >= 0 ? outcomes[yesIndex]! : null;
  const slug = text(m.slug);
  const events = Array.isArray(m.events) ? m.events.filter(isObj) : [];
  return {
    provider: 'polymarket',
    marketId: id,
    eventId: text(m.conditionId),
    question,
    description: text(m.description),
    category: text(m.category) ?? (events[0] ? text(events[0].category) : null),
    status,
    statusRaw:
      [m.active === true ? 'active' : null, closed ? 'closed' : null, uma].filter(Boolean).join(',') || null,
    outcomes,
    yesPrice: yes?.probability ?? null,
    yesPriceRaw: yes?.raw ?? null,
    priceUnit: yes?.unit ?? null,
    priceField: yes ? `outcomePrices[${yesIndex}]` : null,
    volume: num(m.volumeNum) ?? num(m.volume),
    volumeUnit: num(m.volumeNum) !== null || num(m.volume) !== null ? 'usd' : null,
    liquidity: num(m.liquidityNum) ?? num(m.liquidity),
    openTime: polyTime(m.startDate),
    closeTime: polyTime(m.endDate),
    resolutionTime: resolved ? (polyTime(m.closedTime) ?? polyTime(m.umaEndDate)) : null,
    outcome: resolved ? winners[0]!.name : null,
    url: slug ? `https://polymarket.com/market/${slug}` : null,
    updatedAt: polyTime(m.updatedAt),
  };
}

export function parsePolymarketMarkets(bytes: string, document: string): MarketsParse {
  let body: unknown;
  try {
    body = JSON.parse(bytes);
  } catch (err) {
    throw new ParseError('Polymarket body is not JSON', document, { cause: err });
  }
  const list = Array.isArray(body) ? body : isObj(body) && body.question !== undefined ? [body] : null;
  if (!list) throw new ParseError('Polymarket gamma body is neither a market array nor a market', document);
  const warnings: string[] = [];
  const markets = list
    .filter(isObj)
    .map((m) => market(m, warnings, document))
    .filter((m): m is ParsedMarket => m !== null);
  return { markets, warnings, cursor: null };
}

export const polymarket: MarketProvider = {
  id: 'polymarket',
  url: () => 'https://gamma-api.polymarket.com/markets?active=true&closed=false&limit=500',
  resolvedUrl: () =>
    'https://gamma-api.polymarket.com/markets?closed=true&order=endDate&ascending=false&limit=500',
  parse: (bytes, document) => parsePolymarketMarkets(bytes.toString('utf8'), document),
};
