import { SCREEN_VALUE_FIELDS } from '../../schema/screen.ts';
import { VALUE_FIELDS } from './financials.ts';

/**
 * What /v1/screen can filter and sort on, as data. Three kinds:
 * - statement and metric fields: the latest value in `screen_latest` (loaders/screen.ts), one per
 *   spec 2.5 value field (a name in two statements, such as net_income, is the income statement's);
 * - registry fields (categorical sets): columns of `companies`;
 * - market fields: one SQL expression each over the registry row `c`. market_cap reads
 *   companies.market_cap (null until market data is loaded); a price or any other market figure plugs in
 *   as one more entry here (its expression, e.g. a subquery on the market-data table, and its as-of date),
 *   and then is a filter, a sort key, a facet and an MCP tool argument with no other change.
 */
export type NumericSource = 'income' | 'balance' | 'cash_flow' | 'metrics' | 'market';

export interface NumericField {
  name: string;
  source: NumericSource;
  unit: string;
  /** SQL (over `s` = screen_latest, `c` = companies) giving the value as float8, or null. */
  value: string;
  /** SQL giving `[period, report_period]` of the value as jsonb, or null. */
  period: string;
}

export interface CategoricalField {
  name: 'country' | 'sector' | 'industry' | 'exchange';
  column: string;
  description: string;
}

const PER_SHARE = new Set([
  'earnings_per_share',
  'earnings_per_share_diluted',
  'dividends_per_common_share',
  'book_value_per_share',
  'free_cash_flow_per_share',
]);
const SHARES = new Set(['weighted_average_shares', 'weighted_average_shares_diluted', 'outstanding_shares']);
const MONEY_METRICS = new Set(['enterprise_value']);

/** The unit of a spec 2.5 field, from its meaning (figures are in the company's reporting currency). */
export function unitOf(name: string, source: NumericSource): string {
  if (PER_SHARE.has(name)) return 'currency_per_share';
  if (SHARES.has(name)) return 'shares';
  if (name.startsWith('days_') || name === 'operating_cycle') return 'days';
  if (source === 'metrics' && !MONEY_METRICS.has(name)) return 'ratio';
  return 'currency';
}

function statementFields(): NumericField[] {
  const out: NumericField[] = [];
  const seen = new Set<string>();
  for (const source of ['income', 'balance', 'cash_flow', 'metrics'] as const) {
    for (const name of VALUE_FIELDS[source]) {
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({
        name,
        source,
        unit: unitOf(name, source),
        value: `s."${name}"`,
        period: `s.periods->'${name}'`,
      });
    }
  }
  // Start-up check: screen_latest has a column for every field the statement routes serve, and no other.
  const stored = [...SCREEN_VALUE_FIELDS] as string[];
  if (stored.join() !== out.map((f) => f.name).join())
    throw new Error('schema/screen.ts SCREEN_VALUE_FIELDS is out of step with the statement field lists');
  return out;
}

export const MARKET_FIELDS: NumericField[] = [
  {
    name: 'market_cap',
    source: 'market',
    unit: 'market_cap_currency',
    value: 'c.market_cap::float8',
    period: `case when c.market_cap is null then null else jsonb_build_array('latest', c.as_of_date::text) end`,
  },
  // issue 27: funds and ETFs whose latest N-PORT holds a position linked to the company (docs/funds.md);
  // null when none is linked
  {
    name: 'fund_holders',
    source: 'market',
    unit: 'count',
    value: `(select nullif(count(distinct h.fund_id), 0)::float8 from fund_holdings h
              join funds f on f.latest_accession = h.accession_number where h.company_id = c.company_id)`,
    period: `(select jsonb_build_array('latest', max(h.report_date)::text) from fund_holdings h
               join funds f on f.latest_accession = h.accession_number where h.company_id = c.company_id
              having count(*) > 0)`,
  },
  // issue 25: the latest quarter's EPS surprise against consensus (null when its bases differ), a ratio
  {
    name: 'last_eps_surprise_percent',
    source: 'market',
    unit: 'ratio',
    value: `(select h.surprise_percent from consensus_history h where h.company_id = c.company_id order by h.period_end desc, h.symbol limit 1)`,
    period: `(select jsonb_build_array('quarterly', h.period_end::text) from consensus_history h where h.company_id = c.company_id order by h.period_end desc, h.symbol limit 1)`,
  },
  // issue 25: the latest guidance revision (docs/earnings.md "Screening fields")
  guidanceChangeField('guidance_revenue_change', 'revenue'),
  guidanceChangeField('guidance_eps_change', 'eps_diluted'),
];

