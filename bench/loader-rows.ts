/**
 * Row generators shared by the loader bench (loader.bench.ts) and the planner-statistics bench
 * (analyze.bench.ts): scale-ups of real captured files, identifiers rewritten, shapes and values kept.
 */
import { readFileSync } from 'node:fs';
import { parseIndexFile } from '../parsers/edgar/index-files.ts';
import { parseThirteenFFiling } from '../parsers/edgar/thirteen-f-holdings.ts';
import type { FilingInsert } from '../schema/filings.ts';
import type { thirteenFHoldings } from '../schema/ownership.ts';

export type ThirteenFHoldingInsert = typeof thirteenFHoldings.$inferInsert;

/** Filing index rows of three EDGAR daily index files, repeated under distinct accessions (up to 100 copies). */
export function filingRows(n: number): FilingInsert[] {
  const dir = 'fixtures/upstream/www.sec.gov/Archives/edgar/daily-index';
  const files: [string, 'master' | 'form' | 'company'][] = [
    [`${dir}/2020/QTR1/master.20200103.idx`, 'master'],
    [`${dir}/2020/QTR1/form.20200318.idx`, 'form'],
    [`${dir}/2022/QTR4/company.20221003.idx`, 'company'],
  ];
  const fetchedAt = '2026-01-01T00:00:00.000Z';
  const real = files.flatMap(
    ([f, kind]) => parseIndexFile(readFileSync(f, 'latin1'), { url: f, fetchedAt }, kind).rows,
  );
  const out = new Map<string, FilingInsert>();
  for (let copy = 0; out.size < n && copy < 100; copy++) {
    for (const r of real) {
      if (out.size >= n) break;
      // A distinct accession per copy (the copy number in the sequence part): same shapes and values otherwise.
      const acc =
        copy === 0
          ? r.accessionNumber
          : `${r.accessionNumber.slice(0, 13)}${String(copy).padStart(2, '0')}${r.accessionNumber.slice(15)}`;
      out.set(`${acc}|${r.cik}`, { ...r, accessionNumber: acc });
    }
  }
  return [...out.values()];
}

/** The rows of a real 13F information table repeated under distinct accession numbers, one filer per copy. */
export function thirteenFRows(n: number): ThirteenFHoldingInsert[] {
  const file = 'fixtures/ownership/UNKNOWN-FILER_13F-HR_infotable_default-ns.xml';
  const parsed = parseThirteenFFiling(readFileSync(file, 'utf8'), { document: file });
  const real = parsed.institutional_holdings;
  const out: ThirteenFHoldingInsert[] = [];
  for (let f = 0; out.length < n; f++) {
    // one filer's quarterly filing per copy: a distinct accession number, filer and period
    const accessionNumber = `0000950123-25-${String(f).padStart(6, '0')}`;
    const seen = new Set<string>();
    for (const h of real) {
      const key = `${h.cusip}|${h.title_of_class ?? ''}`;
      if (out.length >= n || seen.has(key)) continue;
      seen.add(key);
      out.push({
        accessionNumber,
        cusip: h.cusip,
        titleOfClass: h.title_of_class ?? '',
        nameOfIssuer: h.name_of_issuer,
        filerCik: 1_000_000 + f,
        filerName: `FILER ${f}`,
        reportPeriod: '2024-12-31',
        filingDate: '2025-02-14',
        formType: h.form_type,
        shares: h.shares,
        valueUsd: h.value_usd,
        reportedPrice: h.reported_price,
      });
    }
  }
  return out;
}
