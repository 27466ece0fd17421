import { ParseError } from '../../lib/errors.ts';
import { parseThirteenF, type ThirteenFDocument } from './thirteen-f.ts';
import {
  decideValueUnit,
  NO_PRICE_EVIDENCE,
  type PriceEvidence,
  type UnitDecision,
} from './thirteen-f-units.ts';

/**
 * A 13F filing turned into holdings rows as `/v1/institutional-holdings` serves them.
 *
 * `institutional_holdings` are long positions in shares. Rows with `putCall` are option positions
 * (`option_positions`, `put_call` PUT or CALL: shares and value are the underlying's), never summed with the
 * shares of the same CUSIP; `PRN` rows (principal amounts of notes: not shares) are excluded. Both are counted
 * (`excluded`). Rows of the same CUSIP, class (and put/call) split by investment discretion or other manager
 * are summed into one position. `value_usd` is the filed value in dollars after the unit decision;
 * `reported_price` = value_usd / shares (4 decimals).
 */
export interface HoldingRow {
  ticker: string | null;
  name_of_issuer: string;
  cusip: string;
  report_period: string;
  filing_date: string | null;
  form_type: string;
  accession_number: string | null;
  title_of_class: string | null;
  /** null for a share position, `PUT` / `CALL` for an option position. */
  put_call: 'PUT' | 'CALL' | null;
  shares: number;
  value_usd: number;
  reported_price: number | null;
  filer_cik: number | null;
  filer_name: string | null;
}

export interface TotalsCheck {
  table_entry_total: number | null;
  rows_parsed: number;
  table_value_total: number | null;
  rows_value_total: number;
  ok: boolean | null;
}

export interface ThirteenFParsed {
  filer_cik: string | null;
  filer_name: string | null;
  report_period: string | null;
  filing_date: string | null;
  accession_number: string | null;
  form_type: string | null;
  /** The cover says it amends the period's report (`isAmendment`, an amendment type) or the form is `.../A`. */
  is_amendment: boolean;
  /** The cover's `amendmentNo`; null when not stated. */
  amendment_no: number | null;
  amendment_type: 'RESTATEMENT' | 'NEW HOLDINGS' | null;
  value_unit: UnitDecision['unit'];
  unit_evidence: UnitDecision;
  totals: TotalsCheck;
  /** Rows filed with putCall (options) and PRN rows: counted here, neither is a share holding. */
  excluded: { options: number; principal_amount: number };
  warnings: string[];
  institutional_holdings: HoldingRow[];
  /** The filing's option rows as positions (put_call set), summed per CUSIP, class and put/call. */
  option_positions: HoldingRow[];
}

export function checkTotals(doc: ThirteenFDocument): TotalsCheck {
  const { tableEntryTotal, tableValueTotal } = doc.cover;
  const sum = doc.rows.reduce((s, r) => s + r.value, 0);
  const rowsOk = tableEntryTotal === null || tableEntryTotal === doc.rows.length;
  // one unit of rounding per row is tolerated (values rounded to the unit before they were added up)
  const valueOk = tableValueTotal === null || Math.abs(tableValueTotal - sum) <= Math.max(1, doc.rows.length);
  return {
    table_entry_total: tableEntryTotal,
    rows_parsed: doc.rows.length,
    table_value_total: tableValueTotal,
    rows_value_total: sum,
    ok: !doc.hasTable || (tableEntryTotal === null && tableValueTotal === null) ? null : rowsOk && valueOk,
  };
}

