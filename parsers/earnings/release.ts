import type { Concept } from './release-concepts.ts';
import { PER_SHARE_CONCEPTS, unitOfConcept } from './release-concepts.ts';
import { type ReleaseDocument, readRelease } from './release-document.ts';
import {
  cellForecastTable,
  forecastTable,
  plainForecastTable,
  repeatedHeadTable,
  revisionForecastTable,
} from './release-forecast-table.ts';
import {
  applyWordedStatus,
  type Guidance,
  growthAfterRevenue,
  guidanceActualTable,
  guidanceOf,
  REINSTATED,
  tableGuidance,
  titleTarget,
} from './release-guidance.ts';
import { type Measure, measuresOf } from './release-measures.ts';
import {
  captionScale,
  detectCurrency,
  isFigureCell,
  parseAmount,
  SCALE_FACTOR,
  type Scale,
  toFullUnits,
} from './release-numbers.ts';
import {
  documentDate,
  type FiscalPeriod,
  parseDate,
  type ReportedPeriod,
  reportedPeriod,
} from './release-period.ts';
import { type ProseFigure, proseFigures } from './release-prose.ts';
import { type Sentence, sentencesOf } from './release-sentences.ts';
import { type Basis, cellsOf, type Span, type TableFigure, tableFigures } from './release-tables.ts';

/**
 * The earnings-release parser: 8-K Item 2.02 press release (full submission, lone document or the exhibit
 * alone, HTML or text) -> the reported period, its GAAP and non-GAAP figures, company measures and guidance,
 * each with its evidence (table row or sentence, offsets into `text`). Pure: no I/O, no clock.
 */

