import type { EventType } from './event-types.ts';
import { PLACES } from './places.ts';
import { modelDirection } from './text-model.ts';

export type Direction = 'bullish' | 'bearish' | 'neutral';
export type Horizon = 'intraday' | 'days' | 'weeks' | 'months';

/** What a reader says about one item for one company. */
export interface Reading {
  direction: Direction;
  horizon: Horizon;
  /** 0-1. */
  confidence: number;
  /** One line: which words decided the direction. */
  why: string;
  reader: string;
}

export interface ReaderInput {
  title: string;
  summary: string | null;
  event_type: EventType;
  event_subtype: string;
  company: string | null;
  /**
   * Whether the company read for opens the headline (its subject): true, false, or unknown (undefined: a tag or symbol link,
   * or no company). See `opensHeadline`.
   */
  company_opens_headline?: boolean;
}

/**
 * Whether a primary link's company opens the headline: a name link whose words are the headline's first words does, a name link
 * found later in it or a feed's own company (evidence `feed: ...`) does not; a tag, cashtag, CIK or symbol link says nothing of
 * where the company stands (undefined).
 */
export function opensHeadline(
  title: string,
  link: { basis: string; evidence: string } | undefined,
): boolean | undefined {
  if (link?.basis !== 'name') return undefined;
  if (link.evidence.startsWith('feed: ')) return false;
  const norm = (x: string) =>
    x
      .toLowerCase()
      .replace(/[\u2019']/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
  return norm(title).startsWith(norm(link.evidence));
}

// a headline where a capitalized buyer selects, chooses, taps, calls on, uses or turns to a capitalized vendor, or does something
// of its own "with" a capitalized name closing the headline (the shapes of contract.vendor_choice, vendor_tapped and vendor_with)
const VENDOR_CHOSEN =
  /^\p{Lu}[^:]*?\s(?:[Ss]elects?|[Cc]hooses?|[Cc]hose|[Tt]aps|[Tt]apped|[Cc]alls [Oo]n|[Cc]alled [Oo]n|[Uu]ses|[Tt]urns [Tt]o)\s+\p{Lu}|^\p{Lu}[^.;:!?]*\s[Ww]ith\s+\p{Lu}[\p{L}\d&.'\u2019-]*(?:\s+\p{Lu}[\p{L}\d&.'\u2019-]*){0,3}\s*$/u;

/** A reader of items that scored 40 or more. The default is local and deterministic; a model endpoint can stand in. */
export interface NewsReader {
  readonly name: string;
  read(input: ReaderInput): Promise<Reading>;
}

// (a success, a promising result, overtaking or surpassing a rival, a measure improved and a close at or a fresh record are
// up: "Reports Successful Treatment", "shows promising results", "T-Mobile Overtakes AT&T", "saw margin improvement in Q2",
// "Gold ends at record", "Nasdaq carves out fresh intraday record"; not a "home improvement" retailer; and parties reaching a deal,
// not setting out to: "US, China reach deal in dispute over Chinese company audits", not "agree to try to reach coronavirus-aid deal";
// targets improved are up, "revising business plan, improve targets"; a capital increase is a share issue, no rise)
const UP =
  /\b(beats?|tops?|topped|surpass(es|ed)?|exceeds?|exceeded|raises?|raised|rises?|rose|(?<=\b(is|are|was|were) )rising|(loads?|loaded|loading) up|(?<=\b(poised|set|positioned) to )benefit|jumps?|jumped|soars?|soared|soaring|surges?|surged|surging|gains?|gained|climbed|climbing|rocketing|buoyant|cheers?|cheered|record (profit|sales|revenue|high)|approv\w+|cleared|clearance|wins?|(?<!\b(the|korean|korea['\u2019]s) )won|upgrades?d?|rules? in favou?r|boosts?|boosted|(?<=\b(is|are|was|were|by) )boosting|optimistic|bullish|(?<!\bcapital )increase[sd]?|rebounds?|rall(y|ies|ied)|(?<=\b(stocks?|shares|dow|nasdaq|futures) )pop(s|ped)?|roar(s|ed)? back|calm(s|ed)? (\w+ )?(fears|worries|concerns|nerves)|skyrocket(s|ed|ing)?|smash(es|ed)?|progress|optimism|hopes|buyback|dividend increase|beat|reclaims?|lifts?|strong(er)?|better|upbeat|higher|climbs?|outperform\w*|accelerat\w*|quickens?|quickened|widen(s|ed|ing)?|boom(s|ing)?|adds? [\d,]+ jobs|resilien(t|ce)|improved|improves? (its |their )?([\w-]+ )?targets|(?<!(disaster|data|cost|debt|loan|asset|heat|energy|key) )recover(y|ies|s|ed|ing)?(?!\.\w| (funds?|plans?|packages?|programmes?|programs?|bonds?)\b)|(can|could|will|to|set to|may) double|(?<!\bto )reach(es|ed)? (a |an )?(\w+ )?deal|successful(ly)?|overcomes|overcame|promising|surpassing|overtak(es|en|ing)|overtook|(margins?|profit|profitability|earnings|sales|revenue|cash flow) improvements?|(ends?|ended|closes?|closed|finish(es|ed)?) at (a )?record|(fresh|new) (intraday |all-time )?records?|strongest|highest (level )?since|up (approximately |about |nearly |roughly |over |more than |by )?\$?\d[\d.,]*)\b/gi;
// (a trouble or a shortage is down like a problem: "Tesla is having trouble wooing new EV shoppers", "Apple iPhone 14 Pro Shortages
// Continue"; so is a thing derailed or curbed: "Covid-19 Derails Latin America's Bid", "law curbing surprise credit card fees")
// (a lackluster result is down like a weak one outside a question: "Tesla cuts prices ... to stoke sales after lackluster year-end
// deliveries", not "Tesla ETFs: Time to Buy or Hold Post Lackluster Q2 Earnings?")
const DOWN =
  /\b(miss(es|ed)?|cuts?|falls?|fell|drops?|dropped|(?<=\b(is|are|was|were) )dropping|plunges?|plunged|plummets?|plummeted|slumps?|slumped|tumbles?|tumbled|sinks?|sank|sinking|plunging|tumbling|tank(ed|ing)|slid|losses|loss|declines?|declined|decreased?|reduc(e|es|ed)|warns?|red flags?(?!\?)|downgrades?d?|layoffs?|lay off|laid[- ]off|halt(ed|s)?|recall(s|ing)?|shrink(s|ing)?|shrank|shrunk|weigh(s|ed|ing)? on|probe|probing|lawsuit|sued|fined?|fines|fining|penalty|bankrupt\w*|default\w*|resigns?|ousted|delist\w*|rejects?|weak\w*|lacklust(er|re)(?![^?]*\?\s*$)|pessimistic|bearish|slips?|slides?(?! decks?\b)|outflows?|exits|shock|risks|negative|falling|fears?|destructive|disruptions?|correction|retaliates|slams|dips?|shortfall|slows?|buckles?|trimmed|trims?|charged|indicted|fraud|accused|suspends?|threatens?|attacks?|worse|short of|falls? short|lower|eases?|escalat\w*|slash\w*|demolish\w*|crash(es|ed|ing)?|hits?|crisis|rout|sell-?offs?|turmoil|under fire|underperform\w*|cools?|cooled|cooling|slowed|slowing|narrow(s|ed|ing)?|breach(es|ed)?|slam(s|med)?|dampen(s|ed)?|(?<=(month|year|week|day|record|time)( closing| intraday)? )lows?|(new|fresh) lows?(?!-)|(?<=\$[\d.,]+ )lows?|lowest (level )?since|sabotage|punish(es|ed)?|troubled|setbacks?|severed|problems?|troubles?|shortages?|jolt(s|ed)?|slowdowns?|derail(s|ed|ing)?|curb(s|ed|ing)?|mess|lied|snubs?|write-?offs?|write-?downs?|impairments?|blast(s|ed)?|crackdown|crack(s|ing)? down|woes?|under threat|strand(s|ed)?|jeopardi[sz]\w*|down (approximately |about |nearly |roughly |over |more than |by )?\$?\d[\d.,]*)\b/gi;

/** A company entering or expanding in a country (or a state, a province) by name: "enters India", "entering the United Kingdom",
 * "helping Bumble expand in India", "Bumble to expand to India". */
export const ENTERS_PLACE = new RegExp(
  `\\b(enters?|entered|entering|expand(s|ed|ing)? (in|into|to)) (the )?(${[...PLACES]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.]/g, '\\.'))
    .join('|')})(?![\\w.])`,
  'gi',
);

/** Phrases read before single words: a negation or a comparison turns the word it governs around. */
const PHRASES: { re: RegExp; dir: 1 | 0 | -1 }[] = [
  // a central bank's rate hike is down for the market ("Another big rate hike is coming"), one that can wait is put off, up
  // ("Fed policymakers leave little doubt: Rate hikes can wait")
  { re: /\brate hikes? (can|could|may|might|will) wait\b/gi, dir: 1 },
  { re: /\b(rate|fed) hikes?\b/gi, dir: -1 },
  // a company closing both, all or a count of its sites is shrinking: down ("Nordstrom to close both Downtown San Francisco stores")
  {
    re: /\b(to close|closes|closing|to shut|shuts|shutting) (down )?(\d+|two|three|four|five|six|seven|eight|nine|ten|dozens of|hundreds of|both|all( of)?( its| their)?)( \w+){0,3} (warehouses|stores|plants|factories|offices|sites|branches|locations|outlets|mills|restaurants)\b/gi,
    dir: -1,
  },
  // a company a short seller targets or accuses is down: "Carl Icahn targeted by short seller Hindenburg for 'Ponzi-like' structure"
  { re: /\b(targeted|attacked|accused) by (a |an |the )?(\w+ )?short[- ]sellers?\b/gi, dir: -1 },
  // workers going on strike, voting or preparing to, is a labour action against the employer: down ("American Airlines Pilots
  // Are Preparing to Strike", "A successful strike vote"); not striking a deal
  {
    re: /\b(prepar\w+|vot\w+|threat\w*|plan\w*|ready|poised|set) to strike\b(?! (a|an|the|deals?|agreements?|pacts?|back)\b)|\bstrike (votes?|authori[sz]ations?|notices?)\b|\b(go|goes|went|going|are|is|were|was|remain|remains) on strike\b/gi,
    dir: -1,
  },
  // a central bank's rate cut expected or bet on is a forecast of policy, no cut made: "Mortgage rates reach new low for 2024 before
  // expected Fed cut", "Bets on a big Fed rate cut won't die"
  {
    re: /\b(expected|anticipated|likely|possible|bets? on (a |an )?(\w+ )?) ?(fed rate |fed |rate )cuts?\b/gi,
    dir: 0,
  },
  // a movement that would, could or might have happened did not: "rejecting a proposed contract that would have raised their wages"
  { re: /\b(would|could|might) have (been )?\w+\b/gi, dir: 0 },
  // a storm upgraded or downgraded to a category is its strength, no rating's move: "Hurricane Laura, which earlier this morning was
  // upgraded to a Category 4 hurricane"
  { re: /\b(upgraded|downgraded) to (a )?category \d\b/gi, dir: 0 },
  // a better deal, contract or pay held out for is a demand, no rise: "Striking Boeing factory workers say they are ready to hold
  // out for a better contract"
  { re: /\bfor (a |an )?better (contract|deal|offer|pay|wages?|terms)\b/gi, dir: 0 },
  // "top" before a rank or a role is an adjective, no rise: "Top Berkshire Hathaway Exec makes major stock decision", "the
  // Top-Performing Stock of the Last 20 Years"
  {
    re: /\btop-(performing|rated|ranked|selling)\b|\btop (\p{Lu}[\p{L}&.-]* ){0,3}(execs?|executives?|officials?|bankers?|aides?|lawyers?|advis[eo]rs?|brass|staff)\b/giu,
    dir: 0,
  },
  // gaining access to something is no gain in value: "Microsoft agrees to buy Nokia's mobile phone business and gains access to its
  // patents"
  { re: /\bgain(s|ed|ing)? access\b/gi, dir: 0 },
  // a win in a "whether ... or ... wins" clause is a condition, no gain: "'Serious energy deflation' is coming whether Trump or Harris
  // wins, says analyst"
  { re: /\bwhether [^,.;:]{1,40} or [^,.;:]{1,40} wins?\b/gi, dir: 0 },
  // emerging from bankruptcy, administration or receivership ends it: up ("New Kodak emerges from bankruptcy")
  {
    re: /\bemerg(e|es|ed|ing) from (\w+ )?(bankruptcy|chapter 11|administration|receivership|insolvency)( protection)?\b/gi,
    dir: 1,
  },
  // an executive poached or lured away by another company is lost to it: down ("Google exec poached by Chinese rival")
  { re: /\b(poached|lured( away)?) by\b/gi, dir: -1 },
  // being prosecuted is a criminal charge: down, as "charged" and "indicted" are ("Olympus to be prosecuted by SFO")
  { re: /\bprosecuted\b/gi, dir: -1 },
  // growth, activity, confidence, output or orders at a high of many months or years are up: "UK services growth at six-year high"
  {
    re: /\b(growth|activity|confidence|sentiment|output|orders) (is |are |was |were )?(at|hits?|reach(es|ed)?) (a |an )?(\w+[- ](year|month|decade)|multi-year|record) highs?\b/gi,
    dir: 1,
  },
  // an economy's soft landing is up, a hard landing down: "US economy is heading for soft landing, FT survey says"
  { re: /\bsoft landing\b/gi, dir: 1 },
  { re: /\bhard landing\b/gi, dir: -1 },
  // a stock bucking a market's fall is up: "Apple stock bucks Big Tech downdraft for the year"
  {
    re: /\bbuck(s|ed|ing)? (the |a )?([\w-]+ ){0,3}(downdraft|downturn|sell-?off|slump|decline|rout|slide)\b/gi,
    dir: 1,
  },
  // a tough year or time ahead is down: "Apple Isn't Recession Proof. The Stock Could Have a Tough 2023."
  { re: /\b(a |an )?(tough|rough) (year|time|quarter|month|stretch|ride|(19|20)\d\d)\b/gi, dir: -1 },
  // a country running low on arms or funds is down: "Ukraine runs low on weapons ... as U.S aid stalls"
  { re: /\b(runs?|running|ran) (low|short) (on|of)\b/gi, dir: -1 },
  // a candidate's win is an election's outcome, no market move: "Risks of U.S.-China tensions or a Biden win are not yet
  // priced in for oil"
  { re: /\ba (\p{Lu}[\p{L}-]+ )(election )?(win|victory|landslide)\b/gu, dir: 0 },
  // a view held too high is an overstatement, down: "TSMC forward guidance is a bit too optimistic"
  { re: /\b(too|overly|excessively) (optimistic|bullish|rosy|upbeat|aggressive|ambitious)\b/gi, dir: -1 },
  // a fall something is kept, prevented or stopped from is averted, no move: "demos intended to keep it from devolving into a
  // toxic nightmare"
  {
    re: /\b(keep|keeps|keeping|kept|prevent|prevents|preventing|prevented|stop|stops|stopping|stopped) (\S+ ){1,3}from (devolv|descend|spiral|turn|becom|slid|fall|collaps)\w*( into)?\b/gi,
    dir: 0,
  },
  // workers fired are a company's firings, down: "More than 85 Starbucks workers have been fired for unionization efforts"
  {
    re: /\b(workers|employees|staff|staffers|organizers|baristas|drivers) (have been |had been |were |are being |being )?(fired|sacked|dismissed)\b/gi,
    dir: -1,
  },
  // a bid or deal no longer expected is a deal off, down: "Amazon not expected to bid for Electronic Arts"
  {
    re: /\b(not|no longer) (expected|likely) to (bid|buy|acquire|merge|make an? (offer|bid))\b/gi,
    dir: -1,
  },
  // sliding into a worse state is down: "U.S.-China relations are 'devolving' into a 'big abyss'"
  { re: /\b(devolv|descend|spiral)\w*['’"]? into\b/gi, dir: -1 },
  // facing a cost is down: "Australia faces AU$56 billion fiscal impact from virus policy decisions"
  {
    re: /\bfac(e|es|ed|ing) (an? |the )?(\S+ ){0,4}(impact|hit|losses|costs?|charges?|headwinds|shortfall|deficit|penalt(y|ies)|fines?)\b/gi,
    dir: -1,
  },
  // a risk ranked is a risk, and the rank no rise: "Geopolitical tension ... is a top risk for businesses"
  { re: /\b(a|the) (top|major|key|big|biggest|greatest|serious|growing) risks?\b/gi, dir: -1 },
  // an economy or a figure set to contract shrinks: "Global GDP growth to contract 3.8% this year" (a contract signed is no move)
  {
    re: /\b(to|will|may|could|would|might) contract\b|\bcontract(s|ed)? (by )?\d|\bcontractions?\b/gi,
    dir: -1,
  },
  // a company entering a country's market expands: "Rapyd enters India to provide one-stop local payment solutions"
  { re: ENTERS_PLACE, dir: 1 },
  // making life easier is up ("spending bill will make life easier for the FDA"; "to make it easier for people to ..." is a
  // purpose, no move); so is a period that is the busiest or best for
  // deals or listings since a year ("cap biggest week for biotech IPOs since 2021")
  {
    re: /\b(will |would |to )?makes? life easier\b|\b(busiest|best|biggest) (week|month|quarter|year) for (\w+ ){0,2}(ipos|deals|listings|offerings|sales)\b/gi,
    dir: 1,
  },
  // doses, dosing or a study paused is a setback, down: "UniQure pauses higher doses in Fabry study"
  {
    re: /\b(paus|halt)(e|es|ed|ing|s)? (\w+ ){0,3}(doses?|dosing|enrol+ment|stud(y|ies)|trials?)\b/gi,
    dir: -1,
  },
  // weight loss names a kind of drug, no loss: "Hims goes after Novo's weight loss pill"; a higher dose is a dose, no rise
  { re: /\bweight[- ]loss\b|\b(higher|lower) doses?\b/gi, dir: 0 },
  // a drug cutting the risk or the count of a disease's events works, up: "asundexian reduced ischemic strokes by 26%", "cut the
  // risk of an additional stroke by 26%"
  {
    re: /\b(reduc(e|es|ed|ing)|cut|cuts|lower(s|ed)?|halv(e|es|ed))\b (the )?(risk|occurrence|incidence|rate|odds) of\b|\breduc(e|es|ed|ing) (\w+ ){0,2}(strokes?|deaths?|mortality|relapses?|seizures?|heart attacks?|hospitali[sz]ations?)\b/gi,
    dir: 1,
  },
  // taking aim at a party and sputtering are down for it: "FDA chief Makary takes aim at Hims' ...", "Novo, Lilly sputter as ..."
  { re: /\b(takes?|took|taking) aim at\b|\bsputter(s|ed|ing)?\b/gi, dir: -1 },
  // excitement drawn, data touted, a trial succeeded in, a programme revived and growth on track are up: "Bristol Myers draws
  // pipeline excitement", "Priovant touts Phase 2 brepocitinib data", "voucher program revived", "on track for continued growth"
  {
    re: /\b(draws?|drew|sparks?|stirs?) (\w+ ){0,2}excitement\b|\btouts? (\w+ ){0,4}(data|results)\b|\bsucceeded in (a|an|its|the) (\w+ ){0,3}(trial|study)\b|\brevived\b|\bon track for (continued |further )?(growth|gains)\b/gi,
    dir: 1,
  },
  // an award or a prize won is no market move: "Sidus Space ... Win Gold in the 2022 Stevie® Awards"
  {
    re: /\b(wins?|won|winners? of|named (a |the )?winners?( of| for)?|receives?|earns?)\b ([\w®™’'“”"&.-]+ ){0,8}?(awards?|prizes?|honou?rs?|medals?)\b/gi,
    dir: 0,
  },
  // holding back or weighing on a good quantity is down: "Stagnant Scientific Productivity Holding Back Growth"
  {
    re: /\b(hold(s|ing)? back|held back|weigh(s|ing)? on|drag(s|ging|ged)? (on|down))\b (the |its )?([\w'’-]+ ){0,4}?(growth|economy|recovery|profits?|earnings|sales|shares|stocks?|results)\b/gi,
    dir: -1,
  },
  // growing a company's footprint, or reaching a company milestone, is up: "Expands Operations", "Achieves Company Milestone"
  // (a business expanded may be named first: "to expand office supplies business")
  {
    re: /\b(expands?|expanded|grows?|grew) (its |their )?(operations|footprint|presence|business)\b|\bexpand(s|ed|ing)? (its |their )?([\w-]+ ){1,2}business\b(?! (class|jets?|travel))|\bachieves? (\w+ ){0,2}milestones?\b/gi,
    dir: 1,
  },
  // winning or signing a contract or an order is up for the company that wins it (an executive or a court order signed is a
  // government's act: "Trump Signs Executive Orders on TikTok")
  {
    re: /\b(awarded|wins?|won|secures?|secured|signs?|signed|lands?|landed) (a |an |the |its )?([\w+&-]+ ){0,4}(?<!\b(executive|court|restraining|gag) )(contracts?|orders?)\b/gi,
    dir: 1,
  },
  // reducing a risk, waste or errors is up, not a fall: "Selects HUB to Reduce Operational Risk" (costs cut are the
  // restructuring they pay for, read as before)
  {
    re: /\b(reduc(e|es|ed|ing)|eliminat\w+|minimi[sz]\w+|mitigat\w+) (\w+ ){0,2}(risks?|emissions|waste|errors|downtime|complexity|fraud)\b/gi,
    dir: 1,
  },
  // declining to comment is no decline: "Microsoft declined to comment"
  { re: /\b(declin(e|es|ed|ing)|refus(e|es|ed|ing)) (to )?comment\b/gi, dir: 0 },
  // a buy or sell call an analyst is said to make leans as the call: "Buy Moderna Stock as ..., Says 5-Star Analyst"
  { re: /^Buy\b(?=.{0,120}\b[Ss]ays? (an? |one )?([\w-]+ ){0,2}[Aa]nalysts?\s*$)/g, dir: 1 },
  { re: /^Sell\b(?=.{0,120}\b[Ss]ays? (an? |one )?([\w-]+ ){0,2}[Aa]nalysts?\s*$)/g, dir: -1 },
  // securing a future is up: "Electric van production to secure future of Vauxhall's Luton plant"
  { re: /\bsecur(e|es|ed|ing) (the |its |their )?(long-term )?future\b/gi, dir: 1 },
  {
    re: /\b(fails?|failed|failing) to (beat|top|meet|win|gain|rise|lift|boost|impress|reach|recover|rebound)\b/gi,
    dir: -1,
  },
  // the comparison governs the movement it follows: "claims rise less than expected", "profit falls less than feared", "China's
  // exports slump less than expected in December"
  {
    re: /\b((rises?|rose|falls?|fell|drops?|dropped|declines?|declined|grows?|grew|increases?|increased|slump(s|ed)?|shrinks?|shrank|contract(s|ed)?|dips?|dipped|slides?|slid|decreases?|decreased)\s+)?(less|smaller|milder|narrower) than (feared|expected|forecast|estimated)\b/gi,
    dir: 1,
  },
  { re: /\b(better|stronger|higher)[- ]than[- ](expected|feared|forecast|estimated)\b/gi, dir: 1 },
  // a call, a conference or a company that highlights growth or expanding demand, or rides a momentum, states its business growing:
  // "MXL Q2 Earnings Call Highlights Optical AI Data Center Growth", "Atlassian Conference Highlights AI-Led Cloud Growth, Expanding
  // Enterprise Demand", "MaxLinear Rides on AI Infrastructure Momentum"
  {
    re: /\bhighlights? ([\w-]+ ){0,5}(growth|expansion)\b|\brides? (on )?([\w-]+ ){0,3}(momentum|boom|wave|tailwinds?)\b/gi,
    dir: 1,
  },
  { re: /\b(worse|weaker|lower)[- ]than[- ](expected|forecast|estimated)\b/gi, dir: -1 },
  { re: /\b(above|beats?|tops?|topped|exceed\w*) (estimates|expectations|forecasts?|consensus)\b/gi, dir: 1 },
  { re: /\b(below|misses?|missed|short of) (estimates|expectations|forecasts?|consensus)\b/gi, dir: -1 },
  { re: /\b(not|no|never|without) (\w+ )?(beat|gain|growth|rise|profit|approval|deal)\b/gi, dir: -1 },
  {
    re: /\b(no|not|never|without) (\w+ )?(loss|losses|cut|cuts|layoffs|default|charges|recall|halt)\b/gi,
    dir: 1,
  },
  {
    re: /\b(end\w*|terminat\w+|lift\w*|drops?|dropped|dismiss\w*) (of )?(the |an |its )?(\w+ )?(enforcement action|probe|investigation|charges|ban|sanctions|lawsuit)\b/gi,
    dir: 1,
  },
  // (and a probe or investigation that concluded, closed or ended without a fine, penalty or charges: "Neogen Says Iran Sanctions
  // Probe Concluded Without Fine")
  {
    re: /\b(probe|investigation|inquiry|review)s? (was |were |has been |have been )?(concluded|closed|ended|wrapped up|completed) without (a |any )?(fines?|penalt(y|ies)|charges|enforcement action|action)\b/gi,
    dir: 1,
  },
  // returning to profit (a year's, a quarter's) is up: "Origin Energy Returns to Annual Profit"
  {
    re: /\b(returns?|returned|returning) to (an? )?(annual |quarterly |full-year |first-half |half-year |net |operating )?(profit|profitability|black)\b/gi,
    dir: 1,
  },
  // a central bank raising (hiking) rates tightens money: down ("BOE Could Raise Interest Rates 50 Basis Points in September"); hikes
  // that can wait are none ("Rate hikes can wait"), and a gerund is a topic, not a hike ("Cautious about Raising Rates Too High",
  // "Expect Fed to resume raising rates")
  {
    re: /\b(rate hikes?|rate increases?|tightening) (can|could|will|may) wait\b/gi,
    dir: 1,
  },
  {
    re: /\b(?<!\b(about|against|of|from|over|on|without) )(raises?|raised|hikes?|hiked) (its |their |the )?(key |benchmark |policy |official )?(interest )?rates?\b(?! (cut|cuts)\b)/gi,
    dir: -1,
  },
  // easing a constraint is the opposite of easing a price: "easing rules for dual-class listings"
  {
    re: /\beas(e|es|ed|ing) (the |its |\w+ )?(rules?|restrictions?|curbs?|limits?|requirements?|controls?)\b/gi,
    dir: 1,
  },
  // a settlement closes the dispute it names, and a party dropping its own suit ends it; neither moves either way
  { re: /\bsettles?\b.{0,40}\b(lawsuits?|suits?|charges|probe|case|claims|dispute)\b/gi, dir: 0 },
  // (and a party dropping its own legal fight, case or appeal: "HHS drops legal fight over blocked 340B rebate pilot")
  {
    re: /\b(drops?|dropped|withdraw\w*) (the |its |a )?(\w+ ){0,2}(lawsuits?|suits?|(legal |court )?(fight|case|appeal|battle))\b/gi,
    dir: 0,
  },
  // a partnership divorced, ended or terminated is down for the partner that loses it: "Amgen, Kyowa's OX40 divorce"
  {
    re: /\bdivorce\b|\b(ends?|ended|ending|terminat(e|es|ed|ing)|exits?|exited) (its |a |the |their )?(\w+ ){0,2}(partnership|collaboration|alliance|licen[cs]ing (deal|agreement|pact))\b/gi,
    dir: -1,
  },
  // a winning (losing) week, streak or run is up (down): "Dollar heads for winning week"
  { re: /\bwinning (week|streak|run|session|day|month|quarter|year)\b/gi, dir: 1 },
  {
    re: /\b(?<!(breaks?|broke|snaps?|snapped|ends?|ended|halts?|halted) (a |an |its |their )?([\w-]+ )?)losing (week|streak|run|session|day|month|quarter|year)\b/gi,
    dir: -1,
  },
  // ending a decline is up: "Stocks break 4-day slide", "snaps losing streak"
  {
    re: /\b(breaks?|broke|snaps?|snapped|ends?|ended|halts?|halted) (a |an |its |their )?([\w-]+ )?(slide|losing streak|decline|selloff|sell-off|slump|skid|rout)\b/gi,
    dir: 1,
  },
  // losing or giving up gains is down: "Stocks lose grip on early gains"; losing jobs is down
  {
    re: /\b(los(e|es|t|ing)|gives? up|gave up|erase[sd]?|erasing|pares?|pared) (\w+ ){0,3}(gains|rally|advance)\b|\b(los(e|es|t|ing)|shed(s|ding)?) (\w+ )?jobs\b/gi,
    dir: -1,
  },
  // closing below a level is down, above it up: "Dow closes below 10,000"
  {
    re: /\b(closes?|closed|ends?|ended|finish(es|ed)?|opens?|opened|open|falls?|fell|drops?|dropped|slips?|sinks?|dips?) below\b/gi,
    dir: -1,
  },
  {
    re: /\b(closes?|closed|ends?|ended|finish(es|ed)?|opens?|opened|open|rises?|rose|climbs?) above\b/gi,
    dir: 1,
  },
  // advice to stay or go long leans up, to stay or go short down: "Trim Positions, But Stay Long"
  { re: /\b(stay|stays|remain|remains|go|goes|get) (long|bullish|overweight)\b/gi, dir: 1 },
  { re: /\b(stay|stays|remain|remains|go|goes|get) (short|bearish|underweight)\b/gi, dir: -1 },
  // an allocation call leans as it weighs: "'Strategic overweight' on credit" (up), "underweight equities" (down)
  { re: /\boverweight\b/gi, dir: 1 },
  { re: /\bunderweight\b/gi, dir: -1 },
  // a return to profit (or to growth) is up: "Lower COVID-19 Provisions And A Return To Profits"
  {
    re: /\b(returns?|returned|returning|swings?|swung|back) to (a )?(net )?(profits?|profitability|the black|growth)\b/gi,
    dir: 1,
  },
  // not being off the hook is down: "settles ... but isn't off the hook"
  { re: /\b(is ?n[o']?t|not|still not|are ?n[o']?t) off the hook\b/gi, dir: -1 },
  // a hoped-for gain still far off is down: "hiring gains seem far off"
  {
    re: /\b(gains?|recovery|growth|rebound|hiring)\b[^,.;]{0,20}\b(far off|elusive|out of reach|distant)\b/gi,
    dir: -1,
  },
  // scrutiny stepped up is down for those scrutinised: "Regulators Ramp Up Antitrust Scrutiny"
  {
    re: /\b(ramps?|ramped|steps?|stepped|ratchets?|ratcheted) up (\w+ )?(scrutiny|pressure|crackdown)\b|\b(increases?|increased|intensif\w+|tightens?|tightened|heightened|more) (\w+ )?scrutiny\b/gi,
    dir: -1,
  },
  // a product linked to harm: "EU agency links J&J shot to rare clots"
  {
    re: /\blinks? (\w+ ){0,4}to (\w+ )?(clots|deaths?|cancers?|injur(y|ies)|illness(es)?|side effects|crashes|fires|outbreaks?)\b/gi,
    dir: -1,
  },
  // a decline that eases is up: "but drops are easing"
  {
    re: /\b(drops?|declines?|falls|losses|slides?|slumps?|downturn)\b (are |is )?(easing|eases|eased|slowing|slows|moderating|moderates|narrowing|narrows)\b/gi,
    dir: 1,
  },
  // winning a bidding war is paying the most: neither way for the bidder (as a raised bid)
  { re: /\bwins? (a |the )?bidding war\b/gi, dir: 0 },
  // a bidder raising its offer pays more: neither way for the bidder
  { re: /\braises? (its |the |a )?(\$[\d.,]+\s?\w* )?(offer|bid)\b/gi, dir: 0 },
  // slowing a good quantity is down: "may slow recovery"
  {
    re: /\b(slows?|slowed|slowing|slow|stall\w*) (the |its )?(\w+ )?(recovery|growth|expansion|hiring)\b/gi,
    dir: -1,
  },
  // a correction to an article, a story or a report is an erratum, no market correction: "Correction to Royal Bank of Canada
  // Earnings Article"
  {
    re: /\bcorrections? (to|of|on) (the |an? |this )?([\w&.'’-]+ ){0,6}(article|story|report|headline)\b/gi,
    dir: 0,
  },
  // a holder selling a count of a company's shares is down for it, buying them up: "SVP Barclay Corbus Sells 5,643 Shares of
  // Stock", "MML Investors Services LLC Purchases 3,823 Shares of Black Knight"
  { re: /\b(sells?|sold|unloads?|unloaded|dumps?|dumped)\b [\d,.]+ shares of\b/gi, dir: -1 },
  {
    re: /\b(buys?|bought|purchases?|purchased|acquires?|acquired|adds?|added)\b [\d,.]+ shares of\b/gi,
    dir: 1,
  },
  // bears woken are sellers stirred, bulls woken buyers: "Korea's wobbles over US trade talks awaken the won bears"
  {
    re: /\b(awakens?|awakened|awakening|wakes?|woke|rouses?|roused|unleash(es|ed)?) (the )?([\w-]+ ){0,2}bears\b/gi,
    dir: -1,
  },
  {
    re: /\b(awakens?|awakened|awakening|wakes?|woke|rouses?|roused|unleash(es|ed)?) (the )?([\w-]+ ){0,2}bulls\b/gi,
    dir: 1,
  },
  // a price or rate charged is a price, no criminal charge: "CNG and piped gas to be charged lowest rate"
  { re: /\bcharged (at )?(a |an |the )?(\w+ )?(rates?|fees?|prices?|tariffs?)\b/gi, dir: 0 },
  // a trade barrier or a burdensome rule flagged and an additional duty imposed read down: "flags India's burdensome import
  // requirements as trade barrier", "The additional duty on India ... is 27%"
  { re: /\btrade barriers?\b|\bburdensome\b|\badditional (duty|duties|tariffs?)\b/gi, dir: -1 },
  // a product given a price cut is that product's news, neither way: "Moto G54 receives a price cut in India"
  { re: /\b(receives?|received|gets?|got|sees?) a price (cut|drop)\b/gi, dir: 0 },
  // a thing moving in the right direction improves, in the wrong one worsens: "Housing affordability is 'moving in the right
  // direction,' economist says"
  { re: /\b(moving|heading|headed|going|moves?) in the right direction\b/gi, dir: 1 },
  { re: /\b(moving|heading|headed|going|moves?) in the wrong direction\b/gi, dir: -1 },
  // a writer turned from doubter to believer is up on the stock, the other way down: "SoFi Technologies: From Skeptic To Believer"
  { re: /\bfrom (skeptic|sceptic|doubter|bear) to (believer|bull)\b/gi, dir: 1 },
  { re: /\bfrom (believer|bull) to (skeptic|sceptic|doubter|bear)\b/gi, dir: -1 },
  // betting against, selling or shorting a stock called a mistake is up on it: "Why Betting Against EV Pioneer Tesla Could Be a
  // Costly Mistake"
  {
    re: /\b(betting against|bet against|selling|shorting|dumping)\b[^.?!]{0,50}\b(could|would|might|may|will|is|be) (be )?an? ([\w-]+ )?mistake\b/gi,
    dir: 1,
  },
  // a stock too cheap is a buy, and no catalyst in sight keeps it cheap: "AIG Faces Significant Headwinds, But The Stock Is Too Low",
  // "Undervalued But No Catalyst In Sight"; unlocking value is up: "Unlocking Shareholder Value At Global Self Storage"; an easy,
  // top or best pick is a buy: "Quality And Value Make This An Easy-Button Pick"
  {
    re: /\b(stock|shares|price|valuation)( is| are| looks?| seems?) too (low|cheap)\b|\bunlock(s|ed|ing)? (\w+ )?value\b|\b(easy|easy-button|top|best) picks?\b/gi,
    dir: 1,
  },
  { re: /\bno (near-term |clear |obvious )?catalysts?\b/gi, dir: -1 },
  // a title that opens on the rise or the fall of something names a trend's story, no movement: "The Rise of Alternative
  // Investments: How Central Bank Stimulus has Forced a Rethink"
  { re: /^(the )?(rise|fall) of\b/gi, dir: 0 },
  // a price level a view is conditioned on is no movement: "Goldman Sachs: A Bargain At Lower Levels"
  { re: /\bat (lower|higher) (levels|prices)\b/gi, dir: 0 },
  // a bull case is made for a rise, a bear case for a fall: "Apple Inc. (AAPL): A Bull Case Theory"
  { re: /\bbull(ish)? case\b/gi, dir: 1 },
  { re: /\bbear(ish)? case\b/gi, dir: -1 },
  // a stock pick leans as it picks: "Best 7 Tech Stocks to Buy", "3 Stocks to Avoid in 2024"
  { re: /\bstocks? to (buy|own)\b/gi, dir: 1 },
  { re: /\bstocks? to (avoid|sell|dump)\b/gi, dir: -1 },
  // (a comparison picks one of two, no lean: "Better Growth Stock in 2024: Amazon vs. Apple")
  { re: /\bbetter ([\w-]+ ){0,2}stocks?\b/gi, dir: 0 },
  // breaking out is up: "Oklo Busts Out", "Microsoft Ignites AI Breakout"
  { re: /\b(breaks?|broke|busts?|bursts?) out\b|\bbreakouts?\b/gi, dir: 1 },
  // a best or worst period: "best week since July", "worst day since April"
  { re: /\b(best|biggest (weekly|monthly|daily) gain) (day|week|month|session|quarter|year)\b/gi, dir: 1 },
  { re: /\bworst (day|week|month|session|quarter|year)\b/gi, dir: -1 },
  // widening a war or an attack is an escalation: "Iran widens war on shipping"
  {
    re: /\b(widens?|widened|expands?|expanded|intensif\w+) (the |its |a )?(war|conflict|attacks?|strikes?|offensive)\b/gi,
    dir: -1,
  },
  // a partnership's stated aim is its plan, not a movement: "Broadcom & Google Cloud Partner To Boost Cybersecurity", "Nokia
  // and Nvidia Join Forces to Transform Telecom", "Blink Charging And Parkopedia Collaborate, Adding 4,000 Locations"
  {
    re: /\b(partner(s|ing|ed)?|collaborat\w+|join(s|ed)? forces|teams? up|teamed up)\b,?\s+(\w+ ){0,1}(to \w+|adding|add(s)?)\b/gi,
    dir: 0,
  },
  // a bad-when-up quantity at a high of many years is down: "Treasury Yield Hits 15-Year High" (before the record phrase below)
  {
    re: /\b(yields?|(interest |mortgage |borrowing )?rates|inflation|unemployment|jobless claims|costs|debt|deficit) (is |are |was |were )?(at|hits?|reach(es|ed)?|touch(es|ed)?) (a |an )?(new |fresh )?(\d+[- ](year|month|week|decade)|multi-?year|record|all-time) highs?\b/gi,
    dir: -1,
  },
  // seeking or asking for an approval is none won: "China Evergrande Seeks U.S. Court Approval for $19 Billion Debt Restructuring"
  {
    re: /\b(seeks?|sought|seeking|asks? for|asked for|asking for|requests?|requested) ([\w.'\u2019-]+ ){0,3}approvals?\b/gi,
    dir: 0,
  },
  // little, scant or no progress is down: "It made little progress, focusing on a shift to clean energy"
  { re: /\b(little|scant|no|slow) progress\b/gi, dir: -1 },
  // less of something than a year before is down: "Aims To Hire Less Seasonal Help Than Last Year"
  { re: /\b(less|fewer) (\w+ ){0,3}than (last year|a year (ago|earlier)|in \d{4})\b/gi, dir: -1 },
  // a record or best period is up: "Record First Quarter", "Best Quarter Ever", "hits record high"
  {
    re: /\b(record|best)( (first|second|third|fourth|fiscal|full|annual))?[- ]?(quarter|year|results|revenue|sales|earnings|profit)s?\b|\b(hits?|returns? to) (a )?(new |all-time |\w+-(year|month|week) )?(revenue |profit |sales )?(record|high|peak)\b/gi,
    dir: 1,
  },
  // (after the phrase above, which reads "hits record high" whole) a record set or broken is up: "Record-High $9.3 Billion in ... Sales", "Break Black Friday Record"
  {
    re: /\brecord[- ]high\b|\b(breaks?|broke|sets?|smash(es|ed)?) (a |the |its |another )?(new )?([\w-]+ ){0,3}records?\b/gi,
    dir: 1,
  },
];

/**
 * Quantities that are bad news when they go up (jobless claims, unemployment, insolvencies and bankruptcies, inflation, losses, costs, household bills, a bank's provisions, oil
 * and fuel prices, yields, mortgage and interest rates): an up-word about one of them reads down, and a down-word up.
 */
const BAD_WHEN_UP =
  /\b(jobless|claims|unemployment|layoffs|insolvenc(y|ies)|bankruptcies|inflation|cpi|losses|loss|costs?|(electric(ity)?|energy|power|utility|heating|gas|water|grocery|household) bills|provisions|debt|deficit|oil( prices)?|crude|fuel|gasoline|yields|(bond|treasury|\d+-year) yield|volatility|(mortgage|interest|borrowing) rates)\b/i;

/** Reaching a count: "hits 5M pre-orders", "tops 1 billion users", "passes 100,000". */
const MILESTONE =
  /\b(hits?|reach(es|ed)?|nears?|neared|tops?|topped|pass(es|ed)?|surpass(es|ed)?|cross(es|ed)?) (\$)?\d[\d.,]*\s?(k|m|mn|million|bn|billion|thousand)?\b(?!\s?%)(?!\s?lows?\b)/gi;

/** A figure written with its sign is a movement: "Eurostoxx futures +0.8%" (up), "-1.7% Y/Y" (down). */
const SIGNED_PCT = /(?<![\w.%])([+\-\u2212])\d[\d.,]*\s?%/g;

/** Quantities whose movement says nothing of the company's fortunes: an executive's pay rising. */
const NOT_DIRECTIONAL = /\b(pay|compensation|salary|salaries|bonus(es)?|pay package)\s*$/i;

/**
 * Words of movement (up or down), the ones a bad-when-up quantity turns around; a figure "up N" or "down N" is one
 * ("cookout costs up by 5%" reads down, "Oil Prices Down 2%" up: oil is bad when up, the labels' convention since the
 * eleventh pass).
 */
const MOVE =
  /^(rises?|rose|jumps?|jumped|soars?|soared|surges?|surged|gains?|gained|increase[sd]?|rebounds?|higher|climbs?|climbed|falls?|fell|drops?|dropped|declines?|declined|decreased?|reduc(e|es|ed)|slips?|dips?|slides?|slid|eases?|tumbles?|tumbled|plunges?|plunged|lower|slows?|slowed|slowing|cools?|cooled|cooling|accelerat\w*|quickens?|quickened|narrow(s|ed|ing)?|widen(s|ed|ing)?|lows?|(new|fresh) lows?|highest .*|lowest .*|up .*|down .*)$/i;

/** A price held between two levels: "range-bound", "trading in a 'comfort zone' between $40-44". */
const RANGE_BOUND =
  /\brange-?bound\b|\b(trad(e|es|ed|ing)|stuck|stays?|stayed|holds?|held|hovers?|hovering) (in a ([\w'’"-]+ ){0,3}(range|zone|band)['’"]? )?between\b/i;

/** A stated absence of movement: the clause has decided, and decided neutral. */
const NO_MOVE = /\b(stand(s)? still|little changed|unchanged|flat|steady|mixed)\b/i;

const ANALYSIS =
  /^(why|how|what|when|where|who|is|are|can|should|explainer|analysis|opinion|view|column|podcast|q&a|factbox|breakingviews)\b/i;

const VIEW =
  /^(?:[A-Z][\w&'’.-]*:\s+)?(?:[\w&'’.,-]+\s+){1,5}?(sees?(?! (highest|lowest|record|biggest|largest|worst|best|steepest|sharpest)\b)|urges?|demands?|calls? for|wants|asks|needs?|opposes?|expects|weighs|considers|mulls|eyes|plans?|planning|looks? to|seeks? to|aims? to|(?<!\bnot )(is |are )?expected to|to consider|(is |are )?open to|turns? (bullish|bearish|positive|negative|cautious|optimistic|pessimistic))\b/;

/** A research firm's pick, or an insider's or a named investor's trade, as a headline states it (see `readByRules`). */
const PICK: { re: RegExp; dir: 1 | -1 }[] = [
  {
    re: /^bull of the day\b|\b(great|top|strong|solid|smart) (choice|pick|stock)s? for (value|growth|momentum|income|dividend)[- ]investors\b|\btop (value|growth|momentum|income) stocks? for\b|\bstrong buy\b|\btake advantage of these\b/i,
    dir: 1,
  },
  { re: /^bear of the day\b|\bstrong sell\b/i, dir: -1 },
  // (and a company, named with its ticker in parentheses, set against a group of stocks: ahead of them is up, "Has Agilon Health
  // (AGL) Outpaced Other Medical Stocks This Year?", "Are Medical Stocks Lagging Corcept Therapeutics (CORT) This Year?"; behind
  // them down)
  {
    re: /\(\s?[A-Z]{1,5}\s?\)[^.?!:]{0,40}\b(outpac\w*|outperform\w*)\b[^.?!:]{0,30}\bstocks\b|\bstocks\s+(lagging|trailing|underperforming)\b[^.?!:]{0,50}\(\s?[A-Z]{1,5}\s?\)/i,
    dir: 1,
  },
  {
    re: /\(\s?[A-Z]{1,5}\s?\)[^.?!:]{0,40}\b(underperform\w*|lagg\w*|trail\w*)\b[^.?!:]{0,30}\bstocks\b|\bstocks\s+(outpacing|outperforming)\b[^.?!:]{0,50}\(\s?[A-Z]{1,5}\s?\)/i,
    dir: -1,
  },
  {
    re: /\bsales? of ([\w.'\u2019-]+ ){0,3}(stock|shares)\b(?:[^.?!]|\.(?=\d)){0,40}\bby (its|the company['\u2019]s|an?) ([\w-]+ ){0,2}(officer|director|ceo|cfo|coo|chair\w*|president|founder|executive)\b|^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+ (is |has been |just |keeps )?(selling|sold|dumping|dumped)\b[^.?!]{0,10}\b(this|these)\b[^.?!]{0,30}\bstocks?\b/iu,
    dir: -1,
  },
  {
    re: /\bpurchases? of ([\w.'\u2019-]+ ){0,3}(stock|shares)\b(?:[^.?!]|\.(?=\d)){0,40}\bby (its|the company['\u2019]s|an?) ([\w-]+ ){0,2}(officer|director|ceo|cfo|coo|chair\w*|president|founder|executive)\b|^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+ (is |has been |just |keeps )?(buying|bought)\b[^.?!]{0,10}\b(this|these)\b[^.?!]{0,30}\bstocks?\b/iu,
    dir: 1,
  },
  // (and a stock the headline calls a buy, whatever question frames it: "Is Qualcomm Inc. (QCOM) the Best Large Cap Stock To Buy
  // Now?", "Microsoft Stock Is A Buy Now, But Be Cautious ...", "Forget Nvidia: Buy This Magnificent Tech Stock Instead", "Why Not
  // Buy the Dip on Nvidia, ...?", "Could Investing $10,000 in Microsoft Make You a Millionaire?"; not a question whether to buy,
  // "Should You Buy the Dip?"; after the sales above; and a headline opening "Time to buy / take up ...": "Time to Take Up Take-Two")
  {
    re: /^time to (buy|take up|load up on|snap up|own)\b|\b(best|top) ([\w-]+ ){0,4}stocks? to buy\b|\b(stock|shares) (is|are) a buy\b|(^|: )buy (this|these) ([\w-]+ ){0,3}stocks?\b|\bwhy not buy\b|\bmake you an? (millionaire|fortune)\b/i,
    dir: 1,
  },
];

const EVENT_WORDS =
  /^(lawsuit|sued|probe|fined?|penalty|charged|indicted|fraud|accused|halt(ed|s)?|recalls?)$/i;

/** A party that sues is not the one hurt: a legal item leans bearish only when its subject is the one acted on. */
const ACTED_ON =
  /\b(sued|charged|indicted|fined|accused|faces?|probed?|lawsuit against|ordered|convicted|guilty|investigat\w+)\b/i;

/** Types whose bare occurrence leans one way when the wording is silent. */
const TYPE_LEAN: Partial<Record<EventType, Direction>> = {
  bankruptcy: 'bearish',
  restructuring: 'bearish',
  capital_return: 'bullish',
  legal: 'bearish',
  regulatory: 'bearish',
};

const HORIZON: Partial<Record<EventType, Horizon>> = {
  earnings: 'days',
  guidance: 'weeks',
  'm&a': 'weeks',
  fda: 'days',
  listing: 'intraday',
  analyst: 'intraday',
  macro: 'weeks',
  bankruptcy: 'months',
  restructuring: 'months',
};

/** Lexicon and patterns: counts up and down words in the headline (double) and summary; ties fall to the type's lean. */
export class LocalReader implements NewsReader {
  readonly name = 'local-lexicon-v2';
  async read(input: ReaderInput): Promise<Reading> {
    return readLocally(input);
  }
}

/**
 * The local reading: the lexicon rules below, unless the trained text model (parsers/news/text-model.ts) is sure of a
 * direction (posterior at least DIRECTION_MIN_P, chosen by leave-one-set-out cross-validation on sets 1-5, not bettered beyond noise on all eight), which then
 * stands: the rules read the phrases they know, the model reads headlines in words no rule has.
 */
export function readLocally(input: ReaderInput): Reading {
  const r = readByRules(input);
  // general news naming no company (a disaster, a military strike, diplomacy, the weather) has no direction to read: the rules'
  // neutral stands ("Military cargo plane crashes in Iran, 15 killed")
  if (input.event_type === 'other' && input.event_subtype === 'general_news' && !input.company) return r;
  const g = modelDirection(input.title, input.summary);
  if (!g || g.label === r.direction) return r;
  return {
    ...r,
    direction: g.label as Direction,
    confidence: Math.round(Math.min(0.9, g.p) * 100) / 100,
    why: `${g.label}: text model p=${g.p.toFixed(2)} (the rules read ${r.direction})`,
    reader: 'local-text-model-v1',
  };
}

function readByRules(given: ReaderInput): Reading {
  // an executive change's "to lead / chart / run ..." clause names the job, not a move: "Boeing Taps Ford Veteran to Chart China
  // Recovery" (its "recovery" is the hire's brief)
  const input =
    given.event_type === 'management'
      ? {
          ...given,
          title: given.title.replace(
            /\s+to (chart|lead|run|steer|head|oversee|drive|spearhead|revive|rebuild|fix|turn around)\b.*$/i,
            '',
          ),
        }
      : given;
  const read = (text: string, summary = false) => {
    const words: string[] = [];
    let net = 0;
    let muted = 0;
    let rest = text;
    for (const p of PHRASES)
      rest = rest.replace(p.re, (m) => {
        net += p.dir;
        words.push(m);
        return ' ';
      });
    // a price held in a range has decided, and decided no move: "Brent trading in a 'comfort zone' between $40-44 a barrel"
    if (RANGE_BOUND.test(rest)) muted++;
    // a seller cutting the price or fees of its own products (a pricing item) has decided, and decided no move for itself: "Vanguard
    // cuts fund fees as competition in Europe heats up", as "Moto G54 receives a price cut"
    if (input.event_subtype === 'pricing')
      rest = rest.replace(
        /\b(cuts?|cutting|lowers?|lowered|slash(es|ed)?|reduc(es|ed|ing))\b(?= (the |its |their )?(\w+ )?(prices?|fees)\b)/gi,
        () => {
          muted++;
          return ' ';
        },
      );
    // a count reached is a milestone, up unless the quantity is bad when up: "Hits 5M Pre-Orders" (not "unemployment
    // hits 10%")
    rest = rest.replace(MILESTONE, (m, ...args) => {
      const at = args[args.length - 2] as number;
      const bad = BAD_WHEN_UP.test(rest.slice(Math.max(0, at - 30), at));
      net += bad ? -1 : 1;
      words.push(m);
      return ' ';
    });
    // a signed figure moves the way its sign says, the other way for a bad-when-up quantity ("inflation +0.4%")
    rest = rest.replace(SIGNED_PCT, (m, sg: string, ...args) => {
      const at = args[args.length - 2] as number;
      const bad = BAD_WHEN_UP.test(rest.slice(Math.max(0, at - 30), at));
      net += (sg === '+' ? 1 : -1) * (bad ? -1 : 1);
      words.push(m);
      return ' ';
    });
    // a movement of a bad-when-up quantity reads the other way: "jobless claims rise", "oil prices higher"
    // (and a comparative set before one reads the same way: "Lower COVID-19 Provisions", "higher costs")
    const sign = (m: RegExpMatchArray) => {
      if (!MOVE.test(m[0])) return 1;
      const before = rest.slice(Math.max(0, (m.index ?? 0) - 30), m.index);
      if (NOT_DIRECTIONAL.test(before)) return 0;
      const end = (m.index ?? 0) + m[0].length;
      const next = /^\s+(([\w-]+\s+){0,2}[\w-]+)/.exec(rest.slice(end, end + 40))?.[1] ?? '';
      const badNext =
        /^(lower|higher|reduced|increased|rising|falling)$/i.test(m[0]) && BAD_WHEN_UP.test(next);
      return BAD_WHEN_UP.test(before) || badNext ? -1 : 1;
    };
    for (const m of rest.matchAll(UP)) {
      const sg = sign(m);
      if (sg === 0) {
        muted++;
        continue;
      }
      net += sg;
      words.push(m[0]);
    }
    for (const m of rest.matchAll(DOWN)) {
      // in a summary, the words that name a legal or regulatory event are the event, read by its lean
      if (summary && EVENT_WORDS.test(m[0])) continue;
      const sg = sign(m);
      if (sg === 0) {
        muted++;
        continue;
      }
      net -= sg;
      words.push(m[0]);
    }
    return { net, words, muted };
  };
  // a headline's "but" clause overrides what comes before it ("Profit Tops Estimates, but Guidance Is Trimmed")
  const but = /\bbut\b/i.exec(input.title);
  const after = but ? read(input.title.slice(but.index)) : null;
  // the main clause decides before the reason it gives: "revenue misses on strong dollar", "X falls as Y rises";
  // a headline that opens with its reason ("After weak jobs report and Syria strikes, stocks stand still") has its
  // main clause after the comma
  const opening = /^(after|as|amid|despite|on|with|in)\b[^,]{3,80},\s*/i.exec(input.title);
  const reason = opening ? null : /\s(as|amid|on|after|despite|due to)\s/i.exec(input.title);
  const mainText = opening
    ? input.title.slice(opening[0].length)
    : reason
      ? input.title.slice(0, reason.index)
      : null;
  // a main clause that states no movement ("stocks stand still", "little changed", "flat") has decided: neutral
  const still = mainText !== null && NO_MOVE.test(mainText);
  const main = mainText === null ? null : still ? { net: 0, words: [], muted: 1 } : read(mainText);
  // a gain the headline says lags or trails the market is mixed, decided neutral: "BlackRock (BLK) Gains But Lags Market"
  const lagging = /\bbut (lags?|lagged|trails?|trailed)\b/i.test(input.title);
  // and so is a stock's move whose "as" clause has the estimates moving the other way: "MRK Stock Up 5.6% in a Month as Estimates
  // Fall: Buy, Hold or Sell?"
  const estimates =
    /\bas (?:\w+ )?(?:estimates|expectations|forecasts) (rise|climb|increase|fall|drop|decline|slip|are (?:raised|cut|lowered))\b/i.exec(
      input.title,
    );
  const contrary =
    estimates !== null &&
    main !== null &&
    main.net !== 0 &&
    /\b(stocks?|shares)\b/i.test(mainText ?? '') &&
    main.net > 0 === /^(fall|drop|decline|slip|are (cut|lowered))$/i.test(estimates[1] as string);
  const head =
    lagging || contrary
      ? { net: 0, words: [], muted: 1 }
      : after && after.net !== 0
        ? after
        : main && (main.net !== 0 || still || opening)
          ? main
          : read(input.title);
  // the headline decides; the summary only when the headline has no directional words
  // (a headline whose only movement is of a quantity that says nothing of the company, "CEO pay rises", has decided)
  // (a link in the summary is an address, not wording: "...Correction-to-Royal-Bank-of-Canada-Earnings-Article-43121331/")
  // (a product item the word rules typed, naming no company, is read from its headline alone: its summary's words say nothing of
  // a company we know, "Five (impossibly cute) mini gadgets" / "It's time to think shrink"; the text model's product guess is not
  // such an item)
  const lead =
    head.net !== 0 ||
    head.muted > 0 ||
    (input.event_type === 'product' && input.event_subtype !== 'text_model' && !input.company)
      ? head
      : read(
          (input.summary ?? '')
            .replace(/\bhttps?:\/\/\S+/g, ' ')
            // (a sentence opening with a concession has its main clause after the comma, as a headline does: "Despite
            // Netflix's weaker Q3 guidance, Tuna Amobi ... remains bullish on the stock")
            .replace(/(^|[.!?]\s+)(despite|although|though)\b[^,.;]{3,100},\s*/gi, '$1')
            .slice(0, 600),
          true,
        );
  const net = lead.net;
  // an analysis or a question ("Why ...", "How ...", "Explainer:"), or a headline whose verb states a view
  // or an intention ("JP Morgan sees ...", "ministers urge ...", "Exchanges oppose ..."), reports no move
  // (a planned recall, layoff or closure is still that event: "Toyota plans to recall 300,000 Priuses")
  const plannedHarm =
    /\b(plans?|planning|to|expected to|set to|aims? to|seeks? to) (recall|lay off|cut (\w+ )?jobs|close|shut|file for bankruptcy)\b/i.test(
      input.title,
    ) ||
    // (and a call for an investigation of a party is that investigation: "US calls for DOJ investigation of Hims")
    /\b(calls? for|asks? for|urges?|seeks?) (a |an |the )?([\w.-]+ ){0,2}(investigation|probe) (of|into)\b/i.test(
      input.title,
    );
  // (a why-it's-moving note, "What's Going On With PDD Holdings Stock?", reports the move its summary states, and a "Why"
  // headline that states a stock's move in any tense, "Why Salesforce Stock Soared 26% to a New All-Time High Today", "Why Is
  // Cerence (CRNC) Stock Surging?", "Why Barnes & Noble Education Stock Tanked 20% at the Open Today", the move it states)
  const whyMoving =
    /^what['\u2019]?s going on with\b/i.test(input.title) ||
    /^why\b.{0,60}\b(stocks?|shares)\b ((is|was|are|were|has been|have been) )?(\w+ )?(soar(ed|ing)|surg(ed|ing)|jump(ed|ing)|rose|rising|gain(ed|ing)|climb(ed|ing)|rall(ied|ying)|popp(ed|ing)|skyrocket(ed|ing)|fell|falling|sank|sinking|dropp(ed|ing)|plung(ed|ing)|plummet(ed|ing)|tumbl(ed|ing)|slid|sliding|slump(ed|ing)|crash(ed|ing)|tank(ed|ing))\b/i.test(
      input.title,
    ) ||
    // (and a "Why" headline whose stock moved by a stated percentage, "Why Nio Stock Accelerated 12% Higher This Week", or whose
    // subject is in the middle of a move, "Why Solana Is Sinking Today")
    /^why\b.{0,60}\b(stocks?|shares)\b (\w+ )?\d[\d.,]*% (higher|lower)\b/i.test(input.title) ||
    // (or trades higher or lower by a stated percentage: "Why Merck Shares Are Trading Lower By 10%?")
    /^why\b.{0,60}\b(stocks?|shares)\b ((is|are|was|were) )?(trading|moving) (higher|lower) by \d[\d.,]*%/i.test(
      input.title,
    ) ||
    /^why\b.{0,60}\b(is|are) (soaring|surging|jumping|rising|rallying|popping|skyrocketing|falling|sinking|dropping|plunging|plummeting|tumbling|sliding|slumping|crashing|tanking)\b/i.test(
      input.title,
    );
  // a company setting the day it will report its results reports none yet: "Alimera Sciences to Report Third Quarter 2023
  // Financial Results on October 26, 2023" (its summary's boilerplate is not read)
  const datedResults =
    head.net === 0 &&
    /\bto (report|announce|release|publish)\b.{0,80}\b(results|earnings)\b.{0,12}\bon\b/i.test(input.title);
  // a research firm's pick or an insider's or named investor's trade stated in the headline decides, whatever question or "Why" /
  // "How" frames it: a bull of the day, a great or top choice for a kind of investor, a "Strong Buy" or stocks to take advantage
  // of now is up ("Bull of the Day: Dell (DELL)", "Why Fast-paced Mover Agilon (AGL) Is a Great Choice for Value Investors"); a
  // bear of the day, a "Strong Sell", an officer's sale of the stock or a named investor selling "this" stock is down ("What Does
  // the Sale of Atlassian Stock Worth $1.2 Million by Its Chief Revenue Officer Mean", "Cathie Wood Is Selling This High-Flying
  // Stock. Is It a Buy?"), an officer's or investor's purchase up
  const pick = PICK.map((p) => (p.re.test(input.title) ? p.dir : 0)).find((d) => d !== 0);
  if (pick)
    return {
      direction: pick > 0 ? 'bullish' : 'bearish',
      horizon: HORIZON[input.event_type] ?? 'days',
      confidence: 0.5,
      why: `${pick > 0 ? 'bullish' : 'bearish'}: ${input.event_type}/${input.event_subtype}; a pick or an insider's trade`,
      reader: 'local-lexicon-v2',
    };
  // (and so does a headline asking whether a company will beat or miss again: "Will Dell Technologies (DELL) Beat Estimates Again
  // in Its Next Earnings Report?", a preview)
  // (and a headline asking what a company's next thing will do, whose own words read no move: "Will the next iPhone charge
  // wirelessly?")
  const willQuestion =
    /^will\b[^?]*\b(beat|miss|top|exceed)\b[^?]*\?\s*$/i.test(input.title) ||
    (head.net === 0 && /^will (the|its|their) next\b[^?]*\?\s*$/i.test(input.title));
  // (a question opening the clause after a label's colon asks it too, when the headline states no move: "Meet GE's new boss: Can
  // Larry Culp right the ship?" is not read from its summary's "mess")
  const labelQuestion =
    head.net === 0 &&
    /\?\s*$/.test(input.title) &&
    ANALYSIS.test(input.title.slice(input.title.lastIndexOf(':') + 1).trim()) &&
    input.title.includes(':');
  if (
    (ANALYSIS.test(input.title) && !whyMoving) ||
    willQuestion ||
    labelQuestion ||
    (VIEW.test(input.title.slice(0, 80)) && !plannedHarm) ||
    datedResults
  ) {
    return {
      direction: 'neutral',
      horizon: HORIZON[input.event_type] ?? 'days',
      confidence: 0.3,
      why: `neutral: ${input.event_type}/${input.event_subtype}; an analysis headline`,
      reader: 'local-lexicon-v2',
    };
  }
  let lean = TYPE_LEAN[input.event_type];
  // a dividend declared with no change, special payout or buyback stated is routine: no lean ("Suncor Energy Declares
  // Dividend", "Natural Health Trends declares $0.20 dividend"; a cut or a suspension is read by its words)
  if (
    input.event_subtype === 'dividend' &&
    /\bdeclar(es|ed|e|ing)\b/i.test(input.title) &&
    !/\b(increase\w*|rais\w+|hike\w*|boost\w*|special|higher|record|repurchase\w*|buybacks?|initiat\w+|first)\b/i.test(
      input.title,
    )
  )
    lean = undefined;
  // a routine report of dealings in treasury shares is no buyback announced: "Transactions with Treasury Shares"
  if (input.event_subtype === 'treasury_shares') lean = undefined;
  // a regulator's rules, proposals and supervision act on no one: only enforcement, antitrust and licences lean,
  // and they lean only for a company they act on: scrutiny of a market names no one hurt
  if (
    input.event_type === 'regulatory' &&
    (!input.company || !/^(enforcement|antitrust|license)/.test(input.event_subtype))
  )
    lean = undefined;
  // a party that settles ends the dispute: the settlement is not the subject being acted on
  // (and, as for a regulator, it leans only for a company we know to be the one acted on)
  if (
    input.event_type === 'legal' &&
    (!input.company || !ACTED_ON.test(input.title) || /\bsettle[sd]?\b/i.test(input.title))
  )
    lean = undefined;
  // an operations disruption (an outage, a hack, a breach, a fire) leans bearish for the company it hits
  // (whether or not that company is in the registry: "SunTrust's online banking outage enters third day")
  if (input.event_type === 'operations' && /disruption|cyber/.test(input.event_subtype)) lean = 'bearish';
  // (an update on an incident already reported is no new harm: "Update on Suncor Energy Response to Cybersecurity Incident")
  if (input.event_type === 'operations' && /^update (on|to)\b/i.test(input.title)) lean = undefined;
  // a funding round or a sum raised by a company outside the registry (a start-up) leans bullish: money secured (the
  // labels' convention since the eleventh pass; a listed company's share sale or IPO plan does not lean); so does a sum named as a
  // lettered series or as funding ("Angitia gets $130M Series D for ...")
  if (
    input.event_type === 'financing' &&
    !input.company &&
    /\b(seed|series [a-f]|venture|funding) (round|funding|financing)\b|\bfunding round\b|\b(takes?|took|wins?|won|gets?|got|secures?|secured|lands?|landed) (\w+ ){0,2}(private[- ]equity|venture|investor|investors['\u2019]?) backing\b|\b(raises|raised|lands?|landed|bags?|bagged|secures?|secured|closes?|closed) (about |over |nearly |more than |almost |new |fresh )?(\$|\u20ac|\u00a3|us\$)[\d.,]+|(\$|\u20ac|\u00a3|us\$)[\d.,]+ ?(m|mn|mln|million|b|bn|billion)? (series [a-h]|in (new |fresh )?(funding|financing))\b/i.test(
      input.title,
    )
  )
    lean = 'bullish';
  // a ban, or an executive order on a named party, leans bearish for what it acts on, in the registry or not: "Ordering Bans on
  // Tencent, TikTok", "Senate bans TikTok on government devices", "Trump Signs Executive Orders on TikTok, WeChat"; so does a
  // restriction worded as a party barred or prohibited from doing something, or one that must stop doing it: "US teens may be
  // barred from buying vape pens", "British American Tobacco (BAT) must stop advertising its e-cigarettes ..."
  if (
    input.event_type === 'regulatory' &&
    (/\b(bans?|banned|banning|barred|prohibited|must stop)\b/i.test(input.title) ||
      /\b[Ee]xecutive [Oo]rders? ([Oo]n|[Aa]gainst|[Tt]argets?|[Tt]argeting) \p{Lu}/u.test(input.title))
  )
    lean = 'bearish';
  // charges, a suit or a case brought against a named party lean bearish for it, in the registry or not
  if (
    (input.event_type === 'legal' || input.event_type === 'regulatory') &&
    /\b(charges?|suits?|lawsuits?|case|complaint|action)s? against [A-Z]/.test(input.title)
  )
    lean = 'bearish';
  // a contract read for the vendor a buyer chose (the company does not open the headline; the buyer named first chose it) is a
  // customer won, which leans bullish for that vendor ("Cyta Calls on Oracle to Drive ...", "VITAS Healthcare Selects Oracle Cloud
  // Applications to ...", read for Oracle); the buyer that opens the headline does not lean ("SEI Selects Canoe ...")
  if (
    input.event_type === 'contract' &&
    input.company &&
    input.company_opens_headline === false &&
    VENDOR_CHOSEN.test(input.title)
  )
    lean = 'bullish';
  // a business being turned around is recovering: up ("has begun turning around newly acquired Buffalo Wild Wings")
  if (input.event_type === 'operations' && input.event_subtype === 'turnaround') lean = 'bullish';
  let direction: Direction = net > 0 ? 'bullish' : net < 0 ? 'bearish' : (lean ?? 'neutral');
  // direction is read for a company, or for markets on a macro item: an untyped item naming no company has none (a stock
  // pick still leans as it picks: "These Under-$10 Stocks Are Up 100%+", "3 Stocks to Avoid in 2024")
  // (nor has a fund's own portfolio, naming no company: "Tracking Gardner Russo & Gardner Portfolio - Q2 2020 Update")
  // (a price note names its stock by the ticker it carries even when the registry does not know it, and moves with it: "Aphria
  // Inc. (APHA) Stock Sinks As Market Gains" is down)
  if (
    ((input.event_type === 'other' &&
      input.event_subtype !== 'stock_picks' &&
      input.event_subtype !== 'price_move') ||
      (input.event_type === 'ownership' && /\b(portfolio|holdings)\b/i.test(input.title))) &&
    !input.company
  )
    direction = 'neutral';
  const words = direction === 'neutral' ? [] : lead.words;
  if (words.length === 0 && direction !== 'neutral' && !lean) direction = 'neutral';
  const total = lead.words.length;
  const confidence =
    total === 0 ? (lean ? 0.4 : 0.3) : Math.min(0.9, 0.4 + (Math.abs(net) / (total + 1)) * 0.5);
  const why =
    words.length > 0
      ? `${direction}: ${input.event_type}/${input.event_subtype}; words "${[...new Set(words.map((w) => w.toLowerCase()))].slice(0, 4).join('", "')}"`
      : direction === 'neutral'
        ? `neutral: ${input.event_type}/${input.event_subtype}; no directional words`
        : `${direction}: ${input.event_type} events lean ${direction}; no directional words`;
  return {
    direction,
    horizon: HORIZON[input.event_type] ?? 'days',
    confidence: Math.round(confidence * 100) / 100,
    why,
    reader: 'local-lexicon-v2',
  };
}
