/**
 * Quality report of the fund-family parsers over the captured files. Run: `npm run quality:funds [files...]`
 * (default: every real Form D document the offline mirror serves). One section per parser, each in its own
 * module (`funds-form-d.ts`; the N-PORT section adds `funds-nport.ts`), each reporting per file what was
 * read and what was left. Exit code 1 when a parser fails on a file.
 */
import { FORM_D_FIXTURES, formDSection } from './funds-form-d.ts';

const given = process.argv.slice(2);
const print = (line: string) => process.stdout.write(`${line}\n`);
const formD = formDSection(given.length > 0 ? given : FORM_D_FIXTURES, print);
print(`\nForm D: ${formD.files} files, ${formD.defects} failed`);
process.exit(formD.defects > 0 ? 1 : 0);
