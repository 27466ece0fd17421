/**
 * Where a market names a company (docs/consensus-and-markets.md). Pure: the loader resolves the candidates
 * through the registry and links a market only when a candidate resolves to exactly one company.
 * - Ticker forms need no context: a cashtag (`$AAPL`), a parenthesized ticker (`(AAPL)`), or an exchange
 *   prefix (`NASDAQ: AAPL`, `(NYSE:CRM)`).
 * - A name is a run of capitalized words (1-4 words, any sub-run) equal to a registry name without its legal
 *   suffix (`Apple Inc.` -> `apple`), and counts only when the text is about a company's business (earnings,
 *   revenue, stock, shares, CEO...), so a capitalized word in an unrelated question does not link.
 */
export interface MentionCandidate {
  kind: 'ticker' | 'name';
  method: 'cashtag' | 'parenthesized_ticker' | 'exchange_ticker' | 'name';
  /** The ticker (upper case) or the normalized name. */
  value: string;
  /** The text span as written. */
  evidence: string;
}

const CASHTAG = /(?<![\w$])\$([A-Z]{1,5}(?:\.[A-Z])?)\b/g;
const EXCHANGE = /\b(?:NASDAQ|NYSE|NYSEAMERICAN|AMEX|LSE)\s*:\s*([A-Z]{1,5}(?:\.[A-Z])?)\b/g;
const PAREN = /\(([A-Z]{1,5}(?:\.[A-Z])?)\)/g;
const BUSINESS =
  /\b(earnings|eps|revenues?|sales|profit|stock|shares?|market cap(?:italization)?|ipo|ceo|quarter(?:ly)?|q[1-4]|guidance|dividend|acquire|acquisition|merger|deliveries|beat)\b/i;
const LEGAL_SUFFIX =
  /[\s,]+(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc|lp|l\.p|n\.v|nv|s\.a|sa|ag|se|holdings?|group|\/[a-z]{2,3}\/?)\.?$/i;

/** A registry or text name in comparable form: lower case, legal suffixes and punctuation dropped. */
export function normalizeName(name: string): string {
  let s = name.toLowerCase().replace(/&/g, ' and ').replace(/['’]/g, '');
  for (let i = 0; i < 3; i++) s = s.replace(LEGAL_SUFFIX, '');
  return s
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

export function mentionCandidates(text: string): MentionCandidate[] {
  const out: MentionCandidate[] = [];
  const seen = new Set<string>();
  const add = (c: MentionCandidate) => {
    const k = `${c.kind}:${c.value}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  };
  for (const m of text.matchAll(CASHTAG))
    add({ kind: 'ticker', method: 'cashtag', value: m[1]!, evidence: m[0] });
  for (const m of text.matchAll(EXCHANGE))
    add({ kind: 'ticker', method: 'exchange_ticker', value: m[1]!, evidence: m[0] });
  for (const m of text.matchAll(PAREN))
    add({ kind: 'ticker', method: 'parenthesized_ticker', value: m[1]!, evidence: m[0] });
  if (BUSINESS.test(text)) {
    for (const run of text.matchAll(/[A-Z][\w&'’.-]*(?:\s+(?:&\s+)?[A-Z][\w&'’.-]*)*/g)) {
      const words = run[0].split(/\s+/);
      for (let i = 0; i < words.length; i++)
        for (let j = i + 1; j <= Math.min(words.length, i + 4); j++) {
          const span = words.slice(i, j).join(' ');
          const value = normalizeName(span);
          if (value.length >= 2) add({ kind: 'name', method: 'name', value, evidence: span });
        }
    }
  }
  return out;
}

export type EarningsKind = 'earnings_call_mention' | 'eps_beat' | 'revenue_beat' | 'earnings_other';

/**
 * Whether a market is about a company's earnings, and how: a word said on the earnings call, EPS against a
 * figure (beat, above, exceed), revenue against a figure, or otherwise about the earnings report.
 */
export function earningsKind(text: string): EarningsKind | null {
  if (
    /\bearnings call\b/i.test(text) ||
    (/\b(say|says|said|mention|mentions)\b/i.test(text) && /\bcall\b/i.test(text))
  )
    return 'earnings_call_mention';
  if (/\b(eps|earnings per share)\b/i.test(text)) return 'eps_beat';
  if (
    /\b(beat|miss|exceed|above|below|top)\b[^.?!]*\bearnings\b|\bearnings\b[^.?!]*\b(beat|miss|exceed|above|below|estimate|consensus)\b/i.test(
      text,
    )
  )
    return 'eps_beat';
  if (
    /\brevenues?\b/i.test(text) &&
    /\b(beat|miss|exceed|above|below|more than|less than|estimate|consensus)\b/i.test(text)
  )
    return 'revenue_beat';
  if (/\b(earnings|quarterly results|earnings report)\b/i.test(text)) return 'earnings_other';
  return null;
}
