import type { Concept } from './release-concepts.ts';
import { ffoConcept, NON_GAAP_WORDS, PER_SHARE_CONCEPTS, TAX_EQUIVALENT } from './release-concepts.ts';
import { parseAmount, type Scale, wordScale } from './release-numbers.ts';
import {
  AGAINST_GUIDANCE,
  BOILERPLATE,
  BULLET,
  EXPECTATIONS_HEADING,
  type Sentence,
  withoutStreetExpectations,
} from './release-sentences.ts';
import type { Basis, Span } from './release-tables.ts';

/**
 * Figures stated in sentences ("net income of $44.2 million, or $0.89 per share ($0.88 per share on a
 * diluted basis)"). The scale is the word after the amount, full units without one; a loss named in words
 * makes the figure negative; the first amount after the measure's name is its value (later ones are the
 * comparison); an unqualified GAAP name is the GAAP figure (Regulation G requires non-GAAP measures to be
 * labelled), a qualified one is non-GAAP with the words as printed; "would have been" keeps a figure only
 * when it names what it excludes. Each naming of a measure in a sentence is read in its own clause ("GAAP net
 * income was $11.0 billion, while non-GAAP net income was $13.2 billion" gives both); a naming set right after
 * "compared with" is the comparison; a move "from A to B" or "increased $X to B" states B; a sentence that
 * names no period continues the period of the sentence before it in its paragraph. An amount may carry a
 * currency code before it ("RMB285.2 million"); the parenthesised amount in another currency right after it
 * ("(US$41.5 million)") is its translation, not a negative figure, so the first amount is the figure.
 */

export interface ProseFigure {
  concept: Concept;
  label: string;
  basis: Basis;
  span: Span;
  printed: string;
  value: number;
  scale: Scale;
  sentence: Sentence;
  /** Offsets of the amount within the exhibit text. */
  start: number;
  end: number;
}

/**
 * "$1.2", "US$(0.3)", "RMB285.2", "EUR 4.2", "KRW 44,201", "SEK 25,095", "NIS 129.2" (a currency code printed before the amount),
 * "€4.1"; or a bare amount whose scale word is followed by a currency's name ("1.46 trillion won", "20.7 billion yen"),
 * or one followed by a currency code ("3,774 MSEK", "1.20 SEK": the code after the number, M millions, T or K thousands).
 */
const MONEY = String.raw`\(?-?\s?(?:(?:US|HK|C|A)?\$|(?:RMB|EUR|GBP|KRW|SEK|NOK|DKK|CHF|JPY|TWD|INR|NIS)\s?|\bRs\.?\s?(?=\d)|\bPs\.\s?(?=\d)|€|£|\bR(?=\d))\s?\(?-?\s?(?:\d{1,3},\d{1,2}(?=\s(?:billion|million|bn)\b)|\d{1,3}(?:,\s?\d{3})+|\d+)?(?:\.\d+)?\)?|(?<![\d.,])\d+(?:\.\d+)?(?=\s(?:trillion|billion|million)\s+(?:won|yen|yuan|kronor|krona|euros|Swiss francs|rupees|stg)\b)|(?<![\d.,])\d{1,3}(?:,\d{3})*(?:\.\d+)?(?=\s?[MTK]?(?:SEK|NOK|DKK|EUR|CHF|ISK)\b)`;
// (h-guid15: "Revenue of €4.45B", a wire's billions.)
// (h-earn35: Lloyds, "Total income up 2 per cent to £8,968 million1") a footnote digit may be glued to a scale word
// spelled out.
const SCALE_WORD = String.raw`(?:\s?(?:\s{1,12}(?=\S))?(thousand|lakhs?|million|billion|trillion|crores?|bn|mm|m|b)(?:\b|(?<=[a-z]{4})(?=\d\b)))?`;
/**
 * "Q4 GAAP earnings per share", "basic and diluted loss per share", "Southern Company earned $2.10 per share"; the kind
 * may follow in parentheses ("Non-GAAP earnings per share (Diluted)"); a bare "EPS" names an amount right after it, after
 * "rose to", or after a change and "to" ("First quarter 2021 EPS decreased 4.3% to $0.88 per share").
 */
// (h-guid15: "FY GAAP EPS of -€2.48", a euro amount below zero, and "adjusted EPS was $1.40" too; h-guid18: "Adjusted
// EPS, which excludes a positive acquisition related earn-out adjustment, was flat at $0.83".)
// (h-earn40: Ardmore Shipping Q4 2023, "$0.63 earnings per basic and diluted share": both kinds after "per", as
// "per basic share" names one.)
// (h-earn41: Epocrates Q1 2012, "On a dilutive basis, income from continuing operations per share was $0.06") the
// continuing operations may come between the income and "per share".
// (h-guid31: a wire's colon line naming the quarter, "EPS: -$0.02 in Q1 vs. $0.28 in the same period last year", names
// the EPS; "Adjusted EPS: $3.00-$3.06", a bullet of targets, does not.)
const EPS_NAMING =
  /\b(?<!-)(?:[Dd]iluted )?(?:Reported |GAAP |Adjusted |Proforma |Pro Forma )?EPS\*?(?:,? ex-items,?)?(?:, (?:fully )?(?:diluted|basic)(?= of ))?(?= \$| of -?(?:\$|€|£)|: -?\$[\d.,]+ (?:million |billion )?in Q[1-4]\b| was (?:flat at )?\$(?![\d.,]+ and \$)|,(?: which| excluding)[^,$]{3,90}, was (?:flat at )?\$| (?:improve[sd]?|rose|rises|grew|grows|increased|increases|climbed|climbs) to \$| (?:increased|decreased|declined|rose|fell|grew)(?: by)? \d+(?:\.\d+)? ?(?:%|percent),? to \$)|\b(?:(basic and diluted|diluted and basic|fully diluted|diluted|basic)\s+)?(?:net\s+)?(?:earnings|income|loss)(?:\s+\(loss\))?(?:\s+from\s+continuing\s+operations)?\s+per\s+(?:(basic and diluted|diluted and basic|diluted|basic)\s+)?(?:weighted[- ]average\s+)?(?:common\s+)?(?:share|limited\s+partner(?:ship)?\s+unit)\b(?:\s+\((diluted|basic)\))?|\bearned(?=\s+\$(?![\d.,]+\s+(?:million|billion)\b))/i;
const MEASURES: [RegExp, Concept][] = [
  // ("Revenues from operations increased to Ps. 2,987.9 million": the revenue line of an operating company.)
  // (h-earn35: Lloyds H1 2015, "Total income up 2 per cent to £8,968 million" over "Net interest income of £5,715
  // million" and "Other income ... £3,253 million") "total income" is the top line of a release that names it so (a
  // bank's net interest and other income, an IFRS group's "total income"); income tax, income before or from something
  // and income attributable to someone are not it. (h-guid31: sales named after a region, "U.S. sales jumped 42% to
  // $214.6 million", "international sales", are a part's.)
  [
    /(?<!\b(?:U\.S\.|international|domestic|overseas)\s(?:total |net )?)\b(?:total |net )?(?:revenues?(?: from operations)?|net sales|sales)\b|\btotal income\b(?!\s+(?:tax|taxes|before|from|attributable|per)\b)/i,
    'revenue',
  ],
  // ("generated $1.9 million in additional gross margin": an increment one source brought, no gross profit.)
  [
    /(?<!\b(?:additional|incremental) )\bgross (?:profit|margin)\b(?! (?:percentage|rate|of \d))/i,
    'gross_profit',
  ],
  // "The operating result (EBIT) was EUR 0.6 million", "EBIT increased ..., reaching EUR 43.3 million": the IFRS
  // operating result.
  [
    /\b(?:operating (?:income|profit|loss|earnings|result)|(?:income|loss) from operations)\b|\bEBIT\b(?!DA)/i,
    'operating_income',
  ],
  // ("The company said it had a loss of $3.7 million, or 63 cents per share": a loss the company had is its net loss.)
  // "earnings of" is the net income unless a word before it names other earnings ("operating earnings of"); a clause
  // set in commas may stand between ("Normalized non-GAAP* earnings, excluding special items, were $0.76 per basic share");
  // (h-guid20: "earnings came in at $323.4 million, or $2.74 per share" is worded as "earnings were".)
  // (h-earn29: WGL Holdings 2005, "consolidated earnings from normal operations for the first quarter of fiscal year 2005
  // were $0.88 per share": earnings from normal or ongoing operations, a utility's earnings with unusual items taken
  // out, name earnings as those from continuing operations do; the words make them non-GAAP (NON_GAAP_WORDS).)
  // (h-guid21: "the company said it earned $266 million, or 87 cents a share": "earned" an amount in millions or
  // billions names the net income; "earned $2.10 per share" stays EPS.)
  // (h-earn36: ExxonMobil Q3 2016, "Non-U.S. downstream earnings were just over $1 billion") Earnings named after a
  // business segment's or region's word (upstream, downstream, midstream, chemical, segment, international, domestic,
  // U.S.) are that part's, not the company's net income; and an amount "in" a period's earnings ("posted $2.65 billion
  // in third quarter earnings") is the net income, as "$277 million in core operating income" is that measure's.
  // (h-guid31: a wire's colon line opening a paragraph, "Earnings: -$2.4 million in Q1 vs. $38.1 million in the same
  // period last year", names the net income, as "Revenue: $1.07 billion in Q1" names the revenue.)
  [
    /\bnet (?:income|profit|earnings|loss)\b|^\W*Earnings(?=: -?\$[\d.,]+ (?:million |billion )?in Q[1-4]\b)|\bprofit after tax(?:ation)?\b|^\W*profit for the (?:year|period)\b|\b(?:net )?quarterly profit\b|(?<!\bnet )\b(?:income|earnings) from (?:continuing|normal|ongoing) operations\b|\b(?<!\b(?:operating|comprehensive|upstream|downstream|midstream|chemicals?|segment|international|domestic|U\.S\.) )(?:quarter(?:ly)? )?earnings(?=(?:, [^,$]{3,40},)? (?:of|were|was|totaled|came in at) )|(?<=\bin (?:(?:first|second|third|fourth)[- ]quarter|quarterly|full[- ]year) )earnings\b(?! per)|\b(?:reported|total|GAAP) earnings\b(?! per)|(?<=\b(?:reported|posted|recorded) a )profit(?= of\b)|(?<=\b(?:had|reported|posted|recorded|incurred) an? )loss(?= of\b)|(?<=\b(?:it|company|we)\s)earned(?=\s+\$[\d.,]+\s+(?:million|billion)\b)/i,
    'net_income',
  ],
  [/\bEBITDA\b/, 'ebitda'],
  [/\bfree cash flow\b/i, 'free_cash_flow'],
  [/\bnet interest income\b/i, 'net_interest_income'],
  // "The Bank's provision for loan losses for the fourth quarter of 2012 was $10.4 million": a lender's expense line;
  // one named with an article ("a one-time negative provision for credit losses of $527,000") is an item within it.
  [
    /(?<!\ban?\s+(?:[\w-]+\s+){0,3})\bprovision for (?:credit|loan(?: and lease)?) losses\b/i,
    'provision_for_credit_losses',
  ],
  [EPS_NAMING, 'eps'],
];
/**
 * (h-earn35: PUMA Q1 2025, "Sales grew currency-adjusted (ca) by 0.1% to € 2,076.0 million (-1.3% reported)") A
 * currency-adjusted word before "by" qualifies the rate of change, not the reported amount after "to".
 */
const CURRENCY_ADJUSTED_RATE =
  /\b(?:currency|fx|exchange[- ]rate)[- ]adjusted(?:\s*\([a-z]{2,3}\))?(?=\s+by\b)/gi;
/**
 * (h-earn35: Encavis Q1 2018, "hours of sunshine was ... well below expectations compared to the long-term average") A
 * thing set against expectations ("below expectations", "in line with our expectations") looks back, as a result set
 * against the guidance does: the word names no estimate of the sentence's own.
 */
