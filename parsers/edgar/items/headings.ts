import type { CatalogItem, Scheme } from './catalog.ts';
import { titleIsExactly, titleMatch } from './catalog.ts';

/**
 * Heading candidates: every block that starts like an item heading (`ITEM 7.`, `Item 1 - Business`,
 * `PART II, Item 5`, `Items 10, 11, 12 and 13.`, a bare `Item 1.` whose title is the next block) and is not
 * prose (`Item 7 of this report`) or a sub-reference (`Item 14(a)(1)`), scored on how much it looks like the
 * real heading rather than a table-of-contents row.
 */
export interface Candidate {
  block: number;
  /** Character offset of the block in the joined text. */
  offset: number;
  /** Possible readings, each a run of catalog indexes (several for combined headings). */
  readings: number[][];
  /** Per reading: heading-quality score. */
  scores: number[];
  /** The heading's own title (or the next block's, for a bare `Item 1.`). */
  title: string;
  /** A combined heading saying the listed items do not apply ("Items 1 through 4 ... Not Applicable"). */
  notApplicableList: boolean;
  tocLike: boolean;
}

// "Item - 5.02", "ITEM: 7": a dash or colon may stand between the word and the number
const HEAD =
  /^(?:PART\s+(IV|III|II|I)\b[\s.,:;|\u2013\u2014-]*)?ITEMS?\s*(?:[-\u2013\u2014:]\s*)?(\d{1,2}(?:\.\d{2})?[A-D]?)(?![\d.]\d)/i;
// "Items 10, 11, 12 and 13", "ITEMS 10., 11. AND 12.": a number may keep its own period
const LIST_NEXT =
  /^\s*(?:\.(?!\d))?\s*(,\s*and|,|and|&|through|thru|to|-|\u2013)\s*(?:ITEMS?\s*)?(\d{1,2}(?:\.\d{2})?[A-D]?)\b/i;
/** A parenthetical of words inside an item list (it has a space: never "(a)" or "(T)"). */
const LIST_PAREN = /^\s*\([^()]{0,160}\s[^()]{0,160}\)/;
/**
 * A bare heading without the word "Item" ("3. LEGAL PROCEEDINGS", "9A. Controls and Procedures"): a short
 * block of the number, a period and a title that is the item's title word for word (so a numbered note,
 * "3. ASSETS HELD FOR SALE", is never one).
 */
