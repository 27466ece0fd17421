import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { sessionTime, symbolMarket } from '../../../parsers/earnings/calendar-time.ts';
import { computeSurprise } from '../../../parsers/earnings/consensus-surprise.ts';
import { parseYahooQuoteSummary, yNum } from '../../../parsers/earnings/consensus-yahoo.ts';
import { earningsKind, mentionCandidates, normalizeName } from '../../../parsers/markets/company-mentions.ts';
import { kalshiPrice, parseKalshiMarkets } from '../../../parsers/markets/kalshi.ts';
import { parsePolymarketMarkets, polyTime } from '../../../parsers/markets/polymarket.ts';

// Real recorded Yahoo bodies as the mirror serves them (fixtures/upstream/CONSENSUS-FIXTURES.md).
const QS = 'fixtures/upstream/query2.finance.yahoo.com/v10/finance/quoteSummary';
const yahoo = (symbol: string, module: string) => {
  const file = `${QS}/${symbol}?formatted=false&modules=${module}`;
  return parseYahooQuoteSummary(readFileSync(file, 'utf8'), file);
};

describe('Yahoo quoteSummary: earningsTrend', () => {
  it("Apple's current-quarter EPS consensus, read by hand: avg 1.60796 from 27 analysts, 3 up / 20 down in 30 days", () => {
    const r = yahoo('AAPL', 'earningsTrend');
    const q = r.estimates!.find((e) => e.periodCode === '0q' && e.metric === 'eps')!;
    expect(q).toMatchObject({
      periodType: 'quarter',
      periodEnd: '2025-03-31',
      currency: 'USD',
      basis: 'adjusted',
      avg: 1.60796,
      low: 1.5,
      high: 1.67,
      yearAgo: 1.53,
      analysts: 27,
      trend30dAgo: 1.67117,
      revisionsUp30d: 3,
      revisionsDown30d: 20,
      revisionsDown7d: 1,
    });
    const rev = r.estimates!.find((e) => e.periodCode === '0y' && e.metric === 'revenue')!;
    expect(rev).toMatchObject({ basis: 'reported', avg: 409079556900, analysts: 39, yearAgo: 391035000000 });
  });

  it("periods follow the fiscal calendar: Salesforce's 0q and 0y both end 2025-01-31", () => {
    const r = yahoo('CRM', 'earningsTrend');
    const ends = new Map(
      r.estimates!.filter((e) => e.metric === 'eps').map((e) => [e.periodCode, e.periodEnd]),
    );
    expect(ends.get('0q')).toBe('2025-01-31');
    expect(ends.get('0y')).toBe('2025-01-31');
  });

  it('a period with no analysts is absent, not zero (Ocado 0q: avg 0 from 0 analysts); negative EPS stays negative', () => {
    const r = yahoo('OCDO.L', 'earningsTrend');
    expect(r.estimates!.some((e) => e.periodCode === '0q')).toBe(false);
    const y = r.estimates!.find((e) => e.periodCode === '0y' && e.metric === 'eps')!;
    expect(y).toMatchObject({ avg: -0.38265, analysts: 10, currency: 'GBP', periodEnd: '2024-11-30' });
  });

  it("the currency is the provider's: Alibaba ADR estimates are in CNY", () => {
    const r = yahoo('BABA', 'earningsTrend');
    expect(r.estimates!.find((e) => e.periodCode === '0q' && e.metric === 'eps')).toMatchObject({
      currency: 'CNY',
      avg: 12.70652,
    });
  });

  it("Yahoo's 404 body is 'no data', and a non-quoteSummary body is a ParseError", () => {
    const wrapped = JSON.parse(
      readFileSync('fixtures/consensus/yahoo_quoteSummary-earningsTrend-BTC-USD.json', 'utf8'),
    );
    const r = parseYahooQuoteSummary(JSON.stringify(wrapped.response.bodyJson), 'btc');
    expect(r.notFound).toMatch(/^Not Found: No fundamentals data found/);
    expect(() => parseYahooQuoteSummary('{"chart":{}}', 'x')).toThrow(ParseError);
    expect(() => parseYahooQuoteSummary('<html>', 'x')).toThrow(ParseError);
  });

  it('numbers: plain or {raw}; {} and fmt-only are no value', () => {
    expect(yNum(1.5)).toBe(1.5);
    expect(yNum({ raw: 2, fmt: '2' })).toBe(2);
    expect(yNum({})).toBeNull();
    expect(yNum({ fmt: '1.61' })).toBeNull();
  });
});

