import type { Command } from 'commander';
import { openDatabase } from '../../lib/db.ts';
import type { DeliveredEvent } from '../../lib/events/catalog.ts';
import { EVENT_TYPE_NAMES } from '../../lib/events/catalog.ts';
import { lastSequence, readEvents } from '../../lib/events/feed.ts';
import { EventWaker } from '../../lib/events/waker.ts';
import { type CliContext, cliContext, onShutdown } from '../context.ts';

const BATCH = 500;

/** `etl events tail`: the event log for operators (docs/events.md). */
export function registerEventCommands(program: Command, getCtx: () => CliContext = cliContext) {
  const events = program
    .command('events')
    .description('The event log that feeds the pull feed, the stream and webhooks');
  events
    .command('tail')
    .description(
      'Print the event log in sequence order: the last --lines events (or those after --after N), then, with --follow, each new one as it is committed. One line per event: sequence, published_at, type, ticker, id, links.self; --json prints the events as the pull feed serves them (one JSON object per line). With the embedded database, stop `etl start` first (one process owns it) or read GET /v1/events instead.',
    )
    .option('--after <sequence>', 'start after this sequence (default: the last --lines events)')
    .option('--lines <n>', 'how many of the newest events to print first, without --after', '20')
    .option('--types <types>', `comma-separated event types (${EVENT_TYPE_NAMES.join(', ')})`)
    .option('--tickers <tickers>', 'comma-separated tickers')
    .option('-f, --follow', 'keep printing new events until interrupted (Ctrl-C)')
    .option('--json', 'one JSON event per line')
    .action(
      async (opts: {
        after?: string;
        lines: string;
        types?: string;
        tickers?: string;
        follow?: boolean;
        json?: boolean;
      }) => {
        const split = (s?: string) =>
          s
            ?.split(',')
            .map((x) => x.trim())
            .filter(Boolean);
        const types = split(opts.types) ?? [...EVENT_TYPE_NAMES];
        const unknown = types.filter((t) => !EVENT_TYPE_NAMES.includes(t));
        if (unknown.length)
          throw new Error(`unknown event type ${unknown.join(', ')}; known: ${EVENT_TYPE_NAMES.join(', ')}`);
        if (opts.after !== undefined && !/^\d+$/.test(opts.after))
          throw new Error('--after takes a sequence number (0 or more)');
        const lines = Number(opts.lines);
        if (!Number.isInteger(lines) || lines < 0) throw new Error('--lines takes a whole number');
        const filters = { types, tickers: split(opts.tickers)?.map((t) => t.toUpperCase()) };

        const ctx = getCtx();
        const database = await openDatabase({
          databaseUrl: ctx.config.DATABASE_URL,
          dataDir: ctx.config.DATA_DIR,
        });
        await database.migrate();
        let after =
          opts.after !== undefined ? Number(opts.after) : Math.max(0, (await lastSequence(database)) - lines);
        const print = (e: DeliveredEvent) => {
          if (opts.json) process.stdout.write(`${JSON.stringify(e)}\n`);
          else {
            const self = (e.data.links as { self?: string | null } | undefined)?.self ?? '';
            process.stdout.write(
              `${String(e.sequence).padStart(8)}  ${e.published_at}  ${e.type.padEnd(32)} ${(e.ticker ?? '-').padEnd(8)} ${e.id}  ${self}\n`,
            );
          }
        };
        const drain = async () => {
          for (;;) {
            const batch = await readEvents(database, filters, after, BATCH);
            for (const e of batch) {
              print(e);
              after = e.sequence;
            }
            if (batch.length < BATCH) return;
          }
        };
        await drain();
        if (!opts.follow) {
          await database.close();
          return;
        }
        const waker = new EventWaker(database, ctx.logger, 1_000);
        let busy: Promise<void> = Promise.resolve();
        await waker.subscribe(() => {
          busy = busy.then(drain).catch((err) => ctx.logger.error({ err }, 'events tail: read failed'));
        });
        await new Promise<void>((resolve) => {
          onShutdown(ctx.logger, async () => {
            await waker.close();
            await busy;
            await database.close();
            resolve();
          });
        });
      },
    );
}
