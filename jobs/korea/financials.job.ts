import { loadKrFinancials } from '../../loaders/asia.ts';
import { parseDartFinancials } from '../../parsers/korea/financials.ts';
import type { KrFinancialsInsert } from '../../schema/asia.ts';
import type { DatasetJob } from '../types.ts';
import { assertDartBudget, dartUrl, safeCtx } from './opendart.ts';
import { filedReports, koreaCorps, koreaYears } from './universe.ts';

/** The reports the offline mirror holds (Samsung FY2023; its separate basis was not captured: not_found). */
const DEMO = ['00126380:2023:11011:CFS', '00126380:2023:11011:OFS'];

const parseKey = (key: string) => {
  const m = /^(\d{8}):(\d{4}):(1101[1-4]):(CFS|OFS)$/.exec(key);
  if (!m) throw new Error(`not a kr_financials partition: ${key}`);
  return { corp: m[1]!, year: m[2]!, reprt: m[3]!, fs: m[4] as 'CFS' | 'OFS' };
};

/**
 * Korean full financial statements (OpenDART fnlttSinglAcntAll). Partition `<corp>:<year>:<reprt_code>:<CFS|OFS>`:
 * one call each, both bases fetched separately and never merged; years newest first, companies largest first,
 * only reports past their filing deadline. Status 013 (no such report) loads nothing.
 */
export const krFinancialsJob: DatasetJob<KrFinancialsInsert[]> = {
  dataset: 'kr_financials',
  async partitions(ctx, opts) {
    if (ctx.config.UPSTREAM === 'fixtures' && !opts.from) return DEMO;
    const corps = await koreaCorps(ctx, opts);
    const out: string[] = [];
    for (const year of koreaYears(ctx, opts))
      for (const reprt of filedReports(year, ctx.now))
        for (const corp of corps) for (const fs of ['CFS', 'OFS']) out.push(`${corp}:${year}:${reprt}:${fs}`);
    return out;
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    const year = ctx.now.getUTCFullYear();
    const corps = await koreaCorps(ctx);
    const reports = [
      ...filedReports(year, ctx.now).map((r) => [year, r] as const),
      ...filedReports(year - 1, ctx.now)
        .slice(0, 1)
        .map((r) => [year - 1, r] as const),
    ];
    return reports.flatMap(([y, r]) => corps.flatMap((c) => [`${c}:${y}:${r}:CFS`, `${c}:${y}:${r}:OFS`]));
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    const k = parseKey(key);
    await assertDartBudget(ctx);
    const url = dartUrl(ctx, 'fnlttSinglAcntAll.json', {
      corp_code: k.corp,
      bsns_year: k.year,
      reprt_code: k.reprt,
      fs_div: k.fs,
    });
    return [await fetcher.get(url)];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    // the basis from the request URL the job made (the partition's, checked against it)
    const r = parseDartFinancials(doc.bytes, safeCtx(doc), { fsDiv: parseKey(key).fs });
    return { rows: r.rows, warnings: r.noData ? [`OpenDART 013: no ${key} report`] : r.warnings };
  },
  load(tx, rows) {
    return loadKrFinancials(tx, rows);
  },
};