const BARE_HEAD = /^(\d{1,2}[A-C]?)\.\s+([[A-Z][^|]{2,120})$/;
const PART_HEADING = /^PART\s+(IV|III|II|I)\b/i;
export const PAGE_SUFFIX =
  /(?:\|\s*|\.{3,}\s*|\s)(?:\d{1,3}|[A-Z]-\d{1,3})(?:\s*(?:-|through|to)\s*\d{1,3})?$/;

/** A whole TOC in one plain-text paragraph: "Item 1. Business........ 2 Item 2. Properties........ 5". */
const TOC_LINE = /(?:\.{4,}|\s{3,})\s*\d{1,3}\s+(?:PART\s+[IV]+\s+)?Items?\s+\d/i;

/**
 * The numbers a heading or statement lists after its first ("Items 10, 11, 12 and 13", "Items 1 through 4"),
 * and the text after the list. A parenthetical of words after a number belongs to the list when another
 * number follows it: "Items 10 (other than the information under "Code of Ethics" below), 11, 12, 13, and 14".
 */
export function itemList(
  first: string,
  after: string,
): { numbers: string[]; through: boolean; rest: string } {
  const numbers = [first.toUpperCase()];
  let rest = after;
  let through = false;
  for (;;) {
    let n = LIST_NEXT.exec(rest);
    let skipped = 0;
    if (!n && rest.charCodeAt(rest.search(/\S/)) === 0x28) {
      const paren = LIST_PAREN.exec(rest);
      if (paren) {
        n = LIST_NEXT.exec(rest.slice(paren[0].length));
        skipped = paren[0].length;
      }
    }
    if (!n) break;
    if (/^(through|thru|to|-|\u2013)$/i.test(n[1]!.trim())) through = true;
    numbers.push(n[2]!.toUpperCase());
    rest = rest.slice(skipped + n[0].length);
  }
  return { numbers, through, rest };
}

/**
 * A PART heading stacked under a running header in one table cell ("Dow Inc. and Subsidiaries | The Dow
 * Chemical Company and Subsidiaries | PART II \u2013 OTHER INFORMATION"): the block ends with it, in capitals.
 */
const TRAILING_PART = /\sPART\s+(IV|III|II|I)(?:\s*[-\u2013\u2014.:]\s*[A-Z][A-Z ,&]{2,40})?$/;

export function partOf(block: string): 'I' | 'II' | 'III' | 'IV' | null {
  if (block.length > 120) return null;
  const m = PART_HEADING.exec(block);
  if (!m) {
    const last = block.charCodeAt(block.length - 1);
    if (last < 65 || last > 90 || block.lastIndexOf('PART ') <= 0) return null;
    const t = TRAILING_PART.exec(block);
    return t ? (t[1] as 'I' | 'II' | 'III' | 'IV') : null;
  }
  // "PART II", "PART II — OTHER INFORMATION", "Part III."; not "Part II, Item 8 of this Form" or "Part I of".
  const rest = block.slice(m[0].length);
  if (/^\s*,|^\s*ITEM/i.test(rest) || /^\s+[a-z0-9(]/.test(rest)) return null;
  return m[1]!.toUpperCase() as 'I' | 'II' | 'III' | 'IV';
}

export function findCandidates(
  blocks: string[],
  offsets: number[],
  scheme: Scheme,
  catalog: readonly CatalogItem[],
) {
  const byNumber = new Map<string, number[]>();
  catalog.forEach((item, index) => {
    const list = byNumber.get(item.number) ?? [];
    list.push(index);
    byNumber.set(item.number, list);
  });
  const isEightK = scheme.startsWith('8-K');
  const candidates: Candidate[] = [];
  let part: string | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const text = blocks[b]!;
    const c0 = text.charCodeAt(0) | 0x20;
    if (c0 !== 0x69 && c0 !== 0x70) {
      // 'i' or 'p' (Item, PART), or a digit: a bare heading
      if (!isEightK && text.charCodeAt(0) >= 0x30 && text.charCodeAt(0) <= 0x39 && text.length <= 130) {
        const bare = bareCandidate(text, b, offsets[b]!, part, scheme, byNumber, catalog);
        if (bare) candidates.push(bare);
      }
      continue;
    }
    const partHere = partOf(text);
    if (partHere) {
      part = partHere;
      continue;
    }
    const m = HEAD.exec(text);
    if (!m) continue;
    const { numbers, through, rest: listRest } = itemList(m[2]!, text.slice(m[0].length));
    let rest = listRest;
    if (/^\s*\(T\)/i.test(rest)) rest = rest.replace(/^\s*\(T\)/i, '');
    if (!isEightK && /^\s*\([a-z0-9]{1,3}\)/i.test(rest)) continue; // Item 14(a)(1): a sub-reference
    if (/^\s+[a-z]/.test(rest)) continue; // "Item 7 of this report": prose
    if (/^\s*(of|in|to|under)\b/i.test(rest) && numbers.length === 1) continue;
    const headingPart = m[1] ? m[1].toUpperCase() : part;
    // A bare "Item 1." takes its title from the next block; a combined heading ("Items 10, 11, 12, 13 and
    // 14") is named by its numbers, and the block after it is its body, not a title to score it by.
    const title =
      cleanTitle(rest) ||
      (numbers.length === 1 && b + 1 < blocks.length ? cleanTitle(blocks[b + 1]!.slice(0, 200)) : '');
    // A 10-Q's part comes from the heading itself ("PART II, Item 5") or, as a preference only, from the
    // last PART heading: a table of contents' "PART II" row must not put the body's Item 2 into Part II.
    const readings = readingsFor(numbers, through, byNumber, catalog, m[1] ? headingPart : null, scheme);
    if (readings.length === 0) continue;
    // the page number is read after the heading's own numbers: "ITEMS 10, 11, 12, 13 AND 14" names items
    const tocLike = !isEightK && ((text.length < 250 && PAGE_SUFFIX.test(` ${rest}`)) || TOC_LINE.test(text));
    const scores = readings.map((r) => {
      let item = catalog[r[0]!]!;
      // a reading without the heading's first item (see readingsFor) scores as the heading, less 1.5,
      // so the chain takes it only where it needs it, and then the one that keeps most of the items
      const suffix = item.number !== numbers[0];
      if (suffix) item = catalog[readings[0]![0]!]!;
      let s = 2 + 3 * titleMatch(item, title).score;
      if (suffix) s -= 1.5 - 0.1 * r.length;
      if (item.part !== undefined && item.part === headingPart) s += 1;
      if (tocLike) s -= 4;
      if (/\(continued\)|\bcontinued\b/i.test(text.slice(0, 160))) s -= 5;
      return s;
    });
    candidates.push({
      block: b,
      offset: offsets[b]!,
      readings,
      scores,
      title,
      notApplicableList: numbers.length > 1 && /not\s+applicable|omitted|none\b/i.test(rest),
      tocLike,
    });
  }
  markTocClusters(candidates, blocks);
  // A filing that heads no item by its number outside a table of contents heads them by their titles alone.
  if (!isEightK && candidates.every((c) => c.tocLike)) {
    const titled = titleOnlyCandidates(blocks, offsets, catalog);
    if (titled.length > 0) {
      const all = candidates.concat(titled).sort((a, b) => a.block - b.block);
      markTocClusters(all, blocks);
      return all;
    }
  }
  return candidates;
}

/**
 * Title-only headings (`LEGAL PROCEEDINGS`, `OTHER INFORMATION`, `EXHIBITS`: no "Item", no number), read only
 * in a filing that names no item by number outside its table of contents: a block in capitals that is an
 * item's title word for word (`titleIsExactly`) is that item's heading.
 */
function titleOnlyCandidates(
  blocks: string[],
  offsets: number[],
  catalog: readonly CatalogItem[],
): Candidate[] {
  const out: Candidate[] = [];
  let part: string | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const text = blocks[b]!.trim();
    if (text.length < 4 || text.length > 130) continue;
    const partHere = partOf(text);
    if (partHere) {
      part = partHere;
      continue;
    }
    if (!/^[A-Z]/.test(text) || /[a-z]/.test(text)) continue;
    const readings: number[][] = [];
    catalog.forEach((item, i) => {
      if (titleIsExactly(item, text)) readings.push([i]);
    });
    if (readings.length === 0) continue;
    const scores = readings.map((r) => 5 + (catalog[r[0]!]!.part === part && part !== null ? 1 : 0));
    out.push({
      block: b,
      offset: offsets[b]!,
      readings,
      scores,
      title: text,
      notApplicableList: false,
      tocLike: false,
    });
  }
  return out;
}

