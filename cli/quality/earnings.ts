import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parseReleaseBytes, type ReleaseRows } from '../../parsers/earnings/release-rows.ts';

/**
 * `npm run quality:earnings [-- <dir>...]`: every release in the folders (default: the project's fixtures, and
 * ../shared/fixtures/earnings/press_releases when present), what the parser found and what it left
 * unassigned, then the hand-read values of labels.tsv checked: right, wrong, missing, and the scale errors (a
 * value off by a power of 1,000) and basis errors (found only under another basis) counted apart.
 *
 * `npm run quality:earnings -- --heldout`: the same check on the held-out releases
 * (fixtures/earnings/held-out, labels-heldout.tsv), files the rules were not written on; printed on its own,
 * never added to the in-sample figure. There a `not_release` label must give no figures (a figure read from it
 * counts as a false release), and no held-out file states guidance, so each guidance row read from one is a
 * false guidance row. Held-out set 2 (fixtures/earnings/held-out-2, labels-heldout-2.tsv) is scored and printed
 * after set 1, on its own: there an optional 7th label column gives a guidance row's status (raised, lowered,
 * reaffirmed, narrowed), and a guidance value read with another status counts as a status error. Held-out
 * set 3 (fixtures/earnings/held-out-3, labels-heldout-3.tsv: banks, REITs, an ADS filer) is scored the same way,
 * printed third. Held-out set 4 (fixtures/earnings/held-out-4, labels-heldout-4.tsv: insurers, retailers, software, utilities,
 * a euro 6-K) is printed fourth; its status column also takes `none` (the text words no status, so any status
 * read is an error). Held-out set 5 (fixtures/earnings/held-out-5, labels-heldout-5.tsv: a 6-K in pounds and
 * pence, a pre-2005 text 6-K, a 16-week quarter, a biotech's loss guidance, an oil producer's production, banks, a
 * guidance-only revision) is printed fifth, scored the same way. Held-out set 6 (fixtures/earnings/held-out-6,
 * labels-heldout-6.tsv: wire texts from public press-release archives, a euro industrial with guidance, renminbi, a
 * loss-making biotech, banks, a Finnish and a Canadian IFRS filer, a non-release) is printed sixth. Held-out set 7
 * (fixtures/earnings/held-out-7, labels-heldout-7.tsv: a large bank's 4Q24 release, a small bank, wire summaries of
 * loss-making small caps, a gold miner, a reaffirmed revenue guidance, a results-date notice) is printed seventh. Held-out set 8 (fixtures/earnings/held-out-8, labels-heldout-8.tsv: insurers'
 * operating earnings, a REIT wire snapshot in cents, a renminbi 6-K, 1999 trade-press texts in "m" / "bn", a bank's "$30.2M")
 * is printed eighth. Held-out set 9 (fixtures/earnings/held-out-9, labels-heldout-9.tsv: 2026 exhibits in thousands with four
 * period columns, loss per share basic and diluted, June / January fiscal years, adjusted rows, an IFRS page in crore of
 * rupees) is printed ninth. Held-out set 10 (fixtures/earnings/held-out-10, labels-heldout-10.tsv: a bank's five-column
 * highlights, an asset manager's AUM, a REIT's FFO / AFFO table with footnote cells, a results page in millions of yen,
 * an income statement in MEUR with five columns) is printed tenth. Held-out set 11 (fixtures/earnings/held-out-11,
 * labels-heldout-11.tsv: an insurer's raised operating-EPS range, a Canadian bank in C$, a utility's EPS page, a
 * semiconductor's GAAP / Non-GAAP tables one cell per paragraph, a UK plc's £m statement with EPS in pence) is printed
 * eleventh. Held-out set 12 (fixtures/earnings/held-out-12, labels-heldout-12.tsv: airlines' unit revenues in cents and
 * quarter / year figures paired in one sentence, a retailer's 14-week quarter and 53-week year, a software summary with
 * ARR and a next-quarter guidance range, a Japanese quarterly summary in millions of yen) is printed twelfth. Held-out
 * set 13 (fixtures/earnings/held-out-13, labels-heldout-13.tsv: releases in KRW, TWD and SEK, trillion won, Taiwan cents,
 * nine-month figures first, a text-laid-out reconciliation) is printed thirteenth; its currency.tsv (hand-read reporting
 * currency per file) is scored too: `currency: {right, of}` in the JSON, a `CURRENCY` line per mismatch. Held-out set
 * 14 (fixtures/earnings/held-out-14, labels-heldout-14.tsv and currency.tsv: pounds and pence, HK dollars and HK cents,
 * rand with a decimal comma and cents, Swiss francs marked "SFr") is printed fourteenth; set 15
 * (fixtures/earnings/held-out-15: an insurer, a REIT, an airline's unit revenue in cents, yen, a euro decimal comma, a
 * bank's revenue net of interest expense, a Chapter 11 loss) fifteenth; set 16 (fixtures/earnings/held-out-16: rupees
 * and crore, off-calendar fiscal quarters, small-cap losses, a REIT's FFO loss, an insurer, yen billions, € million)
 * sixteenth; set 17 (fixtures/earnings/held-out-17: RMB with US$ translations, KRW bn, R$ with decimal commas, Ps.,
 * yuan and fen, a year-to-date column first) seventeenth; set 18 (fixtures/earnings/held-out-18: C$ with swapped
 * column headings, MLP income per limited partner unit, discontinued operations, biotech losses, an August fiscal year)
 * eighteenth; set 19 (fixtures/earnings/held-out-19: a railroad and truckers with operating ratios, 52/53-week
 * restaurants, system-wide same-store sales, 1990s wire releases with "($0.73)" losses and a restated quarter) nineteenth;
 * set 20 (fixtures/earnings/held-out-20: fiscal years ending in April and September, banks' highlight bullets, a quarterly
 * summary whose units are a header cell "(Thousands)", DKK with "mDKK" in the header row, EUR prose, "TEUR") twentieth;
 * set 21 (fixtures/earnings/held-out-21: utility statements, an insurer's bullets naming no period, a REIT wire story,
 * a tanshin with "FY2021 Q1" codes, a rand statement with space separators) twenty-first; set 22
 * (fixtures/earnings/held-out-22: a 6-K in NIS with US$ translations, a restated prior quarter marked by footnote
 * digits, units after the number "3,774 MSEK (3,557)", a bilingual statement with a sparse Note column, a bank's prose)
 * twenty-second; set 23 (fixtures/earnings/held-out-23: per-share amounts restated for a stock split, banks' and insurers'
 * per-share figures in prose, "$.50 ($0.43 in 2008)", a May-April fiscal year "2017/18" in "SEK 3,614 M (3,715)", a
 * tanshin forecast table with periods as rows) twenty-third; set 24 (fixtures/earnings/held-out-24: retailers' 53-week years
 * with comparable store sales, a REIT's FFO in cents per share, pesos with a US$ convenience column, an Australian "normal"
 * profit, a biotech's collaboration revenue and net loss per share) twenty-fourth; set 25 (fixtures/earnings/held-out-25: a
 * quarter's net loss and loss per share split over two lines "(2,175" / ")", whole-dollar wire prose, 1999 industrials, an
 * Indian statement "(Rs. In Lakhs)" whose year column lost its date, Three / Twelve Months Ended groups with Change
 * columns) twenty-fifth; set 26 (fixtures/earnings/held-out-26: semiconductors' GAAP and non-GAAP tables of one shape
 * in a row, quarters ending on a Saturday, a reconciliation page alone, Canadian banks' reported and adjusted figures in
 * C$ prose and bullets, a utility's "earnings from normal operations", a statements-only Exhibit 99.2) twenty-sixth;
 * set 27 (fixtures/earnings/held-out-27: financials' net revenues, a summary box with periods as row labels, a
 * five-quarter statement with the current quarter last, continuing vs discontinued operations, a half year in
 * "US$ Million") twenty-seventh; set 28 (fixtures/earnings/held-out-28: euros written "€ 2,076.0 million", "€202.9m (€161.1m)"
 * and "EUR 45.9 million", a table "In millions of euros" of an April-March year with the current quarter last, a bank's
 * half year whose top line is "Total income", REIT trade-press FFO, a quarter named only "three months ended March 31", a
 * retailer's fiscal fourth quarter "ended January 28") twenty-eighth; set 29 (fixtures/earnings/held-out-29: an insurer's
 * operating EPS and combined ratio, a UK table in £m with "39.5p" EPS, a UK statement with "(Restated)" prior columns first,
 * a prior-year loss "$(0.10)" in parentheses, a current loss "$ (13,672)", "Total revenues and other income")
 * twenty-ninth; set 30 (fixtures/earnings/held-out-30: UK half years named only in column headings, split over two lines
 * or under three header rows, a plain-text summary with stacked headings, "£988M" and "15.94P", losses worded "Loss from
 * Operations was", headline FY revenue and a revenue guidance range) thirtieth; set 31 (fixtures/earnings/held-out-31:
 * two banks with the quarter and the year to date in one paragraph, a fiscal quarter compared with the prior quarter, two
 * REITs with FFO, a 6-K filer's RMB release, two losses worded "net loss ... was $480,000") thirty-first; set 32
 * (fixtures/earnings/held-out-32: shipping foreign private issuers, a table whose thousands are stated only in its caption,
 * an adjusted figure before the GAAP loss, an insurer in cents, a utility's statements with no scale, a thirteen-week
 * quarter ended on a Saturday, a Norwegian IFRS report in NOK millions) thirty-second; set 33
 * (fixtures/earnings/held-out-33: GAAP and non-GAAP losses of March and June fiscal years, a net loss beside a positive
 * continuing-operations EPS, 14-week and 53-week periods in trade press, "70 cents per share", a REIT in whole dollars
 * with FFO, a bank's one-line .txt exhibit, an RMB release whose text lost its spaces) thirty-third; set 34
 * (fixtures/earnings/held-out-34: an oil major's summary rows with values before labels over three quarters' columns,
 * "($1000s)" and "(In thousands, except percentages)" scales, Q2 beside H1 highlights, June and September fiscal years,
 * a biotech's collaboration revenue and net loss) thirty-fourth; set 35 (fixtures/earnings/held-out-35: an Austrian
 * half-year report in "EUR x million", a French euro first quarter with an updated EBITDA target, a statement of
 * operations under rounded headlines and a split outlook headline, a millions highlights table with a quarter's outlook)
 * thirty-fifth.
 * `-- --heldout --set 9` scores one held-out set alone. Each set also counts guidance basis errors: a
 * guidance row found with the label's value but under another basis (gaap / non_gaap / unspecified) than the label's.
 *
 * `npm run quality:earnings -- --guidance`: the guidance held-out sets alone (see checkGuidance): set 1
 * (fixtures/earnings/guidance-held-out), then set 2 (fixtures/earnings/guidance-held-out-2, labels-guidance-2.tsv:
 * outlook tables, euro guidance, margins and ROCE, medium-term targets, a named-metric withdrawal), then set 3
 * (fixtures/earnings/guidance-held-out-3, labels-guidance-3.tsv: outlook tables whose columns carry the period, the
 * basis, Low / High or New / Previous; GAAP and non-GAAP ranges in one sentence; a target "by Fiscal 2025"), then set 4
 * (fixtures/earnings/guidance-held-out-4, labels-guidance-4.tsv: prose-only ranges, preannounced quarters beside the
 * previous outlook, a quarter and the year side by side, pro forma and GAAP ranges, a status with no number, euros), then
 * set 5 (fixtures/earnings/guidance-held-out-5, labels-guidance-5.tsv: wire copies with lead-sentence statuses, status
 * bullet groups, one-cell-per-line and midpoint +/- outlook tables, GAAP | adjustments | non-GAAP columns), then set 6
 * (fixtures/earnings/guidance-held-out-6, labels-guidance-6.tsv: an airline, utilities, a REIT, a miner, yen forecasts,
 * a withdrawal, an ARR table with previous / new / quarter columns), then set 7 (fixtures/earnings/guidance-held-out-7,
 * labels-guidance-7.tsv: a bank's net interest income and margin, homebuilders, organic growth with old and new ranges,
 * crowns and euros, a quarter | year table), then set 8 (fixtures/earnings/guidance-held-out-8, labels-guidance-8.tsv:
 * "plus or minus" targets, "A and B, respectively", amounts in pounds worded after the number, a loss range in £m, rupees
 * and crore with "per cent", an A$ range with a US$ translation inside it, a renminbi loss warning), then set 9
 * (fixtures/earnings/guidance-held-out-9, labels-guidance-9.tsv: "Current | Prior" and "New | Previous" outlook tables,
 * loss-per-share ranges, dated guidance columns, suspensions, capex and free cash flow, half years beside the year), then
 * set 10 (fixtures/earnings/guidance-held-out-10, labels-guidance-10.tsv: reinstated guidance, segment tables beside the
 * company's, a yen forecast table of plain number lines, tax-rate and interest-expense reconciliation tables, SEK), then
 * set 11 (fixtures/earnings/guidance-held-out-11, labels-guidance-11.tsv: a range narrowed to the upper half, margin
 * expansion in basis points, same-restaurant sales, organic growth, an airline's unit costs, a bank's NII), then set 12
 * (fixtures/earnings/guidance-held-out-12, labels-guidance-12.tsv: per-share ranges in cents, a net income range with
 * each end's EPS in parentheses, a range from cents to dollars, an acquisition's ranges beside the consolidated ones, a
 * guidance reconciliation for the reported quarter), then set 13 (fixtures/earnings/guidance-held-out-13,
 * labels-guidance-13.tsv: banks' net interest income in prose, outlook and reconciliation tables with ranges under a
 * period header, fiscal-year targets past the next quarter, reaffirmed beside raised, percent growth beside amounts, yen
 * with a US$ translation, euros in words), then set 14 (fixtures/earnings/guidance-held-out-14, labels-guidance-14.tsv:
 * half-year targets in yen and pounds, guidance-only texts whose periods are read from their words, "approximately",
 * growth percents beside amounts, per-share ranges), then set 15 (fixtures/earnings/guidance-held-out-15,
 * labels-guidance-15.tsv: reported and non-GAAP targets with "respectively", mixed statuses, euros, pounds, Swiss
 * francs, yen and Canadian and Australian dollars, forecast tables printed as lines), then set 16
 * (fixtures/earnings/guidance-held-out-16, labels-guidance-16.tsv: yen revision tables printed one cell per line with
 * losses in "△", consolidated beside non-consolidated tables, withdrawals, euros, a "Low | High" table in thousands,
 * pages with a Chinese translation after each English block), then set 17 (fixtures/earnings/guidance-held-out-17,
 * labels-guidance-17.tsv: a bank's NII in pounds, euros with segment targets, rupees in crore, fiscal years ending in
 * March, June and September, a "Previous Outlook | New Outlook" markdown table, cuts against prior guidance, a Canadian
 * filer in US dollars), then set 18 (fixtures/earnings/guidance-held-out-18, labels-guidance-18.tsv: "at least" floors,
 * "approximately" points, a bullet list with key assumptions, growth raised "up from prior outlook", a quarter beside the
 * year, a euro guidance table with an "Actual" column, en-dash ranges, ranges written high end first beside a
 * one-cell-per-line GAAP | Non-GAAP table, a euro ad hoc update with "(before ...)" ranges), then set 19
 * (fixtures/earnings/guidance-held-out-19, labels-guidance-19.tsv: a next quarter's EPS and revenue in a wire item, a
 * withdrawal naming no metric, dollars stored as "\\$", euro amounts "ME119.1" / "0.83E" with an EPS floor, a Swiss-franc
 * bullet outlook, "plus or minus" quarter targets raised and maintained), then set 20
 * (fixtures/earnings/guidance-held-out-20, labels-guidance-20.tsv: a REIT's FFO range in bullets, EPS growth in words, a
 * euro utility's preliminary half year and confirmed range, a half-year floor beside medium-term ranges, a bank's NII
 * guidance as growth, "EUR 41.1 billion" in a management report). `--guidance --set N` scores guidance set N alone.
 *
 * Every set also scores the release period against its periods.tsv (hand-read fiscal period, year and stated end
 * date, see checkPeriods): `period: {right, of, unstated_ends}` in the JSON, a `PERIOD` line per mismatch.
 */
