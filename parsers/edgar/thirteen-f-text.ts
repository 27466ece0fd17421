import { num } from './ownership-xml.ts';
import type { ThirteenFRawRow } from './thirteen-f.ts';

/**
 * The pre-2013 text information table of a 13F-HR (a fixed-width table inside `<TABLE>` tags), as filers
 * typed it. Rules, each holding on every captured real table (Berkshire 2008Q4, Gilder Gagnon Howe 2001Q3):
 * - The table is a `<TABLE>` block whose header (the lines above its dash line) names a CUSIP column; other
 *   `<TABLE>` blocks (the list of other managers) are not holdings, except that a block with no dash line of
 *   its own after an information-table block (no other headed block between) is that table continued on the
 *   next page, read with its columns (Parametric 2009Q4 opens a `<TABLE>` per page, heads printed once).
 * - Column positions come from the header's dash line (one run of dashes per column), after undoing EDGAR's
 *   dash-stuffing (a line starting with `-` is sent as `- -...`). Each field is the text between its column's
 *   start and the next column's start, except that a word a column start would cut goes whole to the column
 *   holding most of its characters. The first five columns are the form's columns 1-5: issuer, class,
 *   CUSIP, value, shares or principal amount; a `PRN`, `PUT` or `CALL` word after them marks the row.
 * - A line with text in the issuer column only is the start of a name continued on the next lines; a row with
 *   value and shares but no issuer and no CUSIP continues the previous security (another manager's slice of
 *   it: the rows are summed later, like XML rows of one CUSIP); lines without both value and shares (page
 *   subtotals, the grand total) are not rows.
 * - A CUSIP is the column's text without spaces or dashes, upper-cased; printed with a 3-character `000`
 *   suffix (12 characters) it is the first 9; printed with fewer than 9 characters, all digits, it is the CUSIP
 *   with its leading zeros restored when that passes the check digit (`restoreLeadingZeros`). Any other length,
 *   or a wrong check digit, is kept as printed and named in a warning, never repaired by guessing.
 * - The unit is what the document states (the value header `(In Thousands)` / `x$1000`, or `(thousands)`
 *   printed under the cover's value total); nothing stated: null (the unit decision then uses its evidence).
 */
export interface TextTable {
  rows: ThirteenFRawRow[];
  statedUnit: 'thousands' | 'dollars' | null;
  tableEntryTotal: number | null;
  tableValueTotal: number | null;
  /** `Report for the Calendar Year or Quarter Ended`, as an ISO date. */
  reportPeriod: string | null;
  warnings: string[];
}

const DASH_LINE = /^-+(?:\s+-+){3,}\s*$/;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** True when the text holds a `<TABLE>` whose header names a CUSIP column. */
export function hasTextInformationTable(text: string): boolean {
  return tableBlocks(text).some((b) => b.starts !== null);
}

interface Block {
  header: string;
  /** Column start positions from the dash line; null when the block is not an information table. */
  starts: number[] | null;
  lines: string[];
}

function tableBlocks(text: string): Block[] {
  const out: Block[] = [];
  let previous: number[] | null = null;
  for (const m of text.replace(/\r\n?/g, '\n').matchAll(/<TABLE>([\s\S]*?)<\/TABLE>/gi)) {
    const lines = m[1]!.split('\n');
    const at = lines.findIndex((l) => DASH_LINE.test(unstuff(l)));
    const header = at > 0 ? lines.slice(0, at).join('\n') : '';
    const found =
      at > 0 && /CUSIP/i.test(header) ? [...unstuff(lines[at]!).matchAll(/-+/g)].map((d) => d.index!) : null;
    const own = found && found.length >= 5 ? found : null;
    // A block with no header of its own (no dash line) that follows an information-table block is that table
    // continued on the next page (filers open a new `<TABLE>` per page and print the column heads once): it is
    // read with the columns of the block it continues. A block with a header of its own starts over.
    const starts = own ?? (at < 0 ? previous : null);
    out.push({ header, starts, lines: at < 0 ? lines : lines.slice(at + 1) });
    previous = at < 0 ? previous : own;
  }
  return out;
}

/**
 * The column starts of one data line: the dash line's, except that a word (a run of non-blank characters) a
 * start would cut goes whole to the column holding most of its characters (filers type the data a character
 * or two off their own dash line: Gilder Gagnon Howe 2008Q4 prints each CUSIP one column left of its dashes).
 */
function lineColumns(line: string, starts: number[]): number[] {
  const out = [...starts];
  for (let i = 1; i < out.length; i++) {
    const s = out[i]!;
    if (s <= 0 || s >= line.length || line[s - 1] === ' ' || line[s] === ' ') continue;
    let a = s;
    while (a > 0 && line[a - 1] !== ' ') a--;
    let b = s;
    while (b < line.length && line[b] !== ' ') b++;
    out[i] = s - a > b - s ? b : a;
  }
  for (let i = 1; i < out.length; i++) out[i] = Math.max(out[i]!, out[i - 1]!);
  return out;
}

/** EDGAR prefixes `- ` to a line that starts with a dash (RFC 934 dash-stuffing). */
const unstuff = (line: string) => (line.startsWith('- -') ? line.slice(2) : line);

