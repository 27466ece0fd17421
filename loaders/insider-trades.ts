import { and, eq, isNull, ne } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { OwnershipFiling } from '../parsers/edgar/form4.ts';
import { insiderTrades, ownershipFilings } from '../schema/ownership.ts';
import { upsertRows } from './upsert.ts';

export interface InsiderRows {
  filing: OwnershipFiling;
  /** From the filing index when the submission header lacks them (a bare primary document). */
  accessionNumber: string;
  filingDate: string;
  formType: string;
  sha256: string | null;
  fetchedAt: string;
}

/**
 * One Form 3/4/5: the filing row and its trade rows (replacing the filing's previous rows on a re-parse).
 * An amendment (4/A, 3/A, 5/A) replaces the original's rows: the original is the same form type without
 * `/A`, same issuer and first reporting owner, filed on the amendment's `dateOfOriginalSubmission`; it is
 * marked `amended_by` and the route skips its trades. Loading the original after its amendment finds the
 * amendment already there and marks itself.
 */
export async function loadInsiderFiling(tx: Tx, rows: InsiderRows): Promise<LoadResult> {
  const f = rows.filing;
  if (!f.issuer_cik) throw new Error(`${rows.accessionNumber}: ownership document without an issuer CIK`);
  const issuerCik = Number(f.issuer_cik);
  const ownerCik = f.reporting_owners[0]?.cik ? Number(f.reporting_owners[0].cik) : null;
  const formType = rows.formType;
  const filed = f.filing_date ?? rows.filingDate;
  const base = formType.replace(/\/A$/, '');
  const filing = await upsertRows(
    tx,
    ownershipFilings,
    [
      {
        accessionNumber: rows.accessionNumber,
        issuerCik,
        ticker: f.ticker,
        formType,
        periodOfReport: f.period_of_report,
        filingDate: filed,
        ownerCik,
        dateOfOriginalSubmission: f.date_of_original_submission,
        noSecuritiesOwned: f.no_securities_owned,
        reportingOwners: f.reporting_owners,
        holdings: f.holdings,
        warnings: f.warnings,
        sha256: rows.sha256,
        fetchedAt: new Date(rows.fetchedAt),
      },
    ],
    [ownershipFilings.accessionNumber],
  );
  await tx.delete(insiderTrades).where(eq(insiderTrades.accessionNumber, rows.accessionNumber));
  const trades = await upsertRows(
    tx,
    insiderTrades,
    f.insider_trades.map((t, ordinal) => ({
      accessionNumber: rows.accessionNumber,
      ordinal,
      issuerCik,
      ticker: t.ticker,
      issuer: t.issuer,
      name: t.name,
      title: t.title,
      isBoardDirector: t.is_board_director,
      transactionDate: t.transaction_date,
      transactionType: t.transaction_type,
      transactionShares: t.transaction_shares,
      transactionPricePerShare: t.transaction_price_per_share,
      transactionValue: t.transaction_value,
      sharesOwnedBefore: t.shares_owned_before_transaction,
      sharesOwnedAfter: t.shares_owned_after_transaction,
      securityTitle: t.security_title,
      filingDate: filed,
      formType,
      isDerivative: t.is_derivative,
      acquiredDisposed: t.acquired_disposed,
      directOrIndirect: t.direct_or_indirect,
      footnotes: t.footnotes,
    })),
    [insiderTrades.accessionNumber, insiderTrades.ordinal],
  );
  let amended = 0;
  if (formType.endsWith('/A') && f.date_of_original_submission && ownerCik !== null) {
    const hit = await tx
      .update(ownershipFilings)
      .set({ amendedBy: rows.accessionNumber })
      .where(
        and(
          eq(ownershipFilings.issuerCik, issuerCik),
          eq(ownershipFilings.ownerCik, ownerCik),
          eq(ownershipFilings.formType, base),
          eq(ownershipFilings.filingDate, f.date_of_original_submission),
          ne(ownershipFilings.accessionNumber, rows.accessionNumber),
        ),
      )
      .returning({ a: ownershipFilings.accessionNumber });
    amended = hit.length;
  } else if (!formType.endsWith('/A') && ownerCik !== null) {
    const [amendment] = await tx
      .select({ a: ownershipFilings.accessionNumber })
      .from(ownershipFilings)
      .where(
        and(
          eq(ownershipFilings.issuerCik, issuerCik),
          eq(ownershipFilings.ownerCik, ownerCik),
          eq(ownershipFilings.formType, `${formType}/A`),
          eq(ownershipFilings.dateOfOriginalSubmission, filed),
        ),
      )
      .limit(1);
    if (amendment) {
      await tx
        .update(ownershipFilings)
        .set({ amendedBy: amendment.a })
        .where(
          and(eq(ownershipFilings.accessionNumber, rows.accessionNumber), isNull(ownershipFilings.amendedBy)),
        );
      amended = 1;
    }
  }
  return { inserted: filing.inserted + trades.inserted, updated: filing.updated + trades.updated + amended };
}
