import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import type { Database } from '../../lib/db.ts';
import { ParseError } from '../../lib/errors.ts';
import { parseAdvRoster } from '../../parsers/advisers/adv-roster.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { createTestServices } from '../helpers/services.ts';

// The SEC's monthly adviser list (exempt reporting advisers). The file is an assembled excerpt, not a capture:
// its header uses column names public projects that read the real lists name, its one row a firm a public
// project's test quotes from one (fixtures/ownership/README.md says where each comes from).
const FILE = 'fixtures/ownership/adv/ia-exempt_EXCERPT_assembled.csv';
const bytes = readFileSync(FILE);
const text = bytes.toString('latin1');

/** A zip holding one stored (method 0) or deflated (method 8) entry, as the SEC ships the lists. */
function zipOf(name: string, data: Buffer): Buffer {
  const body = deflateRawSync(data);
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + n.length, 12);
  eocd.writeUInt32LE(30 + n.length + body.length, 16);
  return Buffer.concat([local, n, body, central, n, eocd]);
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

  it('reads the CSV inside its zip; Latin-1 names; a social-network website is not the firm site', () => {
    const z = parseAdvRoster(zipOf('IA_EXEMPT_LIST.CSV', bytes), 'ia-exempt.zip');
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
  let root: string;
  let mirror: Mirror;
  let database: Database;
  let env: Awaited<ReturnType<typeof createTestServices>>;
  let api: RunningApi;
  let key: string;
  // served from a test mirror at the address an operator would configure (ADV_LIST_URLS)
  const URL_ = 'https://www.sec.gov/files/ia-exempt_EXCERPT_assembled.csv';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'adv-list-mirror-'));
    cpSync('fixtures/upstream/_errors', join(root, '_errors'), { recursive: true });
    mkdirSync(join(root, 'www.sec.gov/files'), { recursive: true });
    writeFileSync(join(root, 'www.sec.gov/files/ia-exempt_EXCERPT_assembled.csv'), bytes);
    mirror = await startMirror({ root });
    database = await createApiTestDatabase();
    env = await createTestServices(database, { MIRROR_URL: mirror.url, ADV_LIST_URLS: URL_ });
    const r = await env.runtime.runPartitions('institutions', [`adv-list:${URL_}`], () => {}, {
      refetch: false,
    });
    expect(r.failures).toEqual([]);
    api = await startApi(database, { logLevel: 'warn' });
    ({ key } = await accountWithKey(database, 'professional', 1_000));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await env?.close();
    await database?.close();
    await mirror?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the fund types on the row and the rollup on the profile', async () => {
    const res = await api.get('/v1/institutions/crd:309765', { key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      legal_name: 'UP PARTNERS MANAGEMENT COMPANY, LLC',
      has_vc_funds: true,
      has_hedge_funds: null,
      private_funds: { gross_assets: 484_007_760, by_type: { vc: { any: true, count: 8 } }, list: URL_ },
    });
  });
});
