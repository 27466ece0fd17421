import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../lib/db.ts';
import { UpstreamNotFoundError } from '../lib/errors.ts';
import { quarantine, rawDocuments } from '../schema/datasets.ts';
import type { FetchedDocument, GetOptions, HttpClient } from './http/client.ts';
import { hasCredential, postDocumentUrl, redactUrl } from './http/client.ts';
import type { RawDocument } from './types.ts';

/** The HTTP client (jobs/http/client.ts): the fetcher needs its conditional get and its form post. */
export type HttpGetter = Pick<HttpClient, 'get' | 'post'>;

export interface Archive {
  put(bytes: Buffer, opts?: { signal?: AbortSignal }): Promise<string>;
  get(sha256: string, opts?: { signal?: AbortSignal }): Promise<Buffer | null>;
}

/** A partition attempt's deadline, as the fetcher sees it (jobs/partition-watch.ts). */
export interface FetchPolicy {
  /** `--force`: every document is asked of the upstream, none reused from the archive. */
  refetch?: boolean;
  /** Aborted when the attempt stalls: cuts off its requests and archive reads. */
  signal?: AbortSignal;
  /** Each step begun (a lookup, a request, an archive read, a record): the attempt's progress. */
  progress?: (stage: string, opts?: { document?: boolean }) => void;
}

export interface FetchOptions {
  /**
   * Reuse the archived copy when this URL was fetched less than this long ago (no request at all), unless
   * that copy is in quarantine (it failed to parse) or the run is a `--force` (refetch).
   */
  maxAgeMs?: number;
}

/**
 * Fetches for one (dataset, partition): conditional GET against the last archived copy, archive bytes
 * read back on 304, and a raw_documents row per document so `etl reparse` can replay the partition.
 */
export class PartitionFetcher {
  private seq = 0;
  constructor(
    private readonly http: HttpGetter,
    private readonly archive: Archive,
    private readonly database: Database,
    private readonly datasetId: string,
    private readonly partitionKey: string,
    private readonly policy: FetchPolicy = {},
  ) {}

  async get(url: string, opts: FetchOptions = {}): Promise<RawDocument> {
    const { signal, progress } = this.policy;
    return this.fetchDocument(url, opts, (validators) =>
      this.http.get(url, {
        ...validators,
        ...(signal ? { signal } : {}),
        ...(progress ? { progress } : {}),
      }),
    );
  }

  /**
   * A form POST, recorded under its identity (postDocumentUrl: the URL with the body), so two bodies posted
   * to one URL are two documents. Never conditional: the request carries no validators.
   */
  async post(url: string, form: Record<string, string>, opts: FetchOptions = {}): Promise<RawDocument> {
    const { signal, progress } = this.policy;
    return this.fetchDocument(postDocumentUrl(url, form), opts, () =>
      this.http.post(url, form, { ...(signal ? { signal } : {}), ...(progress ? { progress } : {}) }),
    );
  }

  /**
   * One document by its identity `docUrl`: the archived copy when fresh enough, else `send` (given the last
   * copy's validators), with the archive read back on a 304.
   */
  private async fetchDocument(
    docUrl: string,
    opts: FetchOptions,
    send: (validators: GetOptions) => Promise<FetchedDocument>,
  ): Promise<RawDocument> {
    const seq = this.seq++;
    const { signal } = this.policy;
    const step = (stage: string) => {
      signal?.throwIfAborted();
      this.policy.progress?.(`${stage} ${redactUrl(docUrl)}`);
    };
    const archived = (sha256: string) => {
      step(`read the archived copy (${sha256.slice(0, 12)}) of`);
      return this.archive.get(sha256, signal ? { signal } : {});
    };
    step('look up the raw index for');
    const [last] = await this.database.db
      .select()
      .from(rawDocuments)
      .where(eq(rawDocuments.url, archivedUrl(docUrl)))
      .orderBy(desc(rawDocuments.fetchedAt))
      .limit(1);
    if (
      last &&
      opts.maxAgeMs &&
      !this.policy.refetch &&
      Date.now() - last.fetchedAt.getTime() < opts.maxAgeMs &&
      !(await this.quarantined(last.sha256))
    ) {
      const bytes = await archived(last.sha256);
      if (bytes) {
        const doc = {
          url: docUrl,
          bytes,
          sha256: last.sha256,
          fetchedAt: last.fetchedAt.toISOString(),
          contentType: last.contentType,
        };
        await this.record(doc, seq, last.etag, last.lastModified);
        return doc;
      }
    }
    step('request');
    const res = await send({
      etag: last?.etag ?? undefined,
      lastModified: last?.lastModified ?? undefined,
    });
    let doc: RawDocument;
    if (res.status === 304 && last) {
      const bytes = await archived(last.sha256);
      if (!bytes) {
        // The archive lost the bytes: fetch unconditionally.
        step('request (unconditional)');
        const fresh = await send({});
        doc = this.toDoc(fresh);
        await this.record(doc, seq, fresh.etag, fresh.lastModified);
        return doc;
      }
      doc = {
        url: docUrl,
        bytes,
        sha256: last.sha256,
        fetchedAt: res.fetchedAt,
        contentType: last.contentType,
      };
    } else {
      doc = this.toDoc(res);
    }
    await this.record(
      doc,
      seq,
      res.etag ?? last?.etag ?? null,
      res.lastModified ?? last?.lastModified ?? null,
    );
    return doc;
  }

