import iconv from 'iconv-lite';
import { corpCodeRegistry } from '../../jobs/korea/companies.job.ts';
import { parseEdinetList, parseTdnetList } from '../../parsers/disclosures/japan.ts';
import { parseDartList } from '../../parsers/disclosures/korea.ts';
import { parseDartFinancials } from '../../parsers/korea/financials.ts';
import { DART_SECTIONS, type DartSectionEndpoint, parseDartSection } from '../../parsers/korea/sections.ts';
import { registryFromEdinetCodes } from '../../parsers/registry-asia/japan.ts';
import {
  parseTpexProfiles,
  parseTwseProfiles,
  registryFromTwProfiles,
} from '../../parsers/registry-asia/taiwan.ts';
import {
  parseTpexForeignOwnership,
  parseTwseForeignOwnership,
} from '../../parsers/taiwan/foreign-ownership.ts';
import { parseIncomeSummary } from '../../parsers/taiwan/income-summary.ts';
import { parseLegacyStatement } from '../../parsers/taiwan/legacy-statement.ts';
import { parseLegacyTablePage } from '../../parsers/taiwan/legacy-table.ts';
import {
  isCompanyMonthlyRevenuePage,
  parseCompanyMonthlyRevenuePage,
  parseMonthlyRevenueCsv,
  parseMonthlyRevenuePage,
} from '../../parsers/taiwan/monthly-revenue.ts';
import { deriveQuarters } from '../../parsers/taiwan/quarters.ts';
import { mopsRequestOf } from '../../parsers/taiwan/request.ts';
import {
  notServedStatement,
  parseBalanceStatementPage,
  parseIncomeStatementPage,
} from '../../parsers/taiwan/statement-page.ts';
import { decodeMopsPage, decodeTaiwan } from '../../parsers/taiwan/text.ts';

interface Opts {
  kind?: string;
  period?: string;
  url?: string;
}
type Ctx = { url: string; fetchedAt: string };
const market = (url: string) => (/\/otc\/|_O[._]|tpex|t13sa150/i.test(url) ? 'tpex' : 'twse');

/** Row keys as the API spells them (snake_case), so the output reads like the route's rows. */
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export function apiShape(out: unknown): unknown {
  if (Array.isArray(out)) return out.map(apiShape);
  if (out && typeof out === 'object' && !(out instanceof Date))
    return Object.fromEntries(
      Object.entries(out).map(([k, v]) => [snake(k), k === 'fields' ? v : apiShape(v)]),
    );
  return out;
}
const shaped =
  (run: (b: Buffer, o: Opts, c: Ctx) => unknown) =>
  (b: Buffer, o: Opts, c: Ctx): unknown =>
    apiShape(run(b, o, c));

