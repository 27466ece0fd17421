import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { ParseError } from '../../lib/errors.ts';
import { type AdviserRow, blankAdviser, num, registration, str, yn } from './iapd.ts';

/**
 * The SEC's Form ADV bulk data: the IAPD compilation feeds `IA_FIRM_SEC_Feed_<MM_DD_YYYY>.xml.gz` (SEC-registered
 * and exempt reporting advisers, ~24,000 firms, ~80 MB unpacked) and `IA_FIRM_STATE_Feed_...` (state-registered,
 * same elements), published daily at reports.adviserinfo.sec.gov/reports/CompilationReports/ and listed in that
 * folder's `CompilationReports.manifest.json`. One `<Firm>` per adviser under `<IAPDFirmSECReport GenOn=...>
 * <Firms>`, every value an attribute, each firm's latest Form ADV Part 1A:
 *
 * - `Info` FirmCrdNb, SECNb, BusNm, LegalNm; `MainAddr` Strt1, City, State, Cntry, PostlCd, PhNb;
 *   `Rgstn` FirmType (`Registered` | `ERA`), St, Dt; `NoticeFiled/States` RgltrCd, St, Dt; `Filing` Dt, FormVrsn.
 * - `FormInfo/Part1A`: `Item1/WebAddrs/WebAddr` (Item 1.I, several), `Item5A` TtlEmp (Item 5.A employees),
 *   `Item5E` Q5E1-Q5E7 (Item 5.E compensation: % of AUM, hourly, subscription, fixed, commissions,
 *   performance-based, other), `Item5F` Q5F2A/B/C (Item 5.F(2) regulatory assets under management,
 *   discretionary / non-discretionary / total, in US dollars as the form asks) and Q5F2D/E/F (accounts),
 *   `Item5G` Q5G1-Q5G12 (Item 5.G advisory services), `Item7B` Q7B (Item 7.B: adviser to a private fund).
 *
 * The state feed (`IA_FIRM_STATE_Feed`) has the same firm elements, its registrations as
 * `StateRgstn/Rgltrs/Rgltr` (Cd, St, Dt) per state instead of `Rgstn`.
 *
 * Rules: the file's own XML declaration names its encoding (ISO-8859-1 on the SEC's feeds; UTF-8 when it names
 * none); a gzip file is recognised by its magic bytes, not its name. The firm is read from its block alone, so a
 * damaged `<Firm>` is a warning and the rest loads. An item the firm did not fill (an exempt reporting adviser
 * files no Item 5) is null, never 0. The website is the first web address not on a social network (firms list
 * LinkedIn pages among them). What the feed does not hold stays null here: fund types (Schedule D 7.B.(1),
 * from the monthly adviser lists, adv-roster.ts) and e-mail addresses (the Part 2 brochures, brochure.ts).
 */
export interface AdvFeedFirm extends AdviserRow {
  adv: {
    headcount: number | null;
    accounts_total: number | null;
    aum_discretionary: number | null;
    aum_non_discretionary: number | null;
    fees: Record<string, boolean> | null;
    services: Record<string, boolean> | null;
    other_service: string | null;
    form_version: string | null;
    registration_status: string | null;
    registration_date: string | null;
    feed: string;
    feed_generated_on: string | null;
  };
}

export interface AdvFeedResult {
  generated_on: string | null;
  firms: AdvFeedFirm[];
  warnings: string[];
}

/** Form ADV Item 5.E, in the form's order. */
const FEES = [
  'percentage_of_aum',
  'hourly',
  'subscription',
  'fixed',
  'commissions',
  'performance_based',
  'other',
] as const;
/** Form ADV Item 5.G, in the form's order (10/2021 version). */
const SERVICES = [
  'financial_planning',
  'portfolio_management_individuals_small_business',
  'portfolio_management_investment_companies',
  'portfolio_management_pooled_vehicles',
  'portfolio_management_businesses_institutions',
  'pension_consulting',
  'selection_of_other_advisers',
  'periodicals_newsletters',
  'security_ratings_pricing',
  'market_timing',
  'educational_seminars',
  'other',
] as const;
/** Social networks: firms list their pages among their web addresses; none is the firm's own site. */
export const SOCIAL =
  /(^|\.)(linkedin\.com|twitter\.com|x\.com|facebook\.com|instagram\.com|youtube\.com|vimeo\.com|tiktok\.com|pinterest\.com)$/i;

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Rgstn', 'Filing', 'WebAddr', 'States', 'Rgltr']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  // numeric character references (`&#196;`) as well as the five XML entities
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

/** Bytes (gzip or plain) -> text, decoded as the XML declaration says. */
export function decodeAdvFeed(bytes: Buffer): string {
  const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  const head = raw.subarray(0, 200).toString('latin1');
  const enc = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  if (/^(iso-8859-1|latin-?1|us-ascii|windows-1252)$/.test(enc)) return raw.toString('latin1');
  if (/^utf-?8$/.test(enc)) return raw.toString('utf8');
  throw new ParseError(`Form ADV feed in an encoding this reader does not know: ${enc}`);
}

