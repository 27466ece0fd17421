import type { Command } from 'commander';
import { expandTickers } from '../../api/retrieval/companies.ts';
import { type SearchMode, search } from '../../api/retrieval/search.ts';
import { embedWithProgress } from '../../jobs/retrieval/embedding.ts';
import { openDatabase } from '../../lib/db.ts';
import { embedderFromEnv } from '../../lib/embeddings.ts';
import { runBackfills } from '../backfills.ts';
import { type CliContext, cliContext, onShutdown, withRuntime } from '../context.ts';

/** `etl index documents` (backfill of the retrieval index, with progress) and `etl search` for operators. */
export function registerRetrievalCommands(program: Command, getCtx: () => CliContext = cliContext) {
  program
    .command('index')
    .argument('<what>', 'documents')
    .description(
      'Index earnings-call transcripts and the loaded 10-K/10-Q items for retrieval (chunk, embed), with progress; re-embeds chunks of another embedding model',
    )
    .option('--force', 're-index transcripts already indexed')
    .action(async (what: string, opts: { force?: boolean }) => {
      if (what !== 'documents') throw new Error(`unknown index "${what}"; known: documents`);
      const ctx = getCtx();
      const stop = new AbortController();
      onShutdown(ctx.logger, async () => stop.abort());
      const failed = await withRuntime(ctx, async (services, runtime) => {
        await services.database.migrate();
        const failed = await runBackfills(
          ctx,
          services,
          runtime,
          ['documents'],
          { force: opts.force ?? false },
          stop.signal,
        );
        // then the embedding step: chunks without a vector of the current model, batch by batch
        await embedWithProgress(services.database, ctx.logger, stop.signal);
        return failed;
      });
      if (failed > 0) process.exitCode = 1;
    });

  program
    .command('search')
    .argument('<query>', 'the question or keywords')
    .description('Search the retrieval index and print the top passages with their sources')
    .option('--ticker <tickers>', 'comma-separated tickers')
    .option('--year <year>', 'fiscal year')
    .option('--quarter <quarter>', 'Q1-Q4')
    .option('--top <k>', 'passages to print', '5')
    .option('--mode <mode>', 'vector | fulltext | hybrid | rerank', 'rerank')
    .option('--json', 'print JSON')
    .action(
      async (
        query: string,
        opts: {
          ticker?: string;
          year?: string;
          quarter?: string;
          top: string;
          mode: SearchMode;
          json?: boolean;
        },
      ) => {
        const { config } = getCtx();
        const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
        try {
          await database.migrate();
          const embedder = await embedderFromEnv();
          const names = opts.ticker ? opts.ticker.split(',').map((t) => t.trim().toUpperCase()) : [];
          const filters = {
            ...(names.length ? await expandTickers(database, names) : {}),
            ...(opts.year ? { year: Number(opts.year) } : {}),
            ...(opts.quarter ? { quarter: Number(opts.quarter.replace(/^Q/i, '')) } : {}),
          };
          const hits = await search(database, embedder, {
            query,
            filters,
            topK: Number(opts.top),
            mode: opts.mode,
          });
          const titles = new Map(
            (
              await database.query<{ id: string; title: string }>(
                'select id, title from retrieval_documents where id = any($1::text[])',
                [hits.map((h) => h.documentId)],
              )
            ).map((r) => [r.id, r.title]),
          );
          if (opts.json) {
            process.stdout.write(`${JSON.stringify(hits, null, 2)}\n`);
            return;
          }
          if (hits.length === 0)
            process.stdout.write('no passages (is the index built? etl index documents)\n');
          for (const [i, h] of hits.entries()) {
            process.stdout.write(
              `${i + 1}. [${h.distance === null ? 'no vector yet' : h.distance.toFixed(3)}] ${titles.get(h.documentId)} (segment ${h.segmentSequence}, chars ${h.charStart}-${h.charEnd})\n   ${h.text.slice(0, 300).replace(/\s+/g, ' ')}${h.text.length > 300 ? '...' : ''}\n`,
            );
          }
        } finally {
          await database.close();
        }
      },
    );
}