/**
 * Stored on every release row: a row parsed by an older version is replayed with `etl reparse earnings_releases` after an
 * upgrade. /2: the held-out rules of sets 8-13 (non-USD currencies and trillions, day-first date ranges, years
 * taken from the release's date line). /3: the held-out set 14 rules (HKD, ZAR, SFr and "stg" marks, a row label's own
 * unit, stacked and titled year headers, periods from a column year, an "Annual Report" heading or a bare-year header).
 * /4: the held-out set 15 rules (unit revenue per seat mile in hundredths, quarter-code headers, XBRL viewer lines,
 * decimal commas, "| label |" rows, period-row summaries, a bank's revenue net of interest expense). /5: the held-out
 * set 16 rules (rupees and crore, "$21.7M" cells, month-named quarters). /6: the held-out set 17 rules (R$, yuan and
 * fen, "Ps." amounts, dotted thousands with decimal commas, "(Unit: KRW bn)" and "(R$ MM)" captions, "22.3Q" / "6M24"
 * / change-column headers, year-over-code headers, "– before specific items" rows, glued "for"). /7: combined ratio and
 * book value per share rows, a lone "Product revenue" line, a change "from" a period, split column dates, misprinted
 * cells. /8: guidance floors and ceilings are stored as one-ended rows ("at least $30 million": low, high null), where
 * earlier versions stored no row; the guidance set 5 rules (one-cell-per-line +/- tables, "Guidance Metrics" tables).
 * /9: the guidance misses of set 5 and held-out 16-17 (h-guid10). /10: the guidance misses of sets 1-3 and Crown
 * Castle's tables (h-guid11; one-value-per-row tables under a period line, projected reconciliations with wrapped period
 * headers, values each with its own year, period rows under a metric named by the lead, basis-qualified statuses, "EPS
 * decreased 4.3% to $0.88"). /11: the guidance set 6 rules (a withdrawal's named metric, quarters "versus" a year,
 * assumption lists, "FY'24" / "Q3'24" table columns and split header rows, operating cash flow rows, yen prose
 * forecasts "to total ... trillion yen"). /12: the held-out set 18
 * rules (headings between two tables head the second, a two-line heading printed around a one-line one, revenue "and
 * other income" yields to operating revenues, "basic and diluted" before a per-share naming, income per limited partner
 * unit, "A, B and C were $x, $y and $z, respectively", continuing-operations EPS yields to the whole EPS, "9/30/2006"
 * and split "May 29," / "2011" column dates, one scale per unscaled table, untitled tables listing income taxes are
 * statements, "Third quarter ended"). /13: the guidance set 7 rules (h-guid13: "2025 Q1 | 2025" table columns,
 * underlying sales growth, split fiscal years "2015/16", amounts in Danish crowns and DKK, "pct", like-for-like growth,
 * "reported sales" GAAP, "continues to project" reaffirmed, "increased ... expectations to" raised). /14: /10 to /13
 * merged in one version (a table row's status is the one worded for its metric unless the lead's status names the
 * other basis). /15: the held-out set 19 rules ("Three Months Ended" over "September 30,", three months beside nine or
 * six months ended the same day, "Fiscal years ended" beside a quarter on the same date, a table's corroborated scale
 * holds for every period's columns, "Three Months" / "Twelve Months" over years, a dash before a non-breaking space
 * opens an item, "exclusive of"). /16: guidance set 7 rules (h-guid14: a sentence whose subject is the Street or that
 * gives an analyst's own estimate is not guidance; a per-share metric in percent is its growth; a figure and year after
 * "from the base" are the base of a growth; "free cash flow productivity / conversion" is a ratio; "This outlook equates
 * to a range of $X to $Y per share" is the EPS target of the growth before it; a status naming "core" EPS is non-GAAP;
 * in a semicolon list of targets after a colon each item is one target, its value before its name when none follows).
 * /17: guidance set 8 and set 7 rules (h-guid15: "X, plus or minus d" ranges, "GAAP and non-GAAP ... A and B,
 * respectively", a dated guidance-only text's year, "underlying" profit non-GAAP, "net profit", "A$" amounts with a US$
 * translation aside, "million pounds", "per cent", constant-currency growth no target, "is set to be", operating loss
 * ranges, half-year values no target, "the March quarter", "Sees ..." lines, "had seen" previous ranges, a status verb
 * whose object lists metrics, growth and level in one clause, "EPS of -€2.48" / "EPS was $1.40", "€4.45B").
 * /18: the held-out set 20 rules (h-earn23: "(Q3 2022: ...)" and amounts "reported in the" quarter are comparisons, a
 * dividend's fiscal year is no results year, a corroborated table scale found over every period first, cost of sales
 * under revenue makes a statement, spaced "H1 2021" / "Q2 20201" columns and partial rows, "mDKK" and "TEUR 43,616",
 * a currency code ending a paragraph runs on, ISO date ranges, "fully diluted", net income "available to common" yields
 * to net income, a bare "Provision" row, "increased $0.12 to $5.79", "Gross profit as a percent of net sales", dated
 * fourth-quarter header rows, "the reporting date of").
 * /19: the held-out set 20 guidance rules (h-guid16: "per share diluted earnings" is EPS, "EBIT" is operating income, a
 * range with no unit word takes the one of the "(previously ...)" range after it, a table whose header names periods
 * ended or earlier years and no outlook word or later year reports results whatever status bullet precedes it, "was DKK
 * 785 million" states a result).
 * /20: guidance leftovers (h-guid17: a period run into an inline bullet's dash ends a sentence, "First-quarter 2020"
 * names the reported quarter's year, a withdrawal's metrics listed after "guidance for" are each withdrawn, "base
 * earnings" is non-GAAP EPS, an earnings target compared with a per-share figure is per share, a measure the release
 * points to a definition and reconciliation for is non-GAAP, a results sentence turns to guidance at "but raised",
 * "Raises Organic to +4-5%" is organic growth).
 * /21: the held-out set 21 rules (h-earn24: a statement heading on its own line, "For the Three Months Ended December
 * 31,", heads the table under it and a separate "For the Years Ended" heading makes its quarter the fourth; a line
 * running three or more " - " items together is a list, one sentence per item; "additional gross margin" is no gross
 * profit; "had a loss of $3.7 million" is the net loss; single-space thousands "7 258" where no figure is comma-grouped;
 * "Rm" alone is millions of rand; "Quarter ended | Year ended" over day-first column dates; a lone "Quarter Ended:"
 * cell over column dates is a header row; a span over every column gives each span its first column; a tanshin's
 * full-width marks, "△" minus, "Million yen" / "%" columns in turn, a name wrapped around the others, "FY2021 Q1"
 * codes; a three-month date range ends an undated quarter; more comma-grouped than dotted figures keep the point
 * convention, "$0.502,3").
 * /22: guidance set 9 rules (h-guid18; /21 is another branch's): "Earnings/(Loss) Per Share" is EPS, "Net Interest
 * Expense" rows are interest expense, a range is stored low end first ("$(0.33) - $(0.54)"), a status verb on a period's
 * guidance as a whole ("Increased Its FY23 Guidance") covers every target of that period, a lead ending in a forecast
 * verb and a colon opens a list of targets, a parenthesized base's year names no target, a profit or per-share metric
 * before "growth" and an amount metric's percent after a word of change are growth (no row), a loss named before its
 * per-share range is EPS below zero, a quarter's forecast whose words name a metric covers only it, a withdrawal of a
 * product's sales guidance withdraws nothing, operational / constant-currency measures are not the plain ones,
 * "Estimated reported sales are now" is a forecast, the latest-dated of one-per-line guidance column heads holds the
 * targets, a cell worded as a change is growth, "investments" named as a target are capex; and the leftovers of sets 2, 5
 * and 8: a year "ended" on the day of a forecast year "ending" named before it is the forecast's base, "expected to record
 * a net loss of X to Y" is net income below zero, "Adjusted EPS, which ..., was flat at $0.83" is a result even when set
 * against the outlook, bullet columns side by side are split at a run of spaces, an item under an outlook heading that
 * opens with a signed change reports results and one that opens with a table metric ("Cash from operations approx. $1
 * billion") names it, a colon lead's status word is read before the whole outlook's.
 * /23: the held-out set 22 rules (h-earn25; /22 is another helper's): an amount followed by its currency code, "3,774
 * MSEK (3,557)", takes the code's scale and its parenthesised prior is blanked; "excl." is non-GAAP wording and a dot
 * before a lower-case word ends no clause; a new heading naming a period opens its group inside a block; three-letter
 * month ranges ("Jan- Dec 2019", "2019 Jul-Sep" column headers) name periods, and a January-December range or "year-end
 * report" gives a fourth quarter its year; "NIS" is a currency code (ILS, the US$ in parentheses a translation) and
 * "from NIS 123.2 million (US$ 33.3 million) in the second quarter of 2022" is a comparison; "per share of $0.15
 * diluted" is diluted; a provision for loan losses named in prose (not with an article) is the provision line;
 * "Earnings per share before and after dilution" is basic and diluted.
 * /24: the held-out set 23 rules (h-earn26; /25 is another helper's): a bullet list rendered as a table whose mark is an
 * em dash before a lower-case item, or whose text is followed by empty cells, is a list of paragraphs; a year to date
 * said to end after every quarter and year said to end ends the reported quarter; a split fiscal year "May-April
 * 2017/18" is the year ending in its second year, and "Q4" with that year makes it a fourth quarter and its year; a
 * quarter heading run in after a year opens a sentence; "May April 2017/18" is a month range; "before/after dilution"
 * after an EPS amount is basic and diluted; a table stating operating earnings per share makes its "Operating earnings"
 * row non-GAAP net income and "Basic operating earnings per share" is non-GAAP; a continuing-operations line ranks below
 * net income "available to common"; "was $.50" and "was 79.7% (77.2% in 2008)" lines are sentences, not headings; a
 * ratio row "(annualized)" is that ratio; a tanshin's forecast section printed one cell per line gives the fiscal
 * year's targets (release-forecast-table.ts; half-year rows none, "Revision ...: Yes" updated).
 * /26: the held-out set 24 rules (h-earn27; /25 is another helper's): a statement whose only revenue line is
 * "Collaboration revenue" states its revenue there, as "Product revenue" does; "normal" right before a profit, earnings,
 * income or revenue name ("normal net profit after tax") is non-GAAP; plain "$" amounts in a text whose dividends are
 * "franked" are Australian dollars unless US dollars are written out; a sentence naming fourteen weeks is of the quarter
 * and one naming 52 or 53 weeks of the year; a quarter said to end on a calendar quarter's last day with no year ("the
 * three months ended June 30") is that calendar quarter, year and end unknown; "funds from operation" is FFO; a change
 * measure said to be "flat" or "unchanged" is 0%; an amount something "contributed" or "added" ("$189 million in
 * sales") is a part of the measure, not its value; in a table whose caption names U.S. dollars and another currency the
 * column of the year marked "(*)" is the dollar translation (a row with one value more, under a "Note" heading, opens
 * with its note); "Controlling interest" under "Attributable to:" is the parent's net income; a heading naming the
 * reported quarter beside the fiscal year ("Fourth Quarter Fiscal Year") over a row of bare years states the year.
 * /25: guidance set 10 rules (h-guid19; /24 is another helper's): "re-instated" / "reinstated" guidance is initiated and
 * the withdrawal the same document tells of is history (no row, no status); a basis word after " and " opens the next
 * target ("... per share and adjusted earnings ..."); a status naming a measure plain and adjusted speaks of both bases;
 * "guidance for the full year" without its year is the year the fiscal-year targets share; "at least $3.25 a share" is
 * per share; "turnover" is revenue; "for Q3 and full year 2024" names a quarter and its year; a quarter without its year
 * after quarter targets of one year is of that year when later; a wrapped-row table line opening with a label after a
 * row holding a figure, or a label followed by three or more marks alone, is a row of its own; a row naming an impact or
 * effect on a metric is a reconciling item; "GAAP Interest Expense Guidance" is interest expense; a title naming only a
 * fiscal year keeps the lead above it; a table printed beside another ends at its label cell (and its header where the
 * columns start over); "Pro Forma" in a row label is non-GAAP; values after "compared to the previous forecast" are the
 * earlier targets; a status worded with no value for a named year's guidance ("affirmed its fiscal 2023 guidance",
 * "Lowered 2015 revenue outlook") is that year's (metric's) guidance where no target of it has a value; a target naming no
 * period beside targets that all share one period is of that period unless its metric and basis have it already.
 * /27: /25 and /26 together (the lead's merge; a release parsed by /26 lacks the guidance rules of /25).
 * /28 (/27 on its branch h-earn28): the held-out set 25 rules: a lead-in sentence that ends by announcing
 * the table with its scale in parentheses ("... are as follows (dollars in millions, except per share data):") is that
 * table's caption; a figure cell may omit the zero before its decimal point ("(.26", ".27"); "Net (loss) earnings" and
 * "Net (loss) income" are the net income line; a full stop after a year run into a capitalised word ("December 31,
 * 1999.Net earnings") ends a sentence; "the fourth quarter and year ended ..." reports the year too; a month-day cell set
 * once per span group ("February 28,") with "(Unaudited)" under it dates both year columns of its group; a three-month
 * column dated off the calendar quarters ends the quarter the prose names.
 * /28 holds /24-/27 together (the lead's merge).
 * /29: guidance set 11 rules (h-guid20): a value in basis points not stated around a point is a
 * change of a rate, no target; a revenue percent named after "constant currency" is no target; "same-restaurant sales"
 * is comparable sales; "is still expected" and "continues to estimate" are reaffirmed (and forward words); a percent
 * worded "negative 1.0%" is below zero; "NII" is net interest income; "expense guidance" is operating expenses; an
 * amount between a verb of producing and "of" a metric's name ("generate $91 billion of NII") is its value; a bare year
 * after "in" / "for" in a forecast naming no other period is that fiscal year; a clause after ", compared with" names
 * no target period when the words before it name one; of two overlapping metric names a status sentence words, the
 * longer is the one it names ("raised organic revenue growth guidance": not revenue growth); a quarter still without its
 * year in a document whose dated targets are all of one fiscal year is that quarter of that year; two measures named
 * with two amounts "respectively" are each its own amount, a basis word before the first name is every later name's
 * that words none, and "EPS" named alone in such a list is per share; "earnings came in at $X" is worded as "earnings
 * were $X".
 * /29 holds /24-/28 too (the lead's merge).
 * /30 (h-earn29): the held-out set 26 rules: a table titled as non-GAAP results or a non-GAAP comparison ("SELECTED
 * NON-GAAP RESULTS1") states non-GAAP figures and opens a table of its own after another's rows, its title kept over
 * however many wrapped heading lines; a sentence stating every amount's currency may go on with "and are ..."; a "$"
 * cell of its own before a figure cell marks dollars; "earnings per share amounts are presented ... on a diluted basis"
 * makes unqualified per-share figures diluted; a digit in parentheses glued to a word ("earnings(1) per share") is a
 * footnote mark; a bullet under a heading "..., excluding notable items" is non-GAAP; earnings "from normal / ongoing
 * operations" are earnings, non-GAAP; a plain-text heading ending in "ended" and the date cell under it are one heading;
 * rows rendered one boxed cell a line ("| 226,993 |") after a label and first cell are read back as rows; a quarter
 * column beside a six- or nine-month column ended on the same off-calendar day is the second or third quarter.
 * /31 (h-earn30; /30 is another branch's, the lead merges): the held-out leftovers: a lakh scale (`lakhs`, 100,000) from
 * a caption naming it with the rupee ("(Rs. In Lakhs)"), which also names the currency; dotted day-first column dates
 * ("31.03.2014") under "Quarter ended | Year ended", a last column dated a year before the first making the quarter the
 * fourth and the year's columns the last two; "Profit / (Loss) from operations before other [income ...]" is operating
 * income; plain "$" of a release listed only on a Canadian exchange is CAD; an amount a verb of recording introduces
 * before a measure's name ("Recorded a $55.4 million provision for credit losses") is its value; a per-share row of no
 * kind right above one named diluted is basic; a quarter heading stacked one line at a time ("Thirteen weeks" / "ended" /
 * "April 3, 2010") dates the quarter; a non-GAAP EPS of unstated kind keeps no kind when the release also writes the
 * same GAAP EPS with no kind.
 * /32: guidance set 12 rules (h-guid21; /30 and /31 are other helpers'): "comparable-store sales" hyphenated; "a decline
 * of 2% to 3%" below zero; a period "ending" after a forecast word anywhere in its sentence is the forecast's; a quarter
 * naming a document ("third-quarter earnings release") is no target; "for its fiscal fourth quarter ending ..." is the
 * target's own period phrase; "FY ’19"; "(GAAP)" after the name; "second quarter and full-year 2023" dates a
 * guidance-only text's targets; a basis-less duplicate of a based target is one statement; an amount range with each
 * end's EPS beside it is two ranges; "per-share earnings"; "90 cents to $1.32"; a current quarter said to end in the
 * calendar quarter after the reported one keeps a dated text on the calendar; "including <Name> in the range of" is a
 * scope; "excluding" + lower-case words do not count toward the distance; a part "excluding" a named business yields to
 * the consolidated target "including" it; "reported ... second-quarter results ... as the company raised its guidance"
 * keeps its results part; "to earn between X and Y a share" is EPS; "had said it expected" is no target; ranges each with
 * their own period phrase after one name are one target per period; "raised its guidance on full-year results" covers
 * undated fiscal-year targets; a naming right after "up from" / "down from" is the comparison's; set 4's leftover: "basic
 * and diluted ... share count ... A and B, respectively" is the diluted count B, and "at the end of the fourth quarter of
 * 2013" is a target's own period phrase; "it earned $266 million, or 87 cents a share, excluding special items" names a
 * non-GAAP net income and EPS.
 * /32 holds /30 and /31 too (the lead's merge).
 * /33 (h-earn31): held-out set 27's rules: "from continuing operations" set between a net name and its amount ("net
 * income from continuing operations of $14.7 million, or $0.82 per diluted share") names the continuing line, which
 * yields to the whole net figure ("net income including discontinued operations was $13.4 million"); a ratio's value
 * followed by its own period phrase ("7.1% for the third quarter of 2023 and 7.6% for the first nine months") is that
 * period's; of the lines kept before a table, plain lines give way before heading lines, and when a short column heading
 * ("Three months ended") follows the table's title, the heading lines above the title ("FIRST QUARTER" / "FISCAL YEAR
 * 2020 RESULTS") are the document's, not the header; quarter columns whose years rise and never fall ("2018 | 2019 |
 * 2019 | 2019 | 2019") run oldest first, the current quarter last; a "Net revenues" row under "Total revenues" and an
 * interest expense row is the revenue; month-and-day lines stacked under "Three months ended" over a row of years date
 * the columns, the quarter ending on the last date of their rising run; a per-share name run together
 * ("Dilutedearningspercommonshare") and "for the" run into an ordinal ("forthethird") are read as their words; in a
 * sentence naming a quarter and a year to date, an amount followed by its own quarter phrase ("$5.47 for the third
 * quarter of 2023 ..., and was $17.39 for the first nine months") is the quarter's.
 * /34 (h-guid22; /33 is another helper's): guidance set 13 rules: a sentence opening with a past time and a past forecast
 * verb ("However, in the first quarter, management guided for ...") states an earlier target; "its third-quarter
 * financial report" names a document, not a target; an outlook table's "Guidance" cell takes the period of the cell above
 * it; a table its lead calls a reconciliation of GAAP to non-GAAP measures states a GAAP target in its first row and the
 * row after each non-GAAP one, the rows between being reconciling steps; a header cell "Q3 FY2025" / "Full Year FY25"
 * names its period; a row printed with its last cells empty fills the first columns when the lead names the first
 * column's quarter; per-share earnings named only as "earnings guidance" take the status word before "earnings"; of
 * several metrics a status text names, a basis word limits only the one it qualifies; "up / down from the prior
 * guidance" words raised / lowered, and the metrics named after it are the earlier targets; a range "narrowed" with its
 * midpoint "lowered" / "raised" is lowered / raised; a guidance-only text's fiscal year named by its end month alone
 * ("the financial year to end-March") is the one ending at the first such month from the date the text opens with; an
 * amount followed by "euros" is money, and a four-digit number with a scale word after it ("2000 million euros") is an
 * amount, not a year; a guidance-only text's full-year target without its year takes the one fiscal year the text
 * names; "organic net sales change" is organic growth and "down 1% to flat" the range -1..0; a basis word before an
 * amount that ends a list item ("adjusted EPS of $1.70–$1.85, organic ...") is that item's, not the next one's.
 * earnings-release/35 (h-guid23): an amount of a measure said to have shifted (moved) from one period into another is a
 * part moved between periods, not the measure's value; a forecast table printed as plain lines of numbers under
 * "(Millions of yen)" has its last head line's heads as its last columns, of the fiscal year the last "FYm/yy" head
 * names ("Full Year Revised Forecast" the year's updated target, "4Q Forecast" the quarter's, "YoY" after a target
 * column its growth; a dated or "Previous" forecast head and results no targets), and its rows give no sentence targets;
 * a goal "postponed ... to" a year is an updated target of that year; a table whose lead calls its values "projected"
 * is a forecast table (no results); a row printed with its last cells empty under a lead naming only the fiscal year of
 * the table's last column fills the last columns.
 * /34 holds /33 too (the lead's merge).
 * /36 (h-earn32): a summary whose rows are period codes ("3Q 2013 | $7,932 | $888 | ...") under measures named across,
 * rendered one cell per line, is read back one row per measure (group headings that split the columns evenly, "As
 * Reported" / "Excluding DVA", qualify the names); the plain-text reader keeps a period label alone in its block
 * ("3Q 2013") instead of taking it for a page footer; "$0.502,3" is $0.50 with notes 2 and 3; "Cont. Ops." is "from
 * continuing operations" and two or three capitals before "Income" ("MS Income") are the company's initials; a summary
 * box of measure names, then lines of a period code and one amount in runs of one period ("3Q23 $313.83"), gives the
 * n-th line of each run to the n-th name.
 * /36 holds /35 too (the lead's merge).
 * /37 (h-earn33): a release whose latest reported period is named as a half year ("half year ended 31 December 2018",
 * "first half", "H1", "interim period") and that says no quarter or year of its own ended then reports H1 (H2 when the
 * half ends the fiscal year); fiscal periods H1 and H2 exist.
 * /38 (h-earn34): a caption of a currency mark and scale alone ("US$ Million") before a run of two or more lines, each a
 * name, a change ("up 1%", "down n.a.", "flat") and "to"/"at" a bare amount, gives each amount the caption's currency
 * and scale; "members" a profit is "attributable to" are the company's owners, not a member count.
 * /39 (h-guid24): an earlier target followed by "and" and a bare verb of arriving ("... short of the previously stated
 * target of ... 348.1 million euros and reach a level between around 215-265 million euros") gives the amount after
 * that verb as the target, its basis from the words after the name; "fall short of the previously stated target" is
 * lowered.
 * /39 holds /38 too (the lead's merge).
 * /40 (h-earn35): held-out set 28's rules: a net figure "attributable to non-controlling interests" is the minority
 * share, not the measure; "currency-adjusted" before "by" qualifies a growth rate, not the amount after "to"; a margin's
 * change in basis or percentage points stands before "to" its level; ", or $X per share" after an aside of up to 100
 * characters belongs to the net figure; an interim report of the first quarter makes no year to date; a thing set
 * "below expectations" looks back; an acronym alone in parentheses after a spelled-out name ("(EBITDA)") names it; "Q 1"
 * and "Q 1 2020/21" are quarter codes (the split year ends in its second part); an en dash right before a figure's
 * digits is a minus; a row "EBIT" is the operating result; "EPS – earnings per share" names the words' line; "total
 * income" is a top line; "million1" carries a footnote digit; a titled half-yearly report with no end date is H1; a
 * bank's "cost:income ratio" is its efficiency ratio; a second or third quarter with no end date ends when its six- or
 * nine-month year to date ended.
 * /41 (h-guid25; /40 is another helper's): guidance set 14 rules: a target named for a half year ("first half (of)
 * 2025", "second half of 2024", "H1 2025", "half-year", "the six months to September" / "to 1 December 2019", "April 1
 * to September 30, 2017") in a sentence naming no full year and no other year is an H1 / H2 target, of the year named
 * beside it, else of the fiscal year ending six months after the stated end, else of the year the text's fiscal-year
 * targets share ("in the full year to March 2012", now read as that fiscal year); a text whose first half runs "April 1
 * to September 30, 2017" names fiscal years by the year they start in ("fiscal 2017" ends in March 2018); a value "for
 * the first half of 2025" is that half's target and a half named right after the name does not count toward the
 * distance; "preliminary estimates of the results for" and "projection" are forecast words; a sentence telling what the
 * company reported "a year earlier" gives no targets; "left (kept) unchanged" and "guidance ... is unchanged" are
 * reaffirmed; a status worded for a half year without its year speaks of that half's targets only; a wire story ends
 * at its feedback line ("For comments and feedback contact:"); "expects to report" + a metric is a forecast; "USD 47
 * million" is money; a value "associated with" / "related to" an item is a component; a rounded range beside the exact
 * one is one statement (the exact kept); the reasons after "due to" name no targets of a status; "raises forecast for
 * the second half as well as the fiscal year" and "left unchanged its full-year forecast" speak of the fiscal-year
 * targets; a net income amount followed by "or 96.61 yen per share" also states the per-share target; an opening
 * clause of cause ("Supported by the growth of revenues in the second quarter of 2025, ...") names no target.
 * /41 holds /40 too (the lead's merge).
 * /43 (h-earn36; /42 is another helper's): held-out set 29 rules: earnings named after a segment's or region's word
 * ("Non-U.S. downstream earnings were ...") are that part's, not the net income; an amount "in third quarter earnings"
 * is the net income; in a text with no line opening with a cell mark before a cell and none holding two marks, a
 * line of a single "|" is a blank line (a table rendered one cell per paragraph is read as one).
 * A restaurant company's "comparable restaurant sales / revenues" are its comparable sales.
 * /42 (h-guid26): "anticipating" is a forward word (and analysts "were anticipating" their consensus); a percent change
 * worded before the name it is "for" ("a decrease of approximately 1.5% to 2% for organic net sales") is that name's
 * growth target; "is raised to" is a forward word and a sentence opening "On a per share basis," states earnings per
 * share; a half year taking its year from fiscal-year targets named by the year they start in is of the same fiscal
 * year; a target in a clause after ", while" with no status word of its own, moved "to X from Y", takes that direction;
 * a status whose object names only measures outside the vocabulary before "guidance" ("updating its full year 2025 Net
 * Yield and Adjusted Net Cruise Cost Excluding Fuel guidance") speaks of no target of the vocabulary; sales said to be
 * "flat" right before their name with no value after it are revenue growth of 0%; an opening clause of cause frames no
 * period.
 * /44 (the lead's merge): /42 and /43 together, each written on /41 by its own helper.
 * /45 (h-earn37): held-out set 30 rules: "on a (fully) diluted basis" right after a per-share amount states its kind;
 * "Interim results for six months ended ..." names a half year; a short line whose change leads "to" an amount in
 * pounds, euros or pence ("up 27% to £988M (H1 2016: £777m)") and one that is a name, its amount in pounds, euros or
 * pence and a semicolon ("Total revenue £188.6m; +9% on H1 2017") are sentences, and such a semicolon links an EPS name
 * to its amount; a text naming no period whose figures are compared in parentheses with one half year ("(H1 2016:
 * £777m)") reports that half of the next year (inferred, no end date); a bare "(Note)" after a row label is no part
 * of its name; a table titled with "GAAP" (and no "non-GAAP") states its unqualified lines as GAAP; a quotation is no
 * table's lead-in (its "guidance" makes no table of targets); a title naming the periods as a sentence ("Financial
 * Highlights for the Three Months and Year Ended December 31, 2019") is no column heading when headings follow it;
 * column headings that name half years by code ("H1 2020", "H1 2019 £m"), two or more before a table's first row, name
 * the reported period when the prose names none (the latest year's H1) and a six-month column; "Statutory" before a
 * line names the line as reported; a cell on a line of its own may be an amount in pence ("39.5p") or a percent change
 * with a plus sign ("+25%"); a per-share figure of no stated kind whose paragraph is followed by one in parentheses
 * opening with a kind ("(diluted and excluding ...)") is of that kind.
 * /46 (h-guid27; /45 is another helper's): guidance set 15 rules: "the financial year 2024" names that fiscal year; a
 * value right after "is now" / "are now" is the target's; "down from the previous estimate" and "reduced from" an amount
 * are lowered; growth "in local currency" ("local currency sales") is no target, its sentence still framing the period
 * of the next; a basis after a range "on a reported basis" is GAAP, and a name followed by "on a reported basis and a
 * non-GAAP basis" takes "A and B, respectively" one per basis; "remain(s) unchanged at" is a forward word; a percent
 * stated "annually" (a plan's yearly rate) is no target; revenue "to fall by around 6 percent to about 1.35 billion
 * pounds" is growth below zero and the level after "to"; "trading profit" is operating profit, and an amount measure
 * "up 20 percent to 35-40 million pounds" takes the level; an amount followed by "pounds" or "francs" is money; a
 * comparison with several measures' earlier guidance gives each its own value; EBITDA spelled out is EBITDA; a table
 * printed as lines repeating its heads before each cell gives the "YYYY Guidance" cell in its caption's scale; a yen
 * table one cell per line with heads in two layers gives the year-over-"Forecast" column; "expected to exceed the
 * previous forecast" is raised; a status on the forecast "by segments" or after an opening "Although ...," clause names
 * no consolidated target; "profit attributable to owners of parent" is net income; an item "Tax rate: ... on a reported
 * basis" before an expected tax rate of another basis is a target, and "on a reported basis" is no reported result.
 * /47 holds /45 and /46 (the lead's merge).
 * /48 (h-earn38, held-out set 31): a quarter release's "year-to-date period ended September 30, 2010" (no months named)
 * ends the second or third quarter it reports when that date closes the quarter's third month, as "the nine months
 * ended" does; a measure named as the whole company's ("Consolidated gross margin was 33.4%") replaces the same measure
 * and period read first under a segment's name ("TFE gross margin was 28.2%"); a Markdown header line broken inside a
 * cell (no closing "|", then a line with one, then "---|") is one row, and a table printing a figure column left of its
 * labels ("587.8 | | Revenue | 2 | 316.5 | 301.3 |") has those cells moved after the others, its "Note" column dropped;
 * headings "Half year to 30 June 2013 £m" name a six-month column and, two or more with no period in the prose, the
 * reported H1 and its end; a unit ending every period heading ("£m") is the table's scale; a row of units alone ("Pence |
 * Pence | Pence") sets the per-share rows under it in hundredths; "Operating profit prior to exceptional items" is the
 * operating income, non-GAAP.
 * /49 (h-guid28; /48 is another helper's): guidance set 16 rules: a target "down modestly from February guidance" (an
 * adverb, the month the earlier guidance was given) is lowered and "up ... from" raised, as is "an increase / a decrease
 * from the previously provided" range; a lead ending in a colon right under a heading continues that heading ("2024
 * Outlook" / "For the full-year, AT&T expects:"), a line mostly in Chinese characters is a translation, not a heading,
 * and a bullet under a forward list lead printed as a heading is a target of the lead's period, a period named without
 * its year taking the outlook title's; "expect(s) the following:" inside a sentence opens a list run on as sentences to
 * the paragraph's end, each a target of the lead's period with the lead's status; a footnote digit glued to "EPS"
 * ("Adjusted EPS2") is a mark; growth of a revenue named after a line of business ("wireless service", "broadband") is a
 * part's; "(non-IFRS)" and "normalized" (or a parenthesis saying the measure excludes items) are non-GAAP, "(IFRS)"
 * GAAP; in a guidance table a one-cell row naming segments opens a section of segment targets up to the next one-cell
 * row, growth or expansion capital expenditures are a part of capex, and "Amounts below are in thousands" scales the
 * tables after it; "The Street is looking for" is an expectation, no figure; the occasion guidance was given on
 * ("provided during its fourth quarter 2019 earnings call") names no period withdrawn; revenue "will be down
 * approximately 20 percent" is growth below zero; of one target stated twice a direction beats "updated"; a metric named
 * bare with its status speaks of its target of no stated basis when the document also states it adjusted; a medium- or
 * long-term outlook naming no year has no single period; the period a target was "originally communicated for" is the
 * plan's; a profit after "margin for" is that profit's margin; "This includes ..." is a component and "When excluding
 * this, ..." a variant, no target; a revision notice's "(B)" row under "(Millions of yen)" / "(¥Million, %)" holds the
 * targets of the period the line before names (a non-consolidated table none, heads over several lines read as
 * vertically centred); "forecasts" is a forecast word, "exceed the initial forecasts" raised, "revised the forecasts for
 * ... downward" lowered.
 * /51 holds /48 and /49 (the lead's merge).
 * /50 (h-earn39, held-out leftovers): a ratio row is read in the figure column the reported period's figures were read
 * from in the nearest figure row above it in the same table, and "EBIT margin" is the operating margin; "Ps." amounts in
 * a release naming Mexico (and no other peso country) are Mexican pesos; a bare "margin" in the clause reporting net
 * interest income is the net interest margin; in plain text, a line of two or more period codes ("1H") over a line
 * with a year under each is one header row and the lines under it a fixed-width table (cells split at runs of spaces,
 * "14.7p" a cell, a label alone a heading); "1H 2024" and a heading ending in "change" are header cells, and a first
 * header row of coded periods is the table's whole header; "£ million unless otherwise stated" is a caption of
 * millions; "Group" before a line item names the whole group's line; "Continuing EPS" is the EPS; in a pipe table a
 * label alone on its line closed by "|" and the lines of figure cells under it are one row; a row of units ("Note | £m |
 * ... | m") is the table's scale and, under "Note", a row with one value more opens with its note number; a first header
 * row of spans ended on day-first dates is the table's whole header, a row of sub-column headings with two or more
 * "Total" cells is the header's too, and period headings spread over the same sub-columns ending in "Total" give each
 * period its Total column; "profit/(loss)" is the profit line, and "attributable to:" reads as "attributable to".
 * /52 holds /51 and /50 (the lead's merge).
 * /53 (the lead): a metric named bare before a plural ("raises ... EPS annual targets") speaks of all its targets, of
 * either basis; /49's bare-name rule (the adjusted target words none) keeps to a name before a singular.
 * /54 (h-earn40, held-out set 32): "earnings per basic and diluted share" names both kinds; "$0.47 basic and $0.45
 * diluted earnings per share" gives the basic amount too, and a sentence opening "Excluding ..." states its per-share
 * figures non-GAAP as it does its net figure; "from continuing and discontinued operations" is part of a name, as "from
 * continuing operations" is; "Earnings per share, basic and diluted, ... was $A and $B, respectively" gives each kind its
 * amount; "Voyage revenues" is a revenue line (a total still beats it); a span heading ending in "ended" alone on its
 * line takes the date on the line(s) under it; the dates of header lines dropped from the eight kept before a table count
 * in telling a prior-period table; a header row whose cells after the span are years ("Three Months Ended September 30 |
 * 2017 | 2016") dates its first column, a later "Nine Months Ended" header row of the same day making it the third
 * quarter; a title line opening a table right after another table's rows, with no column headings of its own, keeps that
 * table's header (and caption) when its rows are as wide; a "Per share data" section is a per-share section; an
 * operating row also printed per share under the same label is a non-GAAP net income (and that per-share row non-GAAP);
 * a table titled by its caption and a "... Highlights" heading names its unqualified lines GAAP.
 * /55 (h-guid29, guidance held-out set 17): a wire's "Cuts FY25 revenue view to ..." is a forward statement, lowered
 * ("trimmed its ... guidance" too); "the outlook increase" names no metric and is raised for every target of the
 * release's one period; "organic net sales decline of 2 to 1 percent" is organic growth below zero; a status verb
 * whose object lists "adjusted earnings and organic net sales guidance" speaks of the EPS and the organic growth
 * targets; "the first quarter of the financial year ending March 2026" is of fiscal 2026; a heading "Expectations for
 * 2025" is an outlook heading of that year (its lines targets, no figures); a company that "reported fiscal 2024
 * statutory profit ..." (or "FY24 ..."), in a text naming no other period, reports fiscal 2024; under a heading
 * naming the quarter and the full year, a line naming no period continues the period of the line before it.
 * /56 holds /54 and /55 (the lead's merge).
 * /57 (h-guid30, guidance held-out set 17): in a paragraph where the company speaks of its targets as "we", a sentence
 * whose subject is another proper name, one the release's opening sentence does not name ("Mobility expects for fiscal
 * 2024 comparable revenue growth of 8% to 11%"), states that business's targets, not the company's: no guidance row;
 * a sentence right after a forward one naming only earlier years ("... in fiscal 2023 was €9.93" after a fiscal 2024
 * target) states the target's base, not the year the results are of; a quarter named without a year in a text naming
 * the release of the quarter before it ("the Earnings Release Q2 FY 2024" in a third-quarter text) is of that year.
 * /58 (h-earn41, held-out set 33): a per-share kind after a comma ("$0.08 per common share, diluted1"), a footnote digit
 * glued to it; a change measured "for the first quarter of 2006" before "to" its level; "the year-ago period" is the
 * compared period (not the full year); "income from continuing operations per share", its kind in an opening "On a
 * (non-GAAP) dilutive basis,"; "comparable-store sales" hyphenated, and "for 2016" names a measure's year; an undated
 * fourth quarter or year of a stated fiscal year whose "year ended December 31" has no year ends on December 31 of it;
 * "the third quarter and first nine months of fiscal year 2018, which ended March 31, 2018" ends the quarter.
 * /59 (h-guid31, guidance held-out set 18, merged by the lead on top of /58): "comparable revenue growth" is comparable sales,
 * its definition ("net of" / "excluding currency translation and portfolio effects") no basis, a ", net of ...," aside
 * read across; the release an outlook was given in ("our outlook given in the Earnings Release Q2 FY 2024") is its
 * occasion, not a target period; a target naming no period in a paragraph whose other forward sentences name one fiscal
 * year is of that year; a closing quote after a full stop ends a clause; lines under a heading "per business area" (or
 * segment, division) are parts' targets; "a reduced full-year outlook" is lowered, and earnings named as a "shortfall"
 * are no metric of it; "diluted net loss per share to be between $0.24 and $0.17" is EPS below zero (non-GAAP when so
 * worded); "~80 million" is approximately; an amount a measure is to "increase by" is a change, no level; sales named
 * after a region ("U.S. Consumer net sales", "U.S. sales") are a part's, in guidance and figures; "operating profit
 * margin" is the operating margin; a "YYYY Guidance YYYY Actual" head over plain lines gives each line's cell before the
 * actual as the year's target; a markdown table run into one line is read row by row; a table whose head names no
 * period and has a change column reports results; values the outlook as a whole "assume(s)" ("These expectations also
 * assume ... tax rate of 24% ... and diluted share count of 108 million") are targets of its period; a wire's colon
 * lines naming the quarter ("Earnings: -$2.4 million in Q1 vs. ...", "EPS: -$0.02 in Q1") name the net income and EPS.
 * /60 (h-earn42, held-out set 34, merged by the lead on top of /59): under a plain-text header of period columns
 * closed by "%" and "Reference", a line opening with one figure per column, then its change, label and note letter, is a
 * row ("4,780 928 7,358 +415 Income/(loss) attributable to Shell plc shareholders"), and a line right above the header
 * ending in a currency and scale ("Quarters $ million") is its unit; "Income attributable to <the company's>
 * shareholders" and a lone "Adjusted Earnings" row are net income; "Collaboration revenue (from a related party)" is a
 * revenue line; in prose the net income attributable to the company beats the one with noncontrolling interests; a
 * change "over Q2 2025" before "to" names the compared period; "better than expected" looks back; "Adjusted EPS, fully
 * diluted of $0.34" states the kind; "fourth quarter fiscal 2026 net income" is the quarter's; a semicolon clause naming
 * no period before its measure takes the period right after its amount ("... of $579.4 million for fiscal year 2026");
 * a net loss that items amount to is theirs, not the company's.
 * /61 (h-guid32, guidance held-out set 19): backslashes before a dollar sign are a markdown escape ("\\$1.71" is $1.71);
 * an amount after "by" that a "to" range follows ("by 15 cents to $6.45 to $6.60") is the change, the range the target;
 * a quarter performance runs "through" is no target; "gross profit margin" is the gross margin and "EBIT margin" the
 * operating margin; "shares used to calculate GAAP EPS" is the share count, its basis word the EPS's; a value after
 * ", which excludes ..., is expected to be" is read; a plus sign before a percent is its sign, and "of A% and B%" (A
 * below B, no "respectively") one range; "before non-recurring items" is non-GAAP; a name followed by nothing but one
 * percent to the end of its line states it; an EBIT margin a result is "resulting in", or a target "defined in the 2020
 * strategy", is no target.
 * /62 (h-earn43, held-out set 35): a semicolon closed by a space ends a clause, so a forward word after it ("2025 First
 * Quarter Results: ... ; Update of 2025 Outlook") drops only that clause from the period's evidence; a title announcing a
 * half-year report for a year ("Publishes Half-year Report for 2025") reports that year's first half.
 * /63 (h-guid33, guidance held-out set 20, merged by the lead on top of /62): a per-share metric's worded value followed by "percent(age)" ("to grow in
 * double-digit percentage") is its growth, no target; a net interest income stated as a percent is its growth, never its
 * amount; a medium-term target "for fiscal 2023 to fiscal 2025" has no one period; "the 2023 financial year" is FY
 * 2023; a sentence opening "For fiscal 2023," frames the next paragraphs' guidance; "boost(s/ed/ing)" a forecast raises
 * it; an aside in parentheses after up to four words that qualify a name is skipped; a metric in a "segment, where"
 * clause is the segment's.
 */
