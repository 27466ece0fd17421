/**
 * Every calendar quarter from `from` to `to` inclusive, both `YYYYQn`: `2023Q4`, `2024Q1`, ... (EDGAR's
 * index quarters, Taiwan's filing seasons).
 */
export function quartersBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let q = Number(from.slice(5));
  const endY = Number(to.slice(0, 4));
  const endQ = Number(to.slice(5));
  while (y < endY || (y === endY && q <= endQ)) {
    out.push(`${y}Q${q}`);
    q++;
    if (q > 4) {
      q = 1;
      y++;
    }
  }
  return out;
}
