import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCompanyTickersExchange } from '../../../parsers/edgar/company-tickers.ts';
import { channelOf } from '../../../parsers/news/channel.ts';
import { classifyItem } from '../../../parsers/news/classify.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import { buildRegistryIndex, initialsKey, linkItem, nameKey } from '../../../parsers/news/link.ts';
import { processItems } from '../../../parsers/news/pipeline.ts';
import { readLocally } from '../../../parsers/news/reader.ts';

// Issue 28: real headlines (fixtures/news/PAGES-CORPUS_..., each item's link is its page) and real feeds,
// linked against the SEC's company_tickers_exchange.json.
const dir = new URL('../../../fixtures/news/', import.meta.url);
const ctx = { url: 'file://feed', fetchedAt: '2026-11-29T00:00:00.000Z' };
const tickers = parseCompanyTickersExchange(
  readFileSync(
    new URL('../../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', import.meta.url),
    'utf8',
  ),
  ctx,
);
const companies = tickers.rows.map((e) => ({
  company_id: `cik:${e.cik}`,
  name: e.name,
  ticker: e.ticker,
  cik: e.cik,
}));
const reg = buildRegistryIndex(companies);
const run = (name: string) => {
  const f = parseFeed(readFileSync(new URL(name, dir)), ctx);
  return processItems(
    f.items.map((item) => ({ item, channel: channelOf(f) })),
    reg,
  ).articles;
};
const pages = run('PAGES-CORPUS_real-headlines_issue-28_2026-11-29.rss.xml');
const page = (title: string) => {
  const a = pages.find((x) => x.title === title);
  if (!a) throw new Error(`no item ${title}`);
  return a;
};
const primary = (title: string) =>
  page(title)
    .links.filter((l) => l.primary)
    .map((l) => l.ticker);

describe('company aliases from the registry (no alias written for any one company)', () => {
  it('legal names lose their suffixes, "&", possessives and hyphens', () => {
    expect(nameKey('JPMORGAN CHASE & CO')).toBe('jpmorgan chase');
    expect(nameKey('AMAZON COM INC')).toBe('amazon');
    expect(nameKey('HOME DEPOT, INC.')).toBe('home depot');
    expect(nameKey('QUALCOMM INC/DE')).toBe('qualcomm');
    expect(nameKey('Walmart’s')).toBe('walmart');
    expect(nameKey('Coca-Cola')).toBe('coca cola');
  });

  it('a possessive headline links its company as primary ("Coca-Cola\'s Revenue Misses ...", "Home Depot\'s ...")', () => {
    expect(primary("Coca-Cola's Revenue Misses Estimates; Shares Fall")).toEqual(['KO']);
    expect(primary("Home Depot's Exclusive and Innovative Products Keep Customers Coming Back")).toEqual([
      'HD',
    ]);
    // "Wal-Mart" meets the registry's "Walmart Inc." without its hyphen; title case is no obstacle
    expect(primary('Wal-Mart Profit Tops Estimates, but Guidance Is Trimmed')).toEqual(['WMT']);
  });

  it('an all-caps headline names its company after an authority subject; the first word of a name is an alias only where distinctive', () => {
    expect(
      primary('JUSTICE DEPARTMENT SETTLES MASSIVE LAWSUIT AGAINST JP MORGAN CHASE AND OTHER BANKS'),
    ).toEqual(['JPM']);
    const exxon = linkItem({ title: 'Exxon to buy Pioneer', summary: null, link: null, extra: {} }, reg);
    expect(exxon.links).toMatchObject([{ ticker: 'XOM', evidence: 'Exxon', primary: true }]);
    // "Home" (HOME DEPOT) and "Stock" (STOCK YARDS BANCORP) are ordinary words: never aliases
    const home = linkItem({ title: 'Home prices rise', summary: null, link: null, extra: {} }, reg);
    expect(home.links).toEqual([]);
  });

  it('a company named only in the summary is a mention, not primary (Kroger sues; Albertsons in the lede)', () => {
    const a = page('Kroger sues FTC over blocked grocery chain merger');
    expect(a.links.filter((l) => l.primary).map((l) => l.ticker)).toEqual(['KR']);
    expect(a.links.find((l) => l.ticker === 'ACI')).toMatchObject({ primary: false, basis: 'name' });
    // the (NYSE:KO) tag in a lede is confirmed, and primary because the headline names the same company
    const ko = page('Coca-Cola Revenues Fall Short of Estimates');
    expect(ko.links).toMatchObject([
      { ticker: 'KO', basis: 'exchange_tag', ticker_confirmed: true, primary: true },
    ]);
  });

  it('a Form 4 entry links by CIK: its issuer is primary, the reporting owner is no company', () => {
    const edgar = run('EDGAR_getcurrent_latest-filings_count100_start300_2025-12-12.atom.xml');
    const f4 = edgar.find((a) => a.title === '4 - BOBINSKI CATHERINE A (0001189341) (Reporting)');
    expect(f4?.links).toEqual([
      expect.objectContaining({
        ticker: 'SGA',
        basis: 'cik',
        evidence: 'CIK 0000886136 (Issuer)',
        primary: true,
      }),
    ]);
  });

  it('a CIK link takes the ticker the registry held on the filing date', () => {
    const velo = companies.find((c) => c.cik === '0001825079');
    const withHistory = buildRegistryIndex([
      {
        ...(velo as (typeof companies)[number]),
        tickers: [
          { symbol: 'VLD', from: '2021-09-30', to: '2024-12-31' },
          { symbol: 'VELO', from: '2025-01-01', to: null },
        ],
      },
    ]);
    const edgar = parseFeed(
      readFileSync(new URL('EDGAR_getcurrent_latest-filings_count100_start100_2025-12-12.atom.xml', dir)),
      ctx,
    );
    const item = edgar.items.find((i) => i.title.startsWith('8-K - Velo3D'));
    expect(item?.published_at.slice(0, 10)).toBe('2025-12-12');
    expect(linkItem(item!, withHistory).links).toMatchObject([{ ticker: 'VELO', basis: 'cik' }]);
    expect(linkItem({ ...item!, published_at: '2024-06-03T12:00:00.000Z' }, withHistory).links).toMatchObject(
      [{ ticker: 'VLD', basis: 'cik' }],
    );
  });
});

