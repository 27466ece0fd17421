import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { opensHeadline, readLocally } from '../../parsers/news/reader.ts';
import { loadTextModel } from '../../parsers/news/text-model.ts';
import { articleTitled, fixtureArticles } from './news-articles.ts';

/**
 * `npm run quality:news`: the rule pass against hand-labelled real items (fixtures/news/labels.tsv: event
 * type, direction and primary company read by a person). Direction is the local reader's on every labelled
 * item (the service reads only items scoring 40 or more). The primary company is the first link the
 * linker marks primary (none when it marks none), compared by company with the label (a registry ticker,
 * or `-` for no registry company). Goals on the held-out split: >= 90% primary company, >= 90% event
 * type, >= 80% direction. Each miss is listed, then per file what was labelled and what was right.
 *
 * Dev / held-out: the items are ranked by the SHA-1 of `file<TAB>title` and the first half (rounded up) is
 * the dev split, the rest held out; items of a file named `*HELDOUT*` (collected and labelled after the
 * rules were written) are always held out, and are also reported on their own (`fresh_held_out`). The items
 * of labels-heldout-2.tsv (every item of the Google News and Guardian feeds labels.tsv lacked, labelled with a
 * reason before the parser ran on them) are held out too (`fresh_held_out_2`), in two halves by hash: the
 * first was read for rules after its first measure (`fresh_2_read`), the second never (`fresh_2_unread`).
 * Rules were tuned on dev misses (`--dev` prints only those) and, in issue 28's second pass, on the misses
 * of the earlier held-out split and of `fresh_2_read` too: `fresh_2_unread` is the figure for feeds nobody
 * tuned to. labels-heldout-3.tsv (issue 28's third pass: a Seeking Alpha per-symbol feed and page headlines) is
 * split the same way into `fresh_3_read` and `fresh_3_unread`; the unread half was measured once (the figure
 * is in docs/news.md) and read after it. labels-heldout-4.tsv (page
 * headlines collected after that measure) is scored and listed only with `--unread`: the one final measure of the
 * third pass. labels-heldout-5.tsv (issue 28's fourth pass: whole real RSS captures and API items from public repositories,
 * labelled before the parser ran) is scored the same way (`fresh_held_out_5`). Miss lines are prefixed dev / held_out /
 * fresh2r / fresh2u / fresh3r / fresh3u / fresh4 / fresh5 / fresh6. labels-heldout-6.tsv (issue 28's fifth pass: four real
 * news-API responses, labelled before the parser ran) is scored only with `--set6`. The trained text model
 * (parsers/news/text-model.ts, trained on sets 1-8 since the eighth pass) is loaded unless `--rules-only` asks for the word rules alone.
 * labels-heldout-7.tsv (issue 28's sixth pass: three real PR Newswire press-release list pages, labelled before the parser ran) is
 * scored only with `--set7` (miss lines `fresh7`). labels-heldout-8.tsv (issue 28's seventh pass: a real NewsAPI response of press-wire
 * releases, Business Wire and others, labelled before the parser ran) is scored only with `--set8` (miss lines `fresh8`).
 * labels-heldout-9.tsv (issue 28's ninth pass: five real Tiingo news API responses recorded in OpenBB's test cassettes, an aggregator
 * of news briefs, wires and general news, labelled before the parser ran) is scored only with `--set9` (miss lines `fresh9`).
 * labels-heldout-10.tsv (issue 28's tenth pass: three real Intrinio and BizToc news API responses recorded in OpenBB's test cassettes,
 * labelled before the parser ran) is scored only with `--set10` (miss lines `fresh10`). labels-heldout-11.tsv (issue 28's eleventh
 * pass: three Benzinga and three TMX Money news API responses recorded in OpenBB's test cassettes, labelled before the parser ran) is
 * scored only with `--set11` (miss lines `fresh11`). labels-heldout-12.tsv (issue 28's twelfth pass: a mediastack response, three
 * Yahoo Finance and one Polygon news response, labelled before the parser ran) is scored only with `--set12` (miss lines `fresh12`).
 * labels-heldout-13.tsv (issue 28's thirteenth pass: MarketWatch and Nasdaq.com RSS responses and a Finnhub company-news response saved
 * in public repositories, labelled before the parser ran) is scored only with `--set13` (miss lines `fresh13`).
 * labels-heldout-14.tsv (issue 28's fourteenth pass: WSJ Markets, Technology and U.S. Business RSS and S&P Dow Jones Indices
 * corporate-news RSS saved in a public repository, labelled before the parser ran) is scored only with `--set14` (miss lines `fresh14`).
 * labels-heldout-15.tsv (issue 28's fifteenth pass: Yahoo Finance's headline RSS and news RSS index saved in a public repository, labelled
 * before the parser ran) is scored only with `--set15` (miss lines `fresh15`). labels-heldout-16.tsv (issue 28's sixteenth pass: Seeking
 * Alpha's all-news and all-articles RSS saved in a public repository, labelled before the parser ran) is scored only with `--set16`
 * (miss lines `fresh16`). labels-heldout-17.tsv (issue 28's seventeenth pass: a Financial Modeling Prep top-gainers stock_news response
 * and an Investing.com Forex News RSS saved in public repositories, labelled before the parser ran) is scored only with `--set17` (miss
 * lines `fresh17`). labels-heldout-18.tsv (issue 28's eighteenth pass: a Yahoo Finance per-symbol TSLA headline RSS of 2025 saved in a
 * public repository's test, labelled before the parser ran) is scored only with `--set18` (miss lines `fresh18`). labels-heldout-19.tsv
 * (issue 28's nineteenth pass: a StockNewsAPI TSLA response and a Marketaux news/all response of 2024-07-30 saved in a public repository,
 * labelled before the parser ran) is scored only with `--set19` (miss lines `fresh19`). labels-heldout-20.tsv (issue 28's twentieth
 * pass: a Times of India Gadgets News RSS and The Hindu's Business/Economy RSS saved in a public repository, labelled before the parser
 * ran) is scored only with `--set20` (miss lines `fresh20`). labels-heldout-21.tsv (issue 28's twenty-first pass: CNBC International's
 * Asia and Europe news RSS saved in a public repository, labelled before the parser ran) is scored only with `--set21` (miss lines
 * `fresh21`). labels-heldout-22.tsv (issue 28's twenty-second pass: pharma and biotech trade-press RSS items saved in a public
 * repository's daily digest, labelled before the parser ran) is scored only with `--set22` (miss lines `fresh22`). labels-heldout-23.tsv
 * (issue 28's twenty-third pass: Seeking Alpha's financial-sector, MarketWatch's Banking & Finance and Nasdaq.com's FinTech RSS saved in
 * a public repository, labelled before the parser ran) is scored only with `--set23` (miss lines `fresh23`). labels-heldout-24.tsv
 * (issue 28's twenty-fourth pass: three Bing News Search API responses saved in a public repository, labelled before the parser ran)
 * is scored only with `--set24` (miss lines `fresh24`).
 * labels-heldout-25.tsv (issue 28's twenty-sixth pass: a real Business Insider homepage of 2018-03-17, labelled before the parser ran)
 * is scored only with `--set25` (miss lines `fresh25`).
 * labels-heldout-26.tsv (issue 28's twenty-seventh pass: Oracle's own press-release RSS and Reuters Top News RSS from a real River5 river
 * of 2019-01-14, labelled before the parser ran) is scored only with `--set26` (miss lines `fresh26`).
 * labels-heldout-27.tsv (issue 28's twenty-eighth pass: the FT's Technology stream RSS and an FT 'myFT following' RSS saved in public
 * repositories, labelled before the parser ran) is scored only with `--set27` (miss lines `fresh27`).
 * labels-heldout-28.tsv (issue 28's thirtieth pass: eight real Nasdaq.com per-symbol RSS responses, headlines only, stored as JSON in a
 * public repository, labelled before the parser ran) is scored only with `--set28` (miss lines `fresh28`).
 * labels-heldout-29.tsv (issue 28's thirty-second pass: a real BBC News business RSS feed as a page's feed reader listed it on 2013-09-04,
 * labelled before the parser ran) is scored only with `--set29` (miss lines `fresh29`).
 * labels-heldout-30.tsv (issue 28's thirty-third pass: TheStreet.com's video 'Market Strategy' and 'Mutual Fund - ETF Report' RSS and The
 * Economist's 'Business and finance' RSS saved in public repositories, labelled before the parser ran) is scored only with `--set30`
 * (miss lines `fresh30`).
 * labels-heldout-31.tsv (issue 28's thirty-fourth pass: CNNMoney's Companies, Economy and International RSS saved in a public repository,
 * labelled before the parser ran) is scored only with `--set31` (miss lines `fresh31`).
 * labels-heldout-32.tsv (issue 28's thirty-fifth pass: two days of the NYT 'Top Stories' RSS as a public link archive recorded them,
 * labelled before the parser ran) is scored only with `--set32` (miss lines `fresh32`).
 * labels-heldout-33.tsv (issue 28's thirty-seventh pass: two days of CNBC's RSS id 100727362 as a public link archive recorded them,
 * labelled before the parser ran) is scored only with `--set33` (miss lines `fresh33`). labels-heldout-34.tsv (issue 28's thirty-eighth
 * pass: two later days of the same CNBC RSS, 2023-01-12/13, from the same archive, labelled before the parser ran) is scored only with
 * `--set34` (miss lines `fresh34`). labels-heldout-35.tsv (issue 28's thirty-ninth pass: three CNNMoney section feeds,
 * Technology, Media and Markets, 2018-09-19..10-04, labelled before the parser ran) is scored only with `--set35` (miss lines `fresh35`). labels-heldout-36.tsv (issue 28's
 * fortieth pass: MarketWatch's Market Pulse, Bulletins and Stocks to Watch feeds, labelled before the parser ran) is scored only with
 * `--set36` (miss lines `fresh36`). labels-heldout-37.tsv (issue 28's forty-second pass: Yahoo Finance's quote-page news lists of MSFT
 * and ORCL, 2024-09-17..22, labelled before the parser ran) is scored only with `--set37` (miss lines `fresh37`). labels-heldout-38.tsv (issue 28's forty-first pass: Nasdaq.com's News and Commodities feeds, 2020-08-26,
 * and CNBC's Investing feed, 2020-06-28..07-20, labelled before the parser ran) is scored only with `--set38` (miss lines `fresh38`).
 * labels-heldout-39.tsv (issue 28's forty-fourth pass: the WSJ's RSSWorldNews feed of 2023-08-16/17, its company, market and economy
 * entries, labelled before the parser ran) is scored only with `--set39` (miss lines `fresh39`).
 * labels-heldout-40.tsv (issue 28's forty-fifth pass: two NewsAPI top-headlines business responses, 2023-05-02 and 2022-09-18, saved in
 * public repositories, labelled before the parser ran) is scored only with `--set40` (miss lines `fresh40`).
 * labels-heldout-41.tsv (issue 28's forty-sixth pass: the first 50 articles of a NewsAPI everything response for "business",
 * 2023-04-04..05-04, saved in a public repository, labelled before the parser ran) is scored only with `--set41` (miss lines `fresh41`).
 * labels-heldout-42.tsv (issue 28's forty-seventh pass: the first 50 strings of a list of Guardian, Reuters and CNBC business headlines
 * of 2019-12-17..19 in a public code file, labelled before the parser ran) is scored only with `--set42` (miss lines `fresh42`).
 */
