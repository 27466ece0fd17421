/**
 * A 13F filer's portfolio style (`style_tier`) and firm type (`firm_type`), spec 2.8 / 4.6, each decided by a
 * stated rule from figures we hold, each with its evidence, null when the evidence is insufficient.
 *
 * style_tier: the valuation tilt of the long share holdings, weighted by value.
 * - Per holding, the issuer's P/E and P/B from our metrics (the issuer's newest annual/ttm metrics version
 *   ending within a year before the 13F period and known by the filing date; read by the loader).
 * - Portfolio P/E = 1 / sum(w * 1/PE) and P/B = 1 / sum(w * 1/PB) over the holdings that have the ratio,
 *   weights renormalised over them (the value-weighted earnings yield and book-to-market, inverted: the
 *   aggregate a fund's factsheet prints; a loss-maker's negative yield counts as filed).
 * - A measure counts only when the holdings that have it carry at least MIN_COVERAGE of the long value and
 *   its aggregate yield is positive; each counting measure gives a band (fixed absolute scales below, as we
 *   hold no market-wide distribution to rank against), the tier is the mean band, a .5 tie going to the
 *   centre. No counting measure: null.
 * - Concentration (positions, top-10 weight, Herfindahl index), the turnover against the filer's previous
 *   quarter (one-way: half the sum of absolute weight changes) and the value-weighted market cap are
 *   recorded as evidence; they do not move the tier.
 *
 * firm_type: no source we read states it (IAPD's firm JSON carries no fund types; Form ADV's Schedule D
 * private-fund data is not captured), so the only rule is the documented last resort: a word of the 13F
 * filer's own name (FIRM_NAME_WORDS), confidence low. Any other name: null.
 */
export const STYLE_TIERS = [
  'Deep Growth',
  'Growth-Biased',
  'Blend / Core',
  'Value-Biased',
  'Deep Value',
] as const;
export type StyleTier = (typeof STYLE_TIERS)[number];

/** Share of the long holdings' value that must carry a ratio for the ratio to count. */
export const MIN_COVERAGE = 0.5;
/** Upper bounds of the bands, growth to value: P/E above 35 is Deep Growth, below 10 Deep Value. */
const PE_BANDS = [35, 25, 15, 10] as const;
const PB_BANDS = [6, 3.5, 2, 1.2] as const;

export interface StyleHolding {
  cusip: string;
  value_usd: number;
  /** The issuer's price / earnings ratio; null when we hold no metrics for it. */
  pe: number | null;
  pb: number | null;
  market_cap: number | null;
}

export interface RatioRead {
  /** Share of the long value whose holdings carry the ratio (0-1). */
  coverage: number;
  holdings: number;
  /** The value-weighted aggregate; null when the aggregate yield is not positive. */
  portfolio: number | null;
  /** 0 = Deep Growth .. 4 = Deep Value; null when the measure does not count. */
  band: number | null;
}

export interface StyleEvidence {
  rule: 'value_weighted_valuation_bands';
  accession_number: string;
  report_period: string;
  positions: number;
  value_total_usd: number;
  concentration: { top10_weight: number; herfindahl: number };
  turnover: { previous_period: string; one_way: number } | null;
  pe: RatioRead;
  pb: RatioRead;
  market_cap: { coverage: number; weighted_usd: number | null };
  style_tier: StyleTier | null;
  note: string;
}

const round = (x: number, digits = 6) => Math.round(x * 10 ** digits) / 10 ** digits;

function weights(rows: StyleHolding[]): Map<string, number> {
  const total = rows.reduce((s, r) => s + r.value_usd, 0);
  const w = new Map<string, number>();
  for (const r of rows) w.set(r.cusip, (w.get(r.cusip) ?? 0) + (total > 0 ? r.value_usd / total : 0));
  return w;
}

