import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse20fFile } from '../../../cli/form-20f.ts';
import { form20fBlocks, splitForm20f } from '../../../parsers/form-20f/items.ts';
import { referredHolders, referredItem, subsectionBlocks } from '../../../parsers/form-20f/ownership.ts';

// Item 7.A of real 20-Fs that were never fixtures before (fixtures/form-20f/LABELS-item7A.tsv holds the
// hand-read labels, written before the parser was run on them; MANIFEST.tsv their provenance).
const own = (name: string) => new URL(`../../../fixtures/form-20f/${name}`, import.meta.url);
const LONCOR = new URL(
  '../../../fixtures/upstream/www.sec.gov/Archives/edgar/data/1472619/000106299316008650/LONCOR_20-F_FY2015_0001062993-16-008650.html',
  import.meta.url,
);
const PLYMOUTH = 'PLYMOUTH-ROCK_20-F_FY2020_0001062993-21-003193_EXCERPT-item7A.html';
const APOWER = 'A-POWER_20-F_FY2009_0001144204-10-017467_EXCERPT-item7A.html';

describe('Form 20-F Item 7.A on held-out real filings', () => {
  it('Plymouth Rock FY2020: "no persons ... more than 5%" and a register by Location give no holder rows', () => {
    const r = parse20fFile(readFileSync(own(PLYMOUTH)), { url: PLYMOUTH });
    expect(r.items_found).toEqual(['Item-7']);
    expect(r.ownership).toEqual([]);
    // the sentence as filed; the table after it is Location / shares / % / "Number of Registered Shareholders
    // of Record" (United States 3,417,980 8.0% 43; Canada 37,062,784 86.7% 16; Other 2,281,500 5.3% 9)
    expect(r.warnings[0]).toContain(
      'there are no persons or company who beneficially own, directly or indirectly, or exercise control or direction over, securities carrying more than 5% of the voting rights',
    );
  });

  it('A-Power FY2009: a 7.A that only refers to Item 6.E says so, and gives no rows when 6.E is not in the document', () => {
    const r = parse20fFile(readFileSync(own(APOWER)), { url: APOWER });
    expect(r.ownership).toEqual([]);
    expect(r.warnings[0]).toBe(
      'Item 7.A refers to Item 6.E for its holders ("Please refer to Item 6.E, \u201c Directors, Senior Management and Employees \u2014 Share Ownership.\u201d"); the document holds no Item 6.E: no rows',
    );
  });

  it('a referred Item 6.E table gives its rows of 5% or more (Loncor FY2015 6.E: directors and officers)', () => {
    const sections = splitForm20f(form20fBlocks(readFileSync(LONCOR, 'utf8')));
    const item6 = sections.find((s) => s.code === 'Item-6')!;
    // 6.E as filed: Colson Nil, Farr 105,000 0.07%, Kondrat 74,300,818 49.1%, Lachcik 11,666 0.01%,
    // Madilo 100,000 0.07%, Matheys Nil, Wilson 3,333 0.002%
    expect(subsectionBlocks(item6, 'E')![0]).toBe('E. | Share Ownership');
    const r = referredHolders(sections, { item: '6', letter: 'E', text: 'refer to Item 6.E' });
    expect(r.rows.map((x) => [x.holder_name, x.shares, x.ownership_pct])).toEqual([
      ['Arnold T. Kondrat', '74300818', '49.1'],
    ]);
    expect(r.warnings[0]).toBe(
      'Item 7.A refers to Item 6.E for its holders ("refer to Item 6.E"): 1 of its 5 table rows hold 5% or more',
    );
  });

  it('A-Power FY2009 Item 6.E (the table its 7.A refers to): Jinxiang Lu, the one holder of 5% or more', () => {
    // the header survives only as two one-cell lines ("Shares Beneficially Owned (1)", "Number%"); a row
    // group label ("Directors and Executive Officers:"); eight "*" rows (less than 1%) between the numbers
    const html = readFileSync(own(`item6E/${APOWER.replace('item7A', 'item6E')}`), 'utf8');
    const item6 = {
      code: 'Item-6',
      name: 'Directors, Senior Management and Employees',
      blocks: form20fBlocks(html),
    };
    expect(subsectionBlocks(item6, 'E')![0]).toBe('E. Share Ownership');
    const r = referredHolders([item6], { item: '6', letter: 'E', text: 'Please refer to Item 6.E' });
    expect(r.rows.map((x) => [x.holder_name, x.shares, x.ownership_pct])).toEqual([
      ['Jinxiang Lu', '11278000', '24.8'],
    ]);
    // John S. Lin (3) 1,813,333 4.0% is read as a table row, and left out as below 5%
    expect(r.warnings[0]).toBe(
      'Item 7.A refers to Item 6.E for its holders ("Please refer to Item 6.E"): 1 of its 2 table rows hold 5% or more',
    );
  });

  it('no other real 7.A is read as a reference (Loncor, AEGON, Plymouth Rock)', () => {
    const item7a = (text: string) => {
      const s = splitForm20f(form20fBlocks(text)).find((x) => x.code === 'Item-7');
      return s ? s.blocks : [];
    };
    expect(referredItem(item7a(readFileSync(LONCOR, 'utf8')))).toBeNull();
    expect(referredItem(item7a(readFileSync(own(PLYMOUTH), 'utf8')))).toBeNull();
    const aegon = readFileSync(
      own('AEGON_20-F_FY2000_0000928385-01-500187_plaintext-in-html-wrapper.html'),
      'latin1',
    );
    expect(referredItem(item7a(aegon))).toBeNull();
    expect(parse20fFile(Buffer.from(aegon, 'latin1'), {}).ownership.map((o) => o.holder_name)).toEqual([
      'Vereniging AEGON',
    ]);
  });
});
