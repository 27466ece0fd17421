import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';

/**
 * FINRA equity short interest, both published shapes, mapped to spec 2.7 by column NAME:
 *
 * - the CDN file `cdn.finra.org/equity/otcmarket/biweekly/shrtYYYYMMDD.csv`: PIPE-delimited despite the
 *   name, camelCase columns (`symbolCode`, `currentShortPositionQuantity`, `daysToCoverQuantity`,
 *   `issuerServicesGroupExchangeCode`, `marketClassCode`, ...), ISO `settlementDate`;
 * - the finra.org query export CSV: comma-delimited, legacy names (`issueSymbolIdentifier`,
 *   `currentShortShareNumber`, `averageShortShareNumber` = average daily volume,
 *   `percentageChangefromPreviousShort` = the change in SHARES despite its name), `settlementDate` as
 *   DD-MM-YYYY.
 *
 * Days to cover is taken as published; FINRA prints 999.99 when the average daily volume is 0 (nothing to
 * divide by): that becomes null. When the column is absent or empty it is computed as current position /
 * average daily volume (2 decimals, as FINRA rounds) and flagged `daysToCoverComputed`. Empty
 * `stockSplitFlag` / `revisionFlag` mean no flag (null). Symbols are kept verbatim (`ABRPRD` is Arbor's
 * preferred D: never strip letters). An empty file (header only) is zero rows, not an error.
 */
export interface ShortInterestRecord {
  symbol: string;
  settlementDate: string;
  issueName: string | null;
  category: string | null;
  marketClassCode: string | null;
  currentShortPosition: number | null;
  previousShortPosition: number | null;
  changePrevious: number | null;
  changePercent: string | null;
  averageDailyVolume: number | null;
  daysToCover: string | null;
  daysToCoverComputed: boolean;
  revisionFlag: string | null;
  stockSplitFlag: string | null;
}

const COLUMNS: Record<keyof Omit<ShortInterestRecord, 'daysToCoverComputed'>, string[]> = {
  symbol: ['symbolCode', 'issueSymbolIdentifier'],
  settlementDate: ['settlementDate'],
  issueName: ['issueName'],
  category: ['issuerServicesGroupExchangeCode', 'marketCategoryDescription'],
  marketClassCode: ['marketClassCode', 'marketCategoryCode'],
  currentShortPosition: ['currentShortPositionQuantity', 'currentShortShareNumber'],
  previousShortPosition: ['previousShortPositionQuantity', 'previousShortShareNumber'],
  changePrevious: ['changePreviousNumber', 'percentageChangefromPreviousShort'],
  changePercent: ['changePercent'],
  averageDailyVolume: ['averageDailyVolumeQuantity', 'averageShortShareNumber'],
  daysToCover: ['daysToCoverQuantity', 'daysToCoverNumber'],
  revisionFlag: ['revisionFlag'],
  stockSplitFlag: ['stockSplitFlag'],
};

/** FINRA's "no average volume" value of days to cover. */
const NO_VOLUME_SENTINEL = '999.99';

export function parseShortInterest(
  text: string,
  document = 'short-interest.csv',
): { rows: ShortInterestRecord[]; warnings: string[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.slice(0, clean.search(/\r?\n|$/));
  const delimiter = firstLine.includes('|') ? '|' : ',';
  const parsed = Papa.parse<Record<string, string>>(clean, {
    delimiter,
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  const pick = (names: string[]) => names.find((n) => fields.includes(n));
  const col = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, pick(names)])) as Record<
    keyof typeof COLUMNS,
    string | undefined
  >;
  if (!col.symbol || !col.settlementDate || !col.currentShortPosition)
    throw new ParseError(
      `not a FINRA short-interest file: no symbol/settlementDate/current short position column in [${fields.join(', ')}]`,
      document,
    );
  const warnings: string[] = [];
  const rows: ShortInterestRecord[] = [];
  for (const r of parsed.data) {
    const get = (k: keyof typeof COLUMNS) => {
      const c = col[k];
      const v = c ? (r[c] ?? '').trim() : '';
      return v === '' ? null : v;
    };
    const symbol = get('symbol');
    if (!symbol) {
      warnings.push('a row without a symbol skipped');
      continue;
    }
    const int = (k: keyof typeof COLUMNS) => {
      const v = get(k);
      if (v === null) return null;
      const n = Number(v.replace(/,/g, ''));
      if (!Number.isFinite(n)) throw new ParseError(`${symbol}: ${col[k]} is not a number: '${v}'`, document);
      return Math.round(n);
    };
    const current = int('currentShortPosition');
    const adv = int('averageDailyVolume');
    let daysToCover = get('daysToCover');
    let computed = false;
    if (daysToCover === NO_VOLUME_SENTINEL) daysToCover = null;
    else if (daysToCover === null && current !== null && adv) {
      daysToCover = (current / adv).toFixed(2);
      computed = true;
    }
    rows.push({
      symbol,
      settlementDate: isoSettlement(get('settlementDate') ?? '', document),
      issueName: get('issueName'),
      category: get('category'),
      marketClassCode: get('marketClassCode'),
      currentShortPosition: current,
      previousShortPosition: int('previousShortPosition'),
      changePrevious: int('changePrevious'),
      changePercent: get('changePercent'),
      averageDailyVolume: adv,
      daysToCover,
      daysToCoverComputed: computed,
      revisionFlag: get('revisionFlag'),
      stockSplitFlag: get('stockSplitFlag'),
    });
  }
  return { rows, warnings };
}

function isoSettlement(s: string, document: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(s);
  if (dmy) return `${dmy[3]}-${dmy[2]}-${dmy[1]}`;
  if (/^\d{8}$/.test(s)) return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  throw new ParseError(`settlementDate '${s}' is neither YYYY-MM-DD nor DD-MM-YYYY`, document);
}
