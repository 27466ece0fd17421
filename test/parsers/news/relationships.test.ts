import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { splitFilingFile } from '../../../parsers/edgar/items/index.ts';
import { disclosedEdges, disclosureStrength, magnitudeOf } from '../../../parsers/news/knock-on.ts';
import {
  concentrationDisclosures,
  memberName,
  resolveDisclosure,
  sentenceDisclosures,
  sentences,
} from '../../../parsers/news/relationships.ts';
import { parseInstance } from '../../../parsers/xbrl/instance.ts';
import { qualityRegistry } from './fixture-feeds.ts';

// Real 10-Ks (sec-parser corpus, inline XBRL), gzipped in fixtures/news/10k/ (SJM: in the mirror); values read from the documents.
const tenK = (name: string) =>
  gunzipSync(readFileSync(new URL(`../../../fixtures/news/10k/${name}.html.gz`, import.meta.url))).toString(
    'utf8',
  );
/** J.M. Smucker's 10-K is also in the mirror, at its EDGAR path, for the graph's end-to-end test. */
const SJM = readFileSync(
  new URL(
    '../../../fixtures/upstream/www.sec.gov/Archives/edgar/data/91419/000009141924000054/sjm-20240430.htm',
    import.meta.url,
  ),
  'utf8',
);
const KHC = tenK('KHC_10-K_0001637459-24-000018');
const PG = tenK('PG_10-K_0000080424-24-000083');
const BMY = tenK('BMY_10-K_0000014272-24-000044');
const reg = qualityRegistry();
const textOf = (html: string) =>
  splitFilingFile(html, { form: '10-K' }).items.flatMap((i) =>
    sentenceDisclosures(i.text).map((d) => ({ item: i.number, ...d })),
  );

describe('XBRL rule: ConcentrationRiskPercentage1 on the major-customers axis', () => {
  it('BMY names its three wholesalers (latest period, share of revenue); McKesson and Cardinal link by name, unconfirmed', () => {
    const d = concentrationDisclosures(parseInstance(BMY));
    expect(d.map((x) => [x.name, x.pct, x.period_end, x.side])).toEqual([
      ['Mckesson Corporation', 33, '2023-12-31', 'customer'],
      ['Cencora', 29, '2023-12-31', 'customer'],
      ['Cardinal Health Inc', 23, '2023-12-31', 'customer'],
    ]);
    const linked = d.map((x) => resolveDisclosure(x, reg, 'cik:0000014272'));
    expect(linked.map((x) => [x.ticker, x.unlinked])).toEqual([
      ['MCK', null],
      // the mirror's registry predates the AmerisourceBergen -> Cencora rename
      [null, 'not_in_registry'],
      ['CAH', null],
    ]);
  });

  it('PG and KHC name Walmart (16% and 21%); the SJM member "Wal Mart Stores Inc." meets "Walmart" without its space', () => {
    const pg = concentrationDisclosures(parseInstance(PG));
    expect(pg).toMatchObject([{ name: 'Walmart Inc.', pct: 16, period_end: '2024-06-30', source: 'xbrl' }]);
    expect(pg[0]?.evidence).toContain('srt:MajorCustomersAxis=pg:WalmartInc.AndAffiliatesMember');
    expect(resolveDisclosure(pg[0]!, reg, 'cik:0000080424')).toMatchObject({ ticker: 'WMT' });
    expect(concentrationDisclosures(parseInstance(KHC))).toMatchObject([
      { name: 'Walmart Inc', pct: 21, period_end: '2023-12-30' },
    ]);
    const sjm = concentrationDisclosures(parseInstance(SJM));
    expect(sjm).toMatchObject([{ name: 'Wal Mart Stores Inc.', pct: 33, period_end: '2024-04-30' }]);
    expect(resolveDisclosure(sjm[0]!, reg, 'cik:0000091419')).toMatchObject({
      ticker: 'WMT',
      unlinked: null,
    });
  });

  it('anonymous members (Customer A, Wholesaler 1), receivable benchmarks and segment-scoped facts give nothing', () => {
    const crr = readFileSync(
      new URL(
        '../../../fixtures/upstream/www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-20171231.xml',
        import.meta.url,
      ),
      'utf8',
    );
    // CARBO Ceramics: MajorCustomerOne..Four, each also on a business-segment axis
    expect(concentrationDisclosures(parseInstance(crr))).toEqual([]);
    // NVIDIA's 10-Q (2023-07-30) tags a class of buyers on the axis: 22% of revenue, no one named
    const nvdaFact = {
      concept: 'us-gaap:ConcentrationRiskPercentage1',
      value: 0.22,
      unit: 'pure',
      decimals: '2',
      context: 'c-1',
      start: '2023-05-01',
      end: '2023-07-30',
      instant: false,
      dims: {
        'srt:MajorCustomersAxis': 'nvda:CloudServiceProviderMember',
        'us-gaap:ConcentrationRiskByBenchmarkAxis': 'us-gaap:SalesRevenueNetMember',
        'us-gaap:ConcentrationRiskByTypeAxis': 'us-gaap:CustomerConcentrationRiskMember',
      },
      typed: false,
    };
    expect(concentrationDisclosures({ facts: [nvdaFact] })).toEqual([]);
    expect(memberName('bmy:CardinalHealthIncMember')).toBe('Cardinal Health Inc');
    expect(memberName('pg:WalmartInc.AndAffiliatesMember')).toBe('Walmart Inc.');
  });
});

