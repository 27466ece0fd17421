import { and, eq, inArray } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { CompanyFactsFiling, Form20fFiling } from '../parsers/form-20f/index.ts';
import type { FactRow } from '../parsers/form-20f/xbrl.ts';
import { filings } from '../schema/filings.ts';
import {
  type Form20fFactInsert,
  type Form20fFilingInsert,
  form20fFacts,
  form20fFilings,
  form20fNotes,
  form20fOwnership,
  form20fSegments,
} from '../schema/form-20f.ts';
import { upsertRows } from './upsert.ts';

/** What the 20-F job hands the loader: one filing's own documents, or a company's companyfacts entries. */
export type Form20fParsed =
  | {
      kind: 'filing';
      accession: string;
      cik: number;
      form: string;
      fetchedAt: string;
      filing: Form20fFiling;
      /** Form and filing date of a filing no index lists (the offline demo list); the index row wins. */
      listed?: { form: string; filingDate: string };
    }
  | { kind: 'companyfacts'; cik: number; fetchedAt: string; filings: CompanyFactsFiling[] };

const TABLES = [form20fNotes, form20fSegments, form20fOwnership, form20fFacts] as const;

async function clear(tx: Tx, accessions: string[]): Promise<void> {
  if (accessions.length === 0) return;
  for (const t of TABLES) await tx.delete(t).where(inArray(t.accession, accessions));
}

const factInserts = (accession: string, cik: number, source: string, facts: FactRow[]): Form20fFactInsert[] =>
  facts.map((f, seq) => ({
    accession,
    seq,
    cik,
    taxonomy: f.taxonomy,
    tag: f.tag,
    value: f.value,
    unit: f.unit,
    decimals: f.decimals,
    periodStart: f.period_start,
    periodEnd: f.period_end,
    instant: f.instant,
    dimensions: f.dimensions,
    source,
  }));

/**
 * A filing's rows are replaced as a whole (its profile upserted, its notes, segments, holders and facts
 * deleted and inserted in the caller's transaction). A filing parsed from its own documents replaces what
 * companyfacts said about it; companyfacts never overwrites a filing parsed from its documents.
 */
export async function loadForm20f(tx: Tx, parsed: Form20fParsed): Promise<LoadResult> {
  if (parsed.kind === 'filing') return loadFiling(tx, parsed);
  const own = await tx
    .select({ accession: form20fFilings.accession })
    .from(form20fFilings)
    .where(and(eq(form20fFilings.cik, parsed.cik), eq(form20fFilings.source, 'filing')));
  const skip = new Set(own.map((r) => r.accession));
  const todo = parsed.filings.filter((f) => !skip.has(f.accession));
  await clear(
    tx,
    todo.map((f) => f.accession),
  );
  const profiles: Form20fFilingInsert[] = todo.map((f) => ({
    ...profileColumns(f.profile),
    accession: f.accession,
    cik: parsed.cik,
    form: f.form,
    source: 'companyfacts',
    filingDate: f.filing_date,
    itemsFound: [],
    warnings: ['companyfacts: undimensioned facts only; no text blocks, contexts or decimals'],
    fetchedAt: new Date(parsed.fetchedAt),
  }));
  const r = await upsertRows(tx, form20fFilings, profiles, [form20fFilings.accession]);
  let inserted = r.inserted;
  for (const f of todo) {
    const facts = factInserts(f.accession, parsed.cik, 'companyfacts', f.facts);
    inserted += (await upsertRows(tx, form20fFacts, facts, [form20fFacts.accession, form20fFacts.seq]))
      .inserted;
  }
  return { inserted, updated: r.updated };
}

/** The profile columns of a parsed filing (loader and tests). */
export function profileColumns(p: Form20fFiling['profile']) {
  return {
    periodEnd: p.period_end,
    fiscalYearEnd: p.fiscal_year_end,
    registrantName: p.registrant_name,
    incorporation: p.incorporation,
    incorporationCountry: p.incorporation_country,
    accountingStandard: p.accounting_standard,
    accountingStandardEvidence: p.accounting_standard_evidence,
    reportingCurrency: p.reporting_currency,
    reportingCurrencyEvidence: p.reporting_currency_evidence,
    auditor: p.auditor,
    sharesOutstanding: p.shares_outstanding,
    adrRatio: p.adr_ratio,
    filerCategory: p.filer_category,
    amendment: p.amendment,
    documentFormat: p.document_format,
  };
}

async function loadFiling(tx: Tx, p: Extract<Form20fParsed, { kind: 'filing' }>): Promise<LoadResult> {
  const { accession, cik, filing } = p;
  const [row] = await tx
    .select({ filingDate: filings.filingDate, form: filings.form })
    .from(filings)
    .where(eq(filings.accessionNumber, accession))
    .limit(1);
  // a demo filing no captured index lists (jobs/form-20f/demo-filings.ts) carries its own form and date
  const indexed = row ?? p.listed;
  if (!indexed) throw new Error(`${accession}: not in the filing index (backfill filings first)`);
  await clear(tx, [accession]);
  const profile: Form20fFilingInsert = {
    ...profileColumns(filing.profile),
    accession,
    cik,
    form: indexed.form,
    source: 'filing',
    filingDate: indexed.filingDate,
    itemsFound: filing.items_found,
    warnings: filing.warnings.slice(0, 50),
    fetchedAt: new Date(p.fetchedAt),
  };
  if (profile.form.endsWith('/A')) profile.amendment = true;
  const r = await upsertRows(tx, form20fFilings, [profile], [form20fFilings.accession]);
  const key = <
    T extends typeof form20fNotes | typeof form20fSegments | typeof form20fOwnership | typeof form20fFacts,
  >(
    t: T,
  ) => [t.accession, t.seq];
  const counts = await sequential([
    () =>
      upsertRows(
        tx,
        form20fNotes,
        filing.notes.map((n, seq) => ({
          accession,
          seq,
          cik,
          noteTag: n.note_tag,
          noteTitle: n.note_title,
          text: n.text,
          textChars: n.text.length,
        })),
        key(form20fNotes),
      ),
    () =>
      upsertRows(
        tx,
        form20fSegments,
        filing.segments.map((s, seq) => ({
          accession,
          seq,
          cik,
          dimension: s.dimension,
          segmentPath: s.segment_path,
          segmentName: s.segment_name,
          depth: s.depth,
          members: s.members,
          concept: s.concept,
          metricKind: s.metric_kind,
          value: s.value,
          unit: s.unit,
          decimals: s.decimals,
          periodStart: s.period_start,
          periodEnd: s.period_end,
          fiscalYear: s.fiscal_year,
        })),
        key(form20fSegments),
      ),
    () =>
      upsertRows(
        tx,
        form20fOwnership,
        filing.ownership.map((o, seq) => ({
          accession,
          seq,
          cik,
          holderName: o.holder_name,
          shares: o.shares,
          ownershipPct: o.ownership_pct,
          votingPct: o.voting_pct,
          rowText: o.row_text,
        })),
        key(form20fOwnership),
      ),
    () =>
      upsertRows(tx, form20fFacts, factInserts(accession, cik, 'instance', filing.facts), key(form20fFacts)),
  ]);
  return { inserted: r.inserted + counts.reduce((a, c) => a + c.inserted, 0), updated: r.updated };
}

/** One statement at a time on the transaction's connection. */
async function sequential(steps: Array<() => Promise<LoadResult>>): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const step of steps) out.push(await step());
  return out;
}
