import { describe, expect, it } from 'vitest';
import { heldOutSet, guidanceRows as rows } from './held-out-set.ts';

// Guidance held-out set 3 (docs/earnings.md "Guidance held-out set 3"): real guidance texts transcribed from the page
// store (MANIFEST.tsv); every value below was read by hand from the file (labels-guidance-3.tsv) before any parser
// ran on it.
const read = (dir: string, file: string) => heldOutSet(dir).parse(file);

describe('guidance held-out set 3: tables read column by column', () => {
  it('GAAP | Reconciliation | non-GAAP over Low | Mid | High, a reconciliation cell in some rows only (Q1 2024)', () => {
    const got = rows(read('guidance-held-out-3', 'NXPI_Q1-2024-guidance_aeccafe_transcribed.txt'));
    expect(got).toContainEqual(['revenue', 'gaap', 'Q1 2024', 3_025_000_000, 3_225_000_000, null]);
    expect(got).toContainEqual(['revenue_growth', 'non_gaap', 'Q1 2024', -3, 3, null]);
    expect(got).toContainEqual(['gross_profit', 'non_gaap', 'Q1 2024', 1_739_000_000, 1_887_000_000, null]);
    expect(got).toContainEqual(['operating_income', 'gaap', 'Q1 2024', 775_000_000, 903_000_000, null]);
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'Q1 2024', 16.4, 17.4, null]);
    expect(got).toContainEqual(['diluted_shares', 'gaap', 'Q1 2024', 259_000_000, null, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q1 2024', 2.97, 3.38, null]);
    // No Mid cell, no Reconciliation cell, no "Financial Income (expense)" / "NCI & Other" row is a target.
    expect(got).toHaveLength(18);
  });

  it('New | Previous: only the New column, the target from the sentence introducing the table (fiscal 2024)', () => {
    const got = rows(read('guidance-held-out-3', 'OLLI_fiscal-2024-outlook_laohu8_transcribed.txt'));
    expect(got).toContainEqual(['revenue', 'unspecified', 'FY 2024', 2_270_000_000, 2_280_000_000, null]);
    expect(got).toContainEqual(['comparable_sales', 'unspecified', 'FY 2024', 2.7, 3, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'FY 2024', 3.22, 3.3, null]);
    expect(got).toContainEqual(['capex', 'unspecified', 'FY 2024', 104_000_000, null, null]);
    expect(got.some((g) => g[3] === 2_276_000_000 || g[4] === 3.2)).toBe(false);
  });

  it('GAAP | Non-GAAP columns under "the quarter ending June 30, 2023" and "the fiscal year ending December 31, 2023"', () => {
    const got = rows(read('guidance-held-out-3', 'ALTR_2023-Q2-and-FY-guidance_edacafe_transcribed.txt'));
    expect(got).toContainEqual(['revenue_growth', 'gaap', 'Q2 2023', -0.2, 5.1, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q2 2023', 1.35, 1.53, null]);
    expect(got).toContainEqual(['revenue', 'non_gaap', 'FY 2023', 2_242_000_000, 2_322_000_000, 'updated']);
    // "Revenue Growth Rate — Constant Currency" is no target.
    expect(got.some((g) => g[3] === 0.4)).toBe(false);
  });

  it('one cell per line: GAAP Measure | Non-GAAP Adjustments | Non-GAAP Measure, "- low" / "- high" rows (Q1 2023)', () => {
    const got = rows(read('guidance-held-out-3', 'SLAB_Q4-2022_outlook-Q1-2023_edacafe_transcribed.txt'));
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'Q1 2023', 0.36, 0.46, null]);
    expect(got).toContainEqual(['eps_diluted', 'non_gaap', 'Q1 2023', 1.07, 1.17, null]);
    expect(got).toContainEqual(['tax_rate', 'non_gaap', 'Q1 2023', 23, null, null]);
    // The caption row above the "Business Outlook |" title line: "(In millions, except per share data)".
    expect(got).toContainEqual(['operating_expenses', 'gaap', 'Q1 2023', 139_000_000, null, null]);
    expect(got.some((g) => g[3] === 0.71 || g[3] === -8)).toBe(false);
  });

  it('one cell per line: Q2 2019 | Previous | Revised columns, the status for the Revised column only (set 2, USANA)', () => {
    const got = rows(read('guidance-held-out-2', 'USNA_8-K_2019-07-02_EX-99.1_transcribed.txt'));
    expect(got).toContainEqual([
      'revenue',
      'unspecified',
      'FY 2019',
      1_020_000_000,
      1_060_000_000,
      'updated',
    ]);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'FY 2019', 3.7, 4.1, 'updated']);
    expect(got).toContainEqual(['eps_diluted', 'unspecified', 'Q2 2019', 0.91, 0.95, null]);
    expect(got.some((g) => g[3] === 5)).toBe(false);
  });

  it('a basis stated after the value ("on a GAAP basis", "(GAAP)"), "income from operations" (Repligen 2023)', () => {
    const got = rows(read('guidance-held-out-3', 'RGEN_2023-guidance_blogspot_transcribed.txt'));
    expect(got).toContainEqual(['gross_margin', 'gaap', 'FY 2023', 49.5, 50.5, 'lowered']);
    expect(got).toContainEqual(['operating_income', 'gaap', 'FY 2023', 57_000_000, 63_000_000, 'lowered']);
    expect(got).toContainEqual(['net_income', 'gaap', 'FY 2023', 57_000_000, 61_000_000, 'lowered']);
    expect(got).toContainEqual(['eps_diluted', 'gaap', 'FY 2023', 1, 1.08, 'lowered']);
  });

  it('"expected to expand to at least 15% by Fiscal 2025" is a floor: low 15, high and point null (Ralph Lauren 2022)', () => {
    const r = read('guidance-held-out-3', 'RL_2022-09-19_long-term-targets_seekingalpha_transcribed.txt');
    const margin = r.guidance.find((g) => g.metric === 'operating_margin');
    expect(margin).toMatchObject({
      target_fiscal_period: 'FY',
      target_fiscal_year: 2025,
      low: 15,
      high: null,
      point: null,
      unit: 'percent',
    });
  });
});
