import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRegistryCompanies } from '../../../cli/news/parse-feed.ts';
import { parseFeed } from '../../../parsers/news/feed.ts';
import {
  type CompiledRegistry,
  compileRegistry,
  linkItem,
  patchRegistry,
  type RegistryCompany,
  sortedKeys,
} from '../../../parsers/news/link.ts';
import { foreignObjects, indexValues } from '../../helpers/registry-index.ts';

// The news loader's registry cache patches its compiled index when a few companies change (loaders/news.ts
// registryFor): the patch must equal a full compile of the same companies, alias for alias, and link every real
// headline the same way. The registry: the SEC's company_tickers_exchange.json with the mirror's former names and
// subsidiaries (one row per company, in id order), every eighth company plus the ones the headlines below name, so a
// full compile per step stays fast.
const named = [
  '104169',
  '21344',
  '56873',
  '1646972',
  '354950',
  '910631',
  '789019',
  '718877',
  '320193',
  '40545',
].map((c) => `cik:${c.padStart(10, '0')}`);
const [WMT, KO, KR, ACI, HD] = named as [string, string, string, string, string];
const all = [...new Map(cliRegistryCompanies().map((c) => [c.company_id, c])).values()].sort((a, b) =>
  a.company_id < b.company_id ? -1 : 1,
);
const start = all.filter((c, i) => i % 8 === 0 || named.includes(c.company_id));

const dir = new URL('../../../fixtures/news/', import.meta.url);
const items = [
  'PAGES-CORPUS_real-headlines_issue-28_2026-11-29.rss.xml',
  'PAGES-CORPUS_real-headlines_issue-28_HELDOUT_2026-11-29.rss.xml',
  'PAGES-CORPUS_real-headlines_issue-28_subsidiary_2026-11-29.rss.xml',
  'CNBC_top-news-and-analysis_RSS_2014-03-13.xml',
].flatMap(
  (f) =>
    parseFeed(readFileSync(new URL(f, dir)), { url: 'file://feed', fetchedAt: '2026-11-29T00:00:00.000Z' })
      .items,
);
const linked = (c: CompiledRegistry) => items.map((i) => linkItem(i, c.index));
const headline = (c: CompiledRegistry, title: string) => {
  const i = items.find((x) => x.title === title);
  if (!i) throw new Error(`no item ${title}`);
  const r = linkItem(i, c.index);
  return {
    links: r.links.map((l) => `${l.company_id}${l.primary ? ' primary' : ''}`),
    ambiguous: r.ambiguous,
  };
};

/** The patched registry, after checking it against a full compile of the same companies. */
function patched(
  prev: CompiledRegistry,
  companies: RegistryCompany[],
  changed: RegistryCompany[],
  removed: string[],
) {
  const next = patchRegistry(prev, changed, removed);
  if (!next) throw new Error('not patched');
  const full = compileRegistry([...companies].sort((a, b) => (a.company_id < b.company_id ? -1 : 1)));
  expect(indexValues(next.index)).toEqual(indexValues(full.index));
  expect(sortedKeys(next.keys)).toEqual(sortedKeys(full.keys));
  expect(next.companies.map((c) => c.company_id)).toEqual(full.companies.map((c) => c.company_id));
  expect(foreignObjects(next)).toEqual([]);
  expect(linked(next)).toEqual(linked(full));
  return next;
}

