import type { Database } from '../../lib/db.ts';
import { companyByTicker } from '../platform/company-resolution.ts';

/**
 * Tickers -> every symbol each company has held (registry identifiers and listings) and its CIK, so a
 * filter or a by-ticker listing finds documents stored under a former symbol. A ticker the registry does
 * not know is kept as given (transcripts of a company outside the registry still match).
 */
export async function expandTickers(
  database: Database,
  tickers: string[],
): Promise<{ tickers: string[]; ciks: number[] }> {
  const out = new Set(tickers.map((t) => t.toUpperCase()));
  const ciks = new Set<number>();
  for (const t of tickers) {
    const c = await companyByTicker(database, t);
    if (!c) continue;
    if (c.cik) ciks.add(Number(c.cik));
    const rows = await database.query<{ s: string }>(
      `select id_value as s from company_identifiers where company_id = $1 and id_type = 'TICKER'
       union select symbol from company_listings where company_id = $1`,
      [c.companyId],
    );
    for (const r of rows) out.add(r.s.toUpperCase());
    if (c.primaryTicker) out.add(c.primaryTicker.toUpperCase());
  }
  return { tickers: [...out], ciks: [...ciks] };
}
