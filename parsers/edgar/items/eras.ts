import { CATALOGS, type Scheme, titleMatch } from './catalog.ts';

/**
 * Which items a filing must carry, by form and era: what the quality report checks a split against (a list
 * independent of what the splitter found). Dates are the rule's effective date, compared with the period of
 * report (most rules apply to "fiscal years ending on or after"), or the filing date when no period is known.
 *
 * - 10-K: Item 7A (market risk, Release 33-7386) from 1997-06-15; the SOX-interim Item 15 (exhibits moved
 *   from Item 14) from 2002-08-29; Item 9A (controls) 2003-08-14; Item 9B (other information, Release
 *   33-8400) 2004-08-23; Items 1A/1B (Release 33-8591) 2005-12-01; Item 9C (HFCAA) 2022-01-10; Item 1C
 *   (cybersecurity) 2023-12-15. Item 16 (10-K summary) is optional.
 * - 10-KSB: Item 14 from 2002-08-29, Item 8A 2003-08-14, Item 8B 2004-08-23.
 * - 10-Q: Part I Item 3 from 1997-06-15, Item 4 2002-08-29. Part II items may be omitted when inapplicable or
 *   negative (General Instruction), so only Item 6 (exhibits) is required.
 * - 8-K: event-driven; the required items are the ones the SGML header lists (`ITEM INFORMATION`, `<ITEMS>`).
 */
const SINCE: Readonly<Record<string, string>> = {
  '10-K Item-1A': '2005-12-01',
  '10-K Item-1B': '2005-12-01',
  '10-K Item-1C': '2023-12-15',
  '10-K Item-7A': '1997-06-15',
  '10-K Item-9A': '2003-08-14',
  '10-K Item-9B': '2004-08-23',
  '10-K Item-9C': '2022-01-10',
  '10-K Item-15': '2002-08-29',
  '10-KSB Item-8A': '2003-08-14',
  '10-KSB Item-8B': '2004-08-23',
  '10-KSB Item-14': '2002-08-29',
  '10-Q Part-I-Item-3': '1997-06-15',
  '10-Q Part-I-Item-4': '2002-08-29',
};

const OPTIONAL = /^(?:10-K Item-16|10-Q Part-II-Item-(?:1A?|[2-5]))$/;

/** Item codes a 10-K, 10-KSB or 10-Q of that era must carry (8-K: see `headerItemCodes`). */
export function requiredItems(scheme: Scheme, asOf: string): string[] {
  if (scheme === '8-K' || scheme === '8-K-pre2004') return [];
  return CATALOGS[scheme]
    .map((item) => item.code)
    .filter((code) => {
      const key = `${scheme} ${code}`;
      return !OPTIONAL.test(key) && (SINCE[key] === undefined || SINCE[key]! <= asOf);
    });
}

/**
 * 8-K item codes from the header's item information: numbers (`2.02` in a `.nc`, `7` in 1994) or titles
 * ("Results of Operations and Financial Condition"). Entries that match no item are dropped.
 */
export function headerItemCodes(scheme: '8-K' | '8-K-pre2004', items: readonly string[]): string[] {
  const catalog = CATALOGS[scheme];
  const out: string[] = [];
  for (const entry of items) {
    const byNumber = catalog.find((c) => c.number === entry.trim());
    if (byNumber) {
      out.push(byNumber.code);
      continue;
    }
    let best = { score: 0, code: '' };
    for (const c of catalog) {
      const { score } = titleMatch(c, entry);
      if (score > best.score) best = { score, code: c.code };
    }
    if (best.score >= 0.8) out.push(best.code);
  }
  return [...new Set(out)];
}
