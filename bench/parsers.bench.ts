/**
 * Throughput of the SEC parsers on real captured files. Run: `node --import tsx bench/parsers.bench.ts`.
 * Inputs: Apple's submissions JSON and the largest idx fixture (daily company.20221003.idx, 744 kB).
 * Prints one JSON object on stdout; MB are 10^6 bytes of UTF-8 input.
 */
import { readFileSync } from 'node:fs';
import { parseIndexFile } from '../parsers/edgar/index-files.ts';
import { parseSubmissions } from '../parsers/edgar/submissions.ts';
import { repeatFor } from './timing.ts';

const TARGET_MS = 2_000;
const FETCHED_AT = '2024-06-01T12:00:00.000Z';

interface BenchResult {
  parser: string;
  mb_per_s: number;
  bytes: number;
  iterations: number;
}

function fixture(path: string) {
  const text = readFileSync(new URL(`../fixtures/upstream/${path}`, import.meta.url), 'utf8');
  return {
    text,
    bytes: Buffer.byteLength(text, 'utf8'),
    ctx: { url: `https://${path}`, fetchedAt: FETCHED_AT },
  };
}

/** Warms up, then repeats `run` until about TARGET_MS have passed. */
function measure(parser: string, bytes: number, run: () => unknown): BenchResult {
  const { iterations, elapsed } = repeatFor(run, TARGET_MS, 20);
  const mbPerS = (bytes * iterations) / 1e6 / (elapsed / 1000);
  return { parser, mb_per_s: Math.round(mbPerS * 100) / 100, bytes, iterations };
}

const submissions = fixture('data.sec.gov/submissions/CIK0000320193.json');
const index = fixture('www.sec.gov/Archives/edgar/daily-index/2022/QTR4/company.20221003.idx');

const results = [
  measure('parseSubmissions', submissions.bytes, () => parseSubmissions(submissions.text, submissions.ctx)),
  measure('parseIndexFile', index.bytes, () => parseIndexFile(index.text, index.ctx, 'company')),
];

process.stdout.write(`${JSON.stringify({ name: 'parsers', results })}\n`);
