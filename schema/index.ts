export * from './accounts.ts';
export * from './companies.ts';
export * from './datasets.ts';
export * from './filing-items.ts';
export * from './filings.ts';
export * from './financials.ts';
export * from './retrieval.ts';
