import type { Database } from '../../lib/db.ts';
import { acceptedForms, CompanyResolver } from '../platform/company-resolution.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import {
  CALENDAR_EXAMPLE,
  CALENDAR_SCHEMA,
  ESTIMATE_EXAMPLE,
  ESTIMATE_SCHEMA,
  HISTORY_SCHEMA,
} from './consensus-schemas.ts';

/**
 * Consensus and the earnings calendar (issue 25, Fund, 1 credit, envelope A; docs/consensus-and-markets.md).
 * `/v1/companies/{company_id}/consensus` reads consensus_estimates (series=estimates) or consensus_history
 * (series=history); `/v1/calendar/earnings` joins the provider's next dates with the 8-K Item 2.02 filings.
 */

const resolvers = new WeakMap<Database, CompanyResolver>();
const resolverFor = (database: Database) => {
  let r = resolvers.get(database);
  if (!r) {
    r = new CompanyResolver(database);
    resolvers.set(database, r);
  }
  return r;
};

/** A company, or, for an identifier the registry does not know but consensus rows exist for, that symbol. */
async function consensusTarget(
  database: Database,
  raw: string,
): Promise<{ companyId?: string; symbol?: string }> {
  try {
    return { companyId: (await resolverFor(database).resolve(raw.trim(), 'resolve')).companyId };
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
    const symbol = raw.trim().toUpperCase();
    if (/^[A-Z0-9][A-Z0-9.\-=]{0,19}$/.test(symbol)) {
      const [hit] = await database.query(
        'select 1 from consensus_estimates where symbol = $1 union all select 1 from consensus_history where symbol = $1 limit 1',
        [symbol],
      );
      if (hit) return { symbol };
    }
    throw err;
  }
}

