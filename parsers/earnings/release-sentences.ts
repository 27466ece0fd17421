import type { Block } from './release-document.ts';

/** Sentences of the release's prose with their offsets into the exhibit text. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
  /** The nearest heading above (an "Outlook" section marks its sentences as forward-looking). */
  heading: string;
  /** Index of the paragraph (block) the sentence belongs to: sentences of one paragraph share it. */
  block: number;
}

const ABBREV =
  /\b(?:Inc|Corp|Co|Ltd|No|Mr|Mrs|Ms|Dr|St|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|U\.S|vs|approx|e\.g|i\.e|N\.A|L\.P|Ps|Rs)\.$/;

/**
 * A dateline: a city in capitals, then the release date ("NEW YORK, February 2, 2000-", "ALBANY, Ohio; April 4, 2006 —",
 * "WARREN, New Jersey, October 22, 2009 —": a state of one or two words).
 */
const DATELINE =
  /(?<=\S\s+)(?=[A-Z][A-Z.' ]{2,40},\s+(?:[A-Z][A-Za-z.]+(?:\s+[A-Z][A-Za-z.]+)?[,;]?\s+)?(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+\d{1,2},\s+\d{4}\s*[-–—])/;

/**
 * Analysts' or the Street's expectations set against a result ("a penny better than Wall Street expected", "also
 * exceeding Street forecasts", "Seven analysts surveyed by Zacks expected $223.8 million"): not the company's, so
 * they make no sentence forward-looking.
 */
const STREET_EXPECTATION =
  /\b(?:(?:better|worse|higher|lower|more|less) than (?:(?:Wall )?Street|analysts?|(?:the )?consensus) (?:had )?(?:expected|forecast|estimated)|(?:exceed(?:ing|ed|s)?|beat(?:ing|s)?|topp?(?:ing|ed|s)?|miss(?:ing|ed|es)?) (?:(?:Wall )?Street|analysts['’]?|(?:the )?consensus) (?:forecasts?|estimates?|expectations?)|analysts (?:surveyed|polled) by [A-Z][\w&. ]{0,40}? (?:had )?(?:expected|forecast))\b/gi;

/** The text with analysts' expectations taken out (see STREET_EXPECTATION). */
export function withoutStreetExpectations(text: string): string {
  return text.replace(STREET_EXPECTATION, ' ');
}

/** A result compared with the guidance: "exceeding the mid point of guidance", "9% below the low end of guidance". */
// (h-guid18: also the company's own outlook with its value, "exceeding the Company's adjusted outlook of $0.80".)
export const AGAINST_GUIDANCE =
  /\b(?:exceed(?:ing|ed|s)?|near|within|above|below|beat(?:ing)?|in line with|at|top(?:ping)?)\s+(?:the\s+)?(?:(?:mid ?point|low end|high end|top end|upper end|range)\s+of\s+)?(?:its\s+|our\s+|the\s+)?(?:previous(?:ly issued)?\s+)?guidance\b|\bexceed(?:ing|ed|s)?\s+(?:the\s+company['’]s|its|our)\s+(?:adjusted\s+|previous\s+)?outlook\s+of\s+\$\s?\d[\d,]*(?:\.\d+)?/gi;

/** A paragraph that opens with a bullet mark. */
export const BULLET = /^\s*(?:[•·▪§]|[-*] |\|\s*·)/;

/**
 * A line wrapped in the middle of a sentence is one paragraph with the line that continues it: a paragraph that ends
 * without end punctuation, followed by one that opens in lower case ("Columbia expects 2007 net sales growth of
 * approximately 5 percent and estimates 2007" / "diluted earnings per share of approximately $3.70."). The joined text
 * keeps the exhibit text between them (`text`, which the offsets point into), so evidence is the exhibit's own slice.
 */
function joinWrappedLines(blocks: Block[], text: string): (Block & { index: number })[] {
  const out: (Block & { index: number })[] = [];
  for (const [index, b] of blocks.entries()) {
    const last = out.at(-1);
    if (
      last !== undefined &&
      !last.row &&
      !b.row &&
      last.index === index - 1 &&
      /[A-Za-z0-9,]$/.test(last.text) &&
      !/[.!?:;]["”’)]?$/.test(last.text) &&
      // (An "o" bullet, "o Fiscal 2005 net income ...", opens an item of its own.)
      /^[a-z]/.test(b.text) &&
      !/^o\s+[A-Z0-9$]/.test(b.text) &&
      b.start >= last.end
    ) {
      out[out.length - 1] = {
        ...last,
        text: `${last.text}${text.slice(last.end, b.start)}${b.text}`,
        end: b.end,
        index,
      };
      continue;
    }
    out.push({ ...b, index });
  }
  return out;
}

/** `text` is the exhibit text the blocks' offsets point into. */
export function sentencesOf(blocks: Block[], text: string): Sentence[] {
  const out: Sentence[] = [];
  let heading = '';
  let fresh = false;
  for (const b of joinWrappedLines(blocks, text)) {
    const index = b.index;
    if (b.row) continue;
    const t = b.text;
    // A short line without end punctuation is a heading, unless it opens with a bullet mark and states an
    // amount ("•Net income ... was $249.8 million, or $0.28 per share") or states a dollar amount after "of"
    // ("2019 adjusted EPS guidance of $11.10 to $11.40, up 1% to 3% over 2018", a bullet whose mark was lost) or
    // after a dash ("2012 Operating Income Guidance – $1.30 to $1.55 per share", "GAAP Combined Ratio – 100.8 percent").
    if (
      t.length < 90 &&
      // (A line in lower case that ends with a semicolon is a list item: "Continued cost discipline resulted in an
      // efficiency ratio of 46.48%;"; a headline in capitals split over lines is not.)
      !/[.!?]["”]?$/.test(t) &&
      !(/;$/.test(t) && /[a-z]/.test(t)) &&
      !(BULLET.test(t) && /\d/.test(t)) &&
      // ... or after a linking verb ("GAAP net income for the quarter was $13.6 million, or $0.08 per diluted share").
      // (A dash between two dates, "Period 1 January – 30 September 2006 compared with previous year", "Period
      // 2024-01-01 – 2024-09-30", is no value.)
      // ... or after "at" ("Basic and diluted earnings per share at HK$1.51"), the amount led by any dollar mark.
      // ... or after "was" a percent that ends the line ("Net interest margin (“NIM”) was 2.58%") or an amount in a
      // currency code ("The total income of the Group was TEUR 520,999 (TEUR: 565,862), a decrease of 7.9%").
      // (h-earn26: also "$.50" without a leading zero, and a percent followed by its prior year in parentheses, "The
      // combined ratio for the first quarter was 79.7% (77.2% in 2008)".)
      // (h-earn30: ... or after a verb of recording and an article, "Recorded a $55.4 million provision for credit losses".)
      // (h-earn37: ... also an amount in pounds or euros or pence a change leads to, "OPERATING PROFIT up 27% to £988M
      // (H1 2016: £777m)", "Earnings per share up 41% to 15.94P".)
      !/\b(?:of|to|was|were|totaled|at|(?:recorded|booked|reported|posted|took) an?) (?:[A-Z]{0,2}\$)\.?\d|\d\s?(?:%|per cent) to (?:[£€]\s?\d|\d+(?:\.\d+)?\s?(?:p|pence)\b)|\b(?:was|were) [MTK]?(?:EUR|SEK|NOK|DKK|CHF|GBP) ?\d|\b(?:was|were) \d+(?:\.\d+)?\s?%(?:\s\([^()]*\))?$|\s[\u2013\u2014]\s+(?!\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|(?:19|20)\d{2}-\d{2}-\d{2}\b)\$?\s?\d/i.test(
        t,
      ) &&
      // ("Revenue: $96 - $99 million", "Adjusted EBITDA: ($3) million - ($1) million": a name and its value.)
      !/^[A-Z][\w &'-]{1,40}:\s+\(?[$€£]\s?\(?\d/.test(t) &&
      // (h-earn37: "Total revenue £188.6m; +9% on H1 2017 (R*)", "## Adjusted earnings per share 2.5p; +6% ...": a name
      // followed by its amount in pounds, euros or pence and a semicolon is a name and its value, its change after it.)
      !/^[#\s]*[A-Za-z][A-Za-z &'-]{2,60}\s(?:[£€]\s?\d[\d,]*(?:\.\d+)?\s?(?:m|bn|million|billion)?|\d+(?:\.\d+)?p);/.test(
        t,
      ) &&
      // (h-guid15: nor is a line that opens with a forecast verb and states a number, a wire's "Sees full-year net
      // interest margin at 3.20%-3.22%; had seen 3.22%-3.24%".)
      !/^(?:now\s+)?(?:sees|expects|forecasts|projects)\b.*\d/i.test(t)
    ) {
      // A line with no Latin letter right after an English heading is its translation ("This guidance is based upon
      // ... the following major assumptions:" then "该指引基于但不限于以下主要假设:"), not a heading of its own.
      if (!/[A-Za-z]/.test(t) && /[A-Za-z]/.test(heading) && /[^\x00-\x7F]/.test(t)) continue;
      // (h-guid28: ... nor is one mostly in Chinese characters with a name in Latin letters, "对于全年,At&t预计:".)
      if (
        /[A-Za-z]/.test(heading) &&
        (t.match(/[\u3400-\u9fff]/g)?.length ?? 0) > (t.match(/[A-Za-z]/g)?.length ?? 0)
      )
        continue;
      // (h-guid28) A lead ending in a colon right under a heading with no sentence between ("2024 Outlook" then "For the
      // full-year, AT&T expects:") continues that heading, as when the two are printed on one line.
      heading = fresh && heading !== '' && /:$/.test(t) ? `${heading} ${t}` : t;
      fresh = true;
      continue;
    }
    fresh = false;
    let from = 0;
    // A headline run together with the lead ("... FOURTH-QUARTER RESULTS -1999 Normalized EPS Improves to $.39 Income vs.
    // $.06 Loss- ... NEW YORK, February 2, 2000-Time Warner Inc. ... reported") ends where the dateline begins.
    // Its headline's clauses set apart by ";" ("Net Income per Share of $1.69; Operating Income per Share Is Up 68% to
    // $1.56; ...") are sentences of their own.
    const dateline = DATELINE.exec(t);
    if (dateline && dateline.index > 0) {
      let at = 0;
      for (const m of t.slice(0, dateline.index).matchAll(/;\s+/g)) {
        push(out, t, at, m.index!, b, heading, index);
        at = m.index! + m[0].length;
      }
      push(out, t, at, dateline.index, b, heading, index);
      from = dateline.index;
    }
    // A sentence also ends before an inline bullet (". - Net income ...": list items run together in one line).
    // ... and after a bracketed source reference before a dash ("... at 42%[6, 27] - ARR reached ...": a summary's
    // bullets, each ending on its slide numbers, run together in one line).
    // ... and at a period run into an inline bullet's dash with no space between ("... served markets.- The Company is
    // providing second-quarter base earnings guidance ...": the bullet's mark glued to the sentence before).
    const re =
      /(?:[.!?]["”’)]?|\[\d+(?:,\s*\d+)*\])(?=\s+(?:[-•·]\s+)?["“(]?[A-Z0-9$]|[-•·]\s+["“(]?[A-Z0-9$])/g;
    const cuts: number[] = [];
    for (const m of t.matchAll(re)) {
      const endIdx = m.index! + m[0].length;
      const piece = t.slice(cuts.at(-1) ?? from, endIdx);
      if (ABBREV.test(piece.trim()) || (/\d\.$/.test(piece.trim()) && /^\s*\d/.test(t.slice(endIdx))))
        continue;
      cuts.push(endIdx);
    }
    // ... and before each item of a list run together in one line without end punctuation (" - GAAP earnings per share
    // ... 2019 - Strong performance ... - The Company reaffirms ...": three or more items opened by a spaced dash).
    for (const at of inlineListItems(t)) cuts.push(at);
    // (h-earn26) ... and before a quarter's heading run in after a year and before a capitalised word ("... June 1,
    // 2018 Fourth quarter Gross order intake amounted to ...": a text transcription that lost the heading's line).
    for (const m of t.matchAll(/(?<=\b(?:19|20)\d{2}) +(?=(?:First|Second|Third|Fourth) quarter +[A-Z])/g))
      cuts.push(m.index!);
    // (h-earn28) ... and at a full stop after a year run into a capitalised word with no space between them ("... year
    // ended December 31, 1999.Net earnings for 1999 were ...": a transcription that lost the space).
    for (const m of t.matchAll(/(?<=\b(?:19|20)\d{2}\.)(?=[A-Z][a-z]+\s)/g)) cuts.push(m.index!);
    for (const at of [...new Set(cuts)].sort((x, y) => x - y)) {
      if (at <= from) continue;
      push(out, t, from, at, b, heading, index);
      from = at;
    }
    push(out, t, from, t.length, b, heading, index);
  }
  return out;
}

/**
 * Where the items of a list run together in one line begin: the offsets of the spaced dashes that open a capitalised
 * item (" - Strong performance ..."), when the line holds three or more of them and no end punctuation closes the
 * text before them (a line of such items is a bullet list whose marks became dashes); else none.
 */
export function inlineListItems(t: string): number[] {
  const at = [...t.matchAll(/(?<=[^.!?;:\s]) +(?=- +["“(]?[A-Z])/g)].map((m) => m.index!);
  return at.length >= 3 ? at : [];
}

function push(
  out: Sentence[],
  t: string,
  from: number,
  to: number,
  b: Block,
  heading: string,
  block: number,
) {
  const raw = t.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (text === '') return;
  // A sentence that reports results and turns to guidance at "as / while / and <the company>" is two sentences.
  const turn = turnToGuidance(text);
  if (turn !== null) {
    push(out, t, from + lead, from + lead + turn, b, heading, block);
    push(out, t, from + lead + turn, to, b, heading, block);
    return;
  }
  out.push({ text, start: b.start + from + lead, end: b.start + from + lead + text.length, heading, block });
}

const GUIDANCE_WORD =
  /\b(?:guidance|outlook|expects?|anticipates?|forecasts?|reaffirm(?:s|ed|ing)?|reiterat(?:es|ed|ing)|targets?)\b/i;
// (... or at "but" before a verb that changes or keeps guidance: "reported net profit of Rs 3,802 crore in April-June
// period, down 6.76 per cent from the previous quarter but raised its revenue growth guidance".)
const TURN =
  /,?\s+(?:as|while|and)\s+(?:the\s+[Cc]ompany|management|it|we)\b|,?\s+but\s+(?=(?:also\s+)?(?:raised|lowered|cut|reaffirmed|reiterated|maintained|narrowed|withdrew)\b)/g;

/**
 * Where a sentence that reports results ("reported Q3 2025 revenue of $2.58 million, ... and cash totaling $2.55 million")
 * turns to guidance ("as the Company reaffirmed full-year guidance of $7 million to $7.5 million"): the offset of the
 * "as / while / and" that opens the guidance clause, when a reporting verb and an amount come before it; else null.
 */
export function turnToGuidance(text: string): number | null {
  const forward = GUIDANCE_WORD.exec(text);
  if (forward === null) return null;
  const verb = /\b(?:reported|reports|posted|posts|announced)\b/i.exec(text);
  if (verb === null || verb.index > forward.index) return null;
  let cut: number | null = null;
  for (const m of text.slice(0, forward.index).matchAll(TURN)) {
    if (m.index! < verb.index) continue;
    // (An amount in rupees, "Rs 3,802 crore", or a change "per cent" counts as one; h-guid21: so does a quarter's
    // results named after the verb, "reported improved fiscal second-quarter results ... as the company raised its
    // guidance on full-year results".)
    if (
      !/(?:\$|\bRs\.?)\s?\d|\d\s?(?:%|percent|per cent)|\b(?:first|second|third|fourth)[- ]quarter\s+(?:results|earnings)\b/i.test(
        text.slice(verb.index, m.index!),
      )
    )
      continue;
    cut = m.index!;
  }
  return cut;
}

/** Boilerplate that repeats "expects" and figures without being results or guidance. */
/** (h-guid29) A heading of the company's expectations for a year ("Expectations for 2025"), an outlook heading. */
export const EXPECTATIONS_HEADING =
  /^\s*(?:(?:our|the company's)\s+)?expectations\s+for\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})\s*:?\s*$/i;

export const BOILERPLATE =
  /forward[- ]looking statements?|safe harbor|risks? and uncertainties|actual results (?:may|could) differ|private securities litigation|undue reliance|conference call|webcast|dial[- ]in|replay|press release contains|this release contains|www\.|https?:/i;
