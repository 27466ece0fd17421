import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../lib/db.ts';
import type { Logger } from '../../lib/logger.ts';
import { metrics } from '../../lib/metrics.ts';
import { type KeyAuthenticator, type KeyPrincipal, presentedKey } from './auth.ts';
import type { CompanyResolver, ResolvedCompany } from './company-resolution.ts';
import type { Coverage, CoverageReader } from './coverage.ts';
import type { ChargeInput, CreditMeter } from './credits.ts';
import type { CursorCodec, CursorKey } from './cursors.ts';
import {
  ApiError,
  type ErrorFamily,
  FLAT_DEFAULT_MESSAGE,
  outOfCredits,
  planRequired,
  rateLimited,
  unauthorized,
} from './errors.ts';
import type { InFlight } from './in-flight.ts';
import { int, type Param, type ParamSet, parseQuery, type RawQuery } from './params.ts';
import { PLAN_TITLE, planAllows, RATE_LIMIT_PER_MINUTE } from './plans.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';
import { errorResponse, pathOf } from './respond-error.ts';
import { type AnyRoute, type Page, type ResolvedAccess, type RouteContext, resolveAccess } from './route.ts';
import type { UsageRecorder } from './usage.ts';

/** The shared services every route runs through. */
export interface Platform {
  database: Database;
  log: Logger;
  auth: KeyAuthenticator;
  limiter: RateLimiter;
  cursors: CursorCodec;
  coverage: CoverageReader;
  companies: CompanyResolver;
  usage: UsageRecorder;
  credits: CreditMeter;
  /** The requests in their pipeline now: close() answers them before it settles credits and usage. */
  requests: InFlight;
}

export function errorFamily(route: AnyRoute): ErrorFamily {
  return route.envelope === 'B' ? 'flat' : 'standard';
}

export function isStrict(route: AnyRoute): boolean {
  return route.envelope === 'A' || route.envelope === 'C';
}

export function isRateLimited(route: AnyRoute): boolean {
  return route.rateLimited ?? (route.envelope === 'B' && resolveAccess(route).creditCost > 0);
}

/** A cursor is checked by the codec (400 Malformed cursor), not by its shape. */
const cursorParam: Param<string> = {
  description:
    'Pass back next_cursor from the previous page unchanged, with the same filters (opaque and signed; anything else is a 400 Malformed cursor)',
  schema: { type: 'string' },
  parse: (raw) => raw,
};

/** Every query parameter of a route: its own plus the platform's `limit` and `cursor`. */
export function routeParams(route: AnyRoute): ParamSet {
  const params: ParamSet = { ...(route.query ?? {}) };
  if (route.page) {
    params.limit = int({
      min: 1,
      ...(route.page.max === null ? {} : { max: route.page.max }),
      description:
        route.page.max === null
          ? `Rows to return (minimum 1, default ${route.page.default})`
          : `Rows per page, 1-${route.page.max} (default ${route.page.default}); above ${route.page.max} is a 400, never a clamp`,
      example: route.page.default,
    });
    if (route.envelope === 'A' && route.result !== 'single') params.cursor = cursorParam;
  }
  return params;
}

function routeKey(route: AnyRoute): string {
  return `${route.method ?? 'GET'} ${route.path}`;
}

/**
 * A route's request without HTTP: what the MCP door sends (api/mcp/). It runs the same pipeline as the
 * HTTP request (key, plan, parameters, rate limit, credits and refunds, usage, envelope, error body).
 */
export interface RouteRequest {
  /** Only the key headers are read (`authorization`, `x-api-key`). */
  headers: IncomingHttpHeaders;
  /**
   * The account of those same headers when the caller authenticated them in this request already (the
   * MCP endpoint does, to refuse a bad key at connect time); otherwise the route authenticates them.
   */
  principal?: KeyPrincipal;
  query: RawQuery;
  params: Record<string, string>;
  body?: unknown;
  /** The request id (already checked by requestIdFor). */
  id: string;
  /** The request path, for error bodies. */
  path: string;
  log: Logger;
}

