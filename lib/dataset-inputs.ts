import { DATASETS, type DatasetDecl } from './datasets.ts';
/**
 * Why a dataset is pending: its own failed partitions, or the chain of its inputs (`inputs` in the dataset
 * registry, lib/datasets.ts) that are failing or incomplete. Read by the backfill (jobs/refresh.ts),
 * /v1/_status and `etl status`.
 */
export function inputsOf(dataset: string): readonly string[] {
  const decl: DatasetDecl | undefined = DATASETS.find((d) => d.id === dataset);
  return decl?.inputs ?? [];
}

/** What the explanation needs of each dataset (a datasets row plus its failed-partition count). */
export interface DatasetState {
  id: string;
  pending: boolean;
  historyStatus: string;
  lastError: string | null;
  lastRefreshedAt: Date | string | null;
  failedPartitions: number;
}

const SETTLED = new Set(['complete', 'current_snapshot']);

/**
 * An input a dependant may not be called complete on: failing (failed partitions or a standing last error),
 * never loaded, or a history dataset whose backfill is not complete.
 */
export function inputProblem(s: DatasetState | undefined): string | null {
  if (!s) return null; // not in the datasets table (never synced): nothing known against it
  if (s.failedPartitions > 0 || s.lastError) {
    const n = s.failedPartitions;
    return `${n > 0 ? `${n} partition${n === 1 ? '' : 's'} failed` : 'last refresh failed'}${s.lastError ? `: ${s.lastError.slice(0, 160)}` : ''}`;
  }
  if (s.lastRefreshedAt === null) return 'never loaded';
  // A snapshot (the company registry) has no history to complete: loaded and not failing is usable.
  if (s.historyStatus === 'current_snapshot') return null;
  if (s.pending || !SETTLED.has(s.historyStatus)) return 'backfill not complete';
  return null;
}

/**
 * Why a dataset is pending, in one line, or null when it is not: its own failures first, then the first
 * input (depth-first, so "waiting for filings <- companies: ...") that is failing or incomplete.
 */
export function pendingReason(id: string, states: ReadonlyMap<string, DatasetState>): string | null {
  const own = states.get(id);
  if (!own) return 'not registered';
  const chain = blockingInput(id, states, new Set());
  if (chain) return `waiting for ${chain}`;
  if (own.failedPartitions > 0)
    return `${own.failedPartitions} partition${own.failedPartitions === 1 ? '' : 's'} failed${own.lastError ? `: ${own.lastError.slice(0, 160)}` : ''}; the next backfill retries them`;
  if (!own.pending) return null;
  return own.lastRefreshedAt === null ? 'never run: start its backfill' : 'backfill in progress';
}

/**
 * The first failing or incomplete input of `id` with what holds it back in turn, as
 * `filings (2 partitions failed: ...) <- companies (never loaded)`, or null when every input is usable.
 */
export function blockingInput(
  id: string,
  states: ReadonlyMap<string, DatasetState>,
  seen: Set<string>,
): string | null {
  for (const input of inputsOf(id)) {
    if (seen.has(input)) continue;
    seen.add(input);
    const problem = inputProblem(states.get(input));
    const deeper = blockingInput(input, states, seen);
    if (problem || deeper) return `${input}${problem ? ` (${problem})` : ''}${deeper ? ` <- ${deeper}` : ''}`;
  }
  return null;
}

/** Every dataset's state, with its failed partitions counted (one query). */
export async function readDatasetStates(database: {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}): Promise<Map<string, DatasetState>> {
  const rows = await database.query<{
    id: string;
    pending: boolean;
    history_status: string;
    last_error: string | null;
    last_refreshed_at: Date | string | null;
    failed: number;
  }>(
    `select d.id, d.pending, d.history_status, d.last_error, d.last_refreshed_at,
            (select count(*)::int from dataset_partitions p where p.dataset_id = d.id and p.status = 'failed') as failed
       from datasets d`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        pending: r.pending,
        historyStatus: r.history_status,
        lastError: r.last_error,
        lastRefreshedAt: r.last_refreshed_at,
        failedPartitions: Number(r.failed),
      },
    ]),
  );
}
