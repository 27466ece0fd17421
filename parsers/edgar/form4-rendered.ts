import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import { usDate } from '../advisers/iapd.ts';
import type { XmlNode } from './ownership-xml.ts';

/** A DOM node as cheerio loads it (the type cheerio's `load` accepts besides text). */
type AnyNode = Exclude<Parameters<typeof cheerio.load>[0], string | Buffer | readonly unknown[]>;

/**
 * The SEC's rendered page of a Form 3/4/5 (the HTML EDGAR serves for an ownership filing's primary document
 * through its xslF345 stylesheet: boxes 1-6 above Table I and Table II) read back into the `ownershipDocument`
 * shape, so the XML reader's rules apply unchanged.
 *
 * Rule: the page's table columns are found by their printed heads (the stylesheet prints a V column on Form 4
 * but not on Form 5, and Form 3 has no transaction columns at all), never by position; a footnote mark `(n)`
 * in a cell is a footnote reference, not part of the value (a cell holding only a mark is a footnote-only
 * value, as in the XML). The CIKs come from the issuer's and owner's browse links, the role from the X beside
 * its box, the period from box 3 (earliest transaction / fiscal year end / date of event) and an amendment from
 * box 4's date (the document type gets `/A`). A row with a transaction code is a transaction, one without is a
 * holding.
 */
export function isRenderedOwnershipPage(input: string): boolean {
  return (
    /<html[\s>]/i.test(input) &&
    /Table I - Non-Derivative Securities/i.test(input) &&
    /class="FormName"[^>]*>\s*FORM\s+[345]\b/i.test(input)
  );
}

type Role =
  | 'title'
  | 'conv'
  | 'date'
  | 'deemed'
  | 'code'
  | 'v'
  | 'amount'
  | 'ad'
  | 'amountA'
  | 'amountD'
  | 'price'
  | 'exercisable'
  | 'expiration'
  | 'underTitle'
  | 'underAmount'
  | 'owned'
  | 'doi'
  | 'nature';