/** Issue 11's parsers for `etl parse` (merged into the command's table in cli/commands/parse.ts). */
type Entry = { help: string; run: (b: Buffer, o: Opts, c: Ctx) => unknown };
const RAW: Record<string, Entry> = {
  'twse-monthly-revenue': {
    help: 'TWSE/TPEx monthly revenue: open-data t187ap05_{L,O}.csv, a MOPS t21sc03_<roc>_<m>_0.html page or a single-company t05st10(_ifrs) page',
    run: (b, _o, c) =>
      (/\.csv$/i.test(c.url)
        ? parseMonthlyRevenueCsv
        : isCompanyMonthlyRevenuePage(b)
          ? parseCompanyMonthlyRevenuePage
          : parseMonthlyRevenuePage)(b, c, market(c.url)),
  },
  'tw-financials': {
    help: 'MOPS t163sb04 summary or a single-company t164sb0x page; year and season from --url <MOPS request URL> as the job reads them (or --period <year>Q<season>, e.g. 2023Q1; --kind <code> for a company page without CO_ID)',
    run: (b, o, c) => {
      const asked = mopsRequestOf(c.url);
      const period = o.period ?? (asked.year && asked.season ? `${asked.year}Q${asked.season}` : undefined);
      const code = o.kind ?? asked.code;
      const m = period && !code ? /^(\d{4})Q([1-4])$/.exec(period) : null;
      if (m) {
        const r = parseIncomeSummary(b, c, {
          year: Number(m[1]),
          season: Number(m[2]),
          market: market(c.url),
        });
        return { ...r, rows: deriveQuarters(r.rows) };
      }
      if (!code) {
        // Rule: a MOPS no-data answer (查詢無資料) is empty whatever season was asked: it needs no period
        const html = decodeTaiwan(b, 'utf8');
        if (/查詢無資料|查無資料|查無需求資料/.test(html) && !/會計項目|<tr class=['"]?tblHead/.test(html))
          return { rows: [], warnings: [], noData: true };
        throw new Error(
          'tw-financials needs --url <the MOPS request URL> (year and season from it), or --period YYYYQn (summary page) or --kind <security code>',
        );
      }
      const notServed = notServedStatement(b);
      if (notServed) return { rows: [], warnings: [], notServed };
      const income = parseIncomeStatementPage(b, c, { code });
      const balance = parseBalanceStatementPage(b, c, { code });
      return {
        rows: [...deriveQuarters(income.rows), ...balance.rows],
        warnings: [...income.warnings, ...balance.warnings],
        ...(income.noData ? { noData: true } : {}),
      };
    },
  },
  'tw-legacy-statement': {
    help: "a MOPS pre-IFRS (before 2013) statement page: t05st33 balance sheet or t05st34 income statement (HTML table with % columns), t05st39 cash flows (<pre> text); one row per line with this and last year's amounts",
    run: (b, _o, c) => {
      // a page re-saved as UTF-8 by its crawler keeps MOPS's Big5 declaration: valid UTF-8 bytes are UTF-8
      const html = decodeMopsPage(b);
      if (/name=['"]?progName['"]?\s+value=['"]?t05st3[34]/.test(html)) {
        const t = parseLegacyTablePage(html, c.url);
        const [cur, prior] = t.columns;
        return {
          rows: t.lines.map((l) => ({
            statement: t.statement,
            basis: t.basis,
            year: t.year,
            season: t.season,
            periodStart: cur?.start ?? null,
            periodEnd: cur?.end ?? null,
            priorPeriodStart: prior?.start ?? null,
            priorPeriodEnd: prior?.end ?? null,
            label: l.label,
            unit: l.unit,
            amount: l.amounts[0] ?? null,
            amountPrior: l.amounts[1] ?? null,
            percent: l.percents[0] ?? null,
            percentPrior: l.percents[1] ?? null,
          })),
          warnings: [],
        };
      }
      const s = parseLegacyStatement(html, c.url);
      // the cash-flow page runs from January 1 to its quarter's end, for this year and the last
      const end = ['03-31', '06-30', '09-30', '12-31'][s.season - 1];
      return {
        rows: s.lines.map((l) => ({
          statement: 'cash_flow',
          basis: s.basis,
          year: s.year,
          season: s.season,
          periodStart: `${s.year}-01-01`,
          periodEnd: `${s.year}-${end}`,
          priorPeriodStart: `${s.year - 1}-01-01`,
          priorPeriodEnd: `${s.year - 1}-${end}`,
          label: l.label,
          unit: 'TWD thousands',
          amount: l.current,
          amountPrior: l.prior,
        })),
        warnings: [],
      };
    },
  },
  'tw-foreign-ownership': {
    help: 'TWSE MI_QFIIS JSON or TPEx t13sa150_otc HTML',
    run: (b, _o, c) =>
      b.subarray(0, 1).toString() === '{' ? parseTwseForeignOwnership(b, c) : parseTpexForeignOwnership(b, c),
  },
  'dart-financials': {
    help: 'OpenDART fnlttSinglAcntAll.json: the statement basis from --url <request URL> (its fs_div=CFS|OFS) or --kind CFS|OFS; refused when neither says it (the rows do not)',
    run: (b, o, c) => {
      if (o.kind !== undefined && o.kind !== 'CFS' && o.kind !== 'OFS')
        throw new Error('dart-financials takes --kind CFS or OFS');
      return parseDartFinancials(b, c, o.kind ? { fsDiv: o.kind } : {});
    },
  },
  'dart-section': {
    help: `an OpenDART report-section JSON (--kind <endpoint>: ${Object.keys(DART_SECTIONS).join(', ')}; guessed from the file name)`,
    run: (b, o, c) => {
      const endpoint = (o.kind ??
        Object.keys(DART_SECTIONS).find((k) => c.url.includes(k))) as DartSectionEndpoint;
      if (!endpoint || !(endpoint in DART_SECTIONS)) throw new Error('dart-section needs --kind <endpoint>');
      return parseDartSection(b, c, { endpoint });
    },
  },
  'asia-registry': {
    help: 'a registry file, as the registry jobs read it: OpenDART corpCode (zip or CORPCODE.xml), EDINET Edinetcode.zip, TWSE t187ap03_L.csv or TPEx mopsfin_t187ap03_O JSON; one row per company (identifiers and listings counted)',
    run: (b, _o, c) => {
      // EDINET's code list: a CP932 CSV whose first line is its ダウンロード実行日 preamble, or a zip whose
      // first entry is that CSV (EdinetcodeDlInfo.csv); corpCode's zip holds XML
      const zipped = b.subarray(0, 2).toString('latin1') === 'PK' && b.length > 30;
      if (
        (zipped && /\.csv$/i.test(b.subarray(30, 30 + b.readUInt16LE(26)).toString('latin1'))) ||
        iconv.decode(b.subarray(0, 64), 'cp932').startsWith('ダウンロード実行日')
      ) {
        const r = registryFromEdinetCodes(b, c);
        return { rows: r.companies, identifiers: r.identifiers.length, listings: r.listings.length };
      }
      const head = b
        .subarray(0, 512)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart();
      const r =
        head.startsWith('PK') || head.startsWith('<')
          ? corpCodeRegistry(b, c)
          : registryFromTwProfiles(
              head.startsWith('[') ? parseTpexProfiles(b, c) : parseTwseProfiles(b, c),
              c,
            );
      const corpCodes = head.startsWith('PK') || head.startsWith('<');
      return {
        rows: r.companies,
        // the Korea registry holds listed corps only (a 6-character stock_code); a list of none is empty
        warnings:
          corpCodes && r.companies.length === 0
            ? [
                'no listed corp in the list (every stock_code empty): the registry holds listed companies only',
              ]
            : [],
        identifiers: r.identifiers.length,
        listings: r.listings.length,
      };
    },
  },
  'dart-list': { help: 'OpenDART list.json (disclosures)', run: (b, _o, c) => parseDartList(b, c) },
  'tdnet-list': { help: 'TDnet I_list_NNN_YYYYMMDD.html', run: (b, _o, c) => parseTdnetList(b, c) },
  'edinet-list': { help: 'EDINET API v2 documents.json', run: (b, _o, c) => parseEdinetList(b, c) },
};

export const ASIA_PARSERS: Record<string, Entry> = Object.fromEntries(
  Object.entries(RAW).map(([name, e]) => [name, { help: e.help, run: shaped(e.run) }]),
);