const own = new URL('../../fixtures/earnings/press-releases/', import.meta.url).pathname;
const heldOut = new URL('../../fixtures/earnings/held-out/', import.meta.url).pathname;
const heldOut2 = new URL('../../fixtures/earnings/held-out-2/', import.meta.url).pathname;
const heldOut3 = new URL('../../fixtures/earnings/held-out-3/', import.meta.url).pathname;
const heldOut4 = new URL('../../fixtures/earnings/held-out-4/', import.meta.url).pathname;
const heldOut5 = new URL('../../fixtures/earnings/held-out-5/', import.meta.url).pathname;
const heldOut6 = new URL('../../fixtures/earnings/held-out-6/', import.meta.url).pathname;
const heldOut7 = new URL('../../fixtures/earnings/held-out-7/', import.meta.url).pathname;
const heldOut8 = new URL('../../fixtures/earnings/held-out-8/', import.meta.url).pathname;
const heldOut9 = new URL('../../fixtures/earnings/held-out-9/', import.meta.url).pathname;
const heldOut10 = new URL('../../fixtures/earnings/held-out-10/', import.meta.url).pathname;
const heldOut11 = new URL('../../fixtures/earnings/held-out-11/', import.meta.url).pathname;
const heldOut12 = new URL('../../fixtures/earnings/held-out-12/', import.meta.url).pathname;
const heldOut13 = new URL('../../fixtures/earnings/held-out-13/', import.meta.url).pathname;
const heldOut14 = new URL('../../fixtures/earnings/held-out-14/', import.meta.url).pathname;
const heldOut15 = new URL('../../fixtures/earnings/held-out-15/', import.meta.url).pathname;
const heldOut16 = new URL('../../fixtures/earnings/held-out-16/', import.meta.url).pathname;
const heldOut17 = new URL('../../fixtures/earnings/held-out-17/', import.meta.url).pathname;
const heldOut18 = new URL('../../fixtures/earnings/held-out-18/', import.meta.url).pathname;
const heldOut19 = new URL('../../fixtures/earnings/held-out-19/', import.meta.url).pathname;
const heldOut20 = new URL('../../fixtures/earnings/held-out-20/', import.meta.url).pathname;
const heldOut21 = new URL('../../fixtures/earnings/held-out-21/', import.meta.url).pathname;
const heldOut22 = new URL('../../fixtures/earnings/held-out-22/', import.meta.url).pathname;
const heldOut23 = new URL('../../fixtures/earnings/held-out-23/', import.meta.url).pathname;
const heldOut24 = new URL('../../fixtures/earnings/held-out-24/', import.meta.url).pathname;
const heldOut25 = new URL('../../fixtures/earnings/held-out-25/', import.meta.url).pathname;
const heldOut26 = new URL('../../fixtures/earnings/held-out-26/', import.meta.url).pathname;
const heldOut27 = new URL('../../fixtures/earnings/held-out-27/', import.meta.url).pathname;
const heldOut28 = new URL('../../fixtures/earnings/held-out-28/', import.meta.url).pathname;
const heldOut29 = new URL('../../fixtures/earnings/held-out-29/', import.meta.url).pathname;
const heldOut30 = new URL('../../fixtures/earnings/held-out-30/', import.meta.url).pathname;
const heldOut31 = new URL('../../fixtures/earnings/held-out-31/', import.meta.url).pathname;
const heldOut32 = new URL('../../fixtures/earnings/held-out-32/', import.meta.url).pathname;
const heldOut33 = new URL('../../fixtures/earnings/held-out-33/', import.meta.url).pathname;
const heldOut34 = new URL('../../fixtures/earnings/held-out-34/', import.meta.url).pathname;
const heldOut35 = new URL('../../fixtures/earnings/held-out-35/', import.meta.url).pathname;
const guidanceSet = new URL('../../fixtures/earnings/guidance-held-out/', import.meta.url).pathname;
const guidanceSet2 = new URL('../../fixtures/earnings/guidance-held-out-2/', import.meta.url).pathname;
const guidanceSet3 = new URL('../../fixtures/earnings/guidance-held-out-3/', import.meta.url).pathname;
const guidanceSet4 = new URL('../../fixtures/earnings/guidance-held-out-4/', import.meta.url).pathname;
const guidanceSet5 = new URL('../../fixtures/earnings/guidance-held-out-5/', import.meta.url).pathname;
const guidanceSet6 = new URL('../../fixtures/earnings/guidance-held-out-6/', import.meta.url).pathname;
const guidanceSet7 = new URL('../../fixtures/earnings/guidance-held-out-7/', import.meta.url).pathname;
const guidanceSet8 = new URL('../../fixtures/earnings/guidance-held-out-8/', import.meta.url).pathname;
const guidanceSet9 = new URL('../../fixtures/earnings/guidance-held-out-9/', import.meta.url).pathname;
const guidanceSet10 = new URL('../../fixtures/earnings/guidance-held-out-10/', import.meta.url).pathname;
const guidanceSet11 = new URL('../../fixtures/earnings/guidance-held-out-11/', import.meta.url).pathname;
const guidanceSet12 = new URL('../../fixtures/earnings/guidance-held-out-12/', import.meta.url).pathname;
const guidanceSet13 = new URL('../../fixtures/earnings/guidance-held-out-13/', import.meta.url).pathname;
const guidanceSet14 = new URL('../../fixtures/earnings/guidance-held-out-14/', import.meta.url).pathname;
const guidanceSet15 = new URL('../../fixtures/earnings/guidance-held-out-15/', import.meta.url).pathname;
const guidanceSet16 = new URL('../../fixtures/earnings/guidance-held-out-16/', import.meta.url).pathname;
const guidanceSet17 = new URL('../../fixtures/earnings/guidance-held-out-17/', import.meta.url).pathname;
const guidanceSet18 = new URL('../../fixtures/earnings/guidance-held-out-18/', import.meta.url).pathname;
const guidanceSet19 = new URL('../../fixtures/earnings/guidance-held-out-19/', import.meta.url).pathname;
const guidanceSet20 = new URL('../../fixtures/earnings/guidance-held-out-20/', import.meta.url).pathname;
const shared = new URL('../../../shared/fixtures/earnings/press_releases/', import.meta.url).pathname;
const heldOutMode = process.argv.includes('--heldout');
const guidanceMode = process.argv.includes('--guidance');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
/**
 * A guidance row's low..high as the labels write it: "15..30" a range, "15.." a floor (no high), "..30" a ceiling (no
 * low); a row with neither end prints "null..null" (a withdrawal or a qualitative target).
 */
