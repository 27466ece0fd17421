import { readFileSync } from 'node:fs';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { type Article, processItems } from '../../parsers/news/pipeline.ts';
import { parsePressRelease } from '../../parsers/news/press-release.ts';
import { readLocally } from '../../parsers/news/reader.ts';
import { loadCliRegistry } from '../news/parse-feed.ts';

/**
 * `npm run quality:news`: the rule pass against hand-labelled real items (fixtures/news/labels.tsv: event
 * type and direction read by a person). Direction is the local reader's on every labelled item (the
 * service reads only items scoring 40 or more). Goal: event-type accuracy >= 85%.
 */
const dir = new URL('../../fixtures/news/', import.meta.url);
const labels = readFileSync(new URL('labels.tsv', dir), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('file\t'))
  .map((l) => {
    const [file, title, event_type, direction] = l.split('\t') as [string, string, string, string];
    return { file, title, event_type, direction };
  });
const reg = loadCliRegistry(
  new URL('../upstream/www.sec.gov/files/company_tickers_exchange.json', dir).pathname,
);
const ctx = { url: 'file', fetchedAt: '2026-01-01T00:00:00.000Z' };
const cache = new Map<string, Article[]>();
function articlesOf(file: string): Article[] {
  const hit = cache.get(file);
  if (hit) return hit;
  const bytes = readFileSync(new URL(file, dir));
  let out: Article[];
  if (file.endsWith('.html')) {
    const pr = parsePressRelease(bytes.toString('latin1'), {
      url: file,
      filedAt: ctx.fetchedAt,
      cik: '',
      accession: file,
    });
    out = processItems([{ item: pr.item, channel: 'press_release', body: pr.body }], reg).articles;
  } else {
    const f = parseFeed(bytes, ctx);
    out = processItems(
      f.items.map((item) => ({ item, channel: channelOf(f) })),
      reg,
    ).articles;
  }
  cache.set(file, out);
  return out;
}

let typeOk = 0;
let dirOk = 0;
const misses: string[] = [];
for (const l of labels) {
  const a = articlesOf(l.file).find((x) => x.title === l.title);
  if (!a) {
    misses.push(`MISSING  ${l.file}: ${l.title}`);
    continue;
  }
  const c = a.classification;
  const d = readLocally({
    title: a.title,
    summary: a.summary,
    event_type: c.event_type,
    event_subtype: c.event_subtype,
    company: null,
  }).direction;
  if (c.event_type === l.event_type) typeOk++;
  else
    misses.push(
      `type     want ${l.event_type.padEnd(13)} got ${c.event_type.padEnd(13)} ${a.title.slice(0, 90)}`,
    );
  if (d === l.direction) dirOk++;
  else misses.push(`direction want ${l.direction.padEnd(8)} got ${d.padEnd(8)} ${a.title.slice(0, 90)}`);
}
const n = labels.length;
const pct = (x: number) => `${((100 * x) / n).toFixed(1)}%`;
for (const m of misses) process.stdout.write(`${m}\n`);
process.stdout.write(
  `${JSON.stringify({ labelled: n, event_type_accuracy: pct(typeOk), direction_accuracy: pct(dirOk), goal_event_type: '85%' })}\n`,
);
if (typeOk / n < 0.85) process.exitCode = 1;
