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
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { type FilingItem, splitFilingFile, toBlocks } from '../../parsers/edgar/items/index.ts';
import { alnum, alnumBetween, locate, visible } from './source-spans.ts';

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
export function scoreCorpus(root: string, log: (line: string) => void): CorpusTotals {
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
    for (const n of notes) log(n.startsWith('unexpected') ? `    info ${n}` : `    ${n}`);
  }
  return totals;
}

/** The corpus folder; `ITEMS_CORPUS` overrides it, `--no-corpus` (items.ts) skips it. */
const CORPUS_DIR =
  process.env['ITEMS_CORPUS'] ??
  fileURLToPath(new URL('../../../shared/fixtures/corpus/secparser/', import.meta.url));
/** Share of the corpus's expected sections that must be right. */
const CORPUS_TARGET = 0.995;

/** The third-party corpus: per filing expected sections right / expected, then the total. */
export function checkCorpus(): number {
  if (!existsSync(join(CORPUS_DIR, '10-K'))) {
    console.log(
      `\nthird-party corpus skipped: ${CORPUS_DIR} is absent (it lives in ../shared; run ../shared/fixtures/corpus/unpack.sh)`,
    );
    return 0;
  }
  console.log(`\nthird-party corpus ${CORPUS_DIR}`);
  const t = scoreCorpus(CORPUS_DIR, (l) => console.log(l));
  const share = t.expected ? t.right / t.expected : 1;
  console.log(
    `\ncorpus: ${t.filings} filings, ${t.right} of ${t.expected} expected sections right (${(share * 100).toFixed(1)}%), ` +
      `${t.missing} missing, ${t.lengthOff} length-off, ${t.unexpected} unexpected (info); target ${CORPUS_TARGET * 100}%`,
  );
  return share >= CORPUS_TARGET ? 0 : 1;
}