const dir = new URL('../../fixtures/news/', import.meta.url);
// `--rules-only`: the word rules alone, as before the trained text model (the old method's figures)
const rulesOnly = process.argv.includes('--rules-only');
const modelLoaded = rulesOnly ? false : await loadTextModel();
const readLabels = (
  name: string,
  set:
    | 'pool'
    | 'fresh2'
    | 'fresh3'
    | 'fresh4'
    | 'fresh5'
    | 'fresh6'
    | 'fresh7'
    | 'fresh8'
    | 'fresh9'
    | 'fresh10'
    | 'fresh11'
    | 'fresh12'
    | 'fresh13'
    | 'fresh14'
    | 'fresh15'
    | 'fresh16'
    | 'fresh17'
    | 'fresh18'
    | 'fresh19'
    | 'fresh20'
    | 'fresh21'
    | 'fresh22'
    | 'fresh23'
    | 'fresh24'
    | 'fresh25'
    | 'fresh26'
    | 'fresh27'
    | 'fresh28'
    | 'fresh29'
    | 'fresh30'
    | 'fresh31'
    | 'fresh32'
    | 'fresh33'
    | 'fresh34'
    | 'fresh35'
    | 'fresh36'
    | 'fresh37'
    | 'fresh38'
    | 'fresh39'
    | 'fresh40'
    | 'fresh41'
    | 'fresh42',
) =>
  readFileSync(new URL(name, dir), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('file\t'))
    .map((l) => {
      const [file, title, event_type, direction, primary] = l.split('\t') as [
        string,
        string,
        string,
        string,
        string | undefined,
      ];
      return { file, title, event_type, direction, primary: primary ?? '-', set };
    });