describe('event types and direction on real wording', () => {
  it('a deal worded without "merger" or "acquire" is m&a (the livemint lede of Exxon buying Pioneer)', () => {
    const title =
      'Exxon Mobil struck a nearly $60 billion agreement Wednesday to buy Pioneer Natural Resources in the largest oil-and-gas deal in two decades';
    const item = { title, summary: null, edgar: undefined, extra: {} };
    expect(classifyItem(item, 'news', { hasPrimaryLink: true }).event_type).toBe('m&a');
    expect(
      linkItem({ ...item, link: null }, reg)
        .links.filter((l) => l.primary)
        .map((l) => l.ticker),
    ).toEqual(['XOM']);
  });

  it('charges, lawsuits, reveals, an authority blocking a deal and labour data get their types', () => {
    const type = (t: string) => page(t).classification.event_type;
    expect(type('Martha indicted')).toBe('legal');
    expect(type('Kroger sues FTC over blocked grocery chain merger')).toBe('legal');
    expect(type('Apple unveils a new low-cost iPhone and a high-end chip')).toBe('product');
    expect(type('Ftc Sues To Block Kroger Albertsons Deal')).toBe('regulatory');
    expect(type('Weekly Jobless Claims Rise Unexpectedly')).toBe('macro');
    expect(type('Gold hits record, oil up')).toBe('macro');
  });

  it('direction reads negation, comparisons, bad-when-up quantities and a "but" clause', () => {
    const dir = (t: string) => {
      const a = page(t);
      return readLocally({
        title: a.title,
        summary: a.summary,
        event_type: a.classification.event_type,
        event_subtype: a.classification.event_subtype,
        company: null,
      }).direction;
    };
    expect(dir('U.S. Weekly Jobless Claims Rise Less Than Expected')).toBe('bullish');
    expect(dir('Weekly Jobless Claims Rise Unexpectedly')).toBe('bearish');
    expect(dir('Wal-Mart Profit Tops Estimates, but Guidance Is Trimmed')).toBe('bearish');
    const fails = readLocally({
      title: 'Acme fails to beat estimates',
      summary: null,
      event_type: 'earnings',
      event_subtype: 'results',
      company: null,
    });
    expect(fails.direction).toBe('bearish');
    // a plaintiff is not the one hurt: a suit brought by the subject leans nowhere
    expect(dir('Kroger sues FTC over blocked grocery chain merger')).toBe('neutral');
  });
});

