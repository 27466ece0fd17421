import {
  BOTH_EPS_KINDS,
  type Concept,
  conceptOfLabel,
  labelIsNonGaap,
  PER_SHARE_CONCEPTS,
} from './release-concepts.ts';
import type { Block } from './release-document.ts';
import {
  captionScale,
  cellScale,
  isFigureCell,
  isNilCell,
  MISPRINTED_CELL,
  parseAmount,
  type Scale,
} from './release-numbers.ts';
import {
  DATE_SOURCE,
  dottedDate,
  parseDate,
  QUARTER_CODE,
  quarterCode,
  yearRunColumns,
} from './release-period.ts';

/** A column word naming a non-GAAP basis alone, right above a table's header of years ("Underlying*"). */
const isNonGaapHeading = (t: string) => /^(?:underlying|adjusted|non[- ]?gaap)[*^]?$/i.test(t.trim());

/**
 * A heading naming a non-GAAP section in words ("Non-GAAP Results", "Non-GAAP Financial Measures", "Adjusted
 * Results"): the rows under it are non-GAAP until the next heading.
 */
const NON_GAAP_SECTION =
  /^(?:underlying|adjusted|non[- ]?gaap)(?: financial)? (?:results|measures|figures|information|data)[*^:]?$/i;

/**
 * (h-earn29: Qorvo, "SELECTED NON-GAAP RESULTS1" over the same rows as "SELECTED GAAP RESULTS"; Alpha and Omega,
 * "Non-GAAP Financial Comparison".) A table titled as non-GAAP results or a non-GAAP comparison, not a reconciliation,
 * states non-GAAP figures: its unqualified rows ("Operating income", "Diluted EPS") are non-GAAP.
 */
const NON_GAAP_RESULTS_TITLE =
  /^(?:selected )?non[- ]?gaap (?:financial )?(?:results|comparison)\d?(?:\s|$)(?!.*reconcil)/i;

