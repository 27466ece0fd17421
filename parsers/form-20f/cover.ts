import { MONTH_NAMES } from '../../lib/months.ts';
import { countryFromEdgarCode } from '../edgar/countries.ts';
import { NUMBER_WORDS } from '../number-words.ts';
import type { Form20fSection } from './items.ts';

/**
 * The 20-F cover page (the blocks before the first item) -> profile fields, each read from the line the
 * form prescribes: "For the fiscal year ended ...", the line above "(Exact name of Registrant ...)", the
 * line above "(Jurisdiction of incorporation ...)", the answer to "Indicate the number of outstanding
 * shares of each of the issuer's classes ...", and the box ticked under "which basis of accounting". A
 * field the cover does not state is null, never guessed.
 */

export interface CoverProfile {
  registrant_name: string | null;
  incorporation: string | null;
  period_end: string | null;
  fiscal_year_end: string | null;
  amendment: boolean;
  shares_outstanding: Array<{ class: string; shares: string; as_of: string | null }>;
  accounting_standard: 'ifrs' | 'us_gaap' | 'other' | null;
  accounting_standard_evidence: string | null;
  filer_category: string | null;
  auditor: string | null;
  adr_ratio: string | null;
}

const MONTHS: readonly string[] = MONTH_NAMES;
const LONG_DATE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),?\s+(\d{4})\b/i;
/** A ticked box: [X], [ X ], [x], ☒ (U+2612), ⌧ (U+2327), ý (Wingdings x), ■. */
const TICK = /\[\s*[xX]\s*\]|[\u2612\u2327\u25a0]|\bý\b/g;

export function isoDate(text: string): string | null {
  const m = LONG_DATE.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
}

/** The value written above a parenthesised cover label, or before it in the same block (plain text). */
function lineAbove(blocks: string[], label: RegExp): string | null {
  for (const b of blocks) {
    const at = b.search(new RegExp(label.source.replace(/^\^/, ''), label.flags));
    if (at > 0 && !label.test(b)) {
      const before = b.slice(0, at).trim();
      if (before && !/^[-_=\s]+$/.test(before)) return before;
    }
  }
  const i = blocks.findIndex((b) => label.test(b));
  // dash rules between the value and its label (plain-text covers) are skipped
  for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
    const above = blocks[j]!.trim();
    if (above && !/^[-_=\s]+$/.test(above)) return above;
  }
  return null;
}

