import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { xbrlFilesOf } from '../../../parsers/xbrl/filing-index.ts';
import type { InstanceDocument, InstanceFact } from '../../../parsers/xbrl/instance.ts';
import { labelFromName } from '../../../parsers/xbrl/labels.ts';
import { leafMembers, tolerance } from '../../../parsers/xbrl/segment-buckets.ts';
import { SEGMENT_CONCEPTS } from '../../../parsers/xbrl/segment-concepts.ts';
import { buildSegments } from '../../../parsers/xbrl/segments.ts';
import { fixture } from './load.ts';

const m = (member: string, value: number, decimals: string | null = '-6') => ({ member, value, decimals });

describe('leafMembers (subtotals out, leaves in)', () => {
  it("drops Apple's Product (68,714M = iPhone + Mac + Wearables + iPad) and keeps the leaves", () => {
    const r = leafMembers(
      [
        m('Product', 68_714e6),
        m('iPhone', 46_841e6),
        m('Service', 26_645e6),
        m('Mac', 7_949e6),
        m('Wearables', 7_522e6),
        m('iPad', 6_402e6),
      ],
      { value: 95_359e6, decimals: '-6' },
    );
    expect(r.leaves.map((x) => x.member)).toEqual(['iPhone', 'Service', 'Mac', 'Wearables', 'iPad']);
    expect(r.subtotals).toEqual([{ member: 'Product', of: ['iPhone', 'Mac', 'Wearables', 'iPad'] }]);
  });

  it('leaves a breakdown that already adds up to the total alone, even when one bucket equals two others', () => {
    const items = [m('C', 30e6), m('B', 20e6), m('A', 10e6)];
    expect(leafMembers(items, { value: 60e6, decimals: '-6' }).subtotals).toEqual([]);
  });

  it('removes nothing without a reported total: US 300 = Europe 200 + Asia 100 is a coincidence', () => {
    const items = [m('US', 300e6), m('Europe', 200e6), m('Asia', 100e6)];
    expect(leafMembers(items)).toEqual({ leaves: items, subtotals: [] });
  });

  it('keeps every member when removing the candidate would not make the leaves foot (intersegment sales)', () => {
    // Segments add up to 630 against a consolidated 600 (30 of intersegment sales); C = A + B by chance.
    const items = [m('D', 300e6), m('C', 110e6), m('B', 70e6), m('A', 40e6), m('E', 110e6)];
    expect(leafMembers(items, { value: 600e6, decimals: '-6' }).subtotals).toEqual([]);
  });

  it('never removes from a breakdown that adds up to less than the total (a partial disclosure)', () => {
    const items = [m('C', 30e6), m('B', 20e6), m('A', 10e6)];
    expect(leafMembers(items, { value: 100e6, decimals: '-6' }).leaves).toHaveLength(3);
  });

  it('matches within one unit of the reported rounding', () => {
    expect(tolerance('-3')).toBe(1000);
    expect(tolerance('INF')).toBe(0);
    const r = leafMembers([m('All', 188_756e3, '-3'), m('X', 165_557e3, '-3'), m('Y', 23_198e3, '-3')], {
      value: 188_755e3,
      decimals: '-3',
    });
    expect(r.subtotals).toEqual([{ member: 'All', of: ['X', 'Y'] }]);
  });
});

describe('labelFromName (no label linkbase)', () => {
  it.each([
    ['tsla:AutomotiveSalesMember', 'Automotive Sales'],
    ['crr:OilfieldTechnologiesAndServicesSegmentMember', 'Oilfield Technologies and Services'],
    ['aapl:IPhoneMember', 'iPhone'],
    ['aapl:IPadMember', 'iPad'],
    ['aapl:WearablesHomeandAccessoriesMember', 'Wearables Home and Accessories'],
    ['aapl:RestOfAsiaPacificSegmentMember', 'Rest of Asia Pacific'],
    ['x:OilandGasMember', 'Oil and Gas'],
    ['x:IslandResortsMember', 'Island Resorts'],
    ['x:ThailandMember', 'Thailand'],
    ['x:NANDFlashMember', 'NAND Flash'],
    ['x:SeriesIPreferredMember', 'Series I Preferred'],
    ['country:US', 'US'],
  ])('%s -> %s', (qname, label) => {
    expect(labelFromName(qname)).toBe(label);
  });
});

describe('segment concepts', () => {
  it('include the segment-note revenue tags and the IFRS ones', () => {
    expect(SEGMENT_CONCEPTS.revenue).toEqual(
      expect.arrayContaining([
        'us-gaap:CargoAndFreightRevenue',
        'ifrs-full:Revenue',
        'ifrs-full:RevenueFromSaleOfGoods',
      ]),
    );
    expect(SEGMENT_CONCEPTS.revenue[0]).toBe('us-gaap:Revenues');
    expect(SEGMENT_CONCEPTS.operating_income).toContain('ifrs-full:ProfitLossFromOperatingActivities');
  });

  it('read ifrs-full segment and geography axes (in memory: the corpus holds no dimensional IFRS instance)', () => {
    const fact = (dims: Record<string, string>, value: number): InstanceFact => ({
      concept: 'ifrs-full:Revenue',
      value,
      unit: 'EUR',
      decimals: '-6',
      context: JSON.stringify(dims),
      start: '2023-01-01',
      end: '2023-12-31',
      instant: false,
      dims,
      typed: false,
    });
    const doc: InstanceDocument = {
      format: 'xml',
      dei: { DocumentType: '20-F' },
      warnings: [],
      facts: [
        fact({}, 100e6),
        fact({ 'ifrs-full:SegmentsAxis': 'x:HealthMember' }, 60e6),
        fact({ 'ifrs-full:SegmentsAxis': 'x:LightingMember' }, 40e6),
        fact({ 'ifrs-full:GeographicalAreasAxis': 'country:NL' }, 100e6),
      ],
    };
    const { rows } = buildSegments(doc);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ period: 'annual', fiscal_period: 'FY', currency: 'EUR' });
    expect(rows[0]!.income_statement.revenue).toEqual({
      segment: [
        { label: 'Health', value: 60e6 },
        { label: 'Lighting', value: 40e6 },
      ],
      geography: [{ label: 'NL', value: 100e6 }],
    });
  });
});

describe('xbrlFilesOf (a filing folder index.json)', () => {
  it('picks the EDGAR-extracted instance and the label linkbase of a real listing', () => {
    const json = fixture('www.sec.gov/Archives/edgar/data/1648960/000121390024004875/index.json');
    expect(xbrlFilesOf(json)).toEqual({
      instance: 'ea191807-8k_datchat_htm.xml',
      labels: 'dats-20240116_lab.xml',
    });
  });

  it('no instance in a listing without XBRL; not JSON is a ParseError', () => {
    expect(xbrlFilesOf('{"directory":{"item":[{"name":"a10-k.htm"},{"name":"FilingSummary.xml"}]}}')).toEqual(
      {
        instance: null,
        labels: null,
      },
    );
    expect(() => xbrlFilesOf('<html>', { document: 'index.json' })).toThrow(ParseError);
  });
});