export const RELEASE_PARSER_VERSION = 'earnings-release/63';

export interface Evidence {
  kind: 'table_row' | 'sentence';
  text: string;
  start: number;
  end: number;
  table: string | null;
}

export interface ReleaseFigure {
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod;
  concept: Concept;
  label: string;
  basis: Basis;
  printed: string;
  scale: Scale;
  scaleEvidence: string;
  /** Full units (currency), currency per share, or currency per ADS. */
  value: number;
  unit: 'currency' | 'currency_per_share' | 'currency_per_ads';
  evidence: Evidence;
}

export interface ReleaseMeasure extends Omit<Measure, 'sentence' | 'start' | 'end'> {
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod | null;
  evidence: Evidence;
}

export interface ReleaseGuidance extends Omit<Guidance, 'sentence'> {
  currency: string | null;
  evidence: Evidence;
}

export interface ReleaseParse {
  isEarningsRelease: boolean;
  /**
   * Not an earnings release, but a guidance-only one (an outlook update, a withdrawal): its guidance rows are read,
   * no figures or measures.
   */
  isGuidanceOnly: boolean;
  period: ReportedPeriod;
  currency: string | null;
  currencyEvidence: string | null;
  figures: ReleaseFigure[];
  measures: ReleaseMeasure[];
  guidance: ReleaseGuidance[];
  /** Rows and sentences that looked like figures but were given no place (the quality report lists them). */
  unassigned: string[];
  warnings: string[];
  document: Pick<ReleaseDocument, 'documentType' | 'filename' | 'header' | 'text'>;
}

