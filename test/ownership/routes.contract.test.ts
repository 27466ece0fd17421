import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import { insiderTradesJob } from '../../jobs/ownership/insider-trades.job.ts';
import { ownershipIndexJob } from '../../jobs/ownership/ownership-index.job.ts';
import { proxyStatementsJob } from '../../jobs/ownership/proxy-statements.job.ts';
import { thirteenFJob } from '../../jobs/ownership/thirteen-f.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { syncDatasetRegistry } from '../../loaders/coverage.ts';
import { resetCusipNameIndex } from '../../loaders/cusip-identifiers.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedOwnershipRegistry } from './seed.ts';

// Spec 4.6 / 2.8 / 7.2-7.3 over real HTTP. Data: the ownership jobs' real parse + load over the captured
// filings (fixtures/upstream/OWNERSHIP-FIXTURES.md).
let database: Database;
let api: RunningApi;
let pro: string;
let free: string;

const ARCHIVES = 'www.sec.gov/Archives/edgar/data';
const CABOT_URL =
  'raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data/cabot.DEF14A.ixbrl.html';
const doc = (path: string, text?: string): RawDocument => {
  const bytes = text === undefined ? readFileSync(`fixtures/upstream/${path}`) : Buffer.from(text);
  return {
    url: `https://${path}`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-01-30T08:15:00.000Z',
    contentType: null,
  };
};
const submission = (cik: number, acc: string) => `${ARCHIVES}/${cik}/${acc.replace(/-/g, '')}/${acc}.txt`;
async function runJob(job: DatasetJob, partition: string, docs: RawDocument[]) {
  const { rows } = await job.parse(docs, partition);
  await database.db.transaction((tx) => job.load(tx, rows, partition));
}
const ok = async (path: string, key = pro) => {
  const res = await api.get(path, { key });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};
const fail = async (path: string, status: number, key = pro) => {
  const res = await api.get(path, { key });
  expect(res.status).toBe(status);
  return res.json();
};

