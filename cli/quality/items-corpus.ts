/**
 * The third-party items corpus (`../shared/fixtures/corpus/secparser/`, 69 real 10-K / 10-Q primary
 * documents with sec-api.io's `expected-top-level-sections.json`): each filing's items against the
 * expected sections, scored under the rules of that folder's README:
 * - an expected section (`character_count > 0`) is right when our item with that code exists and its
 *   length agrees: its span in the HTML source (first to last character of the item's text; the form's last
 *   section runs to the end of the document) is within 6% of `character_count`, or at most 200 visible
 *   letters/digits lie between the item's end and `start + character_count`;
 * - missing when we have no item with that code, length-off otherwise;
 * - an item we find where the file says 0 is unexpected (reported, never an error);
 * - a cross-reference-index filing (its own `Form 10-K/10-Q Cross Reference Index` table) is scored against
 *   that table: an item whose row cites printed pages must serve (resolved where it differs) at least
 *   max(100, 3 x the row's letters/digits) letters/digits; a row citing no pages counts on presence.
 * The README's three wrong expectations are applied as it states them (`EXCEPTIONS`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { type FilingItem, splitFilingFile, toBlocks } from '../../parsers/edgar/items/index.ts';

/** README "How far to trust it": not expected (VZ) and presence-only (META 2019, BA) sections. */
const EXCEPTIONS: Record<string, { notExpected?: string[]; presenceOnly?: string[] }> = {
  '0000732712-23-000055': { notExpected: ['part2item5'] },
  '0001326801-19-000037': { presenceOnly: ['part1item1'] },
  '0000012927-23-000048': { presenceOnly: ['part1item1'] },
};
const LAST_SECTION = new Set(['15', 'part2item6']);
const XREF_TITLE = /^FORM\s+10-?[KQ]\s+CROSS[-\s]?REFERENCE\s+INDEX\b/i;

export interface CorpusTotals {
  filings: number;
  expected: number;
  right: number;
  missing: number;
  lengthOff: number;
  unexpected: number;
  /** Every expected section not right: `10-Q/ABT/<accession> LENGTH Part-I-Item-1: ...`. */
  misses: string[];
}

interface Visible {
  /** Letters and digits of the visible text, lower-cased. */
  chars: string;
  /** Source offset of each of them. */
  at: Int32Array;
}

const SKIP = new Set(['script', 'style', 'head', 'ix:header', 'noscript', 'xbrli:context', 'template']);