// labels-heldout-2.tsv: a second fresh set, labelled before the parser was run on it (always held out)
// labels-heldout-3.tsv: a third fresh set (issue 28, third pass), labelled before the parser was run on it
const labels = [
  ...readLabels('labels.tsv', 'pool'),
  ...readLabels('labels-heldout-2.tsv', 'fresh2'),
  ...readLabels('labels-heldout-3.tsv', 'fresh3'),
  // set 4, collected after set 3's one measure: never read, measured once at the end (--unread)
  ...readLabels('labels-heldout-4.tsv', 'fresh4'),
  // set 5 (issue 28's fourth pass): three whole real feeds and 15 API items, labelled before the parser ran; the held-out
  // measure of that pass, scored and listed only with --unread like set 4
  ...readLabels('labels-heldout-5.tsv', 'fresh5'),
  // set 6 (issue 28's fifth pass): four real news-API responses (NewsAPI, a per-symbol stock-news API, FMP), labelled and committed
  // before any parser ran on them; scored and listed only with --set6 (first measured with the parser of 9de6dbc)
  ...readLabels('labels-heldout-6.tsv', 'fresh6'),
  // set 7 (issue 28's sixth pass): three real PR Newswire list pages (press releases), labelled and committed before any parser
  // ran on them; scored and listed only with --set7 (first measured with the parser of 1f931ba)
  ...readLabels('labels-heldout-7.tsv', 'fresh7'),
  // set 8 (issue 28's seventh pass): a real NewsAPI response of press-wire releases (Business Wire, PR Newswire, GlobeNewswire via
  // Yahoo), labelled and committed before any parser ran on them; scored and listed only with --set8
  ...readLabels('labels-heldout-8.tsv', 'fresh8'),
  // set 9 (issue 28's ninth pass): five real Tiingo news API responses (OpenBB's recorded cassettes), labelled and committed before
  // any parser ran on them; scored and listed only with --set9
  ...readLabels('labels-heldout-9.tsv', 'fresh9'),
  // set 10 (issue 28's tenth pass): three real news API responses (Intrinio x2, BizToc) from OpenBB's recorded cassettes, labelled and
  // committed before any parser ran on them; scored and listed only with --set10
  ...readLabels('labels-heldout-10.tsv', 'fresh10'),
  // set 11 (issue 28's eleventh pass): six real news API responses (Benzinga x3, TMX Money x3) from OpenBB's recorded cassettes,
  // labelled and committed before any parser ran on them; scored and listed only with --set11
  ...readLabels('labels-heldout-11.tsv', 'fresh11'),
  // set 12 (issue 28's twelfth pass): a mediastack response saved in a repository, three Yahoo Finance and one Polygon news response
  // from OpenBB's recorded cassettes, labelled and committed before any parser ran on them; scored and listed only with --set12
  ...readLabels('labels-heldout-12.tsv', 'fresh12'),
  // set 13 (issue 28's thirteenth pass): MarketWatch and Nasdaq.com RSS responses and a Finnhub company-news response saved in public
  // repositories, labelled and committed before any parser ran on them; scored and listed only with --set13
  ...readLabels('labels-heldout-13.tsv', 'fresh13'),
  // set 14 (issue 28's fourteenth pass): WSJ Markets, Technology and U.S. Business RSS and S&P Dow Jones Indices corporate-news RSS
  // saved in a public repository, labelled and committed before any parser ran on them; scored and listed only with --set14
  ...readLabels('labels-heldout-14.tsv', 'fresh14'),
  // set 15 (issue 28's fifteenth pass): Yahoo Finance's headline RSS and news RSS index saved in a public repository, labelled and
  // committed before any parser ran on them; scored and listed only with --set15
  ...readLabels('labels-heldout-15.tsv', 'fresh15'),
  // set 16 (issue 28's sixteenth pass): Seeking Alpha's all-news and all-articles RSS saved in a public repository, labelled and
  // committed before any parser ran on them; scored and listed only with --set16
  ...readLabels('labels-heldout-16.tsv', 'fresh16'),
  // set 17 (issue 28's seventeenth pass): an FMP top-gainers stock_news response and an Investing.com Forex News RSS saved in public
  // repositories, labelled and committed before any parser ran on them; scored and listed only with --set17
  ...readLabels('labels-heldout-17.tsv', 'fresh17'),
  // set 18 (issue 28's eighteenth pass): a Yahoo Finance per-symbol TSLA headline RSS of 2025 saved in a public repository's test,
  // labelled and committed before any parser ran on it; scored and listed only with --set18
  ...readLabels('labels-heldout-18.tsv', 'fresh18'),
  // set 19 (issue 28's nineteenth pass): a StockNewsAPI TSLA response and a Marketaux news/all response of 2024-07-30 saved in a public
  // repository, labelled and committed before any parser ran on them; scored and listed only with --set19
  ...readLabels('labels-heldout-19.tsv', 'fresh19'),
  // set 20 (issue 28's twentieth pass): a Times of India Gadgets News RSS and The Hindu's Business/Economy RSS saved in a public
  // repository, labelled and committed before any parser ran on them; scored and listed only with --set20
  ...readLabels('labels-heldout-20.tsv', 'fresh20'),
  // set 21 (issue 28's twenty-first pass): CNBC International's Asia and Europe news RSS (interview clips) saved in a public
  // repository, labelled and committed before any parser ran on them; scored and listed only with --set21
  ...readLabels('labels-heldout-21.tsv', 'fresh21'),
  // set 22 (issue 28's twenty-second pass): pharma and biotech trade-press RSS items (Endpoints News, BioPharma Dive, FiercePharma,
  // STAT) saved in a public repository's daily digest, labelled and committed before any parser ran on them; scored and listed only
  // with --set22
  ...readLabels('labels-heldout-22.tsv', 'fresh22'),
  // set 23 (issue 28's twenty-third pass): financials-desk RSS (Seeking Alpha's financial sector, MarketWatch's Banking & Finance,
  // Nasdaq.com's FinTech) saved in a public repository, labelled and committed before any parser ran on them; scored and listed only
  // with --set23
  ...readLabels('labels-heldout-23.tsv', 'fresh23'),
  // set 24 (issue 28's twenty-fourth pass): three Bing News Search API responses (en-US Business, Technology, ScienceAndTechnology)
  // saved in a public repository, labelled and committed before any parser ran on them; scored and listed only with --set24
  ...readLabels('labels-heldout-24.tsv', 'fresh24'),
  // set 25 (issue 28's twenty-sixth pass): a real Business Insider US homepage of 2018-03-17 (16 headlines) transcribed from the code
  // index, labelled and committed before any parser ran on them; scored and listed only with --set25
  ...readLabels('labels-heldout-25.tsv', 'fresh25'),
  // set 26 (issue 28's twenty-seventh pass): Oracle's own press-release RSS and Reuters Top News RSS from one real River5 river saved
  // in a public repository, labelled and committed before any parser ran on them; scored and listed only with --set26
  ...readLabels('labels-heldout-26.tsv', 'fresh26'),
  // set 27 (issue 28's twenty-eighth pass): the FT's Technology stream RSS and an FT 'myFT following' RSS saved in public repositories,
  // labelled and committed before any parser ran on them; scored and listed only with --set27
  ...readLabels('labels-heldout-27.tsv', 'fresh27'),
  // set 28 (issue 28's thirtieth pass): eight real Nasdaq.com per-symbol RSS responses (headlines only) stored as JSON in a public
  // repository, labelled and committed before any parser ran on them; scored and listed only with --set28
  ...readLabels('labels-heldout-28.tsv', 'fresh28'),
  // set 29 (issue 28's thirty-second pass): a real BBC News business RSS feed (2013-09-04) as a page's feed reader listed it, labelled
  // and committed before any parser ran on them; scored and listed only with --set29
  ...readLabels('labels-heldout-29.tsv', 'fresh29'),
  // set 30 (issue 28's thirty-third pass): TheStreet.com's video 'Market Strategy' and 'Mutual Fund - ETF Report' RSS and The Economist's
  // 'Business and finance' RSS saved in public repositories, labelled and committed before any parser ran on them; scored and listed
  // only with --set30
  ...readLabels('labels-heldout-30.tsv', 'fresh30'),
  // set 31 (issue 28's thirty-fourth pass): CNNMoney's Companies, Economy and International RSS saved in a public repository,
  // labelled and committed before any parser ran on them; scored and listed only with --set31
  ...readLabels('labels-heldout-31.tsv', 'fresh31'),
  // set 32 (issue 28's thirty-fifth pass): two days of the NYT 'Top Stories' RSS (2024-09-03/04) as the public link archive
  // rumca-js/RSS-Link-Database-2024 recorded them, labelled and committed before any parser ran on them; scored only with --set32
  ...readLabels('labels-heldout-32.tsv', 'fresh32'),
  // set 33 (issue 28's thirty-seventh pass): two days of CNBC's RSS id 100727362 (2023-01-10/11) as the public link archive
  // rumca-js/RSS-Link-Database-2023 recorded them, labelled and committed before any parser ran on them; scored only with --set33
  ...readLabels('labels-heldout-33.tsv', 'fresh33'),
  // set 34 (issue 28's thirty-eighth pass): two later days of the same CNBC RSS (2023-01-12/13, items no earlier set holds) from the
  // same archive, labelled and committed before any parser ran on them; scored only with --set34
  ...readLabels('labels-heldout-34.tsv', 'fresh34'),
  // set 35 (issue 28's thirty-ninth pass): CNNMoney's Technology, Media and Markets RSS (2018-09-19..10-04, items no earlier set holds)
  // from areed1192/finance-news-aggregator, labelled and committed before any parser ran on them; scored only with --set35
  ...readLabels('labels-heldout-35.tsv', 'fresh35'),
  // set 36 (issue 28's fortieth pass): MarketWatch's Market Pulse and Bulletins (2020-08-04) and Stocks to Watch (2014-06) RSS from
  // areed1192/finance-news-aggregator, labelled and committed before any parser ran on them; scored only with --set36
  ...readLabels('labels-heldout-36.tsv', 'fresh36'),
  // set 37 (issue 28's forty-second pass): Yahoo Finance's quote-page news lists of MSFT and ORCL (2024-09-17..22) saved by
  // redanzo/hackrice, labelled and committed before any parser ran on them; scored only with --set37
  ...readLabels('labels-heldout-37.tsv', 'fresh37'),
  // set 38 (issue 28's forty-first pass): Nasdaq.com's News and Commodities RSS (2020-08-26) and CNBC's Investing RSS (2020-06-28..07-20)
  // from areed1192/finance-news-aggregator, labelled and committed before any parser ran on them; scored only with --set38
  ...readLabels('labels-heldout-38.tsv', 'fresh38'),
  // set 39 (issue 28's forty-fourth pass): 51 entries of the WSJ's RSSWorldNews feed (2023-08-16/17) as the public link archive
  // rumca-js/RSS-Link-Database-2023 recorded them, labelled and committed before any parser ran on them; scored only with --set39
  ...readLabels('labels-heldout-39.tsv', 'fresh39'),
  // set 40 (issue 28's forty-fifth pass): NewsAPI top-headlines business responses of 2023-05-02 (medavidson-ux/news-portal) and
  // 2022-09-18 (faresfouda/untitled12), labelled and committed before any parser ran on them; scored only with --set40
  ...readLabels('labels-heldout-40.tsv', 'fresh40'),
  // set 41 (issue 28's forty-sixth pass): the first 50 articles of a NewsAPI everything response for "business" (2023-04-04..05-04,
  // kaushal5504/trackx-web), labelled and committed before any parser ran on them; scored only with --set41
  ...readLabels('labels-heldout-41.tsv', 'fresh41'),
  // set 42 (issue 28's forty-seventh pass): the first 50 strings of a list of Guardian, Reuters and CNBC business headlines
  // (2019-12-17..19) in a public code file (code index 53295461399), labelled and committed before any parser ran; scored only with --set42
  ...readLabels('labels-heldout-42.tsv', 'fresh42'),
];
const rank = (l: { file: string; title: string }) =>
  createHash('sha1').update(`${l.file}\t${l.title}`).digest('hex');
