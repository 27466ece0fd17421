/**
 * Quality report of the Form 20-F parser over the captured documents. Run: `npm run quality:20f [dir]`
 * (default: the project's 20-F fixtures, then `../shared/fixtures/sec/20f/` when present).
 *
 * Per file: the profile's form, registrant and period; the items found and the Form 20-F items left out
 * (of Items 1-19); the Item 7.A ownership rows found (holder, shares, %) or why none (a holders-of-record
 * geography, a "no 5% holder" statement, no holder table); the notes read; every warning. A file that is
 * not a 20-F (a 6-K) is listed with what the parser made of it. Exit code 1 when the parser throws on a file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { otherFormOwnership } from '../../parsers/form-20f/index.ts';
import { parse20fFile } from '../form-20f.ts';
import { cellStreamRows } from './page-store.ts';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const ITEMS = [
  ...[
    '1',
    '2',
    '3',
    '4',
    '4A',
    '5',
    '6',
    '7',
    '8',
    '9',
    '10',
    '11',
    '12',
    '13',
    '14',
    '15',
    '16',
    '17',
    '18',
    '19',
  ],
].map((n) => `Item-${n}`);

function files(): string[] {
  const dirs = process.argv[2]
    ? [process.argv[2]]
    : [
        root('fixtures/form-20f'),
        root('fixtures/form-20f/item7-text'),
        root('fixtures/form-20f/item7-text-set10'),
        root('fixtures/form-20f/item7-text-set11'),
        root('fixtures/form-20f/other-forms'),
        root('fixtures/form-20f/page-store'),
        root('fixtures/upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650'),
        root('../shared/fixtures/sec/20f'),
      ];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const d of dirs) {
    if (!existsSync(d)) {
      console.log(`(skipped: ${d} is absent)`);
      continue;
    }
    for (const name of readdirSync(d).sort()) {
      if (!/\.(html?|txt|xml)$/i.test(name) || seen.has(name)) continue;
      seen.add(name);
      out.push(join(d, name));
    }
  }
  return out;
}

/**
 * Hand-read labels: `fixtures/form-20f/LABELS-item7A.tsv` (file, holder, shares, ownership_pct, reason) and
 * `LABELS-other-forms.tsv` (file, form, holder, shares, ownership_pct, voting_pct, reason: tables of other
 * forms, read with their header's columns; a `file` line inside a labels file starts a new column list, as
 * set 7's adds `voting_pct` and `as_of`, which is not compared); a holder starting with "(none" means no rows
 * expected. Per labelled file: the rows expected and matched (same holder name; shares and percentages where
 * the label states them; `-` = the row must have none), missed and extra. A file whose label names a form other than the 20-F (`SC TO-I/A`,
 * `424B5`) has no item headings: its whole text is read as Item 7.A (`otherFormOwnership`).
 */
type Label = { holder: string; shares: string; pct: string; voting: string };
const FORMS = new Map<string, string>();
function labels(): Map<string, Label[]> {
  const out = new Map<string, Label[]>();
  for (const file of ['LABELS-item7A.tsv', 'LABELS-other-forms.tsv']) {
    const path = root(`fixtures/form-20f/${file}`);
    if (!existsSync(path)) continue;
    let columns = ['file', 'holder', 'shares', 'ownership_pct', 'reason'];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      const cells = line.split('\t');
      if (cells[0] === 'file') {
        columns = cells;
        continue;
      }
      const get = (c: string) => cells[columns.indexOf(c)] ?? '';
      const name = get('file');
      const holder = get('holder');
      if (get('form')) FORMS.set(name, get('form'));
      const list = out.get(name) ?? [];
      if (!holder.startsWith('(none'))
        list.push({ holder, shares: get('shares'), pct: get('ownership_pct'), voting: get('voting_pct') });
      out.set(name, list);
    }
  }
  return out;
}
const LABELS = labels();

/** What the report prints for a table of another form: its ownership rows only (no items, notes or facts). */
function otherFormResult(text: string, form: string) {
  const own = otherFormOwnership(cellStreamRows(text) ?? text);
  return {
    profile: { form, registrant_name: null as string | null, period_end: null as string | null },
    items_found: [] as string[],
    ownership: own.rows,
    notes: [] as unknown[],
    segments: { rows: 0 },
    facts: { rows: 0 },
    warnings: own.warnings,
  };
}
/**
 * A 20-F text transcribed from the page store (`page-store/`: one cell after each `|`) is turned back into
 * rows as the other forms' tables are (`cellStreamRows`); any other document is read as it is.
 */
