import type { Command } from 'commander';
import { eq } from 'drizzle-orm';
import { createAccount, createApiKey } from '../../api/platform/accounts.ts';
import { buildApp } from '../../api/server.ts';
import { backfill, statusSweep } from '../../jobs/refresh.ts';
import type { Services } from '../../jobs/services.ts';
import { DATASETS } from '../../lib/datasets.ts';
import { settings } from '../../schema/datasets.ts';
import { type CliContext, cliContext, onShutdown, withRuntime } from '../context.ts';
import { progressReporter } from '../progress.ts';

async function listen(services: Services, ctx: CliContext) {
  const app = await buildApp({
    database: services.database,
    config: ctx.config,
    logger: ctx.logger,
    ...(services.redis ? { redis: services.redis } : {}),
  });
  await app.listen({ host: ctx.config.HOST, port: ctx.config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.PORT;
  const base = ctx.config.PUBLIC_BASE_URL ?? `http://${ctx.config.HOST}:${port}`;
  return { app, base };
}

/** The demo account and its key: created on the first start only; the key is printed that once. */
async function demoKey(services: Services): Promise<{ key: string | null; accountId: string }> {
  const [row] = await services.database.db.select().from(settings).where(eq(settings.key, 'demo_account_id'));
  if (row) return { key: null, accountId: row.value };
  const account = await createAccount(services.database, { name: 'demo', plan: 'fund', credits: 10_000 });
  const key = await createApiKey(services.database, {
    accountId: account.id,
    name: 'demo (created by etl start)',
  });
  await services.database.db.insert(settings).values({ key: 'demo_account_id', value: account.id });
  return { key: key.key, accountId: account.id };
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
          const { app, base } = await listen(services, ctx);
          process.stderr.write(`API at ${base}/v1   docs at ${base}/docs\n`);
          onShutdown(ctx.logger, async () => {
            await app.close();
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
    .action(async (opts: { backfill: boolean }) => {
      const ctx = getCtx();
      const started = Date.now();
      await withRuntime(
        ctx,
        async (services, runtime) => {
          await runtime.startWorkers();
          const demo = await demoKey(services);
          if (opts.backfill) {
            for (const d of DATASETS.filter((x) => x.schedule)) {
              const bar = progressReporter(ctx.logger, d.id);
              const r = await backfill(services, runtime, d.id, {}, (p) => bar.update(p));
              bar.stop();
              process.stderr.write(
                `${d.id}: ${r.reports.length} partitions loaded, ${r.skipped} already done, ${r.failures.length} failed\n`,
              );
            }
            await statusSweep(services);
          }
          if (ctx.config.SCHEDULER === 'on') await runtime.startScheduler();
          const { app, base } = await listen(services, ctx);
          const lines = [
            '',
            `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${services.database.kind}, ${runtime.kind} jobs, upstream ${ctx.config.UPSTREAM}${services.mirror ? ` via ${services.mirror.url}` : ''})`,
            `  API:   ${base}/v1`,
            `  Docs:  ${base}/docs`,
            demo.key
              ? `  Demo API key (shown once, store it now): ${demo.key}`
              : `  Demo API key: shown on the first start only; make another with: etl keys create --account ${demo.accountId}`,
            `  Try:   curl -H "Authorization: Bearer <key>" "${base}/v1/companies?ticker=AAPL"`,
            '',
          ];
          process.stdout.write(`${lines.join('\n')}\n`);
          onShutdown(ctx.logger, async () => {
            await app.close();
            await runtime.close();
            await services.close();
          });
        },
        { keepOpen: true },
      );
    });
}
