import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Logger } from '../../lib/logger.ts';
import { POST_MARKER } from './client.ts';
import { createFaultTable, type Fault, type FaultRule } from './mirror-faults.ts';
import { createLiveFeed, type LiveFeed, type LiveFeedOptions } from './mirror-live.ts';

export type { FaultRule };

/**
 * The offline upstream: serves `fixtures/upstream/<host>/<path>` as `GET /<host>/<path>` on loopback, and a form
 * POST to `/<host>/<path>` from `<host>/<path>@POST?<form body>` (the POST document's identity, see
 * postDocumentUrl: the live source answers by the body, so the mirror does too), with the
 * upstream behaviours the HTTP client must cope with (conditional GET, gzip, S3 404 bodies) and injectable
 * faults (errors, throttling, Retry-After, truncated bodies, slow answers). Control endpoints for other
 * processes: `POST /__mirror/faults` (JSON array of rules, replaces them), `DELETE /__mirror/faults`,
 * `GET /__mirror/requests` (the request log).
 */

const gzipAsync = promisify(gzip);

export interface MirrorRequest {
  /** Request path and query as received, e.g. `/data.sec.gov/submissions/CIK0000320193.json`. */
  path: string;
  /** Arrival time, `performance.now()` of the mirror's process (ms, monotonic). */
  at: number;
  /** Status sent, 0 until the answer is decided. */
  status: number;
  headers: IncomingHttpHeaders;
}

export interface Mirror {
  url: string;
  close(): Promise<void>;
  setFaults(rules: FaultRule[]): void;
  clearFaults(): void;
  /** Every upstream request in arrival order (control requests under `/__mirror/` are not listed). */
  requests: MirrorRequest[];
}

export interface MirrorOptions {
  root?: string;
  host?: string;
  port?: number;
  logger?: Logger;
  /** Serve EDGAR's latest-filings feed (getcurrent, start=0) as a replay growing on a clock (mirror-live.ts). */
  live?: LiveFeedOptions;
  /**
   * How long an idle kept-alive connection stays open (default 65 s; Node's own default is 5 s). The fetch
   * client reuses an idle socket until the server's `Keep-Alive: timeout` hint less 1 s; a worker whose event
   * loop is blocked for seconds by a parse misses that expiry and reuses a socket the mirror has just closed
   * (`other side closed`, a retried attempt). A long idle timeout moves that race from every 5 s gap to 65 s.
   */
  keepAliveMs?: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xsd': 'application/xml',
  '.htm': 'text/html',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.idx': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.pdf': 'application/pdf',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.js': 'text/javascript',
};

interface FileEntry {
  key: string;
  bytes: Buffer;
  gzipped?: Buffer;
  etag: string;
  lastModified: string;
  mtimeMs: number;
}

