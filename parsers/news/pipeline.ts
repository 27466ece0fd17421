import { createHash } from 'node:crypto';
import { type Channel, type Classification, classifyItem, type FiredRule } from './classify.ts';
import { CLUSTER_WINDOW_HOURS, clusterArticles, DUPLICATE_WINDOW_HOURS, titleSimilarity } from './cluster.ts';
import { type EventDate, eventDate } from './dates.ts';
import type { FeedItem } from './feed.ts';
import { batchWords, type CompanyLink, type LinkResult, linkItem, type RegistryIndex } from './link.ts';
import { opensHeadline, type Reading, readLocally } from './reader.ts';
import { matchThemes, regionOf, stanceOf, type ThemeHit } from './themes.ts';

/** Items scoring this or more get a reader's direction/horizon/confidence/why. */
export const READ_THRESHOLD = 40;

export interface SourcedItem {
  item: FeedItem;
  channel: Channel;
  /** Press-release body text: read for links and rules, never stored. */
  body?: string;
}

/** One article after link, classify, theme and read; company rows fan out from `links`. */
export interface Article {
  news_id: string;
  title: string;
  link: string | null;
  summary: string | null;
  publisher: string | null;
  channel: Channel;
  language: string | null;
  region: string | null;
  event_at: string;
  time_basis: string;
  time_precision: EventDate['time_precision'];
  is_scheduled: boolean;
  occurred_on: string;
  announced_lag_days: number;
  classification: Classification;
  links: CompanyLink[];
  ambiguous: LinkResult['ambiguous'];
  themes: ThemeHit[];
  stance: 'decided' | 'talked';
  reading: Reading | null;
}

export interface Duplicate {
  news_id: string;
  duplicate_of: string;
  reason: 'same_link' | 'same_title';
}

/**
 * news_id: a stable hash of the canonical link (else the feed guid). Where the link does not identify the story
 * (`linkShared`: items with other headlines and other guids carry the same link, as a feed's quote-page link under
 * each of its real-time headlines does) the item's guid is hashed with it.
 */
