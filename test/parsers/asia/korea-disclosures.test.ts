import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { parseEdinetList, parseTdnetList } from '../../../parsers/disclosures/japan.ts';
import { parseDartList } from '../../../parsers/disclosures/korea.ts';
import { parseCorpCodeXml, unzipCorpCodes } from '../../../parsers/korea/corp-codes.ts';
import { parseDartFinancials } from '../../../parsers/korea/financials.ts';
import { type DartSectionEndpoint, parseDartSection } from '../../../parsers/korea/sections.ts';
import { checkDartStatus, DartKeyError, DartThrottledError } from '../../../parsers/korea/status.ts';

const ctx = { url: 'https://example.test/doc', fetchedAt: '2026-01-01T00:00:00Z' };
const kr = (f: string) => readFileSync(new URL(`../../../fixtures/korea/${f}`, import.meta.url));
const jp = (f: string) => readFileSync(new URL(`../../../fixtures/japan/${f}`, import.meta.url));
const FS = 'fnlttSinglAcntAll_00126380_2023_11011_golden.json';

describe('OpenDART financial statements', () => {
  it('Samsung FY2023 consolidated: matched by account_id, amounts as filed', () => {
    const r = parseDartFinancials(kr(FS), ctx, { fsDiv: 'CFS' });
    expect(r.rows).toHaveLength(176);
    const revenue = r.rows.filter((x) => x.accountId === 'ifrs-full_Revenue');
    expect(revenue).toHaveLength(1);
    expect(revenue[0]).toMatchObject({
      accountNm: '영업수익',
      sjDiv: 'IS',
      amount: '258935494000000',
      amountPriorPeriod: '302231360000000',
      fsDiv: 'CFS',
      reprtCode: '11011',
      currency: 'KRW',
    });
    const assets = r.rows.find((x) => x.accountId === 'ifrs-full_Assets');
    expect(assets?.amount).toBe('455905980000000');
    // the filer-specific lines share one placeholder account_id: keys stay unique through line_no
    const keys = new Set(r.rows.map((x) => `${x.sjDiv}|${x.lineNo}`));
    expect(keys.size).toBe(176);
  });

  it('CFS and OFS of the same report never share a key', () => {
    const cfs = parseDartFinancials(kr(FS), ctx, { fsDiv: 'CFS' }).rows;
    const ofs = parseDartFinancials(kr(FS), ctx, { fsDiv: 'OFS' }).rows;
    const key = (x: (typeof cfs)[number]) =>
      [x.corpCode, x.bsnsYear, x.reprtCode, x.fsDiv, x.sjDiv, x.lineNo].join('|');
    const cfsKeys = new Set(cfs.map(key));
    expect(ofs.some((x) => cfsKeys.has(key(x)))).toBe(false);
  });

  it('status codes: 013 no data, 020 throttled, 010 a key error (captured body)', () => {
    const noData = Buffer.from(JSON.stringify({ status: '013', message: '조회된 데이타가 없습니다.' }));
    expect(parseDartFinancials(noData, ctx, { fsDiv: 'CFS' })).toEqual({
      rows: [],
      warnings: [],
      noData: true,
    });
    expect(() => checkDartStatus({ status: '020', message: '요청 제한을 초과하였습니다.' }, 'u')).toThrow(
      DartThrottledError,
    );
    expect(() => parseDartFinancials(kr('error_status_010_golden.json'), ctx, { fsDiv: 'CFS' })).toThrow(
      DartKeyError,
    );
    expect(() => parseDartFinancials(Buffer.from('<html>'), ctx, { fsDiv: 'CFS' })).toThrow(ParseError);
  });
});

