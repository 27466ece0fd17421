import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { ThirteenFDocument } from '../parsers/edgar/thirteen-f.ts';
import { buildHoldings, type ThirteenFParsed } from '../parsers/edgar/thirteen-f-holdings.ts';
import type { PriceEvidence, ReferencePrice } from '../parsers/edgar/thirteen-f-units.ts';
import { thirteenFFilings, thirteenFHoldings } from '../schema/ownership.ts';

type ThirteenFHoldingInsert = typeof thirteenFHoldings.$inferInsert;

import { copyUpsertRows } from './copy-upsert.ts';
import { learnCusipsByName } from './cusip-identifiers.ts';
import { applyFilerStyle, linkAdvisersToFilers } from './thirteen-f-style.ts';
import { upsertRows } from './upsert.ts';

// `superseded` is the amendment pass's and `style` the style pass's, not the parse's
const FILING_COLUMNS = Object.values(getTableColumns(thirteenFFilings)).filter(
  (c) => c.name !== 'superseded' && c.name !== 'style',
);

export interface ThirteenFRows {
  doc: ThirteenFDocument;
  sha256: string | null;
  fetchedAt: string;
}

/** Peer medians need this many other filers' rows of the CUSIP in the period. */
export const PEER_MIN_OBSERVATIONS = 3;
/** Other filers' prices read per CUSIP for the median. */
export const PEER_SAMPLE = 25;

/**
 * The unit evidence the database holds: per CUSIP, the median implied price (value_usd / shares) in other
 * filers' reports of the same period, already unit-decided. A market-data close can be plugged in by
 * wrapping this with another PriceEvidence that answers first (source `market_close`).
 */
export async function peerMedianEvidence(tx: Tx, doc: ThirteenFDocument): Promise<PriceEvidence> {
  const period = doc.cover.reportPeriod;
  const cusips = [...new Set(doc.rows.map((r) => r.cusip))];
  const filer = doc.cover.filerCik ? Number(doc.cover.filerCik) : -1;
  const prices = new Map<string, ReferencePrice>();
  if (period && cusips.length > 0) {
    // At most PEER_SAMPLE other filers' prices per CUSIP: a bounded index read per row however full the
    // quarter is (a megacap is held by thousands of filers; the median of a sample of them is the evidence).
    type Peer = { cusip: string; median: number; n: number };
    const out = (await tx.execute(sql`
      select c.cusip, s.median, s.n
        from unnest(${sql.param(cusips)}::text[]) as c(cusip)
        cross join lateral (
          select percentile_cont(0.5) within group (order by p.price) as median, count(*)::int as n
            from (select ${thirteenFHoldings.reportedPrice} as price from ${thirteenFHoldings}
                   where ${thirteenFHoldings.cusip} = c.cusip and ${thirteenFHoldings.reportPeriod} = ${period}
                     and ${thirteenFHoldings.filerCik} <> ${filer} and ${thirteenFHoldings.reportedPrice} > 0
                     and ${thirteenFHoldings.putCall} = ''
                   limit ${PEER_SAMPLE}) p) s
       where s.n >= ${PEER_MIN_OBSERVATIONS}`)) as unknown as { rows?: Peer[] } | Peer[];
    // node-postgres returns {rows}, PGlite's drizzle driver the array itself
    for (const r of Array.isArray(out) ? out : (out.rows ?? [])) {
      prices.set(r.cusip, { price: Number(r.median), source: 'peer_median', observations: Number(r.n) });
    }
  }
  return { priceFor: (cusip, p) => (p === period ? (prices.get(cusip) ?? null) : null) };
}

/**
 * One 13F filing: its cover row (unit decision, evidence, totals, warnings) and its long holdings, replacing
 * the filing's previous rows. Then amendments: per filer and period, the newest original or RESTATEMENT is
 * the base and every NEW HOLDINGS amendment filed after it adds to it; all other filings are `superseded`
 * (their rows stay, the route skips them).
 */
