import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type Config, ConfigError } from '../../lib/config.ts';
import { UpstreamError, UpstreamNotFoundError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { hostOf, metrics } from '../../lib/metrics.ts';
import { type RawArchive, sha256Hex } from './archive.ts';
import { bucketForHost, type RateLimiter } from './rate-limit.ts';

/** One upstream document as fetched. `sha256` is always the hash of `bytes` (empty on a 304). */
export interface FetchedDocument {
  /** The upstream URL as requested, never the mirror's. */
  url: string;
  status: 200 | 304;
  bytes: Buffer;
  contentType: string | null;
  sha256: string;
  fetchedAt: string;
  etag: string | null;
  lastModified: string | null;
  /** Every request sent for this document, throttled ones included. */
  attempts: number;
  /** With `toFile`: the body's size, written to that file (`bytes` is empty and nothing is archived). */
  size?: number;
}

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Retries after transient failures (network, timeout, truncated body, 5xx); throttling does not count. */
  maxRetries: number;
  /** Total time one document may spend waiting out throttling before the job gives it back to the runtime. */
  maxThrottleWaitMs: number;
}

export interface GetOptions {
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  /** Per-attempt timeout for this document (a bulk zip needs more than HTTP_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * Stream a 200 body to this file instead of memory (bulk files of a gigabyte; each attempt rewrites it).
   * Such a body is hashed but not put in the raw archive: callers archive what they extract from it.
   */
  toFile?: string;
  /** Abandons the fetch (a shutdown, a stalled partition): no further attempt starts, the current one is cut off. */
  signal?: AbortSignal;
  /** Each step begun (waiting for the limiter, a request sent, a body archived): the partition's progress. */
  progress?: (stage: string) => void;
}

/** A form POST: no conditional headers (an upstream answers a POST in full) and no streaming to a file. */
export type PostOptions = Pick<GetOptions, 'accept' | 'timeoutMs' | 'signal' | 'progress'>;

export interface HttpClient {
  get(url: string, options?: GetOptions): Promise<FetchedDocument>;
  /**
   * POSTs `form` (application/x-www-form-urlencoded) with the same rate limits, retries and archive as a GET.
   * The document's `url` is its identity, postDocumentUrl(url, form): every date of a MOPS form posts to one
   * URL and differs only in its body.
   */
  post(url: string, form: Record<string, string>, options?: PostOptions): Promise<FetchedDocument>;
}

/** The marker a POST document's identity carries after its path: `<path>@POST?<query&body>`. */
export const POST_MARKER = '@POST';

/** The form body exactly as sent: fields in the caller's order, form-urlencoded. */
export const formBody = (form: Record<string, string>) => new URLSearchParams(form).toString();

/**
 * The identity of a POST document: its URL with `@POST` after the path and the form body as the query
 * (after the URL's own query, if any). A valid URL, so redaction and the raw index treat it like any other;
 * the offline mirror stores the answer under the same name.
 */
export function postDocumentUrl(url: string, form: Record<string, string>): string {
  const u = new URL(url);
  const query = [u.search.slice(1), formBody(form)].filter(Boolean).join('&');
  return `${u.origin}${u.pathname}${POST_MARKER}${query ? `?${query}` : ''}`;
}

export interface HttpClientOptions {
  config: Pick<Config, 'UPSTREAM' | 'MIRROR_URL' | 'SEC_USER_AGENT' | 'HTTP_TIMEOUT_MS' | 'HTTP_MAX_RETRIES'>;
  logger: Logger;
  limiter: RateLimiter;
  archive?: RawArchive;
  /** Where the offline mirror listens (UPSTREAM=fixtures); defaults to config.MIRROR_URL. */
  mirrorUrl?: string;
  retry?: Partial<RetryPolicy>;
}

/** Throttled past `maxThrottleWaitMs`; `retryAfterMs` is the upstream's last word on when to come back. */
export class UpstreamThrottledError extends UpstreamError {
  override name = 'UpstreamThrottledError';
  constructor(
    message: string,
    url: string,
    status: number,
    attempts: number,
    readonly retryAfterMs: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, url, status, attempts, options);
  }
}

