import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { padCik } from '../../lib/ids.ts';
import { companies, companyIdentifiers } from '../../schema/companies.ts';
import type { DatasetJob } from '../types.ts';

/**
 * The CIKs whose company details and submissions we load. `SEC_CIKS=all` is every CIK in SEC's ticker
 * file (the registry); a comma list names them; `demo` (the default against the offline mirror) is the set
 * of companies the mirror holds submissions or companyfacts for.
 */
export const DEMO_CIKS = [
  '0000320193',
  '0000310522',
  '0000940418',
  '0000315090',
  '0001800903',
  '0000350001',
  // companies the mirror holds companyfacts for (their submissions may be missing: recorded not_found)
  '0001652044',
  '0001835632',
  '0001046179',
  '0001997711',
];

export async function cikUniverse(config: Config, database: Database): Promise<string[]> {
  const mode = config.SEC_CIKS ?? (config.UPSTREAM === 'fixtures' ? 'demo' : 'all');
  if (mode === 'demo') return DEMO_CIKS;
  if (mode === 'all') {
    const rows = await database.db
      .select({ cik: companies.cik })
      .from(companies)
      .where(isNotNull(companies.cik));
    return rows.map((r) => r.cik!).sort();
  }
  return mode
    .split(',')
    .map((s) => padCik(s.trim()))
    .filter((c): c is string => c !== null);
}

/** Resolves `--ticker` / `--cik` backfill options to padded CIKs through the registry. */
export async function ciksFromOptions(
  database: Database,
  opts: { ticker?: string | undefined; cik?: string | undefined },
) {
  const out: string[] = [];
  for (const c of (opts.cik ?? '').split(',').filter(Boolean)) {
    const p = padCik(c.trim());
    if (!p) throw new Error(`--cik ${c}: not a CIK (1-10 digits)`);
    out.push(p);
  }
  for (const t of (opts.ticker ?? '').split(',').filter(Boolean)) {
    const rows = await database.db
      .select({ cik: companies.cik })
      .from(companyIdentifiers)
      .innerJoin(companies, eq(companies.companyId, companyIdentifiers.companyId))
      .where(
        and(eq(companyIdentifiers.idType, 'TICKER'), eq(companyIdentifiers.idValue, t.trim().toUpperCase())),
      );
    const cik = rows[0]?.cik;
    if (!cik)
      throw new Error(
        `--ticker ${t}: not in the registry yet; run \`etl backfill companies\` first or pass --cik`,
      );
    out.push(cik);
  }
  return [...new Set(out)];
}

/** The CIKs a backfill covers: the ones `--ticker`/`--cik` name, else the whole universe. */
export async function backfillCiks(
  ctx: { config: Config; database: Database },
  opts: { ticker?: string | undefined; cik?: string | undefined },
): Promise<string[]> {
  return opts.cik || opts.ticker
    ? ciksFromOptions(ctx.database, opts)
    : cikUniverse(ctx.config, ctx.database);
}

/** Per-company partition keys: `cik:<10-digit CIK>`. */
export const cikKeys = (ciks: string[]) => ciks.map((c) => `cik:${c}`);

/**
 * Partitions of a per-company dataset: one `cik:` key per CIK the backfill covers; a scheduled refresh
 * runs every company of the universe.
 */
export const perCompanyPartitions: Pick<DatasetJob, 'partitions' | 'latestPartitions'> = {
  async partitions(ctx, opts) {
    return cikKeys(await backfillCiks(ctx, opts));
  },
  async latestPartitions(ctx) {
    return cikKeys(await backfillCiks(ctx, {}));
  },
};
