import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionsJob } from '../../jobs/ownership/directories.job.ts';
import { thirteenFJob } from '../../jobs/ownership/thirteen-f.job.ts';
import type { DatasetJob, RawDocument } from '../../jobs/types.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { ParseError } from '../../lib/errors.ts';
import { createLogger } from '../../lib/logger.ts';
import {
  brochureEmails,
  brochureUrl,
  coverWebsite,
  firmDomain,
  pdfPages,
  readBrochure,
  resolveEmails,
} from '../../parsers/advisers/brochure.ts';
import type { RunningApi } from '../helpers/api.ts';
import { runStaged, type Staged } from '../helpers/staged-upstream.ts';

// Real brochure texts: the text two public adviser directories print from each firm's Form ADV Part 2A PDF
// ("View Document Text"), as the search tool's stored copies hold them (fixtures/ownership/brochures/README.md).
const DIR = 'fixtures/ownership/brochures/';
const text = (name: string) => readFileSync(`${DIR}${name}`, 'utf8');
const WMG = text('advisorfacts_wmg-financial-advisors-llc_crd285824.txt');
const WT = text('advisorfacts_wt-wealth-management-llc_crd169566.txt');
const FAC = text('advisorsandinvestors_financial-advisory-corporation_crd105472.txt');
const WITTLIN = text('advisorsandinvestors_roger-wittlin-investment-advisory-llc_crd292577.txt');
const SCHULTZ = text('advisorsandinvestors_schultz-financial-group-incorporated_crd108724.txt');
const SWIG = text('advisorfacts_strategic-wealth-investment-group-llc_crd165474.txt');
const FWG = text('advisorfacts_fwg-holdings-llc_crd308968.txt');

/** The firm's addresses, primary and domain check, as the job decides them: ADV website, else the cover's. */
const read = (t: string, advWebsite: string | null = null) => {
  const pages = [t];
  return resolveEmails(brochureEmails(pages), firmDomain(advWebsite, coverWebsite(pages)));
};

describe('brochure addresses and their sentences (real brochure texts)', () => {
  it('WMG: the cover sentence, not the contact block line; two occurrences; the cover website is the firm domain', () => {
    const r = read(WMG);
    expect(coverWebsite([WMG])).toBe('https://www.wmgfa.com');
    expect(r.email_primary).toBe('edwan@wmgfa.com');
    expect(r.email_domain_matches_firm).toBe(true);
    expect(r.emails).toHaveLength(1);
    expect(r.emails[0]).toMatchObject({
      sentence:
        'If you have any questions about the contents of this brochure, please contact us at (865) 290-4000 or by email at: edwan@wmgfa.com.',
      context: 'prose',
      page: 1,
      occurrences: 2,
      on_firm_domain: true,
      regulator: false,
    });
  });

  it('WT Wealth: a sentence the text layer broke over one-word lines is read whole', () => {
    const r = read(WT);
    expect(r.email_primary).toBe('compliance@wtwealthmanagement.com');
    expect(r.emails[0]!.sentence).toBe(
      'Any questions about the contents of this Firm Brochure may be directed to WT Wealth Management, LLC by calling (800) 825-0616 at compliance@wtwealthmanagement.com.',
    );
    // no website on its cover and none given: the domain check is unknown, not false
    expect(r.email_domain_matches_firm).toBeNull();
    expect(read(WT, 'https://www.wtwealthmanagement.com').email_domain_matches_firm).toBe(true);
  });

  it('Schultz: the ADV website is LinkedIn (not the firm), so the cover website decides', () => {
    const r = read(SCHULTZ, 'https://www.linkedin.com/company/878590/');
    expect(coverWebsite([SCHULTZ])).toBe('www.sfginc.com');
    expect(r).toMatchObject({ email_primary: 'jspecter@sfginc.com', email_domain_matches_firm: true });
    expect(r.emails[0]!.sentence).toBe(
      'If you have any questions about the contents of this Brochure, please contact us at (775) 850-5620 or jspecter@sfginc.com.',
    );
  });

  it('Wittlin: an address after an "Email:" label is a listing, quoted with its label', () => {
    const r = read(WITTLIN);
    expect(r.emails[0]).toMatchObject({
      address: 'roger@wittlinadvisory.com',
      sentence: 'Email: roger@wittlinadvisory.com',
      context: 'listing',
    });
  });

  it('a sentence the firm printed without a period after the address runs to the next one, as printed', () => {
    const r = read(SWIG, 'https://swdgroup.com');
    expect(r).toMatchObject({ email_primary: 'pgayle@swdgroup.com', email_domain_matches_firm: true });
    expect(r.emails[0]!.sentence).toMatch(
      /^If you have any questions about the contents of this brochure, please contact us at \(502\) 412-3354 or by email at: pgayle@swdgroup\.com The information in this brochure has not been approved or verified by .* state securities authority\.$/,
    );
    const fwg = read(FWG, 'https://fortresswealthgroup.com');
    expect(fwg).toMatchObject({
      email_primary: 'info@fortresswealthgroup.com',
      email_domain_matches_firm: true,
    });
    // "U.S. Securities" inside the next sentence is not where this one ends
    expect(fwg.emails[0]!.sentence).toMatch(
      /^If you have any questions about the content of this Disclosure/,
    );
  });

  it('a brochure without an address: no primary, null check; its cover website is still read', () => {
    const r = read(FAC);
    expect(r).toEqual({ emails: [], email_primary: null, email_domain_matches_firm: null });
    expect(coverWebsite([FAC])).toBe('www.facwealth.com');
  });

  it("both directions of the domain check: false when the firm's website is another domain", () => {
    // WMG's address checked against Strategic Wealth's website (a substituted argument, not a document)
    expect(
      read(WMG.replace('https://www.wmgfa.com', ''), 'https://swdgroup.com').email_domain_matches_firm,
    ).toBe(false);
    expect(read(WMG).email_domain_matches_firm).toBe(true);
  });

  it('rules on stated substitutions: glued text after the address, a regulator address, a mail provider', () => {
    const glued = read(WMG.replace('edwan@wmgfa.com. The', 'edwan@wmgfa.com.The'));
    expect(glued.emails.map((e) => e.address)).toEqual(['edwan@wmgfa.com']);
    // a regulator's address printed first is listed but never primary
    const reg = read(WMG.replace('by email\nat: edwan@wmgfa.com.', 'by email\nat: help@sec.gov.'));
    expect(reg.emails.map((e) => [e.address, e.regulator])).toEqual([
      ['help@sec.gov', true],
      ['edwan@wmgfa.com', false],
    ]);
    expect(reg.email_primary).toBe('edwan@wmgfa.com');
    // the firm's address on a mail provider: not on the firm's domain
    const gmail = read(WMG.replaceAll('edwan@wmgfa.com', 'WMGFA.Edwan@Gmail.com'));
    expect(gmail).toMatchObject({ email_primary: 'wmgfa.edwan@gmail.com', email_domain_matches_firm: false });
  });
});

