import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officerChanges } from '../../api/routes/8k-event-details.ts';
import { filingItemsJob } from '../../jobs/edgar/filing-items.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import type { Database } from '../../lib/db.ts';
import { splitFilingFile } from '../../parsers/edgar/items/index.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { indexFiling } from '../helpers/db.ts';
import { APPLE_ID, seedRegistry } from '../helpers/registry.ts';

// Issue 15: 8-K events, families and exhibits over the real filing-items job's rows (parse + load of
// captured 8-Ks: Apple 1999 and 2000 (pre-2004 items), Adobe 2023 (2.02 + EX-99.1), 1895 Bancorp 2024 and
// Acorn Energy 2025 (5.02)); filing and report dates as their headers give them.
let database: Database;
let api: RunningApi;
let key: string;
let accountId: string;

const ARCHIVE = 'fixtures/upstream/www.sec.gov/Archives/edgar/data';
const FILINGS = [
  {
    accession: '0000320193-99-000010',
    cik: 320193,
    filingDate: '1999-09-07',
    reportDate: '1999-09-03',
    file: `${ARCHIVE}/320193/000032019399000010/0000320193-99-000010.txt`,
  },
  {
    accession: '0000912057-00-002128',
    cik: 320193,
    filingDate: '2000-01-24',
    reportDate: '2000-01-19',
    file: `${ARCHIVE}/320193/000091205700002128/0000912057-00-002128.txt`,
  },
  {
    accession: '0000796343-23-000044',
    cik: 796343,
    filingDate: '2023-03-15',
    reportDate: '2023-03-15',
    file: `${ARCHIVE}/796343/000079634323000044/0000796343-23-000044.txt`,
  },
  {
    accession: '0000943374-24-000509',
    cik: 1847360,
    filingDate: '2024-12-27',
    reportDate: '2024-12-20',
    file: 'fixtures/8k-events/BCOW_8-K_2024-12-20_0000943374-24-000509_Item5.02_fulltext.txt',
  },
  {
    accession: '0001493152-25-001317',
    cik: 880984,
    filingDate: '2025-01-08',
    reportDate: '2025-01-06',
    file: 'fixtures/8k-events/ACFN_8-K_2025-01-06_0001493152-25-001317_Item5.02_dissemination.nc',
  },
];

beforeAll(async () => {
  database = await createApiTestDatabase();
  await seedRegistry(database, 400);
  for (const f of FILINGS) {
    await indexFiling(database, { ...f, type: '8-K', primaryDocument: null });
    const bytes = readFileSync(f.file);
    const doc: RawDocument = {
      url: `https://www.sec.gov/Archives/edgar/data/${f.cik}/${f.accession.replace(/-/g, '')}/${f.accession}.txt`,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fetchedAt: '2026-01-30T08:15:00.000Z',
      contentType: 'text/plain',
    };
    const job = filingItemsJob as DatasetJob;
    const { rows } = await job.parse([doc], `acc:${f.accession}`);
    await database.db.transaction((tx) => job.load(tx, rows, `acc:${f.accession}`));
  }
  api = await startApi(database, { logLevel: 'warn' });
  ({ key, accountId } = await accountWithKey(database, 'fund', 100));
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
});

const balance = async (id = accountId) =>
  Number(
    (await database.query<{ credits: string }>('select credits from accounts where id = $1', [id]))[0]!
      .credits,
  );
type Ev = { event_id: string; item: string; item_as_filed: string; family: string; accession_number: string };
const ids = (body: { data: Ev[] }) => body.data.map((e) => e.event_id);