function isoPeriod(s: string): string | null {
  const us = /(\d{1,2})\/(\d{1,2})\/(\d{2,4})/.exec(s);
  if (us) {
    const y = us[3]!.length === 2 ? `20${us[3]}` : us[3]!;
    return `${y}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  }
  const long = /([A-Z]{3})[A-Z]*\.?\s+(\d{1,2}),?\s+(\d{4})/i.exec(s);
  const month = long ? MONTHS.indexOf(long[1]!.toUpperCase()) : -1;
  return long && month >= 0
    ? `${long[3]}-${String(month + 1).padStart(2, '0')}-${long[2]!.padStart(2, '0')}`
    : null;
}

/**
 * A CUSIP printed as a number loses its leading zeros (Ithaka's 2013Q1 table prints Apple's 037833100 as
 * `37833100`): an all-digit CUSIP shorter than 9 characters is the zero-padded one when that passes the check
 * digit, else it is returned as printed.
 */
export function restoreLeadingZeros(cusip: string): string {
  if (!/^\d{6,8}$/.test(cusip)) return cusip;
  const padded = cusip.padStart(9, '0');
  return cusipCheckDigitOk(padded) ? padded : cusip;
}

/** The CUSIP check digit of the first eight characters (modulus 10 "double-add-double"; letters 10-35, `*` 36, `@` 37, `#` 38). */
export function cusipCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = first8[i]!;
    let v = /\d/.test(c) ? Number(c) : /[A-Z]/.test(c) ? c.charCodeAt(0) - 55 : '*@#'.indexOf(c) + 36;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/** A 9-character CUSIP whose last digit is the check digit of the first eight. */
export function cusipCheckDigitOk(cusip: string): boolean {
  return /^[0-9A-Z*@#]{8}\d$/.test(cusip) && cusipCheckDigit(cusip) === Number(cusip[8]);
}

function statedUnit(text: string): TextTable['statedUnit'] {
  if (/thousands|x\s*\$?\s*1,?000\b/i.test(text)) return 'thousands';
  if (/nearest\s+dollar|in\s+dollars/i.test(text)) return 'dollars';
  return null;
}

export function parseTextInformationTable(input: string): TextTable {
  const text = input.replace(/\r\n?/g, '\n');
  const warnings: string[] = [];
  const entry = /Information\s+Table\s+Entry\s+Total:?\s*\$?\s*([\d,]+)/i.exec(text);
  // the total as printed, cents included ($20,721,229,761.77 on Parametric's 2009Q4 summary page)
  const value = /Information\s+Table\s+Value\s+Total:?\s*\$?\s*([\d,]+(?:\.\d+)?)([^\n]*\n[^\n]*)?/i.exec(
    text,
  );
  const period = /Quarter\s+Ended:?\s*([^\n]+)/i.exec(text);
  const rows: ThirteenFRawRow[] = [];
  let headerUnit: TextTable['statedUnit'] = null;
  let padded = 0;
  const odd: string[] = [];
  const zeros: string[] = [];
  for (const block of tableBlocks(text)) {
    const starts = block.starts;
    if (!starts) continue;
    headerUnit ??= statedUnit(block.header);
    let pendingName = '';
    let last = null as ThirteenFRawRow | null;
    for (const line of block.lines) {
      if (line.startsWith('<')) continue;
      const cuts = lineColumns(line, starts);
      const field = (i: number) => line.slice(cuts[i], cuts[i + 1] ?? line.length).trim();
      const [name, cls, cusipText, valueText] = [field(0), field(1), field(2), field(3)];
      const sharesText = field(4).replace(/\s+(SH|PRN)$/i, '');
      const v = num(valueText);
      const s = num(sharesText);
      if (v === null || s === null) {
        // the first line(s) of an issuer name; anything else (subtotals, rules, blanks) ends a pending name
        pendingName = name && !cls && !cusipText && !valueText ? `${pendingName} ${name}`.trim() : '';
        continue;
      }
      const rest = `${field(4)} ${line.slice(starts[5] ?? line.length)}`.toUpperCase();
      const putCall = /\bPUT\b/.test(rest) ? 'PUT' : /\bCALL\b/.test(rest) ? 'CALL' : null;
      const shareType = /\bPRN\b/.test(rest) ? 'PRN' : 'SH';
      if (!name && !cusipText) {
        if (last === null) {
          warnings.push(`a row of value ${valueText} has no issuer or CUSIP and follows none: not read`);
          continue;
        }
        last = { ...last, value: v, shares: s, shareType, putCall };
        rows.push(last);
        continue;
      }
      let cusip = cusipText.replace(/[\s-]/g, '').toUpperCase();
      if (cusip.length === 12 && cusip.endsWith('000')) {
        cusip = cusip.slice(0, 9);
        padded++;
      }
      const restored = restoreLeadingZeros(cusip);
      if (restored !== cusip) {
        zeros.push(cusip);
        cusip = restored;
      }
      if (cusip.length !== 9 || !cusipCheckDigitOk(cusip)) odd.push(cusip);
      last = {
        nameOfIssuer: `${pendingName} ${name}`.trim(),
        titleOfClass: cls || null,
        cusip,
        figi: null,
        value: v,
        shares: s,
        shareType,
        putCall,
        investmentDiscretion: null,
        otherManager: null,
      };
      pendingName = '';
      rows.push(last);
    }
  }
  if (zeros.length > 0)
    warnings.push(
      `${zeros.length} CUSIPs printed without their leading zeros (${zeros.join(', ')}): read with the zeros restored (check digit verified)`,
    );
  if (padded > 0)
    warnings.push(`${padded} CUSIPs printed with a 000 suffix (12 characters): read as their first 9`);
  if (odd.length > 0)
    warnings.push(
      `CUSIPs kept as printed, not valid 9-character CUSIPs (length or check digit): ${odd.map((c) => c || '(blank)').join(', ')}`,
    );
  return {
    rows,
    statedUnit: headerUnit ?? (value?.[2] ? statedUnit(value[2]) : null),
    tableEntryTotal: entry ? num(entry[1]) : null,
    tableValueTotal: value ? num(value[1]) : null,
    reportPeriod: period ? isoPeriod(period[1]!) : null,
    warnings,
  };
}
