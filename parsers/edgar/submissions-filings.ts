import { ParseError } from '../../lib/errors.ts';
import { dashAccession, filingFolderUrl } from '../../lib/ids.ts';
import type { FilingInsert } from '../../schema/filings.ts';
import type { ParseContext } from '../types.ts';
import { easternToUtc } from './eastern-time.ts';
import { canonicalFilingType } from './form-types.ts';

/** The column-oriented filing table of `filings.recent` and of the `-submissions-NNN.json` pages. */
export interface FilingColumns {
  accessionNumber?: unknown;
  filingDate?: unknown;
  reportDate?: unknown;
  acceptanceDateTime?: unknown;
  form?: unknown;
  items?: unknown;
  primaryDocument?: unknown;
  [column: string]: unknown;
}

interface RowContext {
  ctx: ParseContext;
  cik: number;
  companyName: string | null;
  /** Names the table in warnings (`filings.recent`, `page`). */
  where: string;
  warnings: string[];
}

const ACCEPTANCE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Which clock `acceptanceDateTime` is on. It always ends in `Z`, but snapshots differ: most give EDGAR's
 * Eastern wall-clock time with a false `Z` (Apple's 10-Q accepted `2023-08-03T18:04:43Z` got filing date
 * 08-04, which only the 17:30 Eastern cut-off explains; date-only records read `T00:00:00Z`), while some newer
 * ones are true UTC (Buffett: Forms 4 at `01:00Z` filed the evening before, date-only records at `T04:00:00Z`
 * in summer and `T05:00:00Z` in winter). EDGAR is open 06:00-22:00 Eastern, i.e. 10:00-03:00 UTC, so the hours
 * tell them apart: 03-09 only occur on the Eastern clock, 23-02 only in UTC. With no evidence either way
 * (a handful of midday rows) the label is trusted, which is off by at most the 4-5 h offset.
 */
export function acceptanceClock(values: readonly unknown[]): { clock: 'utc' | 'eastern'; mixed: boolean } {
  let eastern = 0;
  let utc = 0;
  for (const v of values) {
    if (typeof v !== 'string' || v.length < 19) continue;
    const hms = v.slice(11, 19);
    const hour = Number(hms.slice(0, 2));
    if (hms === '04:00:00' || hms === '05:00:00') utc++;
    else if (hms === '00:00:00' || (hour >= 3 && hour <= 9)) eastern++;
    else if (hour >= 23 || hour <= 2) utc++;
  }
  return { clock: eastern > 0 && utc === 0 ? 'eastern' : 'utc', mixed: eastern > 0 && utc > 0 };
}

function column(cols: FilingColumns, name: string, length: number, rc: RowContext): unknown[] {
  const v = cols[name];
  if (v === undefined) {
    rc.warnings.push(`${rc.where}: no ${name} column; values set to null`);
    return [];
  }
  if (!Array.isArray(v)) throw new ParseError(`${rc.where}: column ${name} is not an array`, rc.ctx.url);
  if (v.length !== length) {
    rc.warnings.push(`${rc.where}: column ${name} has ${v.length} values for ${length} accessions`);
  }
  return v;
}

function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s === '' ? null : s;
}

/** Turns the column table into filings rows; rows without a valid accession, form or filing date are warned about and skipped. */
export function filingRowsFromColumns(cols: FilingColumns, rc: RowContext): FilingInsert[] {
  const accessions = cols.accessionNumber;
  if (!Array.isArray(accessions)) {
    throw new ParseError(`${rc.where}: no accessionNumber column`, rc.ctx.url);
  }
  const n = accessions.length;
  const filingDates = column(cols, 'filingDate', n, rc);
  const reportDates = column(cols, 'reportDate', n, rc);
  const acceptances = column(cols, 'acceptanceDateTime', n, rc);
  const forms = column(cols, 'form', n, rc);
  const items = column(cols, 'items', n, rc);
  const primaryDocs = column(cols, 'primaryDocument', n, rc);
  const fetchedAt = new Date(rc.ctx.fetchedAt);
  if (Number.isNaN(fetchedAt.getTime()))
    throw new Error(`ParseContext.fetchedAt is not a date: ${rc.ctx.fetchedAt}`);

  const { clock, mixed } = acceptanceClock(acceptances);
  if (mixed) {
    rc.warnings.push(`${rc.where}: acceptanceDateTime mixes Eastern and UTC clock readings; read as UTC`);
  }
  const rows: FilingInsert[] = [];
  for (let i = 0; i < n; i++) {
    const accession = typeof accessions[i] === 'string' ? dashAccession(accessions[i] as string) : null;
    const form = text(forms[i]);
    const filingDate = text(filingDates[i]);
    if (!accession || !form || !filingDate || !DAY.test(filingDate)) {
      rc.warnings.push(
        `${rc.where}[${i}]: skipped, accession ${JSON.stringify(accessions[i])} form ${JSON.stringify(forms[i])} filingDate ${JSON.stringify(filingDates[i])}`,
      );
      continue;
    }
    const reportDate = text(reportDates[i]);
    if (reportDate && !DAY.test(reportDate))
      rc.warnings.push(`${rc.where}[${i}]: bad reportDate ${reportDate}`);
    const accepted = text(acceptances[i]);
    const m = accepted ? ACCEPTANCE.exec(accepted) : null;
    if (accepted && !m) rc.warnings.push(`${rc.where}[${i}]: bad acceptanceDateTime ${accepted}`);
    let acceptedAt: Date | null = null;
    if (m) {
      const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
      const ms = Number((m[7] ?? '0').padEnd(3, '0'));
      acceptedAt =
        clock === 'eastern'
          ? easternToUtc(y!, mo! - 1, d!, h!, mi!, s!, ms)
          : new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms));
    }
    rows.push({
      accessionNumber: accession,
      cik: rc.cik,
      filingType: canonicalFilingType(form) ?? form,
      form,
      companyName: rc.companyName,
      reportDate: reportDate && DAY.test(reportDate) ? reportDate : null,
      filingDate,
      acceptedAt,
      primaryDocument: text(primaryDocs[i]),
      items: text(items[i]),
      url: filingFolderUrl(rc.cik, accession),
      source: 'submissions',
      fetchedAt,
    });
  }
  return rows;
}
