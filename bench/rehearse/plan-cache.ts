/**
 * `plan_cache_mode` against the rehearsal's databases (docs/scale.md, eleventh session): two hot statements
 * of the API, each run as the API runs it (a named prepared statement, pg's `{ name, text, values }`) by one
 * client, `n` timed executions after 10 untimed ones, the route keys in turn, under each mode, the modes
 * interleaved over `blocks` blocks (the order reversed every block). Prints p50 and mean µs per block and
 * how many executions used a generic plan (`pg_prepared_statements`).
 *
 *   node --import tsx bench/rehearse/plan-cache.ts <rehearse.json> <database url>... [--n 400] [--blocks 3]
 *
 * The statements' texts are taken from a rehearse.json (the runner's EXPLAIN capture), so they are the ones
 * the API sent; the tickers from its `key_spread` run (`route probe`) are given with --tickers.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    n: { type: 'string', default: '400' },
    blocks: { type: 'string', default: '3' },
    tickers: { type: 'string', default: 'CAT,DIS,NVO,LIN,TMO,AMAT,SHEL,MRK' },
  },
});
const [results, ...urls] = positionals;
if (!results || !urls.length) {
  process.stderr.write('usage: plan-cache.ts <rehearse.json> <database url>... [--n 400] [--blocks 3]\n');
  process.exit(2);
}
interface Routes {
  scales: { routes: { route: string; explain: { sql: string }[] }[] }[];
}
const j = JSON.parse(readFileSync(results, 'utf8')) as Routes;
const sqlOf = (route: string, has: string) => {
  const r = j.scales.at(-1)!.routes.find((x) => x.route === route);
  const sql = r?.explain.map((e) => e.sql).find((s) => s.includes(has));
  if (!sql) throw new Error(`${route}: no captured statement with ${has}`);
  return sql;
};
const search = sqlOf('GET /v1/companies?ticker=', 'any($1::text[])');
const byType = sqlOf('GET /v1/filings?ticker=&filing_type=10-K', 'filing_type = any');
const searchParams = (search.match(/\$\d+/g) ?? []).length;
const tickers = values.tickers.split(',');
const modes = ['auto', 'force_custom_plan', 'force_generic_plan'];
const n = Number(values.n);
const out = new Map<string, string[]>();
for (const url of urls) {
  const c0 = new pg.Client({ connectionString: url });
  await c0.connect();
  const ciks = (
    await c0.query(`select ltrim(cik, '0') as cik from companies where primary_ticker = any($1)`, [tickers])
  ).rows.map((r) => String(r.cik));
  await c0.end();
  const statements: Record<string, { text: string; params: (i: number) => unknown[] }> = {
    search: {
      text: search,
      params: (i) => {
        const t = [tickers[i % tickers.length]];
        return [t, t, t, 50, 0].slice(0, searchParams);
      },
    },
    by_type: { text: byType, params: (i) => [ciks[i % ciks.length], ['10-K'], 20] },
  };
  for (let block = 0; block < Number(values.blocks); block++) {
    for (const mode of block % 2 ? [...modes].reverse() : modes) {
      for (const [name, s] of Object.entries(statements)) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`set plan_cache_mode = ${mode}`);
        for (let i = 0; i < 10; i++) await c.query({ name, text: s.text, values: s.params(i) });
        const lat: number[] = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await c.query({ name, text: s.text, values: s.params(i) });
          lat.push(performance.now() - t0);
        }
        const ps = (
          await c.query('select generic_plans, custom_plans from pg_prepared_statements where name = $1', [
            name,
          ])
        ).rows[0];
        await c.end();
        lat.sort((a, b) => a - b);
        const key = `${new URL(url).pathname.slice(1)} ${name} ${mode}`;
        const mean = lat.reduce((a, b) => a + b, 0) / lat.length;
        out.set(key, [
          ...(out.get(key) ?? []),
          `p50 ${Math.round(lat[Math.floor(n / 2)]! * 1000)} µs, mean ${Math.round(mean * 1000)} µs, generic ${ps.generic_plans} custom ${ps.custom_plans}`,
        ]);
      }
    }
  }
}
for (const [k, v] of out) process.stdout.write(`${k}\n  ${v.join('\n  ')}\n`);
