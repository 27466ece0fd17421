import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ParseError } from '../../lib/errors.ts';
import { parseProxyStatement } from '../../parsers/edgar/def14a.ts';
import { parseFormD } from '../../parsers/edgar/form-d.ts';
import { parseOwnershipFiling } from '../../parsers/edgar/form4.ts';
import { parseNport } from '../../parsers/edgar/nport.ts';
import { parseThirteenF } from '../../parsers/edgar/thirteen-f.ts';
import { buildHoldings, parseThirteenFFiling } from '../../parsers/edgar/thirteen-f-holdings.ts';

/**
 * Scores the XML-form parsers on the held-out real files (fixtures/<family>/held-out/, issue 28): every
 * hand label of `labels.tsv` (read from the documents and committed before any parser ran on them) is
 * compared with what the parser returns for that file. A label is a (file, record, field, value) row; an
 * empty value means "not reported" (null). Numbers compare as numbers (CIK `0000875320` = 875320), the rest
 * as trimmed text. A file the parser throws on scores none of its labels and is reported as NOT READ.
 */
export interface HeldOutScore {
  files: number;
  notRead: number;
  /** files the parser threw on with something other than a ParseError (a crash, not a refusal) */
  crashed: number;
  labels: number;
  matched: number;
  misses: string[];
}

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

interface Label {
  file: string;
  record: string;
  field: string;
  value: string;
}

function readLabels(dir: string, withRecord: boolean): Label[] {
  const lines = readFileSync(join(dir, 'labels.tsv'), 'utf8').split('\n').slice(1);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const c = l.split('\t');
      return withRecord
        ? { file: c[0]!, record: c[1]!, field: c[2]!, value: c[3] ?? '' }
        : { file: c[0]!, record: 'filing', field: c[1]!, value: c[2] ?? '' };
    });
}

function same(expected: string, got: unknown): boolean {
  if (expected === '') return got === null || got === undefined || got === '';
  if (got === null || got === undefined) return false;
  const g = typeof got === 'string' ? got.trim() : String(got);
  const en = Number(expected);
  const gn = Number(g);
  if (expected.trim() !== '' && g !== '' && Number.isFinite(en) && Number.isFinite(gn)) {
    return Math.abs(en - gn) <= 1e-9 * Math.max(1, Math.abs(en));
  }
  return expected.trim() === g;
}

function score(
  dir: string,
  labels: Label[],
  read: (file: string, text: string) => (record: string, field: string) => unknown,
  print: (line: string) => void,
): HeldOutScore {
  const files = [...new Set(labels.map((l) => l.file))];
  const out: HeldOutScore = {
    files: files.length,
    notRead: 0,
    crashed: 0,
    labels: labels.length,
    matched: 0,
    misses: [],
  };
  for (const file of files) {
    const mine = labels.filter((l) => l.file === file);
    let get: ((record: string, field: string) => unknown) | null = null;
    try {
      get = read(file, readFileSync(join(dir, file), 'utf8'));
    } catch (err) {
      out.notRead++;
      if (!(err instanceof ParseError)) out.crashed++;
      print(`${file}\n  NOT READ: ${(err as Error).message} (0/${mine.length} labels)`);
      out.misses.push(...mine.map((l) => `${file} ${l.record}.${l.field}: not read`));
      continue;
    }
    let ok = 0;
    const lines: string[] = [];
    for (const l of mine) {
      let got: unknown;
      try {
        got = get(l.record, l.field);
      } catch (err) {
        got = `<${(err as Error).message}>`;
      }
      if (same(l.value, got)) ok++;
      else {
        const miss = `${l.record}.${l.field}: expected ${l.value === '' ? 'null' : JSON.stringify(l.value)}, got ${JSON.stringify(got)}`;
        lines.push(`  MISS ${miss}`);
        out.misses.push(`${file} ${miss}`);
      }
    }
    out.matched += ok;
    print(`${file}\n  ${ok}/${mine.length} labels${lines.length ? `\n${lines.join('\n')}` : ''}`);
  }
  print(`held-out: ${out.files} files (${out.notRead} not read), ${out.matched}/${out.labels} labels match`);
  return out;
}