export function coverProfile(blocks: string[], sections: Form20fSection[]): CoverProfile {
  const firstItem = sections.length > 0 ? blocks.indexOf(sections[0]!.blocks[0]!) : -1;
  const cover = blocks.slice(0, Math.min(firstItem > 0 ? firstItem : 200, 200));
  const head = cover.join('\n');
  const fy = /fiscal\s+year\s+ended\s*:?\s*([^\n]{0,80})/i.exec(head);
  const periodEnd = fy ? isoDate(fy[1]!) : null;
  const shares = sharesOutstanding(cover);
  return {
    registrant_name: lineAbove(cover, /^\(\s*Exact name of (the )?Registrant/i),
    incorporation: lineAbove(cover, /^\(\s*(State or Other )?Jurisdiction of Incorporation/i),
    period_end: periodEnd,
    fiscal_year_end: periodEnd ? `--${periodEnd.slice(5)}` : null,
    amendment: /FORM\s+20-F\s*\/\s*A\b|\bAmendment\s+No\.\s*\d/i.test(cover.slice(0, 20).join(' ')),
    shares_outstanding: shares,
    ...accountingBasis(cover),
    filer_category: filerCategory(cover),
    auditor: auditorOf(sections),
    adr_ratio: adrRatio(blocks),
  };
}

function sharesOutstanding(cover: string[]): CoverProfile['shares_outstanding'] {
  const i = cover.findIndex((b) => /number of outstanding shares of each of the issuer/i.test(b));
  if (i < 0) {
    // older covers: "Number of common shares outstanding: 1,350,523,905"
    for (const b of cover) {
      const m = /Number of ([A-Za-z ]{0,40}?shares) outstanding\s*:?\s*(\d{1,3}(?:,\d{3})+|\d{4,})/i.exec(b);
      if (m) return [{ class: m[1]!.trim().toLowerCase(), shares: m[2]!.replace(/,/g, ''), as_of: null }];
    }
    return [];
  }
  const asOf = isoDate(cover[i]!);
  const out: CoverProfile['shares_outstanding'] = [];
  for (const block of cover.slice(i, i + 6)) {
    if (out.length > 0 && /^Indicate/i.test(block)) break;
    const text = block.replace(/^.*?issuer's classes of capital or common stock[^:]*:/i, '');
    for (const m of text.matchAll(/(\d{1,3}(?:,\d{3})+|\d{4,})\s+([A-Za-z][A-Za-z ,'-]{2,60}?shares?)\b/gi)) {
      out.push({ class: m[2]!.trim().replace(/\s+/g, ' '), shares: m[1]!.replace(/,/g, ''), as_of: asOf });
    }
  }
  return out;
}

const BASES: Array<[RegExp, 'ifrs' | 'us_gaap' | 'other']> = [
  [/U\.\s?S\.\s*GAAP/gi, 'us_gaap'],
  [/International\s+Financial\s+Reporting|International\s+Accounting\s+Standards\s+Board/gi, 'ifrs'],
  [/\bOther\b/g, 'other'],
];

/** The label nearest before the ticked box (labels may wrap over several table rows). */
function accountingBasis(
  cover: string[],
): Pick<CoverProfile, 'accounting_standard' | 'accounting_standard_evidence'> {
  const i = cover.findIndex((b) => /basis of accounting the registrant has used/i.test(b));
  if (i < 0) return { accounting_standard: null, accounting_standard_evidence: null };
  const text = cover
    .slice(i + 1, i + 5)
    .join(' ')
    .split(/If "?Other"? has been checked/i)[0]!;
  const tick = [...text.matchAll(TICK)][0];
  if (!tick || tick.index === undefined)
    return { accounting_standard: null, accounting_standard_evidence: null };
  let best: { at: number; kind: 'ifrs' | 'us_gaap' | 'other' } | null = null;
  for (const [re, kind] of BASES)
    for (const m of text.matchAll(re))
      if (m.index !== undefined && m.index < tick.index && (!best || m.index > best.at))
        best = { at: m.index, kind };
  return best
    ? {
        accounting_standard: best.kind,
        accounting_standard_evidence: `cover page: ${text.trim().slice(0, 200)}`,
      }
    : { accounting_standard: null, accounting_standard_evidence: null };
}

function filerCategory(cover: string[]): string | null {
  const row = cover.find((b) => /large accelerated filer/i.test(b) && TICK.test(b));
  TICK.lastIndex = 0;
  if (!row) return null;
  for (const cell of row.split(/\s*\|\s*/)) {
    TICK.lastIndex = 0;
    if (TICK.test(cell)) return cell.replace(TICK, '').replace(/[[\]]/g, '').trim() || null;
  }
  return null;
}

const FIRM =
  /\b((?:[A-Z][A-Za-z&'.-]*\s+){0,4}(?:LLP|LLC|AG|GmbH|S\.A\.|N\.V\.|Accountants|& Co\.?|Ltd\.?|Limited))(?=[\s),.;]|$)/;

/** The audit firm named in Item 16C (Principal Accountant Fees and Services), when it names one. */
function auditorOf(sections: Form20fSection[]): string | null {
  const item = sections.find((s) => s.code === 'Item-16C');
  if (!item) return null;
  for (const block of item.blocks.slice(1)) {
    const m = FIRM.exec(block);
    if (m) return m[1]!.trim();
  }
  return null;
}

/** "each ADS represents five common shares" -> "1 ADS = 5 common shares". */
function adrRatio(blocks: string[]): string | null {
  for (const b of blocks) {
    const m =
      /\b(?:each|one)\s+(?:American Depositary Shares?|ADSs?)\b[^.]{0,60}?\brepresents?\s+(?:the right to receive\s+)?(\w+)\s+(ordinary|common)\s+shares?/i.exec(
        b,
      );
    if (!m) continue;
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!.toLowerCase()];
    if (n) return `1 ADS = ${n} ${m[2]!.toLowerCase()} share${n === 1 ? '' : 's'}`;
  }
  return null;
}

const CANADIAN_PROVINCES =
  /^(Ontario|Quebec|Québec|British Columbia|Alberta|Manitoba|Saskatchewan|Nova Scotia|New Brunswick|Newfoundland( and Labrador)?|Prince Edward Island|Yukon|Northwest Territories|Nunavut|Canada)$/i;

/**
 * ISO code of the jurisdiction of incorporation: an EDGAR location code (dei), a Canadian province (as
 * 20-F covers of Canadian issuers write it), or a country name EDGAR's list knows; otherwise null.
 */
export function incorporationCountry(text: string | null): string | null {
  if (!text) return null;
  const t = text
    .trim()
    .replace(/^the\s+/i, '')
    .replace(/[.,;]+$/, '');
  if (/^[A-Z0-9]{2}$/.test(t)) return countryFromEdgarCode(t);
  if (CANADIAN_PROVINCES.test(t)) return 'CA';
  return countryFromEdgarCode('ZZ', t);
}
