import type { AnyRoute } from '../platform/route.ts';
import { companyRoutes } from './companies.ts';
import { companyFactsRoutes } from './company-facts.ts';
import { filingsRoutes } from './filings.ts';
import { financialSegmentsRoutes } from './financial-segments.ts';
import { financialsRoutes } from './financials.ts';
import { RETRIEVAL_ROUTES } from './retrieval.ts';
import { DOCUMENT_ROUTES } from './retrieval-documents.ts';

/**
 * Every dataset route, one line per route family. A new family exports its declarations from
 * api/routes/<family>.ts and adds them here; server.ts registers them through the platform.
 * (System routes need the usage recorder and are added by server.ts itself.)
 */
export const DATASET_ROUTES: readonly AnyRoute[] = [
  ...companyRoutes,
  ...filingsRoutes,
  ...financialsRoutes,
  ...financialSegmentsRoutes,
  ...companyFactsRoutes,
  ...RETRIEVAL_ROUTES,
  ...DOCUMENT_ROUTES,
];