const ranked = [...labels].sort((a, b) => rank(a).localeCompare(rank(b)));
const fresh = (l: { file: string; set: string }) => l.file.includes('HELDOUT') || l.set !== 'pool';
const pool = ranked.filter((l) => !fresh(l));
const devSet = new Set(pool.slice(0, Math.ceil(pool.length / 2)));
const devOnly = process.argv.includes('--dev');
const { reg, articlesOf } = fixtureArticles(dir);

type Split = 'dev' | 'held_out';
interface Score {
  n: number;
  type: number;
  dir: number;
  primary: number;
}
const zero = (): Score => ({ n: 0, type: 0, dir: 0, primary: 0 });
const score: Record<Split, Score> = { dev: zero(), held_out: zero() };
const freshScore = zero();
const fresh2Score = zero();
// set 2 in halves by the same SHA-1 rank: its first half (hashes up to the 48th of the 96 items first
// labelled) was read for rules after its first measure (fresh_2_read), the rest never was (fresh_2_unread:
// the figure to quote for feeds nobody tuned to)
const FRESH2_READ_UP_TO = '86e2349a8d702329602fb9fd8ef11d82b64b3cb9';
const fresh2Read = new Set(labels.filter((l) => l.set === 'fresh2' && rank(l) <= FRESH2_READ_UP_TO));
const fresh2ReadScore = zero();
const fresh2UnreadScore = zero();
// set 3 in halves by the same rank: the first 51 of its 101 items (hashes up to 7cb0b982…) were read for rules
// (fresh_3_read), the other 50 were measured once (fresh_3_unread) and read after that; set 4 (labels-heldout-4.tsv,
// collected after that measure) is scored and listed only with --unread: the one final measure
const FRESH3_READ_UP_TO = '7cb0b982c1207f6a09d7bc08d9df079ca9cf9513';
const fresh3Read = new Set(labels.filter((l) => l.set === 'fresh3' && rank(l) <= FRESH3_READ_UP_TO));
const fresh3Score = zero();
const fresh3ReadScore = zero();
const fresh3UnreadScore = zero();
/** The number of a label's fresh set (labels-heldout-N.tsv), 0 for the pool. */
const setNumber = (l: { set: string }) => (l.set === 'pool' ? 0 : Number(l.set.slice('fresh'.length)));
/** Sets 4-42: one score each, scored only when asked for (4 and 5 with --unread, N >= 6 with --setN). */
const LATER_SETS = [
  4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
  32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
];
const laterScore = new Map(LATER_SETS.map((n) => [n, zero()]));
const flagOf = (n: number) => (n <= 5 ? '--unread' : `--set${n}`);
/** sets 1-5 (the 488 items the text model was trained on until the eighth pass), for the all-sets figure */
const sets15Score = zero();
const shown = (n: number) => process.argv.includes(flagOf(n));
/** the held-out split without the fresh sets 2 and 3: the 83 items the earlier figures were quoted on */
const heldOut1Score = zero();
const perFile = new Map<string, Score>();
const misses: string[] = [];
/** A label's company: a registry ticker resolved to its company id; `-` is none. */
const labelCompany = (v: string): string | null =>
  v === '-' ? null : (reg.byTicker.get(v.toUpperCase())?.company_id ?? `unknown:${v}`);