/** A real feed's item by its title, through the whole pipeline (feeds parsed once per file; only the item
 * asked for goes through the pipeline: the feeds hold 100 items and linking each costs time). */
const feeds = new Map<string, ReturnType<typeof parseFeed>>();
const article = (file: string, title: string) => {
  if (!feeds.has(file)) feeds.set(file, parseFeed(readFileSync(new URL(file, dir)), ctx));
  const f = feeds.get(file) as ReturnType<typeof parseFeed>;
  const item = f.items.find((x) => x.title === title);
  if (!item) throw new Error(`no item ${title}`);
  const a = processItems([{ item, channel: channelOf(f) }], reg).articles[0];
  if (!a) throw new Error(`no article ${title}`);
  return a;
};
/** Its event type, primary tickers and the local reader's direction. */
const read = (file: string, title: string) => {
  const a = article(file, title);
  return {
    type: a.classification.event_type,
    primary: a.links.filter((l) => l.primary).map((l) => l.ticker),
    direction: readLocally({
      title: a.title,
      summary: a.summary,
      event_type: a.classification.event_type,
      event_subtype: a.classification.event_subtype,
      company: a.links.find((l) => l.primary)?.ticker ?? null,
    }).direction,
  };
};

describe('issue 28, second pass: rules read off real headlines (fixtures/news feeds)', () => {
  const direction = (file: string, title: string) => {
    const a = article(file, title);
    return readLocally({
      title: a.title,
      summary: a.summary,
      event_type: a.classification.event_type,
      event_subtype: a.classification.event_subtype,
      company: a.links.find((l) => l.primary)?.ticker ?? null,
    }).direction;
  };
  const GOOGLE = 'GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml';
  const PAGES = 'PAGES-CORPUS_real-headlines_issue-28_2026-11-29.rss.xml';

  it('direction: the main clause before its reason, easing a rule, a settlement, pay, slowing inflation, a widening war', () => {
    // "misses" decides; "strong dollar" is the reason given after "on"
    expect(direction(PAGES, 'Coca-Cola quarterly revenue misses on strong dollar')).toBe('bearish');
    expect(
      direction(
        GOOGLE,
        'Hong Kong proposes easing rules for dual-class share listings in competitiveness push',
      ),
    ).toBe('bullish');
    expect(
      direction(PAGES, 'JUSTICE DEPARTMENT SETTLES MASSIVE LAWSUIT AGAINST JP MORGAN CHASE AND OTHER BANKS'),
    ).toBe('neutral');
    // an executive's pay rising says nothing of the company (the summary's revenue rise is not read)
    expect(
      direction(
        'REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml',
        'Morgan Stanley CEO James Gorman pay rises 7 percent to 29 million: filings',
      ),
    ).toBe('neutral');
    expect(direction(GOOGLE, "Brazil's annual inflation slows ahead of key rate decision")).toBe('bullish');
    expect(direction(GOOGLE, 'Morning Bid: Iran widens war on shipping, Trump talks Strait')).toBe('bearish');
    // a competition regulator's scrutiny of a market acts on no company we know: no lean
    expect(
      direction(
        GOOGLE,
        "Australia's competition regulator to heighten fuel market scrutiny amid Mideast war",
      ),
    ).toBe('neutral');
  });

  it('types: a raised forecast is guidance, jobs numbers are macro, a general-news summary types nothing', () => {
    const type = (file: string, t: string) => article(file, t).classification.event_type;
    expect(type(PAGES, 'Walmart raises earnings forecast for year after jump in quarterly sales')).toBe(
      'guidance',
    );
    expect(
      type(
        'PAGES-CORPUS_real-headlines_issue-28_HELDOUT_2026-11-29.rss.xml',
        'U.S. Jobs Numbers Rise Sharply in October',
      ),
    ).toBe('macro');
    // its summary's "the administration" (the government) is no insolvency administration
    expect(
      type(
        'GUARDIAN_US-edition_RSS_2018-01-31.rss.xml',
        "How Trump's cuts to public lands threaten future dinosaur discoveries",
      ),
    ).toBe('other');
  });

  it('a hyphen joining two names splits them: "Microsoft-Activision" names Microsoft after the FTC', () => {
    expect(
      article(PAGES, 'FTC Sues To Block Microsoft-Activision Blizzard $69 Billion Merger')
        .links.filter((l) => l.primary)
        .map((l) => l.ticker),
    ).toEqual(['MSFT']);
  });
});

