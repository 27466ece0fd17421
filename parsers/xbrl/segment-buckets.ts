/**
 * Filers tag subtotals on the same axis as their components: Apple's `ProductMember` (iPhone + Mac + iPad +
 * Wearables) beside those four, Tesla's `AutomotiveRevenuesMember` beside automotive sales, leasing and
 * regulatory credits. Listing both makes the buckets add up to far more than the company's revenue. The
 * instance carries no hierarchy (that lives in the presentation/definition linkbases, which the job does not
 * fetch), so a member is recognised as a subtotal by its numbers: its value is the sum of two or more
 * smaller members of the same axis, concept and period.
 *
 * Coincidences are guarded three times: nothing is removed without the reported total; nothing once the
 * buckets add up to it (a breakdown that already foots is left alone, even if one segment happens to equal
 * two others) or when they add up to less; and removals stand only if the leaves then add up to the total.
 * Subtotals are removed largest first, so a grand total goes before the subtotals it contains.
 */

export interface MemberValue {
  member: string;
  value: number;
  /** XBRL `decimals` of the fact: -6 = rounded to millions. */
  decimals: string | null;
}

export interface LeafResult {
  leaves: MemberValue[];
  /** The members removed as subtotals, with the members they add up to. */
  subtotals: Array<{ member: string; of: string[] }>;
}

/** Depth-first subset-sum visits allowed per candidate subtotal (bounds the worst case of wide axes). */
const SEARCH_BUDGET = 200_000;

/** The rounding a fact admits: one unit of its last reported digit (`decimals` -6 -> 1,000,000). */
export function tolerance(decimals: string | null): number {
  if (decimals === null || decimals === 'INF') return 0;
  const d = Number(decimals);
  return Number.isFinite(d) ? 10 ** -d : 0;
}

const total = (xs: MemberValue[]) => xs.reduce((a, b) => a + b.value, 0);

export function leafMembers(
  items: MemberValue[],
  reported?: { value: number; decimals: string | null },
): LeafResult {
  // Without the reported total there is nothing to check a removal against: US 300 = Europe 200 + Asia 100
  // would be read as a subtotal. The members are kept as filed.
  if (!reported) return { leaves: [...items], subtotals: [] };
  const current = [...items].sort((a, b) => b.value - a.value || a.member.localeCompare(b.member));
  const subtotals: LeafResult['subtotals'] = [];
  const tooBig = () => total(current) > reported.value + tolerance(reported.decimals);
  while (current.length > 2 && tooBig()) {
    let removed = false;
    for (const p of current) {
      if (p.value <= 0) continue;
      const smaller = current.filter((c) => c !== p && c.value > 0 && c.value < p.value);
      const parts = subsetSum(smaller, p.value, tolerance(p.decimals));
      if (!parts) continue;
      current.splice(current.indexOf(p), 1);
      subtotals.push({ member: p.member, of: parts.map((x) => x.member) });
      removed = true;
      break;
    }
    if (!removed) break;
  }
  // Removals stand only when the leaves then add up to the total (each leaf may be off by its rounding): a
  // breakdown above the total for another reason (intersegment sales, eliminations) must not lose a member
  // that merely equals the sum of others.
  const rounding = current.reduce((n, x) => n + tolerance(x.decimals), tolerance(reported.decimals));
  if (subtotals.length > 0 && Math.abs(total(current) - reported.value) > rounding) {
    return { leaves: [...items], subtotals: [] };
  }
  return { leaves: current, subtotals };
}

/** Two or more of `xs` (positive, sorted descending) adding up to `target` within `tol`; null if none. */
function subsetSum(xs: MemberValue[], target: number, tol: number): MemberValue[] | null {
  const suffix: number[] = new Array(xs.length + 1).fill(0);
  for (let i = xs.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + xs[i]!.value;
  let visits = 0;
  const picked: MemberValue[] = [];
  const walk = (i: number, sum: number): boolean => {
    if (picked.length >= 2 && Math.abs(sum - target) <= tol) return true;
    if (i >= xs.length || ++visits > SEARCH_BUDGET) return false;
    if (sum + suffix[i]! < target - tol) return false;
    for (let j = i; j < xs.length; j++) {
      const v = xs[j]!.value;
      if (sum + v > target + tol) continue;
      picked.push(xs[j]!);
      if (walk(j + 1, sum + v)) return true;
      picked.pop();
      if (visits > SEARCH_BUDGET) return false;
    }
    return false;
  };
  return walk(0, 0) ? [...picked] : null;
}
