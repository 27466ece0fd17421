import { acceptedForm, FactIndex } from './fact-index.ts';
import { mappedConcepts, perShareConcepts } from './mapping.ts';
import { PeriodEvidence } from './periods.ts';
import type { Fact } from './types.ts';

/**
 * Everything the statement engine needs from a company's facts, computed once and reused for every grain,
 * every as-of date and every version: the fact index, the period evidence, the reporting currency and the
 * accounting standard.
 */
export interface PreparedFacts {
  index: FactIndex;
  evidence: PeriodEvidence;
  /** The reporting currency: the monetary unit most used by the mapped facts (TSM reports TWD and adds
   * USD convenience translations for one year; TWD wins). Figures are never converted. */
  currency: string | null;
  standard: 'us_gaap' | 'ifrs' | null;
  /** Distinct filing dates of the facts used, ascending (the dates on which a row can change). */
  filingDates: string[];
  /** Facts kept (mapped concept, accepted form, reporting currency or shares). */
  used: number;
  /** filing date -> period ends of the facts filed that day (what a new filing can change). */
  endsByFiled: Map<string, Set<string>>;
}

const MONEY = /^[A-Z]{3}$/;

export function prepareFacts(facts: Iterable<Fact>): PreparedFacts {
  const mapped = mappedConcepts();
  const perShare = perShareConcepts();
  const kept: Fact[] = [];
  const currencies = new Map<string, number>();
  let usGaap = 0;
  let ifrsFull = 0;
  for (const raw of facts) {
    const key = `${raw.taxonomy}:${raw.concept}`;
    if (!acceptedForm(raw.form) || !mapped.has(key)) continue;
    // A per-share concept in a bare currency unit is an amount per share in that currency, never money.
    const f = MONEY.test(raw.unit) && perShare.has(key) ? { ...raw, unit: `${raw.unit}/shares` } : raw;
    kept.push(f);
    if (MONEY.test(f.unit)) currencies.set(f.unit, (currencies.get(f.unit) ?? 0) + 1);
    if (f.taxonomy === 'us-gaap') usGaap++;
    else if (f.taxonomy === 'ifrs-full') ifrsFull++;
  }
  let currency: string | null = null;
  let best = 0;
  for (const [c, n] of currencies) {
    if (n > best) {
      best = n;
      currency = c;
    }
  }
  const evidence = new PeriodEvidence();
  const endsByFiled = new Map<string, Set<string>>();
  const used: Fact[] = [];
  for (const f of kept) {
    if (MONEY.test(f.unit) ? f.unit !== currency : f.unit !== 'shares' && f.unit !== `${currency}/shares`)
      continue;
    used.push(f);
    evidence.add(f);
    let ends = endsByFiled.get(f.filed);
    if (!ends) {
      ends = new Set();
      endsByFiled.set(f.filed, ends);
    }
    ends.add(f.end);
  }
  return {
    index: new FactIndex(used),
    evidence,
    currency,
    standard: usGaap === 0 && ifrsFull === 0 ? null : ifrsFull > usGaap ? 'ifrs' : 'us_gaap',
    filingDates: [...endsByFiled.keys()].sort(),
    used: used.length,
    endsByFiled,
  };
}
