import { describe, expect, it } from 'vitest';
import { heldOutSet } from './held-out-set.ts';

/**
 * Held-out set 34 (fixtures/earnings/held-out-34/MANIFEST.tsv: an oil major's summary rows printed figures first, a June
 * fiscal year's fourth quarter and year, Q2 beside H1 highlights, "($1000s)" and "(In thousands ...)" tables, a September
 * fiscal year's third quarter, a biotech's collaboration revenue, a net income beside the one attributable to the company)
 * with the format rules of earnings-release/60. Every expected value was read by hand from the file
 * (labels-heldout-34.tsv, periods.tsv, currency.tsv, committed in 463e1754 before the parser first ran on set 34); each
 * case fails on earnings-release/58 (the first read, 27/40) unless it says it guards.
 */
const set34 = heldOutSet('held-out-34');

describe('earnings release parser: held-out set 34 formats', () => {
  it('Shell Q1 2025: "4,780 928 7,358 +415 Income/(loss) attributable to Shell plc shareholders" under "Quarters $ million"', () => {
    const name = 'SHELL_Q1-2025_QRA_researchagents_excerpt.txt';
    const r = set34.parse(name);
    // The first read took "identified items amounting to a net loss of $0.8 billion" for the company's net income.
    expect(set34.value(r, 'Q1', 'net_income', 'gaap')).toBe(4_780_000_000);
    expect(set34.value(r, 'Q1', 'net_income', 'non_gaap')).toBe(5_577_000_000);
    expect(set34.value(r, 'Q1', 'eps_basic', 'gaap')).toBe(0.79);
    expect(r.release).toMatchObject({ fiscal_period: 'Q1', fiscal_year: 2025 });
    set34.evidenceHolds(name, r);
  });

  it('Strattec fiscal Q4 2026: "sales of $151.8 million was better than expected ...; achieved sales of $579.4 million for fiscal year 2026"', () => {
    const name = 'STRT_8-K_2026-08-25_Q4-FY2026_EX-99.1_excerpt.txt';
    const r = set34.parse(name);
    // The first read dropped both sales sentences ("better than expected" read as a forecast) and filed "fourth quarter
    // fiscal 2026 net income ... $8.4 million" as the year's.
    expect(set34.value(r, 'Q4', 'revenue', 'gaap')).toBe(151_800_000);
    expect(set34.value(r, 'FY', 'revenue', 'gaap')).toBe(579_400_000);
    expect(set34.value(r, 'Q4', 'net_income', 'non_gaap')).toBe(8_400_000);
    expect(set34.value(r, 'FY', 'net_income', 'non_gaap')).toBeUndefined();
    // Guards: "$3.9 million, or $0.95 per diluted share", adjusted $2.06, the year ended June 28, 2026.
    expect(set34.value(r, 'Q4', 'eps_diluted', 'gaap')).toBe(0.95);
    expect(set34.value(r, 'Q4', 'eps_diluted', 'non_gaap')).toBe(2.06);
    expect(r.release).toMatchObject({ fiscal_period: 'Q4', fiscal_year: 2026, period_end: '2026-06-28' });
    set34.evidenceHolds(name, r);
  });

  it('PPHC Q2 2026: "Revenue increased 7.3% over Q2 2025 to $52.1 million", "Adjusted EPS, fully diluted of $0.34"', () => {
    const name = 'PPHC_8-K_2026-08-10_Q2-H1-2026_EX-99.1_excerpt.txt';
    const r = set34.parse(name);
    expect(set34.value(r, 'Q2', 'revenue', 'gaap')).toBe(52_100_000);
    expect(set34.value(r, 'Q2', 'eps_diluted', 'non_gaap')).toBe(0.34);
    // Guards: the quarter's loss, not the half year's $15.2 million.
    expect(set34.value(r, 'Q2', 'net_income', 'gaap')).toBe(-3_700_000);
    expect(set34.value(r, 'Q2', 'eps_diluted', 'gaap')).toBe(-0.19);
    set34.evidenceHolds(name, r);
  });

  it("Karat Packaging Q2 2026: net income attributable to the company beats the net income with the minority's share", () => {
    const name = 'KRT_8-K_2026-08-06_Q2-2026_EX-99.1_excerpt.txt';
    const r = set34.parse(name);
    expect(set34.value(r, 'Q2', 'net_income', 'gaap')).toBe(29_300_000);
    // Guards: "$1.46 per diluted share", "Net sales for the 2026 second quarter ... $136.3 million" (not the half's).
    expect(set34.value(r, 'Q2', 'eps_diluted', 'gaap')).toBe(1.46);
    expect(set34.value(r, 'Q2', 'revenue', 'gaap')).toBe(136_300_000);
    set34.evidenceHolds(name, r);
  });

  it('Assembly Biosciences Q2 2026: "Collaboration revenue from a related party | 13,374" in thousands', () => {
    const name = 'ASMB_8-K_2026-08-13_Q2-2026_EX-99.1_excerpt.txt';
    const r = set34.parse(name);
    expect(set34.value(r, 'Q2', 'revenue', 'gaap')).toBe(13_374_000);
    // Guards: the statement's net loss and its per-share loss of both kinds.
    expect(set34.value(r, 'Q2', 'net_income', 'gaap')).toBe(-3_857_000);
    expect(set34.value(r, 'Q2', 'eps_basic', 'gaap')).toBe(-0.2);
    set34.evidenceHolds(name, r);
  });
});
