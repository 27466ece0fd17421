/**
 * Coverage report of the XBRL -> standardized financials engine:
 *   node --import tsx cli/quality/financials.ts [companyfacts.json ...] [--json]
 *   node --import tsx cli/quality/financials.ts --labels   (score the held-out sets' hand-read labels)
 * Without arguments it reads every companyfacts fixture under fixtures/upstream/data.sec.gov/api/xbrl/.
 * Per company, grain and field: how many periods are reported / derived / null; every failed check
 * (identities, negative revenue: the warnings stored with each row), by row; and, for the key fields, the
 * periods left null with the reason.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCompanyFacts } from '../../parsers/xbrl/companyfacts.ts';
import { daysBetween } from '../../parsers/xbrl/fact-index.ts';
import { parseInstance } from '../../parsers/xbrl/instance.ts';
import { type InstanceFiling, instanceFacts } from '../../parsers/xbrl/instance-facts.ts';
import {
  FIELD_SPECS,
  FIELDS_BY_STATEMENT,
  industryForSic,
  SPECS_BY_STATEMENT,
} from '../../parsers/xbrl/mapping.ts';
import { fiscalCalendar } from '../../parsers/xbrl/periods.ts';
import { prepareFacts } from '../../parsers/xbrl/prepare.ts';
import { resolveSlot } from '../../parsers/xbrl/resolve.ts';
import { buildStatements, STATEMENT_KEYS } from '../../parsers/xbrl/statements.ts';
import type { Grain, StatementKind } from '../../parsers/xbrl/types.ts';

const KEY_FIELDS: Array<[StatementKind, string]> = [
  ['income', 'revenue'],
  ['income', 'net_income'],
  ['balance', 'total_assets'],
  ['balance', 'shareholders_equity'],
  ['cash_flow', 'net_cash_flow_from_operations'],
];

interface FieldCoverage {
  reported: number;
  derived: number;
  null: number;
}

export interface CompanyCoverage {
  file: string;
  cik: number;
  name: string;
  currency: string | null;
  standard: string | null;
  grains: Record<string, { rows: Record<string, number>; fields: Record<string, FieldCoverage> }>;
  keyNulls: string[];
  /** `<grain> <statement> <report_period>: <warning>` for every row stored with a failed check. */
  checkFailures: string[];
  otherWarnings: string[];
}

/** Why a key field can be null when no mapped concept was filed for the period (depends on the row kind). */
function nullReason(grain: Grain, kind: StatementKind): string {
  if (kind === 'balance') return 'no balance filed at this period end';
  if (grain === 'annual') return 'not filed for this fiscal year';
  return 'not filed for this quarter: a quarter needs its 3-month figure or both year-to-date figures';
}

export function coverage(file: string, text: string): CompanyCoverage {
  const doc = parseCompanyFacts(text, { document: file });
  const prepared = prepareFacts(doc.facts);
  const out: CompanyCoverage = {
    file,
    cik: doc.cik,
    name: doc.entityName,
    currency: prepared.currency,
    standard: prepared.standard,
    grains: {},
    keyNulls: [],
    checkFailures: [],
    otherWarnings: [],
  };
  for (const grain of ['annual', 'quarterly', 'ttm'] as Grain[]) {
    const set = buildStatements(prepared, { ticker: '', cik: doc.cik, period: grain });
    const g: CompanyCoverage['grains'][string] = { rows: {}, fields: {} };
    for (const kind of ['income', 'balance', 'cash_flow'] as StatementKind[]) {
      const key = STATEMENT_KEYS[kind];
      const rows = set[key];
      g.rows[key] = rows.length;
      for (const field of FIELDS_BY_STATEMENT[kind]) {
        const c: FieldCoverage = { reported: 0, derived: 0, null: 0 };
        rows.forEach((row, i) => {
          if (row[field] === null) c.null++;
          else if (set.provenance[key][i]?.[field]?.kind === 'derived') c.derived++;
          else c.reported++;
        });
        g.fields[`${kind}.${field}`] = c;
      }
      for (const [k, field] of KEY_FIELDS) {
        if (k !== kind || grain === 'ttm') continue;
        for (const row of rows) {
          if (row[field] !== null) continue;
          const seen = reportedAnyway(doc.facts, field, row.report_period, grain, kind === 'balance');
          const why = seen ? ` MISSED: filed as ${seen}` : ` (${nullReason(grain, kind)})`;
          out.keyNulls.push(`${grain} ${row.report_period} ${field}${why}`);
        }
      }
      rows.forEach((row, i) => {
        for (const w of set.rowWarnings[key][i] ?? [])
          if (isCheck(w)) out.checkFailures.push(`${grain} ${key} ${row.report_period}: ${w}`);
      });
    }
    g.rows.warnings = set.warnings.length;
    out.otherWarnings.push(...set.warnings.filter((w) => !isCheck(w)));
    out.grains[grain] = g;
  }
  out.checkFailures = [...new Set(out.checkFailures)];
  out.otherWarnings = [...new Set(out.otherWarnings)];
  return out;
}

