import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik, filingFolderUrl } from '../../lib/ids.ts';
import { loadBrandAliases } from '../../loaders/company-aliases.ts';
import { loadNews, loadRegistry, registryFor } from '../../loaders/news.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { buildRegistryIndex, linkItem } from '../../parsers/news/link.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';
import { createTestServices } from '../helpers/services.ts';

/**
 * Brands a company's own 10-K states, in the product end to end: General Motors' FY2023 10-K (the inline-XBRL primary
 * document in the mirror, fixtures/upstream/NEWS-FIXTURES.md; no `.txt` or detail page there, so the filing_items job
 * fetches the primary document its index row names) goes through the filing_items job, whose load writes the brands it
 * states to company_aliases as kind 'brand' (Item 1, read by hand: GMNA's "... marketed under the Buick, Cadillac,
 * Chevrolet and GMC brands", GMI's "... under the Baojun, Buick, Cadillac, Chevrolet and Wuling brands"); then CNNMoney's real headline "Cadillac moving its headquarters back to Michigan" (27 September 2018,
 * fixtures/news/CNNMONEY-RSS_..._HELDOUT-31_...rss.xml) goes through the news loader and the news route.
 */
const GM_10K = '0001467858-24-000031';
const GM_DOC = 'GM_10-K_FY2023_0001467858-24-000031_primary-document.html';
const GM_ID = companyIdForCik(1467858);
const CNN = new URL(
  '../../fixtures/news/CNNMONEY-RSS_news-companies_areed1192-finance-news-aggregator_HELDOUT-31_2018-09-25-10-02_EXCERPT_TRANSCRIBED.rss.xml',
  import.meta.url,
);

let database: Database;
let api: RunningApi;
let env: Awaited<ReturnType<typeof createTestServices>>;
let fund: string;

const brands = (companyId: string) =>
  database.query<{
    alias: string;
    accession_number: string;
    filing_date: string;
    source_url: string;
    superseded_by: string | null;
  }>(
    `select alias, accession_number, filing_date::text, source_url, superseded_by
       from company_aliases where company_id = $1 and kind = 'brand' order by accession_number, alias`,
    [companyId],
  );

const linked = async (title: string) => {
  const reg = buildRegistryIndex(await database.db.transaction((tx) => loadRegistry(tx)));
  return linkItem({ title, summary: '', link: null, edgar: null, extra: {} } as never, reg).links.map(
    (l) => l.ticker,
  );
};

beforeAll(async () => {
  database = await createApiTestDatabase();
  env = await createTestServices(database);
  // the first 300 companies of SEC's captured ticker file (GM is 258th), through the real parser and loader
  await seedRegistry(database, 300);
  // the index row the filings job writes from GM's submissions JSON (form, period, filing date, primary document)
  await database.query(
    `insert into filings (accession_number, cik, filing_type, form, report_date, filing_date, primary_document, url, source, fetched_at)
     values ($1, 1467858, '10-K', '10-K', '2023-12-31', '2024-01-30', $2, $3, 'submissions', now())`,
    [GM_10K, GM_DOC, filingFolderUrl(1467858, GM_10K)],
  );
  const run = await backfill(env.services, env.runtime, 'filing_items', {
    cik: '1467858',
    from: '2024-01-01',
  });
  expect(run.failures).toEqual([]);
  api = await startApi(database, { logLevel: 'warn' });
  fund = (await accountWithKey(database, 'fund', 100_000)).key;
}, 60_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

describe(`brands from a company's own 10-K link news to it (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  it("the filing_items job stores the brands GM's FY2023 10-K states as GM's aliases, with the accession, filing date and document", async () => {
    expect(await brands(GM_ID)).toEqual(
      ['Baojun', 'Buick', 'Cadillac', 'Chevrolet', 'GMC', 'Wuling'].map((alias) => ({
        alias,
        accession_number: GM_10K,
        filing_date: '2024-01-30',
        source_url: `https://www.sec.gov/Archives/edgar/data/1467858/000146785824000031/${GM_DOC}`,
        superseded_by: null,
      })),
    );
  });

  it('"Cadillac moving its headquarters back to Michigan" (CNNMoney, 2018) reaches GM through the news route', async () => {
    const fetchedAt = '2026-12-02T05:00:00.000Z';
    const feed = parseFeed(readFileSync(CNN), {
      url: 'http://rss.cnn.com/rss/money_news_companies.rss',
      fetchedAt,
    });
    await database.db.transaction((tx) =>
      loadNews(tx, {
        feedUrl: 'http://rss.cnn.com/rss/money_news_companies.rss',
        fetchedAt,
        items: feed.items.map((item) => ({ item, channel: channelOf(feed) })),
      }),
    );
    const r = await api.get('/v1/companies/GM/news?since=2018-09-01T00:00:00Z', { key: fund });
    expect(r.status).toBe(200);
    const rows = (await r.json()).data as Record<string, unknown>[];
    expect(
      rows
        .filter((x) => x.title === 'Cadillac moving its headquarters back to Michigan')
        .map((x) => x.ticker),
    ).toEqual(['GM']);
  });

  it("a brand two companies' 10-Ks claim links to neither; a newer 10-K's brand list supersedes the older one", async () => {
    const cadillac = 'Cadillac moving its headquarters back to Michigan';
    expect(await linked(cadillac)).toEqual(['GM']);
    // CONSTRUCTED rows (no second 10-K stating these brands is in the mirror): Ford (CIK 37996, in the registry) stating
    // "Cadillac" too holds the name ambiguous, as `quality:news` does for a brand two companies state
    const load = (cik: number, accession: string, filingDate: string, names: string[]) =>
      database.db.transaction((tx) =>
        loadBrandAliases(tx, {
          accession,
          cik,
          filingDate,
          fetchedAt: '2026-12-02T05:00:00.000Z',
          url: 'https://example.invalid/constructed',
          names,
        }),
      );
    await load(37996, 'constructed-ford', '2024-02-06', ['Ford', 'Lincoln', 'Cadillac']);
    expect(await linked(cadillac)).toEqual([]);
    await load(37996, 'constructed-ford', '2024-02-06', ['Ford', 'Lincoln']);
    expect(await linked(cadillac)).toEqual(['GM']);
    // a later GM 10-K stating no brand supersedes nothing; one stating others supersedes the FY2023 list
    await load(1467858, 'constructed-gm-none', '2025-01-28', []);
    expect(await linked(cadillac)).toEqual(['GM']);
    await load(1467858, 'constructed-gm-later', '2025-01-28', ['Chevrolet', 'GMC']);
    expect(
      (await brands(GM_ID)).filter((b) => b.accession_number === GM_10K).map((b) => b.superseded_by),
    ).toEqual(Array(6).fill('constructed-gm-later'));
    expect(await linked(cadillac)).toEqual([]);
    // the news loader's cached registry sees the change too
    const { index } = await database.db.transaction((tx) => registryFor(tx));
    const item = {
      title: 'Chevrolet recalls 100,000 pickups',
      summary: '',
      link: null,
      edgar: null,
      extra: {},
    };
    expect(linkItem(item as never, index).links.map((l) => l.ticker)).toEqual(['GM']);
  });
});
