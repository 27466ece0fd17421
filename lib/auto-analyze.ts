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

/** autovacuum_naptime's default: autovacuum looks at a database at most once a minute. */
export const AUTOVACUUM_NAPTIME_MS = 60_000;

interface State {
  /** When the last pass started (0 = never). */
  last: number;
  running?: Promise<AnalyzedTable[]>;
  /** The pass deferred to the end of the naptime. */
  timer?: NodeJS.Timeout;
}

const states = new WeakMap<Database, State>();

/**
 * What autovacuum's auto-analyze does on Postgres, for the embedded runtime, which has no autovacuum: PGlite is
 * single-user Postgres, so no table ever gets planner statistics unless something runs `ANALYZE`
 * (docs/hot-paths.md, "Planner statistics on the embedded database"). Called after a load has committed
 * (jobs/pipeline.ts, the bulk financials and N-PORT backfills), never inside a transaction: `ANALYZE`s each
 * table whose rows changed past autovacuum's threshold, one at a time, and logs each with its ms. On Postgres
 * it does nothing (autovacuum does it there).
 *
 * At most one pass per `naptimeMs` (autovacuum's naptime, 1 minute), as autovacuum visits a database: a load
 * that commits sooner schedules the pass for the end of the naptime (an unref'd timer), so a bulk backfill
 * committing every second is analyzed once a minute and once after its last commit, not after every batch.
 * One pass at a time per database (a load committing during a pass gets the deferred one). Never throws: a failed pass is logged and the load it follows stays done.
 */
export function analyzeChangedTables(
  database: Database,
  log: Logger,
  opts: { naptimeMs?: number } = {},
): Promise<AnalyzedTable[]> {
  if (database.kind !== 'pglite') return Promise.resolve([]);
  const naptime = opts.naptimeMs ?? AUTOVACUUM_NAPTIME_MS;
  let state = states.get(database);
  if (!state) {
    state = { last: 0 };
    states.set(database, state);
  }
  const wait = state.last + naptime - performance.now();
  // within the naptime (or while a pass runs, which may have read the counts before this load's commit):
  // one pass at the end of the naptime takes every change until then
  if (state.running || (state.last > 0 && wait > 0)) {
    state.timer ??= setTimeout(
      () => {
        state.timer = undefined;
        // after the pass that may be running (never a second one beside it)
        void (state.running ?? Promise.resolve()).then(() =>
          analyzeChangedTables(database, log.child({ deferred: true }), opts),
        );
      },
      Math.max(wait, 0),
    ).unref();
    return state.running ?? Promise.resolve([]);
  }
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  state.last = performance.now();
  const pass = analyzePass(database, log).finally(() => {
    state.running = undefined;
  });
  state.running = pass;
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
    const message = (err as Error).message;
    // a deferred pass that finds the database closed (the process is stopping) has nothing to do
    if (/closed/i.test(message)) log.debug({ err: message }, 'analyze skipped: database closed');
    else log.warn({ err: message }, 'analyze of changed tables failed');
  }
  return done;
}