const isCheck = (w: string) => w.startsWith('identity') || w.startsWith('check');

/** A mapped concept of `field` filed for that period (a mapping gap), or null when none was filed. */
function reportedAnyway(
  facts: ReturnType<typeof parseCompanyFacts>['facts'],
  field: string,
  end: string,
  grain: Grain,
  instant: boolean,
): string | null {
  const spec =
    FIELD_SPECS.find((f) => f.field === field && f.statement !== 'cash_flow') ??
    FIELD_SPECS.find((f) => f.field === field)!;
  const concepts = new Set(
    [...spec.usGaap, ...spec.ifrs].flatMap((c) => ('sum' in c ? c.sum.map((x) => x.c) : [c.c])),
  );
  for (const f of facts) {
    if (f.end !== end || !concepts.has(`${f.taxonomy}:${f.concept}`)) continue;
    if (instant ? f.start === undefined : f.start !== undefined) {
      const days = f.start ? daysBetween(f.start, f.end) + 1 : 0;
      if (!instant && (grain === 'annual' ? days < 350 : days > 105)) continue;
      return `${f.taxonomy}:${f.concept} in ${f.form} ${f.accn}`;
    }
  }
  return null;
}

function render(c: CompanyCoverage): string {
  const lines = [`== ${c.name} (CIK ${c.cik}, ${c.standard}, ${c.currency}) ${c.file}`];
  for (const [grain, g] of Object.entries(c.grains)) {
    lines.push(
      `  ${grain}: ${Object.entries(g.rows)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
  }
  lines.push(
    '  field                                                   annual r/d/n   quarterly r/d/n   ttm r/d/n',
  );
  const fields = Object.keys(c.grains.annual?.fields ?? {});
  for (const f of fields) {
    const cell = (grain: string) => {
      const x = c.grains[grain]?.fields[f];
      return x ? `${x.reported}/${x.derived}/${x.null}` : '-';
    };
    lines.push(
      `  ${f.padEnd(55)} ${cell('annual').padEnd(14)} ${cell('quarterly').padEnd(17)} ${cell('ttm')}`,
    );
  }
  lines.push(`  key fields null: ${c.keyNulls.length === 0 ? 'none' : ''}`);
  for (const k of c.keyNulls) lines.push(`    ${k}`);
  lines.push(`  failed checks (stored with the row): ${c.checkFailures.length === 0 ? 'none' : ''}`);
  for (const w of c.checkFailures) lines.push(`    ${w}`);
  if (c.otherWarnings.length) lines.push('  other warnings:', ...c.otherWarnings.map((w) => `    ${w}`));
  return lines.join('\n');
}

export interface LabelResult {
  set: string;
  file: string;
  grain: string;
  reportPeriod: string;
  field: string;
  asOf: string | null;
  /** The row's SIC code (submissions JSON `sic`), passed to the engine as the job passes it; null without one. */
  sic: string | null;
  expected: number | null;
  expectedFiscalPeriod: string;
  got: number | null;
  gotFiscalPeriod: string | null;
  /** With a `currency` column: the currency the row must be in (`TWD`, `USD`), and the row's own. */
  expectedCurrency?: string;
  gotCurrency?: string | null;
}

/**
 * Scores one held-out set: `labels.tsv` rows (file, grain, report_period, fiscal_period, field, expected and the
 * optional as_of and sic columns) read by hand from the filings. Grain `q4` is the internal fourth quarter
 * (FY - 9M YTD) that ttm is built from; `null` expects no value (as of that date). `sic` is the company's SIC
 * code as its submissions JSON gives it (`"sic": "6022"`): the engine gets it as the financials job passes it,
 * so the industry variants of the mapping (a bank's revenue) are scored; a set without the column is scored
 * with no SIC code, as before. `currency` (optional) is the currency a row holding an expected value must be in:
 * a filer reporting in TWD or CAD is served in it, never converted nor called USD. A file ending in `.xml` is
 * one filing's XBRL instance: its context-free numeric facts are read as the facts companyfacts lists for that
 * filing, with the accession and filing date the set's `filings.tsv` gives for it (file, accession, filed,
 * optional form); `.htm` is an inline XBRL document.
 */
export function scoreLabels(dir: string, set: string): LabelResult[] {
  const [head, ...lines] = readFileSync(`${dir}/labels.tsv`, 'utf8').trim().split('\n');
  const col = Object.fromEntries(head!.split('\t').map((h, i) => [h, i]));
  const out: LabelResult[] = [];
  const docs = new Map<string, ReturnType<typeof load>>();
  const filings = instanceFilings(dir);
  function load(file: string) {
    const text = readFileSync(`${dir}/${file}`, 'utf8');
    const doc = /\.(xml|htm|html)$/.test(file)
      ? instanceDocument(text, file, filings)
      : parseCompanyFacts(text, { document: file });
    return { doc, prepared: prepareFacts(doc.facts) };
  }
  for (const line of lines) {
    const cells = line.split('\t');
    const get = (name: string) => cells[col[name] ?? -1] ?? '';
    const [file, grain, reportPeriod, field] = [
      get('file'),
      get('grain'),
      get('report_period'),
      get('field'),
    ];
    const asOf = get('as_of') || null;
    const sic = get('sic') || null;
    if (sic !== null && !/^\d{3,4}$/.test(sic))
      throw new Error(`${dir}/labels.tsv: sic ${JSON.stringify(sic)} is not a 3-4 digit SIC code`);
    if (!docs.has(file)) docs.set(file, load(file));
    const { doc, prepared } = docs.get(file)!;
    const spec = FIELD_SPECS.find((f) => f.field === field)!;
    let got: number | null = null;
    let gotFp: string | null = null;
    let gotCurrency: string | null = null;
    if (grain === 'q4') {
      const q = fiscalCalendar(prepared.evidence).quarters.find((x) => x.end === reportPeriod);
      if (q) {
        const env = {
          index: prepared.index,
          currency: prepared.currency ?? 'USD',
          standard: prepared.standard ?? ('us_gaap' as const),
          industry: industryForSic(sic ?? undefined),
          ...(asOf ? { asOf } : {}),
        };
        got =
          resolveSlot(SPECS_BY_STATEMENT[spec.statement], { kind: 'quarter', ...q }, env).values[field] ??
          null;
        gotFp = `Q${q.index}`;
        gotCurrency = prepared.currency;
      }
    } else {
      const set = buildStatements(prepared, {
        ticker: '',
        cik: doc.cik,
        period: grain as Grain,
        ...(asOf ? { asOf } : {}),
        ...(sic ? { sic } : {}),
      });
      const row = set[STATEMENT_KEYS[spec.statement]].find((r) => r.report_period === reportPeriod);
      got = (row?.[field] as number | null | undefined) ?? null;
      gotFp = row ? String(row.fiscal_period) : null;
      gotCurrency = row ? String(row.currency) : null;
    }
    const expected = get('expected');
    const expectedCurrency = get('currency');
    out.push({
      set,
      file,
      grain,
      reportPeriod,
      field,
      asOf,
      sic,
      expected: expected === 'null' ? null : Number(expected),
      expectedFiscalPeriod: get('fiscal_period'),
      got,
      gotFiscalPeriod: gotFp,
      ...(expectedCurrency ? { expectedCurrency, gotCurrency } : {}),
    });
  }
  return out;
}

/** `filings.tsv` of a set (file, accession, filed, optional form): the filing of each XBRL instance it scores. */
function instanceFilings(dir: string): Map<string, InstanceFiling> {
  const out = new Map<string, InstanceFiling>();
  if (!existsSync(`${dir}/filings.tsv`)) return out;
  const [head, ...lines] = readFileSync(`${dir}/filings.tsv`, 'utf8').trim().split('\n');
  const formCol = head!.split('\t').indexOf('form');
  for (const line of lines) {
    const cells = line.split('\t');
    const [file, accn, filed] = cells;
    const form = formCol >= 0 ? cells[formCol] : undefined;
    if (file && accn && filed) out.set(file, form ? { accn, filed, form } : { accn, filed });
  }
  return out;
}

/** A set's XBRL instance file as the engine's facts (the facts companyfacts lists for that one filing). */
function instanceDocument(text: string, file: string, filings: Map<string, InstanceFiling>) {
  const filing = filings.get(file);
  if (!filing)
    throw new Error(`${file}: an XBRL instance needs its accession and filing date in filings.tsv`);
  const inst = parseInstance(text, { document: file });
  return {
    cik: Number(inst.dei.EntityCentralIndexKey ?? 0),
    entityName: inst.dei.EntityRegistrantName ?? '',
    facts: instanceFacts(inst, filing),
  };
}

/**
 * Right: the value, and (when a value is expected) the fiscal period of the row it sits in and, when the set
 * has a `currency` column, the row's currency.
 */
export const right = (r: LabelResult) =>
  r.got === r.expected &&
  (r.expected === null ||
    (r.gotFiscalPeriod === r.expectedFiscalPeriod &&
      (r.expectedCurrency === undefined || r.gotCurrency === r.expectedCurrency)));

function labelsMain(json: boolean): void {
  const root = fileURLToPath(new URL('../../fixtures/financials/', import.meta.url));
  const sets = readdirSync(root)
    .filter((d) => existsSync(`${root}${d}/labels.tsv`))
    .sort();
  const results = sets.flatMap((d) => scoreLabels(`${root}${d}`, d));
  if (json) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return;
  }
  for (const d of sets) {
    const rs = results.filter((r) => r.set === d);
    process.stdout.write(`== ${d}: ${rs.filter(right).length} of ${rs.length} labels right\n`);
    for (const r of rs.filter((x) => !right(x)))
      process.stdout.write(
        `  MISS ${r.file} ${r.grain} ${r.reportPeriod} ${r.field}${r.asOf ? ` as of ${r.asOf}` : ''}${r.sic ? ` (SIC ${r.sic})` : ''}: expected ${r.expectedFiscalPeriod} ${r.expected}${r.expectedCurrency ? ` ${r.expectedCurrency}` : ''}, got ${r.gotFiscalPeriod} ${r.got}${r.expectedCurrency ? ` ${r.gotCurrency}` : ''}\n`,
      );
  }
}

function main(argv: string[]): void {
  const json = argv.includes('--json');
  if (argv.includes('--labels')) {
    labelsMain(json);
    return;
  }
  let files = argv.filter((a) => !a.startsWith('--'));
  if (files.length === 0) {
    const dir = fileURLToPath(
      new URL('../../fixtures/upstream/data.sec.gov/api/xbrl/companyfacts/', import.meta.url),
    );
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => dir + f);
  }
  const results = files.map((f) => coverage(f, readFileSync(f, 'utf8')));
  if (json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else process.stdout.write(`${results.map(render).join('\n\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
