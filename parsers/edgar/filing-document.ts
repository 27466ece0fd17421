import { ParseError } from '../../lib/errors.ts';

/**
 * The pure model of an EDGAR submission: the full-text `.txt` (SGML, with or without the PEM envelope,
 * including the 1993-94 `<IMS-DOCUMENT>` variant), the dissemination `.nc` file (tag-per-line header)
 * and a lone `<DOCUMENT>` block as found in extracted primary documents.
 */
export interface SubmissionHeader {
  accessionNumber: string | null;
  /** The submission type as filed (`10-K`, `10-K405`, `10KSB`, `8-K`, ...). */
  form: string | null;
  /** `YYYY-MM-DD` (FILED AS OF DATE / FILING-DATE). */
  filedAt: string | null;
  /** `YYYY-MM-DD` (CONFORMED PERIOD OF REPORT / PERIOD). */
  periodOfReport: string | null;
  /** The first filer's conformed name. */
  companyName: string | null;
  /** The first filer's CIK, 10 digits as filed. */
  cik: string | null;
  /** 8-K item information as filed: titles (`Results of Operations...`), `2.02` (.nc) or `7` (1994); blanks dropped. */
  items?: string[];
  /**
   * Every company or person the header names, in order, with its role (`FILER`, `ISSUER`, `REPORTING-OWNER`,
   * `SUBJECT-COMPANY`, `FILED-BY`; the `.txt` spellings `SUBJECT COMPANY` / `FILED BY` are given dashed): the
   * filers the filing indexes list a filing under.
   */
  parties?: SubmissionParty[];
}

export interface SubmissionParty {
  role: string;
  /** 10 digits as filed. */
  cik: string;
  name: string | null;
}

export interface SubmissionDocument {
  type: string;
  sequence: number | null;
  filename: string | null;
  description: string | null;
  /** The text between `<TEXT>` and `</TEXT>`, `<XML>`/`<XBRL>` wrappers removed; empty when binary. */
  body: string;
  /** Uuencoded (`begin 644`) or `<PDF>` content: not decoded, body left empty. */
  isBinary: boolean;
}

export interface Submission {
  header: SubmissionHeader;
  documents: SubmissionDocument[];
}

const KV_KEYS: Record<string, keyof SubmissionHeader> = {
  'ACCESSION NUMBER': 'accessionNumber',
  'CONFORMED SUBMISSION TYPE': 'form',
  'FILED AS OF DATE': 'filedAt',
  'CONFORMED PERIOD OF REPORT': 'periodOfReport',
  'COMPANY CONFORMED NAME': 'companyName',
  'CENTRAL INDEX KEY': 'cik',
  'ACCESSION-NUMBER': 'accessionNumber',
  TYPE: 'form',
  'FILING-DATE': 'filedAt',
  PERIOD: 'periodOfReport',
  'CONFORMED-NAME': 'companyName',
  CIK: 'cik',
};

/** Header lines that open a party block: `.nc` tags and `.txt` keys (`FILER:`), by the role they name. */
const PARTY_ROLES: Record<string, string> = {
  FILER: 'FILER',
  ISSUER: 'ISSUER',
  'REPORTING-OWNER': 'REPORTING-OWNER',
  'SUBJECT-COMPANY': 'SUBJECT-COMPANY',
  'SUBJECT COMPANY': 'SUBJECT-COMPANY',
  'FILED-BY': 'FILED-BY',
  'FILED BY': 'FILED-BY',
};

const DATE_KEYS = new Set<keyof SubmissionHeader>(['filedAt', 'periodOfReport']);

/** True when the text looks like an SGML submission or a lone `<DOCUMENT>` block (checked in the first 8 KB). */
export function isSubmissionText(text: string): boolean {
  const head = text.slice(0, 8192);
  return /<(SEC-DOCUMENT|IMS-DOCUMENT|SEC-HEADER|IMS-HEADER|SUBMISSION)>|^\s*<DOCUMENT>|-----BEGIN PRIVACY-ENHANCED MESSAGE-----/m.test(
    head,
  );
}

/** Parses a submission; throws ParseError when the text has neither a header nor any `<DOCUMENT>`. */
export function parseSubmissionText(input: string): Submission {
  const text = input.indexOf('\r') >= 0 ? input.replace(/\r\n?/g, '\n') : input;
  const firstDoc = text.indexOf('<DOCUMENT>');
  const headerText = firstDoc >= 0 ? text.slice(0, firstDoc) : text;
  const header = parseHeader(headerText);
  const documents = parseDocuments(text, Math.max(firstDoc, 0));
  if (documents.length === 0 && header.accessionNumber === null && header.form === null) {
    throw new ParseError('not an EDGAR submission: no header and no <DOCUMENT>');
  }
  return { header, documents };
}

