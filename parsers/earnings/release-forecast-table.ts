import type { Block } from './release-document.ts';
import type { Guidance } from './release-guidance.ts';
import { toFullUnits } from './release-numbers.ts';
import { parseDate } from './release-period.ts';

/**
 * A Japanese results summary's (tanshin's) forecast section printed one cell per line (h-earn26): a heading naming the
 * fiscal year forecast ("3. Consolidated Earnings Forecasts for the Fiscal Year Ending March 31, 2024 (...)", "3.Forecast
 * of consolidated financial results for FY 2021 (...)"), the item names across (a wrapped name's later lines in lower
 * case), a unit per column ("Millions of yen", "%", ..., "Yen"), then one row per period: its label ("FY2021", "Fiscal
 * year ending" with its date "March 31, 2024" printed after the values), one value per unit. A second block of names,
 * units and rows may follow (the per-share columns). Each item of a row naming the fiscal year is a target of that year;
 * a half-year row ("Six months ending September 30, 2023") is no period of the schema and gives nothing; ordinary profit
 * has no metric. "Revision to the latest forecast of consolidated financial results: Yes" under the rows says the
 * targets were updated.
 */

export type ForecastTableRow = Omit<Guidance, 'sentence'> & { block: Block };

/** A point target of a yen table: millions of yen, or yen per share; no basis stated, no status. */
function yenPoint(r: {
  metric: string;
  label: string;
  year: number;
  period: ForecastTableRow['targetPeriod'];
  value: number;
  printed: string;
  perShare: boolean;
  block: Block;
}): ForecastTableRow {
  return {
    metric: r.metric,
    label: r.label,
    basis: 'unspecified',
    targetYear: r.year,
    targetPeriod: r.period,
    low: null,
    high: null,
    point: r.perShare ? r.value : toFullUnits(r.value, 'millions'),
    printed: r.printed,
    unit: r.perShare ? 'currency_per_share' : 'currency',
    scale: r.perShare ? 'units' : 'millions',
    qualitative: null,
    relative: false,
    status: null,
    block: r.block,
  };
}

const HEADING =
  /^(?:\s*date \S+)?\s*\d\.\s*\|?\s*[^\n]{0,60}?\bforecasts?\b[^\n]{0,60}?\b(?:fiscal year ending\s+([A-Z][a-z]+\.? \d{1,2}, (?:19|20)\d{2})|FY\s?((?:19|20)\d{2}))/i;
const UNIT = /^(?:millions? (?:of )?yen|yen|%)$/i;
const VALUE = /^(?:[△▲\-−–]\s?)?[(（]?\d[\d,]*(?:\.\d+)?%?[)）]?$|^[-―—–]$/;
const DATE_LINE = /^[A-Z][a-z]+\.? \d{1,2}, (?:19|20)\d{2}$/;
const HALF_YEAR =
  /\b(?:six months|first half|second half|half[- ]year|interim|cumulative|2Q|second quarter)\b/i;
const FULL_YEAR = /^(?:fiscal year|full[- ]year|annual|FY\s?(?:19|20)\d{2}$)/i;

interface Line {
  text: string;
  start: number;
  end: number;
}

/** The cells after `from`, one per line or set apart by " | " (a row the document reader already joined). */
function linesOf(text: string, from: number): Line[] {
  const out: Line[] = [];
  let at = from;
  for (const raw of text.slice(from).split('\n')) {
    for (const c of raw.matchAll(/[^|]+/g)) {
      const t = c[0].trim();
      const start = at + c.index! + (c[0].length - c[0].trimStart().length);
      if (t !== '') out.push({ text: t, start, end: start + t.length });
    }
    at += raw.length + 1;
    if (out.length > 160) break;
  }
  return out;
}

