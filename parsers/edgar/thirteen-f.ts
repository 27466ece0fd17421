import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import { isSubmissionText, parseSubmissionText } from './filing-document.ts';
import { at, isoDate, list, num, parseXml, sliceXmlRoot, text, type XmlNode } from './ownership-xml.ts';
import {
  hasTextInformationTable,
  parseTextInformationTable,
  restoreLeadingZeros,
} from './thirteen-f-text.ts';
import { isTextCover, parseTextCover } from './thirteen-f-text-cover.ts';

/**
 * Form 13F-HR (and 13F-HR/A) as filed: the cover page (`edgarSubmission` primary_doc.xml) and the
 * information table, from any of the shapes EDGAR serves:
 * - the full-text submission `.txt` or the dissemination `.nc` (CR-only line endings), both documents inside;
 * - a bare information table XML (default namespace or `ns1:`/`n1:` prefixes: matched on local names);
 * - a bare cover page `primary_doc.xml` (no rows: a warning says the table is elsewhere);
 * - an `edgarSubmission` carrying the information table base64-encoded in `<documents><document><contents>`
 *   (the SEC's technical-specification sample);
 * - the SEC's rendered XSLT page of the information table (HTML), whose column header states the unit;
 * - the pre-2013 fixed-width text table (thirteen-f-text.ts), inside a submission or as a bare excerpt.
 *
 * Values stay as filed here (`value` in the filing's own unit); `decideValueUnit` in thirteen-f-units.ts
 * decides thousands vs dollars per filing from evidence.
 */
export interface ThirteenFCover {
  filerCik: string | null;
  filerName: string | null;
  /** `YYYY-MM-DD`, the quarter end. */
  reportPeriod: string | null;
  filingDate: string | null;
  accessionNumber: string | null;
  /** `13F-HR` or `13F-HR/A` (or `13F-NT`...) as filed. */
  formType: string | null;
  /** `13F HOLDINGS REPORT`, `13F COMBINATION REPORT`, `13F NOTICE`. */
  reportType: string | null;
  isAmendment: boolean;
  /** The cover's `amendmentNo` (1 for the period's first amendment); null when not stated. */
  amendmentNo: number | null;
  /** `RESTATEMENT` or `NEW HOLDINGS` on an amendment; null otherwise. */
  amendmentType: 'RESTATEMENT' | 'NEW HOLDINGS' | null;
  tableEntryTotal: number | null;
  /** The cover's value total, in the filing's own unit. */
  tableValueTotal: number | null;
  /** The filing manager's own CRD and SEC file number (801-), when the cover states them. */
  filerCrd: number | null;
  filerSecFileNumber: string | null;
}

export interface ThirteenFRawRow {
  nameOfIssuer: string;
  titleOfClass: string | null;
  /** Upper-cased (filers write lower-case letters); 9 characters as filed. */
  cusip: string;
  figi: string | null;
  /** As filed, in the filing's unit (thousands or dollars). */
  value: number;
  shares: number;
  /** `SH` (shares) or `PRN` (principal amount). */
  shareType: string;
  putCall: 'PUT' | 'CALL' | null;
  investmentDiscretion: string | null;
  otherManager: string | null;
}

export interface ThirteenFDocument {
  cover: ThirteenFCover;
  rows: ThirteenFRawRow[];
  /** Where a unit was stated by the document itself (the XSLT page's column header), that statement. */
  statedUnit: 'thousands' | 'dollars' | null;
  /** False when the document holds the cover page only (the table is another document of the filing). */
  hasTable: boolean;
  warnings: string[];
}

const EMPTY_COVER: ThirteenFCover = {
  filerCik: null,
  filerName: null,
  reportPeriod: null,
  filingDate: null,
  accessionNumber: null,
  formType: null,
  reportType: null,
  isAmendment: false,
  amendmentNo: null,
  amendmentType: null,
  tableEntryTotal: null,
  tableValueTotal: null,
  filerCrd: null,
  filerSecFileNumber: null,
};

