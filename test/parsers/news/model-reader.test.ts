import { describe, expect, it } from 'vitest';
import { ModelReader, modelReaderFromEnv } from '../../../jobs/news/model-reader.ts';

// The model endpoint is never called in tests: a local function stands in for the HTTP transport only.
const input = {
  title: 'Didi reports Q4 loss of $43 mln',
  summary: null,
  event_type: 'earnings' as const,
  event_subtype: 'results',
  company: null,
};

describe('ModelReader', () => {
  it('is off unless NEWS_MODEL_URL and NEWS_MODEL are both set', () => {
    expect(modelReaderFromEnv({})).toBeNull();
    expect(modelReaderFromEnv({ NEWS_MODEL_URL: 'http://127.0.0.1:9/v1' })).toBeNull();
    expect(modelReaderFromEnv({ NEWS_MODEL_URL: 'http://127.0.0.1:9/v1', NEWS_MODEL: 'm' })?.name).toBe(
      'model:m',
    );
  });

  it('falls back to the local reader when the endpoint is unreachable, answers garbage, or the budget is spent', async () => {
    const down = new ModelReader({ url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 200 });
    expect((await down.read(input)).reader).toBe('local-lexicon-v2');
    let calls = 0;
    const garbage = new ModelReader({
      url: 'http://x/v1',
      model: 'm',
      fetchImpl: async () => {
        calls++;
        return new Response(JSON.stringify({ choices: [{ message: { content: 'no json here' } }] }));
      },
    });
    expect((await garbage.read(input)).reader).toBe('local-lexicon-v2');
    const good = new ModelReader({
      url: 'http://x/v1',
      model: 'm',
      budgetPerHour: 1,
      fetchImpl: async () => {
        calls++;
        return new Response(
          JSON.stringify({
            choices: [
              {
                message: {
                  content: '{"direction":"bearish","horizon":"days","confidence":0.8,"why":"loss"}',
                },
              },
            ],
          }),
        );
      },
    });
    expect(await good.read(input)).toEqual({
      direction: 'bearish',
      horizon: 'days',
      confidence: 0.8,
      why: 'loss',
      reader: 'model:m',
    });
    const before = calls;
    expect((await good.read(input)).reader).toBe('model:m'); // cached: no second call
    expect(calls).toBe(before);
    expect((await good.read({ ...input, title: 'another' })).reader).toBe('local-lexicon-v2'); // budget of 1 spent
  });
});
