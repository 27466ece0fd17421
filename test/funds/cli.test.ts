import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// @test-scope embedded-only: `etl parse` reads files and opens no database; its output cannot depend on DATABASE_URL.

// `etl parse nport <file>` prints the fund, the report and every position as filed.
const DIR =
  'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';

describe('etl parse nport', () => {
  it('prints the fund id, the report and the positions (pct in percent of net assets)', () => {
    const out = JSON.parse(
      execFileSync(process.execPath, ['bin/etl.js', 'parse', 'nport', `${DIR}/NPORT.Dupree.xml`], {
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent' },
        maxBuffer: 32 * 1024 * 1024,
      }),
    );
    expect(out.fund_id).toBe('fnd_S000012000');
    expect(out.report).toMatchObject({ reportDate: '2022-12-31', netAssets: 41349926.01 });
    expect(out.positions).toHaveLength(55);
    expect(out.positions[53]).toMatchObject({
      name: 'UNIVERSITY LOUISVILLE KY',
      valueUsd: 2041380,
      pctOfNetAssets: 4.9368407564,
    });
  });
});
