/**
 * The held-out set (`fixtures/edgar-items/heldout/`): real filings that no rule of the splitter was built on,
 * each item's first and last words read by hand into `labels.tsv` before the splitter ever ran on them
 * (README.md there: provenance, how the labels were read).
 *
 * An item is right when the splitter returns an item with its code whose text, whitespace folded (table cell
 * separators, no-break and thin spaces read as spaces, a currency sign set apart from its amount read as
 * joined), starts with the label's first words and ends with its last words, once trailing page folios and
 * rules ("2", "- 3 -", "-----") and running navigation links ("Table of Contents") are set aside, and its text
 * does not print the label's first words a second time (else it started in a table of contents row). Per filing the
 * report lists what was found (first and last words) and each labelled item left out or cut wrong; items
 * found that no label names are listed as unexpected (they count against nothing, but show).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ItemForm } from '../../parsers/edgar/items/index.ts';
import { splitFilingFile } from '../../parsers/edgar/items/index.ts';

export const HELDOUT_DIR = fileURLToPath(new URL('../../fixtures/edgar-items/heldout/', import.meta.url));
/** The goal on filings nobody tuned to. */
export const HELDOUT_TARGET = 0.99;

export interface Label {
  file: string;
  form: ItemForm;
  filed: string;
  item: string;
  first: string;
  last: string;
  /** The label's note: where it was read from and, from the fifth pass on, which pass added it ("tenth pass ..."). */
  note: string;
}

export interface HeldoutResult {
  labels: number;
  right: number;
  /** `FILE Item-9.01 missing` / `... starts "..."` / `... ends "..."`. */
  misses: string[];
  /** Right and labelled per pass, in the order the passes first occur ("tenth pass": set 10). */
  byPass: { pass: string; right: number; labels: number }[];
}

/** The pass that added a label, from its note ("ninth pass; ..." -> "ninth pass"); the earlier passes' notes name none. */
export function passOf(note: string): string {
  return (
    /^(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first|twenty-second|twenty-third|twenty-fourth|twenty-fifth|twenty-sixth|twenty-seventh|twenty-eighth|twenty-ninth|thirtieth|thirty-first) pass\b/i.exec(
      note,
    )?.[0] ?? 'passes 1-4'
  );
}

/** Folds what a reader does not see as a difference: spacing, table cells, typographic spaces and quotes. */
export function fold(text: string): string {
  return (
    text
      .replace(/[\u00a0\u2002-\u200a\u202f]/g, ' ')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\s*\|\s*/g, ' ')
      // a currency sign set apart from its amount in a fixed-width column ("$   1,200") reads as "$1,200"
      .replace(/\$\s+(?=[\d(])/g, '$')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The text without its trailing folios, rules and running navigation links ("... Certificateholders 2",
 * "... - 3 -", "-----", "Table of Contents", "Index to Financial Statements"): page furniture an excerpt
 * holds once, where the whole document repeats it on every page.
 */
function withoutTrailer(text: string): string {
  let t = text;
  for (;;) {
    // a number that a reference ends with ("... pursuant to Item 12", "... see Note 7") is no folio
    if (/\b(?:Items?|Exhibits?|Notes?|Parts?)\s+\d{1,3}$/i.test(t)) return t;
    // a folio or rule is a token of its own: "... Certificateholders 2", never the "780" of "3,936,780"
    const next = t.replace(
      /(?:^|\s)(?:[-\u2013\u2014=_]+|[-\u2013\u2014]?\s?\d{1,3}\s?[-\u2013\u2014]?|Table of Contents|Index to (?:Consolidated )?Financial Statements)$/i,
      '',
    );
    if (next === t) return t;
    t = next;
  }
}

export function readLabels(dir = HELDOUT_DIR): Label[] {
  const lines = readFileSync(join(dir, 'labels.tsv'), 'utf8').split('\n').slice(1);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [file, form, filed, item, first, last, note] = l.split('\t');
      return {
        file: file!,
        form: form as ItemForm,
        filed: filed!,
        item: item!,
        first: first!,
        last: last!,
        note: note ?? '',
      };
    });
}

