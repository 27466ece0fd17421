import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** One row per registered dataset: the spec's coverage object (2.1) plus operational state. */
export const datasets = pgTable('datasets', {
  id: text('id').primaryKey(),
  family: text('family').notNull(),
  title: text('title').notNull(),
  minPlan: text('min_plan').notNull(),
  creditCost: integer('credit_cost').notNull(),
  updateFrequency: text('update_frequency').notNull(),
  availableFrom: text('available_from'),
  availableTo: text('available_to'),
  historyStatus: text('history_status').notNull(),
  pending: boolean('pending').notNull().default(true),
  rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
  lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastSweepAt: timestamp('last_sweep_at', { withTimezone: true }),
  coveragePct: text('coverage_pct'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Units of work done per dataset, so a restarted backfill resumes instead of redoing finished work. */
export const datasetPartitions = pgTable(
  'dataset_partitions',
  {
    datasetId: text('dataset_id').notNull(),
    partitionKey: text('partition_key').notNull(),
    status: text('status').notNull(), // done | not_found | failed
    rows: integer('rows').notNull().default(0),
    sha256: text('sha256'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.partitionKey] })],
);

/** Content-addressed raw archive index: every fetched document, traceable to its bytes on disk. */
export const rawDocuments = pgTable(
  'raw_documents',
  {
    sha256: text('sha256').notNull(),
    url: text('url').notNull(),
    datasetId: text('dataset_id').notNull(),
    partitionKey: text('partition_key').notNull(),
    /** Order of the document within its partition (a submissions file, then its older pages). */
    seq: integer('seq').notNull().default(0),
    contentType: text('content_type'),
    bytes: integer('bytes').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.partitionKey, t.url] }),
    index('raw_documents_sha').on(t.sha256),
  ],
);

/** Documents a parser refused; kept for an operator to inspect, never silently dropped. */
export const quarantine = pgTable('quarantine', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  datasetId: text('dataset_id').notNull(),
  partitionKey: text('partition_key').notNull(),
  url: text('url'),
  sha256: text('sha256'),
  error: text('error').notNull(),
  detail: jsonb('detail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DatasetRow = typeof datasets.$inferSelect;