/** A row label's closing unit: "(£million)", "(HK$ million)", "(R’000)"; or "(pence)", "(cents)", "(HK cents)". */
const ROW_UNIT =
  /\s*\(\s*(?:(?:[A-Z]{0,3}\$|£|€|\bR|\b[A-Z]{3})?\s?(millions?|billions?|thousands?|m|bn|['’]000)|(?:[A-Z]{2}\s)?(cents|pence))\s*\)\**$/;

/**
 * Figures from the release's tables. A table starts at a title or scale caption; its scale is the caption's
 * ("(In millions, except per share data)"); its columns are grouped by the spans its header names ("Three
 * Months Ended | Nine Months Ended"), and the first column of a group is that group's current period (every
 * release read prints the current period first). A reconciliation or non-GAAP table only yields the rows whose
 * label says GAAP or non-GAAP.
 */

export type Span = 'quarter' | 'ytd' | 'year' | 'unknown';
export type Basis = 'gaap' | 'non_gaap' | 'unspecified';

export interface TableFigure {
  concept: Concept;
  label: string;
  basis: Basis;
  span: Span;
  printed: string;
  /** The number as printed (sign applied), before scaling. */
  value: number;
  /** null when neither the caption nor any other evidence gives the table's scale. */
  scale: Scale | null;
  scaleEvidence: string | null;
  table: string;
  block: Block;
  /** Rank of the row among candidates for the concept (lower wins): totals over first rows, net over continuing. */
  rank: number;
  /** Which table of the document the row is in (tables counted in order). */
  tableIndex?: number;
}

interface TableContext {
  title: string;
  /** Cells of its last row with values (the label's included). */
  width?: number;
  scale: Scale | null;
  scaleEvidence: string | null;
  header: string;
  kind: 'statement' | 'reconciliation' | 'guidance' | 'prior' | 'other';
  section: string;
  lastConcept: Concept | null;
  rows: number;
  /** Index in the output of the table's first figure. */
  firstOut: number;
  /** The lead-in says the table's per-share amounts are diluted ("... and diluted per share amounts:"). */
  dilutedPerShare: boolean;
  /** The table's row count when its section heading was set. */
  sectionRows: number;
  /** A short heading right above the table names a non-GAAP basis ("Underlying*", "Adjusted results"). */
  nonGaap: boolean;
  /** A row of the table is labelled "Non-GAAP ..." ("Non-GAAP net loss on continuing operations (a)"). */
  labelsNonGaap?: boolean;
  /** A row of the table names a revenue or sales line other than "Product revenue" or "Collaboration revenue". */
  namesRevenue?: boolean;
  /** The table's place among the document's tables. */
  index?: number;
  /** An untitled table that lists income taxes after a revenue line: a statement of operations. */
  statementRows?: boolean;
  /** A row of units alone ("Pence | Pence | Pence") set the per-share rows under it in hundredths. */
  hundredths?: boolean;
  /** The figure columns a unit row counts ("Note | £m | £m | ..."), and whether it heads a note column. */
  unitColumns?: { count: number; note: boolean };
}

const TITLE =
  /statements? of (?:consolidated )?(?:operations|income|earnings|comprehensive)|income statements?|balance sheets?|cash flows?|reconciliation|non[- ]?gaap|supplemental|selected (?:financial|consolidated)|financial (?:data|highlights|summary|results|information)|operations data|results of operations|condensed|consolidated|segment|(?:quarterly|summary) (?:results|data)|key (?:metrics|figures)|highlights/i;
const STATEMENT =
  /statements? of (?:consolidated )?(?:operations|income|earnings)|income statements?|operations data|results of operations|statements? of (?:consolidated )?(?:operations|income) and comprehensive/i;
const FORWARD_TABLE =
  /\b(?:targets?|outlook|guidance|forecasts?|expects?|expectations|projections?|projected)\b/i;
const RECONCILIATION = /reconciliation|non[- ]?gaap|adjusted|pro[- ]forma/i;
// (h-earn35: voestalpine's "Q 1 2020/21": a quarter code may have a space before its digit.)
const SPAN_WORDS =
  /\bFY(?= ?(?:19|20)\d{2}\b)|\b[1-4]Q(?= ?(?:19|20)\d{2}\b)|(three|six|nine|twelve|\b3|\b6|\b9|\b12)[- ]months?|(thirteen|twelve|fourteen|sixteen|twenty[- ]\w+|thirty[- ]\w+|thirty|forty[- ]\w+|fifty[- ]\w+|\d{1,2})[- ]weeks?|quarter|year[- ]to[- ]date|half[- ]year(?= (?:to|ended) \d{1,2} [A-Za-z]{3,9} (?:19|20)\d{2})|(?:fiscal )?years?\b|first half|\b(?:H1|1H)\b(?=(?: (?:19|20)\d{2})?(?: ?£m)?\s*(?:\||$))|Q ?[1-4]\b/gi;

const SPAN_TEST = new RegExp(SPAN_WORDS.source, 'i');
/** The dateless second line of a column heading ("to December 31" under "Twelve months"): part of the header. */
const HEADING_TAIL = /^(?:to|ended|ending)\s+[A-Za-z]+\.?\s+\d{1,2},?$/i;
const isHeading = (t: string) => SPAN_TEST.test(t) || HEADING_TAIL.test(t.trim());
/** A heading naming per-share earnings and nothing else ("Earnings Per Diluted Share", "Diluted Earnings Per Share Data"). */
const PER_SHARE_HEADING =
  /^(?:(?:basic|diluted) )?(?:earnings|income) per (?:diluted |basic )?(?:common )?share(?: data)?:?$/i;

function spanOf(words: string): Span {
  const w = words.toLowerCase();
  if (
    /^(?:(?:three|3)[- ]months?|quarter|q ?[1-4]|[1-4]q|(?:thirteen|twelve|fourteen|sixteen|1[2346])[- ]weeks?)$/.test(
      w,
    )
  )
    return 'quarter';
  if (
    /^(?:six|nine|6|9)[- ]months?$|year[- ]to[- ]date|first half|^half[- ]year$|^(?:h1|1h)$|^(?:twenty|thirty|2\d|3\d)[- ]?\w*[- ]weeks?$|^(?:twenty[- ]\w+|thirty[- ]\w+|thirty|forty[- ]\w+)[- ]weeks?$/.test(
      w,
    )
  ) {
    return /fifty|5[23]/.test(w) ? 'year' : 'ytd';
  }
  if (/^(?:(?:twelve|12)[- ]months?|(?:fiscal )?years?|fy|fifty[- ]\w+[- ]weeks?|5[23][- ]weeks?)$/.test(w))
    return 'year';
  return 'unknown';
}

/** The spans a header names, in order, with repeated neighbours merged ("Quarter Ended | Quarter Ended"). */
function headerSpans(header: string): Span[] {
  const spans: Span[] = [];
  // A plain-text header wraps each column heading over lines and is read across the columns, line by line
  // ("For the 13 | For the 26" above "Weeks Ended | Weeks Ended"): the n-th number goes with the n-th span word.
  const across = header
    .replace(
      /\b(\d{1,2})((?:\s+for the)?\s+)(\d{1,2})\s+(weeks?|months?)\s+ended\s+\4\s+ended\b/gi,
      '$1 $4 ended$2$3 $4 ended',
    )
    // A two-line heading printed around a one-line one ("Twelve months | Fourth quarter | to December 31": the right
    // group's "Twelve months / to December 31" over the left group's "Fourth quarter") puts the one-line heading first.
    .replace(
      /\b((?:three|six|nine|twelve|\d{1,2})[- ]months?)(\s*\|\s*)([^|]*\bquarter\b[^|]*?)(\s*\|\s*)((?:to|ended|ending)\b)/i,
      '$3$2$1 $5',
    );
  for (const m of across.matchAll(SPAN_WORDS)) {
    const s = spanOf(m[0]);
    if (s === 'unknown') continue;
    spans.push(s);
  }
  return spans;
}

/** A column heading of months and year in figures ("4–6/2018" = April to June 2018, "1-6/2018"). */
const NUMERIC_MONTHS = /^(\d{1,2})\s?[-\u2013\u2014]\s?(\d{1,2})\/((?:19|20)\d{2})$/;

/**
 * The columns of a header of month ranges in figures and bare years ("MEUR | 1–6/2018 | 1–6/2017 | 4–6/2018 |
 * 4–6/2017 | 2017"), in order: three months are a quarter, six or nine from January a year to date, twelve (or a bare
 * year) a year; null when the header has no such range.
 */
function numericMonthColumns(header: string): { span: Span; year: number }[] | null {
  const cells = header.split(' | ').map((h) => h.trim());
  const runs = yearRunColumns(cells.filter((h) => h !== ''));
  if (runs !== null) return runs.map((r) => ({ span: r.span, year: r.year }));
  if (!cells.some((h) => NUMERIC_MONTHS.test(h) || QUARTER_CODE.test(h))) return null;
  const out: { span: Span; year: number }[] = [];
  for (const h of cells) {
    // A quarter code ("3Q11", "Q3/2025", "22.3Q") is a quarter of that year.
    const q = quarterCode(h);
    if (q !== null) {
      out.push({ span: 'quarter', year: q.year });
      continue;
    }
    // A code of months ("6M24", "9M2023") is the year to date of that year, "12M" its year.
    const monthCode = /^([369]|12)M((?:19|20)\d{2}|\d{2})$/i.exec(h);
    if (monthCode !== null) {
      const y = monthCode[2]!.length === 2 ? 2000 + Number(monthCode[2]) : Number(monthCode[2]);
      out.push({ span: monthCode[1] === '3' ? 'quarter' : monthCode[1] === '12' ? 'year' : 'ytd', year: y });
      continue;
    }
    if (/^(?:19|20)\d{2}$/.test(h)) {
      out.push({ span: 'year', year: Number(h) });
      continue;
    }
    const m = NUMERIC_MONTHS.exec(h);
    if (m === null) continue;
    const from = Number(m[1]);
    const months = Number(m[2]) - from + 1;
    const span: Span =
      months === 3
        ? 'quarter'
        : months === 12
          ? 'year'
          : (months === 6 || months === 9) && from === 1
            ? 'ytd'
            : 'unknown';
    out.push({ span, year: Number(m[3]) });
  }
  return out;
}

/** A header row: no label, or every cell a date, a year, a span word or "(unaudited)". */
function isHeaderRow(cells: string[]): boolean {
  return cells.every(
    (c, i) =>
      // The table's caption may sit in the header row's first cell ("For the periods ended December 31(US$
      // millions, except per share amounts) | Three Months Ended | ... | Years Ended").
      (i === 0 &&
        captionScale(c) !== null &&
        cells.some((x) => (SPAN_TEST.test(x) || NUMERIC_MONTHS.test(x.trim())) && x !== c)) ||
      NUMERIC_MONTHS.test(c.trim()) ||
      // ... or in a cell of its own beside a span ("3rd quarter | € million | % | € million | %").
      (i > 0 && c.length <= 20 && captionScale(c) !== null && SPAN_TEST.test(cells[0] ?? '')) ||
      /^(?:\(?unaudited\)?|\(?restated\)?|\(?as adjusted\)?|change|% change|%|notes?|variance|\(?in [a-z ]+\)?|chg\.?\s?%?|var\.?\s?%?|yoy|qoq|ytd|total|q[1-4])$/i.test(
        c.trim(),
      ) ||
      // ... and a year marked for a note, "2012 (*)" (a convenience translation's column, FEMSA 2012).
      /^(?:19|20)\d{2}(?:\s*\((?:\d|\*)\))?$/.test(c.trim()) ||
      // (h-earn39: ... and a half-year code, "1H 2024", as a quarter code; a heading ending in "change" ("As reported
      // change", "Organic constant- currency(1) change") is a change column.)
      /^(?:FY|[1-4]Q|Q[1-4]|[12]H|H[12]) ?(?:19|20)\d{2}$/i.test(c.trim()) ||
      (i > 0 && /^[A-Za-z][\w ()-]{0,40}\bchange$/i.test(c.trim())) ||
      QUARTER_CODE.test(c.trim()) ||
      /^(?:[369]|12)M(?:(?:19|20)\d{2}|\d{2})$/i.test(c.trim()) ||
      /^[A-Za-z]{3,9}\.? \d{1,2},?(?: (?:19|20)\d{2})?(?:\s*\(\d\))?$/.test(c.trim()) ||
      // ... or a span and its day-first date in one cell ("Quarter ended 31 December 2011"; h-earn38: "Half year to 30
      // June 2013 £m", "Year ended 31 Dec 2012 (Restated)* £m", with a restatement mark and the unit after it).
      /^(?:quarter|half[- ]year|(?:fiscal )?years?|(?:three|six|nine|twelve) months) (?:ended|to) \d{1,2} [A-Za-z]{3,9} (?:19|20)\d{2}(?:\s*\(restated\)\*?)?(?:\s*£m)?$/i.test(
        c.trim(),
      ) ||
      (SPAN_TEST.test(c) && !/\d{3}/.test(c)) ||
      // ... or a span ended on a full date ("Year ended March 31, 2018", "Three Months Ended June 30, 2017").
      (SPAN_TEST.test(c) && /\bended [A-Za-z]{3,9}\.? \d{1,2}, (?:19|20)\d{2}$/i.test(c.trim())),
  );
}

const FULL_DATE = new RegExp(DATE_SOURCE, 'gi');

/**
 * The column headings among the lines kept before a table: its heading lines, only those after its title when a short
 * column heading stands there ("Three months ended"): the heading lines above the title are then the document's own.
 */
function headerLines(pending: string[]): string[] {
  const columnHeading = (p: string) => isHeading(p) && !/\$|\d\.\d|\bcents?\b|\bpercent\b|%/i.test(p);
  const titleAt = pending.findLastIndex((p) => TITLE.test(p));
  const afterTitle = pending.slice(titleAt + 1).filter(columnHeading);
  if (titleAt > 0 && afterTitle.some((p) => p.trim().length <= 40)) return afterTitle;
  // (h-earn37: Health Catalyst Q4 2019) A title that names the periods as a sentence does ("Financial Highlights for the
  // Three Months and Year Ended December 31, 2019") is no column heading when column headings of their own follow it.
  const headings = pending.filter(columnHeading);
  const columns = headings.filter((p) => !(TITLE.test(p) && /\bfor the\b.*\bended\b/i.test(p)));
  return columns.length > 0 ? columns : headings;
}

/** Figure candidates from every table of the release (`periodEnd`: the reported period's end, when known). */
export function tableFigures(blocks: Block[], periodEnd: string | null = null): TableFigure[] {
  const out: TableFigure[] = [];
  /** The block of the last labelled row with values. */
  let lastRowBlock: Block | null = null;
  /** The figures of "Product revenue" and "Collaboration revenue" rows (by index in the output) and their tables. */
  const productFigures = new Map<number, TableContext>();
  let ctx: TableContext | null = null;
  let tables = 0;
  let pending: string[] = [];
  /** The full dates of the lines dropped from `pending` when more than eight were kept (see below). */
  let droppedDates: string[] = [];
  /** The table whose rows a title line just ended (its header may serve the table that title opens). */
  let previous: TableContext | null = null;
  /** The last sentence before the table ("The following table summarizes ... targets:"). */
  let leadIn = '';
  const startTable = (firstCells: string[] = []) => {
    // (A heading saying the figures are as reported, "As reported under Adopted IFRS", titles the table too.)
    // (A bullet that states amounts, "• Free cash flow increased by DKK 123 million ...", is a highlight, not a title.)
    const title = pending
      .filter((p) => !/^\s*[•·▪◾§]\s.*\d/.test(p))
      .filter((p) => TITLE.test(p) || captionScale(p) !== null || /^as reported\b/i.test(p))
      .join(' / ');
    // A table whose title and header lines name full dates, all of years before the reported period's end
    // ("Domestic segment detail for the 13 weeks ended June 28, 2003" in a July 2004 release), is a prior-period
    // table.
    // (h-earn40: Star Bulk Q4 2021, "Fourth quarter" / "2021" / ... / "Twelve months ended" / "December 31, 2021" /
    // "Twelve months ended" / "December 31, 2020": a header stacked over more lines than are kept) the dates of the
    // header lines dropped from the kept ones count too.
    const years = [...droppedDates, ...[...pending.join(' ').matchAll(FULL_DATE)].map((m) => m[0])]
      .map((d) => parseDate(d)?.slice(0, 4))
      .filter((y): y is string => y !== undefined);
    const prior = periodEnd !== null && years.length > 0 && years.every((y) => y < periodEnd.slice(0, 4));
    let scale: ReturnType<typeof captionScale> = null;
    for (const p of pending) scale ??= captionScale(p);
    const inherits =
      headerLines(pending).length === 0 &&
      previous !== null &&
      previous.header !== '' &&
      previous.width === firstCells.length;
    if (inherits && scale === null && previous!.scale !== null)
      scale = { scale: previous!.scale, evidence: previous!.scaleEvidence ?? '' };
    // A lead-in sentence that ends by announcing the table with its scale in parentheses ("Summarized financial results
    // are as follows (dollars in millions, except per share data):") states that table's scale: it is its caption.
    const announced = /\(([^()]{1,120})\)\s*:\s*$/.exec(leadIn);
    const announcedScale = announced === null ? null : captionScale(announced[1]!);
    scale ??= announcedScale;
    const perShareHeading =
      pending.length > 0 && PER_SHARE_HEADING.test(pending[pending.length - 1]!)
        ? pending[pending.length - 1]!
        : '';
    ctx = {
      // A per-share heading is the table's title too: its unqualified line items are GAAP, as under a caption.
      title:
        title === '' ? (perShareHeading !== '' ? perShareHeading : (announcedScale?.evidence ?? '')) : title,
      scale: scale?.scale ?? null,
      scaleEvidence: scale?.evidence ?? null,
      // A line that states an amount ("Net loss of 56 cents per share in fourth quarter", a highlights bullet) is
      // no column heading, whatever period words it holds.
      // (h-earn31: "FIRST QUARTER" / "FISCAL YEAR 2020 RESULTS" / "RAYMOND JAMES FINANCIAL, INC." / "Consolidated
      // Statements of Income (Unaudited)" / "Three months ended" ...) Heading lines kept before the table's title are
      // the document's own heading, not column headings, when the title has heading lines of its own after it: then
      // the header is those.
      // (h-earn40: Cincinnati Financial Q1 2014, "Three months ended March 31 | 2014 | 2013 | % Change" / "Revenue
      // Highlights" / rows / "Income Statement Data" / rows / "Per Share Data (diluted)" / rows) A title line that opens
      // a table right after another table's rows, with no column headings of its own, leaves the columns as they were:
      // the new table's rows, as wide as the last one's, take that table's header.
      header:
        headerLines(pending).length === 0 &&
        previous !== null &&
        previous.header !== '' &&
        previous.width === firstCells.length
          ? previous.header
          : headerLines(pending).join(' | '),
      // A table of targets is guidance (release-guidance reads it), never reported figures; a table titled as a
      // statement of operations reports results even right after a paragraph of expectations.
      kind:
        FORWARD_TABLE.test(title) || (FORWARD_TABLE.test(leadIn) && !STATEMENT.test(title))
          ? 'guidance'
          : prior
            ? 'prior'
            : RECONCILIATION.test(title)
              ? 'reconciliation'
              : STATEMENT.test(title) || /consolidated|condensed/i.test(title)
                ? 'statement'
                : 'other',
      // A per-share heading right above the rows ("Earnings Per Diluted Share" over "Operating earnings | $1.35")
      // is their section: each row is a per-share figure of the heading's kind.
      // ... and a heading naming a non-GAAP section right above the table ("Non-GAAP Results") is its rows' section.
      section:
        perShareHeading !== ''
          ? perShareHeading
          : pending.length > 0 && NON_GAAP_SECTION.test(pending[pending.length - 1]!.trim())
            ? pending[pending.length - 1]!.trim()
            : '',
      lastConcept: null,
      rows: 0,
      index: tables++,
      firstOut: out.length,
      sectionRows: 0,
      // (Only over a header of bare years: "Underlying*" / "2013 | 2014 | ...", the word a stacked column heading.)
      nonGaap:
        pending.length > 0 &&
        isNonGaapHeading(pending[pending.length - 1]!) &&
        firstCells.length >= 2 &&
        firstCells.every((x) => /^(?:19|20)\d{2}$/.test(x.trim())),
      dilutedPerShare: [...pending, leadIn].some((p) =>
        /\bdiluted per[- ]share (?:amounts|data|figures|results)\b/i.test(p),
      ),
    };
    pending = [];
    droppedDates = [];
    previous = null;
    leadIn = '';
  };
  // Footnote marks whose note says the measure is non-GAAP ("(1) Please refer to the Non-GAAP financial measures
  // section ..."): a row label carrying such a mark names a non-GAAP measure.
  const nonGaapMarks = new Set<string>();
  for (const [i, b] of blocks.entries()) {
    const mark = /^\((\d)\)\s*(.*)$/.exec(b.text) ?? /(?:^|\| )\((\d)\)$/.exec(b.text);
    if (mark === null) continue;
    const note = mark[2] && mark[2] !== '' ? mark[2] : (blocks[i + 1]?.text ?? '');
    if (/\bnon[- ]?gaap\b/i.test(note)) nonGaapMarks.add(mark[1]!);
  }
  /** Period headings met after the current table's last row: the next table's, if a caption opens one. */
  let headingsAfterRows: string[] = [];
  for (const b of blocks) {
    if (!b.row) {
      const t = b.text;
      // (A lead sentence that announces the results, "Honeywell ... today announced its results for the fourth
      // quarter and full year 2013:", is prose however short: its period words name no column.)
      const prose =
        (t.length > 160 && /[a-z]{3,}[.;] |[a-z]{3,}\.$/.test(t)) ||
        /\btoday (?:announced|reported)\b/i.test(t);
      // A numbered note between a table's header and its first row ("1. Underlying profit is calculated as ...") is
      // the table's note: it does not end the table.
      if (ctx !== null && (ctx as TableContext).rows === 0 && /^\d{1,2}\.\s+[A-Z][a-z]/.test(t)) continue;
      if (prose || /^the following tables? /i.test(t)) {
        ctx = null;
        pending = [];
        droppedDates = [];
        previous = null;
        // The safe-harbor paragraph speaks of "expectations" without introducing a table of targets.
        // (h-earn37: Health Catalyst Q4 2019) A quotation ("“We concluded ... exceeded the midpoint of our guidance for
        // the quarter,” said Dan Burton") is someone's words, not a lead-in announcing the table after it.
        leadIn =
          /forward[- ]looking|safe harbor|risks? and uncertainties/i.test(t) || /^\s*[“"]/.test(t) ? '' : t;
        continue;
      }
      // A scale caption between a table's header and its first row ("Three Months Ended June 30, | Six Months Ended
      // June 30," / "2026 | 2025 | 2026 | 2025" / "Unaudited. In thousands, except ASP data.") is that table's caption.
      if (
        ctx !== null &&
        (ctx as TableContext).rows === 0 &&
        (ctx as TableContext).scale === null &&
        !TITLE.test(t) &&
        captionScale(t) !== null
      ) {
        const c = ctx as TableContext;
        const caption = captionScale(t)!;
        c.scale = caption.scale;
        c.scaleEvidence = caption.evidence;
        c.title = c.title === '' ? t : `${c.title} / ${t}`;
        continue;
      }
      // A line opening with "Non-GAAP" right among a table's rows ("Non-GAAP measures, excluding divestitures for
      // year-over-year comparisons") opens that table's non-GAAP section, as such a row does.
      if (
        ctx !== null &&
        (ctx as TableContext).rows > 0 &&
        t.length < 120 &&
        /^non[- ]?gaap\b/i.test(t) &&
        captionScale(t) === null
      ) {
        const c = ctx as TableContext;
        for (const f of out.slice(c.firstOut)) if (f.basis === 'unspecified') f.basis = 'gaap';
        c.section = t;
        c.lastConcept = null;
        continue;
      }
      if (TITLE.test(t) || captionScale(t) !== null) {
        // A title between a table's header and its first row belongs to that table ("3 Months Ended ... /
        // Consolidated Earnings-As Reported").
        if (ctx !== null && (ctx as TableContext).rows === 0 && TITLE.test(t)) {
          const c = ctx as TableContext;
          c.title = c.title === '' ? t : `${c.title} / ${t}`;
          if (c.kind === 'other' && RECONCILIATION.test(t)) c.kind = 'reconciliation';
          else if (c.kind === 'other' && (STATEMENT.test(t) || /consolidated|condensed/i.test(t)))
            c.kind = 'statement';
          continue;
        }
        // A title or caption after rows opens the next table, and the period headings printed between those rows and
        // it ("Twelve months" / "Fourth quarter" / "to December 31" / "millions of Canadian dollars") head that table.
        if (ctx !== null && (ctx as TableContext).rows > 0) {
          previous = ctx;
          ctx = null;
          pending.push(...headingsAfterRows);
        }
        headingsAfterRows = [];
        pending.push(t);
        continue;
      }
      if (ctx !== null) {
        // A column date written day first with dots on a line of its own under the header row ("31.03.2014") is the
        // header's.
        if ((ctx as TableContext).rows === 0 && dottedDate(t) !== null) {
          (ctx as TableContext).header += ` | ${t}`;
          continue;
        }
        if (isHeading(t)) {
          (ctx as TableContext).header += ` | ${t}`;
          if ((ctx as TableContext).rows > 0) headingsAfterRows.push(t);
        }
        // A heading opening in lower case continues the one above it ("Earnings per share" / "from continuing
        // operations").
        const c = ctx as TableContext;
        // ... and so does one opening with a dash and "before" ("Net earnings (loss) per share" / "– before specific
        // items"): the same line before those items (non-GAAP).
        c.section =
          (/^[a-z]/.test(t) && c.section !== '' && c.rows === c.sectionRows) ||
          (/^[-\u2013\u2014]\s*before\b/i.test(t) && c.section !== '')
            ? `${c.section} ${t}`
            : t;
        c.sectionRows = c.rows;
      } else {
        pending.push(t);
        // A heading that names results ("Operating Results") between a paragraph of expectations and the table
        // ends that paragraph's lead-in: the table is of results.
        if (/\bresults\b|\bhighlights\b/i.test(t) && !FORWARD_TABLE.test(t) && t.length < 80) leadIn = '';
      }
      // (h-earn29: Qorvo's "SELECTED NON-GAAP RESULTS1" / "(Unaudited)" / caption / six lines of wrapped column
      // headings.) Of the lines kept before a table, a heading line goes first: the table's title stays its title
      // however many heading lines its header is wrapped over.
      if (pending.length > 8) {
        const other = (p: string) => !TITLE.test(p) && captionScale(p) === null;
        const plain = pending.findIndex((p) => other(p) && !isHeading(p));
        const drop = plain >= 0 ? plain : pending.findIndex(other);
        for (const line of pending.splice(drop < 0 ? 0 : drop, 1))
          droppedDates.push(...[...line.matchAll(FULL_DATE)].map((m) => m[0]));
      }
      continue;
    }
    const cells = cellsOf(b.text);
    if (cells.length === 0) continue;
    headingsAfterRows = [];
    const first = cells[0] ?? '';
    // A "Non-GAAP measures, excluding divestitures ..." row among a table's rows opens that table's non-GAAP section
    // (same header and caption): the rows after it are non-GAAP, the unqualified rows before it GAAP.
    if (
      ctx !== null &&
      (ctx as TableContext).rows > 0 &&
      cells.length === 1 &&
      !isFigureCell(first) &&
      /\bnon[- ]?gaap\b/i.test(first)
    ) {
      // ... but a title naming non-GAAP results ("SELECTED NON-GAAP RESULTS1") opens a table of its own, with its own
      // caption and column headings after it.
      if (NON_GAAP_RESULTS_TITLE.test(first)) {
        ctx = null;
        pending = [first];
        droppedDates = [];
        leadIn = '';
        continue;
      }
      const c = ctx as TableContext;
      for (const f of out.slice(c.firstOut)) if (f.basis === 'unspecified') f.basis = 'gaap';
      c.section = first;
      c.lastConcept = null;
      continue;
    }
    // A header row after a table's rows repeats the header for the next part: a new table under the same
    // title and caption.
    if (ctx !== null && (ctx as TableContext).rows > 0 && isHeaderRow(cells) && SPAN_TEST.test(b.text)) {
      // (A heading naming a non-GAAP section right above that header, "Non-GAAP Results" / "Q3 15 | Q3 14", stays
      // the section of the rows under it.)
      const c = ctx as TableContext;
      const section = NON_GAAP_SECTION.test(c.section.trim()) ? c.section : '';
      ctx = { ...c, header: b.text, section, lastConcept: null, rows: 0 };
      continue;
    }
    if (
      ctx === null ||
      (!isFigureCell(first) &&
        TITLE.test(first) &&
        cells.slice(1).every((c) => !isFigureCell(c) || /^(?:19|20)\d{2}$/.test(c)))
    ) {
      if (ctx === null || TITLE.test(first)) {
        if (TITLE.test(first) && !isFigureCell(first)) pending.push(first);
        startTable(cells);
      }
    }
    const c = ctx as unknown as TableContext;
    // A caption can sit in the header row's first cell: "(In millions, except per share data) | Three Months Ended".
    if (c.scale === null) {
      const inRow = captionScale(first);
      if (inRow !== null && !isFigureCell(first)) {
        c.scale = inRow.scale;
        c.scaleEvidence = inRow.evidence;
        // ... and then it is the title of a table that has no other.
        if (c.title === '') c.title = first;
      }
    }
    // ... or in a header row's cell of its own ("3rd quarter | € million | % | € million | %"): the columns' unit.
    if (c.scale === null && isHeaderRow(cells)) {
      // (h-earn38: Bodycote, "Half year to 30 June 2013 £m | ... | Year ended 31 Dec 2012 (Restated)* £m") ... or at the
      // end of every period heading, the same unit in each.
      const tails = cells.map((x) => /\s(£m|€m|\$m)$/.exec(x.trim())?.[1]);
      const tail =
        cells.length >= 2 && tails.every((t) => t !== undefined && t === tails[0]) ? tails[0] : undefined;
      const unit =
        cells.slice(1).find((x) => x.length <= 20 && captionScale(x) !== null) ??
        (tail !== undefined && captionScale(tail) !== null ? tail : undefined);
      if (unit !== undefined) {
        c.scale = captionScale(unit)!.scale;
        c.scaleEvidence = unit.trim();
        if (c.title === '') c.title = unit.trim();
      }
    }
    // (h-earn39: Morgan Advanced Materials H1 2022, "Note | £m | £m | £m | £m | £m | m | £m | £m | £m |") A row of
    // nothing but a unit per column ("£m", most of them; one may be misprinted), after a "Note" heading or not, is the
    // table's unit row: its unit is the table's scale, and a row with one value more than its columns under a "Note"
    // heading opens with its note number.
    const unitRow = cells.map((x) => x.trim()).filter((x) => x !== '');
    const unitCells = unitRow.filter((x) => !/^notes?$/i.test(x));
    if (
      unitCells.length >= 2 &&
      unitCells.every((x) => /^(?:[£$€]|[A-Z]{3}\s?)?m$/.test(x)) &&
      unitCells.filter((x) => captionScale(x) !== null).length * 2 > unitCells.length
    ) {
      const unit = unitCells.find((x) => captionScale(x) !== null)!;
      if (c.scale === null) {
        c.scale = captionScale(unit)!.scale;
        c.scaleEvidence = unit;
      }
      c.unitColumns = { count: unitCells.length, note: unitRow.length > unitCells.length };
      continue;
    }
    if (c.kind === 'guidance' || c.kind === 'prior') continue;
    // (h-earn39: ... and a row of sub-column headings with no figure before the first row, two or more of them "Total",
    // "Results before specific adjusting items | Specific adjusting items1 | Total | ...", is the header's too.)
    const subHeader =
      c.rows === 0 &&
      cells.filter((x) => /^total$/i.test(x.trim())).length >= 2 &&
      cells.every((x) => !isFigureCell(x) && !isNilCell(x));
    if (
      isHeaderRow(cells) ||
      subHeader ||
      (TITLE.test(first) && cells.slice(1).every((x) => !isFigureCell(x) || /^(?:19|20)\d{2}$/.test(x)))
    ) {
      // (h-earn39: Morgan Advanced Materials H1 2024, "Half-year results for the period ended 30 June 2024" above "£ million
      // unless otherwise stated | 1H 2024 | 1H 2023 | ...") A first header row whose period columns each print a period
      // code and its year is the table's whole header: the headings above it are the document's.
      const coded = cells.filter((x) =>
        /^(?:FY|[1-4]Q|Q[1-4]|[12]H|H[12]) ?(?:19|20)\d{2}$/i.test(x.trim()),
      ).length;
      // (... and so is one whose every cell names a span ended on a day-first date, "Six months ended 30 June 2022 | Six
      // months ended 30 June 2021 | Year ended 31 December 2021", under the title "Income Statement: Half Year 2022".)
      const filled = cells.map((x) => x.trim()).filter((x) => x !== '');
      const dated =
        filled.length >= 2 &&
        filled.every((x) =>
          /^(?:(?:three|six|nine|twelve) months|quarter|half[- ]year|(?:fiscal )?year) ended \d{1,2} [A-Za-z]{3,9} (?:19|20)\d{2}$/i.test(
            x,
          ),
        );
      if (c.rows === 0 && (coded >= 2 || dated)) c.header = b.text;
      else c.header += ` | ${b.text}`;
      continue;
    }
    // (h-earn38: Bodycote, "Earnings per share" / "Pence | Pence | Pence" / "Basic | 18.9 | 17.3 | 35.9") A row of nothing
    // but a unit per column is no heading: the per-share rows under it are in that unit, pence or cents hundredths.
    if (cells.length >= 2 && cells.every((x) => /^(?:pence|cents)$/i.test(x.trim()))) {
      c.hundredths = true;
      continue;
    }
    const hasLabel = !isFigureCell(first) && !isNilCell(first);
    if (!hasLabel) continue;
    // A unit in parentheses closing the row's label ("Revenue (£million)", "Net income (millions)" with "$" in its
    // cells, "Profit attributable to owners of the Company (HK$ million)", "Basic earnings per share (HK cents)", "(pence)") is no part of the line item's name: it is the
    // row's own scale, over the table's caption, and a per-share row in cents or pence states hundredths.
    const rowUnit = ROW_UNIT.exec(first);
    const label = rowUnit === null ? first : first.slice(0, rowUnit.index);
    const rowScale: Scale | null =
      rowUnit === null || rowUnit[2] !== undefined
        ? null
        : /^(?:m|millions?)$/i.test(rowUnit[1]!)
          ? 'millions'
          : /^(?:bn|billions?)$/i.test(rowUnit[1]!)
            ? 'billions'
            : 'thousands';
    const rowHundredths = rowUnit?.[2] !== undefined;
    // A number whose next cell is "%" ("Gross margin | 61.3 | % | 60.4 | %") is a percent, never an amount.
    const rest = cells.slice(1);
    const values = rest.filter(
      (x, i) =>
        ((isFigureCell(x) && !/%\)?$/.test(x.trim())) || isNilCell(x) || MISPRINTED_CELL.test(x.trim())) &&
        !/^%\)?$/.test(rest[i + 1]?.trim() ?? ''),
    );
    // (h-earn27: FEMSA 2012, "Amounts expressed in millions of U.S. dollars ($) and in millions of Mexican pesos (Ps.)"
    // over "| Note | 2012 (*) | 2012 | 2012 |".) In a table whose caption names U.S. dollars and another currency, the
    // column of the year marked "(*)" is the dollar translation, never the figure; a row with one value more than the
    // header has year columns, under a "Note" heading, opens with its note number.
    const yearCells = c.header
      .split('|')
      .map((h) => h.trim())
      .filter((h) => /^(?:19|20)\d{2}(?:\s*\((?:\d|\*)\))?$/.test(h));
    const translated = yearCells.findIndex((h) => /\(\*\)$/.test(h));
    if (
      translated >= 0 &&
      /\bU\.?\s?S\.? dollars?\b/i.test(`${c.title} ${c.scaleEvidence ?? ''}`) &&
      /\b(?:pesos|reais|rupees|yuan|renminbi|won|yen|euros?|pounds|rand|shekels)\b/i.test(
        `${c.title} ${c.scaleEvidence ?? ''}`,
      )
    ) {
      if (values.length === yearCells.length + 1 && /(?:^|\|)\s*notes?\s*(?:\||$)/i.test(c.header))
        values.shift();
      if (values.length === yearCells.length) values.splice(translated, 1);
    }
    if (
      c.unitColumns?.note === true &&
      rest.filter((x) => x.replace(/\s*\|\s*$/, '').trim() !== '').length === c.unitColumns.count + 1 &&
      /^\d{1,2}$/.test(values[0]!.trim())
    )
      values.shift();
    if (values.length === 0) {
      c.section = label;
      continue;
    }
    c.rows++;
    c.width = cells.length;
    // An untitled table that lists income taxes after a revenue line ("Net Sales | $6,532" ... "Income taxes (benefit)
    // | 223") is a statement of operations: its unqualified lines are GAAP, the ones above as the ones below.
    // ... and so is one that lists the cost of its sales right under its revenue line ("Net sales | $28,650" / "Cost of
    // goods sold | 12,064"): only a statement sets the cost of what was sold against the sales.
    if (
      c.kind === 'other' &&
      c.title === '' &&
      !c.statementRows &&
      (/^(?:provision for )?income tax(?:es)?\b/i.test(label.trim()) ||
        (/^cost of (?:goods sold|sales|revenues?)$/i.test(label.trim()) && c.rows === 2)) &&
      out.slice(c.firstOut).some((f) => f.concept === 'revenue')
    ) {
      c.statementRows = true;
      for (const f of out.slice(c.firstOut)) if (f.basis === 'unspecified') f.basis = 'gaap';
    }
    // A row opening with a dash and "before" right under a line item ("Net earnings (loss)" / "– before specific items")
    // is that item before those items: a non-GAAP figure of the same line.
    const beforeItems = /^[-\u2013\u2014]\s*before\b/i.test(label.trim()) && c.lastConcept !== null;
    const named = beforeItems ? c.lastConcept : conceptOfLabel(label, c.section, c.lastConcept);
    // A statement of operations whose only revenue line is "Product revenue" ("Product revenue | 29,133", a company
    // selling only products) or "Collaboration revenue" (a biotech paid only by its partners, "Collaboration revenue |
    // 25,556") states its revenue there; a table naming any other revenue or sales line does not.
    const productLine =
      named === null &&
      c.kind === 'statement' &&
      /^(?:net )?(?:product (?:revenues?|sales)|collaboration revenues?)(?:, net)?$/i.test(label.trim());
    if (
      !productLine &&
      /\b(?:revenues?|sales)\b/i.test(label) &&
      !/^cost\b|\bexpenses?\b/i.test(label.trim())
    )
      c.namesRevenue = true;
    // A row named only "Provision" under a net interest income row of the same table ("Net interest income | $ |
    // 204,948" ... "Provision | 280,000") is a lender's provision for credit losses.
    const bareProvision =
      named === null &&
      /^provisions?(?: \(\d\))?$/i.test(label.trim()) &&
      out.slice(c.firstOut).some((f) => f.concept === 'net_interest_income');
    const concept: Concept | null = productLine
      ? 'revenue'
      : bareProvision
        ? 'provision_for_credit_losses'
        : named;
    // (h-earn30) A per-share row that states no kind, right above a row named diluted of the same basis ("Net income per
    // share | 6.04" over "per share- diluted | — | —", "Earnings per share" over "Diluted earnings per share"), is the
    // basic one: the diluted figure has its own row.
    if (
      concept === 'eps_diluted' &&
      c.lastConcept === 'eps' &&
      !BOTH_EPS_KINDS.test(label) &&
      !labelIsNonGaap(label, concept)
    )
      for (const f of out.slice(c.firstOut))
        if (f.concept === 'eps' && f.block === lastRowBlock && !labelIsNonGaap(f.label, 'eps'))
          f.concept = 'eps_basic';
    lastRowBlock = b;
    c.lastConcept =
      concept ?? (c.lastConcept !== null && /^(?:basic|diluted)/i.test(label) ? c.lastConcept : null);
    if (concept === null) continue;
    let basis: Basis;
    const nonGaapLabel =
      beforeItems ||
      /\s[-\u2013\u2014]\s*before\b/i.test(c.section) ||
      labelIsNonGaap(label, concept) ||
      c.nonGaap ||
      /non[- ]?gaap|adjusted/i.test(c.section) ||
      NON_GAAP_SECTION.test(c.section.trim()) ||
      [...label.matchAll(/\((\d)\)/g)].some((m) => nonGaapMarks.has(m[1]!));
    // A table that labels its non-GAAP lines "Non-GAAP ..." beside unqualified ones ("Revenue | $21.7M", "Non-GAAP
    // gross margin (a) | 23%") states the unqualified lines as reported: GAAP.
    if (/^non[- ]?gaap\b/i.test(label.trim()) && !c.labelsNonGaap) {
      c.labelsNonGaap = true;
      for (const f of out.slice(c.firstOut)) if (f.basis === 'unspecified') f.basis = 'gaap';
    }
    if (nonGaapLabel || NON_GAAP_RESULTS_TITLE.test(c.title)) basis = 'non_gaap';
    else if (c.labelsNonGaap && c.kind !== 'reconciliation') basis = 'gaap';
    else if (c.kind === 'reconciliation') {
      if (!/\bgaap\b|as reported|reported/i.test(label) && !/\bgaap\b/i.test(c.section)) continue;
      basis = 'gaap';
    }
    // A table titled only by its scale caption (a highlights table with no heading) names its GAAP lines as
    // prose does: an unqualified GAAP line item is GAAP (non-GAAP ones must be labelled).
    // ... and so does a table whose title or caption names IFRS ("IFRS-INR cr"): its unqualified lines are as reported.
    else
      basis =
        c.kind === 'statement' ||
        c.statementRows === true ||
        (c.title !== '' && !TITLE.test(c.title)) ||
        /\bIFRS\b/.test(c.title) ||
        // (h-earn37: "SUMMARY OF FINANCIAL RESULTS U.S. GAAP (millions of U.S dollars ...)": a title naming GAAP, and no
        // non-GAAP, says the same of its unqualified lines.)
        (/\bGAAP\b/.test(c.title) && !/non[- ]?gaap/i.test(c.title)) ||
        /^(?:selected )?financial highlights\b/i.test(c.title) ||
        // (h-earn40: Cincinnati Financial Q1 2014, "(In millions except per share data) / Revenue Highlights" over
        // "Total revenues | 1,189") ... and so does a caption followed by a heading of highlights.
        (c.scale !== null && /^\([^)]*\) \/ [A-Z][a-z]+ highlights$/i.test(c.title))
          ? 'gaap'
          : 'unspecified';
    const spans = headerSpans(c.header);
    const groups = collapse(spans);
    const perShare = PER_SHARE_CONCEPTS.has(concept);
    // (A per-share row's section says which earnings it divides: "Earnings per share from continuing operations".)
    const rank = rankOf(perShare ? `${c.section} ${label}` : label, concept);
    // A per-share row "basic and diluted" ("Net loss per share, basic and diluted", the Nordic "before and after
    // dilution") states both kinds at once.
    // ... and a per-share row of a table whose lead-in says its per-share amounts are diluted is diluted.
    const concepts: Concept[] =
      concept === 'eps_diluted' && BOTH_EPS_KINDS.test(label)
        ? ['eps_diluted', 'eps_basic']
        : concept === 'eps' && c.dilutedPerShare
          ? ['eps_diluted']
          : [concept];
    const pushColumn = (index: number, span: Span) => {
      const printed = values[index];
      if (printed === undefined || isNilCell(printed) || MISPRINTED_CELL.test(printed.trim())) return;
      const amount = parseAmount(printed);
      if (amount === null) return;
      // A per-share cell in pence ("46.4p") is a hundredth of the pound.
      const value =
        perShare && (/\d\)?p\)?$/.test(printed.trim()) || rowHundredths || c.hundredths === true)
          ? Number((amount / 100).toPrecision(12))
          : amount;
      if (productLine) productFigures.set(out.length, c);
      for (const concept of concepts)
        out.push({
          concept,
          label: label.trim(),
          basis,
          span,
          printed,
          value,
          scale: perShare ? 'units' : (cellScale(printed) ?? rowScale ?? c.scale),
          scaleEvidence: perShare
            ? 'per-share figures are never scaled'
            : cellScale(printed) !== null
              ? printed.trim()
              : rowScale !== null
                ? rowUnit![0].trim()
                : c.scaleEvidence,
          table: c.title,
          block: b,
          rank,
          tableIndex: c.index,
        });
    };
    // A header whose period columns name years in rising order ("FY 2012 | FY 2013 | Change") prints the prior
    // period first: the current period is the latest year's column.
    // When the header has cells of a bare year ("Year ended March 31 | Year ended March 31, 2018 | 2017 | 2018"),
    // those cells are the columns' years.
    const bareYears = c.header
      .split('|')
      .filter((h) => /^(?:19|20)\d{2}$/.test(h.trim()))
      .map(Number);
    const years =
      bareYears.length >= 2
        ? bareYears
        : [...c.header.matchAll(/\b(?:19|20)\d{2}\b/g)].map((y) => Number(y[0]));
    const rising =
      years.length >= 2 &&
      years.every((y, i) => i === 0 || y > years[i - 1]!) &&
      values.length >= years.length;
    // (h-earn31: Raymond James's supplement, "Three months ended" over five quarters "2018 | 2019 | 2019 | 2019 | 2019"
    // then two "% change from" columns.) Quarter columns whose years never fall from the first to the last figure
    // column, and rise, run oldest first: the current quarter is the last figure column.
    const columnYears = years.slice(0, values.length);
    const oldestFirst =
      !rising &&
      values.length >= 3 &&
      columnYears.length === values.length &&
      columnYears.every((y, i) => i === 0 || y >= columnYears[i - 1]!) &&
      columnYears.at(-1)! > columnYears[0]!;
    // A header of month ranges in figures gives each column its span and year: of each span, the column of the
    // header's latest year is current (a bare year beside them is a past full year unless it is that latest year).
    const monthColumns = numericMonthColumns(c.header);
    if (monthColumns !== null && monthColumns.length === values.length) {
      const latest = Math.max(...monthColumns.map((x) => x.year));
      const done = new Set<Span>();
      for (const [i, col] of monthColumns.entries()) {
        if (col.year !== latest || col.span === 'unknown' || done.has(col.span)) continue;
        done.add(col.span);
        pushColumn(i, col.span);
      }
      continue;
    }
    // (h-earn39: Morgan Advanced Materials H1 2022, "Six months ended 30 June 2022 | Six months ended 30 June 2021 | Year
    // ended 31 December 2021" over "Results before specific adjusting items | Specific adjusting items1 | Total" for each)
    // Period headings each spread over the same sub-columns, the last "Total", give each period its Total column.
    const headerCells = c.header.split('|').map((h) => h.trim());
    const periodCells = headerCells.filter((h) => SPAN_TEST.test(h) && /\b(?:19|20)\d{2}$/.test(h));
    const totals = headerCells.filter((h) => /^total$/i.test(h)).length;
    const subCells = headerCells.filter(
      (h) => h !== '' && !periodCells.includes(h) && !/^(?:notes?|[£$€]?m)$/i.test(h) && !TITLE.test(h),
    );
    if (
      periodCells.length >= 2 &&
      totals === periodCells.length &&
      subCells.length % totals === 0 &&
      subCells.length / totals >= 2 &&
      /^total$/i.test(subCells[subCells.length / totals - 1]!)
    ) {
      const k = subCells.length / totals;
      const done = new Set<Span>();
      for (const [i, h] of periodCells.entries()) {
        const sp = spanOf(SPAN_TEST.exec(h)![0]);
        if (sp === 'unknown' || done.has(sp)) continue;
        done.add(sp);
        pushColumn(i * k + k - 1, sp);
      }
      continue;
    }
    // A header of bare years that names no span ("2022 | 2021 | Change") has a year in each column.
    if (groups.length <= 1)
      pushColumn(
        rising ? years.length - 1 : oldestFirst ? values.length - 1 : 0,
        groups[0] ?? (bareYears.length >= 2 ? 'year' : 'unknown'),
      );
    else if (values.length % groups.length === 0) {
      const k = values.length / groups.length;
      for (const [i, g] of groups.entries()) pushColumn(i * k, g);
    }
    // A header naming a span over every column ("Quarter ended 31 December 2011 | ... | Year ended 31 December 2011 |
    // Year ended 31 December 2010") gives each span its first column.
    else if (spans.length === values.length)
      for (const [i, sp] of spans.entries()) {
        if (i === 0 || sp !== spans[i - 1]) pushColumn(i, sp);
      }
    // A "Quarter ended | Year ended" header over dated columns, more than the two spans divide evenly, whose last date
    // is a year before its first ends with the year's two columns (this year, then the year before, its date cell
    // perhaps empty): the quarter's column is the first, the year's the second to last.
    else if (
      groups.length === 2 &&
      groups[0] === 'quarter' &&
      groups[1] === 'year' &&
      values.length >= 3 &&
      lastDateAYearBeforeFirst(c.header)
    ) {
      pushColumn(0, 'quarter');
      pushColumn(values.length - 2, 'year');
    } else pushColumn(0, groups[0]!);
  }
  // (h-earn26) A table that states operating earnings per share ("Basic operating earnings per share (1)") makes its
  // "Operating earnings" row earnings, a non-GAAP net income: GAAP states no operating income per share (as in prose).
  // (h-earn40: Cincinnati Financial Q1 2014, "Operating income* | $77" and, under "Per Share Data (diluted)", "Operating
  // income* | $0.46") ... and so does a per-share row of the same table labelled as the operating row is: both are the
  // non-GAAP earnings.
  for (const f of out) {
    if (f.concept !== 'operating_income') continue;
    const perShareTwins = out.filter(
      (g) =>
        g.tableIndex === f.tableIndex &&
        PER_SHARE_CONCEPTS.has(g.concept) &&
        (/\boperating earnings per (?:diluted |basic )?share\b/i.test(g.label) ||
          (/^operating (?:income|earnings)\b/i.test(f.label) && g.label === f.label)),
    );
    if (
      perShareTwins.length > 0 &&
      (/^operating earnings\b/i.test(f.label) || perShareTwins.some((g) => g.label === f.label))
    ) {
      f.concept = 'net_income';
      f.basis = 'non_gaap';
      for (const g of perShareTwins) if (g.label === f.label) g.basis = 'non_gaap';
    }
  }
  // (h-earn31: Raymond James, "Total revenues | 2,004 ..." / "Interest expense | (73) ..." / "Net revenues | 1,931 ...".)
  // A "Net revenues" row set under a "Total revenues" row and an interest expense row of the same table is a financial
  // firm's revenue net of its interest expense, its top line: it beats the total.
  for (const f of out) {
    if (f.concept !== 'revenue' || !/^net revenues?$/i.test(f.label)) continue;
    const total = out.find(
      (g) =>
        g.tableIndex === f.tableIndex &&
        g.concept === 'revenue' &&
        /^total revenues?$/i.test(g.label) &&
        g.block.start < f.block.start,
    );
    if (
      total !== undefined &&
      blocks.some(
        (b) =>
          b.row &&
          b.start > total.block.start &&
          b.start < f.block.start &&
          /^interest expense\b/i.test(b.text),
      )
    )
      f.rank = -1;
  }
  return out.filter((_, i) => !productFigures.get(i)?.namesRevenue);
}

