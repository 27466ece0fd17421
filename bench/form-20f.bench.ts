/**
 * Throughput of the Form 20-F document parser against its floor. Run: `node --import tsx bench/form-20f.bench.ts`.
 * Input: Loncor's FY2015 20-F (0.91 MB of HTML, no XBRL). In the same run it measures
 * - `htmlparser2_parse`: htmlparser2's Parser over the same HTML with no-op callbacks (the floor), and
 * - `parseForm20fFiling`: document in -> profile, items, Item 7.A holders and notes out.
 * `ratio` = parse time / floor time. Prints one JSON object on stdout; MB are 10^6 bytes.
 */
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { parseForm20fFiling } from '../parsers/form-20f/index.ts';
import { repeatFor } from './timing.ts';

const TARGET_MS = 3_000;
const DOC = new URL(
  '../fixtures/upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650/LONCOR_20-F_FY2015_0001062993-16-008650.html',
  import.meta.url,
);

function measure(bytes: number, run: () => unknown) {
  const { iterations, elapsed } = repeatFor(run, TARGET_MS, 3);
  return {
    mb_per_s: Math.round(((bytes * iterations) / 1e6 / (elapsed / 1000)) * 100) / 100,
    ms_per_doc: Math.round((elapsed / iterations) * 100) / 100,
    iterations,
  };
}

const buffer = readFileSync(DOC);
const html = buffer.toString('latin1');
const floor = measure(buffer.length, () => {
  let events = 0;
  const parser = new Parser(
    { onopentag: () => events++, ontext: () => events++, onclosetag: () => events++ },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return events;
});
const parse = measure(
  buffer.length,
  () => parseForm20fFiling({ primary: { text: html, url: 'loncor' } }).notes.length,
);
console.log(
  JSON.stringify({
    name: 'form-20f',
    input: { document: 'Loncor 20-F FY2015', mb: Math.round(buffer.length / 1e4) / 100 },
    htmlparser2_parse: floor,
    parseForm20fFiling: parse,
    ratio: Math.round((parse.ms_per_doc / floor.ms_per_doc) * 100) / 100,
  }),
);
