import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import { type Disclosure, resolveDisclosure, sentenceDisclosures } from '../parsers/news/relationships.ts';
import { filingDocuments, filingItems } from '../schema/filing-items.ts';
import { newsRelationships } from '../schema/news.ts';
import { registryFor } from './news.ts';

/** Annual reports whose items and inline XBRL the relationship graph reads. */
export const GRAPH_FORMS = ['10-K', '10-K/A'];

/** The 10-K filings (split by the filing-items pipeline) filed on or after `since`, newest first. */
export async function graphFilings(tx: Pick<Tx, 'select'>, since: string) {
  return tx
    .select({
      accession: filingDocuments.accessionNumber,
      cik: filingDocuments.cik,
      filingDate: filingDocuments.filingDate,
      documentUrl: filingDocuments.documentUrl,
    })
    .from(filingDocuments)
    .where(
      and(
        inArray(filingDocuments.form, GRAPH_FORMS),
        eq(filingDocuments.status, 'ok'),
        gte(filingDocuments.filingDate, since),
      ),
    )
    .orderBy(desc(filingDocuments.filingDate), filingDocuments.accessionNumber);
}

/**
 * Replaces one filing's disclosed relationships: the XBRL disclosures read from its document (passed in)
 * and the sentence rule over its stored items, each counterparty linked through the registry.
 */
export async function loadRelationships(
  tx: Tx,
  accession: string,
  xbrl: Disclosure[],
): Promise<{ inserted: number; unlinked: number }> {
  const [filing] = await tx
    .select({ cik: filingDocuments.cik, filingDate: filingDocuments.filingDate })
    .from(filingDocuments)
    .where(eq(filingDocuments.accessionNumber, accession));
  await tx.delete(newsRelationships).where(eq(newsRelationships.accessionNumber, accession));
  if (!filing) return { inserted: 0, unlinked: 0 };
  // the registry and its index as compiled for the news loads (re-read only when the registry's rows changed)
  const { registry, index: reg } = await registryFor(tx);
  const filer = registry.find((c) => c.cik === padCik(filing.cik));
  if (!filer) return { inserted: 0, unlinked: 0 };
  const items = await tx
    .select({ text: filingItems.text })
    .from(filingItems)
    .where(eq(filingItems.accessionNumber, accession));
  const found = [...xbrl, ...items.flatMap((i) => sentenceDisclosures(i.text))];
  // one row per source, name and side: the first statement of it (an item repeats the same sentence)
  const rows = new Map<string, ReturnType<typeof resolveDisclosure>>();
  for (const d of found) {
    const k = `${d.source}|${d.name}|${d.side}`;
    if (!rows.has(k)) rows.set(k, resolveDisclosure(d, reg, filer.company_id));
  }
  const values = [...rows.values()].map((r) => ({
    accessionNumber: accession,
    source: r.source,
    name: r.name,
    side: r.side,
    filerId: filer.company_id,
    counterpartyId: r.company_id,
    unlinked: r.unlinked,
    pct: r.pct,
    periodEnd: r.period_end,
    filingDate: filing.filingDate,
    evidence: r.evidence,
  }));
  if (values.length) await tx.insert(newsRelationships).values(values);
  return { inserted: values.length, unlinked: values.filter((v) => !v.counterpartyId).length };
}
