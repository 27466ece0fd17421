import cliProgress from 'cli-progress';
import type { RunProgress } from '../jobs/runtime/types.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * The CLI logger's destination: stderr, or, while a progress bar runs on a TTY, the space above the bar
 * (pino's JSON lines written straight to the bar's stream would break it up).
 */
export interface LogOutput {
  write(line: string): void;
  /** Sends lines to `to` instead of the stream until called again with null. */
  divert(to: ((line: string) => void) | null): void;
}

export function createLogOutput(stream: NodeJS.WritableStream): LogOutput {
  let diverted: ((line: string) => void) | null = null;
  return {
    write(line) {
      if (diverted) diverted(line);
      else stream.write(line);
    },
    divert(to) {
      diverted = to;
    },
  };
}

/** The CLI's own log output (cli/context.ts builds the logger on it). */
export const cliLogOutput = createLogOutput(process.stderr);

const WARN = 40;
const DEBUG = 20;
const levelOf = (line: string) => Number(/^\{"level":(\d+)/.exec(line)?.[1] ?? WARN);

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  logs?: LogOutput;
}

/**
 * A progress bar with rate and ETA on a TTY; one plain log line every few seconds otherwise (CI, files,
 * pipes), so long backfills show life either way. While the bar runs, warnings and errors are printed above
 * it and info lines (one per partition, which the bar already counts) are left out; with LOG_LEVEL=debug or
 * trace every line is printed above it.
 */
export function progressReporter(logger: Logger, label: string, opts: ProgressOptions = {}) {
  const stream = opts.stream ?? process.stderr;
  const logs = opts.logs ?? cliLogOutput;
  if (stream.isTTY) {
    const bars = new cliProgress.MultiBar(
      {
        format: `${label.padEnd(10)} {bar} {percentage}% | {value}/{total} partitions | {rate}/s | ETA {eta_formatted} | {failed} failed | {last}`,
        stream,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    const quietBelow = logger.levelVal <= DEBUG ? 0 : WARN;
    const started = Date.now();
    let bar: cliProgress.SingleBar | null = null;
    // Diverted from the start: the first partitions log before the first progress update draws the bar.
    const early: string[] = [];
    logs.divert((line) => {
      if (levelOf(line) < quietBelow) return;
      const whole = line.endsWith('\n') ? line : `${line}\n`;
      if (bar) bars.log(whole);
      else early.push(whole);
    });
    return {
      update(p: RunProgress) {
        if (!bar) {
          bar = bars.create(p.total, 0, { rate: '0.0', failed: 0, last: '' });
          for (const line of early.splice(0)) bars.log(line);
        }
        bar.setTotal(p.total);
        const rate = (p.done / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1);
        bar.update(p.done, { rate, failed: p.failed, last: p.last?.partition ?? '' });
      },
      stop() {
        logs.divert(null);
        for (const line of early.splice(0)) logs.write(line);
        if (!bar) return;
        bars.update(); // prints lines still buffered above the bar
        bars.stop();
        bar = null;
      },
    };
  }
  let lastLog = 0;
  return {
    update(p: RunProgress) {
      const now = Date.now();
      if (now - lastLog > 3000 || p.done === p.total) {
        lastLog = now;
        logger.info(
          { dataset: label, done: p.done, total: p.total, failed: p.failed, last: p.last?.partition },
          'backfill progress',
        );
      }
    },
    stop() {},
  };
}
