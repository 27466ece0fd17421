import type { NoteRow } from './xbrl.ts';

/**
 * Notes to the financial statements read from the document itself, for a 20-F without an XBRL instance
 * (IFRS filers could not file XBRL before 2017). Rules:
 * - the notes start after the first "NOTES TO (THE) (CONSOLIDATED) FINANCIAL STATEMENTS" heading;
 * - a note heading is a short block "N. TITLE" / "N. | TITLE" whose number is the previous note's plus one
 *   (so a numbered list inside a note is not a heading), starting at 1;
 * - a short block repeated three or more times in that region is a running page header ("Loncor
 *   Resources Inc.", the notes heading, "(Expressed in U.S. dollars ...)", "Page F-9 of F-26") and is left
 *   out of the note text.
 * Also reads the currency the statements say they are expressed in, only when every such line agrees.
 */

const NOTES_HEADING = /^NOTES TO (THE )?(CONSOLIDATED |COMBINED )?FINANCIAL STATEMENTS\b/i;
const NOTE_HEADING = /^(\d{1,2})\.\s*(?:\|\s*)?([A-Z][^|]{2,110})$/;
const PAGE_MARK = /^Page\s+F-\s?\d+(\s+of\s+F-\s?\d+)?$/i;

export function htmlNotes(blocks: string[]): NoteRow[] {
  const start = blocks.findIndex((b) => NOTES_HEADING.test(b) && b.length < 120);
  if (start < 0) return [];
  const region = blocks.slice(start);
  const counts = new Map<string, number>();
  for (const b of region) if (b.length < 150) counts.set(b, (counts.get(b) ?? 0) + 1);
  const furniture = (b: string) => PAGE_MARK.test(b) || (b.length < 150 && (counts.get(b) ?? 0) >= 3);
  const notes: Array<{ title: string; body: string[] }> = [];
  let expected = 1;
  for (const b of region) {
    const m = NOTE_HEADING.exec(b);
    if (m && Number(m[1]) === expected && /[A-Za-z]{3}/.test(m[2]!)) {
      notes.push({ title: `${m[1]}. ${m[2]!.trim()}`, body: [] });
      expected++;
      continue;
    }
    if (notes.length > 0 && !furniture(b)) notes.at(-1)!.body.push(b);
  }
  return notes.map((n) => ({ note_tag: null, note_title: n.title, text: n.body.join('\n') }));
}

const CURRENCIES: Array<[RegExp, string]> = [
  [/\b(U\.\s?S\.|United States)\s+dollars?\b/i, 'USD'],
  [/\bCanadian\s+dollars?\b/i, 'CAD'],
  [/\bAustralian\s+dollars?\b/i, 'AUD'],
  [/\beuros?\b/i, 'EUR'],
  [/\bpounds? sterling\b/i, 'GBP'],
  [/\b(New Taiwan|NT) dollars?\b/i, 'TWD'],
  [/\bJapanese yen\b|\byen\b/i, 'JPY'],
  [/\bSwiss francs?\b/i, 'CHF'],
];

/** The currency named by "(Expressed in ...)" lines; null when none says or they disagree. */
export function expressedIn(blocks: string[]): { currency: string; evidence: string } | null {
  const found = new Map<string, string>();
  for (const b of blocks) {
    const m = /^\(?\s*(?:Expressed|Stated|Presented) in ([^)]{3,80})\)?/i.exec(b);
    if (!m) continue;
    const hit = CURRENCIES.find(([re]) => re.test(m[1]!));
    if (hit) found.set(hit[1], b);
  }
  if (found.size !== 1) return null;
  const [[currency, evidence]] = [...found] as [[string, string]];
  return { currency, evidence };
}
