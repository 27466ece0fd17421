import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CompanyFactsDocument, parseCompanyFacts } from '../../../parsers/xbrl/companyfacts.ts';
import { type PreparedFacts, prepareFacts } from '../../../parsers/xbrl/prepare.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function fixture(path: string): string {
  return readFileSync(`${ROOT}fixtures/upstream/${path}`, 'utf8');
}

export const COMPANYFACTS = {
  GOOGL: 'data.sec.gov/api/xbrl/companyfacts/CIK0001652044.json',
  MRVL: 'data.sec.gov/api/xbrl/companyfacts/CIK0001835632.json',
  TSM: 'data.sec.gov/api/xbrl/companyfacts/CIK0001046179.json',
  LPA: 'data.sec.gov/api/xbrl/companyfacts/CIK0001997711_RESERIALIZED.json',
} as const;

const cache = new Map<string, { doc: CompanyFactsDocument; prepared: PreparedFacts }>();

/** Parsed and prepared once per test file (the fixtures are megabytes). */
export function company(ticker: keyof typeof COMPANYFACTS): {
  doc: CompanyFactsDocument;
  prepared: PreparedFacts;
} {
  let hit = cache.get(ticker);
  if (!hit) {
    const doc = parseCompanyFacts(fixture(COMPANYFACTS[ticker]), { document: COMPANYFACTS[ticker] });
    hit = { doc, prepared: prepareFacts(doc.facts) };
    cache.set(ticker, hit);
  }
  return hit;
}
