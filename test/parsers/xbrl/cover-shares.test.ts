import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverShares } from '../../../parsers/xbrl/cover-shares.ts';
import { parseInstance } from '../../../parsers/xbrl/instance.ts';

const EDGAR = 'fixtures/upstream/www.sec.gov/Archives/edgar/data';
const cover = (path: string) =>
  coverShares(parseInstance(readFileSync(`${EDGAR}/${path}`, 'utf8'), { document: path, texts: true }));

describe('cover-page share counts per class of stock', () => {
  it("Alphabet's 10-K for 2023 (inline): three classes, A and C linked to their symbols, B unlisted", () => {
    // cover page: "... 5,893 million shares of Alphabet's Class A stock outstanding, 869 million shares of
    // Alphabet's Class B stock outstanding, and 5,671 million shares of the Alphabet's Class C stock
    // outstanding" (as of January 23, 2024); the 12(b) table lists Class A as GOOGL, Class C as GOOG
    const r = cover('1652044/000165204424000022/goog-20231231.htm');
    expect(r.rows).toEqual([
      {
        shareClass: 'us-gaap:CommonClassAMember',
        endDate: '2024-01-23',
        shares: 5_893_000_000,
        symbols: ['GOOGL'],
      },
      { shareClass: 'us-gaap:CommonClassBMember', endDate: '2024-01-23', shares: 869_000_000, symbols: [] },
      {
        shareClass: 'goog:CapitalClassCMember',
        endDate: '2024-01-23',
        shares: 5_671_000_000,
        symbols: ['GOOG'],
      },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("Apple's 10-Q for Q2 FY2025 (standalone instance): one undimensioned count, no class to link", () => {
    // "14,935,826,000 shares of common stock were issued and outstanding as of April 18, 2025"; the
    // symbol AAPL sits on the CommonStockMember row of the 12(b) table, next to notes with no symbol
    const r = cover('320193/000032019325000057/aapl-20250329_htm.xml');
    expect(r.rows).toEqual([
      { shareClass: null, endDate: '2025-04-18', shares: 14_935_826_000, symbols: [] },
    ]);
  });

  it('the inline primary document gives the same count as its extracted instance', () => {
    expect(cover('320193/000032019325000057/aapl-20250329.htm').rows).toEqual(
      cover('320193/000032019325000057/aapl-20250329_htm.xml').rows,
    );
  });
});
