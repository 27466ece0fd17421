/**
 * `npm run bench`: runs every bench/*.bench.ts as its own process (so one benchmark's heap never skews
 * another's), collects the one JSON object each prints, and writes them to bench/results/<date>.json.
 * Benchmarks that need Postgres use DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
const results: unknown[] = [];
for (const f of files) {
  process.stderr.write(`bench ${f} ...\n`);
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', `bench/${f}`], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = out.trim().split('\n').filter(Boolean).at(-1) ?? '{}';
    const parsed = JSON.parse(line);
    results.push(parsed);
    process.stdout.write(`${JSON.stringify(parsed)}\n`);
  } catch (err) {
    results.push({ name: f, error: (err as Error).message.split('\n')[0] });
  }
}
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(
  file,
  `${JSON.stringify({ node: process.version, at: new Date().toISOString(), results }, null, 2)}\n`,
);
process.stderr.write(`wrote ${file}\n`);
