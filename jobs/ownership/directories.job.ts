import type { Config } from '../../lib/config.ts';
import { ParseError } from '../../lib/errors.ts';
import { loadAdvisers, loadInvestors } from '../../loaders/directories.ts';
import { parseAdvFeed } from '../../parsers/advisers/adv-feed.ts';
import { type AdviserRow, parseIapdFirmProfile, parseIapdFirmSearch } from '../../parsers/advisers/iapd.ts';
import { type InvestorRow, parseInvestorDirectory } from '../../parsers/investors/directory-csv.ts';
import type { DatasetJob } from '../types.ts';

const IAPD = 'https://api.adviserinfo.sec.gov/search/firm';
/**
 * The IAPD documents the offline mirror holds (fixtures/upstream/OWNERSHIP-FIXTURES.md): a firm search and a
 * firm profile. Live, the directory's full source is the SEC's Form ADV bulk data (`ADV_FEED_URLS`); without
 * it `etl backfill institutions` has no default partitions.
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

/** The configured Form ADV bulk files (`ADV_FEED_URLS`), one partition each: `adv-feed:<url>`. */
const advFeedPartitions = (config: Config) =>
  (config.ADV_FEED_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => `adv-feed:${u}`);
const adviserPartitions = (config: Config) => [
  ...(demo(config) ? DEMO_ADVISER_PARTITIONS : []),
  ...advFeedPartitions(config),
];

/**
 * The compilation folder's manifest (`{files: [{name, size, date}]}`) -> the newest file of each feed kind
 * (`IA_FIRM_SEC_Feed`, `IA_FIRM_STATE_Feed`; the individuals' feed is not read), resolved against the manifest's
 * address. The feeds' names change every day, so a scheduled refresh reads the manifest instead of a file name.
 */
export function feedsFromManifest(text: string, manifestUrl: string): string[] {
  let files: unknown;
  try {
    files = (JSON.parse(text) as { files?: unknown }).files;
  } catch (err) {
    throw new ParseError(`Form ADV manifest is not JSON: ${(err as Error).message}`, manifestUrl);
  }
  if (!Array.isArray(files)) throw new ParseError('Form ADV manifest without a files list', manifestUrl);
  const newest = new Map<string, { name: string; stamp: string }>();
  for (const f of files as { name?: unknown }[]) {
    const m =
      typeof f?.name === 'string'
        ? /^(IA_FIRM_(?:SEC|STATE)_Feed)_(\d\d)_(\d\d)_(\d{4})\.xml(\.gz)?$/.exec(f.name)
        : null;
    if (!m) continue;
    const stamp = `${m[4]}-${m[2]}-${m[3]}`;
    if ((newest.get(m[1]!)?.stamp ?? '') < stamp) newest.set(m[1]!, { name: f.name as string, stamp });
  }
  if (newest.size === 0) throw new ParseError('Form ADV manifest lists no IA_FIRM_*_Feed file', manifestUrl);
  return [...newest.values()].map((f) => new URL(f.name, manifestUrl).toString());
}

/**
 * Adviser directory: from IAPD, `search:<query>` (a firm search page) or `firm:<crd>` (a firm profile); from the
 * SEC's Form ADV bulk data, `adv-feed:<url>` (a compilation feed file, or the manifest naming the newest ones),
 * every firm of the file, merged by CRD with what IAPD gave (a null never replaces a loaded value).
 */
export const institutionsJob: DatasetJob<{ rows: AdviserRow[]; url: string; fetchedAt: string }> = {
  dataset: 'institutions',
  async partitions(ctx) {
    return adviserPartitions(ctx.config);
  },
  async latestPartitions(ctx) {
    return adviserPartitions(ctx.config);
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    if (key.startsWith('adv-feed:')) {
      const url = key.slice('adv-feed:'.length);
      if (!/\.json(\?|$)/.test(url)) return [await fetcher.get(url)];
      const manifest = await fetcher.get(url);
      const docs = [manifest];
      for (const feed of feedsFromManifest(manifest.bytes.toString('utf8'), manifest.url))
        docs.push(await fetcher.get(feed));
      return docs;
    }
    if (!/^(search:.{2,}|firm:\d+)$/.test(key)) throw new Error(`not an adviser partition: ${key}`);
    return [await fetcher.get(adviserUrl(key))];
  },
  parse(docs, key) {
    if (key.startsWith('adv-feed:')) {
      // a manifest partition holds the manifest, then its feeds: every feed is read, the manifest is not
      const feeds = docs.filter((d) => !/\.json(\?|$)/.test(d.url));
      const rows: AdviserRow[] = [];
      const warnings: string[] = [];
      for (const doc of feeds) {
        const r = parseAdvFeed(doc.bytes, doc.url);
        rows.push(...r.firms);
        warnings.push(...r.warnings.map((w) => `${doc.url}: ${w}`));
      }
      const last = feeds.at(-1) ?? docs[0]!;
      return { rows: { rows, url: last.url, fetchedAt: last.fetchedAt }, warnings };
    }
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