const ADAMS_ACC = '0000320193-22-000061';
const ACTIAM = '0001619124-21-000002';

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedOwnershipRegistry(database);
  resetCusipNameIndex();
  const apple = [
    doc('data.sec.gov/submissions/CIK0000320193.json'),
    doc('data.sec.gov/submissions/CIK0000320193-submissions-001.json'),
  ];
  await runJob(filingsJob as DatasetJob, 'cik:0000320193', apple);
  await runJob(ownershipIndexJob as DatasetJob, 'cik:0000320193', apple);
  for (const [cik, acc] of [
    [320193, ADAMS_ACC],
    [1750, '0001127602-25-001055'],
    [1835856, '0001493152-25-009612'],
    [1617553, '0001617553-25-000024'],
  ] as const) {
    await runJob(insiderTradesJob as DatasetJob, `acc:${acc}`, [doc(submission(cik, acc))]);
  }
  await runJob(thirteenFJob as DatasetJob, `acc:${ACTIAM}`, [doc(submission(1619124, ACTIAM))]);
  await runJob(thirteenFJob as DatasetJob, 'acc:0001140361-23-013281', [
    doc(submission(1099219, '0001140361-23-013281')),
  ]);
  await runJob(proxyStatementsJob as DatasetJob, 'acc:0000893739-20-000019', [
    doc(submission(893739, '0000893739-20-000019')),
  ]);
  await runJob(proxyStatementsJob as DatasetJob, `doc:16040:https://${CABOT_URL}`, [doc(CABOT_URL)]);
  await syncDatasetRegistry(database);
  await database.query(
    `update datasets set last_refreshed_at = now() where id in ('insider_trades', 'institutional_holdings', 'executive_compensation')`,
  );
  api = await startApi(database, { logLevel: 'warn' });
  ({ key: pro } = await accountWithKey(database, 'professional', 10_000));
  ({ key: free } = await accountWithKey(database, 'free', 100));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('GET /v1/institutional-holdings', () => {
  it('by ticker: the latest filing per filer holding the issuer, value descending', async () => {
    expect(await ok('/v1/institutional-holdings?ticker=AAPL')).toEqual({
      ticker: 'AAPL',
      institutional_holdings: [
        {
          ticker: 'AAPL',
          name_of_issuer: 'APPLE INC',
          cusip: '037833100',
          report_period: '2020-12-31',
          filing_date: '2021-02-12',
          form_type: '13F-HR',
          accession_number: ACTIAM,
          title_of_class: 'Common stock',
          put_call: null,
          shares: 1733777,
          value_usd: 230054000,
          reported_price: 132.6895,
          filer_cik: 1619124,
          filer_name: 'ACTIAM N.V.',
        },
      ],
    });
  });

  it('by filer: 10-digit filer_cik, value descending, tickers through CUSIP links (null when unresolved)', async () => {
    const body = await ok('/v1/institutional-holdings?filer_cik=1619124');
    expect(body.filer_cik).toBe('0001619124');
    expect(
      body.institutional_holdings.map((h: { ticker: string; value_usd: number }) => [h.ticker, h.value_usd]),
    ).toEqual([
      ['AAPL', 230054000],
      ['MSFT', 224483000],
      ['AMZN', 152059000],
      ['GOOGL', 66793000],
      ['GOOGL', 58769000],
    ]);
    const met = await ok('/v1/institutional-holdings?filer_cik=0001099219&limit=2');
    expect(met.institutional_holdings).toHaveLength(2);
    expect(met.institutional_holdings[0]).toMatchObject({
      ticker: null,
      name_of_issuer: 'SPDR S&P ETF TRUST',
      value_usd: 4245201,
    });
  });

  it('period filters select quarters; an empty range is data, not an error', async () => {
    expect(
      (await ok('/v1/institutional-holdings?filer_cik=1619124&report_period=2020-12-31'))
        .institutional_holdings,
    ).toHaveLength(5);
    expect(await ok('/v1/institutional-holdings?filer_cik=1619124&report_period_lt=2020-12-31')).toEqual({
      filer_cik: '0001619124',
      institutional_holdings: [],
    });
  });

  it('both or neither of filer_cik and ticker is a flat 400; an unknown ticker a flat 404; Free plan a 402', async () => {
    const both = await fail('/v1/institutional-holdings?filer_cik=1619124&ticker=AAPL', 400);
    expect(both).toEqual({ error: 'Bad Request', message: 'Provide exactly one of filer_cik or ticker' });
    expect((await fail('/v1/institutional-holdings', 400)).message).toBe(
      'Provide exactly one of filer_cik or ticker',
    );
    expect((await fail('/v1/institutional-holdings?ticker=NOPEX', 404)).error).toBe('Not Found');
    const paid = await fail('/v1/institutional-holdings?ticker=AAPL', 402, free);
    expect(paid.message).toMatch(/Professional/);
  });

  it('a RESTATEMENT amendment replaces the filing; NEW HOLDINGS add to it', async () => {
    const text = readFileSync(`fixtures/upstream/${submission(1619124, ACTIAM)}`, 'utf8');
    const amend = (acc: string, type: string, keep: RegExp) => {
      const amended = text
        .replaceAll(ACTIAM, acc)
        .replace('FILED AS OF DATE:\t\t20210212', 'FILED AS OF DATE:\t\t20210301')
        .replace('CONFORMED SUBMISSION TYPE:\t13F-HR', 'CONFORMED SUBMISSION TYPE:\t13F-HR/A')
        .replace(
          '<reportType>',
          `<isAmendment>true</isAmendment><amendmentInfo><amendmentType>${type}</amendmentType></amendmentInfo><reportType>`,
        )
        .replace(/\t<ns1:infoTable>[\s\S]*?<\/ns1:infoTable>\n/g, (m) => (keep.test(m) ? m : ''));
      return doc(submission(1619124, acc), amended);
    };
    // NEW HOLDINGS with Amazon only: the original's 5 rows plus Amazon's again
    await runJob(thirteenFJob as DatasetJob, 'acc:0001619124-21-000003', [
      amend('0001619124-21-000003', 'NEW HOLDINGS', /AMAZON/),
    ]);
    expect((await ok('/v1/institutional-holdings?filer_cik=1619124')).institutional_holdings).toHaveLength(6);
    // a RESTATEMENT filed the same day, later accession, with Apple only: it alone remains
    await runJob(thirteenFJob as DatasetJob, 'acc:0001619124-21-000004', [
      amend('0001619124-21-000004', 'RESTATEMENT', /APPLE/),
    ]);
    const after = await ok('/v1/institutional-holdings?filer_cik=1619124');
    expect(
      after.institutional_holdings.map((h: { accession_number: string; cusip: string }) => [
        h.accession_number,
        h.cusip,
      ]),
    ).toEqual([['0001619124-21-000004', '037833100']]);
    await database.query(
      `delete from thirteen_f_holdings where accession_number in ('0001619124-21-000003', '0001619124-21-000004')`,
    );
    await database.query(
      `delete from thirteen_f_filings where accession_number in ('0001619124-21-000003', '0001619124-21-000004')`,
    );
    await database.query(`update thirteen_f_filings set superseded = false where accession_number = $1`, [
      ACTIAM,
    ]);
  });
});

