import { NUMBER_WORDS } from '../number-words.ts';
import { parseAmount, type Scale, toFullUnits, wordScale } from './release-numbers.ts';
import { AGAINST_GUIDANCE, BOILERPLATE, type Sentence } from './release-sentences.ts';

/**
 * Company measures (KPIs) stated in sentences: a known measure name, then its value within the clause
 * ("Comparable store net sales ... decreased 0.7 percent", "net interest margin was 4.77%", "sold 16.24
 * million iPhones"). A measure that is itself a change (comparable sales) takes the signed change; any other
 * takes the level ("... increased 26% to $11.6 million" is $11.6 million). The first statement per measure and
 * period wins (later ones are comparisons).
 */

export interface Measure {
  name: string;
  measure: string | null;
  /**
   * `currency_hundredths_per_unit`: an amount of the release's currency per operating unit (an airline's revenue per
   * available seat mile), in hundredths of the currency as such figures are printed ("11.85 cents" is 11.85; "$0.1185"
   * would be 11.85 too).
   */
  unit: 'percent' | 'currency' | 'count' | 'currency_per_share' | 'currency_hundredths_per_unit';
  period: 'quarter' | 'ytd' | 'year' | 'point_in_time';
  printed: string;
  value: number;
  scale: Scale;
  sentence: Sentence;
  start: number;
  end: number;
}

type Expect = 'percent' | 'money' | 'count' | 'any';
const KNOWN: [RegExp, string, 'change' | 'level', Expect?][] = [
  // (h-earn41: Publix Q4 2016, "Comparable-store sales for the fourth quarter of 2016 increased 2.2%") the hyphenated
  // "comparable-store" is the same name.
  [/\b(?:comparable|same[- ]store|comp)(?:[- ]store)?(?: net)? sales\b/i, 'comparable_sales', 'change'],
  [/\bcomparable(?:[- ]store)? (?:sales|revenue) growth\b/i, 'comparable_sales', 'change'],
  // (h-earn36: Morton's Q1 2010, "Comparable restaurant revenues for Morton's steakhouses increased 3.6%") A restaurant
  // company's comparable restaurant sales or revenues are its comparable sales, as a retailer's comparable store sales are.
  [/\b(?:comparable|same[- ]store) restaurant (?:sales|revenues?)\b/i, 'comparable_sales', 'change'],
  [/\bnet interest margin\b/i, 'net_interest_margin', 'level', 'percent'],
  // (h-earn39: Lloyds H1 2015, "Net interest income of £5,715 million, up 6 per cent, primarily driven by margin
  // improvement to 2.62 per cent".) A bare "margin" in the clause that reports net interest income is the margin that
  // income is earned at: the net interest margin.
  [
    /(?<=\bnet interest income\b[^.;:]{0,120}?)(?<!\b(?:interest|gross|operating|EBIT|EBITDA|profit|net|pre-tax|trading|contribution|underwriting) )\bmargin\b(?! (?:call|loans?|lending|requirements?|debt|pressure)\b)/i,
    'net_interest_margin',
    'level',
    'percent',
  ],
  // (h-earn35: Lloyds, "cost:income ratio improved by 0.7 percentage points to 48.3 per cent") a bank's cost:income
  // ratio is its efficiency ratio (costs over income), the British name.
  [/\befficiency ratio\b|\bcost[:/-]\s?(?:to[- ])?income ratio\b/i, 'efficiency_ratio', 'level', 'percent'],
  [
    /\breturn on (?:average )?(?:common )?(?:shareholders['’]? |stockholders['’]? )?equity\b/i,
    'return_on_equity',
    'level',
    'percent',
  ],
  [/\breturn on (?:average )?assets\b/i, 'return_on_assets', 'level', 'percent'],
  [/\btangible book value(?: per share)?\b/i, 'tangible_book_value_per_share', 'level', 'money'],
  [/(?<!tangible )\bbook value(?: per share)?\b/i, 'book_value_per_share', 'level', 'money'],
  [/\bnon-?performing assets\b/i, 'nonperforming_assets', 'level'],
  [/\bnon-?performing loans\b/i, 'nonperforming_loans', 'level'],
  [
    /\bnet new (?:[A-Z][\w-]* ){0,3}(?:ARR|annual(?:ized)? recurring revenue)\b/i,
    'net_new_arr',
    'level',
    'money',
  ],
  [/\b[Aa]nnual(?:ized)? [Rr]ecurring [Rr]evenue\b|\bARR\b/, 'arr', 'level', 'money'],
  // (h-earn34) "Profit ... attributable to the members of the BHP Group": members a profit is attributable to are the
  // company's owners, not a count of members.
  [
    /\b(?:paid )?(?:subscribers|subscriptions|paid memberships|(?<!\battributable to (?:the )?)members)\b/i,
    'subscribers',
    'level',
    'count',
  ],
  [/\b(?:daily|monthly) active (?:users|people)\b/i, 'active_users', 'level', 'count'],
  [/\bbacklog\b/i, 'backlog', 'level', 'money'],
  [/\bremaining performance obligations?\b/i, 'remaining_performance_obligations', 'level', 'money'],
  [/\bdeliveries\b/i, 'deliveries', 'level', 'count'],
  [/\bonline sales\b|\be-?commerce sales\b|\bdigital sales\b/i, 'online_sales', 'change'],
  // (h-earn35: PUMA Q1 2025, "The gross profit margin decreased by 60 basis points to 47.0%") a change in basis or
  // percentage points may stand between the verb and "to" the level.
  [
    /\bgross margin (?:rate|percentage)\b|\bgross (?:profit )?margins?\b(?= (?:for the (?:[a-z]+ )?(?:quarter|year|period)(?: of (?:fiscal )?\d{4})? )?(?:was|were|of|increased|decreased|improved|expanded|declined)(?: by [\d.]+ (?:basis points|bps|percentage points?))?(?: to)? [\d.]+ ?(?:%|percent))/i,
    'gross_margin',
    'level',
    'percent',
  ],
  // "EBIT margin" (EBIT is the IFRS operating result).
  [/\b(?:operating|EBIT) margin\b/i, 'operating_margin', 'level', 'percent'],
  [/\bloan originations\b/i, 'loan_originations', 'level', 'money'],
  [/\bcash collections\b/i, 'cash_collections', 'level', 'money'],
  // An asset manager's assets under management at the period end ("AUM of $60.4 billion"); an average is not it.
  [
    /(?<!\baverage )\b(?:AUM|[Aa]ssets [Uu]nder [Mm]anagement)\b/,
    'assets_under_management',
    'level',
    'money',
  ],
  // An insurer's losses and expenses over earned premiums ("combined ratio", "combined loss and expense ratio").
  [/\b(?:GAAP |statutory )?combined (?:loss and expense )?ratio\b/i, 'combined_ratio', 'level', 'percent'],
];

