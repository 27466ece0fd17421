/**
 * Quality report of the filing-items splitter over a folder of captured filings.
 * Run: `node --import tsx cli/quality/items.ts [dir]` (default: the captured EDGAR archive fixtures).
 *
 * Every .txt/.nc/.htm/.html file is either split or listed as skipped with the reason: nothing is dropped
 * silently. The form comes from the SGML header, else the file name, else the cover page's "FORM 10-K".
 * Per filing it prints items found / required, where "required" is the form's catalogue for the filing's
 * era (`requiredItems`; for an 8-K the items its header lists), never derived from what was found. Then:
 * - literal split: missing, empty, too small or too large items (size bands per item);
 * - resolve=true: expansions that look wrong: of an exhibits item, of a whole other item, larger than the
 *   item plausibly is, mostly a page index, a statements item without statements, an in-document expansion
 *   of a pointer that names another document (a prior Form 10-K, the proxy statement);
 * - as information, pointer-only items left literal.
 * Without a folder argument it also checks `../shared/fixtures/sec/` and then scores the third-party corpus
 * `../shared/fixtures/corpus/secparser/` (items-corpus.ts; `--corpus-only`, `--no-corpus`), after the
 * hand-labelled held-out set `fixtures/edgar-items/heldout/` (items-heldout.ts; `--heldout-only`),
 * each skipped with a message when `../shared` is absent.
 * Every filing lists each item found with its size and first and last words, then the required items left
 * out, so the next real file that fails shows why.
 * Exit code 1 when any defect is found or the corpus scores under its target.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSubmissionText, parseSubmissionText } from '../../parsers/edgar/filing-document.ts';
import { itemForm } from '../../parsers/edgar/filing-items.ts';
import type { Scheme } from '../../parsers/edgar/items/catalog.ts';
import { headerItemCodes, requiredItems } from '../../parsers/edgar/items/eras.ts';
import {
  type FilingItem,
  type ItemForm,
  type SplitResult,
  splitFilingFile,
  toBlocks,
} from '../../parsers/edgar/items/index.ts';
import { isPointerOnly, pointerSentence } from '../../parsers/edgar/items/pointers.ts';
import { checkCorpus } from './items-corpus.ts';
import { checkHeldout } from './items-heldout.ts';

const DEFAULT_DIR = fileURLToPath(
  new URL('../../fixtures/upstream/www.sec.gov/Archives/edgar/data/', import.meta.url),
);
const SHARED_SEC = fileURLToPath(new URL('../../../shared/fixtures/sec/', import.meta.url));

/** Typical literal sizes (characters) of the items whose size tells something, per scheme. */
const MEDIANS: Record<string, number> = {
  '10-K Item-1': 30_000,
  '10-K Item-1A': 40_000,
  '10-K Item-7': 35_000,
  '10-K Item-8': 60_000,
  '10-Q Part-I-Item-1': 25_000,
  '10-Q Part-I-Item-2': 20_000,
};
/** Items that are short by nature: anything beyond the ceiling swallowed a neighbour. */
const CEILING = 60_000;
const STATEMENTS_ITEM = /^(?:10-K Item-8|10-KSB Item-7|10-Q Part-I-Item-1)$/;
const LONG_ITEM = /^(?:10-K Item-(?:1A?|7)|10-KSB Item-6|10-Q Part-I-Item-2)$/;
/** Most text an expansion plausibly adds: statements, a long narrative item, else a note or a page or two. */
const resolvedBand = (key: string) =>
  STATEMENTS_ITEM.test(key)
    ? 600_000
    : LONG_ITEM.test(key)
      ? 300_000
      : key === '10-K Item-7A'
        ? 60_000
        : 30_000;
/** A statement line with a thousands-separated figure: what financial statements have and indexes lack. */
const STATEMENT_ROW =
  /\b(?:total assets|total liabilities|total current assets|net (?:income|loss|earnings)|net sales|total revenues?)\b[^\n]{0,120}?\d{1,3},\d{3}/i;
