import type { z } from 'zod';
import { DATASETS, datasetDecl } from '../../lib/datasets.ts';
import type { Database, Db } from '../../lib/db.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ResolvedCompany } from './company-resolution.ts';
import type { CursorKey } from './cursors.ts';
import type { JsonSchema, ParamSet, ParsedQuery } from './params.ts';
import type { Plan } from './plans.ts';

/**
 * A route is a declaration. The platform (pipeline.ts) does everything else: authentication, plan gating,
 * validation, cursors, rate limits, credits and refunds, envelopes, error bodies, request ids and docs.
 *
 * Envelopes (spec 4.0): A `{data, next_cursor, coverage}` with strict query and standard errors;
 * B the statement family's bare wrapper with lenient query and flat errors; C `{...payload, meta}` with
 * strict query and standard errors; `raw` for health and readiness (no key, body as returned).
 */
export type Envelope = 'A' | 'B' | 'C' | 'raw';

export type Access =
  /** Plan, credit cost, title and coverage come from the dataset registry (lib/datasets.ts). */
  | { dataset: string; creditCost?: number }
  /** For routes that are not a dataset (usage, status): their own plan and cost. */
  | { minPlan: Plan; creditCost: number; title: string }
  /** No key at all (health, readiness). */
  | 'public';

/**
 * How the `{company_id}` path segment is read: `registry` requires a literal existing `cmp_` id (spec 4.0.1);
 * `resolve` accepts cmp_ id, ticker, CIK, ISIN and suffixed Taiwan/Korea symbols; `tw` and `kr` add the
 * local forms of those markets.
 */
export type CompanyParam = 'registry' | 'resolve' | 'tw' | 'kr';

export interface PageSpec {
  default: number;
  /** Highest accepted `limit`; null means no cap. Above it the request is a 400, never a clamp. */
  max: number | null;
}

export interface Page {
  /** Rows to fetch: the page size plus one, so the platform can tell whether another page follows. */
  fetch: number;
  /** The requested page size. */
  limit: number;
  /** Keyset position after which this page starts (from a verified cursor), or null on the first page. */
  after: CursorKey | null;
}