/** Forms 3/4/5 and 13F (cover + information table of one filing, paired by their accession prefix). */
export function ownershipHeldOut(print: (line: string) => void): HeldOutScore {
  const dir = root('fixtures/ownership/held-out');
  return score(
    dir,
    readLabels(dir, true),
    (file, text) => {
      if (/_13F/.test(file)) {
        if (/_primary\.xml$/.test(file)) {
          const c = parseThirteenF(text, file).cover;
          const cover: Record<string, unknown> = {
            filer_cik: c.filerCik,
            filer_name: c.filerName,
            report_period: c.reportPeriod,
            form_type: c.formType,
            is_amendment: c.isAmendment,
            amendment_type: c.amendmentType,
            table_entry_total: c.tableEntryTotal,
            table_value_total: c.tableValueTotal,
          };
          return (_r, f) => cover[f];
        }
        // the information table is the second document of the filing whose cover is the _primary.xml
        const primaryFile = file.replace(/_infotable\.xml$/, '_primary.xml');
        const cover = parseThirteenF(readFileSync(join(dir, primaryFile), 'utf8'), primaryFile).cover;
        const table = parseThirteenF(text, file);
        const r = buildHoldings({ ...table, cover, hasTable: true });
        return (record, field) => {
          if (record === 'table') {
            if (field === 'rows') return r.totals.rows_parsed;
            if (field === 'value_unit') return r.value_unit;
            if (field === 'put_call_rows') return r.excluded.options;
          }
          const h = r.institutional_holdings.find((x) => x.cusip === record);
          return h ? (h as unknown as Record<string, unknown>)[field] : '<no row with this CUSIP>';
        };
      }
      return ownershipReader(text, file);
    },
    print,
  );
}

/**
 * The Form 3/4/5 reader of a held-out label set: `filing` fields (`owners` = how many reporting owners),
 * `t<n>` trades, `h<n>` holdings and `o<n>` reporting owners (1-based).
 */
function ownershipReader(text: string, file: string): (record: string, field: string) => unknown {
  const d = parseOwnershipFiling(text, file);
  return (record, field) => {
    if (record === 'filing') {
      if (field === 'owner') return d.reporting_owners[0]?.name;
      if (field === 'trades') return d.insider_trades.length;
      if (field === 'holdings') return d.holdings.length;
      if (field === 'owners') return d.reporting_owners.length;
      return (d as unknown as Record<string, unknown>)[field];
    }
    const n = Number(record.slice(1)) - 1;
    const row = record.startsWith('t')
      ? d.insider_trades[n]
      : record.startsWith('o')
        ? d.reporting_owners[n]
        : d.holdings[n];
    return row ? (row as unknown as Record<string, unknown>)[field] : '<no such row>';
  };
}

/**
 * Held-out sets 2 and 3 (fixtures/ownership/held-out-2, held-out-3): Forms 3/4/5 as in set 1; a 13F file (any
 * one document: a full submission, a bare information table, a text-era table, a notice) goes through
 * `parseThirteenFFiling` exactly as the job reads it: `filing` fields and holdings by CUSIP (`<cusip>@CALL` or
 * `@PUT`: the option position).
 */
export function ownershipHeldOut2(
  print: (line: string) => void,
  set = 'fixtures/ownership/held-out-2',
): HeldOutScore {
  const dir = root(set);
  return score(
    dir,
    readLabels(dir, true),
    (file, text) => {
      if (!/_13F/.test(file)) return ownershipReader(text, file);
      const r = parseThirteenFFiling(text, { document: file });
      const filing: Record<string, unknown> = {
        form_type: r.form_type,
        is_amendment: r.is_amendment,
        amendment_no: r.amendment_no,
        amendment_type: r.amendment_type,
        report_period: r.report_period,
        filer_name: r.filer_name,
        value_unit: r.value_unit,
        rows: r.totals.rows_parsed,
        holdings: r.institutional_holdings.length,
        put_call_rows: r.excluded.options,
        prn_rows: r.excluded.principal_amount,
        table_entry_total: r.totals.table_entry_total,
        table_value_total: r.totals.table_value_total,
      };
      return (record, field) => {
        if (record === 'filing') return filing[field];
        // `<cusip>@CALL` / `<cusip>@PUT`: the filing's option position of that CUSIP (set 7)
        const [cusip, putCall] = record.split('@');
        const h = putCall
          ? r.option_positions.find((x) => x.cusip === cusip && x.put_call === putCall)
          : r.institutional_holdings.find((x) => x.cusip === cusip);
        return h ? (h as unknown as Record<string, unknown>)[field] : '<no row with this CUSIP>';
      };
    },
    print,
  );
}

