import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import { readTextOwnership } from './def14a-text.ts';
import { isSubmissionText, parseSubmissionText } from './filing-document.ts';

/**
 * DEF 14A proxy statements (HTML, inline XBRL, or HTML inside the full-text `.txt`): the Summary Compensation
 * Table and the beneficial-ownership table.
 *
 * Tables are read cell by cell with layout cells dropped (empty spacer cells, lone `$`, `%` and `)` cells,
 * footnote-marker cells such as `(3)`), so the remaining cells of a data row line up with the header's
 * non-empty cells (merged header cells span the `$` and spacer cells of their column).
 * - Summary Compensation Table: the table whose header names Salary, Year and Total. A row whose first cell
 *   is not a year starts a person (first line the name, the rest the position); the following year rows
 *   belong to that person. `—`/`-` is none (null). `total_computed` sums the seven components;
 *   `component_gap` is true when it differs from the printed total by more than $10 (rounding).
 * - Beneficial ownership: the table whose header names the owner, a share amount and a percent. A section
 *   row ("Holders of More than Five Percent", "Directors and Executive Officers", "Five Percent
 *   Shareholders") sets `owner_kind`; a name with "as a group" is `insider_group`; without section rows a holder the Summary
 *   Compensation Table names is an `insider`, another holder of 5% or more a `major_holder`. A name cell broken
 *   over two rows (the first ending in "and", "of", "or" or "&") is joined. `*` (less than 1%) gives
 *   `percent: null` with `percent_source: "less_than_1_percent"`: the value is not printed, so none is made up.
 * A document without an HTML table row (`<tr>`) is plain text, including text-era SGML `<TABLE>` blocks with
 * `<S>`/`<C>` column markers: its ownership table is read by `def14a-text.ts`; without one, a ParseError, never
 * an empty statement.
 */
export interface ExecutiveCompensationRow {
  person_name: string;
  position: string | null;
  is_ceo: boolean;
  fiscal_year: number;
  salary: number | null;
  bonus: number | null;
  stock_award: number | null;
  option_award: number | null;
  non_equity_incentive: number | null;
  pension: number | null;
  other: number | null;
  total_disclosed: number | null;
  total_computed: number;
  component_gap: boolean;
}

export type OwnerKind = 'insider' | 'insider_group' | 'major_holder';

export interface ProxyOwnershipRow {
  owner_name: string;
  owner_role: string | null;
  owner_kind: OwnerKind;
  security_class: string | null;
  shares_owned: number | null;
  percent: number | null;
  percent_source: 'as_printed' | 'less_than_1_percent' | 'not_printed';
  is_group: boolean;
  confidence: number;
}

export interface ProxyStatement {
  executive_compensation: ExecutiveCompensationRow[];
  proxy_ownership: ProxyOwnershipRow[];
  warnings: string[];
}

const COMPONENTS = [
  ['salary', /salary/i],
  ['bonus', /^bonus/i],
  ['stock_award', /stock\s*award/i],
  ['option_award', /option\s*award/i],
  ['non_equity_incentive', /non-?\s*equity/i],
  ['pension', /pension|deferred\s+compensation\s+earnings/i],
  ['other', /all\s+other/i],
] as const;
type Component = (typeof COMPONENTS)[number][0];

const NONE = /^[—–-]+$|^none$|^n\/a$/i;

function amount(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  // `-0-` is how some filers print a zero
  const t = cell
    .replace(/[$,\s]/g, '')
    .replace(/\(\d+\)$/, '')
    .replace(/^-(\d[\d.]*)-$/, '$1');
  if (t === '' || NONE.test(t)) return null;
  const neg = /^\(.*\)$/.test(t);
  const n = Number(t.replace(/[()]/g, ''));
  return Number.isFinite(n) ? (neg ? -n : n) : null;
}

