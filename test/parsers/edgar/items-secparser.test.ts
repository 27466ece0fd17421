import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readDocument, scoreCorpus } from '../../../cli/quality/items-corpus.ts';
import {
  type FilingItem,
  type SplitResult,
  splitFilingFile,
  splitItems,
} from '../../../parsers/edgar/items/index.ts';
import { goldenSummary } from './items-corpus.ts';

/**
 * The hardest filings of the third-party corpus (../shared/fixtures/corpus/secparser), each one that
 * exposed a rule, copied gzipped into fixtures/edgar-items/secparser/ with their expected sections (see
 * fixtures/edgar-items/README.md): golden summaries, the corpus scorer on them, and values read by hand.
 */
const ROOT = fileURLToPath(new URL('../../../fixtures/edgar-items/secparser/', import.meta.url));

interface Filing {
  name: string;
  form: '10-K' | '10-Q';
  dir: string;
}
const FILINGS: Filing[] = (['10-K', '10-Q'] as const).flatMap((form) =>
  readdirSync(`${ROOT}${form}`).flatMap((ticker) =>
    readdirSync(`${ROOT}${form}/${ticker}`).map((acc) => ({
      name: `${form.toLowerCase().replace('-', '')}-${ticker.toLowerCase()}-${acc}`,
      form,
      dir: `${ROOT}${form}/${ticker}/${acc}`,
    })),
  ),
);

const results = new Map<string, SplitResult>();
function split(ticker: string, form: '10-K' | '10-Q' = '10-Q'): SplitResult {
  return splitFiling(FILINGS.find((x) => x.form === form && x.dir.includes(`/${form}/${ticker}/`))!);
}
function splitFiling(f: Filing): SplitResult {
  const form = f.form;
  let r = results.get(f.name);
  if (!r) {
    r = splitFilingFile(readDocument(f.dir), { form });
    results.set(f.name, r);
  }
  return r;
}
function item(ticker: string, code: string, form: '10-K' | '10-Q' = '10-Q'): FilingItem {
  const found = split(ticker, form).items.find((i) => i.number === code);
  if (!found) throw new Error(`${ticker}: no ${code}`);
  return found;
}
const codes = (ticker: string, form: '10-K' | '10-Q' = '10-Q') =>
  split(ticker, form).items.map((i) => i.number);

describe('secparser corpus subset: golden summaries', () => {
  it('holds the 15 filings', () => expect(FILINGS).toHaveLength(15));
  for (const f of FILINGS) {
    it(f.name, async () => {
      await expect(`${JSON.stringify(goldenSummary(splitFiling(f)), null, 2)}\n`).toMatchFileSnapshot(
        `../../../fixtures/golden/items/secparser-${f.name}.json`,
      );
    });
  }
});

describe('secparser corpus subset: scored against the expected sections', () => {
  it('gets every expected section right but the four explained misses', () => {
    const t = scoreCorpus(ROOT, () => {});
    expect(t.filings).toBe(15);
    expect(t.missing).toBe(0);
    // ABT: sec-api's cut ends inside the notes (page 10), the statements run to Item 2 (page 23); GME: Items
    // 11-13 carry the Part III footnote that speaks for them, printed once under Item 14.
    expect(t.misses.map((m) => m.replace(/:.*/, ''))).toEqual([
      '10-K/GME/0001326380-24-000012 LENGTH Item-11',
      '10-K/GME/0001326380-24-000012 LENGTH Item-12',
      '10-K/GME/0001326380-24-000012 LENGTH Item-13',
      '10-Q/ABT/0001628280-23-027203 LENGTH Part-I-Item-1',
    ]);
    expect(t.right).toBe(t.expected - 4);
  });
});

describe('combined headings (issue 28)', () => {
  it('"Items 10, 11, 12, 13 and 14" alone on its line, its sentence below, names all five items (GM)', () => {
    // read in the filing: PART III, then the heading, then "Information required by Items 10, 11, 12, 13 and
    // 14 of this Form 10-K is incorporated by reference from our definitive Proxy Statement ...", PART IV
    const list = codes('GM', '10-K');
    expect(list.slice(list.indexOf('Item-9C'))).toEqual([
      ...['Item-9C', 'Item-10', 'Item-11', 'Item-12', 'Item-13', 'Item-14', 'Item-15', 'Item-16'],
    ]);
    for (const n of ['10', '11', '12', '13', '14']) {
      const text = item('GM', `Item-${n}`, '10-K').text;
      expect(text).toMatch(
        /^Items 10, 11, 12, 13 and 14\nInformation required by Items 10, 11, 12, 13 and 14 of this Form 10-K is incorporated by reference from our definitive Proxy Statement/,
      );
      expect(text).not.toContain('Item 15.');
    }
    expect(item('GM', 'Item-9C', '10-K').text).toBe(
      'Item 9C. Disclosure Regarding Foreign Jurisdictions that Prevent Inspections\nNot applicable.\n* * * * * * *',
    );
  });
});

