import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import { type CoverShareRow, loadSharesOutstanding } from '../../loaders/market-caps.ts';
import { coverShares } from '../../parsers/xbrl/cover-shares.ts';
import { parseInstance } from '../../parsers/xbrl/instance.ts';
import { parseSharesOutstanding } from '../../parsers/xbrl/shares-outstanding.ts';
import type { SharesOutstandingInsert } from '../../schema/market-data.ts';
import { cikOf } from '../edgar/companies.job.ts';
import { companyFactsUrl } from '../edgar/financials.job.ts';
import { perCompanyPartitions } from '../edgar/universe.ts';
import type { DatasetJob, Fetcher, JobContext, RawDocument } from '../types.ts';

interface Parsed {
  cik: string;
  rows: SharesOutstandingInsert[];
  /** cover-page counts; their filing date comes from our filing index at load */
  covers: CoverShareRow[];
}

/** The financials job fetched the same companyfacts within this window: reuse its copy. */
const COMPANYFACTS_REUSE_MS = 24 * 3600_000;
/** Cover-page tagging (dei class, trading symbol) is required in 10-K/10-Q filed from mid-2019 on. */
const COVER_FROM = '2019-06-15';
const COVER_FORMS = ['10-K', '10-K/A', '10-Q', '10-Q/A'];
/** An accepted filing never changes: its archived copy is reused. */
const FILING_REUSE_MS = Number.POSITIVE_INFINITY;

/**
 * Shares outstanding (dataset `shares_outstanding`, the market caps' and short interest's share counts).
 * Partition `cik:<CIK>`: the company's companyfacts JSON (fetched once a day with the financials job), its
 * `dei:EntityCommonStockSharesOutstanding` facts as filed; plus, for each 10-K/10-Q of our filing index
 * (filed from 2019-06-15) whose count companyfacts lacks, the cover page of its inline primary document:
 * companyfacts drops every dimensioned fact, so a filer counting per class of stock (Alphabet) is there
 * only (parsers/xbrl/cover-shares.ts: the count per class and the class's trading symbol). No companyfacts
 * and no such filing: not_found.
 */
export const sharesOutstandingJob: DatasetJob<Parsed> = {
  dataset: 'shares_outstanding',
  ...perCompanyPartitions,
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    const cik = cikOf(key);
    const facts = await getIfExists(fetcher, companyFactsUrl(cik), COMPANYFACTS_REUSE_MS);
    const counted = new Set(
      facts
        ? parseSharesOutstanding(facts.bytes.toString('utf8'), facts.url).rows.map((r) => r.accession)
        : [],
    );
    const covers: RawDocument[] = [];
    for (const f of await coverFilings(ctx, cik)) {
      if (counted.has(f.accession)) continue;
      const doc = await getIfExists(fetcher, filingFolderUrl(cik, f.accession) + f.primary, FILING_REUSE_MS);
      if (doc) covers.push(doc);
    }
    if (!facts && covers.length === 0) throw new UpstreamNotFoundError(companyFactsUrl(cik));
    return facts ? [facts, ...covers] : covers;
  },
  parse(docs, key) {
    const cik = cikOf(key);
    const warnings: string[] = [];
    let rows: SharesOutstandingInsert[] = [];
    // companyfacts fetched per company, or an entry of the bulk zip (`companyfacts.zip#CIK….json`)
    const facts = docs.find((d) => /\/companyfacts(\/|\.zip#)/.test(d.url));
    if (facts) {
      const r = parseSharesOutstanding(facts.bytes.toString('utf8'), facts.url);
      if (r.cik !== cik)
        throw new ParseError(`companyfacts for CIK ${r.cik} served for partition ${key}`, facts.url);
      const fetchedAt = new Date(facts.fetchedAt);
      rows = r.rows.map((x) => ({ ...x, cik, fetchedAt }));
      warnings.push(...r.warnings);
    }
    const counted = new Set(rows.map((r) => r.accession));
    const covers: CoverShareRow[] = [];
    for (const doc of docs) {
      if (doc === facts) continue;
      const accession = accessionOfUrl(doc.url);
      if (!accession) throw new ParseError('not a filing document URL', doc.url);
      if (counted.has(accession)) continue;
      const instance = parseInstance(doc.bytes.toString('utf8'), { document: doc.url, texts: true });
      const r = coverShares(instance);
      warnings.push(...r.warnings.map((w) => `${doc.url}: ${w}`));
      r.rows.forEach((x, seq) => {
        if (x.symbols.length > 1)
          warnings.push(
            `${doc.url}: class ${x.shareClass} has several symbols (${x.symbols.join(', ')}): none kept`,
          );
        covers.push({
          cik,
          endDate: x.endDate,
          accession,
          seq,
          form: instance.dei.DocumentType ?? '',
          shares: x.shares,
          shareClass: x.shareClass,
          symbol: x.symbols.length === 1 ? x.symbols[0]! : null,
          fetchedAt: new Date(doc.fetchedAt),
        });
      });
    }
    return { rows: { cik, rows, covers }, warnings };
  },
  load(tx, parsed) {
    return loadSharesOutstanding(tx, parsed.cik, parsed.rows, parsed.covers);
  },
};

/** The company's 10-K/10-Q of the cover-tagging era in our filing index, with an HTML primary document. */
async function coverFilings(ctx: JobContext, cik: string) {
  return ctx.database.query<{ accession: string; primary: string }>(
    `select accession_number as accession, primary_document as primary from filings
      where cik = $1 and form = any($2::text[]) and filing_date >= $3 and primary_document ~* '\\.html?$'
      order by filing_date desc, accession_number`,
    [Number(cik), COVER_FORMS, COVER_FROM],
  );
}

async function getIfExists(fetcher: Fetcher, url: string, maxAgeMs: number): Promise<RawDocument | null> {
  try {
    return await fetcher.get(url, { maxAgeMs });
  } catch (err) {
    if (err instanceof UpstreamNotFoundError) return null;
    throw err;
  }
}

/** `.../data/320193/000032019325000057/aapl-20250329.htm` -> `0000320193-25-000057`. */
function accessionOfUrl(url: string): string | null {
  const m = /\/Archives\/edgar\/data\/\d+\/(\d{10})(\d{2})(\d{6})\//.exec(url);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