// (h-earn35) "percentage points" is a change in points, like "basis points", not a percent.
const VALUE = String.raw`(\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\)?)\s?(%|percentage points?|percent|per cent|basis points|thousand|million|billion)?`;
/**
 * A value counts only right after a linking word: "was 4.77%", "decreased 0.7 percent", "totaled $2.2 million", or a
 * dash in a highlights line ("GAAP Combined Ratio – 100.8 percent").
 */
const LINKED_VALUE = new RegExp(
  String.raw`(?:\b(?:was|were|of|totaled|totaling|at|is|reached|increased|decreased|rose|fell|grew|declined|improved|expanded|narrowed|dropped|up|down|to)|\s[\u2013\u2014])\s+(?:by\s+)?(?:a record\s+|approximately\s+|about\s+|only\s+|nearly\s+|almost\s+)?${VALUE}`,
  'i',
);
const UNITS_SOLD =
  /\b(?:sold|shipped|delivered)\s+(?:a record\s+)?(\d[\d,]*(?:\.\d+)?)\s?(thousand|million|billion)?\s+([A-Za-z®™]+(?:\s+units)?)/g;

/** The period phrase right after a measure's name ("for the first quarter of 2007", "in fiscal 2024"). */
const OWN_PERIOD =
  /^\s*(?:for|in|during)\s+(?:the\s+)?(?:(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter|fiscal(?:\s+year)?|full[- ]year|year|quarter)(?:\s+(?:of\s+)?(?:fiscal\s+)?(?:19|20)\d{2})?/i;
/** Operating income stated with its share of revenues ("$14.6 million, or 4.7 percent of revenues"). */
const OPERATING_SHARE =
  /\b(?:operating (?:income|profit|earnings)|(?:income|profit) from operations)\b[^.;$]{0,60}?\$\s?[\d.,]+\s?(?:thousand|million|billion)?,?\s+or\s+(\d+(?:\.\d+)?)\s?((?:%|percent)\s+of\s+(?:total\s+|net\s+)?(?:revenues?|sales))\b/i;
/** "gross profit rising 115 percent to $1.73 million at a 67 percent margin": the gross margin of that gross profit. */
const GROSS_SHARE =
  /\bgross profit\b[^.;$]{0,60}?\$\s?[\d.,]+\s?(?:thousand|million|billion)?,?\s+(?:at|for|representing)\s+an?\s+(\d+(?:\.\d+)?)\s?(?:%|percent)\s+(?:gross\s+)?(margin)\b/i;
/** "Gross profit improved to 36.1 percent of net sales": gross profit stated only as its share of sales, the gross margin. */
const GROSS_OF_SALES =
  /\bgross profit\b[^.;$%]{0,40}?\b(?:was|were|improved|increased|decreased|declined|rose|fell|grew)\s+(?:to\s+)?(\d+(?:\.\d+)?)\s?((?:%|percent)\s+of\s+(?:total\s+|net\s+)?(?:revenues?|sales))\b/i;
/** "Gross profit as a percent of net sales of 40.4 percent": the gross margin named by what it divides. */
const GROSS_AS_PERCENT =
  /\bgross profit as a percent(?:age)? of (?:total |net )?(?:revenues?|sales)\s+(?:of|was|were|at|(?:increased|improved|rose|decreased|declined|fell) to)\s+(\d+(?:\.\d+)?)\s?(?:%|percent)/i;
/** Production as a daily rate in barrels of oil equivalent ("21,295 barrels of oil equivalent per day", "Boe/d"). */
const PRODUCTION =
  /\b(\d[\d,]*(?:\.\d+)?)\s?(thousand|million)?\s+(barrels of oil equivalent per day|boe\/d|boepd|boe per day)\b/gi;

/**
 * Unit revenue per available seat mile ("Passenger revenue per available seat mile increase of 5.1% to 11.85 cents",
 * "PRASM", "RASM"), then, within the clause, its amount in cents ("11.85 cents", "11.85¢") or in dollars ("$0.1185");
 * a percent is the change, never the amount.
 */
const UNIT_REVENUE =
  /\b(?:(passenger revenue per (?:available seat mile|ASM)|PRASM)|((?:total |operating )?revenue per (?:available seat mile|ASM)|T?RASM))\b[^.;%$\d]{0,40}?(?:(?:\d+(?:\.\d+)?\s?(?:%|percent)[^.;$\d]{0,20}?)?)(?:(\d+(?:\.\d+)?)\s?(cents|¢)|\$(0?\.\d+))/gi;

/** "Each ADS represents two of the Company's Class A ordinary shares", "each ADS representing 10 ordinary shares". */
const ADS_RATIO =
  /\b(?:each|one|every)\s+(?:ADS|ADR|American depositary (?:share|receipt))s?\s+(?:represents|representing|equals|is equal to)\s+(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\s+(?:of\s+(?:the|our)\s+(?:Company['’]s\s+)?)?(?:Class\s+[A-Z]\s+)?(?:ordinary|common)?\s*shares?\b/i;
const RETURNS_PAIR =
  /\breturns? on (?:average )?(equity|assets) and (?:average )?(equity|assets)\b[^.;]{0,60}?\b(?:were|was)\s+(\d+(?:\.\d+)?)\s?%\s+and\s+(\d+(?:\.\d+)?)\s?%,?\s+respectively/i;

function periodOf(s: string): Measure['period'] {
  return periodNamed(s) ?? 'quarter';
}

/** The period a text names, null when it names none. */
function periodNamed(s: string): Measure['period'] | null {
  if (/\b(?:six|nine)[- ]months?|year[- ]to[- ]date|\b(?:26|39)[- ]week|first half/i.test(s)) return 'ytd';
  if (
    /\bat (?:quarter[- ]end|(?:the end of|year[- ]end)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d)/i.test(
      s,
    )
  )
    return 'point_in_time';
  // A retailer's quarter may run 13 or 14 weeks and its year 52 or 53.
  // (h-earn41: Publix 2016, "Comparable-store sales for 2016 increased 1.9%": "for 2016" names the year, as the prose
  // reader's periods do.)
  // ... and a quarter code ("In Q2 2021, ... an EBIT margin of 22.7%") names a quarter as the word does.
  if (
    /\b(?:quarter|three months|1[34][- ]week|thirteen[- ]week|fourteen[- ]week)\b|\bQ[1-4]\b|\b[1-4]Q\b/i.test(
      s,
    )
  )
    return 'quarter';
  if (
    /\b(?:fiscal year|full[- ]year|for the year|fiscal \d{4}|in \d{4}|for \d{4}|twelve[- ]months?|5[23][- ]week|fifty[- ](?:two|three)[- ]week)\b/i.test(
      s,
    )
  )
    return 'year';
  return null;
}

export function measuresOf(sentences: Sentence[]): Measure[] {
  const out: Measure[] = [];
  const seen = new Map<string, { at: number; whole: boolean }>();
  // (h-earn38: Intevac Q3 2019, "TFE gross margin was 28.2%" ... "Consolidated gross margin was 33.4%") A measure named
  // as the whole company's ("consolidated", "overall", "company-wide") replaces the same measure and period read first
  // under another name: a release that prints the consolidated figure prints the others as its parts.
  const add = (m: Measure, whole = false) => {
    const key = `${m.measure ?? m.name.toLowerCase()}|${m.period}`;
    const had = seen.get(key);
    if (had !== undefined) {
      if (whole && !had.whole) {
        out[had.at] = m;
        seen.set(key, { at: had.at, whole });
      }
      return;
    }
    seen.set(key, { at: out.length, whole });
    out.push(m);
  };
  for (const s of sentences.slice(0, 120)) {
    // A result set against the guidance ("exceeding the mid point of guidance", "near the mid point of guidance") is
    // no forward statement.
    const words = s.text.replace(AGAINST_GUIDANCE, ' ');
    if (BOILERPLATE.test(s.text) || /\b(?:expects?|anticipates?|outlook|guidance)\b/i.test(words)) continue;
    for (const [re, measure, kind, expect = 'any'] of KNOWN) {
      // A name inside a longer measure's ("Net new ... ARR") belongs to that measure: take the next mention. A
      // part of the measure ("Subscription Portion of Annual Recurring Revenue (ARR)") is not the company's, and an
      // abbreviation in parentheses repeats the name before it.
      const m = [...s.text.matchAll(new RegExp(re.source, `g${re.flags}`))].find(
        (x) =>
          (measure !== 'arr' || !/\bnet new\b[^.;]{0,60}$/i.test(s.text.slice(0, x.index))) &&
          !/\b(?:portion|part) of\s+$|\($/i.test(s.text.slice(0, x.index)),
      );
      if (!m) continue;
      const whole = /\b(?:consolidated|overall|company[- ]wide)\s+$/i.test(
        s.text.slice(Math.max(0, m.index! - 30), m.index),
      );
      // A percent right before a change measure's name, with the change word after it ("a 1.5% same-store sales
      // increase", "2% comparable sales growth"), is that measure's value.
      const lead = /(\d+(?:\.\d+)?)\s?(%|percent)\s+$/i.exec(
        s.text.slice(Math.max(0, m.index! - 20), m.index),
      );
      const word = /^\s+(increase|growth|gain|rise|decrease|decline)\b/i.exec(
        s.text.slice(m.index! + m[0].length),
      );
      // ... and a percent set after "a" / "an" right before a ratio's name is its value ("an annualized 11.7 percent
      // return on average common equity").
      const ratioLead = /\ban?\s+(?:annualized\s+)?(\d+(?:\.\d+)?)\s?(%|percent)\s+$/i.exec(
        s.text.slice(Math.max(0, m.index! - 40), m.index),
      );
      if (kind === 'level' && expect === 'percent' && ratioLead) {
        const start = s.start + m.index! - ratioLead[0].length + ratioLead[0].indexOf(ratioLead[1]!);
        add({
          name: m[0],
          measure,
          unit: 'percent',
          period: periodNamed(s.text) ?? periodNamed(s.heading) ?? 'quarter',
          printed: `${ratioLead[1]} ${ratioLead[2]}`,
          value: Number(ratioLead[1]),
          scale: 'units',
          sentence: s,
          start,
          end: start + ratioLead[1]!.length,
        });
        continue;
      }
      if (kind === 'change' && lead && word) {
        const value = Number(lead[1]) * (/decrease|decline/i.test(word[1]!) ? -1 : 1);
        const start = s.start + m.index! - lead[0].length;
        add({
          name: m[0],
          measure,
          unit: 'percent',
          period: periodOf(s.text.slice(0, m.index! + m[0].length + 120)),
          printed: lead[0].trim(),
          value,
          scale: 'units',
          sentence: s,
          start,
          end: start + lead[1]!.length,
        });
        continue;
      }
      // (h-earn27: Family Dollar, "adjusted diluted EPS increased 14.7% to $0.86; comparable store sales were flat".) A
      // change measure said to be flat or unchanged right after its name states a change of 0%.
      const flat = /^\s+(?:were|was|remained|stayed)\s+(?:flat|unchanged)\b/i.exec(
        s.text.slice(m.index! + m[0].length),
      );
      if (kind === 'change' && flat) {
        const at = m.index! + m[0].length + flat[0].search(/flat|unchanged/i);
        const word = flat[0].trim().split(/\s+/).pop()!;
        add({
          name: m[0],
          measure,
          unit: 'percent',
          period: periodOf(s.text.slice(0, m.index! + m[0].length + 120)),
          printed: word,
          value: 0,
          scale: 'units',
          sentence: s,
          start: s.start + at,
          end: s.start + at + word.length,
        });
        continue;
      }
      // The measure's own period phrase ("Same-store sales for the first quarter of 2007 declined 1.6 percent") is
      // no value: blanked, at the same length so offsets hold.
      const after = s.text.slice(m.index! + m[0].length).replace(OWN_PERIOD, (x) => ' '.repeat(x.length));
      const clause = after.split(/[;]|,\s(?:compared|while|and|from|[a-z]+ing)\b/)[0] ?? after;
      const linked = LINKED_VALUE.exec(clause);
      if (!linked || linked.index > 110) continue;
      const v = new RegExp(VALUE, 'i').exec(linked[0].slice(linked[0].search(/[\d($-]/)))!;
      const vIndex = linked.index + linked[0].length - v[0].length;
      const verb = clause.slice(0, vIndex);
      let printed = v[0].trim();
      let valueText = v[1]!;
      let unitWord = v[2];
      // "increased 26% to $11.6 million": a level measure takes the figure after "to"; so it does after a change in
      // money ("Tangible book value per share increased $0.12 to $5.79").
      if (kind === 'level' && (/%|per ?cent|points/i.test(unitWord ?? '') || valueText.includes('$'))) {
        const to = new RegExp(String.raw`^\s*to\s+(?:a record\s+)?${VALUE}`, 'i').exec(
          clause.slice(vIndex + v[0].length),
        );
        if (
          to &&
          (!valueText.includes('$') || to[1]!.includes('$')) &&
          /\b(?:increased|decreased|rose|fell|grew|declined|improved|expanded|up|down)\b/i.test(verb)
        ) {
          printed = to[0].replace(/^\s*to\s+(?:a record\s+)?/i, '').trim();
          valueText = to[1]!;
          unitWord = to[2];
        }
      }
      let value = parseAmount(valueText);
      if (value === null) continue;
      if (/points?$/i.test(unitWord ?? '')) continue;
      // A ratio of percentages printed without the sign ("Combined ratio of 81.5.") states its points: percent.
      const isPercent =
        /%|per ?cent/i.test(unitWord ?? '') ||
        (expect === 'percent' &&
          /\bratio$/i.test(m[0]) &&
          !valueText.includes('$') &&
          (unitWord ?? '') === '' &&
          /^\s*(?:was|were|of|at|is)?\s*$/i.test(verb) &&
          /^\s*(?:[.,;]|$)/.test(clause.slice(vIndex + v[0].length)));
      if (kind === 'change' && !isPercent) continue;
      if (
        kind === 'change' &&
        /\b(?:decreased|declined|fell|down|decrease|decline)\b/i.test(verb) &&
        value > 0
      )
        value = -value;
      const isMoney = valueText.includes('$');
      if (expect === 'percent' && !isPercent) continue;
      if (expect === 'money' && !isMoney) continue;
      if (expect === 'count' && (isMoney || isPercent)) continue;
      const scale = isPercent ? 'units' : wordScale(unitWord);
      const unit: Measure['unit'] = isPercent
        ? 'percent'
        : isMoney
          ? /per_share$/.test(measure) || /per share/i.test(m[0] + clause.slice(0, 80))
            ? 'currency_per_share'
            : 'currency'
          : 'count';
      const start =
        s.start + m.index! + m[0].length + (clause.indexOf(printed) >= 0 ? clause.indexOf(printed) : vIndex);
      // "Combined ratio of 124.8 percent for fourth quarter / 113.9 percent for full year": the value after the
      // slash is the year's.
      const year = isPercent
        ? /^[^/;]{0,30}\/\s*(\d+(?:\.\d+)?)\s?(?:%|percent)\s+for (?:the )?(?:full[- ]year|fiscal year|year)\b/i.exec(
            clause.slice(vIndex + v[0].length),
          )
        : null;
      if (year) {
        const at = s.start + m.index! + m[0].length + vIndex + v[0].length + year[0].indexOf(year[1]!);
        add(
          {
            name: m[0],
            measure,
            unit: 'percent',
            period: 'year',
            printed: year[1]!,
            value: Number(year[1]),
            scale: 'units',
            sentence: s,
            start: at,
            end: at + year[1]!.length,
          },
          whole,
        );
      }
      add(
        {
          name: m[0],
          measure,
          unit,
          // A sentence that names no period takes its heading's ("Twelve-Month Period Ended December 31, 2011" above
          // "GAAP Combined Ratio – 115.1 percent").
          // Assets under management are a balance at the period end, whatever period the sentence names.
          // (h-earn31: Goldman Sachs 3Q23, "Annualized return on average common shareholders' equity (ROE)1 was 7.1% for
          // the third quarter of 2023 and 7.6% for the first nine months of 2023": a value followed by its own period
          // phrase ("for the ...") is that period's, whatever other period the sentence names after it; "in 2009" after a
          // quarter's ratio is the quarter's year, no period phrase.)
          period:
            measure === 'assets_under_management'
              ? 'point_in_time'
              : (periodNamed(
                  /^\s*(?:for|in|during)\s+the\s+[^,;.]{0,50}/i.exec(
                    s.text.slice(start - s.start + printed.length),
                  )?.[0] ?? '',
                ) ??
                periodNamed(s.text.slice(0, m.index! + m[0].length + 120)) ??
                periodNamed(s.heading) ??
                'quarter'),
          printed,
          value: unit === 'percent' || unit === 'currency_per_share' ? value : toFullUnits(value, scale),
          scale: unit === 'percent' ? 'units' : scale,
          sentence: s,
          start,
          end: start + printed.length,
        },
        whole,
      );
    }
    // "returns on average equity and assets for the first quarter were 12.64% and 1.26%, respectively": each return
    // takes its value in the order named.
    const pair = RETURNS_PAIR.exec(s.text);
    if (pair) {
      for (const [which, value] of [
        [pair[1]!, pair[3]!],
        [pair[2]!, pair[4]!],
      ] as [string, string][]) {
        const start = s.start + pair.index + pair[0].indexOf(value);
        add({
          name: `return on average ${which.toLowerCase()}`,
          measure: /equity/i.test(which) ? 'return_on_equity' : 'return_on_assets',
          unit: 'percent',
          period: periodOf(s.text),
          printed: `${value}%`,
          value: Number(value),
          scale: 'units',
          sentence: s,
          start,
          end: start + value.length,
        });
      }
    }
    // "Income from operations in the quarter was $14.6 million, or 4.7 percent of revenues": the operating margin,
    // and a gross profit amount "at a 67 percent margin" the gross margin, unless the amount is qualified
    // (excluding items) or the prior period's.
    for (const [pattern, measure] of [
      [OPERATING_SHARE, 'operating_margin'],
      [GROSS_SHARE, 'gross_margin'],
      [GROSS_OF_SALES, 'gross_margin'],
      [GROSS_AS_PERCENT, 'gross_margin'],
    ] as const) {
      const margin = pattern.exec(s.text);
      if (
        !margin ||
        /\b(?:excluding|adjusted|non-gaap|prior|previous|year[- ]ago|compared)\b/i.test(margin[0])
      )
        continue;
      const start = s.start + margin.index + margin[0].lastIndexOf(margin[1]!);
      add({
        name:
          margin[2] ??
          /^gross profit as a percent(?:age)? of [a-z ]*?(?:revenues?|sales)/i.exec(margin[0])![0],
        measure,
        unit: 'percent',
        period:
          periodNamed(s.text.slice(0, margin.index + margin[0].length)) ??
          periodNamed(s.heading) ??
          'quarter',
        printed: margin[1]!,
        value: Number(margin[1]),
        scale: 'units',
        sentence: s,
        start,
        end: start + margin[1]!.length,
      });
    }
    // "21,295 barrels of oil equivalent per day ("Boe/d")": oil and gas production, a daily rate.
    for (const p of s.text.matchAll(PRODUCTION)) {
      const n = parseAmount(p[1]!);
      if (n === null) continue;
      const scale = wordScale(p[2]);
      const start = s.start + p.index! + p[0].indexOf(p[1]!);
      add({
        name: p[3]!,
        measure: 'production',
        unit: 'count',
        period: periodNamed(s.text) ?? periodNamed(s.heading) ?? 'quarter',
        printed: `${p[1]}${p[2] ? ` ${p[2]}` : ''}`,
        value: toFullUnits(n, scale),
        scale,
        sentence: s,
        start,
        end: start + p[1]!.length,
      });
    }
    // An airline's unit revenue: a currency amount per available seat mile, kept in hundredths as printed in cents.
    for (const u of s.text.matchAll(UNIT_REVENUE)) {
      const printed = u[3] !== undefined ? `${u[3]} ${u[4]}` : `$${u[5]}`;
      const value = u[3] !== undefined ? Number(u[3]) : Math.round(Number(u[5]) * 1e6) / 1e4;
      const at = u.index! + u[0].lastIndexOf(u[3] ?? `$${u[5]}`);
      add({
        name: (u[1] ?? u[2])!,
        measure: u[1] !== undefined ? 'passenger_revenue_per_asm' : 'revenue_per_asm',
        unit: 'currency_hundredths_per_unit',
        period: periodNamed(s.text) ?? periodNamed(s.heading) ?? 'quarter',
        printed,
        value,
        scale: 'units',
        sentence: s,
        start: s.start + at,
        end: s.start + at + (u[3] ?? `$${u[5]}`).length,
      });
    }
    // The ADS ratio: how many shares one American depositary share stands for (per-ADS figures are not per share).
    const ads = ADS_RATIO.exec(s.text);
    if (ads) {
      const word = ads[1]!.toLowerCase();
      const n = NUMBER_WORDS[word] ?? Number(word);
      const start = s.start + ads.index + ads[0].indexOf(ads[1]!);
      if (Number.isFinite(n) && n > 0)
        add({
          name: ads[0],
          measure: 'shares_per_ads',
          unit: 'count',
          period: 'point_in_time',
          printed: ads[1]!,
          value: n,
          scale: 'units',
          sentence: s,
          start,
          end: start + ads[1]!.length,
        });
    }
    for (const m of s.text.matchAll(UNITS_SOLD)) {
      const n = parseAmount(m[1]!);
      if (n === null) continue;
      const noun = m[3]!.replace(/[®™]/g, '');
      if (/^(?:of|the|to|for|in|at|its|our|shares?|percent)$/i.test(noun)) continue;
      const scale = wordScale(m[2]);
      const start = s.start + m.index! + m[0].indexOf(m[1]!);
      add({
        name: `${noun} ${/shipped/i.test(m[0]) ? 'shipped' : /delivered/i.test(m[0]) ? 'delivered' : 'sold'}`,
        measure: /delivered/i.test(m[0]) ? 'deliveries' : 'units_sold',
        unit: 'count',
        period: periodOf(s.text),
        printed: `${m[1]}${m[2] ? ` ${m[2]}` : ''}`,
        value: toFullUnits(n, scale),
        scale,
        sentence: s,
        start,
        end: start + m[1]!.length,
      });
    }
  }
  return out;
}
