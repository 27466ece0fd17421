/**
 * The rehearsal's per-filing documents and market files (issue 26): every file is a captured file of
 * fixtures/upstream with its identifiers, dates and figures rewritten, never an invented format.
 *
 * - 10-K/10-Q/8-K full-text submissions (`<accession>.txt`, the one request the filing_items job makes): a
 *   captured submission of the same form, picked by hash, so sizes are distributed like the captured ones.
 * - Forms 3/4/5 (insider_trades) and 13F-HR (institutional_holdings) submissions: captured ones, the 13F
 *   information table grown to a drawn number of entries, each a captured entry with a rewritten CUSIP
 *   (valid check digit) and scaled value and share figures, the cover's totals set to match.
 * - FINRA short-interest files, one per settlement date since 2017-12-29: the captured file's rows, repeated
 *   with the symbol, issue name, settlement date and quantities rewritten.
 * - Yahoo chart JSON per listing: the captured 26-week AAPL series, laid end to end (dates moved 182 days,
 *   so weekdays stay) over the market_data window, prices and volumes scaled per symbol.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const hashOf = (...parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);

const pad10 = (n: number | string) => String(n).padStart(10, '0');
const compact = (d: string) => d.replace(/-/g, '');
const mdy = (d: string) => `${d.slice(5, 7)}-${d.slice(8, 10)}-${d.slice(0, 4)}`;

export interface Template {
  file: string;
  text: string;
  cik: string;
  accession: string;
  form: string;
  filed: string;
  period: string | null;
}

/** Captured full-text submissions of fixtures/upstream, by form (`CONFORMED SUBMISSION TYPE`). */
export async function submissionTemplates(root: string): Promise<Map<string, Template[]>> {
  const base = path.join(root, 'www.sec.gov/Archives/edgar/data');
  const out = new Map<string, Template[]>();
  const walk = async (dir: string): Promise<string[]> => {
    const es = await readdir(dir, { withFileTypes: true });
    const files: string[] = [];
    for (const e of es.sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) files.push(...(await walk(p)));
      else if (/^\d{10}-\d{2}-\d{6}\.txt$/.test(e.name)) files.push(p);
    }
    return files;
  };
  for (const file of await walk(base)) {
    const text = await readFile(file, 'latin1');
    const form = /CONFORMED SUBMISSION TYPE:\s*(\S[^\n]*)/.exec(text)?.[1]?.trim();
    const accession = /ACCESSION NUMBER:\s*(\d{10}-\d{2}-\d{6})/.exec(text)?.[1];
    const filed = /FILED AS OF DATE:\s*(\d{8})/.exec(text)?.[1];
    if (!form || !accession || !filed) continue;
    const period = /CONFORMED PERIOD OF REPORT:\s*(\d{8})/.exec(text)?.[1] ?? null;
    const cik = path.relative(base, file).split(path.sep)[0]!;
    if (!/^\d+$/.test(cik)) continue;
    const t: Template = { file, text, cik, accession, form, filed, period };
    out.set(form, [...(out.get(form) ?? []), t]);
  }
  return out;
}

const iso8 = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

/** Every spelling of a date the captured submissions use: 20241227, 2024-12-27, 12-27-2024. */
function replaceDate(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text.split(compact(from)).join(compact(to)).split(from).join(to).split(mdy(from)).join(mdy(to));
}

/** The quarter end a 13F filed on `date` reports (the last one before it). */
export function reportQuarterEnd(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const q = Math.floor((m - 1) / 3); // quarters fully before this month's quarter
  const end = q === 0 ? new Date(Date.UTC(y, 0, 0)) : new Date(Date.UTC(y, q * 3, 0));
  return end.toISOString().slice(0, 10);
}

/**
 * A captured submission as another filing: accession (dashed and not), the subject CIK (padded, and inside
 * `<issuerCik>`/`<cik>`), filing date and period rewritten everywhere they appear.
 */
