/**
 * Quality report of the Korea, Taiwan and Japan parsers over the captured files. Run: `npm run quality:asia`.
 * Reads the offline mirror (`fixtures/upstream/opendart.fss.or.kr`, `mops.twse.com.tw`, `www.twse.com.tw`,
 * `www.tpex.org.tw`, and Japan's `api.edinet-fsa.go.jp`, `www.release.tdnet.info`,
 * `disclosure2dl.edinet-fsa.go.jp`: each file's request URL is its path, so the parsers take what the
 * request said: the OpenDART basis `fs_div`, `bsns_year`, `reprt_code`, MOPS year and season) and the
 * captured files of `fixtures/korea`, `fixtures/taiwan` and `fixtures/japan` (no request URL: what the
 * request would have said is then left out, and the report says so). Each file goes through the parser `etl parse` uses for it.
 *
 * Per file: the parser, rows found (with the keys that tell them apart: basis, year, report, period), the
 * rows' first label, and what was left out: an empty answer (OpenDART 013, a MOPS "no data" page), a typed
 * refusal (a statement basis nothing states), warnings. Exit code 1 when a parser crashes with an untyped
 * error (a typed ParseError is a reason, listed).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ParseError, UpstreamError } from '../../lib/errors.ts';
import { DART_SECTIONS } from '../../parsers/korea/sections.ts';
import { DartKeyError } from '../../parsers/korea/status.ts';
import { parseTwseProfiles } from '../../parsers/registry-asia/taiwan.ts';
import { ASIA_PARSERS, apiShape } from '../commands/parse-asia.ts';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const MIRROR = root('fixtures/upstream');
const HOSTS = [
  'opendart.fss.or.kr',
  'mops.twse.com.tw',
  'mopsfin.twse.com.tw',
  'www.twse.com.tw',
  'www.tpex.org.tw',
  'api.edinet-fsa.go.jp',
  'www.release.tdnet.info',
  'disclosure2dl.edinet-fsa.go.jp',
];

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/**
 * Files held that no dataset serves (issue 28: decided from the file and the spec's Taiwan/Korea routes):
 * the reason, printed in place of "no parser takes this file".
 */
const NOT_SERVED: [RegExp, string][] = [
  [
    /^bdRs_/,
    'OpenDART bdRs (증권신고서 debt-securities registration statements): no route serves registration statements (/kr/debt is read from periodic-report sections)',
  ],
  [
    /^dsac001_/,
    "the DART website's daily list page (dsac001, HTML): /disclosures reads Korea filings from OpenDART list.json",
  ],
  [
    /^fnlttSinglAcnt_/,
    'OpenDART fnlttSinglAcnt (단일회사 주요계정, key accounts: no account_id, both bases in one answer, each row naming its fs_div): kr_financials is read from fnlttSinglAcntAll, one basis per request',
  ],
  [
    /^company_\d{8}/,
    'OpenDART company.json (기업개황): the Korea registry is built from corpCode.xml; no route serves the overview fields',
  ],
];

/** The `etl parse` parser for a file, by its endpoint name; null when none reads it. */
function parserFor(name: string): { parser: string; kind?: string } | null {
  if (/^(?:corpCode|CORPCODE|Edinetcode)|mopsfin_t187ap03_O|t187ap03_L/.test(name))
    return { parser: 'asia-registry' };
  if (/^I_list_\d{3}_\d{8}/.test(name)) return { parser: 'tdnet-list' };
  if (/^documents[._]json/.test(name)) return { parser: 'edinet-list' };
  // an OpenDART error envelope saved without its endpoint: every OpenDART reader reads the status first
  if (/^error_status_\d{3}/.test(name)) return { parser: 'dart-list' };
  // StockCat's MOPS answers saved without their endpoint (the no-record page carries the t05st10 pages'
  // `yearmonth` comment): the monthly-revenue reader knows the no-data and the throttling answer
  if (/fnlttSinglAcntAll/.test(name)) return { parser: 'dart-financials' };
  const section = Object.keys(DART_SECTIONS).find((k) => name.startsWith(k));
  if (section) return { parser: 'dart-section', kind: section };
  if (/^list(_|\.json)/.test(name)) return { parser: 'dart-list' };
  if (/t163sb04|t164sb0[1345]/.test(name)) return { parser: 'tw-financials' };
  if (/t187ap05|t21sc03|t05st10|^mops_(?:no_record|too_much_query)/.test(name))
    return { parser: 'twse-monthly-revenue' };
  if (/MI_QFIIS|t13sa150/.test(name)) return { parser: 'tw-foreign-ownership' };
  if (/^legacy_(cashflow|income|balance)_/.test(name)) return { parser: 'tw-legacy-statement' };
  return null;
}

/** Keys worth counting in a parser's rows: they tell rows of one file apart. */
const KEYS = [
  'fs_div',
  'bsns_year',
  'reprt_code',
  'period_end',
  'statement',
  'basis',
  'data_ym',
  'market',
  'section',
  'kind',
];

