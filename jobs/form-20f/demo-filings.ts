import type { Config } from '../../lib/config.ts';

/**
 * 20-F filings the offline mirror holds but no captured filing index lists (the captured submissions JSON
 * and index files cover other companies), like the ownership family's DEMO_OWNERSHIP_FILINGS. Each document
 * is a real primary document served by the mirror in the filing's real Archives folder; the filer is in the
 * registry from SEC's ticker files. The job adds these partitions only against the offline mirror with the
 * demo universe (`UPSTREAM=fixtures`, `SEC_CIKS` unset or `demo`); live, every partition comes from the
 * filing index. See fixtures/upstream/FORM-20F-FIXTURES.md.
 */
export interface Demo20fFiling {
  cik: number;
  accession: string;
  form: '20-F' | '20-F/A';
  /**
   * The capture records no EDGAR filing date (no SEC header, no index row): this is the date the document
   * itself is signed and its financial statements approved, the nearest date it states.
   */
  filingDate: string;
  /** The file name the mirror serves it under in the filing's folder. */
  primaryDocument: string;
}

export const DEMO_20F_FILINGS: readonly Demo20fFiling[] = [
  {
    // Loncor Resources Inc. (registry: LONCF, "Loncor Gold Inc." in company_tickers.json), 20-F for
    // FY2015: "Date: March 30, 2016" on the signature page, the auditor's report and the board's approval
    cik: 1472619,
    accession: '0001062993-16-008650',
    form: '20-F',
    filingDate: '2016-03-30',
    primaryDocument: 'LONCOR_20-F_FY2015_0001062993-16-008650.html',
  },
];

/** The demo filings a job may list: only against the offline mirror with the demo universe. */
export function demo20fFilings(config: Config): readonly Demo20fFiling[] {
  const demo = config.UPSTREAM === 'fixtures' && (config.SEC_CIKS ?? 'demo') === 'demo';
  return demo ? DEMO_20F_FILINGS : [];
}

/** The demo entry of an accession, whatever the configuration (a re-parse or load of a demo partition). */
export const demo20fFiling = (accession: string): Demo20fFiling | undefined =>
  DEMO_20F_FILINGS.find((f) => f.accession === accession);
