/**
 * The dataset registry: one declaration per dataset. Plan gating, credit costs, coverage objects,
 * /v1/_status, the OpenAPI description and the job scheduler all read this list; it is mirrored into the
 * `datasets` table at start-up. A dataset's job handler is registered separately in jobs/registry.ts
 * (the API never imports jobs/), and start-up checks that the two agree.
 */
import type { Config } from './config.ts';

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
  /**
   * Upstream source = the job queue name. `live` is the SEC's latest-filings poll on a queue of its own, so
   * a backfill queued on `sec` never delays it (the SEC rate limiter is per host, shared by both).
   */
  source: 'sec' | 'finra' | 'twse' | 'dart' | 'prices' | 'news' | 'live' | 'markets' | null;
  /** Cron schedule (UTC) of the refresh job; null when the dataset has no job yet. */
  schedule: string | null;
  /** The table whose row count is the dataset's size (status sweep); null when it has none yet. */
  table: string | null;
  /** Rows of `table` that belong to this dataset when it shares the table (SQL condition). */
  tableWhere?: string;
  /** A dataset built by another dataset's job: the status sweep copies that one's refresh state. */
  builtBy?: string;
  /**
   * The column of `table` whose minimum is the earliest data the dataset really holds: the status sweep
   * writes it to the coverage's `available_from`, so coverage reports the history the loaded files hold, not
   * the declared window (`availableFrom` stays where a live backfill starts by default). A date or timestamp
   * column gives a date; a period column gives its period as written (`YYYY-MM` months, integer years).
   */
  earliestColumn?: string;
  /**
   * The datasets this dataset's job reads: it is complete only when its own backfill finished without
   * failures AND every input is complete (lib/dataset-inputs.ts explains why one is pending).
   */
  inputs?: readonly string[];
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
    earliestColumn: 'filing_date',
    inputs: ['companies'],
  },
  {
    id: 'filings_live',
    title: "US filings from EDGAR's latest-filings feed (seconds after acceptance)",
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'continuous',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'live',
    // every FILINGS_LIVE_POLL_SECONDS (scheduleOf); this default is the 10 s poll
    schedule: '*/10 * * * * *',
    table: 'filings',
    tableWhere: "source = 'live'",
    inputs: ['companies'],
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
    inputs: ['filings'],
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
    inputs: ['companies'],
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
    inputs: ['filings'],
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
    inputs: ['companies'],
  },
  {
    id: 'form_20f',
    title: 'Form 20-F content (profile, notes, segments, ownership, XBRL facts)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2014-12-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 30 minutes after each filing-index refresh: the 20-F / 20-F/A filings indexed in the last 3 days
    schedule: '0 3,7,11,15,19,23 * * *',
    table: 'form_20f_filings',
    inputs: ['filings'],
  },
  {
    id: 'shares_outstanding',
    title: 'Shares outstanding (dei, as filed; for market caps and short interest)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2009-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // daily, 15 minutes after the financials refresh, whose companyfacts download it reuses
    schedule: '30 8 * * *',
    table: 'shares_outstanding',
    inputs: ['financials'],
  },
  {
    id: 'market_data',
    title: 'Daily prices and market cap',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2025-07-14',
    initialHistoryStatus: 'starts_2025_07_14',
    source: 'prices',
    // weekdays 22:30 UTC: after the US close (16:00 New York = 20:00 UTC in summer, 21:00 in winter) and
    // the vendors' end-of-day settlement
    schedule: '30 22 * * 1-5',
    table: 'price_bars',
    earliestColumn: 'date',
    inputs: ['companies', 'shares_outstanding'],
  },
  {
    id: 'benchmarks',
    title: 'Benchmarks (indices and commodities)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2015-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'prices',
    // daily 23:00 UTC, weekends too (some series have weekend rows)
    schedule: '0 23 * * *',
    table: 'benchmark_bars',
    earliestColumn: 'date',
  },
  {
    id: 'short_interest',
    title: 'FINRA short interest',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'semi_monthly',
    availableFrom: '2017-12-29',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'finra',
    // weekdays 23:30 UTC: picks up a settlement once its publication date (about 8 business days after
    // settlement, FINRA's calendar) has passed, and re-reads the last four for revisions
    schedule: '30 23 * * 1-5',
    table: 'short_interest',
    earliestColumn: 'settlement_date',
    inputs: ['companies', 'shares_outstanding'],
  },
  {
    id: 'ownership_index',
    title: 'Insider-form index (Forms 3, 4, 5 and amendments)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2003-06-30',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 5 minutes after each filing-index refresh (reuses the submissions JSON it fetched)
    schedule: '35 2,6,10,14,18,22 * * *',
    table: 'ownership_index',
    inputs: ['companies'],
  },
  {
    id: 'insider_trades',
    title: 'Insider trades (Forms 3, 4, 5)',
    statusFamily: 'ownership',
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    schedule: '40 2,6,10,14,18,22 * * *',
    table: 'insider_trades',
    earliestColumn: 'filing_date',
    inputs: ['ownership_index'],
  },
  {
    id: 'institutional_holdings',
    title: '13F institutional holdings',
    statusFamily: 'ownership',
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    schedule: '45 2,6,10,14,18,22 * * *',
    table: 'thirteen_f_holdings',
    inputs: ['filings'],
  },
  {
    id: 'executive_compensation',
    title: 'Executive compensation (DEF 14A Summary Compensation Table)',
    statusFamily: 'ownership',
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2000',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    schedule: '5 3 * * *',
    table: 'executive_compensation',
    inputs: ['filings'],
  },
  {
    id: 'proxy_ownership',
    title: 'Proxy beneficial ownership (DEF 14A)',
    statusFamily: 'ownership',
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    table: 'proxy_ownership',
    inputs: ['filings'],
    builtBy: 'executive_compensation',
  },
  {
    id: 'institutions',
    title: 'Adviser directory (IAPD / Form ADV)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'weekly',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'sec',
    schedule: '20 7 * * 1',
    table: 'advisers',
  },
  {
    id: 'investors',
    title: 'Venture-investor directory (snapshot)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'monthly',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    schedule: '0 9 1 * *',
    table: 'investors',
  },
  // issue 27: funds and ETFs from Form N-PORT (docs/funds.md)
  {
    id: 'fund_holdings',
    title: 'Fund and ETF holdings (Form N-PORT)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    // NPORT-P filings are public since 2019 (reports for periods from 2019-09-30)
    availableFrom: '2019-09-30',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 25 minutes after each filing-index refresh: the NPORT-P / NPORT-P/A filings indexed in the last 3 days
    schedule: '55 2,6,10,14,18,22 * * *',
    table: 'fund_holdings',
    earliestColumn: 'report_date',
    inputs: ['filings'],
  },
  {
    id: 'funds',
    title: 'Fund and ETF directory (Form N-PORT)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2019-09-30',
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    table: 'funds',
    inputs: ['filings'],
    builtBy: 'fund_holdings',
  },
  // ETF issuers' daily holdings files (iShares CSV, SPDR XLSX): docs/funds.md "ETF issuer daily holdings"
  {
    id: 'etf_issuer_holdings',
    title: 'ETF daily holdings as the issuer publishes them',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    // daily 01:30 UTC: the issuers post the previous US trading day's file in the evening (US time)
    schedule: '30 1 * * *',
    table: 'etf_issuer_holdings',
    earliestColumn: 'as_of',
    inputs: ['companies'],
  },
  {
    id: 'tw_companies',
    title: 'Taiwan listed and OTC companies (registry)',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'weekly',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'twse',
    schedule: '15 6 * * 1',
    table: 'company_listings',
    tableWhere: "market = 'TW'",
  },
  {
    id: 'kr_companies',
    title: 'Korean listed companies (registry, OpenDART corp codes)',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'weekly',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'dart',
    schedule: '20 6 * * 1',
    table: 'company_listings',
    tableWhere: "market = 'KR'",
  },
  {
    id: 'jp_companies',
    title: 'Japanese listed companies (registry, EDINET code list)',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 1,
    updateFrequency: 'weekly',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    schedule: '25 6 * * 1',
    table: 'company_listings',
    tableWhere: "market = 'JP'",
  },
  {
    id: 'tw_monthly_revenue',
    title: 'Taiwan monthly revenue',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'monthly',
    availableFrom: '2013-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'twse',
    // due by the 10th: daily 11:00 UTC (19:00 Taipei) through the 15th
    schedule: '0 11 1-15 * *',
    table: 'tw_monthly_revenue',
    earliestColumn: 'data_ym',
  },
  {
    id: 'tw_financials',
    title: 'Taiwan quarterly financials',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'quarterly',
    availableFrom: '2024-03-31',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'twse',
    // after the filing deadlines (Mar 31, May 15, Aug 14, Nov 14): daily in those months
    schedule: '30 11 * 3,4,5,8,11 *',
    table: 'tw_financials',
    earliestColumn: 'period_end',
  },
  {
    id: 'tw_foreign_ownership',
    title: 'Taiwan foreign ownership',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2024-01-02',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'twse',
    // published after the close: 10:30 UTC = 18:30 Taipei, trading days
    schedule: '30 10 * * 1-5',
    table: 'tw_foreign_ownership',
    earliestColumn: 'snapshot_date',
  },
  {
    id: 'kr_financials',
    title: 'Korea financial statements (OpenDART)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'quarterly',
    availableFrom: '2022',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'dart',
    schedule: '0 12 * * *',
    table: 'kr_financials',
    earliestColumn: 'bsns_year',
  },
  {
    id: 'kr_sections',
    title: 'Korea report sections (ownership, shareholders, share structure, investments, debt)',
    statusFamily: null,
    minPlan: 'professional',
    creditCost: 1,
    updateFrequency: 'quarterly',
    availableFrom: '2022',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'dart',
    schedule: '30 12 * * *',
    table: 'kr_report_sections',
    earliestColumn: 'bsns_year',
  },
  {
    id: 'disclosures',
    title: 'Cross-market disclosures (Japan, Taiwan, Korea)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'continuous',
    availableFrom: '2026-06-15',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'dart',
    schedule: '*/30 * * * *',
    table: 'disclosures',
    earliestColumn: 'date',
  },
  {
    id: 'screen',
    title: 'Screening',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    schedule: null,
    // screen_latest is rebuilt per company by the financials loader, in the statements' transaction
    table: 'screen_latest',
    builtBy: 'financials',
  },
  {
    // /v1/screen/facets and /terms: what screening offers, on every plan and at no cost (spec 4.10)
    id: 'screen_reference',
    title: 'Screening reference (fields and terms)',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 0,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    schedule: null,
    table: null,
    builtBy: 'financials',
  },
  {
    id: '8k_events',
    title: '8-K events',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '1993-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    // read from the 8-K rows of the filing_items tables (one event per item), built by that job
    table: 'filing_items',
    tableWhere:
      "accession_number in (select accession_number from filing_documents where filing_type in ('8-K', '8-K/A'))",
    builtBy: 'filing_items',
  },
  {
    // /v1/8k-events/families: the item catalog, on every plan and at no cost
    id: '8k_events_reference',
    title: '8-K event families',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 0,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    schedule: null,
    table: null,
    builtBy: 'filing_items',
  },
  // Earnings and guidance from 8-K Item 2.02 press releases (issue 25): one job reads the releases; the
  // measures and guidance datasets are built by it.
  {
    id: 'earnings_releases',
    title: 'Earnings results from press releases (8-K Item 2.02)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2003-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 25 minutes after each filing-index refresh: reads the Item 2.02 filings indexed in the last 3 days
    schedule: '55 2,6,10,14,18,22 * * *',
    table: 'earnings_releases',
    tableWhere: "status = 'ok'",
    earliestColumn: 'filing_date',
    inputs: ['filings'],
  },
  {
    id: 'earnings_measures',
    title: 'Company measures (KPIs) from press releases',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2003-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    table: 'earnings_measures',
    builtBy: 'earnings_releases',
  },
  {
    id: 'earnings_guidance',
    title: 'Guidance and guidance changes from press releases',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2003-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    table: 'earnings_guidance',
    builtBy: 'earnings_releases',
  },
  {
    id: 'news',
    title: 'News and themes',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'continuous',
    availableFrom: '2026-07-26',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'news',
    // spec 4.8: the stream is polled about every two minutes
    schedule: '*/2 * * * *',
    table: 'news_articles',
    earliestColumn: 'event_at',
    // links through the registry; reads the 8-K press releases and 10-K items (relationship graph) filing_items stored
    inputs: ['companies', 'filing_items'],
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
  {
    // the event log (issue 24, docs/events.md): /v1/events/types, the pull feed and the live stream. Free and
    // without credit: each event type needs the plan of the dataset it comes from (lib/events/catalog.ts)
    id: 'events',
    title: 'Event log',
    statusFamily: null,
    minPlan: 'free',
    creditCost: 0,
    updateFrequency: 'continuous',
    availableFrom: null,
    initialHistoryStatus: 'partial',
    source: null,
    schedule: null,
    table: 'events',
  },
  {
    id: 'form_d_index',
    title: 'Form D index (Regulation D notices and amendments)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2009-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    schedule: '15 3,7,11,15,19,23 * * *',
    table: 'form_d_index',
  },
  {
    id: 'private_companies',
    title: 'Private companies and their Regulation D offerings (Form D)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2009-01-01',
    initialHistoryStatus: 'backfill_in_progress',
    source: 'sec',
    // 10 minutes after each Form D index refresh
    schedule: '25 3,7,11,15,19,23 * * *',
    table: 'private_offering_filings',
    earliestColumn: 'filing_date',
    inputs: ['form_d_index'],
  },
  // issue 25 (consensus, calendar, prediction markets): docs/consensus-and-markets.md
  {
    id: 'consensus',
    title: 'Analyst consensus (estimates, revisions, actual vs estimate)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    // the Yahoo host's queue (same vendor as the prices job)
    source: 'prices',
    // daily 23:15 UTC, after the US close and the prices run: the day's revisions are in
    schedule: '15 23 * * *',
    table: 'consensus_estimates',
    earliestColumn: 'as_of',
    inputs: ['companies'],
  },
  {
    // the provider's next dates (built by the consensus job) plus past dates from 8-K Item 2.02 filings
    id: 'earnings_calendar',
    title: 'Earnings calendar',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'daily',
    availableFrom: '2004-08-23',
    initialHistoryStatus: 'backfill_in_progress',
    source: null,
    schedule: null,
    table: 'earnings_calendar',
    builtBy: 'consensus',
    inputs: ['filings'],
  },
  {
    id: 'prediction_markets',
    title: 'Prediction markets (Kalshi, Polymarket)',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'continuous',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: 'markets',
    // every five minutes: open markets' prices move all day
    schedule: '*/5 * * * *',
    table: 'prediction_markets',
  },
  {
    // markets linked to a company and about its earnings, built by the prediction-markets job
    id: 'earnings_markets',
    title: 'Earnings prediction markets',
    statusFamily: null,
    minPlan: 'fund',
    creditCost: 1,
    updateFrequency: 'continuous',
    availableFrom: null,
    initialHistoryStatus: 'current_snapshot',
    source: null,
    schedule: null,
    table: 'prediction_market_links',
    tableWhere: 'earnings_kind is not null',
    builtBy: 'prediction_markets',
    inputs: ['companies'],
  },
] as const satisfies readonly DatasetDecl[];

export type DatasetId = (typeof DATASETS)[number]['id'];

/**
 * The cron a dataset runs on under this configuration: its declared schedule, except the live filings
 * feed's, which polls every FILINGS_LIVE_POLL_SECONDS (0: not at all).
 */
export function scheduleOf(d: DatasetDecl, config: Pick<Config, 'FILINGS_LIVE_POLL_SECONDS'>): string | null {
  if (d.id !== 'filings_live') return d.schedule;
  const s = config.FILINGS_LIVE_POLL_SECONDS;
  if (s === 0) return null;
  return s === 60 ? '0 * * * * *' : `*/${s} * * * * *`;
}

export function datasetDecl(id: string): DatasetDecl {
  const d = DATASETS.find((x) => x.id === id);
  if (!d) throw new Error(`unknown dataset: ${id}`);
  return d;
}