/** The header alone (the text before the first `<DOCUMENT>`), for routing a submission without splitting it. */
export function parseSubmissionHeader(input: string): SubmissionHeader {
  const firstDoc = input.indexOf('<DOCUMENT>');
  const head = firstDoc >= 0 ? input.slice(0, firstDoc) : input;
  return parseHeader(head.indexOf('\r') >= 0 ? head.replace(/\r\n?/g, '\n') : head);
}

function toIsoDate(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function parseHeader(text: string): SubmissionHeader {
  const header: SubmissionHeader = {
    accessionNumber: null,
    form: null,
    filedAt: null,
    periodOfReport: null,
    companyName: null,
    cik: null,
  };
  const items: string[] = [];
  const parties: SubmissionParty[] = [];
  let role: string | null = null;
  let party: SubmissionParty | null = null;
  let pendingName: string | null = null;
  // In the tag dialect (`.nc`) a tag's value ends at the next tag: a line that starts with a tag and holds
  // several (a dissemination header whose line separators were lost, as when its bare carriage returns are
  // dropped) is read as one line per tag. A `KEY: value` line is left whole (`ITEM INFORMATION: <ITEMS>06b`).
  const lines = text
    .split('\n')
    .flatMap((l) => (/^\s*<[A-Z]/.test(l) ? l.split(/(?<=.)(?=<\/?[A-Z][A-Z0-9-]*>)/) : [l]));
  for (const rawLine of lines) {
    const line = rawLine.trim();
    if (line === '') continue;
    let key: string;
    let value: string;
    const tag = /^<([A-Z0-9-]+)>(.*)$/.exec(line);
    if (tag) {
      key = tag[1]!;
      value = tag[2]!.trim();
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      key = line.slice(0, colon).trim();
      value = line.slice(colon + 1).trim();
    }
    if (value === '' && PARTY_ROLES[key]) {
      role = PARTY_ROLES[key]!;
      party = null;
      pendingName = null;
      continue;
    }
    if (role && (key === 'CIK' || key === 'CENTRAL INDEX KEY') && value !== '') {
      party = { role, cik: value, name: null };
      // the name precedes the CIK in both dialects: take the last one read inside this block
      party.name = pendingName;
      parties.push(party);
    } else if (role && (key === 'CONFORMED-NAME' || key === 'COMPANY CONFORMED NAME')) {
      pendingName = value === '' ? null : value;
      if (party && party.name === null) party.name = pendingName;
    }
    if (key === 'ITEM INFORMATION' || key === 'ITEMS') {
      if (value !== '') items.push(value);
      continue;
    }
    const field = KV_KEYS[key];
    // The first value wins: later FILER / SUBJECT COMPANY blocks and document <TYPE>s must not overwrite it.
    if (field === undefined || value === '' || header[field] != null) continue;
    const stored = DATE_KEYS.has(field) ? toIsoDate(value) : value;
    (header as unknown as Record<string, string | null>)[field] = stored;
  }
  if (items.length > 0) header.items = items;
  if (parties.length > 0) header.parties = parties;
  return header;
}

function tagLine(block: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>([^\\n<]*)`).exec(block);
  const v = m?.[1]?.trim();
  return v ? v : null;
}

function parseDocuments(text: string, from: number): SubmissionDocument[] {
  const documents: SubmissionDocument[] = [];
  let at = text.indexOf('<DOCUMENT>', from);
  while (at >= 0) {
    const next = text.indexOf('<DOCUMENT>', at + 10);
    const close = text.indexOf('</DOCUMENT>', at);
    const end = close >= 0 && (next < 0 || close < next) ? close : next >= 0 ? next : text.length;
    documents.push(parseDocument(text.slice(at + 10, end)));
    at = next;
  }
  return documents;
}

function parseDocument(block: string): SubmissionDocument {
  const textStart = block.indexOf('<TEXT>');
  const meta = textStart >= 0 ? block.slice(0, textStart) : block.slice(0, 2000);
  const type = tagLine(meta, 'TYPE') ?? 'UNKNOWN';
  const seq = tagLine(meta, 'SEQUENCE');
  const sequence = seq !== null && /^\d+$/.test(seq) ? Number(seq) : null;
  let body = '';
  if (textStart >= 0) {
    const textEnd = block.lastIndexOf('</TEXT>');
    body = block.slice(textStart + 6, textEnd > textStart ? textEnd : block.length);
  }
  body = unwrap(body);
  const lead = body.trimStart();
  const isBinary = /^(begin [0-7]{3} |<PDF>)/.test(lead);
  return {
    type,
    sequence,
    filename: tagLine(meta, 'FILENAME'),
    description: tagLine(meta, 'DESCRIPTION'),
    body: isBinary ? '' : body,
    isBinary,
  };
}

/** Removes the `<XML>` / `<XBRL>` wrapper EDGAR puts around XML and inline-XBRL documents. */
function unwrap(body: string): string {
  const m = /^\s*<(XML|XBRL)>\s*\n?/.exec(body);
  if (!m) return body;
  const closing = `</${m[1]}>`;
  const end = body.lastIndexOf(closing);
  return body.slice(m[0].length, end > 0 ? end : body.length);
}