function metricOf(name: string, perShare: boolean): string | null {
  const n = name.toLowerCase();
  if (perShare)
    return /\bdiluted\b/.test(n) ? 'eps_diluted' : /\bper share\b|^net income$/.test(n) ? 'eps_basic' : null;
  if (/^ordinary\b/.test(n)) return null;
  if (/^(?:net )?(?:sales|revenues?)\b|^operating revenues?\b/.test(n)) return 'revenue';
  if (/^operating (?:income|profit)\b/.test(n)) return 'operating_income';
  if (/^(?:net income|profit)\b.*\battributable\b|^net income$|^profit$/.test(n)) return 'net_income';
  return null;
}

export function forecastTable(text: string): ForecastTableRow[] {
  const out: ForecastTableRow[] = [];
  for (const m of text.matchAll(/^.*$/gm)) {
    const h = HEADING.exec(m[0]);
    if (h === null) continue;
    const headingYear =
      h[1] !== undefined ? Number(parseDate(h[1])?.slice(0, 4) ?? Number.NaN) : Number(h[2]);
    if (!Number.isFinite(headingYear)) continue;
    const lines = linesOf(text, m.index! + m[0].length);
    let i = 0;
    const found: ForecastTableRow[] = [];
    let lastRowEnd = 0;
    for (;;) {
      // The names: the lines before the units (a parenthesised note, "(Percentages indicate ...)", is none).
      const names: string[] = [];
      while (i < lines.length && !UNIT.test(lines[i]!.text) && !VALUE.test(lines[i]!.text)) {
        if (!/^[(（]/.test(lines[i]!.text)) names.push(lines[i]!.text);
        i++;
      }
      const units: string[] = [];
      while (i < lines.length && UNIT.test(lines[i]!.text)) units.push(lines[i++]!.text);
      const items = names.filter((n) => /^[A-Z]/.test(n));
      const columns = units.flatMap((u, k) => (u === '%' ? [] : [k]));
      if (units.length === 0 || items.length !== columns.length) break;
      let rows = 0;
      for (;;) {
        const label: Line[] = [];
        while (
          i < lines.length &&
          !VALUE.test(lines[i]!.text) &&
          !UNIT.test(lines[i]!.text) &&
          label.length < 3
        )
          label.push(lines[i++]!);
        const values = lines.slice(i, i + units.length);
        if (label.length === 0 || values.length < units.length || !values.every((v) => VALUE.test(v.text))) {
          i -= label.length;
          break;
        }
        i += units.length;
        // ("Fiscal year ending" / values / "March 31, 2024": the label's date printed after the values.)
        if (i < lines.length && DATE_LINE.test(lines[i]!.text)) label.push(lines[i++]!);
        rows++;
        const name = label.map((l) => l.text).join(' ');
        lastRowEnd = lines[i - 1]!.end;
        if (HALF_YEAR.test(name) || !FULL_YEAR.test(name)) continue;
        const dated = /((?:19|20)\d{2})$/.exec(name)?.[1];
        const targetYear = dated !== undefined ? Number(dated) : headingYear;
        const block: Block = {
          text: text.slice(label[0]!.start, lastRowEnd),
          start: label[0]!.start,
          end: lastRowEnd,
          row: true,
        };
        for (const [k, col] of columns.entries()) {
          const perShare = /^yen$/i.test(units[col]!);
          const metric = metricOf(items[k]!, perShare);
          const printed = values[col]!.text;
          const value = Number(printed.replace(/[,()（）%]/g, '').replace(/^[△▲−–]\s?/, '-'));
          if (metric === null || !Number.isFinite(value) || /^[-―—–]$/.test(printed)) continue;
          found.push(
            yenPoint({
              metric,
              label: items[k]!,
              year: targetYear,
              period: 'FY',
              value,
              printed,
              perShare,
              block,
            }),
          );
        }
      }
      if (rows === 0) break;
    }
    // "Note: Revision to the latest forecast of consolidated financial results: Yes" right under the rows.
    const note = text.slice(lastRowEnd, lastRowEnd + 200);
    if (
      /^\s*(?:\(?note\)?:?\s*)?revision (?:to|of) the (?:latest |most recent )?(?:consolidated )?(?:financial |earnings |business )?(?:results )?forecasts?(?! of dividends)[^:\n]*:\s*yes\b/i.test(
        note,
      )
    )
      for (const f of found) f.status = 'updated';
    out.push(...found);
  }
  return out;
}

/**
 * (h-guid23) A forecast table printed as plain lines of numbers (no cell separators) under a "(Millions of yen)" unit
 * whose heads run over two lines ("(Millions of yen) FY3/16 Full Year FY3/17" over "1Q-3Q 4Q Forecast Full Year
 * Revised Forecast YoY Full Year Nov. 16 Forecast"): the last head line's heads are the table's last columns and belong
 * to the fiscal year the last "FYm/yy" head above names (the year ending in that month); a "Full Year ... Forecast"
 * column holds that year's targets (updated when its head says "Revised"), a "4Q Forecast" column that quarter's, a
 * "YoY" column after a target column the target's growth (on the sales row, revenue growth); a forecast head with a
 * date ("Nov. 16 Forecast") or "Previous" / "Initial" is an earlier forecast, and results ("1Q-3Q", a past year's
 * "Full Year") are no targets.
 */
const PLAIN_UNIT = /\((millions|billions|thousands) of yen\)/gi;
const PLAIN_VALUE = /^(?:[-+△▲−]?\d[\d,]*(?:\.\d+)?%?|[-―—–])$/;
const PLAIN_HEAD =
  /\b[1-4]Q-[1-4]Q\b|\bYoY\b|\b(?:[1-4]Q|Full Year|First Half|Second Half)(?:\s+(?!Forecast\b)\S+)*?\s+Forecast\b|\bFull Year\b|\b[1-4]Q\b/gi;

export function plainForecastTable(text: string): ForecastTableRow[] {
  const out: ForecastTableRow[] = [];
  for (const unit of text.matchAll(PLAIN_UNIT)) {
    const scale = unit[1]!.toLowerCase() as 'millions' | 'billions' | 'thousands';
    const from = unit.index! + unit[0].length;
    // (The document reader may join the lines: the table is read as a run of words and numbers.)
    const tokens = [...text.slice(from, from + 6000).matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      start: from + m.index!,
      end: from + m.index! + m[0].length,
    }));
    const isValue = (k: number) => k < tokens.length && PLAIN_VALUE.test(tokens[k]!.text);
    // The heads run up to the first two numbers in a row.
    let i = 0;
    while (i < tokens.length && !(isValue(i) && isValue(i + 1))) i++;
    if (i >= tokens.length) continue;
    const headText = text.slice(from, tokens[i]!.start);
    const years = [...headText.matchAll(/\bFY\s?(?:1[0-2]|[1-9])\/(\d{2})\b/g)];
    if (years.length === 0) continue;
    const lastYear = years[years.length - 1]!;
    const afterYear = headText.slice(lastYear.index! + lastYear[0].length);
    const heads = [...afterYear.matchAll(PLAIN_HEAD)];
    if (heads.length === 0 || !heads.some((h) => /Forecast$/i.test(h[0]))) continue;
    const year = 2000 + Number(lastYear[1]);
    const sub = heads.map((h) => h[0]);
    // The first row's name is what follows the last head.
    const lastHead = heads[heads.length - 1]!;
    let nameStart = from + headText.length - (afterYear.length - lastHead.index! - lastHead[0].length);
    let width: number | null = null;
    while (i < tokens.length) {
      const v = i;
      while (isValue(i)) i++;
      const values = tokens.slice(v, i);
      width ??= values.length;
      if (values.length !== width || width < sub.length) break;
      const name = text.slice(nameStart, values[0]!.start).trim();
      const rowStart = nameStart + (text.slice(nameStart).length - text.slice(nameStart).trimStart().length);
      const block: Block = {
        text: text.slice(rowStart, values[values.length - 1]!.end),
        start: rowStart,
        end: values[values.length - 1]!.end,
        row: true,
      };
      const metric = name === '' ? null : metricOf(name, false);
      if (metric !== null)
        out.push(...plainRow(name, metric, sub, values.slice(width - sub.length), year, scale, block));
      // The next row's name: the words up to its numbers.
      if (i >= tokens.length) break;
      nameStart = tokens[i]!.start;
      while (i < tokens.length && !isValue(i)) i++;
    }
  }
  return out;
}

