import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { parseInstance, parseIxNumber } from '../../../parsers/xbrl/instance.ts';
import { parseLabels } from '../../../parsers/xbrl/labels.ts';
import { buildSegments, type SegmentRow } from '../../../parsers/xbrl/segments.ts';
import { fixture } from './load.ts';

const D = 'www.sec.gov/Archives/edgar/data';
const TSLA = `${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_htm.xml`;
const TSLA_LAB = `${D}/1318605/TSLA_10-Q_2024Q2_tsla-20240630_lab.xml`;
const AAPL_XML = `${D}/320193/000032019325000057/aapl-20250329_htm.xml`;
const AAPL_INLINE = `${D}/320193/000032019325000057/aapl-20250329.htm`;
const UNP = `${D}/100885/UNP_10-K_FY2012_unp-20121231_standalone.xml`;
const UNP_LAB = `${D}/100885/UNP_10-K_FY2012_unp-20121231_lab.xml`;
const NFLX = `${D}/1065280/NFLX_10-Q_2010-09-30_instance_nflx-20100930.xml`;
const CRR = `${D}/1009672/000156459018004771/crr-20171231.xml`;

const sum = (xs: Array<{ value: number }>) => xs.reduce((a, b) => a + b.value, 0);
const at = (rows: SegmentRow[], p: string) => rows.find((r) => r.report_period === p)!;
/** The instance's own undimensioned fact: the company's reported total for the period. */
const reported = (path: string, concept: string, start: string, end: string) =>
  parseInstance(fixture(path)).facts.find(
    (f) => f.concept === concept && f.start === start && f.end === end && Object.keys(f.dims).length === 0,
  )!.value;

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

  it('2010 instances name us-gaap and dei by their xbrl.us namespaces', () => {
    const doc = parseInstance(fixture(NFLX));
    expect(doc.dei).toMatchObject({ DocumentType: '10-Q', EntityCentralIndexKey: '0001065280' });
    expect(reported(NFLX, 'us-gaap:Revenues', '2010-07-01', '2010-09-30')).toBe(553_219_000);
  });
});

