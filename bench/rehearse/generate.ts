/**
 * The rehearsal's upstream: SEC's real captured files (fixtures/upstream) scaled to a fraction of the whole
 * job by rewriting identifiers, dates and figures, never by inventing a format. Every file written is a
 * captured file with some fields rewritten:
 *
 * - `www.sec.gov/files/company_tickers*.json`: the real ticker files (~9,600 filers), cut to the first
 *   `factor` of them (they are ordered by market value, so 1% is the largest ~100 companies).
 * - `data.sec.gov/submissions/CIK<cik>.json` (and its older pages) for every filer of that universe: a
 *   captured submissions file (chosen by a hash of the seed and the CIK) with the filer's CIK, name,
 *   tickers and exchanges put in, and every accession number's filer prefix set to the CIK (a collision
 *   inside one file moves the sequence number on).
 * - `data.sec.gov/api/xbrl/companyfacts/CIK<cik>.json`: a captured companyfacts file with the CIK, entity
 *   name and accession prefixes rewritten and every monetary/share figure multiplied by one per-filer factor.
 * - `www.sec.gov/Archives/edgar/full-index/<year>/QTR<n>/master.idx` for every quarter since 1993Q1: the
 *   captured quarterly header, and lines taken in turn from a captured daily master index (~8,000 real
 *   filings) with the date moved into the quarter, the CIK and accession prefix moved by a copy number (so
 *   every copy is a distinct filer and filing) and the accession's year set to the filing's year. The
 *   number of lines follows EDGAR's growth: 20 million filings in all at factor 1, a quarter of 1993 holding
 *   a tenth of a quarter of 2003 and later (ramp, see `quarterWeight`).
 *
 * Everything else of fixtures/upstream is linked in unchanged, so other families back-fill their captured
 * files at the same time. Deterministic: the same seed and factor write the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { quartersBetween } from '../../jobs/quarters.ts';
import { INDEXED_FILING_TYPES } from '../../lib/filing-types.ts';

export const FULL_FILINGS = 20_000_000;
export const FIRST_YEAR = 1993;

export interface GenerateOptions {
  /** Fraction of the whole job: 1 = every filer of the ticker file and 20 million index filings. */
  factor: number;
  seed: number;
  out: string;
  /** The captured files (default fixtures/upstream). */
  root?: string;
  /** Last quarter of the indexes (default the current one). */
  toQuarter?: string;
  /** Families whose files to scale (default all of: companies, filings, financials). */
  families?: string[];
}

export interface GenerateResult {
  ciks: string[];
  tickers: string[];
  files: number;
  bytes: number;
  indexLines: number;
  quarters: number;
  submissionsFilings: number;
  companyFacts: number;
  seconds: number;
}

const hash = (...parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);

/** EDGAR's filing count per quarter, relative: 0.1 in 1993 rising to 1 in 2003 and after. */
export function quarterWeight(year: number): number {
  return Math.min(1, 0.1 + (0.9 * Math.max(0, year - FIRST_YEAR)) / 10);
}

/** Every quarter from `first` to `last` inclusive (`YYYYQn`): the jobs' own quarter list. */
export const quartersFrom = quartersBetween;

export const currentQuarter = (d = new Date()) =>
  `${d.getUTCFullYear()}Q${Math.floor(d.getUTCMonth() / 3) + 1}`;

/** Index lines per quarter at this factor (sums to FULL_FILINGS at factor 1). */
export function indexPlan(factor: number, quarters: string[]): Map<string, number> {
  const weights = quarters.map((q) => quarterWeight(Number(q.slice(0, 4))));
  const total = weights.reduce((a, b) => a + b, 0);
  return new Map(
    quarters.map((q, i) => [q, Math.max(1, Math.round((FULL_FILINGS * factor * weights[i]!) / total))]),
  );
}

const pad10 = (n: number | string) => String(n).padStart(10, '0');
const COPY_STRIDE = 3_000_000; // above every CIK EDGAR has issued (~2.1 million)
const SERVED = new Set(INDEXED_FILING_TYPES);
/** Share of index lines of a served filing type: ~4 million 10-K/10-Q/8-K... of ~20 million filings (issue 26). */
export const SERVED_SHARE = 0.2;

interface Counter {
  files: number;
  bytes: number;
}