describe('10-Q parts come from the PART headings and item order', () => {
  it('a table of contents ending in PART II does not file the body Part I items under Part II (MARA)', () => {
    expect(codes('MARA')).toEqual([
      ...['Part-I-Item-1', 'Part-I-Item-2', 'Part-I-Item-3', 'Part-I-Item-4', 'Part-II-Item-1'],
      ...['Part-II-Item-1A', 'Part-II-Item-2', 'Part-II-Item-3', 'Part-II-Item-4', 'Part-II-Item-5'],
      'Part-II-Item-6',
    ]);
    expect(item('MARA', 'Part-I-Item-1').text).toMatch(/^Item 1\. Financial Statements\nMARATHON DIGITAL/);
    expect(item('MARA', 'Part-I-Item-2').text).toMatch(/^Item 2\. Management’s Discussion/);
    expect(item('MARA', 'Part-II-Item-1').text).toMatch(/^Item 1\. Legal Proceedings\nCompute North/);
  });

  it('never two items with one code in a 10-Q', () => {
    for (const f of FILINGS.filter((x) => x.form === '10-Q')) {
      const list = splitFiling(f).items.map((i) => i.number);
      expect(new Set(list).size, f.name).toBe(list.length);
    }
  });
});

describe('running page headers', () => {
  it('"PART I" + "ITEM 1. ..." atop every page neither cuts nor restarts the item (MA)', () => {
    const statements = item('MA', 'Part-I-Item-1');
    expect(statements.text).toMatch(/^Item 1\. Consolidated financial statements \(unaudited\)\nMastercard/);
    expect(statements.text.length).toBeGreaterThan(80_000);
    expect(statements.text).toContain('Notes to consolidated financial statements');
    expect(statements.text).not.toMatch(/\nPART I$/);
    expect(item('MA', 'Part-I-Item-2').text.length).toBeGreaterThan(50_000);
    expect(item('MA', 'Part-I-Item-3').text).toMatch(/^Item 3\. Quantitative and qualitative/);
  });

  it('MD&A runs to Item 3 through pages headed by the company name (WBA)', () => {
    expect(item('WBA', 'Part-I-Item-2').text.length).toBeGreaterThan(90_000);
    expect(codes('WBA')).toContain('Part-II-Item-1');
  });
});

describe('a Part I that starts straight with the statements', () => {
  it('no Item 1 heading at all: Part I Item 1 is the text from PART I to PART II (CL)', () => {
    const i1 = item('CL', 'Part-I-Item-1');
    expect(i1.name).toBe('Financial Statements');
    expect(i1.text).toMatch(/^COLGATE-PALMOLIVE COMPANY\nCondensed Consolidated Statements of Income\n/);
    expect(i1.text).not.toContain('PART II. OTHER INFORMATION');
    expect(item('CL', 'Part-II-Item-1').text).toMatch(/^Item 1\. Legal Proceedings\n/);
  });

  it('Item 1 only in the table of contents: the TOC row gives way to the statements (ABT, HON)', () => {
    const abt = item('ABT', 'Part-I-Item-1');
    expect(abt.text).toMatch(
      /^Abbott Laboratories and Subsidiaries\nCondensed Consolidated Statement of Earnings/,
    );
    expect(abt.text).not.toContain('| 23\n');
    expect(abt.text).not.toContain('Item 2. Management');
    const hon = item('HON', 'Part-I-Item-1');
    expect(hon.text).not.toMatch(/^ITEM 1 \|/);
    expect(hon.text.length).toBeGreaterThan(60_000);
  });
});