for (const l of labels) {
  // until the final measure, the unread half of set 3 is not scored at all (no figure from which to infer it);
  // set 6 is the untouched measure of issue 28's fifth pass, and each later set that of its pass: asked for
  const set = setNumber(l);
  if (set >= 4 && !shown(set)) continue;
  const split: Split = devSet.has(l) ? 'dev' : 'held_out';
  const key =
    l.set === 'fresh2'
      ? `${l.file} (labels-heldout-2.tsv)`
      : l.set === 'fresh3'
        ? `${l.file} (labels-heldout-3.tsv)`
        : set >= 4
          ? `${l.file} (labels-heldout-${set}.tsv)`
          : l.file;
  const fileScore = perFile.get(key) ?? zero();
  perFile.set(key, fileScore);
  // an item counts in its split, its file and (when fresh) its fresh set
  const counts = [score[split], fileScore];
  if (split === 'held_out' && l.set === 'pool') counts.push(heldOut1Score);
  if (l.set === 'fresh2') counts.push(fresh2Score, fresh2Read.has(l) ? fresh2ReadScore : fresh2UnreadScore);
  else if (l.set === 'fresh3')
    counts.push(fresh3Score, fresh3Read.has(l) ? fresh3ReadScore : fresh3UnreadScore);
  else if (set >= 4) counts.push(laterScore.get(set)!);
  if (set < 6) counts.push(sets15Score);
  else if (fresh(l)) counts.push(freshScore);
  const bump = (k: keyof Score) => {
    for (const c of counts) c[k]++;
  };
  bump('n');
  const tag =
    l.set === 'fresh2'
      ? fresh2Read.has(l)
        ? 'fresh2r'
        : 'fresh2u'
      : l.set === 'fresh3'
        ? fresh3Read.has(l)
          ? 'fresh3r'
          : 'fresh3u'
        : set >= 4
          ? l.set
          : split;
  const show = (m: string) => {
    if (!devOnly || split === 'dev') misses.push(`${tag.padEnd(8)} ${m}`);
  };
  const a = articleTitled(articlesOf(l.file), l.title);
  if (!a) {
    show(`MISSING  ${l.file}: ${l.title}`);
    continue;
  }
  const c = a.classification;
  const d = readLocally({
    title: a.title,
    summary: a.summary,
    event_type: c.event_type,
    event_subtype: c.event_subtype,
    company: a.links.find((x) => x.primary)?.ticker ?? null,
    company_opens_headline: opensHeadline(
      a.title,
      a.links.find((x) => x.primary),
    ),
  }).direction;
  if (c.event_type === l.event_type) bump('type');
  else
    show(`type     want ${l.event_type.padEnd(13)} got ${c.event_type.padEnd(13)} ${a.title.slice(0, 90)}`);
  if (d === l.direction) bump('dir');
  else show(`direction want ${l.direction.padEnd(8)} got ${d.padEnd(8)} ${a.title.slice(0, 90)}`);
  const got = a.links.find((x) => x.primary);
  if ((got?.company_id ?? null) === labelCompany(l.primary)) bump('primary');
  else
    show(
      `primary  want ${l.primary.padEnd(13)} got ${(got ? `${got.ticker ?? got.company_id} (${got.basis}: ${got.evidence})` : '-').padEnd(13)} ${a.title.slice(0, 90)}${a.ambiguous.length ? ` [ambiguous: ${a.ambiguous.map((x) => x.text).join(', ')}]` : ''}`,
    );
}
const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
const report = (s: Score) => ({
  n: s.n,
  primary_company_accuracy: pct(s.primary, s.n),
  event_type_accuracy: pct(s.type, s.n),
  direction_accuracy: pct(s.dir, s.n),
});
const all: Score = {
  n: score.dev.n + score.held_out.n,
  type: score.dev.type + score.held_out.type,
  dir: score.dev.dir + score.held_out.dir,
  primary: score.dev.primary + score.held_out.primary,
};
for (const m of misses) process.stdout.write(`${m}\n`);
if (!devOnly)
  for (const [file, s] of perFile)
    process.stdout.write(
      `file     ${file}: ${s.n} labelled; primary ${s.primary}, type ${s.type}, direction ${s.dir} right\n`,
    );
process.stdout.write(
  `${JSON.stringify({ labelled: all.n, text_model: modelLoaded ? 'on' : 'off (rules only)', dev: report(score.dev), held_out: report(score.held_out), held_out_without_set_2: report(heldOut1Score), fresh_held_out: report(freshScore), fresh_held_out_2: report(fresh2Score), fresh_2_read: report(fresh2ReadScore), fresh_2_unread: report(fresh2UnreadScore), fresh_held_out_3: report(fresh3Score), fresh_3_read: report(fresh3ReadScore), fresh_3_unread: report(fresh3UnreadScore), ...Object.fromEntries(LATER_SETS.map((n) => [`fresh_held_out_${n}`, shown(n) ? report(laterScore.get(n)!) : `hidden (${flagOf(n)})`])), sets_1_to_5: report(sets15Score), overall: report(all), goals_held_out: { primary_company: '90%', event_type: '90%', direction: '80%' } })}\n`,
);
const h = score.held_out;
if (h.primary / h.n < 0.9 || h.type / h.n < 0.9 || h.dir / h.n < 0.8) process.exitCode = 1;
