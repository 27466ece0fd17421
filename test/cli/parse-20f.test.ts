import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse20fFile } from '../../cli/form-20f.ts';

// `etl parse 20f <file>` on every primary document of ../shared/fixtures/sec/20f (copied into fixtures/,
// FORM-20F-FIXTURES.md): what the routes would serve, values read by hand from the documents.
const read = (p: string) => readFileSync(new URL(`../../fixtures/${p}`, import.meta.url));
const LONCOR =
  'upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650/LONCOR_20-F_FY2015_0001062993-16-008650.html';
const AEGON = 'form-20f/AEGON_20-F_FY2000_0000928385-01-500187_plaintext-in-html-wrapper.html';
const PHG_6K = 'form-20f/PHG_6-K_2023-01-30_phg-20230130.html';

describe('etl parse 20f', () => {
  it('Loncor FY2015 (HTML, IFRS, no XBRL): cover profile, the Item 7.A holders, the 19 notes', () => {
    const out = parse20fFile(read(LONCOR), {});
    expect(out.profile).toMatchObject({
      registrant_name: 'LONCOR RESOURCES INC.',
      period_end: '2015-12-31',
      accounting_standard: 'ifrs',
      auditor: 'BDO Canada LLP',
      reporting_currency: 'USD', // "(Expressed in U.S. dollars ...)" by an Ontario company
      // cover: "as of December 31, 2015: 84,439,732 common shares"
      shares_outstanding: [{ class: 'common shares', shares: '84439732', as_of: '2015-12-31' }],
      document_format: 'html',
    });
    // Item 7.A: "Arnold T. Kondrat (2) | 74,300,818 | 49.1%", "Newmont ... (3) | 14,550,000 | 9.61%"
    expect(out.ownership.map((o) => [o.holder_name, o.shares, o.ownership_pct, o.voting_pct])).toEqual([
      ['Arnold T. Kondrat', '74300818', '49.1', null],
      ['Newmont Canada FN Holdings ULC', '14550000', '9.61', null],
    ]);
    expect(out.notes).toHaveLength(19);
    expect(out.notes[9]).toEqual({ note_tag: null, note_title: '10. SEGMENTED REPORTING', text_chars: 660 });
    expect(out.segments.rows).toBe(0);
    expect(out.facts.rows).toBe(0);
  });

  it('AEGON FY2000 (plain text in an HTML wrapper): parsed as text, its prose-named holder, warnings say why no notes', () => {
    const out = parse20fFile(read(AEGON), {});
    expect(out.profile).toMatchObject({
      registrant_name: 'AEGON N.V.',
      incorporation_country: 'NL',
      period_end: '2000-12-31',
      // cover: "Number of common shares outstanding: 1,350,523,905" (no date on that line)
      shares_outstanding: [{ class: 'common shares', shares: '1350523905', as_of: null }],
      document_format: 'wrapped_text',
    });
    expect(out.items_found).toContain('Item-7');
    // "The remaining major shareholder is the Dutch association "Vereniging AEGON""; its movement table's
    // last row "As of December 31, 2000 ... 499,658,001  37" (common shares, percent of class)
    expect(out.ownership.map((o) => [o.holder_name, o.shares, o.ownership_pct])).toEqual([
      ['Vereniging AEGON', '499658001', '37'],
    ]);
    expect(out.notes).toEqual([]);
    expect(out.warnings).toEqual([
      'no XBRL instance and no numbered note headings ("N. TITLE" after a "Notes to the financial statements" heading): no notes, segments or facts for this filing',
      'plain text inside an HTML wrapper (a text filing): read line by line as text, `<TABLE>` lines split into columns',
    ]);
  });

  it('a 6-K is not a 20-F: no items, no rows, a warning instead of a crash', () => {
    const out = parse20fFile(read(PHG_6K), {});
    expect(out.items_found).toEqual([]);
    expect(out.ownership).toEqual([]);
    expect(out.warnings[0]).toBe('no Form 20-F item headings in the primary document');
  });
});
