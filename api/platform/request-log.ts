import type { Bindings, ChildLoggerOptions, Level } from 'pino';
import type { Logger } from '../../lib/logger.ts';
import { type CounterSeries, metrics } from '../../lib/metrics.ts';
import { scrubUrl } from './keys.ts';

/** One answered request: what the metrics count and the request log line says (never the key itself). */
export interface AnsweredRequest {
  method: string;
  url: string;
  /** The route template (`/v1/companies/:company_id`), undefined when no route matched. */
  route: string | undefined;
  statusCode: number;
  ms: number;
  keyId: string | null;
}

/**
 * Counts the request (by method, route template and status) and writes its log line. Called for every
 * HTTP request (the onResponse hook) and for every MCP tool call, which is one request of its route.
 * With `reqId`, `log` is the root logger and the line carries the request id as its first field: the
 * same line a child logger bound to `{ reqId }` writes (pino puts a child's bindings right before the
 * line's own fields), without making that child for every request.
 */
export function observeRequest(log: Logger, r: AnsweredRequest, reqId?: string): void {
  const series = requestSeries(r.method, r.route ?? 'unmatched', r.statusCode);
  series.requests.inc();
  series.observe(r.ms / 1000);
  if (!log.isLevelEnabled('info')) return;
  const fields = {
    method: r.method,
    url: scrubUrl(r.url),
    route: r.route,
    statusCode: r.statusCode,
    ms: Math.round(r.ms * 10) / 10,
    keyId: r.keyId,
  };
  log.info(reqId === undefined ? fields : { reqId, ...fields }, 'request');
}

/** A request label set's metric series: the request counter's and the latency histogram's, made once. */
interface RequestSeries {
  requests: CounterSeries<'method' | 'route' | 'status'>;
  /** The histogram's child for the label set (prom-client's `labels()`: the label object checked once). */
  observe: (seconds: number) => void;
}

/** route -> method -> status: as many as prom-client's own series of these metrics. */
const seriesByRoute = new Map<string, Map<string, Map<number, RequestSeries>>>();

function requestSeries(method: string, route: string, status: number): RequestSeries {
  let byMethod = seriesByRoute.get(route);
  if (byMethod === undefined) {
    byMethod = new Map();
    seriesByRoute.set(route, byMethod);
  }
  let byStatus = byMethod.get(method);
  if (byStatus === undefined) {
    byStatus = new Map();
    byMethod.set(method, byStatus);
  }
  let series = byStatus.get(status);
  if (series === undefined) {
    // the label object observeRequest gave prom-client on every call before: same keys, same order
    const labels = { method, route, status: String(status) };
    series = {
      requests: metrics.httpRequests.seriesOf(labels),
      observe: metrics.httpDuration.labels(labels).observe,
    };
    byStatus.set(status, series);
  }
  return series;
}

type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * The logger handed to fastify (`loggerInstance`): `log`, except that the logger fastify derives from it (its
 * `child` with fastify's serializers, made once) makes RequestLoggers as its own children. Fastify makes each
 * request's logger with its default child-logger factory (`logger.child(bindings, opts)`), whose result it
 * takes as is; the result of a `childLoggerFactory` option is checked on every request (`validateLogger`
 * reads seven method names off it, ~2k instructions). Only those two objects have their own `child`: the
 * children they make are pino's own (a RequestLogger's pino child is made by fastify's logger's pino `child`).
 */
export function requestLoggerRoot(log: Logger): Logger {
  const handed = Object.create(log) as Logger;
  handed.child = ((bindings: Bindings, options?: ChildLoggerOptions) => {
    const made = log.child(bindings, options);
    const root = Object.create(made) as Logger;
    root.child = ((b: Bindings, o?: ChildLoggerOptions) =>
      new RequestLogger(made, b, o ?? {})) as unknown as Logger['child'];
    return root;
  }) as unknown as Logger['child'];
  return handed;
}

/**
 * A request's logger (fastify's `req.log`): pino's child bound to `{ reqId }`, made on first use. Most
 * requests never log anything but their access line, which the onResponse hook writes with the root
 * logger (observeRequest), so most requests make no child (~1 µs and its garbage each).
 */
export class RequestLogger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bound: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}

  /** The pino child this logger stands for. */
  get pino(): Logger {
    if (this.made === null) this.made = this.parent.child(this.bound, this.opts);
    return this.made;
  }

  get level(): string {
    return this.made === null && this.opts.level === undefined ? this.parent.level : this.pino.level;
  }

  set level(level: string) {
    this.pino.level = level;
  }

  isLevelEnabled(level: Level | string): boolean {
    return this.made === null && this.opts.level === undefined
      ? this.parent.isLevelEnabled(level)
      : this.pino.isLevelEnabled(level);
  }

  fatal(...args: LogArgs): void {
    (this.pino.fatal as (...a: LogArgs) => void)(...args);
  }
  error(...args: LogArgs): void {
    (this.pino.error as (...a: LogArgs) => void)(...args);
  }
  warn(...args: LogArgs): void {
    (this.pino.warn as (...a: LogArgs) => void)(...args);
  }
  info(...args: LogArgs): void {
    (this.pino.info as (...a: LogArgs) => void)(...args);
  }
  debug(...args: LogArgs): void {
    (this.pino.debug as (...a: LogArgs) => void)(...args);
  }
  trace(...args: LogArgs): void {
    (this.pino.trace as (...a: LogArgs) => void)(...args);
  }
  silent(...args: LogArgs): void {
    (this.pino.silent as (...a: LogArgs) => void)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.pino.child(bindings, options);
  }
  bindings(): Bindings {
    return this.pino.bindings();
  }
  flush(cb?: (err?: Error) => void): void {
    this.pino.flush(cb);
  }
}
