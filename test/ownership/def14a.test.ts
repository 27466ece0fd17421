import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/errors.ts';
import { parseProxyStatement } from '../../parsers/edgar/def14a.ts';

const read = (f: string) => readFileSync(`fixtures/ownership/${f}`, 'utf8');

describe('DEF 14A on every real file', () => {
  const cabot = parseProxyStatement(read('CBT_DEF14A_FY2023_Cabot_ixbrl.html'));
  const turn = parseProxyStatement(
    read('TURN_DEF14A_2020_180-Degree-Capital_0000893739-20-000019_fulltext.txt'),
  );

  it('Cabot Summary Compensation Table: 5 people x 3 years, footnote markers and merged headers', () => {
    expect(cabot.executive_compensation).toHaveLength(15);
    expect(cabot.executive_compensation[0]).toEqual({
      person_name: 'Sean D. Keohane',
      position: 'President and CEO',
      is_ceo: true,
      fiscal_year: 2023,
      salary: 1083750,
      bonus: null,
      stock_award: 3509911,
      option_award: 1890051,
      non_equity_incentive: 1045704,
      pension: 26843,
      other: 235251,
      total_disclosed: 7791510,
      total_computed: 7791510,
      component_gap: false,
    });
    const zhu = cabot.executive_compensation.find(
      (r) => r.person_name === 'Jeff Zhu' && r.fiscal_year === 2021,
    )!;
    expect(zhu).toMatchObject({ pension: null, other: 958427, total_disclosed: 2959086, is_ceo: false });
    expect(cabot.executive_compensation.filter((r) => r.is_ceo).map((r) => r.fiscal_year)).toEqual([
      2023, 2022, 2021,
    ]);
    expect(cabot.executive_compensation.every((r) => !r.component_gap)).toBe(true);
  });

  it('Cabot beneficial ownership: 5% holders, insiders with * as null, the group row across a page break', () => {
    const rows = cabot.proxy_ownership;
    expect(rows.filter((r) => r.owner_kind === 'major_holder').map((r) => r.owner_name)).toEqual([
      'BlackRock, Inc.',
      'The Vanguard Group',
      'Wellington Management Group LLP',
      'FMR LLC',
      'EARNEST Partners, LLC',
    ]);
    expect(rows[0]).toMatchObject({ shares_owned: 6888619, percent: 12.43, percent_source: 'as_printed' });
    expect(rows.find((r) => r.owner_name === 'Cynthia A. Arnold')).toMatchObject({
      owner_kind: 'insider',
      shares_owned: 15534,
      percent: null,
      percent_source: 'less_than_1_percent',
    });
    expect(rows.find((r) => r.owner_kind === 'insider_group')).toMatchObject({
      owner_name: 'Directors and executive officers as a group (16 persons)',
      shares_owned: 1737563,
      percent: 3.07,
      is_group: true,
    });
  });

  it('180 Degree Capital (.txt): sections set owner_kind; no Summary Compensation Table is a warning', () => {
    expect(turn.executive_compensation).toEqual([]);
    expect(turn.warnings).toContain('no Summary Compensation Table found');
    expect(turn.proxy_ownership).toHaveLength(11);
    expect(turn.proxy_ownership.find((r) => r.owner_name === 'Kevin M. Rendino')).toMatchObject({
      owner_kind: 'insider',
      owner_role: 'Interested Directors',
      shares_owned: 771901,
      percent: 2.5,
    });
    expect(turn.proxy_ownership.find((r) => r.owner_kind === 'insider_group')).toMatchObject({
      shares_owned: 1591968,
      percent: 5.1,
    });
    expect(turn.proxy_ownership.find((r) => r.owner_name === 'Ariel Investments, LLC')).toMatchObject({
      owner_kind: 'major_holder',
      shares_owned: 2978818,
      percent: 9.6,
      security_class: 'Common Shares',
    });
  });

  it('REAC 10-K Item 11: a name-and-position cell split over the year rows, `-0-` as zero', () => {
    const reac = parseProxyStatement(
      readFileSync(
        'fixtures/upstream/www.sec.gov/Archives/edgar/data/1418302/000157587216000308/10k.htm',
        'latin1',
      ),
    );
    expect(
      reac.executive_compensation.map((r) => [r.person_name, r.position, r.is_ceo, r.fiscal_year]),
    ).toEqual([
      ['Craig S. Laughlin', 'Principal Executive Officer', true, 2015],
      ['Craig S. Laughlin', 'Principal Executive Officer', true, 2014],
      ['Craig S. Laughlin', 'Principal Executive Officer', true, 2013],
    ]);
    expect(reac.executive_compensation[0]).toMatchObject({
      salary: 0,
      bonus: 0,
      total_disclosed: 0,
      total_computed: 0,
    });
    expect(reac.proxy_ownership[0]).toMatchObject({
      owner_name: 'Craig S. Laughlin',
      shares_owned: 513750,
      percent: 31.64,
    });
    // no section rows: the holder the Summary Compensation Table names is an insider, the other 5% holders
    // major holders; the group's name is broken over two rows ("All Executive officers and" / "Directors as...")
    expect(reac.proxy_ownership.map((r) => [r.owner_name, r.owner_kind, r.percent])).toEqual([
      ['Craig S. Laughlin', 'insider', 31.64],
      ['Barbara Laughlin', 'major_holder', 31.41],
      ['Corey Sandberg', 'major_holder', 16.94],
      ['Dan Ye', 'major_holder', 20.01],
      ['All Executive officers and Directors as a Group (1 person)', 'insider_group', 63],
    ]);
  });

  it('a proxy without HTML tables is a ParseError', () => {
    expect(() => parseProxyStatement('PROXY STATEMENT\n\nplain text only')).toThrow(ParseError);
  });

  it('a text-era document whose tables are SGML <TABLE> blocks (<S>/<C> columns, no <TR>) is a ParseError', () => {
    // GE's 1994 10-K full text: the only real text-era EDGAR document among the fixtures (77 <TABLE> blocks)
    const ge = readFileSync(
      'fixtures/upstream/www.sec.gov/Archives/edgar/data/40545/000004054594000003/0000040545-94-000003.txt',
      'latin1',
    );
    expect(ge).toMatch(/<TABLE>[\s\S]*<S>\s+<C>/);
    expect(() => parseProxyStatement(ge)).toThrow(ParseError);
    expect(() => parseProxyStatement(ge)).toThrow(/plain text/);
  });

  it('a plain-text document without an ownership table stays a ParseError (the held-out excerpts are read: def14a-text.test.ts)', () => {
    expect(() => parseProxyStatement('PROXY STATEMENT\n\nplain text only')).toThrow(
      /no beneficial-ownership table/,
    );
  });
});
