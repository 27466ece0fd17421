import { DATASETS, datasetDecl } from '../lib/datasets.ts';
import { disclosuresJob } from './disclosures/disclosures.job.ts';
import { jpCompaniesJob } from './disclosures/jp-companies.job.ts';
import { consensusJob } from './earnings/consensus.job.ts';
import { companiesJob } from './edgar/companies.job.ts';
import { companyFactsJob } from './edgar/company-facts.job.ts';
import { earningsReleasesJob } from './edgar/earnings-releases.job.ts';
import { feedTaskFor } from './edgar/feed-backfill.ts';
import { filingItemsJob } from './edgar/filing-items.job.ts';
import { filingsJob } from './edgar/filings.job.ts';
import { filingsLiveJob } from './edgar/filings-live.job.ts';
import { financialSegmentsJob } from './edgar/financial-segments.job.ts';
import { financialsJob } from './edgar/financials.job.ts';
import { formDJob } from './edgar/form-d.job.ts';
import { formDIndexJob } from './edgar/form-d-index.job.ts';
import { nportJob } from './edgar/nport.job.ts';
import { etfIssuerHoldingsJob } from './etf/etf-issuer-holdings.job.ts';
import { form20fJob } from './form-20f/form-20f.job.ts';
import { krCompaniesJob } from './korea/companies.job.ts';
import { krFinancialsJob } from './korea/financials.job.ts';
import { krSectionsJob } from './korea/sections.job.ts';
import { benchmarksJob } from './market/benchmarks.job.ts';
import { pricesJob } from './market/prices.job.ts';
import { sharesOutstandingJob } from './market/shares-outstanding.job.ts';
import { shortInterestJob } from './market/short-interest.job.ts';
import { predictionMarketsJob } from './markets/prediction-markets.job.ts';
import { newsJob } from './news/news.job.ts';
import { institutionsJob, investorsJob } from './ownership/directories.job.ts';
import { insiderTradesJob } from './ownership/insider-trades.job.ts';
import { ownershipIndexJob } from './ownership/ownership-index.job.ts';
import { proxyStatementsJob } from './ownership/proxy-statements.job.ts';
import { thirteenFJob } from './ownership/thirteen-f.job.ts';
import { documentsJob } from './retrieval/documents.job.ts';
import { twCompaniesJob } from './taiwan/companies.job.ts';
import { twFinancialsJob } from './taiwan/financials.job.ts';
import { twForeignOwnershipJob } from './taiwan/foreign-ownership.job.ts';
import { twMonthlyRevenueJob } from './taiwan/monthly-revenue.job.ts';
import type { DatasetJob, PartitionTask } from './types.ts';

/** Every job handler, one per dataset with a schedule. Checked against the dataset registry at start-up. */
export const JOBS: readonly DatasetJob[] = [
  companiesJob as DatasetJob,
  filingsJob as DatasetJob,
  filingsLiveJob as DatasetJob,
  filingItemsJob as DatasetJob,
  earningsReleasesJob as DatasetJob,
  financialsJob as DatasetJob,
  financialSegmentsJob as DatasetJob,
  companyFactsJob as DatasetJob,
  form20fJob as DatasetJob,
  sharesOutstandingJob as DatasetJob,
  pricesJob as DatasetJob,
  benchmarksJob as DatasetJob,
  shortInterestJob as DatasetJob,
  ownershipIndexJob as DatasetJob,
  insiderTradesJob as DatasetJob,
  thirteenFJob as DatasetJob,
  proxyStatementsJob as DatasetJob,
  institutionsJob as DatasetJob,
  investorsJob as DatasetJob,
  twCompaniesJob as DatasetJob,
  krCompaniesJob as DatasetJob,
  jpCompaniesJob as DatasetJob,
  twMonthlyRevenueJob as DatasetJob,
  twFinancialsJob as DatasetJob,
  twForeignOwnershipJob as DatasetJob,
  krFinancialsJob as DatasetJob,
  krSectionsJob as DatasetJob,
  disclosuresJob as DatasetJob,
  newsJob as DatasetJob,
  documentsJob as DatasetJob,
  formDIndexJob as DatasetJob,
  formDJob as DatasetJob,
  nportJob as DatasetJob,
  etfIssuerHoldingsJob as DatasetJob,
  consensusJob as DatasetJob,
  predictionMarketsJob as DatasetJob,
];

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** Refuses to start when a scheduled dataset has no handler, or two, or a handler names no dataset. */
export function checkJobRegistry(
  jobs: readonly DatasetJob[] = JOBS,
  datasets = DATASETS,
): Map<string, DatasetJob> {
  const byDataset = new Map<string, DatasetJob>();
  const problems: string[] = [];
  for (const j of jobs) {
    if (byDataset.has(j.dataset)) problems.push(`dataset ${j.dataset} has two job handlers`);
    byDataset.set(j.dataset, j);
    if (!datasets.some((d) => d.id === j.dataset))
      problems.push(`job handler for unknown dataset ${j.dataset}`);
  }
  for (const d of datasets) {
    if (d.schedule && !byDataset.has(d.id))
      problems.push(`dataset ${d.id} has a schedule but no job handler`);
  }
  if (problems.length > 0)
    throw new RegistryError(`job registry is inconsistent:\n  ${problems.join('\n  ')}`);
  return byDataset;
}

export function jobFor(dataset: string, jobs: readonly DatasetJob[] = JOBS): DatasetJob {
  const j = jobs.find((x) => x.dataset === dataset);
  if (!j) throw new Error(`no job for dataset "${dataset}"; known: ${jobs.map((x) => x.dataset).join(', ')}`);
  return j;
}

/**
 * What a runtime runs for a queued (dataset, partition): the dataset's job, or a PartitionTask named in its
 * place (an EDGAR Feed day for several datasets: `edgar_feed+filings+insider_trades`, jobs/edgar/feed-backfill.ts).
 */
export function runnableFor(dataset: string): DatasetJob | PartitionTask {
  return feedTaskFor(dataset) ?? jobFor(dataset);
}

/** The runtime queue a (dataset, partition) runs on: its upstream source's, a task's own, else `internal`. */
export function queueOf(dataset: string): string {
  const task = feedTaskFor(dataset);
  return task ? task.source : (datasetDecl(dataset).source ?? 'internal');
}
