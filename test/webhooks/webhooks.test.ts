import { randomBytes } from 'node:crypto';
import { Command } from 'commander';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSubscriptionCommands } from '../../cli/commands/subscriptions.ts';
import { verifyWebhook, WebhookVerificationError } from '../../clients/typescript/src/webhooks.ts';
import { loadConfig } from '../../lib/config.ts';
import type { Database } from '../../lib/db.ts';
import { appendEvents, eventId, type NewEvent } from '../../lib/events/log.ts';
import { createLogger } from '../../lib/logger.ts';
import { WebhookDispatcher } from '../../lib/webhooks/dispatcher.ts';
import { bullmqDeliveryQueue, inProcessDeliveryQueue } from '../../lib/webhooks/queue.ts';
import { webhookSettings } from '../../lib/webhooks/settings.ts';
import { accountWithKey, createApiTestDatabase, type RunningApi, startApi } from '../helpers/api.ts';
import { deleteKeys } from '../helpers/services.ts';
import { eventually, WebhookReceiver } from '../helpers/webhook-receiver.ts';

const runtime = process.env.REDIS_URL ? 'Postgres + BullMQ' : 'PGlite + in-process';

// Short retry delays (the 5 s ... 24 h schedule x 0.0001: 0.5 ms, 30 ms, 180 ms, 720 ms, 1.8 s ...) and a
// 2 s auto-disable, so retries and the disable happen within a test.
const ENV = {
  WEBHOOKS_ALLOW_PRIVATE: '1',
  WEBHOOKS_RETRY_SCALE: '0.0001',
  WEBHOOKS_DISABLE_AFTER_MS: '2000',
  WEBHOOKS_POLL_MS: '50',
  WEBHOOKS_MAX_SUBSCRIPTIONS: '10',
};

let database: Database;
let api: RunningApi;
let strict: RunningApi;
let receiver: WebhookReceiver;
let dispatcher: WebhookDispatcher;
let redis: Redis | null = null;
let queuePrefix: string | null = null;
let fund: { accountId: string; key: string };
let free: { accountId: string; key: string };

