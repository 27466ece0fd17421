import type { RegistryCompany } from './link.ts';

/** One edge of the relationship graph, with the evidence it rests on. */
export interface Edge {
  from: string;
  to: string;
  /** `same_industry:SIC <code>`, `major_customer`, `supplier`. */
  via: string;
  /** 0-1: how much of an event on `from` reaches `to`. */
  strength: number;
  evidence: string;
}

/** Peers per SIC code beyond which an industry edge says too little to be worth a row. */
export const MAX_PEERS = 8;
/** Same-industry edges are weak: a peer feels a fraction of the news. */
export const SAME_INDUSTRY_STRENGTH = 0.3;

/**
 * Same-industry edges from the registry's SIC codes: each company links to up to MAX_PEERS others of its
 * 4-digit SIC (the first by company_id, so the graph is reproducible). Knock-on rows are inferences, not reporting.
 */
export function industryEdges(companies: RegistryCompany[]): Map<string, Edge[]> {
  const bySic = new Map<string, RegistryCompany[]>();
  for (const c of companies) {
    if (!c.sic) continue;
    const list = bySic.get(c.sic) ?? [];
    list.push(c);
    bySic.set(c.sic, list);
  }
  const out = new Map<string, Edge[]>();
  for (const [sic, members] of bySic) {
    const sorted = [...members].sort((a, b) => a.company_id.localeCompare(b.company_id));
    for (const c of sorted) {
      const peers = sorted.filter((p) => p.company_id !== c.company_id).slice(0, MAX_PEERS);
      out.set(
        c.company_id,
        peers.map((p) => ({
          from: c.company_id,
          to: p.company_id,
          via: `same_industry:SIC ${sic}`,
          strength: SAME_INDUSTRY_STRENGTH,
          evidence: `${c.name} and ${p.name} both report SIC ${sic} in their SEC registration`,
        })),
      );
    }
  }
  return out;
}

/** Magnitude 0-100 of a knock-on row: the source article's impact times the edge's strength. */
export function magnitudeOf(impact: number, edge: Edge): number {
  return Math.round(impact * edge.strength);
}

/** Only events that matter travel: a source article must score at least this to reach its neighbours. */
export const KNOCK_ON_MIN_IMPACT = 40;
