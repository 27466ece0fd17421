import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fundIdOf } from '../../loaders/funds.ts';
import { parseNport } from '../../parsers/edgar/nport.ts';
import { readXml } from '../../parsers/edgar/nport-xml.ts';

/**
 * The N-PORT section of `npm run quality:funds`: per NPORT-P document (every `*.xml` under `dir` whose
 * root is an N-PORT edgarSubmission), what was read (fund, report date, net assets, positions by asset
 * category, non-USD positions with their exchange rate, derivatives with notional or counterparty,
 * identifiers), the percent-scale check of `pctVal` (each row's pctVal against valUSD / netAssets x 100, and
 * the sum), and what was left: the direct children of `invstOrSec` the parser does not read, by count.
 * A file that does not parse is a defect.
 */
const READ = new Set([
  'name',
  'lei',
  'title',
  'cusip',
  'identifiers',
  'balance',
  'units',
  'descOthUnits',
  'curCd',
  'currencyConditional',
  'valUSD',
  'pctVal',
  'payoffProfile',
  'assetCat',
  'assetConditional',
  'issuerCat',
  'issuerConditional',
  'invCountry',
  'isRestrictedSec',
  'fairValLevel',
  'debtSec',
  'securityLending',
  'derivativeInfo',
]);

function xmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...xmlFiles(path));
    else if (name.toLowerCase().endsWith('.xml')) out.push(path);
  }
  return out;
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

export function nportQualityReport(dir: string): { lines: string[]; defects: number; files: number } {
  const lines: string[] = [];
  let defects = 0;
  let files = 0;
  for (const path of xmlFiles(dir)) {
    const text = readFileSync(path, 'utf8');
    if (!/<(\w+:)?edgarSubmission[^>]*edgar\/nport/.test(text)) continue;
    files++;
    const rel = path.slice(dir.length + 1);
    try {
      const d = parseNport(text, rel);
      const net = d.report.netAssets;
      const ps = d.positions;
      let maxGap = 0;
      for (const p of ps) {
        if (p.valueUsd !== null && p.pctOfNetAssets !== null && net)
          maxGap = Math.max(maxGap, Math.abs((p.valueUsd / net) * 100 - p.pctOfNetAssets));
      }
      const sum = ps.reduce((s, p) => s + (p.pctOfNetAssets ?? 0), 0);
      const cats = new Map<string, number>();
      for (const p of ps) cats.set(p.assetCategory ?? 'none', (cats.get(p.assetCategory ?? 'none') ?? 0) + 1);
      const nonUsd = ps.filter((p) => p.currency !== 'USD');
      const derivs = ps.filter((p) => p.derivative);
      const left = new Map<string, number>();
      const tree = readXml(
        text.slice(text.indexOf('<', text.search(/<(\w+:)?edgarSubmission/))),
        rel,
        new Set(['invstOrSec']),
      );
      const rows = ((tree.edgarSubmission as Record<string, unknown>)?.formData as Record<string, unknown>)
        ?.invstOrSecs as { invstOrSec?: Record<string, unknown>[] } | undefined;
      for (const r of rows?.invstOrSec ?? []) {
        for (const k of Object.keys(r))
          if (!READ.has(k) && !k.startsWith('@') && k !== '#text') left.set(k, (left.get(k) ?? 0) + 1);
      }
      lines.push(
        `${rel}`,
        `  ${fundIdOf(d.fund)} ${d.fund.seriesName ?? d.fund.regName} (registrant ${d.fund.regCik}), ${d.report.submissionType} as of ${d.report.reportDate} (fiscal year end ${d.report.fiscalYearEnd}), final filing ${d.report.isFinalFiling}, ${d.fund.classIds.length} class(es)`,
        `  net assets ${net ?? 'not reported'}; ${ps.length} positions; pctVal sum ${sum.toFixed(3)} %; max |valUSD/netAssets*100 - pctVal| ${maxGap.toExponential(1)} (pctVal is a percent of net assets)`,
        `  asset categories ${[...cats].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`,
        `  non-USD ${nonUsd.length} (currency N/A ${nonUsd.filter((p) => p.currency === null).length}, with exchange rate ${nonUsd.filter((p) => p.exchangeRate !== null).length}); derivatives ${derivs.length} (notional ${derivs.filter((p) => p.derivative!.notionalAmount !== null).length}, counterparty ${derivs.filter((p) => p.derivative!.counterparties.length > 0).length})`,
        `  identifiers: CUSIP ${pct(ps.filter((p) => p.cusip).length, ps.length)}, ISIN ${pct(ps.filter((p) => p.isin).length, ps.length)}, ticker ${pct(ps.filter((p) => p.ticker).length, ps.length)}, LEI ${pct(ps.filter((p) => p.lei).length, ps.length)}; restricted ${ps.filter((p) => p.isRestricted).length}`,
        `  left (invstOrSec children not read): ${[...left].map(([k, v]) => `${k} x${v}`).join(', ') || 'none'}; warnings ${d.warnings.length}`,
      );
    } catch (err) {
      defects++;
      lines.push(`${rel}`, `  NOT READ: ${(err as Error).message}`);
    }
  }
  return { lines, defects, files };
}
