import type { CatalogItem, Scheme } from './catalog.ts';
import { titleMatch } from './catalog.ts';
import { type Candidate, findCandidates, itemList, partOf } from './headings.ts';
import { implicitStatementsItem } from './implicit.ts';

/**
 * Chooses which heading candidates are the real item headings and cuts the blocks between them.
 *
 * The chosen headings form the best-scoring chain in document order whose item order strictly increases
 * (dynamic programming over candidates x readings): score = heading quality + log(span to the next chosen
 * heading). TOC rows are short spans with page numbers and are penalised, so the chain runs through the
 * body; an item out of the usual order (an ABS 10-K listing Item 1B after Item 3) is topped up afterwards.
 */
export interface Section {
  /** Catalog index of the item. */
  index: number;
  code: string;
  name: string;
  /** Block range [start, end). */
  start: number;
  end: number;
  /** True when the section comes from a combined heading (`Items 10, 11, 12 and 13`). */
  combined: boolean;
  /** The heading is a TOC-like row (page numbers): the section is an index entry, not the item body. */
  indexRow: boolean;
  /** Blocks shared from elsewhere, appended after [start, end): see `shareBodies`. */
  extra?: [number, number];
}

interface Choice {
  cand: number;
  reading: number;
}

/**
 * Where the signature page starts: the SIGNATURES heading (also spaced, "S I G N A T U R E S") or the
 * signature paragraph in the form's words whoever it names ("Pursuant to the requirements of ... Act of
 * 1934, Apple Inc. has duly caused this report", "In accordance with Section 13 or 15(d) of the Exchange
 * Act, the registrant caused this report", "... this report has been signed below"; the Act also as filers
 * misname it, "the Securities and Exchange Act of 1934"), a power of attorney
 * placed before them (MEDICIS 1999), or a preface announcing them (INTC 2002: "Signatures and
 * Certifications of the Chief Executive Officer ...").
 */
const SIGNATURES =
  /^(?:SIGNATURES?|Signatures?|S\s?I\s?G\s?N\s?A\s?T\s?U\s?R\s?E\s?S?)\b[\s:.|]*(?:$|Pursuant to|In accordance with)|^(?:Pursuant to the requirements of|In accordance with) (?:Section 13 or 15\(d\) of )?the (?:Securities (?:and )?)?Exchange Act(?: of 1934)?,?[^.]{0,160}?\b(?:(?:has\s+)?(?:duly\s+)?caused this|this report has been signed)|^Signatures and Certifications\b|^(?:POWER OF ATTORNEY|Power of Attorney)\.?$|^KNOW ALL (?:MEN|PERSONS) BY THESE PRESENTS/i;

/**
 * An 8-K's section title, the form's own grouping of its items ("Section 8 \u2014 Other Events", "SECTION 8-
 * OTHER EVENTS", "Section 2. Financial Information"): a short block naming a section number and a title, which
 * may close with a period as a heading does ("SECTION 9. FINANCIAL STATEMENTS AND EXHIBITS.", FedEx 2023).
 */
const EIGHT_K_SECTION = /^SECTION\s+[1-9](?:\s*[.:\-\u2013\u2014|]\s*|\s+)[A-Z][^.]{0,80}\.?$/i;

/**
 * The continuation mark a running PART header carries on its own line ("PART III" then "(con'd.)", "(continued)",
 * "(cont'd)"): with the PART heading above it, it is that page's header, not text of the item before.
 */
const CONTINUED_MARK = /^\(\s*(?:continued|cont['\u2019]?d|con['\u2019]d)\.?\s*\)\.?$/i;

/**
 * An asset-backed issuer's caption for the Regulation AB items it answers instead of omitted Form 10-K items
 * (General Instruction J: "Substitute information provided in accordance with General Instruction J to Form
 * 10-K:", then "Item 1117 of Regulation AB. Legal Proceedings." ...): what follows is no Form 10-K item.
 */
const SUBSTITUTE_J =
  /^Substitute information (?:is )?(?:provided|furnished) (?:in accordance with|pursuant to) General Instruction J\b/i;

/**
 * Form 10-K's own caption after its last item, for a registrant reporting under Section 15(d) only
 * ("Supplemental Information to be Furnished With Reports Filed Pursuant to Section 15(d) of the Act by
 * Registrants Which Have Not Registered Securities Pursuant to Section 12 of the Act"): what follows it (the
 * statement on annual reports and proxy material sent to holders) is no Form 10-K item.
 */