const s = str;
const node = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v ? [node(v)] : []);
/** Y/N flags of an item, keyed by the form's names; null when the item carries none. */
function flags(item: Node, prefix: string, names: readonly string[]): Record<string, boolean> | null {
  const out: Record<string, boolean> = {};
  names.forEach((name, i) => {
    const v = yn(item[`${prefix}${i + 1}`]);
    if (v !== null) out[name] = v;
  });
  return Object.keys(out).length ? out : null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(/^[a-z]+:\/\//i.test(url) ? url : `http://${url}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** The firm's website: the first listed address whose host is not a social network. */
export function firmWebsite(addresses: string[]): string | null {
  for (const a of addresses) {
    const host = hostOf(a);
    if (host && !SOCIAL.test(host)) return a;
  }
  return null;
}

function readFirm(block: string, feed: string, generatedOn: string | null): AdvFeedFirm {
  const firm = node((parser.parse(block) as Node).Firm);
  const info = node(firm.Info);
  const crd = num(info.FirmCrdNb);
  if (crd === null || !Number.isInteger(crd)) throw new Error('no Info/@FirmCrdNb');
  const legal = s(info.LegalNm) ?? s(info.BusNm);
  if (!legal) throw new Error(`CRD ${crd}: no LegalNm or BusNm`);
  const addr = node(firm.MainAddr);
  const part = node(node(firm.FormInfo).Part1A);
  const item5f = node(part.Item5F);
  const item5g = node(part.Item5G);
  // SEC feed: Rgstn (FirmType, St, Dt); state feed: StateRgstn/Rgltrs/Rgltr (Cd, St, Dt), one per state
  const rgstn = list(firm.Rgstn);
  const stateRgstn = list(node(node(firm.StateRgstn).Rgltrs).Rgltr);
  const filings = list(firm.Filing)
    .map((f) => ({ dt: s(f.Dt), version: s(f.FormVrsn) }))
    .filter((f) => f.dt)
    .sort((a, b) => b.dt!.localeCompare(a.dt!));
  const webAddrs = node(node(part.Item1).WebAddrs).WebAddr;
  const web = (Array.isArray(webAddrs) ? webAddrs : [webAddrs])
    .map((w) => s(typeof w === 'string' ? w : node(w)['#text']))
    .filter((w): w is string => w !== null);
  // the SEC feed states FirmType; the state feed's firms have no SEC registration (fallback: the file number)
  const type = s(rgstn[0]?.FirmType);
  const sec = s(info.SECNb);
  const row = blankAdviser(crd, legal);
  Object.assign(row, {
    business_name: s(info.BusNm),
    sec_file_number: sec,
    sec_registration_type: type === 'Registered' || type === 'ERA' ? type : registration(sec),
    ia_scope: rgstn.length || stateRgstn.length ? 'ACTIVE' : null,
    main_office_city: s(addr.City),
    main_office_state: s(addr.State),
    main_office_country: s(addr.Cntry),
    main_office_phone: s(addr.PhNb),
    website: firmWebsite(web),
    aum_total: num(item5f.Q5F2C),
    advises_private_funds: yn(node(part.Item7B).Q7B),
    adv_as_of: filings[0]?.dt ?? null,
    notice_filings: list(node(firm.NoticeFiled).States).map((st) => ({
      jurisdiction: s(st.RgltrCd) ?? '',
      status: s(st.St) ?? '',
      effective_date: s(st.Dt),
    })),
  } satisfies Partial<AdviserRow>);
  return {
    ...row,
    adv: {
      headcount: num(node(part.Item5A).TtlEmp),
      accounts_total: num(item5f.Q5F2F),
      aum_discretionary: num(item5f.Q5F2A),
      aum_non_discretionary: num(item5f.Q5F2B),
      fees: flags(node(part.Item5E), 'Q5E', FEES),
      services: flags(item5g, 'Q5G', SERVICES),
      other_service: s(item5g.Q5G12Oth),
      form_version: filings[0]?.version ?? null,
      registration_status: s(rgstn[0]?.St) ?? s(stateRgstn[0]?.St),
      registration_date: s(rgstn[0]?.Dt) ?? s(stateRgstn[0]?.Dt),
      feed,
      feed_generated_on: generatedOn,
    },
  };
}

/**
 * Every `<Firm>` of a compilation feed, read one block at a time (the 80 MB document is never one tree).
 * Throws only when the file is not such a feed; a firm that cannot be read is a warning.
 */
export function parseAdvFeed(bytes: Buffer, document = 'Form ADV feed'): AdvFeedResult {
  let text: string;
  try {
    text = decodeAdvFeed(bytes);
  } catch (err) {
    if (err instanceof ParseError) throw new ParseError(err.message, document);
    throw new ParseError(`Form ADV feed could not be unpacked: ${(err as Error).message}`, document);
  }
  const root = /<(IAPDFirm\w*Report)\b([^>]*)>/.exec(text.slice(0, 4096));
  if (!root) throw new ParseError('not a Form ADV compilation feed (no <IAPDFirm...Report> root)', document);
  const generatedOn = /GenOn\s*=\s*"([^"]*)"/.exec(root[2] ?? '')?.[1] ?? null;
  const feed = root[1]!;
  const firms: AdvFeedFirm[] = [];
  const warnings: string[] = [];
  let at = root.index + root[0].length;
  let n = 0;
  const open = /<Firm[\s>]/g;
  for (;;) {
    open.lastIndex = at;
    const start = open.exec(text)?.index ?? -1;
    if (start < 0) break;
    const end = text.indexOf('</Firm>', start);
    if (end < 0) {
      warnings.push(`firm #${n + 1}: the file ends inside a <Firm> element (truncated download?)`);
      break;
    }
    n++;
    at = end + 7;
    try {
      firms.push(readFirm(text.slice(start, at), feed, generatedOn));
    } catch (err) {
      warnings.push(`firm #${n} skipped: ${(err as Error).message}`);
    }
  }
  if (n === 0) warnings.push('the feed lists no <Firm>');
  return { generated_on: generatedOn, firms, warnings };
}
