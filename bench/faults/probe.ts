import http from 'node:http';

/**
 * A loopback load that keeps asking the API while a fault is injected, and classifies every answer: a 2xx,
 * a 503 that carries Retry-After and its family's error body (the promised answer while a backend is
 * down), or anything else (a 500, a 503 without Retry-After, a dropped connection, a hang): a failure.
 */
export interface ProbeReport {
  requests: number;
  ok: number;
  unavailable: number;
  /** Other 4xx (a 401 for a key the auth cache could not check counts here, listed apart). */
  other4xx: Record<string, number>;
  /** The first 50 bad answers, and how many there were. */
  bad: { at: number; path: string; status: number; body: string }[];
  badCount: number;
  /**
   * Milliseconds from `markRecoveryStart()` until every client has had `okStreak` answers in a row that are
   * not 503s (a 2xx, or a 4xx such as a 404 or a rate limit: the backends answered).
   */
  recoveredAfterMs: number | null;
  p99Ms: number;
}

export interface Probe {
  /** From now on, the first 2xx streak counts as recovered. */
  markRecoveryStart(): void;
  /** Resolves once every client's answers are 2xx again (`okStreak` in a row) or after `timeoutMs`. */
  recovered(timeoutMs: number): Promise<boolean>;
  stop(): Promise<ProbeReport>;
}

export function startProbe(opts: {
  baseUrl: string;
  key: string;
  paths: string[];
  clients?: number;
  okStreak?: number;
}): Probe {
  const base = new URL(opts.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients ?? 4 });
  const report: ProbeReport = {
    requests: 0,
    ok: 0,
    unavailable: 0,
    other4xx: {},
    bad: [],
    badCount: 0,
    recoveredAfterMs: null,
    p99Ms: 0,
  };
  const latencies: number[] = [];
  let stopping = false;
  let recoveryStart: number | null = null;
  const streaks = new Array(opts.clients ?? 4).fill(0);
  const t0 = Date.now();

  const one = (path: string) =>
    new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          path,
          headers: { authorization: `Bearer ${opts.key}` },
          timeout: 15_000,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string, body }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
      req.on('error', reject);
      req.end();
    });

  const client = async (n: number) => {
    let i = n;
    while (!stopping) {
      const path = opts.paths[i++ % opts.paths.length]!;
      const t = performance.now();
      let status = 0;
      let body = '';
      let retryAfter: string | undefined;
      try {
        ({ status, body, retryAfter } = await one(path));
      } catch (err) {
        body = `no answer: ${(err as Error).message}`;
      }
      latencies.push(performance.now() - t);
      report.requests++;
      if (status >= 200 && status < 300) {
        report.ok++;
        streaks[n]++;
      } else {
        let familyBody = false;
        try {
          const b = JSON.parse(body) as { error?: unknown; success?: unknown; message?: unknown };
          familyBody =
            (b.success === false && typeof b.error === 'object') ||
            (typeof b.error === 'string' && typeof b.message === 'string');
        } catch {}
        // served again = no 503 any more: a 404 or a rate limit's 402/429 is the API answering from its backends
        if (status === 503 && retryAfter && Number(retryAfter) > 0 && familyBody) {
          report.unavailable++;
          streaks[n] = 0;
        } else if (status >= 400 && status < 500 && familyBody) {
          report.other4xx[status] = (report.other4xx[status] ?? 0) + 1;
          streaks[n]++;
        } else {
          streaks[n] = 0;
          report.badCount++;
          if (report.bad.length < 50)
            report.bad.push({ at: Date.now() - t0, path, status, body: body.slice(0, 300) });
        }
      }
      if (
        recoveryStart !== null &&
        report.recoveredAfterMs === null &&
        streaks.every((s) => s >= (opts.okStreak ?? 3))
      )
        report.recoveredAfterMs = Date.now() - recoveryStart;
    }
  };
  const running = Promise.all(streaks.map((_, n) => client(n)));
  return {
    markRecoveryStart() {
      recoveryStart = Date.now();
      streaks.fill(0);
      report.recoveredAfterMs = null;
    },
    async recovered(timeoutMs) {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        if (report.recoveredAfterMs !== null) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    },
    async stop() {
      stopping = true;
      await running;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      report.p99Ms = Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0);
      return report;
    },
  };
}
