import { type SQL, sql } from 'drizzle-orm';
import { currentItem, ITEM_BY_CODE } from '../../api/routes/8k-families.ts';
import { easternToUtc } from '../../parsers/edgar/eastern-time.ts';
import type { Tx } from '../db.ts';
import { SUPPORTED_FILING_TYPES } from '../filing-types.ts';
import { type GuidanceStatement, guidanceChanges } from '../guidance-changes.ts';
import { privateCompanyIdForCik } from '../private-company-ids.ts';
import { appendEvents, type NewEvent } from './log.ts';

/**
 * Emission: which rows of a load become events (docs/events.md, "Emission policy").
 *
 * The pipeline calls emitEvents last in a partition's load transaction (jobs/pipeline.ts), so the events
 * commit or roll back with the rows they describe (the outbox). A dataset's emitter reads back the rows
 * this transaction wrote (`xmin` = the transaction's id): the upserts write only rows that are new or whose
 * values changed (loaders/upsert.ts), so an identical re-run selects nothing, and a changed row of a fact
 * already published keeps its event id (type + natural key) and is not appended again. A new version of a
 * fact (a restated statement: a new `known_from`) has a new natural key, so it is a new event.
 *
 * History: an event is emitted only when the fact's own time (EDGAR acceptance where known, else the
 * fact's date) is within `maxAgeDays` of its detection (the fetch of the document), so a backfill of old
 * history does not flood the log and its subscribers; 0 = no limit.
 */
export interface EmitContext {
  /** The partition key (`cik:0000320193`, `acc:<accession>`, `q:2024Q4`...). */
  key: string;
  /** The parser's rows (what the job's load received). */
  rows: unknown;
  /** When the partition's documents were fetched (the newest fetch): each event's `detected_at`. */
  detectedAt: string;
  maxAgeDays: number;
}

type Emitter = (tx: Tx, ctx: EmitContext) => Promise<NewEvent[]>;

/** Rows this transaction inserted or changed (Postgres and PGlite alike). */
const mine = (alias: string) => sql.raw(`${alias}.xmin = pg_current_xact_id()::xid`);

