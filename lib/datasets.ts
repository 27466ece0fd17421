/**
 * The dataset registry: one declaration per dataset. Plan gating, credit costs, coverage objects,
 * /v1/_status, the OpenAPI description and the job scheduler all read this list; it is mirrored into the
 * `datasets` table at start-up. A dataset's job handler is registered separately in jobs/registry.ts
 * (the API never imports jobs/), and start-up checks that the two agree.
 */
export type Plan = 'free' | 'professional' | 'fund';
export const PLAN_RANK: Record<Plan, number> = { free: 0, professional: 1, fund: 2 };
export const PLAN_TITLE: Record<Plan, string> = { free: 'Free', professional: 'Professional', fund: 'Fund' };

export type UpdateFrequency = 'weekly' | 'quarterly' | 'monthly' | 'daily' | 'continuous' | 'semi_monthly';
export type StatusFamily =
  | 'filings'
  | 'financials'
  | 'financial-metrics'
  | 'company-facts'
  | 'ownership'
  | null;

export interface DatasetDecl {
  id: string;
  title: string;
  /** The /v1/_status family this dataset reports under, or null when it is not one of the spec's five. */
  statusFamily: StatusFamily;
  minPlan: Plan;
  /** Credits per data call (free discovery routes declare their own cost of 0). */
  creditCost: number;
  updateFrequency: UpdateFrequency;
  availableFrom: string | null;
  /** History status before the first complete backfill; becomes `complete` once the backfill finishes. */
  initialHistoryStatus: string;
  /** Upstream source = the job queue name. */
  source: 'sec' | 'finra' | 'twse' | 'dart' | 'prices' | 'news' | null;
  /** Cron schedule (UTC) of the refresh job; null when the dataset has no job yet. */
  schedule: string | null;
  /** The table whose row count is the dataset's size (status sweep); null when it has none yet. */
  table: string | null;
  /** Rows of `table` that belong to this dataset when it shares the table (SQL condition). */
  tableWhere?: string;
  /** A dataset built by another dataset's job: the status sweep copies that one's refresh state. */
  builtBy?: string;
}

export const DATASETS = [
  {
    id: 'companies',
    title: 'Company registry',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'weekly',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'sec',
    schedule: '0 6 * * 1',
    table: 'companies',
  },
  {
    id: 'filings',
    title: 'US filing index',
    statusFamily: 'filings',
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '1993-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    schedule: '30 2,6,10,14,18,22 * * *',
    table: 'filings',
  },
  {
    id: 'filing_items',
    title: 'US filing items (10-K, 10-Q, 8-K split by item)',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '1993-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 20 minutes after each filing-index refresh: splits the filings indexed in the last 3 days
    schedule: '50 2,6,10,14,18,22 * * *',
    table: 'filing_documents',
  },
  {
    id: 'financials',
    title: 'Standardized financial statements',
    statusFamily: 'financials',
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2009-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // daily, after the morning's 10-K/10-Q wave has reached companyfacts
    schedule: '15 8 * * *',
    table: 'financial_statements',
    tableWhere: "statement <> 'metrics'",
  },
  {
    id: 'financial_metrics',
    title: 'Financial metrics',
    statusFamily: 'financial-metrics',
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2009-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    table: 'financial_statements',
    tableWhere: "statement = 'metrics'",
    builtBy: 'financials',
  },
  {
    id: 'financial_segments',
    title: 'Segment financials',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2009-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 25 minutes after each filing-index refresh: parses the 10-K/10-Q/20-F filings indexed in the last 3 days
    schedule: '55 2,6,10,14,18,22 * * *',
    table: 'financial_segments',
  },
  {
    id: 'company_facts',
    title: 'Company facts',
    statusFamily: 'company-facts',
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'sec',
    // daily at 06:45 UTC: on Mondays it reuses the submissions JSON the 06:00 registry refresh fetched
    schedule: '45 6 * * *',
    table: 'company_facts',
  },
  {
    id: 'documents',
    title: 'Retrieval documents (earnings-call transcripts, 10-K/10-Q items)',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    // 8 minutes after each filing-items run: indexes the items it split, re-embeds on a model change
    schedule: '58 2,6,10,14,18,22 * * *',
    table: 'retrieval_documents',
  },
] as const satisfies readonly DatasetDecl[];

export type DatasetId = (typeof DATASETS)[number]['id'];

export function datasetDecl(id: string): DatasetDecl {
  const d = DATASETS.find((x) => x.id === id);
  if (!d) throw new Error(`unknown dataset: ${id}`);
  return d;
}
