import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse20fFile } from '../../../cli/form-20f.ts';
import { ParseError } from '../../../lib/errors.ts';
import { companyFactsFilings, parseForm20fFiling } from '../../../parsers/form-20f/index.ts';
import {
  documentFormat,
  form20fBlocks,
  normalizeHeading,
  splitForm20f,
} from '../../../parsers/form-20f/items.ts';
import { parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { parseInstance } from '../../../parsers/xbrl/instance.ts';
import { parseLabels } from '../../../parsers/xbrl/labels.ts';

const read = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url), 'latin1');
const readUtf8 = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url), 'utf8');
const LONCOR =
  'upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650/LONCOR_20-F_FY2015_0001062993-16-008650.html';
const AEGON = 'form-20f/AEGON_20-F_FY2000_0000928385-01-500187_plaintext-in-html-wrapper.html';
const PHG_6K = 'form-20f/PHG_6-K_2023-01-30_phg-20230130.html';
const D = 'upstream/www.sec.gov/Archives/edgar/data';
const TSLA = `${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_htm.xml`;
const TSLA_LAB = `${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_lab.xml`;
const IBM = `${D}/51143/IBM_10-K_FY2024_ibm-20241231_INLINE.htm`;
const TSM_CF = 'upstream/data.sec.gov/api/xbrl/companyfacts/CIK0001046179.json';
const LPA_CF = 'upstream/data.sec.gov/api/xbrl/companyfacts/CIK0001997711_RESERIALIZED.json';

describe('Form 20-F items map', () => {
  it('reads the lettered sub-items 4A and 16.A-16.H as their own items (Loncor FY2015, HTML)', () => {
    const sections = splitForm20f(form20fBlocks(read(LONCOR)));
    const codes = sections.map((s) => s.code);
    expect(codes.slice(0, 6)).toEqual(['Item-1', 'Item-2', 'Item-3', 'Item-4', 'Item-4A', 'Item-5']);
    expect(codes).toEqual(
      expect.arrayContaining(['Item-16A', 'Item-16C', 'Item-16F', 'Item-16G', 'Item-19']),
    );
    const f = sections.find((s) => s.code === 'Item-16F')!;
    expect(f.name).toBe("Change in Registrant's Certifying Accountant");
    expect(f.blocks[1]).toBe('Not applicable.');
    expect(sections.find((s) => s.code === 'Item-7')!.blocks[1]).toBe('A. | Major Shareholders');
  });

  it('rewrites only a leading item heading number', () => {
    expect(normalizeHeading('ITEM 16.F. | CHANGE IN CERTIFYING ACCOUNTANT')).toBe(
      'ITEM 16.06. | CHANGE IN CERTIFYING ACCOUNTANT',
    );
    expect(normalizeHeading('Item 4.A Unresolved Staff Comments')).toBe('Item 4A Unresolved Staff Comments');
    expect(normalizeHeading('Item 7.A Major Shareholders')).toBe('Item 7.A Major Shareholders');
    expect(normalizeHeading('See Item 16.F of this report')).toBe('See Item 16.F of this report');
  });

  it('reads a plain-text 20-F inside an HTML wrapper line by line (AEGON FY2000)', () => {
    const text = read(AEGON);
    expect(documentFormat(text)).toBe('wrapped_text');
    expect(documentFormat(read(LONCOR))).toBe('html');
    const codes = splitForm20f(form20fBlocks(text)).map((s) => s.code);
    expect(codes.slice(0, 7)).toEqual(['Item-1', 'Item-2', 'Item-3', 'Item-4', 'Item-5', 'Item-6', 'Item-7']);
  });
});