const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const consensusRoute = defineRoute({
  path: '/v1/companies/:company_id/consensus',
  summary: 'Analyst consensus: estimates per period, or actual vs estimate with surprise',
  description:
    "series=estimates (default): the provider's consensus per fiscal period of the company's listings (period codes 0q/+1q current and next fiscal quarter, 0y/+1y fiscal years, +5y/-5y annual EPS growth rates), metric eps, revenue or eps_growth: avg, low, high, analysts, year_ago, growth, the EPS trend (7/30/60/90 days ago) and revisions up/down over 7 and 30 days; the latest daily snapshot unless as_of names an earlier day. Each row carries its basis (Yahoo EPS: adjusted, i.e. the street basis) and the evidence for it. series=history: per fiscal quarter, the provider's actual EPS against its estimate; surprise is computed only when the two are on the same basis and currency, else null with surprise_reason. An identifier the registry does not know but the provider covers (OCDO.L) is served as a symbol with company_id null.",
  tags: ['Earnings'],
  envelope: 'A',
  access: { dataset: 'consensus' },
  pathParams: {
    company_id: p.string({
      description: `${acceptedForms('resolve')}; or a listing symbol`,
      max: 64,
      example: 'AAPL',
    }),
  },
  query: {
    series: p.oneOf(['estimates', 'history'] as const, {
      description: 'estimates (default): consensus per period; history: actual vs estimate per quarter',
      example: 'estimates',
    }),
    metric: p.oneOf(['eps', 'revenue', 'eps_growth'] as const, {
      description: 'series=estimates only: one metric',
      examples: { 'EPS only': 'eps' },
    }),
    period_type: p.oneOf(['quarter', 'year', 'long_term'] as const, {
      description: 'series=estimates only: quarter (0q, +1q), year (0y, +1y) or long_term (+5y, -5y)',
      examples: { quarters: 'quarter' },
    }),
    as_of: p.date({
      description:
        'series=estimates only: the snapshot of this day, or the latest before it (default: the latest)',
      examples: { 'a past snapshot': '2025-02-24' },
    }),
    period_end_gte: p.date({
      description: 'series=history only: quarters ending on or after',
      examples: { 'from 2024': '2024-01-01' },
    }),
    period_end_lte: p.date({
      description: 'series=history only: quarters ending on or before',
      examples: { 'to 2024': '2024-12-31' },
    }),
  },
  validate: (q) => {
    const history = q.series === 'history';
    for (const k of ['metric', 'period_type', 'as_of'] as const)
      if (history && q[k] !== undefined) return `${k} applies to series=estimates only`;
    for (const k of ['period_end_gte', 'period_end_lte'] as const)
      if (!history && q[k] !== undefined) return `${k} applies to series=history only`;
    return undefined;
  },
  page: { default: 100, max: 500 },
  cursorKey: ((r: { symbol: string; period_end: string | null; period_code?: string; metric?: string }) =>
    r.period_code !== undefined
      ? [r.symbol, r.period_end ?? '9999-12-31', r.period_code, r.metric!]
      : [r.period_end!, r.symbol]) as never,
  response: {
    schema: { oneOf: [ESTIMATE_SCHEMA, HISTORY_SCHEMA] },
    example: ESTIMATE_EXAMPLE,
    description: 'Estimate rows (series=estimates) or actual-vs-estimate rows (series=history)',
  },
  handler: async ({ database, path, query, page }) => {
    const target = await consensusTarget(database, path.company_id!);
    const params: unknown[] = [target.companyId ?? target.symbol];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const who = target.companyId ? 'e.company_id = $1' : 'e.symbol = $1';
    if (query.series === 'history') {
      const where = [who];
      if (query.period_end_gte) where.push(`e.period_end >= ${add(query.period_end_gte)}::date`);
      if (query.period_end_lte) where.push(`e.period_end <= ${add(query.period_end_lte)}::date`);
      if (page.after) {
        const [d, s] = page.after;
        if (typeof d !== 'string' || typeof s !== 'string') throw new ApiError(400, 'Malformed cursor');
        where.push(
          `(e.period_end < ${add(d)}::date or (e.period_end = $${params.length}::date and e.symbol > ${add(s)}))`,
        );
      }
      return database.query(
        `select e.symbol, e.company_id, e.provider, e.period_end::text as period_end, e.currency,
                e.eps_actual, e.actual_basis, e.eps_estimate, e.estimate_basis, e.basis_evidence,
                e.surprise, e.surprise_percent, e.surprise_reason, e.provider_surprise_percent,
                e.source, ${ts('e.fetched_at')} as fetched_at
           from consensus_history e where ${where.join(' and ')}
          order by e.period_end desc, e.symbol asc limit ${add(page.fetch)}`,
        params,
      );
    }
    // the snapshot: per symbol, the latest as_of (on or before as_of when given)
    const snap = `e.as_of = (select max(x.as_of) from consensus_estimates x where x.symbol = e.symbol and x.provider = e.provider${
      query.as_of ? ` and x.as_of <= ${add(query.as_of)}::date` : ''
    })`;
    const where = [who, snap];
    if (query.metric) where.push(`e.metric = ${add(query.metric)}`);
    if (query.period_type) where.push(`e.period_type = ${add(query.period_type)}`);
    if (page.after) {
      const [s, d, c, m] = page.after;
      if ([s, d, c, m].some((v) => typeof v !== 'string')) throw new ApiError(400, 'Malformed cursor');
      where.push(
        `(e.symbol, coalesce(e.period_end, '9999-12-31'::date), e.period_code, e.metric) > (${add(s)}, ${add(d)}::date, ${add(c)}, ${add(m)})`,
      );
    }
    const rows = await database.query<Record<string, unknown>>(
      `select e.symbol, e.company_id, e.provider, e.as_of::text as as_of, e.period_code, e.period_type,
              e.period_end::text as period_end, e.metric, e.currency, e.basis, e.basis_evidence,
              e.avg, e.low, e.high, e.year_ago, e.growth, e.analysts,
              e.trend_7d_ago, e.trend_30d_ago, e.trend_60d_ago, e.trend_90d_ago,
              e.revisions_up_7d, e.revisions_up_30d, e.revisions_down_7d, e.revisions_down_30d,
              e.source, ${ts('e.fetched_at')} as fetched_at
         from consensus_estimates e where ${where.join(' and ')}
        order by e.symbol, coalesce(e.period_end, '9999-12-31'::date), e.period_code, e.metric
        limit ${add(page.fetch)}`,
      params,
    );
    return rows.map((r) => {
      const { trend_7d_ago, trend_30d_ago, trend_60d_ago, trend_90d_ago, ...rest } = r;
      const { revisions_up_7d, revisions_up_30d, revisions_down_7d, revisions_down_30d, ...base } = rest;
      const eps = r.metric === 'eps';
      return {
        ...base,
        trend: eps
          ? {
              current: r.avg,
              '7d_ago': trend_7d_ago,
              '30d_ago': trend_30d_ago,
              '60d_ago': trend_60d_ago,
              '90d_ago': trend_90d_ago,
            }
          : null,
        revisions: eps
          ? {
              up_7d: revisions_up_7d,
              up_30d: revisions_up_30d,
              down_7d: revisions_down_7d,
              down_30d: revisions_down_30d,
            }
          : null,
      };
    });
  },
});

