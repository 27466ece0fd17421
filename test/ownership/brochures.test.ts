import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionsJob } from '../../jobs/ownership/directories.job.ts';
import { thirteenFJob } from '../../jobs/ownership/thirteen-f.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { createLogger } from '../../lib/logger.ts';
import { brochureUrl } from '../../parsers/advisers/brochure.ts';
import type { RunningApi } from '../helpers/api.ts';
import { runStaged, type Staged } from '../helpers/staged-upstream.ts';
import { pdfOf, WMG } from './brochure-texts.ts';

// The readers on real brochure texts and PDFs (no backend) are in brochure-text.test.ts.

describe('brochures through the job, the mirror and the route', () => {
  // The mirror holds: an IAPD profile derived from the real Citadel profile by stated substitutions (firm id and
  // name of WMG Financial Advisors, CRD 285824; two brochures: one served, one withdrawn), and at the served
  // brochure's address a PDF made from WMG's real brochure text. No such PDF is among the fixtures.
  let staged: Staged;
  let database: Database;
  let api: RunningApi;
  let key: string;

  beforeAll(async () => {
    const profile = readFileSync('fixtures/upstream/api.adviserinfo.sec.gov/search/firm/148826', 'utf8');
    const derived = profile
      .replaceAll('\\"firmId\\": 148826', '\\"firmId\\": 285824')
      .replace(
        '\\"firmName\\": \\"CITADEL ADVISORS LLC\\"',
        '\\"firmName\\": \\"WMG FINANCIAL ADVISORS, LLC\\"',
      )
      .replace(
        /\\"brochuredetails\\": \[.*?\]/,
        '\\"brochuredetails\\": [{\\"brochureVersionID\\": 1000001, \\"brochureName\\": \\"ADV PART 2A-WMG FINANCIAL ADVISORS, LLC\\", \\"dateSubmitted\\": \\"10/29/2025\\"}, {\\"brochureVersionID\\": 1000002, \\"brochureName\\": \\"WITHDRAWN\\", \\"dateSubmitted\\": \\"3/1/2025\\"}]',
      );
    expect(derived).toContain('1000002');
    staged = await runStaged({
      files: {
        'https://api.adviserinfo.sec.gov/search/firm/285824': derived,
        [brochureUrl(1000001)]: await pdfOf(WMG),
      },
      dataset: 'institutions',
      partitions: ['firm:285824'],
    });
    ({ database, api, key } = staged);
  }, 120_000);
  afterAll(() => staged?.close());

  it('serves the primary address, the domain check and each address with its sentence', async () => {
    const res = await api.get('/v1/institutions/crd:285824', { key });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      legal_name: 'WMG FINANCIAL ADVISORS, LLC',
      email_primary: 'edwan@wmgfa.com',
      email_domain_matches_firm: true,
      emails: {
        'edwan@wmgfa.com': {
          sentence:
            'If you have any questions about the contents of this brochure, please contact us at (865) 290-4000 or by email at: edwan@wmgfa.com.',
          page: 1,
          occurrences: 2,
          brochure_version_id: 1000001,
        },
      },
    });
    expect(body.data.brochures).toEqual([
      {
        version_id: 1000001,
        name: 'ADV PART 2A-WMG FINANCIAL ADVISORS, LLC',
        submitted: '2025-10-29',
        read: true,
        pages: 1,
        cover_website: 'https://www.wmgfa.com',
      },
      {
        version_id: 1000002,
        name: 'WITHDRAWN',
        submitted: '2025-03-01',
        read: false,
        pages: null,
        cover_website: null,
      },
    ]);
    // the search row carries the primary address too
    const list = await (await api.get('/v1/institutions?q=wmg', { key })).json();
    expect(list.data[0]).toMatchObject({ crd: 285824, email_primary: 'edwan@wmgfa.com' });
    const withEmail = await (await api.get('/v1/institutions?has_email=true', { key })).json();
    expect(withEmail.data.map((x: { crd: number }) => x.crd)).toEqual([285824]);
  });

  it('outside the demo, every 13F filer whose cover states a CRD gets a profile partition', async () => {
    const ctx = {
      config: loadConfig({ DATA_DIR: tmpdir(), SEC_CIKS: '0001619124' }),
      database,
      logger: createLogger('silent'),
      now: new Date(),
    };
    expect(await institutionsJob.partitions(ctx, {})).toEqual([]);
    // ACTIAM's real 13F submission with a crdNumber on its cover (a stated substitution: no captured 13F
    // filer states its own CRD on a full submission), the CRD of this test's profile
    const file = 'fixtures/ownership/ACTIAM_13F-HR_2020Q4_0001619124-21-000002_fulltext.txt';
    const text = readFileSync(file, 'utf8').replace(
      '<form13FFileNumber>028-19140</form13FFileNumber>',
      '<form13FFileNumber>028-19140</form13FFileNumber><crdNumber>000285824</crdNumber>',
    );
    const d: RawDocument = {
      url: 'https://www.sec.gov/Archives/edgar/data/1619124/000161912421000002/0001619124-21-000002.txt',
      bytes: Buffer.from(text),
      sha256: 'actiam-with-crd',
      fetchedAt: '2026-11-28T00:00:00.000Z',
      contentType: 'text/plain',
    };
    const job = thirteenFJob as DatasetJob;
    const { rows } = await job.parse([d], 'acc:0001619124-21-000002');
    await database.db.transaction((tx) => job.load(tx, rows, 'acc:0001619124-21-000002'));
    expect(await institutionsJob.partitions(ctx, {})).toEqual(['firm:285824']);
    // and the adviser loaded from its profile is now linked to the filer
    const res = await (await api.get('/v1/institutions/crd:285824', { key })).json();
    expect(res.data.cik).toBe('0001619124');
  });
});