export interface RouteResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON body (the envelope or the error body). */
  body: unknown;
  /** The key's public id once authenticated (for the request log). */
  keyId: string | null;
}

/** A declared route, callable in process with the route's whole pipeline. */
export type RouteEntry = (req: RouteRequest) => Promise<RouteResponse>;

/** Registers the route on the HTTP server and returns the same pipeline as a direct entry. */
export function registerRoute(app: FastifyInstance, route: AnyRoute, platform: Platform): RouteEntry {
  const access = resolveAccess(route);
  const p: Prepared = {
    route,
    access,
    family: errorFamily(route),
    strict: isStrict(route),
    throttled: isRateLimited(route),
    params: routeParams(route),
    key: routeKey(route),
  };
  const entry: RouteEntry = (req) =>
    pipeline(
      new Call(
        p,
        platform,
        req.headers,
        req.query,
        req.params,
        req.body,
        req.id,
        req.path,
        req.log,
        req.principal ?? null,
        null,
        null,
      ),
    ) as Promise<RouteResponse>;

  app.route({
    method: route.method ?? 'GET',
    url: route.path,
    // HEAD for the public GET routes (health, readiness): load balancers probe with it. Metered routes
    // have none, so a HEAD never costs a credit.
    exposeHeadRoute: access.public && (route.method ?? 'GET') === 'GET',
    config: { family: p.family },
    // The handler returns nothing: the pipeline sends the answer itself (a returned promise costs fastify's
    // wrapThenable a promise, two closures and a microtask turn a request to find the reply already sent), and
    // the request is handed to it as is, not copied into a RouteRequest whose answer comes back as a
    // RouteResponse through a promise's two callbacks. What wrapThenable did with a failure, the pipeline does.
    handler: (req, reply) => {
      void pipeline(
        new Call(
          p,
          platform,
          req.headers,
          (req.query ?? {}) as RawQuery,
          (req.params ?? {}) as Record<string, string>,
          req.body,
          req.id,
          null,
          req.log as unknown as Logger,
          null,
          req,
          reply,
        ),
      );
    },
  });
  return entry;
}

interface Prepared {
  route: AnyRoute;
  access: ResolvedAccess;
  family: ErrorFamily;
  strict: boolean;
  throttled: boolean;
  params: ParamSet;
  key: string;
}

/**
 * One request's way through the pipeline: what it was given and what it has found so far, in one object. The
 * pipeline was one async function holding all of this in ~46 locals: V8 keeps an async function's whole
 * register file (60 registers) in its generator object, made for every request (bench/api-alloc.ts). Now the
 * async function (`pipeline`) keeps a handful, and the steps before the route's query (`begin`) are plain
 * functions that chain a promise only where they wait (a key not in the cache, a company to resolve, Redis
 * counters, an exact charge).
 */
class Call {
  principal: KeyPrincipal | null = null;
  /** The request's charge once it is paid: refunded if the request then fails. */
  charged: ChargeInput | null = null;
  /** The account charge() was called for: done() must follow, once, before the answer is handed over. */
  metered: string | null = null;
  ctx: CallContext | null = null;
  status = 200;
  /** Made only for a response that has headers of its own (x-ignored-parameters). */
  headers: Record<string, string> | null = null;
  body: unknown = undefined;
  // what the steps before the query hand on
  filters: Record<string, unknown> | null = null;
  path: Record<string, string> | null = null;
  parsedBody: unknown = undefined;
  cursor: string | undefined = undefined;
  requestedLimit: number | undefined = undefined;