// (h-earn42: Strattec fiscal Q4 2026, "Net sales were $151.8 million, ... and reflected better than expected OEM vehicle
// production volumes") a thing "better (worse, higher, lower) than expected" is set against expectations the same way.
const AGAINST_EXPECTATIONS =
  /\b(?:below|above|ahead of|in line with|short of|behind|exceed(?:ing|ed|s)?|beat(?:ing|s)?|miss(?:ing|ed|es)?|met|meeting)\s+(?:(?:our|the|its|their|all|market|initial|original)\s+){0,2}expectations\b(?!\s+(?:of|for)\b)|\b(?:better|worse|higher|lower|stronger|weaker) than (?:(?:we |management |had |originally |previously |initially )){0,2}(?:expected|anticipated)\b(?!\s+(?:to|of|for)\b)/gi;
/** "Nareit FFO", "Adjusted FFO", "AFFO", "Funds from Operations": the concept is decided with the words around it. */
const FFO_NAMING =
  /\b(?:(?:Nareit|Adjusted|Core|Normalized|Diluted|Modified|Recurring|Operating)\s+)?(?:A?FFO|funds from operations?)\b/gi;
/** "Basic and diluted net income attributable to X per ADS", "Net income per ADS", "earnings per ADR". */
const ADS_NAMING =
  /\b(?:(basic and diluted|diluted and basic|diluted|basic)\s+)?(?:net\s+)?(?:income|earnings|loss|profit)(?:\s+\(loss\))?(?:\s+attributable to\s+[^,.;]{1,60}?)?\s+per\s+(?:ADS|ADR|American depositary share)\b/gi;
const PER_SHARE_TAIL =
  /^\s*(?:per|a)\s+(?:diluted\s+|basic\s+|fully diluted\s+)?(?:common\s+)?(?:share|unit)s?\b/i;
/** Words that make the amount after them a change, not a level ("lowered by $0.02", "increased $0.04"). */
const CHANGE_BY =
  /\b(?:by|increased|decreased|rose|fell|grew|declined|lowered|raised|reduced|improved|up|down)\s*$/i;
/**
 * "up 3% to", "increased by 16.4% year-over-year to", "increased 5.3%, to", "declined 10.0% on an annual basis to",
 * "decreased by 6.2% over the third quarter of 2009 to" (the period it is measured against after "over"): a change
 * followed by its level.
 * (h-earn41: BancorpSouth Q1 2006, "net income increased 18.9 percent for the first quarter of 2006 to $37.7 million")
 * the quarter the change is measured over may come between the percent and "to".
 * (h-earn42: PPHC Q2 2026, "Revenue increased 7.3% over Q2 2025 to $52.1 million") ... and so may the compared quarter or
 * half named by its code ("over Q2 2025", "over H1 2025"), as "over the third quarter of 2009" is.
 */
const CHANGE_THEN_LEVEL =
  /\b\d+(?:\.\d+)? ?(?:%|percent|per cent),?(?:\s+(?:year[- ]over[- ]year|year[- ]on[- ]year|on[- ]year|YoY|sequentially|on an annual basis|from (?:a|the) year (?:ago|earlier)|over the (?:first|second|third|fourth) quarter of (?:fiscal )?\d{4}|over the first (?:six|nine) months of \d{4}|over (?:Q[1-4]|H[12]) (?:fiscal )?\d{4}|for the (?:first|second|third|fourth) quarter(?: of (?:fiscal )?\d{4})?))?\s+(?:to|at)\b/i;