function bareCandidate(
  text: string,
  block: number,
  offset: number,
  part: string | null,
  scheme: Scheme,
  byNumber: Map<string, number[]>,
  catalog: readonly CatalogItem[],
): Candidate | null {
  const m = BARE_HEAD.exec(text);
  if (!m) return null;
  const title = cleanTitle(m[2]!);
  if (title === '' || PAGE_SUFFIX.test(m[2]!.trim())) return null;
  const readings = readingsFor([m[1]!.toUpperCase()], false, byNumber, catalog, null, scheme).filter((r) =>
    titleIsExactly(catalog[r[0]!]!, title),
  );
  if (readings.length === 0) return null;
  const scores = readings.map((r) => {
    const item = catalog[r[0]!]!;
    return 2 + 3 + (item.part !== undefined && item.part === part ? 1 : 0);
  });
  return { block, offset, readings, scores, title, notApplicableList: false, tocLike: false };
}

function cleanTitle(rest: string): string {
  return rest
    .replace(/^[\s.:;|\u2013\u2014-]+/, '')
    .replace(PAGE_SUFFIX, '')
    .trim();
}

function readingsFor(
  numbers: string[],
  through: boolean,
  byNumber: Map<string, number[]>,
  catalog: readonly CatalogItem[],
  part: string | null,
  scheme: Scheme,
): number[][] {
  const options = (num: string): number[] => {
    const all = byNumber.get(num) ?? [];
    if (scheme !== '10-Q' || (part !== 'I' && part !== 'II')) return all;
    const inPart = all.filter((i) => catalog[i]!.part === part);
    return inPart.length > 0 ? inPart : all;
  };
  const first = options(numbers[0]!);
  if (numbers.length === 1) return first.map((i) => [i]);
  const readings: number[][] = [];
  for (const start of first) {
    const run = [start];
    for (const num of numbers.slice(1)) {
      const next = options(num).find((i) => i > run[run.length - 1]!);
      if (next === undefined) break;
      if (through) for (let i = run[run.length - 1]! + 1; i < next; i++) run.push(i);
      run.push(next);
    }
    readings.push(run);
  }
  // A combined heading after a heading of its first item(s) still names the others: "Item 10" with its own
  // body, then "Items 10, 11, 12 and 13 ... incorporated by reference" keeps 11, 12 and 13.
  const whole = readings.length;
  for (let r = 0; r < whole; r++)
    for (let k = 1; k < readings[r]!.length; k++) readings.push(readings[r]!.slice(k));
  return readings;
}

