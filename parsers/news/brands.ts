/**
 * The brand names a company states in its own 10-K (the business description of Item 1), each a name a headline may use for
 * the company ("Cadillac moving its headquarters ..." is General Motors'). Pure. Two statements are read, nothing else:
 *
 * - a list of capitalized names closed by "brands" after "under the": "... marketed under the Buick, Cadillac, Chevrolet and
 *   GMC brands" (GM), "... under the AppleCare brand" (Apple);
 * - a name the company calls its own line of products: "iPhone is the Company's line of smartphones" (Apple).
 *
 * A brand is one or two capitalized words (a mixed-case word such as "iPhone" counts); registration marks are dropped.
 */
const NAME = String.raw`(?:[a-z]{0,2}[A-Z][\w-]*(?: [A-Z][\w-]*)?)`;
const UNDER_THE = new RegExp(
  String.raw`\bunder the (${NAME}(?:, ${NAME})*(?:,? and ${NAME})?) brands?\b`,
  'g',
);
const LINE_OF = new RegExp(String.raw`(?<![\w-])(${NAME}) is (?:the Company['’]s|our) line of\b`, 'g');

/** The plain text of a document: tags dropped, the common entities decoded, white space collapsed, ® and ™ dropped. */
function plainText(doc: string): string {
  return doc
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&rsquo;/g, '’')
    .replace(/[®™]/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * Is the document a 10-K: does its cover page (the first 5,000 characters of its text, an inline document's hidden XBRL
 * header dropped) say "Form 10-K" and then "Annual report pursuant to Section 13"? (An 8-K's exhibit that cites "our Annual
 * Report on Form 10-K" is none.)
 */
export function isForm10K(doc: string): boolean {
  const head = doc.slice(0, 3_000_000).replace(/<ix:header>[\s\S]*?<\/ix:header>/gi, ' ');
  return /\bform\s+10-K(?![/\w-])[\s\S]{0,300}?\bannual report pursuant to section 13\b/i.test(
    plainText(head).slice(0, 5_000),
  );
}

/** The brand names a 10-K states (see above), each once, in the order first stated. */
export function statedBrands(doc: string): string[] {
  const text = plainText(doc);
  const out = new Set<string>();
  for (const m of text.matchAll(UNDER_THE))
    for (const name of (m[1] as string).split(/,? and |, /)) out.add(name.trim());
  // (a heading set right before the sentence repeats the name: "Mac Mac is the Company's line of ...")
  for (const m of text.matchAll(LINE_OF)) out.add((m[1] as string).trim().replace(/^(\S+) \1$/, '$1'));
  return [...out].filter((n) => n.length >= 2);
}
