/**
 * Throughput of the filing-items splitter against its floor. Run: `node --import tsx bench/items.bench.ts`.
 * Input: the largest 10-K fixture (GAINSCO 2009, 1.59 MB of HTML). In the same run it measures
 * - `htmlparser2_parse`: htmlparser2's Parser over the same HTML with no-op callbacks (the floor: the least
 *   any splitter built on it must spend), and
 * - `splitFilingFile`: bytes in -> items out (decode, clean blocks, headings, chain, sections).
 * `ratio` = the median over BENCH_ROUNDS (5) alternating rounds of split time / floor time (goal <= 1.2,
 * issue 26), on the process's CPU time (user + system), which other processes on a shared machine disturb
 * far less than wall time (`wall_ratio`: the same on wall time). `htmlparser2_parse` and `splitFilingFile`
 * are the rounds' medians. Prints one JSON object on stdout; MB are 10^6 bytes.
 */
import { readFileSync, statSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { splitFilingFile } from '../parsers/edgar/items/index.ts';
import { repeatFor } from './timing.ts';

const TARGET_MS = Number(process.env.BENCH_ROUND_MS ?? 1_500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FIXTURES = new URL('../fixtures/upstream/www.sec.gov/Archives/edgar/data/', import.meta.url);
const LARGEST_10K = 'cik-unknown/000119312510073212/GAINSCO_10-K_FY2009_0001193125-10-073212.html';

interface Measured {
  mb_per_s: number;
  ms_per_doc: number;
  /** CPU time (user + system) of this process per document: what the ratio uses. */
  cpu_ms_per_doc: number;
  iterations: number;
}

function measure(bytes: number, run: () => unknown): Measured {
  const cpu0 = process.cpuUsage();
  const { iterations, elapsed } = repeatFor(run, TARGET_MS, 5);
  const cpu = process.cpuUsage(cpu0);
  const seconds = elapsed / 1000;
  return {
    mb_per_s: Math.round(((bytes * iterations) / 1e6 / seconds) * 100) / 100,
    ms_per_doc: Math.round((elapsed / iterations) * 100) / 100,
    // includes the warm-up calls (5 of each): the same share on both sides
    cpu_ms_per_doc: Math.round(((cpu.user + cpu.system) / 1000 / (iterations + 5)) * 100) / 100,
    iterations,
  };
}

const path = new URL(LARGEST_10K, FIXTURES);
const buffer = readFileSync(path);
const html = buffer.toString('utf8');
const bytes = statSync(path).size;

const floorRun = () => {
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
};
const heapBefore = process.memoryUsage().heapUsed;
let itemsFound = 0;
const splitRun = () => {
  const result = splitFilingFile(buffer, { form: '10-K' });
  itemsFound = result.items.length;
  return result;
};
// Rounds alternate floor and splitter (so load from other processes hits both); each round's ratio is
// split time / floor time, and the reported ratio is their median.
const floors: Measured[] = [];
const splits: Measured[] = [];
const ratios: number[] = [];
const wallRatios: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const f = measure(bytes, floorRun);
  const s = measure(bytes, splitRun);
  floors.push(f);
  splits.push(s);
  ratios.push(s.cpu_ms_per_doc / f.cpu_ms_per_doc);
  wallRatios.push(s.ms_per_doc / f.ms_per_doc);
}
const mid = <T>(xs: T[], by: (x: T) => number) => [...xs].sort((a, b) => by(a) - by(b))[xs.length >> 1]!;
const floor = mid(floors, (m) => m.ms_per_doc);
const split = mid(splits, (m) => m.ms_per_doc);
const memory = process.memoryUsage();

const results = {
  input: { file: LARGEST_10K, bytes, items_found: itemsFound },
  htmlparser2_parse: floor,
  splitFilingFile: split,
  peak_rss_mb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
  heap_used_mb: Math.round((memory.heapUsed / 1e6) * 10) / 10,
  heap_growth_mb: Math.round(((memory.heapUsed - heapBefore) / 1e6) * 10) / 10,
  round_ratios: ratios.map((x) => Math.round(x * 100) / 100),
  wall_ratio: Math.round(mid(wallRatios, (x) => x) * 100) / 100,
};
const ratio = Math.round(mid(ratios, (x) => x) * 100) / 100;

process.stdout.write(`${JSON.stringify({ name: 'items', results, ratio, goal: '<= 1.2' })}\n`);