/** The 8-K Item 2.02 predicate (the partial indexes of migrations/0014 carry exactly this one). */
const ITEM_202 = `f.form = '8-K' and f.items ~ '(^|,)\\s*2\\.02\\s*(,|$)'`;
const NEW_YORK = (col: string) => `(${col} at time zone 'America/New_York')`;
/** The registry's CIK (10-digit text) as the filing index's number; a malformed one never matches (never an error). */
const CIK_NUMBER = (col: string) => `(case when ${col} ~ '^[0-9]{1,10}$' then ${col}::bigint end)`;

/**
 * 8-K Item 2.02 acceptances on New York's clock: the date and where they fall against the 09:30-16:00 session.
 * `where` narrows the filings themselves (an acceptance-time window, companies), so the indexes serve it.
 */
const past = (where: string) => `
  select c.company_id, coalesce(c.primary_ticker, '') as symbol, c.company_name,
         ${NEW_YORK('f.accepted_at')}::date as date, null::date as date_end,
         case when ${NEW_YORK('f.accepted_at')}::time < time '09:30' then 'before_market'
              when ${NEW_YORK('f.accepted_at')}::time >= time '16:00' then 'after_market'
              else 'during_market' end as time_of_day,
         'reported' as status, f.accepted_at as starts_at, null::timestamptz as call_at,
         'sec_8k_item_2.02' as source, f.accession_number, f.url as source_url,
         null::float8 as eps_estimate, null::float8 as revenue_estimate
    from filings f join companies c on ${CIK_NUMBER('c.cik')} = f.cik
   where ${ITEM_202} and f.accepted_at is not null ${where}`;

const upcoming = (where: string) => `
  select y.company_id, y.symbol, c.company_name, y.date, y.date_end, y.time_of_day,
         case when y.confirmed then 'confirmed' else 'estimated' end as status, y.starts_at, y.call_at,
         y.provider as source, null as accession_number, y.source as source_url,
         y.eps_avg as eps_estimate, y.revenue_avg as revenue_estimate
    from earnings_calendar y left join companies c on c.company_id = y.company_id
   where not exists (
     select 1 from filings f
      where f.cik = ${CIK_NUMBER('c.cik')} and ${ITEM_202}
        and f.accepted_at >= (y.date::timestamp at time zone 'America/New_York')
        and f.accepted_at < ((coalesce(y.date_end, y.date) + 1)::timestamp at time zone 'America/New_York')) ${where}`;

/**
 * The calendar's statement: both sources, each narrowed by its own filters (so the indexes serve a date window or
 * a company), then the common `where` (time of day, status, the cursor), ordered, limited.
 */
export function earningsCalendarSql(
  parts: { past?: string; upcoming?: string; where?: string },
  limit: string,
): string {
  return `select company_id, symbol, company_name, date::text as date, date_end::text as date_end, time_of_day, status,
              ${ts('starts_at')} as starts_at, ${ts('call_at')} as call_at, eps_estimate, revenue_estimate,
              source, accession_number, source_url
         from (${past(parts.past ?? '')} union all ${upcoming(parts.upcoming ?? '')}) cal
        ${parts.where ? `where ${parts.where}` : ''}
        order by date, symbol, source, coalesce(accession_number, '') limit ${limit}`;
}