describe('GET /v1/8k-events', () => {
  it('gives one event per item, newest filing first, with the filing, company, excerpt and exhibits (1 credit)', async () => {
    const before = await balance();
    const r = await api.get('/v1/8k-events', { key });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(ids(body)).toEqual([
      '0001493152-25-001317:5.02',
      '0001493152-25-001317:9.01',
      '0000943374-24-000509:5.02',
      '0000796343-23-000044:2.02',
      '0000796343-23-000044:9.01',
      '0000912057-00-002128:5',
      '0000912057-00-002128:7',
      '0000320193-99-000010:5',
      '0000320193-99-000010:7',
    ]);
    const adobe = body.data[3];
    expect(adobe).toMatchObject({
      company_id: expect.stringMatching(/^cmp_/),
      ticker: 'ADBE',
      cik: '0000796343',
      form: '8-K',
      filing_date: '2023-03-15',
      item: '2.02',
      family: 'results',
      item_name: 'Results of Operations and Financial Condition',
      details: {
        press_release: {
          number: '99.1',
          description: 'EX-99.1',
          url: 'https://www.sec.gov/Archives/edgar/data/796343/000079634323000044/adbeex991q123.htm',
        },
      },
    });
    expect(adobe.excerpt).toMatch(
      /^Item 2\.02\. Results of Operations and Financial Condition\. On March 15, 2023, Adobe Inc\. \(“Adobe”\) issued a press release/,
    );
    expect(adobe.excerpt.length).toBeLessThanOrEqual(601);
    expect(body.coverage).toMatchObject({ update_frequency: 'daily' });
    expect(await balance()).toBe(before - 1);
  });

  it('maps pre-2004 items to the current numbers (Apple 2000: Item 5 -> 8.01, Item 7 -> 9.01)', async () => {
    const body = await (
      await api.get('/v1/8k-events?filed_at_gte=2000-01-01&filed_at_lte=2000-12-31', { key })
    ).json();
    expect(body.data.map((e: Ev) => [e.item_as_filed, e.item, e.family])).toEqual([
      ['5', '8.01', 'other'],
      ['7', '9.01', 'other'],
    ]);
    expect(body.data[0]).toMatchObject({ company_id: APPLE_ID, ticker: 'AAPL', report_date: '2000-01-19' });
    expect(body.data[0].excerpt).toMatch(
      /^Item 5\. OTHER EVENTS\. \(i\) Reference is made to the press release/,
    );
    // item=8.01 finds the pre-2004 Item 5 too
    const other = await (await api.get('/v1/8k-events?item=8.01', { key })).json();
    expect(ids(other)).toContain('0000912057-00-002128:5');
  });

  it('reads officer changes from 5.02 items: person, role and change', async () => {
    const body = await (await api.get('/v1/8k-events?family=leadership', { key })).json();
    expect(ids(body)).toEqual(['0001493152-25-001317:5.02', '0000943374-24-000509:5.02']);
    expect(body.data[0].details).toEqual({
      officer_changes: [{ person: 'Jan H. Loeb', role: 'President and CEO', change: 'compensation' }],
    });
    expect(body.data[1].details.officer_changes).toEqual([
      { person: 'David Ball', role: 'President and Chief Executive Officer', change: 'compensation' },
      {
        person: 'Steven T. Klitzing',
        role: 'Executive Vice President and Chief Financial Officer and Treasurer',
        change: 'compensation',
      },
      {
        person: 'Daniel Kempel',
        role: 'Senior Vice President and Chief Credit Officer',
        change: 'compensation',
      },
      {
        person: 'Eric T. Hurd',
        role: 'Senior Vice President and Chief Lending Officer',
        change: 'compensation',
      },
      {
        person: 'Monica Baker',
        role: 'Executive Vice President and Chief Operating Officer',
        change: 'compensation',
      },
    ]);
  });

  it('pages with a cursor through the same events', async () => {
    const all = ids(await (await api.get('/v1/8k-events', { key })).json());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/v1/8k-events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = await (await api.get(q, { key })).json();
      seen.push(...ids(body));
      cursor = body.next_cursor;
    } while (cursor && seen.length < 50);
    expect(seen).toEqual(all);
  });

  it('refuses bad input with the standard body, and other plans with 402, uncharged', async () => {
    const before = await balance();
    const cases: [string, RegExp][] = [
      ['/v1/8k-events?item=2.2', /^Invalid query parameter 'item': must be an item number such as 2\.02$/],
      ['/v1/8k-events?item=9.99', /^Unknown 8-K item '9\.99'/],
      [
        '/v1/8k-events?family=earnings',
        /^Invalid query parameter 'family': must be one of results, leadership/,
      ],
      ['/v1/8k-events?ticker=AAPL', /^Unknown query parameter 'ticker'/],
      ['/v1/8k-events?filed_at_gte=2024-13-01', /must be a date in YYYY-MM-DD form/],
    ];
    for (const [path, message] of cases) {
      const r = await api.get(path, { key });
      expect(r.status).toBe(400);
      const body = await r.json();
      expect(body).toMatchObject({ success: false, error: { statusCode: 400, path: '/v1/8k-events' } });
      expect(body.error.message).toMatch(message);
    }
    expect(await balance()).toBe(before);
    const pro = await accountWithKey(database, 'professional', 5);
    const refused = await api.get('/v1/8k-events', { key: pro.key });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toMatch(/8-K events dataset requires the Fund plan/);
  });
});

