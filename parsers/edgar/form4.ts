import { ParseError } from '../../lib/errors.ts';
import { isSubmissionText, parseSubmissionText } from './filing-document.ts';
import { isRenderedOwnershipPage, renderedOwnershipRoot } from './form4-rendered.ts';
import { at, bool, isoDate, list, num, parseXml, sliceXmlRoot, text, type XmlNode } from './ownership-xml.ts';

/**
 * Forms 3, 4 and 5 (and their amendments): the XML `ownershipDocument`, bare or inside the full-text `.txt` /
 * dissemination `.nc` submission (CR-only line endings accepted), or the SEC's rendered HTML page of the form
 * (`form4-rendered.ts`: read back from its table cells). Pre-2003 plain-text forms have no
 * machine-readable table and are refused with a ParseError (quarantined, never guessed at).
 *
 * Rules (each holds on every fixture):
 * - Several reporting owners on one filing are one group filing the same transactions (SoftBank and its
 *   seven affiliates): each transaction is ONE trade row, named after the first reporting owner (the
 *   filer); the others are kept in `reporting_owners`. `is_board_director` is true when any owner is a
 *   director; `title` is the first owner's officer title, else its role (Director, 10% Owner, Other).
 * - A price given only as a footnote is null (never 0); a price filed as 0 (gifts, grants) stays 0.
 * - `transaction_value` = shares x price only when both are filed.
 * - `shares_owned_before_transaction` = after - shares for an acquisition (A), after + shares for a
 *   disposition (D); null when either is missing, and null (with a warning) when the (A)/(D) box contradicts a
 *   transaction code of one direction only (the form's code list: A grant and P purchase acquire, S sale, D
 *   disposition to the issuer and F tax or exercise-price withholding dispose): the filed box is kept as filed.
 * - `aff10b5_one` is the filing's Rule 10b5-1 box (`<aff10b5One>`, schema X0508 and later, `true`/`1` checked,
 *   `false`/`0` not); null when the form has no such element (older schemas, the rendered page).
 * - Derivative rows are trades too (`is_derivative`), with the derivative's own title and amount.
 * - A row's `footnotes` are the texts of every footnote cited anywhere in it (price, shares, ownership and code
 *   first, then its title, dates and the rest in document order): Apple cites its 10b5-1 plan on the title.
 */
export interface ReportingOwner {
  cik: string | null;
  name: string;
  is_director: boolean;
  is_officer: boolean;
  is_ten_percent_owner: boolean;
  is_other: boolean;
  officer_title: string | null;
}

export interface InsiderTradeRow {
  ticker: string | null;
  issuer: string | null;
  name: string;
  title: string | null;
  is_board_director: boolean;
  transaction_date: string | null;
  transaction_type: string | null;
  transaction_shares: number | null;
  transaction_price_per_share: number | null;
  transaction_value: number | null;
  shares_owned_before_transaction: number | null;
  shares_owned_after_transaction: number | null;
  security_title: string | null;
  filing_date: string | null;
  is_derivative: boolean;
  acquired_disposed: 'A' | 'D' | null;
  direct_or_indirect: 'D' | 'I' | null;
  /** Footnote texts the row cites (price, shares, nature of ownership). */
  footnotes: string[];
}

export interface HoldingPositionRow {
  security_title: string | null;
  shares_owned: number | null;
  direct_or_indirect: 'D' | 'I' | null;
  nature_of_ownership: string | null;
  is_derivative: boolean;
}

export interface OwnershipFiling {
  issuer_cik: string | null;
  issuer_name: string | null;
  ticker: string | null;
  document_type: string | null;
  period_of_report: string | null;
  filing_date: string | null;
  accession_number: string | null;
  /** Form 4/A: the date of the filing it amends. */
  date_of_original_submission: string | null;
  /** The Rule 10b5-1 box (`aff10b5One`): true when checked, false when filed unchecked, null when absent. */
  aff10b5_one: boolean | null;
  no_securities_owned: boolean;
  reporting_owners: ReportingOwner[];
  insider_trades: InsiderTradeRow[];
  holdings: HoldingPositionRow[];
  warnings: string[];
}

