/**
 * Issue 28, fifth pass: answers that carry no rows must say why (real files, values read by hand first:
 * fixtures/korea/LABELS-status-keyaccounts.tsv; the Japan files of fixtures/japan and the offline mirror).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';
import { parseEdinetList, parseTdnetList } from '../../../parsers/disclosures/japan.ts';
import { parseDartList } from '../../../parsers/disclosures/korea.ts';
import { parseDartFinancials } from '../../../parsers/korea/financials.ts';

const fx = (p: string) => readFileSync(new URL(`../../../fixtures/${p}`, import.meta.url));
const at = '2026-01-01T00:00:00Z';
const F13 = 'korea/error_status_013_fnlttSinglAcnt_00126380_2022_11011_TRANSCRIBED-from-devlog.json';
// the request the program that printed the answer made (its key left out), no fs_div
const URL13 =
  'https://opendart.fss.or.kr/api/fnlttSinglAcnt.json?corp_code=00126380&bsns_year=2022&reprt_code=11011';

describe('OpenDART status 013 (a real answer, request without fs_div)', () => {
  it('a statement reader reads the envelope before the basis: no data, nothing refused', () => {
    const r = parseDartFinancials(fx(F13), { url: URL13, fetchedAt: at });
    expect(r.noData).toBe(true);
    expect(r.rows).toEqual([]);
  });

  it('a statement answer with rows still needs its basis', () => {
    const keyAccounts = fx(
      'korea/fnlttSinglAcnt_00126380_2021_11011_CFS+OFS_EXCERPT-TRANSCRIBED-from-devlog.json',
    );
    expect(() => parseDartFinancials(keyAccounts, { url: URL13, fetchedAt: at })).toThrow(
      /basis is not known/,
    );
  });

  it('the list reader says "no data" too', () => {
    const r = parseDartList(fx(F13), { url: URL13, fetchedAt: at });
    expect(r.rows).toEqual([]);
    expect(r.noData).toBe(true);
  });
});

describe('Japan answers without rows', () => {
  it('a TDnet day without disclosures is "no data"', () => {
    const r = parseTdnetList(fx('japan/I_list_001_20160709_no-disclosures.html'), {
      url: 'https://www.release.tdnet.info/inbs/I_list_001_20160709.html',
      fetchedAt: at,
    });
    expect(r.rows).toEqual([]);
    expect(r.noData).toBe(true);
  });

  it('an EDINET type=1 answer is metadata only, and the warning gives the day count (511)', () => {
    const r = parseEdinetList(fx('japan/documents_json_v1_type1_20190401_metadata-only.json'), {
      url: 'https://disclosure.edinet-fsa.go.jp/api/v1/documents.json?date=2019-04-01&type=1',
      fetchedAt: at,
    });
    expect(r.rows).toEqual([]);
    expect(r.warnings).toEqual([expect.stringMatching(/metadata only .*511 documents/)]);
  });

  it('etl parse asia-registry reads the EDINET code list (CP932 CSV with its preamble)', () => {
    const out = ASIA_PARSERS['asia-registry']!.run(
      fx('upstream/disclosure2dl.edinet-fsa.go.jp/searchdocument/codelist/Edinetcode.zip'),
      {},
      { url: 'https://disclosure2dl.edinet-fsa.go.jp/searchdocument/codelist/Edinetcode.zip', fetchedAt: at },
    ) as { rows: Record<string, unknown>[] };
    // 3,857 lines say 上場; E01446 株式会社オーネックス, 証券コード 59870
    expect(out.rows).toHaveLength(3857);
    expect(JSON.stringify(out.rows)).toContain('5987.T');
  });
});
