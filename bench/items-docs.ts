/**
 * The documents and the two passes the items benches compare (`items.bench.ts`, `items-instructions.ts`).
 *
 * - `gainsco`: the largest 10-K fixture (GAINSCO 2009, 1.59 MB of HTML), the bench's document since issue 26.
 * - `fixtures`: every HTML document of 100 KB or more under `fixtures/upstream/**\/edgar/data/` (10-Ks,
 *   10-Qs, an 8-K's exhibit, annual-report exhibits; 17 files, ~20 MB), split as a 10-Q when the file name
 *   says 10-Q, as an 8-K when it says 8-K, else as a 10-K. One pass reads all of them.
 *
 * The floor is htmlparser2's Parser with no-op callbacks over each document's HTML, decoded once before any
 * pass (as a bare htmlparser2 pass is given it); the splitter is `splitFilingFile` from the bytes to the
 * items (decoding included).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import type { ItemForm } from '../parsers/edgar/items/index.ts';
import { splitFilingFile } from '../parsers/edgar/items/index.ts';

const DATA = fileURLToPath(new URL('../fixtures/upstream/www.sec.gov/Archives/edgar/data/', import.meta.url));
export const GAINSCO = 'cik-unknown/000119312510073212/GAINSCO_10-K_FY2009_0001193125-10-073212.html';

export interface Doc {
  file: string;
  bytes: Buffer;
  html: string;
  form: ItemForm;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.html?$/i.test(name)) out.push(path);
  }
  return out;
}

const formOf = (file: string): ItemForm =>
  /10-?q/i.test(file) ? '10-Q' : /8-?k/i.test(file) ? '8-K' : '10-K';

function load(path: string): Doc {
  const bytes = readFileSync(path);
  const file = path.slice(DATA.length);
  return { file, bytes, html: bytes.toString('utf8'), form: formOf(file) };
}

/** The documents of a case: `gainsco` or `fixtures` (see the module comment). */
export function documents(name: string): Doc[] {
  if (name === 'gainsco') return [load(join(DATA, GAINSCO))];
  if (name === 'fixtures')
    return walk(DATA)
      .filter((p) => statSync(p).size >= 100_000)
      .map(load);
  throw new Error(`unknown document set ${name} (gainsco, fixtures)`);
}

/** One floor pass over `docs`: htmlparser2's Parser, no-op callbacks, entities decoded. Returns the events. */
export function floorPass(docs: Doc[]): number {
  let events = 0;
  for (const doc of docs) {
    const parser = new Parser(
      {
        onopentag: () => events++,
        ontext: () => events++,
        onclosetag: () => events++,
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
    parser.end(doc.html);
  }
  return events;
}

/** One splitter pass over `docs`: bytes in, items out. Returns the items found. */
export function splitPass(docs: Doc[]): number {
  let items = 0;
  for (const doc of docs) items += splitFilingFile(doc.bytes, { form: doc.form }).items.length;
  return items;
}
