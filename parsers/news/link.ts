import type { FeedItem } from './feed.ts';

/** One company the linker may name; passed in (the registry), never looked up. */
export interface RegistryCompany {
  company_id: string;
  name: string;
  ticker: string | null;
  cik: string | null;
  sic?: string | null;
}

export type LinkBasis = 'exchange_tag' | 'cashtag' | 'cik' | 'symbol' | 'name';

export interface CompanyLink {
  company_id: string;
  ticker: string | null;
  basis: LinkBasis;
  /** The words in the item that made the link. */
  evidence: string;
  /** False when the link rests on a company-name match only. */
  ticker_confirmed: boolean;
  /** The item is about this company (tag, filer, symbol, name in the title) vs merely mentioned. */
  primary: boolean;
}

export interface LinkResult {
  links: CompanyLink[];
  /** Names that matched more than one company, or a common word: not linked. */
  ambiguous: { text: string; candidates: string[] }[];
}

export interface RegistryIndex {
  byTicker: Map<string, RegistryCompany>;
  byCik: Map<string, RegistryCompany>;
  byName: Map<string, RegistryCompany[]>;
  maxWords: number;
}

const SUFFIX =
  /\b(inc|incorporated|corp|corporation|co|company|companies|ltd|limited|plc|llc|lp|l\.p|sa|s\.a|nv|n\.v|ag|se|holdings?|group|trust|the)\b\.?|\/[a-z]{2,3}\/?/gi;

