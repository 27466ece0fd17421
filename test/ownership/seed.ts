import { readFileSync } from 'node:fs';
import type { Database } from '../../lib/db.ts';
import { loadRegistry } from '../../loaders/companies.ts';
import { parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { registryFromTickers } from '../../parsers/edgar/registry.ts';

/** Issuers and filers of the ownership fixtures, plus the megacaps the 13F fixtures hold. */
export const OWNERSHIP_CIKS = [
  '0000320193', // Apple
  '0000789019', // Microsoft
  '0001018724', // Amazon
  '0001652044', // Alphabet
  '0000001750', // AAR (AIR)
  '0001835856', // Better Home & Finance (BETR)
  '0001617553', // ZipRecruiter (ZIP)
  '0000016040', // Cabot (CBT)
  '0000893739', // 180 Degree Capital (TURN)
  '0001099219', // MetLife (MET)
];

/** The registry rows of those CIKs, from SEC's captured company_tickers_exchange.json (real parser and loader). */
export async function seedOwnershipRegistry(database: Database): Promise<void> {
  const url = 'https://www.sec.gov/files/company_tickers_exchange.json';
  const file = new URL(
    '../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json',
    import.meta.url,
  );
  const parsed = parseCompanyTickersExchange(readFileSync(file, 'utf8'), {
    url,
    fetchedAt: '2026-01-30T06:00:00Z',
  });
  const want = new Set(OWNERSHIP_CIKS);
  const entries = parsed.rows.filter((r) => want.has(r.cik));
  const rows = registryFromTickers(entries, '2026-01-30', url, new Date('2026-01-30T06:00:00Z'));
  await database.db.transaction((tx) => loadRegistry(tx, rows, 'tickers'));
}