/** The document's visible letters/digits with their offsets in the HTML source (hidden parts skipped). */
function visible(html: string): Visible {
  let chars = '';
  const at: number[] = [];
  let skip = 0;
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skip > 0) skip++;
        else if (SKIP.has(name) || /display\s*:\s*none/i.test(attribs['style'] ?? '')) skip = 1;
      },
      onclosetag() {
        if (skip > 0) skip--;
      },
      ontext(text) {
        if (skip > 0) return;
        const base = parser.startIndex;
        const raw = html.slice(base, parser.endIndex + 1);
        const exact = raw === text;
        for (let i = 0; i < text.length; i++) {
          const c = text[i]!;
          if (!/[\p{L}\p{N}]/u.test(c)) continue;
          chars += c.toLowerCase();
          at.push(exact ? base + i : base + Math.min(i, raw.length - 1));
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { chars, at: Int32Array.from(at) };
}

const alnum = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Where an item's text lies in the source: [start, end) offsets, searched from `from` (document order). */
function locate(v: Visible, text: string, from: number): { start: number; end: number; pos: number } | null {
  const a = alnum(text);
  if (a.length === 0) return null;
  let pos = -1;
  for (const n of [128, 64, 32, 16]) {
    pos = v.chars.indexOf(a.slice(0, n), from);
    if (pos >= 0) break;
  }
  if (pos < 0) return null;
  let last = -1;
  for (const n of [128, 64, 32, 16]) {
    const tail = a.slice(-Math.min(n, a.length));
    // The item's letters are a subsequence of the document's from `pos` (page furniture dropped), so its
    // end lies at or after pos + its length: a running footer repeated earlier is not its end.
    const i = v.chars.indexOf(tail, pos + a.length - tail.length);
    if (i >= 0) {
      last = i + tail.length - 1;
      break;
    }
  }
  if (last < 0) last = Math.min(v.chars.length - 1, pos + a.length - 1);
  return { start: v.at[pos]!, end: v.at[last]! + 1, pos };
}

/** Letters/digits of the visible text whose source offset lies in [from, to). */
function alnumBetween(v: Visible, from: number, to: number): number {
  const lo = lowerBound(v.at, Math.min(from, to));
  const hi = lowerBound(v.at, Math.max(from, to));
  return hi - lo;
}

function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** sec-api id -> our code: `1A` -> `Item-1A`, `part2item1a` -> `Part-II-Item-1A`. */
function ourCode(id: string): string {
  const m = /^part([12])item(\w+)$/.exec(id);
  if (m) return `Part-${m[1] === '1' ? 'I' : 'II'}-Item-${m[2]!.toUpperCase()}`;
  return `Item-${id.toUpperCase()}`;
}

/** The cross-reference table's row per item code (its text), when the filing has such a table. */
function crossReferenceRows(blocks: string[], tenQ: boolean): Map<string, string> | null {
  // The table itself, not the table of contents' row pointing to it: the last title.
  const at = blocks.findLastIndex((b) => XREF_TITLE.test(b));
  if (at < 0) return null;
  const rows = new Map<string, string>();
  let part = 'I';
  for (let b = at + 1; b < Math.min(blocks.length, at + 200); b++) {
    const t = blocks[b]!;
    const p = /^Part\s+(IV|III|II|I)\b/i.exec(t);
    if (p) part = p[1]!.toUpperCase();
    const m = /(?:^|\|\s*)Item\s+(\d{1,2}[A-C]?)\.?/i.exec(t);
    if (!m) continue;
    const code = tenQ ? `Part-${part}-Item-${m[1]!.toUpperCase()}` : `Item-${m[1]!.toUpperCase()}`;
    if (rows.has(code)) continue;
    // Sub-rows per topic ("Liquidity and capital resources | Pages 16-19") belong to the item's row.
    let row = t;
    for (
      let n = b + 1;
      n < blocks.length && !/^(?:Item\s+\d|Part\s+[IV]|Signatures?\b)/i.test(blocks[n]!);
      n++
    )
      if (blocks[n]!.length < 200 && /\d/.test(blocks[n]!)) row += `\n${blocks[n]}`;
      else break;
    rows.set(code, row);
  }
  return rows;
}

function listFilings(root: string): { form: '10-K' | '10-Q'; ticker: string; acc: string; dir: string }[] {
  const out: { form: '10-K' | '10-Q'; ticker: string; acc: string; dir: string }[] = [];
  for (const form of ['10-K', '10-Q'] as const) {
    const fdir = join(root, form);
    if (!existsSync(fdir)) continue;
    for (const ticker of readdirSync(fdir).sort())
      for (const acc of readdirSync(join(fdir, ticker)).sort())
        out.push({ form, ticker, acc, dir: join(fdir, ticker, acc) });
  }
  return out;
}

/** `primary-document.html`, or its gzip copy (`.html.gz`, the project's own fixtures). */
export function readDocument(dir: string): string {
  const plain = join(dir, 'primary-document.html');
  if (existsSync(plain)) return readFileSync(plain, 'utf8');
  return gunzipSync(readFileSync(`${plain}.gz`)).toString('utf8');
}

/** Scores every corpus filing; prints one line per filing (plus its misses) and returns the totals. */
export function scoreCorpus(root: string, log: (line: string) => void, verbose = false): CorpusTotals {
  const totals: CorpusTotals = {
    ...{ filings: 0, expected: 0, right: 0, missing: 0, lengthOff: 0, unexpected: 0 },
    misses: [],
  };
  for (const f of listFilings(root)) {
    const html = readDocument(f.dir);
    const expected = JSON.parse(readFileSync(join(f.dir, 'expected-top-level-sections.json'), 'utf8')) as {
      identifier: string;
      character_count: number;
    }[];
    const literal = splitFilingFile(html, { form: f.form });
    const rows = crossReferenceRows(toBlocks(html, undefined), f.form === '10-Q');
    const served = rows ? splitFilingFile(html, { form: f.form, resolve: true }).items : literal.items;
    const byCode = new Map<string, FilingItem>(served.map((i) => [i.number, i]));
    const v = visible(html);
    const spans = new Map<string, { start: number; end: number }>();
    let from = 0;
    for (const item of literal.items) {
      const s = locate(v, item.text, from);
      if (!s) continue;
      spans.set(item.number, s);
      from = s.pos;
    }
    const ex = EXCEPTIONS[f.acc] ?? {};
    const notes: string[] = [];
    let right = 0;
    let want = 0;
    const vocabulary = new Set(expected.map((e) => ourCode(e.identifier)));
    for (const e of expected) {
      const code = ourCode(e.identifier);
      const isExpected = e.character_count > 0 && !ex.notExpected?.includes(e.identifier);
      if (!isExpected) {
        if (byCode.has(code)) {
          totals.unexpected++;
          notes.push(`unexpected ${code} (expected count ${e.character_count})`);
        }
        continue;
      }
      want++;
      const item = byCode.get(code);
      if (!item) {
        totals.missing++;
        notes.push(`MISSING ${code}`);
        continue;
      }
      if (rows) {
        const row = rows.get(code);
        const rowChars = row ? alnum(row).length : 0;
        // Cells after the item and its title: printed pages ("4-6, 7-13", "Pages 19 - 20"), else none.
        const citesPages = row
          ? row.split('\n').some((r, i) =>
              /\b\d{1,3}\b/.test(
                r
                  .split('|')
                  .slice(i === 0 ? 2 : 1)
                  .join('|'),
              ),
            )
          : false;
        const got = alnum(item.text).length;
        if (!citesPages || (got >= Math.max(100, 3 * rowChars) && alnum(item.text) !== alnum(row ?? ''))) {
          right++;
        } else {
          totals.lengthOff++;
          notes.push(
            `LENGTH ${code}: ${got} letters/digits for the row ${JSON.stringify(row?.slice(0, 80))}`,
          );
        }
        continue;
      }
      const span = spans.get(code);
      if (!span) {
        totals.lengthOff++;
        notes.push(`LENGTH ${code}: item text not found in the source`);
        continue;
      }
      if (ex.presenceOnly?.includes(e.identifier)) {
        right++;
        continue;
      }
      const end = LAST_SECTION.has(e.identifier) ? html.length : span.end;
      const length = end - span.start;
      const cut = span.start + e.character_count;
      const between = alnumBetween(v, end, cut);
      if (Math.abs(length - e.character_count) <= 0.06 * e.character_count || between <= 200) right++;
      else {
        totals.lengthOff++;
        notes.push(
          `LENGTH ${code}: span ${length} vs ${e.character_count}, ${between} letters/digits apart (${end < cut ? 'ours shorter' : 'ours longer'})`,
        );
      }
    }
    for (const item of literal.items) {
      if (!vocabulary.has(item.number) && !/^Item-(1C|9C|16)$/.test(item.number)) {
        totals.unexpected++;
        notes.push(`unexpected ${item.number} (not in the expected list)`);
      }
    }
    totals.filings++;
    totals.expected += want;
    totals.right += right;
    log(
      `${f.form}/${f.ticker}/${f.acc}  ${right}/${want} right${rows ? ' (cross-reference index)' : ''}  items ${literal.items.length}`,
    );
    for (const n of notes)
      if (!n.startsWith('unexpected')) totals.misses.push(`${f.form}/${f.ticker}/${f.acc} ${n}`);
    for (const n of notes) if (verbose || !n.startsWith('unexpected')) log(`    ${n}`);
    for (const n of notes) if (!verbose && n.startsWith('unexpected')) log(`    info ${n}`);
  }
  return totals;
}
