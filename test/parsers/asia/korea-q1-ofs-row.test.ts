/**
 * Held-out OpenDART statement row (issue 28: whose accounts): Samsung's 2022 first-quarter (11013) balance-sheet
 * line 유동부채, a real row whose request was not kept, labelled by hand before any parser run
 * (`fixtures/korea/LABELS-q1-ofs-row.tsv`). The row never states its basis; the labels say it is refused
 * without one (also with a request that names no fs_div, or another report), and read as OFS (the document's
 * evidence: its prior year-end equals the FY2021 separate statement's 유동부채) its values are the filed ones.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DartBasisError, parseDartFinancials } from '../../../parsers/korea/financials.ts';

const kr = (f: string) => readFileSync(new URL(`../../../fixtures/korea/${f}`, import.meta.url));
const fetchedAt = '2026-12-02T00:00:00Z';

interface Label {
  file: string;
  request: string;
  row: string;
  field: string;
  expected: string;
}
const labels: Label[] = kr('LABELS-q1-ofs-row.tsv')
  .toString('utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => {
    const [file, request, row, field, expected] = l.split('\t');
    return { file: file!, request: request!, row: row!, field: field!, expected: expected! };
  });

/** The parser's answer for a label's file, read as `etl parse dart-financials` would (`--kind`, `--url`, neither). */
function read(l: Label): { rows: Record<string, unknown>[]; refused?: string } {
  const url = l.request.startsWith('https://') ? l.request : `fixtures/korea/${l.file}`;
  const kind = l.request.startsWith('--kind ') ? { fsDiv: l.request.slice(7) as 'OFS' } : undefined;
  try {
    const out = parseDartFinancials(kr(l.file), { url, fetchedAt }, kind);
    return { rows: out.rows as unknown as Record<string, unknown>[] };
  } catch (e) {
    if (e instanceof DartBasisError) return { rows: [], refused: 'DartBasisError' };
    throw e;
  }
}

function actual(l: Label): string {
  const r = read(l);
  if (l.field.startsWith('(as etl parse'))
    return r.refused ? `refused: ${r.refused}` : `${r.rows.length} rows`;
  if (l.field === '(row count)') return String(r.rows.length);
  const row = r.rows[Number(l.row) - 1];
  if (!row) return '(no such row)';
  const v = row[l.field];
  return v === null || v === undefined ? 'null' : String(v);
}

describe('held-out OpenDART Q1 statement row without its request (LABELS-q1-ofs-row.tsv)', () => {
  it('has the labels', () => expect(labels.length).toBe(20));
  it.each(labels.map((l) => [`${l.request} row ${l.row} ${l.field}`, l] as const))('%s', (_n, l) => {
    expect(actual(l)).toBe(l.expected);
  });
});