describe('sentence rule: a named party at N% of sales', () => {
  it('SJM: "Sales to Walmart Inc. and subsidiaries amounted to 33 percent of net sales" in Items 1, 1A and 8', () => {
    expect(textOf(SJM).map((d) => [d.item, d.name, d.pct, d.side])).toEqual([
      ['Item-1', 'Walmart Inc.', 33, 'customer'],
      ['Item-1A', 'Walmart Inc.', 33, 'customer'],
      ['Item-8', 'Walmart Inc.', 33, 'customer'],
    ]);
  });

  it('KHC "Our largest customer, Walmart Inc., represented approximately 21%"; PG both word orders', () => {
    expect(textOf(KHC).map((d) => [d.item, d.name, d.pct])).toEqual([['Item-1', 'Walmart Inc.', 21]]);
    const pg = textOf(PG);
    expect(pg.map((d) => [d.item, d.name, d.pct])).toEqual([
      ['Item-1', 'Walmart Inc.', 16],
      ['Item-8', 'Walmart Inc.', 16],
    ]);
    expect(pg[1]?.evidence).toBe(
      'Our largest customer, Walmart Inc. and its affiliates, accounted for consolidated net sales of approximately 16% in 2024 and 15% in 2023 and 2022.',
    );
  });

  it('segments, products, regions, anonymous and denied concentrations are not customers', () => {
    for (const s of [
      'One customer accounted for 18% of our consolidated net revenue for the year ended December 30, 2023.',
      'Our top ten customers accounted for 42% of our total net sales in 2024, 40% in 2023 and 39% in 2022.',
      'Sales to one customer, Customer A, represented 13% of total revenue for fiscal year 2024, which was attributable to the Compute & Networking segment.',
      'No customer represented 10% or more of total revenue during the years ended December 31, 2023, 2022, and 2021.',
      "Bell's revenues accounted for approximately 13%, 12% and 13% of our total revenues in 2001, 2000 and 1999.",
      'International revenues accounted for approximately 53% of our consolidated revenues in 2023.',
      "Sales of the Company's largest product, STELARA (ustekinumab) accounted for approximately 12.8% of the Company's total revenues for fiscal 2023.",
      'Revenue from sales to customers outside of the United States accounted for 56% and 69% of total revenue for fiscal years 2024 and 2023, respectively.',
      // GM FY2023: the supplier side names no one either
      'Combined purchases from our two largest suppliers were approximately 11% of our total purchases in each of the years ended December 31, 2023 and 2022, and approximately 12% of our total purchases in the year ended December 31, 2021.',
    ])
      expect(sentenceDisclosures(s), s).toEqual([]);
  });

  it('a subject with its corporate suffix (Intel FY2002: Dell 16%, Hewlett-Packard 15%)', () => {
    const intc = readFileSync(
      new URL(
        '../../../fixtures/upstream/www.sec.gov/Archives/edgar/data/50863/000104746903008257/a2104280z10-k.htm',
        import.meta.url,
      ),
    );
    const found = splitFilingFile(intc, { form: '10-K' }).items.flatMap((i) => sentenceDisclosures(i.text));
    expect(found.map((d) => [d.name, d.pct])).toEqual([
      ['Dell Computer', 16],
      ['Hewlett-Packard', 15],
    ]);
  });

  it('a named party links by the article linker rules: a common word, or a name two registry companies share, is ambiguous', () => {
    const d = { side: 'customer' as const, pct: 12, source: 'text' as const, evidence: '', period_end: null };
    expect(resolveDisclosure({ ...d, name: 'Target' }, reg, 'x')).toMatchObject({
      company_id: null,
      unlinked: 'ambiguous',
    });
    // TARGET CORP and Target Group Inc. both reduce to "target"
    expect(resolveDisclosure({ ...d, name: 'Target Corporation' }, reg, 'x')).toMatchObject({
      unlinked: 'ambiguous',
    });
    expect(resolveDisclosure({ ...d, name: 'Mckesson Corporation' }, reg, 'x')).toMatchObject({
      ticker: 'MCK',
    });
    expect(resolveDisclosure({ ...d, name: 'Quux Widgets' }, reg, 'x')).toMatchObject({
      unlinked: 'not_in_registry',
    });
  });

  it('sentences do not end on Inc. / U.S.', () => {
    expect(
      sentences('Sales to Walmart Inc. and subsidiaries were 33 percent. U.S. sales grew. Next one.'),
    ).toEqual(['Sales to Walmart Inc. and subsidiaries were 33 percent.', 'U.S. sales grew.', 'Next one.']);
  });
});

