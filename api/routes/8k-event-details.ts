/**
 * Structured fields of the 8-K items whose wording is regular enough to read reliably:
 * - 5.02: the people named with a role, and the change each sentence reports about them;
 * - 2.02: the press release, i.e. the filing's EX-99.1 (else its first EX-99).
 * Rules, each holding across the filings we have: a person is a capitalised name (or Mr./Ms. surname,
 * resolved to the full name the item gives elsewhere) followed by ", <officer or director title>" or
 * "as <title>"; a sentence's change is `departed` when it says resigned / retired / departed / stepped
 * down / terminated, else `appointed` when it says appointed / elected / named / promoted, else
 * `compensation` when it speaks of an agreement, salary, bonus, award or grant. Anything else yields no
 * entry: the item's text stays the reference.
 */
export interface OfficerChange {
  person: string;
  role: string | null;
  change: 'appointed' | 'departed' | 'compensation';
}

export interface Exhibit {
  number: string;
  description: string | null;
  url: string;
}

const MODIFIER = String.raw`(?:(?:Senior|Executive|Vice|Co-|Interim|Acting|Lead|Independent|Non-Executive)\s*)*`;
const TITLE = String.raw`(?:President|Chief\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+Officer|CEO|CFO|COO|CTO|Director|Chair(?:man|woman|person)?(?:\s+of\s+the\s+Board)?|Treasurer|Secretary|General\s+Counsel|Controller)`;
const ROLE = String.raw`${MODIFIER}${TITLE}(?:,?\s+(?:and|&)\s+${MODIFIER}${TITLE})*`;
const NAME = String.raw`(?:(?:Mr|Ms|Mrs|Dr)\.\s+[A-Z][A-Za-z'’-]+|[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][A-Za-z'’-]+){1,2})`;
const NAME_COMMA_ROLE = new RegExp(
  String.raw`(${NAME}),\s+(?:(?:the|its|our)\s+(?:Company['’]s\s+|Registrant['’]s\s+)?)?(${ROLE})`,
  'g',
);
const NAME_AS_ROLE = new RegExp(
  String.raw`(${NAME})\b[^.;]{0,80}?\bas\s+(?:(?:the|its|our)\s+)?(?:Company['’]s\s+|Registrant['’]s\s+)?(${ROLE})`,
  'g',
);
const FULL_NAME = /\b([A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][A-Za-z'’-]+)\b/g;

const DEPARTED =
  /\b(resign(?:ed|s|ation)|retire(?:d|s|ment)|depart(?:ed|s|ure)|step(?:ped|s)? down|terminat(?:ed|ion)|will not stand for re-?election)\b/i;
const APPOINTED = /\b(appoint(?:ed|s|ment)|elect(?:ed|s|ion)|named|promot(?:ed|ion))\b/i;
const COMPENSATION =
  /\b(agreement|compensation|salary|bonus|award|grant(?:ed)?|options?|severance|retention)\b/i;
const NOT_A_NAME = /^(The|Board|Company|Registrant|Item|On|In|Pursuant|Section|Exhibit)\b/;

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<!\b(?:Mr|Ms|Mrs|Dr|Jr|Sr|Inc|Co|Corp|No|St|[A-Z]))[.;]\s+(?=[A-Z(])/)
    .filter(Boolean);
}

function changeOf(sentence: string): OfficerChange['change'] | null {
  if (DEPARTED.test(sentence)) return 'departed';
  if (APPOINTED.test(sentence)) return 'appointed';
  if (COMPENSATION.test(sentence)) return 'compensation';
  return null;
}

/** Mr. Loeb -> Jan H. Loeb when the item names him in full. */
function fullName(name: string, text: string): string {
  const m = /^(?:Mr|Ms|Mrs|Dr)\.\s+(.+)$/.exec(name);
  if (!m) return name;
  for (const f of text.matchAll(FULL_NAME)) {
    if (f[1]!.split(/\s+/).at(-1) === m[1] && !NOT_A_NAME.test(f[1]!)) return f[1]!;
  }
  return name;
}

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

export function officerChanges(text: string): OfficerChange[] {
  const out: OfficerChange[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences(text)) {
    const change = changeOf(sentence);
    if (!change) continue;
    for (const re of [NAME_COMMA_ROLE, NAME_AS_ROLE]) {
      for (const m of sentence.matchAll(re)) {
        const person = fullName(tidy(m[1]!), text);
        if (NOT_A_NAME.test(person)) continue;
        const key = `${person}|${change}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ person, role: tidy(m[2]!), change });
      }
    }
  }
  return out;
}

/** The press release of an earnings 8-K: EX-99.1, else the first EX-99.x. */
export function pressRelease(exhibits: readonly Exhibit[]): Exhibit | null {
  const ex99 = exhibits.filter((e) => /^99(\.|$)/.test(e.number));
  return ex99.find((e) => /^99\.0?1$/.test(e.number)) ?? ex99[0] ?? null;
}

/** The `details` of an event: structured fields for 2.02 and 5.02, null for other items. */
export function eventDetails(item: string, text: string, exhibits: readonly Exhibit[]) {
  if (item === '2.02') return { press_release: pressRelease(exhibits) };
  if (item === '5.02') return { officer_changes: officerChanges(text) };
  return null;
}