interface Out {
  rows?: Record<string, unknown>[];
  warnings?: string[];
  no_data?: boolean;
  not_served?: string;
}

let crashes = 0;
let files = 0;
let withRows = 0;
/**
 * Request URLs a captured file's MANIFEST.tsv line records (`request URL https://…` in its description): the
 * file is then read with that URL as the request, as the job reads what it fetched (the basis from its fs_div).
 */
function recordedRequests(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const manifest = join(dir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return out;
  for (const line of readFileSync(manifest, 'utf8').split('\n').slice(1)) {
    const url = /\brequest URL (https:\/\/\S+?)[,;)]?(?:\s|$)/.exec(line)?.[1];
    const file = line.split('\t')[0]?.split('/').at(-1);
    if (url && file) out.set(file, url);
  }
  return out;
}
const sources = [
  ...HOSTS.flatMap((h) => walk(join(MIRROR, h)).map((p) => ({ p, url: `https://${relative(MIRROR, p)}` }))),
  ...['fixtures/korea', 'fixtures/taiwan', 'fixtures/japan'].flatMap((d) => {
    const asked = recordedRequests(root(d));
    return walk(root(d)).map((p) => ({ p, url: asked.get(p.split('/').at(-1)!) ?? relative(root(''), p) }));
  }),
];
for (const { p, url } of sources) {
  const name = p.split('/').at(-1)!;
  if (/^(?:MANIFEST|LABELS-[\w-]+)\.tsv$/.test(name)) continue; // provenance and hand-read labels, not responses
  const which = parserFor(name);
  const label = relative(root(''), p);
  const notServed = NOT_SERVED.find(([re]) => re.test(name))?.[1];
  if (!which && notServed) {
    console.log(`${label}\n  not read here: not served: ${notServed}`);
    continue;
  }
  if (!which) {
    console.log(`${label}\n  not read here: no \`etl parse\` Korea/Taiwan parser takes this file`);
    continue;
  }
  files++;
  const period = /_(\d{4})Q([1-4])[._]/.exec(name);
  // a captured single-company MOPS page names its company in the file name (the request's CO_ID)
  const code = /^t164sb0\d_(\d{4,6})_/.exec(name)?.[1];
  // a captured OpenDART statement file whose request was not kept names the basis its manifest line gives
  // evidence for (`_OFS_`): read with it, as `etl parse --kind OFS` would; a name without one is refused
  const basis = which.parser === 'dart-financials' ? /_(CFS|OFS)[._]/.exec(name)?.[1] : undefined;
  try {
    const out = ASIA_PARSERS[which.parser]!.run(
      readFileSync(p),
      {
        ...(which.kind
          ? { kind: which.kind }
          : code && !url.startsWith('https://')
            ? { kind: code }
            : basis && !url.startsWith('https://')
              ? { kind: basis }
              : {}),
        ...(period && !code ? { period: `${period[1]}Q${period[2]}` } : {}),
      },
      { url, fetchedAt: '2026-01-01T00:00:00Z' },
    ) as Out;
    const rows = out.rows ?? [];
    if (rows.length) withRows++;
    const keys = KEYS.map((k) => {
      const vals = [...new Set(rows.map((r) => r[k]).filter((v) => v !== undefined && v !== null))];
      return vals.length ? `${k}=${vals.slice(0, 4).join(',')}${vals.length > 4 ? ',…' : ''}` : null;
    }).filter(Boolean);
    console.log(
      `${label}\n  ${which.parser}: ${rows.length} rows${keys.length ? ` (${keys.join(' ')})` : ''}`,
    );
    if (url.startsWith('https://') && !p.startsWith(MIRROR))
      console.log(`  read with the request its MANIFEST line records: ${url}`);
    if (which.parser === 'dart-financials' && rows.length) {
      // the periods each line is filed for: how many rows carry each amount column
      const cols = [
        'amount',
        'amount_cumulative',
        'amount_prior_period',
        'amount_two_periods_prior',
        'amount_prior_year_period',
        'amount_prior_year_cumulative',
      ].map((c) => `${c}=${rows.filter((r) => r[c] !== null && r[c] !== undefined).length}`);
      console.log(`  amounts filed: ${cols.join(' ')}`);
    }
    if (out.no_data) console.log('  left: the upstream answered "no data" (nothing to load)');
    if (out.not_served) console.log(`  left: not served: ${out.not_served}`);
    for (const w of out.warnings ?? []) console.log(`  warning: ${w}`);
  } catch (err) {
    const e = err as Error;
    // a typed refusal: a ParseError, an OpenDART key answer (an operator error), an upstream status answer
    // (OpenDART 020 throttling or 800 maintenance: DartThrottledError, an UpstreamError), a missing option
    if (
      e instanceof ParseError ||
      e instanceof DartKeyError ||
      e instanceof UpstreamError ||
      /needs --|takes --/.test(e.message)
    )
      console.log(`${label}\n  ${which.parser}: 0 rows\n  left: ${e.name}: ${e.message}`);
    else {
      crashes++;
      console.log(`${label}\n  ${which.parser}: CRASHED ${e.name}: ${e.message}`);
    }
  }
}
console.log(`\n${files} files read, ${withRows} with rows, ${crashes} crashed`);

