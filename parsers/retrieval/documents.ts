import { createHash } from 'node:crypto';
import type { TranscriptDocument } from '../transcripts/types.ts';
import { chunkSegments } from './chunker.ts';

/** A document ready to load: rows for the three retrieval tables, before embedding. */
export interface BuiltDocument {
  document: {
    id: string;
    documentType: 'transcript' | 'filing_item';
    ticker: string;
    cik: number | null;
    year: number | null;
    quarter: number | null;
    title: string;
    filingType: string | null;
    accessionNumber: string | null;
    itemNumber: string | null;
    sourceUrl: string;
    publishedAt: string | null;
    pageNumbers: number[];
    periodEvidence: string | null;
    warnings: string[];
  };
  segments: {
    documentId: string;
    sequence: number;
    speakerName: string | null;
    speakerTitle: string | null;
    section: string | null;
    content: string;
  }[];
  chunks: {
    id: string;
    documentId: string;
    segmentSequence: number;
    charStart: number;
    charEnd: number;
    text: string;
  }[];
}

const hash = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 16);

function withChunks(
  document: BuiltDocument['document'],
  segments: Omit<BuiltDocument['segments'][number], 'documentId' | 'sequence'>[],
): BuiltDocument {
  const segs = segments.map((s, sequence) => ({ ...s, documentId: document.id, sequence }));
  const chunks = chunkSegments(segs.map((s) => s.content)).map((c) => ({
    id: `chk_${hash(`${document.id}:${c.segment}:${c.start}:${c.end}`)}`,
    documentId: document.id,
    segmentSequence: c.segment,
    charStart: c.start,
    charEnd: c.end,
    text: c.text,
  }));
  return { document, segments: segs, chunks };
}

/** A transcript's document id depends on the company and the call's fiscal period only (stable across sources). */
export function transcriptDocument(
  t: TranscriptDocument,
  warnings: string[],
  cik: number | null,
): BuiltDocument {
  return withChunks(
    {
      id: `doc_tr_${hash(`${t.ticker}:${t.fiscalYear}:Q${t.fiscalQuarter}`)}`,
      documentType: 'transcript',
      ticker: t.ticker,
      cik,
      year: t.fiscalYear,
      quarter: t.fiscalQuarter,
      title: t.title,
      filingType: null,
      accessionNumber: null,
      itemNumber: null,
      sourceUrl: t.sourceUrl,
      publishedAt: t.conferenceDate,
      pageNumbers: [],
      periodEvidence: t.periodEvidence,
      warnings,
    },
    t.segments,
  );
}

export interface FilingItemSource {
  accessionNumber: string;
  cik: number;
  ticker: string;
  filingType: string;
  filingDate: string;
  reportDate: string | null;
  year: number | null;
  quarter: number | null;
  number: string;
  name: string;
  text: string;
  documentUrl: string;
}

/**
 * One 10-K/10-Q item as a document: one segment (the item's text as stored by the filing-items job),
 * chunked by paragraph. The period is the filing's report period (calendar year and quarter of the
 * report date, as `filing_documents` stores it). Page numbers are not known from the item text: [].
 */
export function filingItemDocument(f: FilingItemSource): BuiltDocument {
  return withChunks(
    {
      id: `doc_fi_${hash(`${f.accessionNumber}:${f.number}`)}`,
      documentType: 'filing_item',
      ticker: f.ticker,
      cik: f.cik,
      year: f.year,
      quarter: f.quarter,
      title: `${f.ticker} ${f.filingType} ${f.reportDate ?? f.filingDate} ${f.number.replace(/-/g, ' ')}: ${f.name}`,
      filingType: f.filingType,
      accessionNumber: f.accessionNumber,
      itemNumber: f.number,
      sourceUrl: f.documentUrl,
      publishedAt: f.filingDate,
      pageNumbers: [],
      periodEvidence: f.reportDate ? `report date ${f.reportDate}` : `filing date ${f.filingDate}`,
      warnings: [],
    },
    [{ speakerName: null, speakerTitle: null, section: null, content: f.text }],
  );
}
