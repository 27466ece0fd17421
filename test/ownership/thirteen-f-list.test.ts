import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { ParseError } from '../../lib/errors.ts';
import {
  issuerCompanies,
  learnCusipsByName,
  learnCusipsFromList,
  resetCusipNameIndex,
} from '../../loaders/cusip-identifiers.ts';
import {
  cusipCheckDigit,
  parseThirteenFList,
  type ThirteenFList,
} from '../../parsers/edgar/thirteen-f-list.ts';
import { companyIdentifiers } from '../../schema/companies.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { seedOwnershipRegistry } from './seed.ts';

// The SEC's Official List of Section 13(f) Securities, two real quarters (fixtures/ownership/13f-lists/, copies
// of ../shared/fixtures/sec/adv_13flists/ and more/adv_13f/). Figures read off the PDFs.
const DIR = 'fixtures/ownership/13f-lists/';
const Q2018 = `${DIR}SEC_13F-securities-list_2018Q3_13flist2018q3.pdf`;
const Q2020 = `${DIR}SEC_13F-securities-list_2020Q3_13flist2020q3.pdf`;

describe('13(f) securities list PDF', () => {
  let l2018: ThirteenFList;
  let l2020: ThirteenFList;
  beforeAll(async () => {
    [l2018, l2020] = await Promise.all([
      parseThirteenFList(readFileSync(Q2018), Q2018),
      parseThirteenFList(readFileSync(Q2020), Q2020),
    ]);
  }, 60_000);

  it('reads every line the list counts: 17,805 (2018Q3) and 18,298 (2020Q3), no warnings', () => {
    expect(l2018).toMatchObject({
      year: 2018,
      quarter: 3,
      run_date: '2018-10-02',
      total_count: 17_805,
      warnings: [],
    });
    expect(l2018.securities).toHaveLength(17_805);
    expect(l2020).toMatchObject({
      year: 2020,
      quarter: 3,
      run_date: '2020-10-02',
      total_count: 18_298,
      warnings: [],
    });
    expect(l2020.securities).toHaveLength(18_298);
  });

  it('splits the columns by their heads: CUSIP without spaces, the option star, name, description, status', () => {
    expect(l2018.securities.slice(0, 3)).toEqual([
      {
        cusip: 'B38564108',
        issuer_name: 'EURONAV NV ANTWERPEN',
        issuer_description: 'SHS',
        has_listed_option: true,
        option_of: null,
        status: null,
      },
      {
        cusip: 'B38564908',
        issuer_name: 'EURONAV NV ANTWERPEN',
        issuer_description: 'CALL',
        has_listed_option: false,
        option_of: 'B38564108',
        status: null,
      },
      {
        cusip: 'B38564958',
        issuer_name: 'EURONAV NV ANTWERPEN',
        issuer_description: 'PUT',
        has_listed_option: false,
        option_of: 'B38564108',
        status: null,
      },
    ]);
    expect(l2020.securities.find((s) => s.cusip === '037833100')).toMatchObject({
      issuer_name: 'APPLE INC',
      issuer_description: 'COM',
      has_listed_option: true,
    });
    expect(l2018.securities.find((s) => s.cusip === 'G04553106')).toMatchObject({
      issuer_name: 'ARCO PLATFORM LTD',
      issuer_description: 'COM CL A',
      status: 'ADDED',
    });
    // the lines of the PDF's plain text that end in ADDED / DELETED, counted apart from the column reader
    const status = (l: ThirteenFList, s: string) => l.securities.filter((x) => x.status === s).length;
    expect([status(l2018, 'ADDED'), status(l2018, 'DELETED')]).toEqual([394, 409]);
    expect([status(l2020, 'ADDED'), status(l2020, 'DELETED')]).toEqual([640, 538]);
  });

  it('check digits: every non-option CUSIP has its own, every option carries its underlying one', () => {
    for (const s of l2020.securities) {
      if (s.option_of) expect(s.cusip[8]).toBe(s.option_of[8]);
      else expect(cusipCheckDigit(s.cusip.slice(0, 8))).toBe(Number(s.cusip[8]));
    }
    expect(cusipCheckDigit('03783310')).toBe(0); // Apple 037833100
    expect(cusipCheckDigit('B3856410')).toBe(8);
  });

  it('a PDF that is not the list is a ParseError', async () => {
    const blank = readFileSync(Q2018).subarray(0, 900);
    await expect(parseThirteenFList(blank, 'cut.pdf')).rejects.toBeInstanceOf(ParseError);
  });

  describe(`as a CUSIP source (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
      await seedOwnershipRegistry(database);
      resetCusipNameIndex();
    });
    afterAll(async () => {
      await database?.close();
    });

    it("links the registry's companies by the list's issuer names: equity lines only, never options", async () => {
      const r = await database.db.transaction((tx) => learnCusipsFromList(tx, l2020.securities));
      const linked = await database.db
        .select({ cusip: companyIdentifiers.idValue, company: companyIdentifiers.companyId })
        .from(companyIdentifiers)
        .where(
          and(eq(companyIdentifiers.idType, 'CUSIP'), eq(companyIdentifiers.source, '13f_list_name_match')),
        );
      const cusips = linked.map((x) => x.cusip).sort();
      expect(r.linked).toBe(linked.length);
      // Apple COM, Microsoft COM, Amazon COM, Alphabet CAP STK CL A and CL C, MetLife COM among them
      expect(cusips).toEqual(
        expect.arrayContaining([
          '037833100',
          '594918104',
          '023135106',
          '02079K305',
          '02079K107',
          '59156R108',
        ]),
      );
      // no option CUSIP (90x / 95x) is ever linked
      const options = new Set(l2020.securities.filter((s) => s.option_of).map((s) => s.cusip));
      expect(cusips.filter((c) => options.has(c))).toEqual([]);
      // a second import links nothing new
      const again = await database.db.transaction((tx) => learnCusipsFromList(tx, l2020.securities));
      expect(again.linked).toBe(0);
    });

    it('a company added to the registry after a load is matched by the next load (the name index follows the registry)', async () => {
      // NVIDIA is on the 2020Q3 list but not in the seeded registry: a first load cannot link it
      const nvidia = l2020.securities.find((s) => /^NVIDIA CORP/.test(s.issuer_name) && !s.option_of)!;
      const row = { cusip: nvidia.cusip, name: nvidia.issuer_name, titleOfClass: 'COM' };
      expect(await database.db.transaction((tx) => learnCusipsByName(tx, [row]))).toBe(0);
      await database.query(
        `insert into companies (company_id, company_name, cik, as_of_date, source_url, fetched_at)
         values ('cmp_test_nvidia', 'NVIDIA CORP', '1045810', '2026-01-30', 'https://www.sec.gov/files/company_tickers_exchange.json', now())`,
      );
      // no reset of the cached index: the registry's change alone makes the next load read the names again
      expect(await database.db.transaction((tx) => learnCusipsByName(tx, [row]))).toBe(1);
      const [linked] = await database.db
        .select({ company: companyIdentifiers.companyId })
        .from(companyIdentifiers)
        .where(and(eq(companyIdentifiers.idType, 'CUSIP'), eq(companyIdentifiers.idValue, nvidia.cusip)));
      expect(linked).toEqual({ company: 'cmp_test_nvidia' });
      await database.query(`delete from company_identifiers where company_id = 'cmp_test_nvidia'`);
      await database.query(`delete from companies where company_id = 'cmp_test_nvidia'`);
    });

    it("the issuer code: an equity class whose name does not match links to its issuer's company", async () => {
      // a stated variant: Alphabet's issuer code 02079K with a class and a spelling no list or registry has
      const n = await database.db.transaction((tx) =>
        learnCusipsByName(tx, [
          { cusip: '02079K990', name: 'GOOGLE PARENT CO', titleOfClass: 'CL B' },
          { cusip: '02079K991', name: 'GOOGLE PARENT CO', titleOfClass: 'NOTE 2030' },
        ]),
      );
      expect(n).toBe(1);
      const [row] = await database.db
        .select({ company: companyIdentifiers.companyId, source: companyIdentifiers.source })
        .from(companyIdentifiers)
        .where(and(eq(companyIdentifiers.idType, 'CUSIP'), eq(companyIdentifiers.idValue, '02079K990')));
      const [alphabet] = await database.db
        .select({ company: companyIdentifiers.companyId })
        .from(companyIdentifiers)
        .where(and(eq(companyIdentifiers.idType, 'CUSIP'), eq(companyIdentifiers.idValue, '02079K305')));
      expect(row).toEqual({ company: alphabet!.company, source: 'cusip_issuer_code' });
      // a code two companies' CUSIPs share decides nothing
      expect(
        issuerCompanies([
          { cusip: '111111101', company: 'a' },
          { cusip: '111111202', company: 'b' },
          { cusip: '222222103', company: 'c' },
        ]),
      ).toEqual(new Map([['222222', 'c']]));
    });
  });
});
