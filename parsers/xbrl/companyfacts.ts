import { ParseError } from '../../lib/errors.ts';
import type { Fact } from './types.ts';

/**
 * data.sec.gov `/api/xbrl/companyfacts/CIK##########.json` -> flat facts.
 *
 * Traps handled: `cik` is an INT here (a string in submissions, and zero-padded in re-serialized copies);
 * IFRS concepts have `label`/`description` null; `ecd`/`ffd` facts and 6-K facts have `fy`/`fp` null; the
 * same fact is repeated under every accession that reported it (kept: that is the point-in-time history);
 * only one copy carries `frame`. One file holds one company, so the nightly bulk zip (~19k files) is
 * processed one entry at a time with `iterateCompanyFacts`, optionally skipping unwanted concepts before
 * any object is built for them.
 */

export interface CompanyFactsDocument {
  cik: number;
  entityName: string;
  facts: Fact[];
  warnings: string[];
}

export interface CompanyFactsOptions {
  /** Keep only these `taxonomy:concept` keys (e.g. the mapping's concepts); all when omitted. */
  keep?: (taxonomy: string, concept: string) => boolean;
}

interface RawObservation {
  start?: unknown;
  end?: unknown;
  val?: unknown;
  accn?: unknown;
  fy?: unknown;
  fp?: unknown;
  form?: unknown;
  filed?: unknown;
  frame?: unknown;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function header(
  doc: unknown,
  document: string,
): { cik: number; entityName: string; facts: Record<string, unknown> } {
  if (typeof doc !== 'object' || doc === null)
    throw new ParseError('companyfacts is not a JSON object', document);
  const o = doc as Record<string, unknown>;
  const cik = typeof o.cik === 'number' ? o.cik : typeof o.cik === 'string' ? Number(o.cik) : Number.NaN;
  if (!Number.isInteger(cik) || cik <= 0)
    throw new ParseError(`companyfacts has no usable cik (${String(o.cik)})`, document);
  if (typeof o.facts !== 'object' || o.facts === null)
    throw new ParseError('companyfacts has no facts object', document);
  return {
    cik,
    entityName: typeof o.entityName === 'string' ? o.entityName : '',
    facts: o.facts as Record<string, unknown>,
  };
}

/** Yields one flat fact at a time; malformed observations are reported through `onWarning` and skipped. */
export function* iterateCompanyFacts(
  doc: unknown,
  options: CompanyFactsOptions & { document?: string; onWarning?: (w: string) => void } = {},
): Generator<Fact> {
  const document = options.document ?? 'companyfacts';
  const { facts } = header(doc, document);
  for (const [taxonomy, concepts] of Object.entries(facts)) {
    if (typeof concepts !== 'object' || concepts === null) continue;
    for (const [concept, body] of Object.entries(concepts as Record<string, unknown>)) {
      if (options.keep && !options.keep(taxonomy, concept)) continue;
      const units = (body as { units?: Record<string, unknown> } | null)?.units;
      if (typeof units !== 'object' || units === null) continue;
      for (const [unit, list] of Object.entries(units)) {
        if (!Array.isArray(list)) continue;
        for (const raw of list as RawObservation[]) {
          const fact = toFact(taxonomy, concept, unit, raw);
          if (fact) yield fact;
          else options.onWarning?.(`skipped malformed ${taxonomy}:${concept} [${unit}] observation`);
        }
      }
    }
  }
}

function toFact(taxonomy: string, concept: string, unit: string, raw: RawObservation): Fact | null {
  const value = typeof raw.val === 'number' ? raw.val : Number.NaN;
  if (!Number.isFinite(value)) return null;
  if (typeof raw.end !== 'string' || !DATE.test(raw.end)) return null;
  if (typeof raw.accn !== 'string' || typeof raw.form !== 'string' || typeof raw.filed !== 'string')
    return null;
  const fact: Fact = {
    taxonomy,
    concept,
    unit,
    value,
    end: raw.end,
    fy: typeof raw.fy === 'number' ? raw.fy : null,
    fp: typeof raw.fp === 'string' ? raw.fp : null,
    form: raw.form,
    filed: raw.filed,
    accn: raw.accn,
  };
  if (typeof raw.start === 'string' && DATE.test(raw.start)) fact.start = raw.start;
  if (typeof raw.frame === 'string') fact.frame = raw.frame;
  return fact;
}

/** Parses a whole companyfacts document (string or already-parsed JSON). */
export function parseCompanyFacts(
  input: string | unknown,
  options: CompanyFactsOptions & { document?: string } = {},
): CompanyFactsDocument {
  const document = options.document ?? 'companyfacts';
  let doc: unknown = input;
  if (typeof input === 'string') {
    const text = input.trimStart();
    if (text.startsWith('<'))
      throw new ParseError('companyfacts body is XML (an S3 NoSuchKey error page?)', document);
    try {
      doc = JSON.parse(text);
    } catch (cause) {
      throw new ParseError('companyfacts is not valid JSON', document, { cause });
    }
  }
  const { cik, entityName } = header(doc, document);
  const warnings: string[] = [];
  const skipped = { n: 0 };
  const facts = [...iterateCompanyFacts(doc, { ...options, document, onWarning: () => skipped.n++ })];
  if (typeof (doc as { cik?: unknown }).cik === 'string') {
    warnings.push(
      `cik given as string ${(doc as { cik: string }).cik} (re-serialized copy?); read as ${cik}`,
    );
  }
  if (skipped.n > 0) warnings.push(`${skipped.n} malformed observations skipped`);
  return { cik, entityName, facts, warnings };
}
