import { Command } from 'commander';

const program = new Command('etl')
  .description(
    'Operator CLI of the financial-data platform: fetch -> parse -> load upstream datasets, serve the /v1 API.\n' +
      'With nothing configured it uses the embedded database under ./data and the offline upstream mirror.',
  )
  .showHelpAfterError('(run with --help for usage)')
  .addHelpText(
    'after',
    '\nEnvironment: see .env.example (DATABASE_URL, REDIS_URL, UPSTREAM, SEC_USER_AGENT, ...).\nFirst run: etl start',
  );

/**
 * Each command module, with the top-level commands it registers. A command loads only its own module (a
 * parse does not load the API, the queue or the embedder: `etl parse` starts in a fraction of the time);
 * help, a typo or no command loads them all, so help lists every command and commander suggests the
 * right one.
 */
const MODULES: [commands: string[], register: () => Promise<(program: Command) => void>][] = [
  [['serve', 'start'], async () => (await import('./commands/serve.ts')).registerServeCommands],
  [
    ['backfill', 'run', 'reparse', 'worker', 'scheduler'],
    async () => (await import('./commands/jobs.ts')).registerJobCommands,
  ],
  [
    ['migrate', 'mirror', 'status'],
    async () => (await import('./commands/system.ts')).registerSystemCommands,
  ],
  [['parse'], async () => (await import('./commands/parse.ts')).registerParseCommand],
  [['import'], async () => (await import('./commands/import.ts')).registerImportCommand],
  [['mcp'], async () => (await import('./commands/mcp.ts')).registerMcpCommand],
  [['news'], async () => (await import('./news/explain.ts')).registerNewsCommands],
  [['index', 'search'], async () => (await import('./commands/retrieval.ts')).registerRetrievalCommands],
  [['events'], async () => (await import('./commands/events.ts')).registerEventCommands],
  [
    ['accounts', 'keys', 'credits'],
    async () => {
      const { registerAccountCommands } = await import('./commands/accounts.ts');
      return (p) => registerAccountCommands(p, openDb);
    },
  ],
  [
    ['subscriptions'],
    async () => {
      const { registerSubscriptionCommands } = await import('./commands/subscriptions.ts');
      return (p) => registerSubscriptionCommands(p, openDb);
    },
  ],
];

async function openDb() {
  const [{ openDatabase }, { cliContext }] = await Promise.all([
    import('../lib/db.ts'),
    import('./context.ts'),
  ]);
  const { config } = cliContext();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  return database;
}

const name = process.argv.slice(2).find((a) => !a.startsWith('-'));
const own = MODULES.find(([commands]) => name !== undefined && commands.includes(name));
for (const [, load] of own ? [own] : MODULES) (await load())(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // Operators get the message and what to do, not a stack trace (LOG_LEVEL=debug shows it).
  process.stderr.write(`etl: ${(err as Error).message}\n`);
  if (process.env.LOG_LEVEL === 'debug') process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
}
