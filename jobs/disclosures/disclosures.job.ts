import { loadDisclosures } from '../../loaders/asia.ts';
import { parseEdinetList, parseTdnetList } from '../../parsers/disclosures/japan.ts';
import { parseDartList } from '../../parsers/disclosures/korea.ts';
import type { DisclosureInsert } from '../../schema/asia.ts';
import { assertDartBudget, dartUrl, safeCtx } from '../korea/opendart.ts';
import { koreaCorps } from '../korea/universe.ts';
import { weekdaysBetween } from '../taiwan/calendar.ts';
import type { DatasetJob } from '../types.ts';

/** Spec 8.3: disclosures from 2026-06-15 (Japan), 2026-07-22 (Taiwan), 2026-07-28 (Korea). */
export const DISCLOSURES_FROM = { japan: '2026-06-15', taiwan: '2026-07-22', korea: '2026-07-28' } as const;
/** What the offline mirror holds: a TDnet day, an EDINET day, Samsung's newest DART filings. */
const DEMO = ['japan:tdnet:2026-10-07', 'japan:edinet:2026-07-24', 'korea:dart:00126380'];

export const tdnetUrl = (date: string, page: number) =>
  `https://www.release.tdnet.info/inbs/I_list_${String(page).padStart(3, '0')}_${date.replace(/-/g, '')}.html`;
export const edinetUrl = (date: string) =>
  `https://api.edinet-fsa.go.jp/api/v2/documents.json?date=${date}&type=2`;

/**
 * Cross-market disclosures in one row shape. Partitions: `japan:tdnet:<date>` (every 100-row page of the
 * day's TDnet list), `japan:edinet:<date>` (the EDINET document list), `korea:dart:<corp_code>` (the
 * company's newest OpenDART filings, one call). Taiwan MOPS announcements: parser and job not built (no
 * captured MOPS announcement page exists in the fixtures).
 */
export const disclosuresJob: DatasetJob<DisclosureInsert[]> = {
  dataset: 'disclosures',
  async partitions(ctx, opts) {
    if (ctx.config.UPSTREAM === 'fixtures' && !opts.from) return DEMO;
    const today = ctx.now.toISOString().slice(0, 10);
    const days = (from: string) => weekdaysBetween(opts.from ?? from, opts.to ?? today).reverse();
    const corps = await koreaCorps(ctx, opts);
    return [
      ...days(DISCLOSURES_FROM.japan).flatMap((d) => [`japan:tdnet:${d}`, `japan:edinet:${d}`]),
      ...corps.map((c) => `korea:dart:${c}`),
    ];
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    const today = ctx.now.toISOString().slice(0, 10);
    const corps = await koreaCorps(ctx);
    return [`japan:tdnet:${today}`, `japan:edinet:${today}`, ...corps.map((c) => `korea:dart:${c}`)];
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    const [market, source, arg] = key.split(':') as [string, string, string];
    if (market === 'japan' && source === 'tdnet') {
      const first = await fetcher.get(tdnetUrl(arg, 1));
      const { total } = parseTdnetList(first.bytes, safeCtx(first));
      const docs = [first];
      for (let p = 2; p <= Math.ceil((total ?? 0) / 100); p++) docs.push(await fetcher.get(tdnetUrl(arg, p)));
      return docs;
    }
    if (market === 'japan' && source === 'edinet') return [await fetcher.get(edinetUrl(arg))];
    if (market === 'korea' && source === 'dart') {
      await assertDartBudget(ctx);
      return [
        await fetcher.get(dartUrl(ctx, 'list.json', { corp_code: arg, page_no: '1', page_count: '10' })),
      ];
    }
    throw new Error(`not a disclosures partition: ${key}`);
  },
  parse(docs, key) {
    const rows: DisclosureInsert[] = [];
    const warnings: string[] = [];
    for (const doc of docs) {
      const ctx = safeCtx(doc);
      const r = key.startsWith('japan:tdnet')
        ? parseTdnetList(doc.bytes, ctx)
        : key.startsWith('japan:edinet')
          ? parseEdinetList(doc.bytes, ctx)
          : parseDartList(doc.bytes, ctx);
      rows.push(...r.rows);
      warnings.push(...r.warnings);
    }
    return { rows, warnings };
  },
  load(tx, rows) {
    return loadDisclosures(tx, rows);
  },
};