export function buildHoldings(
  doc: ThirteenFDocument,
  evidence: PriceEvidence = NO_PRICE_EVIDENCE,
  resolveTicker: (cusip: string) => string | null = () => null,
): ThirteenFParsed {
  const warnings = [...doc.warnings];
  const decision = decideValueUnit(doc, evidence);
  const totals = checkTotals(doc);
  if (totals.ok === false) {
    warnings.push(
      `cover totals disagree with the rows: ${totals.table_entry_total} entries / ${totals.table_value_total} value on the cover, ${totals.rows_parsed} rows / ${totals.rows_value_total} value parsed`,
    );
  }
  const excluded = { options: 0, principal_amount: 0 };
  const byKey = new Map<string, HoldingRow>();
  const optionsByKey = new Map<string, HoldingRow>();
  const c = doc.cover;
  const multiplier = decision.unit === 'thousands' ? 1000 : 1;
  if (decision.unit === null && doc.rows.length > 0) warnings.push(`value unit undecided: ${decision.note}`);
  for (const r of doc.rows) {
    if (r.putCall !== null) excluded.options++;
    else if (r.shareType !== 'SH') {
      excluded.principal_amount++;
      continue;
    }
    if (decision.unit === null) continue;
    const key = `${r.cusip}|${r.titleOfClass ?? ''}`;
    const positions = r.putCall === null ? byKey : optionsByKey;
    const prev = positions.get(`${key}|${r.putCall ?? ''}`);
    // a thousands figure printed with decimals (98,425.44493) times 1000 carries binary noise
    // (98425444.92999999): dollar amounts keep 15 significant digits, more than any filer prints (Gilder Gagnon
    // Howe types dollars to four decimals), so every printed digit is kept and the noise is not
    const value = roundNoise(r.value * multiplier);
    if (prev) {
      prev.shares += r.shares;
      prev.value_usd = roundNoise(prev.value_usd + value);
      continue;
    }
    positions.set(`${key}|${r.putCall ?? ''}`, {
      ticker: resolveTicker(r.cusip),
      name_of_issuer: r.nameOfIssuer,
      cusip: r.cusip,
      report_period: c.reportPeriod ?? '',
      filing_date: c.filingDate,
      form_type: c.formType ?? '13F-HR',
      accession_number: c.accessionNumber,
      title_of_class: r.titleOfClass,
      put_call: r.putCall,
      shares: r.shares,
      value_usd: value,
      reported_price: null,
      filer_cik: c.filerCik === null ? null : Number(c.filerCik),
      filer_name: c.filerName,
    });
  }
  const holdings = [...byKey.values()];
  const options = [...optionsByKey.values()];
  let implausible = 0;
  for (const h of [...holdings, ...options]) {
    h.reported_price = h.shares > 0 ? Math.round((h.value_usd / h.shares) * 1e4) / 1e4 : null;
    if (h.reported_price !== null && h.reported_price > 1_000_000) implausible++;
  }
  if (implausible > 0)
    warnings.push(`${implausible} holdings imply a price above $1,000,000 per share: check the filed values`);
  if (excluded.options + excluded.principal_amount > 0) {
    warnings.push(
      `excluded from holdings: ${excluded.options} put/call rows${excluded.options > 0 ? ` (served apart as ${options.length} option positions, put_call set)` : ''}, ${excluded.principal_amount} principal-amount (PRN) rows`,
    );
  }
  return {
    filer_cik: c.filerCik,
    filer_name: c.filerName,
    report_period: c.reportPeriod,
    filing_date: c.filingDate,
    accession_number: c.accessionNumber,
    form_type: c.formType,
    is_amendment: c.isAmendment || /\/A$/i.test(c.formType ?? ''),
    amendment_no: c.amendmentNo,
    amendment_type: c.amendmentType,
    value_unit: decision.unit,
    unit_evidence: decision,
    totals,
    excluded,
    warnings,
    institutional_holdings: holdings.sort((a, b) => b.value_usd - a.value_usd),
    option_positions: options.sort((a, b) => b.value_usd - a.value_usd),
  };
}

/** Parse + build in one call (the CLI and the job); throws ParseError on an unreadable document. */
export function parseThirteenFFiling(
  input: string,
  opts: {
    document?: string;
    evidence?: PriceEvidence;
    resolveTicker?: (cusip: string) => string | null;
  } = {},
): ThirteenFParsed {
  const doc = parseThirteenF(input, opts.document);
  if (doc.cover.reportType === '13F NOTICE' && doc.rows.length > 0) {
    throw new ParseError('a 13F notice carries no information table rows', opts.document);
  }
  return buildHoldings(doc, opts.evidence, opts.resolveTicker);
}

/** A dollar amount to 15 significant digits: drops binary noise, keeps every printed digit (and large values). */
function roundNoise(v: number): number {
  return Number(v.toPrecision(15));
}