/** Bytes of served files the mirror keeps in memory. */
const CACHE_MAX_BYTES = 256 * 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startMirror(options: MirrorOptions = {}): Promise<Mirror> {
  const root = path.resolve(options.root ?? 'fixtures/upstream');
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger;
  const requests: MirrorRequest[] = [];
  const cache = new Map<string, FileEntry>();
  let cacheBytes = 0;
  const faults = createFaultTable();
  const live: LiveFeed | null = options.live ? createLiveFeed(root, options.live) : null;

  /** The file behind a request path, or null when it is missing or would escape the root. */
  function resolveFile(
    pathname: string,
    query: string,
    post = false,
  ): { file: string; alt?: string; host: string } | null {
    let segments: string[];
    try {
      segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return null;
    }
    if (segments.length < 2 || segments.some((s) => s === '..' || s === '.' || s.includes('/'))) return null;
    // a POST answer is never served to a GET
    if (!post && segments.at(-1)!.endsWith(POST_MARKER)) return null;
    const file = path.resolve(root, ...segments);
    if (!file.startsWith(root + path.sep)) return null;
    // A document whose URL has a query string may be captured under a file name that keeps it.
    const alt = query ? `${file}${decodeURIComponent(query)}` : undefined;
    return { file, alt, host: segments[0]! };
  }

  async function load(file: string): Promise<FileEntry | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const key = `${info.mtimeMs}:${info.size}`;
    const hit = cache.get(file);
    if (hit && hit.key === key) return hit;
    const bytes = await readFile(file);
    const entry: FileEntry = {
      key,
      bytes,
      etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`,
      lastModified: new Date(info.mtimeMs).toUTCString(),
      mtimeMs: info.mtimeMs,
    };
    // bounded: a rehearsal's generated upstream is gigabytes; the oldest entries go first (Map order)
    cacheBytes += bytes.length - (hit?.bytes.length ?? 0);
    cache.set(file, entry);
    for (const [k, v] of cache) {
      if (cacheBytes <= CACHE_MAX_BYTES) break;
      cache.delete(k);
      cacheBytes -= v.bytes.length;
    }
    return entry;
  }

  function notModified(req: IncomingMessage, entry: FileEntry): boolean {
    const inm = req.headers['if-none-match'];
    if (inm) {
      const tags = inm.split(',').map((t) => t.trim().replace(/^W\//, ''));
      return tags.includes('*') || tags.includes(entry.etag);
    }
    const ims = req.headers['if-modified-since'];
    if (!ims) return false;
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(entry.mtimeMs / 1000) * 1000 <= since;
  }

  async function sendNotFound(res: ServerResponse, upstreamHost: string | undefined, pathname: string) {
    if (upstreamHost === 'sec.gov' || upstreamHost?.endsWith('.sec.gov')) {
      // The captured S3 body, with <Key> set to the key S3 would report for this path.
      const template = await readFile(path.join(root, '_errors', 's3-nosuchkey.xml'), 'utf8');
      const key = pathname.split('/').slice(2).join('/');
      const body = template.replace(/<Key>[^<]*<\/Key>/, `<Key>${escapeXml(key)}</Key>`);
      return send(res, 404, { 'Content-Type': 'application/xml' }, Buffer.from(body));
    }
    return send(res, 404, { 'Content-Type': 'text/plain' }, Buffer.from('Not Found\n'));
  }

  async function sendFault(res: ServerResponse, rule: Fault, upstreamHost?: string) {
    const headers: Record<string, string> = {};
    if (rule.retryAfter !== undefined) headers['Retry-After'] = String(rule.retryAfter);
    if (rule.throttlePage) {
      const page = await readFile(path.join(root, '_errors', 'sec-403-rate-threshold.html'));
      return send(res, rule.status ?? 403, { ...headers, 'Content-Type': 'text/html' }, page);
    }
    const status = rule.status ?? 500;
    const body = Buffer.from(`mirror fault ${status} for ${upstreamHost ?? 'unknown host'}\n`);
    return send(res, status, { ...headers, 'Content-Type': 'text/plain' }, body);
  }

  async function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    entry: FileEntry,
    file: string,
    truncate?: number,
  ) {
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      ETag: entry.etag,
      'Last-Modified': entry.lastModified,
      Vary: 'Accept-Encoding',
    };
    if (notModified(req, entry)) return send(res, 304, headers, null);
    if (truncate !== undefined) {
      // Promise the whole body, deliver a prefix, then drop the connection: a cut-off transfer.
      res.writeHead(200, { ...headers, 'Content-Length': String(entry.bytes.length) });
      setStatus(res, 200);
      res.write(entry.bytes.subarray(0, Math.min(truncate, entry.bytes.length - 1)), () => res.destroy());
      return;
    }
    let body = entry.bytes;
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      entry.gzipped ??= await gzipAsync(entry.bytes);
      body = entry.gzipped;
      headers['Content-Encoding'] = 'gzip';
    }
    return send(res, 200, headers, req.method === 'HEAD' ? null : body, body.length);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (pathname === '/__mirror/faults' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      try {
        faults.set(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        return send(res, 400, { 'Content-Type': 'text/plain' }, Buffer.from(`bad fault rules: ${err}\n`));
      }
      return send(res, 204, {}, null);
    }
    if (pathname === '/__mirror/faults' && req.method === 'DELETE') {
      faults.clear();
      return send(res, 204, {}, null);
    }
    if (pathname === '/__mirror/requests' && req.method === 'GET') {
      return send(res, 200, { 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify(requests)));
    }
    return send(res, 404, { 'Content-Type': 'text/plain' }, Buffer.from('unknown mirror control\n'));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const pathname = q === -1 ? raw : raw.slice(0, q);
    const query = q === -1 ? '' : raw.slice(q);
    if (pathname.startsWith('/__mirror/')) return handleControl(req, res, pathname);

    const record: MirrorRequest = { path: raw, at: performance.now(), status: 0, headers: req.headers };
    requests.push(record);
    records.set(res, record);
    res.on('finish', () => logger?.debug({ path: raw, status: res.statusCode }, 'mirror request'));

    const rule = faults.take(raw);
    if (rule?.delayMs) await sleep(rule.delayMs);
    const resolved = resolveFile(pathname, query);
    if (rule && (rule.status !== undefined || rule.throttlePage)) return sendFault(res, rule, resolved?.host);
    const livePage = live && req.method === 'GET' ? liveFeedRequest(pathname, query) : null;
    if (live && livePage) {
      const { body, etag } = live.page(livePage.start, livePage.count);
      const headers = { 'Content-Type': 'application/atom+xml', ETag: etag, 'Cache-Control': 'no-cache' };
      const inm = req.headers['if-none-match'];
      if (inm?.split(',').some((t) => t.trim() === etag)) return send(res, 304, headers, null);
      return send(res, 200, headers, body);
    }

    if (req.method === 'POST') return servePost(req, res, pathname, query, rule?.truncate);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(
        res,
        405,
        { Allow: 'GET, HEAD, POST', 'Content-Type': 'text/plain' },
        Buffer.from('GET, HEAD or POST only\n'),
      );
    }
    if (!resolved) return sendNotFound(res, undefined, pathname);
    const viaQuery = resolved.alt ? await load(resolved.alt) : null;
    const file = viaQuery ? resolved.alt! : resolved.file;
    const entry = viaQuery ?? (await load(resolved.file));
    if (!entry) return sendNotFound(res, resolved.host, pathname);
    return serveFile(req, res, entry, file, rule?.truncate);
  }

  /** A form POST: the answer captured for this body, `<path>@POST?<query&body>`; 404 when none is. */
  async function servePost(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    query: string,
    truncate?: number,
  ) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const merged = [query.slice(1), Buffer.concat(chunks).toString('utf8')].filter(Boolean).join('&');
    const resolved = resolveFile(`${pathname}${POST_MARKER}`, merged ? `?${merged}` : '', true);
    if (!resolved) return sendNotFound(res, undefined, pathname);
    const file = resolved.alt ?? resolved.file;
    const entry = await load(file);
    if (!entry) return sendNotFound(res, resolved.host, pathname);
    return serveFile(req, res, entry, file, truncate);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      logger?.error({ err, path: req.url }, 'mirror failed');
      if (!res.headersSent)
        send(res, 500, { 'Content-Type': 'text/plain' }, Buffer.from(`mirror error: ${err}\n`));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = options.keepAliveMs ?? 65_000;
  // Node closes a connection whose next request's headers take longer than this: keep it above the idle timeout.
  server.headersTimeout = server.keepAliveTimeout + 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger?.info({ url, root }, 'upstream mirror listening');

  return {
    url,
    requests,
    setFaults(rules) {
      faults.set(rules);
    },
    clearFaults() {
      faults.clear();
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

const records = new WeakMap<ServerResponse, MirrorRequest>();

/** A request for the first page of EDGAR's all-forms latest-filings Atom: the live replay answers it. */
function liveFeedRequest(pathname: string, query: string): { start: number; count: number } | null {
  if (pathname !== '/www.sec.gov/cgi-bin/browse-edgar') return null;
  const q = new URLSearchParams(query);
  if (q.get('action') !== 'getcurrent' || q.get('output') !== 'atom' || q.get('type')) return null;
  const start = Number(q.get('start') ?? '0');
  const count = Math.min(Number(q.get('count') ?? '40'), 100);
  if (!Number.isInteger(start) || start !== 0 || !Number.isInteger(count) || count < 1) return null;
  return { start, count };
}

function setStatus(res: ServerResponse, status: number) {
  const record = records.get(res);
  if (record) record.status = status;
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer | null,
  length = body?.length ?? 0,
) {
  setStatus(res, status);
  res.writeHead(
    status,
    status === 204 || status === 304 ? headers : { ...headers, 'Content-Length': length },
  );
  res.end(body ?? undefined);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
