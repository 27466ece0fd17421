import { sql } from 'drizzle-orm';
import type { Tx } from '../../lib/db.ts';
import type { FilingItemSource } from '../../parsers/retrieval/documents.ts';

/**
 * The earnings-call transcripts the documents dataset indexes (the mirror serves each under
 * fixtures/upstream; see fixtures/upstream/RETRIEVAL-FIXTURES.md). A live deployment adds its licensed
 * transcript URLs here (or an EarningsCall key to the query).
 */
export const TRANSCRIPT_URLS = [
  'https://raw.githubusercontent.com/la83la/earnings-call-transcripts/56a4e5943c4c40a17bede2227aed93fd250cf148/dataset/AEE_q2_2021.txt',
  'https://raw.githubusercontent.com/la83la/earnings-call-transcripts/56a4e5943c4c40a17bede2227aed93fd250cf148/dataset/AIG_q1_2021.txt',
  'https://raw.githubusercontent.com/la83la/earnings-call-transcripts/56a4e5943c4c40a17bede2227aed93fd250cf148/dataset/CFG_q4_2020.txt',
  'https://v2.api.earningscall.biz/transcript?apikey=demo&exchange=NASDAQ&symbol=AAPL&year=2022&quarter=1&level=2',
  'https://v2.api.earningscall.biz/transcript?apikey=demo&exchange=NASDAQ&symbol=AAPL&year=2023&quarter=1&level=2',
  'https://v2.api.earningscall.biz/transcript?apikey=demo&exchange=NASDAQ&symbol=NVDA&year=2025&quarter=2&level=4',
];

/** The filing types whose items become documents. */
export const DOCUMENT_FILING_TYPES = ['10-K', '10-Q', '10-K/A', '10-Q/A'];

/** Filing items (10-K/10-Q) with the filing's period and the company's ticker, from the filing-items tables. */
export async function filingItemSources(tx: Tx): Promise<FilingItemSource[]> {
  const r = (await tx.execute(ITEMS)) as unknown as { rows: Record<string, unknown>[] };
  return r.rows.map(toSource);
}

const ITEMS = sql`
  select d.accession_number, d.cik, d.filing_type, d.filing_date::text as filing_date,
         d.report_date::text as report_date, d.year, d.quarter, d.document_url,
         i.number, i.name, coalesce(i.resolved_text, i.text) as text,
         coalesce((select c.primary_ticker from companies c where c.cik::bigint = d.cik limit 1), 'CIK' || d.cik) as ticker
  from filing_documents d join filing_items i on i.accession_number = d.accession_number
  where d.status = 'ok' and d.filing_type in ('10-K', '10-Q', '10-K/A', '10-Q/A') and length(i.text) > 0
  order by d.filing_date desc, d.accession_number, i.ordinal`;

function toSource(r: Record<string, unknown>): FilingItemSource {
  return {
    accessionNumber: String(r.accession_number),
    cik: Number(r.cik),
    ticker: String(r.ticker),
    filingType: String(r.filing_type),
    filingDate: String(r.filing_date),
    reportDate: r.report_date == null ? null : String(r.report_date),
    year: r.year == null ? null : Number(r.year),
    quarter: r.quarter == null ? null : Number(r.quarter),
    number: String(r.number),
    name: String(r.name),
    text: String(r.text),
    documentUrl: String(r.document_url),
  };
}
