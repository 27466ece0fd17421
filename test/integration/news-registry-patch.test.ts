import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { clearRegistryCache, companyHashes, registryFor } from '../../loaders/news.ts';
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
      [
        "a subsidiary row deleted (an exhibit re-read with fewer names), and another company's subsidiary added",
        async () => {
          await database.query(
            `delete from company_aliases where company_id = $1 and alias = 'Widget Parts LLC'`,
            [id(3)],
          );
          await alias(id(6), 'acc-6', 'Sprocket Holdings LLC');
        },
      ],
      [
        'that company deleted, its subsidiary rows left (they no longer link)',
        () => database.query(`delete from companies where company_id = $1`, [id(6)]),
      ],
      [
        'subsidiaries filed under an unregistered CIK id (no company: nothing links)',
        () => alias('cik:0000000042', 'acc-42', 'Gadget Works GmbH'),
      ],
      [
        'that filer registered: its subsidiaries link',
        () =>
          database.query(
            `insert into companies (company_id, company_name, primary_ticker, cik, as_of_date, source_url, fetched_at)
           values ('cik:0000000042', 'Gadget Group AG', null, '0000000042', '2026-11-30', 'test', now())`,
          ),
      ],
      [
        'two tables at once: a rename and a subsidiary of another company',
        async () => {
          await database.query(
            `update companies set company_name = 'Twice Changed Corp' where company_id = $1`,
            [id(7)],
          );
          await alias(id(8), 'acc-8', 'Eighth Subsidiary Inc');
        },
      ],
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
    expect(last.index.aliases.get('widgetparts')).toBeUndefined();
    expect(last.index.aliases.get('sprocket')).toBeUndefined();
    expect(last.index.aliases.get('gadgetworksgmbh')?.map((e) => e.company.company_id)).toEqual([
      'cik:0000000042',
    ]);
    expect(last.index.aliases.get('eighthsubsidiary')?.map((e) => e.company.company_id)).toEqual([id(8)]);
  });

  it('after random rounds of row changes over the database: each patched and equal to a fresh read and full compile', async () => {
    let seed = 2628;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    await fresh();
    for (let round = 0; round < 5; round++) {
      const ids = (
        (await database.query(`select company_id from companies order by company_id`)) as {
          company_id: string;
        }[]
      ).map((r) => r.company_id);
      const subs = (await database.query(
        `select company_id, accession_number, alias from company_aliases where superseded_by is null order by 1, 2, 3`,
      )) as { company_id: string; accession_number: string; alias: string }[];
      for (let n = 1 + Math.floor(rnd() * 4); n > 0; n--) {
        const c = pick(ids);
        const other = (filers[Math.floor(rnd() * filers.length)]?.name ?? 'Other Co') as string;
        const op = Math.floor(rnd() * 7);
        if (op === 0)
          await database.query(`update companies set company_name = $2 where company_id = $1`, [c, other]);
        else if (op === 1)
          await alias(c, `acc-r${round}-${n}`, pick([other, `${other.split(' ')[0]} Subsidiary LLC`]));
        else if (op === 2 && subs.length) {
          const s = pick(subs);
          await database.query(
            `update company_aliases set superseded_by = 'acc-later' where company_id = $1 and accession_number = $2`,
            [s.company_id, s.accession_number],
          );
        } else if (op === 3 && subs.length) {
          const s = pick(subs);
          await database.query(`delete from company_aliases where company_id = $1 and alias = $2`, [
            s.company_id,
            s.alias,
          ]);
        } else if (op === 4)
          await database.query(
            `insert into company_events (company_id, event_type, event_date, detail, source) values ($1, 'name_change', $2, $3, 'test') on conflict do nothing`,
            [c, `20${10 + round}-01-0${n}`, `formerly ${other}`],
          );
        else if (op === 5) await database.query(`delete from companies where company_id = $1`, [c]);
        else
          await database.query(
            `insert into companies (company_id, company_name, primary_ticker, cik, as_of_date, source_url, fetched_at)
             values ($1, $2, null, null, '2026-11-30', 'test', now())`,
            [`test:r${round}-${n}`, other],
          );
      }
      const patched = await database.db.transaction((tx) => registryFor(tx));
      expect({ round, how: patched.how }).toEqual({ round, how: 'patch' });
      const values = indexValues(patched.index);
      const full = await fresh();
      expect(values).toEqual(indexValues(full.index));
      expect(patched.registry).toEqual(full.registry);
    }
  });

  it('reads the per-company hashes with sorts off, and leaves enable_sort as the transaction had it (on, or off)', async () => {
    const setting = async (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => {
      const r = await tx.execute(sql`select current_setting('enable_sort') as v`);
      return (((r as { rows?: unknown[] }).rows ?? r) as { v: string }[])[0]?.v;
    };
    for (const was of ['on', 'off']) {
      await alias(`test:sort-${was}`, 'acc-sort', 'Sorted Subsidiary LLC');
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('enable_sort', ${was}, true)`);
        const hashes = await companyHashes(tx, [3]);
        expect(hashes[3]?.get(`test:sort-${was}`)).toMatch(/^1:-?\d+$/);
        expect(await setting(tx)).toBe(was);
      });
    }
  });
});