/** A PDF whose text layer holds these lines (pdf-lib, Helvetica), page breaks at form feeds. */
async function pdfOf(t: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const pageText of t.split('\f')) {
    const page = pdf.addPage([792, 612]);
    let y = 580;
    for (const line of pageText.split('\n')) {
      page.drawText(line, { x: 30, y, size: 8, font });
      y -= 11;
    }
  }
  return pdf.save();
}

describe('brochure PDFs', () => {
  it('reads the text layer of a real SEC PDF line by line (the 13F securities list)', async () => {
    const pages = await pdfPages(
      readFileSync('fixtures/ownership/13f-lists/SEC_13F-securities-list_2018Q3_13flist2018q3.pdf'),
    );
    expect(pages).toHaveLength(526);
    expect(pages[2]).toMatch(/^CUSIP NO ISSUER NAME ISSUER DESCRIPTION STATUS$/m);
    expect(pages[2]).toMatch(/^B38564 10 8 \* EURONAV NV ANTWERPEN SHS$/m);
  });

  it('a PDF made from the WMG text gives the same addresses and sentence as the text', async () => {
    const r = await readBrochure(await pdfOf(WMG), 1, 'wmg.pdf');
    expect(r.pages).toBe(1);
    expect(r.cover_website).toBe('https://www.wmgfa.com');
    expect(r.emails.map((e) => [e.address, e.occurrences, e.sentence])).toEqual(
      read(WMG).emails.map((e) => [e.address, e.occurrences, e.sentence]),
    );
    // on page 2, the address's page is 2
    const two = await readBrochure(await pdfOf(`${FAC}\f${WMG}`), 2);
    expect(two.emails[0]).toMatchObject({ address: 'edwan@wmgfa.com', page: 2, brochure_version_id: 2 });
    expect(two.cover_website).toBe('www.facwealth.com');
  });

  it('not a PDF is a ParseError naming what it is; a PDF without text is a warning', async () => {
    await expect(pdfPages(Buffer.from('<!DOCTYPE html><html>Error</html>'), 'x')).rejects.toThrow(
      /an HTML page/,
    );
    await expect(pdfPages(Buffer.from('%PDF-1.7 garbage'), 'x')).rejects.toBeInstanceOf(ParseError);
    const blank = await PDFDocument.create();
    blank.addPage();
    const r = await readBrochure(await blank.save(), 7);
    expect(r.emails).toEqual([]);
    expect(r.warnings).toEqual(['brochure 7: no text layer (a scanned PDF?); no addresses read']);
  });
});

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
