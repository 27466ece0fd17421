import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerParseCommand } from '../../../cli/commands/parse.ts';
import { readRelease } from '../../../parsers/earnings/release-document.ts';
import { parseAmount } from '../../../parsers/earnings/release-numbers.ts';
import { parseReleaseBytes, type ReleaseRows } from '../../../parsers/earnings/release-rows.ts';
import { tableFigures } from '../../../parsers/earnings/release-tables.ts';

/** Real releases (fixtures/earnings/press-releases/MANIFEST.tsv); every expected value was read by hand from the file. */
const DIR = new URL('../../../fixtures/earnings/press-releases/', import.meta.url);
const file = (name: string) => readFileSync(new URL(name, DIR));
const PHG_6K = new URL('../../../fixtures/form-20f/PHG_6-K_2023-01-30_phg-20230130.html', import.meta.url);
const parse = (name: string): ReleaseRows => parseReleaseBytes(file(name));
const figure = (r: ReleaseRows, metric: string, basis: string, period?: string) =>
  r.figures.find(
    (f) => f.metric === metric && f.basis === basis && (period === undefined || f.fiscal_period === period),
  );

/** Evidence offsets point into the exhibit text the parser read. */
function evidenceHolds(name: string, r: ReleaseRows) {
  const text = readRelease(readFileSync(new URL(name, DIR)).toString('utf8')).text;
  for (const row of [...r.figures, ...r.measures, ...r.guidance]) {
    const e = row.evidence as { text: string; start: number; end: number };
    expect(text.slice(e.start, e.end)).toBe(e.text);
  }
}