function bounds(g: Record<string, unknown>): string {
  if (g.low === null && g.high === null) return 'null..null';
  return `${g.low ?? ''}..${g.high ?? ''}`;
}

/**
 * A label's value against a row's low / high / point: "A..B" a range, "A.." a floor (the row's high must be null),
 * "..B" a ceiling (the row's low must be null), else a point.
 */
function valueMatches(value: string, g: Record<string, unknown>): boolean {
  const near = (a: unknown, b: string) =>
    b === '' ? a === null : typeof a === 'number' && Math.abs(a - Number(b)) < 1e-9;
  const [lo = '', hi] = value.split('..');
  if (hi === undefined) return near(g.point, lo);
  return g.point === null && near(g.low, lo) && near(g.high, hi);
}

/** Every file parsed, its rows printed (figures, measures, guidance, unassigned, warnings). */
function readAll(files: Map<string, string>): {
  parsed: Map<string, ReleaseRows>;
  rowsTotal: number;
  seconds: number;
} {
  const parsed = new Map<string, ReleaseRows>();
  let rowsTotal = 0;
  const started = performance.now();
  for (const [name, path] of [...files].sort()) {
    const r = parseReleaseBytes(readFileSync(path));
    parsed.set(name, r);
    const rel = r.release;
    rowsTotal += r.figures.length + r.measures.length + r.guidance.length;
    console.log(
      `\n${name}: ${rel.is_earnings_release ? `${rel.fiscal_period ?? '?'} ${rel.fiscal_year ?? '?'} (${rel.fiscal_year_source ?? '-'}) ended ${rel.period_end ?? '?'} ${rel.currency ?? ''} from ${rel.document_type ?? 'exhibit'}` : 'not an earnings release'}`,
    );
    for (const f of r.figures)
      console.log(
        `  figure   ${f.fiscal_period} ${String(f.metric).padEnd(17)} ${String(f.basis).padEnd(11)} ${String(f.value).padStart(15)}  ${f.scale}  "${f.label}"`,
      );
    for (const m of r.measures)
      console.log(
        `  measure  ${m.fiscal_period ?? m.period} ${String(m.measure).padEnd(30)} ${m.value} ${m.unit}  "${m.name}"`,
      );
    for (const g of r.guidance)
      console.log(
        `  guidance ${g.target_fiscal_period ?? '?'} ${g.target_fiscal_year ?? '?'} ${String(g.metric).padEnd(14)} ${g.text_value ?? g.point ?? bounds(g)} ${g.unit} ${g.status ?? ''}`,
      );
    for (const u of r.unassigned) console.log(`  UNASSIGNED ${u}`);
    for (const w of r.warnings) console.log(`  warning  ${w}`);
  }
  return { parsed, rowsTotal, seconds: (performance.now() - started) / 1000 };
}

