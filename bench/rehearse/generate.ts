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
import { settlementDates } from '../../jobs/market/finra-calendar.ts';
import { quartersBetween } from '../../jobs/quarters.ts';
import { INDEXED_FILING_TYPES, OWNERSHIP_FORM_TYPES } from '../../lib/filing-types.ts';
import {
  chartFor,
  FINRA_ROWS_FULL,
  finraFile,
  rewriteSubmission,
  rewriteThirteenF,
  submissionTemplates,
  type Template,
} from './documents.ts';

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
  /**
   * Families whose files to scale (default every one: companies, filings, financials, filing_items,
   * ownership_index, insider_trades, institutional_holdings, short_interest, market_data, news).
   */
  families?: string[];
  /** "Now" for the date windows (13F's served quarters, insider years, FINRA's calendar, prices). */
  now?: Date;
}

export const GENERATED_FAMILIES = [
  'companies',
  'filings',
  'financials',
  'filing_items',
  'ownership_index',
  'insider_trades',
  'institutional_holdings',
  'short_interest',
  'market_data',
  'news',
];
/** First settlement of the short_interest dataset, first day of market_data (lib/datasets.ts). */
const FINRA_FROM = '2017-12-29';
const PRICES_FROM = '2025-07-14';
/** 13F filings of the index served: 9 quarters back from now (jobs/ownership/thirteen-f.job.ts). */
const THIRTEEN_F_MONTHS = 27;
/** SEC's Form 8-K item renumbering (Release 33-8400) took effect on this date. */
const ITEMS_RENUMBERED = '2004-08-23';
const ITEM_FORMS = new Set(['10-K', '10-Q', '8-K', '10-K/A', '10-Q/A', '8-K/A']);
const OWN_FORMS = new Set<string>(OWNERSHIP_FORM_TYPES);

export interface GenerateResult {
  ciks: string[];
  tickers: string[];
  files: number;
  bytes: number;
  indexLines: number;
  quarters: number;
  submissionsFilings: number;
  companyFacts: number;
  /** Per-filing documents written, by family, and their bytes. */
  documents: Record<string, { files: number; bytes: number; rows?: number }>;
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
  /** Files written (relative paths) and every folder above them (with a trailing slash). */
  rels: Set<string>;
  dirs: Set<string>;
}