/** A block of table of contents rows only, each a caption then a page-number cell: "ITEM 5.07. ... | 3 SIGNATURES | 5". */
const CONTENTS_ROWS = /^[^|]+\|\s*\d{1,3}(?:\s+[^|\d][^|]*\|\s*\d{1,3})*\s*$/;

/**
 * A run of three or more headings with (almost) nothing between them is a table of contents or a trailing
 * cross-reference echo, unless its items appear nowhere else (an ABS 10-K listing its omitted items).
 */
function markTocClusters(candidates: Candidate[], blocks: string[]): void {
  const bodyChars = (i: number): number => {
    const from = candidates[i]!.block + 1;
    const to = i + 1 < candidates.length ? candidates[i + 1]!.block : Math.min(blocks.length, from + 50);
    let chars = 0;
    for (let b = from; b < to && chars < 200; b++)
      if (partOf(blocks[b]!) === null) chars += blocks[b]!.length;
    // The bare `Item 1.` style puts the title in the next block: it is not body.
    if (
      candidates[i]!.title !== '' &&
      from < to &&
      blocks[from]!.startsWith(candidates[i]!.title.slice(0, 20))
    ) {
      chars -= blocks[from]!.length;
    }
    return chars;
  };
  const dense = candidates.map((_, i) => bodyChars(i) < 60);
  let i = 0;
  while (i < candidates.length) {
    if (!dense[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < candidates.length && dense[j + 1]) j++;
    // The last row of a run has content after it (the body, or the signatures after an echo index), so it
    // is not dense itself; it still belongs to the run when it continues the run's item order.
    const next = candidates[j + 1];
    const end = next !== undefined && next.readings[0]![0]! > candidates[j]!.readings[0]!.at(-1)! ? j + 1 : j;
    // Two rows suffice when each of their items comes back later under a heading with a body: an 8-K's
    // own short table of contents ("Item 2.02 ...", "Item 9.01 ...", "SIGNATURES", "EXHIBIT INDEX"). The
    // two may be one dense row and the run's last one, whose page rows after it ("SIGNATURES | 5", then an
    // "EXHIBIT 1.1" row per exhibit) are too long to leave it dense.
    const again = (c: number) =>
      candidates.some(
        (k, idx) => idx > end && !dense[idx] && k.readings[0]![0] === candidates[c]!.readings[0]![0],
      );
    // So does one row alone when its block is page-numbered contents rows only ("ITEM 5.07. ... | 3 SIGNATURES | 5").
    let pairRepeats =
      j - i + 1 === 2 ||
      end - i + 1 === 2 ||
      (end === i && CONTENTS_ROWS.test(blocks[candidates[i]!.block]!));
    for (let c = i; pairRepeats && c <= end; c++) pairRepeats = again(c);
    if (j - i + 1 >= 3 || pairRepeats) {
      const inside = new Set<number>();
      for (let c = i; c <= end; c++) for (const r of candidates[c]!.readings) inside.add(r[0]!);
      const elsewhere = new Set<number>();
      candidates.forEach((c, idx) => {
        if (idx < i || idx > end) for (const r of c.readings) elsewhere.add(r[0]!);
      });
      const shared = [...inside].filter((x) => elsewhere.has(x)).length;
      if (shared * 2 >= inside.size) {
        // A row just before the run that precedes it in item order is the TOC's first row, even when a
        // list of statements under it keeps it from looking dense ("Item 1 | Financial Statements").
        let first = i;
        while (first > 0) {
          const prev = candidates[first - 1]!;
          const gap = candidates[first]!.offset - prev.offset;
          if (prev.tocLike || gap > 3_000 || prev.readings[0]!.at(-1)! >= candidates[first]!.readings[0]![0]!)
            break;
          const between = blocks
            .slice(prev.block + 1, candidates[first]!.block)
            .filter((b) => partOf(b) === null);
          if (between.filter((b) => PAGE_SUFFIX.test(b)).length * 2 < between.length) break;
          first--;
        }
        for (let c = first; c <= end; c++) {
          const cand = candidates[c]!;
          cand.tocLike = true;
          cand.scores = cand.scores.map((s) => s - 8);
        }
      }
    }
    i = j + 1;
  }
}