const SUPPLEMENTAL_15D =
  /^Supplemental information to be furnished with reports filed pursuant to Section\s15\(d\)/i;

/**
 * An exhibit index's caption alone in its block ("Index to Exhibits", "EXHIBIT INDEX"): in a 10-K or 10-Q it opens
 * the exhibits the form's exhibits item lists, so it closes any other item before it (Micron's 10-Q prints its
 * index on a new page after Item 5, with no Item 6 heading); under the exhibits item itself it is that item's text.
 */
const EXHIBIT_INDEX_CAPTION = /^(?:index\s+(?:to|of)\s+exhibits|exhibits?\s+index)\s*[.:]?$/i;

export function splitBlocks(blocks: string[], scheme: Scheme, catalog: readonly CatalogItem[]): Section[] {
  const offsets = new Array<number>(blocks.length + 1);
  let at = 0;
  for (let b = 0; b < blocks.length; b++) {
    offsets[b] = at;
    at += blocks[b]!.length + 1;
  }
  offsets[blocks.length] = at;
  const candidates = findCandidates(blocks, offsets, scheme, catalog);
  if (candidates.length === 0) return [];
  const chain = bestChain(candidates, at);
  topUp(chain, candidates);
  chain.sort((a, b) => candidates[a.cand]!.block - candidates[b.cand]!.block);
  firstOfRepeats(chain, candidates, blocks);
  const sections = toSections(chain, candidates, blocks, catalog, scheme);
  implicitStatementsItem(sections, candidates, blocks, scheme, catalog);
  listedStatements(sections, blocks, scheme, catalog);
  shareBodies(sections, blocks, scheme, catalog);
  return sections;
}

/** A paragraph opening with a list of items: "Items 10 (other than ...), 11, 12, 13, and 14 for ... are". */
const LISTED_STATEMENT = /^Items\s+(\d{1,2}[A-D]?)\b/;
/** A paragraph whose subject is the information of several items: "the information required by Items 10 through 13 of". */
const REQUIRED_BY_ITEMS =
  /\b(?:information|disclosures?)\s+(?:required|called\s+for)\s+(?:by|in|under)\s+Items\s+(\d{1,2}[A-D]?)\b/i;

/**
 * Items answered only by a statement that names them: a sentence outside every item's text, after a PART
 * heading (a part's preamble), that opens by listing several items ("Items 10 (other than the information
 * under "Code of Ethics" below), 11, 12, 13, and 14 for Southern Company are incorporated by reference ...")
 * or whose subject is the information those items require ("Pursuant to paragraph 3 of General Instruction G
 * to Form 10-K, the information required by Items 10 through 13 of Part III of this Report is incorporated by
 * reference ...", Cheniere) speaks for each listed item that has no heading of its own, from that paragraph to
 * the next item heading.
 */
function listedStatements(
  sections: Section[],
  blocks: string[],
  scheme: Scheme,
  catalog: readonly CatalogItem[],
): void {
  if (sections.length === 0 || scheme.startsWith('8-K')) return;
  const covered = (b: number) =>
    sections.some(
      (s) => (b >= s.start && b < s.end) || (s.extra !== undefined && b >= s.extra[0] && b < s.extra[1]),
    );
  const found = new Set(sections.map((s) => s.index));
  const added: Section[] = [];
  let part: string | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const t = blocks[b]!;
    const p = partOf(t);
    if (p !== null) part = p;
    if (part === null) continue;
    const head = t.slice(0, 400);
    const m =
      ((t.charCodeAt(0) | 32) === 105 && LISTED_STATEMENT.exec(t)) || // 'i'
      (head.includes('Items') && REQUIRED_BY_ITEMS.exec(head)) ||
      null;
    if (!m || covered(b)) continue;
    const { numbers, through, rest } = itemList(m[1]!, t.slice(m.index + m[0].length));
    if (numbers.length < 2 || !/^\s+[a-z]/.test(rest)) continue;
    const next = Math.min(...sections.filter((s) => s.start > b).map((s) => s.start));
    if (!Number.isFinite(next)) continue;
    const indexes: number[] = [];
    for (const num of numbers) {
      const all = catalog.flatMap((item, i) => (item.number === num ? [i] : []));
      const inPart = all.filter((i) => catalog[i]!.part === undefined || catalog[i]!.part === part);
      if (inPart.length === 1) indexes.push(inPart[0]!);
    }
    if (through && indexes.length === 2) {
      const [low, high] = indexes as [number, number];
      for (let i = low + 1; i < high; i++) indexes.splice(-1, 0, i);
    }
    for (const index of indexes) {
      if (found.has(index)) continue;
      found.add(index);
      const item = catalog[index]!;
      added.push({
        index,
        code: item.code,
        name: item.titles[0]!,
        start: b,
        end: next,
        combined: true,
        indexRow: false,
      });
    }
  }
  if (added.length === 0) return;
  sections.push(...added);
  sections.sort((a, b) => a.start - b.start || a.index - b.index);
}

