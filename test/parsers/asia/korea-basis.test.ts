import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';
import { DartBasisError, dartRequestOf, parseDartFinancials } from '../../../parsers/korea/financials.ts';
import { parseDartSection } from '../../../parsers/korea/sections.ts';
import { mopsRequestOf } from '../../../parsers/taiwan/request.ts';

// Samsung FY2023 as OpenDART answered it (fixtures/korea, the mirror's fnlttSinglAcntAll request). The rows
// never state their basis: only the request does (fs_div), so the same bytes are read under the URL asked.
const kr = (f: string) => readFileSync(new URL(`../../../fixtures/korea/${f}`, import.meta.url));
const FS = kr('fnlttSinglAcntAll_00126380_2023_11011_golden.json');
const fetchedAt = '2026-01-01T00:00:00Z';
const fsUrl = (fs?: string) =>
  `https://opendart.fss.or.kr/api/fnlttSinglAcntAll.json?corp_code=00126380&bsns_year=2023&reprt_code=11011${fs ? `&fs_div=${fs}` : ''}&crtfc_key=redacted`;

describe('OpenDART statement basis from the request', () => {
  it('takes the basis from the request URL: a separate-statement request is stored as OFS, never CFS', () => {
    const ofs = parseDartFinancials(FS, { url: fsUrl('OFS'), fetchedAt });
    expect(new Set(ofs.rows.map((r) => r.fsDiv))).toEqual(new Set(['OFS']));
    const cfs = parseDartFinancials(FS, { url: fsUrl('CFS'), fetchedAt });
    expect(cfs.rows.find((r) => r.accountId === 'ifrs-full_Revenue')).toMatchObject({
      fsDiv: 'CFS',
      amount: '258935494000000',
    });
  });

  it('refuses to guess when the request does not say (typed error), and refuses a contradiction', () => {
    expect(() => parseDartFinancials(FS, { url: fsUrl(), fetchedAt })).toThrow(DartBasisError);
    expect(() => parseDartFinancials(FS, { url: fsUrl('CFS'), fetchedAt }, { fsDiv: 'OFS' })).toThrow(
      /asked fs_div=CFS, the caller says OFS/,
    );
    // etl parse on a local file without --url or --kind: refused, no CFS default
    expect(() => ASIA_PARSERS['dart-financials']!.run(FS, {}, { url: 'local-file.json', fetchedAt })).toThrow(
      DartBasisError,
    );
    const viaCli = ASIA_PARSERS['dart-financials']!.run(FS, {}, { url: fsUrl('OFS'), fetchedAt }) as {
      rows: { fs_div: string }[];
    };
    expect(viaCli.rows[0]!.fs_div).toBe('OFS');
  });

  it('report sections take bsns_year and reprt_code from the request when the body lacks them', () => {
    // hyslrSttus rows carry no bsns_year / reprt_code (only rcept_no, corp_code, stlm_dt ...)
    const url =
      'https://opendart.fss.or.kr/api/hyslrSttus.json?corp_code=00126380&bsns_year=2023&reprt_code=11011';
    const r = parseDartSection(
      kr('hyslrSttus_00126380_2023_11011_TRIMMED-RESERIALIZED.json'),
      { url, fetchedAt },
      {
        endpoint: 'hyslrSttus',
      },
    );
    expect(r.rows[0]).toMatchObject({ bsnsYear: 2023, reprtCode: '11011', label: '삼성생명보험㈜' });
    expect(dartRequestOf(url)).toEqual({ bsnsYear: 2023, reprtCode: '11011', corpCode: '00126380' });
  });
});

describe('etl parse tw-financials --url', () => {
  it('reads year and season from the MOPS request URL as the job builds it (ROC year 112 = 2023, season 01)', () => {
    const url =
      'https://mops.twse.com.tw/mops/web/ajax_t163sb04?encodeURIComponent=1&step=1&firstin=1&off=1&isQuery=Y&TYPEK=sii&year=112&season=01';
    expect(mopsRequestOf(url)).toEqual({ year: 2023, season: 1 });
    expect(
      mopsRequestOf(
        'https://mops.twse.com.tw/server-java/t164sb01?step=1&CO_ID=2330&SYEAR=2014&SSEASON=3&REPORT_ID=C',
      ),
    ).toEqual({ year: 2014, season: 3, code: '2330' });
    const bytes = readFileSync(new URL('../../../fixtures/taiwan/t163sb04_sii_eps.html', import.meta.url));
    const out = ASIA_PARSERS['tw-financials']!.run(bytes, {}, { url, fetchedAt }) as {
      rows: { local_security_code: string; period_end: string; revenue_ytd: string }[];
    };
    // TSMC's Q1 2023 line of the summary (the same figure the summary test reads)
    expect(out.rows.find((x) => x.local_security_code === '2330')).toMatchObject({
      period_end: '2023-03-31',
      revenue_ytd: '508632973',
    });
    expect(() => ASIA_PARSERS['tw-financials']!.run(bytes, {}, { url: 'local.html', fetchedAt })).toThrow(
      /needs --url/,
    );
  });
});
