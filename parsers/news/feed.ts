import { XMLParser } from 'fast-xml-parser';
import iconv from 'iconv-lite';
import { ParseError } from '../../lib/errors.ts';
import { cleanText, htmlToText } from './text.ts';

/** How an item's timestamp was obtained (served as `time_basis`). */
export type TimeBasis = 'published' | 'published_local_assumed' | 'fetched';

/** One EDGAR filer named on an Atom entry (the same accession appears once per role). */
export interface EdgarFiler {
  cik: string;
  name: string;
  role: string | null;
}

/** One feed item, normalized; the text is cleaned (no markup, entities decoded, whitespace collapsed). */
export interface FeedItem {
  /** Stable identity inside the feed: guid/id, else the canonical link, else the title. */
  guid: string;
  title: string;
  /** Canonical link: the publisher URL when the feed gives one (feedburner:origLink, guid permalink), tracking query dropped. */
  link: string | null;
  summary: string | null;
  /** ISO-8601 UTC. */
  published_at: string;
  time_basis: TimeBasis;
  publisher: string | null;
  categories: string[];
  language: string | null;
  /** Present on EDGAR Atom entries: form type, accession, filers, 8-K item codes. */
  edgar?: { form: string; accession: string; filers: EdgarFiler[]; items: string[] };
  /** Namespaced extension fields worth keeping (ndaq:IssueSymbol, cb:simpleTitle ...), by local name. */
  extra: Record<string, string>;
}

export interface Quarantined {
  index: number;
  reason: string;
}

export interface ParsedFeed {
  kind: 'rss' | 'atom' | 'rdf' | 'sitemap';
  title: string | null;
  language: string | null;
  encoding: string;
  items: FeedItem[];
  quarantined: Quarantined[];
  warnings: string[];
}

export interface FeedContext {
  url: string;
  fetchedAt: string;
}

const XML = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'entry', 'link', 'category', 'url', 'atom10:link'].includes(name),
});

/** Decode bytes by the XML declaration's encoding (gb2312 read as its superset GBK); UTF-8 when undeclared. */
export function decodeFeed(bytes: Buffer): { text: string; encoding: string } {
  const head = bytes.subarray(0, 200).toString('latin1');
  const m = /<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/i.exec(head);
  let enc = (m?.[1] ?? 'utf-8').toLowerCase();
  if (enc === 'gb2312' || enc === 'gb_2312-80') enc = 'gbk';
  if (!iconv.encodingExists(enc)) enc = 'utf-8';
  let text = iconv.decode(bytes, enc);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, encoding: enc };
}

/** A timestamp with no zone is local to the feed: the zone comes from the feed's language when it names one country's time. */
const LANGUAGE_UTC_OFFSET: Record<string, string> = {
  'zh-cn': '+08:00',
  zh: '+08:00',
  'zh-tw': '+08:00',
  'zh-hk': '+08:00',
  ja: '+09:00',
  'ja-jp': '+09:00',
  ko: '+09:00',
  'ko-kr': '+09:00',
};

export function parseFeedDate(
  raw: string | undefined,
  language: string | null,
): { iso: string; basis: TimeBasis } | null {
  const s = cleanText(raw ?? '');
  if (!s) return null;
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (local) {
    const off = language ? LANGUAGE_UTC_OFFSET[language.toLowerCase()] : undefined;
    const t = Date.parse(
      `${local[1]}-${local[2]}-${local[3]}T${local[4]}:${local[5]}:${local[6] ?? '00'}${off ?? 'Z'}`,
    );
    return Number.isNaN(t) ? null : { iso: new Date(t).toISOString(), basis: 'published_local_assumed' };
  }
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : { iso: new Date(t).toISOString(), basis: 'published' };
}