  constructor(
    readonly p: Prepared,
    readonly platform: Platform,
    readonly reqHeaders: IncomingHttpHeaders,
    readonly query: RawQuery,
    readonly params: Record<string, string>,
    readonly reqBody: unknown,
    readonly id: string,
    /** The request path for error bodies (the MCP door gives it; an HTTP request's is read when needed). */
    private readonly givenPath: string | null,
    readonly log: Logger,
    /** The account of the request's headers when the caller authenticated them (RouteRequest.principal). */
    readonly givenPrincipal: KeyPrincipal | null,
    /** An HTTP request: the pipeline answers it on `reply`; otherwise it resolves to a RouteResponse. */
    readonly http: FastifyRequest | null,
    readonly reply: FastifyReply | null,
  ) {}

  requestPath(): string {
    return this.givenPath ?? pathOf(this.http!);
  }
}

/**
 * The route's pipeline for one request: key, plan, parameters, rate limit, credits, the query, envelope, refund,
 * usage; the error body for any failure. Resolves to the answer (RouteResponse) for the MCP door; for an HTTP
 * request it sends the answer and resolves to undefined, and never rejects (a failure it cannot answer goes to
 * fastify's error handler, or is logged when the reply was sent: what fastify's wrapThenable did).
 */
async function pipeline(call: Call): Promise<RouteResponse | undefined> {
  // Counted in flight until answered (in-flight.ts): one try/finally here, not a second async function's
  // promise a request.
  const { requests } = call.platform;
  requests.enter();
  try {
    try {
      try {
        const result = await begin(call);
        const ctx = call.ctx!;
        const enveloped = envelope(call.p, call.platform, result, ctx);
        const out = isPromise(enveloped) ? await enveloped : enveloped;
        call.status = out.status;
        call.body = out.body;
        if (ctx.refundRequested && call.charged) {
          await call.platform.credits.refund(call.charged);
          call.charged = null;
        }
      } catch (err) {
        await answerFailure(call, err);
      } finally {
        // The account's last request in flight here settles its credit hold before it is answered (credits.ts).
        if (call.metered) {
          const settling = call.platform.credits.done(call.metered);
          if (settling) await settling;
        }
        if (call.principal) {
          call.platform.usage.record({
            accountId: call.principal.accountId,
            keyPrefix: call.principal.keyPrefix,
            route: call.p.key,
            status: call.status,
            chunksReturned: call.ctx === null ? 0 : call.ctx.chunks,
            requestId: call.id,
          });
        }
      }
    } catch (err) {
      if (call.reply === null) throw err;
      // as wrapThenable: an answer already sent is not sent again, its error is logged
      if (call.reply.sent) call.reply.log.error({ err }, 'Promise errored, but reply.sent = true was set');
      else call.reply.send(err);
      return undefined;
    }
    const keyId = call.principal?.keyPrefix ?? null;
    const reply = call.reply;
    if (reply === null)
      return { status: call.status, headers: call.headers ?? NO_HEADERS, body: call.body, keyId };
    const req = call.http!;
    req.keyId = keyId;
    req.routeUrl = call.p.route.path;
    try {
      reply.code(call.status);
      if (call.headers !== null) reply.headers(call.headers);
      reply.send(call.body);
    } catch (err) {
      reply.send(err);
    }
    return undefined;
  } finally {
    requests.leave();
  }
}

/** The error body of a failed request, refunded first. */
async function answerFailure(call: Call, err: unknown): Promise<void> {
  const { platform } = call;
  // Refund before answering: a client that reads its balance right after a failed request must see
  // the credit back.
  if (call.charged) {
    try {
      await platform.credits.refund(call.charged);
    } catch (refundErr) {
      platform.log.error(
        { err: refundErr, reqId: call.id },
        'refund failed; the ledger shows the charge without it',
      );
    }
  }
  const out = errorResponse(
    err,
    call.p.family,
    { path: call.requestPath(), requestId: call.id, route: call.p.route.path },
    platform.log,
  );
  call.status = out.status;
  call.body = out.body;
  call.headers = { ...call.headers, ...out.headers };
}

/**
 * The steps before the route's result: the key and plan, then the request's parameters (`checked`), the company
 * (`resolved`), the rate limit (`limited`) and the charge with the query (`query`). Returns the route's result
 * (a promise); throws, or rejects, with what the request failed on.
 */
