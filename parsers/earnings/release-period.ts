import type { Block } from './release-document.ts';
import {
  AGAINST_GUIDANCE,
  inlineListItems,
  turnToGuidance,
  withoutStreetExpectations,
} from './release-sentences.ts';

/**
 * The period a release reports, from its own words ("fiscal 2011 first quarter ended December 25, 2010",
 * "third quarter of fiscal 2024", "13-week fiscal quarter ended November 2, 2024"), never from the filing date.
 * Fiscal years end in any month: the fiscal year is the one the release names; only when it names none is it
 * inferred (the year in which the fiscal year containing the period ends) and marked so.
 */

/** (h-earn33) H1 and H2 are the two six-month halves of a fiscal year (H2 ends with it), reported by non-US filers. */
export type FiscalPeriod = 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'H2' | 'FY';

export interface ReportedPeriod {
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod | null;
  periodEnd: string | null;
  /** `stated` when the release names the fiscal year, `inferred` when it was computed from the end date. */
  fiscalYearSource: 'stated' | 'inferred' | null;
  /** The release also reports the fiscal year ending on the same date (a fourth-quarter release). */
  alsoFiscalYear: boolean;
  evidence: { text: string; start: number; end: number } | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
export const DATE_SOURCE = String.raw`(?:${MONTH}\s+\d{1,2}(?:,\s*|\s+)\d{4}|\d{1,2}\s+${MONTH}\s+\d{4})`;
const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};
const ORDINAL = '(?:first|second|third|fourth|1st|2nd|3rd|4th)';

/** `December 25, 2010` / `25 December 2010` -> `2010-12-25`. */
export function parseDate(s: string): string | null {
  const m = new RegExp(
    String.raw`^(?:(${MONTH})\s+(\d{1,2})(?:,\s*|\s+)(\d{4})|(\d{1,2})\s+(${MONTH})\s+(\d{4}))$`,
    'i',
  ).exec(s.trim());
  if (!m) return null;
  const monthWord = (m[1] ?? m[5] ?? '').toLowerCase().slice(0, 3);
  const month = MONTHS.indexOf(monthWord) + 1;
  const day = Number(m[2] ?? m[4]);
  const year = Number(m[3] ?? m[6]);
  if (month < 1 || day < 1 || day > 31) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const QUARTER_SPAN =
  /quarter|three[- ]months?|\b3[- ]months?|thirteen[- ]weeks?|twelve[- ]weeks?|fourteen[- ]weeks?|sixteen[- ]weeks?|1[2346][- ]weeks?|Q[1-4]\b/i;
const YEAR_SPAN =
  /(?:fiscal )?year|twelve[- ]months|\b12[- ]months|5[23][- ]weeks?|fifty-(?:two|three)[- ]weeks?/i;
// ("its third quarter and year-to-date ended September 30, 2018" ends the quarter on that date too.)
// (h-earn41: Sharps Compliance, "the third quarter and first nine months of fiscal year 2018, which ended March 31,
// 2018") ... and so do "the quarter and first nine months of fiscal year N, which ended".
const QUARTER_AND_YTD =
  /\b(?:three|3|quarter)\s+and\s+(?:first\s+)?(?:(?:six|nine|6|9)[- ]months?|year[- ]to[- ]date)(?:\s+of\s+(?:fiscal\s+)?(?:year\s+)?(?:19|20)\d{2},?\s+which)?\s*$/i;
// (h-earn33) A half year's own words ("half year", "half-year", "first half", "H1", "interim period").
// (h-earn37) "Interim results (report) for six months ended 30 June 2018": interim results of six months are a half's.
const HALF_SPAN =
  /\bhalf[- ]year\b|\b(?:first|second) half\b|\bH[12]\b|\binterim period\b|\binterim (?:results|report)\s+(?:for\s+)?(?:the\s+)?(?:six|6)[- ]months\b/i;
const YTD_SPAN =
  /six[- ]months|nine[- ]months|\b[69][- ]months|2[4-7][- ]weeks?|3[89][- ]weeks?|year[- ]to[- ]date|first half|first (?:six|nine) months/i;

interface EndedPhrase {
  date: string;
  /** The period of a report filed earlier ("Annual Report on Form 10-K for the year ended ..."): it names the
   * fiscal year end, never the period the release reports. */
  filed: boolean;
  /** Named as what the results are compared with ("compared to the quarter ended December 31, 2004"). */
  compared: boolean;
  span: 'quarter' | 'year' | 'ytd' | 'half' | 'other';
  /** Named with a half year's words (HALF_SPAN); "first half" keeps its year-to-date span. */
  half: boolean;
  ordinal: number | null;
  year: number | null;
  start: number;
  end: number;
  block: Block;
}

/** Reads the reported period from the release's prose (tables are skipped: their columns name prior periods too). */
export function reportedPeriod(blocks: Block[]): ReportedPeriod {
  const prose = blocks.filter((b) => !b.row);
  const ended: EndedPhrase[] = [];
  // "results for the third quarter and nine months to 31 December 2010", "NINE MONTHS RESULTS TO DECEMBER 31, 2002":
  // "to" after a span word (and "results") says when the period ended, as "ended" does.
  const endedRe = new RegExp(
    String.raw`\b(?:ended|ending|(?<=\b(?:quarter|months?|year|weeks?)(?:\s+results)?\s+)to)\s+(?:on\s+)?(${DATE_SOURCE})`,
    'gi',
  );
  let chars = 0;
  for (const b of stackedSpanHeadings(prose)) {
    if (chars > 12_000) break;
    chars += b.text.length;
    if (
      !b.text.includes('nded') &&
      !b.text.includes('nding') &&
      !b.text.includes('NDED') &&
      !b.text.includes('NDING') &&
      !/ to /i.test(b.text)
    )
      continue;
    if (/forward-looking/i.test(b.text) && !/\breport(?:s|ed)?\b/i.test(b.text)) continue;
    for (const m of b.text.matchAll(endedRe)) {
      // The words before "ended" name the span: up to 90 characters back, not across a sentence or cell.
      const back = b.text.slice(Math.max(0, m.index! - 90), m.index!);
      const cut = Math.max(back.lastIndexOf('.'), back.lastIndexOf(';'), back.lastIndexOf('|'));
      const before = cut >= 0 ? back.slice(cut + 1) : back;
      const date = parseDate(m[1]!);
      if (date === null) continue;
      // "provided an outlook for the first quarter ending March 31, 2023": a period "ending" after a forecast word is
      // the forecast's, not the one reported (h-guid21: anywhere before it in its sentence, "maintained its guidance for
      // comparable-store sales for its fiscal fourth quarter ending March 3, 2018").
      if (
        /^ending/i.test(m[0]) &&
        /\b(?:outlook|guidance|forecasts?|expects?|expected)\b[^.;|]*$/i.test(before)
      )
        continue;
      // "NINE MONTHS RESULTS TO ...": the word "results" names no span.
      const tail = before.slice(-70).replace(/\bresults\s*$/i, '');
      // "the three and nine months ended": the quarter and the year-to-date end on the same date.
      // (A half named with a quarter, "second quarter and first half ended", reports that quarter.)
      const half = HALF_SPAN.test(tail) && !QUARTER_SPAN.test(tail);
      const span = QUARTER_AND_YTD.test(tail)
        ? 'quarter'
        : YTD_SPAN.test(tail)
          ? 'ytd'
          : QUARTER_SPAN.test(tail)
            ? 'quarter'
            : half
              ? 'half'
              : YEAR_SPAN.test(tail)
                ? 'year'
                : 'other';
      const ord = new RegExp(String.raw`\b(${ORDINAL})\b`, 'i').exec(tail);
      const yr = /\b(?:fiscal(?: year)?|FY)\s?'?(\d{4}|\d{2})\b/i.exec(tail);
      const start = b.start + m.index! - before.length;
      // The sentence around the date: a filed report named after it ("... ended March 29, 2008 concurrently
      // with its Form 10-K") is still that report's period.
      const after = b.text.slice(m.index! + m[0].length);
      const stop = after.search(/\.(?:\s|$)|;|\|/);
      const sentenceRest = stop < 0 ? after : after.slice(0, stop);
      ended.push({
        date,
        filed:
          /\bForm 10-[KQ]\b|\b(?:annual|quarterly|transition) report\b/i.test(before) ||
          /\bForm 10-[KQ]\b/i.test(sentenceRest),
        compared: COMPARED_WITH.test(before) || forecastBase(b.text.slice(0, m.index!), m[0]),
        span,
        half,
        ordinal: ord ? (ORDINALS[ord[1]!.toLowerCase()] ?? null) : null,
        year: yr ? fullYear(yr[1]!) : null,
        start,
        end: b.start + m.index! + m[0].length,
        block: b,
      });
    }
  }
  const relevant = ended.filter(
    (e) => !e.filed && !e.compared && (e.span === 'quarter' || e.span === 'year'),
  );
  // (h-earn26) A year to date the release says ended after every quarter and year it says ended ("For the nine months
  // ended September 30, 2008, FPIC reported:" beside "Net income for the three and nine months ended September 30, 2007
  // includes ...") ends the reported quarter too: the quarter that closes it, the older dates are prior periods.
  const lastYtd = ended
    .filter((e) => !e.filed && !e.compared && e.span === 'ytd')
    .reduce<EndedPhrase | null>((a, b) => (a === null || b.date > a.date ? b : a), null);
  if (lastYtd !== null && relevant.length > 0 && relevant.every((e) => e.date < lastYtd.date))
    relevant.splice(0, relevant.length, { ...lastYtd, span: 'quarter' });
  const halfYear = halfYearPeriod(ended, relevant, prose);
  if (halfYear !== null) return halfYear;
  if (relevant.length === 0) {
    const ranged = periodFromMonthRanges(prose, blocks);
    if (ranged !== null) return ranged;
    const undated = quarterWithoutDate(prose, fiscalYearEnds(ended, prose), blocks);
    const header = periodFromTableHeader(blocks);
    // (h-earn28) A quarter the prose names without its year takes the year and end of a header whose three-month
    // column is dated off the calendar quarters ("Three Months Ended | Nine Months Ended | February 28, 2007 | ..." under
    // "THIRD QUARTER REPORT"): the date ends that quarter. (h-earn29: tried first when the header gives no year.)
    const offCalendar =
      undated.fiscalPeriod !== null &&
      undated.fiscalYear === null &&
      (header === null || header.fiscalYear === null)
        ? offCalendarQuarterHeader(blocks, undated.fiscalPeriod)
        : null;
    if (offCalendar !== null) return { ...offCalendar, alsoFiscalYear: undated.alsoFiscalYear };
    // A quarter the prose names without its year ("Net loss of 56 cents per share in fourth quarter") takes the
    // year and end of the table header over a year row ("Three Months Ended December 31," above "2008 | 2007").
    if (
      undated.fiscalPeriod !== null &&
      undated.fiscalYear === null &&
      header?.fiscalPeriod === undated.fiscalPeriod
    )
      return { ...header, alsoFiscalYear: undated.alsoFiscalYear || header.alsoFiscalYear };
    // ... and so does a header of column codes naming that quarter under its year ("2009 | 2008 | YTD | Q2 | ...").
    const coded =
      undated.fiscalPeriod !== null && undated.fiscalYear === null ? quarterCodeColumns(blocks) : null;
    if (coded !== null && coded.fiscalPeriod === undated.fiscalPeriod)
      return withThreeMonthRangeEnd(
        { ...coded, alsoFiscalYear: undated.alsoFiscalYear || coded.alsoFiscalYear },
        prose,
      );
    if (undated.fiscalPeriod !== null)
      return withDecemberYearEnd(
        withDocumentYear(withYearToDateRange(withYearToDateEnded(undated, ended), prose), prose),
        prose,
      );
    return withThreeMonthRangeEnd(
      header ??
        spanRowOverDayFirstDates(blocks) ??
        monthsHeadingsOverYears(blocks) ??
        yearEndedUnderColumnYear(blocks) ??
        annualReportYear(prose) ??
        bareYearColumns(blocks) ??
        quarterCodeColumns(blocks) ??
        halfCodeHeadings(blocks) ??
        unnumberedFiscalYear(prose) ??
        reportedFiscalYear(prose) ??
        monthNamedQuarter(prose) ??
        quarterEndedWithoutYear(prose) ??
        halfYearlyReport(prose) ??
        halfComparedInParentheses(prose) ??
        undated,
      prose,
    );
  }
  // The period reported is the latest one the release says ended (prior periods are compared against it).
  const latest = relevant.reduce((a, b) => (b.date > a.date ? b : a));
  const sameEnd = relevant.filter((e) => e.date === latest.date);
  const quarter = sameEnd.find((e) => e.span === 'quarter');
  const year = sameEnd.find((e) => e.span === 'year');
  const chosen = quarter ?? year ?? latest;
  const fyEnd = fiscalYearEnds(ended, prose);
  let fiscalPeriod: FiscalPeriod | null;
  let ordinal = sameEnd.map((e) => e.ordinal).find((o) => o !== null) ?? null;
  // A release whose prose reports a year and whose table sets a three-month column group beside a year group
  // ("Three Months Ended | Years Ended") also reports that year's fourth quarter.
  // ... and so does one whose results prose names a fourth quarter first among quarters ("Net income for the fourth
  // quarter was $2,654,000" after "net income for the year ended December 31, 2024 was ...").
  const fourthInTable =
    quarter === undefined &&
    year !== undefined &&
    (quarterBesideYearInTable(blocks) || dominantOrdinal(prose, latest.date) === 4);
  if (quarter === undefined && !fourthInTable) fiscalPeriod = 'FY';
  else if (fourthInTable) {
    fiscalPeriod = 'Q4';
    ordinal = 4;
  } else {
    ordinal ??= dominantOrdinal(prose, latest.date);
    if (ordinal === null && fyEnd !== null) ordinal = quarterFromYearEnd(latest.date, fyEnd);
    // A release that never says "fiscal" reports on the calendar: three months ending March 31, June 30,
    // September 30 or December 31 are that year's first to fourth quarter.
    if (ordinal === null && fyEnd === null && !prose.some((b) => /\bfiscal\b/i.test(b.text)))
      ordinal = calendarQuarter(latest.date);
    fiscalPeriod = ordinal === null ? null : (`Q${ordinal}` as FiscalPeriod);
  }
  let fiscalYear = sameEnd.map((e) => e.year).find((y) => y !== null) ?? null;
  if (fiscalYear === null && ordinal !== null) fiscalYear = statedYearForOrdinal(prose, ordinal, latest.date);
  // A year named with the ordinal only in a comparison ("fourth quarter of fiscal 2003") loses to a later
  // fiscal year the release names for results ("Fiscal 2004 net income").
  const named = namedFiscalYear(prose, latest.date, fiscalPeriod === 'Q4' || fiscalPeriod === 'FY');
  if (fiscalYear !== null && named !== null && named > fiscalYear) fiscalYear = named;
  // (A year named with the ordinal that was set aside as too early still says the release names its years: the
  // later fiscal year its results prose names is the one.)
  if (
    fiscalYear === null &&
    named !== null &&
    ordinal !== null &&
    statedYearForOrdinal(prose, ordinal) !== null
  )
    fiscalYear = named;
  if (fiscalYear === null && fiscalPeriod === 'FY') fiscalYear = statedYearForFiscalYear(prose, latest.date);
  if (fiscalYear === null && ordinal !== null) fiscalYear = quarterAndYearHeadingYear(blocks, ordinal);
  let source: ReportedPeriod['fiscalYearSource'] = fiscalYear !== null ? 'stated' : null;
  if (fiscalYear === null && fiscalPeriod !== null) {
    fiscalYear =
      inferFiscalYear(latest.date, fiscalPeriod, fyEnd) ??
      (fyEnd === null && calendarQuarter(latest.date) !== null ? Number(latest.date.slice(0, 4)) : null);
    source = fiscalYear !== null ? 'inferred' : null;
  }
  return {
    fiscalYear,
    fiscalPeriod,
    periodEnd: latest.date,
    fiscalYearSource: source,
    alsoFiscalYear:
      fourthInTable ||
      (quarter !== undefined && (year !== undefined || (fiscalPeriod === 'Q4' && mentionsFullYear(prose)))),
    evidence: {
      text: chosen.block.text
        .slice(chosen.start - chosen.block.start, chosen.end - chosen.block.start)
        .trim(),
      start: chosen.start,
      end: chosen.end,
    },
  };
}

/**
 * (h-earn40: Star Bulk Q4 2021, "Twelve months ended" over "December 31, 2021"; a utility's statements, "Three Months
 * Ended" over "September 30," over "2017") A span heading ending in "ended" alone on its line, with the date on the line
 * under it (or its month and day on one line and its year on the next), is one phrase: the heading's line is read with
 * that date written after it.
 */
function stackedSpanHeadings(prose: Block[]): Block[] {
  const heading =
    /^(?:(?:three|six|nine|twelve|3|6|9|12)\s+months|(?:thirteen|fourteen|twelve|sixteen|fifty-two|fifty-three|1[2346]|5[23])[- ]weeks|(?:fiscal\s+)?years?|quarters?)\s+ended$/i;
  return prose.map((b, i) => {
    if (!heading.test(b.text.trim())) return b;
    const next = prose[i + 1];
    if (next === undefined || next.start - b.end > 4) return b;
    const t = next.text.trim();
    if (new RegExp(String.raw`^${DATE_SOURCE}$`, 'i').test(t) && parseDate(t) !== null)
      return { ...b, text: `${b.text.trim()} ${t}` };
    const third = prose[i + 2];
    const year = third?.text.trim() ?? '';
    if (
      third !== undefined &&
      third.start - next.end <= 4 &&
      new RegExp(String.raw`^${MONTH}\s+\d{1,2},?$`, 'i').test(t) &&
      /^(?:19|20)\d{2}$/.test(year) &&
      parseDate(`${t.replace(/,$/, '')}, ${year}`) !== null
    )
      return { ...b, text: `${b.text.trim()} ${t.replace(/,$/, '')}, ${year}` };
    return b;
  });
}

/**
 * (h-earn33) A release whose latest reported period is named with a half year's words ("Report for the half year ended 31
 * December 2018", "first half ended", "interim period ended") and that says no quarter or year of its own ended on or
 * after it reports that half: H2 when it ends the fiscal year ("second half", "H2", or the fiscal year end the release
 * states), else H1; the fiscal year is the one named beside it, else the one ending six months after an H1 (with an H2).
 * (A US 10-Q's "three and six months ended" names its quarter, so its six-month column stays Q2.)
 */
function halfYearPeriod(
  ended: EndedPhrase[],
  relevant: EndedPhrase[],
  prose: Block[],
): ReportedPeriod | null {
  const halves = ended.filter(
    (e) => e.half && !e.filed && !e.compared && (e.span === 'half' || e.span === 'ytd'),
  );
  if (halves.length === 0) return null;
  const latest = halves.reduce((a, b) => (b.date > a.date ? b : a));
  if (relevant.some((e) => e.date >= latest.date)) return null;
  const tail = latest.block.text.slice(latest.start - latest.block.start, latest.end - latest.block.start);
  const fyEnd = fiscalYearEnds(ended, prose);
  const second =
    /\bsecond half\b|\bH2\b/i.test(tail) || (fyEnd !== null && fyEnd.slice(5, 7) === latest.date.slice(5, 7));
  const fiscalPeriod: FiscalPeriod = second ? 'H2' : 'H1';
  const fiscalYear = latest.year ?? inferFiscalYear(latest.date, fiscalPeriod, fyEnd);
  return {
    fiscalYear,
    fiscalPeriod,
    periodEnd: latest.date,
    fiscalYearSource: latest.year !== null ? 'stated' : 'inferred',
    alsoFiscalYear: false,
    evidence: { text: tail.trim(), start: latest.start, end: latest.end },
  };
}

const MONTH_FULL =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december)';

