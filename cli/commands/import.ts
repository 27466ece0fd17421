import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { openDatabase } from '../../lib/db.ts';
import { recordPartition, syncDatasetRegistry } from '../../loaders/coverage.ts';
import { loadInvestors } from '../../loaders/directories.ts';
import { parseInvestorDirectory } from '../../parsers/investors/directory-csv.ts';
import { cliContext } from '../context.ts';

/**
 * `etl import investors <csv> [--as-of YYYY-MM-DD]`: loads a venture-investor directory snapshot (the
 * `/v1/investors` dataset). The snapshot replaces the rows a previous import of the same file path loaded.
 */
export function registerImportCommand(program: Command) {
  program
    .command('import')
    .description('Import a directory snapshot file into its dataset (investors)')
    .argument('<kind>', 'investors')
    .argument('<file>', 'the snapshot CSV')
    .option('--as-of <date>', 'the snapshot date (default: the newest fund date in the file)')
    .action(async (kind: string, file: string, opts: { asOf?: string }) => {
      if (kind !== 'investors') throw new Error(`unknown import kind "${kind}"; one of: investors`);
      if (opts.asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.asOf))
        throw new Error('--as-of takes YYYY-MM-DD');
      const { config } = cliContext();
      const path = resolve(file);
      const parsed = parseInvestorDirectory(readFileSync(path, 'utf8'), {
        document: path,
        ...(opts.asOf ? { asOf: opts.asOf } : {}),
      });
      const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      try {
        await database.migrate();
        await syncDatasetRegistry(database);
        const source = `file://${path}`;
        const r = await database.db.transaction(async (tx) => {
          const loaded = await loadInvestors(tx, parsed.rows, source);
          await recordPartition(tx, {
            datasetId: 'investors',
            partitionKey: `import:${source}`,
            status: 'done',
            rows: parsed.rows.length,
            inserted: loaded.inserted,
            at: new Date(),
          });
          return loaded;
        });
        for (const w of parsed.warnings) process.stderr.write(`warning: ${w}\n`);
        process.stdout.write(
          `investors: ${parsed.rows.length} rows as of ${parsed.as_of} (${r.inserted} new, ${r.updated} changed or removed)\n`,
        );
      } finally {
        await database.close();
      }
    });
}
