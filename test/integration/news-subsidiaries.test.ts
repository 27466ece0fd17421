import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from '../../jobs/refresh.ts';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik, filingFolderUrl } from '../../lib/ids.ts';
import { loadSubsidiaryAliases } from '../../loaders/company-aliases.ts';
import { clearRegistryCache, loadNews, loadRegistry, registryFor } from '../../loaders/news.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import { buildRegistryIndex, linkItem } from '../../parsers/news/link.ts';
import { companies } from '../../schema/companies.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { seedRegistry } from '../helpers/registry.ts';
import { createTestServices } from '../helpers/services.ts';

/**
 * Exhibit 21 names in the product, end to end: real 10-Ks in the mirror (full-text submissions, fixtures/upstream/
 * ITEMS-FIXTURES.md) go through the filing_items job (the real fetch, against the loopback mirror), whose load writes
 * the exhibit's rows to company_aliases; then news items go through the news loader and the news route. Index rows are
 * written from each submission's own SEC header (form, period, filing date), as the filings job would from the index.
 *
 * - GE's FY1993 10-K (EX-21: 12 rows, "Kidder, Peabody Group Inc." among them) and a real headline from The
 *   Independent, 17 October 1994 (fixtures/news/PAGES-CORPUS_real-headlines_issue-28_subsidiary_2026-11-29.rss.xml),
 *   whose lede names "KIDDER Peabody".
 * - Merck's FY1995 10-K405, filed by the pre-2009 Merck & Co., Inc. (CIK 64978); today's "Merck & Co., Inc." (MRK) is
 *   CIK 310158 (the former Schering-Plough). Its exhibit lists "Merck Sharp & Dohme ..." entities and "Merck Holdings,
 *   Inc." (key `merck`, today's MRK's name). CIK 64978 is in no captured ticker file: its rows are kept under the id
 *   its CIK gives and the linker does not read them until the test registers it from its submission header (name,
 *   SIC, state). The Merck headlines are written for this test (no captured feed names Merck Sharp & Dohme).
 */
const GE_10K = '0000040545-94-000003';
const MRK_10K = '0000950130-96-000896';
const GE_ID = companyIdForCik(40545);
const OLD_MERCK_ID = companyIdForCik(64978);

let database: Database;
let api: RunningApi;
let env: Awaited<ReturnType<typeof createTestServices>>;
let fund: string;

async function indexFiling(f: {
  accession: string;
  cik: number;
  form: string;
  reportDate: string;
  filingDate: string;
}): Promise<void> {
  await database.query(
    `insert into filings (accession_number, cik, filing_type, form, report_date, filing_date, primary_document, url, source, fetched_at)
     values ($1, $2, '10-K', $3, $4, $5, null, $6, 'submissions', now())`,
    [f.accession, f.cik, f.form, f.reportDate, f.filingDate, filingFolderUrl(f.cik, f.accession)],
  );
}