export function parseEarningsRelease(input: string): ReleaseParse {
  const doc = readRelease(input);
  const warnings = [...doc.notes];
  const period = reportedPeriod(doc.blocks);
  const sentences = sentencesOf(doc.blocks, doc.text);
  const tables = tableFigures(doc.blocks, period.periodEnd);
  const captions = doc.blocks.filter((b) => !b.row && captionScale(b.text) !== null).map((b) => b.text);
  const { currency, evidence: currencyEvidence } = detectCurrency(captions, doc.text.slice(0, 200_000));
  const prose = proseFigures(sentences, { pence: currency === 'GBP' });
  const unassigned: string[] = [];
  const figures: ReleaseFigure[] = [];
  const base = {
    document: { documentType: doc.documentType, filename: doc.filename, header: doc.header, text: doc.text },
  };
  if (period.fiscalPeriod === null && period.periodEnd === null) {
    const only = guidanceOnly(doc, sentences, currency);
    return {
      isEarningsRelease: false,
      isGuidanceOnly: only.length > 0,
      period,
      currency,
      currencyEvidence,
      figures,
      measures: [],
      guidance: only,
      unassigned,
      warnings: [
        ...warnings,
        'no reported period found: not read as an earnings release',
        ...(only.length > 0 ? [GUIDANCE_ONLY] : []),
      ],
      ...base,
    };
  }
  const targets: { period: FiscalPeriod; span: Span }[] = [];
  if (period.fiscalPeriod !== null)
    targets.push({
      period: period.fiscalPeriod,
      // (h-earn33) A half year's own figures are its six months, a year to date's span.
      span:
        period.fiscalPeriod === 'FY'
          ? 'year'
          : period.fiscalPeriod === 'H1' || period.fiscalPeriod === 'H2'
            ? 'ytd'
            : 'quarter',
    });
  if (period.alsoFiscalYear && period.fiscalPeriod !== 'FY') targets.push({ period: 'FY', span: 'year' });
  // (A table's scale, once a sentence corroborates one of its rows, holds for its columns of every period: the year's
  // corroborated columns scale the quarter's as the quarter's scale the year's, so every period is looked at first.)
  const tableScales = new Map<number, { scale: Scale; evidence: string }>();
  for (const [i, t] of targets.entries())
    corroborateTables(
      t,
      tables,
      prose,
      period.fiscalPeriod === 'FY' || targets.length === 1,
      i === 0,
      tableScales,
    );
  for (const [i, t] of targets.entries())
    figures.push(
      ...pickFigures(
        t,
        tables,
        prose,
        period.fiscalYear,
        period.fiscalPeriod === 'FY' || targets.length === 1,
        i === 0,
        warnings,
        unassigned,
        tableScales,
      ),
    );
  // "All per share amounts presented in this press release are on a diluted per common share basis", "All
  // references to per share amounts are on a fully diluted basis": the release's unqualified per-share figures
  // are diluted.
  // (h-earn29: WGL Holdings 2005, "Unless otherwise noted, earnings per share amounts are presented in this news release
  // on a diluted basis": the same statement made of the earnings per share amounts.)
  if (
    /\b(?:all (?:references to )?per[- ]share|(?:earnings|income) per share) (?:amounts|figures|data)\b[^.]{0,80}\bdiluted\b/i.test(
      doc.text.slice(0, 20_000),
    )
  )
    for (const f of figures)
      if (
        f.concept === 'eps' &&
        !figures.some(
          (g) => g.concept === 'eps_diluted' && g.fiscalPeriod === f.fiscalPeriod && g.basis === f.basis,
        )
      )
        f.concept = 'eps_diluted';
  // A non-GAAP EPS whose words state no kind ("Q2 adjusted EPS of $2.93" beside "Q2 diluted EPS of $1.93") takes the
  // kind of the period's GAAP EPS when the release states that one kind only: it adjusts that figure.
  for (const f of figures) {
    if (f.concept !== 'eps' || f.basis !== 'non_gaap') continue;
    const kinds = new Set(
      figures
        .filter(
          (g) =>
            g.fiscalPeriod === f.fiscalPeriod &&
            g.basis === 'gaap' &&
            (g.concept === 'eps_diluted' || g.concept === 'eps_basic' || g.concept === 'eps'),
        )
        .map((g) => g.concept),
    );
    const [kind] = [...kinds];
    // (h-earn30) ... unless the release also writes that GAAP EPS with no kind, in prose of the same span and value
    // ("Net income totaled $6.0 million or $0.15 per share" beside "... per diluted share"): "per share" is then its
    // plain wording, and the non-GAAP one worded so states no kind either.
    // (A non-GAAP "EPS" in a release that defines "EPS" with its kind, "earnings per diluted share ("EPS")", is of that
    // kind: the definition states it.)
    const definedEps =
      /\beps\b/i.test(f.label) &&
      /\bper (?:diluted|basic) (?:common )?share\s*\(\s*["“”]?EPS["“”]?\s*\)/i.test(
        doc.text.slice(0, 20_000),
      );
    const plainGaap =
      !definedEps &&
      prose.some(
        (p) =>
          p.concept === 'eps' &&
          p.basis === 'gaap' &&
          p.span === (f.fiscalPeriod === 'FY' ? 'year' : 'quarter') &&
          figures.some(
            (g) =>
              g.fiscalPeriod === f.fiscalPeriod &&
              g.basis === 'gaap' &&
              g.concept === kind &&
              g.value === p.value,
          ),
      );
    if (
      !plainGaap &&
      kinds.size === 1 &&
      kind !== 'eps' &&
      kind !== undefined &&
      !figures.some((g) => g.fiscalPeriod === f.fiscalPeriod && g.concept === kind && g.basis === 'non_gaap')
    )
      f.concept = kind;
  }
  // A bank's net interest income is its revenue line: a release reporting it for the period is a results release.
  const isEarningsRelease = figures.some(
    (f) =>
      f.concept === 'net_income' ||
      f.concept.startsWith('eps') ||
      f.concept === 'revenue' ||
      f.concept === 'net_interest_income',
  );
  if (!isEarningsRelease) warnings.push('no revenue, net income or EPS found for the reported period');
  const periodFor = (p: Measure['period']): FiscalPeriod | null =>
    p === 'quarter'
      ? period.fiscalPeriod === 'FY'
        ? null
        : period.fiscalPeriod
      : p === 'year'
        ? 'FY'
        : p === 'point_in_time'
          ? period.fiscalPeriod
          : null;
  const measures = isEarningsRelease
    ? measuresOf(sentences).map(
        ({ sentence, start, end, ...m }): ReleaseMeasure => ({
          ...m,
          fiscalYear: period.fiscalYear,
          fiscalPeriod: periodFor(m.period),
          evidence: sentenceEvidence(sentence),
        }),
      )
    : [];
  if (isEarningsRelease && period.fiscalPeriod !== null && period.fiscalPeriod !== 'FY')
    measures.push(...tableMargins(doc, measures, period.fiscalYear, period.fiscalPeriod, figures));
  // A table of assets under management states the balance to the dollar of its caption: it beats the rounded prose.
  const aum = isEarningsRelease ? tableAum(doc, period.fiscalYear, period.fiscalPeriod) : null;
  if (aum !== null) {
    const i = measures.findIndex((m) => m.measure === 'assets_under_management');
    if (i >= 0) measures.splice(i, 1, aum);
    else measures.push(aum);
  }
  const guidance: ReleaseGuidance[] = isEarningsRelease
    ? guidanceRows(doc, sentences, period, currency)
    : guidanceOnly(doc, sentences, currency, period);
  if (!isEarningsRelease && guidance.length > 0) warnings.push(GUIDANCE_ONLY);
  return {
    isEarningsRelease,
    isGuidanceOnly: !isEarningsRelease && guidance.length > 0,
    period,
    currency,
    currencyEvidence,
    figures: isEarningsRelease ? figures : [],
    measures,
    guidance,
    unassigned,
    warnings,
    ...base,
  };
}

