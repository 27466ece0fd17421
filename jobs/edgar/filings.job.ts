import { UpstreamNotFoundError } from '../../lib/errors.ts';
import { INDEXED_FILING_TYPES } from '../../lib/filing-types.ts';
import { loadFilings } from '../../loaders/filings.ts';
import { type IndexKind, parseIndexFile } from '../../parsers/edgar/index-files.ts';
import { parseSubmissions, parseSubmissionsPage } from '../../parsers/edgar/submissions.ts';
import type { FilingInsert } from '../../schema/filings.ts';
import { quartersBetween } from '../quarters.ts';
import type { DatasetJob, Fetcher, RawDocument } from '../types.ts';
import { cikOf, submissionsUrl } from './companies.job.ts';
import { backfillCiks, cikKeys, cikUniverse } from './universe.ts';

const SUPPORTED = new Set<string>(INDEXED_FILING_TYPES);
const FIRST_QUARTER = '1993Q1';

interface Parsed {
  source: 'submissions' | 'index';
  filings: FilingInsert[];
}

/**
 * US filing index. Partitions: `cik:<CIK>` (submissions JSON and its older pages), `q:<YYYY>Q<n>` (the
 * quarterly full-index master.idx, or form.idx / company.idx where only those exist) and `d:<YYYYMMDD>` (the daily master index, for today's filings).
 * Only the filing types of spec 2.3 (and their historical spellings) are kept, plus the index-only `20-F/A`
 * (lib/filing-types.ts INDEX_ONLY_FILING_TYPES: read by form_20f, not served by `/v1/filings`).
 */
export const filingsJob: DatasetJob<Parsed> = {
  dataset: 'filings',
  async partitions(ctx, opts) {
    const ciks = cikKeys(await backfillCiks(ctx, opts));
    if (opts.cik || opts.ticker) return ciks;
    const from = quarterOf(opts.from ?? FIRST_QUARTER);
    const to = quarterOf(opts.to ?? ctx.now.toISOString().slice(0, 10));
    return [...ciks, ...quartersBetween(from, to).map((q) => `q:${q}`)];
  },
  async latestPartitions(ctx) {
    const ciks = cikKeys(await cikUniverse(ctx.config, ctx.database));
    const today = ctx.now.toISOString().slice(0, 10);
    const yesterday = new Date(ctx.now.getTime() - 86_400_000).toISOString().slice(0, 10);
    return [
      ...ciks,
      `q:${quarterOf(today)}`,
      `d:${yesterday.replace(/-/g, '')}`,
      `d:${today.replace(/-/g, '')}`,
    ];
  },
  isFinal(key, now) {
    if (key.startsWith('q:'))
      return key.slice(2) < quarterOf(new Date(now.getTime() - 7 * 86_400_000).toISOString());
    if (key.startsWith('d:'))
      return (
        key.slice(2) < new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')
      );
    return false;
  },
  async fetch(_ctx, key, fetcher) {
    if (key.startsWith('q:')) return [await firstIndex(fetcher, quarterIndexUrl(key.slice(2)))];
    if (key.startsWith('d:')) return [await firstIndex(fetcher, dailyIndexUrl(key.slice(2)))];
    const cik = cikOf(key);
    const main = await fetcher.get(submissionsUrl(cik), { maxAgeMs: 6 * 3600_000 });
    const { pages } = parseSubmissions(main.bytes.toString('utf8'), ctxOf(main));
    const docs = [main];
    for (const page of pages) docs.push(await fetcher.get(`https://data.sec.gov/submissions/${page}`));
    return docs;
  },
  parse(docs, key) {
    if (key.startsWith('q:') || key.startsWith('d:')) {
      const doc = docs[0]!;
      const r = parseIndexFile(doc.bytes.toString('latin1'), ctxOf(doc), indexKindOf(doc.url));
      return { rows: { source: 'index', filings: supported(r.rows) }, warnings: r.warnings };
    }
    const [main, ...pages] = docs as [RawDocument, ...RawDocument[]];
    const sub = parseSubmissions(main.bytes.toString('utf8'), ctxOf(main));
    const rows = [...sub.filings];
    const warnings = [...sub.warnings];
    for (const p of pages) {
      const r = parseSubmissionsPage(p.bytes.toString('utf8'), ctxOf(p), sub.entity.cik, sub.entity.name);
      rows.push(...r.rows);
      warnings.push(...r.warnings);
    }
    return { rows: { source: 'submissions', filings: supported(rows) }, warnings };
  },
  load(tx, rows) {
    return loadFilings(tx, rows.filings, rows.source);
  },
};

/**
 * SEC publishes each index as master, form and company files with the same filings. master.idx is the one
 * to read; a copy holding only another (an offline mirror's 2021Q1) falls back to it instead of not_found.
 */
export async function firstIndex(fetcher: Fetcher, masterUrl: string): Promise<RawDocument> {
  for (const kind of ['master', 'form', 'company'] as const) {
    try {
      return await fetcher.get(masterUrl.replace(/\/master(\.\d{8})?\.idx$/, `/${kind}$1.idx`));
    } catch (err) {
      if (!(err instanceof UpstreamNotFoundError) || kind === 'company') throw err;
    }
  }
  throw new Error('unreachable');
}

const indexKindOf = (url: string): IndexKind =>
  (/\/(form|company)(\.\d{8})?\.idx$/.exec(url)?.[1] as IndexKind | undefined) ?? 'master';

const supported = (rows: FilingInsert[]) => rows.filter((r) => SUPPORTED.has(r.filingType));
const ctxOf = (d: RawDocument) => ({ url: d.url, fetchedAt: d.fetchedAt });

/** `2021Q1` from `2021-02-15`, `2021Q1` or `2021`. */
export function quarterOf(s: string): string {
  const q = /^(\d{4})Q([1-4])$/.exec(s);
  if (q) return s;
  const d = /^(\d{4})(?:-(\d{2}))?/.exec(s);
  if (!d) throw new Error(`not a date or quarter: ${s} (use YYYY-MM-DD or YYYYQn)`);
  const month = Number(d[2] ?? '1');
  return `${d[1]}Q${Math.floor((month - 1) / 3) + 1}`;
}

export const quarterIndexUrl = (quarter: string) =>
  `https://www.sec.gov/Archives/edgar/full-index/${quarter.slice(0, 4)}/QTR${quarter.slice(5)}/master.idx`;
export const dailyIndexUrl = (day: string) =>
  `https://www.sec.gov/Archives/edgar/daily-index/${day.slice(0, 4)}/QTR${Math.floor((Number(day.slice(4, 6)) - 1) / 3) + 1}/master.${day}.idx`;