export const earningsCalendarRoute = defineRoute({
  path: '/v1/calendar/earnings',
  summary: 'Earnings calendar: past announcements (8-K Item 2.02) and upcoming dates',
  description:
    "One row per company announcement date, oldest first. Past dates (status reported) are the company's own 8-K filings with Item 2.02 (Results of Operations), dated and timed by their EDGAR acceptance time on New York's clock (before_market before 09:30, after_market from 16:00, else during_market); amendments (8-K/A) are not announcements. Upcoming dates come from the consensus provider: confirmed (one date, time of day from its timestamp on the listing's market clock) or estimated (a window date..date_end, time of day unknown), with the consensus EPS and revenue beside them. A provider date that an 8-K has already reported is dropped in favour of the filing.",
  tags: ['Earnings'],
  envelope: 'A',
  access: { dataset: 'earnings_calendar' },
  query: {
    date_gte: p.date({ description: 'Announcement date on or after (inclusive)', example: '2025-01-01' }),
    date_lte: p.date({
      description: 'Announcement date on or before (inclusive)',
      examples: { 'with date_gte, a closed range': '2025-06-30' },
    }),
    ticker: p.repeatable(
      p.string({
        description: 'Company ticker, CIK, cmp_ id or listing symbol',
        max: 64,
        examples: { Apple: 'AAPL' },
      }),
      50,
    ),
    time_of_day: p.oneOf(['before_market', 'during_market', 'after_market', 'unknown'] as const, {
      description: 'Where the announcement falls against the regular session',
      examples: { 'after the close': 'after_market' },
    }),
    status: p.oneOf(['reported', 'confirmed', 'estimated'] as const, {
      description: 'reported (an 8-K Item 2.02 was filed), confirmed or estimated (provider)',
      examples: { upcoming: 'confirmed' },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: ((r: { date: string; symbol: string; source: string; accession_number: string | null }) => [
    r.date,
    r.symbol,
    r.source,
    r.accession_number ?? '',
  ]) as never,
  response: { schema: CALENDAR_SCHEMA, example: CALENDAR_EXAMPLE, description: 'Calendar rows' },
  handler: async ({ database, query, page }) => {
    const params: unknown[] = [];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const past: string[] = [];
    const up: string[] = [];
    const where: string[] = [];
    if (query.ticker?.length) {
      const ids: string[] = [];
      const symbols: string[] = [];
      for (const t of query.ticker) {
        symbols.push(t.trim().toUpperCase());
        try {
          ids.push((await resolverFor(database).resolve(t.trim(), 'resolve')).companyId);
        } catch (err) {
          if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
        }
      }
      const i = add(ids);
      const sy = add(symbols);
      past.push(`c.company_id = any(${i}::text[])`);
      up.push(`(y.company_id = any(${i}::text[]) or y.symbol = any(${sy}::text[]))`);
    }
    if (query.date_gte) {
      const d = add(query.date_gte);
      past.push(`f.accepted_at >= (${d}::date::timestamp at time zone 'America/New_York')`);
      up.push(`coalesce(y.date_end, y.date) >= ${d}::date`);
      where.push(`date >= ${d}::date`);
    }
    if (query.date_lte) {
      const d = add(query.date_lte);
      past.push(`f.accepted_at < ((${d}::date + 1)::timestamp at time zone 'America/New_York')`);
      up.push(`y.date <= ${d}::date`);
      where.push(`date <= ${d}::date`);
    }
    if (query.time_of_day) where.push(`time_of_day = ${add(query.time_of_day)}`);
    if (query.status) where.push(`status = ${add(query.status)}`);
    if (page.after) {
      const [d, s, src, acc] = page.after;
      if ([d, s, src, acc].some((v) => typeof v !== 'string')) throw new ApiError(400, 'Malformed cursor');
      where.push(
        `(date, symbol, source, coalesce(accession_number, '')) > (${add(d)}::date, ${add(s)}, ${add(src)}, ${add(acc)})`,
      );
    }
    const and = (xs: string[]) => xs.map((x) => ` and ${x}`).join('');
    return database.query(
      earningsCalendarSql(
        { past: and(past), upcoming: and(up), where: where.join(' and ') },
        add(page.fetch),
      ),
      params,
    );
  },
});

export const consensusRoutes = [asAnyRoute(consensusRoute), asAnyRoute(earningsCalendarRoute)];
