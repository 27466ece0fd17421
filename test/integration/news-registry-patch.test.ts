import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { clearRegistryCache, registryFor } from '../../loaders/news.ts';
import { parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { indexValues } from '../helpers/registry-index.ts';

// The news loader's registry cache over the database (PGlite, or Postgres with DATABASE_URL): after each change to the
// registry's rows the cached index is patched for the companies whose rows changed, and equals the index a fresh read
// and full compile gives. Companies: the first 300 filers of the SEC's captured company_tickers_exchange.json.
const rows = parseCompanyTickersExchange(
  readFileSync(
    new URL('../../fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json', import.meta.url),
    'utf8',
  ),
  { url: 'file://tickers', fetchedAt: '2026-11-30T00:00:00.000Z' },
).rows;
const filers = [...new Map(rows.map((r) => [r.cik, r])).values()].slice(0, 300);
const id = (i: number) => `cik:${filers[i]?.cik}`;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.query(
    `insert into companies (company_id, company_name, primary_ticker, cik, as_of_date, source_url, fetched_at)
     select c, n, t, k, '2026-11-30', 'test', now() from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(c, n, t, k)`,
    [
      filers.map((_, i) => id(i)),
      filers.map((f) => f.name),
      filers.map((f) => f.ticker),
      filers.map((f) => f.cik),
    ],
  );
});
afterAll(() => database?.close());

const alias = (company: string, accession: string, name: string) =>
  database.query(
    `insert into company_aliases (company_id, kind, accession_number, alias, alias_key, filing_date, source_url, fetched_at)
     values ($1, 'subsidiary', $2, $3, $4, '2026-01-01', 'test', now())`,
    [company, accession, name, name.toLowerCase().replace(/[^a-z0-9]/g, '')],
  );
const fresh = async () => {
  clearRegistryCache();
  return database.db.transaction((tx) => registryFor(tx));
};

describe('the registry cache patched for changed companies (issue 28 follow-up)', () => {
  it('renames, a company added and deleted, subsidiaries added and superseded, a former name and a listing: patched, equal to a full compile', async () => {
    const first = await fresh();
    expect(first.how).toBe('full');
    const held = indexValues(first.index);
    const other = filers[1]?.name as string;
    const changes: [string, () => Promise<unknown>][] = [
      [
        'rename',
        () =>
          database.query(`update companies set company_name = 'Renamed Widgets Inc' where company_id = $1`, [
            id(0),
          ]),
      ],
      [
        'a name two companies give',
        () => database.query(`update companies set company_name = $2 where company_id = $1`, [id(2), other]),
      ],
      ['a subsidiary named as another company', () => alias(id(3), 'acc-1', other)],
      [
        'a later exhibit without it',
        async () => {
          await alias(id(3), 'acc-2', 'Widget Parts LLC');
          await database.query(
            `update company_aliases set superseded_by = 'acc-2' where accession_number = 'acc-1'`,
          );
        },
      ],
      [
        'a company added',
        () =>
          database.query(
            `insert into companies (company_id, company_name, primary_ticker, cik, as_of_date, source_url, fetched_at)
           values ('test:new', 'Volkswagen AG', 'VWAGY', null, '2026-11-30', 'test', now())`,
          ),
      ],
      [
        'a former name',
        () =>
          database.query(
            `insert into company_events (company_id, event_type, event_date, detail, source) values ($1, 'name_change', '2020-01-01', 'formerly Old Widgets Corp', 'test')`,
            [id(4)],
          ),
      ],
      [
        'a listing',
        () =>
          database.query(
            `insert into company_listings (company_id, symbol, exchange, status, valid_from, valid_to) values ($1, 'OLDW', 'NYSE', 'delisted', '2010-01-01', '2019-12-31')`,
            [id(4)],
          ),
      ],
      ['a company deleted', () => database.query(`delete from companies where company_id = $1`, [id(5)])],
    ];
    for (const [what, change] of changes) {
      await change();
      const patched = await database.db.transaction((tx) => registryFor(tx));
      expect({ what, how: patched.how }).toEqual({ what, how: 'patch' });
      const values = indexValues(patched.index);
      const full = await fresh();
      expect(values).toEqual(indexValues(full.index));
      expect(patched.registry.map((c) => c.company_id)).toEqual(full.registry.map((c) => c.company_id));
    }
    // the first index, held by a load through all of it, still reads the registry as it was
    expect(indexValues(first.index)).toEqual(held);
    // the rename and the new name: the old name is gone, the shared one lists both companies
    const last = await database.db.transaction((tx) => registryFor(tx));
    expect(last.how).toBe('cache');
    expect(last.index.aliases.get('renamedwidgets')?.map((e) => e.company.company_id)).toEqual([id(0)]);
    expect(last.index.aliases.get('widgetparts')?.map((e) => e.company.company_id)).toEqual([id(3)]);
  });
});