export async function loadThirteenF(tx: Tx, rows: ThirteenFRows): Promise<LoadResult> {
  const { doc } = rows;
  const c = doc.cover;
  if (!c.accessionNumber || !c.filerCik || !c.reportPeriod || !c.filingDate) {
    throw new Error('13F filing without accession, filer, period or filing date: cannot be loaded');
  }
  const parsed: ThirteenFParsed = buildHoldings(doc, await peerMedianEvidence(tx, doc));
  const filing = await upsertRows(
    tx,
    thirteenFFilings,
    [
      {
        accessionNumber: c.accessionNumber,
        filerCik: Number(c.filerCik),
        filerName: c.filerName,
        reportPeriod: c.reportPeriod,
        filingDate: c.filingDate,
        formType: c.formType ?? '13F-HR',
        amendmentType: c.amendmentType,
        isAmendment: parsed.is_amendment,
        amendmentNo: parsed.amendment_no,
        valueUnit: parsed.value_unit,
        unitEvidence: parsed.unit_evidence,
        totals: parsed.totals,
        excluded: parsed.excluded,
        warnings: parsed.warnings,
        rows: parsed.institutional_holdings.length,
        filerCrd: c.filerCrd,
        sha256: rows.sha256,
        fetchedAt: new Date(rows.fetchedAt),
      },
    ],
    [thirteenFFilings.accessionNumber],
    FILING_COLUMNS,
  );
  await tx.delete(thirteenFHoldings).where(eq(thirteenFHoldings.accessionNumber, c.accessionNumber));
  const holdings = await loadThirteenFHoldings(
    tx,
    [...parsed.institutional_holdings, ...parsed.option_positions].map((h) => ({
      accessionNumber: c.accessionNumber!,
      cusip: h.cusip,
      titleOfClass: h.title_of_class ?? '',
      putCall: h.put_call ?? '',
      nameOfIssuer: h.name_of_issuer,
      filerCik: Number(c.filerCik),
      filerName: c.filerName,
      reportPeriod: c.reportPeriod!,
      filingDate: c.filingDate!,
      formType: h.form_type,
      shares: h.shares,
      valueUsd: h.value_usd,
      reportedPrice: h.reported_price,
    })),
  );
  await markSuperseded(tx, Number(c.filerCik), c.reportPeriod);
  await learnCusipsByName(
    tx,
    parsed.institutional_holdings.map((h) => ({
      cusip: h.cusip,
      name: h.name_of_issuer,
      titleOfClass: h.title_of_class,
    })),
  );
  if (c.filerCrd) await linkAdvisersToFilers(tx, [c.filerCrd]);
  else await applyFilerStyle(tx, Number(c.filerCik));
  return { inserted: holdings.inserted + filing.inserted, updated: holdings.updated + filing.updated };
}

async function markSuperseded(tx: Tx, filerCik: number, period: string): Promise<void> {
  const all = await tx
    .select({
      accession: thirteenFFilings.accessionNumber,
      filingDate: thirteenFFilings.filingDate,
      amendmentType: thirteenFFilings.amendmentType,
      amendmentNo: thirteenFFilings.amendmentNo,
      superseded: thirteenFFilings.superseded,
    })
    .from(thirteenFFilings)
    .where(and(eq(thirteenFFilings.filerCik, filerCik), eq(thirteenFFilings.reportPeriod, period)));
  // filed order; amendments of one day in their amendmentNo order (an original, without one, first)
  const order = [...all].sort(
    (a, b) =>
      a.filingDate.localeCompare(b.filingDate) ||
      (a.amendmentNo ?? 0) - (b.amendmentNo ?? 0) ||
      a.accession.localeCompare(b.accession),
  );
  const bases = order.filter((f) => f.amendmentType !== 'NEW HOLDINGS');
  const base = bases.at(-1);
  const baseAt = base ? order.indexOf(base) : -1;
  for (const [i, f] of order.entries()) {
    const active = f === base || (f.amendmentType === 'NEW HOLDINGS' && i > baseAt);
    if (f.superseded === !active) continue;
    await tx
      .update(thirteenFFilings)
      .set({ superseded: !active })
      .where(eq(thirteenFFilings.accessionNumber, f.accession));
  }
}

/**
 * 13F holding rows, upserted on (accession, CUSIP, class): the bulk path (COPY into a staging table, one
 * upsert: loaders/copy-upsert.ts) for a large information table, the one bench/loader.bench.ts measures.
 */
export function loadThirteenFHoldings(tx: Tx, rows: ThirteenFHoldingInsert[]): Promise<LoadResult> {
  return copyUpsertRows(tx, thirteenFHoldings, rows, [
    thirteenFHoldings.accessionNumber,
    thirteenFHoldings.cusip,
    thirteenFHoldings.titleOfClass,
    thirteenFHoldings.putCall,
  ]);
}
