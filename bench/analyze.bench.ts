/**
 * Planner statistics on PGlite: the plans and times of some route and loader statements over real-sized
 * tables before and after `ANALYZE` (PGlite runs no autovacuum, so no table has statistics until something
 * analyzes it; lib/auto-analyze.ts now does after each load). Run:
 *   node --import tsx bench/analyze.bench.ts [filings] [holdings] [runs]
 * (defaults 300,000 filing index rows, 200,000 13F holdings, 5 runs). PGlite in memory. The rows are the loader
 * bench's scale-ups of real captured files (bench/loader-rows.ts), loaded through the real loaders in batches
 * of 10,000 (one transaction each, as partitions commit), each followed by the auto-analyze pass the pipeline
 * runs after a commit (its count, ms and the tables it analyzed are reported). Then, statistics cleared (the
 * state of every PGlite table before), each statement's EXPLAIN ANALYZE (after a warm-up
 * run) without statistics, then after ANALYZE; then `runs` rounds that alternate the two states (statistics
 * cleared with pg_clear_relation_stats / pg_clear_attribute_stats, then ANALYZE again) and time one run of each
 * statement per state, after an untimed one. Prints one JSON line: per table its pg_stat counters and reltuples after the load and
 * after ANALYZE, the ANALYZE ms (median of every ANALYZE of the run), per statement both plans and the median ms.
 */
import { sql } from 'drizzle-orm';
import { analyzeChangedTables } from '../lib/auto-analyze.ts';
import { type Database, openDatabase } from '../lib/db.ts';
import { SUPPORTED_FILING_TYPES } from '../lib/filing-types.ts';
import { createLogger } from '../lib/logger.ts';
import { loadFilings } from '../loaders/filings.ts';
import { loadThirteenFHoldings } from '../loaders/thirteen-f.ts';
import { thirteenFFilings } from '../schema/ownership.ts';
import { median } from './http-load.ts';
import { filingRows, thirteenFRows } from './loader-rows.ts';

const FILINGS = Number(process.argv[2] ?? 300_000);
const HOLDINGS = Number(process.argv[3] ?? 200_000);
const RUNS = Number(process.argv[4] ?? 5);
const BATCH = 10_000;
const TABLES = ['filings', 'thirteen_f_filings', 'thirteen_f_holdings'];

interface Statement {
  name: string;
  text: string;
  params: unknown[];
}

/** What the auto-analyze passes after each batch cost during the load (lib/auto-analyze.ts, as jobs/pipeline.ts runs it). */
interface Passes {
  passes: number;
  pass_ms: number;
  analyzed: Record<string, { times: number; ms: number }>;
}

async function load(database: Database): Promise<Passes> {
  const out: Passes = { passes: 0, pass_ms: 0, analyzed: {} };
  const log = createLogger('silent');
  const pass = async () => {
    const t = performance.now();
    // no naptime: a pass after every batch (the worst case the pipeline's 1-minute naptime bounds)
    for (const a of await analyzeChangedTables(database, log, { naptimeMs: 0 })) {
      const x = out.analyzed[a.table] ?? { times: 0, ms: 0 };
      out.analyzed[a.table] = x;
      x.times++;
      x.ms += a.ms;
    }
    out.passes++;
    out.pass_ms += performance.now() - t;
  };
  const f = filingRows(FILINGS);
  for (let i = 0; i < f.length; i += BATCH) {
    await database.db.transaction((tx) => loadFilings(tx, f.slice(i, i + BATCH), 'submissions'));
    await pass();
  }
  const h = thirteenFRows(HOLDINGS);
  for (let i = 0; i < h.length; i += BATCH) {
    const batch = h.slice(i, i + BATCH);
    // the cover row of each filing the batch's holdings belong to (its fields are the holdings' own)
    const covers = new Map(batch.map((r) => [r.accessionNumber, r]));
    await database.db.transaction(async (tx) => {
      await tx
        .insert(thirteenFFilings)
        .values(
          [...covers.values()].map((r) => ({
            accessionNumber: r.accessionNumber,
            filerCik: r.filerCik,
            filerName: r.filerName,
            reportPeriod: r.reportPeriod,
            filingDate: r.filingDate,
            formType: r.formType ?? '13F-HR',
            valueUnit: 'dollars',
            unitEvidence: {},
            totals: {},
            excluded: {},
            rows: batch.filter((b) => b.accessionNumber === r.accessionNumber).length,
            fetchedAt: new Date('2025-02-14T00:00:00Z'),
          })),
        )
        .onConflictDoNothing();
      await loadThirteenFHoldings(tx, batch);
    });
    await pass();
  }
  out.pass_ms = Math.round(out.pass_ms);
  return out;
}

