import { MONTH_NAMES } from '../../lib/months.ts';

/**
 * When the event happened, from the words of the item, anchored on its publication date (UTC). The title
 * is read first; when it states no date, the first sentence of the summary (the lede). The first phrase
 * found in that text wins:
 *
 * - an explicit calendar date (`November 3`, `Nov. 3, 2025`, `21 January`): `stated`, precision `day`; a
 *   missing year is the one that puts the date nearest the publication date;
 * - `yesterday`, `today`, `tonight`, `this morning`/`afternoon`/`evening`: `relative`, `day`;
 * - `on <weekday>`: `relative`, `day`: the latest such day on or before the publication date, or the next
 *   one on or after it when future words (`will`, `to hold`, `set to`, `next` ...) lead up to the phrase
 *   (the 60 characters before it);
 * - `last`/`this`/`next` `week` or `month`: `relative`, precision `week` (Monday to Sunday) or `month`;
 * - `in the first|second|third|fourth quarter (of YYYY)`, `in Q1-Q4 (YYYY)`: `relative` (`stated` with a
 *   year), precision `quarter` (calendar quarters: a fiscal quarter is read as the calendar one); without a
 *   year the latest such quarter begun by the publication date, or the next one not yet ended when the
 *   sentence speaks of the future.
 *
 * `occurred_on` is the first day of the named period; `announced_lag_days` counts from its last day to the
 * publication date (0 when published inside it, negative when the whole period lies after publication: a
 * scheduled item). A relative date is only as good as its anchor: on a `fetched` or
 * `published_local_assumed` item the basis stays that weaker anchor. With no date in the text, the event
 * is the publication: occurred_on = the publication date, precision `second` (or `day` on a fetch time).
 * Limit: the anchor is the UTC publication date, so a US evening item's `on Friday` published after
 * midnight UTC reads as the day before (lag 1).
 */

export type DateBasis = 'stated' | 'relative';
export type Precision = 'second' | 'day' | 'week' | 'month' | 'quarter';

export interface EventDate {
  occurred_on: string;
  time_precision: Precision;
  announced_lag_days: number;
  /** `stated` / `relative`, or the publication's own basis when the text states no date. */
  time_basis: string;
  /** The words that dated it; null when the text states no date. */
  evidence: string | null;
  /** The whole named period lies after the publication date. */
  future: boolean;
}

const MONTHS: readonly string[] = MONTH_NAMES;
const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };

