import cliProgress from 'cli-progress';
import type { RunProgress } from '../jobs/runtime/types.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * A progress bar with rate and ETA on a TTY; one plain log line every few seconds otherwise (CI, files,
 * pipes), so long backfills show life either way.
 */
export function progressReporter(logger: Logger, label: string, stream: NodeJS.WriteStream = process.stderr) {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label.padEnd(10)} {bar} {percentage}% | {value}/{total} partitions | {rate}/s | ETA {eta_formatted} | {failed} failed | {last}`,
        stream,
        hideCursor: true,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = Date.now();
    let begun = false;
    return {
      update(p: RunProgress) {
        if (!begun) {
          bar.start(p.total, 0, { rate: '0.0', failed: 0, last: '' });
          begun = true;
        }
        bar.setTotal(p.total);
        const rate = (p.done / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1);
        bar.update(p.done, { rate, failed: p.failed, last: p.last?.partition ?? '' });
      },
      stop() {
        if (begun) bar.stop();
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