export function rewriteSubmission(
  t: Template,
  o: { accession: string; cik: number; filed: string; period?: string; name?: string; ticker?: string },
): string {
  let s = t.text;
  s = s.split(t.accession).join(o.accession);
  s = s.split(t.accession.replace(/-/g, '')).join(o.accession.replace(/-/g, ''));
  s = s.split(pad10(t.cik)).join(pad10(o.cik));
  s = s.replace(
    new RegExp(`<((?:\\w+:)?(?:issuerCik|cik))>0*${t.cik}</`, 'g'),
    (_m, tag) => `<${tag}>${pad10(o.cik)}</`,
  );
  // the period moves with the filing date (the captured gap between them is kept)
  const period =
    o.period ??
    (t.period
      ? new Date(Date.parse(o.filed) - (Date.parse(iso8(t.filed)) - Date.parse(iso8(t.period))))
          .toISOString()
          .slice(0, 10)
      : undefined);
  if (period && t.period) s = replaceDate(s, iso8(t.period), period);
  s = replaceDate(s, iso8(t.filed), o.filed);
  // the acceptance time keeps its clock, on the new day
  s = s.replace(/<ACCEPTANCE-DATETIME>\d{8}/, `<ACCEPTANCE-DATETIME>${compact(o.filed)}`);
  if (o.ticker)
    s = s.replace(/<issuerTradingSymbol>[^<]*</g, `<issuerTradingSymbol>${o.ticker.replace(/&/g, '&amp;')}<`);
  if (o.name) {
    // the subject's name in the header block that carries its CIK
    s = s.replace(
      new RegExp(`(COMPANY CONFORMED NAME:\\s*)[^\\n]*(\\n\\s*CENTRAL INDEX KEY:\\s*${pad10(o.cik)})`, 'g'),
      (_m, a, b) => `${a}${o.name}${b}`,
    );
  }
  return s;
}

