import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { appendEvents, eventId, type NewEvent } from '../../lib/events/log.ts';
import { createTestDatabase } from '../helpers/db.ts';

const runtime = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';

// Apple's 10-K for fiscal 2024 (accepted 2024-11-01 06:01:36 EDT), as the filings loader would describe it
const filing = (accession: string): NewEvent => ({
  type: 'filing.published',
  key: accession,
  occurredAt: '2024-11-01',
  acceptedAt: '2024-11-01T10:01:36Z',
  detectedAt: '2024-11-01T10:01:50Z',
  companyId: 'cmp_test',
  ticker: 'AAPL',
  data: { accession_number: accession, form: '10-K', links: { self: `/v1/filings?accession=${accession}` } },
});

describe(`event log: outbox appends, deterministic ids, gap-free sequence (${runtime})`, () => {
  let database: Database;
  const log = () =>
    database.query<{ id: string; sequence: string; type: string; ticker: string }>(
      'select id, sequence::text as sequence, type, ticker from events e order by e.sequence',
    );

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('appends in the caller transaction, numbering from 1, and never twice for the same fact', async () => {
    const n = await database.db.transaction((tx) =>
      appendEvents(tx, [filing('0000320193-24-000123'), filing('0000320193-24-000081')]),
    );
    expect(n).toBe(2);
    // a re-ingest of the same filing (and a duplicate inside one batch) appends nothing
    const again = await database.db.transaction((tx) =>
      appendEvents(tx, [filing('0000320193-24-000123'), filing('0000320193-24-000123')]),
    );
    expect(again).toBe(0);
    const rows = await log();
    expect(rows.map((r) => [r.sequence, r.id])).toEqual([
      ['1', eventId('filing.published', '0000320193-24-000123')],
      ['2', eventId('filing.published', '0000320193-24-000081')],
    ]);
    expect(rows[0]?.id).toMatch(/^evt_[0-9a-f]{32}$/);
  });

  it('a rolled-back load emits nothing and leaves no gap', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await appendEvents(tx, [filing('0000320193-25-000008')]);
        throw new Error('load failed after its events');
      }),
    ).rejects.toThrow('load failed');
    await database.db.transaction((tx) => appendEvents(tx, [filing('0000320193-25-000057')]));
    const rows = await log();
    expect(rows.map((r) => r.sequence)).toEqual(['1', '2', '3']);
    expect(rows[2]?.id).toBe(eventId('filing.published', '0000320193-25-000057'));
  });

  it('refuses a payload over the bound instead of storing a document', async () => {
    const big = { ...filing('x'), data: { text: 'a'.repeat(20_001) } };
    await expect(database.db.transaction((tx) => appendEvents(tx, [big]))).rejects.toThrow(
      /over the 20000-byte bound/,
    );
  });

  it.runIf(runtime === 'Postgres')(
    'concurrent loads get consecutive sequences in commit order, and a fact both append once',
    async () => {
      const before = (await log()).length;
      const shared = filing('0001045810-25-000209');
      const loads = Array.from({ length: 8 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute('select pg_sleep(0.01)' as never);
          return appendEvents(tx, [shared, filing(`0001045810-25-00030${i}`)]);
        }),
      );
      const appended = (await Promise.all(loads)).reduce((a, b) => a + b, 0);
      expect(appended).toBe(9);
      const rows = await log();
      expect(rows.length).toBe(before + 9);
      expect(rows.map((r) => Number(r.sequence))).toEqual(rows.map((_, i) => i + 1));
    },
  );
});
