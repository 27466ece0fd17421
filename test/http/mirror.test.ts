import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Mirror, startMirror } from '../../jobs/http/mirror.ts';
import { AAPL, FIXTURES } from './helpers.ts';

/** A raw request, so nothing normalises the path or decodes the body. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('upstream mirror', () => {
  let mirror: Mirror;
  beforeAll(async () => {
    mirror = await startMirror({ root: FIXTURES });
  });
  afterAll(() => mirror.close());
  beforeEach(() => mirror.clearFaults());

  it('serves a captured file byte for byte, with validators', async () => {
    const res = await rawGet(mirror.url, AAPL.mirrorPath);
    expect(res.status).toBe(200);
    expect(res.body.equals(readFileSync(AAPL.file))).toBe(true);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['etag']).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    expect(mirror.requests.at(-1)).toMatchObject({ path: AAPL.mirrorPath, status: 200 });
  });

  it('gzips only for clients that ask', async () => {
    const res = await rawGet(mirror.url, AAPL.mirrorPath, { 'Accept-Encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.length).toBeLessThan(readFileSync(AAPL.file).length / 3);
    expect(gunzipSync(res.body).equals(readFileSync(AAPL.file))).toBe(true);
  });

  it('answers conditional GETs with 304', async () => {
    const first = await rawGet(mirror.url, AAPL.mirrorPath);
    const byTag = await rawGet(mirror.url, AAPL.mirrorPath, {
      'If-None-Match': String(first.headers['etag']),
    });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    const byDate = await rawGet(mirror.url, AAPL.mirrorPath, {
      'If-Modified-Since': String(first.headers['last-modified']),
    });
    expect(byDate.status).toBe(304);
    const stale = await rawGet(mirror.url, AAPL.mirrorPath, { 'If-None-Match': '"something-else"' });
    expect(stale.status).toBe(200);
  });

  it('answers a missing SEC document with the S3 NoSuchKey body, naming the key', async () => {
    const res = await rawGet(mirror.url, '/data.sec.gov/submissions/CIK-000000001.json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/xml');
    const body = res.body.toString('utf8');
    expect(body).toContain('<Code>NoSuchKey</Code>');
    expect(body).toContain('<Key>submissions/CIK-000000001.json</Key>');
    const other = await rawGet(mirror.url, '/example.com/nothing.json');
    expect(other.status).toBe(404);
    expect(other.headers['content-type']).toBe('text/plain');
  });

  it('never serves outside its root', async () => {
    for (const p of [
      '/data.sec.gov/../../package.json',
      '/data.sec.gov/..%2F..%2Fpackage.json',
      '/..%2fpackage.json',
    ]) {
      const res = await rawGet(mirror.url, p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString()).not.toContain('"name": "findata"');
    }
  });

  it('takes fault rules over HTTP, counts them down, and clears them', async () => {
    const post = await fetch(`${mirror.url}/__mirror/faults`, {
      method: 'POST',
      body: JSON.stringify([
        { path: '/CIK0000320193\\.json$/', status: 503, retryAfter: 7, times: 1 },
        { path: '/data.sec.gov/', throttlePage: true },
      ]),
    });
    expect(post.status).toBe(204);
    const first = await rawGet(mirror.url, AAPL.mirrorPath);
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('7');
    const second = await rawGet(mirror.url, AAPL.mirrorPath);
    expect(second.status).toBe(403);
    expect(second.body.toString()).toContain('Request Rate Threshold Exceeded');
    expect((await fetch(`${mirror.url}/__mirror/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await rawGet(mirror.url, AAPL.mirrorPath)).status).toBe(200);
    const bad = await fetch(`${mirror.url}/__mirror/faults`, { method: 'POST', body: '[{"status": 500}]' });
    expect(bad.status).toBe(400);
  });

  it('cuts a body short after promising all of it', async () => {
    mirror.setFaults([{ path: AAPL.mirrorPath, truncate: 1000, times: 1 }]);
    await expect(rawGet(mirror.url, AAPL.mirrorPath)).rejects.toThrow(/aborted|closed|reset/i);
  });
  it("keeps an idle connection open past Node's 5 s default, so a slow client does not reuse a closed socket", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ reused: boolean; keepAlive: unknown }>((resolve, reject) => {
        const req = request(`${mirror.url}${AAPL.mirrorPath}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ reused: req.reusedSocket, keepAlive: res.headers['keep-alive'] }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      expect(first.reused).toBe(false);
      // The hint the fetch client (undici) reads to decide how long it may reuse the socket.
      expect(first.keepAlive).toBe('timeout=65');
      await new Promise((r) => setTimeout(r, 5_400));
      const second = await get();
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
