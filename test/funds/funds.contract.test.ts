import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NPORT_DOCUMENTS, demoNportKey } from '../../jobs/edgar/nport.job.ts';
import { backfillNportBatched } from '../../jobs/edgar/nport-batch.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { thirteenFJob } from '../../jobs/ownership/thirteen-f.job.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { resetCusipNameIndex } from '../../loaders/cusip-identifiers.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';
import { seedOwnershipRegistry } from '../ownership/seed.ts';

// @test-slow 20 (its rough wall seconds alone: vitest.config.ts starts the slow files first)
// Funds end to end: the fund_holdings job fetches the real NPORT-P documents through an offline mirror on
// loopback (the demo captures at the address they were captured from, plus an unreadable document and an
// amendment this test stages), parses, loads; the routes answer over real HTTP.
const EDGARTOOLS =
  'raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';
const DUPREE = readFileSync(`fixtures/upstream/${EDGARTOOLS}/NPORT.Dupree.xml`, 'utf8');
const BROKEN_URL = 'https://staged.test/nport/truncated_primary_doc.xml';
const AMENDED_URL = 'https://staged.test/nport/dupree_amended_primary_doc.xml';
const ACTIAM = '0001619124-21-000002';

let database: Database;
let api: RunningApi;
let mirror: Mirror;
let root: string;
let env: Awaited<ReturnType<typeof createTestServices>>;
let key: string;
let failures: { key: string; error: string }[];

const ok = async (path: string) => {
  const res = await api.get(path, { key });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};

