import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { OWNERSHIP_FORM_TYPES } from '../../lib/filing-types.ts';
import { upsertRows } from '../../loaders/upsert.ts';
import { parseSubmissions, parseSubmissionsPage } from '../../parsers/edgar/submissions.ts';
import { ownershipIndex } from '../../schema/ownership.ts';
import { cikOf, submissionsUrl } from '../edgar/companies.job.ts';
import { backfillCiks, cikKeys, cikUniverse } from '../edgar/universe.ts';
import type { DatasetJob, RawDocument } from '../types.ts';

type IndexRow = typeof ownershipIndex.$inferInsert;
const FORMS = new Set<string>(OWNERSHIP_FORM_TYPES);
/** The submissions JSON the filings job fetched within this window is reused from the raw archive. */
const SUBMISSIONS_REUSE_MS = 6 * 3600_000;
const ctxOf = (d: RawDocument) => ({ url: d.url, fetchedAt: d.fetchedAt });

/**
 * The index of insider forms (3, 4, 5 and amendments; lib/filing-types.ts OWNERSHIP_FORM_TYPES), one
 * partition per company of the universe (`cik:<CIK>`): the same submissions JSON (and older pages) as the
 * filing index, keeping the forms `/v1/filings` leaves out. `insider_trades` lists its partitions from it.
 */
export const ownershipIndexJob: DatasetJob<{ cik: number; rows: IndexRow[] }> = {
  dataset: 'ownership_index',
  async partitions(ctx, opts) {
    return cikKeys(await backfillCiks(ctx, opts));
  },
  async latestPartitions(ctx) {
    return cikKeys(await cikUniverse(ctx.config, ctx.database));
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    const main = await fetcher.get(submissionsUrl(cikOf(key)), { maxAgeMs: SUBMISSIONS_REUSE_MS });
    const { pages } = parseSubmissions(main.bytes.toString('utf8'), ctxOf(main));
    const docs = [main];
    for (const page of pages) {
      docs.push(
        await fetcher.get(`https://data.sec.gov/submissions/${page}`, { maxAgeMs: SUBMISSIONS_REUSE_MS }),
      );
    }
    return docs;
  },
  parse(docs, key) {
    const [main, ...pages] = docs as [RawDocument, ...RawDocument[]];
    const sub = parseSubmissions(main.bytes.toString('utf8'), ctxOf(main));
    const all = [...sub.filings];
    const warnings = [...sub.warnings];
    for (const p of pages) {
      const r = parseSubmissionsPage(p.bytes.toString('utf8'), ctxOf(p), sub.entity.cik, sub.entity.name);
      all.push(...r.rows);
      warnings.push(...r.warnings);
    }
    const cik = Number(cikOf(key));
    const rows = all
      .filter((f) => FORMS.has(f.form.trim().toUpperCase()))
      .map((f) => ({
        accessionNumber: f.accessionNumber,
        cik,
        form: f.form.trim().toUpperCase(),
        filingDate: f.filingDate,
        reportDate: f.reportDate ?? null,
        primaryDocument: f.primaryDocument ?? null,
      }));
    return { rows: { cik, rows }, warnings };
  },
  async load(tx, { cik, rows }) {
    const r = await upsertRows(tx, ownershipIndex, rows, [
      ownershipIndex.accessionNumber,
      ownershipIndex.cik,
    ]);
    const keep = rows.map((x) => x.accessionNumber);
    if (keep.length > 0) {
      await tx
        .delete(ownershipIndex)
        .where(and(eq(ownershipIndex.cik, cik), notInArray(ownershipIndex.accessionNumber, keep)));
    } else {
      await tx.delete(ownershipIndex).where(inArray(ownershipIndex.cik, [cik]));
    }
    return r;
  },
};
