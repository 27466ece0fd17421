import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { verifyWebhook, type WebhookEvent } from '../../clients/typescript/src/webhooks.ts';

/** One request the receiver got, with the outcome of verifying it against every secret it was told. */
export interface Received {
  path: string;
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The event, when some known secret verified the signature; null otherwise. */
  event: WebhookEvent | null;
  /** Which of the path's secrets verified it (index into secrets(path)). */
  verifiedBy: number[];
}

export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hold';

/**
 * A loopback webhook receiver: answers each path with a programmable behaviour (by the path's request count),
 * verifies every request with the typed client's verifyWebhook against each secret the test registered for
 * the path, and keeps them all, so a test can count deliveries, duplicates (same webhook-id) and losses.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly secrets = new Map<string, string[]>();
  private readonly behaviour = new Map<string, (n: number) => Answer>();
  private readonly held = new Set<() => void>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0]!;
        const body = Buffer.concat(chunks).toString('utf8');
        const verifiedBy: number[] = [];
        let event: WebhookEvent | null = null;
        (this.secrets.get(path) ?? []).forEach((secret, i) => {
          try {
            event = verifyWebhook(secret, body, req.headers);
            verifiedBy.push(i);
          } catch {}
        });
        const n = this.received.filter((r) => r.path === path).length;
        this.received.push({ path, at: Date.now(), headers: req.headers, body, event, verifiedBy });
        const answer = this.behaviour.get(path)?.(n) ?? { status: 200, body: 'ok' };
        if (answer === 'hold') {
          const release = () => res.destroy();
          this.held.add(release);
          return;
        }
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const a = this.server.address();
    this.url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    return this;
  }

  /** The secrets a path's requests are verified with (e.g. [old, new] during a rotation). */
  setSecrets(path: string, secrets: string[]) {
    this.secrets.set(path, secrets);
  }

  on(path: string, behaviour: (n: number) => Answer) {
    this.behaviour.set(path, behaviour);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until `path` has at least n requests (or the timeout). */
  async waitFor(path: string, n: number, timeoutMs = 10_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.at(path).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return this.at(path);
  }

  async close() {
    for (const release of this.held) release();
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

/** Polls a condition (a database state) until it holds or the timeout passes; returns its last value. */
export async function eventually<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let v = await fn();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    v = await fn();
  }
  return v;
}
