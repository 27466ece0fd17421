import { and, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { buildEventRows, type EventMember } from '../parsers/news/events.ts';
import {
  type DisclosedRelationship,
  disclosedEdges,
  type Edge,
  industryEdges,
  KNOCK_ON_MIN_IMPACT,
  magnitudeOf,
} from '../parsers/news/knock-on.ts';
import {
  type CompiledRegistry,
  compileRegistry,
  patchRegistry,
  type RegistryCompany,
  type RegistryIndex,
} from '../parsers/news/link.ts';
import { type Article, processItems, type SourcedItem } from '../parsers/news/pipeline.ts';
import type { NewsReader } from '../parsers/news/reader.ts';
import type { Disclosure } from '../parsers/news/relationships.ts';
import { loadTextModel } from '../parsers/news/text-model.ts';
import { companies, companyAliases, companyEvents, companyListings } from '../schema/companies.ts';
import {
  type NewsCompanyRowInsert,
  newsArticles,
  newsCompanyRows,
  newsEvents,
  newsRelationships,
  newsThemeRows,
} from '../schema/news.ts';
import { lockUntilCommit } from './upsert.ts';

export interface NewsParsed {
  feedUrl: string;
  fetchedAt: string;
  items: SourcedItem[];
  /** `graph:` partitions: the filing's XBRL customer/supplier disclosures. */
  xbrl?: Disclosure[];
}

/**
 * The registry the linker reads: every company with its primary ticker, CIK and SIC, its former names (the
 * `name_change` events the submissions' formerNames give) and its ticker history (its listings with their
 * validity), so an alias or a filing date resolves the way the registry states it. In `company_id` order (each
 * company's former names, listings, subsidiaries and brands in a fixed order too), so the same rows always compile to the same
 * index (ordered by the fields hashed, so rows that hash the same read the same); `ids`: only those companies (the ones a cached registry has to read again).
 */
export async function loadRegistry(tx: Tx, ids?: string[]): Promise<RegistryCompany[]> {
  if (ids?.length === 0) return [];
  const rows = await tx
    .select({
      company_id: companies.companyId,
      name: companies.companyName,
      ticker: companies.primaryTicker,
      cik: companies.cik,
      sic: companies.sicCode,
    })
    .from(companies)
    .where(ids ? inArray(companies.companyId, ids) : undefined);
  const former = await tx
    .select({ id: companyEvents.companyId, detail: companyEvents.detail })
    .from(companyEvents)
    .where(
      and(
        eq(companyEvents.eventType, 'name_change'),
        ids ? inArray(companyEvents.companyId, ids) : undefined,
      ),
    )
    .orderBy(companyEvents.companyId, companyEvents.detail);
  const listings = await tx
    .select({
      id: companyListings.companyId,
      symbol: companyListings.symbol,
      from: companyListings.validFrom,
      to: companyListings.validTo,
    })
    .from(companyListings)
    .where(ids ? inArray(companyListings.companyId, ids) : undefined)
    .orderBy(
      companyListings.companyId,
      companyListings.symbol,
      companyListings.validFrom,
      companyListings.validTo,
    );
  // the subsidiaries the company's newest readable Exhibit 21 lists and the brands its newest 10-K stating any states
  // (company_aliases; older lists superseded)
  const own = await tx
    .select({ id: companyAliases.companyId, kind: companyAliases.kind, alias: companyAliases.alias })
    .from(companyAliases)
    .where(
      and(
        inArray(companyAliases.kind, ['subsidiary', 'brand']),
        isNull(companyAliases.supersededBy),
        ids ? inArray(companyAliases.companyId, ids) : undefined,
      ),
    )
    .orderBy(companyAliases.companyId, companyAliases.kind, companyAliases.alias);
  const subsidiaries = new Map<string, string[]>();
  const brands = new Map<string, string[]>();
  for (const s of own) {
    const of = s.kind === 'brand' ? brands : subsidiaries;
    const names = of.get(s.id);
    if (names) names.push(s.alias);
    else of.set(s.id, [s.alias]);
  }
  const aliases = new Map<string, string[]>();
  for (const f of former) {
    const name = /^formerly (.+)$/.exec(f.detail)?.[1];
    if (name) aliases.set(f.id, [...(aliases.get(f.id) ?? []), name]);
  }
  const tickers = new Map<string, NonNullable<RegistryCompany['tickers']>>();
  for (const l of listings)
    tickers.set(l.id, [...(tickers.get(l.id) ?? []), { symbol: l.symbol, from: l.from, to: l.to }]);
  // (sorted here, not by the database: its collation may order ids otherwise than the patch compares them)
  rows.sort((a, b) => (a.company_id < b.company_id ? -1 : a.company_id > b.company_id ? 1 : 0));
  return rows.map((r) => ({
    ...r,
    ...(aliases.has(r.company_id) ? { aliases: aliases.get(r.company_id) } : {}),
    ...(tickers.has(r.company_id) ? { tickers: tickers.get(r.company_id) } : {}),
    ...(subsidiaries.has(r.company_id) ? { subsidiaries: subsidiaries.get(r.company_id) } : {}),
    ...(brands.has(r.company_id) ? { brands: brands.get(r.company_id) } : {}),
  }));
}

/** Each row `loadRegistry` reads, as the text hashed for the change marker and the per-company hashes. */
const REGISTRY_ROWS = [
  `select company_id, 'c|' || company_id || '|' || company_name || '|' || coalesce(primary_ticker, '') || '|' || coalesce(cik, '') || '|' || coalesce(sic_code, '') as r from companies`,
  `select company_id, 'e|' || company_id || '|' || detail as r from company_events where event_type = 'name_change'`,
  `select company_id, 'l|' || company_id || '|' || symbol || '|' || coalesce(valid_from::text, '') || '|' || coalesce(valid_to::text, '') as r from company_listings`,
  `select company_id, 'a|' || company_id || '|' || kind || '|' || alias as r from company_aliases where kind in ('subsidiary', 'brand') and superseded_by is null`,
];

/**
 * What the registry the linker reads is made of, as one string: per table, its row count and the sum of a hash of
 * every field `loadRegistry` reads (companies; `name_change` events; listings; current subsidiary and brand aliases). Two
 * registries with the same marker hold the same rows (up to a 32-bit hash collision on a sum that also matches the
 * counts), so a change to any of those rows (insert, delete, a rename, an alias superseded) changes it. One aggregate
 * per table in the caller's transaction; no rows are sent.
 */
export async function registryMarker(tx: Tx): Promise<string> {
  const part = (q: string) =>
    `(select count(*)::text || ':' || coalesce(sum(hashtext(r)), 0)::text from (${q}) t)`;
  const r = await tx.execute(
    sql.raw(`select ${REGISTRY_ROWS.map((q, i) => `${part(q)} as p${i}`).join(', ')}`),
  );
  const row = ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[]))[0] as Record<string, string>;
  return REGISTRY_ROWS.map((_, i) => row[`p${i}`]).join('/');
}