type Quarter = 'Q1' | 'Q2' | 'Q3' | 'Q4';

function plainRow(
  name: string,
  metric: string,
  sub: string[],
  values: Line[],
  year: number,
  scale: 'millions' | 'billions' | 'thousands',
  block: Block,
): ForecastTableRow[] {
  const out: ForecastTableRow[] = [];
  let previousTarget: 'FY' | Quarter | null = null;
  let previousStatus: 'updated' | null = null;
  for (const [k, head] of sub.entries()) {
    const printed = values[k]!.text;
    const number = Number(printed.replace(/[,%+]/g, '').replace(/^[△▲−]/, '-'));
    const earlier = /\b(?:previous|prior|initial|original)\b|\d/i.test(head.replace(/^[1-4]Q\b/, ''));
    const yoy = /^YoY$/i.test(head);
    const target: 'FY' | Quarter | null =
      !/Forecast$/i.test(head) || earlier
        ? null
        : /^Full Year/i.test(head)
          ? 'FY'
          : (`Q${head[0]}` as Quarter);
    const status = target !== null && /\bRevised\b/i.test(head) ? 'updated' : null;
    const growth = yoy && previousTarget !== null && metric === 'revenue';
    if ((target !== null || growth) && Number.isFinite(number) && !/^[-―—–]$/.test(printed))
      out.push({
        metric: growth ? 'revenue_growth' : metric,
        label: name,
        basis: 'unspecified',
        targetYear: year,
        targetPeriod: growth ? previousTarget! : target!,
        low: null,
        high: null,
        point: growth ? number : toFullUnits(number, scale),
        printed,
        unit: growth ? 'percent' : 'currency',
        scale: growth ? 'units' : scale,
        qualitative: null,
        relative: false,
        status: growth ? previousStatus : status,
        block,
      });
    if (!yoy) {
      previousTarget = target;
      previousStatus = status;
    }
  }
  return out;
}

