import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { type FeedFilters, lastSequence, readEvents } from '../../lib/events/feed.ts';
import type { EventWaker } from '../../lib/events/waker.ts';
import type { Logger } from '../../lib/logger.ts';
import { ApiError, errorBody } from '../platform/errors.ts';
import { pathOf } from '../platform/respond-error.ts';
import { hashStreamToken, parseAfter } from './events.ts';

/**
 * GET /v1/events/stream?token=... : the live stream as Server-Sent Events (docs/events.md). Not a declared
 * platform route: it authenticates with a single-use stream token instead of a key (so a server-side
 * EventSource works), and it hijacks the reply to write for as long as the client stays. Errors before
 * the stream opens use the standard error body, like every envelope-A route.
 *
 * Protocol: `id:` is the event's sequence, `event:` its type, `data:` the event as the pull feed gives it.
 * Resume with `Last-Event-ID` (or `after=`): the stream starts after that sequence, so nothing is skipped
 * or repeated; without either it starts at the end of the log (new events only). A comment line every
 * EVENTS_HEARTBEAT_MS keeps proxies from closing an idle connection. A client that does not read (more
 * than EVENTS_STREAM_BUFFER_BYTES waiting in its socket buffer) gets a final `event: error` naming the
 * sequence to resume after, and is disconnected.
 */
export const STREAM_PATH = '/v1/events/stream';

/** Events read from the log per query: with the buffer bound, what one client can hold in memory. */
const BATCH = 100;
/** After a slow client's final error, how long it has to read what is buffered before the socket is cut. */
const DRAIN_GRACE_MS = 30_000;

export const INVALID_STREAM_TOKEN =
  'Invalid, expired or already used stream token: get a new one from GET /v1/events/stream-token (valid 60 s, for one connection) and reconnect with Last-Event-ID';

interface StreamDeps {
  database: Database;
  config: Config;
  log: Logger;
  waker: EventWaker;
}

export function registerEventStream(app: FastifyInstance, deps: StreamDeps): void {
  const open = new Set<ServerResponse>();
  // On shutdown the open streams end first, so closing the server does not wait for clients to leave.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });
  app.get(STREAM_PATH, async (req, reply) => {
    let token: { plan: string; filters: FeedFilters } | null;
    let after: number;
    try {
      const query = (req.query ?? {}) as Record<string, string | string[] | undefined>;
      for (const name of Object.keys(query)) {
        if (name !== 'token' && name !== 'after')
          throw new ApiError(
            400,
            `Unknown query parameter '${name.slice(0, 60)}'. This route accepts: token, after (filters are set on the token: GET /v1/events/stream-token)`,
          );
        if (Array.isArray(query[name]))
          throw new ApiError(400, `Query parameter '${name}' may be given only once`);
      }
      const lastId = req.headers['last-event-id'];
      if (lastId !== undefined && !/^\d{1,15}$/.test(String(lastId).trim()))
        throw new ApiError(
          400,
          'Invalid Last-Event-ID header: must be the sequence (id:) of the last event received',
        );
      const afterRaw = query.after as string | undefined;
      const resume =
        lastId !== undefined
          ? Number(String(lastId).trim())
          : afterRaw !== undefined
            ? parseAfter(afterRaw)
            : null;
      token = await consumeToken(deps.database, query.token as string | undefined);
      if (!token) throw new ApiError(401, INVALID_STREAM_TOKEN);
      after = resume ?? (await lastSequence(deps.database));
    } catch (err) {
      const status = err instanceof ApiError ? err.statusCode : 500;
      if (status === 500) deps.log.error({ err, reqId: req.id }, 'events stream: failed to open');
      return reply.code(status).send(
        errorBody('standard', status, err instanceof ApiError ? err.message : undefined, {
          path: pathOf(req),
          requestId: req.id,
        }),
      );
    }
    reply.hijack();
    await stream(req, reply, deps, token.filters, after, open);
  });
}

/** Marks a token used (once, before its expiry) and returns its scope; null for anything else. */
async function consumeToken(
  database: Database,
  token: string | undefined,
): Promise<{ plan: string; filters: FeedFilters } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await database.query<{ plan: string; filters: FeedFilters | string }>(
    `update event_stream_tokens set used_at = now()
      where token_hash = $1 and used_at is null and expires_at > now()
      returning plan, filters`,
    [hashStreamToken(token)],
  );
  if (!row) return null;
  return { plan: row.plan, filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters };
}

