import { type CheerioAPI, load } from 'cheerio';
import { BLOCK_TAGS, looksLikeHtml } from '../edgar/items/text.ts';
import { PLACES } from './places.ts';

/**
 * Exhibit 21 ("Subsidiaries of the Registrant") of a filing's full-text submission: the legal entities it lists, each
 * a name a headline may use for the filer ("Lotus Development Corporation" of IBM's FY1997 10-K). Pure.
 *
 * A row is a line that starts with a name ending in a legal form (Inc, Corporation, Company, Ltd, Limited, LLC, S.A.,
 * B.V., GmbH, A/S, Ltda ...), then a dot leader or two or more spaces, an optional ownership percentage and the state or
 * country of incorporation (a percentage may follow it instead). Headings ("Name", "Registrant:", "SUBSIDIARIES OF ...") and prose carry no such row.
 */
const LEGAL_FORM =
  /\b(inc|incorporated|corp|corporation|company|co|ltd|limited|llc|l\.?l\.?c|l\.?p|plc|s\.?a\.?(r\.?l\.?)?|b\.?v|n\.?v|ag|gmbh|mbh|a\/s|ab|as|oy|kk|k\.k|ltda|limitada|pty|s\.?p\.?a|s\.?r\.?l|w\.?l\.?l|partnership|group|holdings?)\b\.?,?$/i;
