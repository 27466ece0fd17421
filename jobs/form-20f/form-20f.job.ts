import { inArray, sql } from 'drizzle-orm';
import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import { type Form20fParsed, loadForm20f } from '../../loaders/form-20f.ts';
import { companyFactsFilings, parseForm20fFiling } from '../../parsers/form-20f/index.ts';
import { parseCompanyFacts } from '../../parsers/xbrl/companyfacts.ts';
import { xbrlFilesOf } from '../../parsers/xbrl/filing-index.ts';
import { parseInstance } from '../../parsers/xbrl/instance.ts';
import { parseLabels } from '../../parsers/xbrl/labels.ts';
import { filings } from '../../schema/filings.ts';
import { accessionOf, filingRow, perFilingPartitions } from '../edgar/filing-partitions.ts';
import { companyFactsUrl } from '../edgar/financials.job.ts';
import { backfillCiks, cikKeys, cikUniverse } from '../edgar/universe.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, JobContext, RawDocument } from '../types.ts';
import { demo20fFiling, demo20fFilings } from './demo-filings.ts';

/**
 * 20-F and its amendment: the annual report of a foreign private issuer. Both are in the filing index
 * (`20-F/A` as an index-only type, lib/filing-types.ts), so amendments are discovered like originals.
 */
export const FORM_20F_TYPES = ['20-F', '20-F/A'];
/** Spec 8.3: Form 20-F annual from 2014-12 (where a live backfill starts; older filings parse too). */
const WINDOW_FROM = '2014-12-01';

const byFiling = perFilingPartitions(FORM_20F_TYPES, WINDOW_FROM);
const isCompanyFacts = (d: RawDocument) => d.url.includes('/api/xbrl/companyfacts/');

/**
 * Form 20-F content. Two partition kinds:
 * - `acc:<accession>`: each 20-F / 20-F/A of the universe's filing index from 2014-12. fetch: the filing
 *   folder's `index.json` names the XBRL instance and label linkbase; the primary document (cover page,
 *   items, Item 7.A) comes from the filing index row. Without index.json, the primary document alone
 *   (itself the instance when it is inline XBRL). A filing with neither is `not_found`. Against the offline
 *   mirror, the demo list (demo-filings.ts) adds real 20-Fs that no captured index lists.
 * - `cik:<CIK>` (companies the filing index shows filing 20-Fs or 6-Ks, or does not know): the companyfacts JSON,
 *   which lists each 20-F's undimensioned facts. It gives a
 *   profile and raw facts for the 20-Fs whose own documents were not parsed (no decimals, notes or segments);
 *   a company that files no 20-F loads nothing.
 * Accepted filings never change: a parser fix is applied with `etl reparse form_20f`.
 */