const GUIDANCE_ONLY = 'guidance only: its guidance is read, no reported figures';

/** Sentence and table guidance with the release's currency and evidence, the worded statuses applied. */
function guidanceRows(
  doc: ReleaseDocument,
  sentences: Sentence[],
  period: {
    fiscalYear: number | null;
    fiscalPeriod: FiscalPeriod | null;
    periodEnd?: string | null;
    dated?: string | null;
  },
  currency: string | null,
  preannounced: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null } | null = null,
): ReleaseGuidance[] {
  const money = (u: Guidance['unit']) =>
    u === 'currency' || u === 'currency_per_share' || u === 'currency_per_ads' ? currency : null;
  // A target printed with a bare "$" in a release whose own amounts carry another mark (NT$, KRW, SEK; not a dollar
  // currency printed "$" itself, as a Canadian release does) is in US dollars ("NT$139.69 billion ... expects revenue
  // to be between $12.9 billion and $13.2 billion").
  const localDollar = currency === null || /^(?:USD|CAD|AUD|HKD|SGD|NZD)$/.test(currency);
  const moneyOf = (g: Guidance) =>
    money(g.unit) !== null && !localDollar && /(?<![A-Za-z])\$/.test(g.printed) ? 'USD' : money(g.unit);
  // (h-guid23) A forecast table printed as plain words and numbers is read as a table: the sentences its rows run
  // through ("... Operating income 51,438 34,715 13,285 48,000 -6.7% 45,000 ...") give no targets of their own.
  const plain = plainForecastTable(doc.text);
  const inPlainTable = (e: { start: number; end: number }) =>
    plain.some((p) => p.block.start < e.end && e.start < p.block.end);
  // (h-guid25) A wire story ends at its feedback line ("For comments and feedback contact: editorial@rttnews.com"): the
  // page's other stories after it ("Editors Pick: ... raised its fiscal 2022 earnings outlook") are no targets of its.
  const storyEnd =
    /^\s*For comments and feedback contact:/im.exec(doc.text)?.index ?? Number.POSITIVE_INFINITY;
  const out: ReleaseGuidance[] = [
    ...guidanceOf(sentences, period)
      .filter(({ sentence }) => !inPlainTable(sentenceEvidence(sentence)))
      .filter(({ sentence }) => sentenceEvidence(sentence).start < storyEnd)
      .map(
        ({ sentence, ...g }): ReleaseGuidance => ({
          ...g,
          currency: moneyOf(g as Guidance),
          evidence: sentenceEvidence(sentence),
        }),
      ),
    ...[
      ...forecastTable(doc.text),
      ...plain,
      ...repeatedHeadTable(doc.text),
      ...guidanceActualTable(doc.text),
      ...cellForecastTable(doc.text),
      ...revisionForecastTable(doc.text),
    ].map(
      ({ block, ...g }): ReleaseGuidance => ({
        ...g,
        currency: money(g.unit),
        evidence: { kind: 'table_row', text: block.text, start: block.start, end: block.end, table: null },
      }),
    ),
    ...tableGuidance(doc.blocks, period).map(
      ({ block, ...g }): ReleaseGuidance => ({
        ...g,
        currency: money(g.unit),
        // (The document's own text: a table printed one cell per line is read as joined rows, "Net sales | $ | 200.0 |
        // +/- | $ | 5.0 |", while its evidence is the lines as printed.)
        evidence: {
          kind: 'table_row',
          text: doc.text.slice(block.start, block.end),
          start: block.start,
          end: block.end,
          table: null,
        },
      }),
    ),
  ];
  // In a guidance-only document, a statement naming no target period has the one its title names ("MAX Automation SE
  // raises its earnings expectations for its core business for the full year 2019"), when the title is a guidance
  // title naming one.
  if (period.fiscalYear === null && period.fiscalPeriod === null) {
    const title = doc.blocks.find((b) => !b.row && /\S/.test(b.text));
    const target =
      title && /\b(?:expectations?|outlook|guidance|forecast)\b/i.test(title.text)
        ? titleTarget(title.text)
        : null;
    if (target)
      for (const g of out)
        if (g.targetYear === null && g.targetPeriod === null) {
          g.targetYear = target.year;
          g.targetPeriod = target.period;
        }
  }
  // (h-guid21) In a guidance-only document, a quarter and the full year named together with one year ("updates
  // expectations for second quarter and full-year 2023 outlook") give that year to targets of that quarter and of the
  // full year named without it ("Revenue in the second quarter is now expected to be ...").
  if (period.fiscalYear === null && period.fiscalPeriod === null) {
    const pairs = [
      ...doc.text.matchAll(
        /\b(?:(first|second|third|fourth)[ -]quarter|Q([1-4])) and (?:the )?(?:fiscal |full[- ])year\s+((?:19|20)\d{2})\b/gi,
      ),
    ];
    const years = new Set(pairs.map((m) => m[3]));
    if (years.size === 1) {
      const ordinal = ['first', 'second', 'third', 'fourth'];
      const quarters = new Set(
        pairs.map((m) => (m[1] ? `Q${ordinal.indexOf(m[1].toLowerCase()) + 1}` : `Q${m[2]}`)),
      );
      for (const g of out)
        if (
          g.targetYear === null &&
          g.targetPeriod !== null &&
          (g.targetPeriod === 'FY' || quarters.has(g.targetPeriod))
        )
          g.targetYear = Number([...years][0]);
    }
  }
  // In a guidance-only document, a fiscal year named without its year ("our full year revenue outlook") is the year of
  // the document's other fiscal-year targets, when they all name the same one ("For the full year 2024, ...").
  if (period.fiscalYear === null && period.fiscalPeriod === null) {
    // A quarter named without its year that the document sets against the same quarter of a year ("its second-quarter
    // capacity to be up approximately 7% to 9% versus the second quarter of 2023") is that quarter of the next year,
    // when the document sets its quarters against one year only.
    const against = [
      ...doc.text.matchAll(
        /\b(?:versus|vs\.?|compared (?:with|to)|over)\s+the\s+(first|second|third|fourth)\s+quarter\s+of\s+((?:19|20)\d{2})\b/gi,
      ),
    ];
    const baseYears = new Set(against.map((m) => Number(m[2])));
    const ordinal = ['first', 'second', 'third', 'fourth'];
    const quarters = new Set(against.map((m) => `Q${ordinal.indexOf(m[1]!.toLowerCase()) + 1}`));
    if (baseYears.size === 1)
      for (const g of out)
        if (g.targetYear === null && g.targetPeriod !== null && quarters.has(g.targetPeriod))
          g.targetYear = [...baseYears][0]! + 1;
  }
  if (period.fiscalYear === null && period.fiscalPeriod === null) {
    // (With no fiscal-year target naming its year, the year of the quarter targets, when they all name one: "the
    // full-year" beside "second-quarter" targets of 2024 is fiscal 2024.)
    const fyYears = new Set(
      out.filter((g) => g.targetPeriod === 'FY' && g.targetYear !== null).map((g) => g.targetYear),
    );
    const years =
      fyYears.size > 0
        ? fyYears
        : new Set(
            out
              .filter((g) => g.targetPeriod?.startsWith('Q') && g.targetYear !== null)
              .map((g) => g.targetYear),
          );
    if (years.size === 1)
      for (const g of out)
        if (g.targetPeriod === 'FY' && g.targetYear === null) g.targetYear = [...years][0]!;
    // (h-guid15) A fiscal-year target without its year whose sentence names the first half with its year ("After the
    // underlying operating loss of £43m in the first half o 2020 ..., the underlying operating loss for the full year is
    // set to be ...") is of that year.
    for (const g of out) {
      if (g.targetYear !== null || g.targetPeriod !== 'FY') continue;
      const half = /\bfirst[- ]half\b[^.;,()\d]{0,6}\b((?:19|20)\d{2})\b/i.exec(g.evidence.text);
      if (half) g.targetYear = Number(half[1]);
    }
    // (h-guid25) A half year named without its year ("its net profit for the six months to September") is of the
    // fiscal year the text's fiscal-year targets share ("in the full year to March 2012").
    // (h-guid25) A text whose first half runs "April 1 to September 30, 2017" names its fiscal years by the year they
    // start in (the Japanese usage): its "fiscal 2017" ends in March 2018, so fiscal-year targets of 2017 are of 2018.
    const aprilHalf = /\bApril 1\s+(?:to|through|-|–)\s+September 30,?\s+((?:19|20)\d{2})\b/i.exec(doc.text);
    // (h-guid26: ... and a half year that takes its year from those targets, "first half earnings is raised to 69.01
    // yen" beside "the fiscal 2017", is of the same fiscal year: H1 2018.)
    if (years.size === 1)
      for (const g of out)
        if ((g.targetPeriod === 'H1' || g.targetPeriod === 'H2') && g.targetYear === null) {
          const y = [...years][0]!;
          g.targetYear = aprilHalf && y === Number(aprilHalf[1]) ? y + 1 : y;
        }
    if (aprilHalf)
      for (const g of out)
        if (g.targetPeriod === 'FY' && g.targetYear === Number(aprilHalf[1])) g.targetYear! += 1;
    // (h-guid15) A quarter named without its year ("its fourth quarter consolidated revenues") takes the one year the
    // text names for that quarter ("for the fourth quarter of fiscal 2021").
    for (const g of out) {
      const n = /^Q([1-4])$/.exec(g.targetPeriod ?? '')?.[1];
      if (g.targetYear !== null || n === undefined) continue;
      const ord = ['first', 'second', 'third', 'fourth'][Number(n) - 1]!;
      const named = new Set(
        [
          ...doc.text.matchAll(
            new RegExp(String.raw`\b${ord}[ -]quarter of (?:fiscal (?:year )?)?((?:19|20)\d{2})\b`, 'gi'),
          ),
        ].map((m) => m[1]),
      );
      if (named.size === 1) g.targetYear = Number([...named][0]);
    }
    // (h-guid19) A target naming no period at all in a document whose other targets all share one period ("The
    // comparable basis tax rate is expected to be 37 percent" beside fiscal 2009 EPS ranges) is of that period, unless a
    // target of the same metric and basis has that period already (one target per metric, basis and period).
    const periodsNamed = new Set(
      out
        .filter((g) => g.targetPeriod !== null && g.targetYear !== null)
        .map((g) => `${g.targetPeriod} ${g.targetYear}`),
    );
    if (periodsNamed.size === 1) {
      const [p, y] = [...periodsNamed][0]!.split(' ') as [FiscalPeriod, string];
      for (const g of out)
        if (
          g.targetPeriod === null &&
          g.targetYear === null &&
          !out.some((o) => o.metric === g.metric && o.basis === g.basis && o.targetPeriod === p)
        ) {
          g.targetPeriod = p;
          g.targetYear = Number(y);
        }
    }
    // (h-guid19) A quarter named without its year after quarter targets that all name one year ("For the third quarter
    // 2024, ... For the fourth quarter, sales are expected ...") is of that year when it comes later in the year than each.
    const quarterYears = out.filter((g) => g.targetPeriod?.startsWith('Q') && g.targetYear !== null);
    const qYears = new Set(quarterYears.map((g) => g.targetYear));
    if (qYears.size === 1)
      for (const g of out)
        if (
          g.targetYear === null &&
          g.targetPeriod?.startsWith('Q') &&
          quarterYears.every((o) => o.targetPeriod! < g.targetPeriod! && o.evidence.start <= g.evidence.start)
        )
          g.targetYear = [...qYears][0]!;
    // (h-guid15) A guidance-only text that opens with its date (" date 2024-11-20") and never says "fiscal": a target
    // naming its period without its year is of the date's year ("outlook for Q4", "full-year net interest margin"), a
    // quarter that ended before the date of the next year.
    const prose = doc.blocks.filter((b) => !b.row);
    const dated = prose.some((b) => /\bfiscal\b/i.test(b.text)) ? null : documentDate(prose);
    if (dated !== null) {
      const [y, m] = dated.split('-').map(Number) as [number, number];
      for (const g of out)
        if (g.targetYear === null && g.targetPeriod !== null)
          g.targetYear =
            g.targetPeriod.startsWith('Q') && m > Number(g.targetPeriod.slice(1)) * 3 ? y + 1 : y;
    }
    // (h-guid20) A quarter still without its year, in a document whose targets naming a year are all of one fiscal year
    // and none of a quarter ("The full year Fiscal 2025 and fourth quarter guidance ... The fourth quarter tax rate is
    // expected to be approximately 24% to 25%"), is that quarter of that fiscal year.
    const yearsNamed = out.filter((g) => g.targetYear !== null);
    const fy = new Set(yearsNamed.map((g) => `${g.targetPeriod} ${g.targetYear}`));
    if (fy.size === 1 && yearsNamed[0]!.targetPeriod === 'FY')
      for (const g of out)
        if (g.targetYear === null && g.targetPeriod?.startsWith('Q'))
          g.targetYear = yearsNamed[0]!.targetYear;
    // (h-guid22) A fiscal-year target still without its year, in a document that names one fiscal year only ("Full-year
    // guidance was reaffirmed, including adjusted EPS of $1.70–$1.85 ... tariffs could add roughly 3% to fiscal 2026
    // COGS"), is of that fiscal year.
    const fiscalYears = new Set(
      [...doc.text.matchAll(/\bfiscal (?:year )?((?:19|20)\d{2})\b/gi)].map((m) => m[1]),
    );
    if (fiscalYears.size === 1)
      for (const g of out)
        if (g.targetYear === null && g.targetPeriod === 'FY') g.targetYear = Number([...fiscalYears][0]);
  }
  // A preannouncement (a document naming a quarter whose values are all expected, none reported: "revenue for the
  // quarter is expected to be approximately $114 million"): a statement for "the quarter", or for that quarter named
  // without its year ("for the third quarter"), targets the quarter the document names.
  const q = preannounced?.fiscalPeriod;
  if (preannounced?.fiscalYear != null && q?.startsWith('Q'))
    for (const g of out)
      if (
        g.targetYear === null &&
        (g.targetPeriod === q || (g.targetPeriod === null && /\bthe quarter\b/i.test(g.evidence.text)))
      ) {
        g.targetYear = preannounced.fiscalYear;
        g.targetPeriod = q;
      }
  // (h-guid19) A status worded with no value for a year's guidance (metric all, or one metric) stands only where the
  // document, its tables included, gives no target of that year (and metric) with a value.
  out.splice(
    0,
    out.length,
    ...out.filter(
      (g) =>
        !(g.unit === 'text' && g.status !== 'withdrawn' && g.qualitative === null) ||
        !out.some(
          (o) =>
            o.unit !== 'text' &&
            o.targetYear === g.targetYear &&
            o.targetPeriod === g.targetPeriod &&
            (g.metric === 'all' || o.metric === g.metric),
        ),
    ),
  );
  // (h-guid19) A document that reinstates guidance tells of its earlier withdrawal as history: no withdrawn row.
  if (REINSTATED.test(doc.text))
    out.splice(0, out.length, ...out.filter((g) => !(g.status === 'withdrawn' && g.unit === 'text')));
  applyWordedStatus(
    out,
    doc.blocks.filter((b) => !b.row && b.start < storyEnd),
  );
  // A revenue growth read from its revenue target's own sentence ("Net sales are expected to fall 80.6 billion yen, or
  // 5.1%, year on year to total 1.5 trillion yen") takes that target's status, as one read after it does.
  for (const g of out)
    if (g.metric === 'revenue_growth' && g.status === null) {
      const revenue = out.find(
        (r) =>
          r.metric === 'revenue' &&
          r.evidence.start === g.evidence.start &&
          r.targetYear === g.targetYear &&
          r.targetPeriod === g.targetPeriod,
      );
      if (revenue) g.status = revenue.status;
    }
  out.splice(0, out.length, ...growthAfterRevenue(out));
  // A range is stored low end first whichever end the document prints first (h-guid18: "$(0.33) - $(0.54)", a loss of
  // 0.33 to 0.54 per share, is -0.54..-0.33).
  for (const g of out)
    if (g.low !== null && g.high !== null && g.low > g.high) [g.low, g.high] = [g.high, g.low];
  // (h-guid21) A total beats its parts: a target stated "excluding" a named business ("net sales revenue excluding
  // Healthy Directions") beside a consolidated target of the same metric and period "including" it ("consolidated net
  // sales revenue including Healthy Directions") of the same basis is a part; the consolidated one is the company's.
  const scoped = (g: ReleaseGuidance, word: string) =>
    new RegExp(String.raw`\b${word}\s+([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)`).exec(g.evidence.text)?.[1];
  out.splice(
    0,
    out.length,
    ...out.filter((g) => {
      const name = scoped(g, 'excluding');
      return !(
        name !== undefined &&
        out.some(
          (o) =>
            o !== g &&
            o.metric === g.metric &&
            // (of its basis, or none where the part's basis is only its "excluding")
            (o.basis === g.basis || (g.basis === 'non_gaap' && o.basis === 'unspecified')) &&
            o.targetPeriod === g.targetPeriod &&
            o.targetYear === g.targetYear &&
            /\bconsolidated\b/i.test(o.evidence.text) &&
            scoped(o, '[Ii]ncluding') === name,
        )
      );
    }),
  );
  // The same target stated twice (a headline "Increases 2026 Revenue Guidance to a Range of $104M to $108M" and the
  // outlook bullet) is one statement: the first is kept, with the status either words.
  // (h-guid28: a direction either words beats an "updated" the other words, a revision without direction: the headline
  // "AT&T Updates 2024 Guidance: Sees Adjusted EPS Of $2.20-$2.25" and the bullet's "reflecting an increase from the
  // previously provided $2.15 to $2.25 range" are raised.)
  const either = (a: ReleaseGuidance['status'], b: ReleaseGuidance['status']): ReleaseGuidance['status'] =>
    a === null || (a === 'updated' && b !== null && ['raised', 'lowered', 'narrowed', 'widened'].includes(b))
      ? b
      : a;
  const kept: ReleaseGuidance[] = [];
  for (const g of out) {
    const same = kept.find((k) => k.basis === g.basis && sameStatedValue(k, g));
    if (same === undefined) kept.push(g);
    else same.status = either(same.status, g.status);
  }
  // (h-guid25) ... and so is a range stated once rounded and once exactly (a headline "Raises FY24 revenue view to
  // $2.88B-$2.91B" and the company's "net sales guidance range to $2.875 billion to $2.905 billion"): the exact one is
  // kept, with the status either words.
  for (const g of [...kept]) {
    const exact = kept.find((k) => k !== g && k.basis === g.basis && roundedOf(g, k));
    if (exact === undefined) continue;
    exact.status = either(exact.status, g.status);
    kept.splice(kept.indexOf(g), 1);
  }
  // (h-guid21) ... and so is the same value of a metric and period stated once without a basis and once with one (a
  // headline "Helen of Troy expects EPS of $3.42 to $3.52" and its sentence's "diluted EPS (GAAP) in the range of $3.42
  // to $3.52"): the statement with the basis is kept, with the status either words.
  return kept.filter((g) => {
    if (g.basis !== 'unspecified') return true;
    const based = kept.find(
      (k) =>
        k !== g &&
        k.basis !== 'unspecified' &&
        sameStatedValue(k, g) &&
        (k.low !== null || k.high !== null || k.point !== null),
    );
    if (based === undefined) return true;
    based.status = either(based.status, g.status);
    return false;
  });
}