describe('GET /v1/insider-trades', () => {
  it('newest filing first, default limit 10, the rows of spec 2.8', async () => {
    const body = await ok('/v1/insider-trades?ticker=AAPL');
    expect(body.insider_trades).toHaveLength(7);
    expect(body.insider_trades[0]).toEqual({
      ticker: 'AAPL',
      issuer: 'Apple Inc.',
      name: 'Adams Katherine L.',
      title: 'SVP, GC and Secretary',
      is_board_director: false,
      transaction_date: '2022-05-04',
      transaction_type: 'S',
      transaction_shares: 9136,
      transaction_price_per_share: 159.94,
      transaction_value: 1461211.84,
      shares_owned_before_transaction: 477334,
      shares_owned_after_transaction: 468198,
      security_title: 'Common Stock',
      filing_date: '2022-05-06',
    });
    expect((await ok('/v1/insider-trades?ticker=AAPL&limit=2&foo=ignored')).insider_trades).toHaveLength(2);
  });

  it('a joint filing of 8 owners: one row per transaction; a footnote-only price is null', async () => {
    const body = await ok('/v1/insider-trades?ticker=BETR');
    expect(
      body.insider_trades.map((t: { name: string; transaction_price_per_share: number | null }) => [
        t.name,
        t.transaction_price_per_share,
      ]),
    ).toEqual([
      ['SOFTBANK GROUP CORP.', null],
      ['SOFTBANK GROUP CORP.', 0],
    ]);
  });

  it.each([
    'transaction_type=S',
    'transaction_date_gte=2022-01-01',
    'transaction_date_lt=2022-01-01',
    'filing_date_lte=2022-01-01',
    'filing_date_gt=2022-01-01',
    'name=Adams',
    'owner=Adams',
  ])('refuses %s with a 400 saying the route takes only ticker and limit', async (filter) => {
    const body = await fail(`/v1/insider-trades?ticker=AAPL&${filter}`, 400);
    expect(body).toEqual({
      error: 'Bad Request',
      message: `Unsupported filter ${filter.split('=')[0]}: /v1/insider-trades takes only ticker and limit`,
    });
  });

  it('ticker is required, limit is 1-1000', async () => {
    expect((await fail('/v1/insider-trades', 400)).error).toBe('Bad Request');
    expect((await fail('/v1/insider-trades?ticker=AAPL&limit=1001', 400)).error).toBe('Bad Request');
    expect((await fail('/v1/insider-trades?ticker=NOPEX', 404)).error).toBe('Not Found');
  });

  it('a 4/A replaces the rows of the filing it amends', async () => {
    const text = readFileSync(`fixtures/upstream/${submission(320193, ADAMS_ACC)}`, 'utf8');
    const acc = '0000320193-22-000099';
    const amended = text
      .replaceAll(ADAMS_ACC, acc)
      .replace('CONFORMED SUBMISSION TYPE:\t4', 'CONFORMED SUBMISSION TYPE:\t4/A')
      .replace(
        '<documentType>4</documentType>',
        '<documentType>4/A</documentType><dateOfOriginalSubmission>2022-05-06</dateOfOriginalSubmission>',
      )
      .replace(
        /(<nonDerivativeTransaction>[\s\S]*?<\/nonDerivativeTransaction>)[\s\S]*(<\/nonDerivativeTable>)/,
        '$1$2',
      );
    await runJob(insiderTradesJob as DatasetJob, `acc:${acc}`, [doc(submission(320193, acc), amended)]);
    const body = await ok('/v1/insider-trades?ticker=AAPL');
    expect(body.insider_trades).toHaveLength(1);
    expect(body.insider_trades[0].transaction_shares).toBe(9136);
    await database.query(`delete from insider_trades where accession_number = $1`, [acc]);
    await database.query(`delete from ownership_filings where accession_number = $1`, [acc]);
    await database.query(`update ownership_filings set amended_by = null where accession_number = $1`, [
      ADAMS_ACC,
    ]);
  });
});

