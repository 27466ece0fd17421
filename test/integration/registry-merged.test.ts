import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { companyIdForCik } from '../../lib/ids.ts';
import { loadAsiaRegistry } from '../../loaders/asia.ts';
import { loadRegistry } from '../../loaders/companies.ts';
import { registryFromTickers } from '../../parsers/edgar/registry.ts';
import { parseTwseProfiles, registryFromTwProfiles } from '../../parsers/registry-asia/taiwan.ts';
import { createTestDatabase } from '../helpers/db.ts';

// TSMC from two real sources, as the pipeline merges them: the SEC's company_tickers_exchange.json
// (TSM on NYSE: `[1046179, "TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD", "TSM", "NYSE"]`) and TWSE's company
// profiles (2330, listed 1994-09-05). One cmp_ id; its record must agree with the listings it serves.
const up = (f: string) => readFileSync(new URL(`../../fixtures/upstream/${f}`, import.meta.url));
const TSMC = companyIdForCik('1046179');
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => database?.close());

async function record() {
  const [c] = await database.query<{ n_listings: number; country: string | null }>(
    'select n_listings, country from companies where company_id = $1',
    [TSMC],
  );
  const listings = await database.query<{ symbol: string }>(
    `select symbol from company_listings where company_id = $1 and status = 'active' order by symbol`,
    [TSMC],
  );
  return { ...c, listings: listings.map((l) => l.symbol) };
}

describe('a company merged from two sources', () => {
  it('n_listings counts the listings /listings serves and country is the home market, whichever loads last', async () => {
    const sec = JSON.parse(up('www.sec.gov/files/company_tickers_exchange.json').toString('utf8')) as {
      data: [number, string, string, string | null][];
    };
    const entries = sec.data
      .filter((r) => r[0] === 1046179)
      .map(([cik, name, ticker, exchange]) => ({ cik: String(cik), name, ticker, exchange }));
    const us = registryFromTickers(
      entries,
      '2026-01-30',
      'https://www.sec.gov/files/company_tickers_exchange.json',
      new Date(),
    );
    const ctx = {
      url: 'https://mopsfin.twse.com.tw/opendata/t187ap03_L.csv',
      fetchedAt: '2026-01-30T00:00:00.000Z',
    };
    const tw = registryFromTwProfiles(
      parseTwseProfiles(up('mopsfin.twse.com.tw/opendata/t187ap03_L.csv'), ctx).filter(
        (p) => p.code === '2330',
      ),
      ctx,
    );
    await database.db.transaction((tx) => loadRegistry(tx, us, 'tickers'));
    expect(await record()).toEqual({ n_listings: 1, country: null, listings: ['TSM'] });
    await database.db.transaction((tx) => loadAsiaRegistry(tx, tw, tw.placeholders));
    expect(await record()).toEqual({ n_listings: 2, country: 'TW', listings: ['2330.TW', 'TSM'] });
    // the SEC's ticker snapshot again (its file knows one listing; it retires only its own): still agrees
    await database.db.transaction((tx) => loadRegistry(tx, us, 'tickers'));
    expect(await record()).toEqual({ n_listings: 2, country: 'TW', listings: ['2330.TW', 'TSM'] });
    const [ticker] = await database.query<{ is_current: number }>(
      `select is_current from company_identifiers where company_id = $1 and id_type = 'TICKER' and id_value = '2330.TW'`,
      [TSMC],
    );
    expect(ticker?.is_current).toBe(1);
  });
});