describe('buildSegments', () => {
  it('TSLA 10-Q Q2 2024: product/service buckets are leaves that add up to total revenue', () => {
    const doc = parseInstance(fixture(TSLA));
    const { rows, period, warnings } = buildSegments(doc, { ticker: 'TSLA' }, parseLabels(fixture(TSLA_LAB)));
    expect(period).toBe('quarterly'); // from the document type
    const q2 = at(rows, '2024-06-30');
    expect(q2).toMatchObject({
      fiscal_period: 'Q2',
      currency: 'USD',
      balance_sheet: {},
      cash_flow_statement: {},
    });
    const revenue = q2.income_statement.revenue!;
    expect(revenue.product_or_service!.map((b) => [b.label, b.value / 1e6])).toEqual([
      ['Automotive sales', 18_530],
      ['Energy generation and storage sales', 2_866],
      ['Services and other', 2_608],
      ['Automotive regulatory credits', 890],
      ['Automotive leasing', 458],
      ['Energy generation and storage leasing', 148],
    ]);
    // 25,500M is the instance's undimensioned Revenues for 2024-04-01..06-30; every dimension adds up to it
    const total = reported(TSLA, 'us-gaap:Revenues', '2024-04-01', '2024-06-30');
    expect(total).toBe(25_500_000_000);
    for (const dim of ['segment', 'product_or_service', 'geography'])
      expect(sum(revenue[dim]!), dim).toBe(total);
    expect(revenue.segment).toEqual([
      { label: 'Automotive', value: 22_486_000_000 },
      { label: 'Energy generation and storage segment', value: 3_014_000_000 },
    ]);
    expect(revenue.geography!.map((b) => b.label)).toEqual(['United States', 'Other international', 'CHINA']);
    // cost of revenue: "Automotive Revenues" (16,207M = sales 15,962M + leasing 245M) is dropped too
    expect(sum(q2.income_statement.cost_of_revenue!.product_or_service!)).toBe(20_922_000_000);
    expect(warnings).toContain(
      '2024-06-30 revenue product_or_service: tsla:AutomotiveRevenuesMember is the subtotal of tsla:AutomotiveSalesMember + tsla:AutomotiveRegulatoryCreditsMember + tsla:AutomotiveLeasingMember',
    );
    expect(rows.map((r) => r.report_period)).toEqual(['2024-06-30', '2023-06-30']);
    expect(sum(at(rows, '2023-06-30').income_statement.revenue!.product_or_service!)).toBe(24_927_000_000);
  });

  it('AAPL 10-Q Q2 FY2025 (EDGAR _htm.xml): Americas 40,315M; products and services add up to revenue', () => {
    const { rows, warnings } = buildSegments(parseInstance(fixture(AAPL_XML)), { ticker: 'AAPL' });
    expect(rows.map((r) => [r.report_period, r.fiscal_period])).toEqual([
      ['2025-03-29', 'Q2'],
      ['2024-03-30', 'Q2'],
    ]);
    const q = at(rows, '2025-03-29').income_statement;
    expect(q.revenue!.segment!.map((b) => [b.label, b.value / 1e6])).toEqual([
      ['Americas', 40_315],
      ['Europe', 24_454],
      ['Greater China', 16_002],
      ['Japan', 7_298],
      ['Rest of Asia Pacific', 7_290],
    ]);
    // no "Product" (68,714M) next to iPhone, Mac, iPad and Wearables; labels from the member names
    expect(q.revenue!.product_or_service!.map((b) => [b.label, b.value / 1e6])).toEqual([
      ['iPhone', 46_841],
      ['Service', 26_645],
      ['Mac', 7_949],
      ['Wearables Home and Accessories', 7_522],
      ['iPad', 6_402],
    ]);
    const total = reported(
      AAPL_XML,
      'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
      '2024-12-29',
      '2025-03-29',
    );
    expect(total).toBe(95_359_000_000);
    expect(sum(q.revenue!.product_or_service!)).toBe(total);
    expect(sum(q.revenue!.segment!)).toBe(total);
    // segment operating income adds up to the segments' own total (40,136M), not to consolidated 29,589M
    expect(sum(q.operating_income!.segment!)).toBe(40_136_000_000);
    expect(warnings.filter((w) => w.includes('ProductMember is the subtotal'))).toHaveLength(2);
  });

  it('AAPL: the inline primary document gives the same rows as EDGAR’s extracted instance', () => {
    const inline = buildSegments(parseInstance(fixture(AAPL_INLINE)), { ticker: 'AAPL' });
    expect(inline.rows).toEqual(buildSegments(parseInstance(fixture(AAPL_XML)), { ticker: 'AAPL' }).rows);
  });

  it('fiscal_period comes from the period dates, not from dei:DocumentFiscalPeriodFocus', () => {
    const doc = parseInstance(fixture(AAPL_XML));
    doc.dei.DocumentFiscalPeriodFocus = 'Q3'; // a filer's wrong label must not leak into the rows
    expect(buildSegments(doc).rows.map((r) => r.fiscal_period)).toEqual(['Q2', 'Q2']);
  });

  it('a 10-Q asked for annual rows says why there are none', () => {
    const r = buildSegments(parseInstance(fixture(AAPL_XML)), { period: 'annual' });
    expect(r.rows).toEqual([]);
    expect(r.warnings).toEqual([
      'asked for annual rows of a 10-Q, whose own grain is quarterly',
      '72 segment facts, none of them annual (350-380 day durations) for a segment metric',
    ]);
  });

  it('UNP 10-K FY2012 (Cognos standalone): freight revenue by commodity group (CargoAndFreightRevenue)', () => {
    const { rows } = buildSegments(parseInstance(fixture(UNP)), {}, parseLabels(fixture(UNP_LAB)));
    expect(rows.map((r) => [r.report_period, r.fiscal_period, r.ticker])).toEqual([
      ['2012-12-31', 'FY', ''],
      ['2011-12-31', 'FY', ''],
      ['2010-12-31', 'FY', ''],
    ]);
    const fy12 = at(rows, '2012-12-31').income_statement.revenue!.segment!;
    expect(fy12.map((b) => [b.label, b.value / 1e6])).toEqual([
      ['Intermodal', 3_955],
      ['Coal', 3_912],
      ['Industrial Products', 3_494],
      ['Agriculture', 3_280],
      ['Chemicals', 3_238],
      ['Automotive', 1_807],
    ]);
    // the groups add up to freight revenue (19,686M); other revenue (1,240M) is not broken down
    expect(sum(fy12)).toBe(reported(UNP, 'us-gaap:CargoAndFreightRevenue', '2012-01-01', '2012-12-31'));
    expect(sum(fy12)).toBe(19_686_000_000);
  });

  it('NFLX 10-Q 2010: no dimensional fact at all -> no rows, and the reason', () => {
    const r = buildSegments(parseInstance(fixture(NFLX)), { ticker: 'NFLX' });
    expect(r.rows).toEqual([]);
    expect(r.period).toBe('quarterly');
    expect(r.warnings).toEqual([
      'no monetary fact of the instance is on a segment axis (StatementBusinessSegmentsAxis, ProductOrServiceAxis, StatementGeographicalAxis, SegmentsAxis, ProductsAndServicesAxis, GeographicalAreasAxis): no segment rows',
    ]);
  });

  it('CRR 10-K FY2017 (standalone DFS instance, older us-gaap: axes, no label linkbase)', () => {
    const doc = parseInstance(fixture(CRR));
    expect(doc.format).toBe('xml');
    const { rows } = buildSegments(doc, {
      ticker: 'CRR',
      accession_number: '0001564590-18-004771',
      filing_url: 'https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/',
    });
    const fy = at(rows, '2017-12-31');
    expect(fy.income_statement.revenue!.segment).toEqual([
      { label: 'Oilfield Technologies and Services', value: 165_557_000 },
      { label: 'Environmental Products and Services', value: 23_199_000 },
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
    const { rows } = buildSegments(doc, { ticker: 'SR', legalEntity: 'sr:SpireMember' }, labels);
    const q1 = at(rows, '2023-12-31');
    expect(q1.fiscal_period).toBe('Q1');
    expect(q1.income_statement.revenue!.segment!.map((b) => [b.label, b.value])).toEqual([
      ['Gas Utility', 715_200_000],
      ['Gas Marketing', 36_300_000],
      ['Midstream', 5_000_000],
    ]);
    // facts of the two subsidiary registrants (Spire Missouri, Spire Alabama) never mix in
    const plain = at(buildSegments(doc, { ticker: 'SR' }, labels).rows, '2023-12-31');
    expect(plain.income_statement.revenue!.segment).toEqual(q1.income_statement.revenue!.segment);
  });

  it('golden: TSLA segment rows', async () => {
    const doc = parseInstance(fixture(TSLA));
    const { rows } = buildSegments(doc, { ticker: 'TSLA' }, parseLabels(fixture(TSLA_LAB)));
    await expect(JSON.stringify(rows, null, 2)).toMatchFileSnapshot(
      '../../../fixtures/golden/xbrl/tsla-segments-2024q2.json',
    );
  });
});