function cleanName(s: string): string {
  return s
    .replace(/\s*\(\d+\)|\*+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

type Row = string[];

function tables(html: string): Row[][] {
  const $ = cheerio.load(html);
  $('br').replaceWith('\n');
  $('p, div').append('\n');
  const out: Row[][] = [];
  $('table').each((_, table) => {
    const rows: Row[] = [];
    $(table)
      .find('tr')
      .each((_, tr) => {
        const cells = $(tr)
          .children('td, th')
          .toArray()
          .map((td) =>
            $(td)
              .text()
              .replace(/[ \t\u00a0]+/g, ' ')
              .replace(/\s*\n\s*/g, '\n')
              .trim(),
          )
          .filter((c) => c !== '' && !/^[$%)]$/.test(c) && !/^\(\d+\)$/.test(c));
        if (cells.length > 0) rows.push(cells);
      });
    if (rows.length > 1) out.push(rows);
  });
  return out;
}

export function parseProxyStatement(input: string, document = 'DEF 14A'): ProxyStatement {
  let html = input;
  if (isSubmissionText(input)) {
    const sub = parseSubmissionText(input);
    const doc = sub.documents.find((d) => /^DEF\s?14A/i.test(d.type)) ?? sub.documents[0];
    if (!doc) throw new ParseError('submission without a proxy document', document);
    html = doc.body;
  }
  // Text-era documents mark their tables with SGML `<TABLE>` tags around fixed-width lines (`<S>`/`<C>` column
  // markers) and never with `<TR>`: a document without an HTML table row is plain text, refused as a whole
  // rather than read as a proxy with no tables.
  if (!/<tr[\s>]/i.test(html)) {
    // plain text: the beneficial-ownership table is read from its fixed-width (or `|`-ruled) lines
    const proxy_ownership = readTextOwnership(html, document);
    if (proxy_ownership.length === 0)
      throw new ParseError(
        'the proxy statement has no HTML tables (plain text) and no beneficial-ownership table in its text: not read',
        document,
      );
    return {
      executive_compensation: [],
      proxy_ownership,
      warnings: ['plain text: the Summary Compensation Table is not read from a text proxy'],
    };
  }
  const all = tables(html);
  const warnings: string[] = [];
  const executive_compensation = all.flatMap(readSummaryCompensation);
  const proxy_ownership = readOwnership(
    all,
    new Set(executive_compensation.map((r) => personKey(r.person_name))),
  );
  if (executive_compensation.length === 0) warnings.push('no Summary Compensation Table found');
  if (proxy_ownership.length === 0) warnings.push('no beneficial-ownership table found');
  return { executive_compensation, proxy_ownership, warnings };
}

const isCeo = (p: { name: string; position: string | null }) =>
  /chief executive|\bCEO\b|principal executive/i.test(`${p.position ?? ''} ${p.name}`);

function readSummaryCompensation(rows: Row[]): ExecutiveCompensationRow[] {
  const hi = rows.findIndex(
    (r) =>
      r.some((c) => /salary/i.test(c)) &&
      r.some((c) => /^year$/i.test(c)) &&
      r.some((c) => /^total/i.test(c)),
  );
  if (hi < 0) return [];
  const header = rows[hi]!;
  const yearAt = header.findIndex((c) => /^year$/i.test(c));
  const cols = header.slice(yearAt + 1);
  const map: (Component | 'total' | null)[] = cols.map((c) => {
    const hit = COMPONENTS.find(([, re]) => re.test(c));
    if (hit) return hit[0];
    return /^total/i.test(c) ? 'total' : null;
  });
  const out: ExecutiveCompensationRow[] = [];
  let person: { name: string; position: string | null } | null = null;
  let personRows: ExecutiveCompensationRow[] = [];
  for (const r of rows.slice(hi + 1)) {
    let cells = r;
    if (!/^(19|20)\d\d$/.test(cells[0] ?? '')) {
      const text = cells[0] ?? '';
      const year = Number(cells[1]);
      const last = personRows.at(-1);
      if (person && last && year < last.fiscal_year) {
        // Within a person the years descend: text on a row that continues the descent is the rest of the
        // name-and-position cell, split over the rows (`Craig S. Laughlin,` / `Principal Executive` / `Officer`).
        person.position = cleanName(`${person.position ?? ''} ${text.replace(/\n/g, ' ')}`);
        for (const pr of personRows) {
          pr.position = person.position;
          pr.is_ceo = isCeo(person);
        }
      } else {
        const [name, ...pos] = text.split('\n');
        person = {
          name: cleanName(name ?? '').replace(/,$/, ''),
          position: pos.length ? cleanName(pos.join(' ')) : null,
        };
        personRows = [];
      }
      cells = cells.slice(1);
    }
    if (!person || !/^(19|20)\d\d$/.test(cells[0] ?? '')) continue;
    const year = Number(cells[0]);
    const values = cells.slice(1);
    const row: ExecutiveCompensationRow = {
      person_name: person.name,
      position: person.position,
      is_ceo: isCeo(person),
      fiscal_year: year,
      salary: null,
      bonus: null,
      stock_award: null,
      option_award: null,
      non_equity_incentive: null,
      pension: null,
      other: null,
      total_disclosed: null,
      total_computed: 0,
      component_gap: false,
    };
    map.forEach((k, i) => {
      if (k === null) return;
      const v = amount(values[i]);
      if (k === 'total') row.total_disclosed = v;
      else row[k] = v;
    });
    row.total_computed = COMPONENTS.reduce((s, [k]) => s + (row[k] ?? 0), 0);
    row.component_gap =
      row.total_disclosed !== null && Math.abs(row.total_disclosed - row.total_computed) > 10;
    out.push(row);
    personRows.push(row);
  }
  return out;
}

/** A label that stops on a connective continues on the next row (`All Executive officers and` / `Directors as a Group`). */
const CONTINUES = /(\band|\bof|\bor|&)$/i;
/** A person's name compared across the two tables: letters only, lower case. */
const personKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

const MAJOR_SECTION = /five\s+percent|5\s*%|more than 5|principal (share|stock)holders/i;
const INSIDER_SECTION = /directors|executive officers|named executive/i;

/**
 * Every table with an ownership header is read, in document order, with the section carried across: a table
 * broken by a page footer repeats its header and continues (Cabot's group row is on the next page).
 */
function readOwnership(all: Row[][], executives: Set<string>): ProxyOwnershipRow[] {
  const out: ProxyOwnershipRow[] = [];
  const seen = new Set<string>();
  let section: { kind: OwnerKind; label: string } | null = null;
  // a name cell broken over two rows: the first, alone on its row, ends in a connective
  let namePrefix = '';
  for (const rows of all) {
    const hi = rows.findIndex(
      (r) =>
        r.length >= 3 &&
        /name/i.test(r[0] ?? '') &&
        r.some((c) => /amount|number of shares|shares/i.test(c)) &&
        r.some((c) => /percent/i.test(c)),
    );
    if (hi < 0) continue;
    const header = rows[hi]!;
    const pctHeader = cleanName(header[header.length - 1] ?? '');
    const classMatch = /percent(?:age)?\s+of\s+(?:outstanding\s+)?(.+?)(?:\s+owned)?$/i.exec(pctHeader);
    const security = classMatch?.[1] && !/^class$/i.test(classMatch[1]) ? classMatch[1] : null;
    for (const r of rows.slice(hi + 1)) {
      if (r.length === 1) {
        const label = r[0]!
          .replace(/\s*\(\d+\)\s*/g, ' ')
          .replace(/:\s*$/, '')
          .trim();
        if (MAJOR_SECTION.test(label)) section = { kind: 'major_holder', label };
        else if (INSIDER_SECTION.test(label)) section = { kind: 'insider', label };
        namePrefix = CONTINUES.test(label) ? `${label} ` : '';
        continue; // an address line or a section heading
      }
      const shares = amount(r[1]);
      if (shares === null) continue;
      const name = cleanName(namePrefix + r[0]!.split('\n')[0]!);
      namePrefix = '';
      const pctCell = r[2] ?? '';
      const isGroup = /as a group/i.test(name);
      const star = /^\*+$/.test(pctCell);
      const pct = star ? null : amount(pctCell.replace(/%$/, ''));
      const key = `${name}|${shares}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // without a section row, a holder the Summary Compensation Table names is an executive officer
      const executive = !section && !isGroup && executives.has(personKey(name));
      const kind: OwnerKind = isGroup
        ? 'insider_group'
        : (section?.kind ?? (executive ? 'insider' : pct !== null && pct >= 5 ? 'major_holder' : 'insider'));
      out.push({
        owner_name: name,
        owner_role: isGroup
          ? 'All directors and executive officers as a group'
          : (section?.label ?? (executive ? 'Named executive officer' : null)),
        owner_kind: kind,
        security_class: security,
        shares_owned: shares,
        percent: pct,
        percent_source: star ? 'less_than_1_percent' : pct === null ? 'not_printed' : 'as_printed',
        is_group: isGroup,
        confidence: isGroup || section ? 1 : executive ? 0.9 : 0.7,
      });
    }
  }
  return out;
}
