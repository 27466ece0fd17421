import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { channelOf } from '../../../parsers/news/channel.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';

const dir = new URL('../../../fixtures/news/', import.meta.url);
const ctx = { url: 'file://feed', fetchedAt: '2026-08-01T00:00:00.000Z' };
const feed = (name: string) => parseFeed(readFileSync(new URL(name, dir)), ctx);

describe('parseFeed on every real feed', () => {
  it('Reuters feedburner RSS: 20 items, HTML feedflare stripped, origLink-less guid used as canonical link, -0500 to UTC', () => {
    const f = feed('REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml');
    expect(f.kind).toBe('rss');
    expect(f.items).toHaveLength(20);
    const i = f.items[0];
    expect(i?.title).toBe('Supermarket retailer Casino to sell six stores to rival Leclerc');
    expect(i?.summary).toMatch(/^French supermarket retailer Casino , in the process of divesting assets/);
    expect(i?.summary).not.toMatch(/[<>]|feedflare|Subscribe/);
    expect(i?.link).toBe(
      'https://www.reuters.com/article/us-casino-m-a-leclerc/supermarket-retailer-casino-to-sell-six-stores-to-rival-leclerc-idUSKCN1PD07P',
    );
    expect(channelOf(f)).toBe('wire');
  });

  it('FRB press RSS: CDATA link, guid and pubDate (with trailing spaces) read', () => {
    const f = feed('FRB_press-all_RSS_2026-09-18_EXCERPT-3-items_TRANSCRIBED.xml');
    expect(f.items).toHaveLength(3);
    expect(f.items[0]?.link).toBe(
      'https://www.federalreserve.gov/newsevents/pressreleases/enforcement20260918b.htm',
    );
    expect(f.items[0]?.published_at).toBe('2026-09-18T15:00:00.000Z');
    expect(f.items[0]?.categories).toEqual(['Enforcement Actions']);
    expect(f.items[2]?.title).toBe('Federal Reserve issues FOMC statement');
    expect(channelOf(f)).toBe('central_bank');
  });

  it('Bank of Canada RSS 1.0 (RDF): dc:date, cb: extension fields kept', () => {
    const f = feed('BANK-OF-CANADA_MPR_RSS-CB-1.2_RDF_2026-08-15.xml');
    expect(f.kind).toBe('rdf');
    expect(f.items.map((i) => i.title)).toEqual([
      'Monetary Policy Report—July 2026',
      'Monetary Policy Report—April 2026',
      'Monetary Policy Report—January 2026',
    ]);
    expect(f.items[0]?.published_at).toBe('2026-07-15T09:46:58.000Z');
    expect(channelOf(f)).toBe('central_bank');
  });

  it('QQ News GB2312: decoded, Chinese items kept, zone-less local pubDate read as China time (+08:00)', () => {
    const f = feed('QQ-NEWS_guonei-domestic_RSS_GB2312_2018-09-18.xml');
    expect(f.encoding).toBe('gbk');
    expect(f.items).toHaveLength(20);
    expect(f.items[0]?.title).toBe('习近平为何如此强调崇尚英雄？');
    expect(f.items[0]?.published_at).toBe('2018-09-18T06:38:10.000Z');
    expect(f.items[0]?.time_basis).toBe('published_local_assumed');
    expect(f.language).toBe('zh-cn');
  });

  it('windows-1251 and ISO-8859-1 feeds decode to the right letters', () => {
    const ru = feed('OREN-RU_regional-news_RSS_windows-1251_2014-01-23.xml');
    expect(ru.items).toHaveLength(10);
    expect(ru.items[0]?.title).toBe('В Бузулуке главные стройплощадки – детсад и Ледовый дворец');
    expect(ru.items[0]?.published_at).toBe('2014-01-22T14:31:31.000Z');
    const pt = feed('JN-PT_ultimas-noticias_RSS_ISO-8859-1_2018-01-03.xml');
    expect(pt.items).toHaveLength(40);
    expect(pt.items[0]?.title).toBe('Mãe de utente é a nova presidente da Raríssimas');
  });

  it('EDGAR latest-filings Atom: one item per accession naming every filer role, 8-K item codes read', () => {
    const f = feed('EDGAR_getcurrent_latest-filings_count100_start100_2025-12-12.atom.xml');
    expect(f.items.length).toBe(63);
    const flux = f.items.find((i) => i.edgar?.accession === '0001493152-25-027595');
    expect(flux?.edgar?.form).toBe('8-K');
    expect(flux?.edgar?.filers).toEqual([
      { cik: '0001083743', name: 'Flux Power Holdings, Inc.', role: 'Filer' },
    ]);
    expect(flux?.edgar?.items).toEqual(['8.01', '9.01']);
    const werewolf = f.items.find((i) => i.edgar?.accession === '0001134657-25-000016');
    expect(werewolf?.edgar?.filers.map((x) => x.role)).toEqual(['Issuer', 'Reporting']);
    expect(channelOf(f)).toBe('edgar_filing');
    expect(feed('EDGAR_getcurrent_latest-filings_count100_start0_2025-12-12.atom.xml').items).toHaveLength(
      50,
    );
  });

  it('the EDGAR 503 apology page and an HTML exhibit are not feeds: ParseError', () => {
    expect(() => feed('EDGAR_getcurrent_start5100_HTTP503_File-Unavailable.html')).toThrow(ParseError);
    expect(() => feed('EDGAR_getcurrent_start5100_HTTP503_File-Unavailable.html')).toThrow(
      /not a news feed: root element <html>/,
    );
  });

  it('Nasdaq trade halts: CDATA HTML table flattened, ndaq: fields kept', () => {
    const f = feed('NASDAQTRADER_trade-halts_RSS_2023-06-19_EXTRACTED-from-js.xml');
    expect(f.items).toHaveLength(14);
    expect(f.items[0]?.extra).toMatchObject({
      IssueSymbol: 'ROCC',
      IssueName: 'Ranger Oil Cp Cl A Cmn',
      ReasonCode: 'T12',
      HaltTime: '19:50:01',
    });
    expect(f.items[0]?.summary).toContain('06/16/2023 19:50:01 ROCC Ranger Oil Cp Cl A Cmn NASDAQ T12');
    expect(channelOf(f)).toBe('exchange');
  });

  it('Google News: re-indented links and titles collapsed, " - Reuters" suffix dropped, publisher from <source>', () => {
    const f = feed('GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml');
    expect(f.items).toHaveLength(100);
    expect(f.items[0]?.title).toBe("Canada's labor market dips sharply in February, unemployment rate up");
    expect(f.items[0]?.publisher).toBe('Reuters');
    expect(f.items[0]?.link).toMatch(/^https:\/\/news\.google\.com\/rss\/articles\/CBMi4gFBVV95cUxN[^\s]+$/);
  });

  it('Guardian RSS and the Bloomberg news sitemap', () => {
    expect(feed('GUARDIAN_US-edition_RSS_2018-01-31.rss.xml').items).toHaveLength(55);
    const b = feed('BLOOMBERG_google-news-sitemap_NOT-RSS_2026-03-15.xml');
    expect(b.kind).toBe('sitemap');
    expect(b.items).toHaveLength(16);
    expect(b.items[0]).toMatchObject({
      title: 'Trump Wants Countries to Send Warships, UAE Port Suspends, More',
      publisher: 'Bloomberg',
      published_at: '2026-03-15T00:48:24.900Z',
    });
  });

  it('an item without a title is quarantined, the rest kept; a missing pubDate falls back to the fetch time', () => {
    const xml = `<?xml version="1.0"?><rss><channel><title>T</title>
      <item><description>no title here</description></item>
      <item><title>Acme raises dividend</title><link>https://example.com/a?utm_source=x</link></item></channel></rss>`;
    const f = parseFeed(Buffer.from(xml), ctx);
    expect(f.quarantined).toEqual([{ index: 0, reason: 'item has no title' }]);
    expect(f.items).toHaveLength(1);
    expect(f.items[0]).toMatchObject({
      link: 'https://example.com/a',
      published_at: ctx.fetchedAt,
      time_basis: 'fetched',
    });
  });
});