/**
 * (h-guid25) Whether range a is range b rounded: same metric, period and unit, each end of a within half a unit of its
 * last printed digit of b's end (2.88 billion of 2.875 billion), and b printed with more digits.
 */
function roundedOf(a: ReleaseGuidance, b: ReleaseGuidance): boolean {
  if (
    a.metric !== b.metric ||
    a.targetPeriod !== b.targetPeriod ||
    a.targetYear !== b.targetYear ||
    a.unit !== b.unit ||
    a.low === null ||
    a.high === null ||
    b.low === null ||
    b.high === null
  )
    return false;
  const digits = (x: number) =>
    String(Math.abs(x))
      .replace(/\.|0+$/g, '')
      .replace(/^0+/, '').length;
  const step = (x: number) => 10 ** (Math.floor(Math.log10(Math.abs(x))) - digits(x) + 1);
  const near = (x: number, y: number) =>
    x !== 0 && y !== 0 && Math.abs(x - y) <= step(x) / 2 + 1e-9 * Math.abs(x);
  return (
    near(a.low, b.low) &&
    near(a.high, b.high) &&
    digits(a.low) + digits(a.high) < digits(b.low) + digits(b.high)
  );
}

/** Two guidance statements of one metric, period and value (their basis and status aside). */
function sameStatedValue(a: ReleaseGuidance, b: ReleaseGuidance): boolean {
  return (
    a.metric === b.metric &&
    a.targetYear === b.targetYear &&
    a.targetPeriod === b.targetPeriod &&
    a.unit === b.unit &&
    a.low === b.low &&
    a.high === b.high &&
    a.point === b.point &&
    a.qualitative === b.qualitative
  );
}

