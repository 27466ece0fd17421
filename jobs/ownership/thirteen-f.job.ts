import { loadThirteenF, type ThirteenFRows } from '../../loaders/thirteen-f.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { accessionOf, perFilingPartitions } from '../edgar/filing-partitions.ts';
import type { DatasetJob } from '../types.ts';
import { fetchSubmission, ownershipFilingRef, withDemo } from './partitions.ts';

/** 13F quarters kept by a live backfill by default (spec 8.3: up to 8 quarters), plus the one being filed. */
const LIVE_QUARTERS = 9;

/**
 * 13F holdings: one partition per 13F-HR / 13F-HR/A in the filing index of the CIK universe (the universe's
 * own 13F filers; the filers holding the universe's companies would need the full 13F index of every
 * quarter, about 8,000 filings each: run `etl backfill institutional_holdings --cik <filers>` for them).
 * fetch: the full-text submission `.txt` (cover page + information table); parse: pure, the rows as filed;
 * load: the unit decision with the database's peer-median evidence, the holdings, the amendment pass.
 */
export const thirteenFJob: DatasetJob<ThirteenFRows> = {
  dataset: 'institutional_holdings',
  ...withDemo(perFilingPartitions(['13F-HR', '13F-HR/A']), 'institutional_holdings', (now) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - 3 * LIVE_QUARTERS);
    return d.toISOString().slice(0, 10);
  }),
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