function filesOf(dirs: string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const d of dirs) {
    for (const f of readdirSync(d)) {
      if (/\.(htm|html|txt)$/i.test(f) && !files.has(f)) files.set(f, `${d.replace(/\/?$/, '/')}${f}`);
    }
  }
  return files;
}

/**
 * The release period of each file against periods.tsv (hand-read: file, fiscal_period, fiscal_year, period_end,
 * evidence): a file is right when its period code equals the label's, its fiscal year equals the label's (when the
 * document names one) and its period end equals the label's (when the document states one). `none` = the document
 * reports no period, right when the parser reads no period from it (not a release, or no fiscal period).
 * `unstated_ends` counts releases given an end date where the document states none.
 */
function checkPeriods(
  parsed: Map<string, ReleaseRows>,
  periodsPath: string,
): { problems: string[]; period: { right: number; of: number; unstated_ends: number } } {
  const problems: string[] = [];
  const period = { right: 0, of: 0, unstated_ends: 0 };
  if (!existsSync(periodsPath)) return { problems, period };
  const rows = readFileSync(periodsPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !l.startsWith('file\t'))
    .map((l) => l.split('\t'));
  for (const [file = '', code = '', year = '', end = ''] of rows) {
    const r = parsed.get(file);
    if (!r) continue;
    period.of++;
    const rel = r.release;
    const gotCode = rel.is_earnings_release ? rel.fiscal_period : null;
    const ok =
      code === 'none'
        ? gotCode === null
        : gotCode === code &&
          (year === 'null' || String(rel.fiscal_year) === year) &&
          (end === 'null' || rel.period_end === end);
    // An end date the document does not state is a guess (a calendar quarter's last day is not the end of a
    // 52/53-week quarter): counted apart, as the code and year may still be right.
    if (code !== 'none' && end === 'null' && gotCode !== null && rel.period_end !== null) {
      period.unstated_ends++;
      problems.push(`PERIOD END ${file}: the document states no end date, got ${rel.period_end}`);
    }
    if (ok) period.right++;
    else
      problems.push(
        `PERIOD  ${file}: want ${code === 'none' ? 'none' : `${code} ${year === 'null' ? '?' : year} ${end === 'null' ? '?' : end}`}, got ${gotCode === null ? 'none' : `${gotCode} ${rel.fiscal_year ?? '?'} ${rel.period_end ?? '?'}`}`,
      );
  }
  return { problems, period };
}

