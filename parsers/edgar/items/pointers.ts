import type { FilingItem } from './index.ts';

/**
 * Incorporation-by-reference pointers: finding the pointer sentences of an item and reading where they
 * point (an item of this document, the annual report to shareholders, the proxy statement, another filing).
 */

const POINTER =
  /incorporated\s+(?:\w+\s+){0,3}by\s+reference|\brefer\s+to\b|\breported\s+(?:on|as|in)\b|\bcan\s+be\s+found\b|\bsee\s+(?:pages?|the\s+information|index|["\u201c])|(?:is|are)\s+(?:included|contained|set\s+forth|presented|found|shown)\s+(?:in|on|under)\b|\bappears?\s+(?:on|under|in)\s+(?:pages?|the)\b/i;
const POINTER_BODY_MAX = 1_500;
/** An exhibit table's column header ("Incorporated by Reference"): a label, not a sentence. */
const COLUMN_HEADER = /^incorporated\s+by\s+reference$/i;

/** The item body (heading line dropped) when it is only a pointer to text elsewhere, else null. */
export function pointerSentence(item: FilingItem): string | null {
  const nl = item.text.indexOf('\n');
  const body = nl < 0 ? item.text.replace(/^[^.:|]*[.:|]\s*/, '') : item.text.slice(nl + 1);
  if (body.length === 0 || body.length > POINTER_BODY_MAX) return null;
  const sentences = body.split('\n').filter((line) => !COLUMN_HEADER.test(line.trim()));
  return sentences.some((s) => POINTER.test(s)) ? body : null;
}

/**
 * True when pointer sentences make up at least half of the item body: nothing of substance is literal.
 * Sentences end at a full stop before a capital or at a line break, not at `;` (GE 1993's Item 6 is one
 * pointer sentence listing data with semicolons).
 */
export function isPointerOnly(item: FilingItem): boolean {
  const body = pointerSentence(item);
  if (body === null) return false;
  const sentences = body.split(/\n|(?<=[.:])\s+(?=[("\u201cA-Z])/);
  const pointing = sentences.filter((s) => POINTER.test(s)).reduce((n, s) => n + s.length, 0);
  return pointing * 2 >= body.length;
}

export type Target =
  | { kind: 'annual_report' }
  | { kind: 'proxy' }
  | { kind: 'other_filing'; what: string }
  | { kind: 'item'; code: string; titles: CitedTitle[] }
  | { kind: 'other' };

/** Self-references: "this Annual Report on Form 10-K", "this Form", "this report", "hereof", "this Item 1A". */
const SELF =
  /\b(?:this|the\s+present)\s+(?:(?:annual|quarterly|current)\s+report\s+on\s+)?Form(?:\s+10-?K(?:405)?|\s+10-?Q|\s+8-?K)?\b|\bthis\s+(?:annual\s+|quarterly\s+|current\s+)?(?:report|document|filing)\b|\b(?:this|such)\s+items?\s+\d{1,2}(?:\.\d\d)?[A-C]?\b|\bhere(?:of|in|to|under)\b/gi;
const ANNUAL_REPORT = /\bannual\s+report(?!\s+on\s+form)|\bexhibit\s+13\b/i;
const PROXY = /\bproxy\s+statement|\binformation\s+statement/i;
/** Another filing: a dated or prior Form 10-K / 10-Q, a report "on Form" X, an 8-K, a registration statement. */
const OTHER_FILING =
  /\b(?:19|20)\d\d\s+Form\s+10-?[KQ]\b|\b(?:prior|previous|preceding|last)\s+(?:year'?s\s+)?Form\s+10-?[KQ]\b|\b(?:annual|quarterly|current)\s+reports?\s+on\s+Form\s+(?:10-?K|10-?Q|8-?K)\b|\bForm\s+10-?[KQ]\s+for\s+the\s+(?:fiscal\s+)?(?:year|quarter|period)\b|\bregistration\s+statement\b|\bForm\s+8-?K\b/i;
const ITEM_REF =
  /(?:\bPart\s+(IV|III|II|I)\s*,?\s+)?\bItems?\s+(\d{1,2}(?:\.\d\d)?[A-C]?)\b(?:[^.]{0,60}?\bin\s+Part\s+(IV|III|II|I)\b)?/i;

/**
 * Where the pointer sends the reader. A pointer that names any document outside this filing (the annual
 * report, the proxy statement, a prior Form 10-K) is about that document, even when it also mentions an item
 * of this one; the earliest such mention decides which. `form` is the filing's own form: in a 10-Q, "Form
 * 10-K" is always another filing.
 */
export function targetOf(pointer: string, items: FilingItem[], self: FilingItem, form: string): Target {
  const text = pointer.replace(SELF, ' ');
  const otherForm =
    form === '10-Q' ? /\bForm\s+10-?K\b/i : form.startsWith('10-K') ? /\bForm\s+10-?Q\b/i : null;
  const external: [number, Target][] = [];
  const at = (re: RegExp) => re.exec(text)?.index ?? -1;
  const push = (index: number, target: Target) => index >= 0 && external.push([index, target]);
  push(at(PROXY), { kind: 'proxy' });
  const other = OTHER_FILING.exec(text) ?? (otherForm ? otherForm.exec(text) : null);
  if (other) push(other.index, { kind: 'other_filing', what: other[0].replace(/\s+/g, ' ') });
  push(at(ANNUAL_REPORT), { kind: 'annual_report' });
  if (external.length > 0) return external.sort((a, b) => a[0] - b[0])[0]![1];
  const m = ITEM_REF.exec(text);
  if (!m) return { kind: 'other' };
  const code = itemCode(m[2]!.toUpperCase(), m[1] ?? m[3], items, self);
  return code ? { kind: 'item', code, titles: quotedTitles(text) } : { kind: 'other' };
}

/** The code of the item a reference names; in a 10-Q the part decides, else the pointer's own part first. */
function itemCode(num: string, part: string | undefined, items: FilingItem[], self: FilingItem) {
  const candidates = items.filter(
    (i) => i !== self && (i.number === `Item-${num}` || i.number.endsWith(`-Item-${num}`)),
  );
  const inParts = candidates.some((i) => i.number.startsWith('Part-'));
  if (part && inParts)
    return candidates.find((i) => i.number === `Part-${part.toUpperCase()}-Item-${num}`)?.number;
  const ownPart = /^Part-(\w+)-/.exec(self.number)?.[1];
  const samePart = candidates.find((i) => ownPart === undefined || i.number.startsWith(`Part-${ownPart}-`));
  return (samePart ?? (candidates.length === 1 ? candidates[0] : undefined))?.number;
}

export interface CitedTitle {
  title: string;
  /** Only places the cited one: `"Litigation," included under the heading "Commitments and Contingencies"`. */
  context: boolean;
}

/** Quoted headings a pointer cites: `under the subheading "Litigation," included under the heading "..."`. */
export function quotedTitles(pointer: string): CitedTitle[] {
  const out: CitedTitle[] = [];
  for (const m of pointer.matchAll(/["\u201c]([^"\u201d]{2,150}?)["\u201d]/g)) {
    const title = m[1]!.replace(/[,.;:]+$/, '').trim();
    const before = pointer.slice(Math.max(0, m.index - 60), m.index);
    const context =
      /\b(?:included|contained)\s+(?:under|within|in)\s+the\s+(?:heading|caption|section)\s*$/i.test(before);
    if (title !== '') out.push({ title, context });
  }
  return out;
}

/** Printed page numbers cited in the annual-report sentences of a pointer ("pages 38 through 49 and page 50"). */
export function pageRefs(pointer: string): number[] {
  const out: number[] = [];
  const sentences = pointer.split(/(?<=\.)\s+(?=[A-Z])/);
  for (const s of sentences) {
    if (
      !/annual\s+report|exhibit\s+13/i.test(s) ||
      /proxy\s+statement|this\s+(form|document|report)\b/i.test(s)
    ) {
      continue;
    }
    const re = /\bpages?\s+((?:\d{1,3}(?:\s*(?:through|thru|to|-|–|,\s*and|and|,|&)\s*(?:pages?\s+)?)?)+)/gi;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const list = m[1]!;
      const tokens = list
        .split(/\s*(through|thru|to|-|–|,\s*and|and|,|&)\s*(?:pages?\s+)?/i)
        .filter((t) => t !== '');
      let prev: number | null = null;
      let range = false;
      for (const t of tokens) {
        if (/^\d+$/.test(t)) {
          const n = Number(t);
          if (range && prev !== null && n >= prev && n - prev < 200)
            for (let p = prev + 1; p <= n; p++) out.push(p);
          else out.push(n);
          prev = n;
          range = false;
        } else range = /^(through|thru|to|-|–)$/i.test(t);
      }
    }
  }
  return [...new Set(out)];
}
