import * as cheerio from 'cheerio';
import { ParseError } from '../../lib/errors.ts';
import type { SubmissionHeader } from './filing-document.ts';

/**
 * A filing's detail page, `<folder>/<accession>-index.htm(l)`: the one folder listing that names each
 * document's type (`10-K`, `EX-13`, `EX-101.INS`, `GRAPHIC`) and description, so it is how a filing whose
 * full-text `.txt` is not at hand still yields its primary document and its exhibit list. The same
 * header and document shapes as the `.txt` model (filing-document.ts), without the bodies.
 *
 * Traps, all in the captured pages: pre-2001 filings list their documents with empty links (the parts exist
 * only inside the `.txt`), so `filename`/`url` are null; inline-XBRL documents link through the viewer
 * (`/ix?doc=/Archives/...`); the "Complete submission text file" row has no sequence and no type; a page
 * saved from a browser has unquoted attributes and no closing tags; a multi-filer page lists dozens of
 * filers (the first is the one the accession belongs to).
 */
export interface IndexedDocument {
  /** `Document Format Files` (the filing's documents) or `Data Files` (XBRL instance, schema, linkbases). */
  table: 'documents' | 'data';
  sequence: number | null;
  description: string | null;
  /** The document type as filed (`10-K`, `EX-99.1`, `EX-101.INS`, `GRAPHIC`); null when the page leaves it blank. */
  type: string | null;
  filename: string | null;
  /** Absolute path on www.sec.gov (`/Archives/edgar/data/...`), or null when the page gives no file. */
  url: string | null;
  size: number | null;
  /** The page marks the document as inline XBRL. */
  inlineXbrl: boolean;
}

export interface FilingIndexPage {
  header: SubmissionHeader & { acceptedAt: string | null; formTitle: string | null };
  documents: IndexedDocument[];
  /** The primary document: the first listed document whose type is the form's (sequence 1 in practice). */
  primary: IndexedDocument | null;
  /** `EX-*` documents of the documents table, in filing order. */
  exhibits: IndexedDocument[];
  /** The complete submission text file (`<accession>.txt`), when listed. */
  fullTextUrl: string | null;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const orNull = (s: string) => (s === '' ? null : s);

export function parseFilingIndexPage(html: string, opts: { document?: string } = {}): FilingIndexPage {
  const $ = cheerio.load(html);
  const secNum = clean($('#secNum').text());
  const accession = /(\d{10}-\d{2}-\d{6})/.exec(secNum)?.[1] ?? null;
  const tables = $('table.tableFile');
  if (!accession || tables.length === 0) {
    throw new ParseError(
      'not an EDGAR filing index page: no accession number (#secNum) or no document table (table.tableFile)',
      opts.document,
    );
  }

  const info = new Map<string, string>();
  $('.formGrouping .infoHead').each((_, el) => {
    info.set(clean($(el).text()).toLowerCase(), clean($(el).next('.info').text()));
  });
  const formName = clean($('#formName strong').first().text()).replace(/^Form\s+/i, '');
  const formTitle = clean($('#formName').text())
    .replace(/^Form\s+\S+(\s+\S+)?\s*-\s*/, '')
    .replace(/:$/, '');
  const filer = $('.companyName').first();
  const filerText = clean(filer.text());
  const cik = /CIK:\s*(\d{10})/.exec(filerText)?.[1] ?? null;
  // "APPLE COMPUTER INC (Filer) CIK: 0000320193 (see all company filings)": the name is before the role.
  const companyName = orNull(filerText.replace(/\s*\([^)]*\)\s*CIK:.*$/i, '').replace(/\s*CIK:.*$/i, ''));

  const documents: IndexedDocument[] = [];
  let fullTextUrl: string | null = null;
  tables.each((_, table) => {
    const summary = ($(table).attr('summary') ?? '').toLowerCase();
    const kind = summary.includes('data') ? 'data' : 'documents';
    $(table)
      .find('tr')
      .each((_, tr) => {
        const cells = $(tr).children('td');
        if (cells.length < 5) return; // the header row uses <th>
        const text = (i: number) => clean($(cells[i]).text());
        const link = $(cells[2]).find('a').first();
        const url = documentUrl(link.attr('href') ?? '');
        const filename = orNull(clean(link.text())) ?? (url ? url.slice(url.lastIndexOf('/') + 1) : null);
        const description = orNull(text(1));
        if (description?.toLowerCase() === 'complete submission text file') {
          fullTextUrl = url;
          return;
        }
        const seq = text(0);
        const size = text(4);
        documents.push({
          table: kind,
          sequence: /^\d+$/.test(seq) ? Number(seq) : null,
          description,
          type: orNull(text(3)),
          filename: url ? filename : null,
          url,
          size: /^\d+$/.test(size) ? Number(size) : null,
          inlineXbrl: /ix\?doc=/.test(link.attr('href') ?? '') || /\biXBRL\b/.test(text(2)),
        });
      });
  });

  // The form name heads the page; the filer block's "Type:" is the fallback.
  const form = orNull(formName) ?? orNull(clean($('.identInfo strong').eq(3).text()));
  const docs = documents.filter((d) => d.table === 'documents');
  const primary = docs.find((d) => d.type !== null && d.type === form) ?? docs[0] ?? null;
  return {
    header: {
      accessionNumber: accession,
      form,
      filedAt: isoDate(info.get('filing date')),
      periodOfReport: isoDate(info.get('period of report')),
      companyName,
      cik,
      acceptedAt: orNull(info.get('accepted') ?? ''),
      formTitle: orNull(formTitle),
    },
    documents,
    primary,
    exhibits: docs.filter((d) => d.type !== null && /^EX-/i.test(d.type)),
    fullTextUrl,
  };
}

/** `/ix?doc=/Archives/...` -> `/Archives/...`; a link to the folder itself (no file name) -> null. */
function documentUrl(href: string): string | null {
  const path = href.replace(/^\/ix\?doc=/, '').replace(/^https?:\/\/www\.sec\.gov/, '');
  if (!path.startsWith('/Archives/') || path.endsWith('/')) return null;
  return path;
}

function isoDate(value: string | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}