/**
 * (h-guid27) A guidance table printed as lines that repeat the column heads before each cell ("Capital expenditures 3
 * 2024 Actual 4,041 2025 Guidance Ranges1 3,800 to 4,000", under "(In millions of dollars, except percentages)"): the
 * value after the head "YYYY Guidance" / "YYYY Guidance Ranges" / "YYYY Outlook" is that fiscal year's target, in the
 * caption's scale; the "YYYY Actual" cell is the base; a value in percent ("Increase of 0% to 3%") is a growth, no level.
 */
const REPEATED_HEAD_ROW =
  /^[ \t]*(?<name>[A-Za-z][A-Za-z ,&'’-]*?)(?:\s+\d(?:,\d)*)?\s+(?:19|20)\d{2}\s+Actual\s+\S+\s+(?<year>(?:19|20)\d{2})\s+(?:Guidance|Outlook)(?:\s+Ranges?)?\d*\s+(?<value>[^\n]+?)[ \t]*$/gm;
const CAPTION_SCALE = /\(\s*in (millions|billions|thousands) of (?:[A-Z][a-z]+ )?dollars\b[^)\n]*\)/gi;
const REPEATED_NUMBER = String.raw`\(?-?\$?\d[\d,]*(?:\.\d+)?\)?`;
const REPEATED_VALUE = new RegExp(
  String.raw`^(?:approximately\s+|about\s+)?(${REPEATED_NUMBER})(?:\s*(?:to|-|–)\s*(${REPEATED_NUMBER}))?$`,
  'i',
);

function repeatedHeadMetric(name: string): { metric: string; basis: 'non_gaap' | 'unspecified' } | null {
  const n = name.toLowerCase().trim();
  if (/^capital expenditures?\b|^capex\b/.test(n)) return { metric: 'capex', basis: 'unspecified' };
  if (/^free cash flow\b/.test(n)) return { metric: 'free_cash_flow', basis: 'unspecified' };
  if (/^adjusted ebitda\b/.test(n)) return { metric: 'ebitda', basis: 'non_gaap' };
  // (A part of revenue, "Total service revenue", is no revenue target.)
  if (/^(?:total |net )?(?:revenues?|net sales)$/.test(n)) return { metric: 'revenue', basis: 'unspecified' };
  return null;
}

export function repeatedHeadTable(text: string): ForecastTableRow[] {
  const out: ForecastTableRow[] = [];
  const captions = [...text.matchAll(CAPTION_SCALE)];
  if (captions.length === 0) return out;
  for (const m of text.matchAll(REPEATED_HEAD_ROW)) {
    const caption = captions.filter((c) => c.index! < m.index!).at(-1);
    if (caption === undefined) continue;
    const found = repeatedHeadMetric(m.groups!.name!);
    const v = REPEATED_VALUE.exec(m.groups!.value!.trim());
    if (found === null || v === null) continue;
    const scale = caption[1]!.toLowerCase() as 'millions' | 'billions' | 'thousands';
    const num = (s: string) => Number(s.replace(/[$,()]/g, '')) * (/^\(.*\)$/.test(s) ? -1 : 1);
    const [a, b] = [num(v[1]!), v[2] === undefined ? null : num(v[2])];
    if (!Number.isFinite(a) || (b !== null && !Number.isFinite(b))) continue;
    const start = m.index! + (m[0].length - m[0].trimStart().length);
    out.push({
      metric: found.metric,
      label: m.groups!.name!,
      basis: found.basis,
      targetYear: Number(m.groups!.year),
      targetPeriod: 'FY',
      low: b === null ? null : toFullUnits(Math.min(a, b), scale),
      high: b === null ? null : toFullUnits(Math.max(a, b), scale),
      point: b === null ? toFullUnits(a, scale) : null,
      printed: m.groups!.value!.trim(),
      unit: 'currency',
      scale,
      qualitative: null,
      relative: false,
      status: null,
      block: { text: m[0].trim(), start, end: start + m[0].trim().length, row: true },
    });
  }
  return out;
}

/**
 * (h-guid27) A forecast table printed one cell per line under "(Billion yen)" / "(Millions of yen)" whose heads run in
 * two layers, the years first ("FY2023 / FY2024 / Change / Reference. FY2024"), then what each column holds ("Actual /
 * Forecast / (February 5, 2025) / (Forecast)-(Actual) / Forecast / (May 10, 2024)", a date in parentheses belonging to the
 * head before it), then one row per item, its name and one value per column: the column headed by a year alone over
 * "Forecast" holds that year's targets (a "Reference." column is an earlier forecast, "Actual" a result, "Change" a
 * difference). The year is the fiscal year the head names; in a text naming "the fiscal year ending March 31, 2025" for a
 * head "FY2024", the Japanese usage, the year that ends then.
 */
const CELL_CAPTION = /^\((billion|millions of) yen\)[ \t]*$/gim;
const CELL_VALUE = /^[-+△▲−]?\d[\d,]*(?:\.\d+)?(?:%|P)?$/;

function cellItem(
  name: string,
): { metric: string; basis: 'non_gaap' | 'unspecified'; percent: boolean } | null {
  const n = name.toLowerCase().replace(/\s+/g, ' ').trim();
  const basis = /\bbefore amortization of goodwill\b/.test(n) ? 'non_gaap' : 'unspecified';
  const bare = n.replace(/\s*before amortization of goodwill\b/, '');
  if (/^net sales$|^revenues?$/.test(bare)) return { metric: 'revenue', basis, percent: false };
  if (/^operating (?:income|profit)$/.test(bare))
    return { metric: 'operating_income', basis, percent: false };
  if (/^\(operating (?:income|profit) ratio\)$/.test(bare))
    return { metric: 'operating_margin', basis, percent: true };
  if (/^profit attributable to owners of (?:the )?parent$/.test(bare))
    return { metric: 'net_income', basis, percent: false };
  return null;
}

export function cellForecastTable(text: string): ForecastTableRow[] {
  const out: ForecastTableRow[] = [];
  for (const cap of text.matchAll(CELL_CAPTION)) {
    const scale = /billion/i.test(cap[1]!) ? 'billions' : 'millions';
    const lines = linesOf(text, cap.index! + cap[0].length).slice(0, 120);
    const isValue = (k: number) => k < lines.length && CELL_VALUE.test(lines[k]!.text);
    let i = 0;
    const top: string[] = [];
    while (i < lines.length && /^(?:FY\s?(?:19|20)\d{2}|Change|Reference\.?\s.*)$/i.test(lines[i]!.text))
      top.push(lines[i++]!.text);
    const sub: string[] = [];
    while (i < lines.length && !isValue(i + 1)) {
      const t = lines[i]!.text;
      if (/^\([A-Z][a-z]+\.? \d{1,2}, (?:19|20)\d{2}\)$/.test(t) && sub.length > 0)
        sub[sub.length - 1] += ` ${t}`;
      else sub.push(t);
      i++;
    }
    if (top.length < 2 || sub.length !== top.length) continue;
    const columns = top
      .map((head, k) => ({ head, k, year: /^FY\s?((?:19|20)\d{2})$/i.exec(head)?.[1] }))
      .filter((c) => c.year !== undefined && /^Forecast\b/i.test(sub[c.k]!));
    if (columns.length === 0) continue;
    while (i < lines.length) {
      const name = lines[i]!;
      const values = lines.slice(i + 1, i + 1 + top.length);
      if (values.length < top.length || !values.every((v) => CELL_VALUE.test(v.text))) break;
      i += 1 + top.length;
      const item = cellItem(name.text);
      if (item === null) continue;
      const block: Block = {
        text: text.slice(name.start, values.at(-1)!.end),
        start: name.start,
        end: values.at(-1)!.end,
        row: true,
      };
      for (const c of columns) {
        const printed = values[c.k]!.text;
        if (item.percent !== printed.endsWith('%')) continue;
        const number = Number(printed.replace(/[,%]/g, '').replace(/^[△▲−]/, '-'));
        if (!Number.isFinite(number)) continue;
        const named = Number(c.year);
        const endsNext = new RegExp(
          String.raw`\bfiscal year ending [A-Z][a-z]+\.? \d{1,2}, ${named + 1}\b`,
          'i',
        ).test(text);
        out.push({
          metric: item.metric,
          label: name.text,
          basis: item.basis,
          targetYear: endsNext ? named + 1 : named,
          targetPeriod: 'FY',
          low: null,
          high: null,
          point: item.percent ? number : toFullUnits(number, scale),
          printed,
          unit: item.percent ? 'percent' : 'currency',
          scale: item.percent ? 'units' : scale,
          qualitative: null,
          relative: false,
          status: null,
          block,
        });
      }
    }
  }
  return out;
}

/**
 * (h-guid28) A Japanese notice revising its forecast prints, under "(Millions of yen)" / "(Million yen)" / "(¥Million, %)",
 * one cell per line (or set apart by "|"): the item heads, then rows labelled by letter, the earlier forecast "(A)", the
 * revised or current one "(B)", their difference "(B-A)" and a reference year. The row ending in "(B)" holds the targets,
 * one value per head; "△" is a minus, "―" no figure, a value ending in "yen" the per-share column. The period is the one
 * the line before the unit names ("the first half year forecast ... for the fiscal year ending March 31, 2021", "fiscal
 * 2006 (January 1 to December 31, 2006)"); a table of non-consolidated forecasts is the parent alone, no target. Heads
 * printed over two or three lines are vertically centred, so their first lines print before the one-line heads and their
 * lower-case continuations after, row by row: the one-line heads are the first columns, and of the readings (the most
 * heads the continuations can spread over first) the one that puts the per-share head ("Net income per share") on the
 * column whose value is in yen is taken.
 */
const REVISION_CAPTION = /^\((?:millions? of yen|million yen|¥\s?million(?:,\s*%)?)\)[ \t]*$/gim;
const REVISION_VALUE = /^(?:[△▲\-−]\s?)?\(?\d[\d,]*(?:\.\d+)?\)?(?:\s?yen)?$|^[―—–-]$/i;

function revisionHeads(heads: string[], values: string[]): string[] | null {
  const upper = heads.filter((h) => /^[A-Z]/.test(h));
  const lower = heads.filter((h) => /^[a-z]/.test(h));
  if (upper.length !== values.length) return null;
  if (lower.length === 0) return upper;
  const yen = values.findIndex((v) => /yen$/i.test(v));
  // (The most heads the continuations can spread over: one continuation line each before any takes two.)
  for (let m = Math.min(upper.length - 1, lower.length); m >= 1; m--) {
    const multi = upper.slice(0, m).map((u, k) => [u, ...lower.filter((_, j) => j % m === k)].join(' '));
    const columns = [...upper.slice(m), ...multi];
    const perShare = columns.findIndex((c) => /\bper share\b/i.test(c));
    if (perShare === yen) return columns;
  }
  return null;
}

export function revisionForecastTable(text: string): ForecastTableRow[] {
  const out: ForecastTableRow[] = [];
  for (const cap of text.matchAll(REVISION_CAPTION)) {
    const before = text.slice(Math.max(0, cap.index! - 400), cap.index!).trimEnd();
    const lead = before.slice(before.lastIndexOf('\n') + 1);
    if (/\bnon-consolidated\b/i.test(lead)) continue;
    const ending = /\bfiscal year ending ([A-Z][a-z]+\.? \d{1,2}, (?:19|20)\d{2})/i.exec(lead);
    const fiscal = /\bfiscal (?:year )?((?:19|20)\d{2})\b/i.exec(lead);
    const year = ending
      ? Number(parseDate(ending[1]!)?.slice(0, 4))
      : fiscal
        ? Number(fiscal[1])
        : Number.NaN;
    if (!Number.isFinite(year)) continue;
    const period = /\b(?:first half|six months|first six months|half[- ]year)\b/i.test(lead) ? 'H1' : 'FY';
    const lines = linesOf(text, cap.index! + cap[0].length).slice(0, 80);
    const first = lines.findIndex((l) => /\(A\)$/.test(l.text));
    if (first <= 0) continue;
    const heads = lines.slice(0, first).map((l) => l.text);
    const at = lines.findIndex((l, k) => k > first && /\(B\)$/.test(l.text));
    if (at < 0) continue;
    const count = heads.filter((h) => /^[A-Z]/.test(h)).length;
    const cells = lines.slice(at + 1, at + 1 + count);
    if (cells.length < count || !cells.every((c) => REVISION_VALUE.test(c.text))) continue;
    const columns = revisionHeads(
      heads,
      cells.map((c) => c.text),
    );
    if (columns === null) continue;
    const block: Block = {
      text: text.slice(lines[at]!.start, cells.at(-1)!.end),
      start: lines[at]!.start,
      end: cells.at(-1)!.end,
      row: true,
    };
    for (const [k, name] of columns.entries()) {
      const printed = cells[k]!.text;
      if (/^[―—–-]$/.test(printed)) continue;
      const perShare = /yen$/i.test(printed);
      const metric = perShare
        ? /\bper share\b/i.test(name)
          ? 'eps_diluted'
          : null
        : metricOf(name.replace(/\s+/g, ' '), false);
      if (metric === null) continue;
      const number = Number(
        printed
          .replace(/\s?yen$/i, '')
          .replace(/[,]/g, '')
          .replace(/^[△▲−]\s?/, '-')
          .replace(/^\((.*)\)$/, '-$1'),
      );
      if (!Number.isFinite(number)) continue;
      out.push({
        ...yenPoint({ metric, label: name, year, period, value: number, printed, perShare, block }),
        // A table the line before names a revision ("Revisions of figures in consolidated earnings forecasts") is updated.
        status: /\brevisions?\b/i.test(lead) ? 'updated' : null,
      });
    }
  }
  return out;
}
