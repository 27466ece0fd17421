import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCompanyTickersExchange } from '../../../parsers/edgar/company-tickers.ts';
import { channelOf } from '../../../parsers/news/channel.ts';
import { EVENT_TYPES } from '../../../parsers/news/event-types.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import { buildRegistryIndex, linkItem } from '../../../parsers/news/link.ts';
import { buildEvents, companyRows, processItems } from '../../../parsers/news/pipeline.ts';
import { parsePressRelease } from '../../../parsers/news/press-release.ts';

const dir = new URL('../../../fixtures/news/', import.meta.url);
const ctx = { url: 'file://feed', fetchedAt: '2026-08-01T00:00:00.000Z' };
const tickers = parseCompanyTickersExchange(
  readFileSync(
    new URL('../../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', import.meta.url),
    'utf8',
  ),
  ctx,
);
const reg = buildRegistryIndex(
  tickers.rows.map((e) => ({ company_id: `cik:${e.cik}`, name: e.name, ticker: e.ticker, cik: e.cik })),
);
const run = (name: string) => {
  const f = parseFeed(readFileSync(new URL(name, dir)), ctx);
  return processItems(
    f.items.map((item) => ({ item, channel: channelOf(f) })),
    reg,
  );
};

describe('link, classify, score, read, cluster on real feeds', () => {
  it('names all 20 coarse event types', () => {
    expect(EVENT_TYPES).toHaveLength(20);
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['earnings', 'guidance', 'm&a', 'fda']));
  });

  it('8-K EX-99.1 press release: (NYSE: BKE) tag linked and confirmed, an earnings event, headline and lead read', () => {
    const pr = parsePressRelease(
      readFileSync(
        new URL('BUCKLE_BKE_8-K_EX-99.1_Q3-FY2024-results_BusinessWire_2024-11-22.html', dir),
        'latin1',
      ),
      {
        url: 'https://www.sec.gov/x',
        filedAt: '2024-11-22T13:01:00.000Z',
        cik: '0000885245',
        accession: '0000885245-24-000050',
      },
    );
    expect(pr.item.title).toBe('The Buckle, Inc. Reports Third Quarter Net Income');
    expect(pr.item.summary).toMatch(
      /^KEARNEY, NE -- \(BUSINESS WIRE\) -- The Buckle, Inc\. \(NYSE: BKE\) announced today that net income/,
    );
    const { articles } = processItems([{ item: pr.item, channel: 'press_release', body: pr.body }], reg);
    const a = articles[0];
    expect(a?.links[0]).toMatchObject({
      ticker: 'BKE',
      basis: 'exchange_tag',
      evidence: 'NYSE: BKE',
      ticker_confirmed: true,
      primary: true,
    });
    expect(a?.classification.event_type).toBe('earnings');
    expect(a?.classification.impact_score).toBeGreaterThanOrEqual(40);
    expect(a?.classification.rules.map((r) => r.rule)).toContain('source.press_release');
    expect(a?.reading?.why).toMatch(/^(bullish|bearish|neutral): earnings\/results/);
  });

  it('EDGAR 8-K entries link by CIK and classify by item code (2.01 -> m&a completed, 5.02 -> management)', () => {
    const { articles } = run('EDGAR_getcurrent_latest-filings_count100_start100_2025-12-12.atom.xml');
    const velo = articles.find((a) => a.title.startsWith('8-K - Velo3D'));
    expect(velo?.links.map((l) => [l.ticker, l.basis, l.ticker_confirmed])).toEqual([['VLD', 'cik', true]]);
    expect(velo?.classification).toMatchObject({ event_type: 'm&a', event_subtype: 'completed' });
    const jones = articles.find((a) => a.title.startsWith('8-K - JONES SODA'));
    expect(jones?.classification).toMatchObject({
      event_type: 'management',
      event_subtype: 'executive_change',
    });
  });

  it('a name-only link is unconfirmed; a common-word name links only as the headline subject', () => {
    const { articles } = run('REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml');
    const intel = articles.find((a) => a.title === 'U.S. chipmakers may give clues on China hazard');
    expect(intel?.links).toEqual([
      {
        company_id: 'cik:0000050863',
        ticker: 'INTC',
        basis: 'name',
        evidence: 'Intel Corp',
        ticker_confirmed: false,
        primary: false,
      },
    ]);
    // the headline's bare "Apple" is a common word, but it is the headline's subject (before "ordered"): it
    // links and is primary; Qualcomm, named after the verb, is a mention
    const apple = articles.find((a) => a.title.startsWith('Apple ordered to pull'));
    expect(apple?.links.find((l) => l.ticker === 'AAPL')).toMatchObject({
      evidence: 'Apple',
      ticker_confirmed: false,
      primary: true,
    });
    expect(apple?.links.find((l) => l.ticker === 'QCOM')).toMatchObject({ primary: false });
    // the same word elsewhere than the subject stays ambiguous
    const r = linkItem({ title: 'Shares of Apple slip', summary: null, link: null, extra: {} }, reg);
    expect(r.links).toEqual([]);
    expect(r.ambiguous.map((x) => x.text)).toEqual(['Apple']);
    // "Wynn Macau" is not Wynn Resorts: a one-word match inside a longer proper noun is that other name
    const wynn = articles.find((a) => a.title.startsWith('Malaysia court rules'));
    expect(wynn?.links).toEqual([]);
  });

  it('cashtags link confirmed; exchange halts link by IssueSymbol', () => {
    const r = linkItem({ title: 'Why $NVDA fell', summary: 'It cost $5.', link: null, extra: {} }, reg);
    expect(r.links).toEqual([
      expect.objectContaining({ ticker: 'NVDA', basis: 'cashtag', ticker_confirmed: true }),
    ]);
    const { articles } = run('NASDAQTRADER_trade-halts_RSS_2023-06-19_EXTRACTED-from-js.xml');
    expect(articles[0]?.links[0]).toMatchObject({ ticker: 'ROCC', basis: 'symbol' });
    expect(articles[0]?.classification).toMatchObject({
      event_type: 'listing',
      event_subtype: 'trading_halt',
    });
  });

  it('duplicates collapse: the same link twice, and a near-identical Google News title within 24 h', () => {
    const { articles, duplicates } = run(
      'GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml',
    );
    expect(articles).toHaveLength(99);
    expect(duplicates).toHaveLength(1);
    expect(articles.find((a) => a.news_id === duplicates[0]?.duplicate_of)?.title).toBe(
      'VIEW India inflation quickens in February but stays within comfort zone',
    );
    const f = parseFeed(
      readFileSync(new URL('FRB_press-all_RSS_2026-09-18_EXCERPT-3-items_TRANSCRIBED.xml', dir)),
      ctx,
    );
    const twice = processItems(
      [...f.items, ...f.items].map((item) => ({ item, channel: 'central_bank' as const })),
      reg,
    );
    expect(twice.articles).toHaveLength(3);
    expect(twice.duplicates.map((d) => d.reason)).toEqual(['same_link', 'same_link', 'same_link']);
  });

  it('an untranslated Chinese item is kept, scored on what rules can read, region from the feed language', () => {
    const { articles } = run('QQ-NEWS_guonei-domestic_RSS_GB2312_2018-09-18.xml');
    expect(articles).toHaveLength(20);
    expect(articles[0]).toMatchObject({
      title: '习近平为何如此强调崇尚英雄？',
      region: 'cn',
      language: 'zh-cn',
    });
    expect(articles[0]?.classification.impact_score).toBeGreaterThanOrEqual(0);
  });

  it('central-bank items are macro with the rates theme; FOMC statement is decided', () => {
    const { articles } = run('BANK-OF-CANADA_MPR_RSS-CB-1.2_RDF_2026-08-15.xml');
    expect(articles[0]?.classification.event_type).toBe('macro');
    expect(articles[0]?.themes.map((t) => t.theme)).toContain('rates');
    const frb = run('FRB_press-all_RSS_2026-09-18_EXCERPT-3-items_TRANSCRIBED.xml').articles;
    expect(frb[2]).toMatchObject({
      title: 'Federal Reserve issues FOMC statement',
      stance: 'decided',
      region: 'us',
    });
    expect(frb[0]?.classification).toMatchObject({ event_type: 'regulatory', event_subtype: 'enforcement' });
  });

  it('every impact score is the sum of the points of the rules that fired', () => {
    for (const name of [
      'REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
      'EDGAR_getcurrent_latest-filings_count100_start200_2025-12-12.atom.xml',
    ]) {
      for (const a of run(name).articles) {
        const sum = a.classification.rules.reduce((s, r) => s + r.points, 0);
        expect(a.classification.impact_score).toBe(Math.max(0, Math.min(100, sum)));
        expect(a.reading !== null).toBe(a.classification.impact_score >= 40);
      }
    }
  });

  it('clusters: two articles on one company and type within 48 h form one event; a third 3 days later opens another', () => {
    const base = {
      company_id: 'c1',
      ticker: 'X',
      ticker_confirmed: true,
      primary: true,
      event_type: 'earnings',
    };
    const events = buildEvents([
      { ...base, news_id: 'a', title: 'X beats', event_at: '2026-08-01T10:00:00.000Z', impact_score: 50 },
      { ...base, news_id: 'b', title: 'X results', event_at: '2026-08-02T09:00:00.000Z', impact_score: 70 },
      { ...base, news_id: 'c', title: 'X again', event_at: '2026-08-05T09:00:00.000Z', impact_score: 40 },
    ]);
    expect(events.map((e) => [e.news_ids, e.peak_impact, e.strongest])).toEqual([
      [['a', 'b'], 70, 'b'],
      [['c'], 40, 'c'],
    ]);
    const rows = companyRows(
      run('EDGAR_getcurrent_latest-filings_count100_start100_2025-12-12.atom.xml').articles,
    );
    expect(buildEvents(rows).length).toBeGreaterThan(0);
  });
});
