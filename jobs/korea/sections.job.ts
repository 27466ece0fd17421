import { loadKrSections } from '../../loaders/asia.ts';
import { DART_SECTIONS, type DartSectionEndpoint, parseDartSection } from '../../parsers/korea/sections.ts';
import type { KrReportSectionInsert } from '../../schema/asia.ts';
import type { DatasetJob } from '../types.ts';
import { assertDartBudget, dartUrl, safeCtx } from './opendart.ts';
import { filedReports, koreaCorps, koreaYears } from './universe.ts';

/** Sections filed continuously (by whoever reports), not per periodic report. */
const CONTINUOUS: DartSectionEndpoint[] = ['elestock', 'majorstock'];
const PERIODIC = (Object.keys(DART_SECTIONS) as DartSectionEndpoint[]).filter((e) => !CONTINUOUS.includes(e));

/** The sections the offline mirror holds: Samsung's FY2023 annual report and its insider/5% filings. */
const DEMO = [
  ...CONTINUOUS.map((e) => `${e}:00126380`),
  ...PERIODIC.filter((e) => !['irdsSttus', 'hyslrChgSttus'].includes(e)).map(
    (e) => `${e}:00126380:2023:11011`,
  ),
];

const parseKey = (key: string) => {
  const [endpoint, corp, year, reprt] = key.split(':') as [DartSectionEndpoint, string, string?, string?];
  if (!(endpoint in DART_SECTIONS) || !/^\d{8}$/.test(corp ?? ''))
    throw new Error(`not a kr_sections partition: ${key}`);
  return { endpoint, corp, year, reprt };
};

/**
 * Korean report sections (ownership, shareholders, share structure, investments, debt). Partitions
 * `<endpoint>:<corp>:<year>:<reprt_code>` for the periodic-report sections and `<endpoint>:<corp>` for the
 * insider and 5% filings, which OpenDART lists per company.
 */
export const krSectionsJob: DatasetJob<{ rows: KrReportSectionInsert[]; answered: boolean }> = {
  dataset: 'kr_sections',
  async partitions(ctx, opts) {
    if (ctx.config.UPSTREAM === 'fixtures' && !opts.from) return DEMO;
    const corps = await koreaCorps(ctx, opts);
    const out = corps.flatMap((c) => CONTINUOUS.map((e) => `${e}:${c}`));
    for (const year of koreaYears(ctx, opts))
      for (const reprt of filedReports(year, ctx.now))
        for (const corp of corps) for (const e of PERIODIC) out.push(`${e}:${corp}:${year}:${reprt}`);
    return out;
  },
  async latestPartitions(ctx) {
    if (ctx.config.UPSTREAM === 'fixtures') return DEMO;
    const corps = await koreaCorps(ctx);
    const year = ctx.now.getUTCFullYear() - 1;
    return corps.flatMap((c) => [
      ...CONTINUOUS.map((e) => `${e}:${c}`),
      ...filedReports(year, ctx.now)
        .slice(0, 1)
        .flatMap((r) => PERIODIC.map((e) => `${e}:${c}:${year}:${r}`)),
    ]);
  },
  isFinal: false,
  async fetch(ctx, key, fetcher) {
    const k = parseKey(key);
    await assertDartBudget(ctx);
    const params: Record<string, string> = { corp_code: k.corp };
    if (k.year && k.reprt) Object.assign(params, { bsns_year: k.year, reprt_code: k.reprt });
    return [await fetcher.get(dartUrl(ctx, `${k.endpoint}.json`, params))];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const k = parseKey(key);
    const r = parseDartSection(doc.bytes, safeCtx(doc), {
      endpoint: k.endpoint,
      ...(k.year ? { bsnsYear: Number(k.year) } : {}),
      ...(k.reprt ? { reprtCode: k.reprt } : {}),
    });
    // `answered`: the response held the report's list (status 000), so its rows are all the report has; a
    // "no data" answer (013) replaces nothing.
    return { rows: { rows: r.rows, answered: !r.noData }, warnings: r.warnings };
  },
  load(tx, { rows, answered }, key) {
    const k = parseKey(key);
    return loadKrSections(
      tx,
      rows,
      answered && k.year && k.reprt
        ? { corpCode: k.corp, endpoint: k.endpoint, bsnsYear: Number(k.year), reprtCode: k.reprt }
        : undefined,
    );
  },
};
