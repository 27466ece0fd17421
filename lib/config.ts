import { z } from 'zod';

/**
 * Every environment variable the project reads, validated once. `.env.example` lists the same names with
 * their meaning; a test keeps the two in step.
 */
const shape = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  UPSTREAM: z.enum(['fixtures', 'live']).default('fixtures'),
  MIRROR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  MIRROR_URL: z.string().url().optional(),
  MIRROR_MAX_RPS: z.coerce.number().positive().max(10_000).default(200),
  SEC_USER_AGENT: z.string().min(3).optional(),
  SEC_MAX_RPS: z.coerce.number().positive().max(10).default(9),
  SEC_CIKS: z.string().optional(),
  HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  HTTP_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  // BullMQ lock of a dataset partition (ms): a worker whose event loop is blocked longer (parsing a large
  // companyfacts document on a busy core) loses its job as stalled; a killed worker's job waits this long
  // before another takes it. docs/scale.md: 120000 for a full backfill.
  JOB_LOCK_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(15_000),
  // A partition attempt that makes no progress this long (ms: no document fetched, archived or recorded, no
  // step of parse or load begun) is aborted with the step it stalled at, and retried (jobs/pipeline.ts,
  // docs/scale.md); 0 = never
  PARTITION_STALL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_BASE_URL: z.string().url().optional(),
  CURSOR_SECRET: z.string().min(16).optional(),
  CORS_ORIGINS: z.string().default(''),
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  // Credit holds (api/platform/credits.ts): how long a busy account's reserved block serves requests from
  // memory before it is settled (and settled sooner when the account's last request in flight is answered);
  // 0 charges every request with its own statement.
  CREDIT_HOLD_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  // ...and how long (ms) the answer of a holding account's last request in flight waits for its next request
  // before that settle (docs/hot-paths.md "Syscalls and kernel time per request"); 0 settles at once
  CREDIT_IDLE_GRACE_MS: z.coerce.number().int().min(0).max(100).default(2),
  SCHEDULER: z.enum(['on', 'off']).default('on'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  OPERATOR_TOKEN: z.string().min(24).optional(),
  DART_API_KEY: z.string().min(8).optional(),
  DART_DAILY_BUDGET: z.coerce.number().int().positive().default(9000),
  MCP_API_KEY: z.string().optional(),
  // 13F filings of every filer (not only the universe's) loaded inside the served window, newest first
  THIRTEEN_F_HOLDER_FILINGS: z.coerce.number().int().min(0).default(80_000),
  // Form ADV bulk data (parsers/advisers/adv-feed.ts): comma-separated IAPD compilation feed files
  // (IA_FIRM_SEC_Feed_*.xml.gz, IA_FIRM_STATE_Feed_*.xml.gz) or the folder's CompilationReports.manifest.json
  ADV_FEED_URLS: z.string().optional(),
  // the SEC's monthly adviser lists (parsers/advisers/adv-roster.ts): comma-separated ia<MMDDYY>.zip /
  // ia<MMDDYY>-exempt.zip (or their CSVs), for the fund types (Schedule D 7.B.(1) rollup) per firm
  ADV_LIST_URLS: z.string().optional(),
  // Form ADV Part 2 brochures (parsers/advisers/brochure.ts): PDFs fetched with each IAPD firm profile, at most
  // this many per firm (the profile's order), read for the e-mail addresses they print; 0 = none
  ADV_BROCHURES_PER_FIRM: z.coerce.number().int().min(0).max(20).default(3),
  // retrieval embeddings (lib/embeddings.ts): an OpenAI-compatible endpoint instead of the offline model
  EMBEDDINGS_URL: z.string().url().optional(),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  // news: an optional OpenAI-compatible reader for items scoring 40+ (jobs/news/model-reader.ts reads these
  // from the environment; declared here so a bad value stops the start with the variable's name)
  NEWS_MODEL_URL: z.string().url().optional(),
  NEWS_MODEL: z.string().optional(),
  NEWS_MODEL_API_KEY: z.string().optional(),
  NEWS_MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  NEWS_MODEL_BUDGET_PER_HOUR: z.coerce.number().int().min(0).default(500),
  // filing latency (jobs/edgar/filings-live.job.ts): seconds between two polls of EDGAR's latest-filings
  // feed, a divisor of 60 (a seconds cron); 0 = no polling (the indexes alone, every 4 hours)
  FILINGS_LIVE_POLL_SECONDS: z.coerce
    .number()
    .int()
    .refine(
      (n) => n === 0 || (n > 0 && n <= 60 && 60 % n === 0),
      'a divisor of 60 (5, 10, 15, 20, 30, 60) or 0',
    )
    .default(10),
  // the offline mirror's live feed (jobs/http/mirror-live.ts): one more captured filing released every this
  // many ms while the mirror runs; 0 = the feed does not grow
  MIRROR_LIVE_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  // the raw archive on S3-compatible object storage (jobs/http/archive-s3.ts), shared by workers on several
  // machines: s3://bucket or s3://bucket/prefix; unset = DATA_DIR/raw on local disk
  ARCHIVE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 's3://bucket or s3://bucket/prefix')
    .optional(),
  // an S3-compatible endpoint (MinIO: http://minio:9000); unset = AWS S3 in ARCHIVE_REGION
  ARCHIVE_ENDPOINT: z.string().url().optional(),
  ARCHIVE_REGION: z.string().default('us-east-1'),
  // credentials; unset = the AWS SDK's chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profile, instance role)
  ARCHIVE_ACCESS_KEY_ID: z.string().optional(),
  ARCHIVE_SECRET_ACCESS_KEY: z.string().optional(),
  // a request to the object store with no byte moving for this long fails and is retried (SDK default: never)
  ARCHIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // event log (docs/events.md): emit an event only when the fact's own time is within this many days of its
  // detection (a backfill of history does not flood subscribers); 0 = no limit. Default: 7 with
  // UPSTREAM=live, 0 with UPSTREAM=fixtures (the demo emits for the captured files). Use eventsMaxAgeDays().
  EVENTS_MAX_AGE_DAYS: z.coerce.number().int().min(0).max(36_500).optional(),
  // the live stream (GET /v1/events/stream): heartbeat comment interval, and the bound on bytes waiting in a
  // client's socket buffer before the client is dropped with a final `event: error`
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  EVENTS_STREAM_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1_048_576),
  // webhooks (docs/webhooks.md): private/loopback receivers and plain http allowed (demo, tests); per-account cap;
  // per-attempt timeout; rotation grace; auto-disable after failing this long; retry schedule multiplier (tests);
  // AES key for secrets at rest; deliveries in flight per worker; dispatcher poll interval
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1']).optional(), // default: 1 with UPSTREAM=fixtures (the demo), else 0
  WEBHOOKS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).default(25),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  WEBHOOKS_ROTATION_GRACE_MS: z.coerce.number().int().min(0).default(86_400_000),
  WEBHOOKS_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 86_400_000),
  WEBHOOKS_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  WEBHOOKS_ENCRYPTION_KEY: z.string().min(24).optional(),
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(16),
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(50).default(1_000),
});

const schema = shape.superRefine((env, ctx) => {
  if (env.UPSTREAM === 'live' && !env.SEC_USER_AGENT) {
    ctx.addIssue({
      code: 'custom',
      path: ['SEC_USER_AGENT'],
      message: 'required with UPSTREAM=live: the SEC asks for "Company Name admin@example.com"',
    });
  }
});

export type Config = Readonly<z.infer<typeof schema>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment (process.env by default) into a frozen config, or throws a readable ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return Object.freeze(parsed.data);
}

/** EVENTS_MAX_AGE_DAYS, or its default: 7 days on live upstreams, no limit (0) on the offline fixtures. */
export function eventsMaxAgeDays(config: Pick<Config, 'EVENTS_MAX_AGE_DAYS' | 'UPSTREAM'>): number {
  return config.EVENTS_MAX_AGE_DAYS ?? (config.UPSTREAM === 'fixtures' ? 0 : 7);
}

export const CONFIG_KEYS = Object.keys(shape.shape);
