import { DATASETS } from '../../lib/datasets.ts';
import type { Database } from '../../lib/db.ts';

/** The coverage object of spec 2.1, carried by every envelope-A response. */
export interface Coverage {
  available_from: string | null;
  available_to: string | null;
  update_frequency: string;
  history_status: string;
}

/**
 * Reads coverage from the `datasets` table (the loaders keep it current), falling back to the declaration in
 * lib/datasets.ts while a dataset has no row yet. Cached briefly: coverage changes at most once per load.
 */
export class CoverageReader {
  private readonly cache = new Map<string, { coverage: Coverage; expiresAt: number }>();
  private readonly reading = new Map<string, Promise<Coverage>>();

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 5_000,
  ) {}

  /** The cached coverage while it is fresh (no promise: the envelope's common case), else undefined. */
  peek(datasetId: string): Coverage | undefined {
    const hit = this.cache.get(datasetId);
    return hit && hit.expiresAt > Date.now() ? hit.coverage : undefined;
  }

  get(datasetId: string): Promise<Coverage> {
    const hit = this.cache.get(datasetId);
    if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.coverage);
    // Concurrent requests that find the entry expired share one read: each read its own before, so every
    // expiry under load sent one statement per request in flight (bench/api.bench.ts `statements_per_req`).
    let pending = this.reading.get(datasetId);
    if (pending === undefined) {
      pending = this.read(datasetId).finally(() => this.reading.delete(datasetId));
      this.reading.set(datasetId, pending);
    }
    return pending;
  }

  private async read(datasetId: string): Promise<Coverage> {
    const row = await storedCoverage(this.database, datasetId);
    const coverage = row
      ? {
          available_from: row.available_from,
          available_to: row.available_to,
          update_frequency: row.update_frequency,
          history_status: row.history_status,
        }
      : fromDeclaration(datasetId);
    if (this.ttlMs > 0) this.cache.set(datasetId, { coverage, expiresAt: Date.now() + this.ttlMs });
    return coverage;
  }
}

/** The coverage the `datasets` table holds for a dataset (the loaders keep it current); undefined without a row. */
export async function storedCoverage(database: Database, datasetId: string): Promise<Coverage | undefined> {
  const [row] = await database.query<Coverage>(
    'select available_from, available_to, update_frequency, history_status from datasets where id = $1',
    [datasetId],
  );
  return row;
}

export function fromDeclaration(datasetId: string): Coverage {
  const d = DATASETS.find((x) => x.id === datasetId);
  if (!d) throw new Error(`unknown dataset: ${datasetId}`);
  return {
    available_from: d.availableFrom,
    available_to: null,
    update_frequency: d.updateFrequency,
    history_status: d.initialHistoryStatus,
  };
}

export const COVERAGE_SCHEMA = {
  type: 'object',
  description: 'What the dataset covers (spec 2.1)',
  required: ['available_from', 'available_to', 'update_frequency', 'history_status'],
  properties: {
    available_from: {
      type: ['string', 'null'],
      description: 'First date or period (YYYY-MM-DD, YYYY-MM or YYYY)',
    },
    available_to: { type: ['string', 'null'], description: 'Null while ongoing' },
    update_frequency: {
      type: 'string',
      enum: ['weekly', 'quarterly', 'monthly', 'daily', 'continuous', 'semi_monthly'],
    },
    history_status: {
      type: 'string',
      description:
        'current_snapshot, complete, backfill_in_progress, starts_<date>, one_year_from_<date>, partial',
    },
  },
} as const;