describe('a patched registry index equals a full compile', () => {
  it('adding, renaming and deleting companies, and an alias that makes a name ambiguous then one that no longer does', () => {
    let companies = start;
    let reg = compileRegistry(companies);
    const change = (c: RegistryCompany) => {
      companies = [...companies.filter((x) => x.company_id !== c.company_id), c];
      reg = patched(reg, companies, [c], []);
    };
    const byId = (id: string) => companies.find((c) => c.company_id === id) as RegistryCompany;
    const kroger = 'Kroger sues FTC over blocked grocery chain merger';
    expect(headline(reg, kroger)).toEqual({ links: [`${KR} primary`, ACI], ambiguous: [] });

    // Walmart's exhibit lists "The Kroger Co.": "Kroger" is then a name two companies give, linking neither
    const walmart = byId(WMT);
    change({ ...walmart, subsidiaries: [...(walmart.subsidiaries ?? []), 'The Kroger Co.'] });
    expect(headline(reg, kroger).links).toEqual([ACI]);
    expect(headline(reg, kroger).ambiguous).toContainEqual({ text: 'Kroger', candidates: [KR, WMT] });
    // a later exhibit without it: Kroger's own again
    change(walmart);
    expect(headline(reg, kroger)).toEqual({ links: [`${KR} primary`, ACI], ambiguous: [] });

    // a rename: the old name no longer links KO, and "Coca" is then the first word of one company's name only, COCA
    // COLA FEMSA SAB DE CV (KOF): its first-word alias, which the headline's "Coca" meets (a rule across companies)
    const coke = 'Coca-Cola quarterly revenue misses on strong dollar';
    expect(headline(reg, coke).links).toEqual([`${KO} primary`]);
    change({ ...byId(KO), name: 'KO Beverages Inc' });
    expect(headline(reg, coke).links).toEqual(['cik:0000910631 primary']);
    // its old name kept as a former name: KO's again, and "Coca" two companies' first word once more
    change({ ...byId(KO), aliases: ['COCA COLA CO'] });
    expect(headline(reg, coke).links).toEqual([`${KO} primary`]);
    expect(reg.index.aliases.get('coca')).toBeUndefined();

    // a company added
    const vw =
      'Volkswagen CEO, Chairman Charged With Market Manipulation In Emissions Scandal, Shares Tumble';
    expect(headline(reg, vw).links).toEqual([]);
    change({ company_id: 'test:vw', name: 'Volkswagen AG', ticker: 'VWAGY', cik: null });
    expect(headline(reg, vw).links).toEqual(['test:vw primary']);

    // a company deleted
    const hd = 'Home Depot points to holiday innovation';
    expect(headline(reg, hd).links).toEqual([`${HD} primary`]);
    companies = companies.filter((c) => c.company_id !== HD);
    reg = patched(reg, companies, [], [HD]);
    expect(headline(reg, hd).links).toEqual([]);
  });

  it('after random changes of a few companies at a time: names taken from other companies, first words shared, subsidiaries, former names, tickers, companies added and deleted', () => {
    let seed = 28;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    const companies = new Map(start.map((c) => [c.company_id, c]));
    let reg = compileRegistry(start);
    for (let round = 0; round < 8; round++) {
      const changed = new Map<string, RegistryCompany>();
      const removed = new Set<string>();
      for (let n = 1 + Math.floor(rnd() * 4); n > 0; n--) {
        const live = [...companies.values()];
        const c = { ...pick(live) };
        const other = pick(live);
        const [w0, w1] = other.name.split(' ');
        const op = Math.floor(rnd() * 9);
        if (op === 0) c.name = other.name;
        else if (op === 1) c.name = `${w0} ${pick(['Widgets', 'Holdings Inc', ''])}`.trim();
        else if (op === 2)
          c.subsidiaries = [
            ...(c.subsidiaries ?? []),
            pick([other.name, `${w0}`, `${w0} & ${w1 ?? 'Sons'}`]),
          ];
        else if (op === 3) c.subsidiaries = c.subsidiaries?.slice(1);
        else if (op === 4) c.aliases = [...(c.aliases ?? []), other.name];
        else if (op === 5) c.aliases = c.aliases?.slice(1);
        else if (op === 6) {
          c.ticker = other.ticker;
          c.cik = other.cik;
          c.tickers = [{ symbol: other.ticker ?? 'ZZZ', from: '2020-01-01', to: null }];
        } else if (op === 7) {
          companies.delete(c.company_id);
          changed.delete(c.company_id);
          if (reg.companies.some((x) => x.company_id === c.company_id)) removed.add(c.company_id);
          continue;
        } else c.company_id = `test:${round}:${n}`;
        companies.set(c.company_id, c);
        changed.set(c.company_id, c);
        removed.delete(c.company_id);
      }
      reg = patched(reg, [...companies.values()], [...changed.values()], [...removed]);
    }
  });
});

describe('a patched registry keeps the shared first word and the ticker-spelt first word (thirty-ninth pass)', () => {
  const id = (cik: string) => `cik:${cik.padStart(10, '0')}`;
  const [PGRE, PARA, META, MMAT] = ['1605607', '813828', '1326801', '1431959'].map(id) as [
    string,
    string,
    string,
    string,
  ];
  it('"paramount" (Paramount Group) shared with Paramount Global, and "meta" Meta Platforms\', through renames and deletions', () => {
    let companies = all.filter((c, i) => i % 8 === 0 || [PGRE, PARA, META, MMAT].includes(c.company_id));
    const byId = (x: string) => companies.find((c) => c.company_id === x) as RegistryCompany;
    expect([PGRE, PARA, META].every((x) => byId(x))).toBe(true);
    let reg = compileRegistry(companies);
    const ids = (k: string) => reg.index.aliases.get(k)?.map((e) => e.company.company_id);
    expect(ids('paramount')).toEqual([PGRE, PARA]);
    expect(ids('meta')).toEqual([META]);
    const change = (c: RegistryCompany) => {
      companies = [...companies.filter((x) => x.company_id !== c.company_id), c];
      reg = patched(reg, companies, [c], []);
    };
    const para = byId(PARA);
    // Paramount Global renamed: the word is Paramount Group's alone; back: shared again
    change({ ...para, name: 'Skydance Media Inc' });
    expect(ids('paramount')).toEqual([PGRE]);
    change(para);
    expect(ids('paramount')).toEqual([PGRE, PARA]);
    // Paramount Group changed (a former name added): still shared
    change({ ...byId(PGRE), aliases: ['Paramount Group Real Estate'] });
    expect(ids('paramount')).toEqual([PGRE, PARA]);
    // Meta Platforms' ticker changed: "meta" no longer spelt by a ticker, no alias; back: Meta's again
    const meta = byId(META);
    change({ ...meta, ticker: 'FB' });
    expect(ids('meta')).toBeUndefined();
    change(meta);
    expect(ids('meta')).toEqual([META]);
    // Paramount Global deleted
    companies = companies.filter((c) => c.company_id !== PARA);
    reg = patched(reg, companies, [], [PARA]);
    expect(ids('paramount')).toEqual([PGRE]);
  });
});
