import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { parseInstance, parseIxNumber } from '../../../parsers/xbrl/instance.ts';
import { labelFromName, parseLabels } from '../../../parsers/xbrl/labels.ts';
import { buildSegments, type SegmentRow } from '../../../parsers/xbrl/segments.ts';
import { fixture } from './load.ts';

const D = 'www.sec.gov/Archives/edgar/data';
const sum = (xs: Array<{ value: number }>) => xs.reduce((a, b) => a + b.value, 0);
const at = (rows: SegmentRow[], p: string) => rows.find((r) => r.report_period === p)!;

describe('parseInstance', () => {
  it('inline XBRL (Workiva, hidden ix:header): contexts, scale and dei facts', () => {
    const doc = parseInstance(fixture(`${D}/51143/IBM_10-K_FY2024_ibm-20241231_INLINE.htm`));
    expect(doc.format).toBe('inline');
    expect(doc.dei).toMatchObject({
      DocumentType: '10-K',
      DocumentFiscalPeriodFocus: 'FY',
      EntityCentralIndexKey: '0000051143',
    });
    // "$159.2 billion": 159.2 with scale="9"
    const float = doc.facts.find((f) => f.concept === 'dei:EntityPublicFloat')!;
    expect(float.value).toBeCloseTo(159_200_000_000, 0);
    expect(float.unit).toBe('USD');
  });

  it('ixt number formats and sign', () => {
    expect(parseIxNumber('1,234.5', 'ixt:num-dot-decimal')).toBe(1234.5);
    expect(parseIxNumber('1.234,5', 'ixt:num-comma-decimal')).toBe(1234.5);
    expect(parseIxNumber('—', 'ixt:fixed-zero')).toBe(0);
    expect(parseIxNumber('none', 'ixt-sec:numwordsen')).toBe(0);
    expect(parseIxNumber('three', 'ixt:num-dot-decimal')).toBeNull();
  });

  it('rejects a document that is not an instance', () => {
    expect(() => parseInstance('<html><body>hello</body></html>')).toThrow(ParseError);
  });
});

describe('buildSegments', () => {
  it('TSLA 10-Q Q2 2024 (EDGAR _htm.xml, srt: axes) with the company label linkbase', () => {
    const doc = parseInstance(fixture(`${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_htm.xml`));
    const labels = parseLabels(fixture(`${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_lab.xml`));
    const rows = buildSegments(doc, { ticker: 'TSLA', period: 'quarterly' }, labels);
    const q2 = at(rows, '2024-06-30');
    expect(q2).toMatchObject({
      fiscal_period: 'Q2',
      currency: 'USD',
      balance_sheet: {},
      cash_flow_statement: {},
    });
    expect(q2.income_statement.revenue!.segment).toEqual([
      { label: 'Automotive', value: 22_486_000_000 },
      { label: 'Energy generation and storage segment', value: 3_014_000_000 },
    ]);
    // both breakdowns add up to total revenue 25,500M
    expect(sum(q2.income_statement.revenue!.segment!)).toBe(25_500_000_000);
    expect(sum(q2.income_statement.revenue!.geography!)).toBe(25_500_000_000);
    expect(q2.income_statement.revenue!.geography!.map((b) => b.label)).toEqual([
      'United States',
      'Other international',
      'CHINA',
    ]);
    expect(rows.map((r) => r.report_period)).toEqual(['2024-06-30', '2023-06-30']);
  });

  it('CRR 10-K FY2017 (standalone DFS instance, older us-gaap: axes, no label linkbase)', () => {
    const doc = parseInstance(fixture(`${D}/1009672/000156459018004771/crr-20171231.xml`));
    expect(doc.format).toBe('xml');
    const rows = buildSegments(doc, {
      ticker: 'CRR',
      period: 'annual',
      accession_number: '0001564590-18-004771',
      filing_url: 'https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/',
    });
    const fy = at(rows, '2017-12-31');
    expect(fy.income_statement.revenue!.segment).toEqual([
      { label: 'Oilfield Technologies And Services', value: 165_557_000 },
      { label: 'Environmental Products And Services', value: 23_199_000 },
    ]);
    // total revenue 188,756K; geography adds to 188,755K (the filer's own rounding)
    expect(sum(fy.income_statement.revenue!.geography!)).toBe(188_755_000);
    expect(fy.income_statement.revenue!.geography!.map((b) => b.label)).toEqual([
      'US',
      'Other International',
      'CA',
    ]);
    expect(rows.map((r) => r.report_period)).toEqual(['2017-12-31', '2016-12-31', '2015-12-31']);
  });

  it('Spire 10-Q (inline, blank line before the XML declaration, 3 registrants on dei:LegalEntityAxis)', () => {
    const doc = parseInstance(
      fixture(`${D}/1126956/SR_Spire_10-Q_Q1FY2024_2023-12-31_spre20231231_10q_INLINE.htm`),
    );
    const labels = parseLabels(fixture(`${D}/1126956/SR_Spire_10-Q_Q1FY2024_sr-20231231_lab.xml`));
    const rows = buildSegments(
      doc,
      { ticker: 'SR', period: 'quarterly', legalEntity: 'sr:SpireMember' },
      labels,
    );
    const q1 = at(rows, '2023-12-31');
    expect(q1.fiscal_period).toBe('Q1');
    expect(q1.income_statement.revenue!.segment!.map((b) => [b.label, b.value])).toEqual([
      ['Gas Utility', 715_200_000],
      ['Gas Marketing', 36_300_000],
      ['Midstream', 5_000_000],
    ]);
    // facts of the two subsidiary registrants (Spire Missouri, Spire Alabama) never mix in
    const plain = at(buildSegments(doc, { ticker: 'SR', period: 'quarterly' }, labels), '2023-12-31');
    expect(plain.income_statement.revenue!.segment).toEqual(q1.income_statement.revenue!.segment);
  });

  it('labels from member names when no linkbase is given', () => {
    expect(labelFromName('tsla:AutomotiveSalesMember')).toBe('Automotive Sales');
    expect(labelFromName('crr:OilfieldTechnologiesAndServicesSegmentMember')).toBe(
      'Oilfield Technologies And Services',
    );
    expect(labelFromName('country:US')).toBe('US');
  });

  it('golden: TSLA segment rows', async () => {
    const doc = parseInstance(fixture(`${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_htm.xml`));
    const labels = parseLabels(fixture(`${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_lab.xml`));
    const rows = buildSegments(doc, { ticker: 'TSLA', period: 'quarterly' }, labels);
    await expect(JSON.stringify(rows, null, 2)).toMatchFileSnapshot(
      '../../../fixtures/golden/xbrl/tsla-segments-2024q2.json',
    );
  });
});