/** A line ending in a printed page reference: "Notes to Consolidated Financial Statements | 39", "F-2". */
const INDEX_ROW = /(?:\s|\|)(?:\d{1,3}|[A-Z]-\d{1,3})(?:\s*(?:-|–|through|to)\s*\d{1,3})?\)?\s*$/;
/** "this Annual Report on Form 10-K", "this Current Report on Form 8-K": the filing itself. */
const THIS_FILING = /\bthis\s+(?:(?:annual|quarterly|current)\s+report\s+on\s+)?Form\s+(?:10-?[KQ]|8-?K)\b/gi;
const OTHER_DOCUMENT =
  /\b(?:19|20)\d\d\s+Form\s+10-?[KQ]\b|\bForm\s+10-?[KQ]\s+for\s+the\s+(?:fiscal\s+)?(?:year|quarter|period)|\bproxy\s+statement\b|\bCurrent\s+Report\s+on\s+Form\s+8-K\b/i;
/** Signature-page text that must never end the last item. */
const SIGNATURE_PAGE =
  /^(?:POWER OF ATTORNEY|KNOW ALL (?:MEN|PERSONS) BY THESE PRESENTS|Signatures? and Certifications\b|SIGNATURES?$|Pursuant to the requirements of (?:Section 13 or 15\(d\) of )?the Securities Exchange Act of 1934,? (?:as amended, )?the (?:registrant|company) has duly caused)/im;
const EXPECTED_EMPTY = /\b(omitted|reserved|none|not applicable)\b/i;

/** Defects of the literal split, then of resolve=true; the last three are information. */
const KINDS = [
  ...['missing', 'empty', 'too_small', 'too_large', 'overrun'],
  ...['resolved_exhibits', 'resolved_whole_item', 'resolved_too_large', 'resolved_page_index'],
  ...['resolved_no_statements', 'resolved_other_document', 'pointer', 'absent', 'not_in_excerpt'],
] as const;
type Kind = (typeof KINDS)[number];
/** Not splitter defects: pointer-only items, items the filer left out, items outside an excerpt. */
const INFO = new Set<Kind>(['pointer', 'absent', 'not_in_excerpt']);

interface Finding {
  code: string;
  kind: Kind;
  detail: string;
}

interface Described {
  form: ItemForm;
  /** Period of report or filing date (`YYYY-MM-DD`): picks the era's required items. */
  asOf: string | null;
  filed?: string;
  headerItems?: string[];
  /** A fixture flagged as not the whole document (`TRIMMED`, `SAMPLE-excerpt`): missing items are expected. */
  excerpt: boolean;
  note?: string;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(txt|nc|htm|html)$/i.test(name)) out.push(path);
  }
  return out.sort();
}

