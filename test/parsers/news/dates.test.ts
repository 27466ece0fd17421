import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { channelOf } from '../../../parsers/news/channel.ts';
import { eventDate } from '../../../parsers/news/dates.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import { processItems } from '../../../parsers/news/pipeline.ts';
import { qualityRegistry } from './fixture-feeds.ts';

const dir = new URL('../../../fixtures/news/', import.meta.url);
const reg = qualityRegistry();
const articles = (file: string) => {
  const f = parseFeed(readFileSync(new URL(file, dir)), { url: file, fetchedAt: '2026-08-01T00:00:00.000Z' });
  return processItems(
    f.items.map((item) => ({ item, channel: channelOf(f) })),
    reg,
  ).articles;
};
const pick = (list: ReturnType<typeof articles>, title: string) => {
  const a = list.find((x) => x.title.startsWith(title));
  if (!a) throw new Error(`no item ${title}`);
  return {
    event_at: a.event_at,
    occurred_on: a.occurred_on,
    time_precision: a.time_precision,
    announced_lag_days: a.announced_lag_days,
    time_basis: a.time_basis,
    is_scheduled: a.is_scheduled,
  };
};

describe('occurred_on from the words, anchored on the publication date (real feed items)', () => {
  const reuters = articles('REUTERS_businessNews_feedburner_RSS_2019-01-19_EXTRACTED-from-dart.xml');
  const google = articles('GOOGLE-NEWS_search_site-reuters.com-markets_en-SG_2026-03-15.rss.xml');
  const guardian = articles('GUARDIAN_US-edition_RSS_2018-01-31.rss.xml');

  it('"A Malaysian judge on Friday ruled", published Sat 00:54 -0500: Friday 2019-01-18, one day late', () => {
    expect(pick(reuters, 'Malaysia court rules in favor of Wynn Macau')).toEqual({
      event_at: '2019-01-19T05:54:50.000Z',
      occurred_on: '2019-01-18',
      time_precision: 'day',
      announced_lag_days: 1,
      time_basis: 'relative',
      is_scheduled: false,
    });
    // "Larry Kudlow said on Friday that ... were making progress": said, not will: the past Friday
    expect(pick(reuters, 'White House adviser Kudlow')).toMatchObject({
      occurred_on: '2019-01-18',
      is_scheduled: false,
    });
    expect(pick(reuters, "Fed's Brainard sees")).toMatchObject({
      occurred_on: '2019-01-18',
      announced_lag_days: 0,
    });
  });

  it('"to start reaching market next week" (Saturday 2026-03-14): the week of Monday 2026-03-16, in the future: scheduled', () => {
    expect(pick(google, 'US says oil from strategic reserve')).toMatchObject({
      occurred_on: '2026-03-16',
      time_precision: 'week',
      announced_lag_days: -2,
      time_basis: 'relative',
      is_scheduled: true,
    });
    // "Trump to hold a press conference after markets close on Monday", published that Monday: today, not scheduled
    expect(pick(google, 'Trump to hold a press conference')).toMatchObject({
      occurred_on: '2026-03-09',
      announced_lag_days: 0,
      is_scheduled: false,
    });
  });

  it('Guardian: "Late-night hosts on Tuesday" read on Wednesday; "this week" is the week of Monday 2018-01-29', () => {
    expect(pick(guardian, 'Late-night hosts on State of the Union')).toMatchObject({
      occurred_on: '2018-01-30',
      announced_lag_days: 1,
    });
    expect(pick(guardian, 'Lorde takes out newspaper advert')).toMatchObject({
      occurred_on: '2018-01-29',
      time_precision: 'week',
      announced_lag_days: 0,
    });
  });

  it('an EDGAR entry states no date: the publication is the event', () => {
    const edgar = articles('EDGAR_getcurrent_latest-filings_count100_start100_2025-12-12.atom.xml');
    expect(pick(edgar, '8-K - Velo3D')).toMatchObject({
      occurred_on: '2025-12-12',
      time_precision: 'second',
      announced_lag_days: 0,
      time_basis: 'published',
      is_scheduled: false,
    });
  });
});

describe('the date rules (one sentence each)', () => {
  const at = (title: string, published = '2026-11-05T14:00:00Z', basis = 'published') =>
    eventDate(title, null, published, basis);

  it('a stated calendar date: the year nearest the publication, or the one written', () => {
    expect(at('Acme said on November 3 it would cut jobs')).toMatchObject({
      occurred_on: '2026-11-03',
      time_precision: 'day',
      announced_lag_days: 2,
      time_basis: 'stated',
      evidence: 'November 3',
    });
    expect(at('Acme closed its plant on Dec. 30', '2027-01-02T09:00:00Z')).toMatchObject({
      occurred_on: '2026-12-30',
      announced_lag_days: 3,
    });
    expect(at('The deal, signed Nov. 3, 2025, closes')).toMatchObject({
      occurred_on: '2025-11-03',
      announced_lag_days: 367,
    });
    expect(at('Stocks may 5 times rise')).toMatchObject({ time_basis: 'published', evidence: null });
  });

  it('quarters: the latest begun, the next when future words lead up to it; lag from the quarter end', () => {
    expect(at('Sales fell 5% in the third quarter')).toMatchObject({
      occurred_on: '2026-07-01',
      time_precision: 'quarter',
      announced_lag_days: 36,
      time_basis: 'relative',
      future: false,
    });
    expect(at('Acme expects to close the deal in the fourth quarter', '2026-03-10T12:00:00Z')).toMatchObject({
      occurred_on: '2026-10-01',
      announced_lag_days: -205,
      future: true,
    });
    expect(at('Output rose in Q2 2025')).toMatchObject({ occurred_on: '2025-04-01', time_basis: 'stated' });
  });

  it('days and spans; a relative date keeps a weak anchor', () => {
    expect(at('Acme recalled cars yesterday')).toMatchObject({
      occurred_on: '2026-11-04',
      announced_lag_days: 1,
    });
    expect(at('Acme will report on Tuesday')).toMatchObject({ occurred_on: '2026-11-10', future: true });
    expect(at('Shares fell last month')).toMatchObject({
      occurred_on: '2026-10-01',
      time_precision: 'month',
      announced_lag_days: 5,
    });
    expect(at('Acme recalled cars yesterday', '2026-11-05T14:00:00Z', 'fetched')).toMatchObject({
      time_basis: 'fetched',
    });
  });
});
