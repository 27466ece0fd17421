import { eq, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import { RELEASE_PARSER_VERSION } from '../parsers/earnings/release.ts';
import type { ReleaseRows } from '../parsers/earnings/release-rows.ts';
import {
  type EarningsFigureInsert,
  type EarningsGuidanceInsert,
  type EarningsMeasureInsert,
  earningsFigures,
  earningsGuidance,
  earningsMeasures,
  earningsReleases,
} from '../schema/earnings.ts';
import { filings } from '../schema/filings.ts';
import { lockUntilCommit, upsertRows } from './upsert.ts';

export interface EarningsReleaseRows {
  accessionNumber: string;
  status: 'ok' | 'guidance_only' | 'not_earnings' | 'no_release' | 'unparseable';
  /** The document the release was read from (the exhibit, the 8-K body or the full submission). */
  exhibitUrl: string | null;
  parsed: ReleaseRows | null;
  warnings: string[];
  sha256: string | null;
  fetchedAt: string;
}

/**
 * One filing's release row and its figures, measures and guidance. Form, dates and the acceptance time come
 * from the filing index row (the partitions are listed from it). A re-parse replaces the filing's rows: the
 * children are deleted and written again in the same transaction.
 */
export async function loadEarningsRelease(tx: Tx, r: EarningsReleaseRows): Promise<LoadResult> {
  const [index] = await tx
    .select()
    .from(filings)
    .where(eq(filings.accessionNumber, r.accessionNumber))
    .orderBy(filings.cik)
    .limit(1);
  if (!index) throw new Error(`filing ${r.accessionNumber} is not in the filing index`);
  // One load per company at a time, until its commit (issue 26): the events of this load
  // (lib/events/emit.ts, guidance.changed) compare its guidance with the company's other releases, which a
  // load of another of its filings running at once would write unseen (each comparing without the other).
  await lockUntilCommit(tx, [`findata:earnings:${index.cik}`]);
  const rel = r.parsed?.release;
  const head = await upsertRows(
    tx,
    earningsReleases,
    [
      {
        accessionNumber: r.accessionNumber,
        cik: index.cik,
        form: index.form,
        filingDate: index.filingDate,
        announcedAt: index.acceptedAt,
        status: r.status,
        exhibitUrl: r.exhibitUrl,
        documentType: rel?.document_type ?? null,
        fiscalYear: rel?.fiscal_year ?? null,
        fiscalPeriod: rel?.fiscal_period ?? null,
        periodEnd: rel?.period_end ?? null,
        fiscalYearSource: rel?.fiscal_year_source ?? null,
        periodEvidence: rel?.period_evidence ?? null,
        currency: rel?.currency ?? null,
        currencyEvidence: rel?.currency_evidence ?? null,
        warnings: r.warnings,
        unassigned: r.parsed?.unassigned ?? [],
        parserVersion: RELEASE_PARSER_VERSION,
        sha256: r.sha256,
        fetchedAt: new Date(r.fetchedAt),
      },
    ],
    [earningsReleases.accessionNumber],
  );
  let removed = 0;
  for (const t of [earningsFigures, earningsMeasures, earningsGuidance]) {
    const gone = await tx
      .delete(t)
      .where(eq(t.accessionNumber, r.accessionNumber))
      .returning({ n: sql<number>`1` });
    removed += gone.length;
  }
  const p = r.parsed;
  if ((r.status !== 'ok' && r.status !== 'guidance_only') || p === null)
    return { inserted: head.inserted, updated: head.updated + removed };
  const figures: EarningsFigureInsert[] = p.figures.map((f) => ({
    accessionNumber: r.accessionNumber,
    fiscalYear: f.fiscal_year as number | null,
    fiscalPeriod: f.fiscal_period as string,
    metric: f.metric as string,
    basis: f.basis as string,
    label: f.label as string,
    value: f.value as number,
    unit: f.unit as string,
    scale: f.scale as string,
    asPrinted: f.as_printed as string,
    scaleEvidence: f.scale_evidence as string,
    evidence: f.evidence,
  }));
  const measures: EarningsMeasureInsert[] = p.measures.map((m, ordinal) => ({
    accessionNumber: r.accessionNumber,
    ordinal,
    name: m.name as string,
    measure: m.measure as string | null,
    fiscalYear: m.fiscal_year as number | null,
    fiscalPeriod: m.fiscal_period as string | null,
    period: m.period as string,
    value: m.value as number,
    unit: m.unit as string,
    scale: m.scale as string,
    asPrinted: m.as_printed as string,
    evidence: m.evidence,
  }));
  const guidance: EarningsGuidanceInsert[] = p.guidance.map((g, ordinal) => ({
    accessionNumber: r.accessionNumber,
    ordinal,
    metric: g.metric as string,
    label: g.label as string,
    basis: g.basis as string,
    targetFiscalYear: g.target_fiscal_year as number | null,
    targetFiscalPeriod: g.target_fiscal_period as string | null,
    low: g.low as number | null,
    high: g.high as number | null,
    point: g.point as number | null,
    textValue: g.text_value as string | null,
    relative: g.relative as boolean,
    unit: g.unit as string,
    currency: g.currency as string | null,
    scale: g.scale as string,
    asPrinted: g.as_printed as string,
    status: g.status as string | null,
    evidence: g.evidence,
  }));
  const a = await upsertRows(tx, earningsFigures, figures, [
    earningsFigures.accessionNumber,
    earningsFigures.fiscalPeriod,
    earningsFigures.metric,
    earningsFigures.basis,
  ]);
  const b = await upsertRows(tx, earningsMeasures, measures, [
    earningsMeasures.accessionNumber,
    earningsMeasures.ordinal,
  ]);
  const c = await upsertRows(tx, earningsGuidance, guidance, [
    earningsGuidance.accessionNumber,
    earningsGuidance.ordinal,
  ]);
  return {
    inserted: head.inserted + a.inserted + b.inserted + c.inserted,
    updated: head.updated + removed,
  };
}
