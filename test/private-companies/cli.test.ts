import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARSERS } from '../../cli/commands/parse.ts';
import { FORM_D_FILES } from './files.ts';

// @test-scope embedded-only: `etl parse` and `quality:funds` read files and open no database; their output cannot depend on DATABASE_URL.

// `etl parse form-d <file>` prints the filing row and warnings; `npm run quality:funds` reports every file.
const run = (args: string[]) =>
  execFileSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });

describe('Form D from the command line', () => {
  it('etl parse form-d prints the row with Indefinite as a flag', async () => {
    // what `etl parse form-d` prints, computed in this process (the command's parser table, its context, the
    // JSON round trip): the refusal below is the true `etl parse form-d` spawn (2.5-3 s of CPU each)
    const file = FORM_D_FILES.hashnote;
    const ctx = { url: `file://${file}`, fetchedAt: new Date().toISOString() };
    const out = JSON.parse(JSON.stringify(await PARSERS['form-d']!.run(readFileSync(file), {}, ctx)));
    expect(out.filing).toMatchObject({
      accessionNumber: '0001968399-23-000002',
      totalOfferingAmount: null,
      totalOfferingIndefinite: true,
      totalAmountSold: 100000,
    });
    expect(out.warnings).toEqual([]);
  });

  it('etl parse form-d refuses a file that is not a Form D, exit 1 with the reason', () => {
    const r = spawnSync(process.execPath, ['bin/etl.js', 'parse', 'form-d', 'package.json'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ParseError: not a Form D document/);
  });

  it('quality:funds reports the nine files, none failed, what each left unread', () => {
    const out = run(['--import', 'tsx', 'cli/quality/funds.ts']);
    expect(out).toContain('Form D: 9 files, 0 failed');
    expect(out).toContain(
      'amounts: offered Indefinite, sold $561,224,695, remaining Indefinite, minimum $50,000',
    );
    expect(
      out.match(/left unread: testOrLive, offeringData\/signatureBlock\/authorizedRepresentative/g),
    ).toHaveLength(9);
  });
});
