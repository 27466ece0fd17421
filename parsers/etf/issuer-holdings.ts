import Papa from 'papaparse';
import { ParseError } from '../../lib/errors.ts';
import { readFirstSheet } from './xlsx-sheet.ts';

/**
 * ETF issuers' daily holdings files, as the issuer publishes them (docs/funds.md "ETF issuer daily holdings"):
 * iShares CSV downloads and SPDR (State Street) XLSX workbooks. Read by layout, never by position:
 *
 * - the container: a zip is an XLSX workbook (its first sheet, parsers/etf/xlsx-sheet.ts), anything else CSV
 *   text (a UTF-8 BOM dropped, quoting honoured, so a quoted footer spanning lines stays one field);
 * - the header row is the first row naming a holding's name, its weight and an identifier (ticker, CUSIP,
 *   ISIN, SEDOL or `Identifier`); no such row: NotAHoldingsFileError;
 * - the rows above it are the preamble (`key,value` or `Key:` / value cells): the as-of date (`Fund Holdings
 *   as of` / `Holdings: As of ...`), the fund name and, where given, its ticker; no as-of date is an error;
 * - columns are mapped by name with each vintage's synonyms (`Shares` / `Quantity` / `Shares Held`...);
 * - the table ends at the first blank row (NBSP-only counts as blank); what follows is the legal footer;
 * - every row is kept with the issuer's asset class and a normalized `kind`; non-equity rows are kept.
 *
 * Numbers are exact decimal strings (thousands separators dropped, a sheet's `8.7116767E7` written out as
 * `87116767`), never floats. `weightPct` is in percent as both issuers publish it (7.12 = 7.12 %).
 */

export type HoldingKind = 'equity' | 'cash' | 'money_market' | 'cash_collateral' | 'future' | 'other';

export interface IssuerHoldingRow {
  /** 1-based position in the file's table (the issuer's order: weight descending). */
  ordinal: number;
  ticker: string | null;
  name: string | null;
  cusip: string | null;
  isin: string | null;
  sedol: string | null;
  sector: string | null;
  /** The issuer's own asset class text; null when the file has no such column (SPDR). */
  assetClass: string | null;
  kind: HoldingKind;
  /** Percent of the fund (7.12 = 7.12 %), as published. */
  weightPct: string | null;
  /** Shares, or contracts for futures, or units (the `Shares` / `Quantity` / `Shares Held` column). */
  shares: string | null;
  price: string | null;
  marketValue: string | null;
  notional: string | null;
  currency: string | null;
  fxRate: string | null;
  exchange: string | null;
  location: string | null;
  accrualDate: string | null;
}

export interface IssuerHoldingsFile {
  issuer: 'ishares' | 'spdr';
  format: 'ishares-csv' | 'spdr-xlsx' | 'ishares-xlsx' | 'spdr-csv';
  fundName: string | null;
  /** The fund's ticker when the file names it (SPDR's `Ticker Symbol:`); iShares files do not. */
  fundTicker: string | null;
  asOf: string;
  rows: IssuerHoldingRow[];
  warnings: string[];
}

/** The file is no issuer holdings file at all (no holdings header row); a ParseError, so the pipeline quarantines it. */
export class NotAHoldingsFileError extends ParseError {
  override name = 'NotAHoldingsFileError';
}

type Field = Exclude<keyof IssuerHoldingRow, 'ordinal' | 'kind'> | 'identifier';

/** Column names per field, each vintage's spelling (lower case, spaces collapsed). First match wins. */
const COLUMNS: Record<Field, readonly string[]> = {
  ticker: ['ticker', 'issuer ticker', 'ticker symbol'],
  name: ['name', 'security name', 'holding name', 'description'],
  identifier: ['identifier'],
  cusip: ['cusip'],
  isin: ['isin'],
  sedol: ['sedol'],
  sector: ['sector'],
  assetClass: ['asset class'],
  weightPct: ['weight (%)', 'weight', '% of net assets', 'weight %', '% weight'],
  shares: ['shares', 'quantity', 'shares held', 'shares/contracts'],
  price: ['price'],
  marketValue: ['market value', 'market value ($)'],
  notional: ['notional value'],
  currency: ['currency', 'local currency', 'market currency'],
  fxRate: ['fx rate'],
  exchange: ['exchange'],
  location: ['location', 'location of risk'],
  accrualDate: ['accrual date'],
};

