/**
 * Redis commands (and round trips) per request of the bench routes with the platform on Redis. Run:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/<index> node
 * --import tsx bench/api-redis.ts`. A fresh database seeded as api.bench.ts's; the real API with REDIS_URL's
 * client handed in, its `sendCommand` counted by command name; per route, BENCH_REQUESTS (200) requests
 * after a warm-up of 50, one at a time (so every command is one round trip unless the client pipelines it),
 * and the commands per request. Prints one JSON object.
 */
import http from 'node:http';
import { apiRedis, buildApp } from '../api/server.ts';
import { loadConfig } from '../lib/config.ts';
import { openDatabase } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';
import { ONLY, ROUTES } from './api-routes.ts';
import { benchDatabase } from './bench-database.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 200);

async function main(): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    process.stdout.write(`${JSON.stringify({ error: 'REDIS_URL is required' })}\n`);
    process.exit(2);
  }
  const scratch = await benchDatabase('bench_apiredis');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  // the client the API makes for itself (its options), handed in so its commands can be counted
  const redis = apiRedis(redisUrl, createLogger('warn'));
  const counts = new Map<string, number>();
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    counts.set(command.name, (counts.get(command.name) ?? 0) + 1);
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof redis.sendCommand;
  try {
    const { seedApiBench } = await import('./api-server.ts');
    const { createAccount, createApiKey } = await import('../api/platform/accounts.ts');
    await seedApiBench(database);
    const account = await createAccount(database, { name: 'bench', plan: 'fund', credits: 1_000_000 });
    const { key } = await createApiKey(database, { accountId: account.id, name: 'bench' });
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CURSOR_SECRET: 'bench-cursor-secret-0123456789',
      REDIS_URL: redisUrl,
      ...(process.env.CREDIT_HOLD_MS ? { CREDIT_HOLD_MS: process.env.CREDIT_HOLD_MS } : {}),
    });
    // a minute of the limiter lasts 60 ms: no request is refused
    const app = await buildApp({
      database,
      config,
      redis,
      logger: createLogger('warn'),
      now: () => Date.now() * 1000,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const agent = new http.Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${key}` } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
    const results: Record<string, unknown>[] = [];
    for (const route of ONLY) {
      for (let i = 0; i < 50; i++) await get(ROUTES[route](i));
      counts.clear();
      let failed = 0;
      for (let i = 0; i < N; i++) if ((await get(ROUTES[route](i))) !== 200) failed++;
      const perRequest = Object.fromEntries([...counts].map(([k, v]) => [k, v / N]));
      results.push({ route, failed, commands_per_request: perRequest });
    }
    agent.destroy();
    await app.close();
    process.stdout.write(`${JSON.stringify({ name: 'api-redis', requests: N, routes: results })}\n`);
  } finally {
    redis.disconnect();
    await database.close();
    await scratch.drop();
  }
}

await main();
