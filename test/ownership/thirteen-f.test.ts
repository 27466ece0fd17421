import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';
import type { PriceEvidence } from '../../parsers/edgar/thirteen-f-units.ts';

const read = (f: string) => readFileSync(`fixtures/ownership/${f}`, 'utf8');
const ACTIAM = 'ACTIAM_13F-HR_2020Q4_0001619124-21-000002_fulltext.txt';
const ACORN = 'ACORN-CREEK_13F-HR_2024Q4_0001951757-25-000093_dissemination.nc';
const METLIFE = 'METLIFE_13F-HR_2021Q4_filed2023_0001140361-23-013281_fulltext.txt';

/** Rewrites every <value> of an information table (ns1: or default namespace) with f. */
function rewriteValues(text: string, f: (v: number) => number): string {
  return text.replace(/<((?:ns1:)?value)>(\d+)</g, (_, tag: string, v: string) => `<${tag}>${f(Number(v))}<`);
}

describe('13F information tables on every real file', () => {
  it('ACTIAM 2020Q4 full .txt (ns1: prefix): thousands before 2023-01-03, totals equal the rows', () => {
    const r = parseThirteenFFiling(read(ACTIAM));
    expect(r).toMatchObject({
      filer_cik: '0001619124',
      filer_name: 'ACTIAM N.V.',
      report_period: '2020-12-31',
      filing_date: '2021-02-12',
      accession_number: '0001619124-21-000002',
      value_unit: 'thousands',
    });
    expect(r.unit_evidence.method).toBe('filing_date_rule');
    expect(r.totals).toEqual({
      table_entry_total: 5,
      rows_parsed: 5,
      table_value_total: 732158,
      rows_value_total: 732158,
      ok: true,
    });
    const aapl = r.institutional_holdings.find((h) => h.cusip === '037833100')!;
    expect(aapl).toMatchObject({
      shares: 1733777,
      value_usd: 230_054_000,
      reported_price: 132.6895,
      filer_cik: 1619124,
    });
    expect(r.warnings).toEqual([]);
  });

  it('Acorn Creek 2024Q4 dissemination .nc (CR-only, ns1:): 77 rows in dollars, totals match', () => {
    const r = parseThirteenFFiling(read(ACORN));
    expect(r.filer_cik).toBe('0001994827');
    expect(r.filing_date).toBe('2025-01-22');
    expect(r.value_unit).toBe('dollars');
    expect(r.totals).toMatchObject({
      table_entry_total: 77,
      rows_parsed: 77,
      table_value_total: 194611845,
      ok: true,
    });
    const abbv = r.institutional_holdings.find((h) => h.cusip === '00287Y109')!;
    expect(abbv).toMatchObject({
      name_of_issuer: 'ABBVIE INC',
      shares: 2289,
      value_usd: 406755,
      reported_price: 177.6999,
    });
  });

  it('MetLife: a 2021 period filed 2023-03-23 in dollars stays dollars; &amp; names decoded', () => {
    const r = parseThirteenFFiling(read(METLIFE));
    expect(r.report_period).toBe('2021-12-31');
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence.filing_date_rule).toBe('dollars');
    const chile = r.institutional_holdings.find((h) => h.cusip === '464286640')!;
    expect(chile).toMatchObject({ shares: 98000, value_usd: 2049983, reported_price: 20.9182 });
    expect(r.institutional_holdings.map((h) => h.name_of_issuer)).toContain('SPDR S&P ETF TRUST');
    expect(r.totals.ok).toBe(true);
  });

  it('a bare cover page (primary_doc.xml) gives the cover and no totals verdict', () => {
    const r = parseThirteenFFiling(read('ABACUS-WEALTH_13F-HR_2020Q4_primary_doc.xml'));
    expect(r).toMatchObject({
      filer_cik: '0001978011',
      report_period: '2020-12-31',
      institutional_holdings: [],
    });
    expect(r.totals).toMatchObject({ table_entry_total: 92, table_value_total: 114663960, ok: null });
    const m = parseThirteenFFiling(read('METLIFE_13F-HR_2021Q4_primary_doc.xml'));
    expect(m.totals.table_entry_total).toBe(6);
  });

  it('the default-namespace table and its rendered XSLT page agree row for row; PRN rows excluded', () => {
    const xml = parseThirteenFFiling(read('UNKNOWN-FILER_13F-HR_infotable_default-ns.xml'));
    const html = parseThirteenFFiling(read('PRIVATE-PORTFOLIO_13F-HR_infotable_rendered-xslt.html'));
    expect(xml.totals.rows_parsed).toBe(255);
    expect(html.totals.rows_parsed).toBe(255);
    expect(xml.excluded).toEqual({ options: 0, principal_amount: 3 });
    expect(html.institutional_holdings).toEqual(xml.institutional_holdings);
    expect(html.unit_evidence.method).toBe('stated_by_document');
    // no date on a bare table: only "dollars" gives plausible prices (3M: 409,469 / 2,334 = $175.44)
    expect(xml.value_unit).toBe('dollars');
    expect(xml.unit_evidence.method).toBe('implied_price_override');
    const mmm = xml.institutional_holdings.find((h) => h.cusip === '88579Y101')!;
    expect(mmm).toMatchObject({ shares: 2334, value_usd: 409469, reported_price: 175.4366 });
    expect(xml.institutional_holdings.find((h) => h.cusip === '00206R102')?.name_of_issuer).toBe('AT&T INC');
  });

  it('the SEC sample edgarSubmission carries its table base64-encoded; a cover total mismatch is a warning', () => {
    const r = parseThirteenFFiling(read('SEC-SPEC-SAMPLE_13F-HR_full_submission.xml'));
    expect(r.totals).toMatchObject({ table_entry_total: 111, rows_parsed: 169, ok: false });
    expect(r.warnings.some((w) => w.startsWith('cover totals disagree'))).toBe(true);
    const bare = parseThirteenF(read('SEC-SPEC-SAMPLE_13F_information_table_with_figi.xml'));
    expect(bare.rows).toHaveLength(169);
    expect(bare.rows[0]).toMatchObject({
      nameOfIssuer: 'AT&T INC',
      cusip: '02079K107',
      figi: '02079K107743',
    });
  });
});

