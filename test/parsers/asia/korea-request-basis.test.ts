/**
 * A real fnlttSinglAcntAll answer whose request was recorded: 카카오 (00258801) FY2020 사업보고서, asked with
 * fs_div=CFS (fixtures/korea/MANIFEST.tsv: a notebook's printed output, 25 BS rows). Expected values are the
 * hand-read labels of fixtures/korea/LABELS-request-basis.tsv, committed before the parser ran on the file.
 * The basis comes from the request URL; without it the rows are refused; and rows that name another company,
 * year or report than the request asked answer another request, so that request's basis cannot be theirs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DartBasisError, parseDartFinancials } from '../../../parsers/korea/financials.ts';

const dir = new URL('../../../fixtures/korea/', import.meta.url);
const labels = readFileSync(new URL('LABELS-request-basis.tsv', dir), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, url, sjDiv, ord, accountId, accountNm, key, period, value, field] = line.split('\t');
    return { file, url, sjDiv, ord, accountId, accountNm, key, period, value, field } as Record<
      string,
      string
    >;
  });
const { file, url } = labels[0]!;
const bytes = readFileSync(new URL(file!, dir));
const ctx = (u: string) => ({ url: u, fetchedAt: '2026-12-01T00:00:00Z' });
const parsed = parseDartFinancials(bytes, ctx(url!));
const rowsOf = parsed.rows as unknown as Record<string, unknown>[];
const figures = labels.filter((l) => l.sjDiv !== '*');
const whole = labels.filter((l) => l.sjDiv === '*');

describe('OpenDART statements read with their recorded request (Kakao FY2020, fs_div=CFS)', () => {
  it('has the labels it is measured on', () => expect([figures.length, whole.length]).toEqual([18, 8]));

  it.each(figures.map((l) => [`${l.sjDiv} ${l.ord} ${l.accountNm} ${l.key}`, l] as const))('%s', (_n, l) => {
    const rows = rowsOf.filter(
      (r) =>
        r.sjDiv === l.sjDiv &&
        String(r.ord) === l.ord &&
        r.accountId === l.accountId &&
        r.accountNm === l.accountNm,
    );
    expect(rows).toHaveLength(1);
    const v = rows[0]![l.field!];
    expect(v === null ? 'null' : v).toBe(l.value);
  });

  it.each(whole.map((l) => [`${l.field} (${l.period})`, l] as const))('%s', (_n, l) => {
    const lines = parsed.rows.map((r) => r.lineNo);
    const got =
      l.field === '(row count)'
        ? String(parsed.rows.length)
        : l.field === 'lineNo'
          ? `${Math.min(...lines)}-${Math.max(...lines)}`
          : [...new Set(rowsOf.map((r) => String(r[l.field!])))].join();
    expect(got).toBe(l.value);
  });

  it('refuses the rows without a request (no basis is guessed)', () => {
    expect(() => parseDartFinancials(bytes, ctx(`fixtures/korea/${file}`))).toThrow(DartBasisError);
  });

  it.each([
    ['another year', url!.replace('bsns_year=2020', 'bsns_year=2019')],
    ['another company', url!.replace('corp_code=00258801', 'corp_code=00126380')],
    ['another report', url!.replace('reprt_code=11011', 'reprt_code=11014')],
  ])('refuses rows that answer another request than the recorded one (%s)', (_n, asked) => {
    expect(() => parseDartFinancials(bytes, ctx(asked))).toThrow(/the rows answer another request/);
  });
});

describe('OpenDART statements read with their recorded requests (삼성제약 FY2015, FY2018, 2016 Q3; fs_div=CFS)', () => {
  const set2 = readFileSync(new URL('LABELS-request-basis-2.tsv', dir), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [file, url, sjDiv, ord, accountId, accountNm, accountDetail, key, period, value, field] =
        line.split('\t');
      return {
        file,
        url,
        sjDiv,
        ord,
        accountId,
        accountNm,
        accountDetail,
        key,
        period,
        value,
        field,
      } as Record<string, string>;
    });
  const read = new Map(
    [...new Set(set2.map((l) => l.file!))].map((f) => {
      const u = set2.find((l) => l.file === f)!.url!;
      return [f, parseDartFinancials(readFileSync(new URL(f, dir)), ctx(u))] as const;
    }),
  );

  it('has the labels it is measured on', () => expect([set2.length, read.size]).toEqual([37, 3]));

  it.each(
    set2.map(
      (l) => [`${l.file!.slice(18, 40)} ${l.sjDiv} ${l.ord} ${l.accountDetail} ${l.field}`, l] as const,
    ),
  )('%s', (_n, l) => {
    const rows = read.get(l.file!)!.rows as unknown as Record<string, unknown>[];
    const got =
      l.sjDiv === '*'
        ? l.field === '(row count)'
          ? String(rows.length)
          : [...new Set(rows.map((r) => String(r[l.field!])))].join()
        : (() => {
            const hit = rows.filter(
              (r) =>
                r.sjDiv === l.sjDiv &&
                String(r.ord) === l.ord &&
                r.accountId === l.accountId &&
                r.accountNm === l.accountNm &&
                (r.accountDetail ?? '-') === l.accountDetail,
            );
            return hit.length === 1 ? String(hit[0]![l.field!] ?? 'null') : `${hit.length} rows`;
          })();
    expect(got).toBe(l.value);
  });

  it('refuses the third-quarter rows read as the answer to a half-year request', () => {
    const q3 = set2.find((l) => l.file!.includes('_11014_'))!;
    expect(() =>
      parseDartFinancials(readFileSync(new URL(q3.file!, dir)), ctx(q3.url!.replace('11014', '11012'))),
    ).toThrow(/the rows answer another request: a row says reprt_code=11014/);
  });
});

describe('a statement answer that states no currency', () => {
  it('is read as KRW and says so (Kakao FY2020: no row carries a currency key)', () => {
    expect(parsed.warnings).toEqual([
      "25 of 25 rows state no currency (an answer from before OpenDART's currency key): read as KRW",
    ]);
  });
  it('an answer whose rows state it gives no such warning', () => {
    const f = set2Files()[0]!;
    expect(parseDartFinancials(readFileSync(new URL(f.file, dir)), ctx(f.url)).warnings).toEqual([]);
  });
});

function set2Files(): { file: string; url: string }[] {
  return readFileSync(new URL('LABELS-request-basis-2.tsv', dir), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([file, url]) => ({ file: file!, url: url! }));
}
