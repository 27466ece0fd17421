/**
 * Throughput of the filing-items splitter against its floor. Run: `node --import tsx bench/items.bench.ts`.
 * Input: the largest 10-K fixture (GAINSCO 2009, 1.59 MB of HTML). In the same run it measures
 * - `htmlparser2_parse`: htmlparser2's Parser over the same HTML with no-op callbacks (the floor: the least
 *   any splitter built on it must spend), and
 * - `splitFilingFile`: bytes in -> items out (decode, clean blocks, headings, chain, sections).
 * `ratio` = split time / floor time (goal <= 1.2, issue 26). Prints one JSON object on stdout; MB are 10^6 bytes.
 */
import { readFileSync, statSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { splitFilingFile } from '../parsers/edgar/items/index.ts';
import { repeatFor } from './timing.ts';

const TARGET_MS = 3_000;
const FIXTURES = new URL('../fixtures/upstream/www.sec.gov/Archives/edgar/data/', import.meta.url);
const LARGEST_10K = 'cik-unknown/000119312510073212/GAINSCO_10-K_FY2009_0001193125-10-073212.html';

interface Measured {
  mb_per_s: number;
  ms_per_doc: number;
  iterations: number;
}

function measure(bytes: number, run: () => unknown): Measured {
  const { iterations, elapsed } = repeatFor(run, TARGET_MS, 5);
  const seconds = elapsed / 1000;
  return {
    mb_per_s: Math.round(((bytes * iterations) / 1e6 / seconds) * 100) / 100,
    ms_per_doc: Math.round((elapsed / iterations) * 100) / 100,
    iterations,
  };
}

const path = new URL(LARGEST_10K, FIXTURES);
const buffer = readFileSync(path);
const html = buffer.toString('utf8');
const bytes = statSync(path).size;

const floor = measure(bytes, () => {
  let events = 0;
  const parser = new Parser(
    {
      onopentag: () => events++,
      ontext: () => events++,
      onclosetag: () => events++,
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return events;
});
const heapBefore = process.memoryUsage().heapUsed;
let itemsFound = 0;
const split = measure(bytes, () => {
  const result = splitFilingFile(buffer, { form: '10-K' });
  itemsFound = result.items.length;
  return result;
});
const memory = process.memoryUsage();

const results = {
  input: { file: LARGEST_10K, bytes, items_found: itemsFound },
  htmlparser2_parse: floor,
  splitFilingFile: split,
  peak_rss_mb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
  heap_used_mb: Math.round((memory.heapUsed / 1e6) * 10) / 10,
  heap_growth_mb: Math.round(((memory.heapUsed - heapBefore) / 1e6) * 10) / 10,
};
const ratio = Math.round((split.ms_per_doc / floor.ms_per_doc) * 100) / 100;

process.stdout.write(`${JSON.stringify({ name: 'items', results, ratio, goal: '<= 1.2' })}\n`);
