import { and, eq, gte, like } from 'drizzle-orm';
import type { Tx } from '../lib/db.ts';
import { padCik } from '../lib/ids.ts';
import type { SourcedItem } from '../parsers/news/pipeline.ts';
import { parsePressRelease } from '../parsers/news/press-release.ts';
import { filingDocuments, filingExhibits } from '../schema/filing-items.ts';

/**
 * 8-K press releases as news items: every EX-99.1 body the filing-items pipeline stored for an 8-K filed on or
 * after `since`. The body (capped there) is read for links and rules, never stored by news. Bodies that carry no
 * readable text are skipped and counted.
 */
export async function pressReleaseItems(
  tx: Tx,
  since: string,
): Promise<{ items: SourcedItem[]; skipped: number }> {
  const rows = await tx
    .select({
      accession: filingDocuments.accessionNumber,
      cik: filingDocuments.cik,
      filingDate: filingDocuments.filingDate,
      fetchedAt: filingDocuments.fetchedAt,
      url: filingExhibits.url,
      text: filingExhibits.text,
    })
    .from(filingExhibits)
    .innerJoin(filingDocuments, eq(filingDocuments.accessionNumber, filingExhibits.accessionNumber))
    .where(
      and(
        eq(filingDocuments.form, '8-K'),
        like(filingExhibits.number, '99.1%'),
        gte(filingDocuments.filingDate, since),
      ),
    );
  const items: SourcedItem[] = [];
  let skipped = 0;
  for (const r of rows) {
    if (!r.text) {
      skipped++;
      continue;
    }
    try {
      const pr = parsePressRelease(r.text, {
        url: r.url,
        filedAt: `${r.filingDate}T00:00:00.000Z`,
        cik: padCik(r.cik) ?? '',
        accession: r.accession,
      });
      items.push({ item: pr.item, channel: 'press_release', body: pr.body });
    } catch {
      skipped++;
    }
  }
  return { items, skipped };
}