/** Scores every labelled filing; `log` receives the per-filing report lines. */
/** A held-out file's items as the splitter cuts them: item number -> its text folded as the labels are read. */
export function heldoutItems(
  file: string,
  filingDate: string,
  form: Label['form'],
  dir = HELDOUT_DIR,
): Record<string, string> {
  const split = splitFilingFile(readFileSync(join(dir, file)), { form, filingDate });
  return Object.fromEntries(split.items.map((i) => [i.number, fold(i.text)]));
}

/**
 * Why an item's found text (folded) is not the labelled item, or null when it is. Its start must be the item's
 * body heading: found text that prints the label's first words again, as written, started at an earlier
 * printing of that heading (a table of contents row such as `ITEM 9.01. ... | 4`) and ran on through the body
 * heading, so it is a miss even when it begins with the label's words.
 */
export function itemMiss(t: string | undefined, l: Pick<Label, 'first' | 'last'>): string | null {
  if (t === undefined) return 'missing';
  const first = fold(l.first);
  if (!t.startsWith(first)) return `starts "${t.slice(0, 70)}", label "${l.first}"`;
  const again = t.indexOf(first, first.length);
  if (again >= 0)
    return `starts in a contents row "${t.slice(0, 70)}", the heading "${l.first}" printed again at ${again}`;
  if (!withoutTrailer(t).endsWith(fold(l.last)))
    return `ends "…${withoutTrailer(t).slice(-70)}", label "${l.last}"`;
  return null;
}

export function scoreHeldout(dir = HELDOUT_DIR, log: (line: string) => void = () => {}): HeldoutResult {
  const labels = readLabels(dir);
  const byFile = new Map<string, Label[]>();
  for (const l of labels) byFile.set(l.file, [...(byFile.get(l.file) ?? []), l]);
  const result: HeldoutResult = { labels: labels.length, right: 0, misses: [], byPass: [] };
  const tally = (l: Label, right: boolean) => {
    const pass = passOf(l.note);
    let t = result.byPass.find((p) => p.pass === pass);
    if (!t) {
      t = { pass, right: 0, labels: 0 };
      result.byPass.push(t);
    }
    t.labels++;
    if (right) t.right++;
  };
  for (const [file, own] of byFile) {
    const first = own[0]!;
    const found = new Map(Object.entries(heldoutItems(file, first.filed, first.form, dir)));
    let right = 0;
    const lines: string[] = [];
    for (const [number, t] of found) {
      const words = t.split(' ');
      lines.push(
        `    found ${number} [${t.length}] "${words.slice(0, 8).join(' ')}" … "${words.slice(-8).join(' ')}"`,
      );
    }
    for (const l of own) {
      const miss = itemMiss(found.get(l.item), l);
      tally(l, miss === null);
      if (miss === null) right++;
      else {
        result.misses.push(`${file} ${l.item} ${miss}`);
        lines.push(`    MISS  ${l.item} ${miss}`);
      }
    }
    const labelled = new Set(own.map((l) => l.item));
    const extra = [...found.keys()].filter((n) => !labelled.has(n));
    if (extra.length) lines.push(`    unexpected ${extra.join(' ')}`);
    result.right += right;
    log(`${file}  ${first.form}  ${right}/${own.length} right  items ${found.size}`);
    for (const line of lines) log(line);
  }
  return result;
}

/** Prints the held-out report; 1 when it scores under the target. */
export function checkHeldout(): number {
  if (!existsSync(join(HELDOUT_DIR, 'labels.tsv'))) {
    console.log(`\nheld-out set skipped: ${HELDOUT_DIR}labels.tsv is absent`);
    return 0;
  }
  console.log(`\nheld-out set ${HELDOUT_DIR} (hand-labelled, never tuned to)`);
  const r = scoreHeldout(HELDOUT_DIR, (l) => console.log(l));
  const share = r.labels ? r.right / r.labels : 1;
  console.log('');
  for (const p of r.byPass) console.log(`held-out ${p.pass}: ${p.right} of ${p.labels} right`);
  console.log(
    `\nheld-out: ${r.right} of ${r.labels} labelled items right (${(share * 100).toFixed(1)}%); target ${HELDOUT_TARGET * 100}%`,
  );
  return share >= HELDOUT_TARGET ? 0 : 1;
}