/**
 * Heading-only items get the text that speaks for them: stacked headings (`Item 10:` ... `Item 13:` then
 * one sentence "The information called for by Items 10, 11, 12 and 13 ...") share that sentence, and items
 * listed under an ABS "The following items have been omitted ..." note carry the note. In an 8-K, stacked
 * item headings with nothing between them (`Item 1.01 ...`, `Item 2.03 ...`, then one narrative) share the
 * narrative under the last of them: the filer answers both items with it. An 8-K item of one block longer than
 * any heading of it can be (`Item 8.01. Other Information.` and its narrative read as one plain-text paragraph)
 * has text of its own: the headings stacked over it share that block, its heading line included.
 */
function shareBodies(
  sections: Section[],
  blocks: string[],
  scheme: Scheme,
  catalog: readonly CatalogItem[],
): void {
  const eightK = scheme.startsWith('8-K');
  const runsOn = (s: Section) =>
    eightK && s.end - s.start === 1 && blocks[s.start]!.length > headingRoom(catalog[s.index]);
  const headingOnly = (s: Section) => s.end - s.start <= 1 && !runsOn(s);
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i]!;
    if (!headingOnly(s)) continue;
    let j = i + 1;
    while (j < sections.length && headingOnly(sections[j]!)) j++;
    const owner = sections[j];
    const number = s.code.replace(/^.*Item-/, '');
    if (owner && owner.start === sections[j - 1]!.end) {
      if (eightK) {
        s.extra = runsOn(owner) ? [owner.start, owner.end] : [owner.start + 1, owner.end];
        continue;
      }
      // the first 600 characters of the body's blocks joined by spaces (joined only as far as they reach)
      let last = owner.start + 1;
      for (let chars = 0; last < owner.end && chars <= 600; last++) chars += blocks[last]!.length + 1;
      const body = blocks
        .slice(owner.start + 1, last)
        .join(' ')
        .slice(0, 600);
      const list = /\bItems\s+((?:\d{1,2}[A-C]?\s*(?:,\s*and|,|and|&|through|-)?\s*)+)/i.exec(body);
      if (list && new RegExp(`(^|\\D)${number}(\\D|$)`).test(list[1]!)) {
        s.extra = [owner.start + 1, owner.end];
        continue;
      }
    }
    // An ABS-style run of heading-only items under an "omitted" note: each carries the note.
    let first = i;
    while (
      first > 0 &&
      headingOnly(sections[first - 1]!) &&
      sections[first - 1]!.end === sections[first]!.start
    )
      first--;
    let intro = sections[first]!.start - 1;
    while (intro >= 0 && partOf(blocks[intro]!) !== null) intro--;
    if (intro < 0 || !/\bomitted\b/i.test(blocks[intro]!) || blocks[intro]!.length > 400) continue;
    s.extra = [intro, intro + 1];
    const prev = sections[first - 1];
    if (prev && prev.start < intro && prev.end > intro) {
      prev.end = intro;
      while (prev.end > prev.start + 1 && partOf(blocks[prev.end - 1]!) !== null) prev.end--;
    }
  }
}

/** The most a heading of the item can hold: "Item 5.02." (a dozen characters), its longest title and a margin of 60. */
function headingRoom(item: CatalogItem | undefined): number {
  return 12 + Math.max(0, ...(item?.titles ?? []).map((t) => t.length)) + 60;
}

function span(chars: number): number {
  return Math.log(1 + Math.max(0, chars));
}

