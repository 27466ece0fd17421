import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { type IndexKind, parseIndexFile } from '../../parsers/edgar/index-files.ts';
import { parseSubmissions } from '../../parsers/edgar/submissions.ts';
import { isForm10K, statedBrands } from '../../parsers/news/brands.ts';
import { channelOf } from '../../parsers/news/channel.ts';
import { parseFeed } from '../../parsers/news/feed.ts';
import {
  aliasKey,
  buildRegistryIndex,
  type RegistryCompany,
  type RegistryIndex,
} from '../../parsers/news/link.ts';
import { buildEvents, companyRows, processItems } from '../../parsers/news/pipeline.ts';
import { exhibit21Subsidiaries, exhibit21Text } from '../../parsers/news/subsidiaries.ts';

/**
 * The former names the mirror's submissions files give (`formerNames`, as the service's registry loads them from its
 * `name_change` company events), by CIK: the submissions folder beside the ticker file's `www.sec.gov` folder
 * (`data.sec.gov/submissions/CIK##########.json`); none when there is no such folder. And the names the mirror's EDGAR index
 * files list a CIK under that are not its name now (`names`: the ticker file's name of each CIK, read from it when not given).
 */
export function mirrorFormerNames(tickerFile: string, names?: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  // the names the mirror's EDGAR index files list a filer under (`Archives/edgar/{daily,full}-index/**.idx`): a name a CIK
  // filed under that is not its name in the ticker file is a name it had then, a former name ("Facebook Inc", CIK 1326801,
  // 2020-03-18, now "Meta Platforms, Inc."), as its submissions' `formerNames` would list it
  const current = names ?? currentNames(tickerFile);
  for (const [cik, names] of mirrorIndexNames(tickerFile)) {
    const now = current.get(cik);
    if (now === undefined) continue;
    // (a name the start of its current one is that name cut by the index's fixed-width column: "... Target Term Fu")
    const former = [...names].filter(
      (n) => aliasKey(n) !== aliasKey(now) && !now.toLowerCase().startsWith(n.toLowerCase()),
    );
    if (former.length) out.set(cik, former);
  }
  const folder = join(dirname(tickerFile), '../../data.sec.gov/submissions');
  if (!existsSync(folder)) return out;
  for (const f of readdirSync(folder)) {
    if (!/^CIK\d{10}\.json$/.test(f)) continue;
    try {
      const r = parseSubmissions(readFileSync(join(folder, f), 'utf8'), {
        url: join(folder, f),
        fetchedAt: new Date(0).toISOString(),
      });
      const names = r.entity.formerNames.map((n) => n.name).filter((n) => n !== r.entity.name);
      const known = out.get(r.entity.cik) ?? [];
      const all = [...names, ...known.filter((k) => !names.some((n) => aliasKey(n) === aliasKey(k)))];
      if (all.length) out.set(r.entity.cik, all);
    } catch {
      // a file the submissions parser refuses gives no names
    }
  }
  return out;
}

/** The ticker file's name of each CIK (10 digits). */
function currentNames(tickerFile: string): Map<string, string> {
  const out = new Map<string, string>();
  const r = parseCompanyTickersExchange(readFileSync(tickerFile, 'utf8'), {
    url: tickerFile,
    fetchedAt: new Date(0).toISOString(),
  });
  for (const e of r.rows) if (!out.has(e.cik)) out.set(e.cik, e.name);
  return out;
}

