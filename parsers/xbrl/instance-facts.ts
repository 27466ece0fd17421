import type { InstanceDocument } from './instance.ts';
import type { Fact } from './types.ts';

/** The filing an instance belongs to: what the instance itself does not say (EDGAR's index does). */
export interface InstanceFiling {
  accn: string;
  /** Filing date, YYYY-MM-DD. */
  filed: string;
  /** Form type; defaults to the instance's own `dei:DocumentType`. */
  form?: string;
}

/**
 * One filing's XBRL instance -> the facts data.sec.gov companyfacts lists for that filing: every numeric fact
 * without dimensions (companyfacts carries no segment facts), one per concept, unit and period, with the
 * filing's accession, date and form, and the filing's `fy` / `fp` from its dei cover facts. Values are
 * never scaled (the instance holds them in units, as companyfacts does). Used to score the engine on a
 * real filing whose companyfacts body is not at hand.
 */
export function instanceFacts(doc: InstanceDocument, filing: InstanceFiling): Fact[] {
  const fy = Number(doc.dei.DocumentFiscalYearFocus);
  const form = filing.form ?? doc.dei.DocumentType ?? '';
  const out: Fact[] = [];
  const seen = new Set<string>();
  for (const f of doc.facts) {
    if (f.typed || Object.keys(f.dims).length > 0) continue;
    const i = f.concept.indexOf(':');
    if (i < 0) continue;
    const key = `${f.concept}|${f.unit}|${f.start ?? ''}|${f.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const fact: Fact = {
      taxonomy: f.concept.slice(0, i),
      concept: f.concept.slice(i + 1),
      unit: f.unit,
      value: f.value,
      end: f.end,
      fy: Number.isInteger(fy) ? fy : null,
      fp: doc.dei.DocumentFiscalPeriodFocus ?? null,
      form,
      filed: filing.filed,
      accn: filing.accn,
    };
    if (!f.instant && f.start) fact.start = f.start;
    out.push(fact);
  }
  return out;
}