describe('parseForm20fFiling on primary documents', () => {
  it('Loncor FY2015 (IFRS, no XBRL instance): cover profile and Item 7.A holders read by hand', () => {
    const r = parseForm20fFiling({ primary: { text: read(LONCOR), url: LONCOR } });
    expect(r.profile).toMatchObject({
      registrant_name: 'LONCOR RESOURCES INC.',
      incorporation: 'Ontario',
      incorporation_country: 'CA',
      period_end: '2015-12-31',
      fiscal_year_end: '--12-31',
      amendment: false,
      accounting_standard: 'ifrs',
      filer_category: 'Non-accelerated filer',
      auditor: 'BDO Canada LLP',
      document_format: 'html',
      shares_outstanding: [{ class: 'common shares', shares: '84439732', as_of: '2015-12-31' }],
    });
    expect(r.ownership.map((o) => [o.holder_name, o.shares, o.ownership_pct, o.voting_pct])).toEqual([
      ['Arnold T. Kondrat', '74300818', '49.1', null],
      ['Newmont Canada FN Holdings ULC', '14550000', '9.61', null],
    ]);
    expect(r.facts).toEqual([]);
    expect(r.segments).toEqual([]);
    // no instance: the numbered notes of the statements, running page headers left out
    expect(r.notes).toHaveLength(19);
    expect(r.notes[9]).toMatchObject({ note_tag: null, note_title: '10. SEGMENTED REPORTING' });
    expect(r.notes[9]!.text).toMatch(/^The Company has one operating segment: the acquisition, exploration/);
    expect(r.notes.some((n) => /Page F-|NOTES TO CONSOLIDATED/.test(n.text))).toBe(false);
    // a Canadian filer reporting in US dollars: the currency is the one the statements say, not guessed
    expect(r.profile).toMatchObject({
      reporting_currency: 'USD',
      reporting_currency_evidence: 'statements: (Expressed in U.S. dollars, except for per share amount)',
    });
    expect(r.warnings).toContain(
      "no XBRL instance: no segments or facts for this filing; 19 notes read from the document's headings",
    );
  });

  it('etl parse 20f prints what the routes would serve (golden)', async () => {
    const out = parse20fFile(Buffer.from(read(LONCOR), 'latin1'), { url: LONCOR });
    expect(out.ownership).toHaveLength(2);
    await expect(`${JSON.stringify(out, null, 2)}\n`).toMatchFileSnapshot(
      '../../../fixtures/golden/form-20f/loncor-fy2015.json',
    );
  });

  it('AEGON FY2000 (plain text, US GAAP reconciliation era): parsed, the holder named in prose, no basis box', () => {
    const r = parseForm20fFiling({ primary: { text: read(AEGON), url: AEGON } });
    expect(r.profile).toMatchObject({
      registrant_name: 'AEGON N.V.',
      incorporation: 'The Netherlands',
      incorporation_country: 'NL',
      period_end: '2000-12-31',
      accounting_standard: null,
      document_format: 'wrapped_text',
      shares_outstanding: [{ class: 'common shares', shares: '1350523905', as_of: null }],
    });
    // Item 7.A is prose ("The remaining major shareholder is the Dutch association "Vereniging AEGON"") plus a
    // movement table of that holding, whose last dated row gives 499,658,001 common shares, 37 percent of class
    expect(r.ownership).toMatchObject([
      { holder_name: 'Vereniging AEGON', shares: '499658001', ownership_pct: '37', voting_pct: null },
    ]);
    expect(r.warnings.join(' ')).not.toMatch(/no table of holders/);
    expect(r.profile.reporting_currency).toBeNull(); // no "(Expressed in ...)" line, no XBRL: not guessed
  });

  it('a 6-K is not a 20-F: no items, no crash, an empty profile with a warning', () => {
    const r = parseForm20fFiling({ primary: { text: read(PHG_6K), url: PHG_6K } });
    expect(r.items_found).toEqual([]);
    expect(r.ownership).toEqual([]);
    expect(r.warnings).toContain('no Form 20-F item headings in the primary document');
  });

  it('neither document -> ParseError', () => {
    expect(() => parseForm20fFiling({})).toThrow(ParseError);
  });
});

