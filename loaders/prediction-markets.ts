import { sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import {
  earningsKind,
  type MentionCandidate,
  mentionCandidates,
  normalizeName,
} from '../parsers/markets/company-mentions.ts';
import type { ParsedMarket } from '../parsers/markets/types.ts';
import {
  type PredictionMarketLinkInsert,
  predictionMarketLinks,
  predictionMarkets,
} from '../schema/prediction-markets.ts';
import { upsertRows } from './upsert.ts';

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? []));

/**
 * The registry companies a set of candidates can name: tickers through current tickers and active listings,
 * names through the registry's names without legal suffix. A candidate is kept only when it names exactly
 * one company (two companies with that ticker or name: ambiguous, not linked).
 */
async function resolveCandidates(tx: Tx, candidates: MentionCandidate[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const tickers = [...new Set(candidates.filter((c) => c.kind === 'ticker').map((c) => c.value))];
  if (tickers.length) {
    const rows = rowsOf<{ v: string; company_id: string }>(
      await tx.execute(sql`select distinct v, company_id from (
          select id_value as v, company_id from company_identifiers
           where id_type = 'TICKER' and is_current = 1 and id_value = any(${sql.param(tickers)}::text[])
          union select symbol, company_id from company_listings
           where valid_to is null and symbol = any(${sql.param(tickers)}::text[])
          union select primary_ticker, company_id from companies where primary_ticker = any(${sql.param(tickers)}::text[])
        ) x`),
    );
    const by = new Map<string, Set<string>>();
    for (const r of rows) by.set(r.v, (by.get(r.v) ?? new Set()).add(r.company_id));
    for (const [v, ids] of by) if (ids.size === 1) out.set(`ticker:${v}`, [...ids][0]!);
  }
  const names = [...new Set(candidates.filter((c) => c.kind === 'name').map((c) => c.value))];
  if (names.length) {
    // registry names whose first word is a candidate's first word, normalized here (one rule, in one place)
    const firsts = [...new Set(names.map((n) => n.split(' ')[0]!))];
    const rows = rowsOf<{ company_id: string; company_name: string }>(
      await tx.execute(sql`select company_id, company_name from companies
        where lower(split_part(trim(regexp_replace(regexp_replace(company_name, '[''’]', '', 'g'), '[^A-Za-z0-9]+', ' ', 'g')), ' ', 1)) = any(${sql.param(firsts)}::text[])`),
    );
    const by = new Map<string, Set<string>>();
    for (const r of rows) {
      const n = normalizeName(r.company_name);
      if (names.includes(n)) by.set(n, (by.get(n) ?? new Set()).add(r.company_id));
    }
    for (const [v, ids] of by) if (ids.size === 1) out.set(`name:${v}`, [...ids][0]!);
  }
  return out;
}

/** The company links of parsed markets (question, then description as context). */
export async function marketLinks(tx: Tx, markets: ParsedMarket[]): Promise<PredictionMarketLinkInsert[]> {
  const perMarket = markets.map((m) => ({ m, candidates: mentionCandidates(m.question) }));
  const resolved = await resolveCandidates(
    tx,
    perMarket.flatMap((x) => x.candidates),
  );
  const links: PredictionMarketLinkInsert[] = [];
  for (const { m, candidates } of perMarket) {
    const seen = new Set<string>();
    const kind = earningsKind(m.question);
    for (const c of candidates) {
      const companyId = resolved.get(`${c.kind}:${c.value}`);
      if (!companyId || seen.has(companyId)) continue;
      seen.add(companyId);
      links.push({
        provider: m.provider,
        marketId: m.marketId,
        companyId,
        method: c.method,
        matched: c.value,
        evidence: c.evidence,
        earningsKind: kind,
      });
    }
  }
  return links;
}

/**
 * One venue's listing: markets upsert on (provider, market_id) (a market the listing no longer shows keeps its
 * last state), and each listed market's links are recomputed from its text.
 */
export async function loadPredictionMarkets(
  tx: Tx,
  provider: string,
  markets: ParsedMarket[],
  meta: { source: string; fetchedAt: Date; sourceOf?: Record<string, string> },
): Promise<LoadResult> {
  const rows = markets.map((m) => ({
    provider: m.provider,
    marketId: m.marketId,
    eventId: m.eventId,
    question: m.question,
    description: m.description,
    category: m.category,
    status: m.status,
    statusRaw: m.statusRaw,
    outcomes: m.outcomes,
    yesPrice: m.yesPrice,
    yesPriceRaw: m.yesPriceRaw,
    priceUnit: m.priceUnit,
    priceField: m.priceField,
    volume: m.volume,
    volumeUnit: m.volumeUnit,
    liquidity: m.liquidity,
    openTime: m.openTime,
    closeTime: m.closeTime,
    resolutionTime: m.resolutionTime,
    outcome: m.outcome,
    url: m.url,
    updatedAt: m.updatedAt,
    source: meta.sourceOf?.[m.marketId] ?? meta.source,
    fetchedAt: meta.fetchedAt,
  }));
  const r = await upsertRows(tx, predictionMarkets, rows, [
    predictionMarkets.provider,
    predictionMarkets.marketId,
  ]);
  const ids = markets.map((m) => m.marketId);
  if (ids.length)
    await tx.execute(
      sql`delete from prediction_market_links where provider = ${provider} and market_id = any(${sql.param(ids)}::text[])`,
    );
  await upsertRows(tx, predictionMarketLinks, await marketLinks(tx, markets), [
    predictionMarketLinks.provider,
    predictionMarketLinks.marketId,
    predictionMarketLinks.companyId,
  ]);
  return r;
}
