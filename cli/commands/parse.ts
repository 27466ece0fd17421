import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { parseCompanyTickers, parseCompanyTickersExchange } from '../../parsers/edgar/company-tickers.ts';
import { parseFilingIndexPage } from '../../parsers/edgar/filing-index-page.ts';
import { parseIndexFile } from '../../parsers/edgar/index-files.ts';
import { parseSubmissions, parseSubmissionsPage } from '../../parsers/edgar/submissions.ts';
import { ASIA_PARSERS } from './parse-asia.ts';

interface ParseOpts {
  cik?: string;
  kind?: 'form' | 'master' | 'company';
  form?: string;
  period?: string;
  resolve?: boolean;
  url?: string;
  labels?: string;
  symbol?: string;
  website?: string;
}

type ParserFn = (
  bytes: Buffer,
  opts: ParseOpts,
  ctx: { url: string; fetchedAt: string },
) => unknown | Promise<unknown>;

/** Every pure parser an operator can run on a local file. */
export const PARSERS: Record<string, { help: string; run: ParserFn }> = {
  'company-tickers': {
    help: 'SEC company_tickers.json',
    run: (b, _o, c) => parseCompanyTickers(b.toString('utf8'), c),
  },
  'company-tickers-exchange': {
    help: 'SEC company_tickers_exchange.json',
    run: (b, _o, c) => parseCompanyTickersExchange(b.toString('utf8'), c),
  },
  'filing-index': {
    help: "a filing's detail page <accession>-index.htm: header, primary document, exhibits, data files",
    run: (b) => parseFilingIndexPage(b.toString('latin1')),
  },
  submissions: {
    help: 'data.sec.gov submissions CIK##########.json',
    run: (b, _o, c) => parseSubmissions(b.toString('utf8'), c),
  },
  'submissions-page': {
    help: 'a CIK##########-submissions-NNN.json page (needs --cik)',
    run: (b, o, c) => {
      if (!o.cik) throw new Error('submissions-page needs --cik <cik>');
      return parseSubmissionsPage(b.toString('utf8'), c, o.cik);
    },
  },
  index: {
    help: 'EDGAR daily-index or full-index .idx file (--kind form|master|company; guessed from the file name)',
    run: (b, o, c) => parseIndexFile(b.toString('latin1'), c, o.kind ?? guessIndexKind(c.url)),
  },
  'earnings-release': {
    help: 'an 8-K earnings press release: full .txt submission, or the EX-99.1 exhibit alone (HTML or text)',
    run: async (b) => {
      const { parseReleaseBytes } = await import('../../parsers/earnings/release-rows.ts');
      return parseReleaseBytes(b);
    },
  },
  'edgar-items': {
    help: 'a 10-K/10-Q/8-K primary document (HTML or text) or full .txt submission (--form, --resolve)',
    run: async (b, o) => {
      if (!o.form || !['10-K', '10-Q', '8-K'].includes(o.form))
        throw new Error('edgar-items needs --form 10-K|10-Q|8-K');
      const { splitFilingFile } = await import('../../parsers/edgar/items/index.ts');
      const r = splitFilingFile(b, {
        form: o.form as '10-K',
        resolve: Boolean(o.resolve),
        ...(o.url ? { url: o.url } : {}),
      });
      // The items exactly as /v1/filings/items serves them without include_exhibits: same keys, same order.
      const items = r.items.map((i) => ({
        number: i.number,
        name: i.name,
        text: i.text,
        text_mode: i.text_mode,
        ...(i.resolved ? { resolved: i.resolved } : {}),
        exhibits: [],
      }));
      return r.items_unavailable_reason
        ? { items, items_unavailable_reason: r.items_unavailable_reason }
        : items;
    },
  },
  'xbrl-statements': {
    help: 'data.sec.gov companyfacts CIK##########.json -> the latest statement and metrics rows (--period annual|quarterly|ttm); ticker is null (the loader takes it from the registry)',
    run: async (b, o) => {
      if (!o.period || !['annual', 'quarterly', 'ttm'].includes(o.period))
        throw new Error('xbrl-statements needs --period annual|quarterly|ttm');
      const period = o.period as 'annual' | 'quarterly' | 'ttm';
      const { parseCompanyFacts } = await import('../../parsers/xbrl/companyfacts.ts');
      const { buildStatements } = await import('../../parsers/xbrl/statements.ts');
      const { buildMetrics } = await import('../../parsers/xbrl/metrics.ts');
      const doc = parseCompanyFacts(b.toString('utf8'), { document: o.url ?? 'companyfacts' });
      const set = buildStatements(doc.facts, { ticker: '', cik: doc.cik, period });
      const noTicker = <T extends { ticker: string }>(rows: T[]) => rows.map((r) => ({ ...r, ticker: null }));
      return {
        income_statements: noTicker(set.income_statements),
        balance_sheets: noTicker(set.balance_sheets),
        cash_flow_statements: noTicker(set.cash_flow_statements),
        financial_metrics: noTicker(buildMetrics(set, { period })),
        warnings: [...doc.warnings, ...set.warnings],
      };
    },
  },
  'xbrl-segments': {
    help: "an XBRL instance (.xml or inline .htm) -> segment rows (--period annual|quarterly, default the document type's: 10-K/20-F annual, 10-Q quarterly; --labels <_lab.xml>)",
    run: async (b, o) => {
      if (o.period !== undefined && !['annual', 'quarterly'].includes(o.period))
        throw new Error('xbrl-segments takes --period annual|quarterly');
      const { parseInstance } = await import('../../parsers/xbrl/instance.ts');
      const { parseLabels } = await import('../../parsers/xbrl/labels.ts');
      const { buildSegments } = await import('../../parsers/xbrl/segments.ts');
      const doc = parseInstance(b.toString('utf8'), { document: o.url ?? 'instance' });
      const labels = o.labels
        ? parseLabels(readFileSync(o.labels, 'utf8'), { document: o.labels })
        : undefined;
      const r = buildSegments(doc, o.period ? { period: o.period as 'annual' | 'quarterly' } : {}, labels);
      // a wrong or missing grain must not look like "no segments": the reasons go to stderr too
      for (const w of r.rows.length === 0 ? r.warnings : []) process.stderr.write(`warning: ${w}\n`);
      return { period: r.period, segments: r.rows, warnings: [...doc.warnings, ...r.warnings] };
    },
  },
  '20f': {
    help: 'a Form 20-F primary document (HTML, text, inline XBRL) or XBRL instance -> what the /20f/* routes serve from it (profile, items found, ownership rows, notes index, segment and fact counts; --labels <_lab.xml>)',
    run: async (b, o) => (await import('../form-20f.ts')).parse20fFile(b, o),
  },
  prices: {
    help: 'a Yahoo chart JSON or a price CSV (Yahoo, yfinance, stooq) -> price rows, newest first (--symbol for CSVs)',
    run: async (b, o, c) => (await import('../market-data-parse.ts')).parsePricesCommand(b, o, c),
  },
  benchmark: {
    help: 'a benchmark series file -> benchmark rows with close_major (--symbol as the registry spells it)',
    run: async (b, o, c) => (await import('../market-data-parse.ts')).parseBenchmarkCommand(b, o, c),
  },
  'short-interest': {
    help: 'a FINRA short-interest file (CDN pipe file or query-export CSV) -> rows (--symbol filters)',
    run: async (b, o, c) => (await import('../market-data-parse.ts')).parseShortInterestCommand(b, o, c),
  },
  '13f': {
    help: 'a 13F-HR filing (.txt/.nc submission, information table XML, rendered table HTML) -> holdings as /v1/institutional-holdings serves them (ticker null offline), the unit decision and its evidence',
    run: async (b, o) => {
      const { parseThirteenFFiling } = await import('../../parsers/edgar/thirteen-f-holdings.ts');
      const r = parseThirteenFFiling(b.toString('utf8'), { document: o.url ?? '13f' });
      return {
        filer_cik: r.filer_cik,
        filer_name: r.filer_name,
        report_period: r.report_period,
        filing_date: r.filing_date,
        accession_number: r.accession_number,
        value_unit: r.value_unit,
        unit_evidence: r.unit_evidence,
        totals: r.totals,
        warnings: r.warnings,
        institutional_holdings: r.institutional_holdings,
      };
    },
  },
  nport: {
    help: 'an NPORT-P / NPORT-P/A primary_doc.xml (bare or in the .txt submission) -> the fund (fund_id), the report and every position as filed (pct_of_net_assets in percent)',
    run: async (b, o) => {
      const { parseNport } = await import('../../parsers/edgar/nport.ts');
      const { fundIdOf } = await import('../../loaders/funds.ts');
      const r = parseNport(b.toString('utf8'), o.url ?? 'nport');
      return {
        fund_id: fundIdOf(r.fund),
        fund: r.fund,
        report: r.report,
        warnings: r.warnings,
        positions: r.positions,
      };
    },
  },
  form4: {
    help: 'a Form 3/4/5 (ownershipDocument XML, bare or in the .txt/.nc submission) -> insider trades and holdings',
    run: async (b, o) => {
      const { parseOwnershipFiling } = await import('../../parsers/edgar/form4.ts');
      const r = parseOwnershipFiling(b.toString('utf8'), o.url ?? 'form4');
      return {
        issuer_cik: r.issuer_cik,
        ticker: r.ticker,
        filing_date: r.filing_date,
        accession_number: r.accession_number,
        document_type: r.document_type,
        warnings: r.warnings,
        insider_trades: r.insider_trades.map(
          ({ is_derivative: _d2, acquired_disposed: _a2, direct_or_indirect: _i2, footnotes: _f2, ...t }) =>
            t,
        ),
        holdings: r.holdings,
      };
    },
  },
  'form-d': {
    help: 'a Form D / D/A (primary_doc.xml, or the .txt / .nc submission) -> the private_offering_filings row (amounts as filed, Indefinite as a flag) and warnings',
    run: async (b, o, c) => {
      const { parseFormD } = await import('../../parsers/edgar/form-d.ts');
      return parseFormD(b.toString('utf8'), { url: o.url ?? c.url, fetchedAt: c.fetchedAt });
    },
  },
  def14a: {
    help: 'a DEF 14A proxy statement (HTML or .txt) -> Summary Compensation Table rows and beneficial-ownership rows',
    run: async (b, o) => {
      const { parseProxyStatement } = await import('../../parsers/edgar/def14a.ts');
      return parseProxyStatement(b.toString('utf8'), o.url ?? 'def14a');
    },
  },
  'adv-feed': {
    help: 'a Form ADV bulk file (IAPD compilation IA_FIRM_SEC_Feed / IA_FIRM_STATE_Feed, .xml or .xml.gz) -> one adviser row per firm, as /v1/institutions/{id} serves it',
    run: async (b, o) => {
      const { parseAdvFeed } = await import('../../parsers/advisers/adv-feed.ts');
      return parseAdvFeed(b, o.url ?? 'adv-feed');
    },
  },
  '13f-list': {
    help: "the SEC's Official List of Section 13(f) Securities PDF (13flist<YYYY>q<N>.pdf) -> every security: CUSIP, issuer name and description, listed-option mark, ADDED / DELETED",
    run: async (b, o, c) => {
      const { parseThirteenFList } = await import('../../parsers/edgar/thirteen-f-list.ts');
      return parseThirteenFList(b, o.url ?? c.url);
    },
  },
  'adv-list': {
    help: "the SEC's monthly adviser list (ia<MMDDYY>.zip / -exempt.zip or its CSV) -> one adviser row per firm with its fund types and private-fund rollup",
    run: async (b, o, c) => {
      const { parseAdvRoster } = await import('../../parsers/advisers/adv-roster.ts');
      return parseAdvRoster(b, o.url ?? c.url);
    },
  },
  brochure: {
    help: "a Form ADV Part 2 brochure PDF -> every address printed with its sentence, the cover website, the primary address and the firm-domain check (--website: the firm's Form ADV website; --url: the brochure address, for its version id)",
    run: async (b, o, c) => {
      const { brochureVersionOf, firmDomain, readBrochure, resolveEmails } = await import(
        '../../parsers/advisers/brochure.ts'
      );
      const r = await readBrochure(b, brochureVersionOf(c.url), c.url);
      const resolved = resolveEmails(r.emails, firmDomain(o.website ?? null, r.cover_website));
      return {
        version_id: r.version_id,
        pages: r.pages,
        cover_website: r.cover_website,
        email_primary: resolved.email_primary,
        email_domain_matches_firm: resolved.email_domain_matches_firm,
        emails: resolved.emails,
        warnings: r.warnings,
      };
    },
  },
  'news-feed': {
    help: 'an RSS/Atom/RDF news feed or Google-News sitemap -> parsed, linked (registry: the mirror company_tickers_exchange.json), scored and clustered items',
    run: async (b, _o, c) => {
      // the trained text model answers where the word rules have none (when the word vectors are installed)
      await (await import('../../parsers/news/text-model.ts')).loadTextModel();
      return (await import('../news/parse-feed.ts')).parseNewsFeedFile(b, c);
    },
  },
};

