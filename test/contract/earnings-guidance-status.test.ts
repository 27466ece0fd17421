import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsReleasesJob } from '../../jobs/edgar/earnings-releases.job.ts';
import type { Database } from '../../lib/db.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { seedRegistry } from '../helpers/registry.ts';

// Issue 28: the worded guidance statuses and guidance-only releases through the job's parse and load, then the
// guidance routes. Real release excerpts (fixtures/earnings/held-out-2, fixtures/earnings/guidance-held-out),
// values read by hand: Quest Diagnostics Q3 2014 ("adjusted diluted EPS range narrowed to $4.03 to $4.07, from
// $4.00 to $4.10 previously"), LabCorp Q2 2019 ("UPDATES 2019 GUIDANCE": adjusted EPS $11.10 to $11.40) and
// Patterson Companies' COVID-19 update of 2020-04-06 (withdrew its fiscal 2020 guidance, no results).
const FIX = new URL('../../fixtures/earnings/', import.meta.url);
const RELEASES = [
  {
    accession: '0001022079-14-000048',
    cik: 1022079,
    filingDate: '2014-10-23',
    file: 'held-out-2/DGX_8-K_2014-10-23_EX-99.1_excerpt.txt',
  },
  {
    accession: '0000920148-19-000076',
    cik: 920148,
    filingDate: '2019-07-25',
    file: 'guidance-held-out/LH_8-K_2019-07-25_EX-99.1_excerpt.txt',
  },
  {
    accession: '0001193125-20-098903',
    cik: 891024,
    filingDate: '2020-04-06',
    file: 'guidance-held-out/PDCO_8-K_2020-04-06_EX-99_excerpt.txt',
  },
];

let database: Database;
let api: RunningApi;
let key: string;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(
    database,
    300,
    RELEASES.map((r) => r.cik),
  );
  for (const r of RELEASES) {
    await indexFiling(database, {
      accession: r.accession,
      cik: r.cik,
      type: '8-K',
      reportDate: r.filingDate,
      filingDate: r.filingDate,
      primaryDocument: null,
    });
    const bytes = readFileSync(new URL(r.file, FIX));
    const doc = {
      url: `https://www.sec.gov/Archives/edgar/data/${r.cik}/${r.accession.replace(/-/g, '')}/ex99.htm`,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fetchedAt: `${r.filingDate}T22:00:00Z`,
      contentType: 'text/plain',
    };
    const { rows } = earningsReleasesJob.parse([doc], `acc:${r.accession}`) as Awaited<
      ReturnType<typeof earningsReleasesJob.parse>
    >;
    await database.db.transaction((tx) => earningsReleasesJob.load(tx, rows, `acc:${r.accession}`));
  }
  api = await startApi(database, { logLevel: 'warn' });
  ({ key } = await accountWithKey(database, 'fund', 100));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const get = async (path: string) => {
  const r = await api.get(path, { key });
  return { status: r.status, body: (await r.json()) as { data: Record<string, unknown>[] } };
};

describe('guidance statuses through the routes', () => {
  it('a guidance-only release is recorded as such and serves guidance, not earnings', async () => {
    const rows = await database.query<{ accession_number: string; status: string }>(
      'select accession_number, status from earnings_releases order by accession_number',
    );
    expect(rows.map((r) => [r.accession_number, r.status])).toEqual([
      ['0000920148-19-000076', 'ok'],
      ['0001022079-14-000048', 'ok'],
      ['0001193125-20-098903', 'guidance_only'],
    ]);
    expect((await get('/v1/companies/PDCO/earnings')).body.data).toEqual([]);
    const g = await get('/v1/companies/PDCO/guidance');
    expect(g.status).toBe(200);
    expect(
      g.body.data.map((r) => [r.metric, r.target_fiscal_period, r.target_fiscal_year, r.point, r.status]),
    ).toEqual([['all', 'FY', 2020, null, 'withdrawn']]);
    const c = await get('/v1/companies/PDCO/guidance/changes');
    expect(c.body.data[0]).toMatchObject({ metric: 'all', change: 'withdrawn', worded_status: 'withdrawn' });
    expect(c.body.data[0]!.disagrees).toBe(false);
  });

  it('narrowed and updated are served as worded, and flagged against a first statement', async () => {
    const dgx = await get('/v1/companies/DGX/guidance?metric=eps_diluted');
    expect(dgx.body.data.map((r) => [r.basis, r.target_fiscal_year, r.low, r.high, r.status])).toEqual([
      ['non_gaap', 2014, 4.03, 4.07, 'narrowed'],
    ]);
    const lh = await get('/v1/companies/LH/guidance?target_fiscal_year=2019');
    expect(lh.body.data.map((r) => [r.metric, r.low, r.high, r.status])).toEqual([
      ['eps_diluted', 11.1, 11.4, 'updated'],
      ['free_cash_flow', 950_000_000, 1_050_000_000, 'updated'],
    ]);
    // the company's first loaded statement is initiated; a worded narrowed beside it disagrees
    const changes = await get('/v1/companies/DGX/guidance/changes?metric=eps_diluted');
    expect(changes.body.data[0]).toMatchObject({
      change: 'initiated',
      worded_status: 'narrowed',
      disagrees: true,
    });
  });
});
