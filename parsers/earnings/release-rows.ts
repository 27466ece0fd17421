import iconv from 'iconv-lite';
import { parseEarningsRelease, type ReleaseParse } from './release.ts';

/**
 * The parse as the rows `/earnings`, `/measures` and `/guidance` serve (snake_case), for `etl parse
 * earnings-release` and the loader. Bytes are UTF-8 unless they are not valid UTF-8 (older filings are
 * Windows-1252).
 */

export function decodeRelease(bytes: Buffer): string {
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\uFFFD') ? iconv.decode(bytes, 'win1252') : utf8;
}

export interface ReleaseRows {
  release: {
    is_earnings_release: boolean;
    is_guidance_only: boolean;
    fiscal_year: number | null;
    fiscal_period: string | null;
    period_end: string | null;
    fiscal_year_source: string | null;
    period_evidence: { text: string; start: number; end: number } | null;
    currency: string | null;
    currency_evidence: string | null;
    document_type: string | null;
    filename: string | null;
  };
  figures: Record<string, unknown>[];
  measures: Record<string, unknown>[];
  guidance: Record<string, unknown>[];
  unassigned: string[];
  warnings: string[];
}

export function releaseRows(p: ReleaseParse): ReleaseRows {
  return {
    release: {
      is_earnings_release: p.isEarningsRelease,
      is_guidance_only: p.isGuidanceOnly,
      fiscal_year: p.period.fiscalYear,
      fiscal_period: p.period.fiscalPeriod,
      period_end: p.period.periodEnd,
      fiscal_year_source: p.period.fiscalYearSource,
      period_evidence: p.period.evidence,
      currency: p.currency,
      currency_evidence: p.currencyEvidence,
      document_type: p.document.documentType,
      filename: p.document.filename,
    },
    figures: p.figures.map((f) => ({
      fiscal_year: f.fiscalYear,
      fiscal_period: f.fiscalPeriod,
      metric: f.concept,
      label: f.label,
      basis: f.basis,
      value: f.value,
      unit: f.unit,
      currency: p.currency,
      scale: f.scale,
      as_printed: f.printed,
      scale_evidence: f.scaleEvidence,
      evidence: f.evidence,
    })),
    measures: p.measures.map((m) => ({
      fiscal_year: m.fiscalYear,
      fiscal_period: m.fiscalPeriod,
      period: m.period,
      name: m.name,
      measure: m.measure,
      value: m.value,
      unit: m.unit,
      currency:
        m.unit === 'currency' || m.unit === 'currency_per_share' || m.unit === 'currency_hundredths_per_unit'
          ? p.currency
          : null,
      scale: m.scale,
      as_printed: m.printed,
      evidence: m.evidence,
    })),
    guidance: p.guidance.map((g) => ({
      metric: g.metric,
      label: g.label,
      basis: g.basis,
      target_fiscal_year: g.targetYear,
      target_fiscal_period: g.targetPeriod,
      low: g.low,
      high: g.high,
      point: g.point,
      text_value: g.qualitative,
      relative: g.relative,
      unit: g.unit,
      currency: g.currency,
      scale: g.scale,
      as_printed: g.printed,
      status: g.status,
      evidence: g.evidence,
    })),
    unassigned: p.unassigned,
    warnings: p.warnings,
  };
}

/** Bytes -> rows (the CLI's and the job's entry point). */
export function parseReleaseBytes(bytes: Buffer): ReleaseRows {
  return releaseRows(parseEarningsRelease(decodeRelease(bytes)));
}