interface Cell {
  value: string;
  marks: string[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** MM/DD/YYYY (the page's dates) -> YYYY-MM-DD; anything else as printed. */
function pageDate(s: string): string {
  return usDate(s) ?? s;
}

/** One column's role from its head (`parent` = the spanning head, `leaf` = its own sub-head). */
function roleOf(parent: string, leaf: string): Role | null {
  const all = `${parent} ${leaf}`;
  if (/Underlying/i.test(parent)) {
    if (/^Title$/i.test(leaf)) return 'underTitle';
    if (/Amount or Number/i.test(leaf)) return 'underAmount';
  }
  if (/Transaction Code/i.test(parent)) return /^V$/i.test(leaf) ? 'v' : 'code';
  if (/Transaction Code/i.test(leaf) && parent === '') return 'code';
  if (/Securities Acquired \(A\) or Disposed/i.test(parent)) {
    if (/^Amount$/i.test(leaf)) return 'amount';
    if (/^\(A\) or \(D\)$/i.test(leaf)) return 'ad';
    if (/^Price$/i.test(leaf)) return 'price';
  }
  if (/Number of Derivative Securities Acquired/i.test(parent)) {
    if (/^\(A\)$/.test(leaf)) return 'amountA';
    if (/^\(D\)$/.test(leaf)) return 'amountD';
  }
  if (/Date Exercisable and Expiration/i.test(parent)) {
    if (/^Date Exercisable$/i.test(leaf)) return 'exercisable';
    if (/^Expiration Date$/i.test(leaf)) return 'expiration';
  }
  if (/Price of Derivative Security/i.test(all)) return 'price';
  if (/Nature of Indirect/i.test(all)) return 'nature';
  if (/Ownership Form/i.test(all)) return 'doi';
  if (/Beneficially Owned/i.test(all)) return 'owned';
  if (/Conversion or Exercise Price/i.test(all)) return 'conv';
  if (/Deemed Execution/i.test(all)) return 'deemed';
  if (/Transaction Date/i.test(all)) return 'date';
  if (/Title of (Derivative )?Security/i.test(all)) return 'title';
  return null;
}

/**
 * The roles of a rendered table's columns, from its head rows (rowspan / colspan laid on a grid); the caption
 * row (one head spanning the table: "Table I - ...") is skipped.
 */
function columnRoles($: cheerio.CheerioAPI, table: AnyNode): (Role | null)[] {
  const grid: { text: string; top: boolean }[][] = [];
  const rows = $(table).find('thead tr').toArray();
  let r = 0;
  for (const tr of rows) {
    const ths = $(tr).children('th').toArray();
    if (ths.length <= 1) continue;
    let c = 0;
    for (const th of ths) {
      while (grid[r]?.[c]) c++;
      const span = Number($(th).attr('colspan') ?? 1) || 1;
      const down = Number($(th).attr('rowspan') ?? 1) || 1;
      for (let dr = 0; dr < down; dr++) {
        for (let dc = 0; dc < span; dc++) {
          grid[r + dr] ??= [];
          grid[r + dr]![c + dc] = { text: squash($(th).text()), top: dr === 0 && span > 1 };
        }
      }
      c += span;
    }
    r++;
  }
  const width = Math.max(0, ...grid.map((g) => g.length));
  const roles: (Role | null)[] = [];
  for (let c = 0; c < width; c++) {
    const stack = grid.map((g) => g[c]).filter((x): x is { text: string; top: boolean } => !!x);
    const distinct = stack.filter((x, i) => i === 0 || x.text !== stack[i - 1]!.text);
    const leaf = distinct.length > 1 ? distinct[distinct.length - 1]!.text : '';
    const parent =
      distinct.length > 1
        ? distinct
            .slice(0, -1)
            .map((x) => x.text)
            .join(' ')
        : '';
    roles.push(distinct.length > 1 ? roleOf(parent, leaf) : roleOf('', distinct[0]?.text ?? ''));
  }
  return roles;
}

function readCell($: cheerio.CheerioAPI, td: AnyNode): Cell {
  const marks: string[] = [];
  const c = $(td).clone();
  c.find('sup').each((_, s) => {
    const m = /\((\d+)\)/.exec($(s).text());
    if (m) marks.push(`F${m[1]}`);
    $(s).remove();
  });
  return { value: squash(c.text()).replace(/^\$\s*/, ''), marks };
}

/** An XML-shaped value element: `{ value, footnoteId }` (either may be absent, as in the filed XML). */
function valueNode(cell: Cell | undefined, transform: (s: string) => string = (s) => s): XmlNode {
  const node: XmlNode = {};
  if (cell && cell.value !== '') node.value = transform(cell.value);
  if (cell && cell.marks.length > 0) node.footnoteId = cell.marks.map((id) => ({ '@id': id }));
  return node;
}

function readTable(
  $: cheerio.CheerioAPI,
  table: AnyNode,
  derivative: boolean,
): { transactions: XmlNode[]; holdings: XmlNode[] } {
  const roles = columnRoles($, table);
  const transactions: XmlNode[] = [];
  const holdings: XmlNode[] = [];
  for (const tr of $(table).find('tbody tr').toArray()) {
    const tds = $(tr).children('td').toArray();
    if (tds.length !== roles.length) continue;
    const cell: Partial<Record<Role, Cell>> = {};
    tds.forEach((td, i) => {
      const role = roles[i];
      if (role) cell[role] = readCell($, td);
    });
    const nature = {
      directOrIndirectOwnership: valueNode(cell.doi),
      natureOfOwnership: valueNode(cell.nature),
    };
    const owned = { sharesOwnedFollowingTransaction: valueNode(cell.owned) };
    const code = cell.code?.value ?? '';
    if (code === '') {
      holdings.push({
        securityTitle: valueNode(cell.title),
        postTransactionAmounts: owned,
        ownershipNature: nature,
      });
      continue;
    }
    let shares = cell.amount;
    let ad = cell.ad?.value ?? '';
    if (derivative) {
      shares = cell.amountA && cell.amountA.value !== '' ? cell.amountA : cell.amountD;
      ad = cell.amountA && cell.amountA.value !== '' ? 'A' : cell.amountD?.value ? 'D' : '';
    }
    const coding: XmlNode = { transactionCode: code };
    if (cell.code!.marks.length > 0) coding.footnoteId = cell.code!.marks.map((id) => ({ '@id': id }));
    transactions.push({
      securityTitle: valueNode(cell.title),
      transactionDate: valueNode(cell.date, pageDate),
      transactionCoding: coding,
      transactionAmounts: {
        transactionShares: valueNode(shares),
        transactionPricePerShare: valueNode(cell.price),
        transactionAcquiredDisposedCode: ad ? { value: ad } : {},
      },
      postTransactionAmounts: owned,
      ownershipNature: nature,
    });
  }
  return { transactions, holdings };
}

/** The boxed cell whose small-print label matches `label` (e.g. "2. Issuer Name"). */
function box($: cheerio.CheerioAPI, label: RegExp) {
  return $('td')
    .filter((_, td) => label.test(squash($(td).children('span.MedSmallFormText').first().text())))
    .first();
}

export function renderedOwnershipRoot(html: string, document: string): XmlNode {
  const $ = cheerio.load(html);
  const form = /FORM\s+([345])\b/i.exec(squash($('td.FormName').first().text()))?.[1];
  if (!form) throw new ParseError('rendered ownership page without its form number', document);

  // boxes are found by their printed label, not their number: Form 3 numbers the issuer 3, the relationship 4
  // and the amendment date 5; Forms 4 and 5 number them 2, 5 and 4
  const issuerBox = box($, /^\d\. Issuer Name/i);
  const issuerLink = issuerBox.find('a').first();
  const issuer = {
    issuerCik: /CIK=(\d+)/.exec(issuerLink.attr('href') ?? '')?.[1] ?? '',
    issuerName: squash(issuerLink.text()),
    issuerTradingSymbol: squash(issuerBox.find('span.FormData').first().text()),
  };

  const relationBox = box($, /^\d\. Relationship of Reporting Person/i);
  const relRows = relationBox.find('table').first().find('tr').toArray();
  const mark = (tr: AnyNode | undefined, i: number) =>
    tr ? (/^X$/i.test(squash($($(tr).children('td').toArray()[i]).text())) ? '1' : '0') : '0';
  const titleRow = relRows[2] ? $(relRows[2]).children('td').toArray() : [];
  const officerTitle = squash($(titleRow.length >= 4 ? titleRow[1] : titleRow[0]).text());
  const relationship: XmlNode = {
    isDirector: mark(relRows[0], 0),
    isTenPercentOwner: mark(relRows[0], 2),
    isOfficer: mark(relRows[1], 0),
    isOther: mark(relRows[1], 2),
  };
  if (officerTitle !== '') relationship.officerTitle = officerTitle;
  // a joint filing prints its first reporting person in box 1 and every person again in the list below the
  // tables: a person (by CIK, else name) is one owner, at its first place
  const seen = new Set<string>();
  const reportingOwner = $('td')
    .filter((_, td) =>
      /^1\. Name and Address of Reporting Person/i.test(squash($(td).children('span').first().text())),
    )
    .toArray()
    .map((td) => {
      const a = $(td).find('a').first();
      return {
        reportingOwnerId: {
          rptOwnerCik: /CIK=(\d+)/.exec(a.attr('href') ?? '')?.[1] ?? '',
          rptOwnerName: squash(a.text()),
        },
        reportingOwnerRelationship: relationship,
      };
    })
    .filter((o) => {
      const key = o.reportingOwnerId.rptOwnerCik || o.reportingOwnerId.rptOwnerName;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });

  const period = squash(
    box($, /^3\. (Date of Earliest Transaction|Statement for Issuer's Fiscal Year Ended)|^2\. Date of Event/i)
      .find('span.FormData')
      .first()
      .text(),
  );
  const original = squash(
    box($, /^\d\. If Amendment/i)
      .find('span.FormData')
      .first()
      .text(),
  );

  const tableWith = (caption: RegExp) =>
    $('table')
      .filter((_, t) => caption.test(squash($(t).find('thead th').first().text())))
      .toArray()[0];
  const t1 = tableWith(/^Table I - Non-Derivative/i);
  const t2 = tableWith(/^Table II - Derivative/i);
  const nd = t1 ? readTable($, t1, false) : { transactions: [], holdings: [] };
  const dv = t2 ? readTable($, t2, true) : { transactions: [], holdings: [] };

  const footnote = $('td.FootnoteData')
    .toArray()
    .map((td) => /^(\d+)\.\s*([\s\S]*)$/.exec(squash($(td).text())))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ '@id': `F${m[1]}`, '#text': m[2] }));

  const root: XmlNode = {
    documentType: original !== '' ? `${form}/A` : form,
    periodOfReport: pageDate(period),
    issuer,
    reportingOwner,
    nonDerivativeTable: { nonDerivativeTransaction: nd.transactions, nonDerivativeHolding: nd.holdings },
    derivativeTable: { derivativeTransaction: dv.transactions, derivativeHolding: dv.holdings },
    footnotes: { footnote },
  };
  if (original !== '') root.dateOfOriginalSubmission = pageDate(original);
  return root;
}