describe('Yahoo earningsHistory and surprise', () => {
  it("Salesforce's quarter ended 2024-10-31: 2.41 against 2.44585, a miss of 0.03585 (-1.4657%)", () => {
    const h = yahoo('CRM', 'earningsHistory').history!.find((x) => x.periodEnd === '2024-10-31')!;
    expect(h).toMatchObject({
      epsActual: 2.41,
      epsEstimate: 2.44585,
      currency: 'USD',
      providerSurprisePercent: -0.0147,
    });
    const s = computeSurprise({
      actual: h.epsActual,
      actualBasis: h.actualBasis,
      actualCurrency: h.currency,
      estimate: h.epsEstimate,
      estimateBasis: h.estimateBasis,
      estimateCurrency: h.currency,
    });
    expect(s).toEqual({ surprise: -0.03585, surprisePercent: -0.014657, reason: null });
  });

  it('never GAAP against adjusted, never an unknown basis, never across currencies', () => {
    const base = { actual: 1.58, actualCurrency: 'USD', estimate: 2.44585, estimateCurrency: 'USD' } as const;
    expect(computeSurprise({ ...base, actualBasis: 'gaap', estimateBasis: 'adjusted' })).toEqual({
      surprise: null,
      surprisePercent: null,
      reason: 'basis_mismatch: actual gaap, estimate adjusted',
    });
    expect(computeSurprise({ ...base, actualBasis: 'unspecified', estimateBasis: 'adjusted' }).reason).toBe(
      'actual_basis_unknown',
    );
    expect(
      computeSurprise({ ...base, actualBasis: 'adjusted', estimateBasis: 'adjusted', actualCurrency: 'CNY' })
        .surprise,
    ).toBeNull();
  });

  it('an empty history is empty (Ocado), quarter ends come from the epoch seconds', () => {
    expect(yahoo('OCDO.L', 'earningsHistory').history).toEqual([]);
    expect(yahoo('AAPL', 'earningsHistory').history!.map((h) => h.periodEnd)).toEqual([
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
    ]);
  });
});

describe('Yahoo calendarEvents and the session clock', () => {
  it('Salesforce confirmed for 2025-02-26 21:00 UTC = 16:00 New York: after the close', () => {
    const c = yahoo('CRM', 'calendarEvents').calendar!;
    expect(c.confirmed).toBe(true);
    expect(c.dates.map((d) => d.toISOString())).toEqual(['2025-02-26T21:00:00.000Z']);
    expect(sessionTime(c.dates[0]!, 'US')).toEqual({ date: '2025-02-26', timeOfDay: 'after_market' });
    expect(c.epsAvg).toBe(2.61462);
  });

  it('Apple estimated: a two-date window, not confirmed', () => {
    const c = yahoo('AAPL', 'calendarEvents').calendar!;
    expect(c.confirmed).toBe(false);
    expect(c.dates).toHaveLength(2);
  });

  it('Butterfly 13:30 UTC = 08:30 New York: before the open; Ocado 07:00 UTC in February = 07:00 London: before the open', () => {
    const b = yahoo('BFLY', 'calendarEvents').calendar!;
    expect(sessionTime(b.dates[0]!, symbolMarket('BFLY'))).toEqual({
      date: '2025-02-28',
      timeOfDay: 'before_market',
    });
    const o = yahoo('OCDO.L', 'calendarEvents').calendar!;
    expect(symbolMarket('OCDO.L')).toBe('L');
    expect(sessionTime(o.dates[0]!, 'L')).toEqual({ date: '2025-02-27', timeOfDay: 'before_market' });
  });

  it('clocks both ways across daylight saving: 13:45 UTC is during the session in July (09:45 EDT), before it in January (08:45 EST)', () => {
    expect(sessionTime(new Date('2024-07-10T13:45:00Z'), 'US').timeOfDay).toBe('during_market');
    expect(sessionTime(new Date('2024-01-10T13:45:00Z'), 'US').timeOfDay).toBe('before_market');
    // London: 07:30 UTC is 08:30 BST in July (open), 07:30 GMT in January (before the open)
    expect(sessionTime(new Date('2024-07-10T07:30:00Z'), 'L').timeOfDay).toBe('during_market');
    expect(sessionTime(new Date('2024-01-10T07:30:00Z'), 'L').timeOfDay).toBe('before_market');
    expect(sessionTime(new Date('2024-01-10T07:30:00Z'), 'T').timeOfDay).toBe('unknown');
  });
});

