import { and, eq, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import {
  type ConsensusEstimateInsert,
  type ConsensusHistoryInsert,
  consensusEstimates,
  consensusHistory,
  type EarningsCalendarInsert,
  earningsCalendar,
} from '../schema/consensus.ts';
import { companyForSymbol } from './market-data.ts';
import { upsertRows } from './upsert.ts';

export interface ConsensusRows {
  symbol: string;
  provider: string;
  asOf: string;
  estimates: Omit<ConsensusEstimateInsert, 'companyId'>[] | null;
  history: Omit<ConsensusHistoryInsert, 'companyId'>[] | null;
  /** undefined: the module was not read (keep the stored row); null: the provider has no next date. */
  calendar: Omit<EarningsCalendarInsert, 'companyId'> | null | undefined;
}

const add = (a: LoadResult, b: LoadResult) => {
  a.inserted += b.inserted;
  a.updated += b.updated;
};

/**
 * One symbol's consensus snapshot. The day's estimates replace that day's snapshot (earlier days stay: the
 * revision history); history rows upsert on their quarter; the next-date row replaces the stored one (and a
 * provider that no longer gives a date removes it). Modules the fetch did not get (null) leave what is stored.
 */
export async function loadConsensus(tx: Tx, rows: ConsensusRows): Promise<LoadResult> {
  const companyId = await companyForSymbol(tx, rows.symbol);
  const r: LoadResult = { inserted: 0, updated: 0 };
  if (rows.estimates) {
    await tx
      .delete(consensusEstimates)
      .where(
        and(
          eq(consensusEstimates.symbol, rows.symbol),
          eq(consensusEstimates.provider, rows.provider),
          eq(consensusEstimates.asOf, rows.asOf),
        ),
      );
    add(
      r,
      await upsertRows(
        tx,
        consensusEstimates,
        rows.estimates.map((e) => ({ ...e, companyId })),
        [
          consensusEstimates.symbol,
          consensusEstimates.provider,
          consensusEstimates.asOf,
          consensusEstimates.periodCode,
          consensusEstimates.metric,
        ],
      ),
    );
  }
  if (rows.history)
    add(
      r,
      await upsertRows(
        tx,
        consensusHistory,
        rows.history.map((h) => ({ ...h, companyId })),
        [consensusHistory.symbol, consensusHistory.provider, consensusHistory.periodEnd],
      ),
    );
  if (rows.calendar !== undefined) {
    await tx.execute(
      sql`delete from earnings_calendar where symbol = ${rows.symbol} and provider = ${rows.provider}`,
    );
    if (rows.calendar)
      add(
        r,
        await upsertRows(
          tx,
          earningsCalendar,
          [{ ...rows.calendar, companyId }],
          [earningsCalendar.symbol, earningsCalendar.provider],
        ),
      );
  }
  return r;
}
