import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDJob } from '../../jobs/edgar/form-d.job.ts';
import { DEMO_NPORT_DOCUMENTS, demoNportKey, nportJob } from '../../jobs/edgar/nport.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { EVENT_TYPE_BY_NAME } from '../../lib/events/catalog.ts';
import { emitEvents } from '../../lib/events/emit.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { FORM_D_FILES } from '../private-companies/files.ts';

// Push events of issue 27 from real fixture loads, as the pipeline runs them (jobs/pipeline.ts: the job's
// parse, its load, then emitEvents last in the same transaction): private_offering.published (Form D) and
// fund_holdings.published (N-PORT). A re-run of the same document emits nothing.
const DETECTED = '2026-01-30T08:15:00.000Z';

function doc(path: string, url: string): RawDocument {
  const bytes = readFileSync(path);
  return {
    url,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: DETECTED,
    contentType: null,
  };
}

let database: Database;

async function run(job: DatasetJob, key: string, docs: RawDocument[]): Promise<number> {
  const parsed = await job.parse(docs, key);
  return database.db.transaction(async (tx) => {
    await job.load(tx, parsed.rows, key);
    return emitEvents(tx, job.dataset, { key, rows: parsed.rows, detectedAt: DETECTED, maxAgeDays: 0 });
  });
}

const logged = (type: string) =>
  database.query<{ data: Record<string, unknown>; occurred_at: unknown; accepted_at: unknown }>(
    'select data, occurred_at, accepted_at from events where type = $1 order by sequence',
    [type],
  );

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('private_offering.published', () => {
  it('the Hashnote Form D: 506(c), an Indefinite offering, the amount sold as filed; a re-run emits nothing', async () => {
    const key = 'acc:0001968399-23-000002';
    const hashnote = doc(
      FORM_D_FILES.hashnote,
      'https://www.sec.gov/Archives/edgar/data/1968399/000196839923000002/0001968399-23-000002.txt',
    );
    expect(await run(formDJob as DatasetJob, key, [hashnote])).toBe(1);
    const [e] = await logged('private_offering.published');
    expect(e!.data).toEqual(EVENT_TYPE_BY_NAME.get('private_offering.published')!.example.data);
    // the header's acceptance 20230310180759 is US Eastern (EST that day): 23:07:59 UTC
    expect(new Date(e!.accepted_at as string).toISOString()).toBe('2023-03-10T23:07:59.000Z');
    expect(await run(formDJob as DatasetJob, key, [hashnote])).toBe(0);
  });
});

describe('fund_holdings.published', () => {
  it('the Dupree NPORT-P: the report, its net assets and its largest positions; a re-run emits nothing', async () => {
    const url = DEMO_NPORT_DOCUMENTS[0];
    const dupree = doc(`fixtures/upstream/${url.replace('https://', '')}`, url);
    expect(await run(nportJob as DatasetJob, demoNportKey(url), [dupree])).toBe(1);
    const [e] = await logged('fund_holdings.published');
    expect(e!.data).toEqual(EVENT_TYPE_BY_NAME.get('fund_holdings.published')!.example.data);
    expect(await run(nportJob as DatasetJob, demoNportKey(url), [dupree])).toBe(0);
  });
});