export function parseThirteenF(input: string, document = '13F'): ThirteenFDocument {
  const warnings: string[] = [];
  const trimmed = input.trimStart();
  if (/^<!DOCTYPE html|^<html/i.test(trimmed)) return parseRenderedTable(input, document);
  if (isSubmissionText(input)) {
    const sub = parseSubmissionText(input);
    const cover: ThirteenFCover = { ...EMPTY_COVER };
    const coverDoc = sub.documents.find((d) => /<([\w]+:)?edgarSubmission[\s>]/.test(d.body));
    if (coverDoc) Object.assign(cover, readCover(coverDoc.body, document));
    else {
      // a text-era filing types its cover: the amendment boxes are read from it (the header names the filer)
      const textCover = sub.documents.find((d) => isTextCover(d.body));
      if (textCover) Object.assign(cover, textAmendment(textCover.body, warnings));
    }
    cover.accessionNumber = sub.header.accessionNumber;
    cover.filingDate = sub.header.filedAt;
    cover.formType = sub.header.form ?? cover.formType;
    cover.filerCik ??= sub.header.cik;
    cover.filerName ??= sub.header.companyName;
    cover.reportPeriod ??= sub.header.periodOfReport;
    const table = sub.documents.find((d) => /INFORMATION TABLE/i.test(d.type));
    const xml = table ? sliceXmlRoot(table.body, 'informationTable') : null;
    if (xml !== null)
      return { cover, rows: readInfoTable(xml, document), statedUnit: null, hasTable: true, warnings };
    // before 2013 (and in some later filings) the table is text, in its own document or in the 13F-HR itself
    const textDoc = sub.documents.find((d) => hasTextInformationTable(d.body));
    if (textDoc) {
      const t = parseTextInformationTable(textDoc.body);
      cover.reportPeriod ??= t.reportPeriod;
      cover.tableEntryTotal ??= t.tableEntryTotal;
      cover.tableValueTotal ??= t.tableValueTotal;
      return {
        cover,
        rows: t.rows,
        statedUnit: t.statedUnit,
        hasTable: true,
        warnings: [...warnings, ...t.warnings],
      };
    }
    if (table) {
      throw new ParseError(
        'the information table is neither XML nor a text table with a CUSIP column: not read, the filing is quarantined',
        document,
      );
    }
    if (cover.reportType !== '13F NOTICE') warnings.push('the submission has no INFORMATION TABLE document');
    return { cover, rows: [], statedUnit: null, hasTable: false, warnings };
  }
  const submission = sliceXmlRoot(input, 'edgarSubmission');
  if (submission !== null) {
    const cover: ThirteenFCover = { ...EMPTY_COVER, ...readCover(submission, document) };
    const embedded = readEmbeddedTable(submission);
    if (embedded !== null)
      return { cover, rows: readInfoTable(embedded, document), statedUnit: null, hasTable: true, warnings };
    warnings.push('cover page only: the information table is a separate document of the filing');
    return { cover, rows: [], statedUnit: null, hasTable: false, warnings };
  }
  const table = sliceXmlRoot(input, 'informationTable');
  if (table !== null) {
    warnings.push('information table only: filer, period and cover totals come from the rest of the filing');
    return {
      cover: { ...EMPTY_COVER },
      rows: readInfoTable(table, document),
      statedUnit: null,
      hasTable: true,
      warnings,
    };
  }
  if (hasTextInformationTable(input)) {
    const t = parseTextInformationTable(input);
    return {
      cover: {
        ...EMPTY_COVER,
        ...(isTextCover(input) ? textAmendment(input, warnings) : {}),
        reportPeriod: t.reportPeriod,
        tableEntryTotal: t.tableEntryTotal,
        tableValueTotal: t.tableValueTotal,
      },
      rows: t.rows,
      statedUnit: t.statedUnit,
      hasTable: true,
      warnings: [
        ...warnings,
        'text information table without a submission header: filer and filing date come from the rest of the filing',
        ...t.warnings,
      ],
    };
  }
  if (isTextCover(input)) {
    // a typed cover page (and summary page) alone: like an XML primary_doc.xml, the table is another document
    const c = parseTextCover(input);
    return {
      cover: {
        ...EMPTY_COVER,
        ...textAmendment(input, warnings),
        filerName: c.filerName,
        reportPeriod: c.reportPeriod,
        tableEntryTotal: c.tableEntryTotal,
        tableValueTotal: c.tableValueTotal,
      },
      rows: [],
      statedUnit: c.statedUnit,
      hasTable: false,
      warnings: [
        ...warnings,
        'text cover page only: the information table is a separate document of the filing',
      ],
    };
  }
  throw new ParseError(
    'not a 13F document: no edgarSubmission, informationTable, text information table or submission header',
    document,
  );
}

/** The amendment fields of a typed cover page (thirteen-f-text-cover.ts); its warnings go to the document's. */
function textAmendment(text: string, warnings: string[]): Partial<ThirteenFCover> {
  const c = parseTextCover(text);
  warnings.push(...c.warnings);
  // the manager's name as the cover prints it (like `<filingManager><name>` on an XML cover); the SEC header's
  // conformed name is the fallback when the typed cover prints none
  const out: Partial<ThirteenFCover> = {
    isAmendment: c.isAmendment,
    amendmentNo: c.amendmentNo,
    amendmentType: c.amendmentType,
  };
  if (c.filerName) out.filerName = c.filerName;
  return out;
}