async function statements(database: Database): Promise<Statement[]> {
  const [{ cik }] = (await database.query<{ cik: string }>(
    // the filer with the most filings of the served types (the route's default filter)
    'select cik from filings where filing_type = any($1::text[]) group by cik order by count(*) desc, cik limit 1',
    [[...SUPPORTED_FILING_TYPES]],
  )) as [{ cik: string }];
  const [{ filer }] = (await database.query<{ filer: string }>(
    'select filer_cik as filer from thirteen_f_filings order by filer_cik limit 1 offset 7',
  )) as [{ filer: string }];
  const keys = await database.query<{ a: string; c: string }>(
    'select accession_number as a, cik as c from filings order by accession_number limit 256',
  );
  // one company whose CUSIP is the most held of the 13F rows (the ticker routes resolve a company's CUSIPs)
  const [{ cusip }] = (await database.query<{ cusip: string }>(
    'select cusip from thirteen_f_holdings group by cusip order by count(*) desc, cusip limit 1',
  )) as [{ cusip: string }];
  await database.query(
    `insert into companies (company_id, company_name, primary_ticker, as_of_date, source_url, fetched_at)
     values ('cmp_bench', 'BENCH ISSUER', 'BNCH', '2025-02-14', 'bench', now())`,
  );
  await database.query(
    `insert into company_identifiers (company_id, id_type, id_value, source, confidence)
     values ('cmp_bench', 'CUSIP', $1, 'bench', 'high')`,
    [cusip],
  );
  const types = [...SUPPORTED_FILING_TYPES];
  return [
    {
      // api/routes/filings.ts filingsText(0): one filer's index, newest first
      name: 'filings of one cik (GET /v1/filings)',
      text: `select accession_number, filing_type, report_date::text as report_date, filing_date::text as filing_date, url
         from filings where cik = $1 and filing_type = any($2::text[])
        order by filing_date desc, accession_number desc limit $3`,
      params: [cik, types, 100],
    },
    {
      // api/routes/filings.ts filingCiks
      name: 'CIKs with filings (GET /v1/filings/ciks)',
      text: `select lpad(cik::text, 10, '0') as cik
         from (select distinct cik from filings where filing_type = any($1::text[])) f order by 1`,
      params: [types],
    },
    {
      // api/routes/ownership.ts, institutional holdings of one filer (no period filter: the newest quarter)
      name: '13F holdings of one filer (GET /v1/ownership/institutional?filer_cik=)',
      text: `with periods as (
           select distinct f.report_period from thirteen_f_filings f
            where f.filer_cik = $1 and not f.superseded
            order by f.report_period desc limit $2)
         select h.name_of_issuer, h.cusip, h.report_period::text as report_period, h.filing_date::text as filing_date,
              h.form_type, h.accession_number, nullif(h.title_of_class, '') as title_of_class, null as put_call,
              h.shares, h.value_usd, h.reported_price, h.filer_cik::int as filer_cik, h.filer_name
         from thirteen_f_holdings h join thirteen_f_filings f on f.accession_number = h.accession_number
        where f.filer_cik = $1 and not f.superseded and f.report_period in (select report_period from periods)
        order by h.report_period desc, h.value_usd desc, h.cusip
        limit $3`,
      params: [filer, 1, 100],
    },
    {
      // api/routes/ownership.ts, institutional holders of one company (ticker): the newest quarter's filers
      name: '13F holders of one company (GET /v1/ownership/institutional?ticker=)',
      text: `with cusips as (select id_value as cusip from company_identifiers where id_type = 'CUSIP' and company_id = $1),
            periods as (
              select distinct f.report_period from thirteen_f_holdings h join thirteen_f_filings f on f.accession_number = h.accession_number
               where h.cusip in (select cusip from cusips) and not f.superseded
               order by f.report_period desc limit $2),
            latest as (
              select f.filer_cik, max(f.report_period) as report_period from thirteen_f_filings f
               where not f.superseded and f.report_period in (select report_period from periods)
               group by f.filer_cik)
       select (select c.primary_ticker from company_identifiers i join companies c on c.company_id = i.company_id
                where i.id_type = 'CUSIP' and i.id_value = h.cusip order by c.company_id limit 1) as ticker,
              h.name_of_issuer, h.cusip, h.report_period::text as report_period, h.filing_date::text as filing_date,
              h.form_type, h.accession_number, nullif(h.title_of_class, '') as title_of_class, null as put_call,
              h.shares, h.value_usd, h.reported_price, h.filer_cik::int as filer_cik, h.filer_name
         from thirteen_f_holdings h join thirteen_f_filings f on f.accession_number = h.accession_number
        join latest l on l.filer_cik = f.filer_cik and l.report_period = f.report_period
       where not f.superseded and h.cusip in (select cusip from cusips)
       order by h.value_usd desc, h.filer_cik, h.cusip
       limit $3`,
      params: ['cmp_bench', 8, 100],
    },
    {
      // loaders/copy-upsert.ts: the probe of 256 keys before a straight COPY
      name: 'loader probe of 256 filing keys (copyUpsertRows)',
      text: `select exists (select 1 from unnest($1::text[], $2::bigint[]) as k(accession_number, cik)
               join filings t on t.accession_number = k.accession_number and t.cik = k.cik) as hit`,
      params: [keys.map((k) => k.a), keys.map((k) => k.c)],
    },
  ];
}

