import { describe, expect, it } from 'vitest';
import { decodeHtmlText, htmlToBlocks, plainToBlocks } from '../../../parsers/edgar/items/text.ts';

describe('htmlToBlocks', () => {
  it('decodes Windows-1252 numeric entities the way browsers do', () => {
    expect(htmlToBlocks('<p>Registrant&#146;s &#147;quoted&#148; text &#151; done&nbsp;</p>')).toEqual([
      'Registrant’s “quoted” text — done',
    ]);
    expect(decodeHtmlText('Workiva&#58; a&#47;b &amp; c')).toBe('Workiva: a/b & c');
  });

  it('drops the hidden ix:header and display:none content', () => {
    const html =
      '<body><div style="display:none"><ix:header><ix:hidden>dei facts</ix:hidden></ix:header></div>' +
      '<p>Item 1. Business</p><span style="DISPLAY: NONE">secret</span><p>We sell phones.</p></body>';
    expect(htmlToBlocks(html)).toEqual(['Item 1. Business', 'We sell phones.']);
  });

  it('flattens table rows to cells joined with " | ", gluing $ and ) to their numbers', () => {
    const html =
      '<table><tr><td>Net sales</td><td>$</td><td>391,035</td><td>(</td><td>1,234</td><td>)</td></tr>' +
      '<tr><td></td><td>Margin</td><td>46.2</td><td>%</td></tr></table>';
    expect(htmlToBlocks(html)).toEqual(['Net sales | $391,035 | (1,234)', 'Margin | 46.2%']);
  });

  it('drops bare page numbers and running footers repeated on every page', () => {
    const pages = [1, 2, 3, 4, 5].flatMap((n) => [
      `<p>Body text of page ${n}.</p>`,
      `<p>Apple Inc. | 2024 Form 10-K | ${n}</p>`,
      `<p>${n}</p>`,
    ]);
    expect(htmlToBlocks(pages.join(''))).toEqual([1, 2, 3, 4, 5].map((n) => `Body text of page ${n}.`));
  });
});

describe('plainToBlocks', () => {
  it('handles <PAGE>, <TABLE>, <S> and <C> pseudo-tags and re-flows paragraphs', () => {
    const text = [
      '<PAGE>',
      'ITEM 6.  SELECTED FINANCIAL DATA',
      '',
      'The following selected financial information has been derived',
      'from the consolidated financial statements.',
      '<TABLE>',
      '<CAPTION>',
      '<S>                      <C>        <C>',
      'Net sales                $ 9,189    $ 7,977',
      '</TABLE>',
      '',
      '                                   12',
      '<PAGE>',
    ].join('\n');
    expect(plainToBlocks(text)).toEqual([
      'ITEM 6. SELECTED FINANCIAL DATA',
      'The following selected financial information has been derived from the consolidated financial statements.',
      'Net sales | $9,189 | $7,977',
    ]);
  });

  it('glues a typed "$" column to its figure and drops drawn rules (tables, underlined headings and words)', () => {
    const text = [
      '<TABLE>',
      '<S>                            <C>          <C>',
      'Gross margin                   $   678,873  $   573,872',
      '- ------------------------     -----------  -----------',
      'Net income (loss)              $     2,664  $  (188,316)',
      'Other countries                         --        2,160',
      '</TABLE>',
      '',
      'General',
      '- -------',
      'The Company plans to file a petition for a writ of',
      '                                           ------- -------',
      'certiorari in the Supreme Court.',
    ].join('\n');
    expect(plainToBlocks(text)).toEqual([
      'Gross margin | $678,873 | $573,872',
      'Net income (loss) | $2,664 | $(188,316)',
      'Other countries | -- | 2,160',
      'General',
      'The Company plans to file a petition for a writ of certiorari in the Supreme Court.',
    ]);
  });

  it('leaves no "$ |" cell and no rule line in the 1990s plain-text corpus (AAPL 1994 10-K, 2000 10-Q)', async () => {
    const { CORPUS, readFixture } = await import('./items-corpus.ts');
    const { splitFilingFile } = await import('../../../parsers/edgar/items/index.ts');
    for (const name of ['10k-aapl-1994', '10q-aapl-2000', '10k-ge-1993', '10k-ibm-1997']) {
      const file = CORPUS.find((c) => c.name === name)!;
      const text = splitFilingFile(readFixture(file.path), { form: file.form, resolve: true })
        .items.map((i) => i.text)
        .join('\n');
      expect(text.match(/\$ \|/g), name).toBeNull();
      expect(text.match(/^[-=_ ]{5,}$|(?:^|\| )-{5,}(?: \||$)/gm), name).toBeNull();
    }
    const statements = splitFilingFile(readFixture(CORPUS.find((c) => c.name === '10k-aapl-1994')!.path), {
      form: '10-K',
    }).items.find((i) => i.number === 'Item-8')!;
    expect(statements.text).toContain('\nGross margin | $678,873 | $573,872 | $499,064 | $592,024\n');
  });

  it('starts a new block at an ITEM heading that follows a finished sentence without a blank line', () => {
    expect(plainToBlocks('Not applicable.\nITEM 9. CHANGES IN AND DISAGREEMENTS\nNone.')).toEqual([
      'Not applicable.',
      'ITEM 9. CHANGES IN AND DISAGREEMENTS',
      'None.',
    ]);
  });
});

describe('splitItems on arbitrary input', () => {
  it('never throws: returns items or unparseable_document', async () => {
    const fc = await import('fast-check');
    const { splitItems } = await import('../../../parsers/edgar/items/index.ts');
    const fragment = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<table><tr><td>',
        '</td></tr>',
        'ITEM 1. BUSINESS',
        'Item 7A.',
        'PART II',
        '&#146;',
      ),
      fc.constantFrom(
        'Item 2.02 Results',
        'Items 10, 11 and 12.',
        'SIGNATURES',
        '<div style="display:none">',
        '\n\n',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 40 }),
        fc.constantFrom('10-K', '10-Q', '8-K'),
        (parts, form) => {
          const doc = parts.join(' ');
          for (const input of [{ html: doc }, { text: doc }]) {
            const r = splitItems({ ...input, form: form as '10-K', resolve: true });
            expect(r.items.length > 0 || r.items_unavailable_reason === 'unparseable_document').toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