describe('company routes: executive compensation and proxy ownership (envelope A)', () => {
  it('executive compensation: newest fiscal year first, filters, cursor paging', async () => {
    const all = await ok(
      '/v1/companies/CBT/executive-compensation?fiscal_year_gte=2021&fiscal_year_lte=2023',
    );
    expect(all.data).toHaveLength(15);
    expect(all.next_cursor).toBeNull();
    expect(all.coverage).toMatchObject({ available_from: '2000' });
    const ceo = await ok('/v1/companies/CBT/executive-compensation?ceo_only=true');
    expect(
      ceo.data.map((r: { fiscal_year: number; total_disclosed: number }) => [
        r.fiscal_year,
        r.total_disclosed,
      ]),
    ).toEqual([
      [2023, 7791510],
      [2022, 7948029],
      [2021, 8242487],
    ]);
    expect(ceo.data[0]).toMatchObject({
      ticker: 'CBT',
      company_id: companyIdForCik('0000016040'),
      person_name: 'Sean D. Keohane',
      bonus: null,
      component_gap: false,
    });
    const p1 = await ok('/v1/companies/0000016040/executive-compensation?limit=4');
    const p2 = await ok(
      `/v1/companies/0000016040/executive-compensation?limit=20&cursor=${encodeURIComponent(p1.next_cursor)}`,
    );
    expect(p1.data).toHaveLength(4);
    expect(p2.data).toHaveLength(11);
    expect(new Set([...p1.data, ...p2.data].map((r: { id: string }) => r.id)).size).toBe(15);
  });

  it('executive compensation: bad year, unknown parameter, unknown company', async () => {
    expect((await fail('/v1/companies/CBT/executive-compensation?fiscal_year=1989', 400)).success).toBe(
      false,
    );
    expect((await fail('/v1/companies/CBT/executive-compensation?year=2023', 400)).error.statusCode).toBe(
      400,
    );
    expect((await fail('/v1/companies/NOPEX/executive-compensation', 404)).error.statusCode).toBe(404);
    expect((await fail('/v1/companies/CBT/executive-compensation', 402, free)).error.message).toMatch(
      /Professional/,
    );
  });

  it('proxy ownership: the latest proxy, owner_kind and min_percent filters', async () => {
    const all = await ok('/v1/companies/TURN/proxy-ownership');
    expect(all.data).toHaveLength(11);
    expect(all.data[8]).toMatchObject({
      owner_kind: 'insider_group',
      shares_owned: 1591968,
      percent: 5.1,
      is_group: true,
    });
    const major = await ok('/v1/companies/TURN/proxy-ownership?owner_kind=major_holder');
    expect(major.data.map((r: { owner_name: string }) => r.owner_name)).toEqual([
      'Ariel Investments, LLC',
      'Financial Consulate, Inc.',
    ]);
    const five = await ok('/v1/companies/TURN/proxy-ownership?min_percent=5');
    expect(five.data.map((r: { percent: number }) => r.percent)).toEqual([5.1, 9.6, 7]);
    const cbt = await ok('/v1/companies/CBT/proxy-ownership?limit=1');
    expect(cbt.data[0]).toMatchObject({
      owner_name: 'BlackRock, Inc.',
      shares_owned: 6888619,
      percent: 12.43,
    });
    expect(cbt.next_cursor).not.toBeNull();
    expect((await fail('/v1/companies/TURN/proxy-ownership?owner_kind=ceo', 400)).success).toBe(false);
  });
});

describe('/v1/_status', () => {
  it('the ownership family is available with data', async () => {
    const body = await ok('/v1/_status');
    expect(body.families.find((f: { family: string }) => f.family === 'ownership')).toMatchObject({
      family: 'ownership',
      available: true,
    });
  });
});
