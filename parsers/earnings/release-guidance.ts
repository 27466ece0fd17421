import { MONTH_NAMES } from '../../lib/months.ts';
import { type Concept, ffoConcept, PER_SHARE_CONCEPTS, unitOfConcept } from './release-concepts.ts';
import type { Block } from './release-document.ts';
import { parseAmount, SCALE_FACTOR, type Scale, toFullUnits, wordScale } from './release-numbers.ts';
import { type FiscalPeriod, inferFiscalYear, parseDate } from './release-period.ts';
import {
  AGAINST_GUIDANCE,
  BOILERPLATE,
  BULLET,
  EXPECTATIONS_HEADING,
  type Sentence,
  withoutStreetExpectations,
} from './release-sentences.ts';

/**
 * Guidance: a forward sentence (a verb of expectation, or any sentence under an "Outlook" heading) that names
 * a metric and gives it a range, a point or a qualitative phrase. Both ends of a range keep the unit word
 * written after the second ("$4.0 and $4.2 billion"); "low single digits" is kept as text with no number.
 * The status is only what the words say (GUIDANCE_STATUSES); without such a word it is null. Tax-rate
 * assumptions, run rates, milestones and pointers to the call are not guidance.
 */

/**
 * The worded statuses, each a word real releases use: raised ("raises", "lifts"), lowered ("lowers", "reduces",
 * "cuts"), narrowed ("narrows its range", Textron 2018, Quest 2014), widened ("widens ... range", Tractor Supply
 * 2025), reaffirmed ("reaffirms", "reiterates", "confirms", "maintains", "remains unchanged"), updated ("updates",
 * "revises": a change the words do not direct, LabCorp 2019, Constellation 2008, H.B. Fuller 2008), withdrawn
 * ("withdraws", "suspends" guidance), initiated ("initiates", "introduces", "provides its initial").
 */
export const GUIDANCE_STATUSES = [
  'initiated',
  'raised',
  'lowered',
  'narrowed',
  'widened',
  'reaffirmed',
  'updated',
  'withdrawn',
] as const;
export type GuidanceStatus = (typeof GUIDANCE_STATUSES)[number];

export interface Guidance {
  metric: string;
  label: string;
  basis: 'gaap' | 'non_gaap' | 'unspecified';
  targetYear: number | null;
  targetPeriod: FiscalPeriod | null;
  low: number | null;
  high: number | null;
  point: number | null;
  /** The number(s) as printed before scaling. */
  printed: string;
  unit: 'currency' | 'currency_per_share' | 'currency_per_ads' | 'percent' | 'count' | 'text';
  scale: Scale;
  qualitative: string | null;
  /** A relative statement ("up 5% to 7% from the prior quarter"): percent change, not a level. */
  relative: boolean;
  status: GuidanceStatus | null;
  sentence: Sentence;
}