async function stream(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: StreamDeps,
  filters: FeedFilters,
  resumeAfter: number,
  open: Set<ServerResponse>,
): Promise<void> {
  const res = reply.raw;
  const bound = deps.config.EVENTS_STREAM_BUFFER_BYTES;
  let last = resumeAfter;
  let closed = false;
  let reading = false;
  let again = false;
  let unsubscribe: () => void = () => undefined;

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  open.add(res);
  res.write(`retry: 3000\n: streaming events after sequence ${last}\n\n`);

  const heartbeat = setInterval(() => {
    if (!closed) send(`: heartbeat ${new Date().toISOString()}\n\n`);
  }, deps.config.EVENTS_HEARTBEAT_MS);

  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(res);
  };
  res.on('close', cleanup);

  /** Writes, then drops the client when more than the bound waits unread in its socket buffer. */
  function send(chunk: string, sequence?: number): boolean {
    if (closed) return false;
    res.write(chunk);
    if (sequence !== undefined) last = sequence;
    if (res.writableLength <= bound) return true;
    fail(
      'slow_consumer',
      `The client read too slowly (more than ${bound} bytes waiting); reconnect with Last-Event-ID: ${last}`,
    );
    return false;
  }

  function fail(code: string, message: string): void {
    if (closed) return;
    res.write(`event: error\ndata: ${JSON.stringify({ error: code, message, resume_after: last })}\n\n`);
    cleanup();
    // the response ends once the client has read what is buffered; then the connection closes (no keep-alive)
    res.end(() => res.socket?.end());
    setTimeout(() => res.destroy(), DRAIN_GRACE_MS).unref();
    deps.log.info({ reqId: req.id, code, resume_after: last }, 'events stream: client dropped');
  }

  async function pump(): Promise<void> {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        for (;;) {
          if (closed) return;
          const batch = await readEvents(deps.database, filters, last, BATCH);
          for (const e of batch) {
            if (!send(`id: ${e.sequence}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`, e.sequence))
              return;
          }
          if (batch.length < BATCH) break;
        }
      } while (again && !closed);
    } catch (err) {
      deps.log.error({ err, reqId: req.id }, 'events stream: read failed');
      fail('internal', 'The stream failed on the server; reconnect with a new token and Last-Event-ID');
    } finally {
      reading = false;
    }
  }

  unsubscribe = await deps.waker.subscribe(() => void pump());
  if (closed) unsubscribe();
  await pump();
}

/** The stream in the OpenAPI document (it is not a declared platform route). */
export const STREAM_OPENAPI = {
  get: {
    operationId: 'getEventsStream',
    summary: 'Live event stream (Server-Sent Events)',
    description: [
      'Opens a Server-Sent Events stream with a token from GET /v1/events/stream-token (no key header: the token is the credential; it is valid 60 s and for one connection, and carries the plan and filters).',
      'Each event: `id: <sequence>`, `event: <type>`, `data: <the event as GET /v1/events gives it>`. A comment line (`: heartbeat ...`) every 15 s.',
      'Resume: send `Last-Event-ID: <last id received>` (or `after=<sequence>`) with a new token; the stream continues after it with no gap and no duplicate. Without either it starts at the end of the log.',
      'A client that reads too slowly gets a final `event: error` with `data: {"error":"slow_consumer","resume_after":N}` and is disconnected: reconnect with Last-Event-ID N.',
      'Example: `curl -N "$BASE/v1/events/stream?token=$(curl -s -H "Authorization: Bearer $KEY" $BASE/v1/events/stream-token | jq -r .data.token)"`',
    ].join('\n\n'),
    tags: ['Events'],
    parameters: [
      {
        name: 'token',
        in: 'query',
        required: true,
        description:
          'The stream token (est_...) from GET /v1/events/stream-token. Example: `est_` and the token it answers',
        schema: { type: 'string' },
      },
      {
        name: 'after',
        in: 'query',
        required: false,
        description:
          'Resume after this sequence (Last-Event-ID takes precedence). Example: `0` (the whole log)',
        schema: { type: 'string' },
      },
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description: 'The id (sequence) of the last event received: the stream resumes after it',
        schema: { type: 'string', pattern: '^[0-9]+$' },
      },
    ],
    responses: {
      '200': {
        description: 'The stream (text/event-stream), open until the client leaves',
        content: {
          'text/event-stream': {
            schema: { type: 'string' },
            example:
              'retry: 3000\n: streaming events after sequence 360\n\nid: 361\nevent: filing.published\ndata: {"id":"evt_...","sequence":361,"type":"filing.published",...}\n\n: heartbeat 2026-11-29T02:00:15.000Z\n\n',
          },
        },
      },
      '400': { description: 'Unknown parameter or malformed Last-Event-ID / after (standard error body)' },
      '401': { description: 'Missing, expired or already used token (standard error body)' },
    },
  },
};
