import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import {
  brochureEmails,
  coverWebsite,
  firmDomain,
  pdfPages,
  readBrochure,
  resolveEmails,
} from '../../parsers/advisers/brochure.ts';
import { FAC, FWG, pdfOf, SCHULTZ, SWIG, WITTLIN, WMG, WT } from './brochure-texts.ts';

// The brochure readers on real brochure texts and PDFs: no database, server or environment, so this file runs
// in the shared workers and once per CI run (test/ownership/brochures.test.ts runs the job, mirror and route).

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
