import { createHash } from 'node:crypto';
import { type NewsReader, type ReaderInput, type Reading, readLocally } from '../../parsers/news/reader.ts';

export interface ModelReaderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (NEWS_MODEL_URL). */
  url: string;
  /** Model name (NEWS_MODEL). */
  model: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  /** Most model calls per hour; past it the local reader answers. */
  budgetPerHour?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

const PROMPT =
  'You read one news headline for equity traders. Answer with JSON only: {"direction":"bullish|bearish|neutral","horizon":"intraday|days|weeks|months","confidence":0..1,"why":"one line"}.';

/**
 * An OpenAI-compatible chat endpoint as the reader, never required: every failure, timeout, malformed
 * answer or exhausted budget falls back to the local reader, and answers are cached by input.
 */
export class ModelReader implements NewsReader {
  readonly name: string;
  private readonly cache = new Map<string, Reading>();
  private calls: number[] = [];
  constructor(private readonly o: ModelReaderOptions) {
    this.name = `model:${o.model}`;
  }

  async read(input: ReaderInput): Promise<Reading> {
    const key = createHash('sha1').update(JSON.stringify(input)).digest('hex');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const now = (this.o.now ?? Date.now)();
    this.calls = this.calls.filter((t) => now - t < 3_600_000);
    if (this.calls.length >= (this.o.budgetPerHour ?? 500)) return readLocally(input);
    this.calls.push(now);
    const r = (await this.ask(input)) ?? readLocally(input);
    this.cache.set(key, r);
    return r;
  }

  private async ask(input: ReaderInput): Promise<Reading | null> {
    try {
      const res = await (this.o.fetchImpl ?? fetch)(`${this.o.url.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.o.model,
          temperature: 0,
          messages: [
            { role: 'system', content: PROMPT },
            {
              role: 'user',
              content: `${input.title}\n${input.summary ?? ''}\nEvent type: ${input.event_type}/${input.event_subtype}`,
            },
          ],
        }),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 8_000),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const text = body.choices?.[0]?.message?.content ?? '';
      const j = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Partial<Reading>;
      if (!['bullish', 'bearish', 'neutral'].includes(String(j.direction))) return null;
      return {
        direction: j.direction as Reading['direction'],
        horizon: ['intraday', 'days', 'weeks', 'months'].includes(String(j.horizon))
          ? (j.horizon as Reading['horizon'])
          : 'days',
        confidence: Math.max(0, Math.min(1, Number(j.confidence) || 0.5)),
        why: String(j.why ?? '').slice(0, 240),
        reader: this.name,
      };
    } catch {
      return null;
    }
  }
}

/** The reader the news job uses: the model when NEWS_MODEL_URL and NEWS_MODEL are set, else none (local). */
export function modelReaderFromEnv(env: NodeJS.ProcessEnv = process.env): ModelReader | null {
  if (!env.NEWS_MODEL_URL || !env.NEWS_MODEL) return null;
  return new ModelReader({
    url: env.NEWS_MODEL_URL,
    model: env.NEWS_MODEL,
    apiKey: env.NEWS_MODEL_API_KEY,
    timeoutMs: Number(env.NEWS_MODEL_TIMEOUT_MS ?? 8000),
    budgetPerHour: Number(env.NEWS_MODEL_BUDGET_PER_HOUR ?? 500),
  });
}