/** Drop feed-tracking query parameters and fragments so the same story links the same way. */
export function canonicalLink(raw: string | null | undefined): string | null {
  const s = cleanText(raw ?? '');
  if (!/^https?:\/\//i.test(s)) return null;
  try {
    const u = new URL(s);
    for (const k of [...u.searchParams.keys()])
      if (/^(utm_|feedType$|feedName$|oc$|ref$)/i.test(k)) u.searchParams.delete(k);
    u.hash = '';
    u.protocol = 'https:';
    return u.toString();
  } catch {
    return null;
  }
}

type Node = Record<string, unknown>;
const str = (v: unknown): string => {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'object') return str((v as Node)['#text']);
  return '';
};
const arr = (v: unknown): unknown[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

/** Parse an RSS 2.0, RSS 1.0 (RDF), Atom or Google-News-sitemap document. Not a feed (an HTML error page): ParseError. */
export function parseFeed(bytes: Buffer, ctx: FeedContext): ParsedFeed {
  const { text, encoding } = decodeFeed(bytes);
  let doc: Node;
  try {
    doc = XML.parse(text) as Node;
  } catch (e) {
    throw new ParseError(`not well-formed XML: ${(e as Error).message.slice(0, 120)}`, ctx.url, { cause: e });
  }
  const warnings: string[] = [];
  const quarantined: Quarantined[] = [];
  const rss = doc.rss as Node | undefined;
  const rdf = doc['rdf:RDF'] as Node | undefined;
  const atom = doc.feed as Node | undefined;
  const sitemap = doc.urlset as Node | undefined;
  let kind: ParsedFeed['kind'];
  let channel: Node;
  let raws: unknown[];
  if (rss) {
    kind = 'rss';
    channel = (rss.channel as Node) ?? {};
    raws = arr(channel.item);
  } else if (rdf) {
    kind = 'rdf';
    channel = (rdf.channel as Node) ?? {};
    raws = arr(rdf.item);
  } else if (atom) {
    kind = 'atom';
    channel = atom;
    raws = arr(atom.entry);
  } else if (sitemap) {
    kind = 'sitemap';
    channel = {};
    raws = arr(sitemap.url);
  } else {
    const root = Object.keys(doc).find((k) => !k.startsWith('?')) ?? 'nothing';
    throw new ParseError(`not a news feed: root element <${root}>`, ctx.url);
  }
  const language = cleanText(str(channel.language ?? channel['dc:language'])) || null;
  const title = cleanText(str(channel.title)) || null;
  const items: FeedItem[] = [];
  const byAccession = new Map<string, FeedItem>();
  raws.forEach((raw, index) => {
    try {
      const it =
        kind === 'atom'
          ? atomItem(raw as Node, language, ctx)
          : kind === 'sitemap'
            ? sitemapItem(raw as Node, ctx)
            : rssItem(raw as Node, language, title, ctx);
      if (!it.title) throw new Error('item has no title');
      if (it.time_basis === 'fetched') warnings.push(`item ${index}: no readable date, fetch time used`);
      // EDGAR lists one entry per filer role; the filing is one item naming every filer
      const prev = it.edgar ? byAccession.get(it.edgar.accession) : undefined;
      if (prev?.edgar && it.edgar) {
        for (const f of it.edgar.filers)
          if (!prev.edgar.filers.some((p) => p.cik === f.cik)) prev.edgar.filers.push(f);
        return;
      }
      if (it.edgar) byAccession.set(it.edgar.accession, it);
      items.push(it);
    } catch (e) {
      quarantined.push({ index, reason: (e as Error).message });
      warnings.push(`item ${index} quarantined: ${(e as Error).message}`);
    }
  });
  return { kind, title, language, encoding, items, quarantined, warnings };
}

function when(raw: string | undefined, language: string | null, ctx: FeedContext) {
  const d = parseFeedDate(raw, language);
  return d
    ? { published_at: d.iso, time_basis: d.basis }
    : { published_at: ctx.fetchedAt, time_basis: 'fetched' as const };
}

function extras(n: Node): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(n)) {
    const m = /^(ndaq|cb):(\w+)$/.exec(k);
    const s = cleanText(str(v));
    if (m?.[2] && s) out[m[2]] = s;
  }
  // Seeking Alpha tags an item with the symbols it is about: <sa:stock><sa:symbol>MSFT</sa:symbol>...</sa:stock>
  const symbols = arr(n['sa:stock'])
    .map((x) => cleanText(str((x as Node | undefined)?.['sa:symbol'])))
    .filter((x) => /^[A-Z][A-Z0-9.-]{0,9}$/.test(x));
  if (symbols.length) out.symbols = symbols.join(',');
  return out;
}

