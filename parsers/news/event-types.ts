/**
 * The 20 coarse event types, their subtypes and the rules that fire them, as data. A rule is a pattern over
 * the title and summary (case-insensitive, word-bounded), an 8-K item code, or an EDGAR form type. The first
 * type by summed weight wins; every rule that fired is kept on the row (`etl news explain`).
 */
export const EVENT_TYPES = [
  'earnings',
  'guidance',
  'm&a',
  'fda',
  'management',
  'legal',
  'regulatory',
  'financing',
  'capital_return',
  'contract',
  'product',
  'restructuring',
  'bankruptcy',
  'listing',
  'insider',
  'ownership',
  'analyst',
  'macro',
  'operations',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Base impact of each type before source and wording (0-100 scale). */
export const TYPE_BASE: Record<EventType, number> = {
  earnings: 45,
  guidance: 50,
  'm&a': 55,
  fda: 55,
  management: 35,
  legal: 35,
  regulatory: 35,
  financing: 30,
  capital_return: 30,
  contract: 35,
  product: 25,
  restructuring: 40,
  bankruptcy: 65,
  listing: 40,
  insider: 10,
  ownership: 15,
  analyst: 25,
  macro: 30,
  operations: 30,
  other: 10,
};

export interface TextRule {
  id: string;
  type: EventType;
  subtype: string;
  re: RegExp;
  weight: number;
}

const r = (id: string, type: EventType, subtype: string, re: RegExp, weight = 2): TextRule => ({
  id,
  type,
  subtype,
  re,
  weight,
});

export const TEXT_RULES: TextRule[] = [
  // (a quarterly update or report is the quarter's results: "Investors did not like the quarterly update from this education-focused
  // book retailer")
  r(
    'earnings.results',
    'earnings',
    'results',
    /\b(quarterly|quarter|q[1-4]|annual|full[- ]year|fiscal)\b.{0,60}\b(results|earnings|profit|loss|net income|revenue|sales)\b|\bquarterly (update|report)s?\b/i,
    3,
  ),
  // what a company's earnings or results show is read off its report: "Pandemic has boosted online dating, Match Group earnings show"
  // a stock moving on its sales, revenue, results or profit is moved by its results: "Bed Bath & Beyond plunges on awful sales"
  // (not on a sales outlook or forecast, which is guidance)
  r(
    'earnings.move_on_results',
    'earnings',
    'results',
    /\b(plunges?|plummets?|soars?|jumps?|sinks?|surges?|tumbles?|slumps?|rall(y|ies)|skids?|dives?) on (\w+ ){0,2}(sales|revenue|results|earnings|profits?)\b(?! (outlook|forecasts?|guidance|warning)\b)/i,
    3,
  ),
  r('earnings.results_show', 'earnings', 'results', /\b(earnings|results) (show|shows|showed)\b/i, 3),
  // a roundup of results under an earnings label is earnings news: "Earnings roundup: AbbVie angst, a bifurcated vaccine market ..."
  r('earnings.roundup', 'earnings', 'results', /\bearnings (roundup|recap|wrap(-?up)?)\b/i, 4),
  r(
    'earnings.reports',
    'earnings',
    'results',
    // (and revenue or sales reported, two words between at most: "Apple Reports Record Revenue")
    // (and revenue, sales or a profit posted, up to three words between: "JPMorgan Chase just posted record revenue")
    /\breports?\b.{0,40}\b(net income|net loss|earnings|profit|results)\b|\breports? (\S+ ){0,2}(revenue|sales)\b|\b(posts?|posted|posting) (\S+ ){0,3}(revenue|sales|profit)\b/i,
    3,
  ),
  r(
    'earnings.profit_move',
    'earnings',
    'results',
    // (earnings that blow past, crush or smash the estimates beat them: "as earnings blow past the Street")
    /\b(profit|earnings|net income|net loss|revenue)s?\b.{0,25}\b(rises?|falls?|jumps?|drops?|beats?|miss(es)?|tops?|surges?|slumps?|declines?|(blows?|blew|sails?|sailed) past|crush(es|ed)?|smash(es|ed)?)\b/i,
    2,
  ),
  r('earnings.eps', 'earnings', 'results', /\bper (diluted )?share\b|\beps\b/i, 1),
  // an asset manager's or an insurer's net new business or flows reported higher or lower are its trading results: "Britain's
  // Hargreaves reports higher net new business"
  r(
    'earnings.flows',
    'earnings',
    'results',
    /\breports? (higher|lower|record|rising|falling|stronger|weaker) (net )?(new business|inflows|outflows)\b/i,
    3,
  ),
  r(
    // results named by their period or their report: "Financial Results for the Three Months Ended", "results for the
    // third quarter", "Interim Report January - March", "publishes 2023 Annual Report", "1Q25 RESULTS", "REPORTS APRIL 2025 REVENUE", "Pre-Announces ... Revenue"
    'earnings.period_results',
    'earnings',
    'results',
    /\b(financial results|annual report(?! on\b)|year[- ]end report|results (for|of) (the )?((first|second|third|fourth) quarter|(three|six|nine|twelve) months|quarter|fiscal|full[- ]year|year)|interim report|[1-4]q ?\d{2}|(january|february|march|april|may|june|july|august|september|october|november|december) \d{4} (revenue|sales)|(monthly|quarterly) (revenue|sales)|pre-announces?)\b/i,
    3,
  ),
  r(
    // an earnings preview or a quarter's beat: "Earnings Expectations", "up after Q1 beats"
    'earnings.preview',
    'earnings',
    'results',
    // (and a piece timed before a report, or an article about one: "Stocks Ahead of Earnings", "Correction to ... Earnings Article")
    /\bearnings (expectations|preview|estimates|call|article|story)\b|\b(q[1-4]|quarter) (beats?|miss(es)?|tops?)\b|\bahead of (\w+ ){0,2}(earnings|results)\b/i,
    3,
  ),
  // earnings named by whose they are: "What to Watch in Berkshire's Earnings", "Other Magnificent 7 Earnings"
  // (and results or earnings owned by a company or "its", with one word between: "Sony's Results Get Boost", "Rebounded for
  // Its Best Earnings Ever"; not its earnings forecast, "raised its earnings forecast", which is guidance)
  r(
    'earnings.owned',
    'earnings',
    'results',
    /\b(\w+['\u2019]s|\d+) earnings\b|\b(\w+['\u2019]s|its|their) ([\w-]+ )?(earnings|results)\b(?! (forecasts?|outlook|guidance|estimates?|expectations?|calls?|previews?|dates?|season)\b)/i,
    3,
  ),
  // a swing back to profit, or a beat reported as such, is results: "A Return To Profits", "Reports A Beat, Generates ... Cash"
  // a bank's money set aside or provisions for loan or credit losses are a line of its results, not a loan: "Bank of America shares
  // drop as the firm sets aside another $4 billion for coronavirus-related loan losses"
  r(
    'earnings.loan_loss_provisions',
    'earnings',
    'results',
    /\b(sets?|setting) aside (\S+ ){0,4}for (\S+ ){0,2}(loan|credit) losses\b|\b(loan|credit)[- ]loss (provisions?|reserves?)\b|\bprovisions? for (\S+ ){0,2}(loan|credit) losses\b/i,
    4,
  ),
  // a headline opened by a sport's name and a hyphen (the wire's sport slug) is a sports report, general news: "Tennis-Djokovic
  // cruises into semis where Bautista Agut awaits"
  r(
    'other.sport_slug',
    'other',
    'general_news',
    /^(Tennis|Soccer|Football|Golf|Cricket|Athletics|Cycling|Motor racing|Motorsport|Formula One|Olympics|Rugby( union| league)?|Baseball|Basketball|Boxing|Swimming|Skiing|Sailing|Horse racing|Ice hockey|NFL|NBA|NHL|MLB)-\p{Lu}/u,
    8,
  ),
  r(
    'earnings.turnaround',
    'earnings',
    'results',
    /\b(returns?|returned|returning|swings?|swung|back) to (a )?(net )?(profits?|profitability|the black)\b|\b(reports?|reported|posts?|posted|delivers?|delivered) (a |another )?(beat|miss)\b/i,
    3,
  ),
  // a result measure stated for a quarter after it: "saw margin improvement in Q2", "revenue fell in the second quarter"
  r(
    'earnings.measure_in_quarter',
    'earnings',
    'results',
    /\b(margins?|revenues?|sales|profits?|earnings|net income)\b.{0,30}\b(in|for) (the |its )?(q[1-4]|(first|second|third|fourth) quarter)\b/i,
    2,
  ),
  // a profit or loss stated as an amount: "Nintendo's Pandemic Bonanza: a Billion-Dollar Profit"
  r('earnings.amount', 'earnings', 'results', /\b(billion|million)[- ]dollar (profit|loss)\b/i, 3),
  // the earnings-desk shorthand: "beats by $0.12, beats on revenue", "misses by $0.03"
  r(
    'earnings.beat_by',
    'earnings',
    'results',
    /\b(beats?|miss(es)?|tops?|lags?) (by \$?\d|on (revenue|sales|earnings|eps)\b)/i,
    3,
  ),
  // a beat or miss of the analysts' numbers: "beats top-line and bottom-line estimates", "beats analyst estimates" (weight 2:
  // a macro figure "beating expectations" keeps its own, stronger type)
  r(
    'earnings.beats_estimates',
    'earnings',
    'results',
    /\b(beats?|miss(es|ed)?|tops?|topped|exceeds?|exceeded|surpass(es|ed)?|smash(es|ed)?|crush(es|ed)?|trails?|lags?)\b.{0,30}\b(top-line|bottom-line|(analysts?['\u2019]?|wall street|consensus|street|earnings|revenue|eps|profit|sales) (estimates|expectations|forecasts?|views?))\b/i,
    2,
  ),
  // a loss or profit posted beside a dividend or buyback decision is the results the decision comes with: "Glencore Scraps Dividend,
  // Posts Loss as Coronavirus Saps Demand"; so are sales or units counted over a stated span of months: "Nintendo Switch 2 sales
  // surge past 17 million units in nine months", and a sum lost or earned over a stated span of months or quarters: "Disney loses
  // nearly $5 billion in 3 months as pandemic wreaks havoc on business"
  r(
    'earnings.results_with_payout',
    'earnings',
    'results',
    /\b(dividends?|buybacks?)\b.{0,30}\b(posts?|posted|reports?|reported) (a |an )?(net |annual |quarterly )?(loss|profit)\b|\b(sales|revenue|units|shipments)\b.{0,50}\b(in|over) (the )?(first )?(three|six|nine|twelve) months\b|\b(loses?|lost|earns?|earned)\b (\w+ ){0,2}[$€£][\d.,]+ ?(million|billion|bn|mn|m|b)? (in|over) (the |its )?(\d+|three|six|nine|twelve|first|last) (months|quarters?)\b/i,
    4,
  ),
  r(
    'earnings.loss',
    'earnings',
    'results',
    /\b(posts?|posted|posting|reports?|reported|reporting|swings? to|narrower|wider|widen(s|ed|ing)?|narrow(s|ed|ing))\b.{0,20}(?<!\b(daily|weekly|monthly|session|day|week|month|quarterly) )\bloss\b/i,
    2,
  ),
  // a move after or on posting or reporting a loss, a profit, results or revenue is a move on the results, over the dividend or
  // charge the same report names: "Wells Fargo shares tumble 5% after posting $2.4 billion loss, dividend slashed to 10 cents"
  r(
    'earnings.after_posting',
    'earnings',
    'results',
    /\b(after|on|as it|as) (posting|reporting) (a |an |its |their )?(\S+ ){0,3}(loss|profit|results|earnings|revenue|sales)\b/i,
    3,
  ),
  // guidance called weak, strong or the like is what the item weighs, over the results it overshadows or beats: "Merck Shares
  // Plunge 8% as Weak Guidance Overshadows Strong Revenue Growth"
  r(
    'guidance.qualified',
    'guidance',
    'outlook',
    /\b(weak|soft|strong|upbeat|rosy|bleak|disappointing|cautious|tepid|dim|gloomy|downbeat) guidance\b/i,
    4,
  ),
  r(
    'guidance.outlook',
    'guidance',
    'outlook',
    // (advice is no forecast: "New Guidance From Info-Tech Research Group")
    // (nor is a warning against an action: "Taiwan warns against travel to China")
    // (nor is an outlook for the economy or the markets, a market view: "Goldman Sachs' bearish macro outlook puts Bitcoin at risk")
    /\b((?<!\bnew )guidance(?! from\b)|(?<!\b(macro|macroeconomic|economic|market|rates?|inflation) )outlook|forecasts?|raises? (its )?(forecast|outlook)|cuts? (its )?(forecast|outlook)|warns?(?! against\b))\b/i,
    2,
  ),
  // a warning of a market drop, of what could rock the market or of a bubble is a market view, not a company's forecast: "Goldman warns
  // delayed election results ... could rock the market", "Morgan Stanley's Mike Wilson braces for more than 20% stock drop", "Mark
  // Cuban warns investors of stock similarities to 1990s dot-com bubble"
  r(
    'macro.market_warning',
    'macro',
    'markets',
    /\b(warns?|warning|braces? for|bracing for)\b.{0,70}\b((rock|roil|rattle|hit|sink|spook)s? the (stock )?markets?|(stock|market|equity) (drops?|declines?|sell-?offs?|crash(es)?|corrections?)|bubbles?)\b/i,
    6,
  ),
  // a company's own figure for the year ahead: "Toyota Expects to Make $7 Billion Even in a Pandemic Year"
  r(
    'guidance.expects',
    'guidance',
    'outlook',
    /\bexpects? to (make|earn|post|report|book|turn) (a |an )?(\$|profit|loss|record)/i,
    3,
  ),
  // a company expecting its profit, earnings or sales to move gives an outlook: "Samsung expects profits to surge on demand for AI
  // chips" (not a result reported)
  r(
    'guidance.expects_move',
    'guidance',
    'outlook',
    /\bexpects? (its |their )?(\w+ )?(profits?|earnings|revenues?|sales|net income) to (rise|surge|jump|soar|climb|grow|increase|double|triple|fall|drop|decline|slump|plunge|shrink)\b/i,
    3,
  ),
  r(
    // raising or cutting a forecast, or a forecast that falls short, names guidance more than the quarter beside it
    'guidance.change',
    'guidance',
    'outlook',
    /\b(raises?|raised|cuts?|lowers?|lowered|lifts?|lifted|trims?|trimmed|slash\w*|boosts?|hikes?|increases?|increased|reduces?|reduced) (its |their |the |\w+ ){0,3}(forecasts?|outlook|guidance)\b|\b(guidance|outlook|forecasts?) (falls? short|miss\w*|beats?|tops?|disappoints?|trails?|exceeds?)\b/i,
    4,
  ),
  // a company's own figure for a fiscal year raised or cut is its guidance changed, whatever results came with it: "reported
  // second-quarter financial results and cut its FY24 adjusted EPS ...", "raises its fiscal 2025 revenue ..."
  r(
    'guidance.fiscal_year',
    'guidance',
    'outlook',
    // (and a fiscal year's guidance named raised or cut after it, or a year's revenue or earnings view raised or cut: "Q3 Revenue
    // Jumps 23% As FY2026 Guidance Raised", "Guides For Q3;Lifts 2026 Revenue View")
    /\b(raises?|raised|cuts?|lowers?|lowered|lifts?|lifted|trims?|trimmed|boosts?|reduces?|reduced) (its|their) (fy ?'?\d{2,4}|fiscal(-| year )?'?\d{2,4}|full[- ]year)\b|\b(fy ?'?\d{2,4}|fiscal(-| year )?'?\d{2,4}|full[- ]year) (guidance|outlook|forecast) (raised|lifted|boosted|hiked|cut|lowered|trimmed|reduced)\b|\b(raises?|raised|cuts?|lowers?|lowered|lifts?|lifted|trims?|trimmed|boosts?) (its |their )?(fy ?)?'?\d{2,4} (revenue|sales|earnings|profit|eps) (view|guidance|outlook|forecast)\b/i,
    8,
  ),
  r(
    // the company's own figure raised: "income upgrade", "profit downgrade"
    'guidance.upgrade',
    'guidance',
    'outlook',
    /\b(income|profit|revenue|earnings|sales) (upgrade|downgrade)s?\b/i,
    4,
  ),
  r(
    'guidance.profit_warning',
    'guidance',
    'profit_warning',
    /\bprofit warning\b|\bwarns? (on|of) (profit|sales|revenue)/i,
    3,
  ),
  // (a company to be acquired, a sale explored, strategic options or alternatives reviewed, a sale transaction put to a vote: "J. Alexander's Holdings, Inc. to Be Acquired by
  // SPB Hospitality LLC", "Barnes & Noble stock soars 20% as it explores a sale", "Special Stockholder Meeting to Approve WPT Sale
  // Transaction")
  r(
    'm&a.deal',
    'm&a',
    'acquisition',
    /\b(acquires?|acquisition|takeover|merger|merge|to acquire|bid for|deal to buy|breakups?|break-ups?|(to be|be|being|been|is|was|were|are) acquired by|explor(es?|ed|ing) (a |the )?(possible |potential )?sale|sale transaction|(reviews?|reviewing|reviewed|explor(es?|ed|ing)|evaluat(es?|ed|ing)) (of )?(its |their )?strategic (options|alternatives)|strategic review)\b/i,
    3,
  ),
  // selling a business named by its capitalized name to a buyer named the same way is a divestiture, whatever the business is
  // called: "Lone Star to sell Portugal's Novo Banco to French BPCE" (not "sells iPhones to China": the thing sold is no name)
  r(
    'm&a.sells_named_to',
    'm&a',
    'divestiture',
    /\b(?:[Tt]o sell|[Ss]ells|[Ss]old|[Ss]elling) (?:[A-Z][\w'\u2019&.-]*\s+){1,4}to (?:[A-Z][\w-]*\s+)?[A-Z][\w&-]+/,
    3,
  ),
  r(
    'm&a.divest',
    'm&a',
    'divestiture',
    // (and the sale of one, sought or approved: "Heineken seeks approval for sale of Russian business")
    /\b(to sell|sells?|sale of|divest\w*|spin[- ]?off|carve[- ]out)\b.{0,50}\b(stores?|unit|business|stake|division|assets?|operations|group|arm|subsidiary)\b/i,
    3,
  ),
  r(
    // a deal worded without "merger" or "acquire": buying a company, a takeover, a combination, a bid
    'm&a.buy',
    'm&a',
    'acquisition',
    // (a buy call is no deal: "Stocks to Buy", "Time To Buy", "Worth Buying", "Are Investors Buying Cars ...", "Are They Still
    // Buys?": buys after still/top/best is a noun, the picks)
    // (nor is a rating an analyst moves a stock to: "Rosenblatt Upgrades Apple to Buy", "upgraded the stock from Neutral to Buy")
    /\b(?<!\b(stocks?|shares|time|worth|investors|are investors|investors are|traders|still|top|best|good|strong|new) )(?<!\b(upgrad|downgrad|rat)\w*\b[^.;:,]{0,40})(gobble up|gobbles up|snaps? up|agrees? to buy|agreed to buy|deal to (buy|purchase)|to buy|buys|buying|bought|to purchase|purchase of|buyout|tie-up|combine|combination with|to be bought|(takeover|buyout|rival|higher|hostile) (bid|offer)|bids? for|bidders? for|offer for)\b(?![^.,;:]{0,25}\b(crude|oil|gas|lng|gold|bonds?|back|stocks?|treasur\w+|dollars?|yen|euros?|barrels|bitcoin|crypto\w*|weapons|jets?|aircraft|planes|time|votes?|insurance(?! (business|unit|arm|operations|compan(y|ies)|brokerage))|homes?|houses?|cars?)\b(?! (assets|business(es)?|units?|operations|pipelines?|fields|properties)\b))/i,
    3,
  ),
  r(
    // a director, an officer or an insider buying or selling the company's shares is an insider trade: "Bill Director buys
    // stock worth $1M", "CEO sells shares"
    'insider.trade',
    'insider',
    'trade',
    /\b(directors?|ceo|cfo|coo|cto|svp|evp|vp|(senior |executive )?vice presidents?|general counsel|chair(man|woman)?|officers?|insiders?|executives?|execs?|founders?)\b (\w+ ){0,2}(buys?|bought|sells?|sold|purchases?|purchased|unloads?|unloaded|dumps?|dumped)\b (\$?[\d.,]+\s?\w* (of |in |worth of )?)?(\w+ ){0,2}(shares?|stock|stake)\b|\binsider (buying|selling|purchases?|sales?|trades?|transactions?)\b/i,
    4,
  ),
  // an executive making a decision or a move on the stock is an insider's dealing, whichever way: "Top Berkshire Hathaway Exec makes
  // major stock decision"
  r(
    'insider.stock_decision',
    'insider',
    'trade',
    /\b(directors?|ceo|cfo|chair(man|woman)?|officers?|insiders?|executives?|execs?|founders?) (makes?|made|making) (a |an )?(\w+ ){0,2}stock (decisions?|moves?)\b/i,
    4,
  ),
  // a person named by first and last name (a middle initial allowed) who sells or buys a count of a company's shares is an
  // insider filing its trade: "Bruce R. Berkowitz Sells 1,200 Shares of The St. Joe Company (NYSE:JOE) Stock" (an institution
  // doing so is ownership, below)
  r(
    'insider.named_trade',
    'insider',
    'trade',
    /^\p{Lu}[\p{Ll}'’-]+ (\p{Lu}\.? )?\p{Lu}[\p{Ll}'’-]+ (Sells|Buys|Purchases|Acquires|Sold|Bought|Purchased|Acquired) [\d,.]+ Shares\b/u,
    4,
  ),
  // an institution (a firm named LLC, LP, Inc, Management, Advisors, Capital, Partners, Services, Investments, Trust, Bank or
  // Fund) buying, selling, raising or cutting a stock position, a stake or a count of shares is a holder's position change:
  // "MetLife Investment Management LLC Raises Stock Position in Rapid7", "MML Investors Services LLC Purchases 3,823 Shares of
  // Black Knight"
  // a holder slashing, cutting, trimming, raising or doubling its own stake, or reaping a sum from a stake, changes or shows its
  // holdings: "Berkshire Hathaway Drastically Slashed Its Apple Stake By Over Half ...", "Warren Buffett reaps $40 billion from giant
  // Apple stake since March bottom"
  r(
    'ownership.stake_change',
    'ownership',
    'holdings',
    /\b(slash(es|ed)?|cut|cuts|trims?|trimmed|halves|halved|doubles?|doubled|raises?|raised|boosts?|boosted) (its|his|her|their) (\S+ ){0,2}stake\b|\b(reaps?|reaped|makes?|made|earns?|earned|gains?|gained) (\$[\d.,]+ ?(billion|million|bn|m)|billions|millions) (from|on) (\S+ ){0,3}stake\b/i,
    5,
  ),
  r(
    'ownership.position_change',
    'ownership',
    'holdings',
    /\b(llc|l\.?p\.?|inc\.?|ltd\.?|management|advisors?|advisers?|capital|partners|services|investments?|trust|bank|fund)\b,? (purchases?|purchased|buys?|bought|acquires?|acquired|sells?|sold|raises?|raised|lifts?|boosts?|increases?|increased|lowers?|lowered|cuts?|trims?|trimmed|reduces?|reduced|decreases?|decreased|grows?|grew) (its |their )?(\w+ )?(stock position|position|stake|holdings?|[\d,.]+ shares)( of| in)\b/i,
    5,
  ),
  // a company seeking, wanting or interested in all (or control) of a named business is a takeover sought: "Microsoft Seeks All
  // of TikTok", "Interested in All of TikTok's Global Operations" (talks worded by the target's name: classify.ts)
  r(
    'm&a.pursuit',
    'm&a',
    'acquisition',
    /\b([Ss]eeks?|[Ss]eeking|[Ww]ants?|[Ii]nterested [Ii]n|[Ee]yes|[Ee]yeing|[Pp]ursues?|[Pp]ursuing) ([Aa]ll|[Mm]ost|[Cc]ontrol|[Mm]ajority|[Pp]arts?) [Oo]f \p{Lu}/u,
    3,
  ),
  r(
    'm&a.stake',
    'm&a',
    'stake',
    /\b(stake in|takes? (a )?stake|buys? (a )?stake|raises? (its )?stake|stake sale)\b/i,
    2,
  ),
  r(
    'fda.approval',
    'fda',
    'approval',
    // (and U.S. approval won for a test, drug, vaccine, device, treatment or therapy is the FDA's: "Abbott wins U.S. approval for rapid
    // COVID-19 test")
    /\bfda\b.{0,40}\b(approv\w*|clear\w*)\b|\b(approv\w*)\b.{0,30}\bfda\b|\bu\.?s\.? (marketing )?approval (for|of) (\S+ ){0,3}(tests?|drugs?|vaccines?|devices?|treatments?|therap(y|ies)|pills?)\b/i,
    4,
  ),
  r('fda.crl', 'fda', 'rejection', /\b(complete response letter|fda rejects?)\b/i, 4),
  // a vaccine's or a booster's safety risk, or a safety signal, is drug-safety news: "CDC says it's 'very unlikely' Pfizer booster
  // carries stroke risk for seniors after launching review"
  r(
    'fda.safety',
    'fda',
    'safety',
    /\b(vaccines?|boosters?|shots?|jabs?)\b.{0,40}\b(carr(y|ies|ied)|poses?|raises?|increases?|linked to) (\w+ ){0,2}risks?\b|\bsafety signals?\b/i,
    3,
  ),
  // (preclinical and pharmacokinetic data are trial news too: "Reports Successful Treatment of Preclinical Melanoma Tumors",
  // "Pharmacodynamic (PD) Response and Consistent Pharmacokinetic (PK) Data")
  r(
    'fda.trial',
    'fda',
    'trial',
    // (a study in animals is preclinical: "Monoclonal Antibody Cocktail In Primates")
    /\b(phase (1|2|3|i{1,3})|clinical trial|trial results?|preclinical|pharmacokinetic|pharmacodynamic|in (non-human )?(primates|mice|monkeys|macaques|hamsters|rats|animal models?))\b/i,
    2,
  ),
  // clinical data, abstracts or presentations at a medical meeting: "Lilly Announces Details of Presentations at 2022 San
  // Antonio Breast Cancer Symposium", "Data Across ... Portfolio at 2022 SABCS"
  r(
    'fda.clinical_data',
    'fda',
    'trial',
    /\b(data|abstracts?|posters?|presentations?)\b.{0,140}\b((cancer|oncology|hematology|medical|clinical|diabetes|cardiology)\b.{0,30}\b(symposium|congress|meeting|conference)|sabcs|asco|esmo|aacr|ash annual meeting)\b/i,
    2,
  ),
  // clinical results named as such: "Possible Therapy Boost ..., Per Small Pharma Clinical Results", "Phase 2 trial results"
  r(
    'fda.clinical_results',
    'fda',
    'trial',
    /\b(clinical|trial|study) (results|data|findings|readouts?)\b|\bphase (1|2|3|i|ii|iii)[ab]? (results|data|readouts?)\b|\b(results|data) (in|from) (an? |its |the )?(\w+ ){0,2}(study|trial)\b/i,
    3,
  ),
  // readouts and the named kinds of clinical data are trial news: "Bristol Myers draws pipeline excitement as several data readouts
  // near", "Bayer details anticipated stroke prevention data for new blood-thinner"; so are doses or dosing paused in a study
  // ("UniQure pauses higher doses in Fabry study")
  // Issue 28, forty-seventh pass (set 42's wording), one sentence each:
  // an executive named, appointed or retiring "as" a named post is an executive change, whatever the clause between: "American
  // International Group Inc on Thursday named Peter Zaffino, the executive overseeing a turnaround ..., as the company's president",
  // "... founder, Liu Chuanzhi, will retire at the year end as chairman of its parent ..."
  r(
    'management.named_as',
    'management',
    'executive_change',
    /\b(named|names|appoint(s|ed)|retir(e|es|ed|ing))\b[^.;]{0,150}\bas (the )?(company['\u2019]s |its |their )?(\w+ )?(ceo|chief executive|chief \w+ officer|chairman|chairwoman|president|cfo|coo)\b/i,
    4,
  ),
  // a chief executive or chairman who will remain or stay with, at or in a group is an executive-role item, not the deal named beside
  // it: "Fiat Chrysler Chief Executive Mike Manley will remain with the new group set to result from a planned merger ..."
  r(
    'management.stays',
    'management',
    'executive_change',
    /\b(ceo|chief executive|chairman|chairwoman|cfo)\b.{0,40}\bwill (remain|stay) (with|at|in|on)\b/i,
    4,
  ),
  // settling with a regulator, a watchdog or a tax office (or a dispute with one) is regulatory, not a lawsuit: "MetLife Inc. will pay
  // $10 million to settle with U.S. regulators", "Google has settled a longstanding tax dispute with Australia's tax office"
  r(
    'regulatory.settles_with_authority',
    'regulatory',
    'enforcement',
    /\b(settle[sd]?|settling|dispute)\b.{0,40}\bwith (\S+ ){0,3}(regulators?|watchdogs?|(tax|revenue) (office|authorit(y|ies)|agency|department))\b/i,
    5,
  ),
  // people barred, banned or prohibited from buying, selling, using or advertising something are under a restriction (regulatory),
  // not in a deal: "US teens may be barred from buying vape pens and cigarettes"
  r(
    'regulatory.barred_from',
    'regulatory',
    'rulemaking',
    /\b(barred|banned|prohibited|blocked) from (buying|selling|using|advertising|supplying)\b/i,
    5,
  ),
  // antitrust, competition or regulatory approval or clearance of a deal is the authority's act (regulatory), outweighing the deal:
  // "Nvidia is set to win unconditional EU antitrust approval for its $6.8 billion acquisition of Mellanox"
  r(
    'regulatory.deal_clearance',
    'regulatory',
    'antitrust',
    /\b(antitrust|competition|regulatory) (approval|clearance)\b/i,
    5,
  ),
  // a company putting itself up for sale or on the market is a possible deal (m&a), as an explored sale is: "Retailer Beales puts
  // itself on the market in 'challenging times'"
  r(
    'm&a.puts_itself_up',
    'm&a',
    'acquisition',
    /\b(puts?|putting) (itself|themselves) (up for sale|on the market|on the block)\b/i,
    4,
  ),
  // a company cutting, slashing or lowering the prices of its own products is product news (a price change): "Tesla Inc is
  // considering cutting the prices of its China-built Model 3 sedans"
  r(
    'product.own_price_cut',
    'product',
    'pricing',
    /\b(cut|cuts|cutting|slash(es|ed|ing)?|lower(s|ed|ing)?|reduc(e|es|ed|ing)) (the )?prices? (of|on|for) (its|their)\b/i,
    4,
  ),
  // companies that are partnering to, with or on something are in a partnership (contract): "Amazon.com Inc , Apple Inc and
  // Alphabet Inc's Google are partnering to lay the groundwork for better compatibility among their smart home products"
  r('contract.partnering', 'contract', 'partnership', /\b(are|is|were|was) partnering (to|with|on)\b/i, 4),
  // a country's manufacturing, factory or industrial output is economic data (macro), not one producer's: "UK manufacturing output
  // falling at fastest rate since 2009, says CBI"
  r(
    'macro.country_output',
    'macro',
    'economic_data',
    /\b(uk|u\.s\.|us|britain['\u2019]s|british|china['\u2019]s|chinese|japan['\u2019]s|japanese|germany['\u2019]s|german|french|india['\u2019]s|euro ?zone) (\w+ )?(manufacturing|factory|industrial) (output|production|activity|orders)\b/i,
    4,
  ),
  r(
    'fda.readouts',
    'fda',
    'trial',
    /\bdata readouts?\b|\b(efficacy|safety|survival|prevention|response|tolerability) data\b|\b(paus|halt|stopp?)(e|es|ed|ing|s)? (\w+ ){0,2}(doses?|dosing|enrol+ment)\b/i,
    3,
  ),
  r(
    'management.ceo',
    'management',
    'executive_change',
    /\b(ceo|chief executive|(investment|operating|financial|technology) chief|cfo|chairman|chairwoman|president|co-?heads?|unit heads?|board members?)\b.{0,40}\b(resigns?|steps? down|ousted|named(?! (as )?(one of )?['"‘“]?(the |a |an )?['"‘“]?(most|best|top|leading|winner|finalist)\b)|appointed|appoints?|to step down|departs?|retires?|replaces?|quits?|(is|are) out)\b|\b(quits?|resigns?|steps? down|departs?|joins?)\b.{0,30}\b(as|role)\b.{0,40}\b(ceo|chief|co-?head|head|chair\w*|president|director)\b/i,
    3,
  ),
  // a company tapping, hiring or picking another firm's veteran, executive or alumnus is an executive change: "Boeing Taps Ford
  // Veteran to Chart China Recovery"
  r(
    'management.hire',
    'management',
    'executive_change',
    /\b(taps|tapped|hires|hired|picks|picked) (an? )?([\w&.'\u2019-]+ ){0,2}(veteran|executive|exec|insider|alum|alumnus|alumna)\b/i,
    3,
  ),
  // an executive poached or lured by another company, or leaving for a rival, is an executive change: "Google exec poached by
  // Chinese rival"
  r(
    'management.poached',
    'management',
    'executive_change',
    /\b(execs?|executives?|boss|chief|ceo|cfo|president)\b (\w+ ){0,2}(poached|lured|hired away)\b|\b(poach(es|ed|ing)?|lures?|lured)\b (\w+['\u2019]s )?(\w+ ){0,2}(execs?|executives?|boss|chief|ceo|cfo)\b|\b(execs?|executives?|boss|chief|ceo|cfo)\b (\w+ ){0,2}(leaves?|left|defects?|defected) (\w+ )?(for|to) (a |an |its )?(\w+ ){0,2}rivals?\b/i,
    3,
  ),
  // an outgoing executive, or an abrupt, sudden or surprise exit or departure, is an executive change: "Meta board approves personal
  // security to outgoing executive Sheryl Sandberg", "Trouble at Calpers: Abrupt Exit Hits $400 Billion State Fund"
  // a new, next, interim or acting boss or chief, a company left without its CEO or CFO, and one removing its CEO are executive
  // changes: "Meet GE's new boss: Can Larry Culp right the ship?", "JCPenney is now without a CEO or a CFO", "GE unexpectedly removes
  // its CEO"
  // a trademark or patent sought, filed or revealed, a product certified to a standard, and a new ETF are product news: "Apple seeks
  // trademark", "New Patent Reveals Interchangeable Sleeves", "Oracle Certified to Secure Government Communications", "New
  // Agriculture ETF in Town" (a patent awarded or voided stays out: "awarded US Patent", "Court voids key Celebrex patent")
  r(
    'product.ip_certified',
    'product',
    'launch',
    /\b(seeks?|seeking|files?|filed|filing|applies for|applied for) (a |an |for (a |an )?)?(trademarks?|patents?)\b|\bpatents? (reveals?|shows?|hints?)\b|\bcertified (to|for|as)\b|\bnew (\w+ ){0,3}etfs?\b/i,
    3,
  ),
  // an advertisement is marketing, not a product: "Nike stars champion 'Equality' in new ad" (over "Nike ... launched a ... film")
  r(
    'other.advertising',
    'other',
    'advertising',
    /\b(in|with) (a |its )?new ads?\b|\bad campaigns?\b|\badvertising campaigns?\b/i,
    3,
  ),
  // a company moving or relocating its headquarters changes its own sites: "Cadillac moving its headquarters back to Michigan"
  r(
    'operations.headquarters',
    'operations',
    'sites',
    /\b(mov(e|es|ed|ing)|relocat(e|es|ed|ing)|shift(s|ed|ing)?) (its|their) (global |corporate |european |us |u\.s\. )?(headquarters|hq|head office|head offices)\b/i,
    3,
  ),
  // a defect of a vehicle's part (an ignition switch, airbags, brakes ...) is a product's: "GM ignition switch issue surfaced in 2001"
  // (a security flaw stays operations)
  r(
    'product.part_defect',
    'product',
    'defect',
    /\b(ignition( switch(es)?)?|airbags?|brakes?|steering|seat ?belts?|fuel pumps?|hood latch(es)?|door latch(es)?) (issues?|defects?|flaws?|faults?|problems?|failures?)\b/i,
    3,
  ),
  r(
    'management.new_leader',
    'management',
    'executive_change',
    /\b(new|next|interim|acting) (boss|chief|ceo|chief executive|cfo|chairman|chairwoman)\b(?! (economist|strategist|investment officer|medical officer|scientist)s?\b)|\b(now )?without an? (ceo|cfo|chief executive|boss|chairman|chairwoman)\b|\bremov(es|ed|ing) (its|their|the) (ceo|cfo|chief executive|boss|chairman|chairwoman)\b/i,
    3,
  ),
  r(
    'management.outgoing',
    'management',
    'executive_change',
    /\boutgoing (exec(utive)?|ceo|cfo|coo|chief( executive)?|chair(man|woman)?|president|boss)\b|\b(abrupt|sudden|surprise|unexpected) (exit|departure|resignation|ouster)\b/i,
    3,
  ),
  // a person a headline names, then resigning as "he" or "she", leaves a post: "A Year Ago, a Star Banker Was Detained in China. He
  // Has Just Resigned."
  r(
    'management.pronoun_resigns',
    'management',
    'executive_change',
    /\b(he|she) (has |had )?(just )?(resigned|resigns|stepped down|steps down)\b/i,
    3,
  ),
  // a leader or head stepping down, resigning or departing, the name between them or not: "Enhertu leader steps down at Daiichi",
  // "Apple's longtime marketing chief Schiller is stepping down"
  r(
    'management.leader_departs',
    'management',
    'executive_change',
    /\b(leader|head|chief|founder)\b (\w+ ){0,2}((is|are) )?(steps? down|stepping down|resigns?|resigning|departs?|departing|exits?|exiting)\b/i,
    3,
  ),
  r(
    'management.appoints',
    'management',
    'executive_change',
    /\b(appoints?|appointed|names?|hires?|nominates?|elevates?|promotes?|ditch(es|ed)?|dumps?|dumped|ousts?|fires?|fired|sacks?|sacked)\b.{0,60}\b(ceo|chief executive|cfo|chief financial|chairman|president|directors?|board members?|unit heads?|co-?heads?|execs?|executives?)\b/i,
    3,
  ),
  // a German release calling or naming someone to the management board, the supervisory board or a chief's post appoints them, as
  // "appoints" does: "ACTO BERUFT EHEMALIGE J&J PRESIDENT IN DEN VORSTAND"
  r(
    'management.appoints_de',
    'management',
    'executive_change',
    /\b(beruft|berufen|ernennt|ernannt)\b.{0,60}\b(vorstand|aufsichtsrat|geschäftsführ\w*|vorsitz\w*|ceo|cfo)\b/iu,
    3,
  ),
  r(
    // the board: directors elected, a member added or welcomed to a (advisory) board, leadership promotions (not the
    // caption of 8-K item 5.02, "Departure of Directors or Certain Officers; Election of Directors; ...", which its code types)
    'management.board',
    'management',
    'executive_change',
    /\b((?<!officers; )election of directors|elects? (\w+ ){0,2}directors?|(adds?|welcomes?|appoints?|joins?|named to|elected to)\b.{0,60}\b(board of directors|advisory board|board)|(executive )?leadership (team )?(promotions?|changes?|transition)|(demands?|calls? for|urges?) (\w+ ){0,2}resignation)\b/i,
    4,
  ),
  r(
    // a chief officer joining, named or added, and additions to an executive team: "Joins Cambium Learning Group as Chief
    // Operating Officer", "Grows Executive Team With Addition of Chief ... Officers", "Key Additions to ... Teams"; inducement
    // grants are equity awards to new hires ("Intevac Reports Inducement Grants under Nasdaq Listing Rule 5635(c)(4)")
    'management.chief_officer',
    'management',
    'executive_change',
    /\b(joins?|joined|names?|named|appoints?|appointed|hires?|hired|adds?|addition of|promotes?|elevates?)\b.{0,60}\bchief ([\w-]+ ){1,4}officers?\b|\b(grows?|expands?|adds? to|strengthens?) (its )?executive (leadership )?team\b|\bkey (additions|hires|appointments) to\b|\binducement (grants?|awards?)\b/i,
    3,
  ),
  r(
    'management.pay',
    'management',
    'compensation',
    /\b(pay (package|rises?|falls?|jumps?|cut)|compensation|bonus)\b/i,
    3,
  ),
  // a plan, product, service, feature, model or brand brought back is relaunched, and users given more control or options get a
  // product feature: "Verizon is bringing back unlimited data", "Tinder is giving women more control in India"
  r(
    'product.relaunch',
    'product',
    'launch',
    /\b(bring(s|ing)?|brought) back (the |its |their |an? )?(\w+ ){0,2}(plans?|products?|services?|features?|models?|brands?|data|menus?|items?|apps?)\b|\bgiv(e|es|ing) (\w+ ){0,2}(users|customers|women|men|parents|drivers|people|shoppers|subscribers|members|players|creators) more (control|options|choices?|power|ways|say)\b/i,
    2,
  ),
  // a company gaining from a unit, segment or division, or riding on a momentum, has a business line doing well: "ROP Gains From
  // Robust Application Software Unit: A Sign for More Upside?", "MaxLinear Rides on AI Infrastructure Momentum: More Upside Ahead?"
  r(
    'operations.segment_strength',
    'operations',
    'business_momentum',
    /\b(gains?|benefits?) from (\w+ ){0,3}(unit|segment|division|business)\b|\brides? on (\w+ ){0,3}momentum\b/i,
    2,
  ),
  // an oil, fuel or chemical spill or leak is an accident at a company's site or ship, not the oil market (its settlement or lawsuit
  // is the court's): "New oil spill total is bad news for BP, wildlife"
  r(
    'operations.spill',
    'operations',
    'disruption',
    /\b(oil|fuel|chemical|toxic) (spill|leak)s?\b(?! (settlements?|lawsuits?|suits?|cases?|claims?|trials?)\b)/i,
    2,
  ),
  // two named parties announcing, launching or forming an initiative or a venture together are partners: "Microsoft and Parexel
  // announce life science tech cloud initiative"
  r(
    'contract.joint_initiative',
    'contract',
    'award',
    /^\p{Lu}[\w.&'\u2019-]*( \p{Lu}[\w.&'\u2019-]*)* and \p{Lu}[\w.&'\u2019-]*( \p{Lu}[\w.&'\u2019-]*)* ([Aa]nnounce|[Ll]aunch|[Uu]nveil|[Ff]orm)s? (an? |the )?([\w-]+ ){0,4}([Ii]nitiative|[Vv]enture)s?\b/u,
    3,
  ),
  // a company dumping, offloading or unloading a business it names sells it: "Citigroup dumps Phibro, avoids showdown with US"
  r(
    'm&a.dumps_named',
    'm&a',
    'divestiture',
    /\b(dumps?|dumped|offloads?|offloaded|unloads?|unloaded) \p{Lu}/u,
    3,
  ),
  r(
    'legal.court',
    'legal',
    'litigation',
    /\b(court|judge|ruling|rules? in favou?r|verdict|settle\w*(?! (above|at|below|near|up|down|higher|lower)\b)|class action|legal (fight|battle|dispute|options|action|challenge|route))\b/i,
    2,
  ),
  // a party suing or being sued names the event more firmly than the deal or product it is about
  // labour-law violations claimed against an employer are a legal matter: "... Starbucks is facing legal repercussions. The company
  // counters the 548 labor law violation claims"
  r(
    'legal.labour_law',
    'legal',
    'litigation',
    /\blabou?r[- ]law violations?\b|\bunfair labou?r practices?\b|\blegal repercussions\b/i,
    3,
  ),
  // assets frozen or seized are a court's or an authority's order against their owner: "Mt.Gox CEO's U.S. assets frozen"
  r(
    'legal.assets_frozen',
    'legal',
    'asset_freeze',
    /\bassets (frozen|seized|confiscated)\b|\b(freez(e|es|ing)|froze|seiz(e|es|ed|ing)|confiscat\w+) (\w+['\u2019]s )?(\w+ ){0,2}assets\b/i,
    3,
  ),
  r('legal.lawsuit', 'legal', 'litigation', /\b(lawsuits?|sues?|sued|suing|countersues?)\b/i, 4),
  // (defrauding or embezzling from someone is a crime: "Former Apple employee admits to defrauding the company out of $17 million")
  r(
    'legal.criminal',
    'legal',
    'criminal_charge',
    // (a plea deal and a criminal fraud are criminal cases: "avoids jail with plea deal", "fine for criminal tax fraud scheme"; charged
    // by a markets regulator is its enforcement, regulatory: "Crypto firms Genesis and Gemini charged by SEC ...")
    /\b(indict\w*|(?<!\bby (the )?(sec|ftc|cftc|finra|fca|securities and exchange commission) )charged with|charged(?! (at )?(a |an |the )?(\w+ )?(rates?|fees?|prices?|tariffs?)\b)(?! by (the )?(sec|ftc|cftc|finra|fca|securities and exchange commission)\b)|criminal charges?|plea (deals?|agreements?|bargains?)|criminal (\w+ ){0,2}(fraud|scheme|conspiracy|case|trial)|charges (against|over)|pleads? (guilty|not guilty)|convicted|sentenced|prosecut\w+|arrested|fraud charges?|defraud\w*|embezzl\w*)\b/i,
    4,
  ),
  // a market-manipulation or fraud case is legal news: "Big Nomura Clients Halt Trades With Firm Over Manipulation Case"
  r(
    'legal.case',
    'legal',
    'litigation',
    /\b(manipulation|fraud|bribery|insider[- ]trading) (case|scandal|trial)s?\b/i,
    3,
  ),
  // someone facing, standing or going on trial, or accused of an act (the passive "accused of", with no authority as its subject),
  // is a case before the courts, whoever it is about: "Former Volkswagen Chief Executive Faces Trial in Emissions Case", "the N.Y.
  // Official Accused of Working for China" (a drug's trial is never faced or stood)
  r(
    'legal.trial',
    'legal',
    'litigation',
    /\b(fac(e|es|ed|ing)|go(es)? on|goes to|stand(s|ing)?) trial\b|\baccused of\b/i,
    3,
  ),
  r(
    'legal.probe',
    'legal',
    'investigation',
    /\b(prob(e|es|ed|ing)|investigation|investigat\w+|subpoena)\b/i,
    2,
  ),
  // prosecutors asked to investigate, or investigating, a party is a criminal probe (legal), not an agency's own enforcement: "US
  // calls for DOJ investigation of Hims", "HHS asks Justice Department to probe Hims & Hers", "U.S. Attorney investigating ..."
  r(
    'legal.prosecutors_probe',
    'legal',
    'investigation',
    /\b(doj|justice department|department of justice|prosecutors?|u\.?s\.? attorneys?)\b (to )?(investigat\w+|probes?|probing)\b|\b(doj|justice department|department of justice|prosecutors['\u2019]?|criminal) (investigation|probe) (of|into)\b/i,
    4,
  ),
  // a law firm's notice to a company's investors names a legal claim, whatever results or pay its lede recounts: "Tesla Being
  // Investigated on Behalf of Tesla, Inc. Investors", "... Encourages Investors to Seek Compensation for Alleged Wrongdoings",
  // "... possible violations of federal securities laws"
  r(
    'legal.investor_claims',
    'legal',
    'investigation',
    /\bon behalf of ([\w.,&'\u2019-]+ ){0,4}(investors|shareholders|stockholders|purchasers)\b|\b(possible|potential|alleged) violations of (the )?federal securities laws\b|\bseek compensation\b|\balleged wrongdoings?\b/i,
    4,
  ),
  r(
    'regulatory.enforcement',
    'regulatory',
    'enforcement',
    // (and an order to pay: "Apple and Goldman Sachs ordered to pay $89M over Apple Card failures"; a court named in the item
    // adds its own, legal, vote)
    /\b(enforcement actions?|fined?|fining|penalty|sanctioned|consent order|cease and desist|charge sheet|statement of objections|ordered to pay|charged by (the )?(sec|ftc|cftc|finra|fca|securities and exchange commission))\b/i,
    3,
  ),
  r(
    'regulatory.rulemaking',
    'regulatory',
    'rulemaking',
    /\b(regulat(e|es|ing|ion|ions)|regulators? propos\w+|supervision|oversight|easing rules|new rules|clearer rules|intervention in|sets? (new )?rules|finali[sz]es? (new )?rules|subject to (the )?(same|new|stricter|tighter|looser|uniform) rules|(same|stricter|tighter|uniform) rules (for|on)|(sec|ftc|fcc|cfpb|cftc|finra|epa|faa|eu)['\u2019]?s? rules(?! out)|rules of the (sec|ftc|fcc|cfpb|cftc|finra|epa|faa|eu))\b/i,
    3,
  ),
  r(
    // a permit or clearance from an authority (the FDA's own approvals are fda.approval, which outweighs this)
    'regulatory.approval',
    'regulatory',
    'approval',
    /\b(cleared (for|to)|wins? (regulatory )?approval|(gets?|receives?|granted) (regulatory )?approval|permits? (for|to))\b/i,
    2,
  ),
  // an authority's green light given to someone is its approval, whoever the authority: "Del Vecchio gets ECB green light to raise
  // Mediobanca stake" (a central bank approving a holder's stake acts as a regulator, not on rates)
  r(
    'regulatory.green_light',
    'regulatory',
    'approval',
    /\b(gets?|got|wins?|won|receives?|received|given|granted) (an? |the )?(\S+ ){0,2}green light\b/i,
    5,
  ),
  r(
    'regulatory.antitrust',
    'regulatory',
    'antitrust',
    /\b(antitrust|cartels?|collu(sion|ding|ded|des?)|price[- ]fixing|monopoly (claims?|case|lawsuit|suit|charges?|probe)|competition (authority|commission|watchdog|regulator|bureau)|competition and markets authority|regulators?)\b/i,
    2,
  ),
  // authorities vetting, reviewing or clearing mergers is regulatory review, whoever the authority: "RBI, CCI to vet all banking mergers"
  r(
    'regulatory.merger_review',
    'regulatory',
    'antitrust',
    /\bto (vet|review|scrutini[sz]e|clear) (all |the )?([\w-]+ ){0,2}(mergers|deals|acquisitions|takeovers)\b/i,
    4,
  ),
  r(
    // competition law named by its own words: "accuses Microsoft of competition breach", "abusing dominant position",
    // "EU's Competition Objection" (a breach of competition rules is no outage)
    'regulatory.competition',
    'regulatory',
    'antitrust',
    /\b(competition|antitrust) (breach(es)?|rules?|law|objections?|concerns?|complaints?|charges?|case|violations?)\b|\babus\w* (of )?(a |its |their )?dominan(t position|ce)\b|\bdominant (market )?position\b/i,
    4,
  ),
  r(
    // an authority other than the FDA acting on a company: suing, blocking, fining, probing, clearing
    'regulatory.authority_action',
    'regulatory',
    'enforcement',
    /\b(ftc|sec|doj|cma|fcc|cfpb|finra|federal trade commission|justice department|european commission|eu commission|brussels|competition (authority|commission|watchdog|regulator)|(public service|utilit(y|ies)|securities|communications) commission|antitrust (regulators?|enforcers?|authorit(y|ies))|regulators?|watchdogs?|(eu|european|u\.?s\.?|federal|state|drug|medicines?|safety|environmental) agenc(y|ies)|protection bureau|ntsb|nhtsa|faa|national transportation safety board)\b.{0,40}\b(sues?|sued|blocks?|fines?|fined|probes?|investigat\w+|charges?|clears?|approves?|rejects?|challenges?|opposes?|bans?|orders?|threatens?|raids?|caps?|capped|capping|ruled|reach(es|ed)? (a )?(deal|settlement|agreement)|asks? (a )?court|links?|linked|sets? (new )?rules|releases? (\w+ )?(details|findings|report))\b/i,
    5,
  ),
  // a probe, investigation or inquiry from or by an authority is the authority acting, the noun before it: "Google-Fitbit deal gets
  // an 'in-depth investigation' from European Commission over competitive concerns"
  r(
    'regulatory.probe_by_authority',
    'regulatory',
    'enforcement',
    /\b(probes?|investigations?|inquir(y|ies)|reviews?)['\u2019"\u201d]? (from|by) (the )?(ftc|sec|doj|cma|fcc|cfpb|finra|federal trade commission|justice department|european commission|eu commission|competition (authority|commission|watchdog|regulator)|antitrust (regulators?|enforcers?|authorit(y|ies))|regulators?|watchdogs?)\b/i,
    5,
  ),
  // a headline whose subject is a regulator is that regulator's business, whatever its verb: "SEC Searches For New Tool to Analyze
  // Smart Contracts, Blockchains", "FINRA puts hold on investors' Puerto Rico claims" (the FDA's approvals and trials are fda)
  r(
    'regulatory.regulator_subject',
    'regulatory',
    'supervision',
    /^(the )?(sec|ftc|fcc|cfpb|finra|epa|hhs|cms|doj|occ|fdic)\b(['\u2019]s?)?/i,
    2,
  ),
  // a ban on selling a kind of product is a rule: "Washington and Massachusetts to follow California's gas car sales ban"; and the
  // inspection of listed companies' audits is oversight: "US, China reach deal in dispute over Chinese company audits"
  r(
    'regulatory.sales_ban',
    'regulatory',
    'rule',
    /\bsales bans?\b|\bban(s|ned)? on (the )?(sales?|selling) of\b|\bban(s|ned)? ([A-Za-z-]+['\u2019]s )?(direct|online|retail) sales\b|\b(company|companies['\u2019]?|corporate) audits\b|\binspect (the )?audits\b/i,
    3,
  ),
  r(
    // a bill named by its policy topic is legislation, passed or not: "Data privacy bill unites Charles Koch and Big Tech",
    // "The Lummis-Gillibrand Crypto Bill: Summary and Highlights" (a tax bill may be an invoice: not here)
    'regulatory.bill',
    'regulatory',
    'legislation',
    /\b(privacy|crypto|stablecoin|climate|energy|immigration|infrastructure|stimulus|spending|funding|appropriations|banking|antitrust|gun|farm|health ?care|defen[cs]e) bill\b/i,
    3,
  ),
  r(
    // a law or bill signed, passed or enacted: "Obama signs law curbing surprise credit card fees"
    'regulatory.legislation',
    'regulatory',
    'legislation',
    /\b(signs?|signed|pass(es|ed)?|approves?|approved|enacts?|enacted) (a |the |new )?(\w+ )?(law|bill|legislation)\b|\blaws? (curbing|banning|requiring|limiting|restricting)\b/i,
    3,
  ),
  // a ban on a named app or product, "a TikTok ban", is a government's: "What does a TikTok ban mean for users?" (a company's own
  // ban is worded with what it bans: "Chase's Crypto-Related Transactions Ban")
  // a government acting by order or campaign: "Trump Executive Orders Target TikTok", "White House Seeks Crackdown on ..."
  r(
    'regulatory.government_action',
    'regulatory',
    'enforcement',
    // (and cracking down, in any tense: "States, federal government cracking down on for-profit colleges")
    /\b(executive orders?|crackdown on|(crack|cracks|cracked|cracking) down on)\b/i,
    3,
  ),
  // a programme launched or debuting under the White House, the administration or a government is policy, no product: "White House
  // launches TrumpRx", "White House’s online service for drug sales debuts with limited impact on prices"
  r(
    'regulatory.government_launch',
    'regulatory',
    'policy',
    /\b(white house|the administration|(federal |us |u\.s\. )?government)(['\u2019]s)?\b[^.;:]{0,50}?\b(launch(es|ed)?|debuts?|unveils?|unveiled|rolls? out)\b/i,
    4,
  ),
  // an agency or its head taking aim at a party, or an agency's own court fight, is the agency's enforcement: "FDA chief Makary takes
  // aim at Hims' compounded Wegovy pill plans", "HHS drops legal fight over blocked 340B rebate pilot"
  r(
    'regulatory.agency_aim',
    'regulatory',
    'enforcement',
    /\b(fda|hhs|ftc|sec|doj|cms|epa)\b (chief |commissioner |head )?(\p{Lu}[\p{L}-]+ )?takes? aim at\b|\b(hhs|fda|ftc|sec|doj|cms|epa) (drops?|dropped|abandons?|abandoned|loses?|lost) (its |the |a )?(legal |court )?(fight|case|appeal|battle)\b/iu,
    5,
  ),
  r('regulatory.ban', 'regulatory', 'ban', /\b(a|the) \p{Lu}[\p{L}\d-]* ban\b/u, 3),
  // so is a named app's ban after a possessive, "as" or "after" ("After Trump's WeChat Ban", "as WeChat Ban Rocks China Stocks"),
  // and an order to ban ("Ordering Bans on Tencent, TikTok", "issues order to ban transactions"): a ban by order is a government's
  r(
    'regulatory.ordered_ban',
    'regulatory',
    'ban',
    /(?:\b(?:as|after|As|After)|\p{L}['\u2019]s) \p{Lu}[\p{L}\d-]* [Bb]an\b|\b(?:[Oo]rder(?:s|ed|ing)?|ORDERS?) (?:to )?(?:[Bb]ans?|BANS?)\b/u,
    3,
  ),
  r(
    'regulatory.block',
    'regulatory',
    'antitrust',
    /\b((sues?|moves?|seeks?) to block|blocks? (the |its )?(deal|merger|takeover|acquisition|purchase|sale)|blocked (the )?(deal|merger|takeover))\b/i,
    4,
  ),
  r(
    'regulatory.license',
    'regulatory',
    'license',
    /\b(banking licen[cs]e|licen[cs]es? (granted|revoked|suspended|withdrawn)|(grants?|revokes?|suspends?|wins?|gets?|receives?) (a |its )?(\w+ )?licen[cs]e|broadcast licen[cs]es?)\b/i,
    3,
  ),
  // a company filing for an initial public offering, whatever its name or its drugs' phase, is financing (an IPO filed; priced or
  // debuting is the listing): "Joseph Moglia's SPAC FG New America Acquisition files for a $225 million IPO", "Phase 2/3 ... biotech
  // Athira Pharma files for a $100 million IPO"
  r(
    'financing.ipo_filed',
    'financing',
    'offering',
    /\b(files?|filed|filing) (confidentially )?for (an? )?(\$[\d.,]+ ?(million|billion|mln|bln|[mb]n?) )?(ipo|initial public offering)\b/i,
    6,
  ),
  r(
    'financing.offering',
    'financing',
    'offering',
    // ("is offering a discount" is a verb, not a securities offering)
    // (and an IPO planned in words: "Tencent Music plans to go public on US exchange", "... are trying to go public")
    /\b((?<!\b(is|are|was|were|now|also|be|been) )offering|ipo|raises? \$|notes due|bond (sale|issue)|convertible|private placement|(plans?|planning|plots?|plotting|aims?|aiming|seeks?|seeking|trying|tries|prepares?|preparing|hopes?|hoping) to go public)\b/i,
    2,
  ),
  r(
    'financing.shelf_round',
    'financing',
    'offering',
    // (and private-equity, venture or investor backing taken: "Splitit Payments Takes Private Equity Backing in Pursuit of ...")
    /\b(shelf (prospectus|registration)|base shelf|seed (round|funding)|series [a-f] (round|funding|financing)|funding round|(takes?|took|wins?|won|gets?|got|secures?|secured|lands?|landed) (\w+ ){0,2}(private[- ]equity|venture|investor|investors['\u2019]?) backing)\b/i,
    3,
  ),
  r(
    // money landed or raised by the company: "EvolutionaryScale lands $142 mln to advance AI" (not a contract, an order,
    // an offer or a fine of that size)
    'financing.raise',
    'financing',
    'raise',
    /\b(lands?|landed|secures?|secured|bags?|bagged|raises?|raised|closes?|closed)\b (about |over |nearly |more than |almost |an? )?(\$|\u20ac|\u00a3|usd ?|us\$)[\d.,]+ ?(mln|million|billion|bln|bn|m|b)?\b(?! ?([\w&-]+ ){0,3}(contracts?|orders?|deals?|awards?|settlements?|fines?|verdicts?|judgments?|grants?|acquisitions?|purchases?|sales?|offers?|bids?|stakes?)\b)/i,
    3,
  ),
  // a sum named as a lettered series or as funding is a round raised: "Angitia gets $130M Series D for pipeline of ...", "LB Pharma
  // snags $100M in funding"
  r(
    'financing.sum_round',
    'financing',
    'raise',
    /(\$|\u20ac|\u00a3|us\$)[\d.,]+ ?(m|mn|mln|million|b|bn|billion)? (series [a-h]|in (new |fresh )?(funding|financing))\b/i,
    3,
  ),
  // a term sheet, or a financing of a stated sum, is a financing: "Announces Term Sheet for Financing of up to $15 Million"
  r(
    'financing.term_sheet',
    'financing',
    'offering',
    /\bterm sheet\b|\bfinancing of (up to |about |approximately )?(\$|\u20ac|\u00a3|us\$|c\$)[\d.,]+/i,
    3,
  ),
  // a war chest is the cash a company holds or raises: "Virgin Galactic Builds A War Chest"
  r('financing.war_chest', 'financing', 'raise', /\bwar chests?\b/i, 3),
  // cash from warrants exercised is equity sold at the warrants' strike price: "Bridgeline Receives More than $2.5M in Warrant
  // Exercises"
  r(
    'financing.warrant_exercise',
    'financing',
    'offering',
    /\bwarrant exercises?\b|\bexercises? of (\w+ ){0,2}warrants\b|\bwarrants? (were |was )?exercised\b/i,
    3,
  ),
  // (a student loan is a household's debt, not a company's: "Scammers are using student loan forgiveness as bait"; and so is
  // refinancing one: "Refinancing now is your best shot at lowering the cost of private student loans")
  r(
    'financing.debt',
    'financing',
    'debt',
    /\b(credit facility|(?<!\bstudent[- ])(loan|debt)|refinanc\w*(?![^.;:]{0,60}\b(student|mortgages?\b|home loans?\b)))\b/i,
    1,
  ),
  // buying back its own notes is liability management, not a takeover: "SLB Announces Debt Tender Offer"
  r(
    'financing.debt_tender',
    'financing',
    'debt',
    /\b(debt|notes?|bonds?|debentures?) tender offers?\b|\btender offers? for (\w+ ){0,3}(notes|bonds|debentures)\b/i,
    4,
  ),
  r(
    'ownership.activism',
    'ownership',
    'activism',
    // (and shareholders' proposals put to a vote: "Tesla gets multiple shareholder proposals related to investment in xAI")
    // (an activist's campaign is the event over a deal it criticises: "Nelson Peltz lays out his case for Disney proxy fight, slams Fox
    // acquisition")
    // (and activism named as a play or a campaign: "A textbook Wall Street activism play is unfolding with ... Virtusa")
    /\b(activism (play|campaign|push|fight|battle|target)s?|dissident (shareholders?|investors?|holders?)|activist (investors?|shareholders?|hedge funds?)|proxy (fight|contest|battle)|(shareholder|stockholder)s?['\u2019]? proposals?)\b/i,
    4,
  ),
  // a UK Takeover Code dealing disclosure (a holder of 1% or more reports its position and dealings) or a major-holdings
  // notification: "Form 8.3 - [MATTIOLI WOODS PLC] - 26 06 2024 - (CGWL)"
  r(
    'ownership.disclosure',
    'ownership',
    'disclosure',
    /\b(form 8\.[35]|rule 8\.3|holding\(s\) in company|notification of major holdings?)(?![\d.])/i,
    5,
  ),
  // dividends or buybacks counted for a market (after an index's name or a country) are a data release, no company's capital
  // return: "S&P 500 Buybacks Return to $200 Billion Range", "Reports $42.5 Billion Decrease in U.S. Indicated Dividend Payments"
  r(
    'macro.market_payouts',
    'macro',
    'economic_data',
    /\b(s&p \d+|dow( jones)?|nasdaq( \d+)?|ftse( \d+)?|russell \d+|u\.s\.|market|index)( \w+){0,2} (dividends?( payments)?|buybacks?)\b/i,
    4,
  ),
  // (and dividend or buyback payments or payouts opening a headline as what moves, with no payer named, are a market's total:
  // "Dividend payments plunge by $42.5 billion in worst quarter for income investors since financial crisis")
  r(
    'macro.payout_totals',
    'macro',
    'economic_data',
    /^(dividend|buyback|share repurchase) (payments|payouts) (plunge|plunged|fall|fell|drop|dropped|rise|rose|jump|jumped|surge|surged|climb|climbed|decline|declined|hit|top|topped)\b/i,
    5,
  ),
  // (a dividend named as a measure or a kind of stock is no company's dividend action: "A 9.6% Dividend Yield", "65 Reliable
  // 40-Year Dividend Boosters", "Dividend Stocks")
  r(
    'capital_return.dividend',
    'capital_return',
    'dividend',
    /\b(dividend)\b(?!s? (yields?|stocks?|boosters?|growers?|aristocrats?|kings?|champions?|payers?|investors?|investing|portfolios?|etfs?|funds?)\b)/i,
    3,
  ),
  r(
    'capital_return.buyback',
    'capital_return',
    'buyback',
    /\b(buybacks?|share repurchases?|repurchase programs?|(normal course )?issuer bids?)\b/i,
    3,
  ),
  // a deal with a company named by its kind ("a Chinese company", "a local firm") is that company's contract: "AstraZeneca in first
  // COVID-19 vaccine deal with Chinese company"
  r(
    'contract.deal_with_kind',
    'contract',
    'agreement',
    /\bdeals? with (an? )?([\p{L}-]+ ){0,2}(company|firm|maker|manufacturer|supplier|partner|group)\b/iu,
    2,
  ),
  // overtaking a rival to become a numbered or the largest player is a change of market position: "T-Mobile Overtakes AT&T to
  // Become No. 2 Carrier"
  r(
    'operations.position',
    'operations',
    'market_position',
    /\bto become (the )?(no\.? ?\d+|number (one|two|three|\d+)|(world|nation|country|industry)['\u2019]s (largest|biggest|second[- ]largest))\b/i,
    3,
  ),
  r(
    'contract.award',
    'contract',
    'award',
    // (booking an order or a win is winning one: "Boeing Books Huge Win")
    /\b(contract|wins? (an? )?order|books? (an? |another )?([\w-]+ ){0,2}(orders?|wins?)|awarded(?! (an? |the )?(\w+ ){0,2}(patents?|prizes?|awards?|honou?rs?)\b)|partnership|partners? (with|to)|agreement with|(confirms?|confirmed|signs?|signed|strikes?|struck|inks?|inked|seals?|sealed|clinch(es|ed)?) (a |an |the )?(\w+ )?deal with|supply deal|licensing deal|alliance|teams? up|teamed up|collaborat(e|es|ed|ing)|(announce|announces|form|forms|enter|enters|sign|signs) (an? )?(\w+ )?collaboration|pacts?|\d+-year (\w+ ){0,2}deal)\b/i,
    2,
  ),
  // a party giving a named company a sum to do a job pays for its work, a contract: "NASA Gives SpaceX $843 Million To Junk The
  // International Space Station"
  r(
    'contract.paid_to',
    'contract',
    'award',
    /\b[Gg]ives? (\p{Lu}[\w.&'\u2019-]*\s){1,3}\$[\d.,]+ ?([Mm]illion|[Bb]illion|bn|mn|[Mm]|[Bb])\s([Tt]o|[Ff]or)\s/u,
    3,
  ),
  // a partnership divorced, ended or terminated is a contract ended: "Amgen, Kyowa's OX40 divorce", "ends its collaboration with"
  r(
    'contract.ended',
    'contract',
    'agreement_terminated',
    /\bdivorce\b|\b(ends?|ended|ending|terminat(e|es|ed|ing)|exits?|exited) (its |a |the |their )?(\w+ ){0,2}(partnership|collaboration|alliance|licen[cs]ing (deal|agreement|pact))\b/i,
    3,
  ),
  // placing an order with a supplier is a contract, as winning one is: "Intel Places Multi-Billion-Dollar Wafer Order At TSMC"
  // a company gaining, nabbing or licensing another's therapy, drug or asset has licensed it, a contract, and that names the deal
  // more firmly than a sum raised beside it: "Eisai gains Henlius therapy; LB Pharma snags $100M in funding"
  r(
    'contract.licensed_asset',
    'contract',
    'licensing',
    /\b(gains?|gained|nabs?|nabbed|grabs?|grabbed|snags?|snagged|in-licens\w+|licenses?|licensed) (\p{Lu}[\p{L}\d-]*['\u2019]?s? )(\w+ )?(therapy|therapies|drug|asset|candidate|antibody)\b/u,
    4,
  ),
  r(
    'contract.order_placed',
    'contract',
    'award',
    /\b(places?|placed|placing) (a |an |its |the |another )?([\w$.,-]+ ){0,4}orders? (at|with|from|for)\b/i,
    3,
  ),
  // a deal to make or supply something is a contract: "AstraZeneca Strikes Deal to Produce Covid-19 Vaccine for China"
  r(
    'contract.production_deal',
    'contract',
    'award',
    /\b(strikes?|struck|signs?|signed|inks?|inked|reach(es|ed)?) (a |an )?(\w+ )?deal to (produce|supply|make|manufacture|provide|deliver|distribute|develop|build)\b/i,
    3,
  ),
  r(
    // a buyer choosing a vendor to do something, joining a partner network, a joint venture: "Colonial Selects Black
    // Knight's ... to Deliver", "AB Capital Group Chooses Innovative SS&C Platform to Propel Business"
    'contract.vendor_choice',
    'contract',
    'agreement',
    /\b(selects?|selected|chooses?|choose|chose)\b[^.;]{0,80}?\bto (power|provide|deliver|propel|drive|support|enable|moderni[sz]e|streamline|enhance|automate|manage|transform|accelerate|scale|simplify|protect|secure|offer|reduce|improve|optimi[sz]e|help|boost|strengthen|unify|consolidate|digiti[sz]e)\b|\bjoins? (the )?([\w-]+ ){0,3}partner (network|program(me)?|ecosystem)\b|\bjoint ventures?\b/i,
    2,
  ),
  // a buyer tapping, calling on, using or turning to a named vendor to do something chooses that vendor: "Cyta Calls on Oracle to
  // Drive Digital Transformation", "Global Footwear Retailer CCC Group Taps Oracle to Boost Profitability" (the vendor a
  // capitalized name, as vendor_choice's verbs: not "uses AI to", not "taps its CEO to lead")
  r(
    'contract.vendor_tapped',
    'contract',
    'agreement',
    /\b(?:[Tt]aps|[Tt]apped|[Cc]alls [Oo]n|[Cc]alled [Oo]n|[Uu]ses|[Tt]urns [Tt]o)\s+(?:\p{Lu}[\p{L}\d&.'’-]*\s+){1,4}[Tt]o\s+(?:[Pp]ower|[Pp]rovide|[Dd]eliver|[Dd]rive|[Ss]upport|[Ee]nable|[Mm]oderni[sz]e|[Ss]treamline|[Ee]nhance|[Aa]utomate|[Mm]anage|[Tt]ransform|[Aa]ccelerate|[Ss]cale|[Ss]implify|[Pp]rotect|[Ss]ecure|[Rr]educe|[Ii]mprove|[Oo]ptimi[sz]e|[Bb]oost|[Ss]trengthen|[Uu]nify|[Dd]igiti[sz]e)\b/u,
    2,
  ),
  // two named companies that partner on, or join forces on, something have a contract: "BlackRock and Microsoft Partner on $30
  // Billion AI Infrastructure Fund" (two capitalized names joined by "and"; not a person's "golfing partner on playing")
  r(
    'contract.pair_partner_on',
    'contract',
    'agreement',
    /\b\p{Lu}[\p{L}\d&.'’-]* and \p{Lu}[\p{L}\d&.'’-]* (?:[Pp]artner|[Jj]oin [Ff]orces) (?:[Oo]n|[Ii]n)\b/u,
    3,
  ),
  // a plant selling its power to a buyer, helping power a buyer's data centers, or a buyer going nuclear to power them is a
  // power-purchase deal, a contract: "Three Mile Island is reopening and selling its power to Microsoft"
  r(
    'contract.power_purchase',
    'contract',
    'power_purchase',
    /\b(?:sell(?:s|ing)?|sold|suppl(?:y|ies|ying|ied)) (?:its |their |the )?(?:\w+ ){0,2}(?:power|electricity) to\b|\b(?:help|helps|helping|go(?:es|ing)? nuclear to) power (?:\S+ ){1,3}cent(?:er|re)s\b/i,
    4,
  ),
  // a company adopting another's named product as its system or across its sites has bought it, a contract: "Hyatt adopts Oracles
  // OPERA Cloud as PMS for global portfolio", "LIGA MX Adopts Incode \"Fan ID\" Across Stadiums in Mexico" (the product
  // capitalized words, quoted or not, between "adopts" and "as" or "across")
  r(
    'contract.adopts_product',
    'contract',
    'agreement',
    /\b[Aa]dopts? (?:["“]?\p{Lu}[\p{L}\d&.'’-]*["”]?\s+){1,4}(?:as|[Aa]cross)\b/u,
    3,
  ),
  // a company inking, signing or striking a multi-year deal named by a capitalized partner has a contract, outweighing an index
  // named beside it: "S&P 500 Nuclear Leader Jumps 20% After Inking 20-Year Microsoft Deal"
  r(
    'contract.multi_year_deal',
    'contract',
    'agreement',
    /\b(?:[Ii]nks?|[Ii]nked|[Ii]nking|[Ss]igns?|[Ss]igned|[Ss]igning|[Ss]trikes?|[Ss]triking|[Ss]truck) (?:an? )?\d+-[Yy]ear (?:\p{Lu}[\p{L}\d&.'’-]* ){1,3}[Dd]eal\b/u,
    4,
  ),
  // billionaires pouring money into, buying or selling stocks change their holdings: "Billionaires Just Poured About $67 Billion
  // Into These 5 Artificial Intelligence (AI) Stocks"
  r(
    'ownership.billionaires_trade',
    'ownership',
    'position_change',
    /\bbillionaires (?:are |just |have )?(?:poured|pour|pouring|buying|bought|selling|sold|dumping|dumped|piling|piled)\b/i,
    4,
  ),
  // a count of hedge funds a stock attracts, draws or is held by is its ownership: "Microsoft Corporation (MSFT) Attracts 279
  // Hedge Funds Amidst Strong AI Growth and Dividend Hike" (a dividend beside it is the funds' reason)
  r(
    'ownership.hedge_fund_count',
    'ownership',
    'holdings',
    /\b(?:attracts?|attracted|draws?|drew|held by|owned by) \d[\d,]* hedge funds?\b/i,
    4,
  ),
  // a holder selling one stock and buying another trades holdings: "Trade Tracker: Bill Baruch sells Oracle and buys Owens
  // Corning", "Billionaires Are Selling Its Shares and Buying Up These 2 Artificial Intelligence Stocks"
  r(
    'ownership.sells_and_buys',
    'ownership',
    'position_change',
    /\b(?:sells?|sold|selling|trims?|trimmed|trimming) [^.;:!?]{1,30}? and (?:buys?|bought|buying)\b/i,
    4,
  ),
  // a lowercase verb trimming two capitalized names in a sentence-case headline trims two holdings: "Trade Tracker: Jim Lebenthal
  // trims Google and Oracle" (not "EUR/USD trims losses")
  r(
    'ownership.trims_named',
    'ownership',
    'position_change',
    /\b(?:trims|trimmed) \p{Lu}[\p{L}\d.&-]* and \p{Lu}[\p{L}\d.&-]*(?:\s*$| (?:shares|stakes?|positions?)\b)/u,
    4,
  ),
  // Wall Street called bullish or bearish on something is the analysts' view: "Oracles AI-Driven Growth Has Wall Street Most
  // Bullish in Years"
  r(
    'analyst.wall_street_sentiment',
    'analyst',
    'sentiment',
    /\b[Ww]all [Ss]treet (?:\w+ ){0,2}(?:bullish|bearish)\b/iu,
    4,
  ),
  // a capitalized subject that transforms, reimagines, personalizes, improves (...) something of its own "with" another capitalized
  // name closing the headline has adopted that name's product: a customer story, a contract ("Hotel Julian Reimagines Modern
  // Luxury Experience with Oracle Hospitality", "Western Digital Transforms Business Processes with Oracle Cloud"; not a subject
  // working with its own product, "Oracle Accelerates Data Insights for Retailers with Oracle Digital Assistant")
  // a party seeking a sum in damages has sued: "Trump ... is now seeking $20 million in damages"
  r(
    'legal.damages',
    'legal',
    'litigation',
    /\b(seeks?|seeking|sought|demands?|demanding|wants?) (\w+ ){0,2}(\$|\u20ac|\u00a3)[\d.,]+ ?(\w+ )?in damages\b/i,
    3,
  ),
  // a person kicked, removed or ousted off or from a board is a board change: "Qualcomm kicked its former CEO off the board after
  // he said he might try to buy ..." (management, not the buyout he floated)
  r(
    'management.board_removal',
    'management',
    'board',
    /\b(kick(s|ed)?|remov(es|ed)|oust(s|ed)?|push(es|ed)|throw(s|n)|threw) (\w+ ){0,3}(off|from) (the |its |their )?board\b/i,
    4,
  ),
  // turning a business around is its operations: "The CEO of Arby's has begun turning around newly acquired Buffalo Wild Wings"
  r('operations.turnaround', 'operations', 'turnaround', /\b(turn(s|ed|ing)? around|turnarounds?)\b/i, 2),
  // a fund raised is financing: "Sequoia Capital's former China unit raises new $2.5bn start-up fund"
  r(
    'financing.fund_raised',
    'financing',
    'fund',
    /\b(raises?|raised|closes?|closed) (a |its )?(new |fresh |second |third |debut )?(\$|\u20ac|\u00a3|us\$)[\d.,]+ ?(bn|mn|m|b|billion|million)? ([\w-]+ ){0,2}funds?\b/i,
    3,
  ),
  // staff pulled out or evacuated from a place is an operations disruption: "Oil majors pull staff from Iraq amid fears of
  // retaliation by Iran"
  r(
    'operations.staff_pulled',
    'operations',
    'disruption',
    /\b(pull(s|ed)?|withdraw(s|n)?|withdrew|evacuat(es?|ed|ing)) (some |all |its |their )?(\w+ )?(staff|personnel|employees|workers) (from|out of)\b/i,
    3,
  ),
  // a commodity's price moving is a market item, as oil's and copper's are: "Cobalt price jumps as DR Congo extends export ban",
  // "Lavazza chair warns coffee prices will rise"
  r(
    'macro.commodity_price',
    'macro',
    'markets',
    /\b(cobalt|coffee|cocoa|wheat|corn|soybeans?|sugar|uranium|rare earths?|natural gas|gas|coal|steel|rice|cotton) prices?\b/i,
    3,
  ),
  r(
    'contract.vendor_with',
    'contract',
    'agreement',
    /^(\p{Lu}[\p{L}\d&.'’-]*)(?:\s+[\p{Lu}\d][\p{L}\d&.'’-]*){0,4}\s+(?:[Rr]eimagines|[Tt]ransforms|[Pp]ersonali[sz]es|[Cc]ustomi[sz]es|[Ii]mproves|[Ss]erves?\s+[Uu]p|[Ee]nhances|[Mm]oderni[sz]es|[Ss]treamlines|[Ee]levates|[Ss]implifies|[Oo]ptimi[sz]es|[Aa]utomates|[Dd]igiti[sz]es|[Rr]evamps|[Uu]pgrades)\s[^.;:!?]{0,100}?\s[Ww]ith\s+(?!\1\b)\p{Lu}[\p{L}\d&.'’-]*(?:\s+\p{Lu}[\p{L}\d&.'’-]*){0,3}\s*$/u,
    2,
  ),
  // a subject working "with" its own named product closing the headline (the product's name starting with the subject's) is a
  // product item: "Oracle Accelerates Data Insights for Retailers with Oracle Digital Assistant"
  r(
    'product.own_product_with',
    'product',
    'launch',
    /^(\p{Lu}[\p{L}\d&.'’-]*)\s[^.;:!?]{0,100}?\s[Ww]ith\s+\1(?:\s+\p{Lu}[\p{L}\d&.'’-]*){1,3}\s*$/u,
    2,
  ),
  // a game of a kind a studio makes (a video, strategy or mobile game) is a product: "Moonbreaker aims to be a strategy game that
  // 'lasts a generation'"
  // a TV or streaming series of a company's own is its product, and a headline counting gadgets a round-up of products: "We talked
  // to The Dodo about its upcoming TV series with Animal Planet", "Five (impossibly cute) mini gadgets" (not a director's "10-part
  // TV series", nor "other tech gadgets" in a summary)
  r(
    'product.series_gadgets',
    'product',
    'launch',
    /\b(its|their) (\w+ )?(tv|television|streaming) (series|shows?)\b|^(\d+|two|three|four|five|six|seven|eight|nine|ten)\b.{0,40}\bgadgets\b/i,
    2,
  ),
  r(
    'product.game',
    'product',
    'launch',
    /\b(video|strategy|mobile|console|role-playing|puzzle|shooter|survival|open-world|multiplayer) games?\b/i,
    2,
  ),
  // a company starting to sell or offer a product launches it: "Hims & Hers said it would start selling a compounded version of
  // Novo Nordisk's Wegovy pill"
  r(
    'product.starts_selling',
    'product',
    'launch',
    /\b(start|starts|started|starting|begin|begins|began|beginning) (selling|offering)\b/i,
    2,
  ),
  // a company's innovations, in the plural, are its new products: "Oracle Retail Omnichannel Suite Innovations Power New Consumer
  // Experiences", "United Imaging Drives Forward Several Major Innovations in Multiple Imaging Modalities" (not one "innovation",
  // an award's or a study's word)
  r('product.innovations', 'product', 'launch', /\binnovations\b/i, 2),
  // a German release presenting something ("stellt ... vor", "präsentiert") is a launch, as "unveils" is: "Sungrow FPV stellt neue
  // schwimmende PV-Systemlösungen auf der Intersolar Europe vor", "POLYSHINE SOLAR präsentiert seine leichten, flexiblen PV-Module"
  r(
    'product.launch_de',
    'product',
    'launch',
    /\b(stellt|stellen) [^.!?]{1,80} vor\b|\bpräsentier(t|en)\b/iu,
    2,
  ),
  // a product getting a big, major or new update or redesign is product news, and so is a product's review named as such: "Apple Maps
  // is getting a big update. Here's what it looks like", "iPhone XS and XS Max review: Apple's latest are the best yet"
  r(
    'product.update_or_review',
    'product',
    'update',
    /\b(is getting|gets|getting|to get|got) (a |an )?(big |major |huge |new )?(update|redesign|makeover)\b|^[^:]{3,60} review: /i,
    4,
  ),
  // lawmakers, legislators, senators, states or attorneys general seeking, calling on, urging or demanding something press the
  // company they name, a regulatory matter: "States Call on Facebook to Launch Hate-Speech Hotline", "Lawmakers Seek Records on
  // Planned Kodak Loan"
  r(
    'regulatory.lawmakers_press',
    'regulatory',
    'political_pressure',
    /\b(lawmakers|legislators|senators|(?<!united )states|attorneys? general) (seeks?|seeking|sought|calls? on|calling on|urges?|urging|demands?|demanding|press(es)?|pressing)\b/i,
    6,
  ),
  // a company setting up shop somewhere opens there (operations): "Rusal plans to quit China aluminium JV, set up shop in Shanghai"
  r('operations.sets_up_shop', 'operations', 'expansion', /\bset(s|ting)? up shop\b/i, 5),
  // a company establishing, creating or forming a new unit or division to offer something launches that offering: "Amazon's AWS
  // establishes new aerospace cloud unit as Jeff Bezos increases bets on outer space"
  r(
    'product.new_unit',
    'product',
    'launch',
    /\b(establish(es|ed)?|creates?|created|forms?|formed) (a )?new (\S+ ){0,3}(unit|division)\b/i,
    4,
  ),
  // an employer setting a minimum wage or a pay rise for all its employees or workers sets its own pay (operations): "Amazon announces
  // $15 minimum wage for all US employees"
  r(
    'operations.own_wage',
    'operations',
    'staffing',
    /\b(minimum wage|pay raises?|wage (rises?|increases?|hikes?)) for (all )?(its |their )?(\S+ ){0,2}(employees|workers|staff)\b/i,
    5,
  ),
  r(
    // a launch worded as a reveal: unveils, debuts (a product), introduces, rolls out, shows
    // ("products" in a clause saying what a company offers is its line of business: "SoFi Technologies offers lending and
    // financial services and products that ...")
    'product.launch',
    'product',
    'launch',
    // (a space agency's mission launched is no product: "A decade in the making, NASA's Artemis 1 launch is first step back to the moon";
    // nor is an offensive or a crackdown launched: "UK's Sunak launches charm offensive on business leaders")
    /\b((?<!\b(nasa|esa|isro|jaxa|space agency)['\u2019]?s? ([\w-]+ ){0,3})launch\w*(?! (a |an |its |the )?(\w+ ){0,4}(council|committee|board|initiative|campaign|review|probe|investigation|inquiry|audit|offensive|crackdown)s?\b)|unveil\w*(?! (a |an |its |the )?(\w+ ){0,3}(plan|drive|cuts?|overhaul|strategy|program(me)?|budget|review|report|study|survey|findings)s?\b)|introduc\w*|debuts? (new|its|a|an)|rolls? out|rolled out|roll-?out|reveals? (new|its|a|an)|showcases?|demos?|new (models?|products?|phones?|iphones?|chips?|services?|watch|watches|cars?|drugs?|devices?|features?|versions?|lineup)|(?<!\b(offers?|offering|provides?|providing|sells?|selling)\b[^.;]{0,80})products|pre-?orders?)\b/i,
    2,
  ),
  // a test drive of a product is news of that product: "took this as his cue to test-drive one of the carmaker's vehicles"
  r(
    'product.test_drive',
    'product',
    'review',
    /\btest[- ]?(drives?|drove|driven|driving)\b|\broad[- ]test(s|ed|ing)?\b/i,
    2,
  ),
  r(
    // a release of software or a new model: "releases Teams roadmap, beta version", "adds another Surface model"; and a title in
    // quotes released, up to three words after the verb: "Disney will release the long-delayed live-action 'Mulan' on Disney+"
    'product.release',
    'product',
    'launch',
    /\b(releases?|released|adds? (another|a new|new))\b.{0,40}\b(versions?|beta|roadmap|models?|features?|updates?|apps?|devices?)\b|\b(release|releases|released|releasing) ([\w-]+ ){0,3}['\u2018"\u201c]\w/i,
    2,
  ),
  r(
    // a new platform, app or update (up to three words between), an app's release: "Charli AI's new Ancaeus platform",
    // "3 new Ansible automation hub updates", "Youth Sports App Release"
    'product.new_offering',
    'product',
    'launch',
    /\bnew ([\w-]+ ){0,3}(platforms?|apps?|updates)\b|\b(app|software|product) releases?\b/i,
    2,
  ),
  // a new, newest or latest device, model, tool or phone is a product: "Watch some robots assemble and test Samsung's newest
  // foldables", "ChatGPT o1 is the new 'strawberry' model from OpenAI", "We tried Apple's new SOS tool" (not a business or
  // pricing model)
  r(
    'product.new_item',
    'product',
    'launch',
    /\b(new|newest|latest) ([\w'\u2018\u2019-]+ ){0,2}(?<!\b(business|operating|pricing|economic|revenue|subscription|funding|lending) )(models?|devices?|tools?|foldables?|phones?|smartphones?|laptops?|tablets?|headsets?|consoles?|gadgets?|products?)\b/i,
    2,
  ),
  // a product feature tested, enabled or added, a software beta, a product made available somewhere, games released on a
  // service, a product's big upgrade: "Meta ... Tests Apple Vision Pro-Like Feature For Quest Headsets", "Apple Starts Enabling
  // RCS On Latest iOS 18 Beta", "Apple Diagnostics ... Is Now Available In 32 European Countries", "Day-One Release Of All
  // Activision Games On Xbox Game Pass", "Apple Watch X ... To Reportedly Feature Largest Display", "Biggest Upgrade Ever"
  r(
    'product.feature',
    'product',
    'launch',
    /\b(tests?|testing|tested|enabl\w+|adds?|added|brings?)\b[^.;]{0,40}\bfeatures?\b|\bto (reportedly )?feature\b|\b(ios|ipados|macos|watchos|android|windows) \d+(\.\d+)? (public |developer )?beta\b|\b(public|developer) beta\b|\bnow available (in|on|for|to)\b|\brelease of (\w+ ){0,3}(games?|titles?|apps?)\b|\b(biggest|major|significant) upgrade\b|\b(sneak peek|first look) (at|of)\b/i,
    2,
  ),
  // a version of a product tested or piloted, a product's designs or renders leaked, a product feature or tool expanded are that
  // product's news: "Quibi Tests a Free Version in Australia and New Zealand", "Samsung Galaxy Z Fold 6 and Z Flip 6 case designs
  // just leaked", "Google expands fact checking in news searches"
  r(
    'product.version_leak',
    'product',
    'launch',
    /\b(tests?|testing|tested|trials?|trialled|trialling|pilots?|piloted|piloting) (a |an |its )?((free|new|cheaper|paid|premium|ad-supported|lite|beta) )?version\b|\b(designs?|renders?|images?) (\w+ ){0,2}leak(s|ed)?\b|\bleak(s|ed)? (\w+ ){0,2}(designs?|renders?)\b|\bexpands? (its )?(\w+ ){0,2}(checking|features?|tools?)\b/i,
    2,
  ),
  // a product's price revealed or cut, its specifications leaked, products compared, or a product updated or opened up is that
  // product's news: "Galaxy A55 5G price revealed", "Moto G54 receives a price cut", "leak reveals key specifications", "How the
  // two ... phones compare", "to get better ... with future updates", "will make Grok chatbot more accessible"
  r(
    'product.price_specs',
    'product',
    'launch',
    /\b(price (revealed|cut|drop)|(receives?|gets?|sees?) a price (cut|drop)|(key |full )?specifications|(phones|smartphones|laptops|tablets|models) compare|(future|upcoming|software) updates?|more accessible)\b/i,
    3,
  ),
  // a discount on a product is product news: "Take 60% Off Babbel", "Best Deals at Newegg"
  // a seller raising or cutting the prices of its products or services is that product's news: "Apple raises prices of TV and
  // music streaming subscriptions"
  r(
    'product.pricing',
    'product',
    'pricing',
    // (an asset manager's fund fees are the price of its funds: "Vanguard cuts fund fees as competition in Europe heats up")
    // (and a company's headline cutting its prices in a market, its own prices: "Tesla cuts prices in the U.S. and Europe to stoke sales")
    /\b(raises?|raised|raising|hikes?|hiked|hiking|increases?|increased|cuts?|cutting|lowers?|lowered|slash(es|ed)?) (the )?prices? (of|for|on) (its |their )?(\w+ ){0,4}(subscriptions?|plans?|services?|devices?|phones?|products?|models?|cars?|vehicles?|tiers?|memberships?)\b|^[A-Z][\w.&-]* (cuts|slashes|lowers|raises|hikes) (its )?prices (in|across|again)\b|\b(cuts?|cutting|lowers?|lowered|slash(es|ed)?|raises?|raised|hikes?|hiked) (its |their )?(\w+ )?fund fees\b/i,
    3,
  ),
  // a company improving or streamlining its operations, or changing something in its own data centres, plants, stores or mines, is
  // its operations: "Suncor's New Dispatch System Improves Mine Operations", "Meta implements new timing protocol in its data centers"
  r(
    'operations.own_sites',
    'operations',
    'operations',
    /\b(improves?|improved|streamlines?|streamlined|modernizes?|modernises?) (its |their )?(\w+ ){0,2}operations\b|\bin (its|their) (own )?(data cent(er|re)s|factories|plants|stores|warehouses|mines|networks)\b/i,
    2,
  ),
  // a product in short supply is its maker's operations: "AAPL Stock: Apple iPhone 14 Pro Shortages Continue"
  r('operations.shortage', 'operations', 'supply', /\bshortages?\b/i, 2),
  r('product.promotion', 'product', 'promotion', /\b\d+% off\b|\bbest deals\b/i, 2),
  r('product.recall', 'product', 'recall', /\brecall\w*\b/i, 3),
  // a company refocusing its business is restructuring it: "France's Ynsect to refocus bug business after capital increase"
  r('restructuring.refocus', 'restructuring', 'restructuring', /\brefocus(es|ed|ing)?\b/i, 3),
  // a company's business plan revised or its targets raised or improved is its guidance: "Banco BPM to work on revising business
  // plan, improve targets" (an analyst's price targets are not: analyst rules)
  r(
    'guidance.business_plan',
    'guidance',
    'outlook',
    /\b(revis(e|es|ed|ing)|updat(e|es|ed|ing)|new) (its |their |the )?business plan\b|\b(improves?|improved|improving|raises?|raised|lifts?|lifted) (its |their )?((?!price\b)[\w-]+ )?targets\b/i,
    3,
  ),
  // a company closing a count of its sites (warehouses, stores, plants, offices ...), or both or all of them in a place, shrinks:
  // "Amazon plans to close three UK warehouses, impacting 1,200 workers", "Nordstrom to close both Downtown San Francisco stores"
  // (restructuring)
  r(
    'restructuring.closures',
    'restructuring',
    'closures',
    /\b(to close|closes|closing|to shut|shuts|shutting) (down )?(\d+|two|three|four|five|six|seven|eight|nine|ten|dozens of|hundreds of|both|all( of)?( its| their)?)( \w+){0,3} (warehouses|stores|plants|factories|offices|sites|branches|locations|outlets|mills|restaurants|(fulfil?lment|distribution|data) cent(er|re)s)\b/i,
    3,
  ),
  // a company's hiring plans and its staff ordered back to the office are its operations: "Binance plans 15-30% hiring spree",
  // "Starbucks CEO ... tells corporate workers to return to the office 3 days a week"
  r(
    'operations.workforce',
    'operations',
    'workforce',
    /\b(hiring (spree|plans?|push|binge)|plans? to hire|return(s|ing)? to the office|back to the office|return[- ]to[- ]office)\b/i,
    3,
  ),
  // a rocket launch that fails is its operator's operations, no product launch: "Virgin Orbit stock plummets after failure of its
  // first UK rocket launch"
  r(
    'operations.launch_failure',
    'operations',
    'launch_failure',
    /\b(failure of (its |the )?(\w+ ){0,3}(rocket )?launch|(rocket |satellite )?launch (failure|failed|fails)|failed to reach orbit|rocket (launch )?(explodes|exploded|fails|failed))\b/i,
    5,
  ),
  r(
    'restructuring.layoffs',
    'restructuring',
    'layoffs',
    /\b(layoffs?|lay off|lays off|laying off|laid[- ]off|job cuts?|cut (up to |about |around |nearly |some |more than |over )?\d[\d,]* jobs|cuts? jobs|headcount|restructur\w*|slash\w* (jobs|workforce)|workforce (cuts?|reductions?)|voluntary buyouts|severance|debt overhaul|cost[- ]cutting|cost cuts?|cuts? costs)\b/i,
    3,
  ),
  // a company bowing out of or pulling out of a business or a market, or ceasing its services there, leaves it: "Panasonic bows out
  // of smartphones", "Yahoo ceases services in China", "Wells Fargo ... is stepping back from the housing market" (not out of a
  // deal, talks or a bid, which is the deal's news, nor back from a role)
  // a company seeking, asking for or needing its creditors' help or support is restructuring its debts: "Malaysia's AirAsia X seeks
  // creditor help as losses deepen"
  r(
    'restructuring.creditor_help',
    'restructuring',
    'debt',
    /\b(seeks?|seeking|sought|asks? for|asking for|asked for|needs?|needing|wins?|won) (its |their )?creditors?['\u2019]? (help|support|backing|relief)\b/i,
    5,
  ),
  r(
    'restructuring.exit',
    'restructuring',
    'exit',
    /\b(bows? out of|bowing out of|bowed out of|pulls? out of|pulling out of|pulled out of|steps? back from|stepping back from|stepped back from)\b(?! (\w+ ){0,3}(deal|talks|bid|race|contest|merger|takeover|agreement|offer|role|board|post|job)s?\b)|\bceases? (its |all )?(\w+ )?(services|operations|business)\b/i,
    3,
  ),
  // bankruptcies or insolvencies counted in the plural are an economy's, not one company's filing: "Higher Interest Rates and Sluggish
  // Economy Fuel European Bankruptcies"
  r(
    'macro.insolvencies',
    'macro',
    'economic_data',
    // (and business or corporate insolvency named as a whole: "Business insolvency in England and Wales soars in March")
    /\b(bankruptcies|insolvencies|bankruptcy filings|business failures|(business|corporate) (insolvency|bankruptcy))\b/i,
    5,
  ),
  r(
    'bankruptcy.filing',
    'bankruptcy',
    'chapter_11',
    // insolvency administration is entered ("goes into administration"); "the administration" is a government
    // (and a company that could go out of business, a going-concern doubt: "Tupperware stock plunges after warning it could go
    // out of business")
    /\b(bankrupt\w*|chapter 11|(go|goes|going|went|gone) out of business|going[- ]concern|insolven\w*|(into|enters?|entered|entering|in|placed in) administration|administrators? (appointed|called in)|receivership|default(s|ed)? on)\b/i,
    4,
  ),
  r(
    'listing.halt',
    'listing',
    'trading_halt',
    /\b(trading halt|halted|halts? trading|suspend\w* trading)\b/i,
    3,
  ),
  // a company joining or leaving a stock index is a listing event, not a market move: "Amazon To Join Dow Jones Industrial Average",
  // "Cerence to be Added to the S&P MidCap 400", "will replace Adtalem Global Education Inc (NYSE: ATGE) in the S&P MidCap 400"
  r(
    'listing.index',
    'listing',
    'index_change',
    /\b(joins?|to join|joining|added to|removed from|dropped from|replaces? \w+ (\w+ )?in|replace (\S+ ){1,8}?in) (the )?(dow jones industrial average|dow jones|dow|s&p 500|s&p (midcap|smallcap) \d+|nasdaq[- ]100|ftse 100|russell (\d+|microcap))\b/i,
    4,
  ),
  // an index's shake-up, reshuffle or rebalancing changes its members: a listing event ("Dow Shake-Up Explained")
  r(
    'listing.index_reshuffle',
    'listing',
    'index_change',
    /\b(dow jones industrial average|dow jones|dow|s&p 500|nasdaq[- ]100|ftse 100|russell \d+|index)(['\u2019]s)? (shake-?ups?|reshuffles?|reshuffling|rebalanc\w*|overhaul)\b/i,
    4,
  ),
  // a stock split or reverse split (a share consolidation) changes how the listed shares trade: a listing event, not results
  // ("Will Tesla Do Another Stock Split in 2021?", "to Effect Reverse Stock Split")
  r(
    'listing.split',
    'listing',
    'split',
    /\b((reverse )?(stock|share) splits?|reverse splits?|share consolidation)\b/i,
    3,
  ),
  // an index's additions or deletions are listing events: "Additions to the S&P BSE SME IPO Index" (an IPO index is no offering)
  r(
    'listing.index_additions',
    'listing',
    'index_change',
    /\b(additions? to|deletions? from|inclusions? in|exclusions? from|to be added to|to be removed from) (the )?([\w&.-]+ ){0,5}index\b/i,
    4,
  ),
  // a price move in or after an IPO or a debut is the listing (the shares trade): "Aston Martin falls 5% in its London IPO",
  // "soars over 20% in debut", "Soars to $34 Billion After Rocket IPO"; so is opening for trading ("Opens For Trading At $18 IPO
  // Price"); so is an IPO or trading debut named as such ("Warsaw IPO Debut Offers Glimpse of Polish Market Fortunes"); an IPO
  // planned, filed or valued stays a financing
  r(
    'listing.ipo_trade',
    'listing',
    'debut',
    /\b((soar|surge|jump|climb|rise|rose|fall|fell|drop|slump|tumble|plunge|pop|gain)\w*\b[^.;:]{0,30}?\b(in|on) (its |their |a |the )?([\w-]+ ){0,2}(ipo|debut)|after (its |the |a )?([\w'\u2019-]+ ){0,2}ipo(?! (plans?|filings?|talks?|prospectus))|opens? for trading|first day of trading|(ipo|trading|stock[- ]market|nasdaq|nyse|listing) debuts?)\b/i,
    4,
  ),
  // an IPO priced or completed, or shares set to open or priced against the IPO's range, is the listing: "BowX Acquisition prices
  // $420M IPO", "Announces Pricing of Initial Public Offering", "Completes Initial Public Offering, Raising $15 Million",
  // "likely to open below pricing range" (an IPO planned, filed or valued stays a financing)
  r(
    'listing.ipo_priced',
    'listing',
    'debut',
    /\b(prices?|priced) (its |an? |the )?(upsized |downsized |upsized, |initial )?((\$|us\$)[\d.,]+\s?(m|mn|mln|million|b|bn|billion)? )?(ipo|initial public offering)\b|\bpricing of (its |an |the )?(upsized |downsized |proposed )?(ipo|initial public offering)\b|\b(completes?|completed|closes?|closed|closing of) (its |an |the )?(upsized |downsized )?(ipo|initial public offering)\b|\b(opens?|opened|open|priced|prices|trades?|traded) (above|below|within|at the (top|bottom|high end|low end) of) (the |its )?(ipo |expected |marketed )?(pricing |price )?range\b/i,
    4,
  ),
  // an IPO's proceeds netted, banked or locked in are the IPO priced, a listing: "Eikon Therapeutics nets a $381M IPO amid burst of
  // biotech offerings", "Agomab, SpyGlass bank a combined $350M in biotech IPOs" (an IPO planned, filed or pitched stays a financing)
  r(
    'listing.ipo_proceeds',
    'listing',
    'debut',
    /\b(nets?|netted|banks?|banked|locks? in|locked in) (a |an |its |the )?(combined )?(\$|us\$)[\d.,]+\s?(m|mn|mln|million|b|bn|billion)?\b[^.;:]{0,25}?\bipos?\b/i,
    4,
  ),
  // a period ranked by its count of IPOs is listing activity: "Agomab, SpyGlass cap biggest week for biotech IPOs since 2021"
  r(
    'listing.ipo_count',
    'listing',
    'debut',
    /\b(busiest|biggest|best|strongest|slowest|quietest|worst) (\w+ ){0,2}for (\w+ ){0,2}ipos\b/i,
    4,
  ),
  // companies going public on the day are listings, not a financing planned: "7 Companies Go Public Today" ("aims to raise $1
  // billion by going public" stays a financing)
  r('listing.go_public', 'listing', 'debut', /\b(go|goes|went) public (today|on \w+day)\b/i, 4),
  r('listing.delist', 'listing', 'delisting', /\b(delist\w*|nasdaq notice|deficiency notice)\b/i, 3),
  r(
    'listing.debut',
    'listing',
    'debut',
    // (listings on a website, a site or an app are a seller's offers, no stock listing: "according to listings on the company's website")
    /\b((nasdaq|nyse|market|trading|stock[- ]market|exchange|public|ipo|share|shares) debut|debuts? on|lists? on|listings?(?! on (the |its |their |a )?([\w'\u2019]+ ){0,2}(website|site|web ?page|app|platform)s?\b))\b/i,
    2,
  ),
  // an executive transition or succession plan: "Harte Hanks Announces CFO Transition Plan"
  r(
    'management.transition',
    'management',
    'executive_change',
    /\b(ceo|cfo|coo|chief executive|chief financial officer|leadership|executive|management) (transition|succession)\b/i,
    3,
  ),
  // what a portfolio is invested or held in is ownership: "55% of Warren Buffett's $367 Billion Portfolio Is Invested in Just 3
  // Stocks", "57.4% of Berkshire Hathaway's $367.5 Billion Stock Portfolio Is Held in Just 2 Stocks"
  // funds' positioning is ownership: "Health Care Becomes Most Overweighted Sector As Hedge Funds Crowd Into Magnificent 7",
  // "Active Fund Managers Bet These 6 Stocks Will ..."
  r(
    'ownership.positioning',
    'ownership',
    'holdings',
    // (and managers divided on a stock, or a pick made by funds' holdings: "Has Got Mutual & Hedge Fund Managers Divided", "Among
    // the Best Esports Stocks to Buy According to Hedge Funds")
    /\b(hedge funds?|fund managers?|active funds?|mutual funds?)\b.{0,20}\b(crowd(s|ed)? into|pil(e|es|ed) into|bet(s|ting)?|overweight|underweight|divided|split)\b|\bmost (over|under)weighted\b|\baccording to (hedge funds|fund managers|institutional investors|billionaires)\b/i,
    4,
  ),
  // a company's dealings in its own (treasury) shares are capital returned to holders, reported as routine: "Transactions with
  // Treasury Shares", "purchase of own shares" (no lean: a report of dealings, not a buyback announced)
  r(
    'capital_return.treasury',
    'capital_return',
    'treasury_shares',
    /\b(transactions? (with|in) (own|treasury) shares|(purchases?|purchased|acquisitions?|repurchases?) of (own|treasury) shares|treasury shares? (purchase|acquisition|transactions?))\b/i,
    4,
  ),
  r('ownership.portfolio', 'ownership', 'holdings', /\bportfolio (is |are )?(invested|held) in\b/i, 3),
  // an investor loading up on a stock buys a large position in it: "As Tesla Stock Sank On Earnings, Cathie Wood Loaded Up"
  // tracking an investor's portfolio (a quarterly update of its holdings) is ownership news: "Tracking Gardner Russo & Gardner
  // Portfolio - Q2 2020 Update"
  r('ownership.tracking', 'ownership', 'holdings', /\btracking (\S+ ){1,6}(portfolio|holdings)\b/i, 3),
  // an investor's first, latest or biggest investment or stake is a holding taken: "Buffett's first big semiconductor investment is
  // a bet on Apple's future"
  r(
    'ownership.possessive_investment',
    'ownership',
    'holdings',
    /['\u2019]s (first|latest|newest|biggest|largest|new)( big| major)? ([\w-]+ )?(investment|stake)s?\b/i,
    3,
  ),
  r('ownership.loads_up', 'ownership', 'holdings', /\b(loads?|loaded|loading) up\b/i, 3),
  // a stock-picking piece names stocks to buy, sell, watch or avoid, or compares two as a pick: "3 Stocks to Avoid in 2024",
  // "Stocks to Watch Tuesday: ...", "Better Growth Stock in 2024: Amazon vs. Apple" (no market move; typed other)
  r(
    'other.stock_picks',
    'other',
    'stock_picks',
    // (and stocks picked out as "these" opening a sentence: "These 3 Dow Jones Stocks Are Blazing Hot", "These Under-$10 Stocks
    // Are Up 100%+"; not "Time To Buy These Highly-Ranked ... Stocks", a rating)
    // (and a counted list of stocks opening the headline: "2 More Stocks That Warrant Consideration ...", "The 10 Most Shorted Stocks
    // Include 3 Tesla Rivals, But Not TSLA")
    // (and stocks picked out by a count anywhere, or listed as "Top ... Stocks" opening the headline: "Why Investors Need to Take
    // Advantage of These 2 Computer and Technology Stocks Now", "Top Big Data Stocks Tapping the Surging Demand for AI Analytics";
    // and "these ... stocks" said to be poised, likely or set to do something: "these Canadian oil stocks are poised to benefit")
    /\bstocks? to (buy|sell|avoid|watch|own|hold)\b|\bbetter ([\w-]+ ){0,2}stock\b|(?:^|[.?!:]\s+)these (\d+ )?([\w$-]+ ){0,3}stocks\b|\bthese \d+ ([\w$-]+ ){0,3}stocks\b|\bthese ([\w$-]+ ){0,3}stocks (are|could|can|may|might|look|seem|will)\b|^(the )?\d+ ([\w$-]+ ){0,3}stocks\b|^top ([\w$-]+ ){1,3}stocks\b|\bwill be ([\w-]+ ){0,3}winners\b|\b(use|buy|own) ([\w.&'-]+ ){1,4}to gain ([\w-]+ ){0,2}exposure to\b|\bstocks?\b[^.?!:;]{0,30}\bon sale\b|\bspotting ([\w-]+ ){0,2}values\b/i,
    3,
  ),
  // a counted list of moves, tips or mistakes opening a headline is advice to investors, no market move: "6 strategic moves for
  // investors in a volatile market", "3 mistakes to avoid when buying cryptocurrency" (not "7 things to know before the bell")
  r('other.advice', 'other', 'advice', /^\d+ ([\w-]+ ){0,2}(moves|tips|mistakes)\b/i, 3),
  // a company named with its ticker in parentheses compared with a group of stocks is a price note on that company, not a market
  // move: "Has Agilon Health (AGL) Outpaced Other Medical Stocks This Year?", "Are Medical Stocks Lagging Corcept Therapeutics (CORT)
  // This Year?"
  r(
    'other.peer_comparison',
    'other',
    'price_move',
    /\(\s?[A-Z]{1,5}\s?\)[^.?!:]{0,40}\b(outpac\w*|outperform\w*|underperform\w*|lagg\w*|trail\w*)\b[^.?!:]{0,30}\bstocks\b|\bstocks\s+(lagging|trailing|outpacing|outperforming|underperforming)\b[^.?!:]{0,50}\(\s?[A-Z]{1,5}\s?\)/i,
    3,
  ),
  // a rally or upside that analysts see is their price target: "Does MaxLinear (MXL) Have the Potential to Rally 31.25% as Wall
  // Street Analysts Expect?"
  r(
    'analyst.target_upside',
    'analyst',
    'price_target',
    /\b(potential|room|upside) to (rally|rise|gain|climb|surge|jump|soar|run)\b(?:[^.?!]|\.(?=\d)){0,40}\banalysts?\b/i,
    3,
  ),
  // a research firm's style pick names a stock for a kind of investor, or as its bull or bear of the day: "Bull of the Day: Dell
  // (DELL)", "Why Fast-paced Mover Agilon (AGL) Is a Great Choice for Value Investors", "Why Corcept Therapeutics (CORT) is a Top
  // Momentum Stock for the Long-Term"
  // analysts named as betting on, backing or picking stocks are giving their picks: "Top Wall Street analysts are betting on stocks like
  // Tesla and Uber for the third quarter", "Top analysts are betting on stocks like Mastercard and Nvidia right now"
  r(
    'analyst.betting_on',
    'analyst',
    'rating_change',
    /\banalysts?['\u2019]? (are |were )?(betting on|bet on|backing|picking|picks for|favou?ring) (stocks|shares|names)\b/i,
    5,
  ),
  r(
    'analyst.style_pick',
    'analyst',
    'rating_change',
    /^(bull|bear) of the day\b|\b(great|top|strong|solid|smart) (choice|pick|stock)s? for (value|growth|momentum|income|dividend)[- ]investors\b|\btop (value|growth|momentum|income) stocks? for\b/i,
    4,
  ),
  // an officer's sale or purchase of the company's stock worded as a noun, or an officer's selling or buying plan, is an insider
  // trade: "What Does the Sale of Atlassian Stock Worth $1.2 Million by Its Chief Revenue Officer Mean for Investors?", "Corcept's
  // CFO Set His Selling Plan the Month the Stock Fell 50%"
  r(
    'insider.trade_noun',
    'insider',
    'trade',
    /\b(sales?|purchases?) of ([\w.'\u2019-]+ ){0,3}(stock|shares)\b(?:[^.?!]|\.(?=\d)){0,40}\bby (its|the company['\u2019]s|an?) ([\w-]+ ){0,2}(officer|director|ceo|cfo|coo|chair\w*|president|founder|executive)\b|\b(ceo|cfo|coo|director|chair(man|woman)?|founder|officer)\b[^.?!]{0,20}\b(selling|buying|trading|sales?) plan\b/i,
    4,
  ),
  // a person named by first and last name who is selling or buying "this" or "these" stock(s) is an investor's position change:
  // "Cathie Wood Is Selling This High-Flying Stock. Is It a Buy?"
  r(
    'ownership.investor_trade',
    'ownership',
    'holdings',
    /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+ ([Ii]s |[Hh]as [Bb]een |[Jj]ust |[Kk]eeps )?([Ss]elling|[Bb]uying|[Ss]old|[Bb]ought|[Dd]umping|[Dd]umped)\b[^.?!]{0,10}\b([Tt]his|[Tt]hese)\b[^.?!]{0,30}\b[Ss]tocks?\b/u,
    4,
  ),
  r(
    'analyst.rating',
    'analyst',
    'rating_change',
    // (and a rank: "Highly-Ranked Computer Software Stocks", "Strong Buy", "Zacks Rank")
    // (and ratings digests: "Expert Ratings for Genmab", "Analyst Expectations for AVITA Medical's Future"; an upgrade a
    // product gets is no rating change: "Is Apple Pencil Set To Get Its Biggest Upgrade Ever?")
    // (and a bank naming a stock its top pick: "after Morgan Stanley named the EV maker its top U.S. automaker pick")
    /\b((?<!\b(biggest|big|major|minor|significant|first|latest|hardware|software|its|their) )upgrades?d?|downgrades?d?|price targets?|initiates? coverage|(?<!\b(tv|television|overnight|nielsen|audience|viewer|viewership) )ratings?(?! (spike|spikes|boost|boosts|jump|jumps|surge|surges|slump|slumps|drop|drops|record|records|winners?|hit|hits))|strong buy|(highly|top)[- ]ranked|zacks rank|analyst expectations)\b|\b(names?|named|naming) ([\w.'\u2019-]+ ){0,4}(its|their) ["\u201c]?(top|best) ([\w.'\u2019-]+ ){0,2}picks?\b/i,
    2,
  ),
  // a headline that opens on a buy or sell call and closes on the analyst who says it is that analyst's call: "Buy Moderna
  // Stock as the COVID-19 Vaccine Race Heats Up, Says 5-Star Analyst"
  r(
    'analyst.said_call',
    'analyst',
    'rating_change',
    /^(Buy|Sell)\b.{0,120}\b[Ss]ays? (an? |one )?([\w-]+ ){0,2}[Aa]nalysts?\s*$/u,
    4,
  ),
  r(
    // analysts moving their own view: "Analysts dampen outlook for FTSE 100 banks", "analysts raise price targets"
    'analyst.view',
    'analyst',
    'estimate_change',
    // (an analyst who reports or says something is its source: "Analyst Reports Cut In iPhone 16 Orders")
    /\banalysts?\b(?! (reports?|says?|said|notes?|flags?))(?! \w+ (reports?|says?|said)).{0,15}\b(cut|cuts|raise|raises|lift|lifts|lower|lowers|dampen|dampens|trim|trims|boost|boosts)\b/i,
    5,
  ),
  r(
    'macro.central_bank',
    'macro',
    'central_bank',
    /\b(fed|federal reserve|fomc|ecb|boj|rbi|reserve bank|bank of (japan|england|canada)|central bank|rate (hike|cut)s?|interest rates?|monetary policy)\b/i,
    3,
  ),
  // a central bank's governor or deputy governor named, appointed or taking charge is the central bank's news, not a company's
  // management: "Turkish President Erdoğan appoints two deputy central bank governors", "India central bank boss takes charge"
  r(
    'macro.central_bank_governor',
    'macro',
    'central_bank',
    /\bcentral bank (deputy )?(governors?|boss|chiefs?|heads?)\b|\b(deputy )?governors? of the (central bank|reserve bank|bank of \w+|people['\u2019]s bank of china)\b/i,
    5,
  ),
  // a central bank buying government securities is its market operation, no acquisition: "RBI to buy ₹80,000 crore in G-Secs"
  r(
    'macro.bond_purchase',
    'macro',
    'central_bank',
    /\b(to buy|buys?|buying|purchases?|purchasing)\b.{0,30}\b(g-secs?|government securities|government bonds|gilts)\b/i,
    5,
  ),
  r(
    'macro.data',
    'macro',
    'economic_data',
    // (a law named after inflation is no price data: "Policy in the Inflation Reduction Act incentivizes onshoring")
    // (housing markets are the housing market: "souring on one of the country's hottest housing markets"; a company or a stock
    // "recession proof" is its own quality, not the economy: "Apple Isn't Recession Proof"; fuel economy is a vehicle's mileage:
    // "the real frontier in fuel economy is the switch to lighter materials"; an economy named by a trade or niche is that niche's
    // market: "Inside the underground sex economy", "Reaching the Retail Economy"; an economic adviser, aide, team or research is a
    // person or a desk, no data: "Goldman Sachs slants research to help Democrats" over "... top economic adviser ..."; deflation is
    // price data as inflation is: "'Serious energy deflation' is coming")
    /\b(inflation(?! reduction act)|cpi|ppi|gdp|jobs report|payrolls|nonfarm|non-farm|jobless|initial claims|unemployment( claims| rate)?|labor market|labour market|employment report|employment data|jobs (numbers|data|figures|growth)|retail sales|pmi|consumer (prices|confidence|sentiment)|producer prices|wholesale prices|housing starts|home sales|home prices?|(housing|home|mortgage) affordability|housing markets?|(?<!\b(fuel|sex|underground|retail|gig|creator|sharing|crypto|attention|app) )economy|economic(?! (advis[eo]rs?|aides?|team|research)\b)|deflation|disinflation|stagflation|recession(?![- ]proof)|(?<!\b(revenue|sales|earnings|profit|user|subscriber|customer|dividend|eps|ebitda|volume|deposit|loan|membership) )growth(?! (prospects?|stocks?|potential|story|strategy|plans?|investors?|funds?|etfs?|portfolios?|names|opportunit(y|ies)|engines?|drivers?|runway|trajectory|managers?)\b)|trade (deficit|surplus|gap)|to grow at \d+(\.\d+)?(?= ?%)|consumer spending|(black friday|cyber monday|holiday|back-to-school|shoppers?['\u2019]?) spending|state of the consumer|spending by (americans|consumers|households)|(americans|consumers|households) (spend|spent|cut back)|(cookout|meal|dinner|holiday|thanksgiving|food|grocery|groceries|rent|living|household|childcare|tuition) (costs?|prices|bills))\b/i,
    3,
  ),
  r(
    // labour data names the event more than the layoffs it counts: "jobless aid as layoffs mount"
    'macro.labour',
    'macro',
    'economic_data',
    /\b(jobless|initial claims|payrolls|nonfarm|non-farm|unemployment (claims|rate|benefits)|jobs report|hiring|(states|economy|employers|private sector) (lose|lost|shed|sheds|add|adds|added) ([\w,]+ )?jobs)\b/i,
    4,
  ),
  r(
    'macro.trade',
    'macro',
    'trade_policy',
    /\b(tariffs?|nafta|usmca|america first|trade war|trade talks|trade deal|trade pacts?|trade agreements?|trade probe|trade reforms?|sanctions( on| waiver| relief)?|export controls?)\b/i,
    3,
  ),
  // a numbered morning or pre-market roundup is about the market: "Five Things You Need to Know to Start Your Day", "7
  // things to know before the bell"
  r(
    'macro.roundup',
    'macro',
    'markets',
    /\b(\d+|three|four|five|six|seven|eight|nine|ten) things (you need )?to (know|watch)\b/i,
    3,
  ),
  r(
    // a headline telling investors or short sellers it is time to act is about the market, not one company:
    // "It's time for short sellers to make a comeback", "Why it's time for investors to go on the defense"
    'macro.investor_call',
    'macro',
    'markets',
    /\b(it['\u2019]?s )?time for (investors|short[- ]sellers|traders) to\b/i,
    3,
  ),
  // a market newsletter is labelled as one: "Market Today: Shopify Soars on Black Friday Success, Microsoft Under-Owned",
  // "Stock Market Today: ...", "Markets Wrap: ..." (its movers are its items, not the subject's own events)
  r(
    'macro.newsletter',
    'macro',
    'markets',
    // (any label naming the market before the colon, one word on either side at most: "Daily Markets: Once Again, Eyes Are on
    // Retail Earnings ...", "Market Talk: ...", "Stock Market: ...")
    /^(the )?((daily|weekly|morning|evening) )?(stock )?markets?( [\w-]+)?\s*:/i,
    5,
  ),
  // a markets or policy desk's column label before the headline's colon marks a market or policy item, as a market newsletter's
  // does: "Capitol Report: End of Paycheck Protection Program looms ...", "The Tell: How one small group of traders ...", "Morning
  // Bid: Crude shock", "Trading Day: The destructive power of $100 oil", "Bond Report: 10-year Treasury yield ..."
  r(
    'macro.desk_label',
    'macro',
    'markets',
    /^(capitol report|the tell|morning bid|trading day|bond report|market snapshot|(the )?week ahead)\s*:/i,
    5,
  ),
  // a tax changed, raised, cut or avoided, or a government's pandemic or stimulus aid, in an item naming no company, is fiscal
  // policy ("Negotiators Close In on Coronavirus Aid Deadline With No Deal"): "Wealthy French Company Owners Brace for
  // Inheritance Tax Changes", "G20 warned over Africa tax avoidance" (not a "property tax bill" sued over; classify.ts skips it in an
  // item about a company)
  // a debt, financial, banking, currency or euro crisis is an economy's, not a company's borrowing: "Are we heading for another Greek
  // debt crisis?", "Lehman Brothers: When the financial crisis spun out of control"
  r(
    'macro.crisis',
    'macro',
    'economic_crisis',
    /\b(debt|financial|banking|currency|fiscal|credit|euro|eurozone|euro-zone) crisis\b/i,
    3,
  ),
  r(
    'macro.fiscal',
    'macro',
    'fiscal_policy',
    // (and a government's borrowing limit: "U.S. will hit its debt limit Thursday, ... Yellen warns Congress" is no company's debt)
    /\btax (changes?|hikes?|cuts?|rises?|increases?|reforms?|overhauls?|avoidance|plans?)\b|\b(coronavirus|covid|pandemic|stimulus) (aid|relief|package|checks?)\b|\bdebt (limit|ceiling)s?\b/i,
    3,
  ),
  // a currency pair written as two currency codes joined by a slash is the currency market: "EUR/USD trims losses but still sheds
  // weight", "NZD/JPY Ready To Approach Day's Top"
  r(
    'macro.currency_pair',
    'macro',
    'markets',
    /\b(USD|EUR|JPY|GBP|AUD|NZD|CAD|CHF|CNY|CNH|SEK|NOK|DKK|HKD|SGD|INR|KRW|MXN|BRL|ZAR|TRY|RUB|PLN)\/(USD|EUR|JPY|GBP|AUD|NZD|CAD|CHF|CNY|CNH|SEK|NOK|DKK|HKD|SGD|INR|KRW|MXN|BRL|ZAR|TRY|RUB|PLN)\b/,
    3,
  ),
  // crypto as the subject of a question or with a market word is the crypto market, and an asset ranked over a decade or a year is
  // an asset-class view, and a year's or month's best or worst week is a market's: "Halfway Through 2020, Where Has Crypto Taken
  // Us?", "Why this investment could be 'one of the dominant assets' of the decade", "25 New Buys After Year's Best Week"
  r(
    'macro.asset_class',
    'macro',
    'markets',
    /\b(has|is|was|will|did|does|can) crypto\b|\bcrypto (prices?|markets?|winter)\b|\bassets?['\u2019]? of the (decade|year|century)\b|\b(year|month)['\u2019]s (best|worst) (week|day|month)\b/i,
    2,
  ),
  // (a bull or bear market and the market's boom, bust, rout or crash are the market: "Trump isn't killing the bull market", "CEOs
  // are cashing in on the market boom"; the Treasury before secretary, department, pick, nominee or officials is the ministry, not
  // its bonds: "'Lego Batman' producer, then Treasury sec?")
  r(
    'macro.markets',
    'macro',
    'markets',
    /\b(stocks|equities|bonds?|(?<!\b(dividend|earnings|free cash flow|fcf|investing in) )yields?|treasur(y|ies)(?! shares?\b| stock\b| sec(retary|retaries|\.)?\b| department\b| pick\b| nominee\b| officials?\b)|(?<!\w-)(dollar|yen|euro|pound)|sterling|currency|fx|bitcoin|cryptocurrencies|oil(?! (spill|leak)s?\b)|crude|brent|wti|lng|bpd|gold|silver|copper|tin|nickel|zinc|alumin(i)?um|lithium|platinum|palladium|iron ore|commodit(y|ies)|futures|(?<!\bthings on )wall street(?! journal| (bonus(es)?|pay|rituals?|traders|bankers|analysts|firms|banks|jobs)\b)|indices|(stock|market|equity) indexes|emerging markets?|(bull|bear) markets?|(stock |equity )?market (boom|bust|rout|turmoil|meltdown|sell-?off|crash|slump)|(global|worldwide) sell-?offs?|(world|global|financial|stock|equity|credit|capital) markets|stock market (\w+ )?(rall\w*|rises?|falls?|gains?|slides?|drops?|climbs?|sinks?|resumes?|closes?|ends?|higher|lower|mixed|tumbles?|surges?)|markets? (higher|lower|mixed)|stock (rises?|rall(y|ies)|falls?|slides?|gains?|drops?)|(tech|equity|equities|bond|relief) rall(y|ies)|the market (behaves?|behaving|do|does|reacts?|heads?)|market (message|mood)|funds? flows?|outflows?|inflows?|volatility|money markets?|benchmarks?|bourses?|home prices|ftse( \d+)?|dow( jones)?|s&p 500|nasdaq composite|nikkei|dax|hang seng|sensex|nifty|tase)\b/i,
    2,
  ),
  // a stock index or the market as a whole moving, closing or setting a record is a market move, whatever company the headline
  // also names: "The Nasdaq Sinks as Apple Downgrade Weighs on Big Tech", "Stocks kick off 2024, Apple downgraded", "Nasdaq carves
  // out fresh intraday record at 10,940.50"
  r(
    'macro.index_move',
    'macro',
    'markets',
    /^(the )?(nasdaq|dow( jones)?|s&p 500|ftse( 100)?|nikkei|dax|hang seng|sensex|nifty|stocks|wall street)\b,? (\w+ ){0,1}(sinks?|sank|falls?|fell|rises?|rose|gains?|climbs?|drops?|slides?|slumps?|tumbles?|surges?|rall(y|ies|ied)|jumps?|closes?|ends?|kicks? off|starts?|opens?|hits? (a )?record|carves? out (a |fresh |new )*(intraday )?record)\b/i,
    4,
  ),
  // a headline opening with a place's car or vehicle sales (one word before them) reports that market's figures: "China car sales
  // hit reverse for first time since 1990s", "Italian car sales rise as France hits 15-year January low" (a company's car sales
  // are its own: classify.ts drops this rule in an item linked to a company)
  r(
    'macro.car_market',
    'macro',
    'economic_data',
    /^(the )?\p{Lu}[\p{L}.'\u2019-]* (new[- ])?(car|vehicle|auto|light[- ]vehicle) (sales|registrations)\b/u,
    2,
  ),
  // taxes named in a headline about no company are fiscal policy, unless the headline is about someone's own tax case, bill, filing
  // or compliance: "Can Democrats Stop the 'Tax Doom Loop'?", "China's Quest for Cash Leads to Plan for Taxing the Rich" (classify.ts
  // drops this rule in an item linked to a company)
  r(
    'macro.tax_policy',
    'macro',
    'fiscal_policy',
    /\b(tax(es|ing|ation)?)\b(?! (trials?|bills?|compliance|evasion|returns?|refunds?|filings?|fraud|cases?)\b)/i,
    2,
  ),
  // a government plan or programme costed in billions or trillions is fiscal policy: "Watchdogs see Biden's student-loan plan
  // costing $500 billion to $1 trillion"
  r(
    'macro.fiscal_cost',
    'macro',
    'fiscal',
    /\b(plan|program(me)?|bill|package|policy|relief)\b (\w+ ){0,2}(costing|(would |will |to )?cost) (about |up to |as much as |more than |over )?\$[\d.,]+ ?(billion|trillion|bn|tn)\b/i,
    3,
  ),
  // a country running low on weapons or munitions is at war: "Ukraine runs low on weapons ... as U.S aid stalls"
  r('macro.weapons', 'macro', 'geopolitics', /\b(weapons|munitions|artillery shells)\b/i, 2),
  // (an election is geopolitics where a parliament or ballots are named with it, a state's process: "Thai parliament to open amid
  // scrutiny over election ballots"; a campaign, a poll or trading on an election alone is politics: "As Groups Have Shifted, Has It
  // Become a 'Normal' Election?", "Why Trading on the US Election Is a 'Fool's Errand'")
  r(
    'macro.geopolitics',
    'macro',
    'geopolitics',
    /\b((?<!(bidding|price|trade|talent) )war(?! chests?\b)|warfare|warships?|strait of hormuz|hormuz|military|missiles?|shutdown|brexit|sabotage|parliament\b.{0,60}\belections?|elections?\b.{0,60}\b(parliament|ballots?))\b/i,
    2,
  ),
  r(
    'operations.disruption',
    'operations',
    'disruption',
    /\b(outage|glitch(es)?|strike(?! price)|shutdown of|plant closure|fire at|explosion|accident|cyber ?attacks?|cyber ?security incidents?|cyber incidents?|(?<!\baccounts? (got |gets |was |were |been )?)hack(?!er\b)\w*|(was|were|went|is|goes) down (globally|worldwide)|security (flaws?|vulnerabilit(y|ies))|warning for (these |all )?(\w+ ){0,4}users|breach|(data|information|records) (was |were |is |are |has been |have been )?(stolen|breached|leaked|exposed)|suspends? (operations|production)|port suspends?|disruptions?|cancell?ations|cancels? (\w+ )?flights|strand(s|ed)?)\b/i,
    2,
  ),
  // an employer's own hiring plan (aiming, planning or set to hire, a hiring spree) is its staffing, not the labour market's data:
  // "Dick's Sporting Goods Aims To Hire Less Seasonal Help Than Last Year", "Binance plans 15-30% hiring spree in 2023 even as rivals
  // slash jobs" (outweighing the labour-data word "hiring"; hiring counted for a country stays macro: "Hiring slows, but US
  // unemployment falls")
  r(
    'operations.hiring_plan',
    'operations',
    'staffing',
    /\b(aims?|plans?|sets?|looks?|wants?|seeks?|is|are) to hire\b|\bhiring (spree|plans?|push)\b/i,
    5,
  ),
  // a sum invested in a supplier, maker, creator or other firm buys into that firm: "Macquarie invests $190 mln in green aviation
  // fuel supplier SkyNRG", "Microsoft reportedly plans to invest $10 billion in creator of buzzy A.I. tool ChatGPT"
  r(
    'm&a.invests_in_firm',
    'm&a',
    'stake',
    /\binvest(s|ed|ing)? [$\u20ac\u00a3][\d.,]+ ?(million|billion|mln|bn|mn|m|b)? in (a |an |the )?([\w.-]+ ){0,4}(suppliers?|makers?|creators?|start-?ups?|firms?|company|companies|developers?|producers?|operators?|providers?|owners?)\b/i,
    4,
  ),
  // a show, event or season cancelled, or anything cancelled for this year or season, is a business's own operations lost: "MSG
  // Entertainment cancels Radio City's 'Christmas Spectacular' for this year" (not a cancellation, which may be a traveller's)
  r(
    'operations.cancelled_event',
    'operations',
    'disruption',
    /\bcancel(s|ed|led|ing|ling)?\b (\w+['\u2019]s )?(\w+ ){0,3}['\u2018"\u201c]?(\w+ ){0,3}(shows?|spectaculars?|events?|concerts?|festivals?|tours?|conferences?|seasons?|parades?|fairs?|expos?)\b|\bcancel(s|ed|led|ing|ling)?\b.{0,60}\bfor (this|the|next) (year|season)\b/i,
    3,
  ),
  // a platform banning or suspending a count of accounts is its own moderation: "Twitter bans over 5 lakh accounts in India"
  r(
    'operations.moderation',
    'operations',
    'moderation',
    /\b(bans?|banned|suspends?|suspended|removes?|removed|blocks?|blocked) (over |more than |nearly |about )?[\d,.]+( \w+)? accounts\b/i,
    3,
  ),
  r(
    // labour action: striking workers or a union's strike ("Striking Boeing factory workers ...", "Trade Union Extends
    // Support To Striking IF Metall"), a walkout (a strike outweighs the contract it is fought over)
    'operations.labour',
    'operations',
    'disruption',
    /\b(walkouts?|industrial action|striking (\w+ ){0,3}(workers|employees|staff|members|unions?|machinists|dockworkers|pilots|nurses|drivers|teachers|miners)|(trade|labou?r) unions?\b.{0,60}\bstrik\w*|strik\w* (\w+ ){0,2}unions?)\b/i,
    3,
  ),
  r(
    // starting production somewhere: "Google to start manufacturing Pixel smartphones in India"
    'operations.manufacturing',
    'operations',
    'production',
    // (and starting to ship goods: "Aquasport Has Begun Shipping Boats from the White Bluff, Tennessee Factory")
    /\b(start|starts|started|begin|begins|began|begun|starting|beginning) (manufacturing|producing|making|assembling|mass production|production|shipping)\b/i,
    3,
  ),
  r(
    // a miner's or producer's resources: "Disputed Sigma Lithium land has 'probable' reserves, study shows"
    'operations.resources',
    'operations',
    'exploration',
    /\b(probable|proven|proved|mineral|ore)['\u2019"]? (reserves?|resources?)\b|\bresource estimates?\b|\b(pre-?)?feasibility stud(y|ies)\b|\b(drill(ing)?|assay) results\b/i,
    2,
  ),
  // a factory or a plant helped, rescued or restarted is its owner's operations: "Chinese Government Steps In to Help an Apple
  // iPhone Factory"
  r(
    'operations.plant_helped',
    'operations',
    'supply',
    /\b(help|helps|helped|rescue[sd]?|restart(s|ed)?|reopen(s|ed)?|support(s|ed)?) (an? |the |its |their )?(\S+ ){0,3}(factory|plant)\b/i,
    3,
  ),
  r(
    // building a plant or adding jobs: "Toyota to build Lexus in Kentucky, add 750 jobs"
    'operations.expansion',
    'operations',
    'expansion',
    // (and a plant or factory a company plans, whatever its case: "Panasonic plans additional $4B EV Battery Plant in U.S."; an
    // embassy or a consulate opened is diplomacy: "Qatar sees no need to re-open embassy in Syria")
    /\b(to build|builds?|opens?|open) (?!(an |the |its |their )?(embass(y|ies)|consulates?)\b).{0,40}\b(plant|factory|in [A-Z]\w+)|\badds? [\d,]+ jobs\b|\bplans? (\S+ ){0,5}([Pp]lant|[Ff]actory)\b/,
    3,
  ),
  r(
    // a company growing its footprint (a location opened too: "Johnny Rockets Opens First Location in Iraq"): "Expands Operations", "Begins Construction of ... Network", "Debuts as the First
    // Hotel in ...", "Milestone of 425 Stores"
    'operations.growth',
    'operations',
    'expansion',
    // (and a business of its own expanded: "Amazon to expand office supplies business", "Loblaw to spend $1.5 bln to expand
    // business in Canada")
    /\b(expands? (its )?operations|expand(s|ed|ing)? (its |their )?([\w-]+ ){0,2}business(?! (class|jets?|travel|travell?ers))|begins? construction|breaks? ground|(opens?|opening of|debuts? as) (its |a |an |the )?(new |first )?([\w-]+ ){0,2}(hotel|store|office|headquarters|plant|factory|facility|data cent(er|re)|restaurant|branch|location)e?s?|milestone of [\d,]+ (stores|locations|restaurants|hotels|branches))\b/i,
    3,
  ),
  // a company raising its investment in a place, or spending to grow there, expands: "Apple CEO Cook says company will increase
  // investment in China"
  r(
    'operations.investment',
    'operations',
    'expansion',
    /\b(increase|increases|increased|boost|boosts|boosted|raise|raises|raised|step up|steps up|double|doubles|expand|expands) (its |their )?(investments?|spending|capital spending) in\b/i,
    3,
  ),
  // orders cut or raised at suppliers are production news: "Apple stock slips after a big cut for iPhone 16 orders", "Analyst
  // Reports Cut In iPhone 16 Orders"
  r(
    'operations.orders',
    'operations',
    'production',
    /\b(cuts?|cutting|reductions?|slash(es|ed)?|boosts?|increases?|raises?) (for|in|to|of) ([\w-]+ ){0,3}orders\b|\border (cuts?|reductions?)\b/i,
    3,
  ),
  // a company raising its capacity is its operations: "Prenetics joins Hong Kong's fight against the coronavirus by boosting mass
  // testing"
  r(
    'operations.capacity_raised',
    'operations',
    'production',
    // (raised by the one who acts, "by boosting", "boosts its": not a party asked to, "asks Australia to boost LNG output")
    /\b(by (boosting|ramping up|scaling up|expanding)|(boosts|boosted|ramps up|ramped up|scales up|scaled up|expands|expanded) (its|their)) ([\w-]+ ){0,2}(testing|production|output|capacity)\b/i,
    3,
  ),
  // a sum taken in sales, or a company's sales numbers, outside a reporting period are its trading (a period's sales are earnings):
  // "Shopify Merchants Drive Record-High $9.3 Billion in Black Friday-Cyber Monday Sales", "Tesla needed some good news. These
  // sales numbers help"
  r(
    'operations.sales_figures',
    'operations',
    'production',
    /\b(billion|million|bn|mln)\s+in\s+([\w-]+\s+){0,3}sales\b|\bsales (numbers|figures)\b/i,
    2,
  ),
  // a count of goods made, more or fewer than a forecast or a record, is production: "Electric luxury-car maker Lucid produced more
  // vehicles in 2022 than expected"
  r(
    'operations.output_count',
    'operations',
    'production',
    /\b(produced|built|made|manufactured|delivered|shipped) (more|fewer|less|a record|record) (\w+ ){0,2}(vehicles|cars|trucks|units|phones|chips|aircraft|planes|jets|barrels)\b/i,
    2,
  ),
  r(
    'operations.production',
    'operations',
    'production',
    /\b(production|output|capacity|shipments?|deliveries|car sales|vehicle sales|unit sales|market share|top spot)\b/i,
    1,
  ),
  // a piece on a fund named with its ticker is about the fund, no company's event: "Should Vanguard S&P 500 Growth ETF
  // (VOOG) Be on Your Investing Radar?"
  // an options-flow note names trades, not an event: "Mastercard Unusual Options Activity", "10 Information Technology Stocks
  // With Whale Alerts In Today's Session", "This Is What Whales Are Betting On Home Depot"
  r(
    'other.options_flow',
    'other',
    'options_flow',
    /\b(unusual )?options activity\b|\bwhale (alerts?|activity|trades?)\b|\bwhales (are )?(betting|doing|bet)\b/i,
    4,
  ),
  r('other.fund', 'other', 'fund', /\b(etf|fund|trust)s? \([A-Z]{2,5}\)/i, 6),
  // a chart column reads resistance or support levels and trend lines, no event: "Tesla Resistance Levels: Bulls Must Clear
  // Post-Earnings Hurdles!" over "Trend line watchers, pay attention! ..."
  r('other.technical', 'other', 'technical', /\b(resistance|support) levels?\b|\btrend ?lines?\b/i, 4),
  // a market-research advert sizes a market, it is no company's event: "US-Cannabis Market is to grow by USD 46.90 billion
  // ...", "... Market size to grow at a CAGR of 2.43%" (typed other, as an award is)
  r(
    'other.market_research',
    'other',
    'market_research',
    // (and a market report named with its span of years: "Australia Electric Vehicle Charging Stations Market Forecasts 2024-2029")
    /\b(cagr|compound annual growth rate|market size)\b|\bmarket (is )?(projected |expected |estimated |anticipated |poised |set )?to (grow|reach|register|witness|expand|surpass|hit) (by |at |to )?(usd|us\$|\$|a cagr)|\bmarkets? (forecasts?|reports?|outlook|analysis|research|trends|insights|overview|size)?\s*[:,(-]?\s*(19|20)\d\d\s?[-\u2013\u2014/]\s?((19|20)\d\d|\d\d)\b/i,
    4,
  ),
  // an award or a prize won names no event: "Sidus Space ... Win Gold in the 2022 Stevie Awards", "Named Michigan Top
  // Workplace" (typed other, above a commodity word: "Win Gold"; last, so a contract award ties to the contract)
  r(
    'other.award',
    'other',
    'award',
    /\b(wins?|won|winners?|named|receives?|earns?|honou?red)\b[^.;]{0,80}\b(?<!contract )awards?\b|\btop workplaces?\b/i,
    3,
  ),
];

/** 8-K item codes (EDGAR feeds, filing index): the filer's own statement of what happened. */
export const ITEM_RULES: Record<string, { type: EventType; subtype: string; weight: number }> = {
  '1.01': { type: 'contract', subtype: 'material_agreement', weight: 3 },
  '1.02': { type: 'contract', subtype: 'agreement_terminated', weight: 3 },
  '1.03': { type: 'bankruptcy', subtype: 'chapter_11', weight: 6 },
  '1.05': { type: 'operations', subtype: 'cybersecurity_incident', weight: 5 },
  '2.01': { type: 'm&a', subtype: 'completed', weight: 4 },
  '2.02': { type: 'earnings', subtype: 'results', weight: 5 },
  '2.03': { type: 'financing', subtype: 'debt', weight: 2 },
  '2.04': { type: 'financing', subtype: 'acceleration', weight: 4 },
  '2.05': { type: 'restructuring', subtype: 'exit_costs', weight: 4 },
  '2.06': { type: 'earnings', subtype: 'impairment', weight: 4 },
  '3.01': { type: 'listing', subtype: 'delisting_notice', weight: 5 },
  '3.02': { type: 'financing', subtype: 'unregistered_sale', weight: 2 },
  '3.03': { type: 'financing', subtype: 'holder_rights', weight: 2 },
  '4.01': { type: 'regulatory', subtype: 'auditor_change', weight: 3 },
  '4.02': { type: 'earnings', subtype: 'restatement', weight: 5 },
  '5.01': { type: 'm&a', subtype: 'change_in_control', weight: 4 },
  '5.02': { type: 'management', subtype: 'executive_change', weight: 3 },
  '5.03': { type: 'other', subtype: 'bylaws', weight: 1 },
  '5.07': { type: 'other', subtype: 'shareholder_vote', weight: 1 },
  '7.01': { type: 'other', subtype: 'reg_fd', weight: 1 },
  '8.01': { type: 'other', subtype: 'other_events', weight: 1 },
};

/** EDGAR form types that are news in themselves; forms not listed are `other`/`filing`. */
export const FORM_RULES: { re: RegExp; type: EventType; subtype: string; weight: number }[] = [
  { re: /^(4|4\/A|3|5)$/, type: 'insider', subtype: 'form_4', weight: 5 },
  { re: /^(SC 13D|SC 13G|SCHEDULE 13D|SCHEDULE 13G)/, type: 'ownership', subtype: '13d_13g', weight: 5 },
  { re: /^13F-HR/, type: 'ownership', subtype: '13f', weight: 5 },
  { re: /^(10-K|10-Q|20-F|40-F|6-K)/, type: 'earnings', subtype: 'periodic_report', weight: 4 },
  { re: /^(S-1|S-3|S-8|F-1|F-3|424B\d|FWP|SUPPL)/, type: 'financing', subtype: 'registration', weight: 4 },
  // Form D: notice of a securities offering exempt from registration
  { re: /^D(\/A)?$/, type: 'financing', subtype: 'exempt_offering', weight: 4 },
  { re: /^(425|SC TO|SC 14D9|DEFM14A)/, type: 'm&a', subtype: 'deal_communication', weight: 5 },
  { re: /^(DEF 14A|DEFA14A|PRE 14A)/, type: 'other', subtype: 'proxy', weight: 4 },
  { re: /^(CORRESP|UPLOAD|NO ACT)/, type: 'regulatory', subtype: 'sec_correspondence', weight: 4 },
  // an application to the SEC for an exemptive order (Investment Company Act): a regulatory request
  { re: /^40-APP/, type: 'regulatory', subtype: 'exemptive_application', weight: 4 },
  { re: /^(15-12|25-NSE|25)$/, type: 'listing', subtype: 'deregistration', weight: 5 },
];
