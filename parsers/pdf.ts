import { ParseError } from '../lib/errors.ts';

/**
 * The text layer of a PDF, through pdf.js (`pdfjs-dist`, its Node build; no rendering, no eval). Two views:
 * the words of each page with their positions (for column layouts), and each page as lines of text.
 * A file that is not a PDF (an HTML error page served with 200, say) or cannot be opened is a ParseError.
 */
export interface PdfWord {
  str: string;
  /** Left edge and baseline, in PDF points from the page's lower left. */
  x: number;
  y: number;
  width: number;
  /** pdf.js's own end-of-line mark after this item. */
  eol: boolean;
}

/** The items of each page's text layer, in the order pdf.js gives them (empty strings dropped). */
export async function pdfPageWords(bytes: Uint8Array, document = 'pdf'): Promise<PdfWord[][]> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    const what = /<html|<!doctype/i.test(head) ? 'an HTML page' : 'not a PDF';
    throw new ParseError(`document is ${what} (no %PDF- header)`, document);
  }
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (err) {
    throw new ParseError(`PDF cannot be opened: ${(err as Error).message}`, document);
  }
  try {
    const pages: PdfWord[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const words: PdfWord[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        if (item.str === '' && !item.hasEOL) continue;
        words.push({
          str: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
          eol: item.hasEOL,
        });
      }
      pages.push(words);
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** The text of each page, lines separated by `\n`, in the order the text layer gives them. */
export async function pdfPages(bytes: Uint8Array, document = 'pdf'): Promise<string[]> {
  return (await pdfPageWords(bytes, document)).map((words) => {
    let text = '';
    let lastY: number | null = null;
    for (const w of words) {
      // a new baseline without an end-of-line mark is a new line too
      if (lastY !== null && Math.abs(w.y - lastY) > 2 && !text.endsWith('\n')) text += '\n';
      text += w.str;
      if (w.eol) text += '\n';
      lastY = w.y;
    }
    return text.replace(/[ \t]+\n/g, '\n');
  });
}