async function put(out: string, rel: string, body: string | Buffer, c: Counter) {
  const file = path.join(out, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  c.files++;
  c.bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.length;
}

/** Links every captured file not rewritten here, so the mirror serves the other families unchanged. */
async function linkRest(src: string, dst: string, skip: (rel: string) => boolean, rel = ''): Promise<void> {
  const entries = await readdir(path.join(src, rel), { withFileTypes: true });
  for (const e of entries) {
    const r = path.join(rel, e.name);
    if (skip(r)) continue;
    if (e.isDirectory()) {
      // a folder the generator writes into is walked; any other is linked whole
      if (skip(`${r}/`)) {
        await mkdir(path.join(dst, r), { recursive: true });
        await linkRest(src, dst, skip, r);
      } else await symlink(path.resolve(src, r), path.join(dst, r)).catch(() => {});
    } else {
      await mkdir(path.join(dst, rel), { recursive: true });
      await symlink(path.resolve(src, r), path.join(dst, r)).catch(() => {});
    }
  }
}

/** Accession numbers of one filer's file: every prefix becomes the filer's CIK, sequences kept unique. */
function accessionRewriter(cik: string) {
  const seen = new Map<string, string>();
  const used = new Set<string>();
  return (acc: string): string => {
    const hit = seen.get(acc);
    if (hit) return hit;
    const m = /^(\d{10})-(\d{2})-(\d{6})$/.exec(acc);
    if (!m) return acc;
    let seq = Number(m[3]);
    let next = `${pad10(cik)}-${m[2]}-${String(seq).padStart(6, '0')}`;
    while (used.has(next)) {
      seq = (seq + 1) % 1_000_000;
      next = `${pad10(cik)}-${m[2]}-${String(seq).padStart(6, '0')}`;
    }
    used.add(next);
    seen.set(acc, next);
    return next;
  };
}

interface TickerEntry {
  cik: number;
  ticker: string;
  title: string;
}

export async function generate(opts: GenerateOptions): Promise<GenerateResult> {
  const t0 = Date.now();
  const root = path.resolve(opts.root ?? 'fixtures/upstream');
  const out = path.resolve(opts.out);
  const families = new Set(opts.families ?? ['companies', 'filings', 'financials']);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const c: Counter = { files: 0, bytes: 0 };
  const read = (rel: string) => readFile(path.join(root, rel), 'utf8');

  // --- the universe: the first `factor` of SEC's ticker file
  const tickersRaw = JSON.parse(await read('www.sec.gov/files/company_tickers.json')) as Record<
    string,
    { cik_str: number; ticker: string; title: string }
  >;
  const exchRaw = JSON.parse(await read('www.sec.gov/files/company_tickers_exchange.json')) as {
    fields: string[];
    data: [number, string, string, string][];
  };
  const allEntries: TickerEntry[] = Object.keys(tickersRaw)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => ({
      cik: tickersRaw[k]!.cik_str,
      ticker: tickersRaw[k]!.ticker,
      title: tickersRaw[k]!.title,
    }));
  const distinct = [...new Set(allEntries.map((e) => e.cik))];
  const n = Math.max(1, Math.min(distinct.length, Math.round(distinct.length * opts.factor)));
  const chosen = new Set(distinct.slice(0, n));
  const kept = allEntries.filter((e) => chosen.has(e.cik));
  await put(
    out,
    'www.sec.gov/files/company_tickers.json',
    JSON.stringify(
      Object.fromEntries(
        kept.map((e, i) => [String(i), { cik_str: e.cik, ticker: e.ticker, title: e.title }]),
      ),
    ),
    c,
  );
  const exchKept = exchRaw.data.filter((r) => chosen.has(r[0]));
  await put(
    out,
    'www.sec.gov/files/company_tickers_exchange.json',
    JSON.stringify({ fields: exchRaw.fields, data: exchKept }),
    c,
  );
  const byCik = new Map<number, { name: string; tickers: string[]; exchanges: string[] }>();
  for (const r of exchKept) {
    const e = byCik.get(r[0]) ?? { name: r[1], tickers: [], exchanges: [] };
    e.tickers.push(r[2]);
    e.exchanges.push(r[3]);
    byCik.set(r[0], e);
  }
  for (const e of kept)
    if (!byCik.has(e.cik)) byCik.set(e.cik, { name: e.title, tickers: [e.ticker], exchanges: [] });

  // --- submissions per filer
  let submissionsFilings = 0;
  const subDir = 'data.sec.gov/submissions';
  if (families.has('companies') || families.has('filings') || families.has('financials')) {
    const names = (await readdir(path.join(root, subDir))).filter((f) => /^CIK\d{10}\.json$/.test(f)).sort();
    const templates = await Promise.all(names.map(async (f) => ({ f, text: await read(`${subDir}/${f}`) })));
    const captured = new Set(await readdir(path.join(root, subDir)));
    for (const cik of chosen) {
      const t = templates[hash(opts.seed, 'sub', cik) % templates.length]!;
      const doc = JSON.parse(t.text);
      const tplCik = pad10(doc.cik);
      const who = byCik.get(cik)!;
      doc.cik = String(cik);
      doc.name = who.name;
      doc.tickers = who.tickers;
      doc.exchanges = who.exchanges;
      const acc = accessionRewriter(String(cik));
      const recent = doc.filings.recent;
      recent.accessionNumber = recent.accessionNumber.map(acc);
      submissionsFilings += recent.accessionNumber.length;
      // an older page that was not captured is left out of the list (its filings are not counted)
      doc.filings.files = (doc.filings.files as { name: string }[]).filter((p) => captured.has(p.name));
      for (const page of doc.filings.files as { name: string }[]) {
        const p = JSON.parse(await read(`${subDir}/${page.name}`));
        p.accessionNumber = p.accessionNumber.map(acc);
        submissionsFilings += p.accessionNumber.length;
        page.name = page.name.replace(`CIK${tplCik}`, `CIK${pad10(cik)}`);
        await put(out, `${subDir}/${page.name}`, JSON.stringify(p), c);
      }
      await put(out, `${subDir}/CIK${pad10(cik)}.json`, JSON.stringify(doc), c);
    }
  }

  // --- companyfacts per filer
  let companyFacts = 0;
  const factsDir = 'data.sec.gov/api/xbrl/companyfacts';
  if (families.has('financials')) {
    const names = (await readdir(path.join(root, factsDir))).filter((f) => f.endsWith('.json')).sort();
    const templates = await Promise.all(names.map((f) => read(`${factsDir}/${f}`)));
    for (const cik of chosen) {
      const pick = hash(opts.seed, 'facts', cik);
      const doc = JSON.parse(templates[pick % templates.length]!);
      const scale = 0.25 + (hash(opts.seed, 'scale', cik) % 1000) / 250; // 0.25 .. 4.25
      doc.cik = cik;
      doc.entityName = byCik.get(cik)!.name;
      const acc = accessionRewriter(String(cik));
      for (const tax of Object.values(doc.facts ?? {}) as Record<
        string,
        { units: Record<string, { val: number; accn: string }[]> }
      >[])
        for (const concept of Object.values(tax))
          for (const [unit, facts] of Object.entries(concept.units))
            for (const f of facts) {
              f.accn = acc(f.accn);
              // figures: amounts and share counts scale; ratios and per-share units stay as filed
              if (typeof f.val === 'number' && (unit === 'USD' || unit === 'shares'))
                f.val = Math.round(f.val * scale);
            }
      await put(out, `${factsDir}/CIK${pad10(cik)}.json`, JSON.stringify(doc), c);
      companyFacts++;
    }
  }

  // --- quarterly indexes since 1993
  let indexLines = 0;
  const quarters = quartersFrom(`${FIRST_YEAR}Q1`, opts.toQuarter ?? currentQuarter());
  if (families.has('filings')) {
    const header = (await read('www.sec.gov/Archives/edgar/full-index/1993/QTR4/master.idx')).split('\n');
    const headEnd = header.findIndex((l) => /^-{20,}/.test(l));
    const daily = (
      await readFile(
        path.join(root, 'www.sec.gov/Archives/edgar/daily-index/2020/QTR1/master.20200103.idx'),
        'latin1',
      )
    ).split('\n');
    const body = daily
      .slice(daily.findIndex((l) => /^-{20,}/.test(l)) + 1)
      .filter((l) => l.split('|').length === 5);
    // two pools: the filing types the API serves, and the rest (Forms 4, D, 424B2...), drawn so the served
    // ones are SERVED_SHARE of every quarter (the captured day holds 2.5% of them; EDGAR's history ~20%)
    const served = body.filter((l) => SERVED.has(l.split('|')[2]!));
    const other = body.filter((l) => !SERVED.has(l.split('|')[2]!));
    const every = Math.round(1 / SERVED_SHARE);
    const plan = indexPlan(opts.factor, quarters);
    const maxCopies = Math.max(...[...plan.values()].map((v) => Math.ceil(v / every / served.length) + 1));
    if (maxCopies * 4 * COPY_STRIDE + COPY_STRIDE >= 1e10)
      throw new Error('factor too large for the accession space');
    const start = hash(opts.seed, 'index');
    for (const q of quarters) {
      const year = Number(q.slice(0, 4));
      const qn = Number(q.slice(5));
      const first = Date.UTC(year, (qn - 1) * 3, 1);
      const days = Math.round((Date.UTC(year, qn * 3, 1) - first) / 86_400_000);
      const count = plan.get(q)!;
      const yy = String(year % 100).padStart(2, '0');
      const lines: string[] = [];
      for (let i = 0; i < count; i++) {
        const isServed = i % every === 0;
        const pool = isServed ? served : other;
        const j = isServed ? i / every : i - Math.floor(i / every) - 1;
        const tpl = pool[(start + j) % pool.length]!.split('|');
        const copy = 1 + (qn - 1) * maxCopies + Math.floor(j / pool.length);
        const shift = copy * COPY_STRIDE;
        const cik = Number(tpl[0]) + shift;
        const m = /^(.*\/)(\d+)\/(\d{10})-(\d{2})-(\d{6})\.txt$/.exec(tpl[4]!);
        if (!m) continue;
        const date = new Date(first + Math.floor((i * days) / count) * 86_400_000).toISOString().slice(0, 10);
        const acc = `${pad10(Number(m[3]) + shift)}-${yy}-${m[5]}`;
        lines.push(`${cik}|${tpl[1]}|${tpl[2]}|${date}|${m[1]}${cik}/${acc}.txt`);
      }
      indexLines += lines.length;
      const last = new Date(Date.UTC(year, qn * 3, 0)).toUTCString().split(' ');
      const head = header
        .slice(0, headEnd + 1)
        .map((l) =>
          l.startsWith('Last Data Received:')
            ? `Last Data Received:    ${last[2]} ${Number(last[1])}, ${year}`
            : l,
        );
      await put(
        out,
        `www.sec.gov/Archives/edgar/full-index/${year}/QTR${qn}/master.idx`,
        `${head.join('\n')}\n${lines.join('\n')}\n`,
        c,
      );
    }
  }

  // --- everything else unchanged
  const written = (rel: string) =>
    rel === 'www.sec.gov/files/company_tickers.json' ||
    rel === 'www.sec.gov/files/company_tickers_exchange.json' ||
    (rel.startsWith(`${subDir}/`) && !rel.endsWith('/')) ||
    (families.has('financials') && rel.startsWith(`${factsDir}/`) && !rel.endsWith('/')) ||
    (families.has('filings') &&
      rel.startsWith('www.sec.gov/Archives/edgar/full-index/') &&
      rel.endsWith('.idx'));
  const walked = (rel: string) =>
    [
      'www.sec.gov/',
      'www.sec.gov/files/',
      'data.sec.gov/',
      `${subDir}/`,
      'data.sec.gov/api/',
      'data.sec.gov/api/xbrl/',
      `${factsDir}/`,
      'www.sec.gov/Archives/',
      'www.sec.gov/Archives/edgar/',
    ].includes(rel) || rel.startsWith('www.sec.gov/Archives/edgar/full-index/');
  await linkRest(root, out, (rel) => (rel.endsWith('/') ? walked(rel) : written(rel)));

  return {
    ciks: [...chosen].map(pad10),
    tickers: kept.map((e) => e.ticker),
    files: c.files,
    bytes: c.bytes,
    indexLines,
    quarters: quarters.length,
    submissionsFilings,
    companyFacts,
    seconds: (Date.now() - t0) / 1000,
  };
}
