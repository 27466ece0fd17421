import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCompanyTickersExchange } from '../../../parsers/edgar/company-tickers.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import { buildRegistryIndex, linkItem } from '../../../parsers/news/link.ts';
import { exhibit21Subsidiaries, exhibit21Text } from '../../../parsers/news/subsidiaries.ts';

/**
 * Everyday words as company names (issue 28): an alias that is an ordinary word must not link an item on its own.
 * Registry: SEC's captured ticker file (fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json, ~9,400 real
 * filers; "Healthcare Trust, Inc." and "FORD MOTOR CO" among them). Items: real headlines from the fixture feeds, read
 * through parseFeed; what each is about was read by hand.
 */
const root = new URL('../../../', import.meta.url);
const ctx = { url: 'test', fetchedAt: '2026-11-30T00:00:00.000Z' };
const tickers = parseCompanyTickersExchange(
  readFileSync(new URL('fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', root), 'utf8'),
  ctx,
).rows;
const companies = tickers.map((t) => ({
  company_id: `c${t.cik}`,
  name: t.name,
  ticker: t.ticker,
  cik: t.cik,
}));
const reg = buildRegistryIndex(companies);
const cikOf = (name: RegExp) => `c${tickers.find((t) => name.test(t.name))?.cik}`;
const FORD = cikOf(/^FORD MOTOR CO$/);
const HEALTHCARE_TRUST = cikOf(/^Healthcare Trust, Inc\.$/);
const MICROSOFT = cikOf(/^MICROSOFT CORP$/);

const item = (feed: string, title: string) => {
  const found = parseFeed(readFileSync(new URL(`fixtures/news/${feed}`, root)), ctx).items.find((i) =>
    i.title.startsWith(title),
  );
  expect(found, title).toBeDefined();
  return linkItem(found!, reg);
};
const ids = (r: ReturnType<typeof linkItem>) => r.links.map((l) => l.company_id);

describe('everyday words as names', () => {
  it('the registry has the companies these items could be mistaken for', () => {
    expect([FORD, HEALTHCARE_TRUST, MICROSOFT].every((id) => id !== 'cundefined')).toBe(true);
    // "Healthcare Trust, Inc." is cut to the everyday word "healthcare" by dropping "Trust": a common alias (shared, as a first
    // word, with HEALTHCARE SERVICES GROUP INC, whose name is that word and the ordinary word "Services")
    expect(reg.aliases.get('healthcare')?.map((e) => [e.company.company_id, e.common])).toEqual([
      [HEALTHCARE_TRUST, true],
      [cikOf(/^HEALTHCARE SERVICES GROUP INC$/), true],
    ]);
    // "Microsoft Corp" keeps its brand (the word is in the encoder's vocabulary, but only a legal form was dropped)
    expect(reg.aliases.get('microsoft')?.[0]?.common).toBe(false);
  });

  it('"Healthcare" in a title-case headline is the word, not Healthcare Trust, Inc. (three real press-wire items)', () => {
    for (const [feed, title] of [
      [
        'NEWSAPI_everything-press-wires_01edie-renewsearcher_HELDOUT-8_2022-11-21.rss.xml',
        'Leading Healthcare Organizations Choose Qualtrics',
      ],
      [
        'PRNEWSWIRE_list-page-telecom_iCyanCorporation-opendomains_HELDOUT-7_2025-05-09.rss.xml',
        'Recovery.com Welcomes Veteran Healthcare Leader',
      ],
      [
        'PRNEWSWIRE_list-page-earnings_iCyanCorporation-opendomains_HELDOUT-7_2025-05-09.rss.xml',
        'American Healthcare REIT',
      ],
    ] as const) {
      const r = item(feed, title);
      expect(ids(r), title).not.toContain(HEALTHCARE_TRUST);
      expect(r.ambiguous.map((a) => a.text)).toContain('Healthcare');
    }
  });

  it('"De-Aged Ford In Fifth “Indiana Jones” Opening" is Harrison Ford: the first word of FORD MOTOR CO after a capitalized word no dictionary knows is the end of a longer name', () => {
    const r = item(
      'NEWSAPI_everything-press-wires_01edie-renewsearcher_HELDOUT-8_2022-11-21.rss.xml',
      'De-Aged Ford In Fifth',
    );
    expect(ids(r)).not.toContain(FORD);
  });

  it('"Chris Auffenberg Ford Dealership Offers Ford Employee Pricing": the dealership is not the subject Ford Motor; the Ford program after the verb is a mention', () => {
    const r = item(
      'PRNEWSWIRE_list-page-multimedia_iCyanCorporation-opendomains_HELDOUT-7_2025-05-08.rss.xml',
      'Chris Auffenberg Ford Dealership',
    );
    expect(r.links.find((l) => l.company_id === FORD)?.primary).toBe(false);
  });

  it('a brand that is also in the vocabulary still links as the subject: "Microsoft unveils new Surface devices"', () => {
    const feed = 'CNNMONEY_money-topstories_RSS_2018-10-04.xml';
    const r = item(feed, 'Microsoft unveils new Surface devices');
    expect(r.links.find((l) => l.company_id === MICROSOFT)?.primary).toBe(true);
  });
});

describe('everyday words as subsidiaries', () => {
  it('a subsidiary whose name reduces to an everyday word is a common alias and links only written with its suffix (Merck FY1995 Exhibit 21: "MW Holdings, Inc." -> "mw", under four letters)', () => {
    const merck = readFileSync(
      new URL(
        'fixtures/upstream/www.sec.gov/Archives/edgar/data/64978/000095013096000896/0000950130-96-000896.txt',
        root,
      ),
      'utf8',
    );
    const subs = exhibit21Subsidiaries(exhibit21Text(merck)!);
    expect(subs).toContain('MW Holdings, Inc.');
    const withMerck = buildRegistryIndex([
      ...companies,
      {
        company_id: 'c0000064978',
        name: 'MERCK & CO INC',
        ticker: null,
        cik: '0000064978',
        subsidiaries: subs,
      },
    ]);
    expect(withMerck.aliases.get('mw')?.map((e) => [e.kind, e.common])).toEqual([['subsidiary', true]]);
    // two headlines written for this test (no real item of the fixtures names an everyday-word subsidiary): as a
    // headline's first word it does not link (a subsidiary gets no subject allowance) ...
    const bare = linkItem(
      { title: 'MW shares slide', summary: '', link: null, extra: {} } as never,
      withMerck,
    );
    expect(ids(bare)).not.toContain('c0000064978');
    // ... and written with its suffix it does
    const suffixed = linkItem(
      { title: 'MW Holdings, Inc. files suit', summary: '', link: null, extra: {} } as never,
      withMerck,
    );
    expect(ids(suffixed)).toContain('c0000064978');
  });
});