async function put(out: string, rel: string, body: string | Buffer, c: Counter) {
  const file = path.join(out, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  c.files++;
  c.bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  c.rels.add(rel);
  for (let i = rel.indexOf('/'); i !== -1; i = rel.indexOf('/', i + 1)) c.dirs.add(rel.slice(0, i + 1));
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
  const c: Counter = { files: 0, bytes: 0, rels: new Set(), dirs: new Set() };
  const families = new Set(opts.families ?? GENERATED_FAMILIES);
  const now = opts.now ?? new Date();
  const docs: GenerateResult['documents'] = {};
  const tally = (family: string, bytes: number, rows = 0) => {
    const d = docs[family] ?? { files: 0, bytes: 0, rows: 0 };
    docs[family] = d;
    d.files++;
    d.bytes += bytes;
    d.rows = (d.rows ?? 0) + rows;
  };
  const wantsDocs =
    families.has('filing_items') || families.has('insider_trades') || families.has('institutional_holdings');
  const templates = wantsDocs ? await submissionTemplates(root) : new Map<string, Template[]>();
  const templatesFor = (form: string) => templates.get(form.replace(/\/A$/, '')) ?? [];
  /** One filing's full-text submission, from a captured one of its form, at its folder. */
  const writeDoc = async (
    family: string,
    f: { cik: number; accession: string; form: string; filed: string; name: string; ticker?: string },
    pool: Template[],
  ) => {
    if (pool.length === 0) return;
    // a template of the filing's era: 8-K items were renumbered on 2004-08-23 (Item 5 -> Item 8.01...), so
    // a document is only valid on the side of that date it was filed on
    const era = (d: string) => d >= ITEMS_RENUMBERED;
    const same = pool.filter(
      (t) => era(`${t.filed.slice(0, 4)}-${t.filed.slice(4, 6)}-${t.filed.slice(6)}`) === era(f.filed),
    );
    const from = same.length ? same : pool;
    const t = from[hash(opts.seed, 'doc', f.accession) % from.length]!;
    let text: string;
    let rows = 0;
    if (family === 'institutional_holdings') {
      const r = rewriteThirteenF(t, { ...f, seed: opts.seed });
      text = r.text;
      rows = r.entries;
    } else text = rewriteSubmission(t, f);
    const rel = `www.sec.gov/Archives/edgar/data/${f.cik}/${f.accession.replace(/-/g, '')}/${f.accession}.txt`;
    const body = Buffer.from(text, 'latin1');
    await put(out, rel, body, c);
    tally(family, body.length, rows);
  };
  const thirteenFSince = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - THIRTEEN_F_MONTHS, now.getUTCDate()),
  )
    .toISOString()
    .slice(0, 10);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
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
  if (['companies', 'filings', 'financials', 'ownership_index'].some((f) => families.has(f)) || wantsDocs) {
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
      // the filer's filings as its submissions list them: the per-filing families' documents
      const listed: { accession: string; form: string; filed: string }[] = [];
      const list = (p: { accessionNumber: string[]; form: string[]; filingDate: string[] }) => {
        for (let i = 0; i < p.accessionNumber.length; i++)
          listed.push({ accession: p.accessionNumber[i]!, form: p.form[i]!, filed: p.filingDate[i]! });
      };
      list(recent);
      // an older page that was not captured is left out of the list (its filings are not counted)
      doc.filings.files = (doc.filings.files as { name: string }[]).filter((p) => captured.has(p.name));
      for (const page of doc.filings.files as { name: string }[]) {
        const p = JSON.parse(await read(`${subDir}/${page.name}`));
        p.accessionNumber = p.accessionNumber.map(acc);
        submissionsFilings += p.accessionNumber.length;
        list(p);
        page.name = page.name.replace(`CIK${tplCik}`, `CIK${pad10(cik)}`);
        await put(out, `${subDir}/${page.name}`, JSON.stringify(p), c);
      }
      await put(out, `${subDir}/CIK${pad10(cik)}.json`, JSON.stringify(doc), c);
      const who2 = { cik, name: who.name, ticker: who.tickers[0] };
      if (families.has('filing_items'))
        for (const f of listed.filter((x) => ITEM_FORMS.has(x.form)))
          await writeDoc('filing_items', { ...who2, ...f }, templatesFor(f.form));
      if (families.has('insider_trades')) {
        // the job's window: two years back from the issuer's newest insider filing
        const own = listed.filter((x) => OWN_FORMS.has(x.form));
        const newest = own
          .map((x) => x.filed)
          .sort()
          .at(-1);
        if (newest) {
          const since = `${Number(newest.slice(0, 4)) - 2}${newest.slice(4)}`;
          for (const f of own.filter((x) => x.filed > since))
            await writeDoc('insider_trades', { ...who2, ...f }, templatesFor('4'));
        }
      }
      if (families.has('institutional_holdings'))
        for (const f of listed.filter((x) => x.form === '13F-HR' || x.form === '13F-HR/A'))
          await writeDoc('institutional_holdings', { ...who2, ...f }, templatesFor('13F-HR'));
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
    const holders: { cik: number; accession: string; form: string; filed: string; name: string }[] = [];
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
        if (
          families.has('institutional_holdings') &&
          (tpl[2] === '13F-HR' || tpl[2] === '13F-HR/A') &&
          date >= thirteenFSince
        )
          holders.push({ cik, accession: acc, form: tpl[2], filed: date, name: tpl[1]! });
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
    // the holders' 13F submissions (filed inside the served window; the master index lists every filer)
    for (const h of holders) await writeDoc('institutional_holdings', h, templatesFor('13F-HR'));
  }

  // --- FINRA short interest: one file per settlement, about FINRA_ROWS_FULL rows at factor 1
  const finraDir = 'cdn.finra.org/equity/otcmarket/biweekly';
  if (families.has('short_interest')) {
    const captured = await read(`${finraDir}/shrt20260430.csv`);
    const perFile = Math.max(1, Math.round(FINRA_ROWS_FULL * opts.factor));
    // the symbols: the universe's tickers first, then the rest of SEC's ticker file, then suffixed copies
    const pool = [...kept, ...allEntries.filter((e) => !chosen.has(e.cik))];
    const seen = new Set<string>();
    const symbols: { symbol: string; name: string }[] = [];
    for (let copy = 0; symbols.length < perFile; copy++)
      for (const e of pool) {
        const symbol = copy === 0 ? e.ticker : `${e.ticker}${String.fromCharCode(64 + copy)}`;
        if (seen.has(symbol)) continue;
        seen.add(symbol);
        symbols.push({ symbol, name: e.title });
        if (symbols.length >= perFile) break;
      }
    for (const d of settlementDates(FINRA_FROM, now)) {
      const body = finraFile(captured, d, symbols, opts.seed);
      await put(out, `${finraDir}/shrt${d.replace(/-/g, '')}.csv`, body, c);
      tally('short_interest', Buffer.byteLength(body), symbols.length);
    }
  }

  // --- prices: a Yahoo chart per listing of the universe (the exchange file's tickers)
  const chartDir = 'query2.finance.yahoo.com/v8/finance/chart';
  if (families.has('market_data')) {
    const captured = await read(`${chartDir}/AAPL`);
    const symbols = [...new Set(exchKept.map((r) => r[2]))].sort();
    for (const sym of symbols) {
      const name = byCik.get(exchKept.find((r) => r[2] === sym)![0])!.name;
      const r = chartFor(captured, sym, name, PRICES_FROM, now, opts.seed);
      await put(out, `${chartDir}/${sym}`, r.text, c);
      tally('market_data', Buffer.byteLength(r.text), r.bars);
    }
  }

  // --- everything else unchanged
  const isWritten = (rel: string) =>
    rel === 'www.sec.gov/files/company_tickers.json' ||
    rel === 'www.sec.gov/files/company_tickers_exchange.json' ||
    (rel.startsWith(`${subDir}/`) && !rel.endsWith('/')) ||
    (families.has('financials') && rel.startsWith(`${factsDir}/`) && !rel.endsWith('/')) ||
    (families.has('filings') &&
      rel.startsWith('www.sec.gov/Archives/edgar/full-index/') &&
      rel.endsWith('.idx')) ||
    (families.has('short_interest') && rel.startsWith(`${finraDir}/`) && !rel.endsWith('/')) ||
    (families.has('market_data') && rel === `${chartDir}/AAPL`) ||
    c.rels.has(rel);
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
      'www.sec.gov/Archives/edgar/data/',
      'cdn.finra.org/',
      'cdn.finra.org/equity/',
      'cdn.finra.org/equity/otcmarket/',
      `${finraDir}/`,
      'query2.finance.yahoo.com/',
      'query2.finance.yahoo.com/v8/',
      'query2.finance.yahoo.com/v8/finance/',
      `${chartDir}/`,
    ].includes(rel) ||
    rel.startsWith('www.sec.gov/Archives/edgar/full-index/') ||
    c.dirs.has(rel);
  await linkRest(root, out, (rel) => (rel.endsWith('/') ? walked(rel) : isWritten(rel)));

  return {
    ciks: [...chosen].map(pad10),
    tickers: kept.map((e) => e.ticker),
    files: c.files,
    bytes: c.bytes,
    indexLines,
    quarters: quarters.length,
    submissionsFilings,
    companyFacts,
    documents: docs,
    seconds: (Date.now() - t0) / 1000,
  };
}
