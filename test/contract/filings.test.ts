import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILING_TYPES, ITEM_TYPES } from '../../api/routes/filings-reference.ts';
import { filingItemsJob } from '../../jobs/edgar/filing-items.job.ts';
import { filingsJob } from '../../jobs/edgar/filings.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { SUPPORTED_FILING_TYPES } from '../../parsers/edgar/form-types.ts';
import { ITEM_TYPES as PARSER_ITEM_TYPES } from '../../parsers/edgar/items/index.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { seedRegistry } from '../helpers/registry.ts';

// Spec 4.2 (filings, filing items), 2.3/2.4 (rows), 7.2 (flat errors), part 1 (credits and refunds). Data:
// the real filings and filing_items jobs' parse + load over Apple's captured submissions JSON and filings.
let database: Database;
let api: RunningApi;
let key: string;
let accountId: string;

const SEC = 'https://www.sec.gov/Archives/edgar/data';
const TEN_K_1994 = '0000320193-94-000016';
const TEN_Q_2000 = '0000912057-00-023442';
const EIGHT_K_2000 = '0000912057-00-002128';
const TSLA = '0001564590-20-004475';
const TSLA_DOC = 'TSLA_10-K_FY2019_0001564590-20-004475_SGML-minimal-TRIMMED.txt';

const doc = (path: string): RawDocument => {
  const bytes = readFileSync(`fixtures/upstream/${path}`);
  return {
    url: `https://${path}`,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fetchedAt: '2026-01-30T08:15:00.000Z',
    contentType: null,
  };
};
async function runJob(job: DatasetJob, partition: string, docs: RawDocument[]) {
  const { rows } = await job.parse(docs, partition);
  await database.db.transaction((tx) => job.load(tx, rows, partition));
}
const folder = (cik: number, acc: string) =>
  `www.sec.gov/Archives/edgar/data/${cik}/${acc.replace(/-/g, '')}`;

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 400); // AAPL and TSLA are among SEC's first 400 tickers
  await runJob(filingsJob as DatasetJob, 'cik:0000320193', [
    doc('data.sec.gov/submissions/CIK0000320193.json'),
    doc('data.sec.gov/submissions/CIK0000320193-submissions-001.json'),
  ]);
  for (const acc of [TEN_K_1994, TEN_Q_2000, EIGHT_K_2000]) {
    await runJob(filingItemsJob as DatasetJob, `acc:${acc}`, [doc(`${folder(320193, acc)}/${acc}.txt`)]);
  }
  // Tesla's FY2019 10-K as captured (TRIMMED: no item headings), indexed as submissions JSON would index it.
  await indexFiling(database, {
    accession: TSLA,
    cik: 1318605,
    type: '10-K',
    reportDate: '2019-12-31',
    filingDate: '2020-02-13',
    primaryDocument: TSLA_DOC,
  });
  await runJob(filingItemsJob as DatasetJob, `acc:${TSLA}`, [doc(`${folder(1318605, TSLA)}/${TSLA_DOC}`)]);
  // The per-minute counters use windows aligned to the clock minute: the limiter's clock is pinned inside one
  // window, so the limit test's 21 requests count in one window wherever the minute turns while they run (CI
  // once saw the 21st answered 200 in the next window).
  const pinned = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  api = await startApi(database, { logLevel: 'warn', now: () => pinned });
  ({ key, accountId } = await accountWithKey(database, 'fund', 10_000));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const get = (path: string) => api.get(path, { key });
async function ok(path: string) {
  const r = await get(path);
  expect(r.status, path).toBe(200);
  return r.json();
}
async function bad(path: string, message: string | RegExp) {
  const r = await get(path);
  expect(r.status, path).toBe(400);
  const body = await r.json();
  expect(Object.keys(body)).toEqual(['error', 'message']);
  expect(body.error).toBe('Bad Request');
  if (typeof message === 'string') expect(body.message, path).toBe(message);
  else expect(body.message, path).toMatch(message);
}
const credits = async () =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [accountId]))[0]!
      .credits,
  );