describe('earnings release parser on real releases', () => {
  it('Apple Q1 FY2011: revenue in millions from the statement of operations, period from the release words', () => {
    const r = parse('AAPL_8-K_2011-01-18_EX-99.1.htm');
    expect(r.release).toMatchObject({
      fiscal_year: 2011,
      fiscal_period: 'Q1',
      period_end: '2010-12-25',
      fiscal_year_source: 'stated',
      currency: 'USD',
    });
    expect(figure(r, 'revenue', 'gaap')).toMatchObject({
      value: 26_741_000_000,
      as_printed: '$26,741',
      scale: 'millions',
      label: 'Net sales',
      evidence: { kind: 'table_row', text: 'Net sales | $26,741 | $15,683' },
    });
    expect(figure(r, 'eps_diluted', 'gaap')).toMatchObject({
      value: 6.43,
      scale: 'units',
      unit: 'currency_per_share',
    });
    expect(figure(r, 'net_income', 'gaap')?.value).toBe(6_004_000_000);
    evidenceHolds('AAPL_8-K_2011-01-18_EX-99.1.htm', r);
  });

  it('Apple Q1 FY2011: point guidance for the next fiscal quarter ("about $22 billion", "about $4.90")', () => {
    const r = parse('AAPL_8-K_2011-01-18_EX-99.1.htm');
    expect(
      r.guidance.map((g) => [g.metric, g.target_fiscal_year, g.target_fiscal_period, g.point, g.low, g.high]),
    ).toEqual([
      ['revenue', 2011, 'Q2', 22_000_000_000, null, null],
      ['eps_diluted', 2011, 'Q2', 4.9, null, null],
    ]);
    expect(r.guidance[0]).toMatchObject({
      status: null,
      unit: 'currency',
      scale: 'billions',
      as_printed: 'about $22 billion',
    });
  });

  it('Apple Q3 FY2004: an EPS guidance range with its period, the "$.16" form, and the adjusted figure "excluding this charge"', () => {
    const r = parse('AAPL_8-K_2004-07-14_EX-99.1.htm');
    expect(r.release).toMatchObject({ fiscal_year: 2004, fiscal_period: 'Q3', period_end: '2004-06-26' });
    const eps = r.guidance.find((g) => g.metric === 'eps_diluted');
    expect(eps).toMatchObject({
      low: 0.16,
      high: 0.17,
      point: null,
      target_fiscal_year: 2004,
      target_fiscal_period: 'Q4',
    });
    expect(r.guidance.find((g) => g.metric === 'revenue')).toMatchObject({
      point: 2_100_000_000,
      target_fiscal_period: 'Q4',
    });
    expect(figure(r, 'eps_diluted', 'gaap')?.value).toBe(0.16);
    expect(figure(r, 'eps_diluted', 'non_gaap')).toMatchObject({
      value: 0.17,
      evidence: { kind: 'sentence' },
    });
    expect(figure(r, 'net_income', 'non_gaap')?.value).toBe(67_000_000);
    expect(String(figure(r, 'net_income', 'non_gaap')?.label)).toMatch(/excluding this charge/i);
    evidenceHolds('AAPL_8-K_2004-07-14_EX-99.1.htm', r);
  });

  it('a value in parentheses is negative (Apple 2004: operating loss "(32)" in the prior nine months)', () => {
    const doc = readRelease(file('AAPL_8-K_2004-07-14_EX-99.1.htm').toString('utf8'));
    const row = doc.blocks.find((b) => b.text.startsWith('Operating income (loss)'))!;
    expect(row.text.split(' | ').slice(1).map(parseAmount)).toEqual([72, 9, 198, -32]);
    const ytd = tableFigures(doc.blocks).find((f) => f.concept === 'operating_income' && f.span === 'ytd');
    expect(ytd).toMatchObject({ printed: '198', value: 198, scale: 'millions' });
  });

  it('Apple Q1 FY2024: no guidance is no rows and no error; the mixed-scale caption gives millions', () => {
    const r = parse('AAPL_8-K_2024-02-01_EX-99.1.htm');
    expect(r.guidance).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(figure(r, 'revenue', 'gaap')).toMatchObject({ value: 119_575_000_000, scale: 'millions' });
    expect(figure(r, 'eps_diluted', 'gaap')?.value).toBe(2.18);
  });

  it('Buckle Q3 fiscal 2024 (year ends ~Feb 1): tables in thousands, EPS never scaled, comparable sales as a KPI', () => {
    const r = parse('BKE_8-K_2024-11-22_EX-99.1.htm');
    expect(r.release).toMatchObject({
      fiscal_year: 2024,
      fiscal_period: 'Q3',
      period_end: '2024-11-02',
      document_type: 'EX-99.1',
    });
    expect(figure(r, 'net_income', 'gaap')).toMatchObject({
      value: 44_172_000,
      scale: 'thousands',
      scale_evidence: '(Amounts in Thousands Except Per Share Amounts)',
    });
    expect(figure(r, 'revenue', 'gaap')?.value).toBe(293_618_000);
    expect(figure(r, 'eps_basic', 'gaap')?.value).toBe(0.89);
    expect(figure(r, 'eps_diluted', 'gaap')).toMatchObject({ value: 0.88, scale: 'units' });
    expect(
      r.measures.find((m) => m.measure === 'comparable_sales' && m.fiscal_period === 'Q3'),
    ).toMatchObject({
      value: -0.7,
      unit: 'percent',
      name: 'Comparable store net sales',
    });
    expect(r.guidance).toEqual([]);
    evidenceHolds('BKE_8-K_2024-11-22_EX-99.1.htm', r);
  });

  it('Asta Funding Q4 FY2004 submission: the EX-99.1 is chosen over the call transcript, fiscal year despite the 2003 dateline typo, Q4 and FY', () => {
    const r = parse('ASFI_8-K_2004-11-26_submission.txt');
    expect(r.release).toMatchObject({
      fiscal_year: 2004,
      fiscal_period: 'Q4',
      period_end: '2004-09-30',
      document_type: 'EX-99.1',
    });
    expect(figure(r, 'net_income', 'gaap', 'Q4')).toMatchObject({ value: 6_509_000, scale: 'units' });
    expect(figure(r, 'net_income', 'gaap', 'FY')?.value).toBe(22_237_000);
    expect(figure(r, 'eps_diluted', 'gaap', 'Q4')?.value).toBe(0.46);
    expect(figure(r, 'eps_diluted', 'gaap', 'FY')?.value).toBe(1.57);
  });

  it('Sears Q2 2004 submission: guidance revised with "now expects" has no worded status; asides and components are not the value', () => {
    const r = parse('S_8-K_2004-07-22_submission.txt');
    expect(r.release).toMatchObject({
      fiscal_year: 2004,
      fiscal_period: 'Q2',
      period_end: '2004-07-03',
      document_type: 'EX-99',
    });
    // CONSOLIDATED INCOME, "(millions, except earnings per / common share)", the 13-week column.
    expect(figure(r, 'revenue', 'gaap')).toMatchObject({ value: 8_781_000_000, scale: 'millions' });
    expect(figure(r, 'operating_income', 'gaap')?.value).toBe(53_000_000);
    expect(figure(r, 'net_income', 'gaap')?.value).toBe(53_000_000);
    expect(figure(r, 'eps_basic', 'gaap')?.value).toBe(0.25);
    expect(figure(r, 'eps_diluted', 'gaap')?.value).toBe(0.24);
    // "Domestic segment detail for the 13 weeks ended June 28, 2003" is a prior-year table: no 2004 figure from it.
    expect(r.figures.filter((f) => f.metric === 'revenue')).toHaveLength(1);
    const eps = r.guidance.filter((g) => g.metric === 'eps_diluted');
    // "third quarter earnings per share to be between $0.00 and $0.10, including $0.03 to $0.05 per share of
    // negative carrying cost": the zero low end is kept; the carrying-cost range is a component.
    expect(eps.find((g) => g.target_fiscal_period === 'Q3')).toMatchObject({
      target_fiscal_year: 2004,
      low: 0,
      high: 0.1,
      basis: 'unspecified',
      status: null,
    });
    // "For the year, the company now expects earnings per share, before ..., but including $0.24 per share related
    // to the second quarter special charges ..., to be between $2.66 and $2.86, reflecting ... a reduced revenue
    // outlook": the year frames it (not "second quarter"), and "now expects" words no direction.
    expect(eps.find((g) => g.target_fiscal_period === 'FY')).toMatchObject({
      target_fiscal_year: 2004,
      low: 2.66,
      high: 2.86,
      status: null,
    });
    expect(eps).toHaveLength(2);
    expect(r.guidance.find((g) => g.metric === 'comparable_sales')).toMatchObject({
      target_fiscal_period: 'Q3',
      text_value: 'low single-digits',
      low: null,
      point: null,
    });
    // "The gross margin rate declined to 27.4 percent ... toward lower margin products" is a result, not guidance.
    expect(r.guidance.some((g) => g.metric === 'gross_margin')).toBe(false);
    expect(r.guidance.some((g) => g.status === 'lowered')).toBe(false);
    evidenceHolds('S_8-K_2004-07-22_submission.txt', r);
  });

  it('Horizon Financial fiscal Q2 2009 (inline release in the 8-K body): the loss sign comes from the word "loss"', () => {
    const r = parse('HRZB_8-K_2008-10-23_submission.txt');
    expect(r.release).toMatchObject({
      fiscal_year: 2009,
      fiscal_period: 'Q2',
      period_end: '2008-09-30',
      document_type: '8-K',
    });
    expect(figure(r, 'net_income', 'gaap')).toMatchObject({
      value: -4_600_000,
      scale: 'millions',
      as_printed: '$4.6 million',
    });
    // "or $0.39 per share": basic or diluted is not said, so neither is guessed.
    expect(figure(r, 'eps', 'gaap')?.value).toBe(-0.39);
    expect(figure(r, 'eps_diluted', 'gaap')).toBeUndefined();
  });

  it('Horizon Financial fiscal Q3 2006: a table without a caption takes the scale the prose corroborates; bank KPIs', () => {
    const r = parse('HRZB_8-K_2006-01-19_submission.txt');
    expect(r.release).toMatchObject({ fiscal_year: 2006, fiscal_period: 'Q3' });
    const ni = figure(r, 'net_income', 'gaap');
    expect(ni).toMatchObject({ value: 3_983_000, scale: 'thousands' });
    expect(String(ni?.scale_evidence)).toMatch(/^no caption; agrees with "\$4\.0 million"/);
    expect(
      r.measures.find((m) => m.measure === 'net_interest_margin' && m.fiscal_period === 'Q3'),
    ).toMatchObject({ value: 4.77, unit: 'percent' });
    expect(r.measures.find((m) => m.measure === 'return_on_equity')).toMatchObject({ value: 14.6 });
  });

  it('not an earnings release: Apple 2000 (CEO compensation) and the Philips strategy 6-K give no rows', () => {
    // the Philips 6-K is the copy the 20-F fixtures hold (fixtures/form-20f)
    for (const bytes of [file('AAPL_8-K_2000-01-24_submission.txt'), readFileSync(PHG_6K)]) {
      const r = parseReleaseBytes(bytes);
      expect(r.release.is_earnings_release).toBe(false);
      expect([r.figures, r.measures, r.guidance]).toEqual([[], [], []]);
    }
  });

  it('input that is no document is a ParseError, not a crash', () => {
    expect(() => parseReleaseBytes(Buffer.from('   '))).toThrow(/empty document/);
  });
});

describe('etl parse earnings-release', () => {
  afterEach(() => vi.restoreAllMocks());
  it('prints the rows with their evidence', async () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    const program = new Command('etl').exitOverride();
    registerParseCommand(program);
    await program.parseAsync(
      ['parse', 'earnings-release', new URL('BKE_8-K_2024-11-22_EX-99.1.htm', DIR).pathname],
      { from: 'user' },
    );
    const rows = JSON.parse(out) as ReleaseRows;
    expect(rows.release.fiscal_period).toBe('Q3');
    expect(rows.figures.find((f) => f.metric === 'net_income')).toMatchObject({
      evidence: { kind: 'table_row', text: 'NET INCOME | $44,172 | $51,762 | $118,270 | $140,338' },
    });
  });
});