function bestChain(candidates: Candidate[], totalChars: number): Choice[] {
  const n = candidates.length;
  const best: number[][] = candidates.map((c) => c.readings.map(() => Number.NEGATIVE_INFINITY));
  const next: (Choice | null)[][] = candidates.map((c) => c.readings.map(() => null));
  for (let i = n - 1; i >= 0; i--) {
    const ci = candidates[i]!;
    for (let a = 0; a < ci.readings.length; a++) {
      const hi = ci.readings[a]!.at(-1)!;
      let bestTail = span(totalChars - ci.offset);
      let bestNext: Choice | null = null;
      // A window keeps pathological inputs (thousands of "Item" lines) linear; real chains never skip 400.
      for (let j = i + 1; j < n && j <= i + 400; j++) {
        const cj = candidates[j]!;
        if (cj.block === ci.block) continue;
        const gap = span(cj.offset - ci.offset);
        for (let b = 0; b < cj.readings.length; b++) {
          if (cj.readings[b]![0]! <= hi) continue;
          const v = gap + best[j]![b]!;
          if (v > bestTail) {
            bestTail = v;
            bestNext = { cand: j, reading: b };
          }
        }
      }
      best[i]![a] = ci.scores[a]! + bestTail;
      next[i]![a] = bestNext;
    }
  }
  let start: Choice | null = null;
  let top = 0;
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < candidates[i]!.readings.length; a++) {
      if (best[i]![a]! > top) {
        top = best[i]![a]!;
        start = { cand: i, reading: a };
      }
    }
  }
  const chain: Choice[] = [];
  for (let c = start; c; c = next[c.cand]![c.reading]!) chain.push(c);
  return chain;
}

/** Adds items the ordered chain had to skip, from non-TOC headings inside the chain's extent. */
function topUp(chain: Choice[], candidates: Candidate[]): void {
  if (chain.length === 0) return;
  const taken = new Set<number>();
  const usedCands = new Set<number>();
  for (const c of chain) {
    usedCands.add(c.cand);
    for (const idx of candidates[c.cand]!.readings[c.reading]!) taken.add(idx);
  }
  const first = Math.min(...chain.map((c) => c.cand));
  for (let i = first + 1; i < candidates.length; i++) {
    const cand = candidates[i]!;
    if (usedCands.has(i) || cand.tocLike) continue;
    for (let r = 0; r < cand.readings.length; r++) {
      const reading = cand.readings[r]!;
      if (reading.some((x) => taken.has(x)) || cand.scores[r]! < 3) continue;
      chain.push({ cand: i, reading: r });
      usedCands.add(i);
      for (const x of reading) taken.add(x);
      break;
    }
  }
}

/**
 * An item starts at its first heading after the previous item's: later headings of the same item are
 * running page headers ("ITEM 2. MANAGEMENT'S DISCUSSION ..." atop every page), not its start. An earlier copy
 * that is the bare number alone ("Item 14", no title) with nothing but PART lines between it and the heading
 * after it is that page's running header over the real heading (MSFT 2002: "Part IV" / "Item 14" atop the page,
 * then "PART IV", then "ITEM 14. EXHIBITS, ..."), so the item starts at the titled heading under it. An earlier
 * copy that is a list of numbers alone ("Item 1A, 2": MSFT's 2010 10-Q names the items on each page so, then runs
 * on with Item 1A's text before "ITEM 2. UNREGISTERED SALES ...") is always such a header (ITEM_LIST).
 */
function firstOfRepeats(chain: Choice[], candidates: Candidate[], blocks: string[]): void {
  for (let k = 0; k < chain.length; k++) {
    const choice = chain[k]!;
    const cand = candidates[choice.cand]!;
    if (cand.tocLike) continue;
    const key = cand.readings[choice.reading]!.join(',');
    const after = k > 0 ? candidates[chain[k - 1]!.cand]!.block : -1;
    for (let i = choice.cand - 1; i >= 0 && candidates[i]!.block > after; i--) {
      const earlier = candidates[i]!;
      if (earlier.tocLike) break;
      const r = earlier.readings.findIndex((x) => x.join(',') === key);
      if (r < 0) continue;
      const header =
        (BARE_NUMBER.test(blocks[earlier.block]!) &&
          !textBetween(blocks, earlier.block, candidates[chain[k]!.cand]!.block)) ||
        ITEM_LIST.test(blocks[earlier.block]!);
      if (!header) chain[k] = { cand: i, reading: r };
    }
  }
}

/**
 * An item heading that is its number alone, or its part and number on one running-header line: "Item 14",
 * "ITEM 9A.", "Part IV, Item 15".
 */
const BARE_NUMBER = /^\s*(?:PART\s+[IV]{1,3}\s*[,.:]?\s*)?ITEMS?\s*\d{1,2}(?:\.\d{2})?[A-D]?\.?\s*$/i;

