import { sql } from 'drizzle-orm';
import { embedderFromEnv } from '../../lib/embeddings.ts';
import { ParseError } from '../../lib/errors.ts';
import { embedPendingChunks, loadRetrievalDocuments } from '../../loaders/retrieval.ts';
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
/**
 * The embedding step as a partition (scheduled after `filing-items`): embeds the chunks without a vector of
 * the current model (new ones, or all of them after a model change) outside the load transaction.
 */
export const EMBED_PARTITION = 'embed';

type Parsed = { kind: 'transcript'; parse: TranscriptParse } | { kind: 'filing-items' } | { kind: 'embed' };

export function parseTranscript(text: string, url: string): TranscriptParse {
  return isEarningsCallUrl(url)
    ? parseEarningsCallTranscript(text, { url })
    : parseMotleyFoolTranscript(text, { url });
}

/**
 * Retrieval documents (spec 2.6). Partitions: `tr:<url>` per transcript (fetched through the mirror) and
 * `filing-items` (reads the filing-items tables in the load transaction: item text is reused, never
 * re-fetched) write documents, segments and chunks without vectors; the embedding step
 * (`embedPendingChunks`, loaders/retrieval.ts) embeds them afterwards in short transactions of its own:
 * `etl start` runs it in the background once the API is up, `etl index documents` in the foreground, and
 * the scheduled refresh as its `embed` partition. A backfill does not wait for it: full-text search
 * answers while vectors are pending.
 */
export const documentsJob: DatasetJob<Parsed> = {
  dataset: 'documents',
  async partitions() {
    return [...TRANSCRIPT_URLS.map((u) => `tr:${u}`), FILING_ITEMS_PARTITION];
  },
  async latestPartitions() {
    return [FILING_ITEMS_PARTITION, EMBED_PARTITION];
  },
  isFinal: (key) => key.startsWith('tr:'),
  async fetch(_ctx, key, fetcher) {
    if (!key.startsWith('tr:')) return [];
    return [await fetcher.get(key.slice(3))];
  },
  parse(docs, key) {
    if (key === FILING_ITEMS_PARTITION) return { rows: { kind: 'filing-items' }, warnings: [] };
    if (key === EMBED_PARTITION) return { rows: { kind: 'embed' }, warnings: [] };
    const doc = docs[0];
    if (!doc) throw new ParseError(`no document fetched for ${key}`);
    const parse = parseTranscript(doc.bytes.toString('utf8'), key.slice(3));
    return { rows: { kind: 'transcript', parse }, warnings: parse.warnings };
  },
  async load(tx, parsed) {
    if (parsed.kind === 'embed') return { inserted: 0, updated: 0 };
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
    return loadRetrievalDocuments(tx, docs);
  },
  async afterLoad(ctx, key) {
    if (key !== EMBED_PARTITION) return { inserted: 0, updated: 0 };
    return { inserted: 0, updated: await embedPendingChunks(ctx.database, await embedderFromEnv()) };
  },
};
