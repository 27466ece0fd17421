import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { ProxyStatement } from '../parsers/edgar/def14a.ts';
import { executiveCompensation, proxyFilings, proxyOwnership } from '../schema/ownership.ts';
import { upsertRows } from './upsert.ts';

export interface ProxyRows {
  statement: ProxyStatement;
  /** Accession number, or `url:<url>` for a proxy captured without one. */
  sourceId: string;
  cik: number;
  filingDate: string | null;
  url: string;
  sha256: string | null;
  fetchedAt: string;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 20);
const personKey = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();

/**
 * One proxy statement. Compensation rows are keyed by company, person and fiscal year: each proxy repeats
 * the two prior years, and the newest proxy's reading wins (an older proxy loaded later does not overwrite
 * it). Ownership rows belong to their proxy (the route serves the latest proxy only) and are replaced on a
 * re-parse.
 */
export async function loadProxyStatement(tx: Tx, rows: ProxyRows): Promise<LoadResult> {
  const s = rows.statement;
  const filing = await upsertRows(
    tx,
    proxyFilings,
    [
      {
        sourceId: rows.sourceId,
        cik: rows.cik,
        filingDate: rows.filingDate,
        url: rows.url,
        compensationRows: s.executive_compensation.length,
        ownershipRows: s.proxy_ownership.length,
        warnings: s.warnings,
        sha256: rows.sha256,
        fetchedAt: new Date(rows.fetchedAt),
      },
    ],
    [proxyFilings.sourceId],
  );
  const existing = await tx
    .select({ id: executiveCompensation.id, filingDate: executiveCompensation.filingDate })
    .from(executiveCompensation)
    .where(eq(executiveCompensation.cik, rows.cik));
  const newerThan = new Map(existing.map((e) => [e.id, e.filingDate ?? '']));
  const comp = s.executive_compensation
    .map((r) => ({
      id: `ec_${hash(`${rows.cik}|${personKey(r.person_name)}|${r.fiscal_year}`)}`,
      cik: rows.cik,
      sourceId: rows.sourceId,
      filingDate: rows.filingDate,
      personName: r.person_name,
      position: r.position,
      isCeo: r.is_ceo,
      fiscalYear: r.fiscal_year,
      salary: r.salary,
      bonus: r.bonus,
      stockAward: r.stock_award,
      optionAward: r.option_award,
      nonEquityIncentive: r.non_equity_incentive,
      pension: r.pension,
      other: r.other,
      totalDisclosed: r.total_disclosed,
      totalComputed: r.total_computed,
      componentGap: r.component_gap,
    }))
    .filter((r) => !newerThan.has(r.id) || (newerThan.get(r.id) ?? '') <= (rows.filingDate ?? ''));
  const a = await upsertRows(tx, executiveCompensation, comp, [executiveCompensation.id]);
  await tx.delete(proxyOwnership).where(eq(proxyOwnership.sourceId, rows.sourceId));
  const b = await upsertRows(
    tx,
    proxyOwnership,
    s.proxy_ownership.map((r, ordinal) => ({
      // the id sorts in printed order within a proxy (the route pages by it)
      id: `po_${hash(rows.sourceId).slice(0, 12)}_${String(ordinal).padStart(4, '0')}`,
      cik: rows.cik,
      sourceId: rows.sourceId,
      filingDate: rows.filingDate,
      ordinal,
      ownerName: r.owner_name,
      ownerRole: r.owner_role,
      ownerKind: r.owner_kind,
      securityClass: r.security_class,
      sharesOwned: r.shares_owned,
      percent: r.percent,
      percentSource: r.percent_source,
      isGroup: r.is_group,
      confidence: r.confidence,
    })),
    [proxyOwnership.id],
  );
  return {
    inserted: filing.inserted + a.inserted + b.inserted,
    updated: filing.updated + a.updated + b.updated,
  };
}