/**
 * A running header that lists the items on its page, their numbers alone: "Item 1A, 2", "Item 9B, 10, 11, 12, 13,
 * 14" under "PART II, III" (MSFT 2010). Title-less, it heads none of them.
 */
const ITEM_LIST =
  /^\s*(?:PART\s+[IV]{1,3}(?:\s*,\s*[IV]{1,3})*\s*[,.:]?\s*)?ITEMS?\s*\d{1,2}[A-D]?\.?(?:\s*(?:,\s*and|,|and|&)\s*\d{1,2}[A-D]?\.?)+\s*$/i;

/**
 * The item numbers a running header names, the one of a bare header or all of a list ("Part IV, Item 15" ->
 * ["15"]; "Item 9B, 10, 11, 12, 13, 14" -> ["9B", "10", ..., "14"]), else null.
 */
function runningHeaderOf(block: string): string[] | null {
  if (BARE_NUMBER.test(block))
    return [/ITEMS?\s*(\d{1,2}(?:\.\d{2})?[A-D]?)/i.exec(block)?.[1]?.toUpperCase() ?? ''];
  if (!ITEM_LIST.test(block)) return null;
  const items = block.slice(/ITEMS?/i.exec(block)!.index);
  return [...items.matchAll(/\d{1,2}[A-D]?/gi)].map((m) => m[0].toUpperCase());
}

/** A running header's line of the parts its page spans, their numerals alone: "PART II, III" (MSFT 2010). */
const PART_LIST = /^\s*PARTS?\s+[IV]{1,3}(?:\s*(?:,\s*and|,|and|&)\s*[IV]{1,3})+\s*$/i;

/** Whether any block strictly between two headings is more than a PART line or empty. */
function textBetween(blocks: string[], from: number, to: number): boolean {
  for (let b = from + 1; b < to; b++) {
    const t = blocks[b]!.trim();
    if (t !== '' && partOf(t) === null) return true;
  }
  return false;
}

/** The part an item belongs to (10-K: Items 1-4 Part I ... 15-16 Part IV); null when the form has none. */
function partOfItem(scheme: Scheme, item: CatalogItem): string | null {
  if (item.part) return item.part;
  if (scheme !== '10-K') return null;
  const n = Number.parseInt(item.number, 10);
  return n <= 4 ? 'I' : n <= 9 ? 'II' : n <= 14 ? 'III' : 'IV';
}

function toSections(
  chain: Choice[],
  candidates: Candidate[],
  blocks: string[],
  catalog: readonly CatalogItem[],
  scheme: Scheme,
): Section[] {
  const sections: Section[] = [];
  for (let k = 0; k < chain.length; k++) {
    const choice = chain[k]!;
    const cand = candidates[choice.cand]!;
    const start = cand.block;
    let end =
      k + 1 < chain.length ? candidates[chain[k + 1]!.cand]!.block : lastItemEnd(cand, candidates, blocks);
    if (k + 1 === chain.length && k > 0)
      end = citedSectionStart(blocks, candidates[chain[0]!.cand]!.block, start, end);
    // A PART heading closes the item: what follows it is the next part's preamble. The heading of the
    // item's own part inside it is a running page header ("PART I" atop every page of the statements).
    const ownItem = catalog[cand.readings[choice.reading]![0]!]!;
    const ownPart = partOfItem(scheme, ownItem);
    const closedByExhibitIndex =
      (scheme === '10-K' || scheme === '10-Q') && !ownItem.titles.some((t) => /\bexhibits\b/i.test(t));
    for (let b = start + 1; b < end; b++) {
      const t = blocks[b]!;
      const p = partOf(t);
      if (p !== null && p !== ownPart) {
        end = b;
        break;
      }
      // An ABS 10-K's General Instruction J caption, and the form's Section 15(d) supplemental-information
      // caption, close the item before it (see SUBSTITUTE_J, SUPPLEMENTAL_15D).
      if (
        scheme === '10-K' &&
        (t.charCodeAt(0) | 32) === 115 &&
        (SUBSTITUTE_J.test(t) || SUPPLEMENTAL_15D.test(t))
      ) {
        end = b;
        break;
      }
      if (closedByExhibitIndex && t.length <= 20 && EXHIBIT_INDEX_CAPTION.test(t)) {
        end = b;
        break;
      }
    }
    // A PART heading right before the next item is that page's running header or the next part's title; so is
    // one with its continuation mark under it (CONTINUED_MARK).
    const after = chain[k + 1];
    const next = after ? catalog[candidates[after.cand]!.readings[after.reading]![0]!]! : null;
    while (end > start + 1) {
      if (partOf(blocks[end - 1]!) !== null || BLANK_PAGE.test(blocks[end - 1]!)) end--;
      // so is the next page's running header naming the next item, its number alone or in a list of numbers,
      // and the line of the page's parts over it ("Part IV, Item 15"; "PART II, III" / "Item 9B, 10, ... 14")
      else if (next !== null && runningHeaderOf(blocks[end - 1]!)?.includes(next.number)) {
        end--;
        if (end > start + 1 && PART_LIST.test(blocks[end - 1]!)) end--;
      } else if (
        end > start + 2 &&
        CONTINUED_MARK.test(blocks[end - 1]!) &&
        partOf(blocks[end - 2]!) !== null
      )
        end -= 2;
      else break;
    }
    // In an 8-K, the section title right before the next item heading opens that item's section: it is not
    // the end of the item before ("... to this report." then "Section 8\u2014Other Events", "Item 8.01").
    if (scheme.startsWith('8-K') && k + 1 < chain.length)
      while (end > start + 1 && EIGHT_K_SECTION.test(blocks[end - 1]!)) end--;
    const reading = cand.readings[choice.reading]!;
    // "Items 1 through 4, 6 and 8 Not Applicable" with nothing under it only marks a boundary.
    if (cand.notApplicableList && end - start <= 1) continue;
    for (const index of reading) {
      const item = catalog[index]!;
      const name = reading.length === 1 ? titleMatch(item, cand.title).title : item.titles[0]!;
      sections.push({
        index,
        code: item.code,
        name,
        start,
        end,
        combined: reading.length > 1,
        indexRow: cand.tocLike,
      });
    }
  }
  return sections;
}