export function parseOwnershipFiling(input: string, document = 'ownership'): OwnershipFiling {
  const normalised = input.indexOf('\r') >= 0 ? input.replace(/\r\n?/g, '\n') : input;
  let xml: string | null;
  let accession: string | null = null;
  let filed: string | null = null;
  if (isSubmissionText(normalised)) {
    const sub = parseSubmissionText(normalised);
    accession = sub.header.accessionNumber;
    filed = sub.header.filedAt;
    const doc = sub.documents.find((d) => /<ownershipDocument[\s>]/.test(d.body));
    if (!doc) {
      throw new ParseError(
        'no ownershipDocument XML in the submission (a pre-2003 plain-text form): quarantined, not read',
        document,
      );
    }
    xml = sliceXmlRoot(doc.body, 'ownershipDocument');
  } else {
    xml = sliceXmlRoot(normalised, 'ownershipDocument');
  }
  if (xml === null && isRenderedOwnershipPage(normalised)) {
    // the SEC's rendered page (xslF345) of the form: its cells read back into the XML's shape
    return readDocument(renderedOwnershipRoot(normalised, document), { accession, filed });
  }
  if (xml === null) throw new ParseError('not an ownership document (Form 3/4/5)', document);
  const root = parseXml(xml, document).ownershipDocument as XmlNode | undefined;
  if (!root) throw new ParseError('ownershipDocument element missing', document);
  return readDocument(root, { accession, filed });
}