function begin(call: Call): Promise<unknown> {
  const { access } = call.p;
  if (!access.public) {
    if (call.givenPrincipal) return keyed(call, call.givenPrincipal);
    // A cached key answers without a promise; otherwise the key is looked up.
    const key = presentedKey(call.reqHeaders);
    const hit = call.platform.auth.cached(key);
    if (hit === undefined) return call.platform.auth.authenticate(key).then((found) => keyed(call, found));
    return keyed(call, hit);
  }
  return checked(call);
}

function keyed(call: Call, principal: KeyPrincipal | null): Promise<unknown> {
  const { p } = call;
  call.principal = principal;
  if (!principal) throw unauthorized(p.family);
  if (!planAllows(principal.plan, p.access.minPlan)) {
    throw planRequired(p.access.title, PLAN_TITLE[p.access.minPlan], PLAN_TITLE[principal.plan]);
  }
  return checked(call);
}

function checked(call: Call): Promise<unknown> {
  const { p } = call;
  const { route } = p;
  const ignored: string[] = [];
  const query = parseQuery(call.query, p.params, p.strict, ignored);
  // Lenient routes ignore unknown parameters (spec); the header names them (percent-encoded, so any
  // name is a valid header value) so that a typo such as `asof` is not silent.
  if (ignored.length)
    call.headers = {
      'x-ignored-parameters': ignored.map((n) => encodeURIComponent(n.slice(0, 60))).join(', '),
    };
  const refused = route.refuseUndeclared?.(Object.keys(call.query));
  if (refused) throw new ApiError(400, refused);
  const rawPath = call.params;
  call.path = route.pathParams
    ? (parseQuery(rawPath, route.pathParams, false) as Record<string, string>)
    : {};
  // The query less `cursor` and `limit`, copied in order by a loop: an object rest (`...filters`) goes
  // through V8's runtime, a generic property read per key (api-instructions.ts).
  const q = query as { cursor?: string; limit?: number };
  call.cursor = q.cursor;
  call.requestedLimit = q.limit;
  const filters: Record<string, unknown> = {};
  for (const name in query) if (name !== 'cursor' && name !== 'limit') filters[name] = query[name];
  call.filters = filters;
  const problem = route.validate?.(filters as never);
  if (problem) throw new ApiError(400, problem);
  if (route.body) {
    const parsed = route.body.safeParse(call.reqBody ?? undefined);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? `'${issue.path.join('.')}'` : 'body';
      throw new ApiError(400, `Invalid request body: ${where}: ${issue.message}`);
    }
    if (containsNul(parsed.data))
      throw new ApiError(400, 'Invalid request body: strings must not contain NUL characters');
    call.parsedBody = parsed.data;
  }
  if (route.company) {
    return call.platform.companies
      .resolve(rawPath.company_id ?? '', route.company === 'registry' ? 'registry' : route.company)
      .then((company) => resolved(call, company));
  }
  return resolved(call, null);
}

function resolved(call: Call, company: ResolvedCompany | null): Promise<unknown> {
  const { p, platform, principal } = call;
  const { route } = p;
  const limit = call.requestedLimit ?? route.page?.default ?? 0;
  // The cursor's binding is made only when a cursor is read or written (bindingOf).
  const after: CursorKey | null =
    call.cursor !== undefined
      ? platform.cursors.decode(call.cursor, p.key, bindingOf(call.path!, company, call.filters!))
      : null;
  const page: Page = { limit, fetch: limit + 1, after };
  if (p.throttled && principal) {
    let now: RateDecision | Promise<RateDecision>;
    try {
      // In-memory counters answer without a promise; Redis's are awaited.
      now = platform.limiter.checkNow(principal.keyPrefix, RATE_LIMIT_PER_MINUTE[principal.plan]);
    } catch (err) {
      throw limitStoreDown(call, err);
    }
    if (isPromise(now))
      return now.then(
        (d) => limited(call, company, page, d),
        (err) => {
          throw limitStoreDown(call, err);
        },
      );
    return limited(call, company, page, now);
  }
  return query(call, company, page);
}

