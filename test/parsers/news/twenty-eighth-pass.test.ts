import { afterAll, describe, expect, it } from 'vitest';
import { readLocally } from '../../../parsers/news/reader.ts';
import { loadTextModel, setTextModel } from '../../../parsers/news/text-model.ts';
import { passItems } from './fixture-feeds.ts';

// Issue 28, twenty-eighth pass: rules read off the misses of held-out sets 25, 26 and 27 (labels-heldout-25/26/27.tsv, each
// committed before any parser ran on its items). The word rules alone (no text model) unless a test loads it, linked as
// `quality:news` links; every expected value is a hand label of those files. Each 'new' test fails on the parser of 7da77187 (set 27
// wired, no rule of this pass); the 'kept' ones pass on both.
const ORCL = 'ORACLE-PRESS-RSS_rss-pr_hlan-net-river5_HELDOUT-26_2018-11-14-2019-01-13_TRANSCRIBED.rss.xml';
const REUTERS = 'REUTERS-RSS_topNews_hlan-net-river5_HELDOUT-26_2019-01-14_TRANSCRIBED.rss.xml';
const FT_TECH = 'FT-RSS_stream-technology_ServeMotor-fin_HELDOUT-27_2024-07-04-09_TRANSCRIBED.rss.xml';
const { get, type, primary, direction } = passItems([ORCL, REUTERS, FT_TECH]);

describe('news, a customer adopting a vendor: type and whose win it is (twenty-eighth pass)', () => {
  it("a subject that transforms or personalizes something of its own 'with' another name has adopted it: contract (new)", () => {
    expect(type('Hotel Julian Reimagines Modern Luxury Experience with Oracle Hospitality')).toBe('contract');
    expect(type('Things Remembered Personalizes Customer Experience with Oracle Commerce Cloud')).toBe(
      'contract',
    );
    expect(
      type('Bata Improves Planning and Process Efficiency to Enhance Customer Experience with Oracle'),
    ).toBe('contract');
    expect(type('Western Digital Transforms Business Processes with Oracle Cloud')).toBe('contract');
  });
  it('a contract read for the vendor the buyer chose is bullish; for the buyer that opens the headline, neutral (new)', () => {
    expect(direction('Cyta Calls on Oracle to Drive Digital Transformation')).toBe('bullish');
    expect(
      direction(
        'VITAS Healthcare Selects Oracle Cloud Applications to Optimize Its Workforce Management Systems',
      ),
    ).toBe('bullish');
    expect(direction('Hotel Julian Reimagines Modern Luxury Experience with Oracle Hospitality')).toBe(
      'bullish',
    );
    expect(primary('Western Digital Transforms Business Processes with Oracle Cloud')).toBe('WDC');
    expect(direction('Western Digital Transforms Business Processes with Oracle Cloud')).toBe('neutral');
  });
  it('a subject working with its own product is no customer story (kept)', () => {
    expect(type('Oracle Accelerates Data Insights for Retailers with Oracle Digital Assistant')).not.toBe(
      'contract',
    );
  });
  it("a subject working 'with' its own named product is a product item (new)", () => {
    expect(type('Oracle Accelerates Data Insights for Retailers with Oracle Digital Assistant')).toBe(
      'product',
    );
  });
  it('two named parties signing a deal named in up to three words have a contract (new)', () => {
    expect(type('Microsoft and Occidental sign carbon credit deal to help offset AI energy surge')).toBe(
      'contract',
    );
  });
});

describe('news, general news naming no company (twenty-eighth pass)', () => {
  it('a strike on a place, a hack of government networks, a military crash that kills: other, neutral (new)', () => {
    expect(type('White House asked for options to strike Iran: source')).toBe('other');
    expect(direction('White House asked for options to strike Iran: source')).toBe('neutral');
    expect(type('Australia accuses China-backed hackers of breaching government networks')).toBe('other');
    expect(direction('Australia accuses China-backed hackers of breaching government networks')).toBe(
      'neutral',
    );
    expect(type('Military cargo plane crashes in Iran, 15 killed')).toBe('other');
  });
  it('diplomacy (in the headline or the lede) and the weather are general news; an embassy reopened is no expansion (new)', () => {
    expect(type('Qatar sees no need to re-open embassy in Syria: foreign minister')).toBe('other');
    expect(
      get('Qatar sees no need to re-open embassy in Syria: foreign minister').classification.event_subtype,
    ).toBe('general_news');
    expect(get('Pompeo cancels Kuwait leg of MidEast trip: spokesman').classification.event_subtype).toBe(
      'general_news',
    );
    expect(
      get('Worst is over for winter storm that clobbered U.S. Midwest, D.C. and New England').classification
        .event_subtype,
    ).toBe('general_news');
  });
  it('Brexit and trade stay macro (kept)', () => {
    expect(type('EU writes to UK providing assurances over Ireland Brexit backstop')).toBe('macro');
    expect(type('UK trade minister Fox says no Brexit deal is default government policy')).toBe('macro');
  });
  describe('with the text model loaded', () => {
    afterAll(() => setTextModel(null));
    it('general news naming no company keeps the rules’ neutral over the model (new)', async () => {
      await loadTextModel();
      const a = get('Military cargo plane crashes in Iran, 15 killed');
      const r = readLocally({
        title: a.title,
        summary: a.summary,
        event_type: 'other',
        event_subtype: 'general_news',
        company: null,
      });
      expect(r.direction).toBe('neutral');
    });
  });
});
