/**
 * Row labels and prose phrases -> the figures an analyst reads first. A label names a GAAP line item, or a
 * non-GAAP measure when it carries the company's own qualifier (non-GAAP, adjusted, pro forma, excluding,
 * core, operating earnings); the qualifier is kept in the label as printed.
 */

export type Concept =
  | 'revenue'
  | 'gross_profit'
  | 'operating_income'
  | 'net_income'
  | 'eps_basic'
  | 'eps_diluted'
  | 'eps'
  | 'ebitda'
  | 'free_cash_flow'
  | 'net_interest_income'
  | 'ffo_per_share'
  | 'affo_per_share'
  | 'eps_per_ads'
  | 'provision_for_credit_losses';

/** Figures per share or per ADS: never scaled. */
export const PER_SHARE_CONCEPTS = new Set<Concept>([
  'eps_basic',
  'eps_diluted',
  'eps',
  'ffo_per_share',
  'affo_per_share',
  'eps_per_ads',
]);

/** The unit of a concept's value: per-ADS income is never per-share (one ADS may stand for several shares). */
export function unitOfConcept(c: Concept): 'currency' | 'currency_per_share' | 'currency_per_ads' {
  return c === 'eps_per_ads'
    ? 'currency_per_ads'
    : PER_SHARE_CONCEPTS.has(c)
      ? 'currency_per_share'
      : 'currency';
}

/**
 * A REIT's funds from operations per share: AFFO ("AFFO", "Adjusted FFO", "adjusted funds from operations") or
 * FFO as defined by Nareit ("FFO", "NAREIT FFO", "funds from operations"); an FFO the company qualified further
 * ("Core FFO", "Normalized FFO", "FFO as Adjusted", "FFO ... excluding ...") is neither.
 */
export function ffoConcept(label: string): 'ffo_per_share' | 'affo_per_share' | null {
  const l = label.toLowerCase();
  if (/\baffo\b|\badjusted (?:ffo|funds from operations?)\b/.test(l)) return 'affo_per_share';
  // (h-earn27: "The REIT reported funds from operation of $4.5 million or 34 cents per diluted share": a wire's singular
  // "funds from operation" is the same FFO.)
  if (!/\bffo\b|\bfunds from operations?\b/.test(l)) return null;
  if (/\b(?:core|normalized|modified|recurring|operating|as adjusted|excluding|before|comparable)\b/.test(l))
    return null;
  return 'ffo_per_share';
}

/** Tax-equivalent net interest income ("(FTE)", "tax equivalent basis") is a non-GAAP presentation. */
export const TAX_EQUIVALENT = /\bfte\b|\b(?:fully[- ])?tax(?:able)?[- ]equivalent\b/i;

// (h-guid17: "Base net income attributable to Sonoco (base earnings) ... was $0.94 per diluted share": base earnings,
// earnings with items excluded that the release reconciles to GAAP earnings, are a non-GAAP name as core earnings are.)
/** A per-share row stating both kinds at once: "basic and diluted", the Nordic "before and after dilution". */
export const BOTH_EPS_KINDS = /basic and diluted|diluted and basic|before and after dilution/i;

