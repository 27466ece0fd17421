import { and, eq, gt, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { IssuerHoldingRow, IssuerHoldingsFile } from '../parsers/etf/issuer-holdings.ts';
import {
  type EtfIssuerHoldingInsert,
  etfIssuerHoldingFiles,
  etfIssuerHoldings,
} from '../schema/etf-holdings.ts';
import { cusipOfIsin, execRows } from './funds.ts';
import { upsertRows } from './upsert.ts';

/** One issuer file as the job hands it over: the parse plus the fund it belongs to and its provenance. */
export interface EtfIssuerHoldingsDoc {
  fundTicker: string;
  file: IssuerHoldingsFile;
  sourceUrl: string;
  sha256: string | null;
  fetchedAt: Date;
}

interface Link {
  companyId: string;
  source: 'cusip' | 'isin' | 'isin_cusip' | 'ticker';
  value: string;
}

/** The registry's spelling of a share-class ticker: `BRK.B` and `BRK/B` are `BRK-B` there. */
const registryTicker = (t: string) => t.toUpperCase().replace(/[./ ]/g, '-');

/**
 * Registry links, first rule that resolves to exactly one company: the CUSIP, the ISIN, the CUSIP inside a
 * US/CA ISIN, then for equity rows the ticker in the registry's spelling. A private-use CUSIP (issuer code
 * 99x, an issuer's own number for cash) and non-equity tickers (`USD`, `ESM3`) are never looked up.
 * iShares' issuer-style class tickers (`BRKB`) do not match the registry's `BRK-B` and stay unlinked.
 */
async function resolveLinks(tx: Tx, rows: IssuerHoldingRow[]): Promise<Map<number, Link>> {
  const cusips = new Set<string>();
  const isins = new Set<string>();
  const tickers = new Set<string>();
  const cusipOf = (r: IssuerHoldingRow) => (r.cusip && !/^99/.test(r.cusip) ? r.cusip : null);
  for (const r of rows) {
    const c = cusipOf(r);
    if (c) cusips.add(c);
    const ic = cusipOfIsin(r.isin);
    if (ic) cusips.add(ic);
    if (r.isin) isins.add(r.isin);
    if (r.ticker && r.kind === 'equity') tickers.add(registryTicker(r.ticker));
  }
  const out = new Map<number, Link>();
  if (cusips.size + isins.size + tickers.size === 0) return out;
  const hits = execRows<{ kind: string; value: string; company_id: string }>(
    await tx.execute(sql`
      select i.id_type as kind, i.id_value as value, min(i.company_id) as company_id
        from company_identifiers i
       where (i.id_type = 'CUSIP' and i.id_value = any(${sql.param([...cusips])}::text[]))
          or (i.id_type = 'ISIN' and i.id_value = any(${sql.param([...isins])}::text[]))
          or (i.id_type = 'TICKER' and i.id_value = any(${sql.param([...tickers])}::text[]))
       group by i.id_type, i.id_value
      having count(distinct i.company_id) = 1`),
  );
  const by = new Map(hits.map((h) => [`${h.kind}:${h.value}`, h.company_id]));
  for (const r of rows) {
    const cusip = cusipOf(r);
    const isinCusip = cusipOfIsin(r.isin);
    const ticker = r.ticker && r.kind === 'equity' ? registryTicker(r.ticker) : null;
    const tries: [string | undefined, Link['source'], string | null][] = [
      [cusip ? by.get(`CUSIP:${cusip}`) : undefined, 'cusip', cusip],
      [r.isin ? by.get(`ISIN:${r.isin}`) : undefined, 'isin', r.isin],
      [isinCusip ? by.get(`CUSIP:${isinCusip}`) : undefined, 'isin_cusip', r.isin],
      [ticker ? by.get(`TICKER:${ticker}`) : undefined, 'ticker', ticker],
    ];
    const hit = tries.find(([id]) => id !== undefined);
    if (hit) out.set(r.ordinal, { companyId: hit[0]!, source: hit[1], value: hit[2]! });
  }
  return out;
}

/**
 * Loads one issuer file: its file row and every line of its table under (fund ticker, as-of date, ordinal),
 * upserted so that only changed rows are written (a re-load of the same file changes nothing; `fetched_at` is
 * provenance), and lines past the file's last one deleted (a republished file with fewer lines).
 */
export async function loadEtfIssuerHoldings(tx: Tx, doc: EtfIssuerHoldingsDoc): Promise<LoadResult> {
  const { file, fundTicker } = doc;
  const links = await resolveLinks(tx, file.rows);
  const rows: EtfIssuerHoldingInsert[] = file.rows.map((r) => {
    const link = links.get(r.ordinal);
    return {
      fundTicker,
      asOf: file.asOf,
      ordinal: r.ordinal,
      issuer: file.issuer,
      ticker: r.ticker,
      cusip: r.cusip,
      isin: r.isin,
      sedol: r.sedol,
      name: r.name,
      sector: r.sector,
      assetClass: r.assetClass,
      kind: r.kind,
      weightPct: r.weightPct,
      shares: r.shares,
      price: r.price,
      marketValue: r.marketValue,
      notional: r.notional,
      currency: r.currency,
      fxRate: r.fxRate,
      exchange: r.exchange,
      location: r.location,
      accrualDate: r.accrualDate,
      companyId: link?.companyId ?? null,
      linkSource: link?.source ?? null,
      linkValue: link?.value ?? null,
    };
  });
  const fileResult = await upsertRows(
    tx,
    etfIssuerHoldingFiles,
    [
      {
        fundTicker,
        asOf: file.asOf,
        issuer: file.issuer,
        format: file.format,
        fundName: file.fundName,
        rows: rows.length,
        warnings: file.warnings,
        sourceUrl: doc.sourceUrl,
        sha256: doc.sha256,
        fetchedAt: doc.fetchedAt,
      },
    ],
    [etfIssuerHoldingFiles.fundTicker, etfIssuerHoldingFiles.asOf],
  );
  const h = etfIssuerHoldings;
  const result = await upsertRows(tx, h, rows, [h.fundTicker, h.asOf, h.ordinal]);
  await tx
    .delete(h)
    .where(and(eq(h.fundTicker, fundTicker), eq(h.asOf, file.asOf), gt(h.ordinal, rows.length)));
  return { inserted: result.inserted + fileResult.inserted, updated: result.updated + fileResult.updated };
}