/**
 * Periods named as month ranges with their year ("OCTOBER–DECEMBER 2024 IN BRIEF", "JANUARY–DECEMBER 2024", "Financial
 * Statement Bulletin January 1 - December 31, 2024"): three months are a quarter, twelve a year, ending that month; a
 * quarter ending with a twelve-month range is the fourth (and the year is reported too), else a release that never
 * says "fiscal" counts quarters on the calendar; the end date is stated only when a range gives its day.
 */
function periodFromMonthRanges(prose: Block[], blocks: Block[] = []): ReportedPeriod | null {
  const re = new RegExp(
    String.raw`\b(${MONTH_FULL})(?:\s+\d{1,2})?\s*[-–—]\s*(${MONTH_FULL})(?:\s+(\d{1,2}))?,?\s+((?:19|20)\d{2})(?:\/(\d{2}))?\b`,
    'gi',
  );
  const found: {
    months: number;
    end: number;
    day: number | null;
    year: number;
    block: Block;
    start: number;
    text: string;
  }[] = [];
  for (const b of prose.slice(0, 40)) {
    if (/forward-looking|outlook|expects?|guidance/i.test(b.text) && b.text.length > 120) continue;
    for (const m of b.text.matchAll(re)) {
      const from = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
      const to = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
      found.push({
        months: ((to - from + 12) % 12) + 1,
        end: to + 1,
        day: m[3] !== undefined ? Number(m[3]) : null,
        // (h-earn26) A split fiscal year ("May-April 2017/18") is the one that ends in its second year.
        year: m[5] === undefined ? Number(m[4]) : splitYearEnd(Number(m[4]), m[5]),
        block: b,
        start: b.start + m.index!,
        text: m[0],
      });
    }
  }
  // A table column headed by months and year in figures ("4–6/2018", "1–6/2018") names that range as words do.
  for (const b of blocks.slice(0, 80)) {
    if (!b.row) continue;
    let at = 0;
    for (const cell of b.text.split(' | ')) {
      const m = /^\s*(\d{1,2})\s?[-\u2013\u2014]\s?(\d{1,2})\/((?:19|20)\d{2})\s*$/.exec(cell);
      const from = m ? Number(m[1]) : 0;
      const to = m ? Number(m[2]) : 0;
      if (m && from >= 1 && from <= 12 && to >= 1 && to <= 12)
        found.push({
          months: ((to - from + 12) % 12) + 1,
          end: to,
          day: null,
          year: Number(m[3]),
          block: b,
          start: b.start + at + cell.indexOf(m[1]!),
          text: cell.trim(),
        });
      // ... and so does one headed by its year and a range of days ("2011 01 July – 30 Sep.": the quarter to 30
      // September 2011), the end's day stated, or of month names alone ("2019 Jul-Sep", "2019 Jan-Sep"): both ends
      // carry a day or neither does.
      const r =
        /^\|?\s*((?:19|20)\d{2})\s+(?:(\d{1,2})\.?\s+)?([A-Za-z]{3,9})\.?\s*[-\u2013\u2014]\s*(?:(\d{1,2})\.?\s+)?([A-Za-z]{3,9})\.?\s*$/.exec(
          cell,
        );
      const rFrom = r ? MONTHS.indexOf(r[3]!.slice(0, 3).toLowerCase()) : -1;
      const rTo = r ? MONTHS.indexOf(r[5]!.slice(0, 3).toLowerCase()) : -1;
      if (r && rFrom >= 0 && rTo >= 0 && (r[2] === undefined) === (r[4] === undefined))
        found.push({
          months: ((rTo - rFrom + 12) % 12) + 1,
          end: rTo + 1,
          day: r[4] === undefined ? null : Number(r[4]),
          year: Number(r[1]),
          block: b,
          start: b.start + at + cell.indexOf(r[1]!),
          text: cell.replace(/^\|\s*/, '').trim(),
        });
      at += cell.length + 3;
    }
  }
  const periods = found.filter((f) => f.months === 3 || f.months === 12);
  if (periods.length === 0) return null;
  const key = (f: (typeof found)[number]) => f.year * 100 + f.end;
  const latest = Math.max(...periods.map(key));
  const atEnd = periods.filter((f) => key(f) === latest);
  const quarter = atEnd.find((f) => f.months === 3);
  const year = atEnd.find((f) => f.months === 12);
  const chosen = quarter ?? year!;
  const endMonth = chosen.end;
  const endYear = chosen.year;
  const day = atEnd.find((f) => f.day !== null)?.day ?? null;
  const periodEnd =
    day === null ? null : `${endYear}-${String(endMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  let fiscalPeriod: FiscalPeriod | null;
  // (h-earn26) A year whose fourth quarter the release names by its code and that year ("Year-end report May-April
  // 2017/18" and "Q4 2017/18") reports that quarter and the year, as a three-month range beside it does.
  const fourth =
    quarter === undefined &&
    prose
      .slice(0, 40)
      .some((b) =>
        [...b.text.matchAll(/\bQ4\s+((?:19|20)\d{2})(?:\/(\d{2}))?\b/g)].some(
          (q) => (q[2] === undefined ? Number(q[1]) : splitYearEnd(Number(q[1]), q[2])) === endYear,
        ),
      );
  if (fourth) fiscalPeriod = 'Q4';
  else if (quarter === undefined) fiscalPeriod = 'FY';
  else if (year !== undefined) fiscalPeriod = 'Q4';
  else if (!prose.some((b) => /\bfiscal\b/i.test(b.text)) && endMonth % 3 === 0)
    fiscalPeriod = `Q${endMonth / 3}` as FiscalPeriod;
  else return null;
  return {
    fiscalYear: endYear,
    fiscalPeriod,
    periodEnd,
    fiscalYearSource: 'stated',
    alsoFiscalYear: fiscalPeriod === 'Q4' && year !== undefined,
    evidence: { text: chosen.text, start: chosen.start, end: chosen.start + chosen.text.length },
  };
}

/** The year a split fiscal year "2017/18" ("1999/00") ends in. */
function splitYearEnd(first: number, second: string): number {
  const end = first - (first % 100) + Number(second);
  return end < first ? end + 100 : end;
}

/** A table row naming a three-month column group and a year (twelve-month) group. */
function quarterBesideYearInTable(blocks: Block[]): boolean {
  return blocks
    .filter((b) => b.row)
    .slice(0, 80)
    .some(
      (b) =>
        /\b(?:three|3)[- ]months?\s+ended\b/i.test(b.text) &&
        /\b(?:(?:fiscal\s+)?years?|twelve[- ]months?|12[- ]months?)\s+ended\b/i.test(b.text),
    );
}

/**
 * A block's text less its forward-looking sentences: a safe-harbor paragraph gives nothing, and a sentence with a
 * forward word ("outlook", "expects", "guidance") is dropped, not the whole paragraph ("Jabil Posts Third Quarter Results
 * Momentum Leads to Solid Results and Strong Outlook ... results for its third quarter of fiscal year 2021" in one block).
 */
function resultsText(raw: string, forward: RegExp): string {
  if (/forward-looking|safe harbor/i.test(raw)) return '';
  // Analysts' expectations set against a result ("a penny better than Wall Street expected") are no forecast.
  const text = withoutStreetExpectations(raw);
  // A result set against the guidance ("exceeding the high end of guidance") is no forecast either.
  const isForward = (s: string) => forward.test(s.replace(AGAINST_GUIDANCE, ' '));
  if (!isForward(text)) return text;
  // (The items of a list run together in one line are sentences of their own: see inlineListItems.)
  const items = inlineListItems(text);
  const listed =
    items.length === 0
      ? text
      : [0, ...items].map((at, i) => text.slice(at, items[i] ?? text.length)).join('. ');
  // (h-earn43: Verallia, "2025 First Quarter Results: Volume Recovery Confirmed ... ; Update of 2025 Outlook") a
  // semicolon closed by a space ends a clause: a forward word after it drops that clause, not the results before it.
  const sentences = listed.split(
    /(?<=[.!?][”"’]?)\s+(?=[A-Z“"])|(?<=\[\d+(?:,\s*\d+)*\])\s+(?=-\s+[A-Z])|(?<=\.)\s+(?=-\s+[A-Z])|\s*;\s+/,
  );
  const years = (t: string) => [...t.matchAll(/\b(?:19|20)\d{2}\b/g)].map((m) => Number(m[0]));
  return (
    sentences
      .map((sentence) => {
        // (A sentence that reports results and then turns to guidance keeps its results part.)
        const turn = turnToGuidance(sentence);
        return turn === null ? sentence : sentence.slice(0, turn);
      })
      // (h-guid30) A sentence right after a forward one that names only years before the forward one's ("... to a range
      // of €10.40 to €11.00 in fiscal 2024 ... . EPS pre PPA ... in fiscal 2023 was €9.93.") states the target's base.
      .filter((sentence, i) => {
        if (isForward(sentence)) return false;
        const before = i > 0 ? sentences[i - 1]! : '';
        const own = years(sentence);
        const ahead = isForward(before) ? years(before) : [];
        return !(own.length > 0 && ahead.length > 0 && Math.max(...own) < Math.max(...ahead));
      })
      .join(' ')
  );
}

/** 2025-03-31 -> 1, 2025-06-30 -> 2, 2025-09-30 -> 3, 2025-12-31 -> 4; other dates -> null. */
function calendarQuarter(date: string): number | null {
  return (
    ({ '03-31': 1, '06-30': 2, '09-30': 3, '12-31': 4 } as Record<string, number>)[date.slice(5)] ?? null
  );
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/** The ordinal the prose uses most with "quarter" (the headline and lead name the current one first). */
function dominantOrdinal(prose: Block[], periodEnd: string): number | null {
  const counts = new Map<number, number>();
  let first: number | null = null;
  // "4Q24" (the ordinal before the Q, the year's last two digits after it) names a quarter as "Q4 2024" does;
  // "fourth-quarter" as "fourth quarter" does.
  const re = new RegExp(
    String.raw`\b(${ORDINAL})(?:\s+|-)(?:fiscal\s+)?quarter\b|\bQ ?([1-4])\b|\b([1-4])Q(?:\d{2}|\d{4})\b`,
    'gi',
  );
  for (const b of prose.slice(0, 30)) {
    // (A sentence on when results will be released, "plans to release second-quarter earnings on July 19", names a
    // future report, not the one at hand; nor does a wire's "Sees Q3 net interest income about $1.04B", h-guid15.)
    const text = resultsText(
      b.text,
      /forward-looking|looking ahead|outlook|expects?|guidance|\b(?:plans|intends|is scheduled|will)\s+(?:to\s+)?(?:release|report|announce)\b|\bsees\b/i,
    );
    if (text === '') continue;
    for (const m of text.matchAll(re)) {
      const o = m[1] ? ORDINALS[m[1].toLowerCase()]! : Number(m[2] ?? m[3]);
      first ??= o;
      counts.set(o, (counts.get(o) ?? 0) + 1);
    }
  }
  void periodEnd;
  return first;
}

/**
 * "third quarter of fiscal 2024", "fiscal 2011 first quarter", "Q3 FY25", "Q2 2025", "4Q24", "third fiscal quarter of
 * 2006": the largest year named with this ordinal. (h-guid29: "the first quarter of the financial year ending March
 * 2026", the year named by the month it ends in, as a fiscal year is named by the calendar year in which it ends.)
 */
function statedYearForOrdinal(
  prose: Block[],
  ordinal: number,
  periodEnd: string | null = null,
): number | null {
  // A quarter that ended on a stated date is of that date's year or the next; the year before only when the date falls
  // in January or February (a retail year named for the year it mostly covers): an earlier year named with the
  // ordinal is the comparison's ("compared to $1,415,230 ... for the fourth quarter of 2023").
  const floor =
    periodEnd === null ? null : Number(periodEnd.slice(0, 4)) - (Number(periodEnd.slice(5, 7)) <= 2 ? 1 : 0);
  const word = Object.entries(ORDINALS)
    .filter(([, n]) => n === ordinal)
    .map(([w]) => w)
    .join('|');
  // (A hyphenated ordinal, "First-quarter 2020 GAAP earnings per diluted share were $0.80", names its quarter and year
  // as "first quarter 2020" does.)
  const re = new RegExp(
    String.raw`\b(?:fiscal(?: year)?\s+(\d{4})\s+(?:${word})\s+(?:fiscal\s+)?quarter|(?:${word})(?:\s+|-)(?:fiscal\s+)?quarter\s+(?:of\s+)?(?:fiscal\s+)?(?:year\s+)?'?(\d{4})|Q ?${ordinal}\s+(?:(?:FY|fiscal\s+)'?(\d{4}|\d{2})|((?:19|20)\d{2})(?:\/(\d{2})\b)?)|${ordinal}Q(\d{2}|(?:19|20)\d{2})|(?:${word})(?:\s+|-)quarter\s+of\s+the\s+(?:financial|fiscal)\s+year\s+ending\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\s+\d{1,2},?)?\s+((?:19|20)\d{2}))\b`,
    'gi',
  );
  let best: number | null = null;
  for (const b of prose.slice(0, 40)) {
    const text = resultsText(b.text, /looking ahead|outlook|expects?|guidance|forward-looking/i);
    if (text === '') continue;
    for (const m of text.matchAll(re)) {
      // The same quarter named as what the results are compared with ("up 7.22% compared to the third quarter of
      // 2024", "up from 4.07% in the third quarter of 2024") is the year-ago quarter: the one reported is a year later.
      const before = text.slice(Math.max(0, m.index! - 60), m.index!);
      // ... and so is one that opens a parenthesis closed on its own figure after a colon ("EUR 207.0 million (Q3 2022:
      // EUR 198.7 million)").
      const bracketed = /\(\s*$/.test(before) && text.slice(m.index! + m[0].length).startsWith(':');
      const compared = COMPARED_WITH.test(before) || bracketed ? 1 : 0;
      // (h-earn35: voestalpine, "Q 1 2019/20 | Q 1 2020/21") a quarter code over a split fiscal year is of the year that
      // ends in its second part.
      const y =
        (m[4] !== undefined && m[5] !== undefined
          ? splitYearEnd(Number(m[4]), m[5])
          : fullYear(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[6] ?? m[7]!)) + compared;
      if (floor !== null && y < floor) continue;
      if (best === null || y > best) best = y;
    }
  }
  return best;
}

/**
 * A comparison's words right before a period: "compared to", "versus", "up from 4.07% in the", "an increase of 0.5% from
 * $2.87 billion in the", "than in the" ("income from continuing operations in the" is no comparison); an amount "reported
 * in the" period named next is the amount a prior period reported ("the net earnings of $123,000 or $0.01 per diluted
 * share, reported in the third quarter of fiscal 2009"); the amount may carry a currency code and its translation in
 * parentheses ("from NIS 123.2 million (US$ 33.3 million) in the second quarter of 2022").
 */
/**
 * (h-guid18) A year "ended" on the day and month of a forecast year "ending" named earlier in its paragraph without its
 * year ("is expected to record a net loss of about RMB 950 million to RMB 1.2 billion in the year ending December 31
 * ... The net loss for the year ended December 31, 2017 was about 197 million yuan") is the forecast's base year, not a
 * period the document reports.
 */
export function forecastBase(textBefore: string, endedPhrase: string): boolean {
  const ended = /^ended\s+(?:on\s+)?([A-Z][a-z]+)\.?\s+(\d{1,2}),?\s+(?:19|20)\d{2}\b/i.exec(endedPhrase);
  if (!ended) return false;
  const forecast = new RegExp(
    String.raw`\b(?:expect\w*|estimat\w*|forecast\w*|anticipat\w*)\b(?:[^.;|]|\.(?=\d))*\byear\s+ending\s+${ended[1]}\.?\s+${ended[2]}\b(?!,?\s*(?:19|20)\d{2})`,
    'i',
  );
  return forecast.test(textBefore);
}

const COMPARED_WITH =
  /\b(?:compared (?:to|with)|comparisons? (?:to|with)|as compared to|versus|vs\.?|(?:up|down|rose|fell|grew|declined|increased|decreased|improved) from|(?:up|down|rose|fell|grew|declined|increased|decreased|improved) (?:by )?\d[\d.]* ?%(?:(?!\.\s)[^;:|]){0,40}? from(?=\s*(?:the\s*)?$)|from(?= [$€£(]?\d[\d.,]*(?:%| ?(?:million|billion|thousand))? (?:in|for|during) the\s*$)|from [A-Z]{2,3} ?\d[\d.,]* ?(?:million|billion|thousand)(?=(?: \([^()]{1,40}\))? (?:in|for|during) the\s*$)|than|against|relative to)\b(?:(?!\.\s)[^;:|]){0,40}$|\d(?: (?:million|billion|thousand))?(?: or \$?\d[\d.]* per (?:diluted |basic )?share)?,? reported (?:in|for) the\s*$/i;

/** The latest "fiscal YYYY" the results prose names within a year of the period end (forward-looking text skipped). */
function namedFiscalYear(prose: Block[], periodEnd: string, endsYear: boolean): number | null {
  const endYear = Number(periodEnd.slice(0, 4));
  // A fourth quarter ends its fiscal year, so that year cannot be named after a later calendar year.
  const upper = endsYear ? endYear : endYear + 1;
  let best: number | null = null;
  for (const b of prose.slice(0, 30)) {
    const text = resultsText(b.text, /looking ahead|outlook|expects?|guidance|forward-looking|anticipates?/i);
    if (text === '') continue;
    // (h-guid15: "fiscal year 2023-2024", a split year, is not fiscal 2023.)
    for (const m of text.matchAll(/\bfiscal(?: year)?\s+(\d{4})\b(?![-/–]\d{2,4}\b)/gi)) {
      const y = Number(m[1]);
      if (y >= endYear - 1 && y <= upper && (best === null || y > best)) best = y;
    }
  }
  return best;
}

function statedYearForFiscalYear(prose: Block[], periodEnd: string): number | null {
  const endYear = Number(periodEnd.slice(0, 4));
  for (const b of prose.slice(0, 20)) {
    // (h-guid15: "fiscal year 2023-2024", a split year, is not fiscal 2023.)
    for (const m of b.text.matchAll(/\bfiscal(?: year)?\s+(\d{4})\b(?![-/–]\d{2,4}\b)/gi)) {
      const y = Number(m[1]);
      if (y === endYear || y === endYear + 1) return y;
    }
  }
  return null;
}

/** Month-day of the fiscal year end when the release names one ("fiscal year ended September 25, 2010"). */
function fiscalYearEnds(ended: EndedPhrase[], prose: Block[]): string | null {
  const fy = ended.find((e) => e.span === 'year' && /fiscal year|year ended/i.test(e.block.text));
  if (fy) return fy.date;
  for (const b of prose) {
    const m = new RegExp(String.raw`fiscal year ended\s+(${DATE_SOURCE})`, 'i').exec(b.text);
    if (m) return parseDate(m[1]!);
  }
  return null;
}

function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  // Quarters of 52/53-week years end up to a week off a month end: round to the nearest month.
  return Math.round((ty - fy) * 12 + (tm - fm) + (td - fd) / 30);
}

function quarterFromYearEnd(periodEnd: string, fyEnd: string): number | null {
  const months = ((monthsBetween(fyEnd, periodEnd) % 12) + 12) % 12;
  if (months % 3 !== 0) return null;
  return months === 0 ? 4 : months / 3;
}

/** The fiscal year named by the calendar year in which it ends (the SEC's DEI convention). */
export function inferFiscalYear(
  periodEnd: string,
  period: FiscalPeriod,
  fyEnd: string | null,
): number | null {
  // A 52/53-week year ending in the first days of January is named by the year it mostly covers.
  const year = Number(periodEnd.slice(0, 4)) - (periodEnd.slice(5) <= '01-07' ? 1 : 0);
  if (period === 'FY' || period === 'Q4' || period === 'H2') return year;
  // (An H1 ends six months before its fiscal year, as a Q2 does.)
  const q = period === 'H1' ? 2 : Number(period.slice(1));
  const monthsToYearEnd = 3 * (4 - q);
  const month = Number(periodEnd.slice(5, 7));
  void fyEnd;
  return month + monthsToYearEnd > 12 ? year + 1 : year;
}

function mentionsFullYear(prose: Block[]): boolean {
  return prose.slice(0, 20).some(
    (b) =>
      /\b(?:full[- ]year|fiscal year|twelve[- ]months?|for the year|year[- ]end report)\b/i.test(b.text) ||
      // ... or the quarter and its year reported together ("results for the fourth quarter and year ended December 31,
      // 1999", h-earn28).
      /\bquarter and (?:the )?year ended\b/i.test(b.text) ||
      // ... or a January-December range ("Jan- Dec 2019"), the calendar year's twelve months.
      /\bjan(?:uary)?\s*[-–—]\s*dec(?:ember)?\b/i.test(b.text),
  );
}

/**
 * (h-guid30) The year of the quarter before the one reported, named as its release ("our outlook given in the Earnings
 * Release Q2 FY 2024" in a third-quarter text that names no year of its own): the reported quarter is of that fiscal year.
 */
function previousQuarterRelease(prose: Block[], ordinal: number): number | null {
  if (ordinal < 2) return null;
  const re =
    /\b(?:earnings|results|quarterly)\s+release\s+Q([1-3])\s+(?:FY\s?)?((?:19|20)\d{2})\b|\bQ([1-3])\s+(?:FY\s?)?((?:19|20)\d{2})\s+(?:earnings|results|quarterly)\s+release\b/gi;
  for (const b of prose.slice(0, 30))
    for (const m of b.text.matchAll(re))
      if (Number(m[1] ?? m[3]) === ordinal - 1) return Number(m[2] ?? m[4]);
  return null;
}

/**
 * A release that names its quarter but no end date ("first quarter of fiscal 2025 results", "fourth quarter
 * earnings ... full-year 2006 earnings"): the year is the latest one its results prose names with a period
 * word (a comparison names an earlier one), a fourth quarter that speaks of the full year also gives the
 * year, and the period ends on the fiscal year's month end when the release names it elsewhere.
 */
function quarterWithoutDate(prose: Block[], fyEnd: string | null, blocks: Block[] = prose): ReportedPeriod {
  const ordinal = dominantOrdinal(prose, '');
  const forOrdinal = ordinal !== null ? statedYearForOrdinal(prose, ordinal) : null;
  const named = ordinal !== null ? namedResultsYear(prose) : null;
  const headed =
    ordinal !== null && forOrdinal === null && named === null ? headingOverYears(blocks, ordinal) : null;
  const year =
    headed?.year ??
    (forOrdinal === null ? named : named === null ? forOrdinal : Math.max(forOrdinal, named)) ??
    (ordinal !== null ? previousQuarterRelease(prose, ordinal) : null);
  const fiscalPeriod = ordinal !== null ? (`Q${ordinal}` as FiscalPeriod) : null;
  if (headed !== null && fiscalPeriod !== null)
    return {
      fiscalYear: headed.year,
      fiscalPeriod,
      periodEnd: headed.end,
      fiscalYearSource: 'stated',
      // (A fourth quarter headed beside "Twelve months" reports its year too.)
      alsoFiscalYear: headed.twelve,
      evidence: null,
    };
  const monthEnd = fyEnd !== null && isMonthEnd(fyEnd) ? fyEnd.slice(4) : null;
  // The statement's "Three Months Ended March 31," over "2026 | 2025 | ..." dates its first column: the quarter the
  // prose names ends there when that year is the one the release names, or, when it names none, when the date ends
  // that calendar quarter (the year is then inferred from the date).
  // (A fourth quarter's column is dated so too when its year is the one named: "Three Months Ended September 30" over
  // "2006" in a release on fiscal 2006.)
  const worded = fiscalPeriod !== null ? wordedHeaderEnd(blocks) : null;
  const headerEnd =
    fiscalPeriod !== null && year !== null
      ? ((fiscalPeriod !== 'Q4' ? numericHeaderEnd(blocks, year) : null) ??
        (worded !== null && worded.slice(0, 4) === String(year) ? worded : null) ??
        isoRangeEnd(prose, ordinal!, year) ??
        reportingDateEnd(prose, ordinal!, year))
      : null;
  const fromHeader =
    year === null &&
    worded !== null &&
    fiscalPeriod !== null &&
    fiscalPeriod !== 'Q4' &&
    calendarQuarter(worded) === ordinal
      ? worded
      : null;
  if (fromHeader !== null && fiscalPeriod !== null)
    return {
      fiscalYear: inferFiscalYear(fromHeader, fiscalPeriod, null),
      fiscalPeriod,
      periodEnd: fromHeader,
      fiscalYearSource: 'inferred',
      alsoFiscalYear: false,
      evidence: null,
    };
  return {
    fiscalYear: year,
    fiscalPeriod,
    periodEnd:
      fiscalPeriod === 'Q4' && year !== null && monthEnd !== null
        ? `${year}${monthEnd}`
        : (headerEnd ??
          (fiscalPeriod !== null && year !== null ? datedColumnsEnd(blocks, year) : null) ??
          (fiscalPeriod !== null ? stackedHeaderEnd(blocks, year) : null) ??
          (fiscalPeriod !== null && year !== null ? stackedMonthDaysOverYears(blocks, year) : null)),
    fiscalYearSource: year !== null ? 'stated' : null,
    alsoFiscalYear: fiscalPeriod === 'Q4' && mentionsFullYear(prose),
    evidence: null,
  };
}

/** "Third quarter 2024-07-01 – 2024-09-30": the quarter named with its ISO date range ends on the range's last day. */
function isoRangeEnd(prose: Block[], ordinal: number, year: number): string | null {
  const word = ['first', 'second', 'third', 'fourth'][ordinal - 1]!;
  const re = new RegExp(
    String.raw`\b${word}\s+quarter\s+(?:${year}\s+)?(?:19|20)\d{2}-\d{2}-\d{2}\s*[-–—]\s*(${year}-\d{2}-\d{2})\b`,
    'i',
  );
  for (const b of prose.slice(0, 20)) {
    const m = re.exec(b.text);
    if (m) return m[1]!;
  }
  return null;
}

/**
 * "as at the reporting date of September 30, 2023": a quarterly report's reporting date is its quarter's last day, when
 * it ends the quarter named in the year named.
 */
function reportingDateEnd(prose: Block[], ordinal: number, year: number): string | null {
  const re = new RegExp(String.raw`\breporting date of\s+(${DATE_SOURCE})`, 'i');
  for (const b of prose.slice(0, 30)) {
    const m = re.exec(b.text);
    const date = m ? parseDate(m[1]!) : null;
    if (date !== null && date.startsWith(String(year)) && calendarQuarter(date) === ordinal) return date;
  }
  return null;
}

/**
 * A column heading naming the quarter ("Fourth quarter") right above a row of years ("2007 | 2006 | 2007 | 2006"): the
 * quarter is of the row's first year; a fourth quarter whose fellow heading is "Twelve months" reports the year too, and
 * when that heading names the year's last day ("to December 31") the quarter ends on that day.
 */
function headingOverYears(
  blocks: Block[],
  ordinal: number,
): { year: number; end: string | null; twelve: boolean } | null {
  const word = ['first', 'second', 'third', 'fourth'][ordinal - 1]!;
  for (const [i, b] of blocks.slice(0, 80).entries()) {
    if (b.row || !new RegExp(`^${word} quarter$`, 'i').test(b.text.trim())) continue;
    const near = blocks.slice(i + 1, i + 5);
    const years = near.find((n) => n.row && /^(?:19|20)\d{2}(?: \| (?:19|20)\d{2})+$/.test(n.text.trim()));
    if (years === undefined) continue;
    const year = Number(years.text.trim().slice(0, 4));
    const headings = [...blocks.slice(Math.max(0, i - 2), i), ...near.slice(0, near.indexOf(years))];
    const dayOf = headings
      .map((h) =>
        new RegExp(String.raw`^(?:to|ended|ending)\s+(${MONTH})\s+(\d{1,2}),?$`, 'i').exec(h.text.trim()),
      )
      .find((m) => m !== null);
    const twelve = headings.some((h) => /^(?:twelve|12)[- ]months?$/i.test(h.text.trim()));
    const end = ordinal === 4 && twelve && dayOf ? parseDate(`${dayOf[1]} ${dayOf[2]}, ${year}`) : null;
    return { year, end, twelve: ordinal === 4 && twelve };
  }
  return null;
}

/**
 * A "Three Months Ended" heading row over a row of full dates ("Sep 30, 2024 | Jun 30, 2024 | +increase/ -decrease"),
 * or closing with them, dates the quarter of the first column, taken only when that date falls in the year the release
 * names.
 */
function datedColumnsEnd(blocks: Block[], year: number): string | null {
  for (const [i, b] of blocks.slice(0, 60).entries()) {
    // (A quarter named in the heading, "Third quarter ended | Three quarters ended", heads its column as "Three Months
    // Ended" does.)
    if (
      !b.row ||
      !/^\W*(?:(?:three|3)[- ]months?|(?:(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+)?quarter)\s+ended\W*(?:\||$)/i.test(
        b.text,
      )
    )
      continue;
    const next = blocks[i + 1];
    const full = /^[A-Za-z]{3,9}\.? \d{1,2}, (?:19|20)\d{2}$/;
    // (The dates may close the heading row itself: "Three-Months Ended | Six-Months Ended | June 30, 2023 | ...".)
    const inRow = b.text
      .split('|')
      .map((c) => c.trim())
      .find((c) => full.test(c));
    const first = inRow ?? (next?.row ? next.text.split('|')[0]!.trim() : '');
    const date = full.test(first) ? parseDate(first) : null;
    return date?.startsWith(String(year)) ? date : null;
  }
  return null;
}

/**
 * (h-earn31: Raymond James's supplement, "Three months ended" / "% change from" / caption / "December 31," / "March 31,"
 * / "June 30," / "September 30," / "December 31," / "December 31," / "September 30," over the row "2018 | 2019 | 2019 |
 * 2019 | 2019 | 2018 | 2019".) Column dates stacked one month and day a line under "Three months ended", paired in order
 * with the row of years under them, date the columns; when they open with a rising run (the oldest quarter first), the
 * quarter reported ends on that run's last date, taken only in the fiscal year named or the calendar year before it.
 */
function stackedMonthDaysOverYears(blocks: Block[], year: number): string | null {
  const monthDay = /^[A-Za-z]{3,9}\.? \d{1,2},?$/;
  for (const [i, b] of blocks.slice(0, 60).entries()) {
    if (b.row || !/^(?:three|3)[- ]months? ended$/i.test(b.text.trim())) continue;
    const days: string[] = [];
    let years: string[] | null = null;
    for (const n of blocks.slice(i + 1, i + 24)) {
      const t = n.text.trim();
      if (n.row) {
        const cells = t.split('|').map((c) => c.trim());
        if (cells.every((c) => /^(?:19|20)\d{2}$/.test(c))) years = cells;
        break;
      }
      if (monthDay.test(t)) days.push(t.replace(/,$/, ''));
      else if (days.length > 0) return null;
    }
    if (years === null || years.length !== days.length || days.length < 3) return null;
    const dates = days.map((d, k) => parseDate(`${d}, ${years![k]}`));
    let last: string | null = null;
    for (const d of dates) {
      if (d === null || (last !== null && d <= last)) break;
      last = d;
    }
    if (last === null || last === dates[0] || ![String(year - 1), String(year)].includes(last.slice(0, 4)))
      return null;
    return last;
  }
  return null;
}

/**
 * (h-earn30) A quarter's column heading stacked one line at a time across the columns ("Thirteen weeks" / "Thirteen weeks"
 * / "Forty weeks" / ... / "ended" / ... / "April 3, 2010" / "March 28, 2009"): the first full date under those heading
 * lines dates the first column, the quarter reported, taken only when it falls in the year the release names (or, when
 * it names none, when no date under the headings is later).
 */
function stackedHeaderEnd(blocks: Block[], year: number | null): string | null {
  const quarterHeading = /^(?:thirteen|twelve|fourteen|sixteen|1[2346])[- ]weeks$|^(?:three|3)[- ]months$/i;
  const headingLine =
    /^(?:(?:[a-z]+(?:-[a-z]+)?|\d{1,2})[- ]weeks|(?:three|six|nine|twelve|\d{1,2})[- ]months|ended|ending|%\s*increase|increase|decrease|\(?unaudited\)?|%)$/i;
  for (const [i, b] of blocks.slice(0, 80).entries()) {
    if (b.row || !quarterHeading.test(b.text.trim())) continue;
    const dates: string[] = [];
    for (const n of blocks.slice(i + 1, i + 24)) {
      const t = n.text.trim();
      if (n.row) break;
      const date = /^[A-Za-z]{3,9}\.? \d{1,2}, (?:19|20)\d{2}$/.test(t) ? parseDate(t) : null;
      if (date !== null) dates.push(date);
      else if (!headingLine.test(t)) break;
    }
    const first = dates[0];
    if (first === undefined) continue;
    if (year !== null) return first.startsWith(String(year)) ? first : null;
    return dates.every((d) => d <= first) ? first : null;
  }
  return null;
}

/**
 * The end date a "Three Months Ended" header gives its first column in figures ("Three Months EndedSix Months Ended"
 * over "6/30/223/31/22...", cells run together or not): the first m/d/yy (or m/d/yyyy) date on the line below,
 * taken only when it falls in the year the release names (a header that leads with another year is not this one).
 */
function numericHeaderEnd(blocks: Block[], year: number): string | null {
  for (const [i, b] of blocks.slice(0, 60).entries()) {
    if (!/^\W*(?:(?:three|3)[- ]months?|quarter)\s+ended/i.test(b.text)) continue;
    if (/\d/.test(b.text)) continue;
    const below = blocks[i + 1]?.text ?? '';
    const m = /^\W*(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})/.exec(below);
    if (!m) return null;
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (y !== year || month < 1 || month > 12 || day < 1 || day > 31) return null;
    return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return null;
}

/**
 * The end a worded "Three Months Ended March 31," header row gives its first column: the month and day it names, the
 * first year of the year row under it ("2026 | 2025 | 2026 | 2025"); null when the header names a year itself.
 */
function wordedHeaderEnd(blocks: Block[]): string | null {
  const re = new RegExp(
    String.raw`^\W*(?:three|3)[- ]months?\s+ended\s+(${MONTH})\s+(\d{1,2}),?\s*(?:\||$)`,
    'i',
  );
  for (const [i, b] of blocks.entries()) {
    if (!b.row) continue;
    const m = re.exec(b.text);
    if (m === null) continue;
    // (The years may close the heading row itself: "Three Months Ended September 30 | Fiscal Year Ended September 30 |
    // 2006 | 2005 | % Change | 2006 | 2005".)
    const inRow = b.text
      .split('|')
      .map((c) => c.trim())
      .find((c) => /^(?:19|20)\d{2}$/.test(c));
    const yearRow = blocks.slice(i + 1, i + 3).find((n) => n.row && /^(?:19|20)\d{2}\b/.test(n.text));
    const year = inRow ?? yearRow?.text.slice(0, 4);
    if (year === undefined) return null;
    const month = MONTHS.indexOf(m[1]!.toLowerCase().slice(0, 3)) + 1;
    const day = Number(m[2]);
    if (month < 1 || day < 1 || day > 31) return null;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
  return null;
}

/**
 * The latest year the results prose names with a period word: "full-year 2006", "fiscal year 2014", "fiscal 2014 Q4",
 * "First Quarter Results 2019".
 */
function namedResultsYear(prose: Block[]): number | null {
  let best: number | null = null;
  const re =
    /\b(?:full[- ]year|fiscal(?: year)?|year|quarter of(?: fiscal)?|quarter results)\s+(\d{4})\b|\b(\d{4})\s+(?:full[- ]year|fiscal year|annual|(?:financial\s+)?results)\b/gi;
  for (const b of prose.slice(0, 30)) {
    // ("heading into fiscal year 2027", "as we enter" a period: the future, not the results.)
    // (A sentence on a dividend, "the annual indicated cash dividend for fiscal 2007", names the dividend's year.)
    const text = resultsText(
      b.text,
      /looking ahead|outlook|expects?|guidance|forward-looking|anticipates?|heading into|as we enter|\bdividends?\b/i,
    );
    if (text === '') continue;
    for (const m of text.matchAll(re)) {
      const y = Number(m[1] ?? m[2]);
      if (best === null || y > best) best = y;
    }
  }
  return best;
}

/**
 * An interim report's year-to-date range from January ("Interim report 1 January–30 September 2006", "Interim report
 * January – June 2007") that ends with the quarter the prose names gives that quarter its year, and its end date when
 * the range states the day (a text that never says "fiscal").
 */
function withYearToDateRange(p: ReportedPeriod, prose: Block[]): ReportedPeriod {
  const ordinal = Number(/^Q([2-4])$/.exec(p.fiscalPeriod ?? '')?.[1] ?? 0);
  if (ordinal === 0 || p.periodEnd !== null || prose.some((b) => /\bfiscal\b/i.test(b.text))) return p;
  const re = new RegExp(
    String.raw`\b(?:\d{1,2}\s+)?january(?:\s+\d{1,2})?\s*[-–—]\s*(?:(\d{1,2})\s+)?(${MONTH_FULL})(?:\s+(\d{1,2}))?,?\s+((?:19|20)\d{2})\b`,
    'i',
  );
  for (const b of prose.slice(0, 10)) {
    const m = re.exec(b.text);
    if (!m || MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1 !== ordinal * 3) continue;
    const year = Number(m[4]);
    if (p.fiscalYear !== null && p.fiscalYear !== year) return p;
    const day = m[1] ?? m[3];
    return {
      ...p,
      fiscalYear: year,
      fiscalYearSource: 'stated',
      periodEnd:
        day === undefined ? null : `${year}-${String(ordinal * 3).padStart(2, '0')}-${day.padStart(2, '0')}`,
    };
  }
  return p;
}

/**
 * A calendar quarter named without its year ("reported first quarter net income", "the first quarter of this year") in a
 * text that opens with its date (" date 2021-04-15 (RTTNews) -", "Hsinchu, October 18, 2018 --") and never says
 * "fiscal" is the latest such quarter ended before that date (its end date stays unstated).
 */
function withDocumentYear(p: ReportedPeriod, prose: Block[]): ReportedPeriod {
  const ordinal = /^Q([1-4])$/.exec(p.fiscalPeriod ?? '')?.[1];
  if (
    p.fiscalYear !== null ||
    ordinal === undefined ||
    (prose.some((b) => /\bfiscal\b/i.test(b.text)) && !onCalendar(Number(ordinal), prose))
  )
    return p;
  const dated = documentDate(prose);
  if (dated === null) return p;
  const [y, m] = dated.split('-').map(Number) as [number, number];
  return { ...p, fiscalYear: m > Number(ordinal) * 3 ? y : y - 1, fiscalYearSource: 'inferred' };
}

/**
 * (h-guid21) A text that says its current (next) quarter ends in the last month of the calendar quarter after the
 * reported one ("For the current quarter ending in September" in a second-quarter text) keeps its quarters on the
 * calendar, though it says "fiscal" ("for the fiscal third quarter").
 */
function onCalendar(reported: number, prose: Block[]): boolean {
  const months = ['march', 'june', 'september', 'december'];
  return prose.some((b) =>
    [
      ...b.text.matchAll(/\b(?:current|next|coming) quarter ending in (March|June|September|December)\b/gi),
    ].some((m) => months.indexOf(m[1]!.toLowerCase()) + 1 === (reported % 4) + 1),
  );
}

/** The date a text opens with, within its first 300 characters: " date 2021-04-15" or "October 18, 2018". */
export function documentDate(prose: Block[]): string | null {
  const head = prose
    .map((b) => b.text)
    .join('\n')
    .slice(0, 300);
  const iso = /\bdate ((?:19|20)\d{2})-(\d{2})-(\d{2})\b/.exec(head);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const worded = new RegExp(String.raw`\b(${MONTH})\s+(\d{1,2}),?\s+((?:19|20)\d{2})\b`, 'i').exec(head);
  return worded ? parseDate(worded[0]) : null;
}

function isMonthEnd(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate() === d;
}

/**
 * A document whose prose names no period at all (a supplementary table exhibit): its header "3 Months Ended
 * December | 12 Months Ended December" over a year row gives the period ending on that month's last day of
 * the first column's year; a three-month column ending with a twelve-month one is the fourth quarter, and one ending
 * on the same day as a six- or nine-month column is the second or third quarter.
 */
function periodFromTableHeader(blocks: Block[]): ReportedPeriod | null {
  const re = new RegExp(
    String.raw`\b(3|three|6|six|9|nine|12|twelve)[- ]months?\s+ended\s+(${MONTH})(?:\s+(\d{1,2}))?(?!,?\s+\d{4})`,
    'gi',
  );
  // A statement's heading on a line of its own ("For the Three Months Ended December 31,") heads the table under it
  // like a header row does; a separate "For the Years Ended December 31," heading over the next statement makes the
  // first one's quarter the fourth (the year's statement beside it).
  const lone = (b: Block, span: string) =>
    !b.row &&
    new RegExp(String.raw`^(?:for the )?(?:${span})\s+ended\s+${MONTH}(?:\s+\d{1,2})?,?$`, 'i').test(
      b.text.trim(),
    );
  for (const [i, b] of blocks.entries()) {
    if (!b.row && !lone(b, '(?:3|three|12|twelve)[- ]months?')) continue;
    const dated = b.row ? spansOverDates(b) : null;
    if (dated !== null) return dated;
    const spans = [...b.text.matchAll(re)];
    // (The period is the first three- or twelve-month column's; a six- or nine-month one only names the quarter.)
    const first = spans.find((m) => /^(?:3|three|12|twelve)$/i.test(m[1]!));
    if (first === undefined) continue;
    // (h-earn40: a utility's statements, "Three Months Ended September 30 | 2017 | 2016") The years may close the header
    // row itself: every cell after the span is a year.
    const ownYears =
      b.row &&
      (() => {
        const cells = b.text.split(' | ').map((c) => c.trim());
        return cells.length >= 3 && cells.slice(1).every((c) => /^(?:19|20)\d{2}$/.test(c));
      })();
    const next = ownYears ? [] : blocks.slice(i + 1, i + 3);
    const at = ownYears ? -1 : next.findIndex((n) => n.row && /^(?:19|20)\d{2}\b/.test(n.text));
    if (at < 0 && !ownYears) return null;
    const yearRow = ownYears ? { ...b, text: b.text.split(' | ').slice(1).join(' | ') } : next[at]!;
    const year = Number(yearRow.text.slice(0, 4));
    const month = MONTHS.indexOf(first[2]!.toLowerCase().slice(0, 3)) + 1;
    const day = first[3] !== undefined ? Number(first[3]) : new Date(Date.UTC(year, month, 0)).getUTCDate();
    const periodEnd = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const quarter = spans.some((m) => /^(?:3|three)$/i.test(m[1]!));
    const sameEnd = (m: RegExpMatchArray) =>
      m[2]!.slice(0, 3).toLowerCase() === first[2]!.slice(0, 3).toLowerCase() && m[3] === first[3];
    const twelve =
      spans.some(
        (m) =>
          /^(?:12|twelve)$/i.test(m[1]!) &&
          m[2]!.slice(0, 3).toLowerCase() === first[2]!.slice(0, 3).toLowerCase(),
      ) ||
      (!b.row &&
        blocks.some(
          (x) =>
            lone(x, '(?:fiscal )?years?|(?:12|twelve)[- ]months?') &&
            x.text.trim().match(new RegExp(MONTH, 'i'))?.[0]?.slice(0, 3).toLowerCase() ===
              first[2]!.slice(0, 3).toLowerCase(),
        ));
    // (Three months beside six or nine months ended on the same day: the second or third quarter.)
    // ... and a header row of its own with years closing it, "Nine Months Ended September 30 | 2017 | 2016" over the
    // next statement, is such a span beside it.
    const laterHeader = (): RegExpMatchArray | undefined =>
      blocks
        .filter(
          (x) =>
            x !== b && x.row && /^[^|]*\bmonths?\s+ended\b[^|]*(?:\s\|\s(?:19|20)\d{2}){2,}$/i.test(x.text),
        )
        .flatMap((x) => [...x.text.matchAll(re)])
        .find((m) => /^(?:6|six|9|nine)$/i.test(m[1]!) && sameEnd(m));
    const toDate =
      spans.find((m) => m !== first && /^(?:6|six|9|nine)$/i.test(m[1]!) && sameEnd(m)) ??
      (ownYears ? laterHeader() : undefined);
    if (quarter && !twelve && toDate === undefined) return null;
    const fiscalPeriod: FiscalPeriod =
      quarter && !twelve && toDate !== undefined
        ? /^(?:6|six)$/i.test(toDate[1]!)
          ? 'Q2'
          : 'Q3'
        : quarter
          ? 'Q4'
          : 'FY';
    return {
      fiscalYear: inferFiscalYear(periodEnd, fiscalPeriod, null),
      fiscalPeriod,
      // A header naming the month but not the day ("3 Months Ended December") states no end date.
      periodEnd: first[3] !== undefined ? periodEnd : null,
      fiscalYearSource: 'inferred',
      alsoFiscalYear: fiscalPeriod === 'Q4',
      evidence: {
        text: ownYears ? b.text : [b, ...next.slice(0, at + 1)].map((x) => x.text).join('\n'),
        start: b.start,
        end: yearRow.end,
      },
    };
  }
  return null;
}

/**
 * A header row of period spans ("Quarter ended (Unaudited) | Year ended") over column dates written day first on lines
 * of their own ("31 December" above "2011", or "31 December 2011"): the first date ends the reported quarter, which is
 * the year's fourth when a "Year ended" span beside it ends on the same day (the year is then reported too), else the
 * calendar quarter that date ends.
 */
function spanRowOverDayFirstDates(blocks: Block[]): ReportedPeriod | null {
  const dayMonth = new RegExp(String.raw`^\d{1,2}\s+${MONTH}$`, 'i');
  for (const [i, b] of blocks.slice(0, 60).entries()) {
    if (!b.row) continue;
    const cells = b.text.split(' | ').map((c) => c.trim());
    if (!/^(?:quarter|three months|3 months)\s+ended\b/i.test(cells[0] ?? '')) continue;
    const yearSpan = cells
      .slice(1)
      .some((c) => /^(?:(?:fiscal )?year|twelve months|12 months)\s+ended\b/i.test(c));
    const dates: { date: string; block: Block }[] = [];
    // (The dates may be the row's own, a span and a date in each cell: "Quarter ended 31 December 2011 | ...".)
    const own = cells.map((c) => parseDate(c.replace(/^.*?\bended\s+/i, '')));
    if (own.every((d) => d !== null)) for (const date of own) dates.push({ date: date!, block: b });
    let pending: Block | null = null;
    for (const n of dates.length > 0 ? [] : blocks.slice(i + 1, i + 20)) {
      if (n.row) break;
      const t = n.text.trim();
      if (pending !== null && /^(?:19|20)\d{2}$/.test(t)) {
        const date = parseDate(`${pending.text.trim()} ${t}`);
        if (date !== null) dates.push({ date, block: n });
        pending = null;
        continue;
      }
      pending = dayMonth.test(t) ? n : null;
      const date = parseDate(t) ?? dottedDate(t);
      if (date !== null && /^\d/.test(t)) dates.push({ date, block: n });
    }
    if (dates.length < 2) continue;
    const end = dates[0]!.date;
    // (... or when the header's last span is the year's and its last column is dated a year before the quarter: that
    // column is the prior year's, so the year beside it ends on the quarter's day, dated or not.)
    const priorYear = `${Number(end.slice(0, 4)) - 1}${end.slice(4)}`;
    const lastSpanIsYear = /^(?:(?:fiscal )?year|twelve months|12 months)\s+ended\b/i.test(
      cells.at(-1) ?? '',
    );
    const fourth =
      yearSpan &&
      (dates.slice(1).some((d) => d.date === end) || (lastSpanIsYear && dates.at(-1)!.date === priorYear));
    const ordinal = fourth ? 4 : calendarQuarter(end);
    if (ordinal === null) continue;
    return {
      fiscalYear: Number(end.slice(0, 4)),
      fiscalPeriod: `Q${ordinal}` as FiscalPeriod,
      periodEnd: end,
      fiscalYearSource: 'stated',
      alsoFiscalYear: fourth,
      evidence: { text: b.text, start: b.start, end: b.end },
    };
  }
  return null;
}

/** A day-first date written with dots on a line of its own ("31.03.2014", an Indian statement's column date). */
export function dottedDate(t: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.((?:19|20)\d{2})$/.exec(t);
  if (m === null) return null;
  const [day, month] = [Number(m[1]), Number(m[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/**
 * Column headings "Three Months" and "Twelve Months" (nothing else on their lines, ended on no date) right above a row
 * of years ("2008 | 2007 | 2008 | 2007"): the fourth quarter of the first year, which reports that year too.
 */
function monthsHeadingsOverYears(blocks: Block[]): ReportedPeriod | null {
  for (const [i, b] of blocks.slice(0, 60).entries()) {
    if (b.row || !/^(?:three|3)[- ]months?$/i.test(b.text.trim())) continue;
    const near = blocks.slice(i + 1, i + 4);
    const twelve = near.findIndex((n) => !n.row && /^(?:twelve|12)[- ]months?$/i.test(n.text.trim()));
    if (twelve < 0) continue;
    const years = near
      .slice(twelve + 1)
      .find((n) => n.row && /^(?:19|20)\d{2}(?: \| (?:19|20)\d{2})+$/.test(n.text.trim()));
    if (years === undefined) continue;
    return {
      fiscalYear: Number(years.text.trim().slice(0, 4)),
      fiscalPeriod: 'Q4',
      periodEnd: null,
      fiscalYearSource: 'stated',
      alsoFiscalYear: true,
      evidence: {
        text: [b, ...near.slice(0, near.indexOf(years) + 1)].map((x) => x.text).join('\n'),
        start: b.start,
        end: years.end,
      },
    };
  }
  return null;
}

/**
 * "For the year ended 31 May" naming no year, over a column heading that opens with one ("2018 R’000"): the year
 * ended that day of that year (the first column's year, within the next three blocks).
 */
function yearEndedUnderColumnYear(blocks: Block[]): ReportedPeriod | null {
  const re = new RegExp(
    String.raw`\b(?:financial |fiscal )?year\s+ended\s+(?:(\d{1,2})\s+(${MONTH})|(${MONTH})\s+(\d{1,2}))(?![\d,]*\s*\d{4})\s*$`,
    'i',
  );
  for (const [i, b] of blocks.slice(0, 40).entries()) {
    if (b.row) continue;
    const m = re.exec(b.text);
    if (m === null) continue;
    const next = blocks.slice(i + 1, i + 4).find((n) => /^\|?\s*(?:19|20)\d{2}\b/.test(n.text));
    if (next === undefined) return null;
    const year = Number(/(?:19|20)\d{2}/.exec(next.text)![0]);
    const month = MONTHS.indexOf((m[2] ?? m[3])!.toLowerCase().slice(0, 3)) + 1;
    const day = Number(m[1] ?? m[4]);
    return {
      fiscalYear: year,
      fiscalPeriod: 'FY',
      periodEnd: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      fiscalYearSource: 'stated',
      alsoFiscalYear: false,
      evidence: { text: b.text, start: b.start, end: b.end },
    };
  }
  return null;
}

/** A heading "2021 Annual Report" (or "Annual Report 2021") in a text that names no other period: that year. */
function annualReportYear(prose: Block[]): ReportedPeriod | null {
  for (const b of prose.slice(0, 30)) {
    const m = /^(?:((?:19|20)\d{2}) annual report|annual report ((?:19|20)\d{2}))$/i.exec(b.text.trim());
    if (m === null) continue;
    return {
      fiscalYear: Number(m[1] ?? m[2]),
      fiscalPeriod: 'FY',
      periodEnd: null,
      fiscalYearSource: 'stated',
      alsoFiscalYear: false,
      evidence: { text: b.text, start: b.start, end: b.end },
    };
  }
  return null;
}

/**
 * A table header of bare years and nothing else but a change column ("| 2022 | 2021 | Change |") in a text that names
 * no period: the full year of its latest year (the end date unstated).
 */
function bareYearColumns(blocks: Block[]): ReportedPeriod | null {
  for (const [b, cells] of headerRows(blocks)) {
    const years = cells.filter((c) => /^(?:19|20)\d{2}$/.test(c)).map(Number);
    if (years.length < 2 || cells.length - years.length > 1) continue;
    if (
      cells.length > years.length &&
      !/^(?:%\s?)?(?:change|chg\.?|increase|growth)(?:\s?%)?$/i.test(cells.at(-1)!)
    )
      continue;
    return columnsPeriod(b, Math.max(...years), 'FY');
  }
  return null;
}

/** The first 40 blocks' table rows with their non-empty cells: where a column header naming the period would be. */
function* headerRows(blocks: Block[]): Generator<[Block, string[]]> {
  for (const b of blocks.slice(0, 40)) {
    if (!b.row) continue;
    yield [
      b,
      b.text
        .split('|')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    ];
  }
}

/** The period a column header states (its end date unstated), the header row its evidence. */
function columnsPeriod(b: Block, fiscalYear: number, fiscalPeriod: FiscalPeriod): ReportedPeriod {
  return {
    fiscalYear,
    fiscalPeriod,
    periodEnd: null,
    fiscalYearSource: 'stated',
    alsoFiscalYear: false,
    evidence: { text: b.text, start: b.start, end: b.end },
  };
}

/**
 * A two-line header set on one row, years first and then as many runs of column codes, each run opening with "YTD" or
 * "TOTAL" ("2009 | 2008 | YTD | Q2 | Q1 | TOTAL | Q4 | Q3 | Q2 | Q1"): each run's columns are of its year, in order ("YTD"
 * the year to date, "TOTAL" the year, "Qn" that quarter); null for any other header.
 */
export function yearRunColumns(
  cells: string[],
): { span: 'quarter' | 'ytd' | 'year'; year: number; quarter: number | null }[] | null {
  let y = 0;
  while (y < cells.length && /^(?:19|20)\d{2}$/.test(cells[y]!)) y++;
  const codes = cells.slice(y);
  if (y < 1 || codes.length < 2 || !codes.every((c) => /^(?:ytd|total|q[1-4])$/i.test(c))) return null;
  if (!/^(?:ytd|total)$/i.test(codes[0]!)) return null;
  const runs = codes.filter((c) => /^(?:ytd|total)$/i.test(c)).length;
  if (runs !== y) return null;
  const out: { span: 'quarter' | 'ytd' | 'year'; year: number; quarter: number | null }[] = [];
  let run = -1;
  for (const c of codes) {
    if (/^(?:ytd|total)$/i.test(c)) run++;
    const year = Number(cells[run]);
    out.push(
      /^ytd$/i.test(c)
        ? { span: 'ytd', year, quarter: null }
        : /^total$/i.test(c)
          ? { span: 'year', year, quarter: null }
          : { span: 'quarter', year, quarter: Number(c.slice(1)) },
    );
  }
  return out;
}

/** A quarter code and its year heading a column: "3Q11", "Q3/2025", "Q3 2025", "4Q 2013" (two digits are 20xx). */
// ... or the year first, "22.3Q" (a Korean IR table's 2022 third quarter).
// (... and a fiscal year's code before the quarter, "FY2021 Q1".)
// (h-earn35: ... and a split fiscal year after the code, "Q 1 2020/21": the year ending in its second part.)
export const QUARTER_CODE =
  /^(?:(?:([1-4])Q|Q ?([1-4]))(?: ?|\/)((?:19|20)\d{2}|\d{2})(?:\/(\d{2}))?|(\d{2})\.([1-4])Q|FY ?((?:19|20)\d{2}) ?Q([1-4]))$/i;

/** The quarter and year a quarter code names ("3Q11", "Q3/2025", "22.3Q", "FY2021 Q1", "Q 1 2020/21"; two-digit years are 20xx); null for any other cell. */
export function quarterCode(cell: string): { quarter: number; year: number } | null {
  const m = QUARTER_CODE.exec(cell.trim());
  if (m === null) return null;
  const y = m[3] ?? m[5] ?? m[7]!;
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  return {
    quarter: Number(m[1] ?? m[2] ?? m[6] ?? m[8]),
    year: m[4] !== undefined && m[3]?.length === 4 ? splitYearEnd(year, m[4]) : year,
  };
}

/**
 * (h-earn41: Publix Q4 2016, "the 53-week fiscal year ended December 31 were $34 billion") A fourth quarter or year of a
 * stated fiscal year, undated, whose year the prose says ended "December 31" with no year written, ends on December 31
 * of that fiscal year: a year ending in December is named by its own calendar year.
 */
function withDecemberYearEnd(p: ReportedPeriod, prose: Block[]): ReportedPeriod {
  if (p.periodEnd !== null || p.fiscalYear === null || (p.fiscalPeriod !== 'Q4' && p.fiscalPeriod !== 'FY'))
    return p;
  const re = /\b(?:fiscal\s+)?year\s+ended\s+December\s+31\b(?!,?\s*(?:19|20)\d{2})(?!,?\s*'?\d{2}\b)/i;
  return prose.slice(0, 30).some((b) => re.test(b.text)) ? { ...p, periodEnd: `${p.fiscalYear}-12-31` } : p;
}

/**
 * A quarter read with no end date ends where the three-month date range the prose names ends ("Consolidated Financial
 * Results for FY2021(April 1, 2020 through June 30, 2020)"): a range of other length, or none, leaves it undated.
 */
function withThreeMonthRangeEnd(p: ReportedPeriod, prose: Block[]): ReportedPeriod {
  if (p.periodEnd !== null || p.fiscalPeriod === null || !/^Q[1-4]$/.test(p.fiscalPeriod)) return p;
  const re = new RegExp(
    String.raw`\b(${MONTH}\s+\d{1,2},\s*\d{4})\s+(?:through|to|[-\u2013\u2014])\s+(${MONTH}\s+\d{1,2},\s*\d{4})`,
    'gi',
  );
  for (const b of prose.slice(0, 30))
    for (const m of b.text.matchAll(re)) {
      const from = parseDate(m[1]!.replace(/,\s*/, ', '));
      const to = parseDate(m[2]!.replace(/,\s*/, ', '));
      if (from === null || to === null) continue;
      const months =
        (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
        Number(to.slice(5, 7)) -
        Number(from.slice(5, 7)) +
        1;
      if (months === 3) return { ...p, periodEnd: to };
    }
  return p;
}

/**
 * A header row of quarter codes ("3Q11 | 3Q10", "EUR 1000 | Q3/2025 | Q2/2025 | ..."), when the prose names no period:
 * the latest code's quarter and year (two digits are 20xx), its end date unstated.
 */
function quarterCodeColumns(blocks: Block[]): ReportedPeriod | null {
  for (const [b, cells] of headerRows(blocks)) {
    // A header of years over runs of column codes: the latest year's first quarter column.
    const runs = yearRunColumns(cells);
    const first = runs?.filter((c) => c.span === 'quarter').sort((a, c) => c.year - a.year)[0];
    if (first !== undefined) return columnsPeriod(b, first.year, `Q${first.quarter}` as FiscalPeriod);
    const codes = cells.map(quarterCode).filter((m) => m !== null);
    // (Change columns, "Var." / "QoQ" / "Chg %", month codes, "6M24", and bare years stand beside the quarter codes.)
    const others = cells.filter(
      (c) =>
        quarterCode(c) === null &&
        !/^(?:19|20)\d{2}$/.test(c) &&
        !/^(?:chg\.?\s?%?|var\.?\s?%?|change|% change|yoy|qoq)$/i.test(c) &&
        !/^(?:[369]|12)M(?:(?:19|20)\d{2}|\d{2})$/i.test(c),
    ).length;
    if (codes.length < 2 || others > 1) continue;
    const latest = codes
      .map((q) => ({ ...q, key: q.year * 10 + q.quarter }))
      .sort((a, c) => c.key - a.key)[0]!;
    // A fourth quarter's code beside a column of its year ("4Q22 | 4Q23 | Chg % | 2022 | 2023") reports that year too.
    const period = columnsPeriod(b, latest.year, `Q${latest.quarter}` as FiscalPeriod);
    return latest.quarter === 4 && cells.includes(String(latest.year))
      ? { ...period, alsoFiscalYear: true }
      : period;
  }
  return null;
}

/**
 * A quarter named by the month it ends in ("profit ... in the same quarter last year ... in June quarter", "its
 * September quarter net profit"), in a text that names no other period: it ends that month; a release in rupees
 * counts its quarters from April (India's financial year: the June quarter is the first), any other from January.
 * The year and the day are not stated.
 */
/**
 * (h-earn27: Equity One's Q2 2001 news story, "on total revenue of $9.9 million for the three months ended June 30,
 * compared with ... the same period in 2000".) A quarter said to end on a calendar quarter's last day with no year after
 * it ("the three months ended June 30") is that calendar quarter, in a text that never says "fiscal"; its year and end
 * date stay unknown (the text does not state them).
 */
function quarterEndedWithoutYear(prose: Block[]): ReportedPeriod | null {
  const text = prose
    .slice(0, 30)
    .map((b) => b.text)
    .join('\n');
  if (/\bfiscal\b/i.test(text)) return null;
  const m =
    /\b(?:three[- ]months?|quarter) ended (March 31|June 30|September 30|December 31)\b(?!,?\s*(?:19|20)\d{2})/i.exec(
      text,
    );
  if (m === null) return null;
  const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
  const block = prose.find((b) => b.text.includes(m[0]))!;
  const at = block.text.indexOf(m[0]);
  return {
    fiscalYear: null,
    fiscalPeriod: `Q${month / 3}` as FiscalPeriod,
    periodEnd: null,
    fiscalYearSource: null,
    alsoFiscalYear: false,
    evidence: { text: m[0], start: block.start + at, end: block.start + at + m[0].length },
  };
}

/**
 * (h-earn35: Agree Realty Q3 2003, "For the third quarter, ..." then "For the nine months ended Sept. 30, 2003, ...") A
 * second or third quarter named with no end date ends on the date its six- or nine-month year to date is said to have
 * ended, when that date falls in the quarter's last month (of the quarter's year, when it is named).
 */
function withYearToDateEnded(p: ReportedPeriod, ended: EndedPhrase[]): ReportedPeriod {
  const ordinal = Number(/^Q([23])$/.exec(p.fiscalPeriod ?? '')?.[1] ?? 0);
  if (ordinal === 0 || p.periodEnd !== null) return p;
  // (h-earn38) "the year-to-date period ended September 30, 2010" names no months: a year to date ending on the
  // quarter's closing month of a calendar year is that quarter's year to date as well.
  const months =
    ordinal === 2
      ? /\b(?:six|6)[- ]months?\b|\byear[- ]to[- ]date\b/i
      : /\b(?:nine|9)[- ]months?\b|\byear[- ]to[- ]date\b/i;
  const ytd = ended.filter((e) => {
    if (e.filed || e.compared || e.span !== 'ytd') return false;
    const words = e.block.text.slice(Math.max(0, e.start - e.block.start - 20), e.end - e.block.start);
    return (
      months.test(words) &&
      Number(e.date.slice(5, 7)) === ordinal * 3 &&
      (p.fiscalYear === null || Number(e.date.slice(0, 4)) === p.fiscalYear)
    );
  });
  if (ytd.length === 0) return p;
  const latest = ytd.reduce((a, b) => (b.date > a.date ? b : a));
  return {
    ...p,
    periodEnd: latest.date,
    fiscalYear: p.fiscalYear ?? Number(latest.date.slice(0, 4)),
    fiscalYearSource: p.fiscalYearSource ?? 'stated',
  };
}

/**
 * (h-earn35: Lloyds Banking Group's 2015 "Half Yearly Report", dated nowhere in its highlights.) A document whose title
 * is a half-yearly report ("Half Yearly Report", "Half-Year Report", "Half Year Results") and that states no period end
 * reports the first half of its fiscal year (a half-yearly report covers the first six months; the second half is in
 * the annual report); its year is the one after the first half it is compared with ("an increase of 15 per cent on
 * the first half of 2014"), marked inferred, else unstated.
 */
function halfYearlyReport(prose: Block[]): ReportedPeriod | null {
  const title = prose
    .slice(0, 3)
    .map((b) => ({ b, m: /^\W*half[- ]?year(?:ly)?\s+(?:financial\s+)?(?:report|results)\b/i.exec(b.text) }))
    .find((x) => x.m !== null);
  if (title === undefined) return halfYearReportForYear(prose);
  const text = prose
    .slice(0, 30)
    .map((b) => b.text)
    .join('\n');
  const compared = [
    ...text.matchAll(
      /\b(?:on|than|with|versus|vs\.?|from)\s+(?:the\s+)?first half of ((?:19|20)\d{2})\b|\(\s*(?:first half|H1)\s+((?:19|20)\d{2})\s*:/gi,
    ),
  ].map((m) => Number(m[1] ?? m[2]));
  const year = compared.length > 0 && compared.every((y) => y === compared[0]) ? compared[0]! + 1 : null;
  const at = title.b.text.indexOf(title.m![0].trim());
  return {
    fiscalYear: year,
    fiscalPeriod: 'H1',
    periodEnd: null,
    fiscalYearSource: year === null ? null : 'inferred',
    alsoFiscalYear: false,
    evidence: {
      text: title.m![0].trim(),
      start: title.b.start + at,
      end: title.b.start + at + title.m![0].trim().length,
    },
  };
}

/**
 * (h-earn43: REPLOID, "REPLOID Group AG Publishes Half-year Report for 2025") A title that announces a half-year report
 * for a year ("Publishes Half-year Report for 2025", "Half-Year Report for the 2025 financial year") reports the first
 * half of that year (no end date).
 */
function halfYearReportForYear(prose: Block[]): ReportedPeriod | null {
  for (const b of prose.slice(0, 3)) {
    const m =
      /\bhalf[- ]?year(?:ly)?\s+(?:financial\s+)?(?:report|results)\s+for\s+(?:the\s+)?(?:(?:fiscal|financial)\s+year\s+)?((?:19|20)\d{2})\b/i.exec(
        b.text,
      );
    if (m === null) continue;
    return {
      fiscalYear: Number(m[1]),
      fiscalPeriod: 'H1',
      periodEnd: null,
      fiscalYearSource: 'stated',
      alsoFiscalYear: false,
      evidence: { text: m[0], start: b.start + m.index, end: b.start + m.index + m[0].length },
    };
  }
  return null;
}

/**
 * (h-earn37: Keller's H1 2020 highlights, "H1 2020" / "£m" / "H1 2019 £m" one heading per line over the rows.) Column
 * headings of a table that name half years by code ("H1 2020", "1H 2024"), two or more before its first row, name the
 * reported period: the half of the latest year they name (no end date).
 */
function halfCodeHeadings(blocks: Block[]): ReportedPeriod | null {
  const firstRow = blocks.findIndex((b) => b.row && /\d/.test(b.text));
  if (firstRow < 0) return null;
  const codes: { year: number; end: string | null; b: Block; text: string }[] = [];
  // (h-earn38: Bodycote H1 2013, "Half year to 30 June 2013 £m | Half year to 30 June 2012 (Restated)* £m") ... and so do
  // headings naming half years by their end date, which then is the period's stated end.
  const dated = new RegExp(String.raw`^\s*half[- ]year\s+(?:to|ended)\s+(${DATE_SOURCE})\b`, 'i');
  for (const b of blocks.slice(Math.max(0, firstRow - 12), firstRow + 1)) {
    for (const cell of b.row ? b.text.split(' | ') : [b.text]) {
      const m = /^\s*(?:H1|1H)\s?((?:19|20)\d{2})\b(?:\s*£m)?\s*$/i.exec(cell);
      if (m !== null) codes.push({ year: Number(m[1]), end: null, b, text: cell.trim() });
      const d = dated.exec(cell);
      const end = d === null ? null : parseDate(d[1]!);
      if (end !== null) codes.push({ year: Number(end.slice(0, 4)), end, b, text: d![0].trim() });
    }
  }
  if (codes.length < 2) return null;
  const latest = codes.reduce((a, c) => (c.year > a.year ? c : a));
  const at = latest.b.text.indexOf(latest.text);
  return {
    fiscalYear: latest.year,
    fiscalPeriod: 'H1',
    periodEnd: latest.end,
    fiscalYearSource: 'stated',
    alsoFiscalYear: false,
    evidence: {
      text: latest.text,
      start: latest.b.start + at,
      end: latest.b.start + at + latest.text.length,
    },
  };
}

/**
 * (h-earn37: Legal & General's 2017 interim highlights, "OPERATING PROFIT up 27% to £988M (H1 2016: £777m)".) A text
 * naming no period of its own whose figures are each compared in parentheses with a half year of one year ("(H1 2016:
 * £777m)", "(first half 2016: ...)") reports the same half of the next year, marked inferred, with no end date.
 */
function halfComparedInParentheses(prose: Block[]): ReportedPeriod | null {
  const re = /\(\s*(H[12]|first half|second half)\s+((?:19|20)\d{2})\s*:/gi;
  const hits = prose.slice(0, 30).flatMap((b) => [...b.text.matchAll(re)].map((m) => ({ b, m })));
  if (hits.length < 2) return null;
  const half = (h: string) => (/^(?:H1|first half)$/i.test(h) ? 'H1' : 'H2');
  const [first] = hits;
  if (hits.some(({ m }) => half(m[1]!) !== half(first!.m[1]!) || m[2] !== first!.m[2])) return null;
  const start = first!.b.start + first!.m.index!;
  return {
    fiscalYear: Number(first!.m[2]) + 1,
    fiscalPeriod: half(first!.m[1]!),
    periodEnd: null,
    fiscalYearSource: 'inferred',
    alsoFiscalYear: false,
    evidence: { text: first!.m[0], start, end: start + first!.m[0].length },
  };
}

/**
 * (h-earn27: The Children's Place, "Fourth Quarter Fiscal Year" over "2012 | 2011 | 2012 | 2011" for the fourteen
 * weeks ended February 2, 2013.) A heading naming the reported quarter beside the fiscal year, over a row of bare years,
 * states the quarter's fiscal year: the row's first year. Null for any other heading.
 */
function quarterAndYearHeadingYear(blocks: Block[], ordinal: number): number | null {
  for (const [i, b] of blocks.entries()) {
    if (b.row) continue;
    const m = new RegExp(String.raw`^(${ORDINAL})\s+quarter\s+(?:fiscal\s+)?year$`, 'i').exec(b.text.trim());
    if (m === null || ORDINALS[m[1]!.toLowerCase()] !== ordinal) continue;
    const next = blocks[i + 1];
    if (next === undefined || !next.row) return null;
    const cells = next.text.split('|').map((c) => c.trim());
    if (cells.length < 2 || !cells.every((c) => /^(?:19|20)\d{2}$/.test(c))) return null;
    return Number(cells[0]);
  }
  return null;
}

function monthNamedQuarter(prose: Block[]): ReportedPeriod | null {
  const text = prose
    .slice(0, 30)
    .map((b) => b.text)
    .join('\n');
  const m = /\b(March|June|September|December)[- ]quarter\b/.exec(text);
  if (m === null) return null;
  const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
  const rupees = /₹|\bRs\.?\s?\d|\bINR\b|\d\s?crores?\b/.test(text);
  const ordinal = rupees ? (((month + 8) % 12) + 1) / 3 : month / 3;
  const block = prose.find((b) => b.text.includes(m[0]))!;
  const at = block.text.indexOf(m[0]);
  return {
    fiscalYear: null,
    fiscalPeriod: `Q${ordinal}` as FiscalPeriod,
    periodEnd: null,
    fiscalYearSource: null,
    alsoFiscalYear: false,
    evidence: { text: m[0], start: block.start + at, end: block.start + at + m[0].length },
  };
}

/**
 * (h-guid29) A company that "reported" a fiscal year's measure, the year named right after the verb ("Lloyds Banking
 * Group plc reported fiscal 2024 statutory profit before tax of 5.97 billion pounds", "reported FY24 underlying
 * EBITDA"), in a text that names no period: that fiscal year, its end unstated.
 */
function reportedFiscalYear(prose: Block[]): ReportedPeriod | null {
  for (const b of prose.slice(0, 30)) {
    const m =
      /\breported\s+(?:its\s+)?(?:fiscal(?:\s+year)?\s+((?:19|20)\d{2})|FY\s?'?(\d{2}|(?:19|20)\d{2})|full[- ]year\s+((?:19|20)\d{2}))\s+(?:[\w-]+\s+){0,3}?(?:revenues?|sales|profit|income|earnings|EBITDA|EBIT|loss)\b/i.exec(
        b.text,
      );
    if (m === null) continue;
    const year = fullYear(m[1] ?? m[2] ?? m[3]!);
    return {
      fiscalYear: year,
      fiscalPeriod: 'FY',
      periodEnd: null,
      fiscalYearSource: 'stated',
      alsoFiscalYear: false,
      evidence: { text: m[0], start: b.start + m.index, end: b.start + m.index + m[0].length },
    };
  }
  return null;
}

/**
 * A results line opening with "FY" or "Annual" before its measure ("Fy revenue rose 10.1 percent to 1.431 billion
 * stg", "Record annual revenue") in a text that names no period: a fiscal year whose number the text does not state,
 * unless its comparatives in parentheses name the prior year.
 */
function unnumberedFiscalYear(prose: Block[]): ReportedPeriod | null {
  for (const b of prose.slice(0, 30)) {
    const m =
      /^\W*(?:record\s+)?(?:fy|annual|full[- ]year)\s+(?:revenues?|sales|turnover|net (?:income|profit))\b/i.exec(
        b.text,
      );
    if (m === null || !/\d/.test(b.text)) continue;
    // Its comparatives in parentheses, all of one year ("(2017: R4,3 billion)", "(2017: 12,7%)"), are the prior year's:
    // the year reported is the next.
    const prior = new Set(
      prose
        .slice(0, 60)
        .flatMap((x) => [...x.text.matchAll(/\(((?:19|20)\d{2}): /g)].map((y) => Number(y[1]))),
    );
    const year = prior.size === 1 ? [...prior][0]! + 1 : null;
    return {
      fiscalYear: year,
      fiscalPeriod: 'FY',
      periodEnd: null,
      fiscalYearSource: year !== null ? 'inferred' : null,
      alsoFiscalYear: false,
      evidence: { text: b.text.slice(0, m[0].length), start: b.start, end: b.start + m[0].length },
    };
  }
  return null;
}

/**
 * A header row of spans that name no month, then the columns' dates ("3 Months Ended | 6 Months Ended | Jun. 30, 2023
 * | Jun. 30, 2022 | Jun. 30, 2023 | Jun. 30, 2022"): the first span's first date ends the period reported; three
 * months ending a calendar quarter are that quarter, twelve months a year.
 */
/**
 * The quarter the prose names (`period`), dated by the first header row of span cells over full dates whose first span
 * is three months and whose first date ends no calendar quarter ("Three Months Ended | Nine Months Ended | February 28,
 * 2007 | February 28, 2006 | ..."): that date ends it, and its fiscal year is the one the quarter's place puts the date
 * in. Null when no such row.
 */
function offCalendarQuarterHeader(blocks: Block[], period: FiscalPeriod): ReportedPeriod | null {
  if (period === 'FY') return null;
  for (const b of blocks) {
    if (!b.row) continue;
    const cells = b.text.split(' | ').map((c) => c.trim());
    const spanCells = cells.filter((c) =>
      /^(?:(?:3|three|6|six|9|nine|12|twelve) months|years?) ended$/i.test(c),
    );
    const dates = cells.filter((c) => new RegExp(String.raw`^${MONTH}\s+\d{1,2},\s+\d{4}$`, 'i').test(c));
    if (spanCells.length === 0 || spanCells.length + dates.length !== cells.length) continue;
    if (!/^(?:3|three)\b/i.test(spanCells[0]!) || dates.length < spanCells.length) continue;
    const end = parseDate(dates[0]!);
    if (end === null || calendarQuarter(end) !== null) return null;
    return {
      fiscalYear: inferFiscalYear(end, period, null),
      fiscalPeriod: period,
      periodEnd: end,
      fiscalYearSource: 'inferred',
      alsoFiscalYear: false,
      evidence: { text: b.text, start: b.start, end: b.end },
    };
  }
  return null;
}

function spansOverDates(b: Block): ReportedPeriod | null {
  const cells = b.text.split(' | ').map((c) => c.trim());
  // ("Fiscal years ended" is a twelve-month span: a 52/53-week retailer's or restaurant's year.)
  const spanCells = cells.filter((c) =>
    /^(?:(?:3|three|6|six|9|nine|12|twelve) months|(?:fiscal )?years?) ended$/i.test(c),
  );
  const dates = cells.filter((c) => new RegExp(String.raw`^${MONTH}\s+\d{1,2},\s+\d{4}$`, 'i').test(c));
  if (
    spanCells.length === 0 ||
    spanCells.length + dates.length !== cells.length ||
    dates.length < spanCells.length
  )
    return null;
  const end = parseDate(dates[0]!);
  if (end === null) return null;
  const first = spanCells[0]!.toLowerCase();
  const quarter = /^(?:3|three)\b/.test(first);
  const isYear = (c: string) => /^(?:12|twelve|fiscal|years?)\b/i.test(c);
  if (!quarter && !isYear(first)) return null;
  // A quarter column beside a year column ended on the same date (the date twice) closes that year: its figures too.
  const closesYear = quarter && spanCells.some(isYear) && dates.filter((d) => d === dates[0]).length >= 2;
  // (... and is the fourth quarter whatever the day: a 52/53-week year ends on "December 25, 2011".)
  // (h-earn29: Xilinx, "Three Months Ended | Nine Months Ended | December 28, 2019 | September 28, 2019 | December 29,
  // 2018 | December 28, 2019 | December 29, 2018".) A quarter column beside a six- or nine-month column ended on the
  // same date is the second or third quarter, whatever the day (a Saturday in a 52/53-week year).
  const toDate = spanCells.find((c) => /^(?:6|six|9|nine)\b/i.test(c));
  const closesToDate =
    quarter && !closesYear && toDate !== undefined && dates.filter((d) => d === dates[0]).length >= 2;
  const ordinal = closesYear
    ? 4
    : closesToDate
      ? /^(?:6|six)\b/i.test(toDate!)
        ? 2
        : 3
      : quarter
        ? calendarQuarter(end)
        : null;
  if (quarter && ordinal === null) return null;
  const fiscalPeriod = (quarter ? `Q${ordinal}` : 'FY') as FiscalPeriod;
  // (A quarter ended off the calendar quarters names no year the header can give: its fiscal year may end months later.)
  const fiscalYear = closesYear
    ? inferFiscalYear(end, 'Q4', null)!
    : closesToDate && calendarQuarter(end) === null
      ? null
      : Number(end.slice(0, 4));
  return {
    fiscalYear,
    fiscalPeriod,
    periodEnd: end,
    fiscalYearSource: fiscalYear === null ? null : 'inferred',
    alsoFiscalYear: closesYear,
    evidence: { text: b.text, start: b.start, end: b.end },
  };
}
