import { Writable } from 'node:stream';
import { createLogger } from '../../lib/logger.ts';

/** A logger whose JSON lines are kept, as written, for the assertions (`parsed()` reads them as objects). */
export function capturingLogger(level = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const logger = createLogger(level, sink as never);
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
