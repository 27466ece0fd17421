/**
 * Instructions per pass of the items splitter and of its floor, counted by valgrind's callgrind: a count that
 * the load of other processes does not move (unlike time), so two runs on a busy machine agree to a fraction
 * of a percent. Run: `node --import tsx bench/items-instructions.ts` (needs `valgrind`; slow: node runs ~50x
 * slower under it, so it reads the `gainsco` case by default, `BENCH_CASES=gainsco,fixtures` for both).
 *
 * Per side (floor, split) and case, node runs twice under callgrind with V8's background threads off
 * (`--single-threaded`: one thread, no concurrent compilation or marking, so the count is repeatable):
 * once with W warm-up passes (BENCH_WARMUP, default 4), once with W + K (BENCH_PASSES, default 6). The
 * difference over K is the instructions of one warm pass, everything else (node's start, loading, warm-up,
 * exit) counted in both runs and cancelled. `ratio` = split / floor instructions per pass. Prints one JSON
 * object on stdout.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CASES = (process.env.BENCH_CASES ?? 'gainsco').split(',');
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4);
const PASSES = Number(process.env.BENCH_PASSES ?? 6);
const PASS_SCRIPT = fileURLToPath(new URL('./items-pass.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'items-callgrind-'));

/** Instructions executed by `node items-pass.ts side caseName passes` under callgrind (all threads). */
function instructions(side: string, caseName: string, passes: number): number {
  const out = join(dir, `${side}-${caseName}-${passes}.out`);
  execFileSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--single-threaded',
      '--import',
      'tsx',
      PASS_SCRIPT,
      side,
      caseName,
      String(passes),
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  const summary = /^summary:\s*(\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!summary) throw new Error(`no summary line in ${out}`);
  return Number(summary[1]);
}

const results: Record<string, unknown> = {};
const ratios: number[] = [];
try {
  for (const caseName of CASES) {
    const perPass: Record<string, number> = {};
    for (const side of ['floor', 'split']) {
      const base = instructions(side, caseName, WARMUP);
      const more = instructions(side, caseName, WARMUP + PASSES);
      perPass[side] = (more - base) / PASSES;
    }
    const ratio = perPass['split']! / perPass['floor']!;
    ratios.push(ratio);
    results[caseName] = {
      floor_instructions_per_pass: Math.round(perPass['floor']!),
      split_instructions_per_pass: Math.round(perPass['split']!),
      ratio: Math.round(ratio * 1000) / 1000,
    };
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(
  `${JSON.stringify({
    name: 'items-instructions',
    warmup: WARMUP,
    passes: PASSES,
    results,
    ratio: Math.round(Math.max(...ratios) * 1000) / 1000,
  })}\n`,
);
