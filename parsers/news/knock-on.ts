import type { RegistryCompany } from './link.ts';

/** One edge of the relationship graph, with the evidence it rests on. */
export interface Edge {
  from: string;
  to: string;
  /**
   * `same_industry:SIC <code>`; `major_customer:<ticker>` (the row's company sells to `from`, its disclosed
   * major customer); `supplier:<ticker>` (`from` supplies the row's company).
   */
  via: string;
  /** 0-1: how much of an event on `from` reaches `to`. */
  strength: number;
  evidence: string;
  /** False when `to` is known only by a name match (a counterparty named in a filing): the row is unconfirmed. */
  confirmed?: boolean;
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

/** A stored disclosure (schema news_relationships) with its counterparty linked. */
export interface DisclosedRelationship {
  filer_id: string;
  counterparty_id: string;
  side: 'customer' | 'supplier';
  pct: number;
  source: string;
  accession: string;
  filing_date: string;
  evidence: string;
}

/**
 * Strength 0-1 of a disclosed share: pct / 50, capped at 1 (a counterparty taking half of the filer's sales,
 * or giving half of its purchases, carries the whole event; 10%, the usual disclosure floor, a fifth).
 */
export function disclosureStrength(pct: number): number {
  return Math.min(1, Math.round((pct / 50) * 100) / 100);
}

/**
 * Edges from disclosed relationships, both ways. A filer F naming customer C at p% of its revenue: C's news
 * reaches F (`major_customer:C`, strength pct/50) and F's news reaches C (`supplier:F`, half that: C's
 * dependence on F is not disclosed). A filer naming supplier S at p% of its purchases: S's news reaches F
 * (`supplier:S`, pct/50) and F's news reaches S (`major_customer:F`, half). Per pair the newest filing's
 * disclosure counts (XBRL before text on the same filing, then the larger share).
 */
export function disclosedEdges(
  rows: DisclosedRelationship[],
  companies: Map<string, { name: string; ticker: string | null }>,
): Map<string, Edge[]> {
  const newest = new Map<string, DisclosedRelationship>();
  for (const r of rows) {
    if (r.counterparty_id === r.filer_id) continue;
    const k = `${r.filer_id}|${r.counterparty_id}|${r.side}`;
    const p = newest.get(k);
    const better =
      !p ||
      r.filing_date > p.filing_date ||
      (r.filing_date === p.filing_date &&
        (r.source === 'xbrl' ? 0 : 1) - (p.source === 'xbrl' ? 0 : 1) < 0) ||
      (r.filing_date === p.filing_date && r.source === p.source && r.pct > p.pct);
    if (better) newest.set(k, r);
  }
  const out = new Map<string, Edge[]>();
  const push = (e: Edge) => out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const label = (id: string) => companies.get(id)?.ticker ?? id;
  const nameOf = (id: string) => companies.get(id)?.name ?? id;
  for (const r of newest.values()) {
    const s = disclosureStrength(r.pct);
    const F = r.filer_id;
    const X = r.counterparty_id;
    const what = r.side === 'customer' ? 'revenue' : 'purchases';
    const said = `${nameOf(F)} (${r.accession}, ${r.source}) reports ${nameOf(X)} at ${r.pct}% of its ${what}: ${r.evidence}`;
    const [buyer, seller] = r.side === 'customer' ? [X, F] : [F, X];
    // the seller depends on its buyer: the buyer's news reaches the seller
    const sellerIsFiler = seller === F;
    push({
      from: buyer,
      to: seller,
      via: `major_customer:${label(buyer)}`,
      strength: sellerIsFiler ? s : Math.round((s / 2) * 100) / 100,
      evidence: said,
      confirmed: sellerIsFiler,
    });
    push({
      from: seller,
      to: buyer,
      via: `supplier:${label(seller)}`,
      strength: sellerIsFiler ? Math.round((s / 2) * 100) / 100 : s,
      evidence: said,
      confirmed: !sellerIsFiler,
    });
  }
  for (const list of out.values()) list.sort((a, b) => b.strength - a.strength || a.to.localeCompare(b.to));
  return out;
}

/** Magnitude 0-100 of a knock-on row: the source article's impact times the edge's strength. */
export function magnitudeOf(impact: number, edge: Edge): number {
  return Math.round(impact * edge.strength);
}

/** Only events that matter travel: a source article must score at least this to reach its neighbours. */
export const KNOCK_ON_MIN_IMPACT = 40;
