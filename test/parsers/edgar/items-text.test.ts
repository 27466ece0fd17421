import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../parsers/edgar/items/html-events.ts';
import {
  BLOCK_TAGS,
  CELL_TAGS,
  decodeHtmlText,
  dropPageFurniture,
  hasLeftSpace,
  htmlToBlocks,
  isHidden,
  normalizeSpaces,
  plainToBlocks,
  SKIP_TAGS,
} from '../../../parsers/edgar/items/text.ts';

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

/** The events htmlToBlocks reads, from htmlparser2's Parser (the reference) and from scanHtml. */
function parserEvents(html: string): string[] {
  const out: string[] = [];
  new Parser(
    {
      onopentag: (name, attribs) => out.push(`<${name} ${JSON.stringify(attribs['style'])}`),
      onclosetag: (name) => out.push(`</${name}`),
      ontext: (text) => out.push(`"${text}`),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  ).end(html);
  return out;
}
/** `html` cut into strings of `size` characters (the last one shorter). */
const chunksOf = (html: string, size: number): string[] => {
  const out: string[] = [];
  for (let at = 0; at < html.length; at += size) out.push(html.slice(at, at + size));
  return out;
};
/** Events with each run of adjacent texts merged into one (chunks may split a text, never anything else). */
const mergeTexts = (events: string[]): string[] => {
  const out: string[] = [];
  for (const e of events) {
    if (e.startsWith('"') && out.length > 0 && out[out.length - 1]!.startsWith('"'))
      out[out.length - 1] += e.slice(1);
    else out.push(e);
  }
  return out;
};
function scanEvents(html: string, chunkSize?: number): string[] {
  const out: string[] = [];
  scanHtml(chunkSize === undefined ? html : chunksOf(html, chunkSize), {
    opentag: (name, style) => out.push(`<${name} ${JSON.stringify(style)}`),
    closetag: (name) => out.push(`</${name}`),
    text: (source, start, end) => {
      if (!(start >= 0 && start <= end && end <= source.length)) throw new Error(`bad range ${start}-${end}`);
      out.push(`"${source.slice(start, end)}`);
    },
    entity: (text) => out.push(`"${text}`),
  });
  return out;
}

describe('scanHtml (the Tokenizer-driven events under htmlToBlocks)', () => {
  const EDGE_CASES = [
    '<P STYLE="display:none">x</P><p Style="a" style="b">y',
    '<p>one<div>two</p>three</br></p><BR/><hr><img src=a>',
    '<table><tr><td>a<td>b<tr><th>c</table></td></tr>',
    '<form><form style="x"><p>in</form></form><select><option>a<option>b</select>',
    '<svg><clipPath style="q"><rect/></clipPath><foreignObject><p>html<image/></foreignObject><![CDATA[cd]]></svg>',
    '<math><mi>x</mi><![CDATA[y]]></math><image><IMAGE/>',
    '<p style="color:&quot;red&quot;;display:&#110;one">e&amp;f&#146;g&nbsp;h&copy i</p>',
    '<title>T &amp; <b>x</b></title><script>if (a < b) {}</script><style>p{}</style><textarea><p></textarea>',
    '<!DOCTYPE html><!-- c --><?xml x?><ix:header><xbrli:context id=c>q</xbrli:context></ix:header>',
    '<ul><li>a<li>b</ul><dl><dt>t<dd>d</dl><h1>h<h2>i</h1>',
    '<p>unclosed <b>bold <i>both',
    '<div style>no value</div><div style=unquoted>u</div><td>stray</td></tr></table>',
    '<p>unfinished closing tag at the end</Item 1.',
  ];

  it("gives the Parser's events on edge cases: implied closes, void tags, forms, SVG/MathML, entities", () => {
    for (const html of EDGE_CASES) expect(scanEvents(html), html).toEqual(parserEvents(html));
  });

  it("gives the Parser's events on any mix of those fragments", async () => {
    const fc = await import('fast-check');
    const fragment = fc.oneof(
      fc.constantFrom(...EDGE_CASES),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<tr>',
        '</td>',
        '<svg>',
        '</svg>',
        '<math>',
        '<mi>',
        '</form>',
        '<form>',
      ),
      fc.constantFrom('<TD STYLE="x">', '<br>', '</br>', '<desc>', '<table>', '</table>', '&amp;', '<a>'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const html = parts.join('');
        expect(scanEvents(html)).toEqual(parserEvents(html));
      }),
      { numRuns: 400 },
    );
  });

  it("gives the Parser's events on real filings (GAINSCO 2009, Apple 2024 inline XBRL)", async () => {
    const { CORPUS, readFixture } = await import('./items-corpus.ts');
    for (const name of ['10k-gainsco-2009', '10k-aapl-2024']) {
      const html = readFixture(CORPUS.find((c) => c.name === name)!.path).toString('latin1');
      const events = scanEvents(html);
      expect(events.length, name).toBeGreaterThan(10_000);
      expect(events, name).toEqual(parserEvents(html));
      // read in chunks: tags, entities and attributes cut anywhere across the chunks' ends
      for (const size of [4093, 65_536])
        expect(mergeTexts(scanEvents(html, size)), name).toEqual(mergeTexts(events));
    }
  });

  it('gives the same events from a document in chunks of any size (a text split only where a chunk ends)', async () => {
    for (const html of EDGE_CASES)
      for (let size = 1; size <= 7; size++)
        expect(mergeTexts(scanEvents(html, size)), `${html} / ${size}`).toEqual(mergeTexts(scanEvents(html)));
    const fc = await import('fast-check');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...EDGE_CASES, '&nbsp;', '&#146;', '<p style="display: none">', 'Item 1.'), {
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 9 }),
        (parts, size) => {
          const html = parts.join('');
          expect(mergeTexts(scanEvents(html, size))).toEqual(mergeTexts(scanEvents(html)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** htmlToBlocks as it was written on htmlparser2's Parser (before scanHtml): the reference it must equal. */
function parserBlocks(html: string): string[] {
  const blocks: string[] = [];
  let line = '';
  let cells: string[] | null = null;
  let cell = '';
  let skipDepth = 0;
  let tableDepth = 0;
  const flushLine = () => {
    const t = normalizeSpaces(line);
    line = '';
    if (t === '') return;
    if (cells !== null) cell += (cell === '' ? '' : ' ') + t;
    else blocks.push(t);
  };
  const flushCell = () => {
    flushLine();
    const t = cell.trim();
    cell = '';
    if (cells === null || t === '') return;
    const last = cells.length - 1;
    if (last >= 0 && (cells[last] === '$' || cells[last] === '(' || /^[)%]+$/.test(t))) cells[last] += t;
    else cells.push(t);
  };
  const flushRow = () => {
    flushCell();
    if (cells !== null && cells.length > 0) blocks.push(cells.join(' | '));
    if (cells !== null) cells = [];
  };
  new Parser(
    {
      onopentag(name, attribs) {
        if (skipDepth > 0) {
          skipDepth++;
          return;
        }
        const style = attribs['style'];
        if (SKIP_TAGS.has(name) || (style !== undefined && isHidden(style))) {
          skipDepth = 1;
          return;
        }
        if (CELL_TAGS.has(name)) flushCell();
        else if (name === 'tr') {
          flushRow();
          if (cells === null) {
            flushLine();
            cells = [];
          }
        } else if (name === 'table') {
          flushLine();
          tableDepth++;
          if (tableDepth === 1) cells = [];
        } else if (BLOCK_TAGS.has(name)) flushLine();
        else if (style !== undefined && hasLeftSpace(style)) line += ' ';
      },
      ontext(text) {
        if (skipDepth === 0) line += text;
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (CELL_TAGS.has(name)) flushCell();
        else if (name === 'tr') {
          flushRow();
          if (tableDepth === 0) cells = null;
        } else if (name === 'table') {
          if (tableDepth === 1) {
            flushRow();
            cells = null;
          }
          tableDepth = Math.max(0, tableDepth - 1);
        } else if (BLOCK_TAGS.has(name)) flushLine();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  ).end(html);
  if (cells !== null) flushRow();
  cells = null;
  flushLine();
  return dropPageFurniture(blocks);
}

describe('htmlToBlocks against its Parser-based reference', () => {
  it('gives the same blocks on any mix of tags, entities and every kind of space', async () => {
    const fc = await import('fast-check');
    const fragment = fc.oneof(
      fc.constantFrom(
        '<p>',
        '</p>',
        '<td>',
        '</td>',
        '<tr>',
        '<table>',
        '</table>',
        '<b>',
        '</b>',
        '<span style="padding-left:24.02pt">',
        '<span style="padding-left:0pt">',
        '</span>',
        '<br>',
        '</Item 1.',
      ),
      fc.constantFrom(
        '&nbsp;',
        '&#160;',
        '&#8203;',
        '&ThickSpace;',
        '&#x1F600;',
        '&amp;',
        ' ',
        '  ',
        '\n',
        '\t',
      ),
      fc.constantFrom('\u00a0', '\u200b', '\u3000', '\ufeff', 'a', 'Item 1.', '$', ')', '%', '(', '12'),
      fc.constantFrom('<script>x</script>', '<div style="display:none">', '<svg>', '<![CDATA[ c ]]>'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const html = parts.join('');
        expect(htmlToBlocks(html)).toEqual(parserBlocks(html));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same blocks on real filings (GAINSCO 2009, Apple 2024 inline XBRL)', async () => {
    const { CORPUS, readFixture } = await import('./items-corpus.ts');
    for (const name of ['10k-gainsco-2009', '10k-aapl-2024']) {
      const bytes = readFixture(CORPUS.find((c) => c.name === name)!.path);
      const html = bytes.toString('latin1');
      const blocks = htmlToBlocks(html);
      expect(blocks.length, name).toBeGreaterThan(500);
      expect(blocks, name).toEqual(parserBlocks(html));
      // from the bytes, read in 64 Ki-character chunks (GAINSCO: 25 of them)
      expect(htmlToBlocks(bytes), name).toEqual(blocks);
    }
  });
});

describe('splitFilingFile on bytes', () => {
  const doc = (body: string) =>
    `<html><body><p>ITEM 1. BUSINESS</p><p>${body}</p><p>ITEM 2. PROPERTIES</p><p>None.</p></body></html>`;
  const business = async (bytes: Buffer) => {
    const { splitFilingFile } = await import('../../../parsers/edgar/items/index.ts');
    return splitFilingFile(bytes, { form: '10-K' }).items.find((i) => i.number === 'Item-1')?.text;
  };

  it('splits an ASCII HTML file read in chunks as it splits its text, whatever its first 64 Ki characters say', async () => {
    const { splitFilingFile } = await import('../../../parsers/edgar/items/index.ts');
    const filler = (n: number) => 'Revenue grew. '.repeat(Math.ceil(n / 14)).slice(0, n);
    const files = [
      // a real tag well inside the head: read in chunks
      doc(filler(200_000)),
      // the first real tag (<p>) cut by the head's end ("<p" at 65,535), or just after it
      `<html><body><div>${filler(65_536 - 19)}<p>ITEM 1. BUSINESS</p><p>Sales.</p><p>ITEM 2. PROPERTIES</p><p>None.</p>`,
      `<html><body><div>${filler(70_000)}<p>ITEM 1. BUSINESS</p><p>Sales.</p><p>ITEM 2. PROPERTIES</p><p>None.</p>`,
      // plain text in a wrapper, longer than the head: read as text
      `<html><body><div>\nITEM 1. BUSINESS\n\n${filler(80_000)}\n\nITEM 2. PROPERTIES\n\nNone.\n</div></body></html>`,
      // short files, decided by their whole text
      doc('Short.'),
      '<html><body><div>\nITEM 1. BUSINESS\n\nText.\n\nITEM 2. PROPERTIES\n\nNone.\n</div></body></html>',
    ];
    for (const file of files) {
      const bytes = Buffer.from(file, 'latin1');
      for (const form of ['10-K', '8-K'] as const) {
        const split = splitFilingFile(bytes, { form });
        expect(split, `${file.slice(0, 40)} ${file.length}`).toEqual(splitFilingFile(file, { form }));
        if (form === '10-K') expect(split.items.map((i) => i.number)).toEqual(['Item-1', 'Item-2']);
      }
    }
  });

  it('reads UTF-8, and a file that is not valid UTF-8 (or spells U+FFFD) as Latin-1', async () => {
    expect(await business(Buffer.from(doc('Caf\u00e9 sales'), 'utf8'))).toContain('Caf\u00e9 sales');
    expect(await business(Buffer.from(doc('Caf\u00e9 sales'), 'latin1'))).toContain('Caf\u00e9 sales');
    expect(await business(Buffer.from(doc('Odd \ufffd byte'), 'utf8'))).toContain(
      'Odd \u00ef\u00bf\u00bd byte',
    );
    expect(await business(Buffer.from(doc('Plain ASCII'), 'latin1'))).toContain('Plain ASCII');
  });
});