/**
 * The company's newest guidance statement of `metric` (any basis) that has a previous statement from an
 * earlier release for the same basis, target period and unit (the predecessor /guidance/changes takes,
 * lib/guidance-changes.ts), as the relative move of its midpoint: +0.05 is raised 5%. Null for a first
 * statement, a withdrawal, a qualitative target or a zero previous midpoint. Period: the target period and
 * the filing date of the revision.
 */
function guidanceChangeField(name: string, metric: string): NumericField {
  const mid = (t: string) =>
    `coalesce(${t}.point, case when ${t}.low is not null and ${t}.high is not null then (${t}.low + ${t}.high) / 2 end)`;
  const revision = (select: string) =>
    `(select ${select}
        from earnings_releases d join earnings_guidance g on g.accession_number = d.accession_number
        cross join lateral (
          select g2.low, g2.high, g2.point from earnings_releases d2
            join earnings_guidance g2 on g2.accession_number = d2.accession_number
           where d2.cik = d.cik and d2.status in ('ok', 'guidance_only') and (d2.filing_date, d2.accession_number) < (d.filing_date, d.accession_number)
             and g2.metric = g.metric and g2.basis = g.basis and g2.unit = g.unit
             and g2.target_fiscal_year is not distinct from g.target_fiscal_year
             and g2.target_fiscal_period is not distinct from g.target_fiscal_period
           order by d2.filing_date desc, d2.accession_number desc, g2.ordinal asc limit 1) p
       where d.cik = c.cik::bigint and d.status in ('ok', 'guidance_only') and g.metric = '${metric}'
         and g.status is distinct from 'withdrawn' and ${mid('g')} is not null and ${mid('p')} <> 0
       order by d.filing_date desc, d.accession_number desc, g.ordinal asc limit 1)`;
  return {
    name,
    source: 'market',
    unit: 'ratio',
    value: revision(`((${mid('g')} - ${mid('p')}) / abs(${mid('p')}))::float8`),
    period: revision(
      `jsonb_build_array(concat_ws(' ', g.target_fiscal_period, g.target_fiscal_year::text), d.filing_date::text)`,
    ),
  };
}

export const NUMERIC_FIELDS: readonly NumericField[] = [...statementFields(), ...MARKET_FIELDS];
export const NUMERIC_BY_NAME = new Map(NUMERIC_FIELDS.map((f) => [f.name, f]));

export const CATEGORICAL_FIELDS: readonly CategoricalField[] = [
  { name: 'country', column: 'c.country', description: 'ISO country code' },
  { name: 'sector', column: 'c.sector', description: 'Sector' },
  { name: 'industry', column: 'c.industry', description: 'Industry (SEC SIC description for US filers)' },
  { name: 'exchange', column: 'c.primary_exchange', description: 'Primary exchange' },
];

/**
 * sector and industry: the registry's, else the classification company facts derive from the SIC code;
 * industry falls back to the SEC's SIC description.
 */
export function registryExpr(name: string): string {
  if (name === 'sector') return `coalesce(c.sector, nullif(cf.facts->>'sector', ''))`;
  if (name === 'industry')
    return `coalesce(c.industry, nullif(cf.facts->>'industry', ''), c.sic_description)`;
  const field = CATEGORICAL_FIELDS.find((c) => c.name === name);
  if (!field) throw new Error(`not a categorical screening field: ${name}`);
  return field.column;
}

/** The screening universe: the registry, its latest values and its company facts. */
export const SCREEN_FROM = `companies c left join screen_latest s on s.company_id = c.company_id
  left join company_facts cf on cf.cik = c.cik`;

export const SOURCE_NOTE: Record<NumericSource, string> = {
  income: 'latest ttm (else annual) income statement',
  balance: 'latest balance sheet (any period)',
  cash_flow: 'latest ttm (else annual) cash-flow statement',
  metrics: 'latest ttm (else annual) metrics',
  market: 'latest market data',
};