export const form20fJob: DatasetJob<Form20fParsed> = {
  dataset: 'form_20f',
  async partitions(ctx, opts) {
    const named = !!(opts.cik || opts.ticker);
    const ciks = named ? await backfillCiks(ctx, opts) : await cikUniverse(ctx.config, ctx.database);
    const demo = named ? [] : demo20fFilings(ctx.config).map((f) => `acc:${f.accession}`);
    const keys = [...cikKeys(await possibleFilers(ctx, ciks)), ...(await byFiling.partitions(ctx, opts))];
    return [...new Set([...keys, ...demo])];
  },
  async latestPartitions(ctx) {
    const ciks = await possibleFilers(ctx, await cikUniverse(ctx.config, ctx.database));
    return [...cikKeys(ciks), ...(await byFiling.latestPartitions(ctx))];
  },
  isFinal: (key) => key.startsWith('acc:'),
  async fetch(ctx, key, fetcher) {
    if (key.startsWith('cik:'))
      return [await fetcher.get(companyFactsUrl(key.slice(4)), { maxAgeMs: 12 * 3600_000 })];
    const accession = accessionOf(key);
    const row =
      demo20fFilings(ctx.config).find((f) => f.accession === accession) ?? (await filingRow(ctx, key));
    const folder = filingFolderUrl(row.cik, row.accession);
    const docs: RawDocument[] = [];
    const index = await getIfExists(fetcher, `${folder}index.json`);
    if (index) {
      const files = xbrlFilesOf(index.bytes.toString('utf8'), { document: index.url });
      if (files.instance) docs.push(await fetcher.get(folder + files.instance));
      const labels = files.labels ? await getIfExists(fetcher, folder + files.labels) : null;
      if (labels) docs.push(labels);
    }
    const primary = row.primaryDocument ? await getIfExists(fetcher, folder + row.primaryDocument) : null;
    if (primary && !docs.some((d) => d.url === primary.url)) docs.push(primary);
    if (docs.length === 0) throw new UpstreamNotFoundError(`${folder}${row.primaryDocument ?? 'index.json'}`);
    return docs;
  },
  parse(docs, key) {
    if (key.startsWith('cik:')) {
      const doc = docs.find(isCompanyFacts);
      if (!doc) throw new ParseError('no companyfacts document fetched', key);
      const facts = parseCompanyFacts(doc.bytes.toString('utf8'), { document: doc.url });
      if (`cik:${String(facts.cik).padStart(10, '0')}` !== key)
        throw new ParseError(`companyfacts for CIK ${facts.cik} served for partition ${key}`, doc.url);
      const filings = companyFactsFilings(facts);
      return {
        rows: { kind: 'companyfacts', cik: facts.cik, fetchedAt: doc.fetchedAt, filings },
        warnings: facts.warnings,
      };
    }
    const accession = accessionOf(key);
    const labelDoc = docs.find((d) => d.url.endsWith('_lab.xml'));
    const xml = docs.find((d) => /\.xml$/i.test(d.url) && d !== labelDoc);
    const primary = docs.find((d) => !/\.(xml|json)$/i.test(d.url));
    const primaryText = primary ? decode(primary.bytes) : undefined;
    const instanceText = xml
      ? xml.bytes.toString('utf8')
      : primaryText && /<ix:header/i.test(primaryText)
        ? primaryText
        : undefined;
    const instanceUrl = xml?.url ?? primary?.url ?? key;
    const instance = instanceText
      ? parseInstance(instanceText, { document: instanceUrl, texts: true })
      : undefined;
    let labels: Map<string, string> | undefined;
    const warnings: string[] = [];
    if (labelDoc) {
      try {
        labels = parseLabels(labelDoc.bytes.toString('utf8'), { document: labelDoc.url });
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
        warnings.push(`${err.message}: labels from element names instead`);
      }
    }
    const filing = parseForm20fFiling({
      ...(primary && primaryText ? { primary: { text: primaryText, url: primary.url } } : {}),
      ...(instance ? { instance } : {}),
      ...(labels ? { labels } : {}),
    });
    const cik = cikFromUrl(docs[0]!.url);
    const form = filing.profile.amendment ? '20-F/A' : '20-F';
    const fetchedAt = docs
      .map((d) => d.fetchedAt)
      .sort()
      .at(-1)!;
    const demo = demo20fFiling(accession);
    const listed = demo ? { form: demo.form, filingDate: demo.filingDate } : undefined;
    return {
      rows: { kind: 'filing', accession, cik, form, fetchedAt, filing, ...(listed ? { listed } : {}) },
      warnings: [...warnings, ...filing.warnings],
    };
  },
  load(tx, rows) {
    return loadForm20f(tx, rows);
  },
};

/**
 * The companyfacts partitions worth running: companies whose filing index lists a form only a foreign private
 * issuer files (20-F, 20-F/A, 6-K), and companies the index knows nothing about (submissions not loaded: the
 * demo's TSM). A company with filings but none of those (every US filer, once the index is loaded) is
 * skipped, so `SEC_CIKS=all` does not re-read 10,000 companyfacts to find ~300 foreign private issuers. A
 * 6-K counts because a partial index (one day's file lists TSM's 6-K, not its 20-F) must not hide a filer.
 */
const FPI_FORMS = [...FORM_20F_TYPES, '6-K'];

async function possibleFilers(ctx: JobContext, ciks: string[]): Promise<string[]> {
  if (ciks.length === 0) return [];
  const rows = await ctx.database.db
    .select({
      cik: sql<string>`${filings.cik}::text`,
      fpi: sql<number>`max(case when ${inArray(filings.filingType, FPI_FORMS)} then 1 else 0 end)::int`,
    })
    .from(filings)
    .where(inArray(filings.cik, ciks.map(Number)))
    .groupBy(filings.cik);
  const known = new Map(rows.map((r) => [Number(r.cik), Number(r.fpi) === 1]));
  return ciks.filter((c) => known.get(Number(c)) !== false);
}

function decode(bytes: Buffer): string {
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\uFFFD') ? bytes.toString('latin1') : utf8;
}

function cikFromUrl(url: string): number {
  const m = /\/Archives\/edgar\/data\/(\d+)\//.exec(url);
  if (!m) throw new ParseError('no CIK in the document URL', url);
  return Number(m[1]);
}
