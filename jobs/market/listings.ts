import type { Config } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { cikUniverse } from '../edgar/universe.ts';

/**
 * Which listing symbols the prices job covers: every active listing of the companies in the CIK universe
 * (the SEC registry knows US listings), plus the home-market listings of foreign issuers, which the SEC
 * registry does not list (add a line per issuer: symbol as the price vendor spells it, and the issuer's
 * CIK). Against the offline mirror the demo symbols the mirror holds are added.
 */
export const HOME_LISTINGS: ReadonlyArray<{ symbol: string; cik: string }> = [
  { symbol: '2330.TW', cik: '0001046179' },
];

/** Symbols with price files in the offline mirror (fixtures/upstream/MARKET-DATA-FIXTURES.md). */
export const DEMO_PRICE_SYMBOLS = ['AAPL', 'GOOGL', 'ADBE', 'NFLX', 'TSM', '2330.TW', 'TSCO.L'];

export async function priceSymbols(
  ctx: { config: Config; database: Database },
  opts: { ticker?: string | undefined },
): Promise<string[]> {
  if (opts.ticker)
    return [
      ...new Set(
        opts.ticker
          .split(',')
          .map((t) => t.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
  const ciks = await cikUniverse(ctx.config, ctx.database);
  const rows = await ctx.database.query<{ symbol: string }>(
    `select distinct l.symbol from company_listings l join companies c on c.company_id = l.company_id
      where l.valid_to is null and c.cik = any($1::text[])`,
    [ciks],
  );
  const out = new Set(rows.map((r) => r.symbol));
  for (const h of HOME_LISTINGS) if (ciks.includes(h.cik)) out.add(h.symbol);
  if (ctx.config.UPSTREAM === 'fixtures') for (const s of DEMO_PRICE_SYMBOLS) out.add(s);
  return [...out].sort();
}

export const homeCikOf = (symbol: string) => HOME_LISTINGS.find((h) => h.symbol === symbol)?.cik ?? null;