  /** Whether these bytes failed to parse (in any dataset): such a copy is never reused without asking. */
  private async quarantined(sha256: string): Promise<boolean> {
    const [q] = await this.database.db
      .select({ id: quarantine.id })
      .from(quarantine)
      .where(eq(quarantine.sha256, sha256))
      .limit(1);
    return q !== undefined;
  }

  private toDoc(res: FetchedDocument): RawDocument {
    return {
      url: res.url,
      bytes: res.bytes,
      sha256: res.sha256,
      fetchedAt: res.fetchedAt,
      contentType: res.contentType,
    };
  }

  private async record(doc: RawDocument, seq: number, etag: string | null, lastModified: string | null) {
    this.policy.signal?.throwIfAborted();
    this.policy.progress?.(`record ${redactUrl(doc.url)} in the raw index`, { document: true });
    await indexRawDocuments(this.database.db, this.datasetId, this.partitionKey, [
      { ...doc, size: doc.bytes.length, seq, etag, lastModified },
    ]);
  }
}

/**
 * The URL as the raw_documents index stores it: a credential in the query string (OpenDART's `crtfc_key`, any
 * `api_key`/`token`) is redacted, so the archive index never holds a secret; other URLs are kept byte for byte.
 */
export function archivedUrl(url: string): string {
  return hasCredential(url) ? redactUrl(url) : url;
}

/** A document of a partition as the raw_documents index records it (its bytes are in the archive). */
export interface IndexedDocument extends Omit<RawDocument, 'bytes'> {
  size: number;
  /** Its place in the partition's fetch order, which `etl reparse` replays. */
  seq: number;
  etag?: string | null;
  lastModified?: string | null;
}

/**
 * Upserts the raw_documents rows of a partition's documents (one per URL), so `etl reparse` finds them: the
 * per-document fetcher and the bulk companyfacts load write the same index.
 */
export async function indexRawDocuments(
  db: Pick<Database['db'], 'insert'>,
  datasetId: string,
  partitionKey: string,
  docs: IndexedDocument[],
): Promise<void> {
  if (docs.length === 0) return;
  // Validators are replaced only by a caller that has them (a fetch); the bulk load keeps a row's own.
  const validators = docs.every((d) => d.etag !== undefined)
    ? { etag: sql`excluded.etag`, lastModified: sql`excluded.last_modified` }
    : {};
  await db
    .insert(rawDocuments)
    .values(
      docs.map((d) => ({
        sha256: d.sha256,
        url: archivedUrl(d.url),
        datasetId,
        partitionKey,
        seq: d.seq,
        contentType: d.contentType,
        bytes: d.size,
        etag: d.etag ?? null,
        lastModified: d.lastModified ?? null,
        fetchedAt: new Date(d.fetchedAt),
      })),
    )
    .onConflictDoUpdate({
      target: [rawDocuments.datasetId, rawDocuments.partitionKey, rawDocuments.url],
      set: {
        sha256: sql`excluded.sha256`,
        seq: sql`excluded.seq`,
        contentType: sql`excluded.content_type`,
        bytes: sql`excluded.bytes`,
        ...validators,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

/** A document, or null when the upstream has none (a 404): for files a filing may or may not have. */
export async function getIfExists(
  fetcher: { get(url: string): Promise<RawDocument> },
  url: string,
): Promise<RawDocument | null> {
  try {
    return await fetcher.get(url);
  } catch (err) {
    if (err instanceof UpstreamNotFoundError) return null;
    throw err;
  }
}

/** Reads a partition's documents back from the archive, in fetch order, for `etl reparse`. */
export async function archivedDocuments(
  database: Database,
  archive: Archive,
  datasetId: string,
  partitionKey: string,
): Promise<RawDocument[]> {
  const rows = await database.db
    .select()
    .from(rawDocuments)
    .where(and(eq(rawDocuments.datasetId, datasetId), eq(rawDocuments.partitionKey, partitionKey)))
    .orderBy(rawDocuments.seq);
  const docs: RawDocument[] = [];
  for (const r of rows) {
    const bytes = await archive.get(r.sha256);
    if (!bytes) throw new Error(`archive is missing ${r.sha256} (${r.url}); run a backfill instead`);
    docs.push({
      url: r.url,
      bytes,
      sha256: r.sha256,
      fetchedAt: r.fetchedAt.toISOString(),
      contentType: r.contentType,
    });
  }
  return docs;
}