/**
 * The reporting currency of each file against currency.tsv (hand-read: file, currency, evidence) when the set has one;
 * null when it has none, so the JSON of the sets without one is unchanged.
 */
function checkCurrency(
  parsed: Map<string, ReleaseRows>,
  currencyPath: string,
): { problems: string[]; currency: { right: number; of: number } } | null {
  if (!existsSync(currencyPath)) return null;
  const problems: string[] = [];
  const currency = { right: 0, of: 0 };
  const rows = readFileSync(currencyPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !l.startsWith('file\t'))
    .map((l) => l.split('\t'));
  for (const [file = '', code = ''] of rows) {
    const r = parsed.get(file);
    if (!r) continue;
    currency.of++;
    if (r.release.currency === code) currency.right++;
    else problems.push(`CURRENCY ${file}: want ${code}, got ${r.release.currency ?? 'none'}`);
  }
  return { problems, currency };
}

function check(setName: string, dirs: string[], labelsPath: string): void {
  const files = filesOf(dirs);
  const { parsed, rowsTotal, seconds } = readAll(files);

  const labels = readFileSync(labelsPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !l.startsWith('file\t'))
    .map((l) => l.split('\t') as [string, string, string, string, string, string, string?]);
  let right = 0;
  let wrong = 0;
  let missing = 0;
  let scaleErrors = 0;
  let basisErrors = 0;
  let checked = 0;
  let falseReleases = 0;
  const problems: string[] = [];
  let statusErrors = 0;
  let guidanceBasisErrors = 0;
  for (const [file, kind, period, metric, basis, value, status] of labels) {
    const r = parsed.get(file);
    if (!r) continue;
    checked++;
    if (kind === 'not_release') {
      if (r.figures.length === 0) right++;
      else {
        falseReleases++;
        problems.push(
          `FALSE RELEASE ${file}: ${r.figures.length} figures read from a document that is not a release`,
        );
      }
      continue;
    }
    const [lowText = '', highText] = value.split('..');
    // A one-ended label ("30000000.." a floor, "..0.5" a ceiling) is matched end by end in valueMatches; `want` is its
    // stated end.
    const want = Number(lowText === '' ? highText : lowText);
    const wantHigh = highText !== undefined ? Number(highText) : null;
    let got: number | null = null;
    let otherBasis = false;
    if (kind === 'figure') {
      const hit = r.figures.find(
        (f) => f.fiscal_period === period && f.metric === metric && f.basis === basis,
      );
      got = hit ? (hit.value as number) : null;
      otherBasis =
        !hit && r.figures.some((f) => f.fiscal_period === period && f.metric === metric && f.value === want);
    } else if (kind === 'measure') {
      const hit = r.measures.find((m) => m.fiscal_period === period && m.measure === metric);
      got = hit ? (hit.value as number) : null;
    } else {
      const [p, y] = period.split(' ');
      // The row of the label's basis when the release states the target on several bases (a GAAP and a non-GAAP
      // range), else any row of the metric and target (then counted as a guidance basis error).
      const rows = r.guidance.filter(
        (g) => g.metric === metric && g.target_fiscal_period === p && String(g.target_fiscal_year) === y,
      );
      const hit = rows.find((g) => g.basis === basis) ?? rows[0];
      if (hit && status && (hit.status ?? 'none') !== status) {
        statusErrors++;
        problems.push(
          `STATUS  ${file} guidance ${period} ${metric}: want ${status}, got ${hit.status ?? 'none'}`,
        );
      }
      if (hit && basis && hit.basis !== basis) {
        guidanceBasisErrors++;
        problems.push(`BASIS   ${file} guidance ${period} ${metric}: want ${basis}, got ${hit.basis}`);
      }
      if (hit)
        got = wantHigh !== null ? (valueMatches(value, hit) ? want : -1) : (hit.point as number | null);
    }
    const line = `${file} ${kind} ${period} ${metric} ${basis}: want ${value}, got ${got ?? 'nothing'}`;
    if (got === null) {
      missing++;
      if (otherBasis) basisErrors++;
      problems.push(`MISSING ${line}${otherBasis ? ' (found under another basis)' : ''}`);
    } else if (Math.abs(got - want) < 1e-9) right++;
    else {
      wrong++;
      const ratio = Math.abs(got / want);
      if ([1e3, 1e6, 1e9, 1e-3, 1e-6, 1e-9].some((k) => Math.abs(ratio / k - 1) < 0.01)) scaleErrors++;
      problems.push(`WRONG   ${line}`);
    }
  }
  // Held-out labels list every guidance statement of their files (there are none), so any guidance row is false.
  let falseGuidance = 0;
  if (heldOutMode) {
    for (const [file, r] of parsed) {
      const wanted = labels.filter(([f, k]) => f === file && k === 'guidance').length;
      if (r.guidance.length > wanted) {
        falseGuidance += r.guidance.length - wanted;
        problems.push(`FALSE GUIDANCE ${file}: ${r.guidance.length} guidance rows, ${wanted} labelled`);
      }
    }
  }
  const periods = checkPeriods(parsed, `${dirs[0]!.replace(/\/?$/, '/')}periods.tsv`);
  problems.push(...periods.problems);
  const currency = checkCurrency(parsed, `${dirs[0]!.replace(/\/?$/, '/')}currency.tsv`);
  if (currency) problems.push(...currency.problems);
  console.log(`\n${problems.join('\n')}`);
  console.log(
    JSON.stringify(
      {
        set: setName,
        releases: files.size,
        earnings_releases: [...parsed.values()].filter((r) => r.release.is_earnings_release).length,
        rows: rowsTotal,
        unassigned: [...parsed.values()].reduce((n, r) => n + r.unassigned.length, 0),
        labelled_values: checked,
        right,
        wrong,
        missing,
        accuracy: checked === 0 ? null : Number((right / checked).toFixed(3)),
        scale_errors: scaleErrors,
        basis_errors: basisErrors,
        period: periods.period,
        ...(currency ? { currency: currency.currency } : {}),
        ...(heldOutMode ? { false_releases: falseReleases, false_guidance_rows: falseGuidance } : {}),
        ...(labels.some((l) => l[6]) ? { status_errors: statusErrors } : {}),
        ...(labels.some((l) => l[1] === 'guidance') ? { guidance_basis_errors: guidanceBasisErrors } : {}),
        releases_per_second: Number((files.size / seconds).toFixed(1)),
      },
      null,
      2,
    ),
  );
}

