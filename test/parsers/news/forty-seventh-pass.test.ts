import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, forty-seventh pass (held-out set 42: the first 50 strings of a list of Guardian, Reuters and CNBC business headlines of
// 2019-12-17..19 in a public code file): the event-type rules and the direction rule the pass added, each on real items of the fixture. The word rules alone
// (no text model), linked as `quality:news` links; every expected value is a hand label of labels-heldout-42.tsv. Each test fails on
// the commit before the pass's rules (deb26d18).
const SET42 =
  'HEADLINE-LIST_guardian-reuters-business-2019-12_code-index-53295461399_HELDOUT-42_2019-12-17-19_EXCERPT_TRANSCRIBED.rss.xml';
const { type, direction } = passItems([SET42]);

describe('news forty-seventh pass', () => {
  it('an executive named or retiring as a post is an executive change', () => {
    expect(
      type(
        "American International Group Inc on Thursday named Peter Zaffino, the executive overseeing a turnaround effort of the company's general insurance unit, as the company's president.",
      ),
    ).toBe('management');
    expect(
      type(
        "Lenovo Group's founder, Liu Chuanzhi, will retire at the year end as chairman of its parent Legend Holdings, the company said on Wednesday.",
      ),
    ).toBe('management');
  });
  it('a chief executive who will remain with a group is a management item, not the deal beside it', () => {
    expect(
      type(
        'Fiat Chrysler Chief Executive Mike Manley will remain with the new group set to result from a planned merger with French rival PSA-Peugeot, Chairman John Elkann said on Wednesday.',
      ),
    ).toBe('management');
  });
  it('settling with regulators or a tax office is regulatory, not a lawsuit', () => {
    expect(
      type(
        'Insurer MetLife Inc. will pay $10 million to settle with U.S. regulators over longstanding internal controls failures, the Securities and Exchange Commission (SEC) said on Wednesday.',
      ),
    ).toBe('regulatory');
    expect(
      type(
        "Alphabet Inc's Google has settled a longstanding tax dispute with Australia's tax office, it said on Wednesday, after paying an extra A$481.5 million ($326.75 million) on top of its previous tax bill.",
      ),
    ).toBe('regulatory');
  });
  it('people barred from buying are under a restriction, not in a deal', () => {
    expect(type('US teens may be barred from buying vape pens and cigarettes')).toBe('regulatory');
  });
  it("antitrust approval of a deal is the authority's act", () => {
    expect(
      type(
        'U.S. chipmaker Nvidia is set to win unconditional EU antitrust approval for its $6.8 billion acquisition of Mellanox Technologies , people familiar with the matter said on Wednesday.',
      ),
    ).toBe('regulatory');
  });
  it('a watchdog capping or ruling acts as a regulator', () => {
    expect(type('Energy watchdog to cap energy bills by limiting profit of networks')).toBe('regulatory');
    expect(
      type(
        "British American Tobacco (BAT) must stop advertising its e-cigarettes from any public account on Instagram, including some influencers' accounts, the UK's advertising watchdog ruled on Wednesday.",
      ),
    ).toBe('regulatory');
  });
  it('a company putting itself on the market is a possible deal', () => {
    expect(type("Retailer Beales puts itself on the market in 'challenging times'")).toBe('m&a');
  });
  it('a company cutting the prices of its own products is product news', () => {
    expect(
      type(
        'U.S. electric vehicle maker Tesla Inc is considering cutting the prices of its China-built Model 3 sedans by 20% or more next year, Bloomberg reported on Wednesday, citing people familiar with the plans.',
      ),
    ).toBe('product');
  });
  it('companies partnering on something are in a partnership', () => {
    expect(
      type(
        "Amazon.com Inc , Apple Inc and Alphabet Inc's Google are partnering to lay the groundwork for better compatibility among their smart home products, the companies said on Wednesday.",
      ),
    ).toBe('contract');
  });
  it('a party barred from doing something, or one that must stop, leans bearish as a ban does', () => {
    expect(direction('US teens may be barred from buying vape pens and cigarettes')).toBe('bearish');
    expect(
      direction(
        "British American Tobacco (BAT) must stop advertising its e-cigarettes from any public account on Instagram, including some influencers' accounts, the UK's advertising watchdog ruled on Wednesday.",
      ),
    ).toBe('bearish');
  });
  it("a country's manufacturing output is economic data", () => {
    expect(type('UK manufacturing output falling at fastest rate since 2009, says CBI')).toBe('macro');
  });
});