/** A registry name reduced to the words a headline uses: "WYNN RESORTS LTD" -> "wynn resorts", "The Buckle, Inc." -> "buckle". */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[,.'’()]/g, ' ')
    .replace(SUFFIX, ' ')
    .replace(/[^a-z0-9 -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Single words that are ordinary English (or ordinary in headlines) never link by name alone: a company
 * called "Target" or "Visa" needs a tag, a cashtag or a CIK. So do names shorter than four letters.
 */
const COMMON_WORDS = new Set(
  'american general united first national global international energy capital financial federal new best target gap visa square block meta oracle amazon shell apple delta fox news public royal standard china us world bank home central state security america reuters street wall market markets trade trading'.split(
    ' ',
  ),
);

export function buildRegistryIndex(companies: RegistryCompany[]): RegistryIndex {
  const byTicker = new Map<string, RegistryCompany>();
  const byCik = new Map<string, RegistryCompany>();
  const byName = new Map<string, RegistryCompany[]>();
  let maxWords = 1;
  for (const c of companies) {
    if (c.ticker && !byTicker.has(c.ticker.toUpperCase())) byTicker.set(c.ticker.toUpperCase(), c);
    if (c.cik && !byCik.has(c.cik)) byCik.set(c.cik, c);
    const k = nameKey(c.name);
    if (!k) continue;
    const list = byName.get(k) ?? [];
    if (!list.some((x) => x.cik === c.cik && x.company_id === c.company_id)) list.push(c);
    byName.set(k, list);
    maxWords = Math.max(maxWords, k.split(' ').length);
  }
  return { byTicker, byCik, byName, maxWords: Math.min(maxWords, 6) };
}

const EXCHANGES =
  'NYSE American|NYSE Arca|NYSE MKT|NYSEAMERICAN|NYSE|NASDAQ|Nasdaq|AMEX|OTCQX|OTCQB|OTC|Cboe|CBOE|TSX|TSXV';
const TAG = new RegExp(`\\b(${EXCHANGES})\\s*:\\s*([A-Z][A-Z0-9]{0,5}(?:[.-][A-Z])?)\\b`, 'g');
const CASHTAG = /(?:^|[\s(])\$([A-Z]{1,5}(?:\.[A-Z])?)\b(?![\d,.]*\d)/g;

/** Link one item to registry companies. Pure: the registry comes in as an argument. */
export function linkItem(
  item: Pick<FeedItem, 'title' | 'summary' | 'link' | 'edgar' | 'extra'>,
  reg: RegistryIndex,
  body?: string,
): LinkResult {
  const links = new Map<string, CompanyLink>();
  const ambiguous: LinkResult['ambiguous'] = [];
  const add = (c: RegistryCompany, l: Omit<CompanyLink, 'company_id' | 'ticker'>) => {
    const prev = links.get(c.company_id);
    if (prev && (prev.ticker_confirmed || !l.ticker_confirmed)) {
      if (l.primary) prev.primary = true;
      return;
    }
    links.set(c.company_id, {
      company_id: c.company_id,
      ticker: c.ticker,
      ...l,
      primary: l.primary || Boolean(prev?.primary),
    });
  };
  const text = `${item.title}\n${item.summary ?? ''}\n${body ?? ''}`;
  for (const m of text.matchAll(TAG)) {
    const c = reg.byTicker.get((m[2] as string).replace('-', '.')) ?? reg.byTicker.get(m[2] as string);
    if (c) add(c, { basis: 'exchange_tag', evidence: m[0], ticker_confirmed: true, primary: true });
  }
  for (const m of text.matchAll(CASHTAG)) {
    const c = reg.byTicker.get(m[1] as string);
    if (c) add(c, { basis: 'cashtag', evidence: `$${m[1]}`, ticker_confirmed: true, primary: true });
  }
  for (const f of item.edgar?.filers ?? []) {
    const c = reg.byCik.get(f.cik);
    if (c)
      add(c, {
        basis: 'cik',
        evidence: `CIK ${f.cik} (${f.role ?? 'filer'})`,
        ticker_confirmed: true,
        primary: f.role !== 'Reporting',
      });
  }
  const archiveCik = /\/edgar\/data\/(\d{1,10})\//.exec(item.link ?? '')?.[1];
  if (archiveCik && !item.edgar) {
    const c = reg.byCik.get(archiveCik.padStart(10, '0'));
    if (c)
      add(c, {
        basis: 'cik',
        evidence: `CIK ${archiveCik} in the EDGAR link`,
        ticker_confirmed: true,
        primary: true,
      });
  }
  // a press release filed as an 8-K exhibit is the filer's own statement
  const filer = item.extra?.cik;
  if (filer) {
    const c = reg.byCik.get(filer);
    if (c)
      add(c, { basis: 'cik', evidence: `CIK ${filer} (8-K filer)`, ticker_confirmed: true, primary: true });
  }
  const sym = item.extra?.IssueSymbol;
  if (sym) {
    const c = reg.byTicker.get(sym);
    if (c) add(c, { basis: 'symbol', evidence: `IssueSymbol ${sym}`, ticker_confirmed: true, primary: true });
  }
  if (!item.edgar) {
    nameMatches(item.title, reg, true, add, ambiguous);
    nameMatches(item.summary ?? '', reg, false, add, ambiguous);
  }
  return { links: [...links.values()], ambiguous };
}

/** Capitalized word runs of the text, tried longest first against the registry's name keys. */
function nameMatches(
  text: string,
  reg: RegistryIndex,
  inTitle: boolean,
  add: (c: RegistryCompany, l: Omit<CompanyLink, 'company_id' | 'ticker'>) => void,
  ambiguous: LinkResult['ambiguous'],
): void {
  const words = [...text.matchAll(/[A-Za-z0-9][A-Za-z0-9&'’.-]*/g)];
  for (let i = 0; i < words.length; i++) {
    const first = (words[i] as RegExpMatchArray)[0];
    if (!/^[A-Z]/.test(first)) continue;
    for (let n = Math.min(reg.maxWords, words.length - i); n >= 1; n--) {
      const span = words.slice(i, i + n).map((w) => w[0]);
      if (!/^[A-Z0-9]/.test(span[n - 1] as string)) continue;
      const phrase = span.join(' ');
      const key = nameKey(phrase);
      const hits = key ? reg.byName.get(key) : undefined;
      if (!hits) continue;
      const single = !key.includes(' ');
      const suffixed = /\b(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc)\b/i.test(phrase);
      // a one-word name inside a longer proper noun ("Washington Post", "Wynn Macau") is that other name
      const w0 = words[i] as RegExpMatchArray;
      const wl = words[i + n - 1] as RegExpMatchArray;
      const pw = words[i - 1];
      const nw = words[i + n];
      const gapBefore = pw ? text.slice((pw.index ?? 0) + pw[0].length, w0.index) : '.';
      const gapAfter = nw ? text.slice((wl.index ?? 0) + wl[0].length, nw.index) : '.';
      const adjacent =
        single &&
        !suffixed &&
        ((pw && /^ +$/.test(gapBefore) && /^[A-Z]/.test(pw[0])) ||
          (nw && /^ +$/.test(gapAfter) && /^[A-Z]/.test(nw[0]) && !/^(CEO|CFO|Inc|Corp)\.?$/.test(nw[0])));
      if (adjacent) {
        i += n - 1;
        break;
      }
      if (hits.length > 1 || (single && !suffixed && (key.length < 4 || COMMON_WORDS.has(key)))) {
        ambiguous.push({ text: phrase, candidates: hits.map((h) => h.company_id) });
      } else {
        add(hits[0] as RegistryCompany, {
          basis: 'name',
          evidence: phrase,
          ticker_confirmed: false,
          primary: inTitle,
        });
      }
      i += n - 1;
      break;
    }
  }
}
