/**
 * The API platform's answers, dumped so two checkouts can be compared byte for byte: run it in each and diff
 * the outputs. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node --import tsx
 * bench/api-identical.ts > answers.txt` (BENCH_IDENTICAL_N: requests per case, default 50).
 *
 * The server is api.bench.ts's child (a fresh database seeded the same way). Per case, N requests to the
 * platform (each with its own X-Request-ID, so the request id in an error body or header is the same in both
 * runs), sent 16 at a time, and one line per answer: the path, the status, every response header in the
 * order sent except `date`, and the body as sent (a generated request id, a UUID, printed as `UUID`, an error
 * body's timestamp as `T`, a next cursor, signed with the run's random secret, as its length). The cases are the bench's three
 * routes (each request varied as the bench varies it) and their common failures: no key, a bad key, a bad
 * parameter, an unknown parameter (lenient and strict), a tampered cursor, a page with a next cursor, a
 * generated request id, a refused client request id, a CORS origin, and a 404.
 */
import http from 'node:http';
import { forkApiBench } from './api-bench-child.ts';
import { ROUTES } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';

const N = Number(process.env.BENCH_IDENTICAL_N ?? 50);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

interface Case {
  name: string;
  path: (i: number) => string;
  /** Whether to send the bench key (`true`), a wrong key (a string), or none. */
  key: boolean | string;
  headers?: Record<string, string>;
  /** Send no X-Request-ID: the generated id varies per run, so only its shape is printed. */
  generatedId?: boolean;
}

const CASES: Case[] = [
  { name: 'companies', path: ROUTES.companies, key: true },
  { name: 'filings', path: ROUTES.filings, key: true },
  { name: 'statements', path: ROUTES.statements, key: true },
  { name: 'companies-generated-id', path: ROUTES.companies, key: true, generatedId: true },
  { name: 'statements-generated-id', path: ROUTES.statements, key: true, generatedId: true },
  { name: 'filings-paged', path: (i) => `/v1/filings?ticker=AAPL&limit=${1 + (i % 3)}`, key: true },
  { name: 'filings-cursor-tampered', path: () => '/v1/filings?ticker=AAPL&cursor=abc', key: true },
  { name: 'companies-no-key', path: ROUTES.companies, key: false },
  { name: 'statements-bad-key', path: ROUTES.statements, key: 'fd_live_0000000000000000000000000000' },
  {
    name: 'statements-bad-period',
    path: () => '/v1/financials/income-statements?ticker=GOOGL&period=x',
    key: true,
  },
  { name: 'statements-unknown-param', path: (i) => `${ROUTES.statements(i)}&asof=1`, key: true },
  { name: 'companies-unknown-param', path: (i) => `${ROUTES.companies(i)}&zzz=1`, key: true },
  { name: 'filings-limit-too-big', path: () => '/v1/filings?ticker=AAPL&limit=100000', key: true },
  { name: 'companies-unknown-ticker', path: () => '/v1/companies?ticker=NOSUCHTICKERX', key: true },
  {
    name: 'filings-refused-request-id',
    path: ROUTES.filings,
    key: true,
    headers: { 'x-request-id': 'fd_live_looks_like_a_key' },
  },
  { name: 'companies-cors', path: ROUTES.companies, key: true, headers: { origin: 'https://example.com' } },
  { name: 'not-found', path: () => '/v1/no-such-route', key: true },
];

function get(
  port: number,
  agent: http.Agent,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.rawHeaders,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const scratch = await benchDatabase('bench_apiidentical');
  const { child, ready: started } = forkApiBench(scratch.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const ready = await started;
    for (const c of CASES) {
      const lines: string[] = new Array(N);
      const send = async (i: number) => {
        const headers: Record<string, string> = { ...(c.headers ?? {}) };
        if (!c.generatedId && !headers['x-request-id']) headers['x-request-id'] = `identical-${c.name}-${i}`;
        if (c.key === true) headers.authorization = `Bearer ${ready.key}`;
        else if (typeof c.key === 'string') headers.authorization = `Bearer ${c.key}`;
        const path = c.path(i);
        const r = await get(ready.platform, agent, path, headers);
        const kept: string[] = [];
        for (let h = 0; h < r.headers.length; h += 2) {
          const name = r.headers[h]!.toLowerCase();
          if (name === 'date') continue;
          kept.push(`${r.headers[h]}: ${r.headers[h + 1]!.replace(UUID, 'UUID')}`);
        }
        // a generated request id differs per run, and so does an error body's timestamp
        let body = r.body.replace(UUID, 'UUID').replace(/"timestamp":"[^"]*"/g, '"timestamp":"T"');
        // a next cursor is signed with the run's random secret: only its presence and length are compared
        body = body.replace(
          /"next_cursor":"([^"]*)"/g,
          (_m, s: string) => `"next_cursor":"<${s.length} chars>"`,
        );
        lines[i] = `${c.name} ${path} ${r.status} | ${kept.join(' | ')} | ${body}`;
      };
      for (let i = 0; i < N; i += 16) {
        await Promise.all(Array.from({ length: Math.min(16, N - i) }, (_, k) => send(i + k)));
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    }
  } finally {
    agent.destroy();
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
    await scratch.drop();
  }
}

await main();
