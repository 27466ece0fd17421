import {
  BALANCE_VALUE_FIELDS,
  CASH_FLOW_VALUE_FIELDS,
  INCOME_VALUE_FIELDS,
} from '../../lib/statement-fields.ts';
import { BALANCE_FIELDS } from './mapping-balance.ts';
import { CASH_FLOW_FIELDS } from './mapping-cash-flow.ts';
import type { Candidate, FieldSpec, Industry } from './mapping-dsl.ts';
import { INCOME_FIELDS } from './mapping-income.ts';
import type { StatementKind } from './types.ts';

/**
 * The declarative XBRL -> statement-field mapping. Data only: the engine in `resolve.ts` reads it.
 *
 * For each field, candidates are tried in order for each period and the first one with a value wins
 * (a period may use another candidate than its neighbours: that is how SalesRevenueNet gives way to the
 * ASC 606 tag). A candidate is one concept (optionally negated, optionally valid only for periods ending
 * inside [from, until]) or a sum of reported components (marked derived). After all candidates, `derive`
 * formulas over other fields fill the field ONLY when nothing was reported (marked derived).
 *
 * Sign convention (documented per field in the tables):
 * - income statement: as presented, expenses positive (cost_of_revenue, interest_expense, income_tax_expense
 *   are positive numbers when they are costs), incomes positive, losses negative;
 * - balance sheet: as presented (assets, liabilities positive; accumulated deficit / AOCI losses negative);
 * - cash flow: the direction of cash: inflows positive, outflows NEGATIVE. XBRL `PaymentsTo...` concepts are
 *   positive numbers for outflows, so they are negated (capital_expenditure = -PaymentsToAcquirePPE is
 *   negative), and free_cash_flow = net_cash_flow_from_operations + capital_expenditure.
 *
 * Fields starting with `_` are helpers the formulas need; they are never output.
 */

export type {
  Candidate,
  ConceptCandidate,
  Derivation,
  FieldSpec,
  Industry,
  SumCandidate,
} from './mapping-dsl.ts';

export const FIELD_SPECS: readonly FieldSpec[] = [...INCOME_FIELDS, ...BALANCE_FIELDS, ...CASH_FLOW_FIELDS];

/** Output order of the value fields, exactly as spec 2.5 lists them. */
export const FIELDS_BY_STATEMENT: Record<StatementKind, readonly string[]> = {
  income: INCOME_VALUE_FIELDS,
  balance: BALANCE_VALUE_FIELDS,
  cash_flow: CASH_FLOW_VALUE_FIELDS,
};

export const SPECS_BY_STATEMENT: Record<StatementKind, readonly FieldSpec[]> = {
  income: INCOME_FIELDS,
  balance: BALANCE_FIELDS,
  cash_flow: CASH_FLOW_FIELDS,
};

/** SIC code ranges -> industry variant of the mapping (data; inclusive ranges). */
export const INDUSTRY_BY_SIC: ReadonlyArray<{ from: number; to: number; industry: Industry }> = [
  { from: 6020, to: 6099, industry: 'bank' },
  { from: 6710, to: 6712, industry: 'bank' },
  { from: 6310, to: 6411, industry: 'insurance' },
  { from: 6798, to: 6798, industry: 'reit' },
  { from: 4900, to: 4991, industry: 'utility' },
];

export function industryForSic(sic: string | undefined): Industry | null {
  const n = Number(sic);
  if (!sic || !Number.isInteger(n)) return null;
  return INDUSTRY_BY_SIC.find((r) => n >= r.from && n <= r.to)?.industry ?? null;
}

let mapped: ReadonlySet<string> | null = null;

/** Every `taxonomy:concept` the mapping can read (used to skip the rest of a companyfacts file). */
export function mappedConcepts(): ReadonlySet<string> {
  if (mapped) return mapped;
  const out = new Set<string>();
  const add = (list: Candidate[]) => {
    for (const c of list) {
      if ('sum' in c) for (const s of c.sum) out.add(s.c);
      else out.add(c.c);
    }
  };
  for (const spec of FIELD_SPECS) {
    add(spec.usGaap);
    add(spec.ifrs);
    for (const list of Object.values(spec.industries ?? {})) add(list);
  }
  mapped = out;
  return out;
}

let perShare: ReadonlySet<string> | null = null;

/**
 * Every `taxonomy:concept` the mapping reads only as a per-share amount (earnings or dividends per share): a fact
 * of one in a bare currency unit (companyfacts lists Sony's 20-F earnings per share in "JPY") is an amount per
 * share in that currency.
 */
export function perShareConcepts(): ReadonlySet<string> {
  if (perShare) return perShare;
  const byUnit = { per_share: new Set<string>(), other: new Set<string>() };
  for (const spec of FIELD_SPECS) {
    const into = spec.unit === 'per_share' ? byUnit.per_share : byUnit.other;
    const lists = [spec.usGaap, spec.ifrs, ...Object.values(spec.industries ?? {})];
    for (const list of lists)
      for (const c of list) {
        if ('sum' in c) for (const s of c.sum) into.add(s.c);
        else into.add(c.c);
      }
  }
  perShare = new Set([...byUnit.per_share].filter((c) => !byUnit.other.has(c)));
  return perShare;
}
