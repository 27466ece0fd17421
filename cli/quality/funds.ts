/**
 * Quality report of the fund parsers over the captured files. Run: `npm run quality:funds [nport dir]`
 * (default: the project's captured NPORT-P documents). Exit code 1 when a file does not parse.
 */
import { fileURLToPath } from 'node:url';
import { nportQualityReport } from './funds-nport.ts';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const nportDir =
  process.argv[2] ??
  root(
    'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data',
  );

process.stdout.write('== Form N-PORT (NPORT-P primary documents)\n');
const nport = nportQualityReport(nportDir);
process.stdout.write(`${nport.lines.join('\n')}\n${nport.files} file(s), ${nport.defects} defect(s)\n`);
process.exit(nport.defects > 0 ? 1 : 0);
