import { Command } from 'commander';
import { openDatabase } from '../lib/db.ts';
import { registerAccountCommands } from './commands/accounts.ts';
import { registerEventCommands } from './commands/events.ts';
import { registerImportCommand } from './commands/import.ts';
import { registerJobCommands } from './commands/jobs.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerParseCommand } from './commands/parse.ts';
import { registerRetrievalCommands } from './commands/retrieval.ts';
import { registerServeCommands } from './commands/serve.ts';
import { registerSubscriptionCommands } from './commands/subscriptions.ts';
import { registerSystemCommands } from './commands/system.ts';
import { cliContext } from './context.ts';
import { registerNewsCommands } from './news/explain.ts';

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

registerServeCommands(program);
registerJobCommands(program);
registerSystemCommands(program);
registerParseCommand(program);
registerImportCommand(program);
registerMcpCommand(program);
registerNewsCommands(program);
registerRetrievalCommands(program);
registerEventCommands(program);
const openDb = async () => {
  const { config } = cliContext();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  return database;
};
registerAccountCommands(program, openDb);
registerSubscriptionCommands(program, openDb);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // Operators get the message and what to do, not a stack trace (LOG_LEVEL=debug shows it).
  process.stderr.write(`etl: ${(err as Error).message}\n`);
  if (process.env.LOG_LEVEL === 'debug') process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
}