describe('issue 28, third pass: rules read off held-out set 3 (a Seeking Alpha feed, page headlines)', () => {
  const SA = 'SEEKINGALPHA_symbol-MSFT_RSS_2017-10-26_EXTRACTED-27-of-30-items-from-ts.xml';
  const P3 = 'PAGES-CORPUS_real-headlines_issue-28_HELDOUT-3_2026-11-29.rss.xml';

  it('types: earnings shorthand, alliances and N-year deals, a cost-cutting drive, a charge sheet, currencies', () => {
    expect(read(SA, 'Microsoft beats by $0.12, beats on revenue').type).toBe('earnings');
    expect(read(SA, 'Cray and Microsoft announce alliance bringing supercomputing to Azure').type).toBe(
      'contract',
    );
    expect(read(SA, 'Microsoft, GE announce 15-year wind energy deal in Ireland').type).toBe('contract');
    // a plan unveiled is no product launch
    const banco = read(P3, 'Banco do Brasil unveils major cost cutting drive');
    expect(banco.type).toBe('restructuring');
    // "BANCO DO BRASIL S.A.": a dotted suffix is a suffix
    expect(banco.primary).toEqual(['BDORY']);
    expect(read(P3, 'EU Sends Charge Sheet to Visa Over Inter-Regional Fees').type).toBe('regulatory');
    expect(read(P3, 'Pound rallies towards $1.25')).toMatchObject({ type: 'macro', direction: 'bullish' });
    expect(read(P3, 'Aug. trade deficit narrows unexpectedly to $30.7B')).toMatchObject({
      type: 'macro',
      direction: 'bullish',
    });
  });

  it('direction: ending a slide, slowing a recovery, a best week, a standstill, dropping its own suit, a stance', () => {
    expect(read(P3, 'Stocks break 4-day slide ahead of jobs report').direction).toBe('bullish');
    expect(read(P3, 'Jobless claims show labor market may slow recovery').direction).toBe('bearish');
    expect(read(P3, 'Stocks post their best week since July').direction).toBe('bullish');
    // the main clause after a leading reason states no move
    expect(read(P3, 'After weak jobs report and Syria strikes, stocks stand still').direction).toBe(
      'neutral',
    );
    expect(read(SA, 'Microsoft to drop data request lawsuit').direction).toBe('neutral');
    expect(read(P3, 'Goldman turns bullish on commodities').direction).toBe('neutral');
    // a hack is a disruption that leans bearish for the company it hits
    expect(read(SA, "Microsoft's secret database hack in 2013").direction).toBe('bearish');
  });

  it('a possessive company is primary when the subject names none: "What to look for in Microsoft\'s Q1 earnings today"', () => {
    expect(read(SA, "What to look for in Microsoft's Q1 earnings today").primary).toEqual(['MSFT']);
  });
});