/**
 * Held-out sets (issue 28): `fixtures/asia/held-out-*` hold real files nobody tuned to and a LABELS-*.tsv of
 * values read by hand (file, code, field, expected), committed before any parser ran on them. Each file is
 * read as `etl parse` reads it (a profiles CSV by the profile reader the registry is built from); a label is
 * right when the row of its code (`*`: the file) holds the value: `rows` counts rows, `outcome` is `typed
 * refusal` for a file that must be refused with a typed error, `null` is an absent value, numbers compare as
 * numbers. Right/total per format, then every miss.
 */
function heldOutRead(
  p: string,
  name: string,
): { format: string; rows: Record<string, unknown>[]; outcome: string } {
  const ctx = { url: relative(root(''), p), fetchedAt: '2026-01-01T00:00:00Z' };
  const format = /^t187ap03_[LO]_.*\.csv$/.test(name) ? 'tw-profiles' : (parserFor(name)?.parser ?? 'none');
  try {
    if (format === 'tw-profiles') {
      const rows = apiShape(parseTwseProfiles(readFileSync(p), ctx)) as Record<string, unknown>[];
      return { format, rows, outcome: 'rows' };
    }
    const which = parserFor(name);
    if (!which) return { format, rows: [], outcome: 'no parser' };
    const out = ASIA_PARSERS[which.parser]!.run(
      readFileSync(p),
      which.kind ? { kind: which.kind } : {},
      ctx,
    ) as Out;
    return { format, rows: out.rows ?? [], outcome: out.no_data ? 'no data' : 'rows' };
  } catch (err) {
    const e = err as Error;
    const typed = e instanceof ParseError || e instanceof DartKeyError || e instanceof UpstreamError;
    return { format, rows: [], outcome: typed ? 'typed refusal' : `crash ${e.name}: ${e.message}` };
  }
}
const sameValue = (want: string, got: unknown): boolean => {
  if (want === 'null') return got === null || got === undefined || got === '';
  if (got === null || got === undefined) return false;
  const n = Number(want.replace(/,/g, ''));
  if (want.trim() !== '' && Number.isFinite(n) && String(got).trim() !== '' && Number.isFinite(Number(got)))
    return n === Number(got);
  return want === String(got);
};
const heldRoot = root('fixtures/asia');
const heldSets = existsSync(heldRoot)
  ? readdirSync(heldRoot)
      .filter((d) => /^held-out-\d+$/.test(d))
      .sort((a, b) => Number(a.split('-').at(-1)) - Number(b.split('-').at(-1)))
  : [];
for (const set of heldSets) {
  const dir = join(heldRoot, set);
  const labels = readdirSync(dir)
    .filter((f) => /^LABELS-[\w-]+\.tsv$/.test(f))
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .slice(1)
        .filter((l) => l.trim())
        .map((l) => l.split('\t')),
    );
  const reads = new Map<string, ReturnType<typeof heldOutRead>>();
  const score = new Map<string, [number, number]>();
  const misses: string[] = [];
  for (const [file, code, field, expected] of labels) {
    if (!file || !code || !field || expected === undefined) continue;
    if (!reads.has(file)) reads.set(file, heldOutRead(join(dir, file), file));
    const read = reads.get(file)!;
    let got: unknown;
    if (field === 'outcome') got = read.outcome;
    else if (field === 'rows') got = read.rows.length;
    else if (code === '*') {
      const vals = [...new Set(read.rows.map((r) => r[field]))];
      got = vals.length === 1 ? vals[0] : vals.join(',');
    } else {
      const row = read.rows.find(
        (r) => String(r.local_security_code ?? r.code ?? r.primary_ticker ?? '') === code,
      );
      got = row ? row[field] : read.outcome === 'rows' ? '(no row)' : read.outcome;
    }
    const ok = sameValue(expected, got);
    const s = score.get(read.format) ?? [0, 0];
    score.set(read.format, [s[0] + (ok ? 1 : 0), s[1] + 1]);
    if (!ok) misses.push(`${file} ${code} ${field}: expected ${expected}, read ${String(got)}`);
  }
  const right = [...score.values()].reduce((a, [r]) => a + r, 0);
  console.log(`\nheld-out ${set}: ${right}/${labels.length} labels right`);
  for (const [format, [r, t]] of [...score].sort()) console.log(`  ${format}: ${r}/${t}`);
  for (const m of misses) console.log(`  miss: ${m}`);
  for (const [file, read] of reads)
    if (read.outcome.startsWith('crash')) {
      crashes++;
      console.log(`  CRASHED ${file}: ${read.outcome}`);
    }
}
process.exit(crashes > 0 ? 1 : 0);
