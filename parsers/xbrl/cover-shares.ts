import type { InstanceDocument } from './instance.ts';

/**
 * The cover page's share counts of one 10-K/10-Q XBRL instance (standalone or inline), per class of stock:
 * `dei:EntityCommonStockSharesOutstanding`, with the class member of its `StatementClassOfStockAxis`
 * (null when the count carries no class: the company's one class of common stock), and the trading
 * symbols the same filing gives that class member (`dei:TradingSymbol` in the 12(b) table, the evidence
 * that links a class to a listing). A class without a symbol in the filing (Alphabet's class B) has
 * `symbols: []`: it is not listed, and nothing here guesses a symbol for it. Companyfacts cannot give
 * this: it drops every fact with a dimension, so a filer reporting per class has no count there at all.
 */
export interface ClassShares {
  /** `us-gaap:CommonClassAMember`; null for an undimensioned (single-class) count */
  shareClass: string | null;
  /** as-of date of the count (the context's instant) */
  endDate: string;
  shares: number;
  /** the class's trading symbols in this filing, upper case */
  symbols: string[];
}

const CLASS_AXIS = 'us-gaap:StatementClassOfStockAxis';

export function coverShares(doc: InstanceDocument): { rows: ClassShares[]; warnings: string[] } {
  const warnings: string[] = [];
  const symbols = new Map<string, Set<string>>();
  for (const t of doc.texts ?? []) {
    if (t.concept !== 'dei:TradingSymbol') continue;
    const member = t.dims[CLASS_AXIS] ?? null;
    const symbol = t.text.trim().toUpperCase();
    // a symbol of no class in a filing with one listing still names that listing (no axis at all)
    const key = member ?? '';
    if (symbol) symbols.set(key, (symbols.get(key) ?? new Set()).add(symbol));
  }
  const rows: ClassShares[] = [];
  for (const f of doc.facts) {
    if (f.concept !== 'dei:EntityCommonStockSharesOutstanding' || f.unit !== 'shares') continue;
    const axes = Object.keys(f.dims);
    if (axes.some((a) => a !== CLASS_AXIS) || f.typed) {
      warnings.push(`a share count on other axes (${axes.join(', ')}) skipped`);
      continue;
    }
    if (!(f.value > 0)) {
      warnings.push(`a share count of ${f.value} (context ${f.context}) skipped`);
      continue;
    }
    const shareClass = f.dims[CLASS_AXIS] ?? null;
    rows.push({
      shareClass,
      endDate: f.end,
      shares: f.value,
      symbols: [...(symbols.get(shareClass ?? '') ?? [])].sort(),
    });
  }
  if (rows.length === 0) warnings.push('no dei:EntityCommonStockSharesOutstanding on the cover page');
  return { rows, warnings };
}