const DEV_USER_AGENT = 'findata-dev admin@localhost';
const SEC_THROTTLE_MARKER = 'Request Rate Threshold Exceeded';
const SEC_UNDECLARED_MARKER = 'Undeclared Automated Tool';
const EMPTY_SHA256 = sha256Hex(new Uint8Array(0));
const SECRET_PARAM = /key|token|secret|password|passwd|sig|auth|crtfc/i;

/** The URL fit for logs and error messages: credentials and secret-looking query values replaced. */
/** Whether a URL carries a credential: user info, or a query parameter named like a key or token. */
export function hasCredential(url: string): boolean {
  try {
    const u = new URL(url);
    return Boolean(u.username || u.password) || [...u.searchParams.keys()].some((n) => SECRET_PARAM.test(n));
  } catch {
    return false;
  }
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = 'redacted';
      u.password = '';
    }
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) u.searchParams.set(name, 'redacted');
    }
    return u.toString();
  } catch {
    return '[unparseable url]';
  }
}

/** Retry-After in ms: delta-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

type Outcome =
  | {
      kind: 'response';
      status: number;
      headers: Headers;
      bytes: Buffer;
      streamed?: { sha256: string; size: number };
    }
  | { kind: 'network'; cause: unknown };

type Verdict = 'ok' | 'not-modified' | 'not-found' | 'throttled' | 'transient' | 'fatal';

function judge(outcome: Outcome): Verdict {
  if (outcome.kind === 'network') return 'transient';
  const { status, bytes } = outcome;
  if (status === 200) return 'ok';
  if (status === 304) return 'not-modified';
  if (status === 429 || status === 503) return 'throttled';
  const text = status >= 400 && status < 500 ? bytes.toString('utf8', 0, 64 * 1024) : '';
  if (status === 403 && text.includes(SEC_THROTTLE_MARKER)) return 'throttled';
  if (status === 404 || status === 410 || text.includes('<Code>NoSuchKey</Code>')) return 'not-found';
  if (status >= 500 || status === 408) return 'transient';
  return 'fatal';
}

function describe(outcome: Outcome): string {
  if (outcome.kind === 'network') {
    const err = outcome.cause as Error & { cause?: Error };
    return [err?.message, err?.cause?.message].filter(Boolean).join(': ') || String(err);
  }
  const text = outcome.bytes.toString('utf8', 0, 300).replace(/\s+/g, ' ').trim();
  const hint = text.includes(SEC_UNDECLARED_MARKER)
    ? ' (declare SEC_USER_AGENT as "Company admin@domain")'
    : '';
  return `HTTP ${outcome.status}${hint}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { config, logger, limiter, archive } = options;
  const policy: RetryPolicy = {
    baseDelayMs: 500,
    maxDelayMs: 30_000,
    maxRetries: config.HTTP_MAX_RETRIES,
    maxThrottleWaitMs: 120_000,
    ...options.retry,
  };
  const mirror = (options.mirrorUrl ?? config.MIRROR_URL)?.replace(/\/+$/, '');
  if (config.UPSTREAM === 'fixtures' && !mirror) {
    throw new ConfigError('UPSTREAM=fixtures needs the mirror: pass mirrorUrl or set MIRROR_URL');
  }
  const userAgent = config.SEC_USER_AGENT ?? (config.UPSTREAM === 'fixtures' ? DEV_USER_AGENT : undefined);
  if (!userAgent) throw new ConfigError('UPSTREAM=live needs SEC_USER_AGENT ("Company admin@domain.com")');

  const target = (u: URL) => (mirror ? `${mirror}/${u.host}${u.pathname}${u.search}` : u.toString());
  const ceiling = (n: number) => Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n);
  // Transient failures: full jitter spreads the herd. Throttling: at least half the step, so a throttled
  // client never comes straight back and extends an upstream block.
  const transientDelay = (n: number) => Math.random() * ceiling(n);
  const throttleDelay = (n: number) => ceiling(n) * (0.5 + Math.random() / 2);

  async function attempt(
    url: string,
    init: { headers: Record<string, string>; method: 'GET' | 'POST'; body?: string },
    timeoutMs: number,
    toFile?: string,
    stop?: AbortSignal,
    step?: (what: string) => void,
  ): Promise<Outcome> {
    // The attempt's own timer, not AbortSignal.timeout: inside AbortSignal.any a timeout signal is held
    // weakly, and on Node 20 a garbage collection during the wait loses it, so the attempt never times out
    // (nodejs/node#57736; a partition waited for its 10-minute deadline). setTimeout keeps the controller.
    // The attempt also races its timer: if the abort never reaches fetch (a signal chain lost to GC, a
    // fetch that does not settle on abort), the attempt still ends at its timeout and is retried. The
    // 10% rehearsal's baseline saw three partitions wait 600 s at "attempt 1 sent" with no socket open.
    const timer = new AbortController();
    let clock: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      clock = setTimeout(() => {
        const cause = new DOMException('attempt timed out', 'TimeoutError');
        timer.abort(cause);
        resolve({ kind: 'network', cause });
      }, timeoutMs);
    });
    const send = async (): Promise<Outcome> => {
      try {
        const res = await fetch(url, {
          ...init,
          signal: stop ? AbortSignal.any([timer.signal, stop]) : timer.signal,
        });
        const declared = res.headers.get('content-length');
        const truncated = (size: number) =>
          res.status === 200 && declared && !res.headers.get('content-encoding') && +declared !== size;
        if (toFile && res.status === 200 && res.body) {
          const streamed = await streamToFile(res.body as WebReadableStream<Uint8Array>, toFile, step);
          if (truncated(streamed.size))
            return {
              kind: 'network',
              cause: new Error(`truncated body: ${streamed.size} of ${declared} bytes`),
            };
          return { kind: 'response', status: 200, headers: res.headers, bytes: Buffer.alloc(0), streamed };
        }
        const bytes = Buffer.from(await res.arrayBuffer());
        if (truncated(bytes.length)) {
          return {
            kind: 'network',
            cause: new Error(`truncated body: ${bytes.length} of ${declared} bytes`),
          };
        }
        return { kind: 'response', status: res.status, headers: res.headers, bytes };
      } catch (cause) {
        return { kind: 'network', cause };
      }
    };
    try {
      return await Promise.race([send(), timedOut]);
    } finally {
      clearTimeout(clock);
    }
  }

  /** One document: `url` is what is requested, `docUrl` its identity (the URL itself for a GET). */
  async function request(
    url: string,
    docUrl: string,
    opts: GetOptions,
    form?: Record<string, string>,
  ): Promise<FetchedDocument> {
    const method = form ? 'POST' : 'GET';
    const upstream = new URL(url);
    const safeUrl = redactUrl(docUrl);
    const bucket = bucketForHost(upstream.host);
    const headers: Record<string, string> = { 'User-Agent': userAgent!, 'Accept-Encoding': 'gzip, deflate' };
    if (opts.accept) headers['Accept'] = opts.accept;
    if (opts.etag) headers['If-None-Match'] = opts.etag;
    if (opts.lastModified) headers['If-Modified-Since'] = opts.lastModified;
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const init = { headers, method, ...(form ? { body: formBody(form) } : {}) } as const;

    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let attempts = 0;
    let failures = 0;
    let throttles = 0;
    let throttleWaited = 0;

    const step = (what: string) => opts.progress?.(`${method} ${safeUrl}: ${what}`);
    for (;;) {
      opts.signal?.throwIfAborted();
      step(`waiting for the ${bucket} rate limiter`);
      await limiter.acquire(bucket);
      attempts += 1;
      opts.signal?.throwIfAborted();
      step(`attempt ${attempts} sent`);
      const outcome = await attempt(
        target(upstream),
        init,
        opts.timeoutMs ?? config.HTTP_TIMEOUT_MS,
        opts.toFile,
        opts.signal,
        step,
      );
      opts.signal?.throwIfAborted();
      const verdict = judge(outcome);
      const status = outcome.kind === 'response' ? outcome.status : undefined;
      metrics.upstreamFetches.inc({
        host: hostOf(url),
        status: status === undefined ? 'network_error' : String(status),
      });

      if (verdict === 'ok' || verdict === 'not-modified') {
        const response = outcome as Extract<Outcome, { kind: 'response' }>;
        const bytes = verdict === 'ok' ? response.bytes : Buffer.alloc(0);
        if (verdict === 'ok' && archive && !response.streamed) step(`archiving ${bytes.length} bytes`);
        const sha256 =
          verdict !== 'ok'
            ? EMPTY_SHA256
            : (response.streamed?.sha256 ??
              (archive
                ? await archive.put(bytes, opts.signal ? { signal: opts.signal } : {})
                : sha256Hex(bytes)));
        const doc: FetchedDocument = {
          url: docUrl,
          status: verdict === 'ok' ? 200 : 304,
          bytes,
          contentType: response.headers.get('content-type'),
          sha256,
          fetchedAt: new Date().toISOString(),
          etag: response.headers.get('etag') ?? (verdict === 'ok' ? null : (opts.etag ?? null)),
          lastModified:
            response.headers.get('last-modified') ?? (verdict === 'ok' ? null : (opts.lastModified ?? null)),
          attempts,
          ...(response.streamed ? { size: response.streamed.size } : {}),
        };
        logger.debug(
          {
            url: safeUrl,
            status: doc.status,
            bytes: response.streamed?.size ?? bytes.length,
            attempts,
            ms: elapsed(),
          },
          'fetched',
        );
        return doc;
      }
      if (verdict === 'not-found') {
        logger.debug({ url: safeUrl, status, bytes: 0, attempts, ms: elapsed() }, 'upstream has no document');
        throw new UpstreamNotFoundError(safeUrl);
      }

      const reason = describe(outcome);
      const retryAfter =
        outcome.kind === 'response' ? parseRetryAfter(outcome.headers.get('retry-after')) : undefined;
      if (verdict === 'throttled') {
        const wait = retryAfter ?? throttleDelay(throttles);
        throttles += 1;
        metrics.upstreamThrottled.inc({ host: hostOf(url) });
        if (throttleWaited + wait > policy.maxThrottleWaitMs) {
          logger.warn(
            { url: safeUrl, status, attempts, ms: elapsed(), reason },
            'fetch throttled past budget',
          );
          throw new UpstreamThrottledError(
            `${method} ${safeUrl} still throttled after ${attempts} attempts (${Math.round(throttleWaited)} ms waited): ${reason}`,
            safeUrl,
            status!,
            attempts,
            retryAfter,
            { cause: new Error(reason) },
          );
        }
        throttleWaited += wait;
        step(`throttled (HTTP ${status}); waiting ${Math.round(wait)} ms`);
        logger.debug({ url: safeUrl, status, attempts, waitMs: Math.round(wait) }, 'throttled; waiting');
        // The wait holds the whole bucket: every worker sharing the limiter backs off, not just this one.
        await limiter.pause(bucket, wait);
        continue;
      }
      if (verdict === 'transient' && failures < policy.maxRetries) {
        // A failing server's Retry-After is a hint, not a booking: never wait longer than a backoff step may.
        const wait = Math.min(retryAfter ?? transientDelay(failures), policy.maxDelayMs);
        failures += 1;
        metrics.upstreamRetries.inc({ host: hostOf(url) });
        step(`${reason}; retrying in ${Math.round(wait)} ms`);
        logger.debug({ url: safeUrl, status, attempts, waitMs: Math.round(wait), reason }, 'retrying');
        await sleep(wait);
        continue;
      }
      logger.warn({ url: safeUrl, status, attempts, ms: elapsed(), reason }, 'fetch failed');
      const cause = outcome.kind === 'network' ? outcome.cause : new Error(reason);
      const what = verdict === 'fatal' ? 'failed' : `failed after ${attempts} attempts`;
      throw new UpstreamError(`${method} ${safeUrl} ${what}: ${reason}`, safeUrl, status, attempts, {
        cause,
      });
    }
  }

  return {
    get: (url, opts = {}) => request(url, url, opts),
    post: (url, form, opts = {}) => request(url, postDocumentUrl(url, form), opts, form),
  };
}

/** Writes a response body to `file` while hashing it. */
/** Bytes of a streamed body between two progress reports. */
const STREAM_PROGRESS_BYTES = 64 * 1024 * 1024;

async function streamToFile(
  body: WebReadableStream<Uint8Array>,
  file: string,
  step?: (what: string) => void,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  let reported = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      // a download of gigabytes (a Feed day) is progress while its bytes arrive: the partition's deadline
      // cuts off a body that stops, not one that is long
      if (step && size - reported >= STREAM_PROGRESS_BYTES) {
        reported = size;
        step(`${size} bytes received`);
      }
      done(null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(body), tap, createWriteStream(file));
  return { sha256: hash.digest('hex'), size };
}