function rssItem(n: Node, language: string | null, feedTitle: string | null, ctx: FeedContext): FeedItem {
  const title = htmlToText(str(n.title));
  const guid = cleanText(str(n.guid));
  // a guid that is a publisher URL (even isPermaLink="false", as Reuters) beats a redirecting <link>
  const guidIsLink = /^https?:\/\//i.test(guid);
  const link =
    canonicalLink(str(n['feedburner:origLink'])) ??
    (guidIsLink && !/news\.google\.com/.test(guid) ? canonicalLink(guid) : null) ??
    canonicalLink(str(arr(n.link)[0]));
  const source = cleanText(str(n.source));
  const summary = htmlToText(str(n.description ?? n['content:encoded'])) || null;
  const lang = cleanText(str(n['dc:language'])) || language;
  const categories = arr(n.category)
    .map((c) => cleanText(str(c)))
    .filter(Boolean);
  const extra = extras(n);
  // Seeking Alpha files each news brief (a seekingalpha.com/news/ link) under one symbol, written as the item's bare <category>
  // ("RXT"; "XAGUSD:CUR" for a commodity): the symbols the item is about, as its sa:stock tags are
  if (!extra.symbols && link && /^https?:\/\/(www\.)?seekingalpha\.com\/news\//i.test(link)) {
    const symbols = categories.filter((c) => /^[A-Z][A-Z0-9]{0,5}(\.[A-Z])?$/.test(c));
    if (symbols.length) extra.symbols = symbols.join(',');
  }
  return {
    guid: guid || link || title,
    title: source && title.endsWith(` - ${source}`) ? title.slice(0, -(source.length + 3)) : title,
    link,
    summary: summary === title ? null : summary,
    ...when(str(n.pubDate ?? n['dc:date']), lang, ctx),
    publisher: source || feedTitle,
    categories,
    language: lang,
    extra,
  };
}

const EDGAR_TITLE = /^(.+?)\s+-\s+(.+?)\s+\((\d{1,10})\)\s*(?:\(([^)]+)\))?\s*$/;

function atomItem(n: Node, language: string | null, ctx: FeedContext): FeedItem {
  const title = htmlToText(str(n.title));
  const links = arr(n.link) as Node[];
  const href = str((links.find((l) => l['@_rel'] === 'alternate') ?? links[0])?.['@_href']);
  const id = cleanText(str(n.id));
  const summary = htmlToText(str(n.summary ?? n.content)) || null;
  const cats = arr(n.category)
    .map((c) => cleanText(str((c as Node)['@_term'] ?? c)))
    .filter(Boolean);
  const item: FeedItem = {
    guid: id || href || title,
    title,
    link: canonicalLink(href),
    summary,
    ...when(str(n.published ?? n.updated), language, ctx),
    publisher: cleanText(str((n.author as Node | undefined)?.name)) || null,
    categories: cats,
    language,
    extra: {},
  };
  const acc = /accession-n\w+=(\d{10}-\d{2}-\d{6})/.exec(id)?.[1];
  const m = EDGAR_TITLE.exec(title);
  if (acc && m?.[1] && m[2] && m[3]) {
    item.edgar = {
      form: m[1].replace(/\s+/g, ' '),
      accession: acc,
      filers: [{ cik: m[3].padStart(10, '0'), name: m[2], role: m[4] ?? null }],
      items: [...(summary ?? '').matchAll(/Item (\d+\.\d+):/g)].map((x) => x[1] as string),
    };
    item.guid = acc;
    item.publisher = 'SEC EDGAR';
  }
  return item;
}

function sitemapItem(n: Node, ctx: FeedContext): FeedItem {
  const news = (n['news:news'] ?? {}) as Node;
  const pub = (news['news:publication'] ?? {}) as Node;
  const link = canonicalLink(str(n.loc));
  const language = cleanText(str(pub['news:language'])) || null;
  return {
    guid: link ?? '',
    title: htmlToText(str(news['news:title'])),
    link,
    summary: null,
    ...when(str(news['news:publication_date']), language, ctx),
    publisher: cleanText(str(pub['news:name'])) || null,
    categories: cleanText(str(news['news:keywords']))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    language,
    extra: cleanText(str(news['news:stock_tickers']))
      ? { stock_tickers: cleanText(str(news['news:stock_tickers'])) }
      : {},
  };
}