describe('company routes', () => {
  it('lists one company’s events by ticker', async () => {
    const body = await (await api.get('/v1/companies/AAPL/8k-events?family=other', { key })).json();
    expect(body.data.every((e: { company_id: string }) => e.company_id === APPLE_ID)).toBe(true);
    expect(ids(body)).toContain('0000912057-00-002128:5');
    const none = await api.get('/v1/companies/NOSUCHCO/8k-events', { key });
    expect(none.status).toBe(404);
  });

  it('lists a company’s 8-K exhibits with the filing’s items; number=99 matches 99.x', async () => {
    const body = await (await api.get('/v1/companies/ADBE/8k-exhibits?number=99', { key })).json();
    expect(body.data).toEqual([
      {
        accession_number: '0000796343-23-000044',
        form: '8-K',
        filing_date: '2023-03-15',
        number: '99.1',
        description: 'EX-99.1',
        url: 'https://www.sec.gov/Archives/edgar/data/796343/000079634323000044/adbeex991q123.htm',
        text_chars: expect.any(Number),
        items: ['2.02', '9.01'],
      },
    ]);
    expect(body.data[0].text_chars).toBeGreaterThan(1000);
    const apple = await (
      await api.get('/v1/companies/AAPL/8k-exhibits?filed_at_gte=2000-01-01', { key })
    ).json();
    expect(apple.data.map((e: { number: string; items: string[] }) => [e.number, e.items])).toEqual([
      ['99.1', ['8.01', '9.01']],
    ]);
  });
});

describe('GET /v1/8k-events/families', () => {
  it('lists the families with their items and the pre-2004 numbers, free on every plan', async () => {
    const free = await accountWithKey(database, 'free', 3);
    const r = await api.get('/v1/8k-events/families', { key: free.key });
    expect(r.status).toBe(200);
    const { data } = await r.json();
    expect(data.map((f: { family: string }) => f.family)).toEqual([
      'results',
      'leadership',
      'deals',
      'financing',
      'governance',
      'other',
    ]);
    expect(data[0].items[0]).toEqual({
      item: '2.02',
      name: 'Results of Operations and Financial Condition',
      pre_2004: ['12'],
    });
    expect(data[1].items).toEqual([expect.objectContaining({ item: '5.02', pre_2004: ['6'] })]);
    expect(await balance(free.accountId)).toBe(3);
  });
});

describe('officer change rules (5.02 wording)', () => {
  it('tells appointments and departures apart, sentence by sentence', () => {
    expect(
      officerChanges(
        'On March 1, 2024, Jane Q. Smith resigned as Chief Financial Officer of the Company. The Board appointed John Doe, Executive Vice President, as Chief Financial Officer, effective March 2, 2024.',
      ),
    ).toEqual([
      { person: 'Jane Q. Smith', role: 'Chief Financial Officer', change: 'departed' },
      // "appointed John Doe, Executive Vice President, as Chief Financial Officer": the title after "as" is the one he
      // is appointed to (held-out-8, Alcoa 2023: "appointed Ms. Renee Henry, the Company’s Vice President and
      // Controller, as the Company’s Senior Vice President and Controller and principal accounting officer").
      { person: 'John Doe', role: 'Chief Financial Officer', change: 'appointed' },
    ]);
    expect(officerChanges('The Company held its annual meeting on May 5, 2024.')).toEqual([]);
  });

  it("reads GameStop's 2023 officer changes as its 10-Q words them (real text: departures and appointments)", () => {
    // No captured 8-K with an appointment or a departure under Item 5.02 (the two above are compensation);
    // GameStop reported these changes in 8-Ks (Item 5.02) and again in its 10-Q for the quarter ended
    // 2023-07-29, Part II Item 1A, in the same wording. Values read by hand from that paragraph.
    const file = 'fixtures/8k-events/GME_10-Q_2023-07-29_0001326380-23-000047_primary-document.html.gz';
    const split = splitFilingFile(gunzipSync(readFileSync(file)), { form: '10-Q' });
    const item = split.items.find((i) => i.number === 'Part-II-Item-1A')!;
    expect(item.text).toContain(
      'the Board appointed Daniel Moore as the Company’s Principal Accounting Officer',
    );
    expect(officerChanges(item.text)).toEqual([
      // "our Board of Directors terminated Matthew Furlong’s employment with the Company as its President and
      // Chief Executive Officer": the possessive names the person.
      { person: 'Matthew Furlong', role: 'President and Chief Executive Officer', change: 'departed' },
      // "in connection with Mr. Furlong’s termination, our Board of Directors appointed Ryan Cohen as
      // Executive Chairman ... and Mark Robinson as the new principal executive officer": the departure word
      // is Mr. Furlong's; each appointee's nearest change word is "appointed".
      { person: 'Ryan Cohen', role: 'Executive Chairman', change: 'appointed' },
      { person: 'Mark Robinson', role: 'principal executive officer', change: 'appointed' },
      // "On July 21, 2023, Diana Saadeh-Jajeh resigned from her position as the Company's Chief Financial
      // Officer": "On July" opens the sentence and is not a name.
      { person: 'Diana Saadeh-Jajeh', role: 'Chief Financial Officer', change: 'departed' },
      {
        person: 'Daniel Moore',
        role: 'Principal Accounting Officer and interim Principal Financial Officer',
        change: 'appointed',
      },
    ]);
  });
});