/** Counters unreachable (Redis down): refuse rather than serve unmetered; a 503 is retryable. */
function limitStoreDown(call: Call, err: unknown): ApiError {
  call.platform.log.error({ err, reqId: call.id }, 'rate-limit store unavailable');
  metrics.rateLimitUnavailable.inc();
  return new ApiError(503, FLAT_DEFAULT_MESSAGE[503]!, { 'retry-after': '5' });
}

function limited(call: Call, company: ResolvedCompany | null, page: Page, d: RateDecision): Promise<unknown> {
  const { p, principal } = call;
  if (!d.allowed) metrics.rateLimitRefusals.inc({ route: p.key, plan: principal!.plan });
  if (!d.allowed) throw rateLimited(p.route.envelope === 'B' ? 402 : 429, d.limit, d.resetSeconds);
  return query(call, company, page);
}

/** The charge and the route's query: the route's result. */
function query(call: Call, company: ResolvedCompany | null, page: Page): Promise<unknown> {
  const { p, platform, principal } = call;
  const { route, access } = p;
  const ctx = new CallContext(
    platform.database,
    call.filters!,
    call.path!,
    call.parsedBody,
    company,
    page,
    principal,
    call.id,
    call.log,
  );
  call.ctx = ctx;
  const routeCtx = ctx as unknown as RouteContext<never>;
  if (!principal || access.creditCost <= 0) return route.handler(routeCtx);
  const charge = platform.credits.chargeInput(
    principal.accountId,
    principal.keyPrefix,
    access.creditCost,
    call.id,
    p.key,
  );
  // An account whose last charge was refused waits for the charge first, so an empty account cannot
  // keep the database busy.
  const refusedBefore = platform.credits.wasRefused(charge.accountId);
  call.metered = charge.accountId;
  const now = platform.credits.chargeNow(charge);
  if (now === true) {
    // Paid at once from the account's credit hold: the query runs as on an unmetered route.
    call.charged = charge;
    return route.handler(routeCtx);
  }
  return chargedQuery(call, charge, now, refusedBefore ? null : run(route, routeCtx));
}

/**
 * An exact charge: the read-only query runs while the charge commits (`early`, unless the account's last charge
 * was refused); nothing is served unless the charge succeeded, and the query's outcome (rows or error) is only
 * looked at after that.
 */
async function chargedQuery(
  call: Call,
  charge: ChargeInput,
  now: Promise<boolean>,
  early: Promise<Outcome> | null,
): Promise<unknown> {
  const paid = await now;
  if (!paid) {
    await early;
    throw outOfCredits(call.p.access.creditCost);
  }
  const outcome = await (early ?? run(call.p.route, call.ctx as unknown as RouteContext<never>));
  call.charged = charge;
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** The headers of a response that has none of its own (read only: fastify and the MCP door copy them). */
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * A request's route context (what its handler gets) with the pipeline's two per-request results, in one
 * object of one shape. `refund` and `countChunks` are made when a handler reads them (most never do; a
 * handler may take them out of the context, so they are closures over it): an object literal with the two
 * closures cost both and a context for the variables they set on every request (bench/api-alloc.ts).
 */
class CallContext implements RouteContext<Record<string, unknown>> {
  readonly db: Database['db'];
  refundRequested = false;
  chunks = 0;

  constructor(
    readonly database: Database,
    readonly query: Record<string, unknown>,
    readonly path: Record<string, string>,
    readonly body: unknown,
    readonly company: ResolvedCompany | null,
    readonly page: Page,
    readonly account: KeyPrincipal | null,
    readonly requestId: string,
    readonly log: Logger,
  ) {
    this.db = database.db;
  }

  /** Refunds the credit although the request succeeds. */
  get refund(): () => void {
    return () => {
      this.refundRequested = true;
    };
  }

  /** Number of items to report as `chunksReturned` in usage. */
  get countChunks(): (n: number) => void {
    return (n) => {
      this.chunks = n;
    };
  }
}

/** What a cursor is bound to: the path parameters, the company and the filters, in that order. */
function bindingOf(
  path: Record<string, string>,
  company: ResolvedCompany | null,
  filters: Record<string, unknown>,
): Record<string, unknown> {
  return { ...path, company: company?.companyId, ...filters };
}

/** A promise, told from the plain answers these calls give otherwise, without `instanceof`'s prototype walk. */
function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown }).then === 'function';
}