/** A page's notice that it is blank ("(THIS PAGE INTENTIONALLY LEFT BLANK.)"): page furniture, no item's text. */
const BLANK_PAGE =
  /^[\s([]*(?:this\s+)?page\s+(?:has\s+been\s+|is\s+)?intentionally\s+(?:left\s+)?blank[\s.)\]]*$/i;

/**
 * A caption an item cites by its page ("See the information under the caption \u201cManagement\u2019s Discussion
 * and Analysis\u201d on pages 16 through 23", Deere 2002-2003): the quoted caption, then "on page(s) N".
 */
const CITED_CAPTION =
  /\b(?:under|in)\s+(?:the\s+)?(?:(?:captions?|headings?|sections?)\s+)?[\u201c"]([^\u201d"]{3,120})[\u201d"],?\s+on\s+pages?\s+\d/gi;

/** Folds a caption as a reader compares two: case, curly quotes, spacing and closing punctuation. */
function captionKey(t: string): string {
  return t
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[\s.:]+$/, '')
    .trim()
    .toLowerCase();
}

/**
 * The last item ends where a heading of its own repeats a caption that an earlier item cites by page (Item 7:
 * "See the information under the caption \u201cManagement\u2019s Discussion and Analysis\u201d on pages 16
 * through 23"): the cited section follows the items (Deere's financial section after Item 15), it is not the
 * last item's text. `from` is the first item's heading, `start` the last item's.
 */
function citedSectionStart(blocks: string[], from: number, start: number, end: number): number {
  const cited = new Set<string>();
  for (let b = from; b < start; b++) {
    const t = blocks[b]!;
    if (t.length > 2000 || !/\bpages?\s+\d/i.test(t)) continue;
    for (const m of t.matchAll(CITED_CAPTION)) cited.add(captionKey(m[1]!));
  }
  if (cited.size === 0) return end;
  for (let b = start + 1; b < end; b++) {
    const t = blocks[b]!;
    if (t.length <= 122 && cited.has(captionKey(t))) return b;
  }
  return end;
}

/** The last item ends at the signatures, or at a trailing TOC-like echo index, or at the end. */
function lastItemEnd(last: Candidate, candidates: Candidate[], blocks: string[]): number {
  let end = blocks.length;
  for (const c of candidates) {
    if (c.block > last.block && c.tocLike) {
      end = c.block;
      break;
    }
  }
  for (let b = last.block + 1; b < end; b++) {
    const t = blocks[b]!;
    // the signature paragraph may name a long registrant and its officer: up to a few lines
    if ((t.length < 200 || (t.length < 700 && /^(?:Pursuant|In accordance)/i.test(t))) && SIGNATURES.test(t))
      return b;
  }
  return end;
}
