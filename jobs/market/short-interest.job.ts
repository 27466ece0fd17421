import { datasetDecl } from '../../lib/datasets.ts';
import { ParseError } from '../../lib/errors.ts';
import { loadShortInterest } from '../../loaders/market-data.ts';
import { parseShortInterest } from '../../parsers/finra/short-interest.ts';
import type { ShortInterestInsert } from '../../schema/market-data.ts';
import type { DatasetJob } from '../types.ts';
import { settlementDates } from './finra-calendar.ts';

interface Parsed {
  settlementDate: string;
  rows: Omit<ShortInterestInsert, 'companyId'>[];
}

export const finraShortInterestUrl = (settlement: string) =>
  `https://cdn.finra.org/equity/otcmarket/biweekly/shrt${settlement.replace(/-/g, '')}.csv`;
const settlementOf = (key: string) => key.replace(/^settlement:/, '');
/** FINRA revises a settlement within weeks; after this many days its file is final. */
const REVISION_WINDOW_DAYS = 60;

/**
 * FINRA equity short interest (dataset `short_interest`). Partition `settlement:<YYYY-MM-DD>`: one
 * settlement's CDN file (`shrtYYYYMMDD.csv`), every settlement from 2017-12-29 whose publication date (about
 * eight business days after settlement, finra-calendar.ts) has passed. A scheduled refresh re-reads the
 * last four settlements, so a revised file (revision flags) replaces the earlier rows.
 */
export const shortInterestJob: DatasetJob<Parsed> = {
  dataset: 'short_interest',
  async partitions(ctx, opts) {
    const from = opts.from ?? datasetDecl('short_interest').availableFrom ?? '2017-12-29';
    const to = opts.to ?? '9999-12-31';
    return settlementDates(from, ctx.now)
      .filter((d) => d <= to)
      .map((d) => `settlement:${d}`);
  },
  async latestPartitions(ctx) {
    return (await this.partitions(ctx, {})).slice(-4);
  },
  isFinal: (key, now) => Date.parse(settlementOf(key)) < now.getTime() - REVISION_WINDOW_DAYS * 86_400_000,
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(finraShortInterestUrl(settlementOf(key)))];
  },
  parse(docs, key) {
    const settlementDate = settlementOf(key);
    const doc = docs[0]!;
    const r = parseShortInterest(doc.bytes.toString('utf8'), doc.url);
    const other = r.rows.find((x) => x.settlementDate !== settlementDate);
    if (other)
      throw new ParseError(`a row settles on ${other.settlementDate}, not ${settlementDate}`, doc.url);
    const fetchedAt = new Date(doc.fetchedAt);
    return {
      rows: { settlementDate, rows: r.rows.map((x) => ({ ...x, source: doc.url, fetchedAt })) },
      warnings: r.warnings,
    };
  },
  load(tx, parsed) {
    return loadShortInterest(tx, parsed.settlementDate, parsed.rows);
  },
};