function page20f(bytes: Buffer): Buffer {
  const rows = cellStreamRows(bytes.toString('utf8'));
  return rows === null ? bytes : Buffer.from(rows);
}
let labelled = 0;
let labelledRight = 0;
/** Per folder of labelled files: files right / labelled, holders matched / expected, extra (false) holders. */
const perSet = new Map<
  string,
  { files: number; right: number; expected: number; matched: number; extra: number }
>();

let failures = 0;
let withRows = 0;
let n = 0;
for (const path of files()) {
  n++;
  const name = path.split('/').at(-1)!;
  try {
    const otherForm = FORMS.get(name);
    const r =
      otherForm && !/^20-F/.test(otherForm)
        ? otherFormResult(readFileSync(path, 'utf8'), otherForm)
        : parse20fFile(page20f(readFileSync(path)), { url: name });
    const p = r.profile;
    console.log(
      `${name}\n  ${p.form} ${p.registrant_name ?? '(no registrant)'} period ${p.period_end ?? '?'}`,
    );
    const found = new Set(r.items_found);
    const left = ITEMS.filter((i) => !found.has(i));
    if (otherForm && !/^20-F/.test(otherForm))
      console.log(`  a ${otherForm} table: the whole text read as Item 7.A (no items)`);
    else {
      console.log(`  items found ${r.items_found.length}: ${r.items_found.join(' ') || '-'}`);
      console.log(`  items left ${left.length}: ${left.join(' ') || '-'}`);
    }
    if (r.ownership.length > 0) withRows++;
    console.log(`  Item 7.A holders ${r.ownership.length}`);
    for (const o of r.ownership)
      console.log(
        `    ${o.holder_name} | shares ${o.shares ?? '-'} | ${o.ownership_pct ?? '-'}% | voting ${o.voting_pct ?? '-'}`,
      );
    const expected = LABELS.get(name);
    if (expected) {
      labelled++;
      const found = r.ownership.map((o) => ({
        holder: o.holder_name,
        shares: o.shares,
        pct: o.ownership_pct,
        voting: o.voting_pct,
      }));
      // an empty label value is not compared; '-' says the document states none, so the row must have none
      const eq = (want: string, got: string | null) => !want || (want === '-' ? got === null : want === got);
      const same = (e: Label, f: (typeof found)[number]) =>
        e.holder === f.holder && eq(e.shares, f.shares) && eq(e.pct, f.pct) && eq(e.voting, f.voting);
      // each label matches one found row: a holder listed twice (a director also under "Five Percent
      // Holders") counts its second row as extra
      const used = new Set<number>();
      const extra = found.filter((f) => {
        const i = expected.findIndex((e, k) => !used.has(k) && same(e, f));
        if (i < 0) return true;
        used.add(i);
        return false;
      });
      const missed = expected.filter((_, k) => !used.has(k));
      if (missed.length === 0 && extra.length === 0) labelledRight++;
      const set = path.split('/').at(-2)!;
      const t = perSet.get(set) ?? { files: 0, right: 0, expected: 0, matched: 0, extra: 0 };
      t.files++;
      if (missed.length === 0 && extra.length === 0) t.right++;
      t.expected += expected.length;
      t.matched += expected.length - missed.length;
      t.extra += extra.length;
      perSet.set(set, t);
      console.log(
        `  labels: ${expected.length} holders expected, ${expected.length - missed.length} matched` +
          `${missed.length ? `; missed: ${missed.map((m) => m.holder).join(', ')}` : ''}` +
          `${extra.length ? `; extra: ${extra.map((x) => x.holder).join(', ')}` : ''}`,
      );
    }
    console.log(`  notes ${r.notes.length}, segments ${r.segments.rows}, facts ${r.facts.rows}`);
    for (const w of r.warnings) console.log(`  warning: ${w}`);
  } catch (err) {
    failures++;
    console.log(`${name}\n  FAILED: ${(err as Error).message}`);
  }
}
console.log(
  `\n${n} files, ${withRows} with Item 7.A holder rows, ${failures} failed; hand-labelled Item 7.A: ${labelledRight} of ${labelled} files right`,
);
for (const [set, t] of perSet)
  console.log(
    `  ${set}: ${t.right} of ${t.files} files right, holders matched ${t.matched} of ${t.expected}, false holders ${t.extra}`,
  );
process.exit(failures > 0 ? 1 : 0);