/**
 * A guidance-only release: a document that reports no period (or no revenue, net income or EPS for it) whose
 * forward sentences or outlook table give a value, or a withdrawal, for a target period they name with its year
 * (an outlook update, a preannouncement, a COVID-19 withdrawal). Its guidance is read as of no reported period, so
 * only targets named with their year are kept; a document without one (a CEO-compensation exhibit, an 8-K body
 * that points to its exhibit) gives nothing.
 */
function guidanceOnly(
  doc: ReleaseDocument,
  sentences: Sentence[],
  currency: string | null,
  preannounced: { fiscalYear: number | null; fiscalPeriod: FiscalPeriod | null } | null = null,
): ReleaseGuidance[] {
  return guidanceRows(
    doc,
    sentences,
    // (h-guid22) The date the text opens with dates a fiscal year it names by its end month alone.
    { fiscalYear: null, fiscalPeriod: null, dated: documentDate(doc.blocks.filter((b) => !b.row)) },
    currency,
    preannounced,
  ).filter((g) => g.targetYear !== null && g.targetPeriod !== null);
}

function pickFigures(
  target: { period: FiscalPeriod; span: Span },
  tables: TableFigure[],
  prose: ProseFigure[],
  fiscalYear: number | null,
  acceptUnknownSpan: boolean,
  primary: boolean,
  warnings: string[],
  unassigned: string[],
  tableScale = new Map<number, { scale: Scale; evidence: string }>(),
): ReleaseFigure[] {
  const out: ReleaseFigure[] = [];
  const taken = new Set<string>();
  const spanOk = (s: Span) =>
    s === target.span || (s === 'unknown' && acceptUnknownSpan && target.span === 'quarter');
  // A sentence whose paragraph names no period speaks of the release's own (first) period.
  const proseSpanOk = (s: Span) => s === target.span || (s === 'unknown' && primary);
  const candidates = tables.filter((t) => spanOk(t.span));
  const byKey = new Map<string, TableFigure>();
  for (const c of candidates) {
    const key = `${c.concept}|${c.basis}`;
    const prev = byKey.get(key);
    if (prev === undefined || c.rank < prev.rank) byKey.set(key, c);
  }
  corroborateTables(target, tables, prose, acceptUnknownSpan, primary, tableScale);
  for (const [key, t] of byKey) {
    let scale = t.scale;
    let scaleEvidence = t.scaleEvidence;
    if (scale === null) {
      const agree =
        corroborate(
          t,
          prose.filter((p) => p.concept === t.concept && proseSpanOk(p.span)),
        ) ?? (t.tableIndex === undefined ? null : (tableScale.get(t.tableIndex) ?? null));
      if (agree !== null) {
        scale = agree.scale;
        scaleEvidence = agree.evidence;
      }
    }
    if (scale === null || scaleEvidence === null) {
      unassigned.push(
        `${target.period} ${t.concept} "${t.label}" ${t.printed}: its table states no scale and no sentence corroborates one`,
      );
      continue;
    }
    taken.add(key);
    const perShare = PER_SHARE_CONCEPTS.has(t.concept);
    out.push({
      fiscalYear,
      fiscalPeriod: target.period,
      concept: t.concept,
      label: t.label,
      basis: t.basis,
      printed: t.printed,
      scale,
      scaleEvidence,
      value: perShare ? t.value : toFullUnits(t.value, scale),
      unit: unitOfConcept(t.concept),
      evidence: {
        kind: 'table_row',
        text: t.block.text,
        start: t.block.start,
        end: t.block.end,
        table: t.table || null,
      },
    });
  }
  // In prose as in tables a total beats its parts: "total revenues" wins over a product's or segment's revenues.
  // ... and the whole net figure ("Total earnings ..., which include the impact of discontinued operations") beats
  // income from continuing operations.
  const whole = (p: ProseFigure) =>
    isTotalRevenue(p) || (p.concept === 'net_income' && !/continuing/i.test(p.label));
  // ... and so does the whole per-share figure beat the per-share figure of continuing operations ("GAAP earnings of
  // $108.5 million, or $0.94 per diluted share" over a headline's "earnings from continuing operations of $0.20 per
  // diluted share").
  const continuingPerShare = (p: ProseFigure) =>
    PER_SHARE_CONCEPTS.has(p.concept) && /continuing/i.test(p.label);
  // ... and a figure stated outside quotation marks beats one in a speaker's words (rounded: "“... $277 million in
  // core operating income ...,” he added" against "Core operating income (Non-GAAP): $276.9 million").
  const quoted = (p: ProseFigure) => /^\s*[“"]/.test(p.sentence.text);
  // (h-earn42: Karat Packaging Q2 2026, "Net income ... increased ... to $29.6 million" then "Net income attributable to
  // Karat Packaging for the 2026 second quarter was $29.3 million") In prose as in tables (rankOf), the net figure
  // attributable to the company beats the one that still holds the noncontrolling interests.
  const attributable = (p: ProseFigure) =>
    p.concept === 'net_income' &&
    /\bnet (?:income|earnings|profit|loss) attributable to (?!(?:the )?(?:non-?controlling|minority))[^$€£;]{1,100}$/i.test(
      p.sentence.text.slice(0, Math.max(0, p.start - p.sentence.start)),
    );
  const ordered = [...prose].sort(
    (a, b) => Number(!whole(a)) - Number(!whole(b)) || Number(quoted(a)) - Number(quoted(b)),
  );
  for (const p of ordered) {
    if (!proseSpanOk(p.span)) continue;
    const key = `${p.concept}|${p.basis}`;
    if (taken.has(key)) continue;
    if (
      p.concept === 'net_income' &&
      !attributable(p) &&
      ordered.some(
        (q) => q.concept === p.concept && q.basis === p.basis && proseSpanOk(q.span) && attributable(q),
      )
    )
      continue;
    if (
      continuingPerShare(p) &&
      ordered.some(
        (q) =>
          q.concept === p.concept && q.basis === p.basis && proseSpanOk(q.span) && !continuingPerShare(q),
      )
    )
      continue;
    // A per-share figure whose kind the sentence does not state stays out when the kind is known elsewhere.
    if (p.concept === 'eps' && (taken.has(`eps_diluted|${p.basis}`) || taken.has(`eps_basic|${p.basis}`)))
      continue;
    taken.add(key);
    const perShare = PER_SHARE_CONCEPTS.has(p.concept);
    out.push({
      fiscalYear,
      fiscalPeriod: target.period,
      concept: p.concept,
      label: p.label,
      basis: p.basis,
      printed: p.printed,
      scale: p.scale,
      scaleEvidence: perShare
        ? 'per-share figures are never scaled'
        : p.scale === 'units'
          ? 'no scale word after the amount: full units'
          : `"${p.printed}"`,
      value: perShare ? p.value : toFullUnits(p.value, p.scale),
      unit: unitOfConcept(p.concept),
      evidence: sentenceEvidence(p.sentence),
    });
  }
  void warnings;
  // A figure of unspecified basis equal to the GAAP one is the GAAP figure repeated in a summary table; a per-share
  // figure whose kind its words do not state stays out when the kind is stated elsewhere for the same basis ("$1.37
  // Per Share" in a title, "$1.37 per common share (basic and diluted)" in the lead).
  return out.filter(
    (f) =>
      (f.basis !== 'unspecified' ||
        !out.some((g) => g.basis === 'gaap' && g.concept === f.concept && g.value === f.value)) &&
      (f.concept !== 'eps' ||
        !out.some((g) => (g.concept === 'eps_basic' || g.concept === 'eps_diluted') && g.basis === f.basis)),
  );
}

/**
 * A table row naming a margin or a ratio whose first value is a percent ("Gross margin | 61.3 | % | 60.4 | %", "| Operating
 * Margin % | 18.4 | 21.3 |", "| Return on common shareholders' equity | 17.2 | % | 18.7 | % |") gives that measure for the
 * reported quarter (the first column), when the prose states none.
 */
function tableMargins(
  doc: ReleaseDocument,
  measures: ReleaseMeasure[],
  fiscalYear: number | null,
  fiscalPeriod: FiscalPeriod,
  figures: ReleaseFigure[] = [],
): ReleaseMeasure[] {
  const out: ReleaseMeasure[] = [];
  // (h-earn39: Voestalpine Q1 2020/21, "Q 1 2019/20 | Q 1 2020/21 | Change", "EBIT margin | 4.7% | –2.0%".) A ratio row
  // is read in the figure column (counted among the row's figure cells, "$" and "%" cells apart) the reported period's
  // figures were read from in the nearest figure row above it in the same table (no header row of years and no sentence
  // between them); the first figure column otherwise.
  const periodRows = figures
    .filter((f) => f.fiscalPeriod === fiscalPeriod && f.evidence.kind === 'table_row')
    .map((f) => ({
      start: f.evidence.start,
      column: figureCells(cellsOf(f.evidence.text)).indexOf(f.printed.trim()),
    }))
    .filter((r) => r.column >= 0)
    .sort((a, b) => a.start - b.start);
  const columnAbove = (at: number): number => {
    const above = periodRows.filter((r) => r.start < at).at(-1);
    if (above === undefined) return 0;
    const between = doc.blocks.filter((x) => x.start > above.start && x.start < at);
    const broken = between.some((x) =>
      x.row
        ? /\b(?:19|20)\d{2}\b/.test(cellsOf(x.text)[0] ?? '') ||
          !/\d/.test(x.text.split('|').slice(1).join('|'))
        : /[.;:]\s|[.;]$/.test(x.text) || x.text.length > 80,
    );
    return broken ? 0 : above.column;
  };
  const stated = (measure: ReleaseMeasure['measure']) =>
    [...measures, ...out].some((m) => m.measure === measure && m.fiscalPeriod === fiscalPeriod);
  for (const b of doc.blocks) {
    if (!b.row) continue;
    const cells = cellsOf(b.text);
    // The row's measure for the reported period, its first cell as printed.
    const add = (
      measure: ReleaseMeasure['measure'],
      unit: ReleaseMeasure['unit'],
      period: ReleaseMeasure['period'],
      printed: string,
      value: number,
    ) =>
      out.push({
        name: cells[0]!.trim(),
        measure,
        unit,
        period,
        printed,
        value,
        scale: 'units',
        fiscalYear,
        fiscalPeriod,
        evidence: { kind: 'table_row', text: b.text, start: b.start, end: b.end, table: null },
      });
    // A row of unit revenue per available seat mile captioned "(cents)" ("Scheduled service passenger revenue per ASM
    // (PRASM)(cents) | 8.58 | 6.89") states hundredths of the currency per seat mile, as printed; a part's revenue
    // ("Total scheduled service revenue per ASM") is no operating revenue per seat mile.
    const unitRevenue =
      /\b(?:(passenger revenue per (?:available seat mile|ASM)|PRASM)|((?:total |operating )?revenue per (?:available seat mile|ASM)|T?RASM))\b.*\((?:cents|¢)\)\s*$/i.exec(
        cells[0]?.trim() ?? '',
      );
    const first = cells[1]?.trim() ?? '';
    if (unitRevenue !== null && /^\d+(?:\.\d+)?$/.test(first)) {
      const measure = unitRevenue[1] !== undefined ? 'passenger_revenue_per_asm' : 'revenue_per_asm';
      if (
        (measure === 'revenue_per_asm' && /\bscheduled service revenue\b/i.test(cells[0]!)) ||
        stated(measure)
      )
        continue;
      add(measure, 'currency_hundredths_per_unit', 'quarter', first, Number(first));
      continue;
    }
    const column = columnAbove(b.start);
    const at =
      column === 0
        ? 1
        : cells.findIndex((c, i) => i >= 1 && figureCells(cells.slice(0, i + 1)).length === column + 1);
    const printed = at < 1 ? '' : (cells[at]?.trim() ?? '');
    // "Book value per share | $21.63 | $20.91": the book value per share at the first column's date, an amount per share.
    const bookValue = /^(tangible )?book value per (?:common )?share$/i.exec(cells[0]?.trim() ?? '');
    if (bookValue !== null && isFigureCell(printed) && !/%/.test(printed)) {
      const measure = bookValue[1] ? 'tangible_book_value_per_share' : 'book_value_per_share';
      const value = parseAmount(printed);
      if (value === null || stated(measure)) continue;
      add(measure, 'currency_per_share', 'point_in_time', printed, value);
      continue;
    }
    // An insurer's combined ratio, also stated before an item an abbreviation names ("Combined ratio before LPT").
    const name =
      /^(gross (?:profit )?margin|operating margin|EBIT margin|return on (?:average )?(?:common )?(?:shareholders['’]? |stockholders['’]? )?equity|return on (?:average )?assets|net interest margin|efficiency ratio|combined (?:loss and expense )?ratio)\s*(%|\(%\))?$/i.exec(
        // (h-earn26: and a ratio said to be annualized, "Return on average assets (annualized) | 1.50 | %".)
        (cells[0]?.trim() ?? '').replace(/ before [A-Z]{2,6}$/, '').replace(/\s*\(annualized\)$/i, ''),
      );
    if (name === null || !isFigureCell(printed)) continue;
    if (name[2] === undefined && !/%\)?$/.test(printed) && !/^%\)?$/.test(cells[at + 1]?.trim() ?? ''))
      continue;
    const n = name[1]!.toLowerCase();
    const measure = /^gross/.test(n)
      ? 'gross_margin'
      : /^(?:operating|ebit\b)/.test(n)
        ? 'operating_margin'
        : /equity$/.test(n)
          ? 'return_on_equity'
          : /assets$/.test(n)
            ? 'return_on_assets'
            : /^net interest/.test(n)
              ? 'net_interest_margin'
              : /^combined/.test(n)
                ? 'combined_ratio'
                : 'efficiency_ratio';
    const value = parseAmount(printed.replace(/%/, ''));
    if (value === null) continue;
    if (stated(measure)) continue;
    add(measure, 'percent', 'quarter', printed, value);
  }
  return out;
}