/**
 * `--guidance`: the guidance held-out set (fixtures/earnings/guidance-held-out, labels-guidance.tsv; docs/earnings.md
 * "Guidance held-out set"). A guidance label matches the row of the same metric, basis and target; its value is
 * low..high, a point, or "-" (a statement with no number: a withdrawal); its status (none = no word) must equal the
 * row's. A label counts right when value and status are both right. `no_figures` = a guidance-only document that
 * must give no reported figures. A guidance row that matches no label's metric, basis and target is false.
 */
function checkGuidance(name: string, dir: string, labelsPath: string): void {
  const { parsed, rowsTotal, seconds } = readAll(filesOf([dir]));
  const labels = readFileSync(labelsPath, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && !l.startsWith('file\t'))
    .map((l) => l.split('\t'));
  const n = { right: 0, wrong: 0, missing: 0, status_errors: 0, false_figures: 0 };
  const kinds = {
    figure: { right: 0, of: 0 },
    guidance_value: { right: 0, of: 0 },
    guidance_status: { right: 0, of: 0 },
    no_figures: { right: 0, of: 0 },
  };
  const problems: string[] = [];
  const key = (metric: unknown, basis: unknown, period: unknown, year: unknown) =>
    `${metric}|${basis}|${period} ${year}`;
  const target = (period: string): [string, string] => {
    const [p = '', y = ''] = period.split(' ');
    return [p, y];
  };
  const near = (a: unknown, b: number) => typeof a === 'number' && Math.abs(a - b) < 1e-9;
  for (const [file, kind, period = '', metric = '', basis = '', value = '', status = ''] of labels) {
    const r = parsed.get(file!);
    if (!r) continue;
    if (kind === 'no_figures') {
      kinds.no_figures.of++;
      if (r.figures.length === 0) {
        kinds.no_figures.right++;
        n.right++;
      } else {
        n.false_figures++;
        n.wrong++;
        problems.push(
          `FALSE FIGURES ${file}: ${r.figures.length} reported figures from a guidance-only document`,
        );
      }
      continue;
    }
    const line = `${file} ${kind} ${period} ${metric} ${basis}: want ${value}${kind === 'guidance' ? ` ${status}` : ''}`;
    if (kind === 'figure') {
      kinds.figure.of++;
      const hit = r.figures.find(
        (f) => f.fiscal_period === period && f.metric === metric && f.basis === basis,
      );
      if (!hit) {
        n.missing++;
        problems.push(`MISSING ${line}, got nothing`);
      } else if (near(hit.value, Number(value))) {
        kinds.figure.right++;
        n.right++;
      } else {
        n.wrong++;
        problems.push(`WRONG   ${line}, got ${hit.value}`);
      }
      continue;
    }
    kinds.guidance_value.of++;
    const hit = r.guidance.find(
      (g) =>
        key(g.metric, g.basis, g.target_fiscal_period, g.target_fiscal_year) ===
        key(metric, basis, ...target(period)),
    );
    if (!hit) {
      n.missing++;
      problems.push(`MISSING ${line}, got nothing`);
      continue;
    }
    const valueRight =
      value === '-' ? hit.low === null && hit.high === null && hit.point === null : valueMatches(value, hit);
    const got = `${hit.point ?? (hit.low === null && hit.high === null ? '-' : bounds(hit))} ${hit.status ?? 'none'}`;
    kinds.guidance_status.of++;
    const statusRight = (hit.status ?? 'none') === status;
    if (valueRight) kinds.guidance_value.right++;
    if (statusRight) kinds.guidance_status.right++;
    else n.status_errors++;
    if (valueRight && statusRight) n.right++;
    else {
      n.wrong++;
      problems.push(`${valueRight ? 'STATUS ' : 'WRONG  '} ${line}, got ${got}`);
    }
  }
  let falseGuidance = 0;
  for (const [file, r] of parsed) {
    const wanted = new Set(
      labels
        .filter((l) => l[0] === file && l[1] === 'guidance')
        .map((l) => key(l[3], l[4], ...target(l[2] ?? ''))),
    );
    for (const g of r.guidance) {
      const k = key(g.metric, g.basis, g.target_fiscal_period, g.target_fiscal_year);
      if (wanted.has(k)) continue;
      falseGuidance++;
      problems.push(`FALSE GUIDANCE ${file}: ${k} ${g.point ?? bounds(g)} "${g.label}"`);
    }
  }
  const periods = checkPeriods(parsed, `${dir}periods.tsv`);
  problems.push(...periods.problems);
  // The documents' currency, when the set has currency.tsv (set 2's euro guidance); set 1 has none, its JSON unchanged.
  const currency = checkCurrency(parsed, `${dir}currency.tsv`);
  if (currency) problems.push(...currency.problems);
  console.log(`\n${problems.join('\n')}`);
  const checked = labels.filter((l) => parsed.has(l[0]!)).length;
  console.log(
    JSON.stringify(
      {
        set: name,
        releases: parsed.size,
        earnings_releases: [...parsed.values()].filter((r) => r.release.is_earnings_release).length,
        rows: rowsTotal,
        labelled_values: checked,
        right: n.right,
        wrong: n.wrong,
        missing: n.missing,
        accuracy: checked === 0 ? null : Number((n.right / checked).toFixed(3)),
        by_kind: kinds,
        status_errors: n.status_errors,
        false_guidance_rows: falseGuidance,
        false_figures: n.false_figures,
        period: periods.period,
        ...(currency ? { currency: currency.currency } : {}),
        releases_per_second: Number((parsed.size / seconds).toFixed(1)),
      },
      null,
      2,
    ),
  );
}

