import type { Database } from '../../lib/db.ts';
import type { SearchFilters } from './search.ts';

export interface PeriodChoice {
  year?: number;
  quarter?: number;
  mismatch: { requested: string; served: string; message: string } | null;
}

const label = (y?: number, q?: number) => [y, q ? `Q${q}` : undefined].filter(Boolean).join(' ');

/**
 * Spec 4.4 period semantics: when no document of the (ticker- and type-filtered) set has the requested
 * year/quarter, the nearest earlier period that has one is served and reported in `periodMismatch`.
 * Periods order as year*4 + quarter; a year alone falls back to the latest earlier year; a quarter alone
 * to the latest period that has documents. With no earlier period nothing is served
 * (empty result, no mismatch).
 */
export async function choosePeriod(
  database: Database,
  f: Omit<SearchFilters, 'year' | 'quarter'>,
  year: number | undefined,
  quarter: number | undefined,
): Promise<PeriodChoice | null> {
  if (year === undefined && quarter === undefined) return { mismatch: null };
  const params: unknown[] = [];
  const where: string[] = ['d.year is not null'];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.tickers?.length || f.ciks?.length)
    where.push(
      `(d.ticker = any(${p(f.tickers ?? [])}::text[]) or d.cik = any(${p(f.ciks ?? [])}::bigint[]))`,
    );
  if (f.sourceTypes?.length) {
    const t = p(f.sourceTypes);
    where.push(`(d.document_type = any(${t}::text[]) or d.filing_type = any(${t}::text[]))`);
  }
  const periods = await database.query<{ year: number; quarter: number | null }>(
    `select distinct d.year, d.quarter from retrieval_documents d where ${where.join(' and ')}`,
    params,
  );
  const exact = periods.some(
    (r) => (year === undefined || r.year === year) && (quarter === undefined || r.quarter === quarter),
  );
  if (exact) return { year, quarter, mismatch: null };
  const key = (y: number, q: number | null) => y * 4 + (q ?? 4);
  const before = (r: { year: number; quarter: number | null }) =>
    year === undefined
      ? true
      : quarter === undefined
        ? r.year < year
        : key(r.year, r.quarter) < key(year, quarter);
  const earlier = periods.filter(before).sort((a, b) => key(b.year, b.quarter) - key(a.year, a.quarter))[0];
  if (!earlier) return null;
  const served =
    quarter !== undefined
      ? { year: earlier.year, quarter: earlier.quarter ?? undefined }
      : { year: earlier.year };
  const requested = label(year, quarter);
  const servedLabel = label(served.year, served.quarter);
  return {
    ...served,
    mismatch: {
      requested,
      served: servedLabel,
      message: `No documents for ${requested}; served the nearest earlier period with documents, ${servedLabel}.`,
    },
  };
}
