import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDiskArchive } from '../../jobs/http/archive.ts';
import {
  createHttpClient,
  type HttpClientOptions,
  parseRetryAfter,
  postDocumentUrl,
  redactUrl,
  UpstreamThrottledError,
} from '../../jobs/http/client.ts';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { createMemoryLimiter } from '../../jobs/http/rate-limit.ts';
import { UpstreamError, UpstreamNotFoundError } from '../../lib/errors.ts';
import { AAPL, FIXTURES, fileSha256, SMALL, silentLogger, testConfig } from './helpers.ts';

const FAST = { baseDelayMs: 5, maxDelayMs: 40, maxRetries: 3, maxThrottleWaitMs: 5_000 };

describe('upstream HTTP client against the mirror', () => {
  let mirror: Mirror;
  let archiveDir: string;
  const client = (overrides: Partial<HttpClientOptions> = {}) =>
    createHttpClient({
      config: testConfig(),
      logger: silentLogger,
      limiter: createMemoryLimiter({ sec: 10, default: 10 }),
      mirrorUrl: mirror.url,
      retry: FAST,
      ...overrides,
    });

  beforeAll(async () => {
    mirror = await startMirror({ root: FIXTURES });
    archiveDir = await mkdtemp(path.join(tmpdir(), 'findata-archive-'));
  });
  afterAll(async () => {
    await mirror.close();
    await rm(archiveDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    mirror.clearFaults();
    mirror.requests.length = 0;
  });

  it('fetches a real document byte-identical through gzip, and archives it', async () => {
    const archive = createDiskArchive(archiveDir);
    const doc = await client({ archive }).get(AAPL.url);
    expect(doc).toMatchObject({ url: AAPL.url, status: 200, attempts: 1, contentType: 'application/json' });
    expect(doc.sha256).toBe(fileSha256(AAPL.file));
    expect(new Date(doc.fetchedAt).toISOString()).toBe(doc.fetchedAt);
    const sent = mirror.requests[0]!;
    expect(sent.headers['accept-encoding']).toBe('gzip, deflate');
    expect(sent.headers['user-agent']).toBe('findata-dev admin@localhost');
    expect(sent.status).toBe(200);
    expect((await archive.get(doc.sha256))!.equals(doc.bytes)).toBe(true);
  });

  it('returns 304 with empty bytes on a conditional GET', async () => {
    const http = client();
    const first = await http.get(AAPL.url);
    const byTag = await http.get(AAPL.url, { etag: first.etag });
    expect(byTag).toMatchObject({ status: 304, etag: first.etag, attempts: 1 });
    expect(byTag.bytes.length).toBe(0);
    const byDate = await http.get(AAPL.url, { lastModified: first.lastModified });
    expect(byDate.status).toBe(304);
    expect(mirror.requests.map((r) => r.headers['if-modified-since'])).toContain(first.lastModified);
  });

  it('throws UpstreamNotFoundError on the S3 404 without retrying', async () => {
    const url = 'https://data.sec.gov/submissions/CIK-000000001.json';
    const err = await client()
      .get(url)
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamNotFoundError);
    expect(err.url).toBe(url);
    expect(mirror.requests).toHaveLength(1);
  });

  it('rides out two 503s and succeeds on the third attempt', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, status: 503, times: 2 }]);
    const doc = await client().get(AAPL.url);
    expect(doc.attempts).toBe(3);
    expect(doc.sha256).toBe(fileSha256(AAPL.file));
    expect(mirror.requests.map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('honours Retry-After: 1 before the next attempt', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, status: 429, retryAfter: 1, times: 1 }]);
    const doc = await client().get(AAPL.url);
    expect(doc.attempts).toBe(2);
    const [first, second] = mirror.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(990);
    expect(second!.at - first!.at).toBeLessThan(1500);
  });

  it("treats the SEC's 403 rate-threshold page as throttling, not failure", async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, throttlePage: true, times: 4 }]);
    // Four throttles against a budget of one retry: throttling does not spend the failure budget.
    const doc = await client({ retry: { ...FAST, maxRetries: 1 } }).get(AAPL.url);
    expect(doc.attempts).toBe(5);
    expect(mirror.requests.map((r) => r.status)).toEqual([403, 403, 403, 403, 200]);
  });

  it('gives the document back with UpstreamThrottledError past the throttle budget', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, status: 429, retryAfter: 120 }]);
    const err = await client()
      .get(AAPL.url)
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamThrottledError);
    expect(err).toMatchObject({ status: 429, attempts: 1, retryAfterMs: 120_000 });
  });

  it('retries a truncated body', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, truncate: 4096, times: 2 }]);
    const doc = await client().get(AAPL.url);
    expect(doc.attempts).toBe(3);
    expect(doc.sha256).toBe(fileSha256(AAPL.file));
  });

  it('retries an attempt that times out', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, delayMs: 400, times: 1 }]);
    const doc = await client({ config: testConfig({ HTTP_TIMEOUT_MS: 150 }) }).get(AAPL.url);
    expect(doc.attempts).toBe(2);
  });

  it('times out an attempt under a stop signal although garbage is collected meanwhile', async () => {
    // Node 20 drops an AbortSignal.timeout held only by AbortSignal.any when the heap is collected: an
    // attempt on a stalled connection then waited for the partition's deadline. Collect while it waits.
    // The loss shows once the attempt's code is optimized (a worker that has fetched for a while; see
    // bench/repro/abort-signal-gc.mjs): here the attempt must time out however often the heap is collected.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collect = setInterval(gc, 100);
    // The stalled answer comes after 20 s; the attempt's bound is 2 s. Without the bound the client waits for
    // the answer (one attempt, >= 20 s). A loaded machine (CI beside other work, a collection every 50 ms) may
    // also time out the next attempt, so the count is at least 2, not exactly 2; the document is a small one.
    mirror.setFaults([{ path: '/data.sec.gov/submissions/CIK0001800903.json', delayMs: 20_000, times: 1 }]);
    try {
      const stop = new AbortController();
      const started = performance.now();
      const doc = await client({ config: testConfig({ HTTP_TIMEOUT_MS: 2_000 }) }).get(SMALL.url, {
        signal: stop.signal,
      });
      expect(doc.attempts).toBeGreaterThanOrEqual(2);
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      clearInterval(collect);
    }
  }, 30_000);

  it('ends an attempt at its timeout even when fetch never settles, whatever its abort signal', async () => {
    // The 10% rehearsal's 1% baseline (2026-12-01): three financials partitions stayed at "attempt 1 sent"
    // for the 600 s deadline with no socket to the mirror, past the 30 s attempt timeout. A fetch whose abort
    // never arrives (the signal chain lost) is modelled by a fetch that ignores its signal: the attempt must
    // still end at its own timer and be retried.
    const calls: (AbortSignal | undefined)[] = [];
    vi.stubGlobal('fetch', (_url: string, init?: { signal?: AbortSignal }) => {
      calls.push(init?.signal);
      return new Promise(() => undefined);
    });
    try {
      const started = performance.now();
      const err = await client({
        config: testConfig({ HTTP_TIMEOUT_MS: 200 }),
        retry: { ...FAST, maxRetries: 1 },
      })
        .get(AAPL.url)
        .catch((e) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect(err).toMatchObject({ attempts: 2 });
      expect(err.message).toMatch(/attempt timed out/);
      expect(calls).toHaveLength(2);
      // the request is still told to stop
      expect(calls.every((s) => s?.aborted)).toBe(true);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 10_000);

  it('gives up on a permanent 500 after the retry budget with a typed error', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, status: 500 }]);
    const err = await client({ retry: { ...FAST, maxRetries: 2 } })
      .get(AAPL.url)
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ status: 500, attempts: 3, url: AAPL.url });
    expect(err.message).toMatch(/failed after 3 attempts: HTTP 500/);
    expect(err.cause).toBeInstanceOf(Error);
    expect(mirror.requests).toHaveLength(3);
  });

  it('does not retry other 4xx', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, status: 400 }]);
    const err = await client()
      .get(AAPL.url)
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ status: 400, attempts: 1 });
    expect(mirror.requests).toHaveLength(1);
  });

  describe('form POST (MOPS t13sa150_otc: one URL, the date in the body)', () => {
    const URL_ = 'https://mops.twse.com.tw/server-java/t13sa150_otc';
    const form = (days: string) => ({ years: '2023', months: '01', days, bcode: '', step: '2' });
    const file = path.join(
      FIXTURES,
      'mops.twse.com.tw/server-java/t13sa150_otc@POST?years=2023&months=01&days=30&bcode=&step=2',
    );

    it('answers by the body: the captured day byte-identical, another day its own page, an unknown one 404', async () => {
      const archive = createDiskArchive(archiveDir);
      const http = client({ archive });
      const doc = await http.post(URL_, form('30'));
      expect(doc).toMatchObject({ status: 200, attempts: 1, url: postDocumentUrl(URL_, form('30')) });
      expect(doc.url).toBe(`${URL_}@POST?years=2023&months=01&days=30&bcode=&step=2`);
      expect(doc.sha256).toBe(fileSha256(file));
      expect((await archive.get(doc.sha256))!.equals(doc.bytes)).toBe(true);
      const sent = mirror.requests[0]!;
      expect(sent.path).toBe('/mops.twse.com.tw/server-java/t13sa150_otc');
      expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
      // the holiday's page (查無所需資料, 154 bytes) is another document of the same URL
      expect((await http.post(URL_, form('01'))).bytes.length).toBe(154);
      const missing = await http.post(URL_, form('31')).catch((e) => e);
      expect(missing).toBeInstanceOf(UpstreamNotFoundError);
      // a POST answer is never served to a GET of its identity
      expect(await http.get(doc.url).catch((e) => e)).toBeInstanceOf(UpstreamNotFoundError);
    });

    it('retries a POST like a GET: two 503s, then the page', async () => {
      mirror.setFaults([{ path: '/mops.twse.com.tw/server-java/t13sa150_otc', status: 503, times: 2 }]);
      const doc = await client().post(URL_, form('30'));
      expect(doc.attempts).toBe(3);
      expect(doc.sha256).toBe(fileSha256(file));
      expect(mirror.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    });

    it('a failure names the method and the redacted identity', async () => {
      mirror.setFaults([{ path: '/mops.twse.com.tw/server-java/', status: 400 }]);
      const err = await client()
        .post(URL_, { ...form('30'), api_key: 'secret' })
        .catch((e) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect(err.message).toMatch(/^POST https:\/\/mops\.twse\.com\.tw\/server-java\/t13sa150_otc@POST\?/);
      expect(err.message).toContain('api_key=redacted');
      expect(err.message).not.toContain('secret');
    });
  });

  it('keeps secrets out of urls and reads both Retry-After forms', () => {
    expect(redactUrl('https://opendart.fss.or.kr/api/list.json?crtfc_key=abc123&corp_code=1')).toBe(
      'https://opendart.fss.or.kr/api/list.json?crtfc_key=redacted&corp_code=1',
    );
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
