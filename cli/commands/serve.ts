import type { Command } from 'commander';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEMO_CALLS, demoSubscriptionCurl, streamDemoCall } from '../../api/demo-calls.ts';
import { createAccount, createApiKey } from '../../api/platform/accounts.ts';
import { buildApp } from '../../api/server.ts';
import { statusSweep } from '../../jobs/refresh.ts';
import { checkJobRegistry } from '../../jobs/registry.ts';
import { embedWithProgress } from '../../jobs/retrieval/embedding.ts';
import { createRuntime } from '../../jobs/runtime/index.ts';
import type { JobRuntime } from '../../jobs/runtime/types.ts';
import { createServices, type Services } from '../../jobs/services.ts';
import { DATASETS } from '../../lib/datasets.ts';
import type { Database } from '../../lib/db.ts';
import { embedderHandle } from '../../lib/embeddings.ts';
import type { MetricsServer } from '../../lib/metrics-server.ts';
import type { WebhookDispatcher } from '../../lib/webhooks/dispatcher.ts';
import { startWebhooks } from '../../lib/webhooks/service.ts';
import { settings } from '../../schema/datasets.ts';
import { runBackfills } from '../backfills.ts';
import { type CliContext, cliContext, onShutdown, withRuntime } from '../context.ts';
import { startMetricsIfConfigured } from '../metrics.ts';
import { localOperatorToken, writeLocalServer } from '../status.ts';

async function listen(services: Services, ctx: CliContext, runtime?: JobRuntime) {
  // The embedded database is this process's alone: `etl status` reads through this API instead, with a
  // per-start operator token written to DATA_DIR/server.json (cli/status.ts).
  const localToken = services.database.kind === 'pglite' ? localOperatorToken() : null;
  const app = await buildApp({
    ...(localToken
      ? {
          operator: {
            tokens: [localToken],
            ...(runtime?.kind === 'in-process' ? { queueDepth: () => runtime.queueDepth() } : {}),
          },
        }
      : {}),
    database: services.database,
    config: ctx.config,
    logger: ctx.logger,
    // The API opens its own fail-fast Redis connection (services.redis is the workers' blocking one).
  });
  await app.listen({ host: ctx.config.HOST, port: ctx.config.PORT });
  // Retrieval's embedder loads in the background (awaited and retried; /v1/ready shows its state): full
  // text answers meanwhile, and goes on answering if it fails.
  const embedder = embedderHandle();
  embedder.get().then(
    (e) => ctx.logger.info({ model: e.model, attempts: embedder.status().attempts }, 'embedder ready'),
    (err: Error) =>
      ctx.logger.error(
        { err: err.message, attempts: embedder.status().attempts },
        'embedder failed; retrieval answers from full text (null scores)',
      ),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.PORT;
  const base = ctx.config.PUBLIC_BASE_URL ?? `http://${ctx.config.HOST}:${port}`;
  if (localToken) {
    const host = ['0.0.0.0', '::'].includes(ctx.config.HOST) ? '127.0.0.1' : ctx.config.HOST;
    const remove = writeLocalServer(ctx.config.DATA_DIR, {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      pid: process.pid,
      token: localToken,
    });
    process.once('exit', remove);
  }
  return { app, base };
}

/**
 * The demo account and its key, made on the first start that reaches Ready (never before, so a first start
 * stopped during its backfill creates nothing and the next start shows the key). `show` prints the Ready
 * block with the new key, or with null once a key was shown before (only its SHA-256 is stored). The
 * setting that marks the key as shown is saved after printing, so a key is never made without being shown.
 */
export async function showDemoKey(
  database: Database,
  show: (key: string | null, accountId: string) => void,
): Promise<void> {
  const [row] = await database.db.select().from(settings).where(eq(settings.key, 'demo_account_id'));
  if (row) {
    show(null, row.value);
    return;
  }
  const account = await createAccount(database, { name: 'demo', plan: 'fund', credits: 10_000 });
  const key = await createApiKey(database, { accountId: account.id, name: 'demo (created by etl start)' });
  show(key.key, account.id);
  await database.db
    .insert(settings)
    .values({ key: 'demo_account_id', value: account.id })
    .onConflictDoNothing();
}

/** What to do for another key; the embedded database takes one process, so `etl start` must stop first. */
export function anotherKeyHint(kind: Database['kind'], accountId: string): string {
  const create = `etl keys create --account ${accountId}`;
  return kind === 'pglite'
    ? `stop etl start first (the embedded database takes one process; or use DATABASE_URL), then: ${create}`
    : create;
}

export function registerServeCommands(program: Command, getCtx: () => CliContext = cliContext) {
  program
    .command('serve')
    .description('Serve the read-only /v1 API over the loaded tables (no jobs)')
    .action(async () => {
      const ctx = getCtx();
      await withRuntime(
        ctx,
        async (services, runtime) => {
          const { app, base } = await listen(services, ctx, runtime);
          const metricsServer = await startMetricsIfConfigured(ctx);
          process.stderr.write(`API at ${base}/v1   docs at ${base}/docs\n`);
          onShutdown(ctx.logger, async () => {
            await app.close();
            await metricsServer?.close();
            await runtime.close();
            await services.close();
          });
        },
        { keepOpen: true, startMirror: false },
      );
    });

  program
    .command('start')
    .description(
      'The main job, all in one process: migrate, start the offline mirror, backfill every dataset (resuming), start the scheduler and serve the API',
    )
    .option('--no-backfill', 'skip the backfill (serve what is loaded)')
    .option(
      '--datasets <ids>',
      'backfill only these datasets (comma-separated ids as `etl status` lists them, e.g. companies,filings); a later start without it completes the rest',
    )
    .action(async (opts: { backfill: boolean; datasets?: string }) => {
      const ctx = getCtx();
      const only = opts.datasets === undefined ? undefined : startDatasets(opts.datasets);
      const started = Date.now();
      // Installed before anything opens: a signal at any point (migrating, during the backfill) stops the
      // backfill between partitions (running ones finish), lets start-up wind down, then closes the
      // database cleanly.
      const stop = new AbortController();
      let services = null as Services | null;
      let runtime = null as JobRuntime | null;
      let app = null as FastifyInstance | null;
      let metricsServer = null as MetricsServer | null;
      let webhooks = null as WebhookDispatcher | null;
      let startup: Promise<void> = Promise.resolve();
      let embedding: Promise<unknown> = Promise.resolve();
      const closeAll = async () => {
        await embedding; // stops after its running batch (the signal is aborted)
        await app?.close();
        await metricsServer?.close();
        await webhooks?.close();
        await runtime?.close();
        await services?.close();
      };
      onShutdown(ctx.logger, async () => {
        stop.abort();
        await runtime?.close(); // queued partitions settle at once, so the backfill returns
        await startup.catch(() => {});
        await closeAll();
      });
      startup = (async () => {
        checkJobRegistry();
        services = await createServices(ctx.config, ctx.logger);
        if (stop.signal.aborted) return;
        const rt = await createRuntime(services);
        runtime = rt;
        if (stop.signal.aborted) return; // closed by closeAll with the rest
        await rt.startWorkers();
        // Webhook deliveries run from the start: events the backfill appends are pushed as they commit.
        webhooks = await startWebhooks({ ...services, logger: ctx.logger });
        // Before the backfill, so its partitions and fetches can be watched while it runs.
        metricsServer = await startMetricsIfConfigured(ctx);
        if (opts.backfill) await backfillAll(services, rt, ctx, stop.signal, only);
        if (stop.signal.aborted) return;
        if (ctx.config.SCHEDULER === 'on') await rt.startScheduler();
        const listening = await listen(services, ctx, rt);
        app = listening.app;
        if (stop.signal.aborted) return;
        const s = services;
        await showDemoKey(s.database, (key, accountId) =>
          printReady(ctx, s, rt, listening.base, started, key, accountId),
        );
        // Retrieval's embedding step runs after Ready, not in the backfill: full text answers meanwhile.
        embedding = embedWithProgress(s.database, ctx.logger, stop.signal).catch((err: Error) =>
          ctx.logger.error(
            { err: err.message },
            'embedding failed (retrieval answers from full text); the next start resumes',
          ),
        );
      })();
      try {
        await startup;
      } catch (err) {
        if (stop.signal.aborted) return; // the shutdown handler closes everything and exits
        await closeAll();
        throw err;
      }
    });
}

/** The `--datasets` list of `etl start`: scheduled dataset ids, checked before anything opens. */
function startDatasets(list: string): Set<string> {
  const scheduled: string[] = DATASETS.filter((x) => x.schedule).map((x) => x.id);
  const ids = list
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !scheduled.includes(id));
  if (ids.length === 0 || unknown.length > 0)
    throw new Error(
      `--datasets: ${unknown.length ? `unknown dataset ${unknown.join(', ')}` : 'no dataset given'}; choose among ${scheduled.join(', ')}`,
    );
  return new Set(ids);
}

