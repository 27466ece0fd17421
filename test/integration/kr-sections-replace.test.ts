import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../lib/db.ts';
import { loadKrSections } from '../../loaders/asia.ts';
import { type DartSectionEndpoint, parseDartSection } from '../../parsers/korea/sections.ts';
import { createTestDatabase } from '../helpers/db.ts';

// Samsung Electronics' (00126380) FY2023 annual report sections as the offline mirror serves them (real
// OpenDART responses). A periodic report's rows are replaced by its newest response; the continuous insider
// lists are only upserted.
const API = fileURLToPath(new URL('../../fixtures/upstream/opendart.fss.or.kr/api/', import.meta.url));
const read = (endpoint: DartSectionEndpoint, query: string) => {
  const url = `https://opendart.fss.or.kr/api/${endpoint}.json?${query}`;
  const bytes = readFileSync(`${API}${endpoint}.json?${query}`);
  return parseDartSection(
    bytes,
    { url, fetchedAt: '2026-11-30T00:00:00.000Z' },
    {
      endpoint,
      ...(query.includes('bsns_year') ? { bsnsYear: 2023, reprtCode: '11011' } : {}),
    },
  ).rows;
};
const REPORT = { corpCode: '00126380', endpoint: 'hyslrSttus', bsnsYear: 2023, reprtCode: '11011' };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => database?.close());

const count = async (endpoint: string) =>
  Number(
    (
      await database.query<{ n: string }>(
        `select count(*) as n from kr_report_sections where corp_code = '00126380' and endpoint = $1`,
        [endpoint],
      )
    )[0]!.n,
  );

describe('kr_sections loads', () => {
  it("a report's newest answer replaces its rows: a line it no longer holds is deleted, counted as updated", async () => {
    const rows = read('hyslrSttus', 'corp_code=00126380&bsns_year=2023&reprt_code=11011');
    expect(rows.map((r) => r.label)).toEqual(['삼성생명보험㈜']);
    expect(await database.db.transaction((tx) => loadKrSections(tx, rows, REPORT))).toEqual({
      inserted: 1,
      updated: 0,
    });
    // Answered again unchanged: nothing written.
    expect(await database.db.transaction((tx) => loadKrSections(tx, rows, REPORT))).toEqual({
      inserted: 0,
      updated: 0,
    });
    // Answered with the table emptied (every value '-': no row): the report has no rows left.
    expect(await database.db.transaction((tx) => loadKrSections(tx, [], REPORT))).toEqual({
      inserted: 0,
      updated: 1,
    });
    expect(await count('hyslrSttus')).toBe(0);
  });

  it('another report of the same company and endpoint is left alone', async () => {
    const rows = read('hyslrSttus', 'corp_code=00126380&bsns_year=2023&reprt_code=11011');
    await database.db.transaction((tx) => loadKrSections(tx, rows, REPORT));
    await database.db.transaction((tx) => loadKrSections(tx, [], { ...REPORT, bsnsYear: 2022 }));
    expect(await count('hyslrSttus')).toBe(1);
  });

  it('the continuous 5% list is only upserted: an answer without an earlier filing deletes nothing', async () => {
    const mirror = read('majorstock', 'corp_code=00126380');
    const earlier = parseDartSection(
      readFileSync(
        new URL(
          '../../fixtures/korea/majorstock_00126380_20220722_EXCERPT-from-py-test.json',
          import.meta.url,
        ),
      ),
      {
        url: 'https://opendart.fss.or.kr/api/majorstock.json?corp_code=00126380',
        fetchedAt: '2022-07-22T00:00:00.000Z',
      },
      { endpoint: 'majorstock' },
    ).rows;
    expect(new Set([...mirror, ...earlier].map((r) => r.rceptNo)).size).toBe(2);
    await database.db.transaction((tx) => loadKrSections(tx, [...mirror, ...earlier]));
    await database.db.transaction((tx) => loadKrSections(tx, mirror));
    expect(await count('majorstock')).toBe(2);
  });
});
