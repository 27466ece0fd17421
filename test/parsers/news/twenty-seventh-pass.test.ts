import { describe, expect, it } from 'vitest';
import { passItems } from './fixture-feeds.ts';

// Issue 28, twenty-seventh pass: rules read off the misses of held-out set 26 (labels-heldout-26.tsv, committed before any
// parser ran on its items). The word rules alone (no text model), linked as `quality:news` links; every expected value is a hand
// label of that file (and of labels-heldout-25.tsv for the speaker label). Each 'new' test fails on the parser of 10043774 (the start
// of this pass); the 'kept' ones pass on both.
const ORCL = 'ORACLE-PRESS-RSS_rss-pr_hlan-net-river5_HELDOUT-26_2018-11-14-2019-01-13_TRANSCRIBED.rss.xml';
const REUTERS = 'REUTERS-RSS_topNews_hlan-net-river5_HELDOUT-26_2019-01-14_TRANSCRIBED.rss.xml';
const BI = 'BUSINESS-INSIDER_homepage-US_code-index-25433621643_HELDOUT-25_2018-03-17.rss.xml';
const { type, primary } = passItems([ORCL, REUTERS, BI]);

describe("news linking, a company's own press-release feed (twenty-seventh pass)", () => {
  it('the issuer of a feed titled as its press-release list is the company of a headline naming no other (new)', () => {
    expect(primary('Q2 FY19 GAAP EPS Up 18% to $0.61 and NON-GAAP EPS Up 16% to $0.80')).toBe('ORCL');
    expect(primary('Cyta Calls on Oracle to Drive Digital Transformation')).toBe('ORCL');
    expect(primary('San Francisco Giants and Oracle Announce “Oracle Park”')).toBe('ORCL');
    expect(primary('Things Remembered Personalizes Customer Experience with Oracle Commerce Cloud')).toBe(
      'ORCL',
    );
    expect(primary('Telecom Leader Uses Oracle to Secure Communications Services')).toBe('ORCL');
  });
  it('a customer named by two words or more stays the subject; a news feed has no issuer (kept)', () => {
    expect(primary('Western Digital Transforms Business Processes with Oracle Cloud')).toBe('WDC');
    expect(primary('PG&E prepares to file for Chapter 11 bankruptcy')).toBe('PCG');
    expect(primary('China car sales hit reverse for first time since 1990s')).toBe(null);
  });
});

describe('news types, a vendor tapped or called on to do something (twenty-seventh pass)', () => {
  it('a buyer that taps, calls on or uses a named vendor to do something makes a contract (new)', () => {
    expect(type('Global Footwear Retailer CCC Group Taps Oracle to Boost Profitability')).toBe('contract');
    expect(type('Cyta Calls on Oracle to Drive Digital Transformation')).toBe('contract');
    expect(type('Telecom Leader Uses Oracle to Secure Communications Services')).toBe('contract');
  });
});

describe("news linking, a column's speaker label in capitals (twenty-seventh pass)", () => {
  it('a lead label of two words or more in capitals before a sentence-case headline is a speaker, not the subject (new)', () => {
    expect(
      primary(
        'BANK OF AMERICA: A small group of oil traders could come out of hibernation to catch the rest of the market off-guard',
      ),
    ).toBe(null);
  });
});
