/** One speaker turn (or, where the source has no attribution, one section) of an earnings call. */
export interface TranscriptSegment {
  speakerName: string | null;
  speakerTitle: string | null;
  /** `prepared` remarks or `qa` (questions and answers); null when the source does not say. */
  section: 'prepared' | 'qa' | null;
  content: string;
}

/** One earnings call. Fiscal year and quarter are the company's own (as the call names them). */
export interface TranscriptDocument {
  ticker: string;
  fiscalYear: number;
  fiscalQuarter: 1 | 2 | 3 | 4;
  /** ISO-8601 date-time of the call when the source gives it. */
  conferenceDate: string | null;
  title: string;
  sourceUrl: string;
  /** Where the period came from: the source's own fields, the call's words, or (last resort) the file name. */
  periodEvidence: string;
  segments: TranscriptSegment[];
}

export interface TranscriptParse {
  document: TranscriptDocument;
  warnings: string[];
}

export function isQuarter(n: number): n is 1 | 2 | 3 | 4 {
  return n === 1 || n === 2 || n === 3 || n === 4;
}

export function transcriptTitle(ticker: string, year: number, quarter: number): string {
  return `${ticker} Q${quarter} FY${year} earnings call`;
}
