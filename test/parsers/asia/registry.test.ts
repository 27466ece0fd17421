import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASIA_PARSERS } from '../../../cli/commands/parse-asia.ts';
import { companyId, companyIdForCik } from '../../../lib/ids.ts';
import { parseCorpCodeXml } from '../../../parsers/korea/corp-codes.ts';
import { registryFromEdinetCodes } from '../../../parsers/registry-asia/japan.ts';
import { registryFromCorpCodes } from '../../../parsers/registry-asia/korea.ts';
import {
  parseTpexProfiles,
  parseTwseProfiles,
  registryFromTwProfiles,
} from '../../../parsers/registry-asia/taiwan.ts';

const UP = fileURLToPath(new URL('../../../fixtures/upstream/', import.meta.url));
const up = (f: string) => readFileSync(join(UP, f));
const ctx = { url: 'https://example.test/x', fetchedAt: '2026-01-01T00:00:00.000Z' };

describe('registry rows for non-US listings', () => {
  it('TWSE profiles (UTF-8 BOM CSV): TSMC keyed on its CIK, everyone else on the 統一編號', () => {
    const profiles = parseTwseProfiles(up('mopsfin.twse.com.tw/opendata/t187ap03_L.csv'), ctx);
    expect(profiles).toHaveLength(1023);
    expect(profiles.find((p) => p.code === '2330')).toMatchObject({
      name: '台灣積體電路製造股份有限公司',
      ubn: '22099131',
      englishShortName: 'TSMC',
      listedOn: '1994-09-05',
      asOfDate: '2024-05-26',
    });
    const reg = registryFromTwProfiles(profiles, ctx);
    const tsmc = companyIdForCik('0001046179');
    expect(reg.companies.some((c) => c.companyId === tsmc)).toBe(false);
    expect(reg.placeholders).toEqual([
      expect.objectContaining({ companyId: tsmc, cik: '0001046179', primaryTicker: 'TSM' }),
    ]);
    expect(reg.listings.find((l) => l.symbol === '2330.TW')).toMatchObject({
      companyId: tsmc,
      exchange: 'TWSE',
      market: 'TW',
    });
    const cement = reg.companies.find((c) => c.primaryTicker === '1101.TW');
    expect(cement?.companyId).toBe(companyId({ scheme: 'tw_ubn', value: '11913502' }));
    expect(cement).toMatchObject({ country: 'TW', currency: 'TWD' });
  });

  it('TPEx profiles (dotted JSON keys): GlobalWafers as 6488.TWO', () => {
    const reg = registryFromTwProfiles(
      parseTpexProfiles(up('www.tpex.org.tw/openapi/v1/mopsfin_t187ap03_O'), ctx),
      ctx,
    );
    const id = companyId({ scheme: 'tw_ubn', value: '28113286' });
    expect(reg.companies.find((c) => c.companyId === id)).toMatchObject({
      primaryTicker: '6488.TWO',
      primaryExchange: 'TPEX',
      companyName: '環球晶圓股份有限公司',
    });
    expect(
      reg.identifiers
        .filter((i) => i.companyId === id)
        .map((i) => `${i.idType}=${i.idValue}`)
        .sort(),
    ).toEqual(['LOCAL_CODE=6488', 'TICKER=6488.TWO', 'TW_UBN=28113286']);
  });

  it('OpenDART corp codes: listed companies only, keyed on the corp code', () => {
    const corps = parseCorpCodeXml(up('opendart.fss.or.kr/api/corpCode.xml').toString('utf8'), 'x');
    const reg = registryFromCorpCodes(corps, ctx);
    expect(reg.companies).toHaveLength(3880);
    const samsung = companyId({ scheme: 'dart', value: '00126380' });
    expect(reg.listings.find((l) => l.symbol === '005930.KS')?.companyId).toBe(samsung);
    expect(
      reg.identifiers
        .filter((i) => i.companyId === samsung)
        .map((i) => i.idType)
        .sort(),
    ).toEqual(['DART_CORP', 'LOCAL_CODE', 'LOCAL_NAME', 'TICKER']);
    // the list states an English name (corp_eng_name): the record's name; the Korean one an identifier
    const row = reg.companies.find((c) => c.companyId === samsung);
    const local = reg.identifiers.find((i) => i.companyId === samsung && i.idType === 'LOCAL_NAME');
    expect([row?.companyName, local?.idValue]).toEqual(['SAMSUNG ELECTRONICS CO,.LTD', '삼성전자']);
  });

  it('EDINET code list (CP932, preamble line): listed filers with their 4-character code', () => {
    const reg = registryFromEdinetCodes(
      up('disclosure2dl.edinet-fsa.go.jp/searchdocument/codelist/Edinetcode.zip'),
      ctx,
    );
    expect(reg.companies).toHaveLength(3857);
    const onex = reg.companies.find((c) => c.primaryTicker === '5987.T');
    expect(onex).toMatchObject({
      companyName: '株式会社オーネックス',
      country: 'JP',
      currency: 'JPY',
      asOfDate: '2026-05-12',
      industry: '金属製品',
    });
    expect(onex?.companyId).toBe(companyId({ scheme: 'edinet', value: 'E01446' }));
  });
});

describe('etl parse (issue 11 parsers) prints rows in the API spelling', () => {
  it('tw-financials on the summary page derives the quarter; dart-financials keeps amounts as strings', () => {
    const run = ASIA_PARSERS['tw-financials']!.run;
    const out = run(
      readFileSync(new URL('../../../fixtures/taiwan/t163sb04_sii_eps.html', import.meta.url)),
      { period: '2023Q1' },
      ctx,
    ) as { rows: Record<string, unknown>[] };
    expect(out.rows.find((r) => r.local_security_code === '2330')).toMatchObject({
      revenue_ytd: '508632973',
      revenue_q: '508632973',
      quarter_basis: 'reported',
    });
    const dart = ASIA_PARSERS['dart-financials']!.run(
      readFileSync(
        new URL('../../../fixtures/korea/fnlttSinglAcntAll_00126380_2023_11011_golden.json', import.meta.url),
      ),
      { kind: 'CFS' }, // the basis the request asked (the rows do not say; no default)
      ctx,
    ) as { rows: Record<string, unknown>[] };
    expect(dart.rows.find((r) => r.account_id === 'ifrs-full_Revenue')).toMatchObject({
      amount: '258935494000000',
      fs_div: 'CFS',
    });
  });
});