const ROW =
  /^\s*([A-Z][^\t]*?[A-Za-z.)])(?:\s*\.{3,}\s*|\s{2,})(?:\d{1,3}(?:\.\d+)?%?\s+)?([A-Z][A-Za-z .,'()/-]*?)(?:\s+\d{1,3}(?:\.\d+)?%?)?\s*$/;

/** One Exhibit 21 of a filing: where it was read and the names its rows give (empty when none could be read). */
export interface SubsidiaryList {
  url: string;
  names: string[];
}

/** The text of the EX-21 document(s) of an SGML full-text submission, or null when it holds none. */
export function exhibit21Text(submission: string): string | null {
  const parts: string[] = [];
  for (const m of submission.matchAll(/<DOCUMENT>\s*<TYPE>EX-21[^\n]*\n([\s\S]*?)<\/DOCUMENT>/g))
    parts.push(m[1] as string);
  return parts.length ? parts.join('\n') : null;
}

/** The subsidiary names an Exhibit 21 lists, as written (trailing dot leaders and commas trimmed), each once. */
export function exhibit21Subsidiaries(text: string): string[] {
  if (looksLikeHtml(text)) return htmlSubsidiaries(text);
  const out = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const m = ROW.exec(line);
    if (!m) continue;
    const name = (m[1] as string).replace(/[.\s]+$/, (s) => (/^\.\s*$/.test(s) ? '.' : '')).trim();
    if (!LEGAL_FORM.test(name.replace(/\.$/, '')) && !LEGAL_FORM.test(name)) continue;
    if (/^(name|registrant|subsidiar)/i.test(name)) continue;
    out.add(name);
  }
  // no row gives a jurisdiction column: the exhibit may list bare names, one a line
  if (out.size === 0)
    for (const n of bareNames(lines.map((l) => l.replace(/<[^>]*>/g, '').trim()))) out.add(n);
  return [...out];
}

/** Words of a footnote or a note on ownership, never of a bare name: "Wholly-owned subsidiary of X Corp.". */
const OWNERSHIP_PROSE = /\b(owned|subsidiar(y|ies)|interest|percent)\b|%/i;

/** The trailing "(Place)" of a name when Place is a place of incorporation (any other parenthetical is part of the name). */
function placeParen(name: string): RegExpExecArray | null {
  const m = /\s*\(([^()]+)\)$/.exec(name);
  return m &&
    PLACES.has(
      (m[1] as string)
        .trim()
        .toLowerCase()
        .replace(/^(the )?(state of |province of )/, ''),
    )
    ? m
    : null;
}

/** A list number opening a line: "1.", "12)", "(a)", "a.", "(iv)". */
const LIST_NUMBER = /^(?:\(?\d{1,3}[.)]|\(?[a-z]{1,2}[.)]|\([ivx]{1,5}\)|[ivx]{1,5}\.)\s+/;

/**
 * Bare names, one a line ("1. EGI Louisiana, Inc.", "Mayfair Village, Ltd."), of an exhibit no line of which states a
 * jurisdiction: a line is a name when, after an optional list number and footnote marks, it ends in a legal form and
 * is not a heading or a footnote (headings, addresses, percentages and prose end in no legal form: "SUBSIDIARIES",
 * "As of December 31, 2024", "(1) 100% owned").
 */
function bareNames(lines: string[]): string[] {
  const out: string[] = [];
  for (const raw of lines) {
    if (!raw || (FOOTNOTE_START.test(raw) && !LIST_NUMBER.test(raw))) continue;
    const line = cellText(raw.replace(LIST_NUMBER, '').replace(/\s*\(\*+\)|\*+|[†‡]/g, ' '));
    if (
      !/^[A-Z0-9"“]/.test(line) ||
      HEADING.test(line) ||
      OWNERSHIP_PROSE.test(line) ||
      line.split(' ').length > 14
    )
      continue;
    const [name] = cleanName(line);
    if (name && LEGAL_FORM.test(name.replace(/[.,\s]+$/, ''))) out.push(name);
  }
  return out;
}

// ---- HTML exhibits (every 10-K since ~2001) ----

/** Characters that print as nothing: zero-width spaces and joiners, the byte-order mark, the soft hyphen. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
/** A header cell of an Exhibit 21 table: the name column's label, or a jurisdiction, ownership or trade-name column's. */
const NAME_HEADER =
  /^(names?( of (the )?(subsidiary|subsidiaries|entity|company))?|(legal )?(entity|company)( name)?|subsidiar(y|ies)( name| of the registrant| of the company)?)$/i;
const OTHER_HEADER =
  /jurisdiction|incorporat|organi[sz]ation|formation|domicile|^(state|country)\b|percent|%|owne(d|rship)|does business|doing business|d\/b\/a|trade name/i;
/** A trade-name column ("Name(s) Under Which It Does Business"): its cells give more names of the row's entity. */
const DBA_HEADER = /does business|doing business|d\/b\/a|trade name/i;
/** A footnote mark: "*", "**", "†", "(*)", "(1)". */
const FOOTNOTE_MARK = /^(\*+|[†‡§]|\(\*+\)|\(\d{1,2}\))$/;
/** Where a line's jurisdiction starts: ", a Delaware corporation", " – incorporated in India", " - formed in New York". */
const JURISDICTION_CLAUSE =
  /,\s+an?\s+[A-Z].*?\b(corporation|company|partnership|trust|association|bank|entity|societe|société)\.?$|\s+[-–—]\s*(incorporated|formed|organi[sz]ed|registered|established)\b.*$/i;
/** A footnote's start: a mark followed by its text ("* Subsidiaries that ... have been omitted"). */
const FOOTNOTE_START = /^(\*|†|‡|\(\d{1,2}\)\s)/;
const HEADING = /^(exhibit\b|(list(ing)?|schedule) of\b|subsidiar(y|ies)\b|name\b|registrant\b)/i;

function cellText(s: string): string {
  return s
    .replace(INVISIBLE, '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/**
 * A name as the exhibit writes it, without what is not the name: footnote marks ("(*)", a trailing "*"), a parenthetical
 * that states ownership ("(wholly-owned subsidiary of X)", "(50% minority interest ...)"), the jurisdiction clause, a
 * trailing parenthetical that another cell of the row (`places`) starts with ("(France)" beside "France"), and
 * what follows "d/b/a" (returned as a second name). Empty when nothing name-like is left.
 */
function cleanName(raw: string, places: string[] = []): string[] {
  let s = cellText(raw)
    .replace(/\s*\(\*+\)|\*+|[†‡]/g, ' ')
    .replace(/\s*\([^()]*(\bowned\b|\bsubsidiary of\b|\binterest\b|%)[^()]*\)/gi, ' ');
  s = cellText(s.replace(JURISDICTION_CLAUSE, ''));
  // "F5 Networks SARL (France)" in a row whose jurisdiction cell says "France": the parenthetical is the jurisdiction
  const paren = /\s*\(([^()]+)\)$/.exec(s);
  if (paren && places.some((p) => p.toLowerCase().startsWith((paren[1] as string).toLowerCase())))
    s = s.slice(0, paren.index);
  // "Electron Transfer Technologies, Inc. (New Jersey)": a closing parenthetical naming a state or country is the jurisdiction
  const place = placeParen(s);
  if (place) s = s.slice(0, place.index);
  const out: string[] = [];
  for (const part of s.split(/\s*,?\s*\(?\b(?:d\/b\/a|dba|doing business as)\b\s*/i)) {
    const name = cellText(part.replace(/\)$/, (p) => (part.includes('(') ? p : ''))).replace(/[,;:]$/, '');
    if (/[A-Za-z]/.test(name)) out.push(name);
  }
  return out;
}

interface Cell {
  col: number;
  text: string;
}

/**
 * Names from the tables: a row whose every cell is a column label is the header (it tells which columns hold the
 * jurisdiction, the ownership and the trade names); in any other row the name is the first cell not under such a column,
 * and a trade-name cell ("Same; also ETS-Lindgren") adds its names. A row that starts with a footnote mark is a
 * footnote; one that starts like a heading ("Subsidiaries of ...", "Exhibit 21"), or whose only cell has no legal form,
 * is a heading. Cells sit at their column (colspans counted);
 * empty cells (spacers, "&nbsp;", zero-width spaces) are dropped.
 */
function tableNames($: CheerioAPI, add: (names: string[]) => void): void {
  $('table').each((_, table) => {
    const other = new Set<number>();
    const dba = new Set<number>();
    const rows: { cells: Cell[]; bold: boolean }[] = [];
    $(table)
      .find('tr')
      .each((_, tr) => {
        if ($(tr).closest('table')[0] !== table) return; // a nested table's rows are its own
        let col = 0;
        const cells: Cell[] = [];
        let bold = true;
        $(tr)
          .children('td,th')
          .each((_, td) => {
            const text = cellText($(td).text());
            if (text) {
              cells.push({ col, text });
              bold &&= allBold($, td);
            }
            col += Math.max(1, Number($(td).attr('colspan')) || 1);
          });
        if (cells.length) rows.push({ cells, bold });
      });
    // a table no row of which has two cells is a list of bare names (no jurisdiction column)
    const oneColumn = rows.every((r) => r.cells.length === 1);
    for (const { cells: row, bold } of rows) {
      // (a cell ending in a legal form is a name, never a label: "ABM INDUSTRIES INCORPORATED" is no "incorporation" column)
      const label = (t: string) =>
        (NAME_HEADER.test(t) || OTHER_HEADER.test(t)) && !LEGAL_FORM.test(t.replace(/[.\s*]+$/, ''));
      if (row.every((c) => label(c.text))) {
        for (const c of row) {
          if (NAME_HEADER.test(c.text)) continue;
          other.add(c.col);
          if (DBA_HEADER.test(c.text)) dba.add(c.col);
        }
        continue;
      }
      const first = row.find((c) => !other.has(c.col));
      if (
        !first ||
        FOOTNOTE_MARK.test(first.text) ||
        FOOTNOTE_START.test(first.text) ||
        HEADING.test(first.text)
      )
        continue;
      // a lone cell is a heading when it has no legal form ("Domestic Subsidiaries"), or, in a list of bare names, when it
      // is set in bold ("ARGENTINA", the registrant's own name above its subsidiaries)
      if (row.length === 1 && (oneColumn ? bold : !LEGAL_FORM.test(first.text.replace(/[.\s*]+$/, ''))))
        continue;
      add(
        cleanName(
          first.text,
          row.filter((c) => c !== first).map((c) => c.text),
        ),
      );
      for (const c of row) {
        if (!dba.has(c.col)) continue;
        for (const part of c.text.split(/\s*;\s*/)) {
          const t = part.replace(/^also\s+/i, '');
          if (!/^(same|none|n\/?a|-+|—)$/i.test(t)) add(cleanName(t));
        }
      }
    }
  });
}

/** Whether every letter of an element is set in bold (<b>, <strong>, or a font-weight of bold or 600-900). */
function allBold($: CheerioAPI, el: Parameters<CheerioAPI>[0]): boolean {
  let bold = true;
  const walk = (node: ReturnType<CheerioAPI>, inBold: boolean) => {
    node.contents().each((_, n) => {
      if (!bold) return;
      if (n.type === ('text' as typeof n.type)) {
        if (!inBold && /[A-Za-z]/.test((n as unknown as { data: string }).data)) bold = false;
      } else if ('name' in n) {
        const tag = n.name.toLowerCase();
        const style = ($(n).attr('style') ?? '').toLowerCase();
        walk($(n), inBold || tag === 'b' || tag === 'strong' || /font-weight:\s*(bold|[6-9]00)/.test(style));
      }
    });
  };
  walk($(el as never), false);
  return bold;
}

/** The text lines of an HTML document outside its tables: a block element or a <br> ends a line. */
function htmlLines($: CheerioAPI): string[] {
  let text = '';
  const walk = (sel: ReturnType<CheerioAPI>) => {
    sel.contents().each((_, n) => {
      if ('data' in n && n.type === ('text' as typeof n.type)) text += n.data;
      else if ('name' in n) {
        const tag = n.name.toLowerCase();
        if (tag === 'table' || tag === 'script' || tag === 'style' || tag === 'head' || tag === 'title')
          return;
        const block = BLOCK_TAGS.has(tag);
        if (block) text += '\n';
        walk($(n));
        if (block) text += '\n';
      }
    });
  };
  walk($.root());
  return text.split('\n').map(cellText).filter(Boolean);
}

/**
 * Names from lines ("Celestica LLC, a Delaware, U.S. limited liability company", "AMSC Husky LLC (*) - formed in
 * Connecticut"): a line is a subsidiary when it states where the entity is incorporated, and the name is what comes
 * before that clause. A line that starts with a footnote mark is a footnote; headings and prose state no jurisdiction.
 */
function lineNames($: CheerioAPI, add: (names: string[]) => void): void {
  const lines = htmlLines($);
  let found = false;
  for (const line of lines) {
    if (FOOTNOTE_START.test(line) || HEADING.test(line)) continue;
    const unmarked = cellText(line.replace(/\s*\(\*+\)|\*+|[†‡]/g, ' '));
    if (!JURISDICTION_CLAUSE.test(unmarked) && !placeParen(unmarked)) continue;
    add(cleanName(unmarked));
    found = true;
  }
  // no line states a jurisdiction: bare names, one a line
  if (!found) add(bareNames(lines));
}

/**
 * The subsidiary names of an HTML Exhibit 21, in document order, each once: from its tables when they give any (a
 * heading or prose outside them is then not read), else from its lines.
 */
function htmlSubsidiaries(html: string): string[] {
  const $ = load(html);
  $('script,style,head,title').remove();
  const out = new Set<string>();
  const add = (names: string[]) => {
    for (const n of names) out.add(n);
  };
  tableNames($, add);
  if (out.size === 0) lineNames($, add);
  return [...out];
}
