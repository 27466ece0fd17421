import type { Resolved } from './resolve.ts';
import type { Grain, StatementKind } from './types.ts';

/**
 * Accounting identities and sanity checks on every annual and quarterly row. A failure is a WARNING stored
 * with the row: reported facts are never overwritten to make a row balance or look plausible. Identities
 * are checked only when the terms were reported (a derived total_liabilities satisfies the balance identity
 * by construction, so checking it would prove nothing). Tolerance: 0.05% of the larger side, at least 2
 * units (rounding of figures reported in thousands/millions).
 * Sanity: revenue is never negative (a negative derived quarter is already rejected in resolve.ts; a
 * negative REPORTED or year-level figure is kept as filed and flagged: a sign or scale error upstream).
 */

const REL = 0.0005;

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(2, REL * Math.max(Math.abs(a), Math.abs(b)));
}

export function identityWarnings(kind: StatementKind, end: string, grain: Grain, r: Resolved): string[] {
  const v = r.values;
  const reported = (f: string) => v[f] !== null && v[f] !== undefined && r.sources[f]?.kind === 'reported';
  const out: string[] = [];
  const where = `${grain} ${end}`;
  if (kind === 'balance' && reported('total_assets') && reported('total_liabilities')) {
    const equity = v._equity_incl_nci;
    if (equity !== null && equity !== undefined) {
      const rhs = v.total_liabilities! + equity + (v._temporary_equity ?? 0);
      if (!close(v.total_assets!, rhs)) {
        out.push(
          `identity ${where}: total_assets ${v.total_assets} != total_liabilities ${v.total_liabilities} + equity incl. NCI ${equity}` +
            `${v._temporary_equity ? ` + temporary equity ${v._temporary_equity}` : ''} (diff ${v.total_assets! - rhs})`,
        );
      }
    }
  }
  if (kind === 'balance' && reported('total_assets') && reported('_liabilities_and_equity')) {
    if (!close(v.total_assets!, v._liabilities_and_equity!)) {
      out.push(
        `identity ${where}: total_assets ${v.total_assets} != liabilities and equity ${v._liabilities_and_equity}`,
      );
    }
  }
  if (kind === 'income' && reported('gross_profit') && reported('revenue') && reported('cost_of_revenue')) {
    if (!close(v.gross_profit!, v.revenue! - v.cost_of_revenue!)) {
      out.push(
        `identity ${where}: gross_profit ${v.gross_profit} != revenue ${v.revenue} - cost_of_revenue ${v.cost_of_revenue}`,
      );
    }
  }
  if (kind === 'income' && v.revenue !== null && v.revenue !== undefined && v.revenue < 0) {
    out.push(`check ${where}: revenue ${v.revenue} is negative (${r.sources.revenue?.kind ?? 'reported'})`);
  }
  const flows = [
    'net_cash_flow_from_operations',
    'net_cash_flow_from_investing',
    'net_cash_flow_from_financing',
  ];
  if (
    kind === 'cash_flow' &&
    flows.every((f) => v[f] !== null && v[f] !== undefined) &&
    v.change_in_cash_and_equivalents != null
  ) {
    const total = flows.reduce((a, f) => a + v[f]!, 0) + (v.effect_of_exchange_rate_changes ?? 0);
    if (!close(total, v.change_in_cash_and_equivalents)) {
      out.push(
        `identity ${where}: operating + investing + financing + fx = ${total} != change_in_cash_and_equivalents ${v.change_in_cash_and_equivalents}`,
      );
    }
  }
  return out;
}