describe('13F value unit: decided from evidence, both directions', () => {
  it('a post-2023 filing still in thousands is detected from its implied prices', () => {
    const thousands = rewriteValues(read(ACORN), (v) => Math.round(v / 1000));
    const r = parseThirteenFFiling(thousands);
    expect(r.value_unit).toBe('thousands');
    expect(r.unit_evidence.method).toBe('implied_price_override');
    expect(r.unit_evidence.filing_date_rule).toBe('dollars');
    expect(r.institutional_holdings.find((h) => h.cusip === '00287Y109')?.value_usd).toBe(407_000);
  });

  it('a dollars filing whose every value ends in 000 stays dollars', () => {
    const rounded = rewriteValues(read(ACORN), (v) => Math.max(1000, Math.round(v / 1000) * 1000));
    const r = parseThirteenFFiling(rounded);
    expect(r.value_unit).toBe('dollars');
    expect(r.institutional_holdings.find((h) => h.cusip === '00287Y109')?.value_usd).toBe(407_000);
  });

  it('a pre-2023 filing in dollars is detected (and a thousands one is not touched)', () => {
    const dollars = rewriteValues(read(ACTIAM), (v) => v * 1000 + 17);
    const r = parseThirteenFFiling(dollars);
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence.method).toBe('implied_price_override');
    expect(r.institutional_holdings.find((h) => h.cusip === '037833100')?.value_usd).toBe(230_054_017);
  });

  it('reference prices (peer medians or a close) decide over the filing-date rule and are recorded', () => {
    const peers: PriceEvidence = {
      priceFor: (cusip, period) =>
        period === '2024-12-31' && cusip === '00287Y109'
          ? { price: 177.7, source: 'peer_median', observations: 12 }
          : null,
    };
    const asDollars = parseThirteenFFiling(read(ACORN), { evidence: peers });
    expect(asDollars.unit_evidence).toMatchObject({
      unit: 'dollars',
      method: 'reference_prices',
      rows_compared: 1,
      reference_source: 'peer_median',
    });
    const asThousands = parseThirteenFFiling(
      rewriteValues(read(ACORN), (v) => Math.round(v / 1000)),
      { evidence: peers },
    );
    expect(asThousands.unit_evidence).toMatchObject({ unit: 'thousands', method: 'reference_prices' });
    expect(asThousands.unit_evidence.median_ratio_to_reference).toBeCloseTo(0.001, 4);
  });

  it('lower-case CUSIPs are upper-cased; amendments carry their type', () => {
    const lower = read(ACTIAM).replace('<ns1:cusip>02079K107<', '<ns1:cusip>02079k107<');
    expect(parseThirteenFFiling(lower).institutional_holdings.map((h) => h.cusip)).toContain('02079K107');
    const amended = read(ACTIAM)
      .replace('CONFORMED SUBMISSION TYPE:\t13F-HR', 'CONFORMED SUBMISSION TYPE:\t13F-HR/A')
      .replace(
        '<reportType>13F HOLDINGS REPORT</reportType>',
        '<isAmendment>true</isAmendment><amendmentNo>1</amendmentNo><amendmentInfo><amendmentType>RESTATEMENT</amendmentType></amendmentInfo><reportType>13F HOLDINGS REPORT</reportType>',
      );
    const a = parseThirteenFFiling(amended);
    expect(a).toMatchObject({ form_type: '13F-HR/A', amendment_type: 'RESTATEMENT' });
  });

  it('an information table that is neither XML nor a <TABLE> text table, and a non-13F document, are ParseErrors', () => {
    const full = read(ACTIAM);
    const from = full.indexOf('<XML>', full.indexOf('<TYPE>INFORMATION TABLE'));
    const to = full.indexOf('</XML>', from) + '</XML>'.length;
    const text = `${full.slice(0, from)}NAME OF ISSUER  TITLE OF CLASS  CUSIP  VALUE (x$1000)\nAPPLE INC  COM  037833100  230054${full.slice(to)}`;
    expect(() => parseThirteenFFiling(text)).toThrow(ParseError);
    expect(() => parseThirteenFFiling('{"hello": 1}')).toThrow(ParseError);
  });
});

