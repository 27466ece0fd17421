import type { Config } from '../../lib/config.ts';

/**
 * Ownership filings the offline mirror holds but no captured filing index lists: the captured submissions
 * JSON cover other companies (Apple's lists its own insider filings, and the Adams Form 4 is discovered
 * through it), and no captured full-index or daily index lists these accessions. Each file is a real EDGAR
 * submission `.txt` whose SEC-HEADER names the accession, form, filer and filing date, served by the mirror at
 * its live Archives path; the jobs add these partitions only against the offline mirror with the demo
 * universe (`UPSTREAM=fixtures`, `SEC_CIKS` unset or `demo`), exactly like DEMO_CIKS. See
 * fixtures/upstream/OWNERSHIP-FIXTURES.md.
 */
export interface DemoFiling {
  dataset: 'institutional_holdings' | 'insider_trades' | 'executive_compensation';
  /** The CIK whose Archives folder the document is read from. */
  cik: number;
  accession: string | null;
  form: string;
  /** As the document's SEC-HEADER states it; null when the capture does not record it. */
  filingDate: string | null;
  /**
   * A document captured without its accession number is fetched from the address it was captured from
   * (partition `doc:<cik>:<url>`), not from an EDGAR path it cannot be placed at.
   */
  url?: string;
}

export const DEMO_OWNERSHIP_FILINGS: readonly DemoFiling[] = [
  {
    dataset: 'institutional_holdings',
    cik: 1619124,
    accession: '0001619124-21-000002',
    form: '13F-HR',
    filingDate: '2021-02-12',
  },
  {
    dataset: 'institutional_holdings',
    cik: 1099219,
    accession: '0001140361-23-013281',
    form: '13F-HR',
    filingDate: '2023-03-23',
  },
  {
    dataset: 'insider_trades',
    cik: 1750,
    accession: '0001127602-25-001055',
    form: '4',
    filingDate: '2025-01-10',
  },
  {
    dataset: 'insider_trades',
    cik: 1835856,
    accession: '0001493152-25-009612',
    form: '4',
    filingDate: '2025-03-07',
  },
  {
    dataset: 'insider_trades',
    cik: 1617553,
    accession: '0001617553-25-000024',
    form: '4',
    filingDate: '2025-03-18',
  },
  {
    dataset: 'executive_compensation',
    cik: 16040,
    accession: null,
    form: 'DEF 14A',
    filingDate: null,
    url: 'https://raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data/cabot.DEF14A.ixbrl.html',
  },
  {
    dataset: 'executive_compensation',
    cik: 893739,
    accession: '0000893739-20-000019',
    form: 'DEF 14A',
    filingDate: '2020-03-25',
  },
];

/** The partition key of a demo filing. */
export function demoKey(f: DemoFiling): string {
  return f.accession ? `acc:${f.accession}` : `doc:${f.cik}:${f.url}`;
}

export function demoFilings(config: Config, dataset: DemoFiling['dataset']): DemoFiling[] {
  const demo =
    config.UPSTREAM === 'fixtures' && (config.SEC_CIKS === undefined || config.SEC_CIKS === 'demo');
  return demo ? DEMO_OWNERSHIP_FILINGS.filter((f) => f.dataset === dataset) : [];
}
