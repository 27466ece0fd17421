/**
 * `node --import tsx bench/items-pass.ts <floor|split> <case> <passes>`: loads a case's documents (see
 * `items-docs.ts`) and runs that many passes of one side, nothing else; `items-instructions.ts` counts its
 * instructions under callgrind.
 */
import { documents, floorPass, splitPass } from './items-docs.ts';

const [side, caseName, passes] = process.argv.slice(2);
const docs = documents(caseName ?? 'gainsco');
const run = side === 'floor' ? floorPass : side === 'split' ? splitPass : null;
if (run === null) throw new Error(`side must be floor or split, not ${side}`);
let sink = 0;
for (let i = 0; i < Number(passes); i++) sink += run(docs);
if (sink < 0) console.error(sink);
