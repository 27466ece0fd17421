/**
 * Quality report of the fund-family parsers over the captured files. Run: `npm run quality:funds [files...]`
 * (default: every real Form D document the offline mirror serves, then the captured NPORT-P documents).
 * One section per parser, each in its own module (`funds-form-d.ts`, `funds-nport.ts`), each reporting per
 * file what was read and what was left. Exit code 1 when a parser fails on a file.
 */
import { fileURLToPath } from 'node:url';
import { FORM_D_FIXTURES, formDSection } from './funds-form-d.ts';
import { nportQualityReport } from './funds-nport.ts';
import { formDHeldOut, formDHeldOut2, nportHeldOut } from './held-out-xml.ts';

const given = process.argv.slice(2);
const print = (line: string) => process.stdout.write(`${line}\n`);
const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

print('== Form D (primary documents and submissions)');
const formD = formDSection(given.length > 0 ? given : FORM_D_FIXTURES, print);
print(`\nForm D: ${formD.files} files, ${formD.defects} failed`);

let nportDefects = 0;
if (given.length === 0) {
  print('\n== Form N-PORT (NPORT-P primary documents)');
  const nport = nportQualityReport(
    root(
      'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data',
    ),
  );
  print(`${nport.lines.join('\n')}\nN-PORT: ${nport.files} file(s), ${nport.defects} defect(s)`);
  nportDefects = nport.defects;
  // real files never used to write the parsers, scored against their hand labels (issue 28)
  print('\n== Held-out Form D (fixtures/private-companies/held-out, hand labels)');
  nportDefects += formDHeldOut(print).notRead;
  print('\n== Held-out Form D set 2 (fixtures/private-companies/held-out-2, hand labels)');
  nportDefects += formDHeldOut2(print).notRead;
  print('\n== Held-out Form D set 3 (fixtures/private-companies/held-out-3, hand labels)');
  nportDefects += formDHeldOut2(print, 'fixtures/private-companies/held-out-3').notRead;
  print('\n== Held-out N-PORT (fixtures/funds/held-out, hand labels)');
  nportDefects += nportHeldOut(print).notRead;
}
process.exit(formD.defects + nportDefects > 0 ? 1 : 0);