/** A naming set right after a comparison phrase is the prior-period figure ("This compared with reported earnings of"). */
// (h-guid21: "up from" / "down from" too, "in the quarter ended Nov. 30, up from net income of $245 million, or 81 cents,
// a year earlier".)
const COMPARED_NAMING =
  /\b(?:compared (?:with|to)|compares? (?:with|to)|versus|vs\.?|against|(?:up|down) from)\s+(?:[A-Za-z'’-]+\s+){0,3}$/i;
const COMPARISON =
  /\b(?:compared|versus|vs\.?|from|prior|previous|year[- ]ago|last year|a year earlier|same (?:period|quarter)|preceding)\b/i;
// (No other per-share name comes between: in "Operating profit 6% to R6,4 billion Earnings per share (EPS) 38% to 1 681
// cents per share" the per-share amount is the EPS's, not the operating profit's.)
// (h-earn35: Agree Realty Q3 2003, "Net income decreased to $1,857,000 as a result of a charge for early extinguishment
// of debt, or $0.33 per share on a diluted basis") an amount introduced by ", or" belongs to the net figure across an
// aside of up to 100 characters with no other amount or clause break in it.
// (h-earn41: a REIT's Q3 2007 bullets, "$5,370,000, $0.08 per common share, diluted1, compared to ...") the kind may
// follow the share after a comma, and a footnote digit glued to it does not make it another word.
const EPS_AFTER = new RegExp(
  String.raw`^(?:(?:(?!per\s+share\b)[^$]){0,40}?|[^$;.]{41,100}?,\s*or\s+)(${MONEY}|\d+ (?:[A-Z][a-z]+ )?(?:cents|fen))\s*(?:per|a)\s+(basic and diluted\s+|diluted and basic\s+|diluted\s+|basic\s+|fully diluted\s+)?(?:common\s+)?(?:share|limited\s+partner(?:ship)?\s+unit)(?:\s+on a (?:fully )?(diluted|basic) basis|\s*\((basic and diluted|diluted and basic|diluted|basic)\)|(?:,\s*|\s+)(diluted|basic)(?![a-z]))?`,
  'i',
);

const MONTH_WORDS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// ... or its three-letter abbreviation ("Jan- Dec 2019", "Jul-Sep").
const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/**
 * "October–December 2024", "JANUARY-DECEMBER", "January 1 - December 31", "1 January – 30 September 2006": two month
 * names joined by a dash, the day before or after each.
 */
export const MONTH_RANGE = new RegExp(
  String.raw`\b(${MONTH_NAME})(?:\s+\d{1,2})?\s*[-–—]\s*(?:\d{1,2}\s+)?(${MONTH_NAME})\b`,
  'i',
);
const SPACED_MONTH_RANGE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) (January|February|March|April|May|June|July|August|September|October|November|December) (?:19|20)\d{2}\/\d{2}\b/;
/** Months a range covers, both ends included ("October", "December" -> 3). */
export function monthSpan(from: string, to: string): number {
  const a = MONTH_WORDS.indexOf(from.slice(0, 3).toLowerCase());
  const b = MONTH_WORDS.indexOf(to.slice(0, 3).toLowerCase());
  return ((b - a + 12) % 12) + 1;
}

/** The period of a comparison ("in the same period of the prior fiscal year", "the prior-year quarter"). */
// ... and "the corresponding period of fiscal 2009" names the compared period by its year.
// (h-earn41: Take-Two fiscal Q1 2014, "as compared to $98.8 million, or $1.16 per diluted share, for the year-ago period")
// ... and so does "the year-ago period" (its "for the year" is not the full year).
const COMPARISON_PERIOD =
  /\b(?:(?:in|for|during|of)\s+)?(?:the\s+)?(?:same (?:period|quarter)\s+(?:of|in)\s+)?(?:the\s+)?(?:prior|previous|preceding|last)[- ](?:fiscal[- ])?year(?:'s)?(?:\s+(?:period|quarter))?\b|\b(?:(?:in|for|during)\s+)?the\s+(?:corresponding|comparable|same)\s+(?:period|quarter)\s+(?:of|in)\s+(?:fiscal\s+)?(?:19|20)\d{2}\b|\b(?:(?:in|for|during)\s+)?the\s+year[- ](?:ago|earlier)(?:\s+(?:period|quarter))?\b/gi;

function spanOfSentence(text: string): Span | null {
  // The period named for the comparison is not the period of the sentence's own figures.
  const s = text.replace(COMPARISON_PERIOD, ' ');
  // A sentence that opens with its period ("For the full year, net income rose ..., which included ... during the
  // first quarter") is of that period, whatever a later clause names.
  const opening =
    /^\W*(?:for|in|during)\s+(?:the\s+)?(?:(?:full|fiscal)[- ])?(year|quarter)\b(?![- ](?:ago|earlier))\s*,/i.exec(
      s,
    );
  if (opening) return opening[1]!.toLowerCase() === 'year' ? 'year' : 'quarter';
  // A month range ("OCTOBER–DECEMBER 2024", "January-December") is a quarter when it spans three months, a year
  // when twelve, a year to date otherwise.
  // (h-earn26: also two capitalised month names before a split fiscal year, "May April 2017/18": a transcription that
  // lost the dash.)
  const range = MONTH_RANGE.exec(s) ?? SPACED_MONTH_RANGE.exec(s);
  if (range) {
    const months = monthSpan(range[1]!, range[2]!);
    return months === 3 ? 'quarter' : months === 12 ? 'year' : 'ytd';
  }
  // ... and so does a range of ISO dates ("Period 2024-01-01 – 2024-09-30" is nine months: a year to date).
  const iso = /\b(?:19|20)\d{2}-(\d{2})-01\s*[-–—]\s*(?:19|20)\d{2}-(\d{2})-\d{2}\b/.exec(s);
  if (iso) {
    const months = ((Number(iso[2]) - Number(iso[1]) + 12) % 12) + 1;
    return months === 3 ? 'quarter' : months === 12 ? 'year' : 'ytd';
  }
  // (h-earn35: Encavis, "Interim report for the first quarter of 2018") an interim report of the first quarter covers
  // that quarter alone, so its words make no year to date.
  if (
    /\b(?:six|nine)[- ]months?\b|year[- ]to[- ]date|\b(?:26|39|2\d|3\d)[- ]week|first half|first (?:six|nine) months|\binterim report\b(?!\s+(?:for\s+)?(?:the\s+)?(?:first (?:fiscal )?quarter|Q1|three months)\b)|\bhalf[- ]year\b/i.test(
      s,
    )
  )
    return 'ytd';
  // (h-earn27: The Children's Place, "for the fourteen weeks ended February 2, 2013" is its quarter and "For the
  // fifty-three weeks ended February 2, 2013" its year: a retailer's quarter of 13 or 14 weeks, its year of 52 or 53.)
  if (
    /\b(?:quarter|three[- ]months?|13[- ]week|thirteen[- ]week|14[- ]week|fourteen[- ]week|Q[1-4]|[1-4]Q(?:\d{2}|\s?\d{4}))\b/i.test(
      s,
    )
  )
    return 'quarter';
  if (
    /\b(?:fiscal year|full[- ]year|for the year|year ended|twelve[- ]months?|fifty[- ](?:two|three)[- ]weeks?\b|5[23][- ]weeks?\b|fiscal \d{4}\b|for \d{4}\b|in \d{4}\b)/i.test(
      s,
    )
  )
    return 'year';
  return null;
}

/**
 * A footnote mark printed against a name: one digit right after a word of three or more letters (not a currency
 * code: "RMB5 billion") or a closing quote or parenthesis, before a word or punctuation ("EBITDA1 of", "Adjusted Net Income1 of", "Earnings per
 * share1 of", "(\"AFCF\")1"); "Q3", "FY25", "1Q 2025" and "COVID-19" are not.
 */
const FOOTNOTE_MARK =
  /(?<=[A-Za-z]{3}|["”)])(?<!\b(?:RMB|EUR|GBP|USD|CAD|AUD|CNY|JPY|CHF|HKD|INR|KRW|TWD|SGD|BRL|MXN|ZAR|SEK|NOK|DKK|NIS))[1-9](?=\s+[A-Za-z(]|[,;:.)](?!\d)|$)/g;

/**
 * (h-earn29: National Bank 2024, "Adjusted diluted earnings(1) per share stood at $2.58", "adjusted net income(1)".) A
 * digit in parentheses glued to a word of three or more letters is a footnote mark too, inside a name as at its end.
 */
const GLUED_NOTE_MARK = /(?<=[A-Za-z]{3})\([1-9]\)(?=\s+[A-Za-z(]|[,;:.)](?!\d)|$)/g;

/**
 * (h-earn32: Morgan Stanley 3Q 2013, "Earnings per Diluted Share from Continuing Operations of $0.502,3".) A list of
 * footnote marks glued to a dollar amount of cents: a third decimal followed by a comma and a lone digit, which no
 * number has ("$0.502,3" is $0.50 with notes 2 and 3), is that list.
 */
const GLUED_NOTE_LIST = /(?<=\$\d{1,3}\.\d{2})[1-9](?:,[1-9])+(?![\d,])/g;

/** The sentence with its footnote marks blanked (same length, so offsets into it stay those of the text). */
export function withoutFootnoteMarks(s: Sentence): Sentence {
  const text = s.text
    .replace(FOOTNOTE_MARK, ' ')
    .replace(GLUED_NOTE_MARK, '   ')
    .replace(GLUED_NOTE_LIST, (m) => ' '.repeat(m.length));
  return text === s.text ? s : { ...s, text };
}

/**
 * The prior period's figure in parentheses right after an amount ("Net sales totaled EUR 56.8 (59.7) million",
 * "Comparable earnings per share were EUR 0.025 (0.039)"), the Nordic format, blanked (same length, so offsets stay):
 * the scale word after it is the amount's, and the amount is no flattened table row.
 */
// ... and after an amount's currency code ("3,774 MSEK (3,557)", "1.20 SEK (1.18)").
const PRIOR_IN_PARENTHESES =
  /(?<=\d(?:\s?[Mm])?|\d\s?[MTK]?(?:SEK|NOK|DKK|EUR|CHF|ISK))\s\(-?\d[\d.,]*\)(?=\s*(?:%|thousand|million|billion|bn\b|m\b|[,.;]|\s|$))/g;
export function withoutPriorInParentheses(s: Sentence): Sentence {
  const text = s.text.replace(PRIOR_IN_PARENTHESES, (m) => ' '.repeat(m.length));
  return text === s.text ? s : { ...s, text };
}

export interface ProseOptions {
  /** The release is in pounds sterling, so "5.4p" / "5.4 pence" is an amount in pence (pounds / 100). */
  pence?: boolean;
}

/** A per-share figure (scale units) printed at `start` of the document, as read from sentence `s`. */
function perShare(
  s: Sentence,
  span: Span,
  concept: Concept,
  label: string,
  basis: Basis,
  printed: string,
  value: number,
  start: number,
): ProseFigure {
  return {
    concept,
    label,
    basis,
    span,
    printed,
    value,
    scale: 'units',
    sentence: s,
    start,
    end: start + printed.length,
  };
}

/** A heading's qualifier of the figures under it: "..., excluding notable items", "Adjusted results", "Non-GAAP". */
const NON_GAAP_HEADING = /(?:^|,\s*|\s[-\u2013\u2014]\s*)(?:excluding|adjusted|non[- ]?gaap)\b/i;

export function proseFigures(sentences: Sentence[], options: ProseOptions = {}): ProseFigure[] {
  const out: ProseFigure[] = [];
  let previousBlock = -1;
  let previousSpan: Span = 'unknown';
  let previousList = false;
  let previousHeading = '';
  for (const piece of sentences.slice(0, 80).flatMap(captionedRunOn)) {
    const original = piece.original;
    const s = withoutPriorInParentheses(withoutFootnoteMarks(piece.sentence));
    const from = out.length;
    // A sentence that names no period continues the one before it in the same paragraph; a bullet continues
    // the line that introduced the list ("For the three months ended March 31, 2025:") or the bullet before
    // it under the same heading; otherwise the heading above it names the period ("FULL YEAR 2024 HIGHLIGHTS").
    // A new heading that names a period opens that period's group, even inside one block ("Fourth quarter 2019 - ..."
    // bullets, then "Jan- Dec 2019 - ..." and its bullets).
    const headingSpan = s.heading !== previousHeading ? spanOfSentence(s.heading) : null;
    // (h-guid29) Under a heading naming the quarter and the full year ("Fourth Quarter and Full Year 2024 Highlights"),
    // a line naming no period continues the period of the line before it ("Full year 2024 revenue of $8.920 billion"
    // then "Net income (a) of $617.6 million"), as a bullet continues the bullet before it.
    const bothHeading =
      s.heading === previousHeading &&
      /\bquarter\b/i.test(s.heading) &&
      /\b(?:full|fiscal)[- ]year\b/i.test(s.heading);
    const span: Span =
      spanOfSentence(s.text) ??
      headingSpan ??
      (previousBlock === s.block ||
      (BULLET.test(s.text) && previousList && s.heading === previousHeading) ||
      bothHeading
        ? previousSpan
        : (spanOfSentence(s.heading) ?? 'unknown'));
    previousList = /:\s*$/.test(s.text) || BULLET.test(s.text);
    previousHeading = s.heading;
    previousBlock = s.block;
    previousSpan = span;
    if (
      BOILERPLATE.test(s.text) ||
      // (h-guid29: a line under a heading "Expectations for 2025" is a target, as one under an outlook heading.)
      EXPECTATIONS_HEADING.test(s.heading) ||
      // (A result set against the guidance, "exceeding the high end of guidance", is still a result.)
      // ("revenue for the quarter is expected to be approximately $114 million", "updated revenue expectations of
      // approximately $27.5 million": a value said to be expected is an estimate, a preannouncement's, not a result.)
      // (h-guid28: "The Street is looking for sales of $132.42 million for the quarter": an expectation too.)
      /\b(?:expects?|anticipates?|outlook|guidance|forecasts?|projects|projected|(?:we|to) project|targets?|(?:is|are) guided|(?:is|are) (?:now )?expected to|expectations? of (?:approximately |about )?[$€£\d]|(?:is|are) looking for)/i.test(
        withoutStreetExpectations(s.text).replace(AGAINST_GUIDANCE, ' ').replace(AGAINST_EXPECTATIONS, ' '),
      )
    )
      continue;
    const amounts = [...s.text.matchAll(new RegExp(`(${MONEY})${SCALE_WORD}`, 'gi'))]
      .filter((a) => /\d/.test(a[1]!))
      .map((a) => a.index! + a[0].length);
    for (const [re, concept] of MEASURES) {
      for (const m of s.text.matchAll(new RegExp(re.source, `g${re.flags.replace('g', '')}`))) {
        readNaming(out, s, m, concept, span, amounts, options);
      }
    }
    readRespectively(out, s, span);
    readKindsRespectively(out, from, s, span);
    readNamesThenAmounts(out, from, s, span);
    readQuarterAndYearToDate(out, s);
    readQuarterAndYear(out, s);
    for (const m of s.text.matchAll(FFO_NAMING)) readFfo(out, s, m, span);
    for (const m of s.text.matchAll(ADS_NAMING)) readPerAds(out, s, m, span);
    // (h-earn29: Scotiabank 2014, "Fourth Quarter Highlights (versus Q4, 2013), excluding notable items(1)" over "• Net
    // income of $1,703 million" beside the same bullets under "Fourth Quarter Highlights (versus Q4, 2013)".) A bullet
    // under a heading that qualifies its figures as excluding items, adjusted or non-GAAP (a heading naming no other
    // basis) states them on that basis.
    if (
      BULLET.test(s.text) &&
      NON_GAAP_HEADING.test(s.heading) &&
      !/\breported\b|\bgaap and\b|\band non/i.test(s.heading)
    )
      for (const f of out.slice(from)) f.basis = 'non_gaap';
    // The evidence is the sentence as printed.
    for (const f of out.slice(from)) {
      f.sentence = original;
      if (piece.amount !== null) {
        f.start = piece.amount.start;
        f.end = piece.amount.end;
      }
    }
  }
  // (h-earn37: Communisis, "### Adjusted earnings per share 2.5p; +6% on H1 2017 (R*)" over "(diluted and excluding the
  // after tax effects of exceptional items, ...)") A per-share figure of no stated kind whose paragraph is followed by
  // one in parentheses opening with a kind is of that kind.
  for (const f of out) {
    if (f.concept !== 'eps') continue;
    const at = sentences.indexOf(f.sentence);
    const next = at < 0 ? undefined : sentences[at + 1];
    const kind = next && next.block !== f.sentence.block ? /^\(\s*(diluted|basic)\b/i.exec(next.text) : null;
    if (kind) f.concept = kind[1]!.toLowerCase() === 'diluted' ? 'eps_diluted' : 'eps_basic';
  }
  return out;
}

/**
 * (h-earn34) A caption of a currency mark and a scale alone ("US$ Million") followed by a run of two or more lines, each
 * a name, a change ("up 1%", "down n.a.", "flat") and "to" or "at" a bare amount ("Total revenue flat at 21,592"), gives
 * each bare amount the caption's currency and scale: each line is read as its own sentence with them written in.
 */
const RUN_CAPTION = /(?<![A-Za-z])((?:US|A|C|HK|NZ)?\$)\s?(Thousand|Million|Billion)s?\s+(?=[A-Z])/g;
const RUN_LINE =
  /^([A-Z][^\d%$]{2,160}?)\s(?:(?:up|down)\s(?:\d+(?:\.\d+)?%|n\.a\.)\s(?:to|at)|flat\s(?:to|at))\s(\(?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?)(?![\d.,]*\d)(?=\s|$)/;
interface RunPiece {
  sentence: Sentence;
  original: Sentence;
  amount: { start: number; end: number } | null;
}
function captionedRunOn(original: Sentence): RunPiece[] {
  const whole: RunPiece[] = [{ sentence: original, original, amount: null }];
  for (const c of original.text.matchAll(RUN_CAPTION)) {
    const lines: { name: string; change: string; amount: string; at: number; amountAt: number }[] = [];
    let at = c.index + c[0].length;
    for (;;) {
      const m = RUN_LINE.exec(original.text.slice(at));
      if (m === null) break;
      const amountAt = at + m[0].length - m[2]!.length;
      lines.push({
        name: m[1]!,
        change: m[0].slice(0, m[0].length - m[2]!.length),
        amount: m[2]!,
        at,
        amountAt,
      });
      at += m[0].length;
      at += /^\s*/.exec(original.text.slice(at))![0].length;
    }
    if (lines.length < 2) continue;
    const pieces: RunPiece[] = [];
    const before = original.text.slice(0, c.index).trim();
    if (before !== '') pieces.push({ sentence: { ...original, text: before }, original, amount: null });
    for (const l of lines) {
      const negative = l.amount.startsWith('(');
      const digits = l.amount.replace(/[()]/g, '');
      const text = `${l.change}${negative ? '-' : ''}${c[1]}${digits} ${c[2]!.toLowerCase()}.`;
      pieces.push({
        sentence: { ...original, text, start: original.start + l.at },
        original,
        amount: { start: original.start + l.amountAt, end: original.start + l.amountAt + l.amount.length },
      });
    }
    const after = original.text.slice(at).trim();
    if (after !== '')
      pieces.push({
        sentence: { ...original, text: after, start: original.start + at },
        original,
        amount: null,
      });
    return pieces;
  }
  return whole;
}

function readNaming(
  out: ProseFigure[],
  s: Sentence,
  m: RegExpMatchArray,
  concept: Concept,
  sentenceSpan: Span,
  amounts: number[],
  options: ProseOptions,
) {
  const at = m.index!;
  const after = s.text.slice(at + m[0].length);
  // (h-earn42: Shell Q1 2025, "These items are included in identified items amounting to a net loss of $0.8 billion in
  // the quarter") a net figure that other things amount to is their total, not the company's net figure.
  if (
    concept === 'net_income' &&
    /\bamount(?:ing|ed|s)? to\s+(?:an?\s+)?$/i.test(s.text.slice(Math.max(0, at - 40), at))
  )
    return;
  // A clause after a semicolon that names its own period before the measure ("Record fourth quarter revenue of
  // $151.3 million; Record full year revenue of $502.9 million") states that period's figure.
  const semicolon = s.text.lastIndexOf(';', at - 1);
  let span =
    semicolon >= 0 ? (spanOfSentence(s.text.slice(semicolon + 1, at)) ?? sentenceSpan) : sentenceSpan;
  // (h-earn42: Strattec, "Fourth quarter fiscal 2026 sales of $151.8 million ...; achieved sales of $579.4 million for
  // fiscal year 2026") ... and one naming no period before the measure states the period named right after its amount.
  if (semicolon >= 0 && spanOfSentence(s.text.slice(semicolon + 1, at)) === null) {
    const amountEnd = Math.min(...amounts.filter((e) => e > at), s.text.length);
    const tail = /^\s*(?:for|in|during)\s+(?:the\s+)?[^,;.$]{0,40}/i.exec(s.text.slice(amountEnd))?.[0];
    const tailSpan =
      tail !== undefined && !s.text.slice(at, amountEnd).includes(';') ? spanOfSentence(tail) : null;
    if (tailSpan !== null) span = tailSpan;
  }
  // The naming's own clause starts after the last amount or semicolon before it.
  const clauseStart = Math.max(
    0,
    at - 60,
    ...amounts.filter((e) => e <= at),
    s.text.lastIndexOf(';', at - 1) + 1,
  );
  // ... and after another measure's name: its qualifier is that measure's ("$277 million in core operating income on
  // revenue of $7.2 billion": "core" is not the revenue's).
  const otherName = Math.max(
    -1,
    ...MEASURES.flatMap(([re]) =>
      [...s.text.slice(0, at).matchAll(new RegExp(re.source, `g${re.flags.replace('g', '')}`))].map(
        (x) => x.index! + x[0].length,
      ),
    ).filter((e) => e <= at && e > clauseStart),
  );
  const before = s.text.slice(otherName >= 0 ? otherName : clauseStart, at);
  // A period word set right before the name ("Fourth Quarter and Record Full Year Earnings of $11,330,000", "reported Q3
  // 2025 revenue of $2.58 million, ..., nine-month revenue ...") names this figure's period over another one the
  // sentence names, unless a comparison's word precedes it ("the prior-year quarter").
  // A year alone right before the name, or before its qualifier ("-1999 Normalized EPS Improves to $.39"), names the
  // year's figure, as "full-year" does.
  // (h-earn42: Strattec, "fourth quarter fiscal 2026 net income attributable to Strattec was $8.4 million") A year right
  // after a quarter's name, "fiscal" between them, is that quarter's year, not the year's figure.
  const adjacent =
    /\b(?:(full[- ]year|fiscal[- ]year|annual|(?<!(?:quarter|Q[1-4]|[1-4]Q)\s+(?:(?:of\s+)?fiscal\s+)?)(?:19|20)\d{2}(?=\s+(?:(?:normalized|adjusted|reported|GAAP|non-GAAP|pro forma|core)\s+)?$))|(quarter(?:ly)?|Q[1-4]))\s+(?:(?:[A-Za-z-]+|(?:19|20)\d{2})\s+)?$/i.exec(
      s.text.slice(clauseStart, at),
    );
  // A sentence that names a quarter and then a year to date ("reported Q3 2025 revenue of ..., with gross profit rising
  // ... to $1.73 million ..., nine-month revenue increasing to $5.86 million", "Worldwide sales for the third quarter
  // rose 8.3% to $2.87 billion and reached $8.77 billion ... for the nine months") states the quarter's figures until
  // the year to date is named: up to the name, or up to the first amount after the name.
  const firstAmount = Math.min(...amounts.filter((e) => e > at), s.text.length);
  // (h-earn31: Goldman Sachs 3Q23, "Diluted earnings per common share (EPS) was $5.47 for the third quarter of 2023
  // compared with ..., and was $17.39 for the first nine months of 2023": or when that first amount is followed by its
  // own quarter phrase.)
  if (
    sentenceSpan === 'ytd' &&
    semicolon < 0 &&
    (spanOfSentence(s.text.slice(0, at)) === 'quarter' ||
      spanOfSentence(s.text.slice(0, firstAmount)) === 'quarter' ||
      spanOfSentence(
        /^\s*(?:for|in|during)\s+the\s+[^,;.$]{0,50}/i.exec(s.text.slice(firstAmount))?.[0] ?? '',
      ) === 'quarter')
  )
    span = 'quarter';
  if (
    adjacent &&
    !/\b(?:prior|previous|preceding|last|year[- ]ago|same|compared|versus|vs\.?)\W*$/i.test(
      s.text.slice(Math.max(0, clauseStart + adjacent.index - 20), clauseStart + adjacent.index),
    )
  )
    span = adjacent[1] !== undefined ? 'year' : 'quarter';
  if (COMPARED_NAMING.test(s.text.slice(clauseStart, at))) return;
  // A sentence that opens "This compares to ..." states the prior period's figures only.
  if (/^(?:this|these|that)\s+(?:compares?|compared)\s+(?:with|to)\b/i.test(s.text)) return;
  // A basis qualifier stands right before the measure it qualifies ("non-GAAP revenues"); words between them
  // ("non-GAAP SaaS and PaaS revenues") name a part of the company's revenue, not the revenue.
  if (concept === 'revenue' && /\b(?:non[- ]?gaap|gaap|adjusted)\s+\S[\s\S]*$/i.test(before)) return;
  // Once the sentence has stated a figure and turned to "compared to", its later namings are the comparison
  // ("..., compared to a net loss of $4.6 million ..., and net income of $4.7 million ... for 2007"), until
  // "while" opens a new clause.
  const upTo = s.text.slice(0, at);
  const turned = Math.max(
    -1,
    ...[...upTo.matchAll(/\b(?:compared (?:with|to)|compares? (?:with|to)|versus|vs\.?)\b/gi)].map(
      (x) => x.index!,
    ),
  );
  const reset = Math.max(-1, ...[...upTo.matchAll(/\b(?:while|whereas)\b/gi)].map((x) => x.index!));
  if (turned > reset && amounts.some((e) => e <= turned)) return;
  // An amount set right before a per-share naming is its value ("earned $0.36 diluted earnings per share
  // ($0.38 adjusted diluted earnings per share ...)").
  if (concept === 'eps' && !/^earned$/i.test(m[0])) {
    const lead = new RegExp(String.raw`(${MONEY})\s+((?:adjusted|non-gaap|gaap|reported)\s+)?$`, 'i').exec(
      s.text.slice(Math.max(0, at - 40), at),
    );
    // ... in prose: a naming followed by figures or "N/A" is a table row flattened into text.
    if (
      lead &&
      /\d/.test(lead[1]!) &&
      !/^\s*(?:N\/A\b|\$?\s*\(?[\d.,]+\)?\s*(?:$|[$(\d.,]|N\/A))/i.test(after)
    ) {
      const printed = lead[1]!.trim().replace(/^\((?!.*\)$)/, '');
      const value = parseAmount(printed);
      if (value === null) return;
      const kinds = `${m[1] ?? ''} ${m[2] ?? ''}`.toLowerCase();
      // (h-earn40: General Maritime Q4 2008, "Excluding the $3.2 million of other gain and $34.0 million in compensation
      // accruals ..., the Company recorded net income of $19.3 million or $0.47 basic and $0.45 diluted earnings per
      // share") a sentence that opens with what it excludes states its per-share figures without those items too, as
      // it does its net figure.
      const opensExcluding =
        /^\W*(?:Excluding|Exclusive of)\b/.test(s.text) &&
        !/[.;]/.test(s.text.slice(0, at).replace(/\d\.\d/g, ''));
      const nonGaap = NON_GAAP_WORDS.test(`${lead[2] ?? ''}${m[0]}`) || opensExcluding;
      const start = s.start + at - lead[0].length + lead[0].indexOf(printed);
      // ... and "$0.47 basic and $0.45 diluted earnings per share": the amount before "basic and" is the basic figure,
      // the one before the naming the diluted.
      const basicFirst =
        /^diluted$/i.test((m[1] ?? '').trim()) && !lead[2]
          ? new RegExp(String.raw`(${MONEY})\s+basic\s+and\s*$`, 'i').exec(
              s.text.slice(Math.max(0, at - lead[0].length - 40), at - lead[0].length),
            )
          : null;
      if (basicFirst && /\d/.test(basicFirst[1]!)) {
        const basicPrinted = basicFirst[1]!.trim();
        const basicValue = parseAmount(basicPrinted);
        if (basicValue !== null) {
          const basicStart =
            s.start +
            Math.max(0, at - lead[0].length - 40) +
            basicFirst.index +
            basicFirst[0].indexOf(basicPrinted);
          out.push(
            perShare(
              s,
              span,
              'eps_basic',
              `basic ${m[0].replace(/^diluted\s+/i, '')}`,
              nonGaap ? 'non_gaap' : 'gaap',
              basicPrinted,
              /\bloss\b/i.test(m[0]) && basicValue > 0 ? -basicValue : basicValue,
              basicStart,
            ),
          );
        }
      }
      // ("$0.14 basic and diluted loss per share" states both kinds, as a row or a tail "per basic and diluted share" does.)
      const concepts: Concept[] = /basic and diluted|diluted and basic/.test(kinds)
        ? ['eps_basic', 'eps_diluted']
        : [/diluted/.test(kinds) ? 'eps_diluted' : /basic/.test(kinds) ? 'eps_basic' : 'eps'];
      for (const c of concepts)
        out.push(
          perShare(
            s,
            span,
            c,
            `${lead[2] ?? ''}${m[0]}`,
            nonGaap ? 'non_gaap' : 'gaap',
            printed,
            /\bloss\b/i.test(m[0]) && value > 0 ? -value : value,
            start,
          ),
        );
      return;
    }
  }
  // A per-share amount set right before a net figure's name with "of" is its per-share value ("or $0.61 per share of
  // adjusted income from continuing operations").
  if (concept === 'net_income') {
    const lead = new RegExp(
      String.raw`(${MONEY})\s+per\s+(diluted\s+|basic\s+)?(?:common\s+)?share\s+of\s+((?:[A-Za-z-]+\s+){0,2})$`,
      'i',
    ).exec(s.text.slice(Math.max(0, at - 60), at));
    if (lead && /\d/.test(lead[1]!)) {
      const printed = lead[1]!.trim();
      const value = parseAmount(printed);
      if (value === null) return;
      const kind = (lead[2] ?? '').trim().toLowerCase();
      const start = s.start + Math.max(0, at - 60) + lead.index + lead[0].indexOf(printed);
      out.push(
        perShare(
          s,
          span,
          kind === 'diluted' ? 'eps_diluted' : kind === 'basic' ? 'eps_basic' : 'eps',
          `${lead[3] ?? ''}${m[0]} per share`.trim(),
          NON_GAAP_WORDS.test(`${lead[3] ?? ''}${m[0]}`) ? 'non_gaap' : 'gaap',
          printed,
          value,
          start,
        ),
      );
      return;
    }
  }
  // An amount set right before a measure's name with "in" is its value ("deliver $277 million in core operating
  // income").
  if (concept !== 'eps') {
    const lead = new RegExp(String.raw`(${MONEY})${SCALE_WORD}\s+in\s+((?:[A-Za-z-]+\s+){0,2})$`, 'i').exec(
      s.text.slice(Math.max(0, at - 60), at),
    );
    // (h-earn27: Family Dollar, "The Company estimates this extra week contributed approximately $189 million in sales".)
    // An amount something is said to have contributed or added is a part of the measure, not its value.
    const leadAt = Math.max(0, at - 60) + (lead?.index ?? 0);
    if (
      lead &&
      /\b(?:contribut(?:ed|es|ing)|add(?:ed|s)|accounted for)(?:\s+(?:approximately|about|roughly|nearly|almost|some|over|an estimated|more than))?\s*$/i.test(
        s.text.slice(Math.max(0, leadAt - 60), leadAt),
      )
    )
      return;
    // (h-guid23) An amount of a measure said to have shifted (moved) from one period into another ("approximately $12
    // million in Global Retail net sales shifted from our fiscal second quarter into our fiscal third quarter") is a
    // part moved between periods, not the measure's value for either.
    if (
      lead &&
      /^\s*(?:(?:has|have|had|was|were)\s+)?(?:shifted|moved)\s+(?:from|out of|into)\b/i.test(
        s.text.slice(at + m[0].length),
      )
    )
      return;
    if (lead && /\d/.test(lead[1]!) && !COMPARISON.test(lead[3] ?? '')) {
      const printed = lead[1]!.trim();
      const value = parseAmount(printed);
      if (value === null) return;
      const nonGaap = NON_GAAP_WORDS.test(`${lead[3] ?? ''}${m[0]}`);
      const start = s.start + Math.max(0, at - 60) + lead.index + lead[0].indexOf(printed);
      out.push({
        concept,
        label: `${lead[3] ?? ''}${m[0]}`.trim(),
        basis: nonGaap || concept === 'ebitda' || concept === 'free_cash_flow' ? 'non_gaap' : 'gaap',
        span,
        printed,
        value,
        scale: wordScale(lead[2]),
        sentence: s,
        start,
        end: start + printed.length,
      });
      return;
    }
  }
  // (h-earn30) An amount a verb of recording introduces right before a measure's name ("Recorded a $55.4 million
  // provision for credit losses", "reported a $3.1 million net loss") is the measure's value.
  if (concept !== 'eps') {
    const lead = new RegExp(
      String.raw`\b(?:recorded|booked|reported|posted|took)\s+an?\s+(${MONEY})${SCALE_WORD}\s+$`,
      'i',
    ).exec(s.text.slice(Math.max(0, at - 60), at));
    if (lead && /\d/.test(lead[1]!)) {
      const printed = lead[1]!.trim();
      const amount = parseAmount(printed);
      if (amount === null) return;
      const loss = concept !== 'provision_for_credit_losses' && /\bloss\b/i.test(m[0]) && amount > 0;
      const start = s.start + Math.max(0, at - 60) + lead.index + lead[0].indexOf(printed);
      out.push({
        concept,
        label: m[0].trim(),
        basis:
          NON_GAAP_WORDS.test(m[0]) || concept === 'ebitda' || concept === 'free_cash_flow'
            ? 'non_gaap'
            : 'gaap',
        span,
        printed,
        value: loss ? -amount : amount,
        scale: wordScale(lead[2]),
        sentence: s,
        start,
        end: start + printed.length,
      });
      return;
    }
  }
  // Pence ("5.4p") are read only in a release in pounds sterling: elsewhere a "p" after a number is no unit.
  const moneyRe = new RegExp(
    `(${MONEY}|(?<![\\d.,])(?:\\d{1,3}(?: \\d{3})+|\\d+)(?:\\.\\d+)? (?:[A-Z][a-z]+ )?(?:cents|fen)${options.pence ? String.raw`|\d+(?:\.\d+)?\s?(?:p\b|pence\b)` : ''})${SCALE_WORD}`,
    'i',
  );
  let money = moneyRe.exec(after);
  // An aside set off by commas (", which excludes share-based compensation expenses,") does not count in the
  // distance from the name to its amount.
  const aside = money ? /,\s*(?:which|that)\b[^,]{1,100},/i.exec(after.slice(0, money.index)) : null;
  // ... nor do a parenthesis ("(reported earnings)") and the period phrase ("for the three months ended June 30,
  // 2019").
  const skipped = money
    ? after
        .slice(0, money.index)
        .replace(/,\s*(?:which|that)\b[^,]{1,100},/i, '')
        .replace(/\([^()]{1,60}\)/g, '')
        .replace(/\bfor the (?:three|six|nine|twelve) months ended \w+ \d{1,2},? \d{4},?/i, '')
    : '';
  // "Total revenues for the second quarter increased by 0.4 per cent compared with the year-earlier period and amounted
  // to SEK 665.8 M": the amount after "amounted to" is the level the clause's naming states, its change and comparison
  // words before it notwithstanding (the Nordic interim report's form).
  const amounted = money !== null && /\bamount(?:ed|s|ing) to\s*$/i.test(after.slice(0, money.index));
  if (!money || Math.min(money.index - (aside?.[0].length ?? 0), skipped.length) > (amounted ? 160 : 90))
    return;
  // (A dot before a lower-case word ends an abbreviation, "excl. non-recurring items", not a clause.)
  if (
    amounted &&
    /[.;]/.test(
      after
        .slice(0, money.index)
        .replace(/\d\.\d/g, '')
        .replace(/\.(?=\s+[a-z])/g, ''),
    )
  )
    return;
  let moneyAt = money.index;
  let between = after.slice(0, money.index);
  // "from A (in 2023) to B", "increased $5 million to B": the level is B.
  if (/\bfrom\s*$/i.test(between) || CHANGE_BY.test(between)) {
    const rest = after.slice(money.index + money[0].length);
    // "increased $4.3 million, or 11.9%, to $40.1 million": the change may carry its percent before "to".
    const to =
      /^\s*(?:(?:in|for)\s+(?:fiscal\s+)?\d{4}\s*)?(?:,?\s*or\s+\d+(?:\.\d+)?\s?(?:%|percent))?,?\s*to\s+/i.exec(
        rest,
      );
    const next = to ? moneyRe.exec(rest.slice(to[0].length)) : null;
    if (!to || !next || next.index !== 0) return;
    moneyAt = money.index + money[0].length + to[0].length;
    money = next;
    between = between.replace(/\bfrom\s*$/i, '');
  }
  // An amount followed by a noun of change is a change, never a level ("The increase in net interest income is due
  // to an $8.8 million increase in interest income").
  if (
    /^\s+(?:increase|decrease|decline|rise|drop|reduction|improvement|gain|jump)s?\b|^\s+(?:higher|lower|more|less|greater|fewer)\b/i.test(
      after.slice(moneyAt + money[0].length),
    )
  )
    return;
  // ... and so is the amount of a naming set after a noun of change ("a decrease in net interest income of $1,025,000
  // to $5,668,000" states the change, then the level after "to").
  if (
    /\b(?:increase|decrease|decline|rise|drop|reduction|improvement|growth|change)s?\s+in\s+(?:the\s+)?(?:[A-Za-z'’-]+\s+){0,2}$/i.test(
      before,
    )
  ) {
    // ... unless "at" introduces the level ("a 50 per cent year-on-year (YoY) rise in profit after tax (PAT) at Rs 6,905
    // crore").
    const levelAt = /^\s*(?:\(\s*[A-Z]{2,6}\s*\)\s*)?at\s*$/.test(between);
    if (!levelAt) {
      if (!/^\s*(?:of|by)\s*$/i.test(between)) return;
      const rest = after.slice(money.index + money[0].length);
      const to = /^\s*,?\s*to\s+/i.exec(rest);
      const next = to ? moneyRe.exec(rest.slice(to[0].length)) : null;
      if (!to || !next || next.index !== 0) return;
      moneyAt = money.index + money[0].length + to[0].length;
      money = next;
    }
  }
  // An abbreviation in parentheses after the name that abbreviates another measure ("operating income before
  // amortization of intangible assets (EBITA) of $7.333 billion") makes the naming that measure's, not this one's;
  // the name's own abbreviation ("Net interest income (NII)", "operating result (EBIT)") or a basis ("(FTE)") does not.
  const abbreviation = /\(\s*([A-Z][A-Za-z]*[A-Z])\s*\)/.exec(between);
  if (abbreviation && !abbreviates(abbreviation[1]!, m[0], concept)) return;
  // A naming inside a parenthesis that closes before the amount defines the measure outside it ("Net revenues
  // (net interest income plus non-interest income) were $12.4 million").
  // (h-earn35: Encavis, "Operating earnings before interest, tax, depreciation and amortization (EBITDA) came to some
  // EUR 31.5 million") An acronym that is the parenthesis's whole content names the measure spelled out before it.
  const acronymAlone = /\(\s*$/.test(s.text.slice(0, at)) && /^\s*\)/.test(between);
  if (/\([^)]*$/.test(s.text.slice(Math.max(0, at - 80), at)) && between.includes(')') && !acronymAlone)
    return;
  // ... unless the words spelled out before it already name the same measure (they are read themselves).
  if (
    acronymAlone &&
    MEASURES.some(
      ([re, c]) =>
        c === concept && new RegExp(re.source, re.flags.replace('g', '')).test(s.text.slice(clauseStart, at)),
    )
  )
    return;
  // The amount of a naming sits in its own clause: one after a semicolon belongs to the next clause ("Organic
  // Sales Growth; Proforma EPS $1.24").
  if (/;/.test(between)) return;
  // ... and one right after "and" opens the next item ("Delivers Free Cash Flow and $24.4M Q1 Profit": the $24.4M is the
  // profit's, the free cash flow is named without an amount).
  if (/^\s*and\s*$/i.test(between)) return;
  // An amount right after a verb of exclusion or inclusion ("Non-GAAP earnings per diluted share exclude $0.11 related
  // to stock-based compensation expense") is an item the measure leaves out or takes in, not its level.
  if (/^\s*(?:exclude|excludes|excluded|include|includes|included)\s*$/i.test(between)) return;
  // (h-earn35: PUMA Q1 2025) A net figure "attributable to non-controlling interests" ("Net income attributable to
  // non-controlling interests was at € -11.1 million") is the minority owners' share, not the company's measure.
  if (
    /^\s*attributable to (?:the )?(?:non-?controlling|minority) (?:interests?|shareholders)\b/i.test(between)
  )
    return;
  // "from continuing operations" is part of the name ("Earnings per share from continuing operations grew 8 percent to
  // 39 cents"), not a comparison's "from".
  // (h-earn40: Performance Shipping Q4 2022, "net income from continuing and discontinued operations of $23.8 million",
  // "Revenue from continuing and discontinued operations was $27.8 million": so is "from continuing and discontinued
  // operations", the whole company's line.)
  const betweenWords = amounted
    ? ''
    : between.replace(/\bfrom continuing(?: and discontinued)? operations\b/i, '');
  if (COMPARISON.test(betweenWords) || /\bper\b|%|percent/i.test(betweenWords.replace(CHANGE_THEN_LEVEL, '')))
    return;
  const clause = `${before}${m[0]}${between}`;
  // A per-share or per-ADS naming of its own is read by its own reader ("net income per ADS was RMB0.73").
  if (/\bper\s+(?:ADS|ADR|American depositary)\b/i.test(between) && concept !== 'eps') return;
  if (
    /would have been/i.test(clause) &&
    !/\b(?:excluding|exclusive of|before|without)\b/i.test(s.text.slice(0, at + m[0].length + moneyAt))
  )
    return;
  // A parenthesis is a minus only when it closes right after the number ("($4.4) million"); "($0.72 per share)"
  // opens an aside.
  const printed = money[1]!.replace(/^(\s*)\((?![^)]*\)\s*$)/, '$1');
  const cents = /cents|\d fen$|\dp$|\d\s?pence/i.test(printed);
  // A comma before one or two digits and a scale word is a decimal comma ("R128,7 billion" is 128.7 billion).
  let value = cents
    ? Number((Number(printed.replace(/[^\d.]/g, '')) / 100).toPrecision(12))
    : parseAmount(printed.replace(/(\d),(\d{1,2})$/, '$1.$2'));
  if (value === null || !/\d/.test(printed)) return;
  const loss = /\bloss\b/i.test(m[0]) || /\bloss\b/i.test(between);
  if (loss && value > 0) value = -value;
  // An amount introduced by "a negative" is below zero ("Total revenues for the quarter were a negative $122 million").
  if (/\ba negative\s*$/i.test(between) && value > 0) value = -value;
  // A figure given its value "after" some items in a parenthesis right after it ("Earnings per share of 5.4p, up
  // 32% (after specific items, up 96%)") is stated before those items: non-GAAP.
  const afterItems = /^[^()$£€;]{0,30}\(after\s+([a-z][a-z -]{2,40}?)[,)]/i.exec(
    after.slice(moneyAt + money[0].length),
  );
  // (h-guid21) The amounts followed by ", excluding special items," ("earned $266 million, or 87 cents a share, excluding
  // special items, in the quarter") state the figure without them: non-GAAP.
  const excludingAfter =
    /^(?:,\s*or\s+[^,;]{1,30})?,\s*(?:excluding|before)\s+(?:special|one-time|certain|non-recurring|unusual)\s+(?:items|charges)\b/i.test(
      after.slice(moneyAt + money[0].length),
    );
  // (A defined name in quotation marks before the naming, ("Core," "Core Lab," or the "Company"), qualifies nothing.)
  // GAAP has no operating income per share: "Operating income per share increased 68% to $1.56" is a non-GAAP EPS.
  const operatingPerShare =
    concept === 'eps' && /\boperating\s+$/i.test(before) && /^(?:income|earnings)\b/i.test(m[0]);
  // (A definition set after the name's abbreviation, "Net interest income (NII) or the core income a bank earns by
  // giving loans", qualifies nothing.)
  const nonGaap =
    NON_GAAP_WORDS.test(
      `${before.replace(/[“"][^”"]{0,40}[”"]/g, ' ')}${m[0]}${between.replace(/^\s*\(\s*[A-Z]{2,6}\s*\)\s+or the\b.*$/, ' ').replace(CURRENCY_ADJUSTED_RATE, ' ')}`,
    ) ||
    operatingPerShare ||
    afterItems !== null ||
    excludingAfter ||
    /\b(?:excluding|exclusive of|before)\b[^.]{0,80}$/i.test(
      s.text.slice(Math.max(0, clauseStart - 80), at),
    ) ||
    // A sentence that opens with what it excludes ("Excluding a $0.9 million tax benefit ..., as well as a $0.5 million
    // charge ..., net income per diluted share was $0.05") states non-GAAP figures after that opening clause.
    // ("Exclusive of the one- time adjustments, net loss ... would have been ..." opens the same way.)
    (/^\W*(?:Excluding|Exclusive of)\b/.test(s.text) &&
      !/[.;]/.test(s.text.slice(0, at).replace(/\d\.\d/g, '')));
  const named = /^earned$/i.test(m[0]) ? 'earnings per share' : m[0];
  // (h-earn31: Piper Jaffray Q1 2007, "announced net income from continuing operations of $14.7 million, or $0.82 per
  // diluted share", then "net income including discontinued operations was $13.4 million, or $0.74 per diluted share":
  // "from continuing operations" set between a net name and its amount names the continuing line, as it does inside the
  // name, so the whole net figure beats it and its per-share figure yields to the whole one.)
  const continuingAfterName =
    concept === 'net_income' && !/continuing/i.test(m[0]) && /\bfrom continuing operations\b/i.test(between);
  const label = `${
    afterItems
      ? `${named} before ${afterItems[1]!.trim()}`
      : operatingPerShare
        ? `${/(\S+)\s+$/.exec(before)![1]} ${named}`
        : nonGaap
          ? qualifiedLabel(`${s.text.slice(clauseStart, at)}${named}`, named)
          : named
  }${continuingAfterName ? ' from continuing operations' : ''}`;
  const amountStart = s.start + at + m[0].length + moneyAt;
  /** The figure this amount states, under a concept, label and basis (every push below). */
  const figure = (c: Concept, lbl: string, b: Basis, scale: ProseFigure['scale']): ProseFigure => ({
    concept: c,
    label: lbl,
    basis: b,
    span,
    printed: money[0].trim(),
    value,
    scale,
    sentence: s,
    start: amountStart,
    end: amountStart + money[0].length,
  });
  // Net interest income on a tax-equivalent basis ("Net interest income (FTE) was ...") is non-GAAP.
  const taxEquivalent =
    concept === 'net_interest_income' && TAX_EQUIVALENT.test(`${before}${m[0]}${between}`);
  const basis: Basis =
    concept === 'ebitda' || concept === 'free_cash_flow' || nonGaap || taxEquivalent ? 'non_gaap' : 'gaap';
  if (concept === 'eps') {
    // A per-share naming reaches its amount through a word ("were $0.80", "of $6.43", "unchanged at"); one
    // followed directly by figures is a table row flattened into text.
    // A colon links a name to its value like a word ("U.S. GAAP diluted earnings per share: $1.12").
    // (h-earn37) ... and so does a semicolon closing the amount ("Adjusted earnings per share 2.5p; +6% on H1 2017"):
    // the name, its one amount, then the change.
    if (
      !/^earned$/i.test(m[0]) &&
      !/\bEPS$/.test(m[0]) &&
      !/[a-z]{2,}/i.test(between) &&
      !/^\s*:\s*$/.test(between) &&
      !(/^\s*$/.test(between) && /^\s*;/.test(after.slice(moneyAt + money[0].length)))
    )
      return;
    // ... and so is one whose amount is followed by another ("Earnings Per Share (Reported) $3.69 $4.92 33%").
    if (/^\s*\$?\s?\(?\d/.test(after.slice(moneyAt + money[0].length))) return;
    // "earned $2.10" is a per-share figure only when "per share" follows it.
    const tail = after.slice(moneyAt + money[0].length);
    const perShare = /^\s*(?:per|a)\s+(diluted\s+|basic\s+)?share\b/i.exec(tail);
    if (/^earned$/i.test(m[0]) && !perShare) return;
    // "Q2 diluted EPS of $1.93": the kind before the abbreviation.
    // "Earnings per share before dilution" is basic, "after dilution" diluted (the Nordic wording).
    const dilution = /^\s*(before|after) dilution\b/i.exec(after)?.[1]?.toLowerCase();
    // "earnings per share of $0.15 diluted": the kind right after the amount.
    // (h-earn26: "Earnings per share was SEK 1.42 (0.24) before/after dilution": the Nordic "basic and diluted" after it.)
    // (h-earn37: "net loss per share ... of ($0.06) on a diluted basis": "on a (fully) diluted basis" right after it.)
    const kindAfter = /^\s*before(?:\/| and )after dilution\b/i.test(tail)
      ? 'basic and diluted'
      : (/^\s*\)?\s*(?:on an? (?:fully )?)?(diluted|basic)\b/i.exec(tail)?.[1] ?? '');
    // "Fully diluted second quarter earnings per share increased 5.3% to $.40": "fully diluted" a few words before the
    // name states the diluted kind.
    // (h-earn41: Epocrates Q1 2012, "On a dilutive basis, income from continuing operations per share was $0.06") ... and
    // so does an opening "On a (non-GAAP) dilutive basis," right before the name.
    const fully =
      /\bfully[- ]diluted\s+(?:[A-Za-z-]+\s+){0,3}$/i.test(before) ||
      /\bon an? (?:[A-Za-z-]+ )?dilut(?:ive|ed) basis,\s*$/i.test(before)
        ? 'diluted'
        : '';
    // (h-earn42: PPHC Q2 2026, "Adjusted EPS, fully diluted of $0.34") ... or the kind after "EPS" and a comma.
    const kindAfterEps = /\bEPS\*?, (?:fully )?(diluted|basic)$/i.exec(m[0])?.[1] ?? '';
    const kinds =
      `${m[1] ?? ''} ${m[2] ?? ''} ${m[3] ?? ''} ${kindAfterEps} ${perShare?.[1] ?? ''} ${/^diluted\b/i.test(m[0]) ? 'diluted' : ''} ${dilution === 'before' ? 'basic' : dilution === 'after' ? 'diluted' : ''} ${fully} ${kindAfter}`.toLowerCase();
    const concepts: Concept[] = /basic and diluted|diluted and basic/.test(kinds)
      ? ['eps_basic', 'eps_diluted']
      : /diluted/.test(kinds)
        ? ['eps_diluted']
        : /basic/.test(kinds)
          ? ['eps_basic']
          : ['eps'];
    for (const c of concepts) out.push(figure(c, label, basis, 'units'));
    return;
  }
  // An amount followed by "per share" is a per-share figure: "Net income of $0.01 per share" is EPS, and so is "net
  // income ... was 34 Taiwan cents per share".
  const perShareTail =
    /^\s*(?:per|a)\s+(diluted\s+|basic\s+)?(?:common\s+)?(?:share|limited\s+partner(?:ship)?\s+unit)\b/i.exec(
      after.slice(moneyAt + money[0].length),
    );
  if (cents && !perShareTail) return;
  if (perShareTail) {
    // GAAP has no operating income per share: "operating income of $0.58 per share" is a non-GAAP EPS (an
    // insurer's or a utility's net income excluding items).
    const operating = concept === 'operating_income';
    if (concept !== 'net_income' && !operating) return;
    const kind = (perShareTail[1] ?? '').trim().toLowerCase();
    out.push(
      figure(
        kind === 'diluted' ? 'eps_diluted' : kind === 'basic' ? 'eps_basic' : 'eps',
        // ("GAAP EARNINGS FROM CONTINUING OPERATIONS OF $0.20 PER DILUTED SHARE": the name keeps what it covers.)
        `${label}${/\bfrom continuing operations\b/i.test(between) && !continuingAfterName ? ' from continuing operations' : ''} per share`,
        operating ? 'non_gaap' : basis,
        'units',
      ),
    );
    return;
  }
  // An operating figure with a per-share amount beside it ("Operating earnings ... were $619 million ($0.77 per
  // share)") is earnings, a non-GAAP net income: operating income is never stated per share.
  const operatingEarnings =
    concept === 'operating_income' && EPS_AFTER.test(after.slice(moneyAt + money[0].length));
  if (operatingEarnings) {
    out.push(figure('net_income', label, 'non_gaap', wordScale(money[2])));
    epsAfter(
      out,
      s,
      after.slice(moneyAt + money[0].length),
      amountStart + money[0].length,
      loss,
      true,
      label,
      span,
    );
    return;
  }
  // A currency code led by T or K ("TEUR 43,616", "KSEK") is thousands of that currency, by M millions ("MSEK 1,234"),
  // as in a Nordic table's caption.
  const coded = /(?:^|[^A-Za-z])([MTK])$/.exec(after.slice(0, moneyAt));
  // ... and so is one after the amount ("3,774 MSEK").
  const postCoded = /^\s?([MTK])(?:SEK|NOK|DKK|EUR|CHF|ISK)\b/.exec(after.slice(moneyAt + money[0].length));
  const codeScale =
    coded !== null && /^\(?-?\s?(?:EUR|SEK|NOK|DKK|CHF)/.test(money[1]!) && money[2] === undefined
      ? coded[1] === 'M'
        ? 'millions'
        : 'thousands'
      : postCoded !== null && money[2] === undefined
        ? postCoded[1] === 'M'
          ? 'millions'
          : 'thousands'
        : null;
  out.push(
    figure(
      concept,
      taxEquivalent ? `${m[0]}${/^\s*\([^)]{1,40}\)/.exec(after)?.[0] ?? ' (tax equivalent)'}` : label,
      basis,
      codeScale ?? wordScale(money[2]),
    ),
  );
  if (concept === 'net_income' || concept === 'operating_income') {
    const rest = after.slice(moneyAt + money[0].length);
    epsAfter(out, s, rest, amountStart + money[0].length, loss, nonGaap, label, span, continuingAfterName);
  }
  // A net interest income amount followed by another in parentheses marked tax-equivalent ("$14.4 billion ($14.5
  // billion FTE)") states the tax-equivalent (non-GAAP) figure beside the GAAP one.
  if (concept === 'net_interest_income' && !taxEquivalent) {
    const rest = after.slice(moneyAt + money[0].length);
    const fte = new RegExp(
      String.raw`^\s*\(\s*(\$\s?\d[\d,]*(?:\.\d+)?)${SCALE_WORD}\s+(?:FTE|(?:on an? )?(?:fully[- ])?tax(?:able)?[- ]equivalent(?: basis)?)\s*\)`,
      'i',
    ).exec(rest);
    const fteValue = fte ? parseAmount(fte[1]!) : null;
    if (fte && fteValue !== null) {
      const start = amountStart + money[0].length + fte[0].indexOf(fte[1]!);
      out.push({
        concept,
        label: `${m[0]} (FTE)`,
        basis: 'non_gaap',
        span,
        printed: `${fte[1]}${fte[2] ? ` ${fte[2]}` : ''}`,
        value: fteValue,
        scale: wordScale(fte[2] ?? money[2]),
        sentence: s,
        start,
        end: start + fte[1]!.length,
      });
    }
  }
}

/** "reported and adjusted EPS* were $1.93 and $1.96, respectively": two bases of one measure, in the order named. */
const RESPECTIVELY = new RegExp(
  String.raw`\b(reported|GAAP|adjusted|non-GAAP)\s+and\s+(reported|GAAP|adjusted|non-GAAP)\s+((?:diluted\s+)?EPS|(?:diluted\s+)?earnings per (?:diluted\s+)?share|net income|net earnings|operating income)\*?\s+(?:were|was|of|totaled)\s+(${MONEY})${SCALE_WORD}\s+and\s+(${MONEY})${SCALE_WORD},?\s+respectively`,
  'gi',
);

/**
 * Two bases of one measure stated together ("Third quarter 2016 reported and adjusted EPS were $1.93 and $1.96,
 * respectively"): each amount takes the basis named in its place; a pair set after a comparison word ("compared to
 * third quarter 2015 reported and adjusted EPS of $1.48 and $1.64, respectively") is the prior period's.
 */
function readRespectively(out: ProseFigure[], s: Sentence, span: Span) {
  if (!s.text.includes('respectively')) return;
  for (const m of s.text.matchAll(RESPECTIVELY)) {
    if (COMPARISON.test(s.text.slice(0, m.index))) continue;
    const name = m[3]!.toLowerCase();
    const concept: Concept = /eps|per/.test(name)
      ? /diluted/.test(name)
        ? 'eps_diluted'
        : 'eps'
      : /operating/.test(name)
        ? 'operating_income'
        : 'net_income';
    const perShare = concept === 'eps' || concept === 'eps_diluted';
    for (const [basisWord, printed, scaleWord] of [
      [m[1]!, m[4]!, m[5]],
      [m[2]!, m[6]!, m[7]],
    ] as [string, string, string | undefined][]) {
      const value = parseAmount(printed);
      if (value === null) continue;
      const start = s.start + m.index! + m[0].indexOf(printed);
      out.push({
        concept,
        label: `${basisWord} ${m[3]}`,
        basis: /adjusted|non-gaap/i.test(basisWord) ? 'non_gaap' : 'gaap',
        span,
        printed,
        value,
        scale: perShare ? 'units' : wordScale(scaleWord),
        sentence: s,
        start,
        end: start + printed.length,
      });
    }
  }
}

/**
 * (h-earn40: Performance Shipping Q4 2022, "Earnings per share, basic and diluted, for the fourth quarter of 2022 was $2.31
 * and $1.18, respectively"; "resulted in earnings per share, basic and diluted, of $6.49 and $3.02, respectively") A
 * per-share name followed by its two kinds in commas and then by two amounts "respectively" gives each kind the amount
 * in its place.
 */
const KINDS_RESPECTIVELY = new RegExp(
  String.raw`\b((?:net\s+)?(?:earnings|income|loss)(?:\s+\(loss\))?\s+per\s+(?:common\s+)?share),\s+(basic and diluted|diluted and basic),\s+(?:[^$;]{0,60}?\s)?(?:was|were|of|amounted to|totaled)\s+(${MONEY})\s+and\s+(${MONEY}),?\s+respectively\b`,
  'gi',
);

function readKindsRespectively(out: ProseFigure[], from: number, s: Sentence, span: Span) {
  if (!s.text.includes('respectively')) return;
  for (const m of s.text.matchAll(KINDS_RESPECTIVELY)) {
    if (
      COMPARISON.test(
        s.text.slice(0, m.index).replace(/\bfrom continuing(?: and discontinued)? operations\b/gi, ''),
      )
    )
      continue;
    const kinds: Concept[] = /^basic/i.test(m[2]!)
      ? ['eps_basic', 'eps_diluted']
      : ['eps_diluted', 'eps_basic'];
    const pair: ProseFigure[] = [];
    for (const [i, printed] of [m[3]!, m[4]!].entries()) {
      const value = parseAmount(printed.trim());
      if (value === null || !/\d/.test(printed)) return;
      const start =
        s.start + m.index! + m[0].indexOf(printed, i === 0 ? 0 : m[0].indexOf(m[3]!) + m[3]!.length);
      pair.push(
        perShare(
          s,
          span,
          kinds[i]!,
          `${m[1]}, ${kinds[i] === 'eps_basic' ? 'basic' : 'diluted'}`,
          NON_GAAP_WORDS.test(m[1]!) ? 'non_gaap' : 'gaap',
          printed.trim(),
          /\bloss\b/i.test(m[1]!) && value > 0 ? -value : value,
          start,
        ),
      );
    }
    // The figures the per-share name alone gave these amounts yield to the pair.
    const lo = s.start + m.index!;
    const hi = lo + m[0].length;
    const kept = out
      .slice(from)
      .filter((f) => !(PER_SHARE_CONCEPTS.has(f.concept) && f.start >= lo && f.start < hi));
    out.splice(from, out.length - from, ...kept, ...pair);
  }
}

/**
 * "<name>, <name> and <name> were $A, $B and $C, respectively": the verb, the amounts and "respectively" (h-guid20: two
 * names and two amounts too, "GAAP net income and earnings per share were $1.270 billion and $0.99, respectively").
 */
const NAMES_THEN_AMOUNTS = new RegExp(
  String.raw`\s+(?:were|was|totaled|amounted to)\s+((?:(?:${MONEY})${SCALE_WORD},\s+)*(?:${MONEY})${SCALE_WORD},?\s+and\s+(?:${MONEY})${SCALE_WORD}),?\s+respectively\b`,
  'i',
);

/**
 * Three or more measures named in a list and their amounts in a list after it, "respectively" ("adjusted net income,
 * adjusted net income per diluted limited partner unit and adjusted EBITDA were $16.0 million, $0.22 and $26.9 million,
 * respectively"): each amount is the measure named in its place, the figures read name by name from that sentence
 * whose amounts stand in that list are dropped.
 */
function readNamesThenAmounts(out: ProseFigure[], from: number, s: Sentence, span: Span) {
  if (!s.text.includes('respectively')) return;
  const m = NAMES_THEN_AMOUNTS.exec(s.text);
  if (!m) return;
  const amounts = [...m[1]!.matchAll(new RegExp(`(${MONEY})${SCALE_WORD}`, 'gi'))].filter((a) =>
    /\d/.test(a[1]!),
  );
  // The names: the clauses before the verb, split at commas and "and"; the last ones, one per amount.
  const names = s.text
    .slice(0, m.index)
    .split(/,\s+|\s+and\s+/)
    .slice(-amounts.length);
  if (names.length !== amounts.length || COMPARISON.test(s.text.slice(0, m.index))) return;
  const listed: ProseFigure[] = [];
  // (h-guid20) A basis word before the first name is that of every later name that words none ("Non-GAAP net income
  // and non-GAAP EPS", "GAAP net income and earnings per share").
  const firstNonGaap = NON_GAAP_WORDS.test(names[0] ?? '');
  for (const [i, name] of names.entries()) {
    const a = amounts[i]!;
    const value = parseAmount(a[1]!.trim());
    if (value === null) return;
    // (h-guid20: "EPS" named alone in the list, "Non-GAAP net income and non-GAAP EPS were ...", is per share too.)
    const perShareName = new RegExp(EPS_NAMING.source, 'i').exec(name) ?? /\bEPS\*?\s*$/.exec(name);
    const concept: Concept | undefined = perShareName
      ? /diluted/i.test(name)
        ? 'eps_diluted'
        : /basic/i.test(name)
          ? 'eps_basic'
          : 'eps'
      : MEASURES.find(([re]) => new RegExp(re.source, re.flags.replace('g', '')).test(name))?.[1];
    if (concept === undefined) continue;
    const start = s.start + m.index! + m[0].indexOf(m[1]!) + a.index!;
    listed.push({
      concept,
      label: name.replace(/^.*?\b(?=(?:adjusted|non-gaap|gaap|reported)\b)/i, '').trim(),
      basis:
        NON_GAAP_WORDS.test(name) || concept === 'ebitda' || (firstNonGaap && !/\bgaap\b/i.test(name))
          ? 'non_gaap'
          : 'gaap',
      span,
      printed: a[1]!.trim(),
      value,
      scale: perShareName ? 'units' : wordScale(a[2]),
      sentence: s,
      start,
      end: start + a[1]!.trim().length,
    });
  }
  // (h-guid20: two amounts are a list of measures only when both names are measures; "reported and adjusted EPS were
  // $1.93 and $1.96, respectively" names two bases of one, read by readRespectively.)
  if (listed.length === 0 || (amounts.length === 2 && listed.length < 2)) return;
  // (Only figures whose amounts are in the list give way: another clause of the sentence keeps its own.)
  const kept = out.slice(from).filter((f) => f.start < s.start + m.index!);
  out.splice(from, out.length - from, ...kept, ...listed);
}

/**
 * A net income named "for the fourth quarter and full year" with two amounts, each with its per-share value ("of $22
 * million, or $0.17 per diluted share, and $58 million, or $0.45 per diluted share"): the first pair is the quarter's,
 * the second the year's, as "respectively" would say.
 */
const QUARTER_AND_YEAR_PAIR = new RegExp(
  String.raw`\bnet (?:income|earnings|loss)\b([^$]{0,160}?)\bof\s+(${MONEY})${SCALE_WORD},?\s+or\s+(${MONEY})\s?per\s+(diluted\s+|basic\s+)?share,?\s+and\s+(${MONEY})${SCALE_WORD},?\s+or\s+(${MONEY})\s?per\s+(diluted\s+|basic\s+)?share\b`,
  'i',
);

function readQuarterAndYear(out: ProseFigure[], s: Sentence) {
  if (!/\b(?:fourth )?quarter and (?:the )?(?:full|fiscal)[- ]year\b/i.test(s.text)) return;
  const m = QUARTER_AND_YEAR_PAIR.exec(s.text);
  if (!m || !/\b(?:fourth )?quarter and (?:the )?(?:full|fiscal)[- ]year\b/i.test(m[1]!)) return;
  const basis: Basis = NON_GAAP_WORDS.test(`${s.text.slice(0, m.index)}${m[1]}`) ? 'non_gaap' : 'gaap';
  const loss = /\bnet loss\b/i.test(m[0].slice(0, 12));
  const pairs: [Span, string, string | undefined, string, string | undefined][] = [
    ['quarter', m[2]!, m[3], m[4]!, m[5]],
    ['year', m[6]!, m[7], m[8]!, m[9]],
  ];
  for (const [span, amount, scaleWord, perShare, kind] of pairs) {
    for (const [printed, concept, scale] of [
      [amount, 'net_income', wordScale(scaleWord)],
      [
        perShare,
        /diluted/i.test(kind ?? '') ? 'eps_diluted' : /basic/i.test(kind ?? '') ? 'eps_basic' : 'eps',
        'units',
      ],
    ] as [string, Concept, ProseFigure['scale']][]) {
      const v = parseAmount(printed);
      if (v === null) continue;
      const start = s.start + m.index + m[0].indexOf(printed);
      out.push({
        concept,
        label: concept === 'net_income' ? 'net income' : 'net income per share',
        basis,
        span,
        printed: printed.trim(),
        value: loss && v > 0 ? -v : v,
        scale,
        sentence: s,
        start,
        end: start + printed.length,
      });
    }
  }
}

/** "the three-month and nine-month periods", "the three and nine months ended": a quarter and its year to date. */
const QUARTER_AND_YTD_WORDS =
  /\b(?:three|3)(?:[- ]months?)?\s+and\s+(?:six|nine|6|9)[- ]months?(?:\s+periods?)?\b/i;

/**
 * A pair of amounts for the quarter and the year to date ("During the three-month and nine-month periods ..., the
 * Company reported $2,789,484 and $3,090,161 of government contract revenues", "... expenses were $A and $B for the
 * three-month and nine-month periods"): the first amount is the quarter's, the second the year to date's.
 */
function readQuarterAndYearToDate(out: ProseFigure[], s: Sentence) {
  if (!QUARTER_AND_YTD_WORDS.test(s.text)) return;
  for (const [re, concept] of MEASURES) {
    if (concept === 'eps') continue;
    for (const m of s.text.matchAll(new RegExp(re.source, `g${re.flags.replace('g', '')}`)))
      pairAfterOrBefore(out, s, m, concept);
  }
}

function pairAfterOrBefore(out: ProseFigure[], s: Sentence, m: RegExpMatchArray, concept: Concept) {
  {
    const at = m.index!;
    // "$A and $B of <words> revenues" before the name, or "<name> were $A and $B" after it.
    const lead = new RegExp(
      `(${MONEY})${SCALE_WORD}\\s+and\\s+(${MONEY})${SCALE_WORD}\\s+of\\s+(?:[A-Za-z'’-]+\\s+){0,3}$`,
      'i',
    ).exec(s.text.slice(Math.max(0, at - 120), at));
    const tail = lead
      ? null
      : new RegExp(
          `^\\s+(?:were|was|of|totaled|amounted to)\\s+(${MONEY})${SCALE_WORD}\\s+and\\s+(${MONEY})${SCALE_WORD}`,
          'i',
        ).exec(s.text.slice(at + m[0].length));
    const hit = lead ?? tail;
    if (!hit || !/\d/.test(hit[1]!) || !/\d/.test(hit[3]!)) return;
    if (COMPARED_NAMING.test(s.text.slice(Math.max(0, at - 60), at))) return;
    const base = lead ? Math.max(0, at - 120) + lead.index : at + m[0].length + tail!.index;
    for (const [printedRaw, scaleWord, span] of [
      [hit[1]!, hit[2], 'quarter'],
      [hit[3]!, hit[4], 'ytd'],
    ] as [string, string | undefined, Span][]) {
      const printed = printedRaw.trim();
      let value = parseAmount(printed);
      if (value === null) continue;
      if (/\bloss\b/i.test(m[0]) && value > 0) value = -value;
      const start = s.start + base + hit[0].indexOf(printedRaw);
      out.push({
        concept,
        label: m[0],
        basis: concept === 'ebitda' || concept === 'free_cash_flow' ? 'non_gaap' : 'gaap',
        span,
        printed,
        value,
        scale: wordScale(scaleWord),
        sentence: s,
        start,
        end: start + printed.length,
      });
    }
  }
}

/** Amounts in `text` (MONEY) with their offsets. */
function amountsIn(text: string): { index: number; printed: string; end: number }[] {
  return [...text.matchAll(new RegExp(`(${MONEY})`, 'gi'))]
    .filter((a) => /\d/.test(a[1]!))
    .map((a) => ({ index: a.index!, printed: a[1]!, end: a.index! + a[0].length }));
}

/**
 * FFO / AFFO per share ("Nareit FFO of $0.44 per share", "FFO increased to $0.21 per diluted share", "AFFO per
 * share increased 2.9% to $1.06 per share", "FFO of $34.6 million, or $0.78 per diluted share"): the first amount
 * after the name that is per share or unit, before any comparison word; non-GAAP by definition.
 */
function readFfo(out: ProseFigure[], s: Sentence, m: RegExpMatchArray, span: Span) {
  const at = m.index!;
  const after = s.text.slice(at + m[0].length);
  const concept = ffoConcept(`${m[0]}${after.slice(0, 20)}`);
  if (concept === null) return;
  // A comparison naming ("compared to FFO of ...") or one inside another FFO's name is not a figure.
  if (COMPARED_NAMING.test(s.text.slice(Math.max(0, at - 60), at))) return;
  const window = after.slice(0, 150);
  // An FFO named as a loss ("a funds from operations loss of $16.5 million, or 7 cents per share") is below zero; its
  // per-share amount may be printed in cents.
  const loss = /^\s*loss(?:es)?\b/i.test(after);
  const cents = [...window.matchAll(/(?<![\d.,$])\d+(?:\.\d+)? cents\b/gi)].map((c) => ({
    index: c.index!,
    printed: c[0],
    end: c.index! + c[0].length,
  }));
  for (const a of [...amountsIn(window), ...cents].sort((x, y) => x.index - y.index)) {
    const between = window.slice(0, a.index);
    if (
      COMPARISON.test(between) ||
      /[;]/.test(between) ||
      /\b(?:A?FFO|funds from operations?)\b/i.test(between.replace(/^\s*\(\W*A?FFO\W*\)/i, ''))
    )
      return;
    if (!PER_SHARE_TAIL.test(window.slice(a.end))) continue;
    // "increased 5.3% to $0.22": a change followed by the level gives the level; "by $0.02" is a change.
    if (CHANGE_BY.test(between)) continue;
    const printed = a.printed.trim().replace(/^\((?!.*\)$)/, '');
    const read = /cents$/i.test(printed)
      ? Number((Number(printed.replace(/[^\d.]/g, '')) / 100).toPrecision(12))
      : parseAmount(printed);
    if (read === null) return;
    const value = loss && read > 0 ? -read : read;
    const start = s.start + at + m[0].length + a.index + a.printed.indexOf(printed);
    out.push(perShare(s, span, concept, m[0].trim(), 'non_gaap', printed, value, start));
    return;
  }
}

/**
 * Income per ADS ("Net income per ADS ... was RMB0.73 (US$0.11)", "Basic and diluted net income ... per ADS were
 * US$0.27 and US$0.27"): never per-share EPS. With "basic and diluted ... A and B" the diluted B is taken; the
 * amount in another currency in parentheses is a translation.
 */
function readPerAds(out: ProseFigure[], s: Sentence, m: RegExpMatchArray, span: Span) {
  const at = m.index!;
  const after = s.text.slice(at + m[0].length);
  if (COMPARED_NAMING.test(s.text.slice(Math.max(0, at - 60), at))) return;
  // An aside set off by commas ("..., which excludes share-based compensation expenses, were") is skipped.
  const window = after.slice(0, 160);
  const all = amountsIn(window);
  // "RMB0.73 (US$0.11)": the parenthesised amount right after another is its translation.
  const found = all.filter(
    (a, i) =>
      i === 0 || !/^\(/.test(a.printed.trim()) || window.slice(all[i - 1]!.end, a.index).trim() !== '',
  );
  const first = found[0];
  if (!first || COMPARISON.test(window.slice(0, first.index))) return;
  let pick = first;
  const kinds = (m[1] ?? '').toLowerCase();
  if (/basic and diluted|diluted and basic/.test(kinds)) {
    const second = found.find(
      (a) =>
        a.index > first.end && /^\s*(?:\([^)]*\)\s*)?(?:and|,)\s*$/i.test(window.slice(first.end, a.index)),
    );
    if (second && kinds.startsWith('basic')) pick = second;
  }
  const printed = pick.printed.trim();
  let value = parseAmount(printed);
  if (value === null) return;
  if (/\bloss\b/i.test(m[0]) && value > 0) value = -value;
  const lead = s.text.slice(Math.max(0, at - 30), at);
  const nonGaap = NON_GAAP_WORDS.test(`${lead.split(/[.;]/).pop() ?? ''} ${m[0]}`);
  const start = s.start + at + m[0].length + pick.index + pick.printed.indexOf(printed);
  out.push(
    perShare(
      s,
      span,
      'eps_per_ads',
      nonGaap ? `${/(?:non[- ]?gaap|adjusted)\s*$/i.exec(lead)?.[0].trim() ?? 'non-GAAP'} ${m[0]}` : m[0],
      nonGaap ? 'non_gaap' : 'gaap',
      printed,
      value,
      start,
    ),
  );
}

/**
 * "..., or $0.89 per share ($0.88 per share on a diluted basis)", "or $2.54 per share on a fully diluted basis",
 * "($1.34 per share diluted)": per-share figures following a net income.
 */
function epsAfter(
  out: ProseFigure[],
  s: Sentence,
  rest: string,
  offset: number,
  loss: boolean,
  nonGaap: boolean,
  label: string,
  span: Span,
  continuing = false,
) {
  let text = rest;
  let pos = offset;
  for (let i = 0; i < 2; i++) {
    const m = EPS_AFTER.exec(text);
    if (!m || COMPARISON.test(text.slice(0, m.index + m[0].indexOf(m[1]!)))) return;
    // A per-share amount introduced by another name ("Nareit FFO of $0.44 per share") is that measure's.
    if (/\b[A-Za-z]{2,}\s+(?:of|was|were)\s*$/i.test(text.slice(0, m.index + m[0].indexOf(m[1]!)))) return;
    const printed = m[1]!.trim().replace(/^\((?!.*\)$)/, '');
    let value = /cents|fen$/i.test(printed) ? Number(printed.replace(/\D/g, '')) / 100 : parseAmount(printed);
    if (value === null) return;
    if (loss && value > 0) value = -value;
    // "per common share (basic and diluted)" names its kinds after the share.
    // "$1.34 per share diluted" names its kind after the share too.
    const kind = `${m[2] ?? ''} ${m[3] ?? ''} ${m[4] ?? ''} ${m[5] ?? ''}`.trim().toLowerCase();
    const diluted = /diluted/.test(kind);
    const basic = /basic/.test(kind);
    // A plain "per share" figure followed by a diluted one is the basic figure.
    const nextDiluted =
      !diluted &&
      !basic &&
      /^\s*\(?\s*\$?[\d.]+\s*per\s+share\s+on a diluted basis|^[^$]{0,30}\$[\d.]+\s*per diluted share/i.test(
        text.slice(m[0].length),
      );
    // "or $0.63 per basic and diluted share" states both.
    const concepts: Concept[] =
      diluted && basic
        ? ['eps_basic', 'eps_diluted']
        : [diluted ? 'eps_diluted' : basic || nextDiluted ? 'eps_basic' : 'eps'];
    const start = pos + m.index + m[0].indexOf(printed);
    for (const concept of concepts)
      out.push(
        perShare(
          s,
          span,
          concept,
          nonGaap
            ? `${label} per ${diluted ? 'diluted ' : ''}share`
            : `${m[0].replace(/^[^$\d]*/, '').trim()}${continuing ? ' from continuing operations' : ''}`,
          nonGaap ? 'non_gaap' : 'gaap',
          printed,
          value,
          start,
        ),
      );
    pos += m.index + m[0].length;
    text = text.slice(m.index + m[0].length);
  }
}

/** A parenthesised abbreviation that names the measure itself (its initials or its usual acronym) or a basis. */
function abbreviates(abbr: string, name: string, concept: Concept): boolean {
  if (/^(?:GAAP|NON-GAAP|IFRS|FTE|TE|US|USD|EUR|RMB|GBP|CAD|HKD|YOY|QOQ)$/i.test(abbr)) return true;
  const initials = name
    .split(/[\s-]+/)
    .filter((w) => w !== '')
    .map((w) => w[0]!.toUpperCase())
    .join('');
  if (initials === abbr.toUpperCase()) return true;
  const usual: Partial<Record<Concept, RegExp>> = {
    operating_income: /^EBIT$/,
    ebitda: /^EBITDA$/,
    free_cash_flow: /^FCF$/,
    net_interest_income: /^NII$/,
    eps: /^EPS$/,
    revenue: /^(?:REV|NR)$/,
  };
  return usual[concept]?.test(abbr) ?? false;
}

/** The qualifier and measure as printed: "Excluding this charge, the Company's net profit" -> "net profit excluding this charge". */
function qualifiedLabel(upTo: string, measure: string): string {
  const q =
    /\b((?:non[- ]?gaap|adjusted|pro[- ]forma|core|underlying|comparable)\s+(?:[a-z]+\s+){0,2})$/i.exec(
      upTo.slice(0, upTo.length - measure.length),
    );
  if (q) return `${q[1]!.trim()} ${measure}`.replace(/\s+/g, ' ');
  const ex = /\b((?:excluding|exclusive of|before)\s[^,;]{1,60})/i.exec(upTo);
  if (ex) return `${measure} ${ex[1]!.trim()}`;
  return measure;
}
