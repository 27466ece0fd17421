/** What every pure parser returns: typed rows plus human-readable warnings (never silently dropped data). */
export interface ParseResult<T> {
  rows: T[];
  warnings: string[];
}

/** Facts about a raw document that a parser may need; parsers get them passed in, never look them up. */
export interface ParseContext {
  /** The URL the bytes came from (provenance on every row). */
  url: string;
  /** When the bytes were fetched (ISO-8601); parsers never read the clock. */
  fetchedAt: string;
}
