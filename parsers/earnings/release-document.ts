import { ParseError } from '../../lib/errors.ts';
import { isSubmissionText, parseSubmissionText, type SubmissionHeader } from '../edgar/filing-document.ts';
import { htmlToBlocks, looksLikeHtml, plainToBlocks } from '../edgar/items/text.ts';

/**
 * Finds the press release in what we are given (an 8-K full-text submission with all its documents, a lone
 * `<DOCUMENT>` block, or the exhibit alone, HTML or plain text) and turns it into the exhibit text every
 * offset refers to: one block per paragraph, heading or table row (cells joined by " | "), blocks joined by
 * newlines.
 */

export interface Block {
  text: string;
  start: number;
  end: number;
  /** True for a table row (cells joined by " | "). */
  row: boolean;
}

export interface ReleaseDocument {
  /** The exhibit text that evidence offsets point into. */
  text: string;
  blocks: Block[];
  /** The `<TYPE>` of the document read (`EX-99.1`, `EX-99`, `8-K` when the release sits in the 8-K body), null for a bare exhibit. */
  documentType: string | null;
  filename: string | null;
  header: SubmissionHeader | null;
  /** Why other documents of the submission were passed over. */
  notes: string[];
}

/** Blocks of one document body, HTML or plain text. */
export function bodyToBlocks(body: string): Block[] {
  // In plain text a line that opens with a bullet mark, or a heading line in capitals, starts a paragraph of
  // its own (hard-wrapped lines of one paragraph are otherwise joined), a line of nothing but cell marks ("|",
  // an empty table cell as a page store renders it) is a paragraph break, and a line that opens or closes with a
  // cell mark or sets cells apart with one ("| • | | Net revenue: $7.2 billion |") is a table row of its own.
  const raw = looksLikeHtml(body)
    ? htmlToBlocks(body)
    : plainToBlocks(
        // A prose line of 250 characters or more shows the text is not hard-wrapped: each line is a paragraph.
        (/^[^\n<|]{250,}$/m.test(body) ? body.replace(/\n/g, '\n\n') : body)
          .replace(/^[ \t]*\|[ \t|]*$/gm, '')
          .replace(/^(?:[ \t]*\|.*\S.*|.*\S.*\|[ \t]*|.*\S \| \S.*)$/gm, '\n$&\n')
          .replace(/\n(?=[ \t]*(?:[•·▪]|[-*] |\|\s*·))/g, '\n\n')
          .replace(/\n([ \t]*[A-Z][A-Z0-9 ,&'’-]{7,}[ \t]*)(?=\n)/g, '\n\n$1\n'),
      );
  const blocks: Block[] = [];
  let pos = 0;
  for (const text of raw) {
    blocks.push({ text, start: pos, end: pos + text.length, row: text.includes(' | ') });
    pos += text.length + 1;
  }
  return blocks;
}

const RESULTS_WORDS =
  /\b(?:net (?:income|loss|earnings|profit)|earnings per (?:diluted )?share|per diluted share|(?:net )?revenues?|net sales)\b/i;
const PERIOD_WORDS =
  /\b(?:quarter|three months|thirteen weeks|twelve weeks|sixteen weeks|\d{2}[- ]weeks?|six months|nine months|(?:fiscal )?year) ended\b|\b(?:first|second|third|fourth) (?:fiscal )?quarter\b|\bQ[1-4]\b/i;

/** How strongly a document reads as an earnings release (0 = not one). */
export function earningsScore(text: string): number {
  const head = text.slice(0, 60_000);
  if (!RESULTS_WORDS.test(head) || !PERIOD_WORDS.test(head)) return 0;
  let score = 1;
  if (
    /\b(?:reports?|reported|announces?|announced|posts?|posted)\b[^.]{0,160}\b(?:results|earnings|net (?:income|loss|profit))\b/i.test(
      head,
    )
  )
    score += 2;
  if (/statements? of (?:operations|income|earnings)|income statements?/i.test(head)) score += 2;
  if (/\bper (?:diluted |basic )?share\b/i.test(head)) score += 1;
  // A call transcript repeats the numbers in speech: many "Operator:" / speaker turns.
  if (
    (head.match(/\bOperator:/g)?.length ?? 0) >= 2 ||
    /conference call transcript|^\s*(?:final )?transcript\b/im.test(head)
  )
    score = 0;
  return score;
}

/** Reads the release out of the input; throws ParseError when the input holds no text at all. */
export function readRelease(input: string): ReleaseDocument {
  const notes: string[] = [];
  if (isSubmissionText(input)) {
    const sub = parseSubmissionText(input);
    const docs = sub.documents.filter((d) => !d.isBinary && d.body.trim() !== '');
    const exhibits = docs.filter((d) => /^EX-99/i.test(d.type));
    let best: { doc: (typeof docs)[number]; blocks: Block[]; score: number } | null = null;
    for (const doc of exhibits) {
      const blocks = bodyToBlocks(doc.body);
      const score = earningsScore(blocks.map((b) => b.text).join('\n'));
      if (score === 0) notes.push(`${doc.type} ${doc.filename ?? ''}: not an earnings release`.trim());
      if (score > 0 && (best === null || score > best.score)) best = { doc, blocks, score };
    }
    if (best === null) {
      // Small issuers put the release in the 8-K body itself.
      const main = docs.find((d) => !/^EX-/i.test(d.type) && !/^(GRAPHIC|ZIP|XML|JSON|EX-101)/i.test(d.type));
      if (main) {
        const blocks = bodyToBlocks(main.body);
        if (earningsScore(blocks.map((b) => b.text).join('\n')) >= 3) best = { doc: main, blocks, score: 1 };
      }
    }
    const chosen =
      best ?? (exhibits[0] ? { doc: exhibits[0], blocks: bodyToBlocks(exhibits[0].body), score: 0 } : null);
    if (chosen === null) {
      const main = docs[0];
      if (!main) throw new ParseError('submission holds no readable document');
      const blocks = bodyToBlocks(main.body);
      return {
        text: joinBlocks(blocks),
        blocks,
        documentType: main.type,
        filename: main.filename,
        header: sub.header,
        notes,
      };
    }
    return {
      text: joinBlocks(chosen.blocks),
      blocks: chosen.blocks,
      documentType: chosen.doc.type,
      filename: chosen.doc.filename,
      header: sub.header,
      notes,
    };
  }
  if (input.trim() === '') throw new ParseError('empty document');
  const blocks = bodyToBlocks(input);
  return { text: joinBlocks(blocks), blocks, documentType: null, filename: null, header: null, notes };
}

function joinBlocks(blocks: Block[]): string {
  return blocks.map((b) => b.text).join('\n');
}