export interface RouteContext<Q> {
  database: Database;
  db: Db;
  query: Q;
  path: Record<string, string>;
  body: unknown;
  company: ResolvedCompany | null;
  page: Page;
  account: { accountId: string; keyPrefix: string; plan: Plan } | null;
  requestId: string;
  log: Logger;
  /** Refunds the credit although the request succeeds (spec refund cases such as unparseable filings). */
  refund(): void;
  /** Number of items to report as `chunksReturned` in usage (retrieval). */
  countChunks(n: number): void;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteDecl<P extends ParamSet = ParamSet> {
  method?: HttpMethod;
  /**
   * Routes that change state (webhook subscription management): not offered as MCP tools, whose tools are
   * read-only lookups. Their JSON body (`body`) is refused with a 400 on any unknown property.
   */
  mutating?: true;
  /** The success status (default 200), e.g. 201 for a create, 202 for work queued. Envelope C only. */
  successStatus?: number;
  /** Fastify path, e.g. `/v1/companies/:company_id/listings`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  envelope: Envelope;
  access: Access;
  /** Per-key per-minute limit (spec 8.1). Defaults to on for metered envelope-B routes, off elsewhere. */
  rateLimited?: boolean;
  query?: P;
  /**
   * Envelope B: undeclared parameters this route refuses with a 400 instead of ignoring (spec 7.3's
   * unsupported insider-trade filters); returns the message for the refused names present, or undefined.
   */
  refuseUndeclared?: (present: string[]) => string | undefined;
  /** Cross-parameter rules ("at least one filter"); returns the 400 message, or undefined when valid. */
  validate?: (query: ParsedQuery<P>) => string | undefined;
  /** Path parameters other than company_id. */
  pathParams?: ParamSet;
  company?: CompanyParam;
  /** The `{company_id}` example in the OpenAPI document (default AAPL): a company the route has data for. */
  companyExample?: string;
  /** JSON body schema (POST); unknown properties are refused, so make it `.strict()`. */
  body?: z.ZodType;
  /** A: cursor paging; B: `limit` only. Absent: the route takes no limit. */
  page?: PageSpec;
  /** A with paging: the unique, ordered keyset of a row (the last element must be a unique tie-breaker). */
  cursorKey?: (row: never) => CursorKey;
  /** A: `list` gives `{data: [...], next_cursor, coverage}`, `single` gives `{data: {...}, coverage}`. */
  result?: 'list' | 'single';
  /** Replaces the dataset's history_status in this route's coverage object. */
  historyStatus?: string;
  /**
   * A list route whose envelope carries more than rows (the disclosures route's `markets_searched` and its
   * per-market coverage): the handler returns `{ rows, extra, coverage? }`; `extra` joins the body and
   * `coverage`, when given, replaces the dataset's coverage object.
   */
  envelopeExtras?: true;
  /** Response documentation: the row (A) or whole body (B, C, raw) schema, and a real example. */
  response: { schema: JsonSchema; example: unknown; description?: string };
  /** Extra 404 documentation (resource lookups). */
  notFound?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the return shape depends on the envelope; checked at run time
  handler(ctx: RouteContext<ParsedQuery<P>>): Promise<any>;
}

export interface ResolvedAccess {
  minPlan: Plan;
  creditCost: number;
  title: string;
  datasetId: string | null;
  public: boolean;
}

export function resolveAccess(decl: RouteDecl): ResolvedAccess {
  if (decl.access === 'public')
    return { minPlan: 'free', creditCost: 0, title: decl.summary, datasetId: null, public: true };
  if ('dataset' in decl.access) {
    const d = datasetDecl(decl.access.dataset);
    return {
      minPlan: d.minPlan,
      creditCost: decl.access.creditCost ?? d.creditCost,
      title: d.title,
      datasetId: d.id,
      public: false,
    };
  }
  return { ...decl.access, datasetId: null, public: false };
}

/** Checks a declaration once, at start-up, so a malformed route never reaches a request. */
export function defineRoute<P extends ParamSet>(decl: RouteDecl<P>): RouteDecl<P> {
  const where = `${decl.method ?? 'GET'} ${decl.path}`;
  if (!decl.path.startsWith('/v1/')) throw new Error(`${where}: every route lives under /v1`);
  if (decl.envelope === 'A' && decl.result !== 'single' && decl.page && !decl.cursorKey) {
    throw new Error(`${where}: a paged envelope-A route needs cursorKey`);
  }
  if (decl.envelope !== 'A' && decl.cursorKey)
    throw new Error(`${where}: only envelope A routes page by cursor`);
  if (
    decl.access !== 'public' &&
    'dataset' in decl.access &&
    !DATASETS.some((d) => d.id === (decl.access as { dataset: string }).dataset)
  ) {
    throw new Error(`${where}: dataset ${decl.access.dataset} is not in lib/datasets.ts`);
  }
  if (decl.company && !decl.path.includes(':company_id'))
    throw new Error(`${where}: company set but no :company_id`);
  for (const reserved of ['cursor', 'limit']) {
    if (decl.query && Object.hasOwn(decl.query, reserved)) {
      throw new Error(`${where}: '${reserved}' is added by the platform from page; do not declare it`);
    }
  }
  if (decl.successStatus !== undefined && decl.envelope !== 'C')
    throw new Error(`${where}: successStatus is for envelope C routes`);
  if ((decl.method === 'PATCH' || decl.method === 'DELETE') && !decl.mutating)
    throw new Error(`${where}: PATCH and DELETE routes are mutating`);
  if (decl.access === 'public' && decl.envelope !== 'raw')
    throw new Error(`${where}: only raw routes are public`);
  return decl;
}

/** Declarations are heterogeneous in their query types; collections hold them erased. */
export type AnyRoute = RouteDecl<ParamSet>;
export const asAnyRoute = <P extends ParamSet>(r: RouteDecl<P>): AnyRoute => r as unknown as AnyRoute;