// ("updated revenue expectations of approximately $27.5 million": a value stated as the company's expectation; h-guid20:
// "continues to estimate its 2017 capital expenditures will be approximately $2.3 billion", an estimate it keeps.)
// (h-guid29: a wire's "Cuts FY25 revenue view to $5.239B-$5.308B from ...": a verb of change and the view it moves.)
const FORWARD =
  /\b(?:expectations? of (?:approximately |about )?[$€£\d]|narrow(?:s|ed|ing)|widen(?:s|ed|ing)|(?:versus|from)\s[^.]{0,40}\bpreviously|expects?|expected|expecting|anticipates?|anticipating|guidance|outlook|forecasts?|projects?|projected|projections?|(?:is|are) guided|sees|targets?|estimates? (?:that|for)|(?:preliminary )?estimates? of (?:the )?results for|now believes|reaffirm|reiterat|raises?|raising|(?:is|are) raised to|lowers|lowered|lowering|lower (?:its|the|our)|withdraw|is on track|continues to believe|continues? to estimate|will (?:amount to|total)|aims? to|aiming to|(?:is|are) set to (?:be|reach|total|come in)|estimated\s+(?:[\w-]+\s+){0,2}?(?:sales|revenues?|earnings|EPS)\s+(?:is|are)\s+now|(?:postponed|pushed back|deferred)\s+(?:[\w-]+\s+){0,3}?to\s+(?:19|20)\d{2}|remains? unchanged at|(?:these|the|our|this)\s+(?:expectations|outlook|guidance)\s+(?:also\s+)?assumes?|(?:cuts?|trims?|raises?|lowers?|lifts?|boosts?)\s+(?:[\w'-]+\s+){0,4}?view\s+to)\b/i;
/**
 * The text the forward words are looked for in: a program named "Project Gravity" is no forecast ("projects"), and a
 * loss said to have narrowed or widened ("narrowed adjusted EBITDA loss to $0.1 million") is a result, not a range.
 */
function forwardWords(text: string): string {
  return (
    text
      .replace(/\bProject(?= [A-Z])/g, 'Program')
      .replace(/\b(?:narrow|widen)(?:s|ed|ing)?\s+(?:[\w-]+\s+){0,3}loss(?:es)?\b/gi, 'loss')
      // (h-guid15: ... and so is one whose verb follows it, "Operating loss narrowed to $516,000".)
      .replace(/\bloss(?:es)?\s+(?:narrow|widen)(?:s|ed|ing)?\b/gi, 'loss')
      // A result set against the expectation ("revenue for the quarter came in lower than expected") looks back; one
      // that "will be lower than expected" still looks forward.
      .replace(
        /(?<!\bwill (?:be|come in) )\b(?:higher|lower|better|worse|more|less|greater|stronger|weaker) than (?:(?:we |had |originally |previously )+)?(?:expected|anticipated)\b/gi,
        'than',
      )
  );
}

// (... and a sentence whose subject is analysts, "five analysts polled by Thomson Reuters expect the company to report
// revenues of $828.51 million", states their consensus, not the company's guidance; so does a sentence whose subject is
// the Street, "The Street expects the company to report earnings of $6.41 per share", or one giving an analyst's own
// estimate, "says Jefferies analyst Ken Usdin, who calculates Q3 EPS estimate of about 62 cents vs. consensus"; h-guid21:
// so does the company's earlier expectation told in the past perfect, "the company had said it expected to earn between
// 80 and 90 cents a share in the period"; h-guid26: "Analysts polled by FactSet were anticipating full-year adjusted
// earnings of $2.90 a share", now that "anticipating" is a forward word.)
const NOT_GUIDANCE =
  /\banalysts?(?:'|’)?\s+(?:[\w-]+\s+){0,5}?(?:had\s+|were\s+|are\s+)?(?:expect|expects|expected|expecting|anticipating|estimate|estimates|forecast|see)\b|\b(?:the|wall) street (?:expects|estimates|forecasts|sees|is expecting)\b|\banalyst\b[^.;]{0,60}\b(?:calculates|estimates|projects|forecasts)\b|\beffective (?:income )?tax rate (?:for|used|in) the (?:quarter|period)\b|\brun[- ]rate\b|\bwill (?:discuss|provide|host|review)\b|\bexpects? to (?:deliver|ship|open|close|complete|file|hold|host|report(?!\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:net (?:profit|income|loss)|revenues?|sales|earnings|EBITDA|operating (?:profit|income))\b)|announce|retire|repay|redeem)\b|\bhad said (?:it|that it) expected\b/i;

/** Whether a sentence has a forward word once analysts' and the Street's expectations are set aside. */
const looksForward = (text: string) => FORWARD.test(forwardWords(withoutStreetExpectations(text)));

/**
 * "from the base fiscal 2023 earnings of $5.90 per share": the words that name the base a growth is measured from (a
 * past result and its year, not a target); FROM_BASE_YEAR finds them with their year, FROM_BASE_BEFORE at the end of
 * a value's lead, year optional.
 */
const FROM_BASE = String.raw`\bfrom\s+(?:the\s+|its\s+|a\s+)?base\s+(?:(?:fiscal|calendar)\s+)?(?:year\s+)?`;
const FROM_BASE_YEAR = new RegExp(`${FROM_BASE}(?:19|20)\\d{2}\\b`, 'gi');
const FROM_BASE_BEFORE = new RegExp(`${FROM_BASE}(?:(?:19|20)\\d{2}\\s+)?$`, 'i');

/** A lead ending in a forecast verb and a colon ("the Company projects approximately:"): a list of targets follows. */
const FORWARD_LIST_LEAD =
  /\b(?:projects?|expects?|anticipates?|forecasts?|estimates?)(?:\s+approximately|\s+the following)?\s*:\s*$/i;
/** A base in parentheses after a value: an amount and the year it is of ("($2.95 billion in fiscal 2023)"). */
const BASE_ASIDE =
  /\(\s*(?:US\$|\$|€|£)?\s?\d[\d,]*(?:\.\d+)?\s?(?:million|billion)?\s+in\s+(?:fiscal\s+)?(?:19|20)\d{2}\s*\)/gi;

/** A lead to a list of the outlook's assumptions, ending in a colon. */
const ASSUMPTION_LEAD =
  /\b(?:outlook|guidance|forecast)\b[^.:]{0,80}\b(?:is|are)\s+based\s+(?:up)?on\b[^.:]{0,60}\bassumptions\b[^.:]{0,60}:\s*$/i;

const METRICS: [RegExp, string][] = [
  [/\bnet new (?:ARR|annual recurring revenue)\b/i, 'net_new_arr'],
  [/\bARR\b|\bannual recurring revenue\b/, 'arr'],
  // A REIT's FFO / AFFO (non-GAAP by definition, read per share only, as on the figure side).
  [/\bAFFO\b|\badjusted (?:FFO|funds from operations)\b/i, 'affo_per_share'],
  [/\b(?:NAREIT\s+)?FFO\b|\bfunds from operations\b/i, 'ffo_per_share'],
  [
    /\b(?:(?:non[- ]?gaap|adjusted|gaap)\s+)?(?:diluted\s+)?(?:earnings|income|net income) per (?:diluted )?(?:ADS|ADR|American depositary (?:share|receipt))\b/i,
    'eps_per_ads',
  ],
  [
    // ("Diluted earnings (loss) per share": a "(loss)" after the name is the same measure; h-guid18: so is "/(Loss)",
    // "Adjusted Diluted Earnings/(Loss) Per Share from Continuing Operations"; h-guid21: "per-share earnings".)
    /\b(?:(?:non[- ]?gaap|adjusted|gaap)\s+)?(?:diluted\s+)?(?:earnings|income|eps|net income)(?:\s*\/?\s*\((?:loss|losses)\))?(?: from continuing operations)? per (?:diluted |fully diluted )?share\b|\b(?:adjusted |non-gaap |gaap )?(?:diluted )?eps(?:\b|(?=[1-9]\s))|\bearnings per diluted share\b|\bper[- ](?:diluted )?share (?:diluted )?earnings\b/i,
    'eps_diluted',
  ],
  // ("total revenue per AHSC" is a ratio, not revenue.)
  // (h-guid19: "turnover", the word British and Nordic issuers use for revenue; not an inventory's, staff's or asset's.)
  // (h-guid31: sales named after a region, "U.S. Consumer net sales", "international sales", are a part's.)
  [
    /(?<!\b(?:U\.S\.|international|domestic|overseas)\s(?:(?!GAAP\b)[A-Z][\w&-]*\s)?(?:(?:total|net|adjusted|organic)\s+)?)\b(?:(?:total|net|adjusted|organic)\s+)?(?:revenues?|net sales|sales|(?<!\b(?:inventory|staff|employee|personnel|asset|share|stock|labou?r)\s)turnover)\b(?! growth| per\b| rate| ratio)/i,
    'revenue',
  ],
  // (h-guid28: the growth of a revenue named after a line of business, "Total wireless service revenue growth",
  // "Broadband revenue growth", is a part's, as a segment's revenue is in a table.)
  [
    /(?<!\b(?:services?|wireless|broadband|subscription|product|segment|rental)\s)\b(?:revenue|sales) growth\b/i,
    'revenue_growth',
  ],
  // Organic growth (without currency and acquisitions) is its own target, apart from total growth; "underlying sales
  // growth" is the same measure under another name (Emerson's "Underlying Sales Growth | 2% - 3% | 3% - 5%").
  // (h-guid22: "organic net sales change of down 1% to flat", the change named as such.)
  // (h-guid29: "organic net sales decline of 2 to 1 percent", the change named by its direction.)
  [
    /\b(?:organic|underlying) (?:revenue |net sales |sales )?(?:growth|change|decline|decrease)\b/i,
    'organic_revenue_growth',
  ],
  // (h-guid17: "Organic" named alone before a percent, "Raises Net Sales growth to +5-6%; Raises Organic to +4-5%", is
  // organic sales growth.)
  [/\borganic(?=\s+(?:to|of|at)\s+[+-]?\d[\d.]*(?:\s?[-–]\s?[+-]?\d[\d.]*)?\s?%)/i, 'organic_revenue_growth'],
  // ("like-for-like growth": a European retailer's comparable sales growth; h-guid20: "same-restaurant sales", a
  // restaurant company's same-store sales; h-guid21: "comparable-store sales", hyphenated.)
  // (h-guid31: "comparable revenue growth", a group's growth net of currency and portfolio effects.)
  [
    /\bcomparable(?:[- ]store)?(?: net)? sales\b|\bcomparable revenue growth\b|\bsame[- ](?:store|restaurant) sales\b|\blike[- ]for[- ]like (?:sales )?growth\b/i,
    'comparable_sales',
  ],
  // (h-guid32: "GAAP gross profit margin is expected to be 28 percent", the margin of the gross profit.)
  [/\b(?:adjusted )?(?:gross (?:profit )?margins?)\b/i, 'gross_margin'],
  // (h-guid31: "Adjusted operating profit margin", the margin of the operating profit.)
  // (h-guid32: "Outlook FY adjusted EBIT margin 17.5%": EBIT is operating income, its margin the operating margin.)
  [
    /\b(?:adjusted |non-gaap |gaap )?operating (?:profit |income )?(?:margin)\b|\bEBIT[- ]margin\b/i,
    'operating_margin',
  ],
  [
    // (h-guid15: "underlying operating loss ... £57m-61m" is operating income below zero.)
    // (h-guid16: "The outlook for full-year 2021 EBIT is raised to DKK 1,625-1,700": EBIT, earnings before interest and
    // taxes, is operating income, as on the figure side; EBITDA and "EBIT margin" are not.)
    // (h-guid27: "trading profit", the name British issuers give their operating profit, "underlying trading profit".)
    /\b(?:adjusted |non-gaap |gaap )?operating (?:income|profit|earnings|loss)\b|(?<!\bnet )\bincome from operations\b|\bEBIT\b(?![- ]margin)|\btrading profit\b/i,
    'operating_income',
  ],
  // "EBITDA margin" is a percent of revenue, its own metric, not EBITDA.
  [/\b(?:adjusted )?EBITDA[- ]margin\b/i, 'ebitda_margin'],
  [/\b(?:adjusted )?EBITDA\b(?![- ]margin)/, 'ebitda'],
  // (h-guid27: the name spelled out, "earnings before interest, taxes, depreciation, and amortization (EBITDA)".)
  [
    /\b(?:adjusted |underlying )?earnings before interest,? (?:and )?taxes,? depreciation,? and amortization(?:\s*\(EBITDA\))?(?![- ]margin)/i,
    'ebitda',
  ],
  // ("underlying net profit after tax": net profit is net income, h-guid15.)
  // (h-guid27: "profit attributable to owners of (the) parent", a Japanese issuer's net income.)
  [/\bnet (?:income|earnings|profit)\b|\bprofit attributable to owners of (?:the )?parent\b/i, 'net_income'],
  // "our 2006 earnings guidance of $1.25 to $1.35 per share": earnings named alone (an amount, or per share below).
  [/\b(?:reported |ongoing |GAAP )?earnings\b(?! per\b| growth| call| release)/i, 'net_income'],
  // (h-guid21) "expects to earn between 60 cents and 70 cents a share": the verb names the earnings (per share below).
  [/\bto earn\b(?=\s+(?:between|about|approximately|around|roughly|\$|\d))/i, 'net_income'],
  // (h-guid18: "a slight downward revision of investments (currently estimated at 140-180 million Euros)": investments
  // named as a target, the word European issuers use for capital expenditures; investments in or of something, and
  // their income or gains, are not.)
  [
    /\bcapital (?:expenditures|spending)\b|\bcapex\b|\binvestments\b(?!\s+(?:in|of|income|gains?|loss(?:es)?|portfolio|securities)\b)/i,
    'capex',
  ],
  // ("free cash flow productivity of 90%", "free cash flow conversion": a ratio of free cash flow to earnings, not it.)
  [/\bfree cash flow\b(?! productivity| conversion)/i, 'free_cash_flow'],
  // ("Operating costs and expenses, net" is operating expenses.)
  // (h-guid20: "raised its expense guidance for the year to $92 billion": expenses named alone before "guidance" are
  // the company's operating expenses; interest, tax and other named expenses are not.)
  [
    /\b(?:operating expenses|operating costs and expenses|opex)\b|(?<!\b(?:interest|tax|income|credit|loss|depreciation|amortization|compensation)\s)\bexpense(?=\s+guidance\b)/i,
    'operating_expenses',
  ],
  // (h-guid21: set 4's leftover, "its basic and diluted weighted-average share count at the end of the fourth quarter of
  // 2013 to be approximately 96 million and 99 million, respectively": the diluted count, the second amount.)
  [/\b(?:basic and diluted |diluted )(?:weighted[- ]average )?share count\b/i, 'diluted_shares'],
  // (h-guid32: "shares used to calculate GAAP EPS of approximately 47 million": the count EPS is divided by, not EPS.)
  [
    /\bshares used (?:to calculate|in calculating|in computing|in the calculation of|for) (?:(?:GAAP|non-GAAP|diluted) )*(?:EPS|earnings per share)\b/i,
    'diluted_shares',
  ],
  // ("GAAP and non-GAAP tax rates are expected to be 16.5%": the plural names the same rate.)
  [/\btax rates?\b/i, 'tax_rate'],
  [/\breturn on capital employed\b|\bROCE\b/, 'roce'],
  [/\bnet interest margin\b/i, 'net_interest_margin'],
  // (h-guid20: "NII", the abbreviation banks print for it.)
  [/\b(?:[Nn]et [Ii]nterest [Ii]ncome|NET INTEREST INCOME|NII)\b/, 'net_interest_income'],
];

/** A number, with "$" / "US$" / "A$" or a currency code or sign before it ("EUR 1.70", "€1.7", "RMB 3.2", "A$280"). */
const NUM = String.raw`\(?-?(?:US\$|[ACR]\$|\$|(?:USD|EUR|RMB|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK)\s?|€|£)?\s?\d[\d,]*(?:\.\d+)?(?<=\(\S*)\)|\(?-?(?:US\$|[ACR]\$|\$|(?:USD|EUR|RMB|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK)\s?|€|£)?\s?\d[\d,]*(?:\.\d+)?|\(?\$?\.\d+`;
// "$104M" / "$104m": a lone m after the number is millions ("$104M to $108M"); a lone b billions ("$1.280B").
// ("8.5-10 per cent": "per cent" in two words is percent, h-guid15.)
const UNIT = String.raw`(?:\s?(%|percent|per cent|pct|thousand|million|billion|trillion|bn|cents|m(?![a-z])|b(?![a-z])))?`;
const RANGE = new RegExp(
  String.raw`(?:between\s+)?(${NUM})${UNIT}\s*(?:to|and|-|–|—)\s*(${NUM})${UNIT}`,
  'i',
);
const POINT = new RegExp(
  // ("approx. $1 billion": the abbreviation too, h-guid18.)
  // (h-guid27: "Projected sales are now €10 billion": a value right after "is now" / "are now".)
  // (h-guid31: "of ~80 million": a tilde is "approximately".)
  String.raw`(?:of|about|approximately|approx\.|around|roughly|at|be|to|(?<=\b(?:is|are)\s)now)\s+(?:about\s+|approximately\s+|~\s?)?(${NUM})${UNIT}`,
  'i',
);
/**
 * A floor or a ceiling: "at least $30 million", "in excess of EUR 90 million", "more than 10%" (low = the value, high
 * open) or "up to $2 billion", "not to exceed 25%", "no more than $0.50" (high = the value, low open).
 */
const BOUND = new RegExp(
  String.raw`\b(?:(at least|no less than|not less than|in excess of|more than|greater than|(?:a )?minimum of|exceeding|over|above)|(up to|not to exceed|not exceeding|no more than|not more than|(?:a )?maximum of|less than|below|under))\s+(?:approximately\s+|about\s+)?(${NUM})${UNIT}`,
  'i',
);
const QUAL =
  /\b(?:(?:low|mid|high)[- ](?:to[- ](?:mid|high)[- ])?(?:single|double)[- ]digits?|(?:low|mid|high)[- ]teens|double[- ]digits?|(?:increase|decrease|grow|decline) slightly|flat|modest(?:ly)? (?:growth|decline))\b/i;

const ORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
/** A value with the year it is for right after it ("to approximately 25 % in 2023"). */
const PER_YEAR_VALUE = new RegExp(
  String.raw`\b(?:to|of|at)\s+(?:approximately\s+|about\s+|around\s+)?(?:${NUM})${UNIT}\s+in\s+((?:19|20)\d{2})\b`,
  'gi',
);

/** (h-guid21) A range with its own period phrase right after it ("between $3.30 and $3.40 a share for the full year"). */
const PER_PERIOD_RANGE = new RegExp(
  String.raw`\b(?<value>between\s+(?:${NUM})${UNIT}\s+(?:and|to)\s+(?:${NUM})${UNIT}(?:\s+(?:a|per)\s+(?:diluted\s+)?share)?)\s+(?<period>(?:in|for)\s+the\s+(?:(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter|full\s+(?:fiscal\s+)?year|fiscal\s+year)\b)`,
  'gi',
);

/** The target period a title names with its year (FY 2019 from "for the full year 2019"), else null. */
export function titleTarget(text: string): { year: number; period: FiscalPeriod } | null {
  const t = targetOf(text, { fiscalYear: null, fiscalPeriod: null });
  return t.year !== null && t.period !== null ? { year: t.year, period: t.period } : null;
}

/** (h-guid23) A goal moved to a later year: "is postponed one year to 2028". */
const POSTPONED = /\b(?:postponed|pushed back|deferred)\s+(?:[\w-]+\s+){0,3}?to\s+((?:19|20)\d{2})\b/i;

function targetOf(
  text: string,
  reported: {
    fiscalYear: number | null;
    fiscalPeriod: FiscalPeriod | null;
    periodEnd?: string | null;
    /** (h-guid22) The date a text with no reported period opens with (" date 2025-11-05"), if any. */
    dated?: string | null;
  },
): { year: number | null; period: FiscalPeriod | null } {
  // The year of the base a growth is measured from ("between a decline of 1 percent and flat from the base fiscal 2023
  // earnings of $5.90 per share") is a past year, not the target's.
  text = text.replace(FROM_BASE_YEAR, ' ');
  // (h-guid23) A goal said to be postponed to a year ("reaching sales of SEK 7.5 billion by 2027 at the latest is
  // postponed one year to 2028") targets that year: the earlier one ("by 2027") and the text's own ("in 2024") are not
  // the goal's.
  const postponed = POSTPONED.exec(text);
  if (postponed) return { year: Number(postponed[1]), period: 'FY' };
  // (h-guid21) A quarter naming a document ("revised guidance it provided in its fiscal third-quarter earnings release
  // Dec. 21") is no target.
  text = text.replace(
    // (h-guid22: "its third-quarter financial report" too.)
    /\b(?:fiscal\s+)?(?:first|second|third|fourth)[- ]quarter\s+(?:earnings\s+|results\s+|financial\s+)?(?:release|report|conference call)\b/gi,
    ' ',
  );
  // Of several quarter phrases the first that states its year or its end date names the target ("Raises First
  // Quarter Earnings Outlook ... for the first quarter ending April 29, 2006"), else the first.
  // A quarter named as results ("2021 First Quarter Results") is the reported period, not a target.
  const quarters = [
    ...text.matchAll(
      /\b(first|second|third|fourth)[ -](?:fiscal )?quarter(?: of)?(?: fiscal)?(?: year)?\s*'?(\d{4})?\b|\bfiscal (\d{4}) (first|second|third|fourth) quarter\b|\bQ([1-4])\s*(?:FY|fiscal)?\s*'?(\d{4}|\d{2})?\b/gi,
    ),
  ]
    .filter((q) => !/^\s*(?:financial |operating )?results\b/i.test(text.slice(q.index! + q[0].length)))
    // (h-guid32) A quarter that performance runs "through" ("our solid financial performance through the second
    // quarter") is the span of results to date, not a target.
    .filter((q) => !/\bthrough\s+(?:the\s+)?$/i.test(text.slice(0, q.index!)));
  let m: RegExpExecArray | RegExpMatchArray | null =
    quarters.find(
      (q) =>
        (q[2] ?? q[3] ?? q[6]) !== undefined ||
        /^\s*(?:ending|ended|which ends)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4}/.test(
          text.slice(q.index! + q[0].length),
        ),
    ) ??
    quarters[0] ??
    null;
  if (m) {
    const ord = m[1] ? ORD[m[1].toLowerCase()]! : m[4] ? ORD[m[4].toLowerCase()]! : Number(m[5]);
    const yText = m[2] ?? m[3] ?? m[6];
    let year = yText ? (yText.length === 2 ? 2000 + Number(yText) : Number(yText)) : null;
    // "the first quarter ending April 29, 2006": no fiscal year named, so it is inferred from the end date as a
    // reported period's is (the calendar year in which the fiscal year containing the quarter ends).
    const ending = /^\s*(?:ending|ended|which ends)\s+([A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})/.exec(
      text.slice(m.index! + m[0].length),
    );
    const endDate = ending ? parseDate(ending[1]!.replace('.', '')) : null;
    if (year === null && endDate !== null) year = inferFiscalYear(endDate, `Q${ord}` as FiscalPeriod, null);
    if (year === null && reported.fiscalYear !== null && reported.fiscalPeriod?.startsWith('Q')) {
      year = ord > Number(reported.fiscalPeriod.slice(1)) ? reported.fiscalYear : reported.fiscalYear + 1;
    }
    return { year, period: `Q${ord}` as FiscalPeriod };
  }
  // "the quarter ending June 30, 2023", "Three Months Ending April 1, 2023": a quarter named by its end date alone is
  // the calendar quarter whose last day is within a week of that date.
  const quarterEnd =
    /\b(?:quarter|three months) (?:ending|ended)\s+([A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})/i.exec(text);
  const qEnd = quarterEnd ? parseDate(quarterEnd[1]!.replace('.', '')) : null;
  if (qEnd) {
    const d = new Date(`${qEnd}T00:00:00Z`);
    // In a release that reports a quarter with its end date, a quarter named by its end date is counted from the
    // reported one in the release's fiscal calendar ("Outlook for the Quarter ending December 31, 2023" in a release for
    // the second quarter of fiscal 2024 ended September 30, 2023: the third quarter of fiscal 2024).
    if (reported.periodEnd && reported.fiscalYear !== null && reported.fiscalPeriod?.startsWith('Q')) {
      const r = new Date(`${reported.periodEnd}T00:00:00Z`);
      const months = (d.getUTCFullYear() - r.getUTCFullYear()) * 12 + d.getUTCMonth() - r.getUTCMonth();
      const shifted = new Date(r);
      shifted.setUTCMonth(r.getUTCMonth() + months + 1, 0);
      if (months > 0 && months % 3 === 0 && Math.abs(d.getTime() - shifted.getTime()) <= 7 * 86400000) {
        const n = Number(reported.fiscalPeriod.slice(1)) - 1 + months / 3;
        return { year: reported.fiscalYear + Math.floor(n / 4), period: `Q${(n % 4) + 1}` as FiscalPeriod };
      }
    }
    for (const [q, month] of [
      [1, 2],
      [2, 5],
      [3, 8],
      [4, 11],
    ] as const) {
      for (const y of [d.getUTCFullYear() - 1, d.getUTCFullYear()]) {
        const end = Date.UTC(y, month + 1, 0);
        if (Math.abs(d.getTime() - end) <= 7 * 86400000) return { year: y, period: `Q${q}` as FiscalPeriod };
      }
    }
  }
  const half = halfTarget(text);
  if (half) return half;
  const split = splitFiscalYear(text);
  if (split !== null) return { year: split, period: 'FY' };
  // (h-guid21: "FY ’19", a curly apostrophe after a space.)
  // (h-guid27: "the financial year 2024", the British and European name, as "fiscal year 2024"; h-guid33: "in the 2023
  // financial year" as "the 2023 fiscal year".)
  m =
    /\b(?:fiscal(?: year)?|financial year|full[- ]year|FY)\s*['’]?(\d{4}|\d{2})\b|\b(\d{4}) (?:fiscal year|financial year|full[- ]year)\b/i.exec(
      text,
    );
  if (m) {
    const y = m[1] ?? m[2]!;
    return { year: y.length === 2 ? 2000 + Number(y) : Number(y), period: 'FY' };
  }
  // "for the fiscal year ending December 31, 2023": a fiscal year named by its end date alone.
  // ("Year Ending December 31, 2023": a year still to end, over an outlook table's columns.)
  const yearEnd =
    /\b(?:fiscal year (?:ending|ended)|year ending)\s+([A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})/i.exec(text);
  const yEnd = yearEnd ? parseDate(yearEnd[1]!.replace('.', '')) : null;
  if (yEnd) return { year: inferFiscalYear(yEnd, 'FY', null), period: 'FY' };
  // "the fiscal year ending March 2012": by its month alone, the fiscal year ending in that month's year.
  // (h-guid25: "in the full year to March 2012" too.)
  const monthEnd =
    /\b(?:fiscal year (?:ending|ended)|(?:full|financial) year to)\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+((?:19|20)\d{2})\b/i.exec(
      text,
    );
  if (monthEnd) return { year: Number(monthEnd[1]), period: 'FY' };
  // (h-guid22) "for the financial year to end-March" with no year, in a text dated 2025-11-05 that reports no period: the
  // fiscal year ending at the first such month from that date (March 2026).
  const monthOnly =
    /\b(?:fiscal|financial) year (?:ending|ended|to)(?: in)?\s+(?:end-)?(January|February|March|April|May|June|July|August|September|October|November|December)\b(?![\s,]*(?:\d{1,2},?\s*)?(?:19|20)\d{2})/i.exec(
      text,
    );
  if (monthOnly && reported.dated) {
    const [y, mo] = reported.dated.split('-').map(Number) as [number, number];
    const end = MONTHS.findIndex((x) => x.toLowerCase() === monthOnly[1]!.toLowerCase()) + 1;
    return { year: end >= mo ? y : y + 1, period: 'FY' };
  }
  // "2019 adjusted EPS guidance of ...", "UPDATES 2019 GUIDANCE": a year that qualifies a guidance word.
  m = /\b((?:19|20)\d{2})\s+(?:[A-Za-z-]+\s+){0,4}?(?:guidance|outlook|forecast|targets?)\b/i.exec(text);
  if (m) return { year: Number(m[1]), period: 'FY' };
  // "Updated guidance for 2017 results": a year right after a guidance word.
  m = /\b(?:guidance|outlook|forecast)\s+for\s+((?:19|20)\d{2})\b/i.exec(text);
  if (m) return { year: Number(m[1]), period: 'FY' };
  // (h-guid21: "For the current quarter ending in September": the quarter after the reported one, said to end later.)
  if (
    /\b(?:next|coming|upcoming) quarter\b|\bcurrent quarter ending\b/i.test(text) &&
    reported.fiscalPeriod?.startsWith('Q') &&
    reported.fiscalYear !== null
  ) {
    const q = Number(reported.fiscalPeriod.slice(1));
    return q === 4
      ? { year: reported.fiscalYear + 1, period: 'Q1' }
      : { year: reported.fiscalYear, period: `Q${q + 1}` as FiscalPeriod };
  }
  if (/\b(?:full[- ]year|fiscal year|the year|for the year)\b/i.test(text))
    return { year: reported.fiscalYear, period: 'FY' };
  // (h-guid20) "expects to generate $91 billion of NII in 2024": a bare year after "in" or "for", in a forecast that
  // names no other period, is that fiscal year (not one after "compared with", "versus" or "from", a base).
  m = /\b(?:in|for)\s+((?:19|20)\d{2})\b(?!\s?[/-]\s?\d)/i.exec(text);
  if (m && !/\b(?:compared (?:with|to)|versus|vs\.?|from|than)\b[^.;]*$/i.test(text.slice(0, m.index)))
    return { year: Number(m[1]), period: 'FY' };
  return { year: null, period: null };
}

/** (h-guid25) A sentence's opening clause of cause, up to its comma ("Supported by the growth of revenues in ..., "). */
const CAUSE_LEAD =
  /^\s*(?:Supported|Driven|Helped|Boosted|Aided|Hurt|Hit|Impacted|Affected|Weighed down)\s+by\b[^,;.]{0,200},\s*/i;

const MONTHS: readonly string[] = MONTH_NAMES;
const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December)';

/**
 * (h-guid25) A half year named as a target's period, in a text naming no full year: "first half (of) (fiscal) 2025",
 * "second-half", "H1 2025", "half-year" (the first, the interim half), "the six months to September" / "to 1 December 2019", "April 1 to September 30, 2017" (a
 * span of six whole months). H1 / H2 as the words say (a span or "six months to" is the first half); the fiscal year is
 * the one named beside "half", else the one ending six months after the stated end of the span (an H1 belongs to the
 * fiscal year ending six months after it, as a reported half does), else unknown.
 */
function halfTarget(text: string): { year: number | null; period: FiscalPeriod } | null {
  if (/\b(?:full[- ]year|fiscal year|financial year|the year|for the year|FY\s*['’]?\d{2})/i.test(text))
    return null;
  const halves = [
    ...text.matchAll(
      /\b(first|second)[- ]half(?:[- ]year)?(?:\s+of)?(?:\s+(?:the\s+)?(?:fiscal|financial)(?:\s+year)?)?\s*['’]?((?:19|20)\d{2})?\b|\bH([12])\s*((?:19|20)\d{2})\b|\b(?<!(?:first|second)[- ])half[- ]year\b/gi,
    ),
  ];
  const sixMonths = new RegExp(
    String.raw`\bsix months (?:to|ending|ended)\s+(?:\d{1,2}\s+)?${MONTH}(?:\s+\d{1,2})?(?:,?\s+((?:19|20)\d{2}))?\b`,
    'gi',
  );
  const span = new RegExp(
    String.raw`\b${MONTH}\s+1\s+(?:to|through|-|–)\s+${MONTH}\s+(?:30|31),?\s+((?:19|20)\d{2})\b`,
    'gi',
  );
  // (A half named beside another year, "our second half outlook ... our existing 2019 operating earnings guidance",
  // "capital expenditures for 2019 ... for the second half of 2019 for Harsco AXC", is no target period.)
  let rest = text;
  for (const m of halves) rest = rest.replace(m[0], ' ');
  rest = rest.replace(sixMonths, ' ').replace(span, ' ');
  if (/\b(?:19|20)\d{2}\b/.test(rest)) return null;
  const named = halves[0];
  if (named) {
    const second = (named[1] ?? '').toLowerCase() === 'second' || named[3] === '2';
    const y = named[2] ?? named[4];
    return { year: y ? Number(y) : null, period: second ? 'H2' : 'H1' };
  }
  const fiscalYearOf = (month: string, year: string | undefined) => {
    if (year === undefined) return null;
    const end = MONTHS.indexOf(month.toLowerCase()) + 1 + 6;
    return end > 12 ? Number(year) + 1 : Number(year);
  };
  const six = [...text.matchAll(sixMonths)][0];
  if (six) return { year: fiscalYearOf(six[1]!, six[2]), period: 'H1' };
  for (const m of text.matchAll(span)) {
    const from = MONTHS.indexOf(m[1]!.toLowerCase());
    const to = MONTHS.indexOf(m[2]!.toLowerCase());
    if ((to - from + 12) % 12 === 5) return { year: fiscalYearOf(m[2]!, m[3]), period: 'H1' };
  }
  return null;
}

/**
 * (h-guid15) "in the March quarter": a quarter named by the month it ends in, in a release reporting a quarter whose end
 * month it states ("the third quarter ended December 2019"), is the quarter that many months after the reported one.
 */
function monthQuarter(
  text: string,
  reported: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null; periodEnd?: string | null },
  sentences: Sentence[],
): { year: number; period: FiscalPeriod } | null {
  const named =
    /\bthe\s+(January|February|March|April|May|June|July|August|September|October|November|December)\s+quarter\b/i.exec(
      text,
    );
  const n = /^Q([1-4])$/.exec(reported.fiscalPeriod ?? '')?.[1];
  if (!named || n === undefined || reported.fiscalYear === null) return null;
  let end = reported.periodEnd ? Number(reported.periodEnd.slice(5, 7)) : null;
  if (end === null)
    for (const x of sentences) {
      const m =
        /\bquarter ended\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b/i.exec(
          x.text,
        );
      if (m) {
        end = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
        break;
      }
    }
  if (end === null) return null;
  const months = (MONTHS.indexOf(named[1]!.toLowerCase()) + 1 - end + 12) % 12;
  if (months === 0 || months % 3 !== 0) return null;
  const k = Number(n) - 1 + months / 3;
  return { year: reported.fiscalYear + Math.floor(k / 4), period: `Q${(k % 4) + 1}` as FiscalPeriod };
}

/**
 * "reported" as an adjective right before a sales or revenue name ("raised its reported sales growth outlook",
 * "fiscal 2018 reported sales of about $6.7 billion") is the GAAP basis, as "on a reported basis" is; the verb
 * ("the company reported sales of") is not, so a possessive, an article or a year must come before it.
 */
function reportedSales(metric: string, wordsBefore: string): boolean {
  return (
    (metric === 'revenue' || metric === 'revenue_growth') &&
    // (h-guid18: "Estimated reported sales are now in a range of ...": an estimate of the reported line.)
    /\b(?:its|their|our|the|(?:19|20)\d{2}|estimated)\s+reported\s+$/i.test(wordsBefore)
  );
}

/**
 * A fiscal year written as the two calendar years it spans ("in 2015/16", "Outlook for 2022-2023", "FY 2015/2016")
 * is the fiscal year of the second, as a fiscal year is named by the calendar year in which it ends; a span of more
 * than one year ("2024-2028 targets") names no one fiscal year.
 */
function splitFiscalYear(text: string): number | null {
  for (const m of text.matchAll(/\b((?:19|20)\d{2})\s?[/-]\s?((?:19|20)?\d{2})\b(?![/-]\d)/g)) {
    const first = Number(m[1]);
    const second = m[2]!.length === 2 ? Math.floor(first / 100) * 100 + Number(m[2]) : Number(m[2]);
    if (second === first + 1) return second;
  }
  return null;
}

/**
 * The status words, most specific first: a direction beats "updated", which only says the target was revised. (h-guid29:
 * "the outlook increase absorbs ...", the noun after the target's name, is raised.)
 */
const STATUS_WORDS: [RegExp, GuidanceStatus][] = [
  [
    // ("assuming the Fed raises rates again": interest rates raised are no status, h-guid15; h-guid33: "boosting net
    // sales and organic sales growth outlook", the verb, as "lifted".)
    /\b(?:(?:raises?|raised|raising)(?!\s+(?:interest\s+)?rates\b)|upward revisions?|revised upward|increas(?:es?|ed|ing) (?:(?!to\b)[\w$.-]+ ){0,4}(?:guidance|outlook)|(?:guidance|outlook) (?:has been|have been|was|is being|is) (?:increased|raised)|lifts?|lifted|boost(?:s|ed|ing)\b|(?:guidance|outlook) increase\b|up (?:modestly |slightly |sharply )?from (?:the |its |our )?(?:prior|previous|(?:January|February|March|April|May|June|July|August|September|October|November|December)) (?:guidance|outlook|forecast|estimate)|(?:an? )?increase from (?:the |its |our )?previously (?:provided|issued|given|announced)|exceed(?:s|ed)? (?:the |its |our )?(?:prior|previous|initial|original) (?:guidance|outlook|forecasts?)|revis(?:e|es|ed|ing) (?:the |its |our )?(?:forecasts?|outlook|guidance) for [^.;]{1,80}? upward)\b/i,
    'raised',
  ],
  [
    /\b(?:lowers|lowered|lowering|downward revisions?|revised downward|lower (?:its|the|our)|reduces? (?:its|the)|reduced (?:its|the)|reduced(?= (?:(?:full|fiscal)[- ]year |annual |(?:19|20)\d{2} )?(?:guidance|outlook|forecasts?)\b)|cuts? (?:its|the)|trim(?:s|med|ming)? (?:its|the|our)|cuts?\s+(?:[\w'-]+\s+){0,4}?view\b|reduction in (?:[\w-]+ ){0,3}(?:guidance|outlook)|(?:guidance|outlook) (?:has been|have been|was) (?:reduced|lowered)|down (?:modestly |slightly |sharply )?from (?:the |its |our )?(?:prior|previous|(?:January|February|March|April|May|June|July|August|September|October|November|December)) (?:guidance|outlook|forecast|estimate)|(?:an? )?decrease from (?:the |its |our )?previously (?:provided|issued|given|announced)|reduced from (?:€|£|\$|(?:US|[ACR])\$|(?:EUR|GBP|USD|CHF|JPY|SEK|NOK|DKK|CAD|AUD)\s?)?\d+|revis(?:e|es|ed|ing) (?:the |its |our )?(?:forecasts?|outlook|guidance) for [^.;]{1,80}? downward|(?:fall|falls|fell|falling) (?:\w+ ){0,2}short of (?:the |its |our )?(?:previous(?:ly stated)?|prior|original) (?:target|guidance|outlook|forecast))\b/i,
    // (h-guid24: "will fall significantly short of the previously stated target": lowered.)
    // (h-guid29: "trimmed its adjusted earnings and organic net sales guidance" and a wire's "Cuts FY25 revenue view to"
    // are lowered.)
    // (h-guid27: "down from the previous estimate of around €10.5 billion", and a range "reduced from €550 million to
    // €625 million", an earlier amount after "reduced from": lowered.)
    // (h-guid28: "revised the forecasts for ordinary income and net income downward", the direction after the items, is
    // lowered, "upward" raised; "expected to exceed the initial forecasts" raised.)
    // (h-guid28: "down modestly from February guidance", the earlier guidance named by an adverb and the month it was
    // given, is lowered, "up ... from" raised; so is "reflecting an increase / a decrease from the previously provided
    // $2.15 to $2.25 range".)
    'lowered',
  ],
  [/\bnarrow(?:s|ed|ing)?\b/i, 'narrowed'],
  [/\bwiden(?:s|ed|ing)?\b/i, 'widened'],
  [
    // "consistent with our previous guidance": the target is the one given before; so is one the company "continues
    // to project" ("it continues to project fiscal 2018 reported sales of about $6.7 billion").
    /\b(?:reaffirm\w*|reiterat\w*|confirm\w*|maintain\w*|continues? to (?:project|expect|anticipate|forecast|estimate)|(?:is|are) still expected|remains? unchanged|(?:guidance|outlook) is unchanged|(?:guidance|outlook|forecast)\b[^.;]{0,40}\bis unchanged|(?:left|leaves?|kept|keeps) unchanged|consistent with (?:our|its|the) (?:previous(?:ly issued)?|prior) (?:guidance|outlook))\b/i,
    'reaffirmed',
  ],
  // ("is adjusting its forecast for fiscal year 2019": "adjusted" alone qualifies a measure, so only the verb with its
  // forecast counts.)
  [
    // (h-guid23: a goal "postponed one year to 2028" is updated too.)
    /\b(?:(?:postponed|pushed back|deferred)\s+(?:[\w-]+\s+){0,3}?to\s+(?:19|20)\d{2}|updat(?:e|es|ed|ing)|revis(?:e|es|ed|ing)|adjust(?:s|ing)\s+(?:its\s+|the\s+|our\s+)?(?:[\w-]+\s+){0,3}?(?:forecast|outlook|guidance|expectations|estimates?))\b/i,
    'updated',
  ],
  // ("initiative(s)" is a noun, a programme: "working capital efficiency and inventory reduction initiatives".)
  [
    // ("announces medium-term targets for EBITDA-margin for the first time": targets set for the first time.)
    // (h-guid19: "re-instated its earnings and adjusted earnings guidance", "reinstated financial guidance for the full
    // year": guidance given anew after a withdrawal, none being in force.)
    /\b(?:initiat(?!ives?\b)\w*|introduc\w*|establish\w*|re-?instat\w*|provid\w* (?:its )?(?:initial|first)|(?:targets?|guidance|outlook|forecasts?)\b[^.;]{0,80}\bfor the first time)\b/i,
    'initiated',
  ],
];

/** The worded status and where its word ends (the target named right after it is the one it speaks of). */
/**
 * A sentence opening with "Previously," and a past forecast verb: the earlier targets, not targets. (h-guid22: so does
 * one opening with a past time, "However, in the first quarter, management guided for 2025 NII to increase 1% to 3%",
 * "In January, ...", "Last quarter, ...".)
 */
const PREVIOUSLY_EXPECTED =
  /^(?:(?:however|but),?\s+)?(?:previously|earlier this year|in (?:the |its )?(?:first|second|third|fourth|prior|previous|last) quarter|in (?:January|February|March|April|May|June|July|August|September|October|November|December)|last (?:quarter|year|month)),?\s+(?:[\w.&'’-]+\s+){1,4}?(?:had\s+)?(?:expected|projected|forecast|guided|anticipated|estimated|saw)\b/i;

/**
 * A company that increases or lowers its expectations for a metric to a value ("The company also increased full year
 * organic revenue growth expectations to approximately 7 percent") states a target, raised or lowered: the direction
 * word, then up to six words naming the period and the metric, then "expectations to" / "expectations of".
 */
const CHANGED_EXPECTATIONS =
  /\b(increas(?:es|ed|ing)|rais(?:es|ed|ing)|lower(?:s|ed|ing)|reduc(?:es|ed|ing))\s+(?:(?:its|our|their|the)\s+)?(?:[\w-]+\s+){0,6}?expectations\s+(?:to|of)\s/i;

function statusMatch(text: string): { status: GuidanceStatus; end: number } | null {
  const w = WITHDRAWAL.exec(text);
  if (w && !otherMeasureWithdrawn(w[0])) return { status: 'withdrawn', end: w.index };
  const changed = CHANGED_EXPECTATIONS.exec(text);
  if (changed)
    return {
      status: /^(?:increas|rais)/i.test(changed[1]!) ? 'raised' : 'lowered',
      end: changed.index + changed[0].length,
    };
  for (const [re, status] of STATUS_WORDS) {
    const m = re.exec(text);
    if (m) return { status, end: m.index + m[0].length };
  }
  return null;
}

function statusOf(text: string): Guidance['status'] {
  return statusMatch(text)?.status ?? null;
}

/**
 * A sentence that words two different statuses ("Updated guidance ... of net income ... and reaffirmed previously
 * issued guidance of FFO ..."): each metric takes the last status word before its name, else the sentence's.
 */
function statusBefore(text: string, index: number): Guidance['status'] {
  if (WITHDRAWAL.test(text)) return statusOf(text);
  const words: { status: GuidanceStatus; index: number }[] = [];
  for (const [re, status] of STATUS_WORDS)
    for (const m of text.matchAll(new RegExp(re.source, `g${re.flags}`)))
      words.push({ status, index: m.index! });
  if (new Set(words.map((w) => w.status)).size < 2) return statusOf(text);
  const before = words.filter((w) => w.index < index).sort((a, b) => b.index - a.index)[0];
  return before?.status ?? statusOf(text);
}

const DIRECTED = new Set<Guidance['status']>(['raised', 'lowered', 'narrowed', 'widened']);

/**
 * (h-guid18) A withdrawal of the guidance of a measure named with words other than a period, a basis or a determiner
 * before its name ("is suspending COVID-19 Vaccine sales guidance": one product's sales) withdraws none of the
 * company's targets.
 */
function otherMeasureWithdrawn(withdrawal: string): boolean {
  const named = METRICS.map(([re]) => re.exec(withdrawal)).find((x) => x !== null);
  if (!named) return false;
  const between = withdrawal
    .slice(0, named.index)
    .replace(/^\S+\s*/, '')
    .replace(
      /\b(?:its|the|our|their|full[- ]year|fiscal|year|annual|quarterly|(?:19|20)\d{2}|FY\s?'?\d{2,4}|first|second|third|fourth|quarter|adjusted|non-gaap|gaap|reported|previously|issued|provided|financial|net|total)\b/gi,
      ' ',
    );
  return /[A-Za-z]/.test(between);
}

/**
 * (h-guid19) Guidance reinstated ("re-instated its earnings and adjusted earnings guidance for the full-year 2020",
 * "reinstated financial guidance for the full year"): a withdrawal the same document tells of ("had withdrawn its
 * financial guidance", "In April, Abbott suspended annual guidance") is the history the reinstatement undoes, no status.
 */
export const REINSTATED = /\bre-?instat(?:e|es|ed|ing)\b[^.;]{0,80}?\b(?:guidance|outlook|forecasts?)\b/i;

/** A status verb on a named fiscal year's guidance, as a whole or of the metric named between ("Lowered 2015 revenue outlook"). */
const WORDED_NO_VALUE =
  /\b(?:(?:re)?affirm|reiterat|confirm|maintain|rais|lower|reduc|cut|updat|revis)\w*\s+(?:its\s+|the\s+|our\s+)?((?:fiscal\s+(?:year\s+)?|full[- ]year\s+)?(?:(?:19|20)\d{2}|FY\s?'?\d{2,4}))\s+((?:[\w-]+\s+){0,2}?)(?:financial\s+)?(?:guidance|outlook)\b/i;

/** A withdrawal: "withdraws / is withdrawing / withdrew / suspends" followed, in the clause, by what is withdrawn. */
const WITHDRAWAL =
  /\b(?:withdr[ae]w\w*|suspend\w*)\b[^.;]{0,80}?\b(?:guidance|outlook|forecasts?|expectations|targets)\b/i;

/** The words of a proper-name subject before a verb of expectation, opening a sentence ("Smart Infrastructure expects"). */
/**
 * (h-guid31) The release an outlook was given in ("our outlook given in the Earnings Release Q2 FY 2024"): the occasion,
 * not the target's period.
 */
const OUTLOOK_OCCASION =
  /\b(?:given|provided|published|issued|announced|set)\s+(?:in|with)\s+(?:the|our|its)\s+(?:earnings\s+release|results\s+release|quarterly\s+(?:statement|report)|interim\s+report)\s+(?:for\s+)?(?:Q[1-4]|H[12])\s+(?:FY\s?)?(?:19|20)?\d{2}\b/gi;
const NAMED_SUBJECT =
  /^[\s"“'‘]*((?:[A-Z][\w&-]*\s+){0,3}[A-Z][\w&-]*)\s+(?:also\s+)?(?:expects|anticipates|forecasts|targets|sees)\b/;
/** Words opening a subject that are the company's own ("The Company", "Management", "We"), no other business's. */
const OWN_SUBJECT =
  /^(?:The|This|These|Our|We|It|Its|Management|Company|Group|For|In|At|On|As|Overall|Consolidated|Total)$/;
/** A clause where the company itself speaks as "we" or as "the Group" and expects. */
const WE_EXPECT =
  /\b(?:we|the\s+(?:[A-Z][\w&-]*\s+){0,2}Group)\s+(?:also\s+|now\s+|still\s+|continue to\s+)?(?:expect|anticipate|forecast|target|see)\b/;

/**
 * Whether a sentence states another business's targets: its subject a proper name ("Mobility expects ...") that the
 * release's opening sentence does not name, in a paragraph where the company speaks of its own targets as "we".
 */
function businessSubject(s: Sentence, sentences: Sentence[]): boolean {
  const name = NAMED_SUBJECT.exec(s.text)?.[1];
  if (name === undefined) return false;
  const words = name.split(/\s+/);
  if (OWN_SUBJECT.test(words[0]!)) return false;
  const opening = new Set(
    `${sentences[0]?.heading ?? ''} ${sentences[0]?.text ?? ''}`.toLowerCase().match(/[\w&-]+/g) ?? [],
  );
  if (words.some((w) => opening.has(w.toLowerCase()))) return false;
  return sentences.some((o) => o !== s && o.block === s.block && WE_EXPECT.test(o.text));
}

export function guidanceOf(
  sentences: Sentence[],
  reported: {
    fiscalYear: number | null;
    fiscalPeriod: FiscalPeriod | null;
    periodEnd?: string | null;
    dated?: string | null;
  },
): Guidance[] {
  const out: Guidance[] = [];
  const valueless: Guidance[] = [];
  // (h-guid15) The percents of revenue growth stated "in constant currency" (see below).
  const constantCurrency = new Set<string>();
  let frame: { block: number; year: number; period: FiscalPeriod; heading: string; carries: boolean } | null =
    null;
  // The list under a lead saying the outlook rests on assumptions ("The Company's outlook for fiscal 2013 is based on
  // the following assumptions which may or may not prove valid:"): each item is a target of the lead's period.
  let assumed: { year: number | null; period: FiscalPeriod | null } | null = null;
  // (h-guid28) The period of the last short outlook title ("2024 Outlook"): a lead after it naming the period without its
  // year ("For the full-year, AT&T expects:") takes its year.
  let titled: { year: number; period: FiscalPeriod } | null = null;
  let following: {
    block: number;
    target: { year: number | null; period: FiscalPeriod | null };
    status: GuidanceStatus | null;
  } | null = null;
  const listStatus = new Map<Sentence, GuidanceStatus>();
  for (const [si, s] of sentences.entries()) {
    // (h-guid29: a heading "Expectations for 2025" is an outlook heading, the year its targets'.)
    for (const t of [s.heading, s.text])
      if (t.length < 60 && (/\b(?:outlook|guidance)\b/i.test(t) || EXPECTATIONS_HEADING.test(t)))
        titled = titleTarget(t.replace(EXPECTATIONS_HEADING, 'Outlook for $1')) ?? titled;
    const outlookSection = /\boutlook|guidance\b/i.test(s.heading) || EXPECTATIONS_HEADING.test(s.heading);
    // (A lead printed as a heading opens the list too; a lead naming no period speaks of the guidance before it.)
    const leadOf = (t: string) => {
      const own = targetOf(t, reported);
      const last = out.at(-1);
      if (own.period === null && last) return { year: last.targetYear, period: last.targetPeriod };
      return own.year === null && own.period !== null && titled?.period === own.period ? titled : own;
    };
    if (BULLET.test(s.text)) {
      if (assumed === null && ASSUMPTION_LEAD.test(s.heading)) assumed = leadOf(s.heading);
      // (h-guid28: ... and so does a forward list lead printed as a heading, "For the full-year, AT&T expects:".)
      else if (assumed === null && FORWARD_LIST_LEAD.test(s.heading)) assumed = leadOf(s.heading);
    } else if (ASSUMPTION_LEAD.test(s.text)) {
      assumed = leadOf(s.text);
      continue;
    } else if (FORWARD_LIST_LEAD.test(s.text)) {
      // (h-guid18) So does a lead ending in a forecast verb and a colon ("For fiscal year 2024, the Company projects
      // approximately:"): each bullet item under it is a target of the lead's period; the lead's own clauses are read
      // as any sentence.
      assumed = leadOf(s.text.slice(Math.max(0, s.text.search(/[^.;]*$/))));
    } else assumed = null;
    // (h-guid28) A lead "continues to expect the following:" inside a sentence ("For 2024, Verizon (VZ) continues to
    // expect the following: Total wireless ... . Adjusted EPS2 of $4.50 to $4.70. Capital expenditures between ...")
    // opens a list run on as sentences to its paragraph's end: each is a target of the lead's period.
    const followingLead =
      /^(.*\b(?:expects?|expected|projects?|anticipates?|forecasts?|estimates?)\s+the following)\s*:\s+\S/i.exec(
        s.text,
      );
    if (followingLead && !BULLET.test(s.text))
      following = { block: s.block, target: leadOf(followingLead[1]!), status: statusOf(followingLead[1]!) };
    else if (following !== null && following.block !== s.block) following = null;
    else if (following !== null && assumed === null && following.target.period !== null) {
      assumed = following.target;
      // (... and the status its lead words, "continues to expect", is theirs when they word none.)
      if (following.status !== null) listStatus.set(s, following.status);
    }
    if (BOILERPLATE.test(s.text) || NOT_GUIDANCE.test(s.text)) continue;
    // (h-guid30) In a paragraph where the company speaks as "we" ("For the Siemens Group we expect ..."), a sentence
    // whose subject is another proper name, one the release's opening sentence does not name ("Digital Industries
    // expects for fiscal 2024 comparable revenue growth ..."), states that business's targets, not the company's.
    if (businessSubject(s, sentences)) continue;
    // (h-guid31) So do the lines under a heading saying they are given per business area, segment or division ("Overall
    // assumptions per business area"): those parts' targets, not the company's.
    if (
      /\b(?:per|by|for each)\s+(?:business\s+(?:area|unit|segment|line|division)|(?:reporting\s+)?segment|division)s?\b/i.test(
        s.heading,
      )
    )
      continue;
    // (h-guid28) A sentence telling what the target before it includes ("This includes an expected adjusted equity in net
    // income from DIRECTV of approximately $0.30 per share post-tax") states a component, and one stating the target
    // without that component ("When excluding this, the Company expects adjusted EPS in the $1.90 to $1.95 range") a
    // variant of it: neither is a target.
    if (
      /^\s*(?:(?:this|these|that)\s+(?:includes?|excludes?)\b|(?:when\s+)?excluding\s+(?:this|these|that|it)\b)/i.test(
        s.text,
      )
    )
      continue;
    // (h-guid28) A medium- or long-term outlook that names no year ("The medium-term outlook, with robust organic growth
    // in the mid-single-digit percentage range, is reaffirmed") has no single target period: no row.
    if (
      /\b(?:medium|mid|long)[- ]term\s+(?:outlook|targets?|guidance|goals?|ambitions?)\b/i.test(s.text) &&
      !/\b(?:19|20)\d{2}\b|\bFY\s?'?\d{2}\b/i.test(s.text)
    )
      continue;
    // (h-guid33) ... and so has one whose period is a span of years ("new medium-term guidance, forecasting organic net
    // sales growth in a range of 5% to 7% ... for fiscal 2023 to fiscal 2025").
    if (
      /\b(?:medium|mid|long)[- ]term\b/i.test(s.text) &&
      /\bfor\s+(?:fiscal\s+(?:years?\s+)?)?(?:19|20)\d{2}\s+(?:to|through|-|–)\s+(?:fiscal\s+)?(?:19|20)\d{2}\b/i.test(
        s.text,
      )
    )
      continue;
    // "This outlook equates to a range of $6.37 to $6.43 per share" right after an earnings-per-share growth target in
    // its paragraph states the per-share target that growth implies, with that sentence's status, basis and forward
    // word.
    const prior = sentences[si - 1];
    const implied =
      /^(?:this|that|which)\s+(?:outlook\s+|guidance\s+|range\s+)?(?:equates|translates|corresponds)\s+to\b/i.exec(
        s.text,
      );
    const impliedFrom =
      implied &&
      /\bper (?:diluted )?share\b/i.test(s.text) &&
      prior !== undefined &&
      prior.block === s.block &&
      /\b(?:earnings|EPS)\b/i.test(prior.text)
        ? prior
        : null;
    // (h-guid27) An item naming a measure before a colon ("Tax rate: approximately 60 percent on a reported basis, due
    // to ...") whose paragraph goes on to expect the same measure on another basis ("The comparable basis tax rate is
    // expected to be 37 percent") is a target too: the forward word of the next sentence speaks of both.
    const nextSentence = sentences[si + 1];
    const itemName = /^[\s·•|*-]*([A-Za-z][A-Za-z -]{2,40}):\s/.exec(s.text)?.[1];
    const itemMetric = itemName ? METRICS.find(([re]) => re.test(itemName))?.[1] : undefined;
    const pairedItem =
      itemMetric !== undefined &&
      nextSentence !== undefined &&
      nextSentence.block === s.block &&
      looksForward(nextSentence.text) &&
      METRICS.find(([re]) => re.test(nextSentence.text))?.[1] === itemMetric;
    const forward =
      assumed !== null ||
      looksForward(s.text) ||
      CHANGED_EXPECTATIONS.test(s.text) ||
      pairedItem ||
      (impliedFrom !== null && looksForward(impliedFrom.text));
    if (!forward && !outlookSection) continue;
    // (h-guid18) Under an outlook heading, an item with no forward word that opens with a metric's signed change ("• EPS
    // -4.3%; Adjusted “Flat”", "• Net Sales +6.3%: Domestic +5.8%", a results column beside the outlook's) reports results.
    if (
      !forward &&
      BULLET.test(s.text) &&
      /^\s*(?:[•·▪§]|[-*] |\|\s*·)\s*(?:[A-Za-z’'&.-]+\s+){1,3}[+-]\d[\d.]*\s?%/.test(s.text)
    )
      continue;
    // (h-guid16: whatever mark the amount carries: "Free cash flow ... was DKK 785 million" under a headline naming the
    // raised guidance is a result.)
    if (
      // (h-guid27: "on a reported basis" names a basis, not a result reported.)
      /\b(?:was|were) (?:flat at )?(?:\$|€|£|(?:US|[ACR])\$|(?:USD|EUR|RMB|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK)\s?\d|\d)|\breported\b(?!\s+basis\b)/i.test(
        s.text,
      ) &&
      // (h-guid18: a forward word only in the outlook the result is set against, "was flat at $0.83, exceeding the
      // Company's adjusted outlook of $0.80", leaves a result.)
      !(forward && looksForward(s.text.replace(AGAINST_GUIDANCE, ' ')))
    )
      continue;
    // Without a forward word, a sentence under an outlook heading that names the reported quarter ("Q2 revenue of
    // $2.88 billion" in a second-quarter release) states a result; so does a speaker's remark ("... led to a record
    // quarterly adjusted EBITDA of $22.0 million," said ...).
    if (!forward && namesReportedQuarter(s.text, reported)) continue;
    // (h-guid25) A sentence telling what the company reported a year earlier ("a far cry from results the same time a
    // year earlier when Hitachi reported 158 billion yen in net profit ...") states last year's results, whatever
    // forecast it sets them against.
    if (
      /\b(?:a year earlier|a year ago|the year before|the previous year)\b[^.;]{0,40}\breported\b/i.test(
        s.text,
      )
    )
      continue;
    if (!forward && /\b(?:said|says|added|stated|commented)\b/i.test(s.text)) continue;
    const before = out.length;
    // (h-guid18) A base in parentheses ("Net sales of $2.95 billion to $3.0 billion ($2.95 billion in fiscal 2023)")
    // names the year of the base, not of the target.
    // (h-guid20) ... and so does a clause set apart by ", compared with" ("$91 billion of NII in 2024, compared with the
    // roughly $90 billion haul forecast when it reported first-quarter earnings"), when the words before it name one.
    // (h-guid28) ... and so does the period a target was first set for ("The target margin ... originally communicated
    // for financial year 2025/26 is expected to already be achieved in financial year 2024/25"): the plan's, not the
    // target's.
    // (h-guid31) ... and so does the release an outlook was given in ("We confirm our outlook given in the Earnings
    // Release Q2 FY 2024"): the occasion, not the target's period.
    const ownPart = s.text
      .replace(OUTLOOK_OCCASION, ' ')
      .replace(CAUSE_LEAD, ' ')
      .replace(BASE_ASIDE, ' ')
      .replace(
        /\b(?:originally|previously|initially)\s+(?:communicated|planned|set|announced|targeted)\s+for\s+(?:the\s+)?(?:(?:financial|fiscal)\s+)?(?:year\s+)?(?:19|20)\d{2}(?:\s?\/\s?(?:19|20)?\d{2})?/gi,
        ' ',
      );
    const beforeComparison = ownPart.replace(/,\s+compared (?:with|to)\b[^;]*/i, ' ');
    const ownTarget = targetOf(beforeComparison, reported);
    const target =
      monthQuarter(s.text, reported, sentences) ??
      (beforeComparison !== ownPart && ownTarget.period !== null && ownTarget.year !== null
        ? ownTarget
        : targetOf(ownPart, reported));
    const heading = targetOf(s.heading, reported);
    // A sentence that names no target continues the target of the guidance sentence before it in its paragraph
    // ("... for the first quarter ending April 29, 2006 to be ... . The company said that the higher earnings
    // forecast reflects ... comparable store sales increase of 6% to 7%"), else the heading's.
    const previous = out.at(-1);
    // (A wire copy sets each sentence apart as a paragraph: "For the second quarter of 2023, TreeHouse continues to
    // anticipate revenues ... . [analysts' paragraph] Adjusted EBITDA is still expected in a range of ...": with no
    // frame in its own paragraph, a sentence continues the last guidance sentence under the same heading, unless it names
    // another year: "annual growth targets for 2024 through 2027".)
    const ownYears = [...s.text.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => Number(m[0]));
    const continued =
      previous !== undefined && previous.sentence.block === s.block
        ? { year: previous.targetYear, period: previous.targetPeriod }
        : frame !== null && frame.block === s.block
          ? { year: frame.year, period: frame.period }
          : previous !== undefined &&
              previous.sentence.heading === s.heading &&
              ownYears.every((y) => y === previous.targetYear)
            ? { year: previous.targetYear, period: previous.targetPeriod }
            : // (... and a frame with no guidance sentence after it frames the paragraphs after it under its heading
              // that name no other year: "We made upward revisions to our sales and income forecast for the fiscal
              // year ending March 2012" over "Net sales are expected to ...", "Operating income is projected to ...".)
              frame?.carries === true &&
                frame.heading === s.heading &&
                (previous === undefined || previous.sentence.block < frame.block) &&
                ownYears.every((y) => y === frame!.year)
              ? { year: frame.year, period: frame.period }
              : null;
    // A quarter named without its year ("its second-quarter revenue") takes the year the paragraph named for it.
    let tgt =
      assumed !== null && assumed.period !== null && target.period === null
        ? assumed
        : target.period !== null
          ? target.year === null && continued?.period === target.period
            ? { period: target.period, year: continued.year }
            : target
          : (continued ?? heading);
    // (h-guid18) A forecast for "the year ending December 31" without its year whose paragraph goes on to the base "year
    // ended December 31, 2017" is for the year after the base.
    if (tgt.year === null) {
      const ending = /\byear\s+ending\s+([A-Z][a-z]+)\.?\s+(\d{1,2})\b(?!,?\s*(?:19|20)\d{2})/i.exec(s.text);
      const base = ending
        ? sentences
            .slice(si + 1)
            .filter((o) => o.block === s.block)
            .map((o) =>
              new RegExp(
                String.raw`\byear\s+ended\s+${ending[1]}\.?\s+${ending[2]},?\s+((?:19|20)\d{2})\b`,
                'i',
              ).exec(o.text),
            )
            .find((x) => x !== null)
        : undefined;
      if (base) tgt = { year: Number(base[1]) + 1, period: 'FY' };
    }
    // A sentence that states the earlier target ("This compares to the $0.82 to $0.92 earnings per share guidance
    // it provided for the second quarter") gives no target of its own (statusAgainstPrevious reads it).
    if (/^(?:this|these|that|which)\s+(?:compares?|compared)\s+(?:with|to)\b/i.test(s.text)) continue;
    // So does a sentence that opens with "Previously," and a past forecast verb ("Previously, the company expected
    // adjusted earnings in a range of $6.05 to $6.65 per share ...").
    if (PREVIOUSLY_EXPECTED.test(s.text)) continue;
    const status = statusOf(impliedFrom ? impliedFrom.text : s.text);
    // Each metric takes the first value after its name and before the next metric's name.
    const hits: {
      metric: string;
      label: string;
      index: number;
      end: number;
      stop?: number;
      year?: number;
      /** (h-guid15) One basis of a name after "GAAP and non-GAAP", and which of "A and B, respectively" is its. */
      bases?: 'gaap' | 'non_gaap';
      pick?: 0 | 1;
      /** (h-guid21) The words this target's value is read from, in place of those after its name. */
      read?: string;
      /** (h-guid21) The period phrase of this target's own value ("in the third quarter"). */
      periodText?: string;
    }[] = [];
    // Of two metric names that overlap, the longer one is the name ("comparable store sales", not "sales").
    const names: { metric: string; label: string; index: number; end: number }[] = [];
    // (h-guid25) An opening clause of cause ("Supported by the growth of revenues in the second quarter of 2025, ADAMA is
    // expecting to report flat sales for the first half of 2025") names no target: its names are not read.
    const causeEnd = CAUSE_LEAD.exec(s.text)?.[0].length ?? 0;
    for (const [re, metric] of METRICS)
      for (const m of s.text.matchAll(new RegExp(re.source, `g${re.flags.replace('g', '')}`)))
        if (m.index! >= causeEnd)
          names.push({ metric, label: m[0], index: m.index!, end: m.index! + m[0].length });
    // (h-guid18) An item of such a list names its metric first, as an outlook table's row does: the metrics read only as
    // a row's label are read at its start too ("- Operating cash flow in excess of $250 million; and").
    if ((assumed !== null || (outlookSection && !forward)) && BULLET.test(s.text)) {
      const mark = /^\s*(?:[•·▪§]|[-*] |\|\s*·)\s*/.exec(s.text)![0].length;
      const row = labelMetric(s.text.slice(mark), TABLE_METRICS);
      const x = row?.[0].exec(s.text.slice(mark));
      if (row && x && x.index === 0)
        names.push({ metric: row[1], label: x[0], index: mark, end: mark + x[0].length });
    }
    // A metric named right after a percent's "of" ("27-28% of revenue") is the base of a ratio, not a target's name.
    for (let i = names.length - 1; i >= 0; i--)
      if (
        /(?:%|\bpercent)\s+of\s+(?:total\s+|net\s+)?$/i.test(
          s.text.slice(Math.max(0, names[i]!.index - 30), names[i]!.index),
        )
      )
        names.splice(i, 1);
    // A metric's "effect" / "impact" ("a positive EBITDA effect of EUR 3 to 4 million") is a component, not its target.
    for (let i = names.length - 1; i >= 0; i--)
      if (/^\s*(?:effects?|impacts?)\b/i.test(s.text.slice(names[i]!.end))) names.splice(i, 1);
    names.sort((a, b) => b.label.length - a.label.length);
    for (const n of names) if (!hits.some((h) => n.index < h.end && n.end > h.index)) hits.push(n);
    hits.sort((a, b) => a.index - b.index);
    // Growth stated as sequential ("sequential quarterly revenue growth") is quarter over quarter: no target (as an
    // outlook table's Q-Q row).
    for (let i = hits.length - 1; i >= 0; i--)
      if (
        /\bsequential(?:\s+quarterly)?\s+$/i.test(
          s.text.slice(Math.max(0, hits[i]!.index - 30), hits[i]!.index),
        )
      )
        hits.splice(i, 1);
    // A metric named inside a parenthesis that does not follow a metric's name ("Adjusted EBITDA for the quarter (based
    // on GAAP revenue and expenses) is also expected to be ...") is an aside, no target.
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      const open = s.text.lastIndexOf('(', h.index);
      if (open < 0 || s.text.lastIndexOf(')', h.index) > open) continue;
      const close = s.text.indexOf(')', h.end);
      if (close < 0) continue;
      if (hits.some((o) => o !== h && o.end <= open && /^\s*$/.test(s.text.slice(o.end, open)))) continue;
      hits.splice(i, 1);
    }
    // A guidance clause split from the results it follows ("reported Q3 2025 revenue of $2.58 million, ... as the Company
    // reaffirmed full-year guidance of $7 million to $7.5 million") whose guidance names no metric is guidance for the
    // measure those results name first.
    const named = /\bguidance\s+(?=of\s+\$)/i.exec(s.text);
    if (
      hits.length === 0 &&
      named &&
      prior !== undefined &&
      prior.block === s.block &&
      /^,?\s*(?:as|while|and)\s+(?:the\s+company|management|it|we)\b/i.test(s.text)
    ) {
      const first = METRICS.flatMap(([re, metric]) => {
        const x = re.exec(prior.text);
        return x ? [{ metric, index: x.index }] : [];
      }).sort((a, b) => a.index - b.index)[0];
      if (first)
        hits.push({
          metric: first.metric,
          label: named[0].trim(),
          index: named.index,
          end: named.index + named[0].length,
        });
    }
    // A value sentence naming no metric ("GEA now expects a corridor of 14.9 to 15.2 percent") gives the target of the
    // sentence before it in its paragraph when that one names a single metric with a forecast word and no value ("is
    // raising its forecast for the EBITDA margin ... for the full year 2024").
    if (hits.length === 0 && prior !== undefined && prior.block === s.block && RANGE.test(s.text)) {
      const priorHits = METRICS.filter(([re]) => re.test(prior.text));
      if (
        priorHits.length === 1 &&
        !RANGE.test(prior.text.replace(/\b(?:19|20)\d{2}\b/g, '')) &&
        !/\d\s?(?:%|percent|million|billion)|(?:\$|€|£|EUR)\s?\d/i.test(prior.text) &&
        /\b(?:forecast|outlook|guidance|targets?|expectations?)\b/i.test(prior.text)
      ) {
        const x = priorHits[0]![0].exec(prior.text)!;
        hits.push({ metric: priorHits[0]![1], label: x[0], index: 0, end: 0 });
      }
    }
    if (hits.length === 0 && implied && impliedFrom)
      hits.push({ metric: 'eps_diluted', label: implied[0], index: 0, end: implied[0].length });
    // "This represents a year-over-year decrease of 17%-21%" right after a revenue target in its paragraph is that
    // revenue's growth (below zero for a decrease or decline), when the sentence names no metric of its own.
    const growthOf =
      /^(?:this|which)\s+(?:represents|reflects|implies)\s+(?:an?\s+)?(?:year[- ]over[- ]year\s+)?(?:increase|decrease|decline|growth)\s+of\b/i.exec(
        s.text,
      );
    if (hits.length === 0 && growthOf && prior !== undefined && prior.block === s.block) {
      const first = METRICS.flatMap(([re, metric]) => {
        const x = re.exec(prior.text);
        return x ? [{ metric, index: x.index }] : [];
      }).sort((a, b) => a.index - b.index)[0];
      if (first?.metric === 'revenue')
        hits.push({ metric: 'revenue_growth', label: growthOf[0], index: 0, end: growthOf[0].length });
    }
    // A metric followed by values each with its own year ("the adjusted EBITDA margin to approximately 25 % in 2023 and
    // to approximately 27 % in 2025") has one target per year: each value is read on its own, for the year after it.
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      const from = h.end;
      const rest = s.text.slice(from, hits[i + 1]?.index ?? s.text.length);
      const perYear = [...rest.matchAll(PER_YEAR_VALUE)];
      if (perYear.length < 2 || new Set(perYear.map((m) => m.at(-1))).size < perYear.length) continue;
      hits.splice(
        i,
        1,
        ...perYear.map((m, k) => ({
          ...h,
          end: k === 0 ? h.end : from + perYear[k - 1]!.index! + perYear[k - 1]![0].length,
          stop: from + m.index! + m[0].length,
          year: Number(m.at(-1)),
        })),
      );
    }
    // (h-guid15) A name after "GAAP and non-GAAP" ("GAAP and non-GAAP gross margins are expected to be 73.0% and 73.5%,
    // respectively") is one target per basis: "A and B, respectively" gives A to GAAP and B to non-GAAP, one value both.
    // (h-guid21) "basic and diluted ... share count ... A and B, respectively": the diluted count is B.
    for (const h of hits)
      if (h.metric === 'diluted_shares' && /^basic and diluted\b/i.test(h.label)) h.pick = 1;
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      // (h-guid27: ... and so is a name followed by its two bases, "effective tax rate on a reported basis and a
      // non-GAAP basis remain unchanged at approximately 19% and 17%, respectively".)
      if (
        !/\bGAAP and non-GAAP\s+$/i.test(s.text.slice(Math.max(0, h.index - 20), h.index)) &&
        !/^\s*on an? (?:reported|GAAP) basis and (?:on )?an? non[- ]?GAAP basis\b/i.test(s.text.slice(h.end))
      )
        continue;
      hits.splice(i, 1, { ...h, bases: 'gaap', pick: 0 }, { ...h, bases: 'non_gaap', pick: 1 });
    }
    // (h-guid21) A metric followed by ranges each with its own period phrase ("expects to earn between 60 cents and 70
    // cents a share in the third quarter and between $3.30 and $3.40 a share for the full year ending May 31, excluding
    // the retirement program costs") has one target per period; a clause ", excluding ..." after the last qualifies each.
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      const rest = s.text.slice(h.end, hits[i + 1]?.index ?? s.text.length);
      const per = [...rest.matchAll(PER_PERIOD_RANGE)];
      if (per.length < 2 || new Set(per.map((m) => m.groups!.period!.toLowerCase())).size < per.length)
        continue;
      const last = per.at(-1)!;
      const tail = /^[^.;]*?,\s*(excluding\b[^.;]*)/i.exec(rest.slice(last.index! + last[0].length));
      hits.splice(
        i,
        1,
        ...per.map((m) => ({
          ...h,
          read: ` ${m.groups!.value}${tail ? `, ${tail[1]}` : ''}`,
          periodText: m.groups!.period!,
        })),
      );
    }
    // (h-guid21) An amount range whose ends each carry their per-share amount ("net income to range between $292
    // million, $11.54 earnings per share (EPS), and $297 million ($11.74 EPS)", "net income between $230 million ($8.98
    // EPS) and $240 million ($9.38 EPS)") states the amount's range and an EPS range; the names inside are no targets.
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      if (h.metric !== 'net_income') continue;
      const amount = String.raw`\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion))?`;
      const perShare = String.raw`\$\d+(?:\.\d+)?`;
      const ends = new RegExp(
        String.raw`^[^$.;]{0,30}?\bbetween\s+(${amount})(?:,\s*|\s*\()(${perShare})\s+(?:earnings per share\s+)?\(?EPS\)?\)?,?\s+and\s+(${amount})\s*\((${perShare})\s+EPS\)`,
        'i',
      ).exec(s.text.slice(h.end));
      if (!ends) continue;
      const stop = h.end + ends[0].length;
      for (let j = hits.length - 1; j > i; j--) if (hits[j]!.index < stop) hits.splice(j, 1);
      hits.splice(
        i,
        1,
        { ...h, stop, read: ` between ${ends[1]} and ${ends[3]}` },
        { ...h, metric: 'eps_diluted', stop, read: ` between ${ends[2]} and ${ends[4]} per share` },
      );
    }
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i]!;
      // A metric named after "versus" / "compared to" ("versus 2023 sales of $543 million") is the base the
      // target is compared with, not a target.
      if (
        /\b(?:versus|vs\.?|compared (?:with|to))\s+(?:(?:fiscal\s+)?\d{4}\s+|(?:the\s+)?(?:prior|last|previous)\s+year(?:'s)?\s+)?$/i.test(
          s.text.slice(Math.max(0, h.index - 40), h.index),
        ) ||
        // ... and so is one named after a change "off" / "over" a year's figure ("represents a 4% increase off our 2023
        // non-GAAP earnings per share of $3.27").
        /\b(?:increase|decrease|growth|decline)\s+(?:off(?:\s+of)?|over)\s+(?:our\s+|its\s+|the\s+)?(?:fiscal\s+)?(?:19|20)\d{2}\s+$/i.test(
          s.text.slice(Math.max(0, h.index - 60), h.index),
        )
      )
        continue;
      // (h-guid32) A measure named as what a result amounts to ("EBIT increased by 13% to DKK 750 million ..., resulting in
      // an EBIT margin of 19.2%") is a result, no target.
      if (/\bresulting in (?:an?|the)\s+$/i.test(s.text.slice(Math.max(0, h.index - 30), h.index))) continue;
      // A parenthesis right after the name says which measure it is ("earnings (adjusted EBITA)"): the metric it names,
      // or none of the vocabulary.
      const defined = /^\s*\(([^()]{2,40})\)/.exec(s.text.slice(h.end));
      if (
        defined &&
        /\b[A-Z]{3,}\b/.test(defined[1]!.replace(/\b(?:NON-GAAP|GAAP|IFRS|US|USD|EUR)\b/gi, ''))
      ) {
        const other = METRICS.find(([re]) => re.test(defined[1]!));
        if (other === undefined) continue;
        h.metric = other[1];
      }
      // In a list of targets after a colon whose items are set apart by semicolons ("Outlook for 2022-2023 is as
      // follows: At least 8% organic revenue growth; Adjusted EBITA margin of 1.5-2.0%; ..."), each item is one target:
      // its metric's value lies within the item, before its name when none follows it.
      const listStart = s.text.lastIndexOf(':', h.index);
      const inList = listStart >= 0 && /;/.test(s.text.slice(listStart, s.text.length));
      const itemStart = inList ? Math.max(listStart, s.text.lastIndexOf(';', h.index)) + 1 : -1;
      const itemEnd = inList ? s.text.indexOf(';', h.end) : -1;
      const stop = Math.min(
        h.stop ?? hits.slice(i + 1).find((o) => o.index > h.index)?.index ?? s.text.length,
        itemEnd >= 0 ? itemEnd : s.text.length,
      );
      // The target's own period phrase between the name and the value ("earnings per diluted share for the first
      // quarter ending April 29, 2006 to be ...") does not count toward the value's distance from the name.
      // A range whose two ends each carry "per share" ("between $1.25 per share and $1.32 per share") is one per-share
      // range.
      // (h-guid21) Nor does the qualifier "excluding" + lower-case words right after the name ("consolidated diluted EPS
      // excluding significant items (non-GAAP) is now expected to be ..."): it stays one word, the basis it says.
      let rest = signedLosses(
        (h.read ?? s.text.slice(h.end, stop))
          .replace(TARGET_PHRASE, ' ')
          // (h-guid25) ... nor does a half year named right after the name ("Sales in the second half of 2024 are
          // expected to be between EUR 250 million and EUR 260 million").
          .replace(
            /^\s*(?:for|in)\s+(?:the\s+)?(?:first|second)[- ]half(?:\s+of)?(?:\s+(?:the\s+)?(?:fiscal\s+)?year)?(?:\s+(?:fiscal\s+)?\d{4})?(?=\s)/i,
            ' ',
          )
          .replace(/^(\s*[Ee]xcluding)\s+(?:[a-z][\w-]*\s+){1,4}?(?=\((?:non-)?GAAP\)|(?:is|are)\s)/, '$1 '),
      )
        .replace(
          /(\$\s?\d[\d,]*(?:\.\d+)?) per (diluted )?share (and|to) (\$\s?\d[\d,]*(?:\.\d+)?) per (?:diluted )?share\b/gi,
          '$1 $3 $4 per $2share',
        )
        // (h-guid15) An amount's translation in parentheses right after it ("between A$200 million ($138.48 million) and
        // A$280 million") is an aside: the range reads across it.
        .replace(
          /(?<=[A-Z]{1,2}\$\s?\d[\d,]*(?:\.\d+)?\s?(?:million|billion)?)\s*\((?:US)?\$\s?\d[\d,]*(?:\.\d+)?\s?(?:million|billion)?\)/g,
          '',
        );
      // ... nor does an aside in parentheses right after the name ("pro forma combined revenue (including results of
      // the Company's Jumptap, Inc. subsidiary for the entire quarter) is expected to be between ...").
      // (h-guid18: one that states the value with a forecast word, "investments (currently estimated at 140-180 million
      // Euros)", is the value.)
      // (h-guid32: "organic sales growth of +5.2% and +5.5%": a plus sign before a percent is its sign, and two percents
      // joined by "and" after "of", the lower first and no "respectively" after them, are one target's range.)
      rest = rest
        .replace(/(^|[\s(])\+(?=\d[\d.]*\s?%)/g, '$1')
        .replace(
          /\bof\s+(\d+(?:\.\d+)?)\s?%\s+and\s+(\d+(?:\.\d+)?)\s?%(?![\s,]*respectively)/gi,
          (all, a: string, b: string) => (Number(a) < Number(b) ? `of ${a}% to ${b}%` : all),
        );
      // (h-guid33: so does one after up to four words that qualify the name, kept: "free cash flow AL for the Group
      // (before dividend payments and spectrum investment) of over EUR 16.1 billion".)
      const aside =
        /^((?:\s+[A-Za-z]+){0,4}?)\s*\((?!\s*(?:non[- ]?gaap|gaap)\s*\))(?!\s*(?:currently\s+|now\s+)?(?:estimated|expected|forecast|projected)\s+(?:at|to be)\b)[^()]{20,200}\)/i.exec(
          rest,
        );
      if (aside) rest = `${aside[1] ?? ''} ${rest.slice(aside[0].length)}`;
      // (h-guid31) ... nor does one set off by commas that says what the measure is net of ("comparable
      // revenue growth, net of currency translation and portfolio effects, in the range of 4% to 8%").
      const commaAside = /^,\s*net of\s[^,;.()\d%$€£]{3,120},/i.exec(rest);
      if (commaAside) rest = ` ${rest.slice(commaAside[0].length)}`;
      let window = rest.slice(0, 140);
      // (h-guid32) A name followed by nothing but one percent to the end of its line ("- Outlook FY adjusted EBIT margin
      // 17.5%") states that percent as its value.
      const lonePercent = /^[ \t]+(\d+(?:\.\d+)?[ \t]?%)[ \t]*$/.exec(rest.split('\n')[0]!);
      if (lonePercent) window = ` of ${lonePercent[1]}`;
      // "earnings per share, before ..., but including $0.24 per share ..., to be between $2.66 and $2.86":
      // the copula "to be" binds the value to the metric across an aside set off by commas ("Adjusted EBITDA, a
      // non-GAAP financial measure (see definition below), is expected to be in the range of ...": its verb too).
      const ext = rest.slice(0, 300);
      const bound =
        /^,[\s\S]*?,\s*(?:to be|(?:is|are)\s+(?:also\s+|now\s+)?expected\s+to\s+(?:be|range))\s/i.exec(ext);
      // (h-guid32: "Non-GAAP gross profit margin, which excludes the BCD inventory valuation adjustment, is expected to be
      // 29.5 percent": a value right after the copula keeps its "be", the lead a point is read after.)
      if (bound) window = `${/\bbe\s$/i.test(bound[0]) ? ' be ' : ''}${ext.slice(bound[0].length)}`;
      // "Net sales are expected to fall 80.6 billion yen, or 5.1%, year on year to total 1.5 trillion yen": the amount
      // after "to total" / "will total" is the level, the amounts of change before it are not.
      const level = /\b(?:to|will)\s+total\s+(?=\(?-?(?:US\$|\$|€|£|¥)?\s?\d)/i.exec(window);
      // (The change's percent set apart with "or" is revenue's growth, below zero for a fall: "fall 80.6 billion yen,
      // or 5.1%, year on year".)
      const changeBy = level
        ? /\b(rise|increase|grow|fall|decline|decrease|drop)\s+[^,;]{1,40},\s+or\s+(\d+(?:\.\d+)?)\s?(?:%|percent)/i.exec(
            window.slice(0, level.index),
          )
        : null;
      if (level) window = ` of ${window.slice(level.index + level[0].length)}`;
      // (h-guid15) "to increase 35% to 36% from fiscal 2020 to a range of $27.4 billion to $27.6 billion": the percents
      // are the growth, the amounts after the last "to" the level.
      const growthThen = level
        ? null
        : /\bto\s+(increase|grow|rise|decrease|decline|fall)\s+(?:by\s+)?(\d+(?:\.\d+)?)\s?%?\s*(?:to|-|–)\s*(\d+(?:\.\d+)?)\s?(?:%|percent)\s+from\s+(?:fiscal\s+)?(?:19|20)\d{2}\s+to\s+(?=(?:a\s+range\s+of\s+)?\(?-?(?:US\$|\$|€|£))/i.exec(
            window,
          );
      if (growthThen) window = ` of ${window.slice(growthThen.index + growthThen[0].length)}`;
      const leading = inList ? s.text.slice(itemStart, h.index) : '';
      if (
        inList &&
        guidanceValue(window) === null &&
        /^\s*(?:at least |about |approximately |around )?\d/i.test(leading)
      )
        window = ` ${leading}`;
      // (h-guid20) "expects to generate $91 billion of NII in 2024": an amount between a verb of producing and "of" the
      // metric's name is that metric's value, whatever follows the name.
      const amountOf =
        /\b(?:generate|deliver|produce|earn|achieve)\s+((?:approximately |about |around |roughly )?(?:US\$|\$|€|£)\s?\d[\d,]*(?:\.\d+)?\s?(?:thousand|million|billion|trillion|bn)?)\s+of\s+(?:its\s+|the\s+)?$/i.exec(
          s.text.slice(Math.max(0, h.index - 60), h.index),
        );
      if (amountOf) window = ` of ${amountOf[1]}`;
      // (h-guid26) A percent change worded before the name it is of and "for" ("Anticipating a decrease of approximately
      // 1.5% to 2% for organic net sales") is that name's growth target: organic growth for an organic name, below zero
      // for a decrease or decline.
      const changeFor =
        /\b((?:increase|decrease|decline|growth)\s+of\s+(?:approximately |about |around |roughly )?\d+(?:\.\d+)?\s?%?(?:\s*(?:to|-|–)\s*\d+(?:\.\d+)?)?\s?(?:%|percent))\s+for\s+(?:its\s+|the\s+)?$/i.exec(
          s.text.slice(Math.max(0, h.index - 80), h.index),
        );
      if (changeFor && h.metric === 'revenue') window = ` ${changeFor[1]}`;
      // (h-guid26) Sales said to be "flat" right before their name, with no value of their own after it ("is expecting to
      // report flat sales for the first half of 2025 (0% in USD, 1% in RMB)"), is revenue growth of 0%.
      const flatBefore =
        h.metric === 'revenue' &&
        /\bflat\s+$/i.test(s.text.slice(Math.max(0, h.index - 10), h.index)) &&
        guidanceValue(window) === null;
      if (flatBefore) window = ' of 0%';
      if (h.pick !== undefined) {
        const both = new RegExp(
          String.raw`(${NUM})${UNIT}\s+and\s+(${NUM})${UNIT},?\s+respectively\b`,
          'i',
        ).exec(window.split(';')[0]!);
        if (both) {
          const [n, u] = h.pick === 0 ? [both[1]!, both[2]] : [both[3]!, both[4]];
          window = `${window.slice(0, both.index)} ${n.trim()}${u ? (u === '%' ? u : ` ${u}`) : ''}${window.slice(both.index + both[0].length)}`;
        }
      }
      // (h-guid24) An earlier target followed by "and" and a bare verb of arriving ("will fall significantly short of the
      // previously stated target of ... 348.1 million euros and reach a level between around 215-265 million euros"):
      // the amount after that verb is the target.
      const arriving =
        /^(?:[^.;\d]|\.(?=\d))*?\b(?:previous(?:ly)?|prior|original(?:ly)?)\b(?:[^.;\d]|\.(?=\d))*?\d(?:[^.;]|\.(?=\d))*?\band\s+(?:reach|come\s+in\s+at|amount\s+to)\b(?:\s+a\s+level)?/i.exec(
          rest.slice(0, 300),
        );
      // (h-guid27) An amount measure said to move by a percent to a level ("an underlying trading profit up 20 percent to
      // 35-40 million pounds"): the level is its target, the percent its change.
      const movedBy =
        /_income$|^ebitda$/.test(h.metric) &&
        /^\s*(?:(?:is|are)\s+(?:expected\s+)?)?(?:up|down|(?:to\s+)?(?:rise|fall|grow|increase|decrease|decline))\s+(?:by\s+)?(?:about\s+|around\s+|approximately\s+|roughly\s+)?\d[\d.]*\s?(?:%|percent|per cent)\s+to\s+(?=\S*\d)/i.exec(
          window,
        );
      if (movedBy) window = ` of ${window.slice(movedBy[0].length)}`;
      const named = window;
      if (arriving && guidanceValue(` ${rest.slice(arriving[0].length, arriving[0].length + 140)}`) !== null)
        window = ` ${rest.slice(arriving[0].length, arriving[0].length + 140)}`;
      const g = guidanceValue(window);
      if (g === null) continue;
      // A value the target is said to include ("these earnings per share ranges include an expected tax benefit of
      // about $0.05 per share") is a component of it, not the target.
      // ... and so is one the target is said to assume ("The revenue range ... assumes approximately $37 million of
      // contribution from AccessOne").
      // (h-guid21: a scope named with "including" before the value's own lead, "consolidated net sales revenue including
      // Healthy Directions in the range of $1.375 to $1.405 billion", is no component.)
      const lead = window
        .slice(0, Math.max(0, window.indexOf(g.printed)))
        // ("earnings per share for the quarter, assuming dilution, are expected to ...": diluted, no component.)
        .replace(/\bassuming dilution\b/gi, ' ');
      const includes =
        /\b(?:includ(?:e|es|ing)|assum(?:e|es|ing))\b(?![\s\S]*\b(?:includ(?:e|es|ing)|assum(?:e|es|ing))\b)/i.exec(
          lead,
        );
      // (h-guid31) Values the outlook as a whole is said to assume ("These expectations also assume ... tax rate of 24%
      // ... and diluted share count of 108 million") are targets of its period, as an assumption list's items are.
      const wholeAssumes =
        includes !== null &&
        /^assum/i.test(includes[0]) &&
        /\b(?:these|the|our|this)\s+(?:expectations|outlook|guidance)\s+(?:also\s+)?assumes?\b/i.test(s.text);
      if (
        includes &&
        !wholeAssumes &&
        !/^\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*,?\s+(?:is\s+(?:now\s+)?expected\s+to\s+be\s+)?in the range of\s+$/.test(
          lead.slice(includes.index + includes[0].length),
        )
      )
        continue;
      // A value the metric's name reaches through a past-tense verb of change ("First nine months revenues grew 30.8%
      // year-over-year to RMB317.4 million; Company reiterates FY2010 revenue guidance") is a result, not a target.
      if (
        /^\s*(?:grew|increased|decreased|declined|rose|fell|climbed|jumped|dropped)\b/i.test(
          window.slice(0, Math.max(0, window.indexOf(g.printed))),
        )
      )
        continue;
      // A value introduced as the earlier target ("revising our previously issued revenue guidance range of $465
      // million to $485 million", "compared to previous guidance of ...") is the target replaced, not a target, unless
      // the words reaffirm it ("reaffirmed previously issued guidance of FFO of $1.07 to $1.13").
      if (
        // (... and so is every value after "had originally forecast" in its sentence: "euromicron had originally forecast
        // consolidated sales of between EUR 325 million and EUR 345 million and an EBITDA margin of between 4.0% and 5.5%".)
        /\b(?:had|have|has)\s+(?:originally|previously)\s+(?:forecast|expected|guided|projected|anticipated)\b/i.test(
          s.text.slice(0, h.index),
        ) ||
        // (h-guid19: ... and after "compared to the previous forecast of": "..., compared to the previous forecast of SEK
        // 4.10-4.40 billion and an operating margin of 9.5-10.5%".)
        // (h-guid22: ... and after "up from the prior guidance for": "up from the prior guidance for net sales growth of 2
        // to 4 percent, with comparable net sales growth of approximately 3.5 to 5.5 percent".)
        /\b(?:compared (?:to|with)|versus|vs\.?|up from|down from)\s+(?:the\s+|our\s+|its\s+)?(?:previous|prior|original|earlier)\s+(?:forecast|guidance|outlook)\b/i.test(
          s.text.slice(0, h.index),
        ) ||
        // ("Sonoco previously provided first-quarter 2020 base earnings guidance of $0.83 to $0.89": the subject's
        // earlier guidance, stated as such.)
        (/\bpreviously\s+(?:provided|issued|gave|given|announced)\s+(?:[\w-]+\s+){0,4}$/i.test(
          s.text.slice(0, h.index),
        ) &&
          !/\b(?:reaffirm|reiterat|maintain|confirm)\w*\s+(?:its\s+|the\s+|our\s+)?previously\b/i.test(
            s.text.slice(0, h.index),
          )) ||
        (/\b(?:previous(?:ly)?|prior|original(?:ly)?)\b/i.test(
          s.text.slice(Math.max(0, h.index - 40), h.index) +
            window.slice(0, Math.max(0, window.indexOf(g.printed))),
        ) &&
          !/\b(?:reaffirm|reiterat|maintain|confirm)\w*\s+(?:its\s+|the\s+|our\s+)?previous(?:ly)?\b/i.test(
            s.text.slice(Math.max(0, h.index - 60), h.index),
          ))
      )
        continue;
      // A period named before the metric frames it ("For the year, the company now expects earnings per share,
      // ... including $0.24 related to the second quarter special charges, to be ..."); else the sentence's.
      // (h-guid26: the period of an opening clause of cause, "Supported by the growth of revenues in the second quarter of
      // 2025,", frames nothing.)
      const framed = targetOf(s.text.slice(causeEnd, h.index), reported);
      // (The same period with its year, named later in the sentence, completes a frame that states none.)
      // A year right before the metric's name ("expects 2007 net sales growth of approximately 5 percent and estimates
      // 2007 diluted earnings per share of approximately $3.70") names that fiscal year, when no period is named.
      const yearBefore = /\b((?:19|20)\d{2})\s+(?:[A-Za-z-]+\s+)?$/.exec(
        s.text.slice(Math.max(0, h.index - 30), h.index),
      );
      const tg =
        h.year !== undefined
          ? { year: h.year, period: 'FY' as FiscalPeriod }
          : h.periodText !== undefined
            ? targetOf(h.periodText, reported)
            : // (h-guid23: a goal postponed to a year is of that year, whatever year the words before it name.)
              POSTPONED.test(s.text) && tgt.year !== null
              ? tgt
              : framed.period !== null &&
                  !(framed.year === null && tgt.period === framed.period && tgt.year !== null)
                ? framed
                : tgt.period === null && tgt.year === null && yearBefore
                  ? { year: Number(yearBefore[1]), period: 'FY' as FiscalPeriod }
                  : tgt;
      // (h-guid22) The words before the name start after an amount that ends a list item ("including adjusted EPS of
      // $1.70–$1.85, organic net sales change of ..."): a basis word before that amount is the earlier item's.
      const wordsBefore = s.text
        .slice(Math.max(0, h.index - 40), h.index)
        .replace(/^.*\d%?(?:\s*(?:million|billion))?\s*,\s*/s, '');
      // "core EPS" (a non-GAAP measure by name) and "on a comparable basis" are non-GAAP; "reported basis" is GAAP.
      // (h-guid31) Comparable growth is growth net of currency and portfolio effects by its definition: a clause saying
      // so ("comparable revenue growth (excluding currency translation and portfolio effects)") names no basis; only a
      // basis word before its name does.
      // (h-guid32) The basis word inside a share count named by the EPS it divides ("shares used to calculate GAAP EPS")
      // is the EPS's: the count itself names no basis.
      const basisLabel =
        h.metric === 'diluted_shares' ? h.label.replace(/\bshares used\b.*$/i, 'shares used') : h.label;
      const definedComparable =
        h.metric === 'comparable_sales' && !/\b(?:non[- ]?gaap|non[- ]?ifrs|adjusted)\s+$/i.test(wordsBefore);
      const nonGaapWords =
        // (h-guid15: basis words after a semicolon that run into the next target's name, "...; GAAP and non-GAAP gross
        // margins", are that target's.)
        // (h-guid19: ... and one after " and " that opens the next target, "earnings in a range of $5.66 to $7.66 per share
        // and adjusted earnings in a range of ...", is that target's.)
        // (h-guid28: "(non-IFRS)", IFRS being the issuer's GAAP, and "normalized", a measure with items taken out: "An
        // effective tax rate (normalized GAAP basis tax expense, which excludes one-time items)".)
        // (h-guid32: "earnings per share before non-recurring items": a measure before such items is non-GAAP.)
        /\b(?:non[- ]?gaap|non[- ]?ifrs|adjusted|pro ?forma|excluding|comparable basis|ongoing|normali[sz]ed|before non-recurring items)\b/i.test(
          `${wordsBefore} ${basisLabel} ${((/;\s*(?:[\w-]+\s+){1,4}$/.test(rest) ? named.slice(0, 60).split(';')[0] : named.slice(0, 60)) ?? '').split(/\s+and\s+(?=(?:[\w-]+\s+){0,3}?(?:non[- ]?gaap|adjusted|pro ?forma)\s)/i)[0]}`,
        ) ||
        /\bcore\s+$/i.test(wordsBefore) ||
        // (h-guid15) "underlying operating profit", "underlying net profit after tax": a profit before exceptional items.
        (/\bunderlying\s+$/i.test(wordsBefore) && /_income$|^eps_|^ebitda/.test(h.metric)) ||
        // ("second-quarter base earnings guidance of $0.73 to $0.83": base earnings, earnings with items excluded that the
        // release reconciles to GAAP earnings, are non-GAAP as core earnings are.)
        (/\bbase\s+$/i.test(wordsBefore) &&
          /^net_income$|^eps_/.test(h.metric) &&
          !FROM_BASE_BEFORE.test(wordsBefore)) ||
        (impliedFrom !== null && /\b(?:core|adjusted|non[- ]?gaap)\b/i.test(impliedFrom.text)) ||
        // "Operating Income per Share Guidance": GAAP has no operating income per share.
        (h.metric === 'eps_diluted' &&
          /^(?:income|earnings)\b/i.test(h.label) &&
          /\boperating\s+$/i.test(wordsBefore)) ||
        // A sentence that opens with "Excluding ..." qualifies every metric it names after that clause.
        /^\s*excluding\b[^,]{3,100},/i.test(s.text.slice(0, h.index)) ||
        // (h-guid28) A parenthesis right after the name saying the measure is normalized or excludes items ("effective
        // tax rate (normalized GAAP basis tax expense, which excludes one-time items)") makes it non-GAAP.
        /^\s*\([^()]*\b(?:non[- ]?gaap|non[- ]?ifrs|normali[sz]ed|excludes?|excluding)\b[^()]*\)/i.test(
          s.text.slice(h.end),
        );
      const nonGaap = !definedComparable && nonGaapWords;
      // (h-guid21) A basis in parentheses right after the name ("diluted EPS (GAAP) in the range of $3.42 to $3.52") is
      // the target's.
      // (h-guid28: "sales revenues (IFRS)": IFRS is the issuer's GAAP.)
      const parenGaap = /^\s*\((?:U\.S\.\s+)?(?:GAAP|IFRS)\)/i.test(rest);
      const gaap =
        (/\bgaap\b|\breported basis\b/i.test(`${wordsBefore} ${basisLabel}`) ||
          parenGaap ||
          reportedSales(h.metric, wordsBefore)) &&
        !nonGaap;
      let metric = h.metric;
      if (flatBefore && g.unit === 'percent') metric = 'revenue_growth';
      if (changeFor && metric === 'revenue' && g.unit === 'percent')
        metric = /^organic\b/i.test(h.label) ? 'organic_revenue_growth' : 'revenue_growth';
      // "net earnings of $0.03 to $0.09 per share", "net income of $0.61 to $0.65 per diluted common share": an
      // amount followed by "per share" is a per-share target (per ADS: a per-ADS target).
      const at = window.indexOf(g.printed);
      const afterValue = at >= 0 ? window.slice(at + g.printed.length) : '';
      // (h-guid31) An amount a measure is said to increase or decrease by ("The diluted share count is projected to
      // increase by approximately 1 million") is its change, not its level.
      if (
        g.unit !== 'percent' &&
        at >= 0 &&
        /\b(?:increase|decrease|rise|fall|grow|decline|drop)\s+by\s+(?:approximately\s+|about\s+|around\s+|roughly\s+|~\s?)?$/i.test(
          window.slice(0, at),
        )
      )
        continue;
      // An operating income or operating earnings target per share ("operating earnings guidance range of $4.05 to
      // $4.40 per share") is a non-GAAP EPS target: GAAP has no operating income per share.
      // "$57-$61 million on a GAAP basis", "Net income per share (GAAP) is expected ...": a basis stated right after
      // the value, or in parentheses right after the metric, is the value's.
      // (h-guid27: "$21.80 to $22.50 on a reported basis and $23.00 to $23.70 on a non-GAAP basis": reported is GAAP.)
      const after =
        /^\s*(?:(?:thousand|million|billion)\s+)?on an? (non[- ]?gaap|gaap|reported) basis\b/i.exec(
          afterValue,
        );
      const paren = /^\s*\((non[- ]?gaap|gaap)\)/i.exec(window);
      const stated = after?.[1] ?? paren?.[1];
      const statedBasis: 'gaap' | 'non_gaap' | null = stated
        ? /non/i.test(stated)
          ? 'non_gaap'
          : 'gaap'
        : null;
      // A percent of revenue ("operating expenses to be approximately 49% of revenue", "capital expenditures ... about 4%
      // to 5% of revenue per annum") is a ratio to revenue, not the metric's level.
      if (g.unit === 'percent' && /^\s*of\s+(?:total\s+|net\s+)?(?:revenues?|sales)\b/i.test(afterValue))
        continue;
      // (h-guid27) A rate stated for every year of a plan ("the organic growth target for net sales of more than 5%
      // annually ... defined in the 2020 strategy") is the plan's, no target of one period.
      if (g.unit === 'percent' && /^\s*(?:annually|per annum|each year|every year)\b/i.test(afterValue))
        continue;
      // (h-guid32) So is one said to be defined or set in a strategy or plan ("the EBIT margin target of 8% defined in
      // the 2020 strategy").
      if (
        /^\s*(?:as\s+)?(?:defined|set(?: out)?|laid out)\s+in\s+(?:the|its|our)\s+(?:[\w-]+\s+){0,3}(?:strategy|plan)\b/i.test(
          afterValue,
        )
      )
        continue;
      const operatingPerShare =
        metric === 'operating_income' && /^\s*per (?:diluted |basic )?(?:common )?share\b/i.test(afterValue);
      // (An earnings target compared right after its value with a per-share figure, "guidance of $0.73 to $0.83, compared
      // to $0.95 per diluted share in the second quarter of 2019", is per share too.)
      const comparedPerShare =
        /^\s*,?\s*(?:compared (?:to|with)|versus|vs\.?)\s*\$\s?\d[\d,]*(?:\.\d+)?\s+per (?:diluted |basic )?(?:common )?share\b/i.test(
          afterValue,
        );
      // (h-guid19: "adjusted earnings of at least $3.25 a share": "a share" after the value says per share too.)
      if (
        (metric === 'net_income' || operatingPerShare) &&
        (/^\s*(?:per|a) (?:diluted |basic )?(?:common )?share\b/i.test(afterValue) ||
          (metric === 'net_income' && comparedPerShare) ||
          // (h-guid26) A sentence that opens "On a per share basis," ("On a per share basis, first half earnings is
          // raised to 69.01 yen") states its earnings per share.
          (metric === 'net_income' && /^\s*on an? per[- ]share basis,/i.test(s.text)))
      ) {
        metric = /^\s*per basic/i.test(afterValue) ? 'eps_basic' : 'eps_diluted';
      } else if (
        metric === 'net_income' &&
        /^\s*per (?:diluted |basic )?(?:ADS|ADR|American depositary (?:share|receipt))\b/i.test(afterValue)
      ) {
        metric = 'eps_per_ads';
      }
      // FFO / AFFO: read only per share or unit, and an FFO the company qualified further ("Core FFO",
      // "Normalized FFO", "FFO as adjusted") is neither.
      const ffo = metric === 'ffo_per_share' || metric === 'affo_per_share';
      if (ffo) {
        const qualifier = /(?:[A-Za-z-]+\s+){0,2}$/.exec(wordsBefore)?.[0] ?? '';
        if (ffoConcept(`${qualifier}${h.label}${at >= 0 ? window.slice(0, at) : ''}`) !== metric) continue;
        // ("forecast 2023 per-share AFFO between $3.98 and $4.01": "per-share" before the name says it too.)
        if (
          !/^\s*per (?:diluted |basic )?(?:common )?(?:share|unit)\b/i.test(afterValue) &&
          !/\bper[- ](?:share|unit)\s+$/i.test(wordsBefore)
        )
          continue;
      }
      if (
        metric === 'eps_diluted' &&
        !/diluted/i.test(h.label + window.slice(0, 30)) &&
        /\bbasic\b/i.test(h.label)
      )
        metric = 'eps_basic';
      if (metric === 'revenue' && g.unit === 'percent' && !g.relative) metric = 'revenue_growth';
      // (h-guid28) A profit named after "margin for" / "margin of" ("The target margin for EBIT before M&A effects ... of
      // 7% to 8%") is that profit's margin.
      if (g.unit === 'percent' && /\bmargin\s+(?:for|of)\s+(?:the\s+)?$/i.test(wordsBefore)) {
        if (metric === 'operating_income') metric = 'operating_margin';
        else if (metric === 'ebitda') metric = 'ebitda_margin';
      }
      // "revenue to decline about 2 percent year over year": revenue said to grow or decline by a percent is revenue
      // growth, below zero when it declines.
      let sign = 1;
      // (h-guid28: so does revenue said to "be up" or "be down" by a percent, "sales will be down approximately 20
      // percent year-over-year in the second quarter".)
      const verb =
        /^\s*(?:now\s+)?(?:(?:expected\s+)?to\s+(grow|increase|rise|decline|decrease|fall|drop)|(?:will|to|(?:is|are)\s+expected\s+to)\s+be\s+(up|down))\s+(?:by\s+)?(?:about|approximately|around|roughly)?\s*$/i.exec(
          window.slice(0, Math.max(0, window.indexOf(g.printed))),
        );
      // (h-guid27: so does revenue said "to fall by around 6 percent" with no "relative" reading: "first-half revenue to
      // fall by around 6 percent to about 1.35 billion pounds".)
      if (
        h.metric === 'revenue' &&
        (metric === 'revenue' || metric === 'revenue_growth') &&
        g.unit === 'percent' &&
        (g.relative || metric === 'revenue_growth') &&
        g.point !== null &&
        verb
      ) {
        metric = 'revenue_growth';
        if (/decline|decrease|fall|drop|down/i.test(verb[1] ?? verb[2]!)) sign = -1;
      }
      // (h-guid29: so is organic growth named by its direction, "organic net sales decline of 2 to 1 percent".)
      if (
        (metric === 'revenue_growth' ||
          (metric === 'organic_revenue_growth' && /\b(?:decrease|decline)$/i.test(h.label))) &&
        g.unit === 'percent' &&
        /\b(?:decrease|decline)(?:\s+of)?$/i.test(h.label)
      )
        sign = -1;
      if (
        changeFor &&
        h.metric === 'revenue' &&
        g.unit === 'percent' &&
        /^(?:decrease|decline)/i.test(changeFor[1]!)
      )
        sign = -1;
      // (h-guid21) A change measure's percent worded as "a decline of" / "a decrease of" right before it ("comparable-
      // store sales outlook to a decline of 2% to 3%") is below zero.
      if (
        (metric === 'comparable_sales' || metric.endsWith('_growth')) &&
        g.unit === 'percent' &&
        /\b(?:decline|decrease)\s+of\s+$/i.test(window.slice(0, Math.max(0, window.indexOf(g.printed))))
      )
        sign = -1;
      // (h-guid15) An amount named an operating loss is operating income below zero (unless printed negative already).
      if (/\bloss$/i.test(h.label) && g.unit !== 'percent' && (g.point ?? g.high ?? g.low ?? 0) > 0)
        sign = -1;
      // (h-guid15) A value said to be of a half year ("of £43m in the first half of 2020") is no target: a half year is
      // no period of the schema.
      // (h-guid25: a value "for the first half of 2025" in a sentence naming no full year is that half's target, read
      // with the target periods H1 / H2; one "in" / "during" a half, or beside a full year, stays no target.)
      if (
        /^\s*(?:in|for|during)\s+(?:the\s+)?(?:first|second)[- ]half\b/i.test(afterValue) &&
        !(/^\s*for\b/i.test(afterValue) && halfTarget(s.text) !== null)
      )
        continue;
      // (h-guid25) A value "associated with" / "related to" an item ("The updated guidance also includes EPS of $0.26
      // associated with first nine-months 2024 tax benefits") is a component the target includes, not the target.
      if (/^\s*(?:associated with|related to|attributable to)\b/i.test(afterValue)) continue;
      // (h-guid20) A value in basis points not stated around a point ("operating margin ... to expand approximately 120
      // to 160 basis points", "impact revenues by approximately 100 to 150 basis points") is a change of a rate, not a
      // level: no target.
      if (/^\s*(?:basis[- ]points?|bps|bp)\b/i.test(afterValue)) continue;
      // A growth rate called annual up to a year ("an annual revenue growth rate in the mid- to high-single digits through
      // the 2025 fiscal year") is a rate for each year until then, not the target of one period.
      if (
        /_growth$/.test(metric) &&
        /\b(?:annual|annually|per annum|per year|each year)\b/i.test(s.text) &&
        /\bthrough\s+(?:the\s+)?(?:fiscal\s+)?(?:year\s+)?(?:19|20)\d{2}\b/i.test(s.text)
      )
        continue;
      // A figure named as the base a growth is measured from ("from the base fiscal 2023 earnings of $5.90 per share")
      // is a past result, not a target.
      if (FROM_BASE_BEFORE.test(wordsBefore)) continue;
      // (h-guid33) A metric in a clause opening with "where" right after a segment named ("performance in the United
      // States operating segment, where we now anticipate adjusted EBITDA AL of around USD 28.6 billion") is that
      // segment's target, not the company's.
      if (/\bsegment,\s+where\b[^.;]*$/i.test(s.text.slice(0, h.index))) continue;
      const perShare = PER_SHARE_CONCEPTS.has(metric as Concept);
      // A per-share amount given as a percent ("expects earnings per share to be between a decline of 1 percent and
      // flat", "core net earnings per share growth to a range of 8 to 9 percent") is its growth, not its level.
      if (perShare && g.unit === 'percent' && !g.qualitative) continue;
      // (h-guid33) ... and so is its worded value followed by "percent" or "percentage" ("expect earnings per share to
      // grow in double-digit percentage").
      if (
        perShare &&
        g.qualitative &&
        /^[\s-]*(?:percent(?:age)?s?|%)/i.test(window.slice(window.indexOf(g.printed) + g.printed.length))
      )
        continue;
      // (h-guid18) A per-share or profit metric named right before "growth" ("Sees Adjusted EPS Growth Of Low To
      // Mid-Single-Digit") is that metric's growth, whatever its value: no target of the vocabulary.
      if (/^eps|^net_income$|^operating_income$|^ebitda$/.test(metric) && /^\s*growth\b/i.test(window))
        continue;
      // (h-guid18) ... and so is an amount metric's percent after a word of change ("adjusted EBITDA up 5-10% vs. 2023"):
      // its growth, not its level.
      if (
        /^(?:net_income|operating_income|ebitda|free_cash_flow|cash_flow|capex|gross_profit|operating_expenses)$/.test(
          metric,
        ) &&
        g.unit === 'percent' &&
        /\b(?:up|down|increase|decrease|grow|growth|rise|decline|fall)\b[^%]*$/i.test(
          window.slice(0, Math.max(0, window.indexOf(g.printed))),
        )
      )
        continue;
      // (h-guid33) A net interest income stated as a percent ("estimated NII to rise 5% to 6% in 2023") is its growth
      // or a margin, never the income's amount.
      if (metric === 'net_interest_income' && g.unit === 'percent') continue;
      const unit: Guidance['unit'] = g.qualitative
        ? 'text'
        : g.unit === 'percent'
          ? 'percent'
          : perShare
            ? unitOfConcept(metric as Concept)
            : g.money
              ? 'currency'
              : 'count';
      const scale: Scale = perShare || unit === 'percent' || unit === 'text' ? 'units' : g.scale;
      const full = (v: number | null) =>
        v === null ? null : perShare || unit === 'percent' ? (g.cents ? v / 100 : v) : toFullUnits(v, scale);
      if (g.low === null && g.high === null && g.point === null && g.qualitative === null) continue;
      // (h-guid15) Revenue growth stated "in constant currency" ("8.5-10 per cent in constant currency") is no target of
      // the vocabulary (as an outlook table's "Revenue Growth Rate - Constant Currency" row), and the same percents
      // stated for revenue growth elsewhere in the text are that growth.
      // (h-guid20: ... and so is one whose name has "constant currency" before it, "constant currency revenues to
      // increase in a range of approximately 6% to 7%".)
      // (h-guid27: ... and "local currency sales ... will increase approximately 3%", the same growth at the year
      // before's exchange rates.)
      if (
        (metric === 'revenue' || metric === 'revenue_growth') &&
        unit === 'percent' &&
        (/^\s*in constant currenc(?:y|ies)\b/i.test(afterValue) ||
          /\b(?:constant|local)[- ]currency\s+$/i.test(wordsBefore))
      ) {
        constantCurrency.add(`${g.low}|${g.high}|${g.point}`);
        // (h-guid27) Its row is kept until the end, where it is dropped, so that the sentence's period still frames the
        // sentences after it ("For the full year 2025, management anticipates local currency sales will increase
        // approximately 2% ... . Adjusted EPS is forecast to be in the range of $42.05 to $42.25").
      }
      const negated = (v: number | null) => (v === null ? null : -v);
      // Without a status word, the comparison with the previous target; "updated" (no direction) is refined by the
      // previous range printed beside the value ("$0.61 to $0.65 ... (previously $0.60 to $0.64 ...)").
      const statusOfHit = (v: typeof g, index: number, after: string): Guidance['status'] => {
        // (h-guid26) A target in a clause set apart by ", while" that words no status of its own, its value moved "to 40
        // billion yen from 35 billion yen", takes the direction of that move, not the other clause's status.
        const whileAt = s.text.lastIndexOf(', while ', index);
        if (whileAt >= 0 && statusOf(s.text.slice(whileAt)) === null) {
          const moved =
            /^[^.;\d]*?\bto\s+(?:US\$|\$|€|£)?(\d[\d,]*(?:\.\d+)?)\s*(million|billion|trillion)?\b[^.;\d]{0,12}?\bfrom\s+(?:US\$|\$|€|£)?(\d[\d,]*(?:\.\d+)?)\s*(million|billion|trillion)?\b/i.exec(
              after,
            );
          const size = (n: string, w: string | undefined) =>
            Number(n.replace(/,/g, '')) *
            ({ million: 1e6, billion: 1e9, trillion: 1e12 }[w?.toLowerCase() ?? ''] ?? 1);
          if (moved && (moved[2] === undefined) === (moved[4] === undefined)) {
            const [to, from] = [size(moved[1]!, moved[2]), size(moved[3]!, moved[4])];
            if (to !== from) return to > from ? 'raised' : 'lowered';
          }
        }
        if (status === null)
          return statusAgainstPrevious(v, after + followingComparison(sentences, si, metric));
        const own = statusBefore(s.text, index);
        return own === 'updated' ? (statusAgainstPrevious(v, after) ?? own) : own;
      };
      out.push({
        metric,
        label: h.label,
        // EBITDA (and its margin) is non-GAAP by definition, as on the figure side.
        basis:
          h.bases ??
          statedBasis ??
          (nonGaap || ffo || operatingPerShare || metric === 'ebitda' || metric === 'ebitda_margin'
            ? 'non_gaap'
            : gaap
              ? 'gaap'
              : 'unspecified'),
        targetYear: tg.year,
        targetPeriod: tg.period,
        // A range's low end is the smaller ("EBITDA of EUR -6 to -10 million": -10 to -6 million).
        // (A decrease's range is below zero: "a decrease of 17%-21%" = -21 to -17.)
        // (A one-ended value keeps its open end null; below zero a floor turns into a ceiling: "a decline of at least
        // 5%" is growth of at most -5%.)
        low:
          g.low !== null && g.high !== null
            ? Math.min(sign * full(g.low)!, sign * full(g.high)!)
            : sign === -1
              ? negated(full(g.high))
              : full(g.low),
        high:
          g.low !== null && g.high !== null
            ? Math.max(sign * full(g.low)!, sign * full(g.high)!)
            : sign === -1
              ? negated(full(g.low))
              : full(g.high),
        point: g.point === null ? null : sign * full(g.point)!,
        printed: g.printed,
        unit,
        scale,
        qualitative: g.qualitative,
        relative: g.relative,
        status: statusOfHit(
          sign === -1
            ? {
                ...g,
                low: g.high === null ? g.low : -g.high,
                high: g.low === null ? g.high : -g.low,
                point: g.point === null ? null : -g.point,
              }
            : g,
          h.index,
          rest,
        ),
        sentence: s,
      });
      if (changeBy && metric === 'revenue')
        out.push({
          ...out.at(-1)!,
          metric: 'revenue_growth',
          low: null,
          high: null,
          point: (/^(?:fall|decline|decrease|drop)$/i.test(changeBy[1]!) ? -1 : 1) * Number(changeBy[2]),
          printed: changeBy[0],
          unit: 'percent',
          scale: 'units',
          relative: true,
        });
      if (growthThen && metric === 'revenue') {
        const down = /decrease|decline|fall/i.test(growthThen[1]!);
        const [a, b] = [Number(growthThen[2]), Number(growthThen[3])];
        out.push({
          ...out.at(-1)!,
          metric: 'revenue_growth',
          low: down ? -b : a,
          high: down ? -a : b,
          point: null,
          printed: growthThen[0],
          unit: 'percent',
          scale: 'units',
          relative: true,
        });
      }
      // (h-guid25) A net income amount followed by "or" and an amount per share ("net income attributable to owners of the
      // parent of 35 billion yen or 96.61 yen per share") also states the per-share target of its period, basis and
      // status.
      const perShareAfter =
        metric === 'net_income' && g.point !== null && sign === 1 && unit === 'currency'
          ? /^\s*(?:(?:thousand|million|billion|trillion)\s+)?(?:yen\s+)?,?\s*or\s+(?:US\$|\$|¥)?\s?(\d[\d,]*(?:\.\d+)?)\s*(yen|cents)?\s+per\s+(?:diluted\s+)?share\b/i.exec(
              afterValue,
            )
          : null;
      if (perShareAfter)
        out.push({
          ...out.at(-1)!,
          metric: 'eps_diluted',
          low: null,
          high: null,
          point:
            Number(perShareAfter[1]!.replace(/,/g, '')) /
            (perShareAfter[2]?.toLowerCase() === 'cents' ? 100 : 1),
          printed: perShareAfter[0],
          unit: 'currency_per_share',
          scale: 'units',
        });
      // "Gross margin is expected to be 49.5%-50.5% on a GAAP basis, and 50%-51% on a non-GAAP basis": a second value
      // after "and" with a basis of its own is the same target on that basis.
      const second =
        after && sign === 1
          ? /^,?\s+and\s+([^,;]{1,40}?)\s+on an? (non[- ]?gaap|gaap|reported) basis\b/i.exec(
              afterValue.slice(after[0].length),
            )
          : null;
      const g2 = second ? guidanceValue(` of ${second[1]!}`) : null;
      if (
        second &&
        g2 &&
        (g2.low !== null || g2.high !== null || g2.point !== null) &&
        (g2.unit === 'percent') === (unit === 'percent')
      )
        out.push({
          ...out.at(-1)!,
          basis: /non/i.test(second[2]!) ? 'non_gaap' : 'gaap',
          low: g2.low === null || g2.high === null ? full(g2.low) : Math.min(full(g2.low)!, full(g2.high)!),
          high: g2.low === null || g2.high === null ? full(g2.high) : Math.max(full(g2.low)!, full(g2.high)!),
          point: full(g2.point),
          printed: g2.printed,
          status: statusOfHit(g2, h.index, afterValue.slice(after![0].length + second[0].length)),
        });
      // (h-guid27) A change of revenue followed by the level it comes to ("first-half revenue to fall by around 6 percent
      // to about 1.35 billion pounds") states the revenue target too, with the same period, basis and status.
      const levelAfter =
        metric === 'revenue_growth' && h.metric === 'revenue' && unit === 'percent'
          ? /^\s*(?:year[- ](?:on|over)[- ]year\s+)?to\s+(?:total\s+)?((?:about|around|approximately|roughly)\s+)?([^,;()]{1,40})/i.exec(
              afterValue,
            )
          : null;
      const gl = levelAfter ? guidanceValue(` of ${levelAfter[2]!}`) : null;
      if (levelAfter && gl && gl.unit !== 'percent' && gl.money && (gl.point !== null || gl.low !== null))
        out.push({
          ...out.at(-1)!,
          metric: 'revenue',
          low: gl.point === null ? toFullUnits(gl.low!, gl.scale) : null,
          high: gl.point === null && gl.high !== null ? toFullUnits(gl.high, gl.scale) : null,
          point: gl.point === null ? null : toFullUnits(gl.point, gl.scale),
          printed: gl.printed,
          unit: 'currency',
          scale: gl.scale,
          relative: false,
        });
    }
    if (out.length === before) out.push(...lossTargets(s, tgt, status));
    // (h-guid18) A net loss a company expects to record ("is expected to record a net loss of about RMB 950 million to
    // RMB 1.2 billion in the year ending December 31") is net income below zero when the sentence gives no other row.
    if (out.length === before)
      for (const m of s.text.matchAll(FORECAST_NET_LOSS)) {
        const g = guidanceValue(m[1]!);
        if (g === null || g.unit !== null || (g.low === null && g.high === null && g.point === null))
          continue;
        const full = (v: number | null) => (v === null ? null : -toFullUnits(v, g.scale));
        out.push({
          metric: 'net_income',
          label: m[0],
          basis: 'unspecified',
          targetYear: tgt.year,
          targetPeriod: tgt.period,
          low: full(g.high),
          high: full(g.low),
          point: full(g.point),
          printed: g.printed,
          unit: 'currency',
          scale: g.scale,
          qualitative: null,
          relative: false,
          status,
          sentence: s,
        });
      }
    // (h-guid18) A loss named before its per-share value ("now expects a loss in a range of $1.00 to $0.70 per share and
    // adjusted earnings in a range of ...") is an EPS target below zero, whatever else the sentence names.
    // A loss per share target: its values are printed without a sign, so the range is negated (its bounds swap); one row
    // per metric and basis in a sentence.
    const pushLossPerShare = (
      metric: 'eps_basic' | 'eps_diluted',
      basis: 'unspecified' | 'non_gaap',
      label: string,
      g: NonNullable<ReturnType<typeof guidanceValue>>,
    ) => {
      if (out.slice(before).some((o) => o.metric === metric && o.basis === basis)) return;
      const negative = (v: number | null) => (v === null ? null : -v);
      out.push({
        metric,
        label,
        basis,
        targetYear: tgt.year,
        targetPeriod: tgt.period,
        low: negative(g.high),
        high: negative(g.low),
        point: negative(g.point),
        printed: g.printed,
        unit: 'currency_per_share',
        scale: 'units',
        qualitative: null,
        relative: false,
        status,
        sentence: s,
      });
    };
    for (const m of s.text.matchAll(LOSS_BEFORE_PER_SHARE)) {
      const g = guidanceValue(m[1]!);
      if (g === null || (g.low === null && g.high === null && g.point === null)) continue;
      pushLossPerShare(/basic/i.test(m[2] ?? '') ? 'eps_basic' : 'eps_diluted', 'unspecified', m[0], g);
    }
    // (h-guid31) ... and so is a net loss per share named before "to be" and its values ("diluted net loss per share to be
    // between $0.24 and $0.17", "non-GAAP diluted net loss per share to be between $0.13 and $0.06"), non-GAAP when the
    // words before it say so.
    for (const m of s.text.matchAll(LOSS_PER_SHARE_TO_BE)) {
      const g = guidanceValue(m[4]!);
      if (g === null || (g.low === null && g.high === null && g.point === null)) continue;
      pushLossPerShare(
        /basic/i.test(m[2] ?? m[3] ?? '') ? 'eps_basic' : 'eps_diluted',
        m[1] ? 'non_gaap' : 'unspecified',
        m[0],
        g,
      );
    }
    // A forward sentence that names a target period with its year but no metric ("financial results for its second
    // quarter of 2007 will be lower than expected") frames the guidance sentences after it in its paragraph.
    if (out.length === before && target.period !== null && target.year !== null)
      frame = {
        block: s.block,
        year: target.year,
        period: target.period,
        heading: s.heading,
        // (Past its paragraph, only a frame naming the forecast or outlook of its period carries; h-guid33: so does one
        // that opens with its period, "For fiscal 2023, the company continues to expect ...".)
        carries:
          /\b(?:forecast|outlook|guidance)\s+for\s+the\b/i.test(s.text) ||
          /^For\s+(?:the\s+)?(?:fiscal(?:\s+year)?\s+|full[- ]year\s+|financial\s+year\s+)?(?:19|20)\d{2},/i.test(
            s.text,
          ),
      };
    // (h-guid19) A sentence that words a status for a named year's guidance, as a whole or of one metric, and states no
    // value ("affirmed its fiscal 2023 guidance while setting longer-term targets", "Lowered 2015 revenue outlook based on
    // weaker LED industry conditions") is that year's guidance (metric all, or the metric named) with that status, when
    // the document gives no target of that year (and metric) with a value.
    const worded = WORDED_NO_VALUE.exec(s.text);
    if (worded && !/[$€£%]|\d[\d,]*\.\d/.test(s.text)) {
      // (A bare year, "2015 revenue outlook", names that fiscal year.)
      const t = /^(?:19|20)\d{2}$/.test(worded[1]!)
        ? { year: Number(worded[1]), period: 'FY' as const }
        : targetOf(worded[1]!, { fiscalYear: null, fiscalPeriod: null });
      const metric = worded[2]!.trim() === '' ? 'all' : labelMetric(worded[2]!, METRICS)?.[1];
      const status = /affirm/i.test(worded[0]) ? 'reaffirmed' : statusOf(worded[0]);
      if (t.year !== null && t.period === 'FY' && metric !== undefined && status !== null)
        valueless.push({
          metric,
          label: worded[0],
          basis: 'unspecified',
          targetYear: t.year,
          targetPeriod: t.period,
          low: null,
          high: null,
          point: null,
          printed: worded[0],
          unit: 'text',
          scale: 'units',
          qualitative: null,
          relative: false,
          status,
          sentence: s,
        });
    }
    if (
      out.length === before &&
      WITHDRAWAL.test(s.text) &&
      !otherMeasureWithdrawn(WITHDRAWAL.exec(s.text)![0])
    ) {
      for (const w of withdrawalsOf(s, tgt))
        if (
          !out.some(
            (o) =>
              o.status === 'withdrawn' &&
              o.metric === w.metric &&
              o.targetPeriod === w.targetPeriod &&
              o.targetYear === w.targetYear,
          )
        )
          out.push(w);
    }
  }
  if (constantCurrency.size > 0)
    out.splice(
      0,
      out.length,
      ...out.filter(
        (o) =>
          !(
            (o.metric === 'revenue' || o.metric === 'revenue_growth') &&
            o.unit === 'percent' &&
            constantCurrency.has(`${o.low}|${o.high}|${o.point}`)
          ),
      ),
    );
  // A measure the release points to its definition and reconciliation for ("See free cash flow definition and
  // reconciliation to cash flow from operations later in this release") is a non-GAAP measure: its rows of unspecified
  // basis are non-GAAP.
  for (const sen of sentences)
    for (const r of sen.text.matchAll(
      /\bsee\s+((?:[\w-]+\s+){1,4}?)definitions?\b[^.()]{0,40}\breconciliation\b/gi,
    )) {
      const metric = withdrawnMetric(r[1]!.trim());
      if (metric === null) continue;
      for (const o of out) if (o.metric === metric && o.basis === 'unspecified') o.basis = 'non_gaap';
    }
  previousOutlooks(sentences, out, reported);
  // (h-guid31) A target naming no period, in a paragraph whose other forward sentences name one fiscal year and no other
  // period ("For the Siemens Group we expect comparable revenue growth ... in the range of 4% to 8% ... . ... We expect
  // ... to a range of €10.40 to €11.00 in fiscal 2024"), is of that fiscal year.
  for (const o of out) {
    if (o.targetPeriod !== null || o.targetYear !== null) continue;
    const named = new Set<string>();
    for (const other of sentences)
      if (other !== o.sentence && other.block === o.sentence.block && looksForward(other.text))
        for (const m of other.text.matchAll(
          /\b(?:fiscal(?:\s+year)?|FY|financial\s+year|(?:first|second|third|fourth)\s+quarter(?:\s+of)?|Q[1-4]|full[- ]year)\s?'?((?:19|20)?\d{2})\b/gi,
        ))
          named.add(/^(?:fiscal|FY|financial)/i.test(m[0]) ? m[1]!.slice(-2) : `other ${m[0]}`);
    if (named.size === 1 && !/^other/.test([...named][0]!)) {
      o.targetPeriod = 'FY';
      o.targetYear = 2000 + Number([...named][0]);
    }
  }
  for (const o of out) if (o.status === null) o.status = listStatus.get(o.sentence) ?? null;
  for (const v of valueless)
    if (
      !out.some(
        (o) =>
          o.targetYear === v.targetYear &&
          o.targetPeriod === v.targetPeriod &&
          (v.metric === 'all' || o.metric === v.metric),
      )
    )
      out.push(v);
  return out;
}

/**
 * A sentence of the paragraph stating a metric's previous outlook for the periods it names ("The Company's previously
 * communicated revenue outlook was between $25.4 and $26.4 million for the fourth quarter of 2017 and between $103.5
 * and $104.5 million for the full year 2017") sets each target of that metric and period that words no status against
 * its previous range: raised or lowered by its midpoint.
 */
function previousOutlooks(
  sentences: Sentence[],
  out: Guidance[],
  reported: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null },
): void {
  for (const s of sentences) {
    const lead =
      /\bprevious(?:ly)?\s+(?:(?:communicated|announced|issued|provided|stated)\s+)?((?:[\w-]+\s+){1,3}?)(?:outlook|guidance|expectations?)\s+(?:was|were)\s+(?=between\b)/i.exec(
        s.text,
      );
    if (!lead) continue;
    const metric = METRICS.find(([re]) => re.test(lead[1]!))?.[1];
    if (metric === undefined) continue;
    const rest = s.text.slice(lead.index + lead[0].length);
    for (const m of rest.matchAll(
      /\bbetween\s+\$?(\d[\d,]*(?:\.\d+)?)\s*(million|billion)?\s+and\s+\$?(\d[\d,]*(?:\.\d+)?)\s*(million|billion)?\s+for\s+([^,;]+?)(?=\s+and\s+between\b|[,;]|\.?$)/gi,
    )) {
      const target = targetOf(m[5]!, reported);
      if (target.period === null || target.year === null) continue;
      const scale = wordScale(m[4] ?? m[2]);
      const before = toFullUnits(
        (Number(m[1]!.replace(/,/g, '')) + Number(m[3]!.replace(/,/g, ''))) / 2,
        scale,
      );
      for (const g of out) {
        if (g.status !== null || g.metric !== metric || g.sentence.block !== s.block) continue;
        if (g.targetPeriod !== target.period || g.targetYear !== target.year) continue;
        const now = g.point ?? (g.low !== null && g.high !== null ? (g.low + g.high) / 2 : null);
        if (now === null || Math.abs(now - before) < 1e-6 * Math.max(1, Math.abs(before))) continue;
        g.status = now > before ? 'raised' : 'lowered';
      }
    }
  }
}

/**
 * A value followed by "loss" names a net loss target ("Reaffirms 2005 Guidance of $38-$42 Million Loss, or $1.60 -
 * $1.80 Per Share"): net income below zero, and the per-share value after "or" is the loss per share.
 */
const FORECAST_NET_LOSS =
  /\b(?:record|report|post|incur)\s+a\s+net\s+loss\s+of\s+((?:(?:about|approximately|around)\s+)?(?:(?:RMB|US\$|HK\$|\$|€|£|EUR)\s?)?\d[\d,]*(?:\.\d+)?\s?(?:million|billion)?(?:\s*(?:to|-|–)\s*(?:(?:RMB|US\$|HK\$|\$|€|£|EUR)\s?)?\d[\d,]*(?:\.\d+)?\s?(?:million|billion)?)?)/gi;
const LOSS_BEFORE_PER_SHARE =
  /\ba\s+(?:net\s+)?loss\s+(?:(?:in\s+)?(?:a|the)\s+range\s+of\s+|of\s+)(\$\s?\d*\.\d+(?:\s*(?:to|-|–|—)\s*\$\s?\d*\.\d+)?)\s+per\s+(diluted\s+|basic\s+)?(?:common\s+)?share\b/gi;
const LOSS_PER_SHARE_TO_BE =
  /\b((?:non[- ]?gaap|adjusted)\s+)?(?:(diluted|basic)\s+)?(?:net\s+)?loss\s+per\s+(?:(diluted|basic)\s+)?(?:common\s+)?share\s+(?:is\s+(?:now\s+)?expected\s+)?to\s+be\s+((?:between\s+|in\s+(?:a|the)\s+range\s+of\s+)?\$\s?\d*\.\d+(?:\s*(?:to|and|-|–|—)\s*\$\s?\d*\.\d+)?)/gi;
const LOSS_AFTER_VALUE =
  /((?:between\s+)?\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion))?(?:\s*(?:to|and|-|–|—)\s*\$\s?\d[\d,]*(?:\.\d+)?)?\s?(?:million|billion)?)\s+(?:net\s+)?loss\b(?:,?\s+or\s+(\$\s?\d*\.\d+(?:\s*(?:to|-|–|—)\s*\$\s?\d*\.\d+)?)\s+per\s+(diluted\s+|basic\s+)?(?:common\s+)?share\b)?/gi;

function lossTargets(
  s: Sentence,
  tgt: { year: number | null; period: FiscalPeriod | null },
  status: Guidance['status'],
): Guidance[] {
  const out: Guidance[] = [];
  const negative = (v: number | null) => (v === null ? null : -v);
  for (const m of s.text.matchAll(LOSS_AFTER_VALUE)) {
    const parts: [string, string, boolean][] = [[m[1]!, 'net_income', false]];
    if (m[2]) parts.push([m[2], /basic/i.test(m[3] ?? '') ? 'eps_basic' : 'eps_diluted', true]);
    for (const [printed, metric, perShare] of parts) {
      const g = guidanceValue(printed);
      if (g === null || (g.low === null && g.high === null && g.point === null)) continue;
      const full = (v: number | null) => (v === null || perShare ? v : toFullUnits(v, g.scale));
      out.push({
        metric,
        label: perShare ? `${m[1]} loss, or ${m[2]} per ${m[3] ?? ''}share` : `${m[1]} loss`,
        basis: 'unspecified',
        targetYear: tgt.year,
        targetPeriod: tgt.period,
        // A loss range "$38-$42 million" is net income from -42 to -38 million.
        low: negative(full(g.high)),
        high: negative(full(g.low)),
        point: negative(full(g.point)),
        printed: g.printed,
        unit: perShare ? 'currency_per_share' : 'currency',
        scale: perShare ? 'units' : g.scale,
        qualitative: null,
        relative: false,
        status,
        sentence: s,
      });
    }
  }
  return out;
}

/**
 * The target's own period phrase ("for the first quarter ending April 29, 2006", "in fiscal year 2008", "for the
 * quarter,").
 */
// (h-guid21: "for its fiscal fourth quarter ending March 3, 2018": "its" / "our" and "fiscal" before the quarter too; "at
// the end of the fourth quarter of 2013" as "for".)
const TARGET_PHRASE =
  /\b(?:for|in|at the end of)\s+(?:(?:the|its|our)\s+)?(?:(?:fiscal\s+)?(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter(?:\s+of)?(?:\s+fiscal)?(?:\s+year)?(?:\s+\d{4})?(?:\s+(?:ending|ended)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})?|(?:full[- ]year|fiscal(?:\s+year)?)\s+\d{4})(?=\s)|\b(?:for|in)\s+the\s+quarter(?=[\s,])/gi;

/** Names the reported quarter ("Q2 revenue ..." in a Q2 release), with no year or the reported year. */
function namesReportedQuarter(
  text: string,
  reported: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null },
): boolean {
  if (!reported.fiscalPeriod?.startsWith('Q')) return false;
  const m =
    /\b(?:Q([1-4])|(first|second|third|fourth) (?:fiscal )?quarter)\b(?:\s+(?:of\s+)?(?:fiscal\s+)?(\d{4}))?/i.exec(
      text,
    );
  if (!m) return false;
  const ord = m[1] ? Number(m[1]) : ORD[m[2]!.toLowerCase()]!;
  return `Q${ord}` === reported.fiscalPeriod && (m[3] === undefined || Number(m[3]) === reported.fiscalYear);
}

/**
 * The previous target stated in the next sentence of the paragraph when that sentence names no metric of its own
 * ("This compares to $1.66 reported in the prior year and is below the Company's previous guidance of $1.76 to
 * $1.86.").
 */
function followingComparison(sentences: Sentence[], i: number, metric: string): string {
  const next = sentences[i + 1];
  if (!next || next.block !== sentences[i]!.block) return '';
  // "Both of these earnings per share ranges ... This compares to the $0.82 to $0.92 earnings per share guidance it
  // provided for the second quarter": a sentence that opens "This compares to" and names guidance (of the same
  // metric, or none), within the next three of the paragraph, states the earlier target of the ranges before it.
  for (const later of sentences.slice(i + 1, i + 4)) {
    if (later.block !== sentences[i]!.block) break;
    if (!/^(?:this|these)\s+compares?\s+(?:with|to)\b.*\b(?:guidance|outlook)\b/i.test(later.text)) continue;
    if (METRICS.every(([re, m]) => m === metric || !re.test(later.text))) return ` ${later.text}`;
    // (h-guid27) One naming the earlier guidance of several metrics ("This compares with previous local currency sales
    // growth guidance of approximately 1% to 2% and Adjusted EPS guidance of $41.70 to $42.20") gives each metric the
    // value after its own name and "guidance of".
    const name = METRICS.find(([, m]) => m === metric)?.[0].exec(later.text);
    const own = name
      ? /^\s*(?:guidance|outlook)(?:\s+range)?\s+of\s+(.*?)(?:\s+and\s+(?:[\w-]+\s+){0,5}?(?:guidance|outlook)\b.*)?[.;]?$/i.exec(
          later.text.slice(name.index + name[0].length),
        )
      : null;
    if (own) return ` previous guidance of ${own[1]}`;
  }
  const previous = /\bprevious(?:ly)?\b|\bprior (?:guidance|outlook|range|estimate)/i.exec(next.text);
  if (!previous) return '';
  // (A metric named after the previous value, "... due primarily to lower than anticipated revenues", is no target.)
  const value = /\d/.exec(next.text.slice(previous.index));
  const upTo = next.text.slice(0, previous.index + (value?.index ?? 0));
  if (METRICS.some(([re]) => re.test(upTo))) return '';
  return ` ${next.text}`;
}

/**
 * A withdrawal ("is withdrawing guidance previously issued for the first quarter and full year fiscal 2020"):
 * one row per target period named after the verb, metric `all` (the whole guidance of that period),
 * with no value, status withdrawn. Without a period named after the verb, the sentence's or heading's target.
 */
function withdrawalsOf(
  s: Sentence,
  fallback: { year: number | null; period: FiscalPeriod | null },
): Guidance[] {
  const m = WITHDRAWAL.exec(s.text)!;
  // (h-guid28) The occasion the guidance was given on ("that was provided during its fourth quarter 2019 earnings
  // call") names no period withdrawn.
  const clause = s.text
    .slice(m.index)
    .replace(
      /\b(?:that|which)\s+(?:was|were|it)\s+(?:previously\s+)?(?:provided|given|issued|announced|gave|provided)\s+(?:during|on|in|with|at)\s+(?:its\s+|the\s+|our\s+)?[^.;,]*?\b(?:call|release|report|conference|presentation)\b/gi,
      ' ',
    );
  const yearM = /\b(?:fiscal(?:\s+year)?\s*|FY\s*'?)(\d{4}|\d{2})\b|\b((?:19|20)\d{2})\b/i.exec(clause);
  const y = yearM ? (yearM[1] ?? yearM[2]!) : null;
  const year = y === null ? fallback.year : y.length === 2 ? 2000 + Number(y) : Number(y);
  const periods: FiscalPeriod[] = [];
  for (const q of clause.matchAll(
    /\b(?:(first|second|third|fourth)\s+(?:fiscal\s+)?quarter|Q([1-4])|([1-4])Q)(?=\b|\d)/gi,
  )) {
    const ord = q[1] ? ORD[q[1].toLowerCase()]! : Number(q[2] ?? q[3]);
    const p = `Q${ord}` as FiscalPeriod;
    if (!periods.includes(p)) periods.push(p);
  }
  if (/\b(?:full[- ]year|fiscal(?:\s+year)?|FY|annual|the year)\b/i.test(clause)) periods.push('FY');
  const targets = periods.length > 0 ? periods.map((p) => ({ period: p, year })) : [fallback];
  // A metric named between the verb and "guidance" ("is withdrawing its adjusted earnings guidance for the full-year
  // 2020") is what is withdrawn, with its name's basis; with none named the whole guidance of the period is ("all").
  const named = METRICS.find(([re]) => re.test(m[0]));
  const basisOf = (name: string): Guidance['basis'] =>
    /\b(?:non[- ]?gaap|adjusted|pro ?forma|core|ongoing|base)\b/i.test(name)
      ? 'non_gaap'
      : /\bgaap\b/i.test(name)
        ? 'gaap'
        : 'unspecified';
  // The metrics listed after "guidance for" ("has withdrawn its full-year 2020 guidance for base earnings, cash flow from
  // operations and free cash flow due to ...") are what is withdrawn, one row each, when every item of the list names one.
  const listed: { metric: string; label: string; basis: Guidance['basis'] }[] = [];
  if (!named) {
    const list =
      /^\s+for\s+((?:(?!\b(?:due to|because|given|amid|in light of|as a result)\b)[^.;()])+)/i.exec(
        s.text.slice(m.index + m[0].length),
      );
    const items = list ? list[1]!.trim().split(/\s*,\s*(?:and\s+)?|\s+and\s+/) : [];
    for (const item of items) {
      const metric = withdrawnMetric(item);
      if (metric === null) {
        listed.length = 0;
        break;
      }
      listed.push({ metric, label: item, basis: basisOf(item) });
    }
  }
  // a withdrawn target has no value: only its metric, label, basis and period
  const withdrawn = (
    t: (typeof targets)[number],
    metric: string,
    label: string,
    basis: Guidance['basis'],
  ) => ({
    metric,
    label,
    basis,
    targetYear: t.year,
    targetPeriod: t.period,
    low: null,
    high: null,
    point: null,
    printed: m[0],
    unit: 'text' as const,
    scale: 'units' as Scale,
    qualitative: null,
    relative: false,
    status: 'withdrawn' as const,
    sentence: s,
  });
  if (listed.length > 0)
    return targets.flatMap((t) => listed.map((l) => withdrawn(t, l.metric, l.label, l.basis)));
  const basis: Guidance['basis'] = !named ? 'unspecified' : basisOf(m[0]);
  return targets.map((t) => withdrawn(t, named?.[1] ?? 'all', m[0], basis));
}

/**
 * The metric an item of a withdrawal's list names ("base earnings", "cash flow from operations", "free cash flow"), or
 * null. "Base earnings" is the per-share earnings a release states with its items excluded (a non-GAAP measure, as
 * "adjusted" or "core" earnings are), so it is earnings per share.
 */
function withdrawnMetric(item: string): string | null {
  if (!/^(?:[\w-]+\s+){1,5}$/.test(`${item} `)) return null;
  if (/^base earnings(?: per (?:diluted )?share)?$/i.test(item)) return 'eps_diluted';
  if (
    /^(?:operating cash flows?|cash flows? from operations|net cash provided by operating activities)$/i.test(
      item,
    )
  )
    return 'cash_flow';
  const hit = METRICS.find(([re]) => re.test(item));
  return hit ? hit[1] : null;
}

/**
 * A target set against the one it replaces ("approximately 3.5%, versus 2.5% to 3.5% previously", "$4.03 to
 * $4.07, from $4.00 to $4.10 previously", "a range higher than the company's previous guidance of $0.22 to $0.24",
 * "below the Company's previous guidance of $1.76 to $1.86"): a higher midpoint is raised, a lower one lowered;
 * the same midpoint with a tighter range is narrowed, with a wider one widened.
 */
function statusAgainstPrevious(
  g: { low: number | null; high: number | null; point: number | null },
  printedText: string,
): Guidance['status'] {
  const num = String.raw`\$?(\d+(?:\.\d+)?)%?`;
  // "a previously expected range of breakeven to $2 million": breakeven is zero.
  const text = printedText.replace(/\bbreak[- ]?even\b/gi, '$0');
  const old =
    new RegExp(String.raw`\b(?:versus|from)\s+${num}(?:\s*(?:to|-|–)\s*${num})?\s+previously\b`, 'i').exec(
      text,
    ) ??
    new RegExp(String.raw`\(previously\s+${num}(?:\s*(?:to|-|–)\s*${num})?`, 'i').exec(text) ??
    // (h-guid15) "at about $4.12B ...; it had seen $4.14B-$4.16B", "3.20%-3.22%; had seen 3.22%-3.24%".
    new RegExp(
      String.raw`\bhad\s+(?:seen|expected|forecast|projected|guided)\s+(?:to\s+)?${num}[BM]?(?:\s*(?:to|-|–)\s*${num}[BM]?)?`,
      'i',
    ).exec(text) ??
    // "around $4.9 billion, up from $4.6 billion as per earlier estimates": one amount, named as the earlier estimate.
    new RegExp(
      String.raw`\b(?:up|down)\s+from\s+${num}(?:\s*(?:million|billion))?\s+(?:as per\s+|in\s+)?(?:the\s+|our\s+)?(?:earlier|previous|prior)\s+(?:estimates?|guidance|outlook|forecasts?|projections?)\b`,
      'i',
    ).exec(text) ??
    // "$638 to $642 million, up from $620 to $630 million", "up from our previous range of $20 to $25 million"
    new RegExp(
      String.raw`\b(?:up|down)\s+from\s+(?:our\s+|the\s+)?(?:previous|prior)?\s*(?:range|guidance|outlook)?\s*(?:of\s+)?${num}(?:\s*(?:million|billion))?(?:\s*(?:to|-|–)\s*${num})`,
      'i',
    ).exec(text) ??
    new RegExp(
      String.raw`\b(?:(?:previous|prior)\s+(?:guidance|estimate|outlook|expectations?|forecast)|previously\s+(?:expected|announced|communicated|provided|issued)\s+(?:range|guidance|outlook))(?:\s+range)?\s+of\s+(?:an?\s+)?${num}(?:\s*(?:million|billion))?(?:\s*(?:to|-|–)\s*${num})?`,
      'i',
    ).exec(text) ??
    new RegExp(
      String.raw`\bcompares?\s+(?:with|to)\s+(?:the\s+)?${num}(?:\s*(?:to|-|–)\s*${num})?\s+(?:[A-Za-z-]+\s+){0,4}(?:guidance|outlook)\b`,
      'i',
    ).exec(text);
  // "compared to our previous guidance, a decrease of 5%-10%": the previous range, below zero for a decrease.
  const directed = old
    ? null
    : new RegExp(
        String.raw`\b(?:previous|prior)\s+(?:guidance|outlook),\s+(?:an?\s+)?(increase|decrease|decline)\s+of\s+${num}(?:\s*(?:to|-|–)\s*${num})?`,
        'i',
      ).exec(text);
  const now = g.point ?? (g.low !== null && g.high !== null ? (g.low + g.high) / 2 : null);
  if (directed && now !== null) {
    const mid =
      directed[3] !== undefined ? (Number(directed[2]) + Number(directed[3])) / 2 : Number(directed[2]);
    const before = /^increase$/i.test(directed[1]!) ? mid : -mid;
    if (Math.abs(now - before) > 1e-9) return now > before ? 'raised' : 'lowered';
    return null;
  }
  if (!old || now === null) return null;
  const before = old[2] !== undefined ? (Number(old[1]) + Number(old[2])) / 2 : Number(old[1]);
  if (Math.abs(now - before) > 1e-9) return now > before ? 'raised' : 'lowered';
  const width = g.low !== null && g.high !== null ? g.high - g.low : 0;
  const widthBefore = old[2] !== undefined ? Number(old[2]) - Number(old[1]) : 0;
  if (width < widthBefore - 1e-9) return 'narrowed';
  if (width > widthBefore + 1e-9) return 'widened';
  return null;
}

/**
 * A value worded as a loss is below zero: "a loss of approximately $0.96" is -0.96, and "between a profit of $0.01 and
 * a loss of ($0.01)" runs from the loss to the profit (a loss printed in parentheses is the same loss); so is a percent
 * worded "negative 1.0%" (not the first end of a range, whose sign the words leave unclear).
 */
export function signedLosses(text: string): string {
  return (
    text
      .replace(/\bbetween an? (?:net )?profit of\s+/gi, 'between ')
      // (h-guid20) A percent written with the word "negative" ("sales growth of around negative 1.0%") is below zero.
      .replace(/\bnegative\s+(\d[\d,]*(?:\.\d+)?\s?(?:%|percent)(?!\s?[-–]\s?\d))/gi, '-$1')
      // (h-guid22) "down 1% to flat": from a fall of 1% to none, the range -1% to 0%.
      .replace(/\bdown\s+(\d+(?:\.\d+)?)\s?(%|percent)\s+to\s+flat\b/gi, '-$1$2 to 0$2')
      .replace(
        /\ban? (?:net )?loss of\s+((?:approximately|about|around|roughly)\s+)?\(?((?:US\$|\$|€|£)?\s?\d[\d,]*(?:\.\d+)?)\)?/gi,
        (_m, about: string | undefined, n: string) => `${about ?? ''}-${n}`,
      )
  );
}

/**
 * An amount with a currency mark or code (h-guid25: "USD 47 million" too), or followed by "yen" ("38.0 billion yen") or "euros", or by a currency named in words
 * ("3.45 billion Danish crowns", "3.5 billion crowns").
 */
function isMoney(window: string, m: RegExpExecArray): boolean {
  return (
    /\$|€|£|¥|\b(?:USD|EUR|RMB|GBP|CHF|CAD|AUD|JPY|SEK|NOK|DKK)\b/.test(m[0]) ||
    // (h-guid22: or by "euros", "2000 million euros"; h-guid27: or "pounds", "2.7-2.8 billion pounds", or francs.)
    /^\s*(?:yen|euros?|pounds(?: sterling)?|(?:Swiss )?francs)\b/i.test(
      window.slice(m.index + m[0].length),
    ) ||
    CROWNS_AFTER.test(window.slice(m.index + m[0].length))
  );
}

/** A Nordic currency written out after an amount ("Danish crowns", "Swedish kronor", "Norwegian kroner", "crowns"). */
const CROWNS_AFTER = /^\s*(?:(?:Danish|Swedish|Norwegian)\s+)?(?:crowns|kron(?:or|er|a|e))\b/i;

function guidanceValue(window: string): {
  low: number | null;
  high: number | null;
  point: number | null;
  unit: 'percent' | null;
  money: boolean;
  scale: Scale;
  cents: boolean;
  printed: string;
  qualitative: string | null;
  relative: boolean;
} | null {
  const relative =
    /\b(?:up|down|increase|decrease|grow|growth|decline)\b[^.]{0,30}$/i.test(window.slice(0, 40)) ||
    /\bfrom the (?:prior|previous|same)|year[- ]over[- ]year|compared to\b/i.test(window);
  // A qualitative value belongs to the clause it sits in: one after a new subject and its verb ("net sales will remain
  // at the same level and comparable EBITA will stay at the same level or increase slightly") is that subject's.
  const qual = QUAL.exec(window);
  const q =
    qual &&
    !/\band\s+(?:the\s+|its\s+|our\s+)?(?:[A-Za-z-]+\s+){1,3}(?:will|is|are|should|would)\b/i.test(
      window.slice(0, qual.index),
    )
      ? qual
      : null;
  const r = RANGE.exec(window);
  const p = POINT.exec(window);
  const firstNum = /\d/.exec(window)?.index ?? Infinity;
  if (q && q.index < firstNum) {
    return {
      low: null,
      high: null,
      point: null,
      unit: null,
      money: false,
      scale: 'units',
      cents: false,
      printed: q[0],
      qualitative: q[0],
      relative: true,
    };
  }
  // A floor or a ceiling named before any range or point is one-ended: the other end is null (docs/earnings.md
  // "Floors and ceilings").
  const b = BOUND.exec(window);
  if (
    b &&
    b.index <= 60 &&
    (!r || b.index < r.index) &&
    (!p || b.index <= p.index) &&
    !/^(?:19|20)\d{2}$/.test(b[3]!.trim())
  ) {
    const v = parseAmount(b[3]!.replace(/^\(/, '').replace(/\)$/, ''));
    if (v !== null) {
      const isPercent = /%|per ?cent|pct/i.test(b[4] ?? '');
      return {
        low: b[1] ? v : null,
        high: b[1] ? null : v,
        point: null,
        unit: isPercent ? 'percent' : null,
        money: isMoney(window, b),
        scale: isPercent ? 'units' : wordScale(b[4] === 'cents' ? undefined : b[4]),
        cents: b[4] === 'cents',
        printed: b[0].trim(),
        qualitative: null,
        relative,
      };
    }
  }
  // "From $1.240-$1.265B To $1.255B-$1.280B": a range set after "from" and followed by "to" and another range is the
  // target replaced; the range after "to" is the target.
  if (r && /\bfrom\s*$/i.test(window.slice(0, r.index))) {
    const next = /^\s*to\s+/i.exec(window.slice(r.index + r[0].length));
    const r2 = next ? RANGE.exec(window.slice(r.index + r[0].length + next[0].length)) : null;
    if (next && r2 && r2.index === 0) {
      const to = guidanceValue(window.slice(r.index + r[0].length + next[0].length));
      // (h-guid15: "from 7.5-9.5 per cent to 8.5-10": the new range keeps the old one's percent.)
      if (to && to.unit === null && !to.money && /%|per ?cent|pct/i.test(r[4] ?? r[2] ?? ''))
        return { ...to, unit: 'percent', scale: 'units' };
      return to;
    }
  }
  // (h-guid32) An amount after "by" that a "to" range follows ("raising the low end ... by 15 cents to $6.45 to $6.60")
  // is the change: the target is the range after it.
  if (
    r &&
    /\bby\s*$/i.test(window.slice(0, r.index)) &&
    /^\s*to\s+(?:[$€£]\s?)?\d/i.test(window.slice(r.index + r[0].length))
  ) {
    const at = r[0].lastIndexOf(r[3]!);
    if (at > 0) return guidanceValue(window.slice(r.index + at));
  }
  // A point whose amount opens a range ("approximately 22% to 23%") is that range.
  const pointOpensRange =
    r !== null && p !== null && r.index + r[0].search(/\d/) === p.index + p[0].search(/\d/);
  if (
    r &&
    (r.index <= 60 || (pointOpensRange && p.index <= 60)) &&
    (!p || r.index <= p.index + 10 || pointOpensRange)
  ) {
    // (h-guid16) A range with no unit word of its own takes the one of the previous range printed in the parenthesis
    // right after it: "raised to DKK 1,625-1,700 (previously DKK 1,525-1,625 million)" is in millions.
    const previousAside = /^\s*\(\s*(?:previously|prior|from)\s+/i.exec(window.slice(r.index + r[0].length));
    const asideRange = previousAside
      ? RANGE.exec(window.slice(r.index + r[0].length + previousAside[0].length))
      : null;
    // (h-guid21) A range from cents to dollars ("range from 90 cents to $1.32") is in dollars, its low end cents / 100.
    const centsToDollars = r[2] === 'cents' && r[4] === undefined && /\$/.test(r[3]!);
    const unitWord = centsToDollars
      ? undefined
      : (r[4] ?? r[2] ?? (asideRange?.index === 0 ? (asideRange[4] ?? asideRange[2]) : undefined));
    // An amount wrapped in parentheses ("($3) million - ($1) million") is negative.
    const signed = (x: string) => {
      const v = parseAmount(x.replace(/^\(/, '').replace(/\)$/, ''));
      return v !== null && /^\(\s*(?:[$€£]\s?)?\d[\d,.]*\)$/.test(x.trim()) ? -v : v;
    };
    const lowPrinted = signed(r[1]!);
    const low = centsToDollars && lowPrinted !== null ? lowPrinted / 100 : lowPrinted;
    const high = signed(r[3]!);
    if (low === null || high === null) return null;
    if (/^(?:19|20)\d{2}$/.test(r[1]!.trim()) || /^(?:19|20)\d{2}$/.test(r[3]!.trim())) return null;
    const isPercent = /%|per ?cent|pct/i.test(unitWord ?? '');
    // Each end keeps its own scale word when it has one ("$950 million to $1.05 billion"): the low end is put in
    // the high end's scale, which the row carries.
    const lowScale = r[2] && r[4] && !isPercent && r[2] !== 'cents' ? wordScale(r[2]) : null;
    const lowInHighScale =
      lowScale !== null ? (low * SCALE_FACTOR[lowScale]) / SCALE_FACTOR[wordScale(r[4])] : low;
    return {
      low: lowInHighScale,
      high,
      point: null,
      unit: isPercent ? 'percent' : null,
      money: isMoney(window, r),
      scale: isPercent ? 'units' : wordScale(unitWord === 'cents' ? undefined : unitWord),
      cents: unitWord === 'cents',
      printed: r[0].trim(),
      qualitative: null,
      relative,
    };
  }
  // An amount right after a floor or ceiling word that BOUND did not take (further than 60 characters, behind a range)
  // is not a point either.
  const bound =
    p !== null &&
    /\b(?:in excess of|at least|more than|greater than|less than|no (?:more|less) than|up to|a minimum of|a maximum of|exceeding|over|above|below|under)\s*$/i.test(
      window.slice(0, p.index + p[0].indexOf(p[1]!)),
    );
  if (p && p.index <= 60 && !bound) {
    const v = parseAmount(p[1]!);
    // (h-guid22: a four-digit number with a scale word after it, "2000 million euros", is an amount, not a year.)
    if (
      v === null ||
      (/^(?:19|20)\d{2}$/.test(p[1]!.trim()) &&
        !/^(?:thousand|million|billion|trillion|bn)$/i.test(p[2] ?? ''))
    )
      return null;
    const isPercent = /%|per ?cent|pct/i.test(p[2] ?? '');
    // (h-guid15) "$37.5B, plus or minus 2%", "73.0%, plus or minus 50 basis points": the range around the point, the
    // margin a percent of an amount, points (100 basis points to one) of a percent.
    const pm = /^,?\s*plus or minus\s+(\d+(?:\.\d+)?)\s?(%|percent|basis points|bps)/i.exec(
      window.slice(p.index + p[0].length),
    );
    if (pm) {
      const d = Number(pm[1]);
      const delta = /basis|bps/i.test(pm[2]!) ? d / 100 : isPercent ? d : (v * d) / 100;
      const round = (x: number) => Number(x.toFixed(10));
      return {
        low: round(v - delta),
        high: round(v + delta),
        point: null,
        unit: isPercent ? 'percent' : null,
        money: isMoney(window, p),
        scale: isPercent ? 'units' : wordScale(p[2] === 'cents' ? undefined : p[2]),
        cents: p[2] === 'cents',
        printed: `${p[0].replace(/^(?:of|about|approximately|around|roughly|at|be|to)\s+/i, '').trim()}${pm[0]}`,
        qualitative: null,
        relative,
      };
    }
    return {
      low: null,
      high: null,
      point: v,
      unit: isPercent ? 'percent' : null,
      money: isMoney(window, p),
      scale: isPercent ? 'units' : wordScale(p[2] === 'cents' ? undefined : p[2]),
      cents: p[2] === 'cents',
      printed: p[0].replace(/^(?:of|about|approximately|around|roughly|at|be|to)\s+/i, '').trim(),
      qualitative: null,
      relative,
    };
  }
  if (q)
    return {
      low: null,
      high: null,
      point: null,
      unit: null,
      money: false,
      scale: 'units',
      cents: false,
      printed: q[0],
      qualitative: q[0],
      relative: true,
    };
  return null;
}

const CELL_CHANGE =
  /^(increase|up|grow(?:th)?|decrease|down|decline)\s+(?:of\s+)?(?:about\s+|approximately\s+)?(\d+(?:\.\d+)?)\s?(?:%|percent)\s+(?:year[- ](?:on|over)[- ]year|yoy)$/i;
// ("a reconciliation of projected Adjusted EBITDA to projected net loss": projected figures are targets.)
const TARGET_LEAD = /\b(?:targets?|outlook|guidance|forecasts?|expects?|expectations|projected)\b/i;
const CELL_POINT = new RegExp(String.raw`^(?:~|approximately\s+|about\s+)?\s*(${NUM})${UNIT}$`, 'i');

/** Metrics read only as a table row's label (an outlook table's assumptions), never in prose. */
const TABLE_METRICS: [RegExp, string][] = [
  // (h-guid18: "Net Interest Expense | $92 - $95 million": interest expense net of interest income is the same row.)
  // (h-guid19: "GAAP Interest Expense Guidance", "Adjusted Interest Expense Guidance": a basis word before the name.)
  [/^(?:(?:gaap|non[- ]?gaap|adjusted)\s+)?(?:net )?interest expense\b/i, 'interest_expense'],
  [
    /^(?:diluted )?share count\b|^diluted (?:weighted[- ]average )?shares\b|^shares\s*-\s*diluted\b/i,
    'diluted_shares',
  ],
  [/^gross profit\b/i, 'gross_profit'],
  // (An outlook table's operating cash flow row: "Operating cash flow | ~$745 | ...".)
  [
    // (h-guid18: "• Cash from operations approx. $1 billion", an item under an outlook heading.)
    /^(?:operating cash flows?|cash (?:flows? )?from operations|net cash provided by operating activities)\b/i,
    'cash_flow',
  ],
  // "Net loss per share | $(0.81) to $(0.44)": a loss named instead of earnings is the same measure, its cells' parentheses
  // giving the sign.
  [/^net loss per (?:diluted |basic )?(?:common )?share\b/i, 'eps_diluted'],
  // ("Net loss | $ | (15,800 | ) | ...": net income below zero, its sign from its parentheses.)
  [/^net loss\s*(?:\(\d\)|\*)?$/i, 'net_income'],
];

/** Measures stated in percent: a currency amount in their cell ("Site rental gross margin | $820 to $830") is not one. */
const PERCENT_METRIC = /_margin$|_growth$|^(?:tax_rate|roce|comparable_sales)$/;

/**
 * A table row's cells as a page store renders them ("Net sales | $ | 250.0 | +/- | $5.0 | |||"): empty cells and
 * runs of cell marks dropped, a lone currency sign joined to the number after it and a lone "%" to the number before.
 */
function tableCells(text: string): string[] {
  const raw = text
    .split(' | ')
    .map((c) => c.replace(/^[|\s]+|[|\s]+$/g, ''))
    .filter((c) => c !== '');
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/^(?:\$|US\$|€|£)$/.test(c) && i + 1 < raw.length && /^\(?-?\d/.test(raw[i + 1]!)) {
      out.push(`${c}${raw[++i]}`);
    } else if (/^%$/.test(c) && out.length > 1 && /\d$/.test(out[out.length - 1]!)) {
      out[out.length - 1] += '%';
    } else if (c === ')' && out.length > 1 && /\(\d[\d,]*(?:\.\d+)?$/.test(out[out.length - 1]!)) {
      // "(15,800 | )": a lone closing parenthesis ends the negative number before it.
      out[out.length - 1] += ')';
    } else out.push(c);
  }
  return out;
}

/**
 * An outlook stated as a midpoint and a spread ("$250.0 | +/- | $5.0", "52.8% | +/- | 50 bps") is the range
 * midpoint - spread to midpoint + spread; a spread in basis points is hundredths of a percentage point.
 */
function midpointRange(values: string[]): string[] {
  if (values.length !== 3 || !/^(?:\+\/-|±|\+\/–)$/.test(values[1]!)) return values;
  const mid = /^(\$|US\$|€|£)?\s?(\(?-?\d[\d,]*(?:\.\d+)?\)?)\s?(%)?$/.exec(values[0]!);
  const spread = /^(?:\$|US\$|€|£)?\s?(\d[\d,]*(?:\.\d+)?)\s?(bps|basis points|%)?$/i.exec(values[2]!);
  if (!mid || !spread) return values;
  const magnitude = parseAmount(mid[2]!.replace(/^\(?-?|\)$/g, ''));
  let d = Number(spread[1]!.replace(/,/g, ''));
  if (magnitude === null) return values;
  const m = /^\(|^-/.test(mid[2]!) ? -magnitude : magnitude;
  if (/^b/i.test(spread[2] ?? '')) {
    if (!mid[3]) return values;
    d /= 100;
  }
  const round = (x: number) => Number(x.toFixed(6));
  const fmt = (x: number) => `${x < 0 ? '-' : ''}${mid[1] ?? ''}${round(Math.abs(x))}${mid[3] ?? ''}`;
  return [`${fmt(m - d)} to ${fmt(m + d)}`];
}

/** One column of an outlook table, from its header cells: the basis, the side of a range and the period it names. */
interface Column {
  basis: 'gaap' | 'non_gaap' | null;
  side: 'low' | 'mid' | 'high' | null;
  period: string | null;
  skip: boolean;
  /** A column of earlier targets ("Previous"), or one set against it ("Revised", "New"). */
  previous: boolean;
  current: boolean;
  /** A column of growth year over year ("FY'24 YoY"): revenue's growth, no other metric's level. */
  growth: boolean;
}

/**
 * An outlook table's header cell that writes the year before its quarter ("2025 Q1") names that quarter, and a bare
 * year ("2025") names that fiscal year (Emerson's "2025 Q1 | 2025" guidance framework); null for any other cell.
 */
function yearFirstPeriod(cell: string): string | null {
  const m = /^((?:19|20)\d{2})(?:\s+(Q[1-4]))?$/i.exec(cell);
  if (!m) return null;
  return m[2] ? `${m[2].toUpperCase()} ${m[1]}` : `FY ${m[1]}`;
}

/** A header cell's meaning, or null when it names none of basis, side, period, new or previous. */
function columnOf(cell: string): Column | null {
  const c = cell.trim();
  const col: Column = {
    basis: null,
    side: null,
    period: null,
    skip: false,
    previous: false,
    current: false,
    growth: false,
  };
  // (h-guid22) A cell naming only what the column holds ("Guidance" under "Q2 2025 | Full Year 2025") names no basis,
  // side or period of its own: the row above gives it one.
  if (/^(?:guidance|outlook|forecast|estimate)$/i.test(c)) return col;
  // (h-guid22) A quarter or the full year named with a fiscal-year code glued to FY ("Q3 FY2025", "Full Year FY25").
  if (/^(?:Q[1-4]|(?:full[- ])?(?:fiscal[- ])?year)\s+FY\s?'?(?:\d{4}|\d{2})$/i.test(c)) {
    col.period = c;
    return col;
  }
  const yearFirst = yearFirstPeriod(c);
  if (yearFirst) {
    col.period = yearFirst;
    return col;
  }
  // ("FY'24", "Q3'24", "FY'24 YoY": a period with a two-digit year, or its growth year over year.)
  const short = /^(?:FY|Q[1-4])\s?'\d{2}(?:\s+(YoY|Y\/Y|year[- ]over[- ]year))?$/i.exec(c);
  if (short) {
    col.period = c.replace(/\s+\S+$/, (w) => (short[1] ? '' : w));
    col.growth = short[1] !== undefined;
    return col;
  }
  if (/^low$/i.test(c)) col.side = 'low';
  else if (/^(?:mid|midpoint)$/i.test(c)) col.side = 'mid';
  else if (/^high$/i.test(c)) col.side = 'high';
  else if (/\b(?:reconciliation|adjustments?|previous|prior|original)\b/i.test(c)) {
    col.skip = true;
    col.previous = /\b(?:previous|prior|original)\b/i.test(c);
  } else if (/non[- ]?gaap|\bcomparable basis\b/i.test(c)) col.basis = 'non_gaap';
  else if (/\bgaap\b|\breported basis\b/i.test(c)) col.basis = 'gaap';
  else if (/^(?:new|revised|current|updated)\b/i.test(c)) col.current = true;
  else if (
    (/\b(?:19|20)\d{2}\b/.test(c) && /\b(?:quarter|months|year|fiscal|FY|Q[1-4]|ending|ended)\b/i.test(c)) ||
    // ("FY 09 Estimate": a fiscal year by its last two digits.)
    /^FY\s?'?\d{2}\b(?!.*\b(?:guidance|metrics|outlook)\b)/i.test(c)
  )
    col.period = c;
  else return null;
  if (/\b(?:19|20)\d{2}\b/.test(c) && /\b(?:quarter|months|year|fiscal|FY|Q[1-4])\b/i.test(c)) col.period = c;
  return col;
}

/**
 * The columns of an outlook table from its header rows (each a list of cells; a caption cell "(in millions ...)" and
 * one-cell rows set aside): the last row of two or more cells gives one column per cell, a row above it spreads
 * each of its cells over an equal share of those columns ("GAAP | non-GAAP" over "Low | Mid | High | Low | Mid |
 * High"); a cell above naming an adjustment or reconciliation is a column of its own that rows may leave out.
 * Null when no header cell names a basis, a side, a period, new or previous.
 */
function columnsOf(
  headerRows: string[][],
): { leaves: Column[]; groups: Column[]; optional: number[]; previous: boolean } | null {
  const rows = headerRows
    // (A caption cell, "(in millions ...)" or "$ in millions", names no column.)
    .map((r) =>
      r.filter(
        (c) =>
          !/^\((?:in |unaudited|\$)/i.test(c.trim()) &&
          !/^(?:\$\s*)?in (?:thousands|millions|billions)$/i.test(c.trim()),
      ),
    )
    .filter((r) => r.length >= 2);
  if (rows.length === 0) return null;
  const leafCells = rows[rows.length - 1]!;
  const leaves = leafCells.map(columnOf);
  if (leaves.some((l) => l === null)) return null;
  const out = leaves as Column[];
  let groups: Column[] = [];
  const optional: number[] = [];
  for (const upper of rows.slice(0, -1)) {
    const cols = upper.map(columnOf);
    if (cols.some((c) => c === null)) return null;
    const kept = (cols as Column[]).filter((c) => !c.skip);
    if (kept.length === 0 || out.length % kept.length !== 0) return null;
    const size = out.length / kept.length;
    let j = 0;
    for (const c of cols as Column[]) {
      if (c.skip) {
        optional.push(j * size);
        continue;
      }
      for (let i = j * size; i < (j + 1) * size; i++) {
        const leaf = out[i]!;
        leaf.basis ??= c.basis;
        leaf.period ??= c.period;
        leaf.skip ||= c.skip;
      }
      j++;
    }
    groups = kept;
  }
  // A one-cell header row naming a period ("Three Months Ending April 1, 2023") spans every column.
  for (const r of headerRows) {
    const c = r.length === 1 ? columnOf(r[0]!) : null;
    if (c?.period) for (const leaf of out) leaf.period ??= c.period;
  }
  const previousCells = headerRows.flat().filter((c) => columnOf(c)?.previous);
  // Beside a previous column ("FY'24 Previous"), a column naming the same period ("FY'24") is the one set against it.
  for (const leaf of out)
    if (leaf.period && !leaf.skip && previousCells.some((c) => c.startsWith(`${leaf.period} `)))
      leaf.current = true;
  return { leaves: out, groups, optional, previous: previousCells.length > 0 };
}

/**
 * A cell's amount written for the range and point readers: "(0.2%)" / "$(41)" are negative, each end of a range too
 * ("$(210) to $(104)"), "—%" no value.
 */
function cellValue(cell: string): string {
  return (
    cell
      .trim()
      .replace(/^(\$|US\$|€|£)?\s?\((\d[\d,]*(?:\.\d+)?)\s?(%?)\)$/, '-$1$2$3')
      // ("$(210) to $(104)": each end of a range in parentheses.)
      .replace(
        /^(\$|US\$|€|£)\((\d[\d,]*(?:\.\d+)?)\)(\s*(?:-|–|to)\s*)\1\((\d[\d,]*(?:\.\d+)?)\)$/,
        '-$1$2$3-$1$4',
      )
      // ("(~$20)": an approximate amount in parentheses.)
      .replace(/^\(~\s?(\$|US\$|€|£)?\s?(\d[\d,]*(?:\.\d+)?)\)$/, '~-$1$2')
      .replace(/^\((\d[\d,]*(?:\.\d+)?)\s?(%?)\)(?=\s*(?:-|–|to)\s)/, '-$1$2')
  );
}

/**
 * The cells of each column of a body row: as many cells as columns, or as many as the upper groups (a cell spanning
 * its group: "Tax rate | 17.4%-18.4% | 16.4%-17.4%"), or one more per optional column (a reconciliation cell printed
 * in some rows only). Low and high cells of one group are one range ("lo to hi"); mid cells, previous and adjustment
 * columns give no target.
 */
function columnCells(
  values: string[],
  cols: { leaves: Column[]; groups: Column[]; optional: number[]; previous: boolean },
  emptyPlaces: 'end' | 'start' | null = null,
): { text: string; col: Column }[] | null {
  let v = values;
  if (v.length === cols.leaves.length + cols.optional.length && cols.optional.length > 0) {
    v = v.filter((_, i) => !cols.optional.some((o, k) => o + k === i));
  }
  // (h-guid22) A row printed with its last cells empty ("Net sales | $903 million to $943 million | |" under "Q3 FY2025 |
  // Full Year FY25") fills the first columns when the lead names the first column's quarter ("our expectations for third
  // quarter and selected full year fiscal 2025"): the store drops the empty cells, not their places. (Under a lead naming
  // the year only, "the fiscal year 2025 guidance framework", such a row's one amount is not placed by position.)
  if (emptyPlaces !== null && v.length < cols.leaves.length && cols.optional.length === 0) {
    const empty = Array<string>(cols.leaves.length - v.length).fill('');
    v = emptyPlaces === 'end' ? [...v, ...empty] : [...empty, ...v];
  }
  if (v.length === cols.groups.length && v.length !== cols.leaves.length) {
    return v.map((text, i) => ({ text, col: cols.groups[i]! })).filter((c) => !c.col.skip);
  }
  if (v.length !== cols.leaves.length) return null;
  const out: { text: string; col: Column }[] = [];
  for (let i = 0; i < v.length; i++) {
    const col = cols.leaves[i]!;
    if (col.skip || col.side === 'mid' || col.side === 'high') continue;
    if (col.side === 'low') {
      const k = cols.leaves.findIndex(
        (h, j) => j > i && h.side === 'high' && h.basis === col.basis && h.period === col.period,
      );
      if (k < 0) continue;
      // Equal low and high cells ("259.0 | 259.0") are one point.
      out.push({ text: v[i] === v[k] ? v[i]! : `${v[i]} to ${v[k]}`, col });
    } else out.push({ text: v[i]!, col });
  }
  return out;
}

/** The metric a row label names: of the metrics it names, the one named first ("Comparable store sales" is not sales). */
function labelMetric(label: string, metrics: [RegExp, string][]): [RegExp, string] | undefined {
  let best: [RegExp, string] | undefined;
  let at = Number.POSITIVE_INFINITY;
  for (const m of metrics) {
    const hit = m[0].exec(label);
    if (hit && hit.index < at) {
      best = m;
      at = hit.index;
    }
  }
  return best;
}

/** The target a table's lead names: its sentence introducing the table ("the following", "below") first. */
function leadTarget(
  lead: string,
  header: string,
  reported: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null },
): { year: number | null; period: FiscalPeriod | null } {
  for (const s of lead.split(/(?<=[.:])\s+(?=[A-Z])/)) {
    if (!/\b(?:the following|below)\b/i.test(s)) continue;
    const t = targetOf(s, reported);
    if (t.year !== null && t.period !== null) return t;
  }
  return targetOf(`${lead} ${header}`, reported);
}

const VALUE_LINE =
  /^-?\s?(?:US\$|\$|€|£)?\s?\(?-?\d[\d,]*(?:\.\d+)?\)?\s?%?(?:\s*(?:-|–|to)\s*(?:US\$|\$|€|£)?\s?\(?-?\d[\d,]*(?:\.\d+)?\)?\s?%?)?(?:\s+(?:million|billion|thousand))?$/i;
const COLUMN_START =
  /^(?:previous|prior|revised|new|current|updated|original|gaap|non[- ]?gaap|low|mid|high)\b/i;

/**
 * A table a page store renders one cell per line (short lines, a "|" at their ends): its header lines, then each
 * row's label line and its value lines. The header lines make as many columns as a row has values, a new column
 * starting at a line naming new / previous / revised, a basis or a side ("Q2 2019", "Previous", "Full-Year 2019",
 * "Guidance Range", "Revised", ... over three values). The run becomes one header row and one row per label, as a
 * table of cells joined by " | "; a run that does not fit is left as it is.
 */
function cellLineTables(blocks: Block[]): Block[] {
  return rebuildCellRuns(blocks, (lines) => {
    // A lone currency sign on its line is the sign of the amount on the next ("$" / "0.63 - $0.71").
    const run: Block[] = [];
    for (let k = 0; k < lines.length; k++) {
      const b = lines[k]!;
      const next = lines[k + 1];
      if (next && /^(?:\$|US\$|€|£)$/.test(bareCell(b)) && VALUE_LINE.test(bareCell(next))) {
        run.push({ text: `${bareCell(b)}${bareCell(next)} |`, start: b.start, end: next.end, row: false });
        k++;
      } else run.push(b);
    }
    const cells = run.map(bareCell);
    const first = cells.findIndex((c, k) => k >= 2 && VALUE_LINE.test(c) && !VALUE_LINE.test(cells[k - 1]!));
    const rows: { label: number; values: number[] }[] = [];
    if (first > 0) {
      for (let k = first - 1; k < cells.length; ) {
        if (VALUE_LINE.test(cells[k]!)) break;
        const values: number[] = [];
        let m = k + 1;
        while (m < cells.length && VALUE_LINE.test(cells[m]!)) values.push(m++);
        if (values.length === 0) break;
        rows.push({ label: k, values });
        k = m;
      }
    }
    const n = rows[0]?.values.length ?? 0;
    const head = cells.slice(0, Math.max(0, first - 1));
    const starts = head.map((c, k) => k === 0 || COLUMN_START.test(c));
    const columns: string[] = [];
    head.forEach((c, k) => {
      if (starts[k]) columns.push(c);
      else columns[columns.length - 1] += ` ${c}`;
    });
    // Header lines that make no columns by their words but come in rows of as many cells as a row has values
    // ("Reported Basis", "Comparable Basis", "FY 09 Estimate", "FY 09 Estimate") are header rows of those cells.
    const headRows =
      columns.length === n
        ? [columns]
        : n >= 2 && head.length > 0 && head.length % n === 0 && head.every((c) => columnOf(c) !== null)
          ? Array.from({ length: head.length / n }, (_, r) => head.slice(r * n, (r + 1) * n))
          : null;
    if (n < 2 || headRows === null || rows.some((r) => r.values.length !== n)) return null;
    const headRun = run.slice(0, first - 1);
    const out: Block[] = headRows.map((cellsOfRow, r) => ({
      text: `${cellsOfRow.join(' | ')} |`,
      start: r === 0 ? headRun[0]!.start : headRun[r * n]!.start,
      end: r === headRows.length - 1 ? headRun[headRun.length - 1]!.end : headRun[(r + 1) * n - 1]!.end,
      row: true,
    }));
    for (const r of rows) {
      out.push({
        text: `${[r.label, ...r.values].map((k) => cells[k]).join(' | ')} |`,
        start: run[r.label]!.start,
        end: run[r.values[r.values.length - 1]!]!.end,
        row: true,
      });
    }
    out.push(...run.slice(rows[rows.length - 1]!.values[n - 1]! + 1));
    return out;
  });
}

/**
 * A table row a page store prints over several lines, each line after the first opening with "|" ("$ in millions |
 * FY'24 Previous", "| FY'24", "| FY'24 YoY", "| Q3'24"), is one row; such lines after a line that is no row ("| FY'24",
 * "| Q3'24" under a reconciliation's title) are a row of their own.
 */
function continuedRows(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let joining = false;
  for (const b of blocks) {
    const cell = /^\|\s*([A-Za-z0-9$(~][^|]{0,30}?)\s*$/.exec(b.text);
    if (!b.row && cell) {
      const last = out.at(-1);
      if (last?.row && (joining || last === out.at(-1))) {
        out[out.length - 1] = {
          ...last,
          text: `${last.text.replace(/\s*\|\s*$/, '')} | ${cell[1]}`,
          end: b.end,
        };
      } else out.push({ ...b, text: cell[1]!, row: true });
      joining = true;
      continue;
    }
    joining = false;
    out.push(b);
  }
  return out;
}

/**
 * The status a table's lead words for a row's metric: when the lead words several statuses, the one right before the
 * first name of the metric in it ("narrowing the range of our FY'24 constant currency ARR guidance and maintaining our
 * FY'24 free cash flow guidance ... updating our FY'24 revenue and EPS guidance"), else the lead's status.
 */
function leadStatus(lead: string, metric: string): Guidance['status'] {
  const name = METRICS.find(([, m]) => m === (metric === 'revenue_growth' ? 'revenue' : metric))?.[0];
  const at = name ? new RegExp(name.source, name.flags.replace('g', '')).exec(lead) : null;
  if (at) return statusBefore(lead, at.index);
  // (A lead wording several statuses, each for the metrics it names, words none for a metric it does not name.)
  const worded = new Set(STATUS_WORDS.filter(([re]) => re.test(lead)).map(([, status]) => status));
  return worded.size > 1 ? null : statusOf(lead);
}

/** A block's text without the "|" marks and spaces around it. */
const bareCell = (b: Block) => b.text.replace(/^[|\s]+|[|\s]+$/g, '');

/** A line a page store prints for one table cell: not already a row, short, no sentence ending in it or at its end. */
function isCellLine(b: Block): boolean {
  // (The period of an abbreviated month, "Fiscal Year Ending Feb. 28, 2009", ends no sentence.)
  const t = bareCell(b).replace(/\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.(?=\s\d)/g, '$1');
  return !b.row && t.length <= 60 && !/[.:;]$/.test(t) && !/\.\s/.test(t);
}

/**
 * Each run of consecutive cell lines (its empty lines left out) goes to `rebuild`: the blocks it returns replace the
 * run, a run it returns null for is kept as it was; every other block passes through.
 */
function rebuildCellRuns(blocks: Block[], rebuild: (run: Block[]) => Block[] | null): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; ) {
    if (!isCellLine(blocks[i]!)) {
      out.push(blocks[i++]!);
      continue;
    }
    let j = i;
    while (j < blocks.length && isCellLine(blocks[j]!)) j++;
    out.push(...(rebuild(blocks.slice(i, j).filter((b) => bareCell(b) !== '')) ?? blocks.slice(i, j)));
    i = j;
  }
  return out;
}

/** A cell of a midpoint +/- outlook table printed one cell per line: an amount, a lone mark, "+/-" or a spread in bps. */
const SPREAD_CELL = /^(?:\$|US\$|€|£|%|\+\/-|±|\d[\d,]*(?:\.\d+)?\s?bps)$/i;

/**
 * A midpoint +/- outlook table a page store renders one cell per line ("Net sales |", "$ |", "200.0 |", "+/- |", "$ |",
 * "5.0 |"): a run of short cell lines with at least two "+/-" cells becomes the table it was, its title line before it,
 * then one row per label with the cells after it ("Net sales | $ | 200.0 | +/- | $ | 5.0 |"), a label with no cells a row
 * of its own ("Non-GAAP Financial Measures |"), as the same table printed one row per line reads.
 */
function spreadLineTables(blocks: Block[]): Block[] {
  const valueish = (c: string) => VALUE_LINE.test(c) || SPREAD_CELL.test(c);
  return rebuildCellRuns(blocks, (run) => {
    const firstValue = run.findIndex((b) => valueish(bareCell(b)));
    if (run.filter((b) => /^(?:\+\/-|±)$/.test(bareCell(b))).length < 2 || firstValue < 1) return null;
    const out: Block[] = [];
    // The lines before the first row's label: a title (not a row), then captions (rows of one cell).
    const labelAt = firstValue - 1;
    run.slice(0, labelAt).forEach((b, k) => {
      out.push({
        ...b,
        text: k === 0 && !/^\(/.test(bareCell(b)) ? bareCell(b) : `${bareCell(b)} |`,
        row: k > 0 || /^\(/.test(bareCell(b)),
      });
    });
    for (let k = labelAt; k < run.length; ) {
      let m = k + 1;
      while (m < run.length && valueish(bareCell(run[m]!))) m++;
      out.push({
        text: `${run.slice(k, m).map(bareCell).join(' | ')} |`,
        start: run[k]!.start,
        end: run[m - 1]!.end,
        row: true,
      });
      k = m;
    }
    return out;
  });
}

/** A column header's span printed on a line of its own ("Three Months Ending", "Year Ending"), its date on the next. */
const SPAN_LINE = /^(?:(?:three|six|nine|twelve) months|(?:fiscal )?year|quarter) (?:ending|ended)$/i;
const DATE_LINE = /^[A-Z][a-z]+\.? \d{1,2}, \d{4}$/;

/**
 * Column headers a page store prints with each period's span and its date on lines of their own ("Three Months Ending" /
 * "June 30, 2023 |" / "Year Ending" / "December 31, 2023 | |||") are one header row of those periods ("Three Months
 * Ending June 30, 2023 | Year Ending December 31, 2023 |").
 */
function wrappedPeriodHeaders(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; ) {
    const cells: string[] = [];
    let k = i;
    while (
      k + 1 < blocks.length &&
      SPAN_LINE.test(bareCell(blocks[k]!)) &&
      DATE_LINE.test(bareCell(blocks[k + 1]!))
    ) {
      cells.push(`${bareCell(blocks[k]!)} ${bareCell(blocks[k + 1]!)}`);
      k += 2;
    }
    if (cells.length === 0) {
      out.push(blocks[i++]!);
      continue;
    }
    out.push({ text: `${cells.join(' | ')} |`, start: blocks[i]!.start, end: blocks[k - 1]!.end, row: true });
    i = k;
  }
  return out;
}

/** A line of a one-value-per-row table printed one cell per line that holds an amount, or a dash for none. */
const ROW_VALUE_LINE = (c: string) => VALUE_LINE.test(c) || /^[-–—]$/.test(c);
/** A header line naming only a period ("Full Year 2007", "Full Year 2007 Outlook"): no amount of its own. */
const periodLine = (c: string) =>
  c.length <= 60 && !/\$|%|\d[\d,]*\.\d/.test(c) && (columnOf(c)?.period ?? null) !== null;
/** A label line of such a table: not an amount, a "to" or a period, no sentence in it (a long label may wrap). */
const rowLabelLine = (b: Block) => {
  const c = bareCell(b);
  return (
    !b.row &&
    c !== '' &&
    c.length <= 100 &&
    !ROW_VALUE_LINE(c) &&
    !/^to$/i.test(c) &&
    !periodLine(c) &&
    !/^\(in\b/i.test(c) &&
    !/[.:;]$/.test(c) &&
    !/\.\s/.test(c)
  );
};

/**
 * A table a page store prints one cell per line with one value per row under a line naming its period ("Full Year
 * 2007" over "Site rental revenue", "$1,265 to $1,280", ...; or "Net income (loss)", "$(210)", "to", "$(104)", a range
 * whose "to" is a cell of its own): each label line (or two, when the label wraps) and the value after it become one row
 * "label | value", the period line the table's title, a scale caption above it ("(in millions)") a caption row.
 */
function periodLineTables(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.row || !periodLine(bareCell(b))) {
      out.push(b);
      continue;
    }
    const rows: Block[] = [];
    let k = i + 1;
    while (k < blocks.length) {
      // A value with no label before it (a row whose "to" was not printed) is passed over.
      if (!blocks[k]!.row && ROW_VALUE_LINE(bareCell(blocks[k]!))) {
        k++;
        continue;
      }
      let m = k;
      const label: string[] = [];
      while (m < blocks.length && m - k < 2 && rowLabelLine(blocks[m]!)) label.push(bareCell(blocks[m++]!));
      if (label.length === 0 || m >= blocks.length || blocks[m]!.row || !ROW_VALUE_LINE(bareCell(blocks[m]!)))
        break;
      let value = bareCell(blocks[m]!);
      let end = blocks[m]!.end;
      const to = blocks[m + 1];
      const high = blocks[m + 2];
      if (
        to &&
        high &&
        !to.row &&
        !high.row &&
        /^to$/i.test(bareCell(to)) &&
        ROW_VALUE_LINE(bareCell(high))
      ) {
        value = `${value} to ${bareCell(high)}`;
        end = high.end;
        m += 2;
      }
      rows.push({ text: `${label.join(' ')} | ${value} |`, start: blocks[k]!.start, end, row: true });
      k = m + 1;
    }
    if (rows.length < 2) {
      out.push(b);
      continue;
    }
    const above = out[out.length - 1];
    if (
      above &&
      !above.row &&
      /^\(in\b[^)]*\b(?:thousands|millions|billions)\b[^)]*\)$/i.test(bareCell(above))
    )
      out[out.length - 1] = { ...above, text: `${bareCell(above)} |`, row: true };
    out.push({ ...b, text: `${bareCell(b)} |` }, ...rows);
    i = k - 1;
  }
  return out;
}

/**
 * The rows of each table (a run of rows under a title naming a period) whose every row with an amount holds one range
 * and nothing else ("Site rental revenue | $1,265 to $1,280 |"): a result is never printed as a range, so such a table is
 * an outlook even when no word over it says so.
 */
function rangeTables(blocks: Block[]): Set<Block> {
  const out = new Set<Block>();
  for (let i = 0; i < blocks.length; ) {
    if (!blocks[i]!.row) {
      i++;
      continue;
    }
    let j = i;
    while (j < blocks.length && blocks[j]!.row) j++;
    const title = i > 0 ? bareCell(blocks[i - 1]!) : '';
    const body = blocks
      .slice(i, j)
      .map((b) => tableCells(b.text).slice(1))
      .filter((v) => v.some((c) => /\d/.test(c)));
    const allRanges = body.every((v) => {
      if (v.length !== 1) return false;
      const c = cellValue(v[0]!).trim();
      const r = RANGE.exec(c);
      return r !== null && r.index === 0 && r[0].length === c.length;
    });
    if (periodLine(title) && body.length >= 2 && allRanges) for (const b of blocks.slice(i, j)) out.add(b);
    i = j;
  }
  return out;
}

/**
 * Guidance printed as a table under a lead-in that names targets ("The following table summarizes ... second
 * quarter fiscal year 2023 targets:"): each row's label is the metric, each cell a range or point, a "GAAP:" /
 * "Non-GAAP:" prefix is the basis. The target period comes from the lead-in.
 */
/**
 * Whether a table's header names the periods of reported results: periods "ended", or a year before the reported fiscal
 * year, with no outlook word and no year after the reported one (h-guid16).
 */
function reportsResults(header: string, reportedYear: number | null): boolean {
  if (TARGET_LEAD.test(header)) return false;
  const years = [...header.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => Number(m[0]));
  if (reportedYear !== null && years.some((y) => y > reportedYear)) return false;
  // (h-guid31: ... and so does one whose head names no period and has a change column, "| Metric | Value | Change YoY
  // (Adjusted) |".)
  return (
    /\bended\b/i.test(header) ||
    (/\b(?:change|YoY)\b/i.test(header) &&
      !/\b(?:19|20)\d{2}\b|\bFY|\b[QH][1-4]\b|'\d{2}\b|\b(?:quarter|year|month)/i.test(header)) ||
    (reportedYear !== null && years.some((y) => y < reportedYear))
  );
}

export function tableGuidance(
  blocks: Block[],
  reported: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null },
): (Omit<Guidance, 'sentence'> & { block: Block })[] {
  const out: (Omit<Guidance, 'sentence'> & { block: Block })[] = [];
  let lead = '';
  let header = '';
  let headerRows: string[][] = [];
  let sectionBasis: 'gaap' | 'non_gaap' | null = null;
  // A range's "- low" and "- high" rows ("Diluted earnings per share - low"): the low cell of each column, by label.
  const lows = new Map<string, string>();
  let previousMetric: string | null = null;
  // A caption row ("(In millions, except per share data)") printed above a table's title line, itself a cell line
  // ending in "|" ("Business Outlook |"), is the caption of the table under that title.
  let caption = '';
  // A table's first row, which may itself name the targets ("Q2 FY15 Guidance Metrics | Q2 FY15 (ending July 31, 2014)")
  // under a lead-in that names only the period ("Second Quarter Fiscal 2015").
  let firstRow: string | null = null;
  // (h-guid18) Title lines printed one per line above the rows ("2022 Actual |", "March 31, 2023 Guidance Ranges |",
  // "July 26, 2023 Guidance Ranges 1 |"): the table's column heads.
  let titles: string[] = [];
  let lastTitle = false;
  const tableBlocks = periodLineTables(
    cellLineTables(spreadLineTables(wrappedPeriodHeaders(continuedRows(blocks)))),
  );
  const ranged = rangeTables(tableBlocks);
  let afterRow = false;
  // (h-guid22) Whether the next body row is the first of its table or of a section (after a header or blank row).
  let sectionStart = true;
  // (h-guid28) A one-cell row naming segments ("Segment Information") opens a section of the segments' targets, none the
  // company's, up to the next one-cell row ("Capital Expenditures").
  let segmentSection = false;
  // (h-guid28) A paragraph saying the amounts below are in a scale ("Amounts below are in thousands except
  // percentages") scales the tables after it, its translation between, up to the next paragraph after a table.
  let proseScale: string | null = null;
  for (const b of tableBlocks) {
    const wasRow = afterRow;
    afterRow = b.row;
    if (!b.row) {
      segmentSection = false;
      const stated =
        /\bamounts\s+(?:below|shown\s+below|in\s+the\s+tables?\s+below)\s+are\s+(?:stated\s+|presented\s+)?in\s+(thousands|millions|billions)\b/i.exec(
          b.text,
        );
      if (stated) proseScale = stated[1]!;
      else if (wasRow && /[A-Za-z]{3}/.test(b.text)) proseScale = null;
      sectionStart = true;
      firstRow = null;
      const title = /\|\s*$/.test(b.text) && b.text.length <= 80;
      titles = title ? (lastTitle ? [...titles, b.text] : [b.text]) : [];
      // (h-guid19) A title line naming only a fiscal year ("Fiscal Year End 2017 |") under a lead paragraph ("FY17 GAAP
      // Interest Expense Guidance based on Adjusted Interest Expense Guidance") keeps that lead: it names the column.
      const yearOnly =
        title &&
        !wasRow &&
        !lastTitle &&
        TARGET_LEAD.test(lead) &&
        /^\|?\s*(?:fiscal\s+)?(?:full\s+)?year(?:\s+end(?:ed|ing)?)?\s+(?:19|20)\d{2}\s*\|\s*$/i.test(b.text);
      lastTitle = title;
      lead = yearOnly ? `${lead} ${b.text}` : b.text;
      header = title && caption ? ` ${caption}` : '';
      if (!title) caption = '';
      headerRows = [];
      sectionBasis = null;
      continue;
    }
    lastTitle = false;
    const first = /^\s*\|?\s*(\((?:in|\$)\s?[^)]*\b(?:thousands|millions|billions)\b[^)]*\))/i.exec(b.text);
    if (first) caption = first[1]!;
    firstRow ??= b.text;
    if (!(TARGET_LEAD.test(lead) || TARGET_LEAD.test(firstRow) || ranged.has(b)) || BOILERPLATE.test(lead))
      continue;
    const cells = tableCells(b.text);
    if (
      cells.every(
        (c) =>
          !/\d/.test(c) ||
          /^(?:fiscal|first|second|third|fourth|q[1-4]|fy)/i.test(c) ||
          // "Three Months Ending April 1, 2023": a column header naming a period by its end date.
          /^(?:three|six|nine|twelve) months (?:ending|ended)\b/i.test(c) ||
          // "Previous Full-Year 2019 Guidance Range": a column header naming a period with no amount.
          (!/\$|%|\d[\d,]*\.\d/.test(c) && (columnOf(c)?.period ?? null) !== null),
      )
    ) {
      if (cells.length === 1) segmentSection = /\bsegments?\b/i.test(cells[0]!);
      // A row of one cell naming GAAP or non-GAAP measures is a section heading: the rows below it have that basis.
      if (cells.length === 1 && /\bgaap\b/i.test(cells[0]!))
        sectionBasis = /non[- ]?gaap/i.test(cells[0]!) ? 'non_gaap' : 'gaap';
      header += ` ${b.text}`;
      // (h-guid19) A header whose columns start over after a cell naming none ("Updated | Prior | Segment | Updated |
      // Prior": a second table printed beside the first) heads the first table up to that cell.
      const over = cells.findIndex(
        (c, i) => i > 0 && columnOf(c) === null && cells.slice(i + 1).includes(cells[0]!),
      );
      headerRows.push(over > 0 ? cells.slice(0, over) : cells);
      sectionStart = true;
      continue;
    }
    const startsSection = sectionStart;
    sectionStart = false;
    if (segmentSection) continue;
    // (h-guid19) A row whose values are followed by a text cell ("Revenue | ~$3.3 B | ~$3.2 B | Aviation | ~18% | ~13%")
    // ends before it: the cells from that label on are a row of a table printed beside.
    const beside = cells.findIndex(
      (c, i) => i > 1 && /^[A-Za-z]/.test(c) && !/\d/.test(c) && cells.slice(1, i).some((x) => /\d/.test(x)),
    );
    if (beside > 0) cells.splice(beside);
    // (h-guid16) A table whose header names periods ended ("Three Months Ended September 30") or a year before the
    // reported one ("2006 | 2005 | % Change"), and neither an outlook word nor a year after the reported one, reports
    // results: a status bullet before it ("reaffirmed its fiscal 2007 guidance of ...") does not make it an outlook table.
    if (!ranged.has(b) && reportsResults(header, reported.fiscalYear)) continue;
    const label = cells[0]!.replace(/(?<=[a-z])\d+$/, '');
    // A growth rate "— Constant Currency" is a measure of its own, not the metric's target.
    // ("Constant currency ARR" is the ARR target at constant rates: only a growth rate is set apart.)
    if (/\bconstant currency\b/i.test(label) && /\bgrowth\b/i.test(label)) continue;
    const segment = /\b(?:segment|subscription|product|services?|rental)\b/i.test(label);
    // A row "Y-Y" / "YoY" right under the revenue row is revenue's growth year over year ("Q-Q" is sequential).
    const yoy: boolean =
      /^(?:y-y|y\/y|yoy|year[- ]over[- ]year)$/i.test(label.trim()) && previousMetric === 'revenue';
    const found: [RegExp, string] | undefined = yoy
      ? [/./, 'revenue_growth']
      : labelMetric(label, [...METRICS, ...TABLE_METRICS]);
    if (!/^(?:y-y|y\/y|yoy|year[- ]over[- ]year|q-q|q\/q|qoq)$/i.test(label.trim()))
      previousMetric = found?.[1] ?? null;
    // A row naming a period instead of a metric ("Fiscal Year Ending Feb. 28, 2009 | $0.63 - $0.71 | $1.68 - $1.76") is the
    // target of the one metric its table's lead names ("Company updates reported basis diluted earnings per share
    // guidance").
    const leadMetrics =
      found || columnOf(label)?.period == null ? [] : METRICS.filter(([re]) => re.test(lead));
    const named = found ?? (leadMetrics.length === 1 ? leadMetrics[0] : undefined);
    const hit: [RegExp, string] | undefined =
      named && segment && named[1] === 'revenue' ? [named[0], 'segment_revenue'] : named;
    if (!hit) continue;
    // (h-guid19) A row naming an impact or effect on a metric ("Tax rate impact from adjustments to GAAP earnings", "Tax
    // effect of the above items") is a reconciling item between two targets, not a target.
    if (/\b(?:impact|effect)s?\s+(?:of|from|on)\b/i.test(label)) continue;
    // (h-guid22) A table its lead calls a reconciliation of GAAP to non-GAAP measures ("Net income (loss) | ... |
    // EBITDA | ... | Adjusted EBITDA | Diluted EPS | ... | Adjusted EPS") states a GAAP target in its first row and in the
    // row right after each non-GAAP one, and the non-GAAP target in the row naming its basis; the rows between are its
    // reconciling steps (tax, interest, an unadjusted EBITDA), no targets.
    const reconciliation = /\breconciliation of GAAP to non-GAAP\b/i.test(lead);
    const basisNamed = /non[- ]?gaap|adjusted/i.test(label);
    if (reconciliation && basisNamed) sectionStart = true;
    if (reconciliation && !startsSection && !basisNamed) continue;
    // Sustaining or maintenance capital expenditures are a part of capex, not its total (h-guid28: so are growth or
    // expansion ones).
    if (hit[1] === 'capex' && /\b(?:sustaining|maintenance|growth|expansion)\s+capital\b/i.test(label))
      continue;
    if (
      (hit[1] === 'ffo_per_share' || hit[1] === 'affo_per_share') &&
      (ffoConcept(label) !== hit[1] || !/\bper (?:diluted |basic )?(?:common )?(?:share|unit)\b/i.test(label))
    )
      continue;
    const tableTarget = targetOf(`${lead} ${header}`, reported);
    const values = latestDatedColumn(midpointRange(cells.slice(1)), titles);
    const lowHigh = /\blow\b.*\bhigh\b/i.test(header) && values.length === 2;
    // A header naming the columns (a basis, Low / Mid / High, New / Previous, a period) is followed column by column:
    // each cell is read under its column's header, never a previous or adjustment column's.
    const cols = columnsOf(headerRows);
    const firstQuarter = cols?.leaves[0]?.period ? targetOf(cols.leaves[0].period, reported).period : null;
    const leadQuarter =
      firstQuarter?.startsWith('Q') === true && targetOf(lead, reported).period === firstQuarter;
    // (h-guid23) ... and the last columns when the lead names only the fiscal year of the table's last column ("the
    // fiscal year 2025 guidance framework" over "2025 Q1 | 2025": "Operating Cash Flow | $3.6B - $3.7B | |" is 2025's).
    const leadOwn = targetOf(lead, reported);
    const lastPeriod = cols?.leaves[cols.leaves.length - 1]?.period;
    const lastTarget = lastPeriod ? targetOf(lastPeriod, reported) : null;
    const leadYear =
      leadOwn.period === 'FY' &&
      leadOwn.year !== null &&
      lastTarget?.period === 'FY' &&
      lastTarget.year === leadOwn.year;
    const trailing = /\|\s+\|\s*$/.test(b.text);
    const byColumn = cols
      ? columnCells(
          values.map(cellValue),
          cols,
          leadQuarter && trailing ? 'end' : leadYear && trailing ? 'start' : null,
        )
      : null;
    const jobs: {
      raw: string;
      colBasis: 'gaap' | 'non_gaap' | null;
      target: typeof tableTarget;
      worded?: boolean;
      growth?: boolean;
    }[] = byColumn
      ? byColumn
          .flatMap(({ text, col }, k) => {
            const side = /\s*-\s*(low|high)$/i.exec(cells[0]!)?.[1]?.toLowerCase();
            const key = `${cells[0]!.replace(/\s*-\s*(?:low|high)$/i, '')}|${k}`;
            if (side === 'low') {
              lows.set(key, text);
              return [];
            }
            const low = side === 'high' ? lows.get(key) : undefined;
            if (side === 'high' && low === undefined) return [];
            return [{ text: low === undefined ? text : `${low} to ${text}`, col }];
          })
          // A growth column gives revenue's growth only.
          .filter(({ col }) => !col.growth || hit[1] === 'revenue')
          .map(({ text, col }) => ({
            raw: text,
            growth: col.growth,
            colBasis: col.basis,
            target: col.period ? targetOf(col.period, reported) : leadTarget(lead, header, reported),
            // Beside a previous column, the lead's status word speaks of the columns set against it ("Revised") only.
            worded: !cols!.previous || col.current,
          }))
      : cols
        ? []
        : (lowHigh ? [`${values[0]} to ${values[1]}`] : values.map(cellValue)).map((raw) => ({
            raw,
            colBasis: null,
            target: tableTarget,
          }));
    for (const { raw, colBasis, target, worded = true, growth = false } of jobs) {
      const basisWord = /^\s*(non[- ]?gaap|gaap)\s*:\s*/i.exec(raw);
      const cell = raw.replace(/^\s*(?:non[- ]?gaap|gaap)\s*:\s*/i, '').trim();
      // (h-guid19: "Tax Rate (Pro Forma)", "EPS (Pro Forma)": pro forma is non-GAAP wording, as in prose.)
      const labelBasis = /non[- ]?gaap|adjusted|pro ?forma/i.test(label)
        ? 'non_gaap'
        : /\bgaap\b/i.test(label)
          ? 'gaap'
          : null;
      // "a reconciliation of projected Adjusted EBITDA to projected net loss, the most comparable GAAP financial
      // measure": the measure the lead calls the comparable GAAP one is GAAP.
      const comparable =
        /\bto\s+(?:projected\s+|forecasted?\s+|estimated\s+)?([a-z][a-z ()-]{2,40}?),?\s+(?:which is\s+)?the most (?:directly\s+)?comparable GAAP\b/i.exec(
          lead,
        );
      const gaapByLead =
        comparable !== null && labelMetric(comparable[1]!, [...METRICS, ...TABLE_METRICS])?.[1] === hit[1];
      const basis = basisWord
        ? /non/i.test(basisWord[1]!)
          ? 'non_gaap'
          : 'gaap'
        : (labelBasis ?? colBasis ?? sectionBasis ?? (gaapByLead || reconciliation ? 'gaap' : 'unspecified'));
      // (h-guid18) A cell worded as a change ("Increase of 33% to 36%") is its row metric's growth: revenue growth for
      // revenue, outside the vocabulary for any other metric (EBITDA's growth, a part of revenue's growth).
      const changeCell = /^(?:increase|decrease|up|down|growth|decline)\s+(?:of\s+)?\d[\d.]*\s?%/i.test(cell);
      // (A decrease so worded has no sign in its numbers to read: no row rather than a guessed sign.)
      if (
        changeCell &&
        (!/^revenue$|_growth$|^comparable_sales$/.test(hit[1]) || /^(?:decrease|down|decline)/i.test(cell))
      )
        continue;
      // "Increase 4 percent year-on-year": a change against the prior year, revenue's target being its growth.
      const change = CELL_CHANGE.exec(cell.replace(/^\|\s*|\s*\|$/g, ''));
      if (change && (hit[1] === 'revenue' || hit[1] === 'revenue_growth')) {
        const sign = /decrease|down|decline/i.test(change[1]!) ? -1 : 1;
        out.push({
          metric: 'revenue_growth',
          label: label.replace(/(?<=[a-z])\d$/, '').trim(),
          basis,
          targetYear: target.year,
          targetPeriod: target.period,
          low: null,
          high: null,
          point: sign * Number(change[2]),
          printed: raw.trim(),
          unit: 'percent',
          scale: 'units',
          qualitative: null,
          relative: true,
          status: worded ? rowStatus(lead, hit[1], basis) : null,
          block: b,
        });
        continue;
      }
      const r = RANGE.exec(cell);
      const p = r ? null : CELL_POINT.exec(cell);
      if (!r && !p) continue;
      const unitWord = r ? (r[4] ?? r[2]) : p![2];
      const isPercent = /%|per ?cent|pct/i.test(unitWord ?? '');
      const metric =
        growth || (changeCell && hit[1] === 'revenue')
          ? 'revenue_growth'
          : hit[1] === 'eps_diluted' && /\bbasic\b/i.test(label)
            ? 'eps_basic'
            : hit[1];
      if (PERCENT_METRIC.test(metric) && !isPercent && /\$|€|£/.test(cell)) continue;
      const perShare = PER_SHARE_CONCEPTS.has(metric as Concept) || /per share/i.test(label);
      // A cell with no unit word of its own takes its row label's scale ("Revenue (in millions) | $595-$610"), else the
      // table's caption ("(in millions, except per share data)").
      const caption = (/\(in (thousands|millions|billions)\)/i.exec(label) ??
        /\bin (thousands|millions|billions)\b/i.exec(header) ??
        (cols ? /\((?:\$|US\$)\s?(thousands|millions|billions)\b/i.exec(lead) : null) ??
        (proseScale ? [proseScale, proseScale] : null))?.[1]?.replace(/s$/i, '');
      const scale: Scale =
        perShare || isPercent ? 'units' : wordScale(unitWord === 'cents' ? undefined : (unitWord ?? caption));
      const full = (t: string | undefined) => {
        if (t === undefined) return null;
        const v = parseAmount(t);
        // Capital expenditures are an amount spent: a reconciliation's parentheses ("Capital expenditures | (~$20)",
        // subtracted from operating cash flow) are its arithmetic, not a negative target.
        const w = v !== null && metric === 'capex' ? Math.abs(v) : v;
        return w === null ? null : perShare || isPercent ? w : toFullUnits(w, scale);
      };
      const g = {
        metric,
        label: label.replace(/(?<=[a-z])\d$/, '').trim(),
        basis: (metric === 'ffo_per_share' || metric === 'affo_per_share'
          ? 'non_gaap'
          : basis) as Guidance['basis'],
        targetYear: target.year,
        targetPeriod: target.period,
        low: r ? full(r[1]) : null,
        high: r ? full(r[3]) : null,
        point: p ? full(p[1]) : null,
        printed: raw.trim(),
        unit: (isPercent
          ? 'percent'
          : perShare
            ? metric === 'eps_per_ads'
              ? 'currency_per_ads'
              : 'currency_per_share'
            : /\$/.test(cell)
              ? 'currency'
              : 'count') as Guidance['unit'],
        scale,
        qualitative: null,
        relative: false,
        status: worded ? rowStatus(lead, hit[1], basis) : null,
        block: b,
      };
      // A loss per share printed without its parentheses has no sign to read: no row rather than a guessed one.
      if (/^net loss\b/i.test(label) && [g.low, g.high, g.point].some((v) => v !== null && v > 0)) continue;
      if (
        out.some(
          (o) =>
            o.metric === g.metric &&
            o.basis === g.basis &&
            o.targetPeriod === g.targetPeriod &&
            o.targetYear === g.targetYear &&
            o.low === g.low &&
            o.high === g.high &&
            o.point === g.point,
        )
      )
        continue;
      out.push(g);
    }
  }
  out.push(...revisedForecastRows(blocks, reported));
  return out;
}

/** A column head naming guidance by the date it was given ("July 26, 2023 Guidance Ranges"). */
const DATED_HEAD =
  /^([A-Z][a-z]+\.? \d{1,2}, (?:19|20)\d{2})\b.*\b(?:guidance|outlook|forecasts?|targets?)\b/i;

/**
 * (h-guid18) A row's cells under column heads printed one per line, of which two or more name guidance by the date it
 * was given ("2022 Actual", "March 31, 2023 Guidance Ranges", "July 26, 2023 Guidance Ranges"): the cell of the latest
 * date is the current target; the earlier dates' are previous ranges and an actual column is a result.
 */
function latestDatedColumn(values: string[], titles: string[]): string[] {
  const heads = titles
    .map((t) => t.replace(/\|\s*$/, '').trim())
    .filter((t) => DATED_HEAD.test(t) || /^(?:19|20)\d{2}\s+actuals?\b/i.test(t));
  const dates = heads.map((h) => {
    const d = DATED_HEAD.exec(h);
    return d ? Date.parse(d[1]!.replace('.', '')) : Number.NaN;
  });
  if (heads.length !== values.length || dates.filter(Number.isFinite).length < 2) return values;
  const latest = dates.indexOf(Math.max(...dates.filter(Number.isFinite)));
  return [values[latest]!];
}

/**
 * A revised-forecast table whose header a page store prints one cell per line, its first column "Revised" /
 * "Forecast" ("(Billions of yen)", "Revised", "Forecast", "Change from October", "Forecast", ...), over rows whose first
 * amount is that column's even when the row's empty cells are dropped ("Operating income (loss) | (260) | 200 | 475.3"):
 * each row's first amount is the revised target (updated), of the fiscal year the notes under the table name by its end
 * date ("the fiscal year ending March 31, 2009"), scaled by the caption above the header.
 */
function revisedForecastRows(
  blocks: Block[],
  reported: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null },
): (Omit<Guidance, 'sentence'> & { block: Block })[] {
  const out: (Omit<Guidance, 'sentence'> & { block: Block })[] = [];
  for (let i = 0; i + 1 < blocks.length; i++) {
    const first = blocks[i]!;
    const two = `${bareCell(first)} ${bareCell(blocks[i + 1]!)}`;
    if (first.row || (!/^revised forecast$/i.test(bareCell(first)) && !/^revised forecast$/i.test(two)))
      continue;
    const caption = blocks
      .slice(Math.max(0, i - 2), i)
      .map(bareCell)
      .map((t) => /^\((thousands|millions|billions) of [a-z]+\)$/i.exec(t))
      .find((m) => m !== null);
    let j = i;
    while (j < blocks.length && isCellLine(blocks[j]!)) j++;
    const rows: Block[] = [];
    // The rows, with the short lines of rows printed apart ("(Equity in net income (loss) of ...") among them.
    while (j < blocks.length && (blocks[j]!.row || blocks[j]!.text.length <= 80)) {
      if (blocks[j]!.row) rows.push(blocks[j]!);
      j++;
    }
    const notes = blocks
      .slice(j, j + 5)
      .find((b) => !b.row && /\bfiscal year (?:ending|ended)\s/i.test(b.text));
    const phrase = notes
      ? /\bfiscal year (?:ending|ended)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4}/.exec(notes.text)
      : null;
    if (rows.length === 0 || !phrase) continue;
    const target = targetOf(phrase[0], reported);
    const scale: Scale = caption ? wordScale(caption[1]!.replace(/s$/i, '')) : 'units';
    for (const b of rows) {
      const cells = tableCells(b.text);
      const hit = labelMetric(cells[0]!, METRICS);
      const cell = cells[1] === undefined ? null : CELL_POINT.exec(cellValue(cells[1].replace(/¥\s?/, '')));
      if (!hit || !cell) continue;
      const v = parseAmount(cell[1]!);
      if (v === null || PER_SHARE_CONCEPTS.has(hit[1] as Concept)) continue;
      out.push({
        metric: hit[1],
        label: cells[0]!,
        basis: 'unspecified',
        targetYear: target.year,
        targetPeriod: target.period,
        low: null,
        high: null,
        point: toFullUnits(v, scale),
        printed: cells[1]!,
        unit: 'currency',
        scale,
        qualitative: null,
        relative: false,
        status: 'updated',
        block: b,
      });
    }
    i = j - 1;
  }
  return out;
}

/**
 * The status a table's lead words for a row of a basis: a status word followed by a basis ("Company updates reported
 * basis diluted earnings per share guidance") speaks of that basis's targets only.
 */
function basisStatus(lead: string, basis: 'gaap' | 'non_gaap' | 'unspecified'): Guidance['status'] {
  const status = statusMatch(lead);
  if (status === null) return null;
  const named = /^\s*(?:its\s+|the\s+|our\s+)?(reported|gaap|comparable|non[- ]?gaap|adjusted)\b/i.exec(
    lead.slice(status.end),
  );
  if (named === null || status.status === 'withdrawn') return status.status;
  const of = /^(?:reported|gaap)$/i.test(named[1]!) ? 'gaap' : 'non_gaap';
  return of === basis ? status.status : null;
}

/**
 * The status a table's lead words for a row: the status worded for its metric (leadStatus), unless the lead's status
 * speaks of the other basis's targets only (basisStatus).
 */
function rowStatus(
  lead: string,
  metric: string,
  basis: 'gaap' | 'non_gaap' | 'unspecified',
): Guidance['status'] {
  return basisStatus(lead, basis) === null ? null : leadStatus(lead, metric);
}

/** A paragraph's clauses: its sentences, each cut at ", and " / "; ". */
function clausesOf(text: string): string[] {
  // (h-guid31: a closing quotation mark after the full stop ends the sentence too: "... upper end of the range.” “For
  // the Siemens Group we expect ...".)
  return text
    .split(/(?<=[.!?][”"’]?)\s+(?=[A-Z“"])/)
    .flatMap((sentence) => sentence.split(/,\s+and\s+|;\s+/))
    .filter((c) => c.length < 400);
}

/**
 * A status worded elsewhere ("Company raises Digital Media net new ARR and EPS annual targets") applies to the
 * guidance that has no worded status of its own: first the words of the row's own paragraph, then the other short
 * paragraphs and headings in document order. Within one text it applies to the metrics the text names ("annual" /
 * "full-year" limits it to fiscal-year targets), or, when it names no metric, to every target of the year it
 * names ("UPDATES 2019 GUIDANCE"); a text that names an adjusted (non-GAAP) or a GAAP metric applies to that basis
 * only ("Full-year adjusted EPS guidance narrowed" leaves the GAAP range without a status), and a text that names a
 * target period applies to that period only ("we are raising our financial outlook ... FY21 revenue").
 */
export function applyWordedStatus<
  G extends {
    metric: string;
    basis: string;
    targetPeriod: FiscalPeriod | null;
    targetYear: number | null;
    status: Guidance['status'];
    evidence: { start: number; end: number };
  },
>(guidance: G[], blocks: { text: string; start: number; end: number }[]): void {
  const own = (g: G) => blocks.find((b) => b.start <= g.evidence.start && g.evidence.end <= b.end);
  const reinstated = blocks.some((b) => REINSTATED.test(b.text));
  for (const g of guidance) {
    const b = own(g);
    if (g.status === null && b !== undefined && b.text.length < 400) apply([g], b.text);
  }
  // A long paragraph speaks clause by clause ("Adjusted EBITDA guidance is unchanged despite lower revenue
  // expectations, and gross margin guidance has been increased ..."): each clause of its sentences is a text.
  // A lead ending in a colon ("The Company raised guidance for fiscal year 2023 by estimating results in the following
  // ranges:") speaks of the list after it, up to the next such lead ("The Company updated certain guidance ...:").
  const isLead = (b: { text: string }) => /:\s*$/.test(b.text) && b.text.length < 400;
  // (h-guid18) A lead's word speaks of its own list before any other paragraph's speaks of the whole outlook ("we are
  // updating certain fiscal year 2023 guidance ranges" above "The Company reaffirmed certain guidance for fiscal year
  // 2023 by estimating results in the following range:"): the leads are read first.
  const leadsFirst = [...blocks.entries()].sort(
    ([i, a], [j, b]) => Number(isLead(b)) - Number(isLead(a)) || i - j,
  );
  for (const [bi, b] of leadsFirst) {
    let rows = guidance;
    if (isLead(b)) {
      const next = blocks.slice(bi + 1).find(isLead);
      rows = guidance.filter(
        (g) => g.evidence.start >= b.end && (next === undefined || g.evidence.start < next.start),
      );
    }
    if (b.text.length < 400) apply(rows, b.text);
    else for (const clause of clausesOf(b.text)) apply(rows, clause);
  }

  function apply(rows: G[], t0: string): void {
    // (h-guid27) A status whose object is the forecast "by segments" ("we revised the forecast by segments at the results
    // announcement") speaks of the segments' targets, none of the consolidated ones; an opening clause of concession
    // ("Although there has been an improvement in operating profit, ordinary profit is expected to remain unchanged")
    // names no target of the status after it.
    const t = t0
      .replace(OUTLOOK_OCCASION, ' ')
      .replace(
        /\b(?:revis|updat|rais|lower|adjust)\w*\s+(?:the |its |our )?(?:forecasts?|guidance|outlook)\s+(?:by|for (?:each|all|its) )\s*segments?\b[^.;]*/gi,
        ' ',
      )
      .replace(/(^|[.!?]\s+)(?:Although|While|Though)\b[^,.;]{1,120},/g, '$1');
    // "raises its earnings expectations": earnings named with a forecast word are the profit targets as a whole.
    // (So are income or profit named with one: "upward revisions to our sales and income forecast".)
    // (h-guid15: so is the range of its earnings or profit: "narrowed the top range of its full-year earnings".)
    const earningsTargets =
      /\b(?:earnings|income|profits?) (?:expectations?|outlook|guidance|forecasts?|estimates?)\b|\brange of (?:its|the|our) (?:[\w-]+ ){0,2}(?:earnings|profits?)\b/i.test(
        t,
      );
    // Estimates or expectations right after a status word are the company's targets ("announced revised revenue and
    // earnings estimates for the first quarter", "Updates Revenue Expectations").
    const revisedEstimates =
      // (h-guid15: "Adjusts expectations for 2015/16" too.)
      /\b(?:revis(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|lower(?:s|ed|ing)?|adjust(?:s|ed|ing)?)\s+(?:[\w-]+\s+){0,3}?(?:estimates?|expectations)\b/i.test(
        t,
      );
    // (h-guid15) A status verb whose object is a list of metric names ("raised its earnings, adjusted earnings, net
    // sales and organic net sales growth for the full-year 2024") words that status for each, whatever the basis.
    const found0 = statusMatch(t);
    const objectNamed =
      found0 !== null &&
      METRICS.some(
        ([re]) =>
          re.exec(
            t
              .slice(found0.end)
              .replace(/^\s+(?:its|the|our|their)\s+/i, '')
              // (h-guid29: "trimmed its adjusted earnings and organic net sales guidance": a basis word before the
              // first name of the list.)
              .replace(/^\s*(?:adjusted|non[- ]?gaap)\s+(?=earnings\s+(?:and|,)\s)/i, ''),
          )?.index === 0,
      );
    // (h-guid22) A range narrowed with its midpoint moved ("We narrowed our full year adjusted earnings per share range
    // and modestly lowered the midpoint") is a target moved that way: the direction beats the width.
    const midpoint =
      /\bnarrow(?:s|ed|ing)?\s+(?:its|the|our)\s+(?:[\w-]+\s+){1,6}?range\s+and\s+(?:\w+ly\s+)?(rais|lower)(?:s|ed|ing)?\s+(?:the|its|our)\s+mid-?point\b/i.exec(
        t,
      );
    if (
      !(
        // (h-guid28: "forecasts" too, "revised the forecasts for ordinary income and net income downward".)
        /\b(?:targets?|guidance|outlook|forecasts?)\b/i.test(t) ||
        earningsTargets ||
        revisedEstimates ||
        objectNamed ||
        midpoint
      ) ||
      BOILERPLATE.test(t)
    )
      return;
    const found = found0;
    if (found === null) return;
    const { status } = found;
    if (status === 'withdrawn' && reinstated) return;
    const annualOnly = /\b(?:annual|full[- ]year|fiscal year)\b/i.test(t) && !/\bquarter/i.test(t);
    // The basis the status speaks of is the one its own sentence names ("the Managing Directors confirm the full
    // year 2021 guidance. ... expects revenues ... as well as adjusted EBITDA ...": no basis, both rows).
    let own = t;
    let at = 0;
    for (const sentence of t.split(/(?<=[.!?])\s+(?=[A-Z“"])/)) {
      const start = t.indexOf(sentence, at);
      at = start + sentence.length;
      if (start < found.end && found.end <= at) {
        own = sentence;
        break;
      }
    }
    // The metrics it speaks of are those its sentences that word a status name ("lifted its full year 2021 outlook.
    // The company now expects annual pro forma earnings per share ...": no metric, every target of fiscal 2021).
    // (h-guid25) What follows "due to" / "because of" / "driven by" gives the reasons, not the targets the status
    // speaks of ("it raises forecast for the second half as well as the fiscal year due to increase in ... unit sales").
    const wordedAll = t
      .split(/(?<=[.!?])\s+(?=[A-Z“"])/)
      .filter((x) => statusMatch(x) !== null)
      .map((x) => x.replace(/\b(?:due to|because of|driven by|owing to|thanks to)\b[^.;]*/gi, ' '))
      // (h-guid31) A result named as a shortfall, miss or beat ("after the earnings shortfall and a reduced full-year
      // outlook") is no target the status speaks of.
      .map((x) =>
        x.replace(/\b(?:earnings|revenues?|sales|profits?|EPS)\s+(?:shortfall|miss|beat)s?\b/gi, ' '),
      )
      .join(' ');
    // (h-guid18) A measure qualified "operational" or "constant currency" ("maintained 2022 full-year guidance for
    // adjusted operational earnings per share and base business operational sales") is another measure than the plain
    // one: the status speaks of none of the targets when those are all it names.
    const worded = wordedAll.replace(OTHER_BASIS_MEASURE, ' ');
    if (worded !== wordedAll && !METRICS.some(([re]) => re.test(worded))) return;
    // (h-guid20) Of two metric names that overlap, the longer one is the name, as in a target's sentence: "raised
    // organic revenue growth guidance" names organic growth, not revenue growth.
    const spans = METRICS.flatMap(([re, m]) =>
      [...worded.matchAll(new RegExp(re.source, `g${re.flags.replace('g', '')}`))].map((x) => ({
        m,
        start: x.index!,
        end: x.index! + x[0].length,
      })),
    );
    const named = new Set(
      spans
        .filter(
          (a) =>
            !spans.some(
              (b) => b.m !== a.m && b.start <= a.start && a.end <= b.end && b.end - b.start > a.end - a.start,
            ),
        )
        .map((a) => a.m),
    );
    if (earningsTargets)
      for (const m of ['net_income', 'eps_diluted', 'ebitda', 'operating_income']) named.add(m);
    if (objectNamed && named.has('net_income')) named.add('eps_diluted');
    // (h-guid29) Organic sales named with a status ("organic net sales guidance") are the organic growth target, the
    // only target organic sales are given as.
    if (named.has('revenue') && /\borganic\s+(?:net\s+)?(?:sales|revenues?)\b/i.test(worded))
      named.add('organic_revenue_growth');
    if (/\bEPS\b|earnings per share/i.test(worded)) named.add('eps_diluted');
    // ("raised its core net earnings per share growth guidance": a core measure is non-GAAP by name, as above.)
    // (h-guid19: a measure named plain and adjusted, "its earnings and adjusted earnings guidance", is both bases.)
    const basis =
      objectNamed || /\b(\w+)\s+and\s+(?:adjusted|non[- ]?gaap)\s+\1\b/i.test(own)
        ? null
        : /\b(?:non[- ]?gaap|adjusted|comparable basis)\b|\bcore\s+(?:net\s+)?(?:earnings|EPS)\b/i.test(own)
          ? 'non_gaap'
          : /\bgaap\b|\breported basis\b/i.test(own)
            ? 'gaap'
            : null;
    const none = { fiscalYear: null, fiscalPeriod: null };
    // The target named right after the word ("providing second quarter targets and updated fiscal year 2023
    // targets": fiscal 2023), else the text's first.
    const after = targetOf(t.slice(found.end), none);
    let target = after.period !== null ? after : targetOf(t, none);
    // (h-guid19) The guidance of the full year named right after the word without its year ("reinstated financial
    // guidance for the full year") is that of the year the document's fiscal-year targets all share.
    const years = new Set(rows.filter((g) => g.targetPeriod === 'FY').map((g) => g.targetYear));
    if (
      target.year === null &&
      // (h-guid25: "raises forecast for the second half as well as the fiscal year" and "left unchanged its full-year
      // forecast" too.)
      /^\s+(?:its\s+|the\s+|our\s+)?(?:(?:financial\s+)?(?:guidance|outlook|forecasts?)\s+for\s+(?:the\s+(?:first|second)\s+half\s+(?:as well as|and)\s+)?the\s+(?:full|fiscal)\s+year\b|(?:full|fiscal)[- ]year\s+(?:financial\s+)?(?:guidance|outlook|forecasts?)\b)/i.test(
        t.slice(found.end),
      ) &&
      years.size === 1 &&
      [...years][0] != null
    )
      target = { period: 'FY', year: [...years][0]! };
    // (h-guid21) "raised its guidance on full-year results" in a text whose fiscal-year targets all lack their year (a
    // text that dates nothing): that status is each fiscal-year target's that words none.
    if (
      target.year === null &&
      named.size === 0 &&
      /^\s+(?:its\s+|the\s+|our\s+)?(?:financial\s+)?(?:guidance|outlook|forecast)\s+(?:for|on)\s+(?:the\s+)?(?:full|fiscal)[- ]year\b/i.test(
        t.slice(found.end),
      ) &&
      years.size === 1 &&
      [...years][0] === null
    ) {
      for (const g of rows)
        if (g.status === null && g.targetPeriod === 'FY' && g.targetYear === null) g.status = status;
      return;
    }
    // A status alone ("Guidance confirmed", a headline bullet) covers the release's targets when they share one year.
    // (h-guid15) "Updates Select Fourth Quarter and Fiscal Year 2021 Guidance": a quarter and a fiscal year sharing one
    // year are both targets of that year.
    // (h-guid19: "adjusts forecast for Q3 and full year 2024": the quarter as "Q3" too.)
    const pair =
      /^\s*(?:[\w-]+\s+){0,2}?(?:(first|second|third|fourth)[ -]quarter|Q([1-4])) and (?:fiscal |full[- ])?year\s+((?:19|20)\d{2})\b/i.exec(
        t.slice(found.end),
      );
    if (named.size === 0 && pair) {
      const q = pair[1] ? `Q${ORD[pair[1].toLowerCase()]}` : `Q${pair[2]}`;
      for (const g of rows)
        if (
          (g.status === null || (g.status === 'updated' && DIRECTED.has(status))) &&
          g.targetYear === Number(pair[3]) &&
          (g.targetPeriod === 'FY' || g.targetPeriod === q)
        )
          g.status = status;
      return;
    }
    // (h-guid26) A status verb whose object names, before "guidance", only measures outside the vocabulary ("is updating
    // its full year 2025 Net Yield and Adjusted Net Cruise Cost Excluding Fuel guidance") speaks of those measures, not
    // of every target of the period.
    const object = /^\s+((?:[\w'’-]+\s+){1,14}?)(?:guidance|outlook|forecasts?)\b/i.exec(t.slice(found.end));
    if (
      named.size === 0 &&
      object &&
      /\b[A-Z][a-z]+\b/.test(
        object[1]!.replace(
          /\b(?:its|the|our|their|full|fiscal|financial|calendar|year|annual|quarter(?:ly)?|first|second|third|fourth|Q[1-4]|FY\d*|(?:19|20)\d{2}|and|for|of|select|certain|all|some|adjusted|non-GAAP|GAAP|company|company's|preliminary|initial|updated|revised|existing|previous|prior|current|business)\b/gi,
          ' ',
        ),
      )
    )
      return;
    // (h-guid18) A status verb whose object is the guidance of a period as a whole ("Harsco Increased Its FY23
    // Guidance, Sees Adjusted EBITDA Of ...": its, a period and "guidance", no metric between) words that status for
    // every target of that period, of either basis; the metrics named in later clauses do not narrow it.
    const whole =
      /\b[a-z]+\s+(?:its|the|our)\s+((?:[\w'’-]+\s+){1,3}?)(?:financial\s+)?(?:guidance|outlook)\b(?!\s+(?:for|of)\b)/i.exec(
        t,
      );
    if (whole && statusOf(whole[0]) === status && !METRICS.some(([re]) => re.test(whole[1]!))) {
      const named = targetOf(whole[1]!, none);
      // (h-guid19: "we are updating our full year guidance": the full year without its year is the one the document's
      // fiscal-year targets share.)
      const period =
        /^(?:full|fiscal)[- ]year\s*$/i.test(whole[1]!) && years.size === 1 && [...years][0] != null
          ? { period: 'FY' as const, year: [...years][0]! }
          : named;
      if (period.year !== null && period.period !== null) {
        for (const g of rows)
          if (
            (g.status === null || (g.status === 'updated' && DIRECTED.has(status))) &&
            g.targetYear === period.year &&
            g.targetPeriod === period.period
          )
            g.status = status;
        return;
      }
    }
    // (h-guid29) ... and so does the status worded as a noun after the outlook, naming no metric or period ("the outlook
    // increase absorbs about a $100 million ... headwind").
    const alone =
      named.size === 0 &&
      target.year === null &&
      (t.length < 60 || /\b(?:the|its|our)\s+(?:guidance|outlook)\s+increase\b/i.test(t)) &&
      new Set(rows.map((g) => `${g.targetPeriod} ${g.targetYear}`)).size === 1;
    for (const g of rows) {
      // "updated" (a revision without direction) is refined by a direction worded elsewhere for the same target.
      // ... and a status worded for the metric by name beats an "updated" worded for the whole outlook ("This updated
      // outlook ..." / "Adjusted EBITDA guidance is unchanged").
      if (g.status !== null && !(g.status === 'updated' && (DIRECTED.has(status) || named.has(g.metric))))
        continue;
      if (named.size > 0 ? !named.has(g.metric) : target.year === null && !alone) continue;
      // A text wording two statuses ("RAISES ORGANIC REVENUE AND MAINTAINS FULL YEAR EPS OUTLOOK"): each metric it
      // names takes the last status word before its name. (h-guid22: per-share earnings named only as "earnings
      // guidance", "maintained its adjusted earnings guidance ..., while raising annual net sales growth outlook", are
      // named where the earnings are.)
      const own = named.has(g.metric) ? nameIndex(t, g.metric) : -1;
      const at =
        own < 0 && g.metric === 'eps_diluted' && named.has('net_income') ? nameIndex(t, 'net_income') : own;
      // (h-guid22) Of several metrics named, a basis word limits only the one it qualifies (within two words before its
      // name): "adjusted earnings guidance ..., while raising annual net sales growth outlook" leaves net sales growth of
      // any basis.
      const near = at >= 0 ? t.slice(Math.max(0, at - 40), at) : '';
      const qualifies =
        /\b(?:non[- ]?gaap|adjusted|comparable basis|gaap|core)\s+(?:[\w-]+\s+){0,2}$/i.test(near) ||
        named.size <= 1 ||
        at < 0;
      if (basis !== null && g.basis !== basis && qualifies) continue;
      // (h-guid28) A metric named bare with its status ("Operating profit is expected to exceed the previous forecast")
      // speaks of its target of no stated basis when the document also states the metric adjusted ("Operating income
      // before amortization of goodwill"): the adjusted target words none.
      // (lead) ... unless a plural follows the name ("raises Digital Media net new ARR and EPS annual targets"): that
      // speaks of all the metric's targets, of either basis.
      if (
        basis === null &&
        own >= 0 &&
        !/^[\w&/-]+(?:\s+[\w-]+){0,2}?\s+(?:targets|ranges|forecasts|outlooks)\b/i.test(
          t.slice(own, own + 60),
        ) &&
        !/\b(?:non[- ]?gaap|adjusted|core|underlying|comparable|before|excluding)\s+(?:[\w-]+\s+){0,2}$/i.test(
          near,
        ) &&
        g.basis === 'non_gaap' &&
        rows.some(
          (o) =>
            o.metric === g.metric &&
            o.basis !== 'non_gaap' &&
            o.targetYear === g.targetYear &&
            o.targetPeriod === g.targetPeriod,
        )
      )
        continue;
      if (annualOnly && g.targetPeriod !== 'FY') continue;
      if (target.year !== null && (g.targetYear !== target.year || g.targetPeriod !== target.period))
        continue;
      // (h-guid25) A status worded for a half year without its year ("revised its half-year net profit forecast")
      // speaks of that half's targets only, not of the full year's ("left unchanged its full-year forecast").
      if (
        target.year === null &&
        (target.period === 'H1' || target.period === 'H2') &&
        g.targetPeriod !== target.period
      )
        continue;
      // (The status word a metric takes speaks of fiscal-year targets only when its own sentence says "full-year" and
      // names no quarter: "Further, the company updated outlook for full-year adjusted EBITDA" leaves the quarter's.)
      if (at >= 0 && g.targetPeriod !== 'FY') {
        const sentence = sentenceBefore(t, at);
        if (
          sentence !== null &&
          /\b(?:annual|full[- ]year|fiscal year)\b/i.test(sentence) &&
          !/\bquarter/i.test(sentence)
        )
          continue;
      }
      g.status =
        midpoint && at >= 0 && at < midpoint.index + midpoint[0].length
          ? /^rais/i.test(midpoint[1]!)
            ? 'raised'
            : 'lowered'
          : at >= 0
            ? (statusBefore(t, at) ?? status)
            : status;
    }
    // A status word followed by the forecast of a quarter and no metric ("confirmed its forecast for second quarter, as
    // well as fiscal 2023 revenue view") words that status for every target of that quarter without one.
    // (h-guid18: the words before the forecast name no metric: "raised its adjusted earnings outlook for the first
    // quarter" speaks of earnings only.)
    const quarter =
      /^\s+(?:its|the|our)?\s*(?:(?!(?:adjusted|earnings|revenues?|sales|EPS|EBITDA|income|margins?)\b)[\w-]+\s+){0,2}?(?:forecast|outlook|guidance|targets?)\s+for\s+(?:the\s+)?(first|second|third|fourth)[ -]quarter\b(?!\s+(?:of\s+)?(?:\d{4}\s+)?(?:revenues?|sales|earnings|EPS|margins?|EBITDA)\b)/i.exec(
        t.slice(found.end),
      );
    if (quarter)
      for (const g of rows)
        if (g.status === null && g.targetPeriod === `Q${ORD[quarter[1]!.toLowerCase()]}`) g.status = status;
  }
}

/** A measure named with "operational" or "constant currency" before it: at constant exchange rates, not the measure. */
const OTHER_BASIS_MEASURE =
  /\b(?:operational|constant[- ]currency)\s+(?:[\w-]+\s+){0,2}?(?:earnings per share|EPS|sales|revenues?)\b/gi;

/** The sentence of a text in which the last status word before an index stands, or null. */
function sentenceBefore(t: string, index: number): string | null {
  let at = 0;
  let last: string | null = null;
  for (const sentence of t.split(/(?<=[.!?])\s+(?=[A-Z“"])/)) {
    const start = t.indexOf(sentence, at);
    at = start + sentence.length;
    if (start > index) break;
    const m = statusMatch(sentence);
    if (m !== null && start + m.end - 1 < index) last = sentence;
  }
  return last;
}

/** Where a text first names a metric (EPS also as "EPS" / "earnings per share"), else -1. */
function nameIndex(t: string, metric: string): number {
  const res = METRICS.filter(([, m]) => m === metric).map(([re]) => re);
  if (metric === 'eps_diluted') res.push(/\bEPS\b|earnings per share/i);
  const at = res.flatMap((re) => {
    const x = re.exec(t);
    return x ? [x.index] : [];
  });
  return at.length > 0 ? Math.min(...at) : -1;
}

/**
 * A revenue target followed by its growth set apart as "or" / "representing" a percent with a growth word ("$1,757 -
 * $1,764 million, or 13% y/y", "$457 - $464 million, or 13-15% y/y growth", "between $810 million and $840 million,
 * representing flat to 4 percent growth versus the prior year") also gives the revenue-growth target of the same period,
 * basis and status ("flat" is 0%).
 */
const GROWTH_AFTER = new RegExp(
  String.raw`^\s*,?\s*(?:or|representing|which represents)\s+(?:an?\s+)?(?:(?:increase|growth)\s+of\s+)?(?:(flat)|(${NUM}))\s*(?:%|percent)?\s*(?:to|-|–)\s*(${NUM})\s*(?:%|percent)\s*(?:y\/y|year[- ]over[- ]year|growth|increase)|^\s*,?\s*(?:or|representing|which represents)\s+(?:an?\s+)?(?:(?:increase|growth)\s+of\s+)?(${NUM})\s*(?:%|percent)\s*(?:y\/y|year[- ]over[- ]year|growth|increase)`,
  'i',
);

export function growthAfterRevenue<
  G extends Omit<Guidance, 'sentence'> & { evidence: { text: string }; currency: string | null },
>(rows: G[]): G[] {
  const out: G[] = [];
  for (const g of rows) {
    out.push(g);
    if (g.metric !== 'revenue' || g.unit !== 'currency') continue;
    const at = g.evidence.text.indexOf(g.printed);
    if (at < 0) continue;
    const m = GROWTH_AFTER.exec(g.evidence.text.slice(at + g.printed.length));
    if (!m) continue;
    const num = (s: string) => Number(s.replace(/[(),\s]/g, ''));
    const low = m[1] ? 0 : m[2] !== undefined ? num(m[2]) : null;
    const high = m[3] !== undefined ? num(m[3]) : null;
    const point = m[4] !== undefined ? num(m[4]) : null;
    if ([low, high, point].some((v) => v !== null && !Number.isFinite(v))) continue;
    if (
      rows.some(
        (o) =>
          o.metric === 'revenue_growth' && o.targetYear === g.targetYear && o.targetPeriod === g.targetPeriod,
      )
    )
      continue;
    out.push({
      ...g,
      metric: 'revenue_growth',
      label: m[0].trim(),
      low: low !== null && high !== null ? Math.min(low, high) : null,
      high: low !== null && high !== null ? Math.max(low, high) : null,
      point,
      printed: m[0].replace(/^\s*,?\s*/, ''),
      unit: 'percent',
      scale: 'units',
      qualitative: null,
      relative: false,
      currency: null,
    });
  }
  return out;
}

/**
 * (h-guid31) A guidance table printed as plain lines under a head naming a guidance column and then an actual one
 * ("Performance Indicators 2025 Guidance 2024 Actual"): on each line after it the words before the footnote marks (or
 * before the first number) name the measure, the last value is the year before's actual (the base) and the cell between
 * them is the target of the head's year; a cell with no number is a qualitative target (not read); the table ends at
 * the first line not of that form.
 */
const GUIDANCE_ACTUAL_HEAD =
  /^[ \t]*[A-Za-z][A-Za-z ]*?\s+((?:19|20)\d{2})\s+(?:Guidance|Outlook|Targets?)\s+(?:19|20)\d{2}\s+Actual[ \t]*$/gm;
const GUIDANCE_ACTUAL_ROW =
  /^[ \t]*([A-Za-z][A-Za-z ,&'’-]*?)(?:\*+\s+|\s+(?=[€$£±~(\d-]))(\S.*?)\s+((?:[€$£]\s?)?-?\d[\d,]*(?:\.\d+)?\s?(?:%|million|billion)?)[ \t]*$/;

export function guidanceActualTable(text: string): (Omit<Guidance, 'sentence'> & { block: Block })[] {
  const out: (Omit<Guidance, 'sentence'> & { block: Block })[] = [];
  for (const head of text.matchAll(GUIDANCE_ACTUAL_HEAD)) {
    const year = Number(head[1]);
    let at = head.index! + head[0].length + 1;
    for (const line of text.slice(at).split('\n')) {
      const start = at;
      at += line.length + 1;
      const m = GUIDANCE_ACTUAL_ROW.exec(line);
      if (!m) break;
      const [, name, cell] = m as unknown as [string, string, string];
      if (!/\d/.test(cell)) continue;
      const hit = labelMetric(name, METRICS);
      if (!hit) continue;
      const metric = hit[1];
      const g = guidanceValue(` of ${cell.replace(/^±\s?/, 'approximately ')}`);
      if (g === null || (g.low === null && g.high === null && g.point === null)) continue;
      const unit: Guidance['unit'] = g.unit === 'percent' ? 'percent' : g.money ? 'currency' : 'count';
      if ((unit === 'percent') !== PERCENT_METRIC.test(metric)) continue;
      const full = (v: number | null) =>
        v === null ? null : unit === 'percent' ? v : toFullUnits(v, g.scale);
      const lead = line.length - line.trimStart().length;
      out.push({
        metric,
        label: name.trim(),
        basis: /\b(?:adjusted|non[- ]?gaap|non[- ]?ifrs)\b/i.test(name) ? 'non_gaap' : 'unspecified',
        targetYear: year,
        targetPeriod: 'FY',
        low: full(g.low),
        high: full(g.high),
        point: full(g.point),
        printed: g.printed,
        unit,
        scale: unit === 'percent' ? 'units' : g.scale,
        qualitative: null,
        relative: false,
        status: null,
        block: { text: line.trim(), start: start + lead, end: start + line.trimEnd().length, row: true },
      });
    }
  }
  return out;
}
