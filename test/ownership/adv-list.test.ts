import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { thirteenFJob } from '../../jobs/ownership/thirteen-f.job.ts';
import type { DatasetJob } from '../../jobs/types.ts';
import { ParseError } from '../../lib/errors.ts';
import { parseAdvRoster } from '../../parsers/advisers/adv-roster.ts';
import { runStaged, type Staged } from '../helpers/staged-upstream.ts';

// The SEC's monthly adviser list (exempt reporting advisers). The file is an assembled excerpt, not a capture:
// its header uses column names public projects that read the real lists name, its one row a firm a public
// project's test quotes from one (fixtures/ownership/README.md says where each comes from).
const FILE = 'fixtures/ownership/adv/ia-exempt_EXCERPT_assembled.csv';
const bytes = readFileSync(FILE);
const text = bytes.toString('latin1');

/** A zip holding one deflated entry, as the SEC ships the lists. */
async function zipOf(name: string, data: Buffer): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('monthly SEC adviser list reader', () => {
  const r = parseAdvRoster(bytes, FILE);

  it('reads the fund types and counts of the Schedule D 7.B.(1) rollup, the padded gross assets in dollars', () => {
    expect(r.warnings).toEqual([]);
    expect(r.firms).toHaveLength(1);
    expect(r.firms[0]).toMatchObject({
      crd: 309765,
      legal_name: 'UP PARTNERS MANAGEMENT COMPANY, LLC',
      sec_registration_type: 'ERA',
      main_office_city: 'SANTA MONICA',
      website: 'https://up.partners',
      has_vc_funds: true,
      // the excerpt carries no hedge / PE columns: unknown, not false
      has_hedge_funds: null,
      has_pe_funds: null,
      aum_total: null,
      private_funds: { by_type: { vc: { any: true, count: 8 } }, gross_assets: 484_007_760 },
    });
  });

  it('a firm answering Item 7.B "N" advises no private fund: blank fund flags are false (substituted)', () => {
    const no = text
      .replace('"Any VC Funds"', '"7B","Any Hedge Funds","Any VC Funds"')
      .replace('"ERA","Y","8"', '"ERA","N","","","0"');
    expect(no).not.toBe(text);
    const f = parseAdvRoster(Buffer.from(no, 'latin1'), FILE).firms[0]!;
    expect(f).toMatchObject({ advises_private_funds: false, has_hedge_funds: false, has_vc_funds: false });
    // and a blank flag of a firm that does advise private funds stays null
    const yes = no.replace('"ERA","N","",""', '"ERA","Y","",""');
    expect(parseAdvRoster(Buffer.from(yes, 'latin1'), FILE).firms[0]).toMatchObject({
      advises_private_funds: true,
      has_hedge_funds: null,
      has_vc_funds: null,
    });
  });

  it('reads the CSV inside its zip; Latin-1 names; a social-network website is not the firm site', async () => {
    const z = parseAdvRoster(await zipOf('IA_EXEMPT_LIST.CSV', bytes), 'ia-exempt.zip');
    expect(z.firms.map((f) => [f.crd, f.has_vc_funds])).toEqual([[309765, true]]);
    const latin = text.replace(
      'SANTA MONICA","CA","United States","https://up.partners"',
      'MÜNCHEN","","Germany","https://www.linkedin.com/company/up"',
    );
    const f = parseAdvRoster(Buffer.from(latin, 'latin1'), FILE).firms[0]!;
    expect(f).toMatchObject({ main_office_city: 'MÜNCHEN', main_office_state: null, website: null });
  });

  it('a row without a CRD or a name is a warning; a file without the columns is a ParseError naming them', () => {
    const bad = `${text}"","NO CRD","NO CRD","","","","","","ERA","Y","1",""\r\n"1","","","","","","","","ERA","Y","1",""\r\n`;
    const w = parseAdvRoster(Buffer.from(bad, 'latin1'), FILE);
    expect(w.firms).toHaveLength(1);
    expect(w.warnings).toEqual([
      'row 3 skipped: no Organization CRD#',
      'row 4 (CRD 1) skipped: no Legal Name or Primary Business Name',
    ]);
    expect(() => parseAdvRoster(Buffer.from('"CRD","Name"\r\n"1","X"\r\n'), 'x.csv')).toThrow(ParseError);
    expect(() => parseAdvRoster(Buffer.from('"CRD","Name"\r\n"1","X"\r\n'), 'x.csv')).toThrow(
      /no Organization CRD#, Any <kind> Funds column/,
    );
  });
});

describe('monthly adviser list through the job, the mirror and the route', () => {
  // served from a test mirror at the address an operator would configure (ADV_LIST_URLS)
  const URL_ = 'https://www.sec.gov/files/ia-exempt_EXCERPT_assembled.csv';
  let staged: Staged;
  beforeAll(async () => {
    staged = await runStaged({
      files: { [URL_]: bytes },
      dataset: 'institutions',
      partitions: [`adv-list:${URL_}`],
      env: { ADV_LIST_URLS: URL_ },
    });
  }, 120_000);
  afterAll(() => staged?.close());

  it('serves the fund types on the row and the rollup on the profile', async () => {
    const res = await staged.api.get('/v1/institutions/crd:309765', { key: staged.key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      legal_name: 'UP PARTNERS MANAGEMENT COMPANY, LLC',
      has_vc_funds: true,
      has_hedge_funds: null,
      private_funds: { gross_assets: 484_007_760, by_type: { vc: { any: true, count: 8 } }, list: URL_ },
    });
  });

  it("a 13F filer's firm type comes from its Form ADV fund rollup before its name", async () => {
    // ACTIAM's real 13F submission with UP Partners' CRD on its cover (a stated substitution: no captured 13F
    // filer is in a captured adviser list), so the filer links to the adviser the list loaded
    const text = readFileSync(
      'fixtures/ownership/ACTIAM_13F-HR_2020Q4_0001619124-21-000002_fulltext.txt',
      'utf8',
    ).replace(
      '<form13FFileNumber>028-19140</form13FFileNumber>',
      '<form13FFileNumber>028-19140</form13FFileNumber><crdNumber>000309765</crdNumber>',
    );
    const key = 'acc:0001619124-21-000002';
    const job = thirteenFJob as DatasetJob;
    const { rows } = await job.parse(
      [
        {
          url: 'https://www.sec.gov/Archives/edgar/data/1619124/000161912421000002/0001619124-21-000002.txt',
          bytes: Buffer.from(text),
          sha256: 'actiam-with-crd',
          fetchedAt: '2026-11-28T00:00:00.000Z',
          contentType: 'text/plain',
        },
      ],
      key,
    );
    await staged.database.db.transaction((tx) => job.load(tx, rows, key));
    const body = await (await staged.api.get('/v1/institutions/crd:309765', { key: staged.key })).json();
    expect(body.data).toMatchObject({
      cik: '0001619124',
      firm_type: 'PE / VC',
      firm_type_evidence: {
        rule: 'adv_private_funds',
        confidence: 'medium',
        funds: { counts: { vc: 8 }, private_fund_gross_assets: 484_007_760, exempt_reporting_adviser: true },
      },
    });
  });
});
