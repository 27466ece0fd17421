import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse20fFile } from '../../../cli/form-20f.ts';
import type { Form20fSection } from '../../../parsers/form-20f/items.ts';
import { majorShareholders, nobodyHoldsFivePercent } from '../../../parsers/form-20f/ownership.ts';

// Item 7.A as the items splitter gives it (table cells joined by ` | `), in the wording 20-F filers use for
// the two cases of issue 28: a register geography after "holders of record", and "no one holds 5%".
const item7 = (blocks: string[]): Form20fSection[] => [{ code: 'Item-7', blocks } as Form20fSection];

describe('Form 20-F Item 7.A: holders of record by country and "no 5% holder"', () => {
  it('a table of holders of record by country (United States / Canada / Other) gives no holder rows', () => {
    const r = majorShareholders(
      item7([
        'A. Major Shareholders',
        'To the knowledge of the Company, no person beneficially owns, directly or indirectly, 5% or more of the outstanding common shares, other than as set out below.',
        'Name of Shareholder | Number of Shares | Percentage',
        'Sprott Asset Management LP | 12,400,000 | 11.2%',
        'As of March 1, 2024, the Company had the following registered holders of its common shares:',
        'Location | Number of Registered Holders | Number of Shares | Percentage',
        'United States | 212 | 30,123,456 | 27.2%',
        'Canada | 534 | 70,111,222 | 63.3%',
        'Other | 18 | 10,500,000 | 9.5%',
        'B. Related Party Transactions',
      ]),
    );
    expect(r.rows.map((x) => [x.holder_name, x.shares, x.ownership_pct])).toEqual([
      ['Sprott Asset Management LP', '12400000', '11.2'],
    ]);
    expect(r.warnings).toEqual([
      "Item 7.A: a table of holders of record by country (the register's geography) is not a list of holders: no rows from it",
    ]);
  });

  it('decides by the sentence before a table whose columns say nothing of holders', () => {
    const r = majorShareholders(
      item7([
        'A. Major Shareholders',
        'The following table sets out the number of holders of record of our ordinary shares by country as of April 15, 2024.',
        'Country | Holders | Shares',
        'United States | 47 | 1,204,332',
        'Other | 1,102 | 98,771,001',
        'B. Related Party Transactions',
      ]),
    );
    expect(r.rows).toEqual([]);
  });

  it('a statement that no one holds 5% or more means zero ownership rows', () => {
    const sentence =
      'To the best of our knowledge, no shareholder beneficially owns 5% or more of our outstanding ordinary shares.';
    expect(nobodyHoldsFivePercent(`Ownership. ${sentence}`)).toBe(sentence);
    const r = majorShareholders(
      item7([
        'A. Major Shareholders',
        sentence,
        'Name | Shares | Percentage',
        'All directors and officers as a group | 1,234,567 | 1.2%',
        'B. Related Party Transactions',
      ]),
    );
    expect(r.rows).toEqual([]);
    expect(r.warnings[0]).toMatch(
      /^Item 7\.A: no holder of 5% or more \("To the best of our knowledge, no shareholder/,
    );
  });

  it('"other than the holders below, no one holds 5%" is not that statement', () => {
    expect(
      nobodyHoldsFivePercent(
        'Other than the shareholders listed below, no person is known to us to own 5% or more of our shares.',
      ),
    ).toBeNull();
    expect(
      nobodyHoldsFivePercent('There are no arrangements that may result in a change of control.'),
    ).toBeNull();
  });

  it('real 20-F sentences that name holders of 5% or more are not "no one holds 5%" (Loncor FY2015, AEGON FY2000)', () => {
    // the sentences as filed, whitespace and tags collapsed: Loncor's introduces its holders table, AEGON's
    // says it had one such shareholder
    const flat = (path: string) =>
      readFileSync(path, 'latin1')
        .replace(/<[^>]*>|&nbsp;|&#160;/gi, ' ')
        .replace(/\s+/g, ' ');
    const loncor = flat(
      'fixtures/upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650/LONCOR_20-F_FY2015_0001062993-16-008650.html',
    );
    const l = /To the knowledge of management of the Company, based on a review[^.]*\./.exec(loncor)?.[0];
    expect(l).toBe(
      'To the knowledge of management of the Company, based on a review of publicly available filings as at March 21, 2016, the following are the only persons or companies who beneficially own 5% or more of the outstanding common shares of the Company.',
    );
    expect(nobodyHoldsFivePercent(l as string)).toBeNull();
    const aegon = flat(
      'fixtures/form-20f/AEGON_20-F_FY2000_0000928385-01-500187_plaintext-in-html-wrapper.html',
    );
    const a =
      /At balance sheet date AEGON N\.V\. had one shareholder holding an interest of more than 5%/.exec(
        aegon,
      )?.[0];
    expect(a).toBeDefined();
    expect(
      nobodyHoldsFivePercent(aegon.slice(aegon.indexOf(a as string), aegon.indexOf(a as string) + 160)),
    ).toBeNull();
  });

  it('etl parse 20f prints the form as the routes do: Loncor FY2015 is a 20-F with its two holders', () => {
    const out = parse20fFile(
      readFileSync(
        'fixtures/upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650/LONCOR_20-F_FY2015_0001062993-16-008650.html',
      ),
      {},
    );
    expect(out.profile.form).toBe('20-F');
    expect(out.profile.amendment).toBe(false);
    // the register sentence after the table ("there were 84 shareholders of record ... in the United States")
    // takes nothing away from the holders table before it
    expect(out.ownership.map((o) => o.holder_name)).toEqual([
      'Arnold T. Kondrat',
      'Newmont Canada FN Holdings ULC',
    ]);
  });
});
