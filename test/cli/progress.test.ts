import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogOutput, formatDuration, progressReporter, throughputMeter } from '../../cli/progress.ts';
import { createLogger } from '../../lib/logger.ts';

/** A stream that says it is a terminal, collecting what is written to it. */
function fakeTty() {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; columns: number; text(): string };
  stream.isTTY = true;
  stream.columns = 160;
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString()));
  stream.text = () => chunks.join('');
  return stream as unknown as NodeJS.WriteStream & { text(): string };
}

const progress = (done: number, total = 4) => ({ done, total, failed: 0 });

describe('progress bar on a TTY', () => {
  it('prints warnings above the bar and leaves info lines out while it runs; logs go back to the stream after', async () => {
    const tty = fakeTty();
    const output = createLogOutput(tty);
    const logger = createLogger('info', output);
    const bar = progressReporter(logger, 'filings', { stream: tty, logs: output });
    logger.info('before the first update');
    logger.warn('early warning');
    bar.update(progress(1));
    logger.info({ partition: 'q:2021Q1' }, 'partition loaded');
    logger.warn({ warning: 'odd header' }, 'parser warning');
    bar.update(progress(4));
    bar.stop();
    logger.info('after the bar');
    await new Promise((r) => setImmediate(r));
    const text = tty.text();
    expect(text).toContain('parser warning');
    expect(text).not.toContain('partition loaded');
    expect(text).not.toContain('before the first update');
    expect(text).toContain('early warning');
    expect(text).toContain('4/4 partitions');
    expect(text).toContain('after the bar');
    // The warning is a whole line of its own, not spliced into the bar's line.
    const plain = text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    expect(plain.split('\n').some((l) => l.startsWith('{"level":40') && l.endsWith('}'))).toBe(true);
  });

  it('prints warnings logged while no partition ran (nothing to do) once it stops', async () => {
    const tty = fakeTty();
    const output = createLogOutput(tty);
    const logger = createLogger('info', output);
    const bar = progressReporter(logger, 'companies', { stream: tty, logs: output });
    logger.warn('listing was slow');
    bar.stop();
    await new Promise((r) => setImmediate(r));
    expect(tty.text()).toContain('listing was slow');
    expect(tty.text()).not.toContain('partitions');
  });

  it('prints every line above the bar with LOG_LEVEL=debug', async () => {
    const tty = fakeTty();
    const output = createLogOutput(tty);
    const logger = createLogger('debug', output);
    const bar = progressReporter(logger, 'companies', { stream: tty, logs: output });
    bar.update(progress(1));
    logger.info('partition loaded');
    bar.stop();
    await new Promise((r) => setImmediate(r));
    expect(tty.text()).toContain('partition loaded');
  });

  it('logs plain progress lines when the stream is not a terminal', () => {
    const lines: string[] = [];
    const output = createLogOutput({ write: (l: string) => lines.push(l) } as never);
    const logger = createLogger('info', output);
    const pipe = new PassThrough() as unknown as NodeJS.WriteStream;
    const bar = progressReporter(logger, 'filings', { stream: pipe, logs: output });
    bar.update(progress(4));
    bar.stop();
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['backfill progress']);
  });
});

describe('backfill throughput', () => {
  it('counts each finished partition once and gives rows/s, documents/s and the time left at that rate', () => {
    let now = 0;
    const meter = throughputMeter(() => now);
    const report = (partition: string, inserted: number, updated: number, documents: number) => ({
      dataset: 'filings',
      partition,
      status: 'done' as const,
      documents,
      rowsParsed: inserted + updated,
      inserted,
      updated,
      warnings: 0,
      ms: 1,
    });
    expect(meter.update({ done: 0, total: 10, failed: 0 }).etaS).toBeNull();
    now = 2_000;
    meter.update({ done: 1, total: 10, failed: 0, last: report('q:2024Q1', 300, 100, 1) });
    // the same partition reported again (a second progress call) is not counted twice
    now = 4_000;
    const t = meter.update({ done: 2, total: 10, failed: 0, last: report('q:2024Q2', 200, 0, 3) });
    expect(t.rows).toBe(600);
    expect(meter.update({ done: 2, total: 10, failed: 0, last: report('q:2024Q2', 200, 0, 3) }).rows).toBe(
      600,
    );
    expect(t.rowsPerS).toBe(150);
    expect(t.documentsPerS).toBe(1);
    expect(t.partitionsPerS).toBe(0.5);
    expect(t.etaS).toBe(16);
    expect(formatDuration(t.etaS)).toBe('16s');
    expect(formatDuration(3725)).toBe('1h02m');
    expect(formatDuration(185)).toBe('3m05s');
    expect(formatDuration(null)).toBe('?');
  });
});
