import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export type { components, operations, paths } from './schema.d.ts';

export interface FindataClientOptions {
  /** The API's origin, e.g. http://127.0.0.1:8080 (paths in calls start with /v1). */
  baseUrl: string;
  /** An API key: the demo key `etl start` prints, or one from `etl keys create`. */
  apiKey: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed findata client: openapi-fetch over the types openapi-typescript generated from /v1/openapi.json.
 * Every path, query parameter and response body is checked by the compiler; the key goes in the
 * Authorization header of every request.
 */
export function createFindataClient(options: FindataClientOptions): Client<paths> {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}

export {
  type VerifyOptions,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks.ts';
