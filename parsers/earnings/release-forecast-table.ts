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
          found.push({
            metric,
            label: items[k]!,
            basis: 'unspecified',
            targetYear,
            targetPeriod: 'FY',
            low: null,
            high: null,
            point: perShare ? value : toFullUnits(value, 'millions'),
            printed,
            unit: perShare ? 'currency_per_share' : 'currency',
            scale: perShare ? 'units' : 'millions',
            qualitative: null,
            relative: false,
            status: null,
            block,
          });
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