// (h-earn27: "a record normal net profit after tax of $137.1 million", "normal operating revenue of $305.6 million, which
// excludes interest and dividend revenue" (ASX Limited FY 2006): "normal" right before a profit, earnings, income or
// revenue name is the Australian word for the company's own underlying measure, so it is non-GAAP as "underlying" is;
// "normal" before anything else ("a normal profit margin", "the normal course") names no measure.)
export const NON_GAAP_WORDS =
  /\b(?:non[- ]?gaap|adjusted|adj\.|excl(?=\.\s)|pro[- ]?forma|excluding|excludes|exclusive of|before (?:special|one[- ]time|certain|unusual)|before (?:[a-z-]+ ){0,3}(?:costs?|expenses?|charges?|compensation)\b|core(?!['’])|underlying|normal(?= (?:net |operating )?(?:profit|revenues?|earnings|income)\b(?! margin))|comparable|normalized|(?<=\b(?:earnings|income) from )(?:normal|ongoing) operations|cash earnings|ex[- ]items|base (?:net )?(?:earnings|income)(?= per| attributable| \(| for| was| of))\b/i;

/** Normalises a row label: footnote markers, trailing colons and doubled spaces go; case is lowered. */
export function cleanLabel(label: string): string {
  return (
    label
      .replace(/\s*\(\s*\d\s*\)\s*|\s*\*+\s*$/g, ' ')
      // A note letter in parentheses ("Underlying operating profit(a)", "Interim dividend(d,e)") is a footnote mark.
      .replace(/\s*\([a-h](?:,[a-h])*\)(?=\s|$)/g, ' ')
      .replace(/(?<=[a-z)])\s+\d{1,2}(?=\s|$)/gi, '')
      // A footnote mark glued to the label's last word ("shareholders2", "realizations2,3") is no part of it.
      .replace(/(?<=[a-z]{3})\d(?:,\d)*$/i, '')
      .replace(/[:\u2014\u2013]+\s*$/, '')
      .replace(/^\s*[-\u2013\u2014]\s*/, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
      // (h-earn32) "Cont. Ops." is the short form of "from continuing operations" ("MS Income Cont. Ops.").
      .replace(/\b(?:from )?cont\. ?ops\.?(?=\s|$)/g, 'from continuing operations')
  );
}

const EXCLUDE =
  /\b(?:cost|costs|expenses?|marketing|deferred|unearned|tax|taxes|growth|margin %|percent|%|noncontrolling|non-controlling|minority|preferred dividends?|dividends? (?:declared|paid|per)|book value|weighted|shares? (?:used|outstanding)|average shares|discontinued|per employee|comprehensive)\b/;

/** The concept a statement row's label names, given the section heading it sits under; null for any other row. */
export function conceptOfLabel(
  rawLabel: string,
  section: string,
  previousConcept: Concept | null,
): Concept | null {
  // "Net Income - As Reported", "NET INCOME AS REPORTED (See Notes)" name the line itself; "Net Income-Excluding
  // Synthetic Fuels" names the same line on a non-GAAP basis (the qualifier is kept in the printed label).
  // (h-earn32: "MS Income Cont. Ops.", Morgan Stanley 3Q 2013.) Two or three capitals opening the label before "Income"
  // or "Earnings" are the company's initials, so the line is the company's own income, as "Income attributable to MS"
  // is; a country's code ("US Income", "UK Earnings") names a segment's and stays, and "NET" / "TAX" / "PRE" are words.
  // (h-earn35: voestalpine, "EPS – earnings per share (euros)") An acronym, a dash, then the words it abbreviates name
  // the line those words name.
  const acronymFirst = /^\s*([A-Z]{2,6})\s+[-\u2013\u2014]\s+(.+)$/.exec(rawLabel);
  const spelled =
    acronymFirst !== null &&
    acronymFirst[2]!
      .split(/\s+/)
      .slice(0, acronymFirst[1]!.length)
      .map((w) => w[0]!.toUpperCase())
      .join('') === acronymFirst[1]
      ? acronymFirst[2]!
      : rawLabel;
  const label = cleanLabel(
    spelled.replace(/^\s*(?!(?:US|UK|EU|NET|TAX|PRE)\b)[A-Z]{2,3}\s+(?=(?:Income|Earnings)\b)/, ''),
  )
    // (h-earn37: "Adjusted Net Income (Note)": a bare "(Note)" mark too.)
    .replace(/\(see notes?\)|\(notes? \w+\)|\(notes?\)/g, ' ')
    // "(Loss)/" before the line's word ("Operating (loss)/profit", "(Loss)/earnings per share") names the same line.
    .replace(/\(loss\)\s*\/\s*(?=profit|earnings|income)/g, '')
    .replace(/\s*[-\u2013\u2014]?\s*\bas reported\b/, ' ')
    // (h-earn37: Keller's "Statutory operating profit" under "Underlying operating profit1") "Statutory" before a line
    // names the line as reported, as "as reported" does.
    .replace(/^statutory\s+/, '')
    .replace(/\s*[-\u2013\u2014]\s*excluding\b.*$/, ' ')
    // "Net Profit (after non-controlling interests)" is the profit left to the shareholders: net income.
    .replace(/\s*\(after (?:non-?controlling|minority) interests?\)/, ' ')
    // "Operating profit/loss", "Net profit/loss for the financial year": the line with either sign, of the year; a
    // currency after a comma ("Earnings per share, EUR") is the row's unit.
    // (h-earn39: ... and "Operating profit/(loss)", the loss in parentheses.)
    .replace(/\b(profit|income|earnings|result)\s*\/\s*\(?loss\)?(?!\w)/g, '$1')
    .replace(/\bfor the financial year\b/g, 'for the year')
    // (h-earn39: "Profit for the period attributable to: Shareholders of the Company", a heading's colon kept on one line.)
    .replace(/\b(attributable|applicable|available) to:\s*/g, '$1 to ')
    .replace(/,\s*(?:eur|usd|sek|nok|dkk|chf|gbp)$/, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s\-\u2013\u2014]+$/, '')
    .trim();
  // A basis in parentheses after the label ("Net Income (Loss) (GAAP)", "Adjusted Net Income (Non-GAAP)") is no
  // part of the line item's name.
  const core = label
    .replace(/\s*\((?:non[- ]?)?gaap\)/g, ' ')
    // ("Net income before the LPT": the item left out, an abbreviation, qualifies the line; labelIsNonGaap.)
    .replace(/\s+before the [a-z]{2,6}$/, /\bbefore the [A-Z]{2,6}$/.test(rawLabel.trim()) ? '' : '$&')
    .replace(NON_GAAP_WORDS, '')
    .replace(/\bgaap\b/, '')
    .replace(/\s+/g, ' ')
    .trim()
    // (h-earn39: Morgan Advanced Materials, "Group adjusted operating profit(1)") "Group" before a line item names the
    // whole group's line, as "Total" does.
    .replace(/^group (?=\S+ \S)/, '');
  const sec = section.toLowerCase();
  // A bank's net interest income (before the provision), also on a tax-equivalent basis.
  if (
    /^(?:total )?net interest income(?: \((?:fte|tax[- ]equivalent)\)|,? (?:fte|tax[- ]equivalent)(?: basis)?)?$/.test(
      core.replace(/\s*\(\d\)$/, ''),
    )
  )
    return 'net_interest_income';
  // A lender's provision for credit (loan, loan and lease) losses: the expense line, never the allowance.
  if (
    /^(?:total )?provisions? for (?:credit|loan(?: and lease)?) losses$/.test(core.replace(/\s*\(\d\)$/, ''))
  )
    return 'provision_for_credit_losses';
  // FFO / AFFO per share or unit (a REIT's headline figures); an FFO total is not read.
  if (/\b(?:a?ffo|funds from operations)\b/.test(label))
    return /\bper (?:diluted |basic )?(?:common )?(?:share|unit)\b/.test(label) ? ffoConcept(label) : null;
  // Income per ADS / ADR is never per-share EPS: one ADS may stand for several shares.
  if (/\bper (?:ads|adr|american depositary (?:share|receipt))\b/.test(core)) {
    if (/\b(?:dividends?|distributions?|discontinued)\b/.test(core)) return null;
    return /^(?:basic and diluted |diluted |basic )?(?:net )?(?:income|earnings|profit|loss)/.test(core) ||
      /^(?:basic|diluted)\b/.test(core)
      ? 'eps_per_ads'
      : null;
  }
  if (
    /\b(?:per (?:common |ordinary |diluted |basic )?share|eps)\b/.test(core) ||
    (/per (?:common )?share|\beps\b/.test(sec) &&
      /^(?:basic|diluted|basic and diluted|diluted and basic)\b/.test(core))
  ) {
    if (
      /\b(?:dividends?|book value|cash flow|distributions?|discontinued|fad|cad|funds available)\b/.test(core)
    )
      return null;
    // ("Earnings per share before and after dilution": the Nordic "basic and diluted".)
    if (BOTH_EPS_KINDS.test(core)) return 'eps_diluted';
    if (/\bdiluted\b/.test(core)) return 'eps_diluted';
    if (/\bbasic\b/.test(core)) return 'eps_basic';
    // Rows set under a "Basic" / "Diluted" heading take that word ("Diluted" above "Earnings/ (loss) per share").
    if (/^(?:basic and diluted|diluted and basic|diluted)\b/.test(sec)) return 'eps_diluted';
    if (/^basic\b/.test(sec)) return 'eps_basic';
    // GAAP has no operating income per share: "Operating income (loss) per share" is an insurer's or a utility's
    // net income excluding items per share, a non-GAAP EPS (labelIsNonGaap).
    // (h-earn39: "Continuing EPS", the EPS of the continuing operations, as "Earnings per share from continuing
    // operations" is.)
    return /^(?:net )?(?:income|earnings|profit|loss)|^(?:earnings|income|loss|profit)|^(?:continuing )?eps$|^operating (?:income|earnings|loss)\b/.test(
      core,
    )
      ? 'eps'
      : null;
  }
  // Under a per-share section ("earnings per diluted share"), an earnings row ("Operating earnings", "Net
  // earnings") states that earnings per share, of the section's kind.
  // (h-earn40: Cincinnati Financial, "Per Share Data (diluted)" over "Net income | $0.55" and "Operating income* |
  // $0.46") so does a section headed "Per share data", its kind in parentheses.
  if (
    /^(?:(?:basic|diluted) )?(?:earnings|income) per (?:diluted |basic )?(?:common )?share\b|^per share data\b/.test(
      sec,
    ) &&
    /^(?:net |operating )?(?:income|earnings|loss)(?: \(loss\))?$/.test(core)
  )
    return /\bdiluted\b/.test(sec) ? 'eps_diluted' : /\bbasic\b/.test(sec) ? 'eps_basic' : 'eps';
  if (
    (previousConcept === 'eps_basic' || previousConcept === 'eps') &&
    /^(?:diluted|assuming dilution)$/.test(core)
  )
    return 'eps_diluted';
  // A bank's "Total revenues, net of interest expense" is its revenue line: the interest expense is netted in it.
  if (/^(?:total )?(?:net )?revenues?,? net of interest expense$/.test(core)) return 'revenue';
  // A profit "from operations before other income" (the operating line of an Indian statement, "Profit / (Loss) from
  // operations before other income, finance costs and exceptional items", its label perhaps wrapped after "other") is
  // the operating income: the costs it names are left out of it.
  if (/^(?:profit|income|earnings)(?: ?\/ ?\(loss\)| \(loss\))? from operations before other\b/.test(core))
    return 'operating_income';
  // (h-earn38: Bodycote, "Operating profit prior to exceptional items | 52.4" above "Operating profit | 50.3") An
  // operating line "before" or "prior to" exceptional items is the operating income without them: a non-GAAP figure.
  if (
    /^(?:operating (?:profit|income)|(?:profit|income) from operations) (?:before|prior to) exceptional items$/.test(
      core,
    )
  )
    return 'operating_income';
  // ("Profit after tax" is the net income: the exclusion of tax lines is of the tax and of profit before it.)
  // ("Earnings after taxes", "Result after tax": the same line, the German and Nordic wording.)
  if (EXCLUDE.test(core.replace(/^(?:profit|earnings|income|result) after tax(?:es|ation)?\b/, 'profit')))
    return null;
  // (h-earn40: Star Bulk Q4 2021, "Voyage Revenues $ 499,857" its only revenue row) a shipowner's "Voyage revenues" is
  // its revenue line; a total revenue row of the same table still beats it (rankOf).
  // (h-earn42: Assembly Biosciences Q2 2026, "Collaboration revenue from a related party | 13,374") a biotech's
  // collaboration revenue line, its only revenue row, is its revenue line the same way.
  if (
    /^(?:consolidated )?(?:total )?(?:net )?(?:operating )?(?:revenues?|sales)(?:,? net)?(?:\b|$)(?! of)|^(?:total )?(?:net )?revenues? and other income$|^total net (?:revenues?|sales)$|^voyage revenues?$|^collaboration revenues?(?: from (?:a )?related part(?:y|ies))?$/.test(
      core,
    )
  )
    return 'revenue';
  if (/^gross (?:profit|margin)(?: \(loss\))?$/.test(core)) return 'gross_profit';
  // (h-earn35: voestalpine's key figures) a row labelled "EBIT" alone is the operating result, as "EBIT" in prose is.
  if (
    /^(?:total )?operating (?:income|profit|earnings|loss|result)(?: \(loss\))?$|^(?:income|profit|earnings|loss)(?: \(loss\))? from (?:operations|operating activities)$|^(?:income|earnings) \(loss\) from operations$|^ebit$/.test(
      core,
    )
  )
    return 'operating_income';
  // ("Net (loss) earnings", "Net (loss) income": the loss word before the earnings word is the same net line.)
  // (h-earn42: Shell Q1 2025, "Adjusted Earnings | 5,577") a row of the company's adjusted earnings alone is its
  // non-GAAP net income (the qualifier makes it non-GAAP).
  if (core === 'earnings' && /^(?:adjusted|underlying|core) earnings$/.test(label)) return 'net_income';
  // (h-earn42: Shell Q1 2025, "Income/(loss) attributable to Shell plc shareholders") income attributable to the
  // company's shareholders is the net income left to them, as "profit attributable to owners" is.
  if (
    /^(?:(?:consolidated )?net (?:income|earnings|profit|loss|\(loss\) (?:income|earnings))(?: for the (?:period|year))?|income(?= (?:attributable|applicable) to (?!non))|(?:earnings|income|result) after tax(?:es|ation)?|profit(?: after tax(?:es|ation)?)?(?: for the (?:reporting )?(?:period|year))?|profit \(loss\))(?: ?[(/]\s?\(?loss\)?\)?)?(?: (?:attributable|applicable|available) to (?:common|ordinary|[a-z.,&' ]+(?:inc|corp|corporation|plc|company|n\.v|ltd)|(?:[a-z.&']+ ){0,3}(?:shareholders|stockholders|owners|equity holders))[a-z. ]*)?$/.test(
      core,
    )
  )
    return 'net_income';
  // A net line of the continuing operations ("Net loss on continuing operations", "Income from continuing operations")
  // is the net income when no net income line is printed (rankOf puts it below one).
  if (/^(?:net )?(?:income|earnings|profit|loss)(?: \(loss\))? (?:from|on) continuing operations$/.test(core))
    return 'net_income';
  // Under an "Attributable to:" heading, the parent's owners' line is the net income ("Equity holders of the parent
  // company | 75"); the non-controlling line is not.
  // ("Net profit for the year", "... for the year attributable to equity holders of the parent": the span may follow it.)
  if (
    /^attributable to:?$/.test(sec.trim()) &&
    // (h-earn27: and "Controlling interest | 1,597 | 20,707 | 15,332", FEMSA 2012.)
    /^(?:equity holders|owners|shareholders) of the parent(?: company)?$|^controlling interests?$/.test(core)
  )
    return 'net_income';
  if (/^ebitda$/.test(core)) return 'ebitda';
  if (/^free cash flows?$/.test(core)) return 'free_cash_flow';
  return null;
}

/** A label naming a non-GAAP measure: the company's qualifier, or a measure that is non-GAAP by definition. */
export function labelIsNonGaap(rawLabel: string, concept: Concept): boolean {
  const label = cleanLabel(rawLabel);
  if (/\bnon[- ]?gaap\b/.test(label)) return true;
  // A line stated "before the" item an abbreviation names ("Net income before the LPT", "Earnings per share before
  // the LPT") leaves that item out: non-GAAP.
  if (/\bbefore the [A-Z]{2,6}\b/.test(rawLabel)) return true;
  if (/\b(?:before|prior to) exceptional items$/.test(label)) return true;
  if (/^gaap\b|\bgaap basis\b|\(gaap\)|as reported\b|\breported\b/.test(label)) return false;
  if (concept === 'ffo_per_share' || concept === 'affo_per_share') return true;
  if (concept === 'net_interest_income') return TAX_EQUIVALENT.test(label);
  // (h-earn26: "Basic operating earnings per share (1)": the kind before "operating".)
  if (
    PER_SHARE_CONCEPTS.has(concept) &&
    /^(?:(?:basic|diluted) )?operating (?:income|earnings|loss)\b/.test(label)
  )
    return true;
  return NON_GAAP_WORDS.test(label) || concept === 'ebitda' || concept === 'free_cash_flow';
}
