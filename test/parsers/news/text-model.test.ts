import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModelJson, TRAINING_LABEL_FILES } from '../../../cli/news/train-text-model.ts';
import { classifyItem } from '../../../parsers/news/classify.ts';
import { type FeedItem, parseFeed } from '../../../parsers/news/feed.ts';
import { readLocally } from '../../../parsers/news/reader.ts';
import {
  loadTextModel,
  MODEL_FILE,
  modelDirection,
  modelType,
  setTextModel,
  type TextModels,
} from '../../../parsers/news/text-model.ts';

// The news text model (parsers/news/text-model.ts): the committed weights load, classify real fixture items as a
// person reads them, are used only where the rules have no answer, and are what a retrain of the committed labels gives.

const fixture = (file: string, title: string): FeedItem => {
  const items = parseFeed(readFileSync(new URL(`../../../fixtures/news/${file}`, import.meta.url)), {
    url: file,
    fetchedAt: '2026-01-01T00:00:00.000Z',
  }).items;
  const item = items.find((i) => i.title === title);
  if (!item) throw new Error(`no item ${title}`);
  return item;
};
// read by hand: Starbucks' tipping feature in its app (CNNMoney Latest, 2014-03-12), a new-emoji release in iOS 12.1
// (CNNMoney Top Stories, 2018-10-04), two Fed nominees stating goals (CNBC Top News, 2014-03-13)
const starbucks = fixture('CNNMONEY_money-latest_RSS_2014-03-12.xml', "Starbucks' app to allow barista tips");
const emoji = fixture(
  'CNNMONEY_money-topstories_RSS_2018-10-04.xml',
  "A llama, bagel and frisbee: Apple's new iOS 12.1 emoji",
);
const fed = fixture(
  'CNBC_top-news-and-analysis_RSS_2014-03-13.xml',
  'Fischer and Brainard discuss key goals for Fed',
);

describe('news text model', () => {
  beforeAll(async () => {
    expect(await loadTextModel()).toBe(true);
  });
  // the model is module state: leave it unloaded, as the file found it, for the files that share this worker
  // thread after it (the `shared` project runs many files per thread) and read news by the rules alone
  afterAll(() => {
    setTextModel(null);
  });

  it('names the label files it was trained from (sets 1-8) by their current hashes', () => {
    const m = JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as TextModels;
    expect(m.provenance.label_files.map((f) => f.file)).toEqual(
      TRAINING_LABEL_FILES.map((f) => `fixtures/news/${f}`),
    );
    // the 716 labelled items: 153 + 95 + 101 + 54 + 85 + 67 + 71 + 90 lines of the eight label files
    expect(m.provenance.label_files.map((f) => f.examples)).toEqual([153, 95, 101, 54, 85, 67, 71, 90]);
    for (const f of m.provenance.label_files)
      expect(f.sha256).toBe(
        createHash('sha256')
          .update(readFileSync(new URL(`../../../${f.file}`, import.meta.url)))
          .digest('hex'),
      );
    expect(m.type.classes).toContain('product');
    expect(m.direction.classes).toEqual(['bearish', 'bullish', 'neutral']);
  });

  it('classifies hand-read fixture items as a person reads them', () => {
    expect(modelType(starbucks.title, starbucks.summary)?.label).toBe('product');
    expect(modelType(emoji.title, emoji.summary)?.label).toBe('product');
    expect(modelType(fed.title, fed.summary)?.label).toBe('macro');
    expect(modelDirection(fed.title, fed.summary)?.label).toBe('neutral');
    expect(modelDirection(emoji.title, emoji.summary)?.label).toBe('neutral');
  });

  it('types an item only where the rules leave it other, and says so in the fired rules', () => {
    const withModel = classifyItem(starbucks, 'news', { hasPrimaryLink: true });
    expect(withModel.event_type).toBe('product');
    expect(withModel.event_subtype).toBe('text_model');
    expect(withModel.rules.some((r) => r.rule === 'model.text_type')).toBe(true);
    // the Fed item is typed by a rule (central bank): the model does not touch it
    expect(classifyItem(fed, 'news', { hasPrimaryLink: false }).event_subtype).toBe('central_bank');
    setTextModel(null);
    expect(classifyItem(starbucks, 'news', { hasPrimaryLink: true }).event_type).toBe('other');
    // the rules alone read "top" in the Fed item's summary ("nominees to top ... posts") as a rise
    expect(
      readLocally({
        title: fed.title,
        summary: fed.summary,
        event_type: 'macro',
        event_subtype: 'central_bank',
        company: null,
      }).direction,
    ).toBe('bullish');
  });

  it('reads direction by the model when it is sure, and names it as the reader', async () => {
    await loadTextModel();
    const r = readLocally({
      title: fed.title,
      summary: fed.summary,
      event_type: 'macro',
      event_subtype: 'central_bank',
      company: null,
    });
    expect(r.direction).toBe('neutral');
    expect(r.reader).toBe('local-text-model-v1');
    expect(r.why).toMatch(/text model p=0\.9\d \(the rules read bullish\)/);
  });

  it('retraining from the committed labels and fixtures reproduces the committed file byte for byte', async () => {
    expect(await buildModelJson()).toBe(readFileSync(MODEL_FILE, 'utf8'));
    // 716 items since the eighth pass (488 before): ~25 s of CPU, more on a loaded machine
  }, 240_000);
});
