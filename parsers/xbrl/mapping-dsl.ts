import type { StatementKind } from './types.ts';

/** Types and shorthands of the declarative mapping (see mapping.ts for the rules). */

export type Industry = 'bank' | 'insurance' | 'reit' | 'utility';

/** `us-gaap:Revenues`, `ifrs-full:Revenue`. */
export interface ConceptCandidate {
  c: string;
  /** -1 when the XBRL sign is the opposite of the field's (payments in the cash-flow statement). */
  sign?: -1;
  /** Only for periods ending on or after / on or before this date (taxonomy changes such as ASC 606). */
  from?: string;
  until?: string;
  /** Only when these fields are null for the period (e.g. ProfitLoss as net income only without NCI). */
  onlyIfNull?: string[];
}

/** A sum of reported components; `minPresent` components must have a value (default: all of them). */
export interface SumCandidate {
  sum: Array<{ c: string; sign?: -1 }>;
  minPresent?: number;
}

export type Candidate = ConceptCandidate | SumCandidate;

/** field = sum of sign * other field; `optional` terms count as absent (not zero) when null. */
export interface Derivation {
  terms: Array<{ field: string; sign: 1 | -1; optional?: true }>;
  /** Only for these industries (all when omitted). */
  industries?: Industry[];
}

export interface FieldSpec {
  field: string;
  statement: StatementKind;
  /** flow: additive over time (Q4 = FY - 9M allowed); duration: per-share / averages (never derived by
   * subtraction); instant: a balance at the period end. */
  kind: 'flow' | 'duration' | 'instant';
  unit: 'money' | 'per_share' | 'shares';
  usGaap: Candidate[];
  ifrs: Candidate[];
  /** Replaces `usGaap` for that industry (an empty list means: not meaningful, leave null). */
  industries?: Partial<Record<Industry, Candidate[]>>;
  derive?: Derivation[];
  /** The plain concept candidates are names of one line: once a filing that tags nothing under an earlier one
   * re-tags one of its periods under a later-listed one (`FactIndex.renamed`), a figure filed later under the later
   * one by such a filing replaces the earlier one's figure for that period (resolve.ts `lookup`). */
  renames?: true;
  /** Why and how, for the docs (sign, scope). */
  note?: string;
}

/** Concept shorthands used by the tables. */
export const g = (name: string, extra: Omit<ConceptCandidate, 'c'> = {}): ConceptCandidate => ({
  c: `us-gaap:${name}`,
  ...extra,
});
export const ifrs = (name: string, extra: Omit<ConceptCandidate, 'c'> = {}): ConceptCandidate => ({
  c: `ifrs-full:${name}`,
  ...extra,
});
export const neg = (c: ConceptCandidate): ConceptCandidate => ({ ...c, sign: -1 });
export const sum = (parts: Array<ConceptCandidate>, minPresent?: number): SumCandidate => ({
  sum: parts.map((p) => (p.sign ? { c: p.c, sign: p.sign } : { c: p.c })),
  ...(minPresent === undefined ? {} : { minPresent }),
});
export const plus = (field: string) => ({ field, sign: 1 as const });
export const minus = (field: string) => ({ field, sign: -1 as const });
export const opt = <T extends { field: string; sign: 1 | -1 }>(t: T) => ({ ...t, optional: true as const });
