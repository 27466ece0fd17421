import { ParseError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import type { FilingInsert } from '../../schema/filings.ts';
import type { ParseContext, ParseResult } from '../types.ts';
import { canonicalFilingType } from './form-types.ts';

/**
 * EDGAR's quarterly (`full-index/YYYY/QTRn/`) and daily (`daily-index/YYYY/QTRn/`) index files:
 * - `master.idx`: `CIK|Company Name|Form Type|Date Filed|File Name`, pipe-delimited;
 * - `form.idx`: fixed-width `Form Type  Company Name  CIK  Date Filed  File Name`, trailing spaces;
 * - `company.idx`: fixed-width `Company Name  Form Type  CIK  Date Filed  File Name`, the header wrapped
 *   over two lines.
 * Daily files date rows YYYYMMDD, quarterly ones YYYY-MM-DD; both are accepted in either kind.
 *
 * Rows are kept as listed, including the daily indexes' CORRESP/UPLOAD rows dated weeks before the index
 * day (staff correspondence released late; the date is the real filing date) and `9999999997-` paper or
 * `0000000000-` staff accessions: they are real filings with real folders, so no warning is raised for them.
 */
export type IndexKind = 'form' | 'master' | 'company';

const FILE_NAME = /^edgar\/data\/(\d{1,10})\/(\d{10}-\d{2}-\d{6})\.txt$/;
const DASHES = /^-{20,}\s*$/;

interface RawRow {
  cik: string;
  name: string;
  form: string;
  date: string;
  file: string;
}

/** `20200318` or `2020-03-18` -> `2020-03-18`, null when not a calendar date. */
function isoDate(s: string): string | null {
  let y: string;
  let m: string;
  let d: string;
  if (s.length === 8) [y, m, d] = [s.slice(0, 4), s.slice(4, 6), s.slice(6, 8)];
  else if (s.length === 10 && s[4] === '-' && s[7] === '-')
    [y, m, d] = [s.slice(0, 4), s.slice(5, 7), s.slice(8)];
  else return null;
  if (!/^\d+$/.test(y + m + d)) return null;
  const t = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (t.getUTCFullYear() !== Number(y) || t.getUTCMonth() !== Number(m) - 1 || t.getUTCDate() !== Number(d)) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

/** `CIK|Company Name|Form Type|Date Filed|File Name`; a name containing `|` yields more than 5 fields. */
function masterRow(line: string): RawRow | null {
  const f = line.split('|');
  if (f.length < 5) return null;
  const n = f.length;
  return {
    cik: f[0]!.trim(),
    name: f.slice(1, n - 3).join('|'),
    form: f[n - 3]!,
    date: f[n - 2]!.trim(),
    file: f[n - 1]!.trim(),
  };
}

/**
 * Fixed-width rows, read from the right (file name, date, CIK are single tokens) because a long company name
 * overflows its column and shifts the rest. Columns are always separated by at least two spaces and form
 * types never contain two spaces in a row, so that run splits form from name: the first run in form.idx
 * (names can hold double spaces), the last one in company.idx.
 */
function fixedWidthRow(line: string, kind: 'form' | 'company'): RawRow | null {
  const end3 = line.trimEnd();
  const i3 = end3.lastIndexOf(' ');
  if (i3 < 0) return null;
  const end2 = end3.slice(0, i3).trimEnd();
  const i2 = end2.lastIndexOf(' ');
  if (i2 < 0) return null;
  const end1 = end2.slice(0, i2).trimEnd();
  const i1 = end1.lastIndexOf(' ');
  if (i1 < 0) return null;
  const left = end1.slice(0, i1).trimEnd();
  let form: string;
  let name: string;
  if (kind === 'form') {
    const m = /\s{2,}/.exec(left);
    form = m ? left.slice(0, m.index) : left;
    name = m ? left.slice(m.index + m[0].length) : '';
  } else {
    const at = left.lastIndexOf('  ');
    name = at < 0 ? '' : left.slice(0, at);
    form = at < 0 ? left : left.slice(at);
  }
  return { cik: end1.slice(i1 + 1), name, form, date: end2.slice(i2 + 1), file: end3.slice(i3 + 1) };
}

function sourceOf(ctx: ParseContext, lines: string[]): 'daily-index' | 'full-index' {
  if (ctx.url.includes('/daily-index/')) return 'daily-index';
  if (ctx.url.includes('/full-index/')) return 'full-index';
  // A local file without its EDGAR path: the Description line says which series it belongs to.
  const description = lines.find((l) => l.startsWith('Description:')) ?? '';
  if (description.includes('Daily Index')) return 'daily-index';
  if (description.includes('Master Index')) return 'full-index';
  throw new ParseError(
    'index file: neither the URL nor the Description line says daily or full index',
    ctx.url,
  );
}

/** Finds the column header (one or two lines before the dashes) and checks it is the expected kind. */
function headerEnd(lines: string[], kind: IndexKind, ctx: ParseContext): number {
  const dashes = lines.findIndex((l) => DASHES.test(l));
  if (dashes < 1) throw new ParseError('index file: no column header / dashes line', ctx.url);
  const header = `${lines[dashes - 2] ?? ''} ${lines[dashes - 1]}`.replace(/\s+/g, ' ');
  const expected = {
    master: /CIK\|Company Name\|Form Type\|Date Filed\|File ?name$/i,
    form: /(^| )Form Type Company Name CIK Date Filed File Name$/,
    // company.idx wraps `Date Filed  File Name` onto a second header line.
    company: /Company Name Form Type CIK Date Filed File Name$/,
  }[kind];
  if (!expected.test(header.trim())) {
    throw new ParseError(`index file: header is not a ${kind}.idx header: "${header.trim()}"`, ctx.url);
  }
  return dashes + 1;
}

/** Parses a daily or quarterly EDGAR index file into filings rows (reportDate is not in the index). */
export function parseIndexFile(text: string, ctx: ParseContext, kind: IndexKind): ParseResult<FilingInsert> {
  const lines = text.split(/\r\n|\r|\n/);
  const source = sourceOf(ctx, lines);
  const first = headerEnd(lines, kind, ctx);
  const fetchedAt = new Date(ctx.fetchedAt);
  if (Number.isNaN(fetchedAt.getTime()))
    throw new Error(`ParseContext.fetchedAt is not a date: ${ctx.fetchedAt}`);
  let last = lines.length - 1;
  while (last >= first && lines[last]!.trim() === '') last--;
  const endsWithNewline = /[\r\n]$/.test(text);

  const rows: FilingInsert[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, string>();
  let repeated = 0;
  for (let i = first; i <= last; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const raw = kind === 'master' ? masterRow(line) : fixedWidthRow(line, kind);
    const fileMatch = raw ? FILE_NAME.exec(raw.file) : null;
    const filingDate = raw ? isoDate(raw.date) : null;
    const form = raw?.form.trim() ?? '';
    if (!raw || !fileMatch || !filingDate || !/^\d{1,10}$/.test(raw.cik) || form === '') {
      const truncated =
        i === last && !endsWithNewline ? ' (last line of a file without a final newline: truncated?)' : '';
      warnings.push(
        `line ${i + 1}: unparseable row skipped${truncated}: ${JSON.stringify(line.slice(0, 160))}`,
      );
      continue;
    }
    const cik = Number(raw.cik);
    const accessionNumber = fileMatch[2]!;
    if (Number(fileMatch[1]) !== cik) {
      warnings.push(
        `line ${i + 1}: CIK ${cik} but file name under ${fileMatch[1]}; row kept with CIK ${cik}`,
      );
    }
    const key = `${accessionNumber}|${cik}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      // The daily indexes repeat some rows verbatim (fund 485 filings); one row per (accession, CIK) is
      // the table's key, so those collapse with one summary line. A repeat under another form is news.
      if (earlier === form) repeated++;
      else
        warnings.push(
          `line ${i + 1}: ${accessionNumber} for CIK ${cik} listed again as ${form} (first as ${earlier}); kept the first`,
        );
      continue;
    }
    seen.set(key, form);
    const name = raw.name.trim();
    rows.push({
      accessionNumber,
      cik,
      filingType: canonicalFilingType(form) ?? form,
      form,
      companyName: name === '' ? null : name,
      reportDate: null,
      filingDate,
      acceptedAt: null,
      primaryDocument: null,
      items: null,
      url: filingFolderUrl(cik, accessionNumber),
      source,
      fetchedAt,
    });
  }
  if (repeated > 0) warnings.push(`${repeated} rows repeated an earlier row verbatim; collapsed`);
  return { rows, warnings };
}
