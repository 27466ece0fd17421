import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { type FilingInsert, filings } from '../schema/filings.ts';
import { copyUpsertRows } from './copy-upsert.ts';

/**
 * Filing index rows. Submissions JSON is the richer source (report date, primary document, acceptance
 * time) and updates; the daily/quarterly index files only add filings not known yet. A large batch is
 * COPYed into a staging table and upserted in one statement (loaders/copy-upsert.ts).
 */
export async function loadFilings(
  tx: Tx,
  rows: FilingInsert[],
  source: 'submissions' | 'index',
): Promise<LoadResult> {
  return copyUpsertRows(
    tx,
    filings,
    rows,
    [filings.accessionNumber, filings.cik],
    source === 'index' ? [] : undefined,
  );
}