/** Every file under `dir` (recursively) whose name `keep` accepts, leaving out the folders `skipDir` names. */
function filesUnder(
  dir: string,
  keep: (name: string) => boolean,
  skipDir: (name: string) => boolean = () => false,
): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? skipDir(e.name)
        ? []
        : filesUnder(join(dir, e.name), keep, skipDir)
      : keep(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

const isHtml = (name: string) => /\.html?$/.test(name);

/** Every HTML document under the mirror's `Archives/edgar/data/<cik>/`, with the CIK (10 digits) of the folder it is filed under. */
function mirrorHtmlByCik(tickerFile: string): { cik: string; file: string }[] {
  const root = join(dirname(tickerFile), '../Archives/edgar/data');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((folder) => folder.isDirectory() && /^\d{1,10}$/.test(folder.name))
    .flatMap((folder) =>
      filesUnder(join(root, folder.name), isHtml).map((file) => ({
        cik: folder.name.padStart(10, '0'),
        file,
      })),
    );
}

/**
 * The company names the mirror's EDGAR index files (`master`, `form`, `company` .idx under `Archives/edgar/`) list for each
 * CIK (10 digits), as written.
 */
export function mirrorIndexNames(tickerFile: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const root = join(dirname(tickerFile), '../Archives/edgar');
  if (!existsSync(root)) return out;
  for (const f of filesUnder(
    root,
    (name) => name.endsWith('.idx'),
    (dir) => dir === 'data',
  )) {
    const kind = /(master|form|company)[^/]*\.idx$/.exec(f)?.[1] as IndexKind | undefined;
    if (!kind) continue;
    try {
      const r = parseIndexFile(
        readFileSync(f, 'latin1'),
        { url: f, fetchedAt: new Date(0).toISOString() },
        kind,
      );
      for (const row of r.rows) {
        if (!row.companyName) continue;
        const cik = String(row.cik).padStart(10, '0');
        out.set(cik, (out.get(cik) ?? new Set()).add(row.companyName));
      }
    } catch {
      // an index the parser refuses gives no names
    }
  }
  return out;
}

/**
 * The names a filing in the mirror (`www.sec.gov/Archives/edgar/data/<cik>/.../*.htm`) says its filer became the successor issuer
 * of ("Alphabet Inc. became the successor issuer of Google Inc. pursuant to Rule 12g-3(a)"), by the CIK of the folder it is filed
 * under: the issuer it succeeded is a name the filer's shares were listed under, a former name.
 */
export function mirrorSuccessorNames(tickerFile: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { cik, file: f } of mirrorHtmlByCik(tickerFile)) {
    const text = readFileSync(f, 'latin1');
    if (!text.includes('successor issuer')) continue;
    // (the name ends at its legal form: "successor issuer to Google." names no legal form and is passed over)
    for (const m of text.matchAll(
      /successor issuer (?:of|to) ((?:[A-Z][\w&'-]*\s+){1,3}(?:Inc|Corp|Corporation|Company|Ltd|Limited|plc|LLC)\.?)(?=[\s,;<])/g,
    )) {
      const name = (m[1] as string).replace(/\s+/g, ' ');
      const known = out.get(cik) ?? [];
      if (!known.some((k) => aliasKey(k) === aliasKey(name))) out.set(cik, [...known, name]);
    }
  }
  return out;
}

/**
 * The subsidiaries the Exhibit 21 of each full-text submission in the mirror lists (`www.sec.gov/Archives/edgar/data/<cik>/
 * .../*.txt`), by the filer's CIK (its header's CENTRAL INDEX KEY).
 */
export function mirrorSubsidiaries(tickerFile: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const root = join(dirname(tickerFile), '../Archives/edgar/data');
  if (!existsSync(root)) return out;
  for (const f of filesUnder(root, (name) => name.endsWith('.txt'))) {
    const text = readFileSync(f, 'latin1');
    const ex21 = exhibit21Text(text);
    const cik = /CENTRAL INDEX KEY:\s*(\d{1,10})/.exec(text)?.[1];
    if (!ex21 || !cik) continue;
    const key = cik.padStart(10, '0');
    out.set(key, [...(out.get(key) ?? []), ...exhibit21Subsidiaries(ex21)]);
  }
  return out;
}

/**
 * The brand names each 10-K document in the mirror (`www.sec.gov/Archives/edgar/data/<cik>/.../*.htm[l]`, its cover page saying
 * Form 10-K) states (parsers/news/brands.ts), by the CIK of the folder it is filed under.
 */
export function mirrorBrands(tickerFile: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { cik, file: f } of mirrorHtmlByCik(tickerFile)) {
    const doc = readFileSync(f, 'utf8');
    if (!isForm10K(doc)) continue;
    const known = out.get(cik) ?? [];
    out.set(cik, [...known, ...statedBrands(doc).filter((b) => !known.includes(b))]);
  }
  return out;
}

/**
 * The registry the CLI links against: a company_tickers_exchange.json (default: the project's mirror copy), with the
 * former names of the mirror's submissions files, the Exhibit 21 subsidiaries of its full-text submissions and the brands its
 * 10-K documents state.
 */
export function loadCliRegistry(path?: string): RegistryIndex {
  return buildRegistryIndex(cliRegistryCompanies(path));
}

/** The companies of `loadCliRegistry`, before they are compiled. */
export function cliRegistryCompanies(path?: string): RegistryCompany[] {
  const file =
    path ?? join(process.cwd(), 'fixtures/upstream/www.sec.gov/files/company_tickers_exchange.json');
  if (!existsSync(file)) return [];
  const r = parseCompanyTickersExchange(readFileSync(file, 'utf8'), {
    url: file,
    fetchedAt: new Date(0).toISOString(),
  });
  const current = new Map<string, string>();
  for (const e of r.rows) if (!current.has(e.cik)) current.set(e.cik, e.name);
  const former = mirrorFormerNames(file, current);
  for (const [cik, names] of mirrorSuccessorNames(file)) {
    const known = former.get(cik) ?? [];
    former.set(cik, [...known, ...names.filter((n) => !known.some((k) => aliasKey(k) === aliasKey(n)))]);
  }
  const subsidiaries = mirrorSubsidiaries(file);
  const brands = mirrorBrands(file);
  return r.rows.map((e) => ({
    company_id: `cik:${e.cik}`,
    name: e.name,
    ticker: e.ticker,
    cik: e.cik,
    ...(former.has(e.cik) ? { aliases: former.get(e.cik) } : {}),
    ...(subsidiaries.has(e.cik) ? { subsidiaries: subsidiaries.get(e.cik) } : {}),
    ...(brands.has(e.cik) ? { brands: brands.get(e.cik) } : {}),
  }));
}

/** `etl parse news-feed <file>`: the parsed, linked, scored and clustered items. */
export function parseNewsFeedFile(bytes: Buffer, ctx: { url: string; fetchedAt: string }, registry?: string) {
  const feed = parseFeed(bytes, ctx);
  const channel = channelOf(feed);
  const { articles, duplicates } = processItems(
    feed.items.map((item) => ({ item, channel })),
    loadCliRegistry(registry),
  );
  return {
    kind: feed.kind,
    title: feed.title,
    encoding: feed.encoding,
    channel,
    items: articles,
    events: buildEvents(companyRows(articles)),
    duplicates,
    quarantined: feed.quarantined,
    warnings: feed.warnings,
  };
}
