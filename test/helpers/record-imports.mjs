// `node --import tsx --import ./test/helpers/record-imports.mjs ...`: appends the URL of every module the
// process resolves, one a line, to the file named by RECORD_IMPORTS (test/cli/start-up-imports.test.ts).
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { file: process.env.RECORD_IMPORTS },
});
