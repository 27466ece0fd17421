import { describe, expect, it } from 'vitest';
import { CoverageReader } from '../../api/platform/coverage.ts';
import type { Database } from '../../lib/db.ts';

/** A database whose only statement is the coverage read: counts the reads, answers after a turn of the loop. */
function countingDatabase() {
  const db = {
    reads: 0,
    async query() {
      db.reads++;
      await new Promise((r) => setTimeout(r, 5));
      return [
        {
          available_from: '2001-01-01',
          available_to: '2026-12-01',
          update_frequency: 'daily',
          history_status: 'complete',
        },
      ];
    },
  };
  return db;
}

describe('CoverageReader', () => {
  it('concurrent requests that find the entry missing or expired share one read', async () => {
    const db = countingDatabase();
    const reader = new CoverageReader(db as unknown as Database, 20);
    const first = await Promise.all(Array.from({ length: 16 }, () => reader.get('companies')));
    expect(db.reads).toBe(1);
    expect(new Set(first).size).toBe(1);
    expect(first[0]!.available_to).toBe('2026-12-01');
    // cached: no read
    await reader.get('companies');
    expect(db.reads).toBe(1);
    // expired: 16 requests in flight, one read again
    await new Promise((r) => setTimeout(r, 30));
    await Promise.all(Array.from({ length: 16 }, () => reader.get('companies')));
    expect(db.reads).toBe(2);
  });

  it('a failed read is not kept: the next request reads again', async () => {
    let fail = true;
    const db = countingDatabase();
    const query = db.query;
    db.query = async () => {
      if (fail) {
        db.reads++;
        throw new Error('connection lost');
      }
      return query();
    };
    const reader = new CoverageReader(db as unknown as Database, 1_000);
    await expect(Promise.all([reader.get('companies'), reader.get('companies')])).rejects.toThrow(
      /connection lost/,
    );
    expect(db.reads).toBe(1);
    fail = false;
    expect((await reader.get('companies')).history_status).toBe('complete');
    expect(db.reads).toBe(2);
  });
});