describe('OpenDART report sections', () => {
  const load = (endpoint: DartSectionEndpoint, file: string) =>
    parseDartSection(kr(file), ctx, { endpoint, bsnsYear: 2023, reprtCode: '11011' });

  it('kinds, labels and values as filed; - is null', () => {
    const major = load('hyslrSttus', 'hyslrSttus_00126380_2023_11011_TRIMMED-RESERIALIZED.json').rows[0];
    expect(major).toMatchObject({
      section: 'shareholders',
      kind: 'major',
      label: '삼성생명보험㈜',
      asOfDate: '2023-12-31',
      isSubtotal: false,
    });
    expect(major?.fields.trmend_posesn_stock_co).toBe('508,157,148');
    expect(major?.fields.rm).toBeNull();
    const insider = load('elestock', 'elestock_00126380_TRIMMED-RESERIALIZED.json').rows[0];
    expect(insider).toMatchObject({ section: 'ownership', kind: 'insider', label: '손준호' });
    expect(insider?.fields.sp_stock_lmp_irds_cnt).toBe('-1,400');
    const fivePct = load('majorstock', 'majorstock_00126380_TRIMMED-RESERIALIZED.json').rows[0];
    expect(fivePct).toMatchObject({ kind: 'major_5pct', label: '삼성물산', asOfDate: '2024-05-24' });
    const bonds = load('cprndNrdmpBlce', 'cprndNrdmpBlce_00126380_2023_11011_TRIMMED-RESERIALIZED.json')
      .rows[0];
    expect(bonds).toMatchObject({ section: 'debt', kind: 'corp_bond_balance' });
    expect(bonds?.fields.sm).toBe('541,548,000,000');
    const cp = load(
      'entrprsBilScritsNrdmpBlce',
      'entrprsBilScritsNrdmpBlce_00126380_2023_11011_TRIMMED-RESERIALIZED.json',
    ).rows[0];
    expect(cp?.kind).toBe('cp');
    expect(cp?.fields.sm).toBeNull();
    const inv = load(
      'otrCprInvstmntSttus',
      'otrCprInvstmntSttus_00126380_2023_11011_TRIMMED-RESERIALIZED.json',
    ).rows[0];
    expect(inv).toMatchObject({ section: 'investments', label: '삼성전기㈜' });
    expect(inv?.fields.trmend_blce_qota_rt).toBe('23.7');
    const minority = load('mrhlSttus', 'mrhlSttus_00126380_2023_11011_TRIMMED-RESERIALIZED.json').rows[0];
    expect(minority?.fields.hold_stock_rate).toBe('67.30%');
  });

  it("flags the filer's own total rows (합계, 계) as subtotals", () => {
    const body = JSON.parse(
      kr('cprndNrdmpBlce_00126380_2023_11011_TRIMMED-RESERIALIZED.json').toString('utf8'),
    );
    const [first] = body.list;
    body.list = [first, { ...first, remndr_exprtn2: '사모', sm: '-' }, { ...first, remndr_exprtn2: '합계' }];
    const rows = parseDartSection(Buffer.from(JSON.stringify(body)), ctx, {
      endpoint: 'cprndNrdmpBlce',
    }).rows;
    expect(rows.map((r) => r.isSubtotal)).toEqual([false, false, true]);
    expect(rows.map((r) => r.lineNo)).toEqual([1, 2, 3]);
  });
});

describe('corp codes', () => {
  it('zip as corpCode.xml returns it, and the listed excerpt: codes stay strings', () => {
    const xml = unzipCorpCodes(kr('corpCode_sample.zip'), 'zip');
    const sample = parseCorpCodeXml(xml, 'zip');
    expect(sample[0]).toMatchObject({
      corpCode: '00434003',
      corpName: '다코',
      stockCode: null,
      modifyDate: '2017-06-30',
    });
    const listed = parseCorpCodeXml(kr('CORPCODE_listed-only_EXCERPT_20250724.xml').toString('utf8'), 'x');
    expect(listed).toHaveLength(3880);
    expect(listed.find((c) => c.corpCode === '00126380')).toMatchObject({
      stockCode: '005930',
      corpNameEng: 'SAMSUNG ELECTRONICS CO,.LTD',
    });
    expect(listed.find((c) => c.stockCode === '0030R0')?.corpCode).toBe('01885222');
    expect(() => unzipCorpCodes(Buffer.from('<result><status>010</status></result>'), 'z')).toThrow(
      ParseError,
    );
  });
});

describe('disclosure lists -> one row shape', () => {
  it('TDnet page 10 of 2016-07-29 (CR-only line ends): date from the header, category, xbrl_url', () => {
    const r = parseTdnetList(jp('I_list_010_20160729.html'), ctx);
    expect(r.total).toBe(1090);
    expect(r.rows).toHaveLength(100);
    expect(r.rows[0]).toMatchObject({
      market: 'japan',
      date: '2016-07-29',
      time: '13:20',
      localCode: '64730',
      companyName: 'ジェイテクト',
      title: '平成29年3月期 第1四半期決算短信〔日本基準〕（連結）',
      category: 'earnings_flash',
      filingUrl: 'https://www.release.tdnet.info/inbs/140120160716451864.pdf',
      xbrlUrl: 'https://www.release.tdnet.info/inbs/081220160716451864.zip',
      descriptionChars: 28,
    });
    expect(r.rows[1]?.xbrlUrl).toBeNull();
  });

  it('TDnet: withdrawn rows left out, an empty Saturday is no rows', () => {
    const r = parseTdnetList(jp('I_list_001_20160711.html'), ctx);
    expect(r.rows).toHaveLength(90);
    expect(r.warnings).toEqual(['10 withdrawn (削除) disclosures left out']);
    expect(parseTdnetList(jp('I_list_001_20160709_no-disclosures.html'), ctx).rows).toEqual([]);
  });

  it('EDINET v2 list and a v1 metadata-only body', () => {
    const r = parseEdinetList(jp('documents_json_v2_20260724_excerpt.json'), ctx);
    expect(r.rows).toHaveLength(3);
    expect(r.rows[0]).toMatchObject({
      sourceId: 'S100YS2X',
      date: '2026-07-24',
      time: '09:03',
      title: '変更報告書',
      localCode: null,
      category: 'large_shareholding',
    });
    expect(parseEdinetList(jp('documents_json_v1_type1_20190401_metadata-only.json'), ctx).rows).toEqual([]);
  });

  it('DART list.json', () => {
    const r = parseDartList(kr('list_00126380_golden.json'), ctx);
    expect(r.totalPages).toBe(37);
    expect(r.rows).toHaveLength(10);
    expect(r.rows[0]).toMatchObject({
      market: 'korea',
      sourceId: '20241101000042',
      date: '2024-11-01',
      localCode: '005930',
      title: '임원ㆍ주요주주특정증권등소유상황보고서',
      descriptionChars: 19,
    });
  });
});