function guessIndexKind(name: string): 'form' | 'master' | 'company' {
  const n = basename(name);
  if (n.includes('master')) return 'master';
  if (n.includes('company')) return 'company';
  return 'form';
}

export function registerParseCommand(
  program: Command,
  extra: Record<string, { help: string; run: ParserFn }> = {},
) {
  const all = { ...PARSERS, ...ASIA_PARSERS, ...extra };
  program
    .command('parse')
    .description(
      'Run one pure parser on a local upstream file and print its JSON output (no network, no database)',
    )
    .argument('<parser>', `one of: ${Object.keys(all).join(', ')}`)
    .argument('<file>', 'path to the local file')
    .option('--cik <cik>', 'CIK, for parsers that need it')
    .option('--kind <kind>', 'index kind: form, master or company')
    .option('--form <form>', 'filing form: 10-K, 10-Q or 8-K')
    .option('--period <period>', 'annual, quarterly or ttm')
    .option('--resolve', 'expand items incorporated by reference')
    .option('--url <url>', 'the upstream URL the file came from (provenance on the rows)')
    .option('--labels <file>', "xbrl-segments: the filing's label linkbase (_lab.xml) for segment names")
    .option('--symbol <symbol>', 'prices, benchmark, short-interest: the symbol (CSV files name none)')
    .option('--website <url>', "brochure: the firm's Form ADV website (decides the firm's domain)")
    .addHelpText(
      'after',
      `\nParsers:\n${Object.entries(all)
        .map(([k, v]) => `  ${k.padEnd(26)} ${v.help}`)
        .join(
          '\n',
        )}\n\nExample:\n  etl parse submissions fixtures/upstream/data.sec.gov/submissions/CIK0000320193.json | jq '.filings | length'`,
    )
    .action(async (parser: string, file: string, opts: ParseOpts) => {
      const p = all[parser];
      if (!p) {
        process.stderr.write(`unknown parser "${parser}"; one of: ${Object.keys(all).join(', ')}\n`);
        process.exit(2);
      }
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch (err) {
        process.stderr.write(`cannot read ${file}: ${(err as Error).message}\n`);
        process.exit(2);
      }
      try {
        const out = await p.run(bytes, opts, {
          url: opts.url ?? `file://${file}`,
          fetchedAt: new Date().toISOString(),
        });
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } catch (err) {
        process.stderr.write(`${(err as Error).name}: ${(err as Error).message}\n`);
        process.exit(1);
      }
    });
}