describe('Polymarket gamma (the recorded poly-arb sample)', () => {
  const sample = JSON.parse(
    readFileSync('fixtures/prediction-markets/polymarket_gamma_samples_poly-arb.json', 'utf8'),
  );
  const item = sample.endpoints['GET /markets?active=true&closed=false&limit=5'].sample_item;

  it('JSON-encoded outcome strings, decimal-dollar prices read as probabilities: Yes 0.0295, No 0.9705', () => {
    const r = parsePolymarketMarkets(JSON.stringify([item]), 'gamma');
    expect(r.warnings).toEqual([]);
    expect(r.markets[0]).toMatchObject({
      provider: 'polymarket',
      marketId: '517310',
      question: 'Will Trump deport less than 250,000?',
      status: 'open',
      yesPrice: 0.0295,
      yesPriceRaw: '0.0295',
      priceUnit: 'usd',
      volume: 1198758.20317,
      volumeUnit: 'usd',
      liquidity: 20526.9358,
      outcome: null,
    });
    expect(r.markets[0]!.outcomes).toEqual([
      { name: 'Yes', probability: 0.0295, raw: '0.0295', unit: 'usd' },
      { name: 'No', probability: 0.9705, raw: '0.9705', unit: 'usd' },
    ]);
    expect(r.markets[0]!.closeTime!.toISOString()).toBe('2025-12-31T12:00:00.000Z');
  });

  it('resolution: the same market closed with prices ["0","1"] resolved to No (no recorded resolved market exists; the rule on the real shape)', () => {
    const closed = {
      ...item,
      active: false,
      closed: true,
      outcomePrices: '["0", "1"]',
      umaResolutionStatus: 'resolved',
      closedTime: '2026-01-02 18:00:00+00',
    };
    const m = parsePolymarketMarkets(JSON.stringify(closed), 'gamma').markets[0]!;
    expect(m).toMatchObject({ status: 'resolved', outcome: 'No', yesPrice: 0 });
    expect(m.resolutionTime!.toISOString()).toBe('2026-01-02T18:00:00.000Z');
    // closed but still priced in between: closed, not resolved
    const pending = { ...item, closed: true, outcomePrices: '["0.4", "0.6"]' };
    expect(parsePolymarketMarkets(JSON.stringify([pending]), 'g').markets[0]).toMatchObject({
      status: 'closed',
      outcome: null,
    });
    expect(polyTime('2026-07-07 21:25:17+00')!.toISOString()).toBe('2026-07-07T21:25:17.000Z');
  });

  it('a price outside 0-1 is a warning and no price; a non-market body is a ParseError', () => {
    const bad = parsePolymarketMarkets(JSON.stringify([{ ...item, outcomePrices: '["29.5", "70.5"]' }]), 'g');
    expect(bad.markets[0]!.yesPrice).toBeNull();
    expect(bad.warnings.join()).toMatch(/not a probability/);
    expect(() => parsePolymarketMarkets(JSON.stringify(sample), 'g')).toThrow(ParseError);
  });
});

