/**
 * Output fingerprint of the filing-items splitter, for performance work that must not change a byte of what
 * it serves. Run: `node --import tsx bench/items-accuracy.ts` (after `../shared/fixtures/corpus/unpack.sh`).
 *
 * Every .htm/.html/.txt/.nc document of `fixtures/upstream/**\/edgar/data/`, `../shared/fixtures/sec/` and the
 * unpacked corpus `../shared/fixtures/corpus/secparser/` is split from its bytes as 10-K, 10-Q and 8-K
 * (the 8-K also with a 2003 filing date, the pre-2004 numbering), each literal and with `resolve`; the
 * corpus's HTML also from a string, as `cli/quality/items-corpus.ts` reads it. Each document's blocks
 * (`toBlocks`, what the quality harness reads) are included too. Prints the number of documents and splits,
 * and one SHA-256 over `JSON.stringify` of every result in a fixed order: equal before and after a change
 * means the change moved no output (so `npm run quality:items` cannot move either).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SplitFileOptions, splitFilingFile, toBlocks } from '../parsers/edgar/items/index.ts';
import { looksLikeHtml } from '../parsers/edgar/items/text.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UPSTREAM = join(ROOT, 'fixtures/upstream');
const SHARED_SEC = join(ROOT, '../shared/fixtures/sec');
const CORPUS = join(ROOT, '../shared/fixtures/corpus/secparser');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(htm|html|txt|nc)$/i.test(name)) out.push(path);
  }
  return out;
}

const upstream = walk(UPSTREAM).filter((p) => /\/edgar\/data\//.test(p));
const shared = existsSync(SHARED_SEC) ? walk(SHARED_SEC) : [];
const corpus = existsSync(CORPUS) ? walk(CORPUS) : [];
if (corpus.length === 0)
  process.stderr.write('corpus not unpacked: run ../shared/fixtures/corpus/unpack.sh\n');

const RUNS: SplitFileOptions[] = [
  { form: '10-K' },
  { form: '10-K', resolve: true },
  { form: '10-Q' },
  { form: '10-Q', resolve: true },
  { form: '8-K' },
  { form: '8-K', resolve: true },
  { form: '8-K', filingDate: '2003-06-30' },
];

const hash = createHash('sha256');
let splits = 0;
const t0 = performance.now();
const docs = [...upstream, ...shared, ...corpus];
for (const path of docs) {
  const bytes = readFileSync(path);
  const name = relative(ROOT, path);
  const inputs: (Buffer | string)[] = [bytes];
  if (path.startsWith(CORPUS)) inputs.push(bytes.toString('utf8'));
  for (const input of inputs) {
    for (const opts of RUNS) {
      hash.update(`${name} ${JSON.stringify(opts)}\n`);
      hash.update(JSON.stringify(splitFilingFile(input, opts)));
      splits++;
    }
  }
  const text = bytes.toString('utf8');
  hash.update(JSON.stringify(looksLikeHtml(text) ? toBlocks(text, undefined) : toBlocks(undefined, text)));
}
process.stdout.write(
  `${JSON.stringify({
    documents: docs.length,
    by_source: { upstream: upstream.length, shared_sec: shared.length, corpus: corpus.length },
    splits,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    sha256: hash.digest('hex'),
  })}\n`,
);
