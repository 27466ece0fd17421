import type { CompiledRegistry, RegistryIndex } from '../../parsers/news/link.ts';

/**
 * A compiled index as plain values, for comparing two compiles: every alias key with its entries in order (company,
 * kind, common), the ticker, CIK and ticker-history maps, and maxWords. Map insertion order is not part of it.
 */
export function indexValues(ix: RegistryIndex) {
  const byKey = <V>(m: ReadonlyMap<string, V>) => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return {
    aliases: byKey(ix.aliases).map(([k, l]) => [
      k,
      l.map((e) => `${e.company.company_id}|${e.kind}|${e.common}`),
    ]),
    byTicker: byKey(ix.byTicker).map(([k, c]) => [k, c.company_id]),
    byCik: byKey(ix.byCik).map(([k, c]) => [k, c.company_id]),
    tickerHistory: byKey(ix.tickerHistory).map(([k, l]) => [
      k,
      l.map((h) => `${h.company.company_id}|${h.from}|${h.to}`),
    ]),
    maxWords: ix.maxWords,
  };
}

/** The entries, tickers and CIKs of `c` that do not point at the registry's own object for their company (none, or the linker compares two objects). */
export function foreignObjects(c: CompiledRegistry): string[] {
  const own = new Map(c.companies.map((x) => [x.company_id, x]));
  const out: string[] = [];
  for (const [k, l] of c.index.aliases)
    for (const e of l) if (own.get(e.company.company_id) !== e.company) out.push(k);
  for (const [k, x] of [...c.index.byTicker, ...c.index.byCik]) if (own.get(x.company_id) !== x) out.push(k);
  return out;
}
