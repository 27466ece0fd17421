import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';

export const FIXTURES = path.resolve('fixtures/upstream');
export const silentLogger = createLogger('silent');

/** A real captured SEC document and its upstream URL. */
export const AAPL = {
  url: 'https://data.sec.gov/submissions/CIK0000320193.json',
  mirrorPath: '/data.sec.gov/submissions/CIK0000320193.json',
  file: path.join(FIXTURES, 'data.sec.gov/submissions/CIK0000320193.json'),
};
/** A small one, for the rate tests. */
export const SMALL = {
  url: 'https://data.sec.gov/submissions/CIK0001800903.json',
  file: path.join(FIXTURES, 'data.sec.gov/submissions/CIK0001800903.json'),
};

export function fileSha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    UPSTREAM: 'fixtures',
    MIRROR_URL: undefined,
    SEC_USER_AGENT: undefined,
    HTTP_TIMEOUT_MS: 5_000,
    HTTP_MAX_RETRIES: 3,
    ...overrides,
  } as Config;
}

/** The most request starts found in any half-open window [t, t + windowMs). */
export function maxInWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let end = 0;
  for (let start = 0; start < sorted.length; start++) {
    while (end < sorted.length && sorted[end]! < sorted[start]! + windowMs) end++;
    best = Math.max(best, end - start);
  }
  return best;
}