describe('cross-reference-index filings: items sliced from the printed pages the index cites', () => {
  it('GE FY2023 10-K: several ranges joined, proxy-only items stay pointers', () => {
    const ge = split('GE', '10-K');
    expect(ge.items).toHaveLength(23);
    expect(ge.warnings[0]).toMatch(/^cross-reference index: 12 items sliced from the printed pages/);
    const risk = item('GE', 'Item-1A', '10-K');
    expect(risk.text.split('\n')[0]).toBe('Item 1A. | Risk Factors | 27-36');
    expect(risk.text).toContain('STRATEGIC RISKS.');
    // A topic whose heading is on its first cited page starts there and ends where the next topic starts.
    expect(risk.text.split('\n')[1]).toMatch(/^RISK FACTORS\. The following discussion/);
    expect(risk.text).not.toContain('LEGAL PROCEEDINGS. Refer to');
    const legal = item('GE', 'Item-3', '10-K').text;
    expect(legal).toMatch(/^Item 3\. \| Legal Proceedings \| 36\nLEGAL PROCEEDINGS\. Refer to Legal Matters/);
    expect(legal.split('\n')).toHaveLength(2);
    const cyber = item('GE', 'Item-1C', '10-K').text;
    expect(cyber.split('\n')[1]).toMatch(/^CYBERSECURITY\. The description in this section/);
    expect(cyber).not.toContain('RISK FACTORS. The following');
    const business = item('GE', 'Item-1', '10-K');
    expect(business.text).toMatch(/^Item 1\. \| Business \| 4-6, 7-13, 78-80\nABOUT GENERAL ELECTRIC\./);
    expect(item('GE', 'Item-8', '10-K').text).toContain('STATEMENT OF EARNINGS (LOSS)');
    // The printed folio "2023 FORM 10-K 27" is page furniture, not text.
    expect(risk.text).not.toMatch(/2023 FORM 10-K \d+/);
    const pay = item('GE', 'Item-11', '10-K').text.split('\n');
    expect(pay).toHaveLength(2);
    expect(pay[0]).toBe('Item 11. | Executive Compensation | (b)');
    expect(pay[1]).toMatch(
      /^\(b\) Incorporated by reference to "Compensation Discussion & Analysis".* in the 2023 Proxy Statement\.$/,
    );
    expect(item('GE', 'Item-16', '10-K').text).toBe('Item 16. | Form 10-K Summary | Not applicable');
  });

  it('GE with resolve=true: the proxy pointers stay literal with a warning', () => {
    const f = FILINGS.find((x) => x.dir.includes('/10-K/GE/'))!;
    const r = splitFilingFile(readDocument(f.dir), { form: '10-K', resolve: true });
    expect(r.items.find((i) => i.number === 'Item-11')!.text_mode).toBe('literal');
    expect(r.warnings).toContain(
      'Item-11: incorporated by reference from the proxy statement, which is not part of the filing; kept literal',
    );
  });

  it('Intel Q2 2023 10-Q: sub-rows per topic, "Pages 4 - 22", no signatures row', () => {
    const statements = item('INTC', 'Part-I-Item-1');
    expect(statements.text.split('\n')[0]).toBe('Item 1. | Financial Statements | Pages 4 - 22');
    expect(statements.text).toContain('Consolidated Condensed Statements of Income');
    const mdna = item('INTC', 'Part-I-Item-2');
    expect(mdna.text).toMatch(
      /^Item 2\. \| Management's Discussion .*:\nLiquidity and capital resources \| Pages/,
    );
    expect(mdna.text.length).toBeGreaterThan(30_000);
    expect(item('INTC', 'Part-II-Item-6').text).not.toContain('Signatures');
    expect(item('INTC', 'Part-II-Item-3').text).toBe(
      'Item 3. | Defaults Upon Senior Securities | Not applicable',
    );
  });
});

describe('an 8-K with its own table of contents (shape from issue 16; no captured filing has one)', () => {
  it('the TOC lines are not glued to Item 2.02, the items are the body headings', () => {
    const p = (x: string) => `<p>${x}</p>`;
    const html = [
      ...['FORM 8-K', 'CURRENT REPORT', 'Date of Report (Date of earliest event reported): July 25, 2024'],
      ...['TABLE OF CONTENTS', 'Item 2.02 Results of Operations and Financial Condition'],
      ...['Item 9.01 Financial Statements and Exhibits', 'SIGNATURES', 'EXHIBIT INDEX'],
      'Item 2.02 Results of Operations and Financial Condition.',
      'On July 25, 2024, the Company issued a press release announcing its results for the quarter ended June 30, 2024.',
      'Item 9.01 Financial Statements and Exhibits.',
      '(d) Exhibits. 99.1 Press release dated July 25, 2024.',
      'SIGNATURES',
      'Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant has duly caused this report to be signed on its behalf by the undersigned hereunto duly authorized.',
    ]
      .map(p)
      .join('');
    const r = splitItems({
      html: `<html><body>${html}</body></html>`,
      form: '8-K',
      filingDate: '2024-07-25',
    });
    expect(r.items.map((i) => i.text)).toEqual([
      'Item 2.02 Results of Operations and Financial Condition.\nOn July 25, 2024, the Company issued a press release announcing its results for the quarter ended June 30, 2024.',
      'Item 9.01 Financial Statements and Exhibits.\n(d) Exhibits. 99.1 Press release dated July 25, 2024.',
    ]);
  });
});