/** A row's figure cells after its label, as printed ("$", "%" and empty cells apart). */
function figureCells(cells: string[]): string[] {
  return cells
    .slice(1)
    .map((c) => c.trim())
    .filter((c) => isFigureCell(c));
}

/**
 * A table headed "Assets Under Management" (the headings right above its first row) gives the asset manager's AUM
 * from its "Total" row: the first column when the first date of the headings is their latest, scaled by the
 * headings' caption ("(in millions)"); no caption, no value.
 */
function tableAum(
  doc: ReleaseDocument,
  fiscalYear: number | null,
  fiscalPeriod: FiscalPeriod | null,
): ReleaseMeasure | null {
  let headings: string[] = [];
  let inTable = false;
  for (const b of doc.blocks) {
    if (!b.row) {
      if (inTable) {
        headings = [];
        inTable = false;
      }
      headings.push(b.text);
      if (headings.length > 8) headings.shift();
      continue;
    }
    inTable = true;
    if (!headings.some((h) => /^(?:total )?assets under management\b/i.test(h.trim()))) continue;
    const cells = cellsOf(b.text);
    if (!/^total$/i.test(cells[0]?.trim() ?? '')) continue;
    const printed = cells[1]?.trim() ?? '';
    if (!isFigureCell(printed) || /%/.test(printed)) return null;
    const caption = headings.map((h) => captionScale(h)).find((c) => c !== null);
    if (!caption) return null;
    const dates = headings.map((h) => parseDate(h.trim())).filter((d): d is string => d !== null);
    if (dates.length > 0 && dates.some((d) => d > dates[0]!)) return null;
    const value = parseAmount(printed);
    if (value === null) return null;
    return {
      name: 'Assets Under Management (Total)',
      measure: 'assets_under_management',
      unit: 'currency',
      period: 'point_in_time',
      printed,
      value: toFullUnits(value, caption.scale),
      scale: caption.scale,
      fiscalYear,
      fiscalPeriod,
      evidence: { kind: 'table_row', text: b.text, start: b.start, end: b.end, table: caption.evidence },
    };
  }
  return null;
}

function isTotalRevenue(p: ProseFigure): boolean {
  return p.concept === 'revenue' && /^total\b/i.test(p.label);
}

/** A table without a caption takes the scale at which one of its figures agrees with the same figure in prose. */
/**
 * A table that states no scale has one scale for all its rows: one row that a sentence corroborates ("$6,532,000" for
 * "Net Sales | $6,532") gives it to the others ("Gross margin | 1,466"), in the columns of every period (the quarter's
 * corroborated "Total revenue | 220,464" scales the year's "784,478", the year's "$108.4 million" the quarter's).
 */
function corroborateTables(
  target: { period: FiscalPeriod; span: Span },
  tables: TableFigure[],
  prose: ProseFigure[],
  acceptUnknownSpan: boolean,
  primary: boolean,
  tableScale: Map<number, { scale: Scale; evidence: string }>,
): void {
  const spanOk = (s: Span) =>
    s === target.span || (s === 'unknown' && acceptUnknownSpan && target.span === 'quarter');
  const proseSpanOk = (s: Span) => s === target.span || (s === 'unknown' && primary);
  for (const t of tables) {
    if (!spanOk(t.span) || t.scale !== null || t.tableIndex === undefined || tableScale.has(t.tableIndex))
      continue;
    const agree = corroborate(
      t,
      prose.filter((p) => p.concept === t.concept && proseSpanOk(p.span)),
    );
    if (agree !== null) tableScale.set(t.tableIndex, agree);
  }
}

function corroborate(t: TableFigure, prose: ProseFigure[]): { scale: Scale; evidence: string } | null {
  for (const p of prose) {
    const stated = toFullUnits(p.value, p.scale);
    for (const s of ['units', 'thousands', 'millions', 'billions'] as Scale[]) {
      // (A crore is never inferred: only a caption that names it gives it.)
      const v = t.value * SCALE_FACTOR[s];
      if (
        stated !== 0 &&
        Math.sign(v) === Math.sign(stated) &&
        Math.abs(v - stated) / Math.abs(stated) < 0.03
      ) {
        return {
          scale: s,
          evidence: `no caption; agrees with "${p.printed}" in: ${p.sentence.text.slice(0, 160)}`,
        };
      }
    }
  }
  return null;
}

/** A row's evidence when a sentence states it. */
function sentenceEvidence(sentence: Sentence) {
  return {
    kind: 'sentence' as const,
    text: sentence.text,
    start: sentence.start,
    end: sentence.end,
    table: null,
  };
}
