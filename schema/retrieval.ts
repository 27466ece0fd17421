import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  vector,
} from 'drizzle-orm/pg-core';

/** The vector width of the index. The offline model (USE lite) gives 512; a configured endpoint must too. */
export const EMBEDDING_DIMENSIONS = 512;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Retrievable documents (spec 2.6): one earnings call, or one 10-K/10-Q item. `id` is stable across
 * re-indexing (derived from the source), so links an agent cited stay valid.
 */
export const retrievalDocuments = pgTable(
  'retrieval_documents',
  {
    id: text('id').primaryKey(),
    /** `transcript` or `filing_item`. */
    documentType: text('document_type').notNull(),
    ticker: text('ticker').notNull(),
    cik: bigint('cik', { mode: 'number' }),
    /** Fiscal year and quarter as the company counts them (transcripts); the report period's for filings. */
    year: integer('year'),
    quarter: integer('quarter'),
    title: text('title').notNull(),
    /** 10-K / 10-Q for filing items; null for transcripts. */
    filingType: text('filing_type'),
    accessionNumber: text('accession_number'),
    itemNumber: text('item_number'),
    sourceUrl: text('source_url').notNull(),
    /** Call time (transcripts) or filing date (filings), ISO-8601: the reverse-recency order. */
    publishedAt: text('published_at'),
    pageNumbers: jsonb('page_numbers').notNull().default([]),
    /** Where the period came from (the call's words, the API's event fields, the filing's report date). */
    periodEvidence: text('period_evidence'),
    status: text('status').notNull().default('indexed'),
    warnings: jsonb('warnings').notNull().default([]),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('retrieval_documents_ticker').on(t.ticker, t.year, t.quarter),
    index('retrieval_documents_cik').on(t.cik),
  ],
);

/** Segments in document order: one speaker turn of a call, or one filing item's text. */
export const retrievalSegments = pgTable(
  'retrieval_segments',
  {
    documentId: text('document_id').notNull(),
    sequence: integer('sequence').notNull(),
    speakerName: text('speaker_name'),
    speakerTitle: text('speaker_title'),
    /** `prepared` or `qa` for calls; null when the source does not say. */
    section: text('section'),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.sequence] })],
);

/**
 * Chunks: `[charStart, charEnd)` of one segment's content (`content.slice(charStart, charEnd) === text`).
 * `embedding_model` and `embedding_dimensions` are stored with every vector, so a model change is seen and
 * re-embedded, never mixed. `tsv` is the English full-text vector of the text.
 */
export const retrievalChunks = pgTable(
  'retrieval_chunks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').notNull(),
    segmentSequence: integer('segment_sequence').notNull(),
    charStart: integer('char_start').notNull(),
    charEnd: integer('char_end').notNull(),
    text: text('text').notNull(),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('english', "text")`),
    embedding: vector('embedding', { dimensions: EMBEDDING_DIMENSIONS }),
    embeddingModel: text('embedding_model'),
    embeddingDimensions: integer('embedding_dimensions'),
  },
  (t) => [
    index('retrieval_chunks_document').on(t.documentId, t.segmentSequence),
    index('retrieval_chunks_tsv').using('gin', t.tsv),
    index('retrieval_chunks_embedding').using('hnsw', t.embedding.op('vector_cosine_ops')),
  ],
);

export type RetrievalDocumentInsert = typeof retrievalDocuments.$inferInsert;
export type RetrievalSegmentInsert = typeof retrievalSegments.$inferInsert;
export type RetrievalChunkInsert = typeof retrievalChunks.$inferInsert;
