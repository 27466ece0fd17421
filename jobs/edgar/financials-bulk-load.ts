import { recordPartition } from '../../loaders/coverage.ts';
import { loadSharesOutstanding } from '../../loaders/market-caps.ts';
import { quarantine } from '../../schema/datasets.ts';
import { indexRawDocuments } from '../fetcher.ts';
import type { sharesOutstandingJob } from '../market/shares-outstanding.job.ts';
import type { PartitionReport } from '../pipeline.ts';
import type { Services } from '../services.ts';
import type { RawDocument } from '../types.ts';
import { financialsJob } from './financials.job.ts';

/**
 * One batch of the companyfacts.zip backfill (financials-bulk.ts) in one transaction: per company, what the
 * pipeline does for one partition (load, raw document index, coverage row), so a batch is all or nothing
 * and coverage never claims rows that were rolled back. A company whose entry did not parse is quarantined
 * and its partition recorded failed, without stopping the others. The same entry also holds the company's
 * `dei:EntityCommonStockSharesOutstanding` (dataset `shares_outstanding`, which the per-company path fetches
 * from the same companyfacts URL): they are loaded first, so the market caps exist when the financials'
 * load switches the valuation metrics on (loaders/valuations.ts).
 */

/** What the index needs of a document; the bytes are in the raw archive already (not kept per batch). */
export type DocRef = Omit<RawDocument, 'bytes'> & { size: number };

export const docRef = ({ bytes, ...rest }: RawDocument): DocRef => ({ ...rest, size: bytes.length });

export type Parsed = { key: string; docs: DocRef[]; started: number } & (
  | {
      parsed: Awaited<ReturnType<typeof financialsJob.parse>>;
      shares: Awaited<ReturnType<typeof sharesOutstandingJob.parse>>;
      error?: undefined;
    }
  | { error: Error; parsed?: undefined; shares?: undefined }
);

export type BatchResult = PartitionReport | { partition: string; message: string };

export async function loadBatch(services: Services, batch: Parsed[]): Promise<BatchResult[]> {
  if (batch.length === 0) return [];
  const at = new Date();
  return services.database.db.transaction(async (tx) => {
    const out: BatchResult[] = [];
    for (const p of batch) {
      await indexRawDocuments(
        tx,
        'financials',
        p.key,
        p.docs.map((d, seq) => ({ ...d, seq })),
      );
      if (p.error) {
        const message = `parse error in financials/${p.key}: ${p.error.message}`;
        await tx.insert(quarantine).values({
          datasetId: 'financials',
          partitionKey: p.key,
          url: p.docs[0]!.url,
          sha256: p.docs[0]!.sha256,
          error: p.error.message,
        });
        await recordPartition(tx, {
          datasetId: 'financials',
          partitionKey: p.key,
          status: 'failed',
          error: message,
          at,
        });
        out.push({ partition: p.key, message });
        continue;
      }
      // companyfacts' counts only (no filing is read here): loadSharesOutstanding keeps the cover-page ones
      const shares = await loadSharesOutstanding(tx, p.shares.rows.cik, p.shares.rows.rows);
      await recordPartition(tx, {
        datasetId: 'shares_outstanding',
        partitionKey: p.key,
        status: 'done',
        rows: p.shares.rows.rows.length,
        inserted: shares.inserted,
        sha256: p.docs[0]!.sha256,
        at,
      });
      const { rows, warnings } = p.parsed;
      const r = await financialsJob.load(tx, rows, p.key);
      await recordPartition(tx, {
        datasetId: 'financials',
        partitionKey: p.key,
        status: 'done',
        rows: rows.rows.length,
        inserted: r.inserted,
        sha256: p.docs[0]!.sha256,
        at,
      });
      out.push({
        dataset: 'financials',
        partition: p.key,
        status: 'done',
        documents: p.docs.length,
        rowsParsed: rows.rows.length,
        inserted: r.inserted,
        updated: r.updated,
        warnings: warnings.length + p.shares.warnings.length,
        ms: Math.round(performance.now() - p.started),
      });
    }
    return out;
  });
}