describe('Kalshi (documented field shapes: no recorded Kalshi response exists)', () => {
  it('cents need the usd_cent evidence: 56 cents -> 0.56 and back; dollars strings are read first', () => {
    const cents = kalshiPrice({ last_price: 56, response_price_units: 'usd_cent' }, 'last_price')!;
    expect(cents).toEqual({ probability: 0.56, raw: '56', unit: 'usd_cents', field: 'last_price' });
    expect(Math.round(cents.probability * 100)).toBe(Number(cents.raw));
    const dollars = kalshiPrice({ last_price: 56, last_price_dollars: '0.5600' }, 'last_price')!;
    expect(dollars).toEqual({ probability: 0.56, raw: '0.5600', unit: 'usd', field: 'last_price_dollars' });
    // integers without the unit evidence are not read
    expect(kalshiPrice({ last_price: 56 }, 'last_price')).toBeNull();
  });

  it('a settled market resolves to its result; no trade falls back to the bid-ask midpoint', () => {
    const r = parseKalshiMarkets(
      JSON.stringify({
        markets: [
          {
            ticker: 'T-1',
            event_ticker: 'E-1',
            title: 'T',
            status: 'settled',
            result: 'yes',
            last_price_dollars: '0.9900',
            volume_fp: '1200.00',
          },
          {
            ticker: 'T-2',
            event_ticker: 'E-1',
            title: 'T',
            status: 'active',
            last_price: 0,
            yes_bid: 40,
            yes_ask: 44,
            response_price_units: 'usd_cent',
          },
        ],
        cursor: 'abc',
      }),
      'k',
    );
    expect(r.cursor).toBe('abc');
    expect(r.markets[0]).toMatchObject({
      status: 'resolved',
      outcome: 'Yes',
      volume: 1200,
      volumeUnit: 'contracts',
    });
    expect(r.markets[1]).toMatchObject({
      status: 'open',
      yesPrice: 0.42,
      priceUnit: 'usd_cents',
      outcome: null,
    });
    expect(() => parseKalshiMarkets('{"data":[]}', 'k')).toThrow(ParseError);
  });
});

describe('company mentions and earnings kinds', () => {
  it('ticker forms need no context; names need a business context', () => {
    expect(mentionCandidates('Will $AAPL close above 250?').map((c) => [c.method, c.value])).toContainEqual([
      'cashtag',
      'AAPL',
    ]);
    expect(mentionCandidates('Salesforce (NYSE: CRM) EPS above $2.60?').map((c) => c.value)).toEqual(
      expect.arrayContaining(['CRM', 'salesforce']),
    );
    // the recorded Polymarket question has no business word: no name candidates
    expect(mentionCandidates('Will Trump deport less than 250,000?')).toEqual([]);
    expect(normalizeName('Salesforce, Inc.')).toBe('salesforce');
    expect(normalizeName('Alibaba Group Holding Ltd')).toBe('alibaba');
  });

  it('earnings kinds', () => {
    expect(earningsKind('Will Apple beat EPS estimates?')).toBe('eps_beat');
    expect(earningsKind('What will Tesla say during its earnings call?')).toBe('earnings_call_mention');
    expect(earningsKind('Will Nvidia revenue exceed $40B?')).toBe('revenue_beat');
    expect(earningsKind('Will Trump deport less than 250,000?')).toBeNull();
  });
});

describe('prediction-markets job parse: open listing, then the resolved listing', () => {
  it('a market in both is taken in its resolved state, with the resolved listing as its source', async () => {
    const { predictionMarketsJob } = await import('../../../jobs/markets/prediction-markets.job.ts');
    const { polymarket } = await import('../../../parsers/markets/polymarket.ts');
    const open = readFileSync(
      'fixtures/upstream/gamma-api.polymarket.com/markets?active=true&closed=false&limit=500',
    );
    const [item] = JSON.parse(open.toString('utf8'));
    // the real market's shape, resolved by hand (no recorded resolved listing exists)
    const resolved = Buffer.from(
      JSON.stringify([{ ...item, active: false, closed: true, outcomePrices: '["1", "0"]' }]),
    );
    const doc = (url: string, bytes: Buffer) => ({
      url,
      bytes,
      sha256: '',
      fetchedAt: '2026-02-21T16:03:31.000Z',
      contentType: null,
    });
    const r = await predictionMarketsJob.parse(
      [doc(polymarket.url(), open), doc(polymarket.resolvedUrl(), resolved)],
      'venue:polymarket',
    );
    expect(r.rows.markets).toHaveLength(1);
    expect(r.rows.markets[0]).toMatchObject({ marketId: '517310', status: 'resolved', outcome: 'Yes' });
    expect(r.rows.sourceOf['517310']).toBe(polymarket.resolvedUrl());
  });
});