if (guidanceMode) {
  const guidanceSets: [string, string, string][] = [
    ['guidance-held-out', guidanceSet, 'labels-guidance.tsv'],
    ['guidance-held-out-2', guidanceSet2, 'labels-guidance-2.tsv'],
    ['guidance-held-out-3', guidanceSet3, 'labels-guidance-3.tsv'],
    ['guidance-held-out-4', guidanceSet4, 'labels-guidance-4.tsv'],
    ['guidance-held-out-5', guidanceSet5, 'labels-guidance-5.tsv'],
    ['guidance-held-out-6', guidanceSet6, 'labels-guidance-6.tsv'],
    ['guidance-held-out-7', guidanceSet7, 'labels-guidance-7.tsv'],
    ['guidance-held-out-8', guidanceSet8, 'labels-guidance-8.tsv'],
    ['guidance-held-out-9', guidanceSet9, 'labels-guidance-9.tsv'],
    ['guidance-held-out-10', guidanceSet10, 'labels-guidance-10.tsv'],
    ['guidance-held-out-11', guidanceSet11, 'labels-guidance-11.tsv'],
    ['guidance-held-out-12', guidanceSet12, 'labels-guidance-12.tsv'],
    ['guidance-held-out-13', guidanceSet13, 'labels-guidance-13.tsv'],
    ['guidance-held-out-14', guidanceSet14, 'labels-guidance-14.tsv'],
    ['guidance-held-out-15', guidanceSet15, 'labels-guidance-15.tsv'],
    ['guidance-held-out-16', guidanceSet16, 'labels-guidance-16.tsv'],
    ['guidance-held-out-17', guidanceSet17, 'labels-guidance-17.tsv'],
    ['guidance-held-out-18', guidanceSet18, 'labels-guidance-18.tsv'],
    ['guidance-held-out-19', guidanceSet19, 'labels-guidance-19.tsv'],
    ['guidance-held-out-20', guidanceSet20, 'labels-guidance-20.tsv'],
  ];
  // `--guidance --set N`: that guidance set alone, named by its number (1 = guidance-held-out).
  const only = process.argv.includes('--set')
    ? Number(process.argv[process.argv.indexOf('--set') + 1])
    : null;
  const setNumber = (name: string) =>
    name === 'guidance-held-out' ? 1 : Number(name.slice('guidance-held-out-'.length));
  for (const [name, dir, labels] of guidanceSets) {
    if (only === null || only === setNumber(name)) checkGuidance(name, dir, `${dir}${labels}`);
  }
} else if (heldOutMode) {
  const sets: [string, string, string][] = [
    ['held-out', heldOut, 'labels-heldout.tsv'],
    ['held-out-2', heldOut2, 'labels-heldout-2.tsv'],
    ['held-out-3', heldOut3, 'labels-heldout-3.tsv'],
    ['held-out-4', heldOut4, 'labels-heldout-4.tsv'],
    ['held-out-5', heldOut5, 'labels-heldout-5.tsv'],
    ['held-out-6', heldOut6, 'labels-heldout-6.tsv'],
    ['held-out-7', heldOut7, 'labels-heldout-7.tsv'],
    ['held-out-8', heldOut8, 'labels-heldout-8.tsv'],
    ['held-out-9', heldOut9, 'labels-heldout-9.tsv'],
    ['held-out-10', heldOut10, 'labels-heldout-10.tsv'],
    ['held-out-11', heldOut11, 'labels-heldout-11.tsv'],
    ['held-out-12', heldOut12, 'labels-heldout-12.tsv'],
    ['held-out-13', heldOut13, 'labels-heldout-13.tsv'],
    ['held-out-14', heldOut14, 'labels-heldout-14.tsv'],
    ['held-out-15', heldOut15, 'labels-heldout-15.tsv'],
    ['held-out-16', heldOut16, 'labels-heldout-16.tsv'],
    ['held-out-17', heldOut17, 'labels-heldout-17.tsv'],
    ['held-out-18', heldOut18, 'labels-heldout-18.tsv'],
    ['held-out-19', heldOut19, 'labels-heldout-19.tsv'],
    ['held-out-20', heldOut20, 'labels-heldout-20.tsv'],
    ['held-out-21', heldOut21, 'labels-heldout-21.tsv'],
    ['held-out-22', heldOut22, 'labels-heldout-22.tsv'],
    ['held-out-23', heldOut23, 'labels-heldout-23.tsv'],
    ['held-out-24', heldOut24, 'labels-heldout-24.tsv'],
    ['held-out-25', heldOut25, 'labels-heldout-25.tsv'],
    ['held-out-26', heldOut26, 'labels-heldout-26.tsv'],
    ['held-out-27', heldOut27, 'labels-heldout-27.tsv'],
    ['held-out-28', heldOut28, 'labels-heldout-28.tsv'],
    ['held-out-29', heldOut29, 'labels-heldout-29.tsv'],
    ['held-out-30', heldOut30, 'labels-heldout-30.tsv'],
    ['held-out-31', heldOut31, 'labels-heldout-31.tsv'],
    ['held-out-32', heldOut32, 'labels-heldout-32.tsv'],
    ['held-out-33', heldOut33, 'labels-heldout-33.tsv'],
    ['held-out-34', heldOut34, 'labels-heldout-34.tsv'],
    ['held-out-35', heldOut35, 'labels-heldout-35.tsv'],
  ];
  // `--set N`: that held-out set alone, named by its number.
  const setArg = process.argv[process.argv.indexOf('--set') + 1];
  const only = process.argv.includes('--set') ? Number(setArg) : null;
  const setNumber = (name: string) => (name === 'held-out' ? 1 : Number(name.slice('held-out-'.length)));
  for (const [name, dir, labels] of sets) {
    if (only === null || only === setNumber(name)) check(name, [dir], `${dir}${labels}`);
  }
} else {
  const dirs = args.length > 0 ? args : [own, ...(existsSync(shared) ? [shared] : [])];
  check('in-sample', dirs, `${own}labels.tsv`);
}