/** The statement's `EXPLAIN ANALYZE` after one warm-up run (so both states read warm pages). */
async function explain(database: Database, s: Statement): Promise<string[]> {
  await database.query(s.text, s.params);
  const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs) ${s.text}`, s.params);
  return plan.map((r) => r['QUERY PLAN']);
}

/**
 * ms of one run of the statement, after one untimed run: the first statement after ANALYZE or a clear reloads
 * the table's cached catalog entries (and its pg_statistic rows), a one-off that steady serving does not pay.
 */
async function time(database: Database, s: Statement): Promise<number> {
  await database.query(s.text, s.params);
  const t = performance.now();
  await database.query(s.text, s.params);
  return performance.now() - t;
}

/** Back to no statistics, as after a load on PGlite (PostgreSQL 18's pg_clear_*_stats). */
async function clearStats(database: Database) {
  for (const t of TABLES) {
    await database.query(`select pg_clear_relation_stats('public', $1)`, [t]);
    await database.query(
      `select pg_clear_attribute_stats('public', $1, a.attname, false)
         from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`,
      [t],
    );
  }
}

/** ANALYZE of each table; its ms. */
async function analyzeAll(database: Database): Promise<Record<string, number>> {
  const ms: Record<string, number> = {};
  for (const t of TABLES) {
    const t1 = performance.now();
    await database.db.execute(sql.raw(`analyze "${t}"`));
    ms[t] = Math.round(performance.now() - t1);
  }
  return ms;
}

async function tableStats(database: Database) {
  await database.query('select pg_stat_force_next_flush()');
  return database.query(
    `select s.relname, s.n_live_tup, s.n_mod_since_analyze, s.last_analyze, s.last_autoanalyze, c.reltuples
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname = any($1::text[]) order by 1`,
    [TABLES],
  );
}

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const t0 = performance.now();
    const passes = await load(database);
    const loadS = Math.round((performance.now() - t0) / 100) / 10;
    // the state of a PGlite database after a load before this branch: no statistics
    await clearStats(database);
    const stats = await tableStats(database);
    const list = await statements(database);
    const plans = { before: [] as string[][], after: [] as string[][] };
    for (const st of list) plans.before.push(await explain(database, st));
    const analyze: Record<string, number[]> = Object.fromEntries(TABLES.map((t) => [t, []]));
    const record = (ms: Record<string, number>) => {
      for (const t of TABLES) analyze[t]!.push(ms[t]!);
    };
    record(await analyzeAll(database));
    const analyzed = await tableStats(database);
    for (const st of list) plans.after.push(await explain(database, st));
    // rounds alternate the two states (statistics cleared, then analyzed again), so drift hits both
    const ms = { before: list.map(() => [] as number[]), after: list.map(() => [] as number[]) };
    for (let round = 0; round < RUNS; round++) {
      await clearStats(database);
      for (const [i, st] of list.entries()) ms.before[i]!.push(await time(database, st));
      record(await analyzeAll(database));
      for (const [i, st] of list.entries()) ms.after[i]!.push(await time(database, st));
    }
    const med = (xs: number[]) => Math.round(median(xs) * 10) / 10;
    process.stdout.write(
      `${JSON.stringify({
        name: 'analyze',
        filings: FILINGS,
        holdings: HOLDINGS,
        runs: RUNS,
        load_s: loadS,
        passes_during_load: passes,
        tables_without_statistics: stats,
        analyze_ms: Object.fromEntries(TABLES.map((t) => [t, { median: med(analyze[t]!), all: analyze[t] }])),
        tables_after_analyze: analyzed,
        statements: list.map((st, i) => ({
          name: st.name,
          before: { median_ms: med(ms.before[i]!), ms: ms.before[i]!.map(Math.round), plan: plans.before[i] },
          after: { median_ms: med(ms.after[i]!), ms: ms.after[i]!.map(Math.round), plan: plans.after[i] },
        })),
      })}\n`,
    );
  } finally {
    await database.close();
  }
}

await main();