/**
 * Every scheduled dataset's backfill (or those of `only`), in registry order (companies first: they name
 * the CIKs).
 */
async function backfillAll(
  services: Services,
  runtime: JobRuntime,
  ctx: CliContext,
  signal: AbortSignal,
  only?: Set<string>,
) {
  const onAbort = () =>
    ctx.logger.warn('stopping the backfill after the running partitions; the next start resumes');
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const ids = DATASETS.filter((x) => x.schedule && (!only || only.has(x.id))).map((x) => x.id);
    await runBackfills(ctx, services, runtime, ids, {}, signal);
    if (!signal.aborted) await statusSweep(services);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function printReady(
  ctx: CliContext,
  services: Services,
  runtime: JobRuntime,
  base: string,
  started: number,
  key: string | null,
  accountId: string,
) {
  const lines = [
    '',
    `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${services.database.kind}, ${runtime.kind} jobs, upstream ${ctx.config.UPSTREAM}${services.mirror ? ` via ${services.mirror.url}` : ''})`,
    `  API:   ${base}/v1`,
    `  Docs:  ${base}/docs`,
    key
      ? `  Demo API key (shown once, store it now): ${key}`
      : `  Demo API key: shown on the first start only. Another: ${anotherKeyHint(services.database.kind, accountId)}`,
    ...DEMO_CALLS.map(
      (c, i) => `  ${i === 0 ? 'Try:' : '    '}   curl -H "Authorization: Bearer <key>" "${base}${c.path}"`,
    ),
    `  Live:  ${streamDemoCall(base)}`,
    `  Webhooks: ${demoSubscriptionCurl(base)}`,
    '            (the answer holds the signing secret, once; docs/webhooks.md)',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
