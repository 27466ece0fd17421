import { upsertRows } from '../../loaders/upsert.ts';
import { parseIndexFile } from '../../parsers/edgar/index-files.ts';
import { type FormDIndexInsert, formDIndex } from '../../schema/private-companies.ts';
import { quartersBetween } from '../quarters.ts';
import type { DatasetJob, RawDocument } from '../types.ts';
import { dailyIndexUrl, firstIndex, quarterIndexUrl, quarterOf } from './filings.job.ts';

/** Electronic Form D filing (the XML primary document) became mandatory in March 2009. */
const FIRST_QUARTER = '2009Q1';
export const FORM_D_TYPES = new Set(['D', 'D/A']);

const indexKindOf = (url: string) =>
  (/\/(form|company)(\.\d{8})?\.idx$/.exec(url)?.[1] as 'form' | 'company' | undefined) ?? 'master';

/**
 * The Form D / D/A filings EDGAR's indexes list (every issuer, listed or not: most are private), one
 * partition per quarterly full index (`q:<YYYY>Q<n>`) or daily index (`d:<YYYYMMDD>`). The
 * `private_companies` job reads one filing per partition from this table.
 */
export const formDIndexJob: DatasetJob<FormDIndexInsert[]> = {
  dataset: 'form_d_index',
  async partitions(ctx, opts) {
    const from = quarterOf(opts.from ?? FIRST_QUARTER);
    const to = quarterOf(opts.to ?? ctx.now.toISOString().slice(0, 10));
    return quartersBetween(from < FIRST_QUARTER ? FIRST_QUARTER : from, to).map((q) => `q:${q}`);
  },
  async latestPartitions(ctx) {
    const day = (ms: number) => new Date(ctx.now.getTime() - ms).toISOString().slice(0, 10).replace(/-/g, '');
    return [`d:${day(86_400_000)}`, `d:${day(0)}`];
  },
  isFinal(key, now) {
    if (key.startsWith('q:'))
      return key.slice(2) < quarterOf(new Date(now.getTime() - 7 * 86_400_000).toISOString());
    return (
      key.slice(2) < new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')
    );
  },
  async fetch(_ctx, key, fetcher) {
    const url = key.startsWith('q:') ? quarterIndexUrl(key.slice(2)) : dailyIndexUrl(key.slice(2));
    return [await firstIndex(fetcher, url)];
  },
  parse(docs: RawDocument[]) {
    const doc = docs[0]!;
    const r = parseIndexFile(
      doc.bytes.toString('latin1'),
      { url: doc.url, fetchedAt: doc.fetchedAt },
      indexKindOf(doc.url),
    );
    const rows = r.rows
      .filter((x) => FORM_D_TYPES.has(x.form.trim().toUpperCase()))
      .map((x) => ({
        accessionNumber: x.accessionNumber,
        cik: x.cik,
        form: x.form.trim().toUpperCase(),
        companyName: x.companyName ?? null,
        filingDate: x.filingDate,
      }));
    return { rows, warnings: r.warnings };
  },
  load(tx, rows) {
    return upsertRows(tx, formDIndex, rows, [formDIndex.accessionNumber]);
  },
};
