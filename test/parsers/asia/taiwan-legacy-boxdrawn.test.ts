import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLegacyStatement } from '../../../parsers/taiwan/legacy-statement.ts';
import { subtractDecimal } from '../../../parsers/taiwan/quarters.ts';

// A real pre-IFRS MOPS cash-flow statement of a shape no other fixture has (fixtures/taiwan/MANIFEST.tsv):
// ASUS (2357) 2009 Q1, drawn with box characters, its period written once per year, its unit with an ASCII
// colon. Every figure is read by hand from the page (fixtures/taiwan/LABELS-legacy.tsv, committed before
// the parser ran: first measure, a ParseError on the period line).
const F = 'legacy_cashflow_2357_ROC98Q1_2009Q1_boxdrawn.html';
const page = () =>
  parseLegacyStatement(readFileSync(new URL(`../../../fixtures/taiwan/${F}`, import.meta.url), 'utf8'), F);

describe('pre-IFRS MOPS statement drawn with box characters (ASUS 2009 Q1)', () => {
  it('period once per year ("民國九十八年一月一日至三月三十一日 及民國九十七年…"): 2009, season 1; basis from 合併現金流量表', () => {
    const s = page();
    expect([s.year, s.season, s.basis]).toEqual([2009, 1, 'consolidated']);
  });

  it('box cells read as the plain layout: amounts, "$", parentheses glued to "│"', () => {
    const line = (l: string) => page().lines.find((x) => x.label === l);
    expect(line('合併總淨利')).toMatchObject({ current: '967948', prior: '7893823' });
    expect(line('營業活動之淨現金流入(出)')).toMatchObject({ current: '33038069', prior: '7665371' });
    expect(line('投資活動之淨現金流入(出)')).toMatchObject({ current: '-1806594', prior: '-3055297' });
    expect(line('融資活動之淨現金流入(出)')).toMatchObject({ current: '-16064599', prior: '3477342' });
    // the closing balance is the opening one plus the change the page prints (49,718,467 + 15,136,947)
    const closing = line('期末現金及約當現金餘額')!;
    expect(closing).toMatchObject({ current: '64855414', prior: '51410369' });
    expect(subtractDecimal(closing.current!, line('期初現金及約當現金餘額')!.current!)).toBe(
      line('本期現金及約當現金增加數')!.current,
    );
    // rule rows ("│  ───────│────────│") and the column header are no lines
    expect(page().lines.some((l) => /─|^項\s*目$/.test(l.label))).toBe(false);
    // a dash is no amount: "合併借項(增加)減少 │ - │ (7,385)"
    expect(line('合併借項(增加)減少')).toMatchObject({ current: null, prior: '-7385' });
  });
});