function stage(url: string, text: string) {
  const u = new URL(url);
  const path = join(root, u.host, decodeURIComponent(u.pathname));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedOwnershipRegistry(database);
  resetCusipNameIndex();
  // the ACTIAM 13F teaches the registry Apple's CUSIP (and gives AAPL a 13F holder)
  const acc = ACTIAM.replace(/-/g, '');
  const bytes = readFileSync(
    `fixtures/upstream/www.sec.gov/Archives/edgar/data/1619124/${acc}/${ACTIAM}.txt`,
  );
  const doc = {
    url: `https://www.sec.gov/Archives/edgar/data/1619124/${acc}/${ACTIAM}.txt`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-01-30T08:15:00.000Z',
    contentType: null,
  };
  const parsed = await (thirteenFJob as DatasetJob).parse([doc], `acc:${ACTIAM}`);
  await database.db.transaction((tx) => (thirteenFJob as DatasetJob).load(tx, parsed.rows, `acc:${ACTIAM}`));

  root = mkdtempSync(join(tmpdir(), 'funds-upstream-'));
  cpSync('fixtures/upstream/_errors', join(root, '_errors'), { recursive: true });
  cpSync(`fixtures/upstream/${EDGARTOOLS}`, join(root, EDGARTOOLS), { recursive: true });
  stage(BROKEN_URL, DUPREE.slice(0, 20_000));
  mirror = await startMirror({ root });
  env = await createTestServices(database, { MIRROR_URL: mirror.url });
  const run = await env.runtime.runPartitions(
    'fund_holdings',
    [...DEMO_NPORT_DOCUMENTS.map(demoNportKey), demoNportKey(BROKEN_URL)],
    () => {},
    { refetch: false },
  );
  failures = run.failures.map((f) => ({ key: f.partition, error: f.message }));
  await database.query(
    `update datasets set last_refreshed_at = now() where id in ('funds', 'fund_holdings')`,
  );
  api = await startApi(database, { logLevel: 'warn' });
  ({ key } = await accountWithKey(database, 'fund', 1_000));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
  await mirror?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('fund_holdings job', () => {
  it('loads the three real documents; the unreadable one is quarantined and fails alone', async () => {
    expect(failures.map((f) => f.key)).toEqual([demoNportKey(BROKEN_URL)]);
    const [q] = await database.query<{ n: number; error: string }>(
      `select count(*)::int as n, max(error) as error from quarantine where dataset_id = 'fund_holdings'`,
    );
    expect(q!.n).toBe(1);
    expect(q!.error).toMatch(/malformed XML/);
    const rows = await database.query<{ fund_id: string; positions: number }>(
      'select fund_id, positions from fund_reports order by fund_id',
    );
    expect(rows).toEqual([
      { fund_id: 'fnd_S000012000', positions: 55 },
      { fund_id: 'fnd_S000013795', positions: 1685 },
      { fund_id: 'fnd_S000030880', positions: 0 },
    ]);
  });
});

describe('GET /v1/funds', () => {
  it('searches by name, registrant CIK, series, class and LEI', async () => {
    const byName = await ok('/v1/funds?q=kentucky');
    expect(byName.data).toHaveLength(1);
    expect(byName.data[0]).toEqual({
      fund_id: 'fnd_S000012000',
      name: 'Kentucky Tax-Free Short-to-Medium Series',
      series_id: 'S000012000',
      series_lei: '5493006TF05454RBY690',
      registrant: {
        cik: '0000311101',
        name: 'Dupree Mutual Funds',
        lei: '549300S8YVGTJ1NMTW57',
        file_number: '811-02918',
      },
      classes: [{ class_id: 'C000032728', ticker: null }],
      latest_report_date: '2022-12-31',
      net_assets: 41349926.01,
      total_assets: 41468995.88,
      is_final_filing: false,
      reports: 1,
    });
    for (const q of [
      'cik=822977',
      'series_id=S000013795',
      'class_id=C000161293',
      'lei=K5ZYN8ZUQE8S5OUPBU26',
    ]) {
      const body = await ok(`/v1/funds?${q}`);
      expect(
        body.data.map((f: { fund_id: string }) => f.fund_id),
        q,
      ).toEqual(['fnd_S000013795']);
    }
    expect((await ok('/v1/funds?ticker=NOPE')).data).toEqual([]);
  });

  it('pages with a cursor, and refuses unknown parameters and short queries (400)', async () => {
    const first = await ok('/v1/funds?limit=2');
    expect(first.data.map((f: { name: string }) => f.name)).toEqual([
      'AST Bond Portfolio 2022',
      'Goldman Sachs Bond Fund',
    ]);
    const next = await ok(`/v1/funds?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect(next.data.map((f: { fund_id: string }) => f.fund_id)).toEqual(['fnd_S000012000']);
    expect(next.next_cursor).toBeNull();
    for (const q of ['nope=1', 'q=k', 'series_id=12']) {
      const res = await api.get(`/v1/funds?${q}`, { key });
      expect(res.status, q).toBe(400);
    }
    const pro = await accountWithKey(database, 'professional', 5);
    const refused = await api.get('/v1/funds', { key: pro.key });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toMatch(/requires the Fund plan/);
  });
});

describe('GET /v1/funds/{id} and /holdings', () => {
  it('the profile lists the series, classes and report history; an unknown id is a 404', async () => {
    const body = await ok('/v1/funds/fnd_S000013795');
    expect(body.data.classes).toHaveLength(8);
    expect(body.data.net_assets).toBe(361898455.93);
    expect(body.data.report_history[0]).toMatchObject({
      report_date: '2023-03-31',
      positions: 1685,
      superseded_by: null,
    });
    expect((await api.get('/v1/funds/fnd_S999999999', { key })).status).toBe(404);
    expect((await api.get('/v1/funds/S000013795', { key })).status).toBe(400);
  });

  it('the top position and its share of net assets (percent scale), value descending', async () => {
    const body = await ok('/v1/funds/fnd_S000012000/holdings?limit=2');
    expect(body.data[0]).toMatchObject({
      name: 'UNIVERSITY LOUISVILLE KY',
      cusip: '914391Q83',
      value_usd: 2041380,
      pct_of_net_assets: 4.9368407564,
      report_date: '2022-12-31',
    });
    expect(body.data[1].value_usd).toBe(1771052.5);
    const rest = await ok(
      `/v1/funds/fnd_S000012000/holdings?limit=1000&cursor=${encodeURIComponent(body.next_cursor)}`,
    );
    expect(rest.data).toHaveLength(53);
  });

  it('a foreign-currency position keeps currency, exchange rate and USD value; filters apply', async () => {
    const body = await ok('/v1/funds/fnd_S000013795/holdings?country=RO&asset_category=DBT');
    const romania = body.data.find((h: { isin: string }) => h.isin === 'XS2109948823');
    expect(romania).toMatchObject({
      currency: 'EUR',
      exchange_rate: 0.922084,
      value_usd: 53709.86,
      balance: 70000,
    });
    expect(romania.value_in_currency).toBeCloseTo(53709.86 * 0.922084, 6);
    const big = await ok('/v1/funds/fnd_S000013795/holdings?min_pct_of_net_assets=4');
    expect(big.data.map((h: { pct_of_net_assets: number }) => h.pct_of_net_assets)).toEqual([
      8.373807487551, 4.532170828927,
    ]);
    const muni = await ok('/v1/funds/fnd_S000012000/holdings?issuer_category=CORP');
    expect(muni.data).toEqual([]);
    expect(
      (await api.get('/v1/funds/fnd_S000012000/holdings?min_pct_of_net_assets=abc', { key })).status,
    ).toBe(400);
  });

  it('an amendment (NPORT-P/A) replaces the report it amends', async () => {
    const amended = DUPREE.replace(
      '<submissionType>NPORT-P</submissionType>',
      '<submissionType>NPORT-P/A</submissionType>',
    ).replace('<valUSD>2041380</valUSD>', '<valUSD>2041999</valUSD>');
    expect(amended).toContain('2041999');
    stage(AMENDED_URL, amended);
    const run = await env.runtime.runPartitions('fund_holdings', [demoNportKey(AMENDED_URL)], () => {}, {
      refetch: false,
    });
    expect(run.failures).toEqual([]);
    const body = await ok('/v1/funds/fnd_S000012000/holdings?limit=1');
    expect(body.data[0]).toMatchObject({ name: 'UNIVERSITY LOUISVILLE KY', value_usd: 2041999 });
    const profile = await ok('/v1/funds/fnd_S000012000');
    expect(profile.data.reports).toBe(1);
    expect(
      profile.data.report_history.map((r: { submission_type: string; superseded_by: string | null }) => [
        r.submission_type,
        r.superseded_by,
      ]),
    ).toEqual([
      ['NPORT-P/A', null],
      ['NPORT-P', `url:${AMENDED_URL}`],
    ]);
  });
});

describe('GET /v1/companies/{id}/fund-holders', () => {
  it('Apple: the 13F holder and the bond fund’s Apple notes, value descending, each with its source and date', async () => {
    const body = await ok('/v1/companies/AAPL/fund-holders');
    expect(
      body.data.map((r: { source: string; cusip: string; value_usd: number; as_of: string }) => [
        r.source,
        r.cusip,
        r.value_usd,
        r.as_of,
      ]),
    ).toEqual([
      ['13f', '037833100', 230054000, '2020-12-31'],
      ['nport', '037833EK2', 52817.25, '2023-03-31'],
      ['nport', '037833EF3', 7012.6, '2023-03-31'],
    ]);
    expect(body.data[1]).toMatchObject({
      holder_id: 'fnd_S000013795',
      holder_name: 'Goldman Sachs Bond Fund',
      asset_category: 'DBT',
      pct_of_net_assets: 0.014594494431,
      company_link: { source: 'cusip_issuer_code', value: '037833EK2' },
    });
    const funds = await ok('/v1/companies/AAPL/fund-holders?source=nport&limit=1');
    expect(funds.data).toHaveLength(1);
    const page2 = await ok(
      `/v1/companies/AAPL/fund-holders?source=nport&limit=1&cursor=${encodeURIComponent(funds.next_cursor)}`,
    );
    expect(page2.data[0].cusip).toBe('037833EF3');
    expect((await ok('/v1/companies/AAPL/fund-holders?asset_category=EC')).data).toEqual([]);
    const thirteenF = await ok('/v1/companies/AAPL/fund-holders?source=13f');
    expect(thirteenF.data).toEqual([
      {
        source: '13f',
        holder_id: 'cik:0001619124',
        holder_name: 'ACTIAM N.V.',
        holder_cik: '0001619124',
        as_of: '2020-12-31',
        filing_date: '2021-02-12',
        accession_number: ACTIAM,
        security_name: 'APPLE INC',
        title: 'Common stock',
        cusip: '037833100',
        asset_category: null,
        balance: 1733777,
        units: 'SH',
        value_usd: 230054000,
        pct_of_net_assets: null,
        company_link: { source: 'cusip', value: '037833100' },
      },
    ]);
    expect((await api.get('/v1/companies/AAPL/fund-holders?source=x', { key })).status).toBe(400);
  });
});

describe('an acc: partition from the filing index', () => {
  it('fetches the primary document named by the index row (xsl prefix stripped) and keeps the filing date', async () => {
    // a staged accession (the captures carry none): the AST final filing served at its Archives path
    const acc = '0000814679-23-900001';
    await indexFiling(database, {
      accession: acc,
      cik: 814679,
      type: 'NPORT-P',
      reportDate: '2022-12-30',
      filingDate: '2023-02-24',
      primaryDocument: 'xslFormNPORT-P_X01/primary_doc.xml',
    });
    stage(
      `https://www.sec.gov/Archives/edgar/data/814679/${acc.replace(/-/g, '')}/primary_doc.xml`,
      readFileSync(`fixtures/upstream/${EDGARTOOLS}/NPORT.AdvancedSeries.xml`, 'utf8'),
    );
    const run = await env.runtime.runPartitions('fund_holdings', [`acc:${acc}`], () => {}, {
      refetch: false,
    });
    expect(run.failures).toEqual([]);
    const body = await ok('/v1/funds/fnd_S000030880');
    expect(
      body.data.report_history.map(
        (r: {
          accession_number: string | null;
          filing_date: string | null;
          superseded_by: string | null;
        }) => [r.accession_number, r.filing_date, r.superseded_by],
      ),
    ).toEqual([
      [acc, '2023-02-24', null],
      [null, null, acc],
    ]);
    expect(body.data.is_final_filing).toBe(true);
  });
});

describe('screening: fund_holders', () => {
  it('counts the funds whose latest N-PORT holds the company (null when none)', async () => {
    const body = await ok('/v1/screen?filter=fund_holders:gte:1');
    // the Goldman Sachs Bond Fund holds Amazon and Apple notes (linked through their CUSIP issuer codes)
    expect(
      body.data.map((r: { ticker: string; values: { fund_holders: unknown } }) => [
        r.ticker,
        r.values.fund_holders,
      ]),
    ).toEqual([
      ['AMZN', { value: 1, period: 'latest', report_period: '2023-03-31' }],
      ['AAPL', { value: 1, period: 'latest', report_period: '2023-03-31' }],
    ]);
    // null (no fund position linked) is not 0: Microsoft, held by no captured fund, is not listed
    const msft = await ok('/v1/screen?filter=fund_holders:gte:0');
    expect(msft.data.find((r: { ticker: string }) => r.ticker === 'MSFT')).toBeUndefined();
  });
});

describe('etl backfill fund_holdings --bulk', () => {
  it('reloads the same partitions many per transaction and leaves the reports as the per-filing path left them', async () => {
    const snapshot = () =>
      database.query(
        'select accession_number, fund_id, positions, superseded_by from fund_reports order by accession_number',
      );
    const before = await snapshot();
    // parsed on the worker thread (opt-in): the tables as the per-filing path left them
    const run = await backfillNportBatched(env.services, { force: true, parseThread: true });
    expect(run.failures).toEqual([]);
    // the three demo captures and the staged acc: filing, each recorded done again
    expect(run.reports.map((r) => r.partition).sort()).toEqual(
      [...DEMO_NPORT_DOCUMENTS.map(demoNportKey), 'acc:0000814679-23-900001'].sort(),
    );
    expect(await snapshot()).toEqual(before);
  });
});