describe('GET /v1/filings', () => {
  it("lists Apple's 1994 10-K with the spec 2.3 row (cik an integer, url the filing folder)", async () => {
    const body = await ok('/v1/filings?ticker=AAPL&filing_type=10-K&filed_at_lte=1994-12-31');
    expect(body).toEqual({
      filings: [
        {
          cik: 320193,
          accession_number: TEN_K_1994,
          filing_type: '10-K',
          report_date: '1994-09-30',
          filing_date: '1994-12-13',
          ticker: 'AAPL',
          url: `${SEC}/320193/000032019394000016/`,
        },
      ],
    });
  });

  it('is newest first, 10 rows by default, limit >= 1; cik in any padding equals the ticker', async () => {
    const all = (await ok('/v1/filings?ticker=AAPL')).filings;
    expect(all).toHaveLength(10);
    // The newest filing in the snapshot is a Form 4 (2023-08-08), outside spec 2.3's types: not indexed.
    expect(all[0]).toMatchObject({
      accession_number: '0000320193-23-000077',
      filing_type: '10-Q',
      filing_date: '2023-08-04',
    });
    const dates = all.map((f: { filing_date: string }) => f.filing_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await ok('/v1/filings?cik=0000320193')).filings).toEqual(all);
    expect((await ok('/v1/filings?cik=320193&limit=1')).filings).toEqual(all.slice(0, 1));
    await bad('/v1/filings?ticker=AAPL&limit=0', /limit/);
  });

  it('filters by repeated filing_type and inclusive/exclusive filing-date bounds', async () => {
    const q = '/v1/filings?ticker=AAPL&filing_type=10-Q&filing_type=8-K&limit=100';
    const early = (await ok(`${q}&filed_at_gte=2000-01-24&filed_at_lte=2000-05-11`)).filings;
    expect(early.map((f: { accession_number: string }) => f.accession_number)).toEqual([
      TEN_Q_2000,
      '0000912057-00-003201', // 10-Q filed 2000-02-01
      EIGHT_K_2000,
    ]);
    const exclusive = (await ok(`${q}&filed_at_gt=2000-01-24&filed_at_lt=2000-05-11`)).filings;
    expect(exclusive.map((f: { accession_number: string }) => f.accession_number)).toEqual([
      '0000912057-00-003201',
    ]);
    for (const f of (await ok(`${q}&filed_at_lt=2001-01-01`)).filings)
      expect(['10-Q', '8-K']).toContain(f.filing_type);
  });

  it('answers 400 (flat body) without ticker or cik or with an unknown type, 404 for an unknown ticker', async () => {
    await bad('/v1/filings', 'ticker or cik is required');
    await bad('/v1/filings?ticker=AAPL&filing_type=10-X', /filing_type.*must be one of 10-K, 10-Q, 8-K/);
    const r = await get('/v1/filings?ticker=NOSUCHCO');
    expect(r.status).toBe(404);
    expect((await r.json()).error).toBe('Not Found');
    expect((await get('/v1/filings?ticker=AAPL&bogus=1')).status).toBe(200); // unknown params ignored
  });

  it('serves the free discovery lists: tickers, 10-character CIKs and the 13 types', async () => {
    expect(await ok('/v1/filings/tickers')).toEqual({ resource: 'filings', tickers: ['AAPL', 'TSLA'] });
    expect(await ok('/v1/filings/ciks')).toEqual({ resource: 'filings', ciks: ['0000320193', '0001318605'] });
    expect(await ok('/v1/filings/types')).toEqual({ filing_types: [...SUPPORTED_FILING_TYPES] });
    expect(FILING_TYPES).toEqual(SUPPORTED_FILING_TYPES);
  });
});

const items = '/v1/filings/items?ticker=AAPL';

