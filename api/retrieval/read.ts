import type { Database } from '../../lib/db.ts';

/** Segments of a document are joined with this separator to form the document text the offsets index. */
export const SEGMENT_SEPARATOR = '\n\n';

export interface DocumentRow {
  id: string;
  document_type: string;
  ticker: string;
  cik: string | null;
  year: number | null;
  quarter: number | null;
  title: string;
  filing_type: string | null;
  accession_number: string | null;
  item_number: string | null;
  source_url: string;
  published_at: string | null;
  page_numbers: number[];
  period_evidence: string | null;
  status: string;
  segment_count: number;
  chunk_count: number;
}

export const DOCUMENT_COLUMNS = `d.id, d.document_type, d.ticker, d.cik, d.year, d.quarter, d.title, d.filing_type,
  d.accession_number, d.item_number, d.source_url, d.published_at, d.page_numbers, d.period_evidence, d.status,
  (select count(*)::int from retrieval_segments s where s.document_id = d.id) as segment_count,
  (select count(*)::int from retrieval_chunks c where c.document_id = d.id) as chunk_count`;

/** The spec 2.6 document, plus what an agent citing it needs (period evidence, counts, filing ids). */
export function documentJson(r: DocumentRow) {
  return {
    id: r.id,
    documentTitle: r.title,
    documentType: r.document_type,
    ticker: r.ticker,
    cik: r.cik === null ? null : Number(r.cik),
    year: r.year,
    quarter: r.quarter === null ? null : `Q${r.quarter}`,
    filingType: r.filing_type,
    accessionNumber: r.accession_number,
    itemNumber: r.item_number,
    sourceUrl: r.source_url,
    publishedAt: r.published_at,
    pageNumbers: r.page_numbers ?? [],
    periodEvidence: r.period_evidence,
    segmentCount: r.segment_count,
    chunkCount: r.chunk_count,
    status: r.status,
  };
}

export interface SegmentRow {
  document_id: string;
  sequence: number;
  speaker_name: string | null;
  speaker_title: string | null;
  section: string | null;
  content: string;
}

export const segmentId = (documentId: string, sequence: number) => `${documentId}.s${sequence}`;

/**
 * Every segment of the given documents with `charStart`/`charEnd` computed now, from the stored content
 * and order: the offsets of the segment in the document text (segments joined by SEGMENT_SEPARATOR), in
 * UTF-16 code units (JavaScript string indices), so `text.slice(charStart, charEnd) === content`.
 */
export async function segmentsWithOffsets(database: Database, documentIds: string[]) {
  const rows = await database.query<SegmentRow>(
    `select document_id, sequence, speaker_name, speaker_title, section, content from retrieval_segments
      where document_id = any($1::text[]) order by document_id, sequence`,
    [documentIds],
  );
  const out = new Map<string, ReturnType<typeof segmentJson>[]>();
  let pos = 0;
  let doc = '';
  for (const r of rows) {
    if (r.document_id !== doc) {
      doc = r.document_id;
      pos = 0;
      out.set(doc, []);
    } else pos += SEGMENT_SEPARATOR.length;
    out.get(doc)!.push(segmentJson(r, pos));
    pos += r.content.length;
  }
  return out;
}

function segmentJson(r: SegmentRow, charStart: number) {
  return {
    id: segmentId(r.document_id, r.sequence),
    documentId: r.document_id,
    sequence: r.sequence,
    speakerName: r.speaker_name,
    speakerTitle: r.speaker_title,
    section: r.section,
    content: r.content,
    charStart,
    charEnd: charStart + r.content.length,
  };
}
