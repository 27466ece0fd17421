import type { Config } from '../../lib/config.ts';
import { loadAdvisers, loadInvestors } from '../../loaders/directories.ts';
import { type AdviserRow, parseIapdFirmProfile, parseIapdFirmSearch } from '../../parsers/advisers/iapd.ts';
import { type InvestorRow, parseInvestorDirectory } from '../../parsers/investors/directory-csv.ts';
import type { DatasetJob } from '../types.ts';

const IAPD = 'https://api.adviserinfo.sec.gov/search/firm';
/**
 * The IAPD documents the offline mirror holds (fixtures/upstream/OWNERSHIP-FIXTURES.md): a firm search and a
 * firm profile. Live, the directory's full source is the SEC's Form ADV data (not read yet: see the README's
 * ownership section); `etl backfill institutions` then has no default partitions.
 */
const DEMO_ADVISER_PARTITIONS = ['search:citadel', 'firm:148826'];
/** The investor directory snapshot the mirror holds, at the address it was captured from. */
const DEMO_INVESTOR_SNAPSHOT =
  'https://raw.githubusercontent.com/geloangelia/vcsites/2c5fdf4b2b7545b4dcf2bb1ab50e0cd453abcfe3/_data/vclist.csv';

const demo = (config: Config) =>
  config.UPSTREAM === 'fixtures' && (config.SEC_CIKS === undefined || config.SEC_CIKS === 'demo');

const adviserUrl = (key: string) =>
  key.startsWith('search:')
    ? `${IAPD}?nrows=100&query=${encodeURIComponent(key.slice(7))}`
    : `${IAPD}/${Number(key.slice(5))}`;

/** Adviser directory from IAPD: `search:<query>` (a firm search page) or `firm:<crd>` (a firm profile). */
export const institutionsJob: DatasetJob<{ rows: AdviserRow[]; url: string; fetchedAt: string }> = {
  dataset: 'institutions',
  async partitions(ctx) {
    return demo(ctx.config) ? DEMO_ADVISER_PARTITIONS : [];
  },
  async latestPartitions(ctx) {
    return demo(ctx.config) ? DEMO_ADVISER_PARTITIONS : [];
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    if (!/^(search:.{2,}|firm:\d+)$/.test(key)) throw new Error(`not an adviser partition: ${key}`);
    return [await fetcher.get(adviserUrl(key))];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const text = doc.bytes.toString('utf8');
    if (key.startsWith('firm:')) {
      return {
        rows: { rows: [parseIapdFirmProfile(text, doc.url)], url: doc.url, fetchedAt: doc.fetchedAt },
        warnings: [],
      };
    }
    const r = parseIapdFirmSearch(text, doc.url);
    return { rows: { rows: r.rows, url: doc.url, fetchedAt: doc.fetchedAt }, warnings: r.warnings };
  },
  load(tx, { rows, url, fetchedAt }) {
    return loadAdvisers(tx, rows, url, fetchedAt);
  },
};

/**
 * The venture-investor directory: a snapshot file (`snapshot:<url>`). The demo reads the captured snapshot;
 * live, an operator imports a licensed file with `etl import investors <csv> [--as-of]`.
 */
export const investorsJob: DatasetJob<{ rows: InvestorRow[]; url: string }> = {
  dataset: 'investors',
  async partitions(ctx) {
    return demo(ctx.config) ? [`snapshot:${DEMO_INVESTOR_SNAPSHOT}`] : [];
  },
  async latestPartitions(ctx) {
    return demo(ctx.config) ? [`snapshot:${DEMO_INVESTOR_SNAPSHOT}`] : [];
  },
  isFinal: true,
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(key.slice('snapshot:'.length))];
  },
  parse(docs) {
    const doc = docs[0]!;
    const r = parseInvestorDirectory(doc.bytes.toString('utf8'), { document: doc.url });
    return { rows: { rows: r.rows, url: doc.url }, warnings: r.warnings };
  },
  load(tx, { rows, url }) {
    return loadInvestors(tx, rows, url);
  },
};
