import { and, desc, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { ParseError } from '../../lib/errors.ts';
import { filingFolderUrl } from '../../lib/ids.ts';
import { type EarningsReleaseRows, loadEarningsRelease } from '../../loaders/earnings.ts';
import { parseReleaseBytes, type ReleaseRows } from '../../parsers/earnings/release-rows.ts';
import { readFilingIndexPage } from '../../parsers/edgar/filing-items.ts';
import { filings } from '../../schema/filings.ts';
import { getIfExists } from '../fetcher.ts';
import type { DatasetJob, JobContext, RawDocument } from '../types.ts';
import { accessionOf, filingRow, refreshSince } from './filing-partitions.ts';
import { backfillCiks, cikUniverse } from './universe.ts';

const SEC_WWW = 'https://www.sec.gov';
const INDEX_PAGE = /-index\.html?$/;
/** EX-99 bodies fetched per filing (the release, a data sheet, a transcript). */
const MAX_EXHIBITS = 4;

/**
 * Earnings releases: one partition per 8-K (or 8-K/A) of the universe whose index row names Item 2.02 (or
 * Item 12, its number before August 2004), newest first.
 *
 * fetch: the full-text submission `<accession>.txt` (every document with its EDGAR type, so the release is
 * picked by `<TYPE>`); without it, the filing's detail page and its EX-99 documents; without that, the
 * primary document and the EX-99 files it links to (inline 8-Ks link their exhibits), else the primary
 * document alone (small issuers put the release in the 8-K body).
 * parse: the pure release parser on the chosen document; an exhibit that cannot be read is a warning on
 * the filing (`unparseable`) and the load goes on.
 */
export const earningsReleasesJob: DatasetJob<EarningsReleaseRows> = {
  dataset: 'earnings_releases',
  async partitions(ctx, opts) {
    const ciks =
      opts.cik || opts.ticker ? await backfillCiks(ctx, opts) : await cikUniverse(ctx.config, ctx.database);
    return listResultsFilings(ctx, ciks, opts.from, opts.to);
  },
  async latestPartitions(ctx) {
    return listResultsFilings(
      ctx,
      await cikUniverse(ctx.config, ctx.database),
      refreshSince(ctx.now),
      undefined,
    );
  },
  // An accepted filing never changes; a parser fix is applied with `etl reparse earnings_releases`.
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    const row = await filingRow(ctx, key);
    const folder = filingFolderUrl(row.cik, row.accession);
    const txt = await getIfExists(fetcher, `${folder}${row.accession}.txt`);
    if (txt) return [txt];
    const index = await getIfExists(
      fetcher,
      `${SEC_WWW}/Archives/edgar/data/${row.cik}/${row.accession}-index.html`,
    );
    if (index) {
      try {
        const page = readFilingIndexPage(index);
        const wanted = page.exhibits
          .filter((e) => e.url && /^EX-99/i.test(e.type ?? ''))
          .slice(0, MAX_EXHIBITS);
        const docs = [index];
        for (const e of wanted) {
          const d = await getIfExists(fetcher, SEC_WWW + e.url);
          if (d) docs.push(d);
        }
        if (page.primary?.url) docs.push(await fetcher.get(SEC_WWW + page.primary.url));
        return docs;
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
      }
    }
    if (!row.primaryDocument) return [];
    const primary = await fetcher.get(folder + row.primaryDocument);
    const docs = [primary];
    for (const href of linkedExhibits(primary.bytes.toString('latin1')).slice(0, MAX_EXHIBITS)) {
      const d = await getIfExists(fetcher, folder + href);
      if (d) docs.push(d);
    }
    return docs;
  },
  parse(docs, key) {
    const accessionNumber = accessionOf(key);
    const warnings: string[] = [];
    const base = {
      accessionNumber,
      sha256: null as string | null,
      fetchedAt: docs[0]?.fetchedAt ?? new Date(0).toISOString(),
    };
    const readable = docs.filter((d) => !INDEX_PAGE.test(d.url));
    if (readable.length === 0) {
      return {
        rows: {
          ...base,
          status: 'no_release',
          exhibitUrl: null,
          parsed: null,
          warnings: ['no document of the filing could be fetched'],
        },
        warnings,
      };
    }
    // Exhibits first (in the order fetched), the primary document (listed last by the detail page) after.
    let fallback: { doc: RawDocument; parsed: ReleaseRows } | null = null;
    let guidanceOnly: { doc: RawDocument; parsed: ReleaseRows } | null = null;
    for (const doc of readable) {
      let parsed: ReleaseRows;
      try {
        parsed = parseReleaseBytes(doc.bytes);
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
        warnings.push(`${doc.url}: ${err.message}`);
        continue;
      }
      if (parsed.release.is_earnings_release) {
        warnings.push(...parsed.warnings);
        return {
          rows: {
            ...base,
            sha256: doc.sha256,
            status: 'ok',
            exhibitUrl: doc.url,
            parsed,
            warnings: [...warnings],
          },
          warnings,
        };
      }
      fallback ??= { doc, parsed };
      if (parsed.release.is_guidance_only) guidanceOnly ??= { doc, parsed };
    }
    // No earnings release, but a release that only gives or withdraws guidance: its guidance rows are loaded.
    if (guidanceOnly !== null) {
      warnings.push(...guidanceOnly.parsed.warnings);
      return {
        rows: {
          ...base,
          sha256: guidanceOnly.doc.sha256,
          status: 'guidance_only',
          exhibitUrl: guidanceOnly.doc.url,
          parsed: guidanceOnly.parsed,
          warnings: [...warnings],
        },
        warnings,
      };
    }
    if (fallback === null) {
      return {
        rows: { ...base, status: 'unparseable', exhibitUrl: null, parsed: null, warnings: [...warnings] },
        warnings,
      };
    }
    // The 8-K's own document without the release (its exhibit was not found) is no release, not another kind.
    const exhibit = /\.txt$|ex-?99|dex99/i.test(fallback.doc.url);
    warnings.push(
      exhibit
        ? `${fallback.doc.url}: not an earnings release (${fallback.parsed.warnings.join('; ')})`
        : `${fallback.doc.url}: the 8-K document holds no release and no EX-99 exhibit was found`,
    );
    return {
      rows: {
        ...base,
        sha256: fallback.doc.sha256,
        status: exhibit ? 'not_earnings' : 'no_release',
        exhibitUrl: fallback.doc.url,
        parsed: null,
        warnings: [...warnings],
      },
      warnings,
    };
  },
  load(tx, rows) {
    return loadEarningsRelease(tx, rows);
  },
};

