import { and, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../lib/db.ts';
import { disclosures } from '../../schema/asia.ts';
import { companyListings } from '../../schema/companies.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';

/** Cross-market disclosures (spec 2.9, 4.7): Fund, 1 credit, envelope A with markets_searched. */
type Market = 'japan' | 'taiwan' | 'korea';
const MARKETS: Market[] = ['japan', 'taiwan', 'korea'];
/** Spec 8.3: where each market's history starts. */
const WINDOW_FROM: Record<Market, string> = {
  japan: '2026-06-15',
  taiwan: '2026-07-22',
  korea: '2026-07-28',
};
const LISTING_MARKET: Record<string, Market> = { JP: 'japan', TW: 'taiwan', KR: 'korea' };

const d = disclosures;
const ORDER = [
  { column: d.date, desc: true },
  { column: d.market },
  { column: d.sourceId, desc: true },
] as const;

const EXAMPLE = {
  market: 'korea',
  source_id: '20241101000042',
  date: '2024-11-01',
  company_name: '삼성전자',
  local_code: '005930',
  title: '임원ㆍ주요주주특정증권등소유상황보고서',
  filing_url: 'https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20241101000042',
  description_chars: 19,
};

/** The markets a company lists in, with its local codes there (Taiwan and Korea from the registry). */
async function companyMarkets(db: Db, companyId: string): Promise<Map<Market, string[]>> {
  const out = new Map<Market, string[]>();
  const listings = await db
    .select({ symbol: companyListings.symbol, market: companyListings.market })
    .from(companyListings)
    .where(
      and(
        eq(companyListings.companyId, companyId),
        inArray(companyListings.market, Object.keys(LISTING_MARKET)),
      ),
    );
  for (const l of listings) {
    const m = LISTING_MARKET[l.market ?? ''];
    if (!m) continue;
    const code = l.symbol.replace(/\.[A-Z]+$/, '');
    // TDnet and EDINET write the 4-character securities code with a 5th check character (5987 -> 59870)
    out.set(m, [...(out.get(m) ?? []), ...(m === 'japan' ? [code, `${code}0`] : [code])]);
  }
  return out;
}

/** Per-market coverage: each market's real earliest loaded date (the window's start before any load). */
async function marketCoverage(database: Database) {
  const rows = await database.query<{ market: string; first: string }>(
    'select market, min(date)::text as first from disclosures group by market',
  );
  const [status] = await database.query<{ history_status: string }>(
    "select history_status from datasets where id = 'disclosures'",
  );
  return Object.fromEntries(
    MARKETS.map((m) => [
      m,
      {
        available_from: rows.find((r) => r.market === m)?.first ?? WINDOW_FROM[m],
        available_to: null,
        update_frequency: 'continuous',
        history_status: status?.history_status ?? 'backfill_in_progress',
      },
    ]),
  );
}

export const disclosuresRoute = defineRoute({
  path: '/v1/companies/:company_id/disclosures',
  summary: 'Cross-market disclosures (Japan, Taiwan, Korea)',
  description:
    "The company's announcements in the markets it lists in, newest first, one row shape: Japan (TDnet timely disclosures and EDINET statutory filings), Taiwan (MOPS announcements: not loaded yet, no captured source), Korea (OpenDART filings). Titles and text stay in their original language; `description_chars` is always returned, the Taiwan text only with `include_text=true`; null fields are omitted. `category` is Japan's own classification (TDnet title conventions: earnings_flash, buyback_progress, buyback, forecast_revision, dividend, ma, stock_options, personnel, statutory_report, other; EDINET document types: annual_report, quarterly_report, large_shareholding, ...): filtering on it excludes Taiwan and Korea rows. `markets_searched` lists the markets searched: empty when the company lists in none of the three (or none of those asked for), which differs from an empty `data` after searching. `coverage` is keyed by market.",
  tags: ['Disclosures'],
  envelope: 'A',
  envelopeExtras: true,
  access: { dataset: 'disclosures' },
  company: 'resolve',
  companyExample: '5987.T',
  query: {
    market: p.oneOf(MARKETS, {
      description: 'One market; omitted means every market the company lists in',
      example: 'japan',
    }),
    category: p.string({
      description:
        "Japan's category (e.g. earnings_flash, ma, buyback_progress); excludes Taiwan and Korea rows",
      max: 40,
      pattern: /^[a-z_]+$/,
      patternHint: 'must be a lower-case category such as earnings_flash',
      example: 'stock_options',
    }),
    date_gte: p.date({ description: 'Date on or after (inclusive)', example: '2026-10-01' }),
    date_lte: p.date({
      description: 'Date on or before (inclusive)',
      examples: { 'with date_gte, a closed range': '2026-10-31' },
    }),
    include_text: p.boolean({
      description: 'Include the announcement text (Taiwan only); default false',
      example: false,
    }),
  },
  page: { default: 50, max: 200 },
  cursorKey: (r: { date: string; market: string; source_id: string }) => [r.date, r.market, r.source_id],
  response: {
    schema: {
      type: 'object',
      required: ['market', 'source_id', 'date', 'company_name', 'title', 'description_chars'],
      properties: {
        market: { type: 'string', enum: MARKETS },
        source_id: { type: 'string', description: 'TDnet document id, EDINET docID, DART rcept_no' },
        date: { type: 'string', format: 'date', description: 'Local date of the disclosure' },
        time: { type: 'string', description: 'Local time HH:MM where the source gives one' },
        company_name: { type: 'string' },
        local_code: { type: 'string' },
        title: { type: 'string' },
        category: { type: 'string', description: 'Japan only' },
        filing_url: { type: 'string' },
        xbrl_url: { type: 'string', description: 'Japan only, where the disclosure has XBRL' },
        text: { type: 'string', description: 'Taiwan only, with include_text=true' },
        description_chars: { type: 'integer', description: 'Length of the title and text in characters' },
      },
    },
    example: EXAMPLE,
    description: 'Envelope A plus `markets_searched` (array); `coverage` is an object keyed by market',
  },
  handler: async ({ db, database, company, query, page }) => {
    const listed = await companyMarkets(db, company!.companyId);
    let searched = MARKETS.filter((m) => listed.has(m));
    if (query.market) searched = searched.filter((m) => m === query.market);
    if (query.category) searched = searched.filter((m) => m === 'japan');
    const coverage = await marketCoverage(database);
    if (searched.length === 0) return { rows: [], extra: { markets_searched: [] }, coverage };
    const conds: (SQL | undefined)[] = [
      or(...searched.map((m) => and(eq(d.market, m), inArray(d.localCode, listed.get(m)!)))),
    ];
    if (query.category) conds.push(eq(d.category, query.category));
    if (query.date_gte) conds.push(gte(d.date, query.date_gte));
    if (query.date_lte) conds.push(lte(d.date, query.date_lte));
    conds.push(keysetAfter(ORDER, page.after));
    const rows = await db
      .select({
        market: d.market,
        source_id: d.sourceId,
        date: d.date,
        time: d.time,
        company_name: d.companyName,
        local_code: d.localCode,
        title: d.title,
        category: d.category,
        filing_url: d.filingUrl,
        xbrl_url: d.xbrlUrl,
        text: d.text,
        description_chars: d.descriptionChars,
      })
      .from(d)
      .where(and(...conds))
      .orderBy(...keysetOrder(ORDER))
      .limit(page.fetch);
    const out = rows.map((r) => {
      const row: Record<string, unknown> = { ...r };
      if (!(query.include_text && r.market === 'taiwan')) delete row.text;
      for (const [key, v] of Object.entries(row)) if (v === null) delete row[key];
      return row;
    });
    return { rows: out, extra: { markets_searched: searched }, coverage };
  },
});

export const disclosuresRoutes = [asAnyRoute(disclosuresRoute)];
