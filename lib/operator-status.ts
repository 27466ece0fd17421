import { blockingInput, pendingReason, readDatasetStates } from './dataset-inputs.ts';
import { DATASETS } from './datasets.ts';

/**
 * The operator's per-dataset view (`etl status`, and `GET /admin/status` on the API, which `etl status`
 * reads while `etl start` holds the embedded database): coverage, last refresh, last error, rows, failed
 * partitions, queue depth, and why a dataset is pending (which input).
 */
export interface DatasetStatus {
  dataset: string;
  history_status: string;
  available_from: string | null;
  available_to: string | null;
  pending: boolean;
  /** Why it is pending (`waiting for filings <- companies (1 partition failed: ...)`); null when it is not. */
  pending_reason: string | null;
  /** The input a new backfill would wait for, even if the dataset itself completed earlier. */
  blocked_by: string | null;
  rows: number | null;
  coverage_pct: number | null;
  failed_partitions: number;
  last_refreshed_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  last_sweep_at: string | null;
  /** Jobs waiting or running in the dataset's source queue (shared by the source's datasets). */
  queue: string | null;
}

export interface OperatorStatus {
  runtime: string;
  queue_depth: Record<string, number> | null;
  datasets: DatasetStatus[];
  generated_at: string;
}

interface Row {
  id: string;
  history_status: string;
  available_from: string | null;
  available_to: string | null;
  row_count: number | string | null;
  coverage_pct: string | null;
  last_refreshed_at: Date | string | null;
  last_error: string | null;
  last_error_at: Date | string | null;
  last_sweep_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function operatorStatus(
  database: { query<T>(text: string, params?: unknown[]): Promise<T[]> },
  runtime: string,
  queueDepth: Record<string, number> | null,
): Promise<OperatorStatus> {
  const states = await readDatasetStates(database);
  const rows = await database.query<Row>(
    `select id, history_status, available_from::text as available_from, available_to::text as available_to,
            row_count, coverage_pct, last_refreshed_at, last_error, last_error_at, last_sweep_at
       from datasets order by id`,
  );
  const datasets = rows.map((r): DatasetStatus => {
    const s = states.get(r.id)!;
    const source = DATASETS.find((d) => d.id === r.id)?.source ?? null;
    return {
      dataset: r.id,
      history_status: r.history_status,
      available_from: r.available_from,
      available_to: r.available_to,
      pending: s.pending,
      pending_reason: pendingReason(r.id, states),
      blocked_by: blockingInput(r.id, states, new Set()),
      rows: r.row_count === null ? null : Number(r.row_count),
      coverage_pct: r.coverage_pct === null ? null : Number(r.coverage_pct),
      failed_partitions: s.failedPartitions,
      last_refreshed_at: iso(r.last_refreshed_at),
      last_error: r.last_error,
      last_error_at: iso(r.last_error_at),
      last_sweep_at: iso(r.last_sweep_at),
      queue: source,
    };
  });
  return { runtime, queue_depth: queueDepth, datasets, generated_at: new Date().toISOString() };
}