// Pre-2013 text tables (real, trimmed by edgartools to the summary page and the table; fixtures/ownership/README.md).
const BRK = 'BRK_13F-HR_2008Q4_0000950134-09-003064_text-table_TRIMMED.txt';
const GGH = 'GILDER-GAGNON-HOWE_13F-HR_2001Q3_0000922423-01-501041_text-table_TRIMMED.txt';

describe('13F text information tables (pre-2013), columns from the header dash line', () => {
  it('Berkshire 2008Q4: 108 rows = the cover, $51,869,961 thousand = the cover, thousands as its header states', () => {
    const r = parseThirteenFFiling(read(BRK));
    expect(r.totals).toEqual({
      table_entry_total: 108,
      rows_parsed: 108,
      table_value_total: 51_869_961,
      rows_value_total: 51_869_961,
      ok: true,
    });
    expect(r.value_unit).toBe('thousands');
    expect(r.unit_evidence.method).toBe('stated_by_document');
    expect(r.institutional_holdings).toHaveLength(41);
    const by = (cusip: string) => r.institutional_holdings.find((h) => h.cusip === cusip)!;
    // American Express: a name over two lines, then 7 rows (one per group of other managers), summed
    expect(by('025816109')).toMatchObject({
      name_of_issuer: 'American Express Co.',
      title_of_class: 'Com',
      shares: 151_610_700,
      value_usd: 2_812_379_000,
      reported_price: 18.55,
    });
    // Coca-Cola: 8 rows, 200,000,000 shares at the year-end close of $45.27
    expect(by('191216100')).toMatchObject({
      shares: 200_000_000,
      value_usd: 9_054_000_000,
      reported_price: 45.27,
    });
    expect(by('939640108')).toMatchObject({
      title_of_class: 'Cl B',
      shares: 1_727_765,
      value_usd: 674_259_000,
    });
    expect(by('20030N200')).toMatchObject({ name_of_issuer: 'Comcast Corp', title_of_class: 'CLA SPL' });
    expect(by('12189T104').name_of_issuer).toBe('Burlington Northern Santa Fe');
    // the filer's misprinted `949773V 10 7` is kept as printed, with a warning, not repaired
    expect(by('949773V107')).toMatchObject({ shares: 4_777_300, value_usd: 201_268_000 });
    expect(r.warnings).toContain(
      'CUSIPs kept as printed, not valid 9-character CUSIPs (length or check digit): 949773V107',
    );
  });

  it('Gilder Gagnon Howe 2001Q3: whole dollars before 2023 (no unit stated; prices decide), 12-character CUSIPs', () => {
    const r = parseThirteenFFiling(read(GGH));
    expect(r.totals).toMatchObject({
      table_entry_total: 194,
      rows_parsed: 194,
      table_value_total: 1_415_974_214,
      rows_value_total: 1_415_974_215,
      ok: true,
    });
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence).toMatchObject({
      method: 'implied_price_override',
      median_implied_price_as_dollars: 17.41,
    });
    expect(r.warnings).toContain(
      '174 CUSIPs printed with a 000 suffix (12 characters): read as their first 9',
    );
    const by = (cusip: string) => r.institutional_holdings.find((h) => h.cusip === cusip)!;
    expect(by('00504W100')).toMatchObject({
      name_of_issuer: 'ACTIVE POWER INC',
      shares: 7855,
      value_usd: 39_354,
    });
    expect(by('00130H105')).toMatchObject({ shares: 3100, value_usd: 39_742 });
    expect(by('172737108')).toMatchObject({
      name_of_issuer: 'CIRCUIT CITY STORES INC; CIRCUIT CITY GROUP',
      shares: 1_793_444,
      value_usd: 21_521_328,
    });
    expect(by('084670207')).toMatchObject({ shares: 11_554, value_usd: 26_920_820, reported_price: 2330 });
  });

  it('inside a submission filed in 2021 the filing-date rule says thousands; the implied prices say dollars', () => {
    // ACTIAM's real submission with its XML information table replaced by the Gilder Gagnon Howe text table
    const full = read(ACTIAM);
    const from = full.indexOf('<XML>', full.indexOf('<TYPE>INFORMATION TABLE'));
    const to = full.indexOf('</XML>', from) + '</XML>'.length;
    const r = parseThirteenFFiling(`${full.slice(0, from)}${read(GGH)}${full.slice(to)}`);
    expect(r.filing_date).toBe('2021-02-12');
    expect(r.totals.rows_parsed).toBe(194);
    expect(r.unit_evidence).toMatchObject({
      unit: 'dollars',
      method: 'implied_price_override',
      filing_date_rule: 'thousands',
    });
  });

  it("a typed 'x$1000' header contradicted by the prices does not decide", () => {
    // the Gilder Gagnon Howe table (whole dollars) under a header that claims thousands
    const claimed = read(GGH).replace('MARKET VALUE', 'VALUE (x$1000)');
    expect(parseThirteenF(claimed).statedUnit).toBe('thousands');
    const r = parseThirteenFFiling(claimed);
    expect(r.value_unit).toBe('dollars');
    expect(r.unit_evidence.method).toBe('implied_price_override');
    expect(r.institutional_holdings.find((h) => h.cusip === '00504W100')?.value_usd).toBe(39_354);
    // and the Berkshire statement, which the prices support, decides
    expect(parseThirteenF(read(BRK)).statedUnit).toBe('thousands');
  });
});
