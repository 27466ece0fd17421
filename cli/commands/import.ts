import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { openDatabase, type Tx } from '../../lib/db.ts';
import { recordPartition, syncDatasetRegistry } from '../../loaders/coverage.ts';
import { learnCusipsFromList } from '../../loaders/cusip-identifiers.ts';
import { loadInvestors } from '../../loaders/directories.ts';
import { parseThirteenFList } from '../../parsers/edgar/thirteen-f-list.ts';
import { parseInvestorDirectory } from '../../parsers/investors/directory-csv.ts';
import { cliContext } from '../context.ts';

/**
 * `etl import investors <csv> [--as-of YYYY-MM-DD]`: loads a venture-investor directory snapshot (the
 * `/v1/investors` dataset). The snapshot replaces the rows a previous import of the same file path loaded.
 * `etl import 13f-list <pdf>`: the SEC's Official List of Section 13(f) Securities (`13flist<YYYY>q<N>.pdf`)
 * as a CUSIP source: its equity lines are name-matched to the registry (`/v1/institutional-holdings` then
 * resolves those CUSIPs to tickers), recorded as a partition of `institutional_holdings`.
 */
export function registerImportCommand(program: Command) {
  program
    .command('import')
    .description(
      'Import a file into its dataset: a venture-investor directory snapshot (investors), or the SEC 13(f) securities list PDF as a CUSIP source (13f-list)',
    )
    .argument('<kind>', 'investors | 13f-list')
    .argument('<file>', 'the snapshot CSV, or the 13flist<YYYY>q<N>.pdf')
    .option('--as-of <date>', 'the snapshot date (default: the newest fund date in the file)')
    .action(async (kind: string, file: string, opts: { asOf?: string }) => {
      if (kind === '13f-list') return importThirteenFList(resolve(file));
      if (kind !== 'investors') throw new Error(`unknown import kind "${kind}"; one of: investors, 13f-list`);
      if (opts.asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.asOf))
        throw new Error('--as-of takes YYYY-MM-DD');
      const path = resolve(file);
      const parsed = parseInvestorDirectory(readFileSync(path, 'utf8'), {
        document: path,
        ...(opts.asOf ? { asOf: opts.asOf } : {}),
      });
      const source = `file://${path}`;
      const r = await importInto('investors', `import:${source}`, parsed.rows.length, (tx) =>
        loadInvestors(tx, parsed.rows, source),
      );
      for (const w of parsed.warnings) process.stderr.write(`warning: ${w}\n`);
      process.stdout.write(
        `investors: ${parsed.rows.length} rows as of ${parsed.as_of} (${r.inserted} new, ${r.updated} changed or removed)\n`,
      );
    });
}

/**
 * Opens the configured database, loads inside one transaction and records the import as a `done` partition
 * of the dataset (key `import:...`: no raw archive behind it, so `etl reparse` passes it by).
 */
async function importInto<R extends { inserted: number }>(
  datasetId: string,
  partitionKey: string,
  rows: number,
  load: (tx: Tx) => Promise<R>,
): Promise<R> {
  const { config } = cliContext();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await syncDatasetRegistry(database);
    return await database.db.transaction(async (tx) => {
      const r = await load(tx);
      await recordPartition(tx, {
        datasetId,
        partitionKey,
        status: 'done',
        rows,
        inserted: r.inserted,
        at: new Date(),
      });
      return r;
    });
  } finally {
    await database.close();
  }
}

async function importThirteenFList(path: string): Promise<void> {
  const list = await parseThirteenFList(readFileSync(path), path);
  const r = await importInto(
    'institutional_holdings',
    `import:13f-list:file://${path}`,
    list.securities.length,
    async (tx) => {
      const learned = await learnCusipsFromList(tx, list.securities);
      return { ...learned, inserted: learned.linked };
    },
  );
  for (const w of list.warnings) process.stderr.write(`warning: ${w}\n`);
  process.stdout.write(
    `13f-list ${list.year ?? '?'}Q${list.quarter ?? '?'}: ${list.securities.length} securities (Total Count ${list.total_count ?? 'missing'}), ${r.candidates} equity lines, ${r.linked} CUSIPs newly linked to registry companies by name\n`,
  );
}
