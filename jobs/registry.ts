import { DATASETS } from '../lib/datasets.ts';
import { companiesJob } from './edgar/companies.job.ts';
import { companyFactsJob } from './edgar/company-facts.job.ts';
import { filingItemsJob } from './edgar/filing-items.job.ts';
import { filingsJob } from './edgar/filings.job.ts';
import { financialSegmentsJob } from './edgar/financial-segments.job.ts';
import { financialsJob } from './edgar/financials.job.ts';
import { documentsJob } from './retrieval/documents.job.ts';
import type { DatasetJob } from './types.ts';

/** Every job handler, one per dataset with a schedule. Checked against the dataset registry at start-up. */
export const JOBS: readonly DatasetJob[] = [
  companiesJob as DatasetJob,
  filingsJob as DatasetJob,
  filingItemsJob as DatasetJob,
  financialsJob as DatasetJob,
  financialSegmentsJob as DatasetJob,
  companyFactsJob as DatasetJob,
  documentsJob as DatasetJob,
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
