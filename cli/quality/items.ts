/**
 * Quality report of the filing-items splitter over a folder of captured filings.
 * Run: `node --import tsx cli/quality/items.ts [dir]` (default: the captured EDGAR archive fixtures).
 *
 * Splits with resolve=true (what the API serves with `resolve`), then prints per filing: items found /
 * expected (expected = every catalog item the document names in any heading, table of contents included),
 * then each suspicious item: missing, empty (heading only, and not an omitted/reserved/none item), a size
 * outside the item's band (median/20 .. median*8 for the long items, a hard ceiling for the others), and,
 * as information, pointer-only items left literal (their target is not in the filing).
 * Exit code 1 when any defect (everything but `pointer`) is found.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSubmissionText, parseSubmissionText } from '../../parsers/edgar/filing-document.ts';
import { CATALOGS, type ItemForm } from '../../parsers/edgar/items/catalog.ts';
import { findCandidates } from '../../parsers/edgar/items/headings.ts';
import { type FilingItem, splitFilingFile, toBlocks } from '../../parsers/edgar/items/index.ts';
import { isPointerOnly, pointerSentence } from '../../parsers/edgar/items/resolve.ts';

const DEFAULT_DIR = fileURLToPath(
  new URL('../../fixtures/upstream/www.sec.gov/Archives/edgar/data/', import.meta.url),
);

/** Typical literal sizes (characters) of the items whose size tells something, per form. */
const MEDIANS: Record<string, number> = {
  '10-K Item-1': 30_000,
  '10-K Item-1A': 40_000,
  '10-K Item-7': 35_000,
  '10-K Item-8': 60_000,
  '10-Q Part-I-Item-1': 25_000,
  '10-Q Part-I-Item-2': 20_000,
};
/** Items that are short by nature: anything beyond the ceiling swallowed a neighbour. */
const CEILING = 60_000;
const CEILING_LONG = 600_000;
const EXPECTED_EMPTY = /\b(omitted|reserved|none|not applicable)\b/i;

interface Finding {
  code: string;
  kind: 'missing' | 'empty' | 'pointer' | 'too_small' | 'too_large';
  detail: string;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(txt|nc|htm|html)$/i.test(name)) out.push(path);
  }
  return out.sort();
}

function formOf(text: string): { form: ItemForm; body: string; filed?: string } | null {
  let body = text;
  let declared: string | null = null;
  let filed: string | undefined;
  if (isSubmissionText(text)) {
    try {
      const s = parseSubmissionText(text);
      declared = s.header.form ?? s.documents[0]?.type ?? null;
      body = s.documents[0]?.body ?? '';
      filed = s.header.filedAt ?? undefined;
    } catch {
      return null;
    }
  }
  const probe =
    declared ??
    /FORM\s+(10-?K|10-?Q|8-?K)\b/i.exec(body.replace(/<[^>]*>/g, ' ').slice(0, 60_000))?.[1] ??
    '';
  const norm = probe.toUpperCase().replace('-', '');
  const form: ItemForm | null = norm.startsWith('10K')
    ? '10-K'
    : norm.startsWith('10Q')
      ? '10-Q'
      : norm.startsWith('8K')
        ? '8-K'
        : null;
  return form ? { form, body, ...(filed ? { filed } : {}) } : null;
}

function expectedCodes(body: string, form: ItemForm, found: FilingItem[]): Set<string> {
  const blocks = toBlocks(undefined, body);
  const scheme = form === '8-K' ? (found.some((i) => i.number.includes('.')) ? '8-K' : '8-K-pre2004') : form;
  const schemes = scheme === '10-K' && found.some((i) => i.number === 'Item-8A') ? '10-KSB' : scheme;
  const catalog = CATALOGS[schemes];
  const offsets = blocks.map(() => 0);
  const expected = new Set<string>();
  for (const c of findCandidates(blocks, offsets, schemes, catalog)) {
    if (c.notApplicableList) continue;
    if (c.readings.length === 1) for (const index of c.readings[0]!) expected.add(catalog[index]!.code);
  }
  // 10-Q readings without a PART heading are ambiguous: count what was found for those numbers.
  for (const item of found) expected.add(item.number);
  return expected;
}

function review(item: FilingItem, form: string): Finding[] {
  const findings: Finding[] = [];
  const lines = item.text.split('\n');
  const body = lines.slice(1).join(' ');
  const pointer = pointerSentence(item);
  if (
    body.trim() === '' &&
    !EXPECTED_EMPTY.test(item.text) &&
    !/^\S+\.?\s*\|?\s*\[?reserved/i.test(lines[0] ?? '')
  ) {
    findings.push({ code: item.number, kind: 'empty', detail: JSON.stringify(lines[0]?.slice(0, 80)) });
  }
  if (isPointerOnly(item)) {
    findings.push({ code: item.number, kind: 'pointer', detail: pointer!.replace(/\s+/g, ' ').slice(0, 90) });
  }
  const median = MEDIANS[`${form} ${item.number}`];
  const size = item.text.length;
  if (median && pointer === null && size < median / 20 && !EXPECTED_EMPTY.test(body.slice(0, 200))) {
    findings.push({ code: item.number, kind: 'too_small', detail: `${size} chars (band >= ${median / 20})` });
  }
  const ceiling = median ? median * 8 : item.text_mode === 'resolved' ? CEILING_LONG : CEILING;
  if (size > Math.max(ceiling, CEILING)) {
    findings.push({ code: item.number, kind: 'too_large', detail: `${size} chars (band <= ${ceiling})` });
  }
  return findings;
}

function main(): number {
  const dir = process.argv[2] ?? DEFAULT_DIR;
  let filings = 0;
  let items = 0;
  let defects = 0;
  let pointers = 0;
  for (const path of files(dir)) {
    const bytes = readFileSync(path);
    const detected = formOf(bytes.toString('latin1'));
    if (!detected) continue;
    filings++;
    const result = splitFilingFile(bytes, {
      form: detected.form,
      resolve: true,
      ...(detected.filed ? { filingDate: detected.filed } : {}),
    });
    const ksb = result.warnings.some((w) => w.startsWith('10-KSB numbering'));
    const expected = expectedCodes(detected.body, detected.form, result.items);
    const foundCodes = new Set(result.items.map((i) => i.number));
    const findings: Finding[] = [...expected]
      .filter((c) => !foundCodes.has(c))
      .map((code) => ({
        code,
        kind: 'missing' as const,
        detail: 'named in a heading or the TOC, not extracted',
      }));
    for (const item of result.items) findings.push(...review(item, ksb ? '10-KSB' : detected.form));
    items += result.items.length;
    const status = result.items_unavailable_reason ? ` ${result.items_unavailable_reason}` : '';
    console.log(
      `${relative(dir, path)}  ${detected.form}  items ${foundCodes.size}/${expected.size}${status}`,
    );
    for (const f of findings) {
      if (f.kind === 'pointer') pointers++;
      else defects++;
      console.log(`    ${f.kind === 'pointer' ? 'info  ' : 'DEFECT'} ${f.code} ${f.kind}: ${f.detail}`);
    }
  }
  console.log(
    `\n${filings} filings, ${items} items, ${defects} suspicious sections, ${pointers} pointer-only items (info)`,
  );
  return defects > 0 ? 1 : 0;
}

process.exitCode = main();