/**
 * The same hashes per company, for the tables numbered `tables` (of `REGISTRY_ROWS`): for each company id the table
 * holds, the count and hash sum of its rows there. A cached registry whose marker no longer matches compares them with
 * its own, for the tables whose part of the marker changed, to find the companies whose rows changed (added, renamed,
 * an alias added or superseded, deleted): one grouped scan of each such table, ids and sums sent.
 */
export async function companyHashes(
  tx: Tx,
  tables = [0, 1, 2, 3],
): Promise<(Map<string, string> | undefined)[]> {
  const out: (Map<string, string> | undefined)[] = [];
  await hashAggregated(tx, async () => {
    for (const t of tables) {
      const r = await tx.execute(
        sql.raw(
          `select company_id as id, count(*)::text || ':' || sum(hashtext(r))::text as h from (${REGISTRY_ROWS[t]}) t group by company_id`,
        ),
      );
      out[t] = new Map(rowsOf<{ id: string; h: string }>(r).map((x) => [x.id, x.h]));
    }
  });
  return out;
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as T[];

/**
 * Runs `fn`'s grouped statements with the planner's sorts off (hash aggregation; the setting restored after, in the
 * caller's transaction). PGlite keeps no planner statistics (it runs no autovacuum), so its planner takes a registry
 * table for a few rows and groups it by sorting: for the 468k alias rows at the bench's scale an on-disk merge sort
 * (1.2-2.3 s at load 9-11 against 0.22-0.26 s hashed; docs/news.md, h-regbucket). Postgres, its tables analysed, takes
 * as long either way.
 */
async function hashAggregated(tx: Tx, fn: () => Promise<void>): Promise<void> {
  const [{ was }] = rowsOf<{ was: string }>(
    await tx.execute(sql`select current_setting('enable_sort') as was`),
  ) as [{ was: string }];
  await tx.execute(sql`select set_config('enable_sort', 'off', true)`);
  await fn();
  // (not restored after an error: the transaction, or its savepoint, is rolled back then, and the setting with it)
  await tx.execute(sql`select set_config('enable_sort', ${was}, true)`);
}

/** A table's part of the marker, as its per-company hashes add up (so a part equal to it means those hashes are current). */
function markerPart(hashes: Map<string, string>): string {
  let n = 0;
  let sum = 0n;
  for (const h of hashes.values()) {
    const i = h.indexOf(':');
    n += Number(h.slice(0, i));
    sum += BigInt(h.slice(i + 1));
  }
  return `${n}:${sum}`;
}

/** The registry and its compiled alias index, as of the marker they were read under. */
export interface CachedRegistry {
  marker: string;
  registry: RegistryCompany[];
  index: RegistryIndex;
}

interface RegistryCacheEntry extends CachedRegistry {
  /** Per registry table, each company's hash (`companyHashes`) as of the rows compiled. */
  hashes: Map<string, string>[];
  compiled: CompiledRegistry;
}

let registryCache: RegistryCacheEntry | null = null;

/**
 * A marker change that touches more companies than this (or more than a quarter of them) compiles the registry afresh
 * instead of patching the cached one: reading every row once costs less than reading a few thousand companies' rows by
 * id, and a full compile is the reference the patch is tested against.
 */
export const REGISTRY_PATCH_LIMIT = 2000;

/**
 * The registry and its alias index for a news load: read and compiled once, then reused by every load that finds the
 * same `registryMarker` (the registry's rows unchanged), so a load no longer re-reads every company and subsidiary
 * name. When the marker differs (a company, former name, listing or alias changed), `companyHashes` tells which
 * companies changed: only their rows are read, and the cached index is patched for them (`patchRegistry`, equal to a
 * full compile); a change to many companies, or no cached registry, reads and compiles everything. Markers and hashes
 * are read before any row, in the caller's transaction: a commit landing between two of its statements leaves the
 * cache keyed on older hashes than its rows, which only makes a later load read those companies again. Shared, never
 * mutated (a patch copies what it changes), so a load that holds an index keeps the registry of its own reading.
 * `how`: reused (`cache`), patched for the changed companies (`patch`) or compiled afresh (`full`).
 */
export async function registryFor(
  tx: Tx,
): Promise<CachedRegistry & { cached: boolean; how: 'cache' | 'patch' | 'full'; changed?: number }> {
  const marker = await registryMarker(tx);
  const prev = registryCache;
  if (prev?.marker === marker) return { ...prev, cached: true, how: 'cache' };
  const parts = marker.split('/');
  // only the tables whose part of the marker is not what the cached hashes add up to are grouped again
  const stale = prev
    ? [0, 1, 2, 3].filter((t) => markerPart(prev.hashes[t] as Map<string, string>) !== parts[t])
    : [0, 1, 2, 3];
  const read = await companyHashes(tx, stale);
  const hashes = [0, 1, 2, 3].map((t) => read[t] ?? (prev?.hashes[t] as Map<string, string>));
  if (prev) {
    const ids = new Set<string>();
    for (const t of stale) {
      const now = hashes[t] as Map<string, string>;
      const was = prev.hashes[t] as Map<string, string>;
      for (const [id, h] of now) if (was.get(id) !== h) ids.add(id);
      for (const id of was.keys()) if (!now.has(id)) ids.add(id);
    }
    const changed = [...ids];
    if (changed.length <= Math.min(REGISTRY_PATCH_LIMIT, Math.max(10, prev.registry.length / 4))) {
      const rows = await loadRegistry(tx, changed);
      const found = new Set(rows.map((c) => c.company_id));
      const known = new Set(prev.registry.map((c) => c.company_id));
      const compiled = patchRegistry(
        prev.compiled,
        rows,
        changed.filter((id) => !found.has(id) && known.has(id)),
      );
      if (compiled) {
        const next = { marker, hashes, compiled, registry: compiled.companies, index: compiled.index };
        registryCache = next;
        return { ...next, cached: false, how: 'patch', changed: changed.length };
      }
    }
  }
  const registry = await loadRegistry(tx);
  const compiled = compileRegistry(registry);
  registryCache = { marker, hashes, compiled, registry, index: compiled.index };
  return { ...registryCache, cached: false, how: 'full' };
}

/** Drops the cached registry (tests; a process that wants the next load to read it afresh). */
export function clearRegistryCache(): void {
  registryCache = null;
}

/** Every disclosed relationship whose counterparty is linked (the graph's customer and supplier edges). */
export async function disclosedRelationships(tx: Tx): Promise<DisclosedRelationship[]> {
  const rows = await tx
    .select({
      filer_id: newsRelationships.filerId,
      counterparty_id: newsRelationships.counterpartyId,
      side: newsRelationships.side,
      pct: newsRelationships.pct,
      source: newsRelationships.source,
      accession: newsRelationships.accessionNumber,
      filing_date: newsRelationships.filingDate,
      evidence: newsRelationships.evidence,
    })
    .from(newsRelationships)
    .where(isNotNull(newsRelationships.counterpartyId));
  return rows as DisclosedRelationship[];
}

/** The relationship graph: disclosed customer/supplier edges first (stronger), then same-industry peers. */
export async function relationshipGraph(tx: Tx, registry: RegistryCompany[]): Promise<Map<string, Edge[]>> {
  const byId = new Map(registry.map((c) => [c.company_id, c]));
  const graph = disclosedEdges(await disclosedRelationships(tx), byId);
  for (const [from, peers] of industryEdges(registry))
    graph.set(from, [...(graph.get(from) ?? []), ...peers]);
  return graph;
}

const CHUNK = 500;
async function insertChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/**
 * Links, scores and stores one poll's items (the registry is read here, in the load transaction, so the
 * linker sees the companies as loaded), adds knock-on rows over the relationship graph, then rebuilds the
 * events of every company the poll touched.
 */
export async function loadNews(
  tx: Tx,
  parsed: NewsParsed,
  /** A model reader replacing the local reading of items scoring 40 or more (NEWS_MODEL_URL); optional. */
  reader?: NewsReader | null,
): Promise<LoadResult & { duplicates: number }> {
  if (parsed.items.length === 0) return { inserted: 0, updated: 0, duplicates: 0 };
  // One news load at a time, until its commit (issue 26). A load reads what every other load writes: the
  // stored articles near its items (a near-identical title is a duplicate), and every article of each company
  // it touches (rebuildEvents re-clusters them, delete-then-insert). Two loads at once each clustered without
  // the other's articles, and when both rebuilt a company with stored events, the second's DELETE waited on
  // the first's, skipped the rows the first re-inserted (not in its snapshot), and its INSERT of the same
  // (event_id, company_id, relation) failed on the primary key: the 1% rehearsal's failed attempts. The
  // keys involved (companies, the days of the duplicate window) are known only after linking, and a backfill's
  // `ex99:` load touches thousands of both, so the lock is the dataset's; after it, each statement's snapshot
  // sees every earlier load committed, and concurrent loads end as the same loads run one after another.
  await lockUntilCommit(tx, ['findata:news']);
  const { registry, index: reg } = await registryFor(tx);
  const times = parsed.items.map((i) => Date.parse(i.item.published_at));
  const lo = new Date(Math.min(...times) - 86_400_000).toISOString();
  const hi = new Date(Math.max(...times) + 86_400_000).toISOString();
  const recent = await tx
    .select({ news_id: newsArticles.newsId, title: newsArticles.title, event_at: newsArticles.eventAt })
    .from(newsArticles)
    .where(and(gte(newsArticles.eventAt, lo), lte(newsArticles.eventAt, hi)));
  // the trained text model answers where the word rules have none (loaded once; the rules alone without the vectors)
  await loadTextModel();
  const { articles, duplicates } = processItems(
    parsed.items,
    reg,
    recent.map((r) => ({ ...r, event_at: new Date(r.event_at).toISOString() })),
  );
  if (articles.length === 0) return { inserted: 0, updated: 0, duplicates: duplicates.length };
  if (reader) {
    for (const a of articles) {
      if (!a.reading) continue;
      const c = a.classification;
      const primary = a.links.find((l) => l.primary);
      a.reading = await reader.read({
        title: a.title,
        summary: a.summary,
        event_type: c.event_type,
        event_subtype: c.event_subtype,
        company: primary?.ticker ?? null,
      });
    }
  }
  const fetchedAt = new Date(parsed.fetchedAt);
  const before = await tx
    .select({ id: newsArticles.newsId })
    .from(newsArticles)
    .where(
      inArray(
        newsArticles.newsId,
        articles.map((a) => a.news_id),
      ),
    );
  await insertChunks(articles, (chunk) =>
    tx
      .insert(newsArticles)
      .values(chunk.map((a) => articleRow(a, parsed.feedUrl, fetchedAt)))
      .onConflictDoUpdate({
        target: newsArticles.newsId,
        set: excludedAll([
          'title',
          'summary',
          'impact_score',
          'rules',
          'event_type',
          'event_subtype',
          'direction',
          'why',
          'confidence',
          'horizon',
          'reader',
          'ambiguous',
          'region',
          'stance',
        ]),
      }),
  );
  const edges = await relationshipGraph(tx, registry);
  const byId = new Map(registry.map((c) => [c.company_id, c]));
  const companyRows: NewsCompanyRowInsert[] = [];
  for (const a of articles) {
    for (const l of a.links) {
      companyRows.push({
        newsId: a.news_id,
        companyId: l.company_id,
        relation: 'direct',
        ticker: l.ticker,
        tickerConfirmed: l.ticker_confirmed,
        primary: l.primary,
        basis: l.basis,
        evidence: l.evidence,
        magnitude: null,
        via: null,
        direction: a.reading?.direction ?? null,
        eventAt: a.event_at,
      });
    }
    if (a.classification.impact_score < KNOCK_ON_MIN_IMPACT) continue;
    const direct = new Set(a.links.map((l) => l.company_id));
    for (const l of a.links.filter((x) => x.primary && x.ticker_confirmed)) {
      for (const e of edges.get(l.company_id) ?? []) {
        if (direct.has(e.to)) continue;
        direct.add(e.to);
        companyRows.push({
          newsId: a.news_id,
          companyId: e.to,
          relation: 'knock_on',
          ticker: byId.get(e.to)?.ticker ?? null,
          tickerConfirmed: e.confirmed ?? true,
          primary: false,
          basis: 'graph',
          evidence: e.evidence,
          magnitude: magnitudeOf(a.classification.impact_score, e),
          via: e.via,
          direction: a.reading?.direction ?? null,
          eventAt: a.event_at,
        });
      }
    }
  }
  await tx.delete(newsCompanyRows).where(
    inArray(
      newsCompanyRows.newsId,
      articles.map((a) => a.news_id),
    ),
  );
  await insertChunks(companyRows, (chunk) => tx.insert(newsCompanyRows).values(chunk));
  const themeRows = articles.flatMap((a) =>
    a.themes.map((t) => ({
      theme: t.theme,
      newsId: a.news_id,
      track: t.track,
      evidence: t.evidence,
      eventAt: a.event_at,
    })),
  );
  await insertChunks(themeRows, (chunk) => tx.insert(newsThemeRows).values(chunk).onConflictDoNothing());
  await rebuildEvents(tx, [...new Set(companyRows.map((r) => r.companyId))]);
  const existing = new Set(before.map((b) => b.id));
  const inserted = articles.filter((a) => !existing.has(a.news_id)).length;
  return { inserted, updated: articles.length - inserted, duplicates: duplicates.length };
}

function excludedAll(cols: string[]) {
  return Object.fromEntries(
    cols.map((c) => [c.replace(/_(\w)/g, (_m, x: string) => x.toUpperCase()), sql.raw(`excluded."${c}"`)]),
  );
}

function articleRow(a: Article, sourceUrl: string, fetchedAt: Date) {
  return {
    newsId: a.news_id,
    title: a.title,
    link: a.link,
    summary: a.summary,
    summaryWithheld: false,
    publisher: a.publisher,
    channel: a.channel,
    language: a.language,
    region: a.region,
    eventAt: a.event_at,
    timeBasis: a.time_basis,
    timePrecision: a.time_precision,
    isScheduled: a.is_scheduled,
    occurredOn: a.occurred_on,
    announcedLagDays: a.announced_lag_days,
    eventType: a.classification.event_type,
    eventSubtype: a.classification.event_subtype,
    impactScore: a.classification.impact_score,
    rules: a.classification.rules,
    stance: a.stance,
    direction: a.reading?.direction ?? null,
    horizon: a.reading?.horizon ?? null,
    confidence: a.reading?.confidence ?? null,
    why: a.reading?.why ?? null,
    reader: a.reading?.reader ?? null,
    ambiguous: a.ambiguous,
    sourceUrl,
    fetchedAt,
  };
}

/** Re-clusters every article row of these companies into events (direct and knock-on apart). */
export async function rebuildEvents(tx: Tx, companyIds: string[]): Promise<void> {
  for (let i = 0; i < companyIds.length; i += CHUNK) {
    const ids = companyIds.slice(i, i + CHUNK);
    const rows = await tx
      .select({
        news_id: newsCompanyRows.newsId,
        company_id: newsCompanyRows.companyId,
        relation: newsCompanyRows.relation,
        ticker: newsCompanyRows.ticker,
        magnitude: newsCompanyRows.magnitude,
        via: newsCompanyRows.via,
        direction: newsCompanyRows.direction,
        event_type: newsArticles.eventType,
        title: newsArticles.title,
        event_at: newsArticles.eventAt,
        impact_score: newsArticles.impactScore,
        why: newsArticles.why,
        link: newsArticles.link,
        publisher: newsArticles.publisher,
        time_basis: newsArticles.timeBasis,
        occurred_on: newsArticles.occurredOn,
        is_scheduled: newsArticles.isScheduled,
      })
      .from(newsCompanyRows)
      .innerJoin(newsArticles, sql`${newsArticles.newsId} = ${newsCompanyRows.newsId}`)
      .where(inArray(newsCompanyRows.companyId, ids));
    const members = rows.map((r) => ({
      ...r,
      event_at: new Date(r.event_at).toISOString(),
    })) as EventMember[];
    const events = buildEventRows(members);
    // which companies each article reaches (knock-on rows), for `reaches`
    const reaches = new Map<string, string[]>();
    for (const m of members)
      if (m.relation === 'knock_on')
        reaches.set(m.news_id, [...(reaches.get(m.news_id) ?? []), m.ticker ?? m.company_id]);
    await tx.delete(newsEvents).where(inArray(newsEvents.companyId, ids));
    await insertChunks(events, (chunk) =>
      tx.insert(newsEvents).values(
        chunk.map((e) => ({
          eventId: e.event_id,
          companyId: e.company_id,
          relation: e.relation,
          ticker: e.ticker,
          nArticles: e.n_articles,
          firstAt: e.first_at,
          lastAt: e.last_at,
          peakImpact: e.peak_impact,
          peakMagnitude: e.peak_magnitude,
          via: e.via,
          direction: e.direction,
          headline: e.headline,
          why: e.why,
          eventType: e.event_type,
          link: e.link,
          publishers: e.publishers,
          weakestTimeBasis: e.weakest_time_basis,
          occurredOn: e.occurred_on,
          reaches: [...new Set(e.news_ids.flatMap((n) => reaches.get(n) ?? []))].slice(0, 50),
          isScheduled: e.is_scheduled,
          newsIds: e.news_ids,
        })),
      ),
    );
    for (const e of events)
      await tx
        .update(newsCompanyRows)
        .set({ eventId: e.event_id })
        .where(
          and(
            inArray(newsCompanyRows.newsId, e.news_ids),
            sql`${newsCompanyRows.companyId} = ${e.company_id}`,
            sql`${newsCompanyRows.relation} = ${e.relation}`,
          ),
        );
  }
}
