/**
 * Held-out OpenDART files (issue 28's standard): real responses nobody tuned the parsers to, labelled by hand
 * before any parser run (`fixtures/korea/LABELS-sections.tsv`). Each label is one value as the route would
 * serve it, read from the file: row counts, section/kind, label, dates, request-derived year and report, the
 * filer's values as filed; for the statement row, the refusal without a basis and the amounts read as OFS.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DartBasisError, parseDartFinancials } from '../../../parsers/korea/financials.ts';
import { type DartSectionEndpoint, parseDartSection } from '../../../parsers/korea/sections.ts';

const kr = (f: string) => readFileSync(new URL(`../../../fixtures/korea/${f}`, import.meta.url));
const fetchedAt = '2026-11-30T00:00:00Z';

interface Label {
  file: string;
  request: string;
  row: string;
  field: string;
  expected: string;
}
const labels: Label[] = kr('LABELS-sections.tsv')
  .toString('utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => {
    const [file, request, row, field, expected] = l.split('\t');
    return {
      file: file!,
      request: request!,
      row: row!,
      field: field!,
      expected: expected!.replace(/\\n/g, '\n'),
    };
  });

/** The parser's answer for a label's file, read as the job would ask for it. */
function read(l: Label): { rows: Record<string, unknown>[]; refused?: string } {
  const endpoint = l.file.split('_')[0]!;
  if (endpoint === 'fnlttSinglAcntAll') {
    const url = `fixtures/korea/${l.file}`;
    if (l.request.startsWith('--kind ')) {
      const rows = parseDartFinancials(
        kr(l.file),
        { url, fetchedAt },
        { fsDiv: l.request.slice(7) as 'OFS' },
      ).rows;
      return { rows: rows as unknown as Record<string, unknown>[] };
    }
    try {
      return {
        rows: parseDartFinancials(kr(l.file), { url, fetchedAt }).rows as unknown as Record<
          string,
          unknown
        >[],
      };
    } catch (e) {
      if (e instanceof DartBasisError) return { rows: [], refused: 'DartBasisError' };
      throw e;
    }
  }
  const url = `https://opendart.fss.or.kr/api/${endpoint}.json?${l.request}`;
  const r = parseDartSection(kr(l.file), { url, fetchedAt }, { endpoint: endpoint as DartSectionEndpoint });
  return { rows: r.rows as unknown as Record<string, unknown>[] };
}

const CAMEL: Record<string, string> = {
  as_of_date: 'asOfDate',
  bsns_year: 'bsnsYear',
  reprt_code: 'reprtCode',
  rcept_no: 'rceptNo',
  is_subtotal: 'isSubtotal',
};

function actual(l: Label): unknown {
  const r = read(l);
  if (l.field.startsWith('(as etl parse'))
    return r.refused ? `refused: ${r.refused}` : `${r.rows.length} rows`;
  if (l.field === '(row count)') return String(r.rows.length);
  const row = r.rows[Number(l.row) - 1];
  if (!row) return '(no such row)';
  const v = l.field.startsWith('fields.')
    ? (row.fields as Record<string, unknown>)[l.field.slice(7)]
    : row[CAMEL[l.field] ?? l.field];
  return v === null || v === undefined ? 'null' : String(v);
}

describe('held-out OpenDART files (LABELS-sections.tsv)', () => {
  it('has the labels', () => expect(labels.length).toBe(65));
  it.each(labels.map((l) => [`${l.file} ${l.request} row ${l.row} ${l.field}`, l] as const))(
    '%s',
    (_n, l) => {
      expect(actual(l)).toBe(l.expected);
    },
  );
});