/** Form and era of a file, or the reason it cannot be checked. */
function describe(path: string, text: string): Described | { skip: string } {
  const name = basename(path);
  if (/-index\.html?$/i.test(name)) return { skip: 'an EDGAR filing index page, not a filing document' };
  let form: ItemForm | null = null;
  let asOf: string | null = null;
  let filed: string | undefined;
  let headerItems: string[] | undefined;
  let note: string | undefined;
  let body = text;
  if (isSubmissionText(text)) {
    try {
      const s = parseSubmissionText(text);
      const type = s.documents[0]?.type ?? null;
      form = itemForm(s.header.form) ?? itemForm(type);
      if (type && /^EX-/i.test(type)) note = `the document is an ${type}, not a filing body`;
      asOf = s.header.periodOfReport ?? s.header.filedAt;
      filed = s.header.filedAt ?? undefined;
      headerItems = s.header.items;
      body = s.documents[0]?.body ?? '';
    } catch (err) {
      return { skip: `unreadable submission: ${(err as Error).message}` };
    }
  }
  const named = /(?:^|[_\-z])(10-?K|10-?Q|8-?K)(?:405|SB)?(?=[_.-]|$)/i.exec(name)?.[1];
  form ??= itemForm(named ? named.toUpperCase().replace(/^(10|8)-?/, '$1-') : null);
  const head = form && asOf ? [] : toBlocks(undefined, body).slice(0, 80);
  if (!form) {
    const cover = /\bFORM\s+(10-?K|10-?Q|8-?K)\b/i.exec(head.join('\n'))?.[1];
    form = itemForm(cover ? cover.toUpperCase().replace(/^(10|8)-?/, '$1-') : null);
  }
  if (!form) return { skip: 'no form in the SGML header, the file name or the cover page' };
  asOf ??= dateFromName(path) ?? dateFromCover(head.join('\n'));
  const excerpt = /TRIMMED|SAMPLE-excerpt|TRUNCATED/i.test(name);
  return {
    form,
    asOf,
    excerpt,
    ...(filed ? { filed } : {}),
    ...(headerItems ? { headerItems } : {}),
    ...(note ? { note } : {}),
  };
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';

function dateFromName(path: string): string | null {
  const name = basename(path);
  const iso = /(?:^|[_-])((?:19|20)\d\d)-?(\d\d)-?(\d\d)(?=[_.]|$)/.exec(name);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const fy = /FY(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(name);
  if (fy) return `${fy[1]}-${fy[2] ?? '12'}-${fy[3] ?? '28'}`;
  // An accession folder (`0001193125-10-073212`) gives the filing year.
  const acc = /\/\d{10}(\d\d)\d{6}\//.exec(path);
  if (acc) return `${Number(acc[1]) > 80 ? '19' : '20'}${acc[1]}-01-01`;
  return null;
}

function dateFromCover(cover: string): string | null {
  const m = new RegExp(
    `(?:year|period|quarter)\\s+ended:?\\s+(${MONTHS})\\s+(\\d{1,2}),?\\s+((?:19|20)\\d\\d)`,
    'i',
  ).exec(cover);
  if (!m) return null;
  const month = MONTHS.split('|').indexOf(m[1]!.toLowerCase()) + 1;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
}

function schemeOf(form: ItemForm, result: SplitResult, date: string | undefined): Scheme {
  if (form === '10-K') return result.warnings.some((w) => w.startsWith('10-KSB')) ? '10-KSB' : '10-K';
  if (form === '10-Q') return '10-Q';
  if (date) return date < '2004-08-23' ? '8-K-pre2004' : '8-K';
  return result.items.some((i) => i.number.includes('.')) ? '8-K' : '8-K-pre2004';
}

/**
 * Emptiness and pointers are read on the literal item; size on what resolve=true serves (an Item 8 that
 * points to the F-pages is short literally and whole once resolved). Index rows of a cross-reference
 * index are short by design.
 */
function reviewItem(item: FilingItem, served: FilingItem, scheme: Scheme, indexRows: boolean): Finding[] {
  const findings: Finding[] = [];
  const lines = item.text.split('\n');
  const body = lines.slice(1).join(' ');
  if (
    !indexRows &&
    body.trim() === '' &&
    !EXPECTED_EMPTY.test(item.text) &&
    !/^\S+\.?\s*\|?\s*\[?reserved/i.test(lines[0] ?? '')
  ) {
    findings.push({ code: item.number, kind: 'empty', detail: JSON.stringify(lines[0]?.slice(0, 80)) });
  }
  const pointer = pointerSentence(item);
  if (isPointerOnly(item)) {
    findings.push({ code: item.number, kind: 'pointer', detail: pointer!.replace(/\s+/g, ' ').slice(0, 90) });
  }
  const median = MEDIANS[`${scheme} ${item.number}`];
  const size = served.text.length;
  if (
    !indexRows &&
    median &&
    pointer === null &&
    size < median / 20 &&
    !EXPECTED_EMPTY.test(body.slice(0, 200))
  ) {
    findings.push({ code: item.number, kind: 'too_small', detail: `${size} chars (band >= ${median / 20})` });
  }
  const ceiling = median ? median * 8 : CEILING;
  if (served.text_mode === 'literal' && size > ceiling) {
    findings.push({ code: item.number, kind: 'too_large', detail: `${size} chars (band <= ${ceiling})` });
  }
  return findings;
}

/** Checks one expansion against the literal split, without trusting the resolver's own reasoning. */
function reviewResolved(item: FilingItem, literal: FilingItem[], scheme: Scheme): Finding[] {
  if (item.text_mode !== 'resolved' || !item.resolved) return [];
  const own = literal.find((i) => i.number === item.number);
  const added = item.text.slice(item.text.length - item.resolved.text_chars);
  const from = item.resolved.resolved_from ?? item.resolved.source;
  const out: Finding[] = [];
  const flag = (kind: Kind, detail: string) => out.push({ code: item.number, kind, detail });
  if (/exhibit/i.test(item.name)) flag('resolved_exhibits', `the exhibits item was expanded from ${from}`);
  for (const other of literal) {
    if (other.number !== item.number && other.text.length >= 2_000 && added.includes(other.text)) {
      flag('resolved_whole_item', `appends the whole of ${other.number} (${other.text.length} chars)`);
    }
  }
  const band = resolvedBand(`${scheme} ${item.number}`);
  if (added.length > band)
    flag('resolved_too_large', `adds ${added.length} chars from ${from} (band <= ${band})`);
  // An index lists where statements are ("Statement of earnings | 26 | F-2") and holds none of them.
  const lines = added.split('\n').filter((l) => l.trim() !== '');
  const indexRows = lines.filter((l) => l.length < 200 && INDEX_ROW.test(l)).length;
  const hasStatements = STATEMENT_ROW.test(added);
  if (lines.length >= 3 && (indexRows * 5 >= lines.length * 2 || (indexRows >= 5 && !hasStatements))) {
    flag('resolved_page_index', `${indexRows} of ${lines.length} added lines are page-index rows (${from})`);
  }
  if (STATEMENTS_ITEM.test(`${scheme} ${item.number}`) && !hasStatements) {
    flag(
      'resolved_no_statements',
      `no statement line (total assets, net income ...) in the text from ${from}`,
    );
  }
  const pointer = own ? (pointerSentence(own) ?? '') : '';
  if (item.resolved.source === 'in_document' && OTHER_DOCUMENT.test(pointer.replace(THIS_FILING, ''))) {
    flag('resolved_other_document', `the pointer names another document: ${pointer.slice(0, 80)}`);
  }
  return out;
}

/** Required items the literal split lacks: lost by the splitter when the file names them, else left out. */
/** `[chars] "first words … " … "… last words"`: an item's edges, whitespace folded. */
function edges(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const head = t.split(' ').slice(0, 8).join(' ');
  const tail = t.split(' ').slice(-8).join(' ');
  return `[${text.length}] "${head.slice(0, 80)}" … "${tail.slice(-80)}"`;
}

function missingItems(required: string[], literal: SplitResult, text: string, d: Described, scheme: Scheme) {
  const found = new Set(literal.items.map((i) => i.number));
  if (literal.items_unavailable_reason) return [];
  return required
    .filter((c) => !found.has(c))
    .map((code): Finding => {
      const number = code.replace(/^.*Item-/, '').replace('.', '\\.');
      const named = new RegExp(`\\bITEMS?\\s*${number}(?![\\d.]\\d|[A-D]\\b)`, 'i').test(text);
      const era = d.asOf ? `a ${scheme} of ${d.asOf}` : `every ${scheme}`;
      return {
        code,
        kind: d.excerpt ? 'not_in_excerpt' : named ? 'missing' : 'absent',
        detail: `required for ${era}${named ? ', named in the file' : ', no heading for it in the file'}`,
      };
    });
}

/** The last item must end before the signature page (power of attorney, certification preface). */
function overrun(literal: SplitResult): Finding[] {
  const last = literal.items.at(-1);
  const m = last ? SIGNATURE_PAGE.exec(last.text) : null;
  if (!last || !m) return [];
  const tail = last.text.length - m.index;
  return [
    {
      code: last.number,
      kind: 'overrun',
      detail: `ends with ${tail} chars of the signature page: ${JSON.stringify(m[0].slice(0, 40))}`,
    },
  ];
}

function main(): number {
  const args = process.argv.slice(2);
  const corpusOnly = args.includes('--corpus-only');
  const dir = args.find((a) => !a.startsWith('--'));
  let failed = corpusOnly ? 0 : checkFolder(dir ?? DEFAULT_DIR);
  // Without a folder argument, the shared capture of SEC filings too (the same files and a few not copied).
  if (!corpusOnly && dir === undefined) {
    if (existsSync(SHARED_SEC)) {
      console.log(`\nshared SEC fixtures ${SHARED_SEC}`);
      failed = checkFolder(SHARED_SEC) || failed;
    } else console.log(`\nshared SEC fixtures skipped: ${SHARED_SEC} is absent`);
  }
  if (args.includes('--heldout-only')) return checkHeldout();
  if (!corpusOnly && dir === undefined) failed = checkHeldout() || failed;
  if (args.includes('--no-corpus')) return failed;
  return checkCorpus() || failed;
}

/** The captured filings of a folder: form/era checks of the literal and resolved split. */
function checkFolder(dir: string): number {
  const totals = { filings: 0, items: 0, defects: 0, info: 0, resolved: 0, unparseable: 0 };
  const skipped: string[] = [];
  for (const path of files(dir)) {
    const bytes = readFileSync(path);
    const text = bytes.toString('latin1');
    const d = describe(path, text);
    if ('skip' in d) {
      skipped.push(`${relative(dir, path)}: ${d.skip}`);
      continue;
    }
    totals.filings++;
    const opts = { form: d.form, ...(d.filed ? { filingDate: d.filed } : {}) };
    const literal = splitFilingFile(bytes, opts);
    const resolved = splitFilingFile(bytes, { ...opts, resolve: true });
    const scheme = schemeOf(d.form, literal, d.filed ?? d.asOf ?? undefined);
    const required =
      scheme === '8-K' || scheme === '8-K-pre2004'
        ? headerItemCodes(scheme, d.headerItems ?? [])
        : requiredItems(scheme, d.asOf ?? '');
    const findings = [...missingItems(required, literal, text, d, scheme), ...overrun(literal)];
    const indexRows = literal.warnings.some((w) => w.startsWith('cross-reference index'));
    const served = new Map(resolved.items.map((i) => [i.number, i]));
    for (const item of literal.items)
      findings.push(...reviewItem(item, served.get(item.number) ?? item, scheme, indexRows));
    for (const item of resolved.items) findings.push(...reviewResolved(item, literal.items, scheme));
    totals.items += literal.items.length;
    totals.resolved += resolved.items.filter((i) => i.text_mode === 'resolved').length;
    const lacking = findings.filter((f) => f.kind === 'missing' || f.kind === 'absent').length;
    let line = `${relative(dir, path)}  ${scheme} ${d.asOf ?? '(era unknown)'}  items ${literal.items.length}`;
    if (required.length > 0) line += ` (${required.length} required${lacking ? `, ${lacking} missing` : ''})`;
    if (literal.items_unavailable_reason) {
      totals.unparseable++;
      line += ` ${literal.items_unavailable_reason}${d.note ? ` (${d.note})` : ''}`;
    }
    console.log(line);
    // what was found (each item's first and last words, so a boundary that runs on shows) and what was left
    for (const item of literal.items) console.log(`    found ${item.number} ${edges(item.text)}`);
    const found = new Set(literal.items.map((i) => i.number));
    const left = required.filter((code) => !found.has(code));
    if (left.length) console.log(`    left  ${left.join(' ')}`);
    for (const f of findings) {
      if (INFO.has(f.kind)) totals.info++;
      else totals.defects++;
      console.log(`    ${INFO.has(f.kind) ? 'info  ' : 'DEFECT'} ${f.code} ${f.kind}: ${f.detail}`);
    }
  }
  if (skipped.length > 0) console.log(`\nskipped ${skipped.length}:\n  ${skipped.join('\n  ')}`);
  console.log(
    `\n${totals.filings} filings (${totals.unparseable} unparseable, ${skipped.length} skipped), ${totals.items} items, ` +
      `${totals.resolved} resolved, ${totals.defects} suspicious, ${totals.info} info`,
  );
  return totals.defects > 0 ? 1 : 0;
}

process.exitCode = main();
