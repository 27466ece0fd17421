import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';
import { unzipEntry } from '../korea/corp-codes.ts';
import { firmWebsite } from './adv-feed.ts';
import { type AdviserRow, blankAdviser, num, registration, str, usDate, yn } from './iapd.ts';

/**
 * The SEC's monthly adviser lists, "Information About Registered Investment Advisers and Exempt Reporting
 * Advisers" (`ia<MMDDYY>.zip` for SEC-registered advisers, `ia<MMDDYY>-exempt.zip` for exempt reporting
 * advisers; the names are not stable, so an operator gives the files' addresses): one CSV per list, one row per
 * firm, about 170 columns named by Form ADV item, Latin-1. Its value here is the firm-level rollup of
 * Schedule D 7.B.(1) that neither the IAPD compilation feed nor IAPD JSON carries: `Any Hedge Funds`,
 * `Any PE Funds`, `Any VC Funds` (and the other fund types) with `Total number of ... funds`, and
 * `Total Gross Assets of Private Funds`.
 *
 * Columns read (matched by name, case and spacing ignored; the others are not read): `Organization CRD#`
 * (required), `CIK#`, `SEC#`, `Primary Business Name`, `Legal Name`, `Main Office City` / `State` / `Country`,
 * `Main Office Telephone Number`, `Website Address`, `Firm Type`, `5F(2)(c)` (regulatory AUM, US dollars),
 * `7B` (adviser to a private fund), `Any <kind> Funds` and `Total number of <kind> funds` for hedge, liquidity,
 * PE, real estate, securitized, VC and other funds, `Total Gross Assets of Private Funds`, `Latest ADV Filing
 * Date`. A file without `Organization CRD#` or without any `Any ... Funds` column is a ParseError naming what
 * is missing: a changed layout stops the load instead of loading nulls.
 *
 * Values: Y/N flags; numbers padded with spaces and written with thousands separators and `.00`
 * (`           709,905,606.00`). A firm that answered Item 7.B "N" advises no private fund, so its fund-type
 * flags are false even where the columns are blank; a blank flag of a firm that does advise private funds is
 * null. A row without a CRD or a name is a warning.
 */
export interface AdvRosterFirm extends AdviserRow {
  private_funds: {
    count: number | null;
    by_type: Record<string, { any: boolean | null; count: number | null }>;
    gross_assets: number | null;
    list: string;
  };
}

export interface AdvRosterResult {
  firms: AdvRosterFirm[];
  warnings: string[];
}

const FUND_KINDS = ['hedge', 'liquidity', 'pe', 'real estate', 'securitized', 'vc', 'other'] as const;
const norm = (h: string) => h.replace(/\s+/g, ' ').trim().toLowerCase();
/** `12/31/2025`, `12/31/2025 10:37:17 AM` or `2025-12-31` -> ISO date. */
const date = (v: unknown) =>
  usDate(v) ?? (/^\d{4}-\d{2}-\d{2}/.test(str(v) ?? '') ? str(v)!.slice(0, 10) : null);

/** Bytes of a list (its zip, or the CSV itself) -> text: UTF-8 when it decodes cleanly, else Latin-1. */
export function decodeRoster(bytes: Buffer, document: string): string {
  const raw =
    bytes.subarray(0, 2).toString('latin1') === 'PK' ? unzipEntry(bytes, document, /\.csv$/i) : bytes;
  const utf8 = raw.toString('utf8');
  return (utf8.includes('\uFFFD') ? raw.toString('latin1') : utf8).replace(/^\uFEFF/, '');
}

export function parseAdvRoster(bytes: Buffer, document = 'adviser list'): AdvRosterResult {
  const text = decodeRoster(bytes, document);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header) throw new ParseError('adviser list is empty', document);
  const col = new Map(header.map((h, i) => [norm(h), i]));
  const at = (row: string[], name: string) => {
    const i = col.get(name);
    return i === undefined ? undefined : row[i];
  };
  const missing: string[] = [];
  if (!col.has('organization crd#')) missing.push('Organization CRD#');
  if (!FUND_KINDS.some((k) => col.has(`any ${k} funds`))) missing.push('Any <kind> Funds');
  if (missing.length)
    throw new ParseError(
      `not an SEC adviser list: no ${missing.join(', ')} column (first columns: ${header.slice(0, 6).join(', ')})`,
      document,
    );
  const exempt = /exempt/i.test(document);
  const warnings: string[] = [];
  const firms: AdvRosterFirm[] = [];
  rows.forEach((row, n) => {
    const crd = num(at(row, 'organization crd#'));
    if (crd === null || !Number.isInteger(crd)) {
      warnings.push(`row ${n + 2} skipped: no Organization CRD#`);
      return;
    }
    const legal = str(at(row, 'legal name')) ?? str(at(row, 'primary business name'));
    if (!legal) {
      warnings.push(`row ${n + 2} (CRD ${crd}) skipped: no Legal Name or Primary Business Name`);
      return;
    }
    const firm = blankAdviser(crd, legal) as AdvRosterFirm;
    const sec = str(at(row, 'sec#'));
    const firmType = str(at(row, 'firm type'));
    const privateFunds = yn(at(row, '7b'));
    const byType: AdvRosterFirm['private_funds']['by_type'] = {};
    for (const k of FUND_KINDS) {
      if (!col.has(`any ${k} funds`)) continue;
      const any = yn(at(row, `any ${k} funds`));
      byType[k.replace(' ', '_')] = {
        any: any ?? (privateFunds === false ? false : null),
        count: num(at(row, `total number of ${k} funds`)),
      };
    }
    const cik = num(at(row, 'cik#'));
    Object.assign(firm, {
      cik: cik ? String(cik).padStart(10, '0') : null,
      business_name: str(at(row, 'primary business name')),
      sec_file_number: sec,
      sec_registration_type:
        /^era$|exempt/i.test(firmType ?? '') || (!firmType && exempt)
          ? 'ERA'
          : /regist/i.test(firmType ?? '')
            ? 'Registered'
            : registration(sec),
      main_office_city: str(at(row, 'main office city')),
      main_office_state: str(at(row, 'main office state')),
      main_office_country: str(at(row, 'main office country')),
      main_office_phone: str(at(row, 'main office telephone number')),
      website: firmWebsite((str(at(row, 'website address')) ?? '').split(/[\s;,]+/).filter(Boolean)),
      aum_total: num(at(row, '5f(2)(c)')),
      advises_private_funds: privateFunds,
      has_hedge_funds: byType.hedge?.any ?? null,
      has_pe_funds: byType.pe?.any ?? null,
      has_vc_funds: byType.vc?.any ?? null,
      adv_as_of: date(at(row, 'latest adv filing date')),
      private_funds: {
        count: num(at(row, 'count of private funds - 7b(1)')),
        by_type: byType,
        gross_assets: num(at(row, 'total gross assets of private funds')),
        list: document,
      },
    });
    firms.push(firm);
  });
  return { firms, warnings };
}
