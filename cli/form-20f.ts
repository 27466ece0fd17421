import { readFileSync } from 'node:fs';
import { parseForm20fFiling } from '../parsers/form-20f/index.ts';
import { parseInstance } from '../parsers/xbrl/instance.ts';
import { parseLabels } from '../parsers/xbrl/labels.ts';

/**
 * `etl parse 20f <file>`: one filing's document as the 20-F routes would serve it. An inline XBRL
 * document is both the primary document and the instance; a standalone `.xml` instance only the latter.
 */
export function parse20fFile(bytes: Buffer, opts: { url?: string; labels?: string }) {
  const utf8 = bytes.toString('utf8');
  const text = utf8.includes('\uFFFD') ? bytes.toString('latin1') : utf8;
  const url = opts.url ?? 'document';
  const head = text.slice(0, 4000);
  const isXml = /<(xbrli:)?xbrl[\s>]/.test(head) && !/<html/i.test(head);
  const isInline = /<ix:header/i.test(text);
  const instance = isXml || isInline ? parseInstance(text, { document: url, texts: true }) : undefined;
  const labels = opts.labels
    ? parseLabels(readFileSync(opts.labels, 'utf8'), { document: opts.labels })
    : undefined;
  const r = parseForm20fFiling({
    ...(isXml ? {} : { primary: { text, url } }),
    ...(instance ? { instance } : {}),
    ...(labels ? { labels } : {}),
  });
  // the form as the routes give it (their filings table): an amendment is a 20-F/A; a document whose cover
  // names another form (a 6-K) says so, and one naming none gives null
  const named = /\bFORM\s+(20-F|6-K)\b/i.exec(text.slice(0, 30_000).replace(/<[^>]*>|&nbsp;|&#160;/gi, ' '));
  const form = !named
    ? isXml || isInline
      ? r.profile.amendment
        ? '20-F/A'
        : '20-F'
      : null
    : named[1]!.toUpperCase() === '6-K'
      ? '6-K'
      : r.profile.amendment
        ? '20-F/A'
        : '20-F';
  return {
    profile: { form, ...r.profile },
    items_found: r.items_found,
    ownership: r.ownership,
    notes: r.notes.map((n) => ({
      note_tag: n.note_tag,
      note_title: n.note_title,
      text_chars: n.text.length,
    })),
    segments: { rows: r.segments.length, first: r.segments.slice(0, 3) },
    facts: { rows: r.facts.length, first: r.facts.slice(0, 3) },
    warnings: r.warnings,
  };
}
