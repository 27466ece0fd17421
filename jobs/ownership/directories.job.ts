import { isNotNull } from 'drizzle-orm';
import type { Config } from '../../lib/config.ts';
import { ParseError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { loadAdvisers, loadInvestors } from '../../loaders/directories.ts';
import { parseAdvFeed } from '../../parsers/advisers/adv-feed.ts';
import { parseAdvRoster } from '../../parsers/advisers/adv-roster.ts';
import {
  type BrochureEmail,
  brochureUrl,
  brochureVersionOf,
  readBrochure,
} from '../../parsers/advisers/brochure.ts';
import {
  type AdviserRow,
  parseIapdFirmProfile,
  parseIapdFirmSearch,
  profileBrochures,
} from '../../parsers/advisers/iapd.ts';
import { type InvestorRow, parseInvestorDirectory } from '../../parsers/investors/directory-csv.ts';
import { thirteenFFilings } from '../../schema/ownership.ts';
import type { DatasetJob, JobContext, RawDocument } from '../types.ts';

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

const BROCHURE_REUSE_MS = 365 * 24 * 3600 * 1000;

/** A comma-separated list of addresses -> one partition each, `<kind>:<url>`. */
const urlPartitions = (list: string | undefined, kind: string) =>
  (list ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => `${kind}:${u}`);
/**
 * Outside the demo, an IAPD profile (with its brochures) for every firm that files 13F under a CRD (its 13F
 * cover states one): the directory's firms whose holdings the API serves, bounded by the 13F filers loaded
 * (THIRTEEN_F_HOLDER_FILINGS). The Form ADV feed gives every other firm its row, without brochures.
 */
async function filerProfilePartitions(ctx: JobContext): Promise<string[]> {
  if (demo(ctx.config)) return [];
  const rows = await ctx.database.db
    .selectDistinct({ crd: thirteenFFilings.filerCrd })
    .from(thirteenFFilings)
    .where(isNotNull(thirteenFFilings.filerCrd))
    .orderBy(thirteenFFilings.filerCrd);
  return rows.map((r) => `firm:${r.crd}`);
}
const adviserPartitions = async (ctx: JobContext) => [
  ...(demo(ctx.config) ? DEMO_ADVISER_PARTITIONS : []),
  // the configured Form ADV bulk files and monthly adviser lists
  ...urlPartitions(ctx.config.ADV_FEED_URLS, 'adv-feed'),
  ...urlPartitions(ctx.config.ADV_LIST_URLS, 'adv-list'),
  ...(await filerProfilePartitions(ctx)),
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
 * A firm profile's Part 2 brochures (the documents after the profile) -> the row's brochure list and the
 * addresses they print (the loader decides the primary one, with the website the row ends up with). A brochure
 * that is missing upstream or unreadable is a warning: the profile still loads, with what the others gave.
 */
export async function readProfileBrochures(row: AdviserRow, docs: RawDocument[]): Promise<string[]> {
  const warnings: string[] = [];
  const byAddress = new Map<string, BrochureEmail>();
  for (const b of row.brochures ?? []) {
    const doc = docs.find((d) => brochureVersionOf(d.url) === b.version_id);
    if (!doc) {
      warnings.push(
        `brochure ${b.version_id} (${b.name ?? 'unnamed'}) not read: not found upstream, or past ADV_BROCHURES_PER_FIRM`,
      );
      continue;
    }
    try {
      const r = await readBrochure(doc.bytes, b.version_id, doc.url);
      warnings.push(...r.warnings);
      Object.assign(b, { read: true, pages: r.pages, cover_website: r.cover_website });
      // an address printed in several brochures keeps its first brochure's sentence; its counts add up
      for (const e of r.emails) {
        const seen = byAddress.get(e.address);
        if (seen) seen.occurrences += e.occurrences;
        else byAddress.set(e.address, e);
      }
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      warnings.push(`brochure ${b.version_id} not read: ${err.message}`);
    }
  }
  row.emails = [...byAddress.values()];
  return warnings;
}

/**
 * Adviser directory: from IAPD, `search:<query>` (a firm search page) or `firm:<crd>` (a firm profile, with the
 * Part 2 brochure PDFs it lists, at most ADV_BROCHURES_PER_FIRM); from the SEC's Form ADV bulk data,
 * `adv-feed:<url>` (a compilation feed file, or the manifest naming the newest ones) and `adv-list:<url>` (a
 * monthly adviser list, for the fund types), every firm of the file, merged by CRD with what the others gave
 * (a null never replaces a loaded value).
 */
export const institutionsJob: DatasetJob<{ rows: AdviserRow[]; url: string; fetchedAt: string }> = {
  dataset: 'institutions',
  async partitions(ctx) {
    return adviserPartitions(ctx);
  },
  async latestPartitions(ctx) {
    return adviserPartitions(ctx);
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    if (key.startsWith('adv-list:')) return [await fetcher.get(key.slice('adv-list:'.length))];
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
    const profile = await fetcher.get(adviserUrl(key));
    const docs = [profile];
    if (key.startsWith('firm:')) {
      const listed = profileBrochures(profile.bytes.toString('utf8'));
      for (const b of listed.slice(0, ctx.config.ADV_BROCHURES_PER_FIRM)) {
        try {
          // a brochure version never changes (a new one gets a new id): an archived copy is reused
          docs.push(await fetcher.get(brochureUrl(b.version_id), { maxAgeMs: BROCHURE_REUSE_MS }));
        } catch (err) {
          // a brochure withdrawn since the profile was built: the profile loads without it (parse warns)
          if (!(err instanceof UpstreamNotFoundError)) throw err;
        }
      }
    }
    return docs;
  },
  async parse(docs, key) {
    if (key.startsWith('adv-list:')) {
      const doc = docs[0]!;
      const r = parseAdvRoster(doc.bytes, doc.url);
      return { rows: { rows: r.firms, url: doc.url, fetchedAt: doc.fetchedAt }, warnings: r.warnings };
    }
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
    // the profile, then its brochures (in fetch order, as the archive gives them back to a reparse)
    const doc = docs.find((d) => brochureVersionOf(d.url) === null) ?? docs[0]!;
    const text = doc.bytes.toString('utf8');
    if (key.startsWith('firm:')) {
      const row = parseIapdFirmProfile(text, doc.url);
      const warnings = await readProfileBrochures(
        row,
        docs.filter((d) => d !== doc),
      );
      return { rows: { rows: [row], url: doc.url, fetchedAt: doc.fetchedAt }, warnings };
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