function readCover(xml: string, document: string): Partial<ThirteenFCover> {
  const root = parseXml(xml, document).edgarSubmission as XmlNode | undefined;
  if (!root) return {};
  const header = at(root, 'headerData') as XmlNode | undefined;
  const cover = at(root, 'formData', 'coverPage') as XmlNode | undefined;
  const summary = at(root, 'formData', 'summaryPage') as XmlNode | undefined;
  const amendType = text(at(cover, 'amendmentInfo', 'amendmentType'))?.toUpperCase() ?? null;
  return {
    filerCik: text(at(header, 'filerInfo', 'filer', 'credentials', 'cik')),
    filerName: text(at(cover, 'filingManager', 'name')),
    reportPeriod:
      isoDate(at(cover, 'reportCalendarOrQuarter')) ?? isoDate(at(header, 'filerInfo', 'periodOfReport')),
    formType: text(at(header, 'submissionType')),
    reportType: text(at(cover, 'reportType'))?.toUpperCase() ?? null,
    isAmendment: text(at(cover, 'isAmendment'))?.toLowerCase() === 'true' || amendType !== null,
    amendmentType: amendType === 'RESTATEMENT' || amendType === 'NEW HOLDINGS' ? amendType : null,
    // coverPage/amendmentNo in the schema; some filers nest it in amendmentInfo
    amendmentNo: num(at(cover, 'amendmentNo')) ?? num(at(cover, 'amendmentInfo', 'amendmentNo')),
    tableEntryTotal: num(at(summary, 'tableEntryTotal')),
    tableValueTotal: num(at(summary, 'tableValueTotal')),
    // coverPage-level only: an otherManager's crdNumber is another firm's
    filerCrd: num(at(cover, 'crdNumber')),
    filerSecFileNumber: text(at(cover, 'secFileNumber')),
  };
}

function readEmbeddedTable(xml: string): string | null {
  const m = /<([\w]+:)?conformedDocumentType>\s*INFORMATION TABLE[\s\S]*?<([\w]+:)?contents>([\s\S]*?)</.exec(
    xml,
  );
  if (!m) return null;
  const decoded = Buffer.from(m[3]!.replace(/\s+/g, ''), 'base64').toString('utf8');
  return sliceXmlRoot(decoded, 'informationTable');
}

function readInfoTable(xml: string, document: string): ThirteenFRawRow[] {
  const root = parseXml(xml, document).informationTable as XmlNode | undefined;
  if (root === undefined) throw new ParseError('informationTable element missing', document);
  const rows: ThirteenFRawRow[] = [];
  for (const [i, t] of list(root.infoTable).entries()) {
    const printed = text(t.cusip)?.toUpperCase() ?? null;
    const cusip = printed === null ? null : restoreLeadingZeros(printed);
    const value = num(t.value);
    const shares = num(at(t, 'shrsOrPrnAmt', 'sshPrnamt'));
    if (cusip === null || value === null || shares === null) {
      throw new ParseError(`infoTable row ${i + 1} lacks a cusip, value or share amount`, document);
    }
    const putCall = text(t.putCall)?.toUpperCase();
    rows.push({
      nameOfIssuer: text(t.nameOfIssuer) ?? '',
      titleOfClass: text(t.titleOfClass),
      cusip,
      figi: text(t.figi),
      value,
      shares,
      shareType: text(at(t, 'shrsOrPrnAmt', 'sshPrnamtType'))?.toUpperCase() ?? 'SH',
      putCall: putCall === 'PUT' || putCall === 'CALL' ? putCall : null,
      investmentDiscretion: text(t.investmentDiscretion),
      otherManager: text(t.otherManager),
    });
  }
  return rows;
}

/** The XSLT rendering: a 13-column table after the COLUMN 1..8 header rows; the value header states the unit. */
function parseRenderedTable(html: string, document: string): ThirteenFDocument {
  const $ = cheerio.load(html);
  const headerText = $('td.FormTextR').text();
  const statedUnit = /nearest dollar/i.test(headerText)
    ? 'dollars'
    : /x\s*\$?\s*1,?000/i.test(headerText)
      ? 'thousands'
      : null;
  const rows: ThirteenFRawRow[] = [];
  $('tr').each((_, tr) => {
    const cells = $(tr)
      .children('td')
      .toArray()
      .map((td) => $(td).text().replace(/\s+/g, ' ').trim());
    if (cells.length !== 13 || !$(tr).children('td.FormData').length) return;
    const [name, cls, cusip, figi, value, shares, type, putCall, discretion, manager] = cells;
    const v = num(value);
    const s = num(shares);
    if (v === null || s === null || !cusip) return;
    const pc = putCall?.toUpperCase();
    rows.push({
      nameOfIssuer: name ?? '',
      titleOfClass: cls || null,
      cusip: restoreLeadingZeros(cusip.toUpperCase()),
      figi: figi || null,
      value: v,
      shares: s,
      shareType: (type || 'SH').toUpperCase(),
      putCall: pc === 'PUT' || pc === 'CALL' ? pc : null,
      investmentDiscretion: discretion || null,
      otherManager: manager || null,
    });
  });
  if (rows.length === 0) throw new ParseError('rendered 13F page without information-table rows', document);
  return {
    cover: { ...EMPTY_COVER },
    rows,
    statedUnit,
    hasTable: true,
    warnings: [
      'rendered information table (HTML): filer, period and cover totals come from the rest of the filing',
    ],
  };
}
