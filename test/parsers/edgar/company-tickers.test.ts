import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import {
  parseCompanyTickers,
  parseCompanyTickersExchange,
  type TickerEntry,
} from '../../../parsers/edgar/company-tickers.ts';

const FETCHED_AT = '2024-06-01T12:00:00.000Z';
function fixture(path: string) {
  const text = readFileSync(new URL(`../../../fixtures/upstream/${path}`, import.meta.url), 'utf8');
  return { text, ctx: { url: `https://${path}`, fetchedAt: FETCHED_AT } };
}

function summary(rows: TickerEntry[], warnings: string[]) {
  const perExchange: Record<string, number> = {};
  for (const r of rows) perExchange[String(r.exchange)] = (perExchange[String(r.exchange)] ?? 0) + 1;
  return {
    count: rows.length,
    distinctCiks: new Set(rows.map((r) => r.cik)).size,
    perExchange,
    first: rows.slice(0, 5),
    last: rows.slice(-3),
    warnings,
  };
}

describe('parseCompanyTickersExchange (www.sec.gov/files/company_tickers_exchange.json)', () => {
  const { text, ctx } = fixture('www.sec.gov/files/company_tickers_exchange.json');
  const { rows, warnings } = parseCompanyTickersExchange(text, ctx);

  it('matches the golden summary', async () => {
    await expect(JSON.stringify(summary(rows, warnings), null, 2)).toMatchFileSnapshot(
      '../../../fixtures/golden/edgar/company-tickers-exchange.json',
    );
  });

  it('pads the integer CIK and keeps the market-value order', () => {
    expect(rows).toHaveLength(9441);
    expect(warnings).toEqual([]);
    expect(rows[0]).toEqual({ cik: '0000320193', name: 'Apple Inc.', ticker: 'AAPL', exchange: 'Nasdaq' });
    expect(rows[1]).toEqual({
      cik: '0000789019',
      name: 'MICROSOFT CORP',
      ticker: 'MSFT',
      exchange: 'Nasdaq',
    });
  });

  it('keeps several tickers per CIK, primary first (BRK-B before BRK-A)', () => {
    const brk = rows.filter((r) => r.cik === '0001067983');
    expect(brk.map((r) => r.ticker)).toEqual(['BRK-B', 'BRK-A']);
    expect(brk[0]!.exchange).toBe('NYSE');
  });

  it("turns the '' exchange into null (861 rows)", () => {
    expect(rows.filter((r) => r.exchange === null)).toHaveLength(861);
    expect(rows.find((r) => r.ticker === 'PTCAY')).toEqual({
      cik: '0001547873',
      name: 'PT Chandra Asri Petrochemical Tbk/ADR',
      ticker: 'PTCAY',
      exchange: null,
    });
    expect(rows.filter((r) => r.exchange === 'Cboe US')).toHaveLength(11);
  });

  it('throws ParseError on another shape', () => {
    expect(() => parseCompanyTickersExchange('{"0":{"cik_str":1}}', ctx)).toThrow(ParseError);
    expect(() => parseCompanyTickersExchange('{"fields":["a"],"data":[]}', ctx)).toThrow(/unknown fields/);
    expect(() => parseCompanyTickersExchange('<html>', ctx)).toThrow(ParseError);
  });

  it('warns about a bad row instead of dropping it silently', () => {
    const r = parseCompanyTickersExchange(
      '{"fields":["cik","name","ticker","exchange"],"data":[[320193,"Apple Inc.","AAPL",""],["x","y","Z","NYSE"]]}',
      ctx,
    );
    expect(r.rows).toEqual([{ cik: '0000320193', name: 'Apple Inc.', ticker: 'AAPL', exchange: null }]);
    expect(r.warnings).toEqual(['data[1]: bad cik "x", skipped']);
  });
});

describe('parseCompanyTickers (www.sec.gov/files/company_tickers.json)', () => {
  const { text, ctx } = fixture('www.sec.gov/files/company_tickers.json');
  const { rows, warnings } = parseCompanyTickers(text, ctx);

  it('matches the golden summary', async () => {
    await expect(JSON.stringify(summary(rows, warnings), null, 2)).toMatchFileSnapshot(
      '../../../fixtures/golden/edgar/company-tickers.json',
    );
  });

  it('reads every row in key order, with no exchange', () => {
    expect(rows).toHaveLength(9610);
    expect(warnings).toEqual([]);
    expect(rows[0]).toEqual({ cik: '0000789019', name: 'MICROSOFT CORP', ticker: 'MSFT', exchange: null });
    expect(rows.at(-1)).toEqual({
      cik: '0001819074',
      name: 'ParcelPal Logistics Inc.',
      ticker: 'PTNYD',
      exchange: null,
    });
    expect(rows.filter((r) => r.cik === '0001067983').map((r) => r.ticker)).toEqual(['BRK-B', 'BRK-A']);
  });
});