const PATTERNS: { re: RegExp; kind: string }[] = [
  // month names are capitalised in English news: `may 5` is not a date
  { re: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?`), kind: 'md' },
  { re: new RegExp(String.raw`\b(\d{1,2})\s+${MONTH}\b(?:,?\s+(\d{4}))?`), kind: 'dm' },
  { re: /\b(yesterday|today|tonight|this (?:morning|afternoon|evening))\b/i, kind: 'day' },
  { re: /\bon (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/i, kind: 'weekday' },
  { re: /\b(last|this|next) (week|month)\b/i, kind: 'span' },
  {
    re: /\bin (?:the )?(?:(first|second|third|fourth) quarter|Q([1-4]))(?:,? (?:of )?(\d{4}))?/i,
    kind: 'quarter',
  },
];

/** Words that put the sentence's event ahead of its publication. */
const FUTURE =
  /\b(will|would|shall|set to|due to|expected to|is to|are to|plans? to|scheduled|upcoming|next|to (hold|report|announce|release|meet|vote|decide|publish|host|present|begin|start|launch|open|close|issue|unveil))\b/i;

const DAY_MS = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m, d);

/** The title, else the summary's first sentence: where a news item says when. */
function datedText(
  title: string,
  summary: string | null,
): { text: string; phrase: RegExpExecArray; kind: string } | null {
  const lede = (summary ?? '').split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? '';
  for (const text of [title, lede]) {
    let best: { text: string; phrase: RegExpExecArray; kind: string } | null = null;
    for (const { re, kind } of PATTERNS) {
      const m = re.exec(text);
      if (m && (!best || m.index < best.phrase.index)) best = { text, phrase: m, kind };
    }
    if (best) return best;
  }
  return null;
}

export function eventDate(
  title: string,
  summary: string | null,
  publishedAt: string,
  publishedBasis: string,
): EventDate {
  const pub = Date.parse(`${publishedAt.slice(0, 10)}T00:00:00Z`);
  const undated: EventDate = {
    occurred_on: iso(pub),
    time_precision: publishedBasis === 'fetched' ? 'day' : 'second',
    announced_lag_days: 0,
    time_basis: publishedBasis,
    evidence: null,
    future: false,
  };
  const hit = datedText(title, summary);
  if (!hit) return undated;
  const { phrase: m, kind, text } = hit;
  // the future words must lead up to the phrase (`to hold a press conference ... on Monday`), not follow it
  const future = FUTURE.test(text.slice(Math.max(0, m.index - 60), m.index + m[0].length));
  const year = new Date(pub).getUTCFullYear();
  let start: number;
  let end: number;
  let precision: Precision = 'day';
  let basis: DateBasis = 'relative';
  if (kind === 'md' || kind === 'dm') {
    const [monthWord, day, y] =
      kind === 'md' ? [m[1] as string, Number(m[2]), m[3]] : [m[2] as string, Number(m[1]), m[3]];
    const month = MONTHS.findIndex((x) => x.startsWith(monthWord.toLowerCase().slice(0, 3)));
    if (month < 0 || day < 1 || day > 31) return undated;
    basis = 'stated';
    if (y) start = utc(Number(y), month, day);
    else {
      // the year that puts the date nearest the publication
      const c = [year - 1, year, year + 1].map((yy) => utc(yy, month, day));
      start = c.reduce((b, t) => (Math.abs(t - pub) < Math.abs(b - pub) ? t : b));
    }
    end = start;
  } else if (kind === 'day') {
    start = /yesterday/i.test(m[1] as string) ? pub - DAY_MS : pub;
    end = start;
  } else if (kind === 'weekday') {
    const want = WEEKDAYS.indexOf((m[1] as string).toLowerCase());
    const dow = new Date(pub).getUTCDay();
    start = future ? pub + ((want - dow + 7) % 7) * DAY_MS : pub - ((dow - want + 7) % 7) * DAY_MS;
    end = start;
  } else if (kind === 'span') {
    const shift = { last: -1, this: 0, next: 1 }[(m[1] as string).toLowerCase() as 'last'] ?? 0;
    if ((m[2] as string).toLowerCase() === 'week') {
      precision = 'week';
      const monday = pub - ((new Date(pub).getUTCDay() + 6) % 7) * DAY_MS;
      start = monday + shift * 7 * DAY_MS;
      end = start + 6 * DAY_MS;
    } else {
      precision = 'month';
      const d = new Date(pub);
      start = utc(d.getUTCFullYear(), d.getUTCMonth() + shift, 1);
      end = utc(d.getUTCFullYear(), d.getUTCMonth() + shift + 1, 1) - DAY_MS;
    }
  } else {
    precision = 'quarter';
    const q = m[1] ? (ORDINAL[(m[1] as string).toLowerCase()] as number) : Number(m[2]);
    const quarter = (yy: number) => [utc(yy, (q - 1) * 3, 1), utc(yy, q * 3, 1) - DAY_MS] as const;
    let yy = m[3] ? Number(m[3]) : year;
    if (m[3]) basis = 'stated';
    else if (future) {
      if (quarter(yy)[1] < pub) yy++;
    } else if (quarter(yy)[0] > pub) yy--;
    [start, end] = quarter(yy);
  }
  // a relative date inherits a weak anchor
  const time_basis = basis === 'relative' && publishedBasis !== 'published' ? publishedBasis : basis;
  return {
    occurred_on: iso(start),
    time_precision: precision,
    announced_lag_days:
      pub > end ? Math.round((pub - end) / DAY_MS) : pub < start ? -Math.round((start - pub) / DAY_MS) : 0,
    time_basis,
    evidence: m[0],
    future: start > pub,
  };
}