export function newsIdOf(item: FeedItem, linkShared = false): string {
  const key = item.link === null ? item.guid : linkShared ? `${item.link}\n${item.guid}` : item.link;
  return `nws_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

/**
 * The links that do not identify a story in this batch: carried by two or more items whose guids and headlines both
 * differ. (One story under one link, repeated or syndicated with its own guid, keeps its headline: it still
 * collapses by link.)
 */
export function sharedLinks(items: readonly { item: FeedItem }[]): Set<string> {
  const seen = new Map<string, { guid: string; title: string }[]>();
  const shared = new Set<string>();
  for (const { item } of items) {
    if (item.link === null || item.guid === item.link) continue;
    const title = item.title.toLowerCase().replace(/\s+/g, ' ').trim();
    const others = seen.get(item.link) ?? [];
    if (others.some((o) => o.guid !== item.guid && o.title !== title)) shared.add(item.link);
    others.push({ guid: item.guid, title });
    seen.set(item.link, others);
  }
  return shared;
}

/**
 * The lead labels that open two or more headlines of one batch ("NerdWallet: Refinancing now ...", "NerdWallet: Women and credit:
 * ..."; "Market Snapshot:", "The Tell:"): a label a feed repeats over different stories is its column's name, not the subject of
 * each, so the companies are linked from the headline after it (a label heading one headline alone, "GM: Drivers should ...",
 * stays a subject).
 */
export function columnLabels(items: readonly { item: FeedItem }[]): Set<string> {
  const count = new Map<string, Set<string>>();
  for (const { item } of items) {
    const m = COLUMN_LABEL.exec(item.title);
    if (!m) continue;
    const label = m[1] as string;
    count.set(label, (count.get(label) ?? new Set()).add(item.title.slice(m[0].length).toLowerCase()));
  }
  return new Set([...count].filter(([, stories]) => stories.size >= 2).map(([label]) => label));
}
/** A headline's lead label: one to three capitalized words (an apostrophe, "&", "+" or "." inside) and a colon. */
const COLUMN_LABEL = /^(\p{Lu}[\p{L}\d&'’.+-]*(?: \p{Lu}[\p{L}\d&'’.+-]*){0,2}):\s+(?=\S)/u;

const SCHEDULED =
  /\b(to report|will report|scheduled|to announce|will announce|conference call|to release|will release|webcast)\b/i;

/**
 * Scheduled (a calendar item, excluded unless asked): the headline announces a future report or call, or the
 * event date read from the text (dates.ts) lies wholly after the publication date.
 */
export function scheduledRules(title: string, date: EventDate): FiredRule[] {
  const out: FiredRule[] = [];
  const m = SCHEDULED.exec(title);
  if (m) out.push({ rule: 'scheduled:headline', points: 0, evidence: m[0] });
  if (date.future)
    out.push({
      rule: 'scheduled:future_date',
      points: 0,
      evidence: `${date.evidence} -> ${date.occurred_on}`,
    });
  return out;
}

/** Link, classify, theme and read every item; collapse duplicates by canonical link and near-identical title within 24 h. */
export function processItems(
  items: SourcedItem[],
  reg: RegistryIndex,
  /** Articles already stored near these items' times: a near-identical title among them is a duplicate too. */
  recent: { news_id: string; title: string; event_at: string }[] = [],
): { articles: Article[]; duplicates: Duplicate[] } {
  const articles: Article[] = [];
  const duplicates: Duplicate[] = [];
  const byLink = new Map<string, Article>();
  const shared = sharedLinks(items);
  const columns = columnLabels(items);
  const batch = batchWords(items.filter((x) => !x.item.edgar).map((x) => x.item));
  for (const { item, channel, body } of items) {
    // (a column's label is cut from the headline the companies are linked from; the headline is typed and read whole)
    const column = COLUMN_LABEL.exec(item.title);
    const linkedAs =
      column && columns.has(column[1] as string)
        ? { ...item, title: item.title.slice(column[0].length) }
        : item;
    const news_id = newsIdOf(item, item.link !== null && shared.has(item.link));
    const sameLink = byLink.get(news_id);
    if (sameLink) {
      duplicates.push({ news_id, duplicate_of: sameLink.news_id, reason: 'same_link' });
      continue;
    }
    // a filing is identified by its accession: two 497Ks of one trust are two filings, not a duplicate
    const twin = item.edgar
      ? undefined
      : [...recent, ...articles].find(
          (a) =>
            a.news_id !== news_id &&
            Math.abs(Date.parse(a.event_at) - Date.parse(item.published_at)) <=
              DUPLICATE_WINDOW_HOURS * 3_600_000 &&
            titleSimilarity(a.title, item.title) >= 0.9,
        );
    if (twin) {
      duplicates.push({ news_id, duplicate_of: twin.news_id, reason: 'same_title' });
      continue;
    }
    const linked = linkItem(linkedAs, reg, body, batch);
    const text = `${item.title} ${item.summary ?? ''}`;
    const themes = matchThemes(text);
    const cls = classifyItem(item, channel, {
      hasPrimaryLink: linked.links.some((l) => l.primary),
      // the names the headline links by (a market word inside one names the company: "S&P Dow Jones Indices")
      linkedNames: linked.links.filter((l) => l.basis === 'name' && l.primary).map((l) => l.evidence),
      // the macro-theme fallback types an item naming no company: by its headline, as the text rules do
      // (a country named only as the place where something happens or where one goes, "in China", "to China", is no theme of
      // its own: "Snake school and May in China", "Taiwan warns against travel to China after execution threat")
      macroThemes: matchThemes(item.title.replace(/\b(in|to) (China|Beijing)\b/g, ' '))
        .filter((t) => t.track === 'macro')
        .map((t) => t.theme),
      ...(body ? { body } : {}),
    });
    // direction is read for the subject company: a company only mentioned in the body is not it
    const primary = linked.links.find((l) => l.primary);
    const reading =
      cls.impact_score >= READ_THRESHOLD
        ? readLocally({
            title: item.title,
            summary: item.summary,
            event_type: cls.event_type,
            event_subtype: cls.event_subtype,
            company: primary?.ticker ?? null,
            company_opens_headline: opensHeadline(item.title, primary),
          })
        : null;
    const dated = eventDate(item.title, item.summary, item.published_at, item.time_basis);
    const scheduled = scheduledRules(item.title, dated);
    // the date and schedule rules score nothing; they are kept with the others for `etl news explain`
    if (dated.evidence)
      cls.rules.push({
        rule: `date:${dated.time_basis}:${dated.time_precision}`,
        points: 0,
        evidence: dated.evidence,
      });
    cls.rules.push(...scheduled);
    const a: Article = {
      news_id,
      title: item.title,
      link: item.link,
      summary: item.summary,
      publisher: item.publisher,
      channel,
      language: item.language,
      region: regionOf(text, item.language),
      event_at: item.published_at,
      time_basis: dated.time_basis,
      time_precision: dated.time_precision,
      is_scheduled: scheduled.length > 0,
      occurred_on: dated.occurred_on,
      announced_lag_days: dated.announced_lag_days,
      classification: cls,
      links: linked.links,
      ambiguous: linked.ambiguous,
      themes,
      stance: stanceOf(item.title),
      reading,
    };
    articles.push(a);
    byLink.set(news_id, a);
  }
  return { articles, duplicates };
}

/** One article row per article and linked company (the spec's article row), macro articles keep company null. */
export interface CompanyArticle {
  news_id: string;
  company_id: string | null;
  ticker: string | null;
  ticker_confirmed: boolean;
  primary: boolean;
  event_type: string;
  title: string;
  event_at: string;
  impact_score: number;
}

export function companyRows(articles: Article[]): CompanyArticle[] {
  return articles.flatMap((a): CompanyArticle[] => {
    const base = {
      news_id: a.news_id,
      event_type: a.classification.event_type,
      title: a.title,
      event_at: a.event_at,
      impact_score: a.classification.impact_score,
    };
    if (a.links.length === 0)
      return [{ ...base, company_id: null, ticker: null, ticker_confirmed: false, primary: false }];
    return a.links.map((l) => ({
      ...base,
      company_id: l.company_id,
      ticker: l.ticker,
      ticker_confirmed: l.ticker_confirmed,
      primary: l.primary,
    }));
  });
}

export interface NewsEvent {
  event_id: string;
  company_id: string | null;
  news_ids: string[];
  first_at: string;
  last_at: string;
  peak_impact: number;
  strongest: string;
}

/** Events: clusters of company rows within the window; the id hashes the company and the first article. */
export function buildEvents(rows: CompanyArticle[]): NewsEvent[] {
  const out: NewsEvent[] = [];
  for (const [key, members] of clusterArticles(rows)) {
    const strongest = members.reduce((b, m) => (m.impact_score > b.impact_score ? m : b));
    out.push({
      event_id: `evt_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`,
      company_id: members[0]?.company_id ?? null,
      news_ids: members.map((m) => m.news_id),
      first_at: members[0]?.event_at ?? '',
      last_at: members[members.length - 1]?.event_at ?? '',
      peak_impact: strongest.impact_score,
      strongest: strongest.news_id,
    });
  }
  return out;
}

export { CLUSTER_WINDOW_HOURS };
