import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { easternOffsetHours } from '../../parsers/edgar/eastern-time.ts';

/**
 * The offline mirror's live EDGAR feed: EDGAR's latest-filings Atom (`getcurrent`, start=0) growing while
 * the mirror runs, so the live-feed poller, its follow-ups and push delivery can be watched and tested
 * without the network. The script is the captured getcurrent pages in the mirror
 * (`www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&count=100&start=N...`): their filings are released
 * oldest first, `preload` of them at start and then one every `intervalMs`, each with all its filer-role
 * entries verbatim except `<updated>` and the summary's `Filed:` date, which are re-stamped with the release
 * time (in EDGAR's Eastern offset form): a replay shows arrival, and the lag a poller measures is against
 * the release, as it would be against EDGAR's acceptance. The captured time stays in an XML comment.
 */
export interface LiveFeedOptions {
  /** Milliseconds between two released filings. */
  intervalMs: number;
  /** Filings released at start (default 20), so the first poll has a page. */
  preload?: number;
  /** The mirror's clock (tests pass their own). */
  now?: () => number;
}

/** The mirror option of this configuration: a growing feed unless MIRROR_LIVE_INTERVAL_MS is 0. */
export function mirrorLive(config: { MIRROR_LIVE_INTERVAL_MS: number }): { live?: LiveFeedOptions } {
  return config.MIRROR_LIVE_INTERVAL_MS > 0 ? { live: { intervalMs: config.MIRROR_LIVE_INTERVAL_MS } } : {};
}

export interface LiveFeed {
  /** The feed page for `count` entries from `start`, and its ETag (changes when a filing is released). */
  page(start: number, count: number): { body: Buffer; etag: string };
  /** How many filings are released so far, and how many the script holds. */
  released(): { filings: number; total: number };
}

interface ScriptFiling {
  accession: string;
  entries: string[];
}

const PAGE = /^browse-edgar\?action=getcurrent&count=\d+&start=\d+&type=&owner=include&output=atom$/;
const ENTRY = /<entry>[\s\S]*?<\/entry>/g;

export function createLiveFeed(root: string, opts: LiveFeedOptions): LiveFeed {
  const now = opts.now ?? Date.now;
  const dir = path.join(root, 'www.sec.gov', 'cgi-bin');
  const byAccession = new Map<string, { updated: string; entries: string[] }>();
  for (const name of readdirSync(dir).filter((n) => PAGE.test(n))) {
    const text = readFileSync(path.join(dir, name), 'latin1');
    for (const entry of text.match(ENTRY) ?? []) {
      const accession = /accession-number=([\d-]+)/.exec(entry)?.[1];
      const updated = /<updated>([^<]+)<\/updated>/.exec(entry)?.[1];
      if (!accession || !updated) continue;
      const f = byAccession.get(accession) ?? { updated, entries: [] };
      if (!f.entries.includes(entry)) f.entries.push(entry);
      byAccession.set(accession, f);
    }
  }
  const script: ScriptFiling[] = [...byAccession]
    .sort(([a, x], [b, y]) => Date.parse(x.updated) - Date.parse(y.updated) || a.localeCompare(b))
    .map(([accession, f]) => ({ accession, entries: f.entries }));
  const preload = Math.min(opts.preload ?? 20, script.length);
  const startedAt = now();
  const releaseTime = (i: number) => startedAt + (i - preload + 1) * opts.intervalMs;
  const releasedCount = () =>
    Math.min(script.length, preload + Math.max(0, Math.floor((now() - startedAt) / opts.intervalMs)));

  return {
    released: () => ({ filings: releasedCount(), total: script.length }),
    page(start, count) {
      const n = releasedCount();
      const entries: string[] = [];
      for (let i = n - 1; i >= 0; i--) {
        const stamp = easternStamp(releaseTime(i));
        for (const e of script[i]!.entries) {
          entries.push(
            e
              .replace(
                /<updated>([^<]+)<\/updated>/,
                (_, original) => `<updated>${stamp}</updated><!-- replayed; captured updated ${original} -->`,
              )
              .replace(/(Filed:&lt;\/b&gt; )\d{4}-\d{2}-\d{2}/, `$1${stamp.slice(0, 10)}`),
          );
        }
      }
      const slice = entries.slice(start, start + count);
      const body = Buffer.from(
        `<?xml version="1.0" encoding="ISO-8859-1" ?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n<title>Latest Filings (offline mirror replay)</title>\n<link rel="self" href="/cgi-bin/browse-edgar?action=getcurrent"/>\n<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>\n<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>\n<updated>${easternStamp(now())}</updated>\n${slice.join('\n')}\n</feed>\n`,
        'latin1',
      );
      const etag = `"live-${createHash('sha256').update(`${n}:${start}:${count}`).digest('hex').slice(0, 16)}"`;
      return { body, etag };
    },
  };
}

/** `2025-12-12T18:02:43-05:00`: a UTC instant in EDGAR's Eastern offset form. */
function easternStamp(ms: number): string {
  // the offset is decided on the Eastern wall clock, read here at standard time (exact but for the hour of a change)
  const w = new Date(ms - 5 * 3600_000);
  const offset = easternOffsetHours(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours());
  const local = new Date(ms + offset * 3600_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(offset)).padStart(2, '0')}:00`;
}