async function call(
  target: RunningApi,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await target.get(path, {
    key,
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, json: await res.json() };
}

// Apple's 10-Q for the quarter ended 2023-07-01 (accession 0000320193-23-000077, filed 2023-08-04), as the
// filings loader describes a filing; the other two are Apple's 8-K of 2023-08-03 and Microsoft's 10-Q.
const filing = (accession: string, form: string, ticker: string, cik: string, name: string): NewEvent => ({
  type: 'filing.published',
  key: accession,
  occurredAt: '2023-08-04',
  acceptedAt: '2023-08-04T20:31:04Z',
  detectedAt: '2023-08-04T20:31:30Z',
  companyId: `cmp_test_${ticker.toLowerCase()}`,
  ticker,
  data: {
    accession_number: accession,
    form,
    cik,
    company_name: name,
    links: { self: `/v1/filings?ticker=${ticker}` },
  },
});
const AAPL_10Q = filing('0000320193-23-000077', '10-Q', 'AAPL', '0000320193', 'Apple Inc.');
const AAPL_8K = filing('0000320193-23-000074', '8-K', 'AAPL', '0000320193', 'Apple Inc.');
const MSFT_10Q = filing('0000950170-23-035122', '10-Q', 'MSFT', '0000789019', 'MICROSOFT CORP');
const article = (id: string, channel: string, region: string, impact: number): NewEvent => ({
  type: 'news_article.published',
  key: id,
  occurredAt: '2026-01-30T14:00:00Z',
  detectedAt: '2026-01-30T14:01:00Z',
  companyId: 'cmp_test_aapl',
  ticker: 'AAPL',
  data: {
    news_id: id,
    title: `article ${id}`,
    channel,
    region,
    impact_score: impact,
    links: { self: '/v1/news?ticker=AAPL' },
  },
});

const append = (batch: NewEvent[]) => database.db.transaction((tx) => appendEvents(tx, batch));

async function create(path: string, body: Record<string, unknown>, key = fund.key) {
  const r = await call(api, 'POST', path, key, body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { data: { id: string; status: string }; secret: string };
}

const deliveries = async (family: string, id: string) =>
  (await call(api, 'GET', `/v1/${family}/subscriptions/${id}/deliveries`, fund.key)).json.data as any[];
const subscription = async (id: string) =>
  (await call(api, 'GET', `/v1/events/subscriptions/${id}`, fund.key)).json.data as any;

beforeAll(async () => {
  database = await createApiTestDatabase();
  api = await startApi(database, { env: ENV });
  strict = await startApi(database, {
    env: { WEBHOOKS_ALLOW_PRIVATE: '0', WEBHOOKS_MAX_SUBSCRIPTIONS: '2' },
  });
  fund = await accountWithKey(database, 'fund');
  free = await accountWithKey(database, 'free');
  receiver = await new WebhookReceiver().start();
  const settings = webhookSettings(loadConfig({ NODE_ENV: 'test', ...ENV }));
  let queue = inProcessDeliveryQueue(8);
  if (process.env.REDIS_URL) {
    redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
    queuePrefix = `twh${randomBytes(4).toString('hex')}`;
    queue = await bullmqDeliveryQueue(redis, queuePrefix, 8);
  }
  dispatcher = new WebhookDispatcher(database, settings, queue, createLogger('silent'));
  await dispatcher.start();
});

afterAll(async () => {
  await dispatcher?.close();
  if (redis && queuePrefix) await deleteKeys(redis, `${queuePrefix}:*`);
  redis?.disconnect();
  await receiver?.close();
  await api?.close();
  await strict?.close();
  await database?.close();
});

describe(`webhooks over real HTTP (${runtime})`, () => {
  it('delivers each matching event once, signed per Standard Webhooks, with the event as payload; never logs the secret', async () => {
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/ok`,
      types: ['filing.published'],
      filters: { tickers: ['AAPL'], forms: ['10-Q'] },
      description: 'portfolio 10-Qs',
    });
    // whsec_ + base64 of 32 random bytes, answered once: never in a later read
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(sub.secret.slice(6), 'base64')).toHaveLength(32);
    receiver.setSecrets('/ok', [sub.secret]);
    const read = await call(api, 'GET', `/v1/events/subscriptions/${sub.data.id}`, fund.key);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.json)).not.toContain(sub.secret.slice(6, 20));
    expect(read.json.data).toMatchObject({
      status: 'enabled',
      filters: { tickers: ['AAPL'], forms: ['10-Q'] },
    });

    await append([AAPL_10Q, AAPL_8K, MSFT_10Q, article('nws_1', 'press_release', 'US', 80)]);
    const got = await receiver.waitFor('/ok', 1);
    await new Promise((r) => setTimeout(r, 300)); // would show a wrongly matched second delivery
    expect(receiver.at('/ok')).toHaveLength(1);
    const [only] = got;
    expect(only!.verifiedBy).toEqual([0]);
    expect(only!.headers['webhook-id']).toBe(eventId('filing.published', '0000320193-23-000077'));
    expect(Math.abs(Number(only!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(only!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(only!.event).toMatchObject({
      id: eventId('filing.published', '0000320193-23-000077'),
      type: 'filing.published',
      sequence: 1,
      occurred_at: '2023-08-04T00:00:00.000Z',
      accepted_at: '2023-08-04T20:31:04.000Z',
      detected_at: '2023-08-04T20:31:30.000Z',
      company_id: 'cmp_test_aapl',
      ticker: 'AAPL',
      data: { accession_number: '0000320193-23-000077', form: '10-Q', company_name: 'Apple Inc.' },
    });
    expect(Object.keys(only!.event!)).toEqual([
      'id',
      'type',
      'sequence',
      'occurred_at',
      'accepted_at',
      'detected_at',
      'published_at',
      'company_id',
      'ticker',
      'data',
    ]);
    // the helper refuses a stale timestamp (5-minute tolerance) and a tampered body
    expect(() =>
      verifyWebhook(sub.secret, only!.body, only!.headers as never, {
        now: Number(only!.headers['webhook-timestamp']) + 301,
      }),
    ).toThrow(WebhookVerificationError);
    expect(() =>
      verifyWebhook(sub.secret, only!.body.replace('10-Q', '10-K'), only!.headers as never),
    ).toThrow(/no valid v1 signature/);
    const [d] = await eventually(
      () => deliveries('events', sub.data.id),
      (r) => r[0]?.status === 'delivered',
    );
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, origin: 'event' });
    expect(d.attempt_log[0]).toMatchObject({
      attempt: 1,
      status_code: 200,
      response_excerpt: 'ok',
      outcome: 'success',
    });
    expect(api.logs.join('\n')).not.toContain(sub.secret.slice(6, 26));
  });

  it('news subscriptions take only news types and filter by channel, region and impact', async () => {
    const wrongType = await call(api, 'POST', '/v1/news/subscriptions', fund.key, {
      url: `${receiver.url}/news`,
      types: ['filing.published'],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.message).toMatch(/not a news event type/);
    const formsOnNews = await call(api, 'POST', '/v1/news/subscriptions', fund.key, {
      url: `${receiver.url}/news`,
      types: ['news_article.published'],
      filters: { forms: ['8-K'] },
    });
    expect(formsOnNews.status).toBe(400);
    const sub = await create('/v1/news/subscriptions', {
      url: `${receiver.url}/news`,
      types: ['news_article.published'],
      filters: { channels: ['press_release'], regions: ['US'], min_impact: 50 },
    });
    receiver.setSecrets('/news', [sub.secret]);
    await append([
      article('nws_2', 'press_release', 'US', 72),
      article('nws_3', 'press_release', 'US', 30),
      article('nws_4', 'blog', 'US', 90),
      article('nws_5', 'press_release', 'JP', 90),
    ]);
    await receiver.waitFor('/news', 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/news').map((r) => r.event?.data.news_id)).toEqual(['nws_2']);
    // the events family does not see news subscriptions, and the other way round
    expect((await call(api, 'GET', `/v1/events/subscriptions/${sub.data.id}`, fund.key)).status).toBe(404);
  });

  it('retries with the same webhook-id, honours Retry-After on 503, records every attempt', async () => {
    receiver.on('/flaky', (n) =>
      n === 0
        ? { status: 503, headers: { 'retry-after': '1' }, body: 'busy' }
        : n === 1
          ? { status: 500, body: 'boom' }
          : { status: 204 },
    );
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/flaky`,
      types: ['filing.published'],
      filters: { company_ids: ['cmp_test_nvda'] },
    });
    receiver.setSecrets('/flaky', [sub.secret]);
    await append([filing('0001045810-23-000093', '8-K', 'NVDA', '0001045810', 'NVIDIA CORP')]);
    const got = await receiver.waitFor('/flaky', 3);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([eventId('filing.published', '0001045810-23-000093')]),
    );
    expect(got.every((r) => r.verifiedBy.length === 1)).toBe(true);
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(950); // Retry-After: 1
    const [d] = await eventually(
      () => deliveries('events', sub.data.id),
      (r) => r[0]?.status === 'delivered',
    );
    expect(d.attempts).toBe(3);
    expect(d.attempt_log.map((a: any) => [a.status_code, a.outcome, a.response_excerpt])).toEqual([
      [503, 'retry', 'busy'],
      [500, 'retry', 'boom'],
      [204, 'success', null],
    ]);
    expect(d.attempt_log[0].next_retry_at).not.toBeNull();
  });

  it('a 410 disables the subscription; PATCH re-enables it and what it missed is delivered', async () => {
    receiver.on('/gone', () => ({ status: 410, body: 'gone' }));
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/gone`,
      types: ['filing.published'],
      filters: { tickers: ['AMZN'] },
    });
    receiver.setSecrets('/gone', [sub.secret]);
    receiver.setSecrets('/back', [sub.secret]);
    await append([filing('0001018724-23-000012', '10-Q', 'AMZN', '0001018724', 'AMAZON COM INC')]);
    const disabled = await eventually(
      () => subscription(sub.data.id),
      (s) => s.status === 'disabled',
    );
    expect(disabled.disabled_reason).toMatch(/410 Gone/);
    await append([filing('0001018724-23-000017', '8-K', 'AMZN', '0001018724', 'AMAZON COM INC')]);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/gone')).toHaveLength(1); // nothing sent while disabled
    const patched = await call(api, 'PATCH', `/v1/events/subscriptions/${sub.data.id}`, fund.key, {
      url: `${receiver.url}/back`,
      status: 'enabled',
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ status: 'enabled', disabled_reason: null });
    const back = await receiver.waitFor('/back', 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/back').map((r) => r.event?.data.accession_number)).toEqual(['0001018724-23-000017']);
    expect(back[0]!.verifiedBy).toEqual([0]);
  });

  it('a subscription failing for longer than WEBHOOKS_DISABLE_AFTER_MS is disabled with a reason', async () => {
    receiver.on('/down', () => ({ status: 500, body: 'down' }));
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/down`,
      types: ['filing.published'],
      filters: { tickers: ['TSLA'] },
    });
    await append([filing('0000950170-23-033872', '10-Q', 'TSLA', '0001318605', 'Tesla, Inc.')]);
    const s = await eventually(
      () => subscription(sub.data.id),
      (x) => x.status === 'disabled',
      15_000,
    );
    expect(s.disabled_reason).toMatch(/^deliveries have failed since .* without a success \(last: 500\)$/);
    const tries = receiver.at('/down');
    // exponential: 0.5 ms, 30 ms, 180 ms, 720 ms, 1.8 s ...; the first failed attempt 2 s or more after the
    // first failure disables: the 5th on an idle machine (~2.7 s), the 4th when scheduling delays pushed it
    // past 2 s. Either way it retried, and gave up only after the window.
    expect(tries.length).toBeGreaterThanOrEqual(4);
    expect(tries.at(-1)!.at - tries[0]!.at).toBeGreaterThanOrEqual(1_900);
    const [d] = await deliveries('events', sub.data.id);
    expect(d.status).toBe('paused');
    expect(d.attempt_log.at(-1).outcome).toBe('disabled');
  }, 20_000);

  it('rotate-secret: both secrets sign during the grace window, only the new one after it', async () => {
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/rot`,
      types: ['filing.published'],
      filters: { tickers: ['GOOGL'] },
    });
    const rotated = await call(
      api,
      'POST',
      `/v1/events/subscriptions/${sub.data.id}/rotate-secret`,
      fund.key,
      {},
    );
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(sub.secret);
    const graceEnd = Date.parse(rotated.json.data.previous_secret_expires_at);
    expect(graceEnd - Date.now()).toBeGreaterThan(86_400_000 - 60_000); // 24 h by default
    receiver.setSecrets('/rot', [sub.secret, rotated.json.secret]);
    await append([filing('0001652044-23-000070', '10-Q', 'GOOGL', '0001652044', 'Alphabet Inc.')]);
    const [first] = await receiver.waitFor('/rot', 1);
    expect((first!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(first!.verifiedBy).toEqual([0, 1]);

    const ended = await call(api, 'POST', `/v1/events/subscriptions/${sub.data.id}/rotate-secret`, fund.key, {
      grace_seconds: 0,
    });
    receiver.setSecrets('/rot', [sub.secret, rotated.json.secret, ended.json.secret]);
    await append([filing('0001652044-23-000094', '8-K', 'GOOGL', '0001652044', 'Alphabet Inc.')]);
    const got = await receiver.waitFor('/rot', 2);
    expect((got[1]!.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(got[1]!.verifiedBy).toEqual([2]);
  });

  it('test, redeliver and recover send again with the original webhook-ids', async () => {
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/replay`,
      types: ['filing.published'],
      filters: { tickers: ['AAPL'] },
    });
    receiver.setSecrets('/replay', [sub.secret]);
    const t = await call(api, 'POST', `/v1/events/subscriptions/${sub.data.id}/test`, fund.key, {
      type: 'filing.published',
    });
    expect(t.status).toBe(202);
    const [test] = await receiver.waitFor('/replay', 1);
    expect(test!.verifiedBy).toEqual([0]);
    expect(test!.event).toMatchObject({
      type: 'filing.published',
      sequence: 0,
      data: { accession_number: '0000320193-23-000077', form: '10-Q' },
    });
    expect(test!.headers['webhook-id']).toMatch(/^evt_test_/);

    // Recover the whole log so far: the two Apple filings match (the subscription is newer than both)
    const r = await call(api, 'POST', `/v1/events/subscriptions/${sub.data.id}/recover`, fund.key, {
      since: '2000-01-01T00:00:00Z',
      until: new Date(Date.now() + 1000).toISOString(),
    });
    expect(r.status).toBe(202);
    expect(r.json.data.deliveries_queued).toBe(2);
    const got = await receiver.waitFor('/replay', 3);
    expect(new Set(got.slice(1).map((x) => x.headers['webhook-id']))).toEqual(
      new Set([
        eventId('filing.published', '0000320193-23-000077'),
        eventId('filing.published', '0000320193-23-000074'),
      ]),
    );
    const list = await eventually(
      () => deliveries('events', sub.data.id),
      (l) => l.filter((x: any) => x.status === 'delivered').length === 3,
    );
    const recovered = list.find((x: any) => x.origin === 'recover')!;
    const again = await call(
      api,
      'POST',
      `/v1/events/subscriptions/${sub.data.id}/deliveries/${recovered.id}/redeliver`,
      fund.key,
    );
    expect(again.status).toBe(202);
    expect(again.json.data).toMatchObject({
      origin: 'redeliver',
      event_id: recovered.event_id,
      status: 'pending',
    });
    const four = await receiver.waitFor('/replay', 4);
    expect(four[3]!.headers['webhook-id']).toBe(recovered.event_id);
    expect(four.every((x) => x.verifiedBy.length === 1)).toBe(true);
  });

  it('refuses unknown body properties, other accounts, private URLs, types above the plan, and past the cap', async () => {
    const unknown = await call(api, 'POST', '/v1/events/subscriptions', fund.key, {
      url: `${receiver.url}/x`,
      types: ['filing.published'],
      secret: 'mine',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ success: false, error: { statusCode: 400, error: 'Bad Request' } });
    expect(unknown.json.error.message).toMatch(/Unrecognized key.*secret/);
    const unknownFilter = await call(api, 'POST', '/v1/events/subscriptions', fund.key, {
      url: `${receiver.url}/x`,
      types: ['filing.published'],
      filters: { ticker: ['AAPL'] },
    });
    expect(unknownFilter.status).toBe(400);
    const badType = await call(api, 'POST', '/v1/events/subscriptions', fund.key, {
      url: `${receiver.url}/x`,
      types: ['filing.created'],
    });
    expect(badType.status).toBe(400);
    expect(badType.json.error.message).toMatch(/Unknown event type 'filing.created'/);
    expect((await call(api, 'POST', '/v1/events/subscriptions', '', {})).status).toBe(401);

    // another account's subscription is a 404 on every route, never a 403
    const [mine] = (await call(api, 'GET', '/v1/events/subscriptions', fund.key)).json.data;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { description: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/rotate-secret', {}],
      ['GET', '/deliveries', undefined],
    ] as const) {
      const r = await call(api, method, `/v1/events/subscriptions/${mine.id}${suffix}`, free.key, body);
      expect(r.status, `${method} ${suffix}`).toBe(404);
    }
    expect((await call(api, 'GET', '/v1/events/subscriptions', free.key)).json.data).toEqual([]);

    // a free account cannot subscribe to a professional dataset's events
    const plan = await call(api, 'POST', '/v1/events/subscriptions', free.key, {
      url: `${receiver.url}/x`,
      types: ['insider_trade.published'],
    });
    expect(plan.status).toBe(402);

    // without WEBHOOKS_ALLOW_PRIVATE: https only, and never a loopback/private/link-local address
    for (const [url, why] of [
      [`${receiver.url}/x`, /https/],
      ['https://127.0.0.1/x', /loopback, private or link-local/],
      ['https://localhost/x', /loopback, private or link-local/],
      ['https://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
      ['https://[::ffff:10.0.0.1]/x', /loopback, private or link-local/],
    ] as const) {
      const r = await call(strict, 'POST', '/v1/events/subscriptions', free.key, {
        url,
        types: ['filing.published'],
      });
      expect(r.status, url).toBe(400);
      expect(r.json.error.message, url).toMatch(why);
    }
    // a public address is accepted (never contacted: nothing emits corporate events here), up to the cap
    for (const expected of [201, 201, 409]) {
      const r = await call(strict, 'POST', '/v1/events/subscriptions', free.key, {
        url: 'https://93.184.215.14/hook',
        types: ['corporate_event.published'],
      });
      expect(r.status).toBe(expected);
    }
  });

  it('DELETE removes a subscription: nothing more is sent to it', async () => {
    const sub = await create('/v1/events/subscriptions', {
      url: `${receiver.url}/deleted`,
      types: ['filing.published'],
      filters: { tickers: ['META'] },
    });
    const del = await call(api, 'DELETE', `/v1/events/subscriptions/${sub.data.id}`, fund.key);
    expect(del.json.data).toEqual({ id: sub.data.id, deleted: true });
    expect((await call(api, 'GET', `/v1/events/subscriptions/${sub.data.id}`, fund.key)).status).toBe(404);
    await append([filing('0001326801-23-000067', '10-Q', 'META', '0001326801', 'Meta Platforms, Inc.')]);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/deleted')).toHaveLength(0);
  });

  it('etl subscriptions list|disable|redeliver: the operator view, without secrets', async () => {
    const out: string[] = [];
    const errs: string[] = [];
    let failed = 0;
    const run = async (...args: string[]) => {
      const program = new Command().exitOverride();
      // the command closes the database it opened: hand it a view whose close is a no-op
      registerSubscriptionCommands(program, async () => ({ ...database, close: async () => {} }), {
        out: (t) => out.push(t),
        err: (t) => errs.push(t),
        fail: () => {
          failed++;
        },
      });
      await program.parseAsync(['node', 'etl', 'subscriptions', ...args]);
    };
    await run('list', '--account', fund.accountId, '--json');
    const listed = JSON.parse(out.pop()!) as { id: string; url: string; status: string; pending: number }[];
    const ok = listed.find((x) => x.url === `${receiver.url}/ok`)!;
    expect(ok.status).toBe('enabled');
    expect(JSON.stringify(listed)).not.toMatch(/whsec_|raw1:|enc1:/);
    const [delivered] = await deliveries('events', ok.id);
    await run('redeliver', delivered.id);
    expect(out.pop()).toMatch(new RegExp(`^${delivered.id} -> whdel_[0-9a-f]{24} queued`));
    const resent = await receiver.waitFor('/ok', 2);
    expect(resent[1]!.headers['webhook-id']).toBe(delivered.event_id);
    await run('disable', ok.id, '--reason', 'maintenance window');
    expect((await subscription(ok.id)).disabled_reason).toBe('maintenance window');
    await run('disable', 'whsub_000000000000000000000000');
    expect(failed).toBe(1);
    expect(errs.pop()).toMatch(/no subscription/);
  });

  it('over the whole run: no event lost, and duplicates only where asked for (recover, redeliver)', () => {
    // /ok: its one event, plus the operator's redelivery of it (same webhook-id)
    const ok = receiver.at('/ok').map((r) => r.headers['webhook-id']);
    expect(ok).toEqual([
      eventId('filing.published', '0000320193-23-000077'),
      eventId('filing.published', '0000320193-23-000077'),
    ]);
    const unverified = receiver.received.filter((r) => r.path !== '/down' && r.verifiedBy.length === 0);
    expect(unverified.map((r) => r.path)).toEqual([]);
  });
});
