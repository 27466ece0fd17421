import type { Form20fSection } from './items.ts';

/**
 * Item 7.A "Major Shareholders" -> one row per holder of the table that lists them. Tables arrive as
 * blocks whose cells are joined by ` | ` (items splitter). Rules:
 * - the subsection runs from the "Major Shareholders" heading (or Item 7's start) to the next lettered
 *   heading ("B. Related Party Transactions");
 * - a holder table is a run of rows under a header that names a holder column (name, shareholder, holder,
 *   owner); header rows may wrap over several blocks, which are aligned on their right edge;
 * - a data row starts with a name (letters, not a date or a total) and has a share count or a percentage;
 *   a `%` cell under a header word "voting" is the voting percentage, another `%` cell the ownership one.
 * No table with a holder column -> no rows and a warning (a narrative Item 7.A, a share-movement table).
 */

export interface OwnershipRow {
  holder_name: string;
  shares: string | null;
  ownership_pct: string | null;
  voting_pct: string | null;
  row_text: string;
}

const SUBSECTION_START = /^(?:7\.?\s*)?A\.?\s*(?:\|\s*)?Major\s+Shareholders\b/i;
const NEXT_LETTER = /^(?:7\.?\s*)?[B-C]\.?\s*(?:\||\s)\s*\S/;
const HOLDER_WORD = /\b(name|shareholders?|holders?|owners?|beneficial)\b/i;
const NOT_A_NAME = /^(as of|as at|total|number of|sold|purchase|adjustment|\(\d+\)|\*|note)/i;
const DATE_LIKE =
  /^(january|february|march|april|may|june|july|august|september|october|november|december)\b|^\d{4}$/i;
const PERCENT = /^(?:less than\s+)?(\d{1,3}(?:\.\d+)?)\s*%/i;
const SHARES = /^(\d{1,3}(?:,\d{3})+|\d{4,})(?:\s*\(\w{1,3}\))*$/;

export function majorShareholders(sections: Form20fSection[]): { rows: OwnershipRow[]; warnings: string[] } {
  const item7 = sections.find((s) => s.code === 'Item-7');
  if (!item7) return { rows: [], warnings: ['no Item 7 (Major Shareholders) in the document'] };
  let from = item7.blocks.findIndex((b) => SUBSECTION_START.test(b));
  if (from < 0) from = 0;
  let to = item7.blocks.length;
  for (let i = from + 1; i < item7.blocks.length; i++) {
    if (NEXT_LETTER.test(item7.blocks[i]!) && item7.blocks[i]!.length < 120) {
      to = i;
      break;
    }
  }
  const blocks = item7.blocks.slice(from, to);
  const rows: OwnershipRow[] = [];
  let header: string[] = [];
  let headerWidth = 0;
  let inTable = false;
  for (const block of blocks) {
    if (!block.includes(' | ')) {
      if (inTable && block.length > 200) inTable = false;
      if (!inTable) header = [];
      continue;
    }
    const cells = block.split(' | ').map((c) => c.trim());
    const numeric = cells.slice(1).some((c) => PERCENT.test(c) || SHARES.test(c));
    if (!numeric) {
      if (/^\(\w{1,3}\)$/.test(cells[0]!)) continue; // a footnote row
      header = mergeHeader(header, cells);
      headerWidth = Math.max(headerWidth, cells.length);
      inTable = HOLDER_WORD.test(header.join(' '));
      continue;
    }
    if (!inTable) continue;
    const row = dataRow(cells, header, headerWidth, block);
    if (row) rows.push(row);
  }
  const warnings: string[] = [];
  if (rows.length === 0)
    warnings.push('Item 7.A has no table of holders (a holder-name column with share counts or percentages)');
  return { rows, warnings };
}

/** Header rows wrapped over several blocks: cells aligned on the right edge and joined per column. */
function mergeHeader(prev: string[], cells: string[]): string[] {
  const width = Math.max(prev.length, cells.length);
  const pad = (xs: string[]) => [...new Array<string>(width - xs.length).fill(''), ...xs];
  const a = pad(prev);
  const b = pad(cells);
  return a.map((x, i) => `${x} ${b[i]}`.trim());
}

function dataRow(cells: string[], header: string[], width: number, text: string): OwnershipRow | null {
  const name = cells[0]!
    .replace(/\s*\(\w{1,3}\)(\s*\(\w{1,3}\))*\s*$/, '')
    .replace(/\s*\*+$/, '')
    .trim();
  if (!/[A-Za-z]{2}/.test(name) || NOT_A_NAME.test(name) || DATE_LIKE.test(name) || name.length > 150)
    return null;
  // Right-align the row on the header so a column's words describe its cell.
  const offset = Math.max(0, width - cells.length);
  let shares: string | null = null;
  let ownership: string | null = null;
  let voting: string | null = null;
  cells.slice(1).forEach((cell, k) => {
    const col = header[offset + k + 1] ?? '';
    const pct = PERCENT.exec(cell);
    if (pct) {
      const value = /^less than/i.test(cell) ? null : pct[1]!;
      if (/voting/i.test(col) && !/outstanding|shares/i.test(col)) voting ??= value;
      else if (ownership === null) ownership = value;
      else voting ??= value;
      return;
    }
    const sh = SHARES.exec(cell);
    if (sh && shares === null) shares = sh[1]!.replace(/,/g, '');
  });
  if (shares === null && ownership === null && voting === null) return null;
  return { holder_name: name, shares, ownership_pct: ownership, voting_pct: voting, row_text: text };
}
