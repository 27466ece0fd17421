import { ParseError } from '../../lib/errors.ts';
import { usDate } from '../advisers/iapd.ts';
import { type PdfWord, pdfPageWords } from '../pdf.ts';
import { cusipCheckDigit } from './thirteen-f-text.ts';

/**
 * The SEC's Official List of Section 13(f) Securities (`13flist<YYYY>q<N>.pdf`, quarterly): every security a
 * 13F report may hold, one line each under the column heads CUSIP NO, ISSUER NAME, ISSUER DESCRIPTION and
 * STATUS, about 17,000-25,000 lines over 500+ pages, then `Total Count: 17,805`. Per its user information
 * sheet: an asterisk after the CUSIP marks a security with a listed option, each option listed with its own
 * CUSIP right below (description CALL or PUT); STATUS `ADDED` means the security joined the list since the
 * last one, `DELETED` that it ceased to be a 13(f) security.
 *
 * Rules: the page's column heads give each column's left edge; a word belongs to the column whose edge is the
 * nearest at or left of it (2 pt slack). A line is a security when its CUSIP column holds nine characters
 * (printed `B38564 10 8`: issuer, issue, check digit). The check digit is verified, except on an option line
 * (CALL / PUT), which the list prints with its underlying's check digit under the starred underlying of the
 * same issuer: there it must equal the underlying's. A line that fails, or a line in the columns that is not
 * a security, is a warning, never a guess. The rows read must
 * number the list's own `Total Count`, else a warning says by how much.
 */
export interface ThirteenFSecurity {
  cusip: string;
  issuer_name: string;
  issuer_description: string;
  has_listed_option: boolean;
  /** A CALL or PUT line: the underlying security's CUSIP (the starred line above it). */
  option_of: string | null;
  status: 'ADDED' | 'DELETED' | null;
}

export interface ThirteenFList {
  year: number | null;
  quarter: number | null;
  run_date: string | null;
  total_count: number | null;
  securities: ThirteenFSecurity[];
  warnings: string[];
}

const HEADS = ['CUSIP NO', 'ISSUER NAME', 'ISSUER DESCRIPTION', 'STATUS'] as const;

// The check digit is the 13F text tables' (one computation for both readers).
export { cusipCheckDigit };

/** A page's words grouped into lines by baseline (2 pt), top to bottom, each line left to right. */
function lines(words: PdfWord[]): PdfWord[][] {
  const out: { y: number; words: PdfWord[] }[] = [];
  for (const w of words) {
    if (w.str.trim() === '') continue;
    const line = out.find((l) => Math.abs(l.y - w.y) <= 2);
    if (line) line.words.push(w);
    else out.push({ y: w.y, words: [w] });
  }
  return out.sort((a, b) => b.y - a.y).map((l) => l.words.sort((a, b) => a.x - b.x));
}

export async function parseThirteenFList(bytes: Uint8Array, document = '13f list'): Promise<ThirteenFList> {
  const pages = await pdfPageWords(bytes, document);
  const out: ThirteenFList = {
    year: null,
    quarter: null,
    run_date: null,
    total_count: null,
    securities: [],
    warnings: [],
  };
  let badCheck = 0;
  let lastStarred: string | null = null;
  let notRead = 0;
  const examples: string[] = [];
  pages.forEach((words, p) => {
    const text = words.map((w) => w.str).join(' ');
    const total = /Total Count:\s*([\d,]+)/.exec(text);
    if (total) out.total_count = Number(total[1]!.replace(/,/g, ''));
    const heads = HEADS.map((h) => words.find((w) => w.str.trim() === h)?.x);
    if (heads.some((x) => x === undefined)) return; // a cover or information page
    const [cusipX, nameX, descX, statusX] = heads as [number, number, number, number];
    out.run_date ??= usDate(/Run Date:\s*(\d{1,2}\/\d{1,2}\/\d{4})/.exec(text)?.[1]);
    out.quarter ??= Number(/Qtr:\s*(\d)/.exec(text)?.[1]) || null;
    out.year ??= Number(/Year:.*?\b((?:19|20)\d\d)\b/.exec(text)?.[1]) || null;
    const headY = words.find((w) => w.str.trim() === 'CUSIP NO')!.y;
    for (const line of lines(words)) {
      // the page head (run date, page number, column heads) sits at or above the column heads
      if (line[0]!.y >= headY - 1) continue;
      const col = (w: PdfWord) =>
        w.x >= statusX - 2 ? 3 : w.x >= descX - 2 ? 2 : w.x >= nameX - 2 ? 1 : w.x >= cusipX - 2 ? 0 : -1;
      const cells: string[][] = [[], [], [], []];
      for (const w of line) if (col(w) >= 0) cells[col(w)]!.push(w.str.trim());
      const star = cells[0]!.includes('*');
      const cusip = cells[0]!
        .filter((s) => s !== '*')
        .join('')
        .toUpperCase();
      const printed = line.map((w) => w.str.trim()).join(' ');
      if (!/^[0-9A-Z*@#]{8}\d$/.test(cusip)) {
        if (/Total Count/.test(printed)) continue;
        notRead++;
        if (examples.length < 5) examples.push(`page ${p + 1}: "${printed}"`);
        continue;
      }
      const description = cells[2]!.join(' ');
      const option = /^(CALL|PUT)$/.test(description.toUpperCase());
      // an option is printed under its underlying with the underlying's check digit, not one of its own
      const underlying =
        option && lastStarred?.slice(0, 6) === cusip.slice(0, 6) && lastStarred[8] === cusip[8]
          ? lastStarred
          : null;
      if (!underlying && cusipCheckDigit(cusip) !== Number(cusip[8])) {
        badCheck++;
        if (examples.length < 5) examples.push(`page ${p + 1}: ${cusip} fails its check digit`);
        continue;
      }
      if (star) lastStarred = cusip;
      const status = cells[3]!.join(' ').toUpperCase();
      out.securities.push({
        cusip,
        issuer_name: cells[1]!.join(' '),
        issuer_description: description,
        has_listed_option: star,
        option_of: underlying,
        status: status === 'ADDED' || status === 'DELETED' ? status : null,
      });
    }
  });
  if (out.securities.length === 0)
    throw new ParseError(
      'no 13(f) security lines found (not an Official List of Section 13(f) Securities?)',
      document,
    );
  if (notRead)
    out.warnings.push(`${notRead} lines in the columns are not securities: ${examples.join('; ')}`);
  if (badCheck) out.warnings.push(`${badCheck} CUSIPs fail their check digit and are left out`);
  if (out.total_count !== null && out.total_count !== out.securities.length)
    out.warnings.push(
      `${out.securities.length} securities read, the list's Total Count is ${out.total_count} (${out.securities.length - out.total_count})`,
    );
  if (out.total_count === null) out.warnings.push('no Total Count line: the list may be cut short');
  return out;
}