/** N-PORT: fund, report and positions by their 1-based ordinal in the filing. */
export function nportHeldOut(print: (line: string) => void): HeldOutScore {
  const dir = root('fixtures/funds/held-out');
  return score(
    dir,
    readLabels(dir, true),
    (file, text) => {
      const d = parseNport(text, file);
      const fund: Record<string, unknown> = {
        reg_cik: d.fund.regCik,
        reg_name: d.fund.regName,
        series_id: d.fund.seriesId,
        series_name: d.fund.seriesName,
        class_ids: d.fund.classIds.join(','),
      };
      const report: Record<string, unknown> = {
        report_date: d.report.reportDate,
        fiscal_year_end: d.report.fiscalYearEnd,
        net_assets: d.report.netAssets,
        total_assets: d.report.totalAssets,
        positions: d.positions.length,
      };
      return (record, field) => {
        if (record === 'fund') return fund[field];
        if (record === 'report') return report[field];
        const p = d.positions.find((x) => x.ordinal === Number(record));
        if (!p) return '<no such position>';
        const v = p.derivative;
        const fields: Record<string, unknown> = {
          name: p.name,
          title: p.title,
          lei: p.lei,
          cusip: p.cusip,
          isin: p.isin,
          ticker: p.ticker,
          other_id: p.otherIds.map((o) => `${o.desc}=${o.value}`).join(','),
          balance: p.balance,
          units: p.units,
          currency: p.currency,
          exchange_rate: p.exchangeRate,
          value_usd: p.valueUsd,
          pct_of_net_assets: p.pctOfNetAssets,
          payoff_profile: p.payoffProfile,
          asset_category: p.assetCategory,
          country: p.country,
          is_restricted: p.isRestricted,
          derivative_category: v?.category,
          counterparty: v?.counterparties[0]?.name,
          notional_amount: v?.notionalAmount,
          notional_currency: v?.notionalCurrency,
          unrealized_appreciation: v?.unrealizedAppreciation,
          expiration_date: v?.expirationDate,
        };
        return fields[field];
      };
    },
    print,
  );
}

/** Form D: one record per file (the filing). */
export function formDHeldOut(print: (line: string) => void): HeldOutScore {
  const dir = root('fixtures/private-companies/held-out');
  return score(
    dir,
    readLabels(dir, false),
    (file, text) => {
      const fields = formDFields(
        parseFormD(text, { url: file, fetchedAt: new Date(0).toISOString() }).filing,
      );
      return (_r, field) => fields[field];
    },
    print,
  );
}

/**
 * A Form D filing's scored fields, one map for both held-out sets (a set's labels name the fields it checks; list
 * values are joined with commas).
 */
