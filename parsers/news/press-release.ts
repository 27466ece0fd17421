import { load } from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import type { FeedItem } from './feed.ts';
import { cleanText, htmlToText } from './text.ts';

export interface PressReleaseContext {
  url: string;
  /** The filing's acceptance time (ISO-8601). */
  filedAt: string;
  cik: string;
  accession: string;
}

/** An 8-K EX-99.1 press release as a news item plus its body text (used for linking and rules, never stored). */
export interface PressRelease {
  item: FeedItem;
  body: string;
}

/**
 * The headline is the first short block written entirely in capitals (wire releases set it so); when there is
 * none, the first sentence naming an exchange:ticker tag. The summary is the lead sentence from the dateline on.
 */
export function parsePressRelease(html: string, ctx: PressReleaseContext): PressRelease {
  // the filing-items pipeline stores exhibit bodies as text blocks, one per line: read those as they are
  if (!/<[a-z!]/i.test(html))
    return fromBlocks(html.split('\n').map(cleanText).filter(Boolean), cleanText(html), ctx);
  const $ = load(html);
  $('script,style').remove();
  const blocks: string[] = [];
  $('p,div,td,h1,h2,h3,center').each((_, e) => {
    if ($(e).children('p,div,table,td,h1,h2,h3').length > 0) return;
    const t = cleanText($(e).text());
    if (t) blocks.push(t);
  });
  return fromBlocks(blocks, htmlToText(html), ctx);
}

function fromBlocks(blocks: string[], body: string, ctx: PressReleaseContext): PressRelease {
  if (body.length < 40) throw new ParseError('press release has no readable text', ctx.url);
  const headline = blocks.find(
    (b) =>
      b.length <= 200 && b.split(' ').length >= 4 && /[A-Z]/.test(b) && !/[a-z]/.test(b) && !/^EX-\d/.test(b),
  );
  const lead = leadSentence(body, headline ? body.indexOf(headline) + headline.length : 0);
  const title = headline ? titleCase(headline) : (lead ?? blocks[0] ?? '').slice(0, 200);
  return {
    item: {
      guid: `${ctx.accession}:EX-99.1`,
      title,
      link: ctx.url,
      summary: lead ? lead.slice(0, 500) : null,
      published_at: ctx.filedAt,
      time_basis: 'published',
      publisher: 'SEC EDGAR (8-K EX-99.1)',
      categories: ['8-K', 'EX-99.1'],
      language: 'en',
      extra: { cik: ctx.cik, accession: ctx.accession },
    },
    body,
  };
}

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
function titleCase(s: string): string {
  return s
    .toLowerCase()
    .split(' ')
    .map((w, i) => (i > 0 && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const TAG = /\((?:NYSE|NASDAQ|Nasdaq|NYSE American|OTC\w*|TSX)\s*:\s*[A-Z.]+\)/;
const DATELINE = /\b[A-Z][A-Z.]+(?: [A-Z][A-Z.]+)*, [A-Z][A-Za-z.]+\.?\s*(?:--|\u2014|\u2013)/g;
/** A sentence ends at a period before a capital, unless the period closes an abbreviation (Inc., Corp., Co., Ltd.). */
const SENTENCE_END = /(?<!\b(?:Inc|Corp|Co|Ltd|No|Mr|Ms|Dr|St|U\.S))\.(?=\s+[A-Z(])/g;

/** The lead: from the dateline (CITY, ST --) before the first exchange:ticker tag to the end of that sentence. */
function leadSentence(body: string, from: number): string | null {
  const tag = TAG.exec(body.slice(from));
  if (!tag) return null;
  const tagAt = from + tag.index;
  let start = -1;
  for (const m of body.slice(from, tagAt).matchAll(DATELINE)) {
    start = from + (m.index ?? 0);
    break;
  }
  if (start < 0) {
    start = from;
    for (const m of body.slice(from, tagAt).matchAll(SENTENCE_END)) start = from + (m.index ?? 0) + 1;
  }
  SENTENCE_END.lastIndex = tagAt;
  const end = SENTENCE_END.exec(body);
  return body.slice(start, end ? end.index + 1 : undefined).trim();
}
