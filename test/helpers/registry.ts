import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Database } from '../../lib/db.ts';
import { companyId, companyIdForCik } from '../../lib/ids.ts';
import { loadRegistry } from '../../loaders/companies.ts';
import { parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { registryFromTickers } from '../../parsers/edgar/registry.ts';
import { companies, companyEvents, companyIdentifiers, companyListings } from '../../schema/companies.ts';

/**
 * Seeds the company registry from real values: the first `take` tickers of SEC's captured
 * company_tickers_exchange.json through the real parser and loader, plus a few real facts the ticker file
 * does not carry (Apple's ISIN and split, Meta's former ticker FB, TSMC on TWSE, GlobalWafers on TPEx,
 * Samsung Electronics with its DART corp code).
 */
const FILE = new URL(
  '../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json',
  import.meta.url,
);

export const APPLE_ID = companyIdForCik('0000320193');
export const META_ID = companyIdForCik('0001326801');
export const BERKSHIRE_ID = companyIdForCik('0001067983');
export const TSMC_TW_ID = companyId({ scheme: 'twse', value: '2330' });
export const GLOBALWAFERS_ID = companyId({ scheme: 'tpex', value: '6488' });
export const SAMSUNG_ID = companyId({ scheme: 'dart', value: '00126380' });

/** The first `take` companies of SEC's captured ticker file, and the companies of `alsoCiks` wherever they are in it. */
export async function seedRegistry(
  database: Database,
  take = 300,
  alsoCiks: number[] = [],
): Promise<{ companies: number }> {
  const url = 'https://www.sec.gov/files/company_tickers_exchange.json';
  const parsed = parseCompanyTickersExchange(readFileSync(FILE, 'utf8'), {
    url,
    fetchedAt: '2026-01-30T06:00:00Z',
  });
  const also = new Set(alsoCiks);
  const ciks = new Set(parsed.rows.filter((r, i) => i < take || also.has(Number(r.cik))).map((r) => r.cik));
  const entries = parsed.rows.filter((r) => ciks.has(r.cik));
  const rows = registryFromTickers(entries, '2026-01-30', url, new Date('2026-01-30T06:00:00Z'));
  await database.db.transaction((tx) => loadRegistry(tx, rows, 'tickers'));

  const db = database.db;
  await db.update(companies).set({ country: 'US' }).where(eq(companies.companyId, APPLE_ID));
  await db.update(companies).set({ country: 'US' }).where(eq(companies.companyId, META_ID));
  await db.insert(companyIdentifiers).values([
    {
      companyId: APPLE_ID,
      idType: 'ISIN',
      idValue: 'US0378331005',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
    { companyId: META_ID, idType: 'TICKER', idValue: 'FB', source: 'sec', confidence: 'high', isCurrent: 0 },
  ]);
  await db.insert(companyListings).values({
    companyId: META_ID,
    symbol: 'FB',
    exchange: 'NASDAQ',
    market: 'US',
    status: 'inactive',
    validFrom: '2012-05-18',
    validTo: '2022-06-08',
  });
  await db.insert(companyEvents).values([
    {
      companyId: APPLE_ID,
      eventType: 'split',
      eventDate: '2020-08-31',
      symbol: 'AAPL',
      ratio: '4:1',
      detail: '4-for-1 stock split',
      source: 'sec',
    },
    {
      companyId: APPLE_ID,
      eventType: 'split',
      eventDate: '2014-06-09',
      symbol: 'AAPL',
      ratio: '7:1',
      detail: '7-for-1 stock split',
      source: 'sec',
    },
    {
      companyId: META_ID,
      eventType: 'ticker_change',
      eventDate: '2022-06-09',
      symbol: 'META',
      detail: 'FB -> META',
      source: 'sec',
    },
  ]);

  const base = { asOfDate: '2026-01-30', fetchedAt: new Date('2026-01-30T06:00:00Z'), nListings: 1 };
  await db.insert(companies).values([
    {
      ...base,
      companyId: TSMC_TW_ID,
      companyName: 'Taiwan Semiconductor Manufacturing Co., Ltd.',
      country: 'TW',
      primaryTicker: '2330.TW',
      primaryExchange: 'TWSE',
      currency: 'TWD',
      sourceUrl: 'https://isin.twse.com.tw/',
    },
    {
      ...base,
      companyId: GLOBALWAFERS_ID,
      companyName: 'GlobalWafers Co., Ltd.',
      country: 'TW',
      primaryTicker: '6488.TWO',
      primaryExchange: 'TPEx',
      currency: 'TWD',
      sourceUrl: 'https://isin.twse.com.tw/',
    },
    {
      ...base,
      companyId: SAMSUNG_ID,
      companyName: 'Samsung Electronics Co., Ltd.',
      country: 'KR',
      primaryTicker: '005930.KS',
      primaryExchange: 'KRX',
      currency: 'KRW',
      sourceUrl: 'https://opendart.fss.or.kr/',
    },
  ]);
  await db.insert(companyListings).values([
    { companyId: TSMC_TW_ID, symbol: '2330.TW', exchange: 'TWSE', market: 'TW', status: 'active' },
    { companyId: GLOBALWAFERS_ID, symbol: '6488.TWO', exchange: 'TPEx', market: 'TW', status: 'active' },
    { companyId: SAMSUNG_ID, symbol: '005930.KS', exchange: 'KRX', market: 'KR', status: 'active' },
  ]);
  await db.insert(companyIdentifiers).values([
    {
      companyId: TSMC_TW_ID,
      idType: 'TICKER',
      idValue: '2330.TW',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
    {
      companyId: TSMC_TW_ID,
      idType: 'ISIN',
      idValue: 'TW0002330008',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
    {
      companyId: GLOBALWAFERS_ID,
      idType: 'TICKER',
      idValue: '6488.TWO',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
    {
      companyId: SAMSUNG_ID,
      idType: 'DART_CORP',
      idValue: '00126380',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
    {
      companyId: SAMSUNG_ID,
      idType: 'TICKER',
      idValue: '005930.KS',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
    {
      companyId: SAMSUNG_ID,
      idType: 'ISIN',
      idValue: 'KR7005930003',
      source: 'registry',
      confidence: 'high',
      isCurrent: 1,
    },
  ]);
  return { companies: ciks.size + 3 };
}