function formDFields(f: ReturnType<typeof parseFormD>['filing']): Record<string, unknown> {
  const issuer = f.issuer as {
    year_of_incorporation?: { as_filed: string; year: number | null } | null;
    entity_type?: string | null;
    jurisdiction_of_inc?: string | null;
    phone?: string | null;
    previous_names?: string[];
    city?: string | null;
    state_or_country?: string | null;
    country?: string | null;
  };
  return {
    cik: f.cik,
    entity_name: f.entityName,
    form: f.form,
    is_amendment: f.isAmendment,
    previous_accession_number: f.previousAccessionNumber,
    accession_number: f.accessionNumber,
    filing_date: f.filingDate,
    file_number: f.fileNumber,
    schema_version: f.schemaVersion,
    industry_group: f.industryGroup,
    investment_fund_type: f.investmentFundType,
    is_40_act: f.is40Act,
    is_pooled_fund: f.isPooledFund,
    revenue_range: f.revenueRange,
    exemptions: (f.exemptions as { code: string }[]).map((e) => e.code).join(','),
    date_of_first_sale: f.dateOfFirstSale,
    first_sale_yet_to_occur: f.firstSaleYetToOccur,
    more_than_one_year: f.moreThanOneYear,
    securities_types: (f.securitiesTypes as string[]).join(','),
    other_securities_description: f.otherSecuritiesDescription,
    minimum_investment: f.minimumInvestment,
    total_offering_amount: f.totalOfferingAmount,
    total_offering_indefinite: f.totalOfferingIndefinite,
    total_amount_sold: f.totalAmountSold,
    total_remaining: f.totalRemaining,
    total_remaining_indefinite: f.totalRemainingIndefinite,
    has_non_accredited: f.hasNonAccreditedInvestors,
    total_number_already_invested: f.totalNumberAlreadyInvested,
    sales_commissions: f.salesCommissions,
    finders_fees: f.findersFees,
    sales_compensation: (f.salesCompensation as unknown[]).length,
    related_persons: (f.relatedPersons as unknown[]).length,
    year_of_inc: issuer.year_of_incorporation?.year,
    year_of_inc_as_filed: issuer.year_of_incorporation?.as_filed,
    entity_type: issuer.entity_type,
    jurisdiction_of_inc: issuer.jurisdiction_of_inc,
    phone: issuer.phone,
    signature_date: f.signatureDate,
    is_business_combination: f.isBusinessCombination,
    previous_names: (issuer.previous_names ?? []).join(','),
    issuer_city: issuer.city,
    issuer_state: issuer.state_or_country,
    issuer_country: issuer.country,
    aggregate_nav_range: f.aggregateNavRange,
    amounts_clarification: f.amountsClarification,
    gross_proceeds_used: f.grossProceedsUsed,
    gross_proceeds_estimate: f.grossProceedsUsedEstimate,
    use_of_proceeds_clarification: f.useOfProceedsClarification,
  };
}

/**
 * Form D sets 2 and 3 (fixtures/private-companies/held-out-2, held-out-3): `filing` fields (set 1's and the
 * submission, schema, fee, investor, issuer-address and clarification fields), `p<n>` the n-th related person
 * (name, relationships, flags, clarification, city, state) and `r<n>` the n-th sales-compensation recipient, both
 * 1-based in filed order; list values are joined with commas.
 */
export function formDHeldOut2(
  print: (line: string) => void,
  set = 'fixtures/private-companies/held-out-2',
): HeldOutScore {
  const dir = root(set);
  return score(
    dir,
    readLabels(dir, true),
    (file, text) => {
      const { filing: f } = parseFormD(text, { url: file, fetchedAt: new Date(0).toISOString() });
      const filing = formDFields(f);
      return (record, field) => {
        if (record === 'filing') return filing[field];
        const n = Number(record.slice(1)) - 1;
        if (record.startsWith('p')) {
          const p = (f.relatedPersons as Record<string, unknown>[])[n];
          if (!p) return '<no such related person>';
          return field === 'relationships' ? (p.relationships as string[]).join(',') : p[field];
        }
        const r = (f.salesCompensation as Record<string, unknown>[])[n];
        if (!r) return '<no such recipient>';
        if (field === 'states') return (r.states_of_solicitation as string[]).join(',');
        return r[field];
      };
    },
    print,
  );
}

/**
 * DEF 14A proxy statements (fixtures/ownership/held-out-proxy): `statement` counts the rows; any other record
 * is a holder's name as printed without footnote markers, with `@<class>` when the table has several classes,
 * and is matched to the parser's row of that name (and class).
 */
export function proxyHeldOut(
  print: (line: string) => void,
  set = 'fixtures/ownership/held-out-proxy',
): HeldOutScore {
  const dir = root(set);
  return score(
    dir,
    readLabels(dir, true),
    (file, text) => {
      const s = parseProxyStatement(text, file);
      return (record, field) => {
        if (record === 'statement') {
          if (field === 'ownership_rows') return s.proxy_ownership.length;
          if (field === 'compensation_rows') return s.executive_compensation.length;
          return undefined;
        }
        const [name, cls] = record.split('@');
        const row = s.proxy_ownership.find(
          (r) => r.owner_name === name && (cls === undefined || r.security_class === cls),
        );
        return row ? (row as unknown as Record<string, unknown>)[field] : '<no row of this holder>';
      };
    },
    print,
  );
}