/** Same-folder files an 8-K links to whose name marks exhibit 99 (`a8-kex991q1202412302023.htm`, `dex991.htm`). */
export function linkedExhibits(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/href\s*=\s*["']([^"'#?/]+\.(?:htm|html|txt))["']/gi)) {
    const name = m[1]!;
    if (/ex-?99|ex99|dex99/i.test(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

async function listResultsFilings(
  ctx: JobContext,
  ciks: string[],
  from?: string,
  to?: string,
): Promise<string[]> {
  if (ciks.length === 0) return [];
  const rows = await ctx.database.db
    .selectDistinct({ accession: filings.accessionNumber, filingDate: filings.filingDate })
    .from(filings)
    .where(
      and(
        inArray(filings.cik, ciks.map(Number)),
        inArray(filings.filingType, ['8-K', '8-K/A']),
        // Item 2.02 since August 2004; Item 12 before (the index spells items as "12,7" then).
        or(sql`${filings.items} like '%2.02%'`, sql`(',' || ${filings.items} || ',') like '%,12,%'`),
        from ? gte(filings.filingDate, from.slice(0, 10)) : undefined,
        to ? lte(filings.filingDate, to.slice(0, 10)) : undefined,
      ),
    )
    .orderBy(desc(filings.filingDate), desc(filings.accessionNumber));
  return rows.map((r) => `acc:${r.accession}`);
}
