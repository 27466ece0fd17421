import { and, desc, gte, inArray, lte } from 'drizzle-orm';
import { loadThirteenF, type ThirteenFRows } from '../../loaders/thirteen-f.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { filings } from '../../schema/filings.ts';
import { accessionOf, perFilingPartitions, refreshSince } from '../edgar/filing-partitions.ts';
import type { DatasetJob, JobContext } from '../types.ts';
import { fetchSubmission, ownershipFilingRef, withDemo } from './partitions.ts';

/** 13F quarters kept by a live backfill by default (spec 8.3: up to 8 quarters), plus the one being filed. */
const LIVE_QUARTERS = 9;
const THIRTEEN_F_TYPES = ['13F-HR', '13F-HR/A'] as const;
const ownFilers = perFilingPartitions(THIRTEEN_F_TYPES);

function liveWindowFrom(now: Date): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - 3 * LIVE_QUARTERS);
  return d.toISOString().slice(0, 10);
}

/**
 * The holders: every 13F-HR / 13F-HR/A in the filing index (the quarterly master index lists every filer's,
 * not only the universe's), filed inside the served window (LIVE_QUARTERS back from now, whatever the
 * backfill's `from`: older quarters are never served) and inside [from, to], newest first, at most
 * THIRTEEN_F_HOLDER_FILINGS of them (0: the universe's own filers only). Which filers hold the universe's
 * companies is known only once their tables are read, so the bound is on filings, not on holders.
 */
async function holderPartitions(ctx: JobContext, from?: string, to?: string): Promise<string[]> {
  const max = ctx.config.THIRTEEN_F_HOLDER_FILINGS;
  if (max === 0) return [];
  const since = [liveWindowFrom(ctx.now), from?.slice(0, 10)]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1)!;
  const rows = await ctx.database.db
    .selectDistinct({ accession: filings.accessionNumber, filingDate: filings.filingDate })
    .from(filings)
    .where(
      and(
        inArray(filings.filingType, [...THIRTEEN_F_TYPES]),
        gte(filings.filingDate, since),
        to ? lte(filings.filingDate, to.slice(0, 10)) : undefined,
      ),
    )
    .orderBy(desc(filings.filingDate), desc(filings.accessionNumber))
    .limit(max);
  return rows.map((r) => `acc:${r.accession}`);
}

/**
 * 13F holdings: one partition per 13F-HR / 13F-HR/A in the filing index of the CIK universe (the universe's
 * own 13F filers, any date) and of the holders (holderPartitions: every filer's, inside the served window,
 * bounded by THIRTEEN_F_HOLDER_FILINGS), so the by-ticker view lists the institutions holding a company.
 * `--cik/--ticker` backfills name their filers only.
 * fetch: the full-text submission `.txt` (cover page + information table); parse: pure, the rows as filed;
 * load: the unit decision with the database's peer-median evidence, the holdings, the amendment pass.
 */
export const thirteenFJob: DatasetJob<ThirteenFRows> = {
  dataset: 'institutional_holdings',
  ...withDemo(
    {
      async partitions(ctx, opts) {
        const own = await ownFilers.partitions(ctx, opts);
        if (opts.cik || opts.ticker) return own;
        return [...new Set([...own, ...(await holderPartitions(ctx, opts.from, opts.to))])];
      },
      async latestPartitions(ctx) {
        const own = await ownFilers.latestPartitions(ctx);
        return [...new Set([...own, ...(await holderPartitions(ctx, refreshSince(ctx.now)))])];
      },
    },
    'institutional_holdings',
    liveWindowFrom,
  ),
  isFinal: true,
  async fetch(ctx, key, fetcher) {
    return fetchSubmission(fetcher, await ownershipFilingRef(ctx, key, 'institutional_holdings'));
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const parsed = parseThirteenF(doc.bytes.toString('utf8'), doc.url);
    parsed.cover.accessionNumber ??= accessionOf(key);
    return { rows: { doc: parsed, sha256: doc.sha256, fetchedAt: doc.fetchedAt }, warnings: parsed.warnings };
  },
  load(tx, rows) {
    return loadThirteenF(tx, rows);
  },
};
