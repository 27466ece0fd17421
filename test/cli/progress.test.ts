import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogOutput, progressReporter } from '../../cli/progress.ts';
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
