import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './url-safety.ts';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  /** The first bytes (at most 1 KiB) of the answer, as text. */
  excerpt: string | null;
  retryAfter: string | undefined;
  error: string | null;
}

const EXCERPT_BYTES = 1024;
// Keep-alive sockets per origin: a busy receiver is not re-handshaken for every delivery.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One POST of the signed body to the target, connecting to the address that was checked (never resolving
 * the name again: a DNS answer cannot change between the check and the connection). Redirects are not
 * followed (a 3xx is a failed attempt, Standard Webhooks' advice); the whole attempt (connect, headers, the
 * first KiB of the answer) is bounded by timeoutMs. Never throws: failures come back in `error`.
 */
export function send(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const { url } = target;
  const lookup: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const isHttps = url.protocol === 'https:';
  return new Promise<SendResult>((resolve) => {
    let done = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
    };
    const req = (isHttps ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: isHttps ? httpsAgent : httpAgent,
        lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'findata-webhooks/1',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept < EXCERPT_BYTES) {
            chunks.push(c.subarray(0, EXCERPT_BYTES - kept));
            kept += Math.min(c.length, EXCERPT_BYTES - kept);
          }
        });
        const settle = () =>
          finish({
            statusCode: res.statusCode ?? null,
            excerpt: kept ? Buffer.concat(chunks).toString('utf8') : null,
            retryAfter: res.headers['retry-after'],
            error: null,
          });
        res.on('end', settle);
        res.on('error', settle);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (err) =>
      finish({ statusCode: null, excerpt: null, retryAfter: undefined, error: err.message.slice(0, 500) }),
    );
    req.end(body);
  });
}