async function select<T>(tx: Tx, q: SQL): Promise<T[]> {
  const out = await tx.execute(q);
  return (Array.isArray(out) ? out : ((out as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** A timestamp as ISO 8601 UTC (drivers hand back Date objects or Postgres text such as `2023-08-03 22:04:43+00`). */
function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const s = String(v);
  const t = Date.parse(s.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isFinite(t) ? new Date(t).toISOString() : s;
}
const q = encodeURIComponent;

/** Whether a fact of this time, detected at `detectedAt`, is recent enough to be pushed. */
export function withinMaxAge(
  factTime: string | Date,
  detectedAt: string | Date,
  maxAgeDays: number,
): boolean {
  if (maxAgeDays <= 0) return true;
  const fact = typeof factTime === 'string' ? Date.parse(factTime) : factTime.getTime();
  const seen = typeof detectedAt === 'string' ? Date.parse(detectedAt) : detectedAt.getTime();
  if (!Number.isFinite(fact) || !Number.isFinite(seen)) return false;
  return seen - fact <= maxAgeDays * 86_400_000;
}

const SERVED_FORMS = new Set<string>(SUPPORTED_FILING_TYPES);

const filingEvents: Emitter = async (tx, ctx) => {
  const parsed = (ctx.rows as { filings?: { accessionNumber: string; filingDate: string }[] }).filings ?? [];
  // a quarter's index holds ~300,000 filings: only the recent ones can pass the age rule (a day of slack:
  // an acceptance in the evening is filed the next business day), so only those are looked up
  const recent =
    ctx.maxAgeDays > 0
      ? parsed.filter((r) => withinMaxAge(r.filingDate, ctx.detectedAt, ctx.maxAgeDays + 4))
      : parsed;
  const accessions = [...new Set(recent.map((r) => r.accessionNumber))];
  if (accessions.length === 0) return [];
  const rows = await select<{
    accession_number: string;
    cik: string;
    filing_type: string;
    form: string;
    company_name: string | null;
    report_date: string | null;
    filing_date: string;
    accepted_at: string | null;
    url: string;
    company_id: string | null;
    ticker: string | null;
  }>(
    tx,
    sql`select f.accession_number, lpad(f.cik::text, 10, '0') as cik, f.filing_type, f.form, f.company_name,
          f.report_date::text as report_date, f.filing_date::text as filing_date, f.accepted_at, f.url,
          c.company_id, c.primary_ticker as ticker
        from filings f left join companies c on c.cik = lpad(f.cik::text, 10, '0')
       where f.accession_number = any(${sql.param(accessions)}::text[]) and ${mine('f')}
       order by f.filing_date, f.accession_number, f.cik`,
  );
  return rows
    .filter((r) => SERVED_FORMS.has(r.filing_type))
    .map((r) => ({
      type: 'filing.published',
      key: `${r.accession_number}:${r.cik}`,
      occurredAt: r.filing_date,
      acceptedAt: iso(r.accepted_at),
      detectedAt: ctx.detectedAt,
      companyId: r.company_id,
      ticker: r.ticker,
      data: {
        accession_number: r.accession_number,
        cik: r.cik,
        company_id: r.company_id,
        ticker: r.ticker,
        company_name: r.company_name,
        form: r.filing_type,
        form_as_filed: r.form,
        filing_date: r.filing_date,
        report_date: r.report_date,
        accepted_at: iso(r.accepted_at),
        url: r.url,
        links: {
          self: `/v1/filings?cik=${Number(r.cik)}&filing_type=${q(r.filing_type)}&filed_at_gte=${r.filing_date}&filed_at_lte=${r.filing_date}`,
        },
      },
    }));
};

const ITEM_FORMS: Record<string, string> = { '10-K/A': '10-K', '10-Q/A': '10-Q', '8-K/A': '8-K' };

const filingItemEvents: Emitter = async (tx, ctx) => {
  const accession = (ctx.rows as { filing?: { accessionNumber?: string } }).filing?.accessionNumber;
  if (!accession) return [];
  const [doc] = await select<{
    accession_number: string;
    cik: string;
    filing_type: string;
    form: string;
    filing_date: string;
    report_date: string | null;
    year: number | null;
    status: string;
    document_url: string;
    n_exhibits: number;
    accepted_at: string | null;
    company_id: string | null;
    ticker: string | null;
    written: boolean;
  }>(
    tx,
    sql`select d.accession_number, lpad(d.cik::text, 10, '0') as cik, d.filing_type, d.form,
          d.filing_date::text as filing_date, d.report_date::text as report_date, d.year, d.status,
          d.document_url, jsonb_array_length(d.exhibits)::int as n_exhibits,
          (select max(f.accepted_at) from filings f where f.accession_number = d.accession_number) as accepted_at,
          c.company_id, c.primary_ticker as ticker, ${mine('d')} as written
        from filing_documents d left join companies c on c.cik = lpad(d.cik::text, 10, '0')
       where d.accession_number = ${accession}`,
  );
  if (!doc) return [];
  const items = await select<{ number: string; name: string; ordinal: number; written: boolean }>(
    tx,
    sql`select i.number, i.name, i.ordinal, ${mine('i')} as written from filing_items i
         where i.accession_number = ${accession} order by i.ordinal`,
  );
  const base = {
    occurredAt: doc.filing_date,
    acceptedAt: iso(doc.accepted_at),
    detectedAt: ctx.detectedAt,
    companyId: doc.company_id,
    ticker: doc.ticker,
  };
  const who = doc.ticker ?? String(Number(doc.cik));
  const out: NewEvent[] = [];
  if (doc.written || items.some((i) => i.written)) {
    const form = ITEM_FORMS[doc.filing_type] ?? doc.filing_type;
    out.push({
      ...base,
      type: 'filing_items.published',
      key: accession,
      data: {
        accession_number: accession,
        cik: doc.cik,
        company_id: doc.company_id,
        ticker: doc.ticker,
        form: doc.filing_type,
        filing_date: doc.filing_date,
        report_date: doc.report_date,
        status: doc.status,
        items: items.map((i) => i.number),
        n_exhibits: doc.n_exhibits,
        document_url: doc.document_url,
        links: {
          self: `/v1/filings/items?ticker=${q(who)}&filing_type=${q(form)}&year=${doc.year ?? doc.filing_date.slice(0, 4)}&accession_number=${accession}`,
        },
      },
    });
  }
  if (doc.filing_type === '8-K' || doc.filing_type === '8-K/A') {
    for (const i of items) {
      if (!i.written && !doc.written) continue;
      const it = currentItem(i.number);
      if (!it) continue;
      const decl = ITEM_BY_CODE.get(it.item)!;
      out.push({
        ...base,
        type: '8k_event.published',
        key: `${accession}:${it.asFiled}`,
        data: {
          event_id: `${accession}:${it.asFiled}`,
          accession_number: accession,
          cik: doc.cik,
          company_id: doc.company_id,
          ticker: doc.ticker,
          form: doc.filing_type,
          filing_date: doc.filing_date,
          item: it.item,
          item_as_filed: it.asFiled,
          item_name: decl.name,
          family: decl.family,
          links: {
            self: doc.company_id
              ? `/v1/companies/${doc.company_id}/8k-events?item=${it.item}&filed_at_gte=${doc.filing_date}&filed_at_lte=${doc.filing_date}`
              : `/v1/8k-events?item=${it.item}&filed_at_gte=${doc.filing_date}&filed_at_lte=${doc.filing_date}`,
          },
        },
      });
    }
  }
  return out;
};

/** Transactions listed in an insider-trade event (the whole filing is at links.self). */
const MAX_TRADES_IN_EVENT = 25;

const insiderTradeEvents: Emitter = async (tx, ctx) => {
  const accession = (ctx.rows as { accessionNumber?: string }).accessionNumber;
  if (!accession) return [];
  const [f] = await select<{
    accession_number: string;
    issuer_cik: string;
    ticker: string | null;
    form_type: string;
    filing_date: string;
    period_of_report: string | null;
    reporting_owners: unknown;
    accepted_at: string | null;
    company_id: string | null;
    company_ticker: string | null;
  }>(
    tx,
    sql`select o.accession_number, lpad(o.issuer_cik::text, 10, '0') as issuer_cik, o.ticker, o.form_type,
          o.filing_date::text as filing_date, o.period_of_report::text as period_of_report, o.reporting_owners,
          (select max(f.accepted_at) from filings f where f.accession_number = o.accession_number) as accepted_at,
          c.company_id, c.primary_ticker as company_ticker
        from ownership_filings o left join companies c on c.cik = lpad(o.issuer_cik::text, 10, '0')
       where o.accession_number = ${accession} and ${mine('o')}`,
  );
  if (!f) return [];
  const trades = await select<Record<string, unknown>>(
    tx,
    sql`select t.name, t.title, t.transaction_date::text as transaction_date, t.transaction_type,
          t.transaction_shares, t.transaction_price_per_share, t.transaction_value,
          t.shares_owned_after_transaction
        from insider_trades t where t.accession_number = ${accession} order by t.ordinal`,
  );
  const ticker = f.ticker ?? f.company_ticker;
  const owners = Array.isArray(f.reporting_owners)
    ? (f.reporting_owners as { name?: string }[]).map((o) => o.name ?? null).filter(Boolean)
    : [];
  return [
    {
      type: 'insider_trade.published',
      key: accession,
      occurredAt: f.filing_date,
      acceptedAt: iso(f.accepted_at),
      detectedAt: ctx.detectedAt,
      companyId: f.company_id,
      ticker,
      data: {
        accession_number: accession,
        issuer_cik: f.issuer_cik,
        company_id: f.company_id,
        ticker,
        form: f.form_type,
        filing_date: f.filing_date,
        period_of_report: f.period_of_report,
        reporting_owners: owners,
        n_transactions: trades.length,
        transactions: trades.slice(0, MAX_TRADES_IN_EVENT),
        links: { self: ticker ? `/v1/insider-trades?ticker=${q(ticker)}` : null },
      },
    },
  ];
};

const holdingsEvents: Emitter = async (tx, ctx) => {
  const accession = (ctx.rows as { doc?: { cover?: { accessionNumber?: string | null } } }).doc?.cover
    ?.accessionNumber;
  if (!accession) return [];
  const [f] = await select<{
    accession_number: string;
    filer_cik: string;
    filer_name: string | null;
    report_period: string;
    filing_date: string;
    form_type: string;
    amendment_type: string | null;
    rows: number;
    accepted_at: string | null;
    company_id: string | null;
    ticker: string | null;
  }>(
    tx,
    sql`select t.accession_number, lpad(t.filer_cik::text, 10, '0') as filer_cik, t.filer_name,
          t.report_period::text as report_period, t.filing_date::text as filing_date, t.form_type,
          t.amendment_type, t.rows,
          (select max(f.accepted_at) from filings f where f.accession_number = t.accession_number) as accepted_at,
          c.company_id, c.primary_ticker as ticker
        from thirteen_f_filings t left join companies c on c.cik = lpad(t.filer_cik::text, 10, '0')
       where t.accession_number = ${accession} and ${mine('t')}`,
  );
  if (!f) return [];
  return [
    {
      type: 'institutional_holdings.published',
      key: accession,
      occurredAt: f.filing_date,
      acceptedAt: iso(f.accepted_at),
      detectedAt: ctx.detectedAt,
      companyId: f.company_id,
      ticker: f.ticker,
      data: {
        accession_number: accession,
        filer_cik: f.filer_cik,
        filer_name: f.filer_name,
        company_id: f.company_id,
        ticker: f.ticker,
        form: f.form_type,
        amendment_type: f.amendment_type,
        report_period: f.report_period,
        filing_date: f.filing_date,
        rows: f.rows,
        links: {
          self: `/v1/institutional-holdings?filer_cik=${Number(f.filer_cik)}&report_period=${f.report_period}`,
        },
      },
    },
  ];
};

const financialsEvents: Emitter = async (tx, ctx) => {
  const cik = (ctx.rows as { cik?: number }).cik;
  if (!cik) return [];
  const rows = await select<{
    period: string;
    report_period: string;
    known_from: string;
    fiscal_period: string | null;
    accession_number: string | null;
    filing_url: string | null;
    currency: string | null;
    statements: string[];
    restated: boolean;
    ticker: string | null;
    company_id: string | null;
    accepted_at: string | null;
  }>(
    tx,
    sql`select s.period, s.report_period::text as report_period, s.known_from::text as known_from,
          max(s.fiscal_period) as fiscal_period, max(s.accession_number) as accession_number,
          max(s.filing_url) as filing_url, max(s.currency) as currency,
          array_agg(distinct s.statement order by s.statement) as statements,
          bool_or(exists (select 1 from financial_statements o where o.cik = s.cik and o.statement = s.statement
            and o.period = s.period and o.report_period = s.report_period and o.known_from < s.known_from)) as restated,
          max(s.ticker) as ticker, max(c.company_id) as company_id,
          (select max(f.accepted_at) from filings f where f.accession_number = max(s.accession_number)) as accepted_at
        from financial_statements s left join companies c on c.cik = lpad(s.cik::text, 10, '0')
       where s.cik = ${cik} and s.statement <> 'metrics' and ${mine('s')}
       group by s.period, s.report_period, s.known_from
       order by s.known_from, s.report_period, s.period`,
  );
  return rows.map((r) => {
    const who = r.ticker ?? String(cik);
    return {
      type: 'financials.updated',
      key: `${cik}:${r.period}:${r.report_period}:${r.known_from}`,
      occurredAt: r.known_from,
      acceptedAt: iso(r.accepted_at),
      detectedAt: ctx.detectedAt,
      companyId: r.company_id,
      ticker: r.ticker,
      data: {
        cik: String(cik).padStart(10, '0'),
        company_id: r.company_id,
        ticker: r.ticker,
        period: r.period,
        report_period: r.report_period,
        fiscal_period: r.fiscal_period,
        known_from: r.known_from,
        restated: r.restated,
        statements: r.statements,
        currency: r.currency,
        accession_number: r.accession_number,
        filing_url: r.filing_url,
        links: {
          self: `/v1/financials?${r.ticker ? `ticker=${q(who)}` : `cik=${cik}`}&period=${q(r.period)}&report_period=${r.report_period}`,
        },
      },
    };
  });
};

const newsEvents: Emitter = async (tx, ctx) => {
  const parsed = ctx.rows as { items?: { item?: { published_at?: string } }[]; fetchedAt?: string };
  const times = (parsed.items ?? [])
    .map((i) => Date.parse(i.item?.published_at ?? ''))
    .filter((t) => Number.isFinite(t));
  // the loader reads the articles within a day of the feed's items; so does this (an index range)
  const range =
    times.length > 0
      ? sql`a.event_at between ${new Date(Math.min(...times) - 2 * 86_400_000).toISOString()} and ${new Date(Math.max(...times) + 2 * 86_400_000).toISOString()}`
      : sql`true`;
  const articles = await select<{
    news_id: string;
    title: string;
    link: string | null;
    publisher: string | null;
    channel: string;
    region: string | null;
    language: string | null;
    event_at: string;
    event_type: string;
    event_subtype: string;
    impact_score: number;
    stance: string;
    companies: { company_id: string; ticker: string | null; relation: string }[] | null;
  }>(
    tx,
    sql`select a.news_id, a.title, a.link, a.publisher, a.channel, a.region, a.language, a.event_at,
          a.event_type, a.event_subtype, a.impact_score, a.stance,
          (select jsonb_agg(jsonb_build_object('company_id', r.company_id, 'ticker', r.ticker, 'relation', r.relation)
                   order by r.relation, r.company_id)
             from news_company_rows r where r.news_id = a.news_id) as companies
        from news_articles a where ${range} and ${mine('a')}
       order by a.event_at, a.news_id`,
  );
  const out: NewEvent[] = [];
  for (const a of articles) {
    const primary = a.companies?.find((c) => c.relation === 'primary') ?? a.companies?.[0] ?? null;
    out.push({
      type: 'news_article.published',
      key: a.news_id,
      occurredAt: iso(a.event_at)!,
      detectedAt: ctx.detectedAt,
      companyId: primary?.company_id ?? null,
      ticker: primary?.ticker ?? null,
      data: {
        news_id: a.news_id,
        title: a.title.slice(0, 500),
        link: a.link,
        publisher: a.publisher,
        channel: a.channel,
        region: a.region,
        language: a.language,
        event_at: iso(a.event_at),
        event_type: a.event_type,
        event_subtype: a.event_subtype,
        impact_score: a.impact_score,
        stance: a.stance,
        companies: (a.companies ?? []).slice(0, 50),
        links: {
          self: primary ? `/v1/companies/${primary.company_id}/news?since=${q(iso(a.event_at)!)}` : null,
        },
      },
    });
  }
  const events = await select<{
    event_id: string;
    company_id: string;
    relation: string;
    ticker: string | null;
    n_articles: number;
    first_at: string;
    last_at: string;
    peak_impact: number;
    direction: string;
    headline: string;
    event_type: string;
    link: string | null;
  }>(
    tx,
    sql`select e.event_id, e.company_id, e.relation, e.ticker, e.n_articles, e.first_at, e.last_at,
          e.peak_impact, e.direction, e.headline, e.event_type, e.link
        from news_events e
       where e.company_id in (
               -- the companies whose events the load rebuilt: those of the article rows it wrote (an index
               -- range on the articles, then each company's events by its index; no scan of news_events)
               select r.company_id from news_articles a join news_company_rows r on r.news_id = a.news_id
                where ${range} and ${mine('r')})
         and ${mine('e')}
       order by e.last_at, e.event_id, e.company_id, e.relation`,
  );
  for (const e of events) {
    out.push({
      type: 'news_event.published',
      // a rise of the peak impact is a new event (a min_impact subscriber hears of it when it crosses)
      key: `${e.event_id}:${e.company_id}:${e.relation}:${e.peak_impact}`,
      occurredAt: iso(e.last_at)!,
      detectedAt: ctx.detectedAt,
      companyId: e.company_id,
      ticker: e.ticker,
      data: {
        event_id: e.event_id,
        company_id: e.company_id,
        ticker: e.ticker,
        relation: e.relation,
        event_type: e.event_type,
        headline: e.headline.slice(0, 500),
        peak_impact: e.peak_impact,
        direction: e.direction,
        n_articles: e.n_articles,
        first_at: iso(e.first_at),
        last_at: iso(e.last_at),
        link: e.link,
        links: { self: `/v1/companies/${e.company_id}/news/events?since=${q(iso(e.first_at)!)}` },
      },
    });
  }
  return out;
};

const corporateEvents: Emitter = async (tx, ctx) => {
  const parsed = ctx.rows as { registry?: { events?: { companyId: string }[] } };
  const ids = [...new Set((parsed.registry?.events ?? []).map((e) => e.companyId))];
  if (ids.length === 0) return [];
  const rows = await select<{
    company_id: string;
    event_type: string;
    event_date: string;
    symbol: string | null;
    ratio: string | null;
    counterpart_company_id: string | null;
    counterpart_name: string | null;
    detail: string;
    source: string;
    ticker: string | null;
  }>(
    tx,
    sql`select e.company_id, e.event_type, e.event_date::text as event_date, e.symbol, e.ratio,
          e.counterpart_company_id, e.counterpart_name, e.detail, e.source, c.primary_ticker as ticker
        from company_events e left join companies c on c.company_id = e.company_id
       where e.company_id = any(${sql.param(ids)}::text[]) and ${mine('e')}
       order by e.event_date, e.company_id, e.event_type, e.detail`,
  );
  return rows.map((r) => ({
    type: 'corporate_event.published',
    key: `${r.company_id}:${r.event_type}:${r.event_date}:${r.detail}`,
    occurredAt: r.event_date,
    detectedAt: ctx.detectedAt,
    companyId: r.company_id,
    ticker: r.ticker,
    data: {
      company_id: r.company_id,
      ticker: r.ticker,
      event_type: r.event_type,
      event_date: r.event_date,
      symbol: r.symbol,
      ratio: r.ratio,
      counterpart_company_id: r.counterpart_company_id,
      counterpart_name: r.counterpart_name,
      detail: r.detail,
      source: r.source,
      links: { self: `/v1/companies/${r.company_id}/events` },
    },
  }));
};

// issue 25: a press release read (earnings.published), and each of its guidance statements that moved
// against the company's previous one for the same metric, basis and target period (guidance.changed:
// every change but `maintained`, computed as /guidance/changes computes it, lib/guidance-changes.ts).
const earningsEvents: Emitter = async (tx, ctx) => {
  const accession = (ctx.rows as { accessionNumber?: string }).accessionNumber;
  if (!accession) return [];
  const [r] = await select<{
    accession_number: string;
    cik: string;
    form: string;
    filing_date: string;
    announced_at: string | null;
    exhibit_url: string | null;
    fiscal_year: number | null;
    fiscal_period: string | null;
    period_end: string | null;
    currency: string | null;
    status: string;
    company_id: string | null;
    ticker: string | null;
    written: boolean;
  }>(
    tx,
    sql`select d.accession_number, lpad(d.cik::text, 10, '0') as cik, d.form, d.filing_date::text as filing_date,
          d.announced_at, d.exhibit_url, d.fiscal_year, d.fiscal_period, d.period_end::text as period_end,
          d.currency, d.status, c.company_id, c.primary_ticker as ticker, ${mine('d')} as written
        from earnings_releases d left join companies c on c.cik = lpad(d.cik::text, 10, '0')
       where d.accession_number = ${accession} and d.status in ('ok', 'guidance_only')`,
  );
  if (!r) return [];
  const base = {
    occurredAt: iso(r.announced_at) ?? r.filing_date,
    acceptedAt: iso(r.announced_at),
    detectedAt: ctx.detectedAt,
    companyId: r.company_id,
    ticker: r.ticker,
  };
  const who = r.company_id ?? r.ticker ?? String(Number(r.cik));
  const day = `filed_at_gte=${r.filing_date}&filed_at_lte=${r.filing_date}`;
  const out: NewEvent[] = [];
  // A guidance-only release publishes no earnings, only its guidance changes.
  if (r.written && r.status === 'ok') {
    const figures = await select<Record<string, unknown>>(
      tx,
      sql`select f.fiscal_period, f.metric, f.basis, f.label, f.value, f.unit from earnings_figures f
           where f.accession_number = ${accession} order by f.fiscal_period, f.metric, f.basis`,
    );
    const [n] = await select<{ measures: number; guidance: number }>(
      tx,
      sql`select (select count(*)::int from earnings_measures m where m.accession_number = ${accession}) as measures,
                 (select count(*)::int from earnings_guidance g where g.accession_number = ${accession}) as guidance`,
    );
    out.push({
      ...base,
      type: 'earnings.published',
      key: accession,
      data: {
        accession_number: accession,
        cik: r.cik,
        company_id: r.company_id,
        ticker: r.ticker,
        form: r.form,
        filing_date: r.filing_date,
        announced_at: iso(r.announced_at),
        fiscal_year: r.fiscal_year,
        fiscal_period: r.fiscal_period,
        period_end: r.period_end,
        currency: r.currency,
        exhibit_url: r.exhibit_url,
        figures,
        n_measures: n?.measures ?? 0,
        n_guidance: n?.guidance ?? 0,
        links: { self: `/v1/companies/${q(who)}/earnings?${day}` },
      },
    });
  }
  // the company's statements, newest first as the route reads them, so each finds its predecessor
  const statements = await select<
    GuidanceStatement & { label: string; currency: string | null; scale: string }
  >(
    tx,
    sql`select g.accession_number, d.filing_date::text as filing_date, g.ordinal, g.metric, g.label, g.basis,
          g.target_fiscal_year, g.target_fiscal_period, g.low, g.high, g.point, g.text_value, g.status, g.unit,
          g.currency, g.scale, d.announced_at
        from earnings_guidance g join earnings_releases d on d.accession_number = g.accession_number
       where d.cik = (select cik from earnings_releases where accession_number = ${accession})
         and d.status in ('ok', 'guidance_only')
       order by d.filing_date desc, d.accession_number desc, g.ordinal asc`,
  );
  const range = (g: GuidanceStatement) => ({
    low: g.low,
    high: g.high,
    point: g.point,
    text_value: g.text_value,
    accession_number: g.accession_number,
    issued_at: iso(g.announced_at),
  });
  const moved = guidanceChanges(statements)
    .filter((c) => c.statement.accession_number === accession && c.change !== 'maintained')
    .sort((a, b) => a.statement.ordinal - b.statement.ordinal);
  for (const c of moved) {
    const g = c.statement;
    out.push({
      ...base,
      type: 'guidance.changed',
      key: `${accession}:${g.ordinal}:${c.change}`,
      data: {
        accession_number: accession,
        cik: r.cik,
        company_id: r.company_id,
        ticker: r.ticker,
        filing_date: r.filing_date,
        issued_at: iso(r.announced_at),
        metric: g.metric,
        label: g.label,
        basis: g.basis,
        target_fiscal_year: g.target_fiscal_year,
        target_fiscal_period: g.target_fiscal_period,
        unit: g.unit,
        currency: g.currency,
        scale: g.scale,
        previous: c.previous ? range(c.previous) : null,
        current: range(g),
        change: c.change,
        worded_status: g.status,
        disagrees: c.disagrees,
        links: {
          self: `/v1/companies/${q(who)}/guidance/changes?metric=${q(g.metric)}&${day}`,
        },
      },
    });
  }
  return out;
};

// --- issue 27: private offerings (Form D) and fund holdings (N-PORT) -------------------------------------

/** Indefinite kept as the filing's own word, never a number (as the private-companies routes serve it). */
const amountOrIndefinite = (amount: number | null, indefinite: boolean) =>
  indefinite ? 'Indefinite' : amount === null ? null : Number(amount);

/** A Form D acceptance as the container writes it (US Eastern wall clock, `2023-03-10T18:07:59`) as UTC. */
function easternAcceptance(s: string | null): string | null {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(s) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return easternToUtc(y, mo - 1, d, h, mi, se).toISOString();
}

const privateOfferingEvents: Emitter = async (tx, ctx) => {
  const ids = ((ctx.rows as { filingId?: string }[] | undefined) ?? []).flatMap((r) =>
    r?.filingId ? [r.filingId] : [],
  );
  if (ids.length === 0) return [];
  const rows = await select<{
    filing_id: string;
    accession_number: string | null;
    cik: string;
    form: string;
    filing_date: string | null;
    signature_date: string | null;
    accepted_at: string | null;
    entity_name: string;
    state_or_country: string | null;
    industry_group: string | null;
    is_pooled_fund: boolean | null;
    exemption_labels: string[];
    is_amendment: boolean | null;
    previous_accession_number: string | null;
    date_of_first_sale: string | null;
    first_sale_yet_to_occur: boolean | null;
    total_offering_amount: number | null;
    total_offering_indefinite: boolean;
    total_amount_sold: number | null;
    total_remaining: number | null;
    total_remaining_indefinite: boolean;
    url: string;
    company_id: string | null;
    ticker: string | null;
  }>(
    tx,
    sql`select p.filing_id, p.accession_number, lpad(p.cik::text, 10, '0') as cik, p.form,
          p.filing_date::text as filing_date, p.signature_date::text as signature_date, p.accepted_at,
          p.entity_name, p.issuer->>'state_or_country' as state_or_country, p.industry_group, p.is_pooled_fund,
          p.exemption_labels, p.is_amendment, p.previous_accession_number,
          p.date_of_first_sale::text as date_of_first_sale, p.first_sale_yet_to_occur,
          p.total_offering_amount, p.total_offering_indefinite, p.total_amount_sold, p.total_remaining,
          p.total_remaining_indefinite, p.url, c.company_id, c.primary_ticker as ticker
        from private_offering_filings p left join companies c on c.cik = lpad(p.cik::text, 10, '0')
       where p.filing_id = any(${sql.param(ids)}::text[]) and ${mine('p')}
       order by p.filing_id`,
  );
  return rows.map((r) => {
    const pvt = privateCompanyIdForCik(r.cik);
    return {
      type: 'private_offering.published',
      key: r.filing_id,
      occurredAt: r.filing_date ?? r.signature_date ?? ctx.detectedAt,
      acceptedAt: easternAcceptance(r.accepted_at),
      detectedAt: ctx.detectedAt,
      companyId: r.company_id,
      ticker: r.ticker,
      data: {
        filing_id: r.filing_id,
        accession_number: r.accession_number,
        private_company_id: pvt,
        cik: r.cik,
        company_id: r.company_id,
        ticker: r.ticker,
        entity_name: r.entity_name,
        form: r.form,
        filing_date: r.filing_date,
        is_amendment: r.is_amendment,
        previous_accession_number: r.previous_accession_number,
        state_or_country: r.state_or_country,
        industry_group: r.industry_group,
        is_pooled_fund: r.is_pooled_fund,
        exemptions: r.exemption_labels,
        date_of_first_sale: r.date_of_first_sale,
        first_sale_yet_to_occur: r.first_sale_yet_to_occur,
        total_offering_amount: amountOrIndefinite(r.total_offering_amount, r.total_offering_indefinite),
        total_amount_sold: r.total_amount_sold === null ? null : Number(r.total_amount_sold),
        total_remaining: amountOrIndefinite(r.total_remaining, r.total_remaining_indefinite),
        url: r.url,
        links: { self: `/v1/private-companies/${pvt}` },
      },
    };
  });
};

/** Positions listed in a fund-holdings event, largest value first (the whole report is at links.self). */
const TOP_POSITIONS_IN_EVENT = 5;

/**
 * One event per N-PORT report this load wrote that is in force (an original loaded after its amendment is
 * not announced). `rows` is one filing's rows (the pipeline) or a batch of them (jobs/edgar/nport-batch.ts).
 */
const fundHoldingsEvents: Emitter = async (tx, ctx) => {
  const list = (Array.isArray(ctx.rows) ? ctx.rows : [ctx.rows]) as { accessionNumber?: string }[];
  const accessions = list.flatMap((r) => (r?.accessionNumber ? [r.accessionNumber] : []));
  if (accessions.length === 0) return [];
  const reports = await select<{
    accession_number: string;
    fund_id: string;
    submission_type: string;
    report_date: string;
    filing_date: string | null;
    net_assets: number | null;
    positions: number;
    is_final_filing: boolean | null;
    series_id: string | null;
    series_name: string | null;
    reg_cik: string;
    reg_name: string | null;
    accepted_at: string | null;
    amends: string[] | null;
  }>(
    tx,
    sql`select r.accession_number, r.fund_id, r.submission_type, r.report_date::text as report_date,
          r.filing_date::text as filing_date, r.net_assets, r.positions, r.is_final_filing, f.series_id,
          f.series_name, lpad(f.reg_cik::text, 10, '0') as reg_cik, f.reg_name,
          (select max(x.accepted_at) from filings x where x.accession_number = r.accession_number) as accepted_at,
          (select array_agg(o.accession_number order by o.accession_number) from fund_reports o
            where o.superseded_by = r.accession_number) as amends
        from fund_reports r join funds f on f.fund_id = r.fund_id
       where r.accession_number = any(${sql.param(accessions)}::text[]) and r.superseded_by is null
         and ${mine('r')}
       order by r.accession_number`,
  );
  if (reports.length === 0) return [];
  const tops = await select<{
    accession_number: string;
    name: string | null;
    cusip: string | null;
    isin: string | null;
    company_id: string | null;
    value_usd: number | null;
    pct_of_net_assets: number | null;
    asset_category: string | null;
  }>(
    tx,
    sql`select t.accession_number, t.name, t.cusip, t.isin, t.company_id, t.value_usd, t.pct_of_net_assets,
          t.asset_category
        from unnest(${sql.param(reports.map((r) => r.accession_number))}::text[]) as a(acc)
        cross join lateral (select h.* from fund_holdings h where h.accession_number = a.acc
                             order by h.value_usd desc nulls last, h.ordinal limit ${TOP_POSITIONS_IN_EVENT}) t
       order by t.accession_number, t.value_usd desc nulls last, t.ordinal`,
  );
  return reports.map((r) => ({
    type: 'fund_holdings.published',
    key: r.accession_number,
    occurredAt: r.filing_date ?? r.report_date,
    acceptedAt: iso(r.accepted_at),
    detectedAt: ctx.detectedAt,
    companyId: null,
    ticker: null,
    data: {
      accession_number: r.accession_number,
      fund_id: r.fund_id,
      series_id: r.series_id,
      series_name: r.series_name,
      reg_cik: r.reg_cik,
      reg_name: r.reg_name,
      form: r.submission_type,
      report_date: r.report_date,
      filing_date: r.filing_date,
      amends: r.amends ?? [],
      is_final_filing: r.is_final_filing,
      net_assets: r.net_assets === null ? null : Number(r.net_assets),
      positions: Number(r.positions),
      top_positions: tops
        .filter((t) => t.accession_number === r.accession_number)
        .map(({ accession_number: _a, ...t }) => t),
      links: { self: `/v1/funds/${r.fund_id}/holdings?report_date=${r.report_date}` },
    },
  }));
};

// --- end issue 27 ----------------------------------------------------------------------------------------

/** The datasets whose loads emit events, and how. */
export const EMITTERS: Readonly<Record<string, Emitter>> = {
  companies: corporateEvents,
  filings: filingEvents,
  filings_live: filingEvents,
  filing_items: filingItemEvents,
  insider_trades: insiderTradeEvents,
  institutional_holdings: holdingsEvents,
  financials: financialsEvents,
  news: newsEvents,
  earnings_releases: earningsEvents,
  // issue 27
  private_companies: privateOfferingEvents,
  fund_holdings: fundHoldingsEvents,
};

/**
 * Appends the events of a dataset's load, in the load's transaction, after its rows (call it last: the
 * log's counter stays locked until the commit). Returns how many events were appended.
 */
export async function emitEvents(tx: Tx, dataset: string, ctx: EmitContext): Promise<number> {
  const emitter = EMITTERS[dataset];
  if (!emitter) return 0;
  const events = (await emitter(tx, ctx)).filter((e) =>
    withinMaxAge(e.acceptedAt ?? e.occurredAt, e.detectedAt, ctx.maxAgeDays),
  );
  return appendEvents(tx, events);
}
