/**
 * Files `quality:asia` used to leave (issue 28): MOPS answers saved without their endpoint (StockCat's
 * no-record and throttling pages), a t163sb04 no-data page without its request, a month not yet published,
 * and the registry files the registry jobs read, now read through `etl parse`. Expected values read by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';

type Out = { rows: Record<string, unknown>[]; warnings: string[]; no_data?: boolean };
const run = (parser: string, path: string, opts: Record<string, string> = {}) =>
  ASIA_PARSERS[parser]!.run(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url)), opts, {
    url: `fixtures/${path}`,
    fetchedAt: '2026-01-01T00:00:00Z',
  }) as Out;

describe('files quality:asia used to leave', () => {
  it('MOPS 資料庫中查無需求資料。 (UTF-8, no charset) is a no-data answer', () => {
    expect(run('twse-monthly-revenue', 'taiwan/mops_no_record.html')).toMatchObject({
      rows: [],
      no_data: true,
    });
  });
  it('MOPS 查詢過於頻繁，請於稍後再查詢! is a throttling error, not a page without a title', () => {
    expect(() => run('twse-monthly-revenue', 'taiwan/mops_too_much_query.html')).toThrow(/查詢過於頻繁/);
  });
  it('a t163sb04 page answering 查詢無資料! needs no request URL: no data', () => {
    expect(run('tw-financials', 'taiwan/t163sb04_no-data.html')).toMatchObject({ rows: [], no_data: true });
  });
  it('a t21sc03 month not published yet (上市公司113年1月份, 查無資料) says no data', () => {
    const out = run('twse-monthly-revenue', 'upstream/mops.twse.com.tw/nas/t21/sii/t21sc03_113_1_0.html');
    expect(out).toMatchObject({ rows: [], warnings: [], no_data: true });
  });
  it('registry files: TPEx profiles (891 entries) and the listed-only corpCode excerpt (3,880 corps)', () => {
    const tpex = run('asia-registry', 'upstream/www.tpex.org.tw/openapi/v1/mopsfin_t187ap03_O');
    expect(tpex.rows).toHaveLength(891);
    expect(tpex.rows[0]).toMatchObject({ company_name: '茂生農經股份有限公司', primary_ticker: '1240.TWO' }); // first entry, code 1240
    const kr = run('asia-registry', 'korea/CORPCODE_listed-only_EXCERPT_20250724.xml');
    expect(kr.rows).toHaveLength(3880);
  });
  it('a corpCode zip of unlisted corps only (10 corps, every <stock_code/> empty) gives no company, said so', () => {
    const out = run('asia-registry', 'korea/corpCode_sample.zip');
    expect(out.rows).toEqual([]);
    expect(out.warnings).toEqual([expect.stringMatching(/^no listed corp in the list/)]);
  });
});
