import { sql } from 'drizzle-orm';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import { VALUATION_METRIC_FIELDS } from '../lib/statement-fields.ts';
import { compute, inputs, type MetricField } from '../parsers/xbrl/metric-formulas.ts';
import type { StatementRow } from '../parsers/xbrl/statements.ts';

/**
 * Switches on the eight valuation metrics of a company's metrics versions (spec 2.5) from our market caps.
 *
 * For each annual and ttm metrics version (quarterly ones stay null: a quarter's earnings against a market
 * cap is a 4x error), the market cap is the one on the report period's end, or on the nearest earlier
 * trading day within MAX_GAP_DAYS (a period ending on a weekend or holiday), in the statements' currency
 * (a TWD statement is never valued with a USD market cap), from a company-wide count (one class's market
 * cap is not the company's: loaders/market-caps.ts); none -> the eight stay null. The inputs are the
 * statement versions known when the metrics version was (known_from <= its known_from), so `as_of` reads
 * the valuation that was computable on that date. Formulas: parsers/xbrl/metric-formulas.ts, with P/E =
 * market cap / net income (a company-level ratio, whatever the listing) and PEG from the version's own
 * earnings_growth.
 *
 * Called in the transaction of every load that changes an input: financials (statements), prices and
 * share counts (market caps).
 */
export const MAX_GAP_DAYS = 7;
const VALUATION: readonly MetricField[] = VALUATION_METRIC_FIELDS;

interface VersionRow {
  statement: string;
  period: string;
  report_period: string;
  known_from: string;
  currency: string | null;
  values: Record<string, number | null>;
  market_cap: string | null;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? []));

export async function applyValuations(tx: Tx, cik: number | string): Promise<number> {
  const padded = padCik(cik);
  if (!padded) return 0;
  const rows = rowsOf<VersionRow>(
    await tx.execute(sql`select f.statement, f.period, f.report_period::text as report_period,
        f.known_from::text as known_from, f.currency, f."values" as values,
        (case when f.statement = 'metrics' then (
          select m.market_cap::text from market_caps m join companies c on c.company_id = m.company_id
           where c.cik = ${padded} and m.currency = f.currency and m.share_class is null
             and m.date <= f.report_period and m.date >= f.report_period - ${MAX_GAP_DAYS}::int
           order by m.date desc, (m.symbol = c.primary_ticker) desc, m.symbol limit 1) end) as market_cap
      from financial_statements f
     where f.cik = ${Number(padded)} and f.period in ('annual', 'ttm')
     order by f.known_from`),
  );
  const patches: Array<{
    period: string;
    report_period: string;
    known_from: string;
    patch: Record<string, number | null>;
  }> = [];
  const byKey = new Map<string, VersionRow[]>();
  for (const r of rows) {
    const k = `${r.statement}|${r.period}|${r.report_period}`;
    const list = byKey.get(k) ?? [];
    list.push(r);
    byKey.set(k, list);
  }
  const knownAt = (statement: string, m: VersionRow) => {
    let hit: VersionRow | undefined;
    for (const v of byKey.get(`${statement}|${m.period}|${m.report_period}`) ?? [])
      if (v.known_from <= m.known_from) hit = v;
    return hit?.values as StatementRow | undefined;
  };
  for (const m of rows) {
    if (m.statement !== 'metrics') continue;
    const cap = m.market_cap === null ? null : Number(m.market_cap);
    const hasValues = VALUATION.some((f) => m.values[f] !== null && m.values[f] !== undefined);
    if (cap === null && !hasValues) continue;
    const x = inputs(knownAt('income', m), knownAt('balance', m), knownAt('cash_flow', m));
    const v = compute(x, undefined, m.period as 'annual', cap === null ? undefined : { marketCap: cap });
    const growth = m.values.earnings_growth ?? null;
    v.peg_ratio =
      v.price_to_earnings_ratio === null || growth === null || growth <= 0
        ? null
        : v.price_to_earnings_ratio / (growth * 100);
    const patch = Object.fromEntries(VALUATION.map((f) => [f, v[f]]));
    if (VALUATION.every((f) => (m.values[f] ?? null) === patch[f])) continue;
    patches.push({ period: m.period, report_period: m.report_period, known_from: m.known_from, patch });
  }
  if (patches.length === 0) return 0;
  await tx.execute(sql`update financial_statements f set "values" = f."values" || p.patch
      from jsonb_to_recordset(${JSON.stringify(patches)}::jsonb) as p(period text, report_period date, known_from date, patch jsonb)
     where f.cik = ${Number(padded)} and f.statement = 'metrics' and f.period = p.period
       and f.report_period = p.report_period and f.known_from = p.known_from`);
  return patches.length;
}