/** The header's column dates ("31.03.2014", "March 31, 2014"): the last is the first's day a year before. */
function lastDateAYearBeforeFirst(header: string): boolean {
  const dates = header
    .split('|')
    .map((h) => parseDate(h.trim()) ?? dottedDate(h.trim()))
    .filter((d): d is string => d !== null);
  if (dates.length < 2) return false;
  const first = dates[0]!;
  return dates.at(-1) === `${Number(first.slice(0, 4)) - 1}${first.slice(4)}`;
}

/**
 * A row's cells: split at " | "; a Markdown table row ("| Net income | $ | 101 | | $ | 3,134 |") is split at every
 * "|", its outer pipes and empty cells dropped, and its separator line ("| --- | --- |") has none.
 */
export function cellsOf(text: string): string[] {
  // A cell of nothing but "|" marks ("Net sales | 2 312 | ... | 4 911 | |": empty cells the source kept) is no cell.
  if (!/^\|.*\|$/.test(text.trim())) return text.split(' | ').filter((c) => !/^\s*\|+\s*$/.test(c));
  const cells = text
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  return cells.every((c) => /^:?-{3,}:?$/.test(c)) ? [] : cells;
}

function collapse(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of spans) if (out[out.length - 1] !== s) out.push(s);
  return out;
}

function rankOf(label: string, concept: Concept): number {
  const l = label.toLowerCase();
  // A revenue total "and other income" adds income that is no revenue: a revenue row of the same table without it
  // ("Operating revenues" above "TOTAL REVENUES AND OTHER INCOME") states the revenue.
  if (concept === 'revenue') return /\band other income\b/.test(l) ? 2 : /^total/.test(l) ? 0 : 1;
  // (h-earn26: below even a net income "available to common", which is the whole net income less preferred dividends.)
  if (/continuing/.test(l) && !/discontinued/.test(l)) return 3;
  // Net income "available to common shareholders" is what is left after preferred dividends: a net income row of the
  // same table without those words states the net income (one "attributable to" the company still beats the total
  // with noncontrolling interests).
  if (concept === 'net_income' && /\b(?:available|applicable) to common\b/.test(l)) return 2;
  // (h-earn27: and FEMSA's "Controlling interest" under "Attributable to:", the parent's share.)
  if (
    /attributable|applicable|available|^(?:equity holders|owners) of the parent|^controlling interests?$/.test(
      l,
    )
  )
    return 0;
  return 1;
}
