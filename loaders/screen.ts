import { sql } from 'drizzle-orm';
import type { Tx } from '../lib/db.ts';
import { companyIdForCik } from '../lib/ids.ts';
import { SCREEN_VALUE_FIELDS } from '../schema/screen.ts';

const COLUMNS = SCREEN_VALUE_FIELDS.map((f) => `"${f}"`).join(', ');
const PIVOT = SCREEN_VALUE_FIELDS.map(
  (f) => `max((value)::text::float8) filter (where field = '${f}') as "${f}"`,
).join(',\n             ');
const UPDATE = SCREEN_VALUE_FIELDS.map((f) => `"${f}" = excluded."${f}"`).join(', ');

/**
 * Rebuilds one company's row of `screen_latest` from its statement versions, inside the caller's
 * transaction. Per field the value is the newest report period's latest version (removed periods
 * skipped): flows and metrics from ttm rows, or annual rows when a company has no ttm at a later period
 * (a single quarter is never mixed with yearly figures); balances from any period (an instant). A field
 * in two statements (net_income: income and cash flow) takes the first of income, balance, cash_flow,
 * metrics. A company left with no values loses its row.
 */
export async function refreshScreenLatest(tx: Tx, cik: number): Promise<void> {
  const companyId = companyIdForCik(cik);
  await tx.execute(sql`with v as (
      select * from (
        select distinct on (statement, period, report_period) statement, period, report_period, fiscal_period,
               currency, "values"
          from financial_statements
         where cik = ${cik} and (statement = 'balance' or period in ('ttm', 'annual'))
         order by statement, period, report_period, known_from desc) latest
       where fiscal_period is not null),
    f as (
      select distinct on (e.key) e.key as field, e.value, v.period, v.report_period, v.currency
        from v, jsonb_each(v."values") e
       where jsonb_typeof(e.value) = 'number'
       order by e.key, v.report_period desc,
         array_position(array['income','balance','cash_flow','metrics'], v.statement),
         array_position(array['ttm','annual','quarterly'], v.period)),
    agg as (
      select ${sql.raw(PIVOT)},
             jsonb_object_agg(field, jsonb_build_array(period, report_period::text)) as periods,
             mode() within group (order by currency) as currency
        from f where field = any(${sql.param([...SCREEN_VALUE_FIELDS])}::text[]) having count(*) > 0),
    gone as (delete from screen_latest where company_id = ${companyId} and not exists (select 1 from agg))
    insert into screen_latest (company_id, cik, currency, ${sql.raw(COLUMNS)}, periods, refreshed_at)
    select ${companyId}, ${cik}, currency, ${sql.raw(COLUMNS)}, periods, now() from agg
    on conflict (company_id) do update set cik = excluded.cik, currency = excluded.currency,
      ${sql.raw(UPDATE)}, periods = excluded.periods, refreshed_at = excluded.refreshed_at
    where screen_latest.periods is distinct from excluded.periods
       or row(${sql.raw(SCREEN_VALUE_FIELDS.map((f) => `screen_latest."${f}"`).join(', '))})
          is distinct from row(${sql.raw(SCREEN_VALUE_FIELDS.map((f) => `excluded."${f}"`).join(', '))})`);
}