const WIRE = (items: { title: string; summary: string; date: string }[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Test wire</title><link>https://wire.example/</link>
${items
  .map(
    (i, n) => `<item><title>${i.title}</title><link>https://wire.example/${n}</link>
<description>${i.summary}</description><pubDate>${i.date}</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`);

async function loadFeed(bytes: Buffer, url: string): Promise<void> {
  const fetchedAt = '2026-11-29T12:00:00.000Z';
  const feed = parseFeed(bytes, { url, fetchedAt });
  await database.db.transaction((tx) =>
    loadNews(tx, {
      feedUrl: url,
      fetchedAt,
      items: feed.items.map((item) => ({ item, channel: channelOf(feed) })),
    }),
  );
}

const aliases = (companyId: string) =>
  database.query<{
    alias: string;
    alias_key: string;
    accession_number: string;
    filing_date: string;
    source_url: string;
    superseded_by: string | null;
  }>(
    `select alias, alias_key, accession_number, filing_date::text, source_url, superseded_by
       from company_aliases where company_id = $1 and kind = 'subsidiary' order by alias`,
    [companyId],
  );

beforeAll(async () => {
  database = await createApiTestDatabase();
  env = await createTestServices(database);
  // the registry: the first 300 companies of SEC's captured ticker file, through the real parser and loader (GE is
  // 95th, MRK 23rd); the whole file costs ~10 s here and links these items the same way
  await seedRegistry(database, 300);
  await indexFiling({
    accession: GE_10K,
    cik: 40545,
    form: '10-K',
    reportDate: '1993-12-31',
    filingDate: '1994-03-11',
  });
  await indexFiling({
    accession: MRK_10K,
    cik: 64978,
    form: '10-K405',
    reportDate: '1995-12-31',
    filingDate: '1996-03-20',
  });
  for (const cik of ['40545', '64978']) {
    const run = await backfill(env.services, env.runtime, 'filing_items', { cik, from: '1994-01-01' });
    expect(run.failures, cik).toEqual([]);
  }
  api = await startApi(database, { logLevel: 'warn' });
  fund = (await accountWithKey(database, 'fund', 100_000)).key;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await env?.close();
  await database?.close();
});

const data = async (path: string) => {
  const r = await api.get(path, { key: fund });
  expect(r.status, path).toBe(200);
  return (await r.json()).data as Record<string, unknown>[];
};

describe(`Exhibit 21 names link news to the parent (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  it("the filing_items job stores GE's FY1993 Exhibit 21 rows as GE's aliases, with the accession, filing date and document", async () => {
    const rows = await aliases(GE_ID);
    // the exhibit's 12 rows, read by hand from the exhibit in the .txt
    expect(rows.map((r) => r.alias)).toEqual([
      'Caribe General Electric Products, Inc.',
      'Employers Reinsurance Corporation',
      'GE Chemicals Inc.',
      'GE Petrochemicals Inc.',
      'General Electric Canadian Holdings Limited',
      'General Electric Capital Corporation',
      'General Electric Capital Services, Inc.',
      'General Electric Plastics B.V.',
      'General Electric Technical Services Company',
      'Kidder, Peabody Group Inc.',
      'National Broadcasting Company, Inc.',
      'Yokogawa Medical Systems, Ltd.',
    ]);
    expect(rows.find((r) => r.alias === 'Kidder, Peabody Group Inc.')).toEqual({
      alias: 'Kidder, Peabody Group Inc.',
      alias_key: 'kidderpeabody',
      accession_number: GE_10K,
      filing_date: '1994-03-11',
      source_url: `https://www.sec.gov/Archives/edgar/data/40545/000004054594000003/${GE_10K}.txt`,
      superseded_by: null,
    });
    // the raw submission is in the archive, like every fetch
    const raw = await database.query<{ n: number }>(
      `select count(*)::int as n from raw_documents where url = $1`,
      [`https://www.sec.gov/Archives/edgar/data/40545/000004054594000003/${GE_10K}.txt`],
    );
    expect(raw[0]?.n).toBe(1);
  });

  it('a filer not in the registry (the pre-2009 Merck, CIK 64978) keeps its 116 rows under its CIK id (113 before "Limitada" was a legal form: "Merck Sharp & Dohme, Limitada" of Portugal and two Brazilian rows, read by hand at lines 5477, 5550, 5552); the linker does not read them', async () => {
    const rows = await aliases(OLD_MERCK_ID);
    expect(rows).toHaveLength(116);
    expect(rows.filter((r) => r.alias_key === 'merck').map((r) => r.alias)).toEqual([
      'Merck Holdings, Inc.',
      'Merck and Company, Incorporated',
    ]);
    const reg = buildRegistryIndex(await database.db.transaction((tx) => loadRegistry(tx)));
    const link = (title: string) =>
      linkItem({ title, summary: '', link: null, edgar: null, extra: {} } as never, reg).links.map(
        (l) => l.ticker,
      );
    // before: "Merck" is MRK's name alone; "Merck Sharp & Dohme" names no registry company (a one-word name inside a
    // longer proper noun is that other name)
    expect(link('Merck says its cancer drug met the main goal of a late-stage trial')).toEqual(['MRK']);
    expect(link('Merck Sharp & Dohme opens a vaccine plant in Ireland')).toEqual([]);
  });

  it('"KIDDER Peabody became the latest ..." (The Independent, 1994) reaches GE through the news route, as a name-only mention', async () => {
    await loadFeed(
      readFileSync(
        new URL(
          '../../fixtures/news/PAGES-CORPUS_real-headlines_issue-28_subsidiary_2026-11-29.rss.xml',
          import.meta.url,
        ),
      ),
      'https://www.independent.co.uk/news/business/',
    );
    const rows = await data('/v1/companies/GE/news?since=1994-01-01T00:00:00Z');
    expect(rows.map((r) => [r.title, r.ticker, r.ticker_confirmed])).toEqual([
      ['Kidder goes to Wall Street rival in deal worth dollars 670m', 'GE', false],
    ]);
  });

  it('a name two companies claim links to neither: "Merck" (MRK\'s name, and a subsidiary the pre-2009 Merck lists); a name only one exhibit gives links its filer', async () => {
    // the pre-2009 Merck registered from its own submission header: its stored rows now link, without a re-parse
    await database.db.insert(companies).values({
      companyId: OLD_MERCK_ID,
      companyName: 'MERCK & CO INC',
      cik: '0000064978',
      sicCode: '2834',
      stateOfIncorporation: 'NJ',
      asOfDate: '1996-03-20',
      sourceUrl: `https://www.sec.gov/Archives/edgar/data/64978/000095013096000896/${MRK_10K}.txt`,
      fetchedAt: new Date('2026-11-29T00:00:00Z'),
    });
    await loadFeed(
      WIRE([
        {
          title: 'Merck Sharp &amp; Dohme opens a vaccine plant in Ireland',
          summary: 'The plant will make vaccines for Europe.',
          date: 'Tue, 10 Nov 2026 09:00:00 GMT',
        },
        {
          title: 'Merck says its cancer drug met the main goal of a late-stage trial',
          summary: 'The trial enrolled 800 patients.',
          date: 'Tue, 10 Nov 2026 10:00:00 GMT',
        },
      ]),
      'https://wire.example/rss',
    );
    const links = await database.query<{ title: string; company_id: string }>(
      `select a.title, c.company_id from news_articles a join news_company_rows c using (news_id)
        where a.link like 'https://wire.example/%' order by a.title`,
    );
    // "Merck Sharp & Dohme": only the pre-2009 Merck's exhibit gives the name; "Merck": MRK's name and that exhibit's
    // "Merck Holdings, Inc." (and that company's own name): ambiguous, no link
    expect(links).toEqual([
      { title: 'Merck Sharp & Dohme opens a vaccine plant in Ireland', company_id: OLD_MERCK_ID },
    ]);
    expect(await data('/v1/companies/MRK/news?since=2026-01-01T00:00:00Z')).toEqual([]);
  });

  it('a newer exhibit that drops a name supersedes the older list: the name stops linking, whatever order the two load in; an exhibit whose rows could not be read supersedes nothing', async () => {
    // CONSTRUCTED input: the mirror holds no second 10-K of one company with an Exhibit 21, so the "later exhibit" is
    // GE's FY1993 list without Kidder, Peabody (sold to PaineWebber in 1994), under an accession no filing has
    const LATER = 'constructed-later-exhibit';
    const fy1993 = (await aliases(GE_ID)).filter((r) => r.accession_number === GE_10K).map((r) => r.alias);
    const later = fy1993.filter((n) => n !== 'Kidder, Peabody Group Inc.');
    const kidder = parseFeed(
      readFileSync(
        new URL(
          '../../fixtures/news/PAGES-CORPUS_real-headlines_issue-28_subsidiary_2026-11-29.rss.xml',
          import.meta.url,
        ),
      ),
      { url: 'https://www.independent.co.uk/news/business/', fetchedAt: '2026-11-29T12:00:00.000Z' },
    ).items[0]!;
    // the news loader's registry (read and compiled once, reused while its rows are unchanged): `cached` tells whether
    // this read reused the previous one
    let cached = false;
    const linksGe = async () => {
      const r = await database.db.transaction((tx) => registryFor(tx));
      cached = r.cached;
      return linkItem(kidder, r.index).links.some((l) => l.company_id === GE_ID);
    };
    clearRegistryCache();
    expect(await linksGe()).toBe(true);
    expect(cached).toBe(false);
    expect(await linksGe()).toBe(true);
    expect(cached).toBe(true);
    const load = (accession: string, filingDate: string, names: string[]) =>
      database.db.transaction((tx) =>
        loadSubsidiaryAliases(tx, {
          accession,
          cik: 40545,
          filingDate,
          fetchedAt: '2026-11-29T12:00:00.000Z',
          lists: [{ url: 'https://example.invalid/constructed', names }],
        }),
      );
    // an unread exhibit (no row could be read) of a later date changes nothing
    await load(LATER, '1995-03-10', []);
    expect((await aliases(GE_ID)).every((r) => r.superseded_by === null)).toBe(true);
    expect(await linksGe()).toBe(true);
    expect(cached).toBe(true); // nothing changed: the compiled registry is reused
    await load(LATER, '1995-03-10', later);
    const rows = await aliases(GE_ID);
    expect(rows.filter((r) => r.accession_number === GE_10K).every((r) => r.superseded_by === LATER)).toBe(
      true,
    );
    expect(rows.filter((r) => r.accession_number === LATER).every((r) => r.superseded_by === null)).toBe(
      true,
    );
    expect(await linksGe()).toBe(false);
    expect(cached).toBe(false); // the rows changed (GE's FY1993 list superseded): read and compiled again
    // the older filing re-parsed after the newer one (a backfill runs newest first; a reparse any order) stays superseded
    const again = await backfill(env.services, env.runtime, 'filing_items', {
      cik: '40545',
      from: '1994-01-01',
      force: true,
    });
    expect(again.failures).toEqual([]);
    expect(
      (await aliases(GE_ID)).filter((r) => r.accession_number === GE_10K).map((r) => r.superseded_by),
    ).toEqual(fy1993.map(() => LATER));
    expect(await linksGe()).toBe(false);
  });
});
