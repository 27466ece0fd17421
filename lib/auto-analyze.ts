import type { Database } from './db.ts';
import type { Logger } from './logger.ts';

/** One table analyzed by a pass: rows changed since its last analyze, its rows after, the ANALYZE's ms. */
export interface AnalyzedTable {
  table: string;
  changed: number;
  rows: number;
  ms: number;
}

/**
 * The tables autovacuum would analyze now (its rule, with the server's own settings): more rows inserted,
 * updated or deleted since the last analyze (`n_mod_since_analyze`) than `autovacuum_analyze_threshold` (50)
 * + `autovacuum_analyze_scale_factor` (0.1) x the rows the table had at that analyze (`reltuples`, -1 = never
 * analyzed, taken as 0 as autovacuum does). Ordinary tables only (no temporary table, no view).
 */
const DUE = `select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as ident, s.relname as table,
       s.n_mod_since_analyze::float8 as changed
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
 where c.relkind = 'r' and c.relpersistence = 'p'
   and s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
       + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
 order by s.relname`;

const passes = new WeakMap<Database, Promise<AnalyzedTable[]>>();

/**
 * What autovacuum's auto-analyze does on Postgres, for the embedded runtime, which has no autovacuum: PGlite is
 * single-user Postgres, so no table ever gets planner statistics unless something runs `ANALYZE` (docs/operations.md,
 * "Planner statistics on the embedded database"). Called after a load has committed (jobs/pipeline.ts), never
 * inside a transaction: `ANALYZE`s each table whose rows changed past autovacuum's threshold, one at a time, and
 * logs each with its ms. On Postgres it does nothing (autovacuum does it there). One pass at a time per database:
 * a load that commits while a pass runs gets that pass (its changes wait for the next load's). Never throws:
 * a failed pass is logged and the load it follows stays done.
 */
export function analyzeChangedTables(database: Database, log: Logger): Promise<AnalyzedTable[]> {
  if (database.kind !== 'pglite') return Promise.resolve([]);
  const running = passes.get(database);
  if (running) return running;
  const pass = analyzePass(database, log).finally(() => passes.delete(database));
  passes.set(database, pass);
  return pass;
}

async function analyzePass(database: Database, log: Logger): Promise<AnalyzedTable[]> {
  const done: AnalyzedTable[] = [];
  try {
    // The backend's pending counts reach pg_stat at most once a second: flushed at the end of this statement.
    await database.query('select pg_stat_force_next_flush()');
    const due = await database.query<{ ident: string; table: string; changed: number }>(DUE);
    for (const t of due) {
      const started = performance.now();
      await database.query(`analyze ${t.ident}`);
      const ms = Math.round(performance.now() - started);
      const [r] = await database.query<{ rows: number }>(
        'select reltuples::float8 as rows from pg_class where oid = $1::regclass',
        [t.ident],
      );
      const a = { table: t.table, changed: Number(t.changed), rows: Number(r?.rows ?? 0), ms };
      done.push(a);
      log.info(a, 'table analyzed (embedded database: no autovacuum)');
    }
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'analyze of changed tables failed');
  }
  return done;
}