function ratioRead(
  rows: StyleHolding[],
  total: number,
  pick: (r: StyleHolding) => number | null,
  bands: readonly number[],
): RatioRead {
  const valued = rows.filter((r) => {
    const v = pick(r);
    return v !== null && Number.isFinite(v) && v !== 0;
  });
  const valuedTotal = valued.reduce((s, r) => s + r.value_usd, 0);
  const coverage = total > 0 ? valuedTotal / total : 0;
  const yieldSum = valued.reduce((s, r) => s + (r.value_usd / valuedTotal) * (1 / pick(r)!), 0);
  const portfolio = valued.length > 0 && yieldSum > 0 ? 1 / yieldSum : null;
  let band: number | null = null;
  if (portfolio !== null && coverage >= MIN_COVERAGE) {
    band = bands.findIndex((upper) => portfolio > upper);
    if (band === -1) band = bands.length;
  }
  return {
    coverage: round(coverage),
    holdings: valued.length,
    portfolio: portfolio === null ? null : round(portfolio, 4),
    band,
  };
}

/** One-way turnover between two quarters' holdings: half the sum of absolute weight changes. */
export function oneWayTurnover(current: StyleHolding[], previous: StyleHolding[]): number {
  const a = weights(current);
  const b = weights(previous);
  let sum = 0;
  for (const cusip of new Set([...a.keys(), ...b.keys()]))
    sum += Math.abs((a.get(cusip) ?? 0) - (b.get(cusip) ?? 0));
  return round(sum / 2);
}