describe('parseForm20fFiling on XBRL instances (mechanics; no IFRS 20-F instance exists in the fixtures)', () => {
  const tsla = parseInstance(readUtf8(TSLA), { texts: true });
  const labels = parseLabels(readUtf8(TSLA_LAB));
  const r = parseForm20fFiling({ instance: tsla, labels });

  it('raw facts keep decimals, units and periods as filed', () => {
    const china = r.facts.find(
      (f) =>
        f.tag === 'Revenues' &&
        f.dimensions['srt:StatementGeographicalAxis'] === 'country:CN' &&
        f.period_start === '2024-04-01',
    );
    // <us-gaap:Revenues contextRef="c-316" decimals="-6" unitRef="usd">4636000000</us-gaap:Revenues>
    expect(china).toMatchObject({
      taxonomy: 'us-gaap',
      value: '4636000000',
      unit: 'USD',
      decimals: '-6',
      period_end: '2024-06-30',
      instant: false,
    });
    expect(r.profile).toMatchObject({
      registrant_name: 'Tesla, Inc.',
      reporting_currency: 'USD',
      document_format: 'xbrl',
    });
  });

  it('segments: one row per member fact with its dimension kind, path and metric kind', () => {
    const cn = r.segments.find(
      (s) =>
        s.dimension === 'geographic' &&
        s.members[0]!.member === 'country:CN' &&
        s.period_start === '2024-04-01' &&
        s.metric_kind === 'revenue',
    );
    expect(cn).toMatchObject({
      segment_name: 'CHINA',
      depth: 1,
      value: '4636000000',
      unit: 'USD',
      decimals: '-6',
      fiscal_year: 2024,
      concept: 'us-gaap:Revenues',
    });
    const kinds = new Set(r.segments.map((s) => s.dimension));
    expect([...kinds].sort()).toEqual(['business', 'geographic', 'product']);
  });

  it('notes: text blocks with title from the label linkbase, text as paragraphs', () => {
    const seg = r.notes.find((n) => n.note_tag === 'us-gaap:SegmentReportingDisclosureTextBlock');
    expect(seg?.note_title).toBe('Segment Reporting and Information about Geographic Areas');
    const anti = r.notes.find((n) => n.note_tag?.includes('AntidilutiveSecurities'));
    expect(anti?.note_title).toBe(
      'Schedule of Antidilutive Securities Excluded from Computation of Earnings Per Share',
    );
    expect(r.notes.length).toBeGreaterThan(20);
    const policies = r.notes.find((n) => n.note_tag === 'us-gaap:SignificantAccountingPoliciesTextBlock')!;
    expect(policies.text.split('\n').slice(0, 2)).toEqual([
      'Overview & Summary of Significant Accounting Policies',
      'Overview',
    ]);
    expect(r.facts.some((f) => f.tag.endsWith('TextBlock'))).toBe(false);
  });

  it('inline XBRL: text blocks come from ix:nonNumeric with their paragraphs', () => {
    const ibm = parseForm20fFiling({ instance: parseInstance(read(IBM), { texts: true }) });
    expect(ibm.profile.document_format).toBe('inline_xbrl');
    const doc = ibm.notes.find((n) => n.note_tag === 'dei:DocumentsIncorporatedByReferenceTextBlock')!;
    expect(doc.text).toMatch(
      /^Portions of IBM’s Annual Report to Stockholders for the year ended December 31, 2024/,
    );
    expect(doc.text.split('\n').length).toBeGreaterThan(1);
    // f-126 is continued in ix:continuation f-126-1, pages later: the note is the joined chain
    const informing = ibm.notes.find(
      (n) =>
        n.note_tag === 'cyd:CybersecurityRiskProcessForInformingManagementOrCommitteesResponsibleTextBlock',
    )!;
    expect(informing.text).toMatch(/^IBM’s Enterprise & Technology Security/);
    expect(informing.text).toMatch(/security issues specific to particular business segments\./);
    expect(informing.text).toMatch(/cybersecurity policy, and national security\.$/);
  });
});

describe('companyFactsFilings (IFRS filers, companyfacts)', () => {
  it('TSM: one entry per 20-F, TWD reporting currency (not the USD convenience translation), IFRS', () => {
    const filings = companyFactsFilings(parseCompanyFacts(readUtf8(TSM_CF)));
    const fy2024 = filings[0]!;
    expect(fy2024).toMatchObject({
      accession: '0001193125-25-083423',
      form: '20-F',
      filing_date: '2025-04-17',
    });
    expect(fy2024.profile).toMatchObject({
      period_end: '2024-12-31',
      accounting_standard: 'ifrs',
      reporting_currency: 'TWD',
      shares_outstanding: [{ class: 'common shares', shares: '25932733242', as_of: '2024-12-31' }],
      document_format: 'companyfacts',
    });
    const revenue = fy2024.facts.find(
      (f) => f.tag === 'Revenue' && f.unit === 'TWD' && f.period_end === '2024-12-31',
    );
    expect(revenue).toMatchObject({
      taxonomy: 'ifrs-full',
      value: '2894307700000',
      decimals: null,
      period_start: '2024-01-01',
    });
    expect(filings.every((f) => f.form === '20-F')).toBe(true);
  });

  it('LPA: an amended 20-F that only restates the cover keeps its form, states no standard and takes the period of its fiscal year', () => {
    const filings = companyFactsFilings(parseCompanyFacts(readUtf8(LPA_CF)));
    const amendment = filings.find((f) => f.form === '20-F/A')!;
    expect(amendment).toMatchObject({ accession: '0001641172-25-002932', filing_date: '2025-04-07' });
    // its one fact is an instant (no one-year duration); companyfacts gives it fy 2024, as the facts of
    // 0001997711-25-000030 (period 2024-12-31); the FY2023 20-F's facts carry fy 2023
    expect(amendment.profile).toMatchObject({
      amendment: true,
      accounting_standard: null,
      period_end: '2024-12-31',
      fiscal_year_end: null,
    });
    expect(filings.find((f) => f.accession === '0001493152-24-016772')!.profile.period_end).toBe(
      '2023-12-31',
    );
    expect(amendment.facts.map((f) => [f.tag, f.value])).toEqual([
      ['EntityCommonStockSharesOutstanding', '31668601'],
    ]);
    const original = filings.find((f) => f.accession === '0001997711-25-000030')!;
    expect(original.profile).toMatchObject({
      accounting_standard: 'ifrs',
      reporting_currency: 'USD',
      period_end: '2024-12-31',
    });
  });
});
