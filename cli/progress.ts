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

/** Throughput of a running backfill: partitions, rows and documents per second, and the time left at that rate. */
export interface Throughput {
  elapsedS: number;
  done: number;
  total: number;
  rows: number;
  documents: number;
  partitionsPerS: number;
  rowsPerS: number;
  documentsPerS: number;
  /** Seconds left at the rate so far; null before the first partition finishes. */
  etaS: number | null;
}

/** Counts each finished partition's rows and documents once, whatever the number of progress calls. */
export function throughputMeter(now: () => number = Date.now) {
  const started = now();
  const seen = new Set<string>();
  let rows = 0;
  let documents = 0;
  let last: Throughput = {
    elapsedS: 0,
    done: 0,
    total: 0,
    rows: 0,
    documents: 0,
    partitionsPerS: 0,
    rowsPerS: 0,
    documentsPerS: 0,
    etaS: null,
  };
  return {
    update(p: RunProgress): Throughput {
      if (p.last && !seen.has(p.last.partition)) {
        seen.add(p.last.partition);
        rows += p.last.inserted + p.last.updated;
        documents += p.last.documents;
      }
      const elapsedS = Math.max(0.001, (now() - started) / 1000);
      const rate = p.done / elapsedS;
      last = {
        elapsedS,
        done: p.done,
        total: p.total,
        rows,
        documents,
        partitionsPerS: rate,
        rowsPerS: rows / elapsedS,
        documentsPerS: documents / elapsedS,
        etaS: p.done > 0 ? (p.total - p.done) / rate : null,
      };
      return last;
    },
    get current() {
      return last;
    },
  };
}

/** `1h02m`, `3m05s`, `42s`; `?` when unknown. */
export function formatDuration(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '?';
  const t = Math.round(s);
  if (t >= 3600) return `${Math.floor(t / 3600)}h${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}m`;
  if (t >= 60) return `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s`;
  return `${t}s`;
}

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  logs?: LogOutput;
  /** What the bar counts (`partitions`; `days` for the Feed route). */
  unit?: string;
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
        format: `${label.padEnd(10)} {bar} {percentage}% | {value}/{total} ${opts.unit ?? 'partitions'} | {rate}/s | {rows} rows ({rowsRate}/s) | {docsRate} docs/s | ETA {eta_formatted} | {failed} failed | {last}`,
        stream,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    const quietBelow = logger.levelVal <= DEBUG ? 0 : WARN;
    const meter = throughputMeter();
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
          bar = bars.create(p.total, 0, {
            rate: '0.0',
            rows: 0,
            rowsRate: 0,
            docsRate: '0.0',
            failed: 0,
            last: '',
          });
          for (const line of early.splice(0)) bars.log(line);
        }
        bar.setTotal(p.total);
        const t = meter.update(p);
        bar.update(p.done, {
          rate: t.partitionsPerS.toFixed(1),
          rows: t.rows,
          rowsRate: Math.round(t.rowsPerS),
          docsRate: t.documentsPerS.toFixed(1),
          failed: p.failed,
          last: p.last?.partition ?? '',
        });
      },
      throughput: () => meter.current,
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
  const meter = throughputMeter();
  return {
    update(p: RunProgress) {
      const t = meter.update(p);
      const now = Date.now();
      if (now - lastLog > 3000 || p.done === p.total) {
        lastLog = now;
        logger.info(
          {
            dataset: label,
            done: p.done,
            total: p.total,
            failed: p.failed,
            last: p.last?.partition,
            rows: t.rows,
            partitions_per_s: Math.round(t.partitionsPerS * 10) / 10,
            rows_per_s: Math.round(t.rowsPerS),
            documents_per_s: Math.round(t.documentsPerS * 10) / 10,
            eta: formatDuration(t.etaS),
          },
          'backfill progress',
        );
      }
    },
    throughput: () => meter.current,
    stop() {},
  };
}