describe('disclosed edges and magnitudes', () => {
  const names = new Map([
    ['cik:0000091419', { name: 'J M SMUCKER Co', ticker: 'SJM' }],
    ['cik:0000104169', { name: 'Walmart Inc.', ticker: 'WMT' }],
  ]);
  const rel = {
    filer_id: 'cik:0000091419',
    counterparty_id: 'cik:0000104169',
    side: 'customer' as const,
    pct: 33,
    source: 'text',
    accession: '0000091419-24-000054',
    filing_date: '2024-06-18',
    evidence: 'Sales to Walmart Inc. and subsidiaries amounted to 33 percent of net sales in 2024.',
  };

  it('strength = pct / 50 capped at 1; the customer reaches its supplier fully, the reverse at half', () => {
    expect(disclosureStrength(33)).toBe(0.66);
    expect(disclosureStrength(10)).toBe(0.2);
    expect(disclosureStrength(75)).toBe(1);
    const g = disclosedEdges([rel], names);
    expect(g.get('cik:0000104169')).toMatchObject([
      { to: 'cik:0000091419', via: 'major_customer:WMT', strength: 0.66, confirmed: true },
    ]);
    expect(g.get('cik:0000091419')).toMatchObject([
      { to: 'cik:0000104169', via: 'supplier:SJM', strength: 0.33, confirmed: false },
    ]);
    // a Walmart event scoring 70 reaches Smucker at magnitude 46
    expect(magnitudeOf(70, g.get('cik:0000104169')![0]!)).toBe(46);
  });

  it('per pair the newest filing counts; XBRL before text on the same filing', () => {
    const older = { ...rel, pct: 34, filing_date: '2023-06-20', accession: 'old' };
    const xbrl = { ...rel, pct: 33, source: 'xbrl', evidence: 'fact' };
    const g = disclosedEdges([older, rel, xbrl], names);
    expect(g.get('cik:0000104169')).toHaveLength(1);
    expect(g.get('cik:0000104169')?.[0]?.evidence).toContain('(0000091419-24-000054, xbrl)');
  });
});