export function portfolioStyle(
  filing: { accession_number: string; report_period: string },
  current: StyleHolding[],
  previous: { report_period: string; holdings: StyleHolding[] } | null,
): StyleEvidence {
  const rows = current.filter((r) => r.value_usd > 0);
  const total = rows.reduce((s, r) => s + r.value_usd, 0);
  const sorted = [...weights(rows).values()].sort((x, y) => y - x);
  const pe = ratioRead(rows, total, (r) => r.pe, PE_BANDS);
  const pb = ratioRead(rows, total, (r) => r.pb, PB_BANDS);
  const capped = rows.filter((r) => r.market_cap !== null && r.market_cap > 0);
  const cappedTotal = capped.reduce((s, r) => s + r.value_usd, 0);
  const bands = [pe.band, pb.band].filter((b): b is number => b !== null);
  let tier: StyleTier | null = null;
  if (bands.length > 0) {
    const mean = bands.reduce((s, b) => s + b, 0) / bands.length;
    // a .5 tie (one band apart) goes to the centre (Blend / Core)
    const index = mean % 1 === 0.5 ? (mean < 2 ? Math.ceil(mean) : Math.floor(mean)) : Math.round(mean);
    tier = STYLE_TIERS[index]!;
  }
  const counted = [pe.band !== null ? 'P/E' : null, pb.band !== null ? 'P/B' : null].filter(Boolean);
  return {
    rule: 'value_weighted_valuation_bands',
    accession_number: filing.accession_number,
    report_period: filing.report_period,
    positions: rows.length,
    value_total_usd: total,
    concentration: {
      top10_weight: round(sorted.slice(0, 10).reduce((s, w) => s + w, 0)),
      herfindahl: round(sorted.reduce((s, w) => s + w * w, 0)),
    },
    turnover: previous
      ? { previous_period: previous.report_period, one_way: oneWayTurnover(rows, previous.holdings) }
      : null,
    pe,
    pb,
    market_cap: {
      coverage: round(total > 0 ? cappedTotal / total : 0),
      weighted_usd:
        cappedTotal > 0
          ? Math.round(capped.reduce((s, r) => s + (r.value_usd / cappedTotal) * r.market_cap!, 0))
          : null,
    },
    style_tier: tier,
    note:
      tier === null
        ? `insufficient valuation evidence: P/E covers ${pct(pe.coverage)} and P/B ${pct(pb.coverage)} of the long value (at least ${pct(MIN_COVERAGE)} with a positive aggregate yield needed)`
        : `mean band of ${counted.join(' and ')}`,
  };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** The last-resort name rule: a whole word of the filer's name, upper-cased. */
const FIRM_NAME_WORDS: ReadonlyArray<{ pattern: RegExp; firm_type: string }> = [
  { pattern: /\bWEALTH\b/, firm_type: 'Wealth-Manager' },
  {
    pattern: /\b(PENSION|RETIREMENT SYSTEMS?|RETIREMENT FUND|RETIREMENT BOARD)\b/,
    firm_type: 'Pension / Institutional',
  },
  { pattern: /\b(VENTURES?|VENTURE CAPITAL|PRIVATE EQUITY)\b/, firm_type: 'PE / VC' },
];

export interface FirmTypeEvidence {
  rule: 'filer_name_word' | 'adv_private_funds';
  name: string;
  matched: string | null;
  firm_type: string | null;
  confidence: 'low' | 'medium' | null;
  note: string;
  /** adv_private_funds: the figures the rule read (Form ADV Schedule D 7.B.(1) rollup and Item 5.F(2)(c)). */
  funds?: {
    counts: Record<string, number>;
    private_fund_gross_assets: number | null;
    aum_total: number | null;
    share_of_aum: number | null;
    exempt_reporting_adviser: boolean;
  };
}

/** What the fund rule reads of the adviser a 13F filer is linked to. */
export interface AdviserFunds {
  by_type: Record<string, { any: boolean | null; count: number | null }>;
  gross_assets: number | null;
  aum_total: number | null;
  exempt_reporting_adviser: boolean;
}

/**
 * The fund rule, before the name rule: the firm's own Form ADV rollup of the private funds it advises
 * (Schedule D 7.B.(1), from the SEC's monthly adviser lists). A firm whose private funds are its main business
 * (their gross assets at least half its regulatory AUM, or an exempt reporting adviser, which advises private
 * funds by definition) and whose private funds are mostly of one kind by count (more than all the others
 * together) is a Hedge-Fund (hedge funds) or PE / VC (private equity and venture capital funds together).
 * Otherwise null, and the name rule decides.
 */
export function firmTypeFromFunds(name: string | null, f: AdviserFunds | null): FirmTypeEvidence | null {
  if (!f) return null;
  const count = (k: string) => f.by_type[k]?.count ?? (f.by_type[k]?.any ? 1 : 0);
  const counts: Record<string, number> = {};
  for (const k of Object.keys(f.by_type)) counts[k] = count(k);
  const hedge = counts.hedge ?? 0;
  const pevc = (counts.pe ?? 0) + (counts.vc ?? 0);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const share =
    f.gross_assets !== null && f.aum_total !== null && f.aum_total > 0 ? f.gross_assets / f.aum_total : null;
  const main = f.exempt_reporting_adviser || (share !== null && share >= 0.5);
  const firmType =
    !main || total === 0 ? null : hedge * 2 > total ? 'Hedge-Fund' : pevc * 2 > total ? 'PE / VC' : null;
  if (!firmType) return null;
  return {
    rule: 'adv_private_funds',
    name: name ?? '',
    matched: firmType === 'Hedge-Fund' ? 'hedge' : 'pe+vc',
    firm_type: firmType,
    confidence: 'medium',
    note: "the firm's Form ADV private funds: mostly of this kind by count, and its main business",
    funds: {
      counts,
      private_fund_gross_assets: f.gross_assets,
      aum_total: f.aum_total,
      share_of_aum: share === null ? null : Math.round(share * 10_000) / 10_000,
      exempt_reporting_adviser: f.exempt_reporting_adviser,
    },
  };
}

export function firmTypeFromName(name: string | null): FirmTypeEvidence {
  const upper = (name ?? '').toUpperCase().replace(/&AMP;/g, '&');
  for (const { pattern, firm_type } of FIRM_NAME_WORDS) {
    const m = pattern.exec(upper);
    if (m) {
      return {
        rule: 'filer_name_word',
        name: name ?? '',
        matched: m[0],
        firm_type,
        confidence: 'low',
        note: 'last resort: no Form ADV fund rollup decides (none loaded, or not decisive); the name word decides',
      };
    }
  }
  return {
    rule: 'filer_name_word',
    name: name ?? '',
    matched: null,
    firm_type: null,
    confidence: null,
    note: 'no fund-type evidence and no deciding name word',
  };
}
