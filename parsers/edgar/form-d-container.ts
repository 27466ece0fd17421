import { ParseError } from '../../lib/errors.ts';

/**
 * A Form D arrives as one of three containers (fixtures/funds NOTES): the bare `primary_doc.xml`, the full
 * `.txt` submission (an SGML `<SEC-HEADER>` of `KEY:<tabs>value` lines, sometimes inside a PEM envelope) or
 * the SGML `.nc` submission (`<SUBMISSION>`, `<ACCESSION-NUMBER>`, `<FILER>`...). The XML is the text
 * between `<XML>` and `</XML>` of the form's document; the header says what the XML does not: accession,
 * filing date, file number.
 */
export interface SubmissionHeader {
  accessionNumber: string | null;
  form: string | null;
  filingDate: string | null;
  acceptedAt: string | null;
  /** Each filer's CIK (10 digits) with its SEC file number (Form D: `021-…`), in header order. */
  filers: { cik: string; fileNumber: string | null }[];
}

export interface FormDContainer {
  xml: string;
  header: SubmissionHeader | null;
  shape: 'xml' | 'txt' | 'nc';
}

const ymd = (s: string | undefined): string | null =>
  s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null;

/** `20180705114812` -> `2018-07-05T11:48:12` (EDGAR acceptance times are US Eastern; kept as written). */
const acceptance = (s: string | undefined): string | null =>
  s && /^\d{14}$/.test(s)
    ? `${ymd(s.slice(0, 8))}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}`
    : null;

function txtHeader(head: string): SubmissionHeader {
  const field = (name: string) => new RegExp(`^\\s*${name}:\\s*(.+?)\\s*$`, 'm').exec(head)?.[1];
  const filers: SubmissionHeader['filers'] = [];
  // each FILER: (or SUBJECT COMPANY:) block names a CIK, then its FILING VALUES with the file number
  for (const block of head.split(/^(?:FILER|SUBJECT COMPANY|FILED BY):\s*$/m).slice(1)) {
    const cik = /CENTRAL INDEX KEY:\s*(\d{1,10})/.exec(block)?.[1];
    if (!cik) continue;
    filers.push({
      cik: cik.padStart(10, '0'),
      fileNumber: /SEC FILE NUMBER:\s*(\S+)/.exec(block)?.[1] ?? null,
    });
  }
  return {
    accessionNumber: field('ACCESSION NUMBER') ?? null,
    form: field('CONFORMED SUBMISSION TYPE') ?? null,
    filingDate: ymd(field('FILED AS OF DATE')),
    acceptedAt: acceptance(/<ACCEPTANCE-DATETIME>(\d{14})/.exec(head)?.[1]),
    filers,
  };
}

function ncHeader(head: string): SubmissionHeader {
  const tag = (name: string, from = head) => new RegExp(`<${name}>([^\\n<]*)`).exec(from)?.[1]?.trim();
  const filers: SubmissionHeader['filers'] = [];
  for (const block of head.split(/<FILER>/).slice(1)) {
    const cik = tag('CIK', block);
    if (!cik || !/^\d{1,10}$/.test(cik)) continue;
    filers.push({ cik: cik.padStart(10, '0'), fileNumber: tag('FILE-NUMBER', block) ?? null });
  }
  return {
    accessionNumber: tag('ACCESSION-NUMBER') ?? null,
    form: tag('TYPE') ?? null,
    filingDate: ymd(tag('FILING-DATE')),
    acceptedAt: acceptance(tag('ACCEPTANCE-DATETIME')),
    filers,
  };
}

/** Cuts the Form D XML out of its container; a text with no `edgarSubmission` at all is not a Form D. */
export function unwrapFormD(text: string, document: string): FormDContainer {
  const body = text.replace(/^\uFEFF/, '');
  const open = body.search(/<XML>/i);
  if (open >= 0) {
    const close = body.search(/<\/XML>/i);
    if (close < open) throw new ParseError('Form D submission: <XML> without </XML>', document);
    const head = body.slice(0, open);
    const xml = body.slice(open + 5, close).trim();
    const header = /<SUBMISSION>/.test(head)
      ? ncHeader(head)
      : /<SEC-HEADER>/.test(head)
        ? txtHeader(head)
        : null;
    return { xml, header, shape: /<SUBMISSION>/.test(head) ? 'nc' : 'txt' };
  }
  const xml = body.trim();
  if (!/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<edgarSubmission[\s>]/.test(xml)) {
    throw new ParseError(
      'not a Form D document: neither a submission with an <XML> part nor an <edgarSubmission> XML',
      document,
    );
  }
  return { xml, header: null, shape: 'xml' };
}
