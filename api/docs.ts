import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export const DOCS_PREFIX = '/docs';
/** How the docs instance tells the API which of its routes answered (the request metric's route label). */
const ROUTE_HEADER = 'x-findata-docs-route';
/** Headers of the docs instance's simulated connection, which the API's own response sets itself. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', ROUTE_HEADER]);

/**
 * The browsable API reference at /docs (swagger-ui over the OpenAPI document). Its plugins (@fastify/swagger,
 * @fastify/swagger-ui and the @fastify/static under it: about 0.1 s of CPU to register) load on the first
 * /docs request, not with every API: they live in a small Fastify instance of their own, built then, which
 * each /docs request is handed to in process (`inject`), its answer sent as the API's. The answers are the
 * plugins' own (status, headers, bytes, HEAD and conditional requests of the static files); a path the
 * plugins do not serve gets the API's 404, as before; the API's own request hooks (request id, CORS) run
 * as for any route.
 */
export function registerDocs(
  app: FastifyInstance,
  document: Record<string, unknown>,
  uiConfig: Record<string, unknown>,
): void {
  let docs: FastifyInstance | null = null;
  let building: Promise<FastifyInstance> | null = null;
  const build = async () => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    const instance = Fastify({ exposeHeadRoutes: false });
    await instance.register(swagger, { mode: 'static', specification: { document } as never });
    await instance.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig });
    instance.addHook('onSend', (req, reply, payload, done) => {
      if (req.routeOptions.url) reply.header(ROUTE_HEADER, req.routeOptions.url);
      done(null, payload);
    });
    await instance.ready();
    docs = instance;
    return instance;
  };
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    building ??= build();
    const instance = docs ?? (await building);
    const res = await instance.inject({
      method: req.method as 'GET' | 'HEAD',
      url: req.url,
      headers: req.headers,
    });
    if (res.statusCode === 404) return reply.callNotFound();
    const route = res.headers[ROUTE_HEADER];
    if (typeof route === 'string') req.routeUrl = route;
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !CONNECTION_HEADERS.has(name)) reply.header(name, value);
    }
    reply.code(res.statusCode);
    // an empty answer without a type (a redirect) is sent as one: a Buffer would add a content-type
    return res.rawPayload.length > 0 || res.headers['content-type']
      ? reply.send(res.rawPayload)
      : reply.send();
  };
  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`])
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler });
  app.addHook('onClose', async () => {
    const instance = await building?.catch(() => null);
    await instance?.close();
  });
}