function readDocument(
  root: XmlNode,
  meta: { accession: string | null; filed: string | null },
): OwnershipFiling {
  const warnings: string[] = [];
  const footnotes = new Map<string, string>();
  for (const f of list(at(root, 'footnotes', 'footnote'))) {
    const id = text(f['@id']);
    if (id) footnotes.set(id, text(f) ?? '');
  }
  const owners: ReportingOwner[] = list(root.reportingOwner).map((o) => {
    const rel = at(o, 'reportingOwnerRelationship');
    return {
      cik: text(at(o, 'reportingOwnerId', 'rptOwnerCik')),
      name: text(at(o, 'reportingOwnerId', 'rptOwnerName')) ?? '',
      is_director: bool(at(rel, 'isDirector')) ?? false,
      is_officer: bool(at(rel, 'isOfficer')) ?? false,
      is_ten_percent_owner: bool(at(rel, 'isTenPercentOwner')) ?? false,
      is_other: bool(at(rel, 'isOther')) ?? false,
      officer_title: text(at(rel, 'officerTitle')),
    };
  });
  if (owners.length === 0) throw new ParseError('ownershipDocument without a reportingOwner');
  const first = owners[0]!;
  const title =
    first.officer_title ??
    (first.is_director
      ? 'Director'
      : first.is_ten_percent_owner
        ? '10% Owner'
        : first.is_other
          ? 'Other'
          : null);
  const isDirector = owners.some((o) => o.is_director);
  const ticker = text(at(root, 'issuer', 'issuerTradingSymbol'))?.toUpperCase() ?? null;
  const issuer = text(at(root, 'issuer', 'issuerName'));
  // the price's, shares', ownership's and code's footnotes first (as before), then every other footnote the row
  // cites (its security title, date, exercise dates...), in document order: all of them are the row's
  const cites = (row: unknown, ...first: unknown[]): string[] => {
    const ids = new Set<string>();
    for (const n of first)
      for (const f of list(at(n, 'footnoteId'))) if (text(f['@id'])) ids.add(text(f['@id'])!);
    citedIn(row, ids);
    return [...ids].map((id) => footnotes.get(id) ?? id);
  };
  const trades: InsiderTradeRow[] = [];
  const tx = [
    ...list(at(root, 'nonDerivativeTable', 'nonDerivativeTransaction')).map((t) => [t, false] as const),
    ...list(at(root, 'derivativeTable', 'derivativeTransaction')).map((t) => [t, true] as const),
  ];
  for (const [t, isDerivative] of tx) {
    const amounts = at(t, 'transactionAmounts');
    const sharesNode = at(amounts, 'transactionShares');
    const priceNode = at(amounts, 'transactionPricePerShare');
    const shares = num(at(sharesNode, 'value'));
    const price = num(at(priceNode, 'value'));
    const after = num(at(t, 'postTransactionAmounts', 'sharesOwnedFollowingTransaction', 'value'));
    const ad = text(at(amounts, 'transactionAcquiredDisposedCode', 'value'))?.toUpperCase();
    const code = ad === 'A' || ad === 'D' ? ad : null;
    const txCode = text(at(t, 'transactionCoding', 'transactionCode'))?.toUpperCase() ?? null;
    const direction = txCode === null ? undefined : CODE_DIRECTION[txCode];
    const contradicted = code !== null && direction !== undefined && direction !== code;
    if (contradicted) {
      warnings.push(
        `transaction ${trades.length + 1} (code ${txCode}) is filed (${code}), which contradicts its code: shares before not derived`,
      );
    }
    const before =
      after === null || shares === null || code === null || contradicted
        ? null
        : code === 'A'
          ? after - shares
          : after + shares;
    const doi = text(at(t, 'ownershipNature', 'directOrIndirectOwnership', 'value'))?.toUpperCase();
    trades.push({
      ticker,
      issuer,
      name: first.name,
      title,
      is_board_director: isDirector,
      transaction_date: isoDate(at(t, 'transactionDate', 'value')),
      transaction_type: text(at(t, 'transactionCoding', 'transactionCode')),
      transaction_shares: shares,
      transaction_price_per_share: price,
      transaction_value: shares !== null && price !== null ? round2(shares * price) : null,
      shares_owned_before_transaction: before === null ? null : round4(before),
      shares_owned_after_transaction: after,
      security_title: text(at(t, 'securityTitle', 'value')),
      filing_date: meta.filed,
      is_derivative: isDerivative,
      acquired_disposed: code,
      direct_or_indirect: doi === 'D' || doi === 'I' ? doi : null,
      footnotes: cites(
        t,
        priceNode,
        sharesNode,
        at(t, 'ownershipNature', 'natureOfOwnership'),
        at(t, 'transactionCoding'),
      ),
    });
  }
  const holdings: HoldingPositionRow[] = [
    ...list(at(root, 'nonDerivativeTable', 'nonDerivativeHolding')).map((h) => [h, false] as const),
    ...list(at(root, 'derivativeTable', 'derivativeHolding')).map((h) => [h, true] as const),
  ].map(([h, isDerivative]) => {
    const doi = text(at(h, 'ownershipNature', 'directOrIndirectOwnership', 'value'))?.toUpperCase();
    return {
      security_title: text(at(h, 'securityTitle', 'value')),
      shares_owned: num(at(h, 'postTransactionAmounts', 'sharesOwnedFollowingTransaction', 'value')),
      direct_or_indirect: doi === 'D' || doi === 'I' ? doi : null,
      nature_of_ownership: text(at(h, 'ownershipNature', 'natureOfOwnership', 'value')),
      is_derivative: isDerivative,
    };
  });
  const noSecurities = bool(root.noSecuritiesOwned) ?? false;
  if (noSecurities && holdings.length + trades.length > 0) {
    warnings.push('noSecuritiesOwned is set but the form lists securities');
  }
  if (owners.length > 1) {
    warnings.push(
      `${owners.length} reporting owners file jointly: one row per transaction, named after ${first.name}`,
    );
  }
  return {
    issuer_cik: text(at(root, 'issuer', 'issuerCik')),
    issuer_name: issuer,
    ticker,
    document_type: text(root.documentType),
    period_of_report: isoDate(root.periodOfReport),
    filing_date: meta.filed,
    accession_number: meta.accession,
    date_of_original_submission: isoDate(root.dateOfOriginalSubmission),
    aff10b5_one: bool(root.aff10b5One),
    no_securities_owned: noSecurities,
    reporting_owners: owners,
    insider_trades: trades,
    holdings,
    warnings,
  };
}

/** Adds the id of every `footnoteId` inside the node (at any depth), in document order. */
function citedIn(node: unknown, ids: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) citedIn(n, ids);
  else if (node !== null && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k !== 'footnoteId') citedIn(v, ids);
      else for (const f of list(v)) if (text(f['@id'])) ids.add(text(f['@id'])!);
    }
}

/** Transaction codes of one direction only (the form's code list); the others (M, C, G, J, X...) go either way. */
const CODE_DIRECTION: Record<string, 'A' | 'D'> = { A: 'A', P: 'A', S: 'D', D: 'D', F: 'D' };

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