const norm = (s: string) =>
  s
    .replace(/[\u00a0\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
const blank = (cells: string[]) => cells.every((c) => norm(c) === '');
/** `-`, `--`, `N/A` and empty cells are "not given". */
const given = (s: string | undefined): string | null => {
  const t = (s ?? '').replace(/\u00a0/g, ' ').trim();
  return t === '' || /^(-+|n\/a|na)$/i.test(t) ? null : t;
};

interface Table {
  container: 'csv' | 'xlsx';
  rows: string[][];
}

function readTable(bytes: Buffer, document: string): Table {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50)
    return { container: 'xlsx', rows: rowsByNumber(readFirstSheet(bytes, document)) };
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return { container: 'csv', rows: Papa.parse<string[]>(text, { skipEmptyLines: false }).data };
}

/** Sheet rows laid out by their row numbers: an absent row is a blank row (it ends a table). */
function rowsByNumber(rows: { row: number; cells: string[] }[]): string[][] {
  const out: string[][] = [];
  for (const r of rows) {
    while (out.length < r.row - 1) out.push([]);
    out[r.row - 1] = r.cells;
  }
  return out;
}

function findHeader(rows: string[][]): number {
  return rows.findIndex((cells) => {
    const names = new Set(cells.map(norm));
    const has = (f: Field) => COLUMNS[f].some((n) => names.has(n));
    return (
      has('name') &&
      has('weightPct') &&
      (['ticker', 'identifier', 'cusip', 'isin', 'sedol'] as Field[]).some(has)
    );
  });
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** `Apr 06, 2023`, `10-May-2024`, `As of 10-May-2024`, `2023-04-06`, `04/06/2023` -> ISO; else null. */
export function issuerDate(value: string): string | null {
  const s = value.replace(/^\s*as of\s*/i, '').trim();
  let m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/.exec(s);
  if (m) return isoOf(Number(m[3]), MONTHS.indexOf(m[1]!.toLowerCase()) + 1, Number(m[2]));
  m = /^(\d{1,2})[- ]([A-Za-z]{3})[a-z]*[- ](\d{4})$/.exec(s);
  if (m) return isoOf(Number(m[3]), MONTHS.indexOf(m[2]!.toLowerCase()) + 1, Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return isoOf(Number(m[3]), Number(m[1]), Number(m[2]));
  return null;
}
function isoOf(y: number, mo: number, d: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const iso = `${y}-${pad(mo)}-${pad(d)}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * An exact decimal string: thousands separators dropped, `(1,234.5)` negative, a trailing `%` dropped,
 * scientific notation (`8.7116767E7`, a sheet's stored number) written out. Not a number: ParseError.
 */
export function decimalOf(raw: string, where: string, document: string): string {
  let s = raw.replace(/[\s\u00a0]/g, '').replace(/%$/, '');
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1]!;
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === ''))
    throw new ParseError(`${where}: "${raw}" is not a number`, document);
  let digits = (m[1] ?? '') + (m[2] ?? '');
  let point = (m[1] ?? '').length + Number(m[3] ?? 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  let int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  let frac = digits.slice(point);
  // a written-out exponent adds no precision the source did not have: trailing zeros it created are dropped
  if (m[3] !== undefined) frac = frac.replace(/0+$/, '');
  if (int === '') int = '0';
  const out = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

const CURRENCY_WORDS =
  /\b(DOLLARS?|EUROS?|YEN|POUNDS?|STERLING|FRANCS?|KRONE|KRONA|KRONER|YUAN|RENMINBI|WON|RUPEES?|REAL|PESOS?|RAND|SHEKELS?|ZLOTY|FORINT|RINGGIT|BAHT|CASH)\b/;

/** The issuer's asset class text -> kind; null text (no such column): decided by the row's identifiers. */
function kindOf(assetClass: string | null, row: IssuerHoldingRow): HoldingKind {
  if (assetClass !== null) {
    const a = assetClass.toLowerCase();
    if (/money market/.test(a)) return 'money_market';
    if (/collateral|margin/.test(a)) return 'cash_collateral';
    if (/futur/.test(a)) return 'future';
    if (/^(cash|currency|fx)\b|\bcash$/.test(a)) return 'cash';
    if (/equit|stock|reit|common/.test(a)) return 'equity';
    return 'other';
  }
  // No asset class (SPDR): a row without a ticker, or with a private-use CUSIP (issuer code 99x: issuers'
  // internal numbers, such as SSGA's 999USDZ92 for US dollars), is no listed security: cash when its name
  // names a currency, else other; a row with a ticker and a public identifier is the equity it names.
  const privateCusip = row.cusip !== null && /^99/.test(row.cusip);
  if (row.ticker === null || privateCusip)
    return CURRENCY_WORDS.test((row.name ?? '').toUpperCase()) ? 'cash' : 'other';
  return 'equity';
}

export function parseIssuerHoldings(bytes: Buffer, document: string): IssuerHoldingsFile {
  const { container, rows } = readTable(bytes, document);
  const headerAt = findHeader(rows);
  if (headerAt < 0)
    throw new NotAHoldingsFileError(
      'no holdings header row (a row naming a name, a weight and a ticker or identifier column): not an ETF issuer holdings file',
      document,
    );
  const header = rows[headerAt]!.map(norm);
  const col = {} as Record<Field, number>;
  for (const f of Object.keys(COLUMNS) as Field[]) {
    col[f] = -1;
    for (const n of COLUMNS[f]) {
      const i = header.indexOf(n);
      if (i >= 0) {
        col[f] = i;
        break;
      }
    }
  }

  // preamble: `key,value` rows (iShares) or `Key:` | value cells (SPDR); a sole cell is a title line
  const meta = new Map<string, string>();
  let title: string | null = null;
  for (const cells of rows.slice(0, headerAt)) {
    const filled = cells.map((c) => given(c) ?? '').filter((c) => c !== '');
    if (filled.length === 1 && title === null) title = filled[0]!;
    if (filled.length >= 2) meta.set(norm(filled[0]!).replace(/:$/, ''), filled[1]!);
  }
  const asOfText =
    meta.get('fund holdings as of') ??
    meta.get('holdings as of') ??
    meta.get('holdings') ??
    meta.get('as of');
  const asOf = asOfText ? issuerDate(asOfText) : null;
  if (!asOf) throw new ParseError(`no as-of date in the preamble (read: ${asOfText ?? 'nothing'})`, document);
  const fundName = meta.get('fund name') ?? title;
  const fundTicker = meta.get('ticker symbol') ?? meta.get('ticker') ?? null;
  const issuer =
    meta.has('fund holdings as of') || /^ishares\b/i.test(fundName ?? '')
      ? 'ishares'
      : meta.has('ticker symbol') || /\bspdr\b/i.test(fundName ?? '')
        ? 'spdr'
        : null;
  if (!issuer)
    throw new ParseError(`a holdings table, but neither the iShares nor the SPDR preamble`, document);

  const warnings: string[] = [];
  const out: IssuerHoldingRow[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (blank(cells)) break; // the table ends; the legal footer follows
    const cell = (f: Field) => (col[f] >= 0 ? given(cells[col[f]]) : null);
    const num = (f: Field) => {
      const v = cell(f);
      return v === null ? null : decimalOf(v, `row ${i + 1} ${f}`, document);
    };
    const identifier = cell('identifier');
    const row: IssuerHoldingRow = {
      ordinal: out.length + 1,
      ticker: cell('ticker'),
      name: cell('name'),
      cusip: cell('cusip') ?? (identifier && /^[0-9A-Z*@#]{9}$/.test(identifier) ? identifier : null),
      isin: cell('isin') ?? (identifier && /^[A-Z]{2}[0-9A-Z]{9}\d$/.test(identifier) ? identifier : null),
      sedol: cell('sedol'),
      sector: cell('sector'),
      assetClass: cell('assetClass'),
      kind: 'other',
      weightPct: num('weightPct'),
      shares: num('shares'),
      price: num('price'),
      marketValue: num('marketValue'),
      notional: num('notional'),
      currency: cell('currency'),
      fxRate: num('fxRate'),
      exchange: cell('exchange'),
      location: cell('location'),
      accrualDate: null,
    };
    const accrual = cell('accrualDate');
    if (accrual !== null) {
      row.accrualDate = issuerDate(accrual);
      if (!row.accrualDate) warnings.push(`row ${i + 1}: accrual date "${accrual}" not read`);
    }
    if (identifier && !row.cusip && !row.isin)
      warnings.push(`row ${i + 1}: identifier "${identifier}" is neither a CUSIP nor an ISIN`);
    if (row.name === null && row.ticker === null)
      throw new ParseError(`row ${i + 1}: a holdings row with neither a name nor a ticker`, document);
    row.kind = kindOf(row.assetClass, row);
    if (row.kind === 'other')
      warnings.push(`row ${i + 1}: asset class "${row.assetClass ?? '(none)'}" kept as other`);
    out.push(row);
  }
  if (out.length === 0) throw new ParseError('a holdings header with no rows under it', document);
  const weightSum = out.reduce((s, r) => s + Number(r.weightPct ?? 0), 0);
  // both issuers publish percent; a file summing near 1 would be fractions, which we must not store as percent
  if (weightSum > 0 && weightSum < 5)
    throw new ParseError(
      `weights sum to ${weightSum.toFixed(4)}: fractions, not the percent this reader expects`,
      document,
    );
  if (Math.abs(weightSum - 100) > 5) warnings.push(`weights sum to ${weightSum.toFixed(4)} %, not about 100`);
  return {
    issuer,
    format: `${issuer}-${container}`,
    fundName,
    fundTicker,
    asOf,
    rows: out,
    warnings,
  };
}
