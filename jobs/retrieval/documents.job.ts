import { sql } from 'drizzle-orm';
import { embedderFromEnv } from '../../lib/embeddings.ts';
import { ParseError } from '../../lib/errors.ts';
import { loadRetrievalDocuments, reembedStaleChunks } from '../../loaders/retrieval.ts';
import {
  type BuiltDocument,
  filingItemDocument,
  transcriptDocument,
} from '../../parsers/retrieval/documents.ts';
import { isEarningsCallUrl, parseEarningsCallTranscript } from '../../parsers/transcripts/earningscall.ts';
import { parseMotleyFoolTranscript } from '../../parsers/transcripts/motley-fool.ts';
import type { TranscriptParse } from '../../parsers/transcripts/types.ts';
import type { DatasetJob } from '../types.ts';
import { filingItemSources, TRANSCRIPT_URLS } from './sources.ts';

/** The partition that (re)indexes the 10-K/10-Q items already in the filing-items tables (no fetch). */
export const FILING_ITEMS_PARTITION = 'filing-items';
/** The partition that re-embeds chunks whose vector is missing or from another model. */
export const REEMBED_PARTITION = 'reembed';

type Parsed = { kind: 'transcript'; parse: TranscriptParse } | { kind: 'filing-items' } | { kind: 'reembed' };

export function parseTranscript(text: string, url: string): TranscriptParse {
  return isEarningsCallUrl(url)
    ? parseEarningsCallTranscript(text, { url })
    : parseMotleyFoolTranscript(text, { url });
}

/**
 * Retrieval documents (spec 2.6). Partitions: `tr:<url>` per transcript (fetched through the mirror),
 * `filing-items` (reads the filing-items tables in the load transaction: item text is reused, never
 * re-fetched) and `reembed` (vectors of another model are re-embedded, never mixed). Chunks are embedded
 * in the load with the configured embedder (lib/embeddings.ts).
 */
export const documentsJob: DatasetJob<Parsed> = {
  dataset: 'documents',
  async partitions() {
    return [...TRANSCRIPT_URLS.map((u) => `tr:${u}`), FILING_ITEMS_PARTITION, REEMBED_PARTITION];
  },
  async latestPartitions() {
    return [FILING_ITEMS_PARTITION, REEMBED_PARTITION];
  },
  isFinal: (key) => key.startsWith('tr:'),
  async fetch(_ctx, key, fetcher) {
    if (!key.startsWith('tr:')) return [];
    return [await fetcher.get(key.slice(3))];
  },
  parse(docs, key) {
    if (key === FILING_ITEMS_PARTITION) return { rows: { kind: 'filing-items' }, warnings: [] };
    if (key === REEMBED_PARTITION) return { rows: { kind: 'reembed' }, warnings: [] };
    const doc = docs[0];
    if (!doc) throw new ParseError(`no document fetched for ${key}`);
    const parse = parseTranscript(doc.bytes.toString('utf8'), key.slice(3));
    return { rows: { kind: 'transcript', parse }, warnings: parse.warnings };
  },
  async load(tx, parsed) {
    const embedder = await embedderFromEnv();
    if (parsed.kind === 'reembed') {
      let updated = 0;
      for (let n = await reembedStaleChunks(tx, embedder); n > 0; n = await reembedStaleChunks(tx, embedder))
        updated += n;
      return { inserted: 0, updated };
    }
    let docs: BuiltDocument[];
    if (parsed.kind === 'filing-items') {
      docs = (await filingItemSources(tx)).map(filingItemDocument).filter((d) => d.chunks.length > 0);
    } else {
      const t = parsed.parse.document;
      const r = (await tx.execute(
        sql`select cik from companies where primary_ticker = ${t.ticker} and cik is not null limit 1`,
      )) as unknown as { rows: { cik: string }[] };
      const cik = r.rows[0] ? Number(r.rows[0].cik) : null;
      docs = [transcriptDocument(t, parsed.parse.warnings, cik)];
    }
    return loadRetrievalDocuments(tx, docs, embedder);
  },
};
