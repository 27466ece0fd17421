import type { Candidate, ConceptCandidate } from './mapping.ts';
import { SPECS_BY_STATEMENT } from './mapping.ts';

/**
 * What counts as a segment fact, as data: the axes (US GAAP `srt:` since 2019, `us-gaap:` before, and
 * IFRS), the consolidation members that mean "the segments themselves", and per metric the concepts tried
 * in order. The concepts start from the statement mapping (the same tags that make total revenue) and add
 * the ones filers use only in segment notes (a railroad's freight revenue by commodity group).
 */

export type SegmentDimension = 'segment' | 'product_or_service' | 'geography';

/** Axis local name -> dimension. Local names, because the same axis moved from us-gaap: to srt:. */
export const SEGMENT_AXES: Record<string, SegmentDimension> = {
  StatementBusinessSegmentsAxis: 'segment',
  ProductOrServiceAxis: 'product_or_service',
  StatementGeographicalAxis: 'geography',
  // ifrs-full (IFRS 8 operating segments, entity-wide disclosures)
  SegmentsAxis: 'segment',
  ProductsAndServicesAxis: 'product_or_service',
  GeographicalAreasAxis: 'geography',
};

export const DIMENSIONS: readonly SegmentDimension[] = ['segment', 'product_or_service', 'geography'];

/** Axes whose member is allowed beside a segment axis when it says "the operating segments". */
export const CONSOLIDATION_AXES = new Set(['ConsolidationItemsAxis', 'SegmentConsolidationItemsAxis']);
/** Eliminations, corporate and reconciling items are not segments: only these members pass. */
export const CONSOLIDATION_OK = /:(OperatingSegmentsMember|ReportableGeographicalComponentsMember)$/;

export const METRICS = [
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_income',
  'net_income',
] as const;
export type SegmentMetric = (typeof METRICS)[number];

/** Concepts seen in segment notes but not on the face of the income statement. */
const SEGMENT_ONLY: Record<SegmentMetric, string[]> = {
  revenue: [
    'us-gaap:CargoAndFreightRevenue',
    'us-gaap:SalesRevenueGoodsNet',
    'us-gaap:SalesRevenueServicesNet',
    'us-gaap:ElectricUtilityRevenue',
    'us-gaap:OilAndGasRevenue',
    'us-gaap:HealthCareOrganizationRevenue',
    'ifrs-full:RevenueFromSaleOfGoods',
    'ifrs-full:RevenueFromRenderingOfServices',
  ],
  cost_of_revenue: [],
  gross_profit: [],
  operating_income: [],
  net_income: [],
};

const isConcept = (c: Candidate): c is ConceptCandidate => 'c' in c;

function conceptsOf(metric: SegmentMetric): string[] {
  const spec = SPECS_BY_STATEMENT.income.find((s) => s.field === metric);
  if (!spec) throw new Error(`no income mapping for segment metric ${metric}`);
  const industries = Object.values(spec.industries ?? {}).flat();
  const all = [...spec.usGaap, ...industries, ...spec.ifrs].filter(isConcept).map((c) => c.c);
  return [...new Set([...all, ...SEGMENT_ONLY[metric]])];
}

/** metric -> concepts in priority order: per dimension and period, the first concept with facts wins. */
export const SEGMENT_CONCEPTS: Record<SegmentMetric, readonly string[]> = {
  revenue: conceptsOf('revenue'),
  cost_of_revenue: conceptsOf('cost_of_revenue'),
  gross_profit: conceptsOf('gross_profit'),
  operating_income: conceptsOf('operating_income'),
  net_income: conceptsOf('net_income'),
};
