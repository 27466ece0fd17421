import type { AnyRoute } from '../platform/route.ts';
import { eightKEventRoutes } from './8k-events.ts';
import { companyRoutes } from './companies.ts';
import { companyFactsRoutes } from './company-facts.ts';
import { consensusRoutes } from './consensus.ts';
import { disclosuresRoutes } from './disclosures.ts';
import { earningsRoutes } from './earnings.ts';
import { etfHoldingsRoutes } from './etf-holdings.ts';
import { eventRoutes } from './events.ts';
import { filingsRoutes } from './filings.ts';
import { financialSegmentsRoutes } from './financial-segments.ts';
import { financialsRoutes } from './financials.ts';
import { FORM_20F_ROUTES } from './form-20f.ts';
import { fundRoutes } from './funds.ts';
import { koreaRoutes } from './korea.ts';
import { marketDataRoutes } from './market-data.ts';
import { newsRoutes } from './news.ts';
import { ownershipRoutes } from './ownership.ts';
import { predictionMarketRoutes } from './prediction-markets.ts';
import { privateCompanyRoutes } from './private-companies.ts';
import { RETRIEVAL_ROUTES } from './retrieval.ts';
import { DOCUMENT_ROUTES } from './retrieval-documents.ts';
import { screenRoutes } from './screen.ts';
import { taiwanRoutes } from './taiwan.ts';

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
  ...FORM_20F_ROUTES,
  ...marketDataRoutes,
  ...ownershipRoutes,
  ...fundRoutes,
  ...etfHoldingsRoutes,
  ...taiwanRoutes,
  ...koreaRoutes,
  ...disclosuresRoutes,
  ...screenRoutes,
  ...eightKEventRoutes,
  ...earningsRoutes,
  ...newsRoutes,
  ...RETRIEVAL_ROUTES,
  ...DOCUMENT_ROUTES,
  ...eventRoutes,
  ...privateCompanyRoutes,
  ...consensusRoutes,
  ...predictionMarketRoutes,
];