describe('GET /v1/filings/items', () => {
  it("splits Apple's 1994 10-K (year of the period of report) into its 14 items, literal text", async () => {
    const body = await ok(`${items}&filing_type=10-K&year=1994`);
    expect(Object.keys(body)).toEqual([
      'resource',
      'ticker',
      'cik',
      'filing_type',
      'accession_number',
      'year',
      'items',
    ]);
    expect(body).toMatchObject({
      resource: 'filing_items',
      ticker: 'AAPL',
      cik: 320193,
      filing_type: '10-K',
      accession_number: TEN_K_1994,
      year: 1994,
    });
    expect(body.items).toHaveLength(14);
    expect(body.items[0]).toMatchObject({
      number: 'Item-1',
      name: 'Business',
      text_mode: 'literal',
      exhibits: [],
    });
    expect(body.items[0].text).toMatch(/^Item 1\. Business\nGeneral\nApple Computer, Inc\. \("Apple" or the/);
    for (const i of body.items) expect(i).not.toHaveProperty('resolved');
  });

  it('accepts 1A-style, item-7, Item-14 and repeats; unknown codes are a 400', async () => {
    const body = await ok(`${items}&filing_type=10-K&year=1994&item=1&item=item-7&item=Item-14`);
    expect(body.items.map((i: { number: string }) => i.number)).toEqual(['Item-1', 'Item-7', 'Item-14']);
    expect((await ok(`${items}&filing_type=10-K&year=1994&item=1A`)).items).toEqual([]); // no 1A in 1994
    await bad(`${items}&filing_type=10-K&year=1994&item=Item-99`, /Unknown 10-K item 'Item-99'/);
  });

  it('attaches the exhibit list (and capped text on request) to the exhibits item', async () => {
    const base = `${items}&filing_type=10-K&year=1994&item=14`;
    expect((await ok(base)).items[0].exhibits).toEqual([]);
    const meta = (await ok(`${base}&include_exhibits=true`)).items[0].exhibits;
    expect(meta.map((e: { number: string }) => e.number)).toEqual(['10', '11', '21', '27']);
    expect(meta[3]).toEqual({
      number: '27',
      description: 'ART. 5 FDS FOR FY94 FORM 10-K',
      url: `${SEC}/320193/000032019394000016/${TEN_K_1994}.txt`,
    });
    expect((await ok(`${base}&include_exhibit_text=true`)).items[0].exhibits).toEqual([]);
    const full = (await ok(`${base}&include_exhibits=true&include_exhibit_text=true`)).items[0].exhibits;
    expect(full[2].text).toMatch(/^EXHIBIT 21\nSUBSIDIARIES OF APPLE COMPUTER, INC\*/);
    expect(full[2].truncated).toBe(false);
  });

  it('resolve=true expands only by-reference items and adds the resolved block to those', async () => {
    const literal = (await ok(`${items}&filing_type=10-K&year=1994`)).items;
    const resolved = (await ok(`${items}&filing_type=10-K&year=1994&resolve=true`)).items;
    expect(resolved.map((i: { number: string }) => i.number)).toEqual(
      literal.map((i: { number: string }) => i.number),
    );
    const expanded = resolved.filter((i: { text_mode: string }) => i.text_mode === 'resolved');
    expect(expanded.length).toBeGreaterThan(0);
    for (const i of resolved) {
      const lit = literal.find((l: { number: string }) => l.number === i.number);
      if (i.text_mode === 'resolved') {
        expect(i.resolved).toMatchObject({ source: 'in_document', truncated: false });
        expect(i.text.startsWith(lit.text)).toBe(true);
        expect(i.text.length).toBeGreaterThan(lit.text.length);
      } else {
        expect(i).not.toHaveProperty('resolved');
        expect(i.text).toBe(lit.text);
      }
    }
  });

  it('keys a 10-Q by year and quarter; a bare number matches either part, Part-II-Item-1 one', async () => {
    const body = await ok(`${items}&filing_type=10-Q&year=2000&quarter=2`);
    expect(body).toMatchObject({ accession_number: TEN_Q_2000, year: 2000, quarter: 2 });
    expect(body.items).toHaveLength(6);
    const one = await ok(`${items}&filing_type=10-Q&year=2000&quarter=2&item=1`);
    expect(one.items.map((i: { number: string }) => i.number)).toEqual(['Part-I-Item-1', 'Part-II-Item-1']);
    const partII = await ok(`${items}&filing_type=10-Q&year=2000&quarter=2&item=part-ii-item-1`);
    expect(partII.items).toHaveLength(1);
    expect(partII.items[0].text).toMatch(/^ITEM 1\. LEGAL PROCEEDINGS\nThe Company is subject/);
  });

  it('selects an 8-K by accession number, dashes optional; dotted codes are accepted', async () => {
    const body = await ok(`${items}&filing_type=8-K&year=2000&accession_number=000091205700002128&item=5`);
    expect(body).not.toHaveProperty('quarter');
    expect(body.accession_number).toBe(EIGHT_K_2000);
    expect(body.items).toEqual([
      {
        number: 'Item-5',
        name: 'Other Events',
        text: expect.stringMatching(/^Item 5\. OTHER EVENTS\.\n\(i\) Reference is made to the press release/),
        text_mode: 'literal',
        exhibits: [],
      },
    ]);
    const withDashes = await ok(`${items}&filing_type=8-K&year=2000&accession_number=${EIGHT_K_2000}`);
    expect(withDashes.items.map((i: { number: string }) => i.number)).toEqual(['Item-5', 'Item-7']);
    expect(
      (await ok(`${items}&filing_type=8-K&year=2000&accession_number=${EIGHT_K_2000}&item=2.02`)).items,
    ).toEqual([]);
  });

  it('answers 400 (flat body) for each missing combination', async () => {
    const q = '/v1/filings/items?';
    await bad(`${q}filing_type=10-K&year=1994`, /^Missing required query parameter 'ticker'/);
    await bad(`${q}ticker=AAPL&year=1994`, /^Missing required query parameter 'filing_type'/);
    await bad(`${q}ticker=AAPL&filing_type=10-K`, /^Missing required query parameter 'year'/);
    await bad(`${q}ticker=AAPL&filing_type=20-F&year=1994`, /filing_type.*must be one of 10-K, 10-Q, 8-K/);
    await bad(`${q}ticker=AAPL&filing_type=10-Q&year=2000`, 'quarter is required for 10-Q');
    await bad(`${q}ticker=AAPL&filing_type=8-K&year=2000`, 'accession_number is required for 8-K');
    await bad(`${q}ticker=AAPL&filing_type=8-K&year=2000&accession_number=12345`, /accession_number/);
    await bad(`${q}ticker=AAPL&filing_type=10-Q&year=2000&quarter=5`, /quarter/);
  });

  it('answers 404 (flat body) when no such filing is loaded or the ticker is unknown', async () => {
    for (const path of [
      `${items}&filing_type=10-K&year=2024`,
      `${items}&filing_type=10-Q&year=2000&quarter=3`,
      `${items}&filing_type=8-K&year=2001&accession_number=${EIGHT_K_2000}`,
      '/v1/filings/items?ticker=NOSUCHCO&filing_type=10-K&year=1994',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      const body = await r.json();
      expect(Object.keys(body)).toEqual(['error', 'message']);
      expect(body.error).toBe('Not Found');
    }
  });

  it('serves an unsplittable filing as 200 with empty items and the reason, refunding the credit', async () => {
    const before = await credits();
    const body = await ok('/v1/filings/items?ticker=TSLA&filing_type=10-K&year=2019');
    expect(body).toEqual({
      resource: 'filing_items',
      ticker: 'TSLA',
      cik: 1318605,
      filing_type: '10-K',
      accession_number: TSLA,
      year: 2019,
      items: [],
      items_unavailable_reason: 'unparseable_document',
    });
    expect(await credits()).toBe(before);
  });

  it('lists item types per form for free, the same as the parser catalogue', async () => {
    const body = await ok('/v1/filings/items/types');
    expect(Object.keys(body)).toEqual(['10-K', '10-Q', '8-K']);
    expect(body['10-K'][1]).toEqual({ code: 'Item-1A', title: 'Risk Factors' });
    expect(body['8-K']).toContainEqual({
      code: 'Item-2.02',
      title: 'Results of Operations and Financial Condition',
    });
    expect(body).toEqual(JSON.parse(JSON.stringify(PARSER_ITEM_TYPES)));
    expect(ITEM_TYPES).toEqual(PARSER_ITEM_TYPES);
  });
});

describe('credits and documentation', () => {
  it('charges 1 credit for /v1/filings and /v1/filings/items, 0 for the lists, none for a 400', async () => {
    const cost = async (path: string) => {
      const before = await credits();
      await get(path);
      return before - (await credits());
    };
    expect(await cost('/v1/filings?ticker=AAPL')).toBe(1);
    expect(await cost(`${items}&filing_type=10-K&year=1994&item=1`)).toBe(1);
    for (const free of [
      '/v1/filings/tickers',
      '/v1/filings/ciks',
      '/v1/filings/types',
      '/v1/filings/items/types',
    ])
      expect(await cost(free), free).toBe(0);
    expect(await cost('/v1/filings')).toBe(0);
    expect(await cost(`${items}&filing_type=10-K&year=2024`)).toBe(0); // 404: refunded
  });

  it('rate-limits /v1/filings per key (Free: 20 a minute, 402 flat, not charged); the free lists are not throttled', async () => {
    const free = await accountWithKey(database, 'free', 100);
    const call = (path: string) => api.get(path, { key: free.key });
    for (let i = 0; i < 20; i++) expect((await call('/v1/filings?ticker=AAPL&limit=1')).status).toBe(200);
    const r = await call('/v1/filings?ticker=AAPL&limit=1');
    expect(r.status).toBe(402);
    const body = await r.json();
    expect(Object.keys(body)).toEqual(['error', 'message']);
    expect(body.message).toMatch(/rate limit/i);
    expect((await call('/v1/filings/items?ticker=AAPL&filing_type=10-K&year=1994')).status).toBe(402);
    expect((await call('/v1/filings/types')).status).toBe(200);
    expect((await call('/v1/filings/items/types')).status).toBe(200);
    const [row] = await database.query<{ credits: string }>('select credits from accounts where id = $1', [
      free.accountId,
    ]);
    expect(Number(row!.credits)).toBe(80);
  });

  it('documents every filings route with its parameters and a response example', async () => {
    const doc = await (await api.get('/v1/openapi.json')).json();
    for (const path of [
      '/v1/filings',
      '/v1/filings/tickers',
      '/v1/filings/ciks',
      '/v1/filings/types',
      '/v1/filings/items',
      '/v1/filings/items/types',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const params = doc.paths['/v1/filings/items'].get.parameters.map((p: { name: string }) => p.name);
    for (const name of ['ticker', 'filing_type', 'year', 'quarter', 'accession_number', 'item', 'resolve'])
      expect(params).toContain(name);
    expect(JSON.stringify(doc.paths['/v1/filings/items'].get.responses['200'])).toContain('Item-5');
  });
});