describe('issue 28, fourth pass: rules read off held-out sets 3 and 4 (set 5 stays unread)', () => {
  const SA = 'SEEKINGALPHA_symbol-MSFT_RSS_2017-10-26_EXTRACTED-27-of-30-items-from-ts.xml';
  const P4 = 'PAGES-CORPUS_real-headlines_issue-28_HELDOUT-4_2026-11-29.rss.xml';
  const GN = 'GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml';

  it('aliases: the initials of an "&"-joined name, a phrase keeping its "&", a closing country tag', () => {
    expect(initialsKey('JOHNSON & JOHNSON')).toBe('jandj');
    // "& CO" is a suffix, not a second name; everyday initialisms are no company's
    expect(initialsKey('JPMORGAN CHASE & CO')).toBeNull();
    expect(initialsKey('MERGERS & ACQUISITIONS')).toBeNull();
    expect(nameKey('T-Mobile US, Inc.')).toBe('t mobile');
    expect(read(P4, 'J&J execs briefed on "phantom recall" of Motrin').primary).toEqual(['JNJ']);
    expect(read(P4, 'Johnson & Johnson Q1 profit, sales jump, beat Street views').primary).toEqual(['JNJ']);
    expect(read(P4, "Price worries remain after judge OKs T-Mobile's Sprint deal").primary).toEqual(['TMUS']);
  });

  it("Seeking Alpha's sa:stock symbols are confirmed links, primary when alone or named in the headline", () => {
    expect(read(SA, 'What It Would Take For A Microsoft Pullback').primary).toEqual(['MSFT']);
    // tagged GE and MSFT, both named
    expect(read(SA, 'GE, Microsoft to announce industrial cloud partnership').primary).toEqual([
      'GE',
      'MSFT',
    ]);
    // tagged AAPL too, but the headline names Microsoft only
    expect(read(SA, 'In slowing PC market, Microsoft adds another Surface model').primary).toEqual(['MSFT']);
  });

  it('a speaker in a lead label and a place are no company ("Powell:", "Baltic Sea")', () => {
    expect(read(P4, 'Powell: Economy looks resilient despite risk of China virus')).toMatchObject({
      primary: [],
      direction: 'bullish',
    });
    expect(read(P4, 'Sabotage Suspected as Two Fiber Optic Cables Severed in Baltic Sea')).toMatchObject({
      primary: [],
      type: 'macro',
      direction: 'bearish',
    });
  });

  it('types: the main clause before its reason, laws, bureaus setting rules, markets, states losing jobs', () => {
    expect(read(P4, 'Burberry CEO is out after company warns about its profit').type).toBe('management');
    expect(read(P4, 'Obama signs law curbing surprise credit card fees').type).toBe('regulatory');
    expect(read(P4, 'Consumer Financial Protection Bureau Sets Rules for Digital Wallets').type).toBe(
      'regulatory',
    );
    expect(read(P4, 'Technology shares lead market higher')).toMatchObject({
      type: 'macro',
      direction: 'bullish',
    });
    expect(read(P4, '42 states lose jobs in August, up from 29 in July')).toMatchObject({
      type: 'macro',
      direction: 'bearish',
    });
    // a weekly loss is the market's, not a company's results
    expect(
      read(GN, 'Wall Street closes lower, posts weekly loss as war on Iran fuels inflation worries').type,
    ).toBe('macro');
  });

  it('direction: a level broken, a count reached, a planned recall, not off the hook, a raised bid, an outage', () => {
    expect(read(P4, 'Dow closes below 10,000 for first time in 3 months').direction).toBe('bearish');
    expect(read(P4, 'Huawei Mate XT Hits 5M Pre-Orders; Supply Doubts Persist')).toMatchObject({
      type: 'product',
      direction: 'bullish',
    });
    expect(read(P4, 'Reports: Toyota plans to recall 300,000 Priuses').direction).toBe('bearish');
    expect(read(P4, "Intel settles AMD claims but isn't off the hook").direction).toBe('bearish');
    expect(
      read(P4, 'Report: Takeda raises $60B offer for Shire, nears prelim acquisition agreement').direction,
    ).toBe('neutral');
    // SunTrust is not in the registry: the outage still leans bearish
    expect(read(P4, 'SunTrust’s online banking outage enters third day').direction).toBe('bearish');
  });
});