/** CUSIP check digit (the modulus-10 double-add-double of the CUSIP standard). */
export function cusipCheck(base8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = base8[i]!;
    let v = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

/** The issue's basis: ~25 million 13F rows over 8 quarters of ~8,000 filers, ~390 a filing. */
export const HOLDINGS_PER_FILING_MEAN = 390;
/** Distinct securities the holdings draw from (SEC's 13F list holds about 20,000). */
const CUSIP_POOL = 20_000;

/** A 13F submission with its information table grown to `entries` rows. */
export function rewriteThirteenF(
  t: Template,
  o: { accession: string; cik: number; filed: string; name?: string; seed: number },
): { text: string; entries: number } {
  const period = reportQuarterEnd(o.filed);
  const s = rewriteSubmission(t, { ...o, period });
  const open = /<((?:\w+:)?)infoTable>/.exec(s);
  if (!open) return { text: s, entries: 0 };
  const ns = open[1]!;
  const close = `</${ns}infoTable>`;
  const start = open.index;
  const end = s.lastIndexOf(close) + close.length;
  const blocks = s
    .slice(start, end)
    .split(close)
    .filter((b) => b.includes(`<${ns}infoTable>`))
    .map((b) => `${b.slice(b.indexOf(`<${ns}infoTable>`))}${close}`);
  const n = 10 + (hashOf(o.seed, '13f-n', o.accession) % (2 * HOLDINGS_PER_FILING_MEAN - 20));
  const first = hashOf(o.seed, '13f-c', o.accession) % CUSIP_POOL;
  const tag = (name: string) => new RegExp(`(<${ns}${name}>)([^<]*)(</${ns}${name}>)`);
  const rows: string[] = [];
  let total = 0;
  for (let j = 0; j < n; j++) {
    const b = blocks[j % blocks.length]!;
    // distinct securities inside one filing, shared across filings (the by-CUSIP views see many holders)
    const k = (first + j * 7919) % CUSIP_POOL;
    const base = `${String(100000 + k * 37).slice(-6)}${String(10 + (k % 9) * 10).slice(-2)}`;
    const cusip = base + cusipCheck(base);
    const f = 0.1 + (hashOf(o.seed, '13f-v', o.accession, j) % 1000) / 100; // 0.1 .. 10.1
    let value = 0;
    const row = b
      .replace(tag('cusip'), (_m, a, _v, c) => `${a}${cusip}${c}`)
      .replace(tag('value'), (_m, a, v, c) => {
        value = Math.max(1, Math.round(Number(v) * f));
        return `${a}${value}${c}`;
      })
      .replace(tag('sshPrnamt'), (_m, a, v, c) => `${a}${Math.max(1, Math.round(Number(v) * f))}${c}`)
      .replace(
        /(<(?:\w+:)?(?:Sole|Shared|None)>)(\d+)(<)/g,
        (_m, a, v, c) => `${a}${Math.round(Number(v) * f)}${c}`,
      );
    total += value;
    rows.push(row);
  }
  let text = `${s.slice(0, start)}${rows.join('\n\t')}${s.slice(end)}`;
  text = text
    .replace(/(<(?:\w+:)?tableEntryTotal>)\d+(<)/, (_m, a, c) => `${a}${n}${c}`)
    .replace(/(<(?:\w+:)?tableValueTotal>)\d+(<)/, (_m, a, c) => `${a}${total}${c}`);
  return { text, entries: n };
}

/** FINRA's biweekly files hold about this many rows (every OTC and exchange-listed symbol with a position). */
export const FINRA_ROWS_FULL = 20_000;

/** One settlement's short-interest file: the captured rows repeated over `symbols`, figures scaled. */
export function finraFile(
  captured: string,
  settlement: string,
  symbols: { symbol: string; name: string }[],
  seed: number,
): string {
  const lines = captured.split('\n').filter((l) => l.trim());
  const head = lines[0]!;
  const rows = lines.slice(1);
  const out = [head];
  const ymd = compact(settlement);
  for (let j = 0; j < symbols.length; j++) {
    const c = rows[j % rows.length]!.split('|');
    const f = 0.2 + (hashOf(seed, 'si', settlement, symbols[j]!.symbol) % 1000) / 250;
    const q = (v: string) => (v === '' ? v : String(Math.round(Number(v) * f)));
    c[0] = ymd;
    c[1] = symbols[j]!.symbol;
    c[2] = symbols[j]!.name.replace(/\|/g, ' ');
    c[5] = q(c[5]!);
    c[6] = q(c[6]!);
    c[8] = q(c[8]!);
    c[12] = c[5] === '' || c[6] === '' ? c[12]! : String(Number(c[5]) - Number(c[6]));
    c[13] = settlement;
    out.push(c.join('|'));
  }
  return `${out.join('\n')}\n`;
}

const WEEKS26 = 182 * 86_400;

/** A Yahoo chart JSON for `symbol`: the captured series laid end to end over [from, now], scaled. */
export function chartFor(
  capturedJson: string,
  symbol: string,
  name: string,
  from: string,
  now: Date,
  seed: number,
): { text: string; bars: number } {
  const doc = JSON.parse(capturedJson);
  const r = doc.chart.result[0];
  const ts: number[] = r.timestamp;
  const q = r.indicators.quote[0];
  const adj: number[] = r.indicators.adjclose?.[0]?.adjclose ?? [];
  const t0 = ts[0]!;
  const lo = Date.parse(`${from}T00:00:00Z`) / 1000;
  const hi = now.getTime() / 1000;
  const f = 0.05 + (hashOf(seed, 'px', symbol) % 1000) / 200; // 0.05 .. 5.05
  const v = 0.01 + (hashOf(seed, 'vol', symbol) % 1000) / 500;
  const out = { ts: [] as number[], o: [] as number[], h: [] as number[], l: [] as number[] };
  const c: number[] = [];
  const vol: number[] = [];
  const a: number[] = [];
  const price = (x: number | null) => (x == null ? x : Math.round(x * f * 10000) / 10000);
  const dividends: Record<string, { amount: number; date: number }> = {};
  // the copy whose 26 weeks end at or after now, and the ones before it back to `from`
  const last = Math.ceil((hi - t0) / WEEKS26);
  for (let k = Math.floor((lo - t0) / WEEKS26); k <= last; k++) {
    const shift = k * WEEKS26;
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i]! + shift;
      if (ts[i]! - t0 >= WEEKS26 || t < lo || t > hi) continue;
      out.ts.push(t);
      out.o.push(price(q.open[i]) as number);
      out.h.push(price(q.high[i]) as number);
      out.l.push(price(q.low[i]) as number);
      c.push(price(q.close[i]) as number);
      vol.push(q.volume[i] == null ? q.volume[i] : Math.round(q.volume[i] * v));
      a.push(price(adj[i] ?? null) as number);
    }
    for (const d of Object.values(
      (r.events?.dividends ?? {}) as Record<string, { amount: number; date: number }>,
    )) {
      const t = d.date + shift;
      if (d.date - t0 < WEEKS26 && t >= lo && t <= hi)
        dividends[String(t)] = { amount: Math.round(d.amount * f * 10000) / 10000, date: t };
    }
  }
  r.meta.symbol = symbol;
  r.meta.longName = name;
  r.meta.shortName = name;
  r.meta.regularMarketPrice = c.at(-1) ?? r.meta.regularMarketPrice;
  r.timestamp = out.ts;
  r.indicators.quote[0] = { ...q, open: out.o, high: out.h, low: out.l, close: c, volume: vol };
  if (r.indicators.adjclose) r.indicators.adjclose[0] = { adjclose: a };
  if (r.events) r.events = Object.keys(dividends).length ? { dividends } : {};
  return { text: JSON.stringify(doc), bars: out.ts.length };
}