/** A route query's outcome, looked at only once its charge is known. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
const succeeded = (value: unknown): Outcome => ({ ok: true, value });
const failed = (error: unknown): Outcome => ({ ok: false, error });

/** Runs the route's query for an outcome; a handler that throws before returning its promise fails it too. */
function run(route: AnyRoute, ctx: RouteContext<never>): Promise<Outcome> {
  try {
    return route.handler(ctx).then(succeeded, failed);
  } catch (err) {
    return Promise.resolve(failed(err));
  }
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

interface Enveloped {
  status: number;
  body: unknown;
}

/** The response body of a route's result; a promise only when the coverage must be read first. */
function envelope(
  p: Prepared,
  platform: Platform,
  result: unknown,
  ctx: CallContext,
): Enveloped | Promise<Enveloped> {
  const { route } = p;
  switch (route.envelope) {
    case 'raw': {
      const r = result as { status: number; body: unknown };
      return r;
    }
    case 'B':
      return { status: 200, body: result };
    case 'C': {
      const r = result as { payload: Record<string, unknown>; meta: Record<string, unknown> };
      return { status: route.successStatus ?? 200, body: { ...r.payload, meta: r.meta } };
    }
    case 'A': {
      const dataset = p.access.datasetId ?? '';
      const cached = platform.coverage.peek(dataset);
      if (cached === undefined)
        return platform.coverage.get(dataset).then((c) => envelopeA(p, platform, result, ctx, c));
      return envelopeA(p, platform, result, ctx, cached);
    }
  }
}

/** Envelope A (`{data, next_cursor, coverage}` or `{data, coverage}`) with the dataset's coverage. */
function envelopeA(
  p: Prepared,
  platform: Platform,
  result: unknown,
  ctx: CallContext,
  coverage: Coverage,
): Enveloped {
  const { route } = p;
  const { page } = ctx;
  const cov = route.historyStatus ? { ...coverage, history_status: route.historyStatus } : coverage;
  if (route.result === 'single') {
    if (result === null || result === undefined) {
      throw new ApiError(404, route.notFound ?? 'The requested resource was not found');
    }
    return { status: 200, body: { data: result, coverage: cov } };
  }
  const extras = route.envelopeExtras
    ? (result as { rows: unknown[]; extra: Record<string, unknown>; coverage?: unknown })
    : null;
  const rows = extras ? extras.rows : (result as unknown[]);
  const envCoverage = extras?.coverage ?? cov;
  if (!route.page)
    return {
      status: 200,
      body: { data: rows, next_cursor: null, ...extras?.extra, coverage: envCoverage },
    };
  const more = rows.length > page.limit;
  const data = more ? rows.slice(0, page.limit) : rows;
  const last = data[data.length - 1];
  const next =
    more && last !== undefined
      ? platform.cursors.encode(
          p.key,
          bindingOf(ctx.path, ctx.company, ctx.query),
          route.cursorKey!(last as never),
        )
      : null;
  return { status: 200, body: { data, next_cursor: next, ...extras?.extra, coverage: envCoverage } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's credit meter (tests settle its holds before reading a balance). */
    creditMeter: CreditMeter;
  }
  interface FastifyRequest {
    keyId: string | null;
    /** The declared route's path template, set by its handler (the request log and metrics read it). */
    routeUrl: string | null;
  }
  interface FastifyContextConfig {
    family?: ErrorFamily;
  }
}
