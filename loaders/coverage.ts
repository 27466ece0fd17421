import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { DATASETS, type DatasetDecl } from '../lib/datasets.ts';
import type { Database, Tx } from '../lib/db.ts';
import { datasetPartitions, datasets } from '../schema/index.ts';

/** Mirrors the code registry into the `datasets` table; keeps operational state of existing rows. */
export async function syncDatasetRegistry(database: Database, decls: readonly DatasetDecl[] = DATASETS) {
  for (const d of decls) {
    await database.db
      .insert(datasets)
      .values({
        id: d.id,
        family: d.statusFamily ?? d.id,
        title: d.title,
        minPlan: d.minPlan,
        creditCost: d.creditCost,
        updateFrequency: d.updateFrequency,
        availableFrom: d.availableFrom,
        historyStatus: d.initialHistoryStatus,
      })
      .onConflictDoUpdate({
        target: datasets.id,
        set: {
          family: d.statusFamily ?? d.id,
          title: d.title,
          minPlan: d.minPlan,
          creditCost: d.creditCost,
          updateFrequency: d.updateFrequency,
          // a dataset with an earliestColumn keeps the earliest date the status sweep measured
          ...(d.earliestColumn ? {} : { availableFrom: d.availableFrom }),
        },
      });
  }
}

export interface PartitionOutcome {
  datasetId: string;
  partitionKey: string;
  status: 'done' | 'not_found' | 'failed';
  rows?: number;
  inserted?: number;
  sha256?: string | null;
  error?: string | null;
  at: Date;
}

/**
 * Records a partition's outcome and the dataset's coverage in the caller's transaction, so coverage never
 * claims rows that were rolled back.
 */
export async function recordPartition(tx: Tx, o: PartitionOutcome): Promise<void> {
  await tx
    .insert(datasetPartitions)
    .values({
      datasetId: o.datasetId,
      partitionKey: o.partitionKey,
      status: o.status,
      rows: o.rows ?? 0,
      sha256: o.sha256 ?? null,
      error: o.error ?? null,
      attempts: 1,
      finishedAt: o.at,
    })
    .onConflictDoUpdate({
      target: [datasetPartitions.datasetId, datasetPartitions.partitionKey],
      set: {
        status: o.status,
        rows: o.rows ?? 0,
        sha256: o.sha256 ?? null,
        error: o.error ?? null,
        attempts: sql`${datasetPartitions.attempts} + 1`,
        finishedAt: o.at,
      },
    });
  if (o.status === 'failed') {
    await tx
      .update(datasets)
      .set({ lastError: o.error ?? 'failed', lastErrorAt: o.at, updatedAt: o.at })
      .where(eq(datasets.id, o.datasetId));
    return;
  }
  await tx
    .update(datasets)
    .set({
      rowCount: sql`${datasets.rowCount} + ${o.inserted ?? 0}`,
      lastRefreshedAt: o.at,
      updatedAt: o.at,
    })
    .where(eq(datasets.id, o.datasetId));
  // last_error describes a current problem: once this success leaves no failed partition it is cleared,
  // otherwise it names the newest failure still standing. Each partition keeps its own outcome in
  // dataset_partitions and parse errors stay in quarantine.
  const newestFailure = (column: typeof datasetPartitions.error | typeof datasetPartitions.finishedAt) =>
    sql`(select ${column} from ${datasetPartitions}
          where ${datasetPartitions.datasetId} = ${o.datasetId} and ${datasetPartitions.status} = 'failed'
          order by ${datasetPartitions.finishedAt} desc limit 1)`;
  await tx
    .update(datasets)
    .set({
      lastError: newestFailure(datasetPartitions.error),
      lastErrorAt: newestFailure(datasetPartitions.finishedAt),
    })
    .where(and(eq(datasets.id, o.datasetId), isNotNull(datasets.lastError)));
}

/** Marks a dataset pending again (its history stays as it was): an input it read is failing or partial. */
export async function setPending(database: Database, datasetId: string) {
  await database.db
    .update(datasets)
    .set({ pending: true, updatedAt: new Date() })
    .where(eq(datasets.id, datasetId));
}

/** Marks a dataset's history complete (or still in progress) once a backfill has run over its window. */
export async function setHistoryStatus(
  database: Database,
  datasetId: string,
  historyStatus: string,
  pending: boolean,
) {
  await database.db
    .update(datasets)
    .set({ historyStatus, pending, updatedAt: new Date() })
    .where(eq(datasets.id, datasetId));
}
