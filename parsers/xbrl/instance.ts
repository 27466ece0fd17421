import { Parser } from 'htmlparser2';
import { ParseError } from '../../lib/errors.ts';

/**
 * XBRL instance documents -> dimensional numeric facts. Accepts standalone instances (default namespace or
 * `xbrli:` prefix, DFS / Cognos / EDGAR-extracted `_htm.xml`) and inline XBRL (Workiva XHTML with the
 * contexts in a hidden `ix:header`; numbers in `ix:nonFraction` with `scale`, `sign`, `format`). A leading
 * blank line before the XML declaration is tolerated. Prefixes are normalised through the namespace URIs
 * (us-gaap, srt, dei, ifrs-full), so `srt:` (2019+) and `us-gaap:` (older) axes are told apart correctly.
 */

export interface InstanceFact {
  /** `us-gaap:Revenues` */
  concept: string;
  value: number;
  /** `USD`, `shares`, `USD/shares` */
  unit: string;
  decimals: string | null;
  context: string;
  start?: string;
  end: string;
  instant: boolean;
  /** explicit dimensions: axis QName -> member QName */
  dims: Record<string, string>;
  /** typed dimensions present (facts with them are not segment facts) */
  typed: boolean;
}

export interface InstanceDocument {
  format: 'inline' | 'xml';
  facts: InstanceFact[];
  /** dei text facts of the default context (DocumentType, DocumentFiscalPeriodFocus, ...) */
  dei: Record<string, string>;
  /** Every non-numeric fact (text blocks, dei, ...), only when asked for with `texts: true`. */
  texts?: InstanceText[];
  warnings: string[];
}

/** A non-numeric fact: text as filed (an escaped HTML text block stays HTML; inline markup becomes lines). */
export interface InstanceText {
  concept: string;
  text: string;
  context: string;
  start?: string;
  end: string;
  instant: boolean;
  dims: Record<string, string>;
}

/** Block-level tags inside an inline text fact: each one starts a new line of its text. */
const BLOCK_TAGS = /^(p|div|br|tr|li|h[1-6]|table)$/;

interface Context {
  start?: string;
  end?: string;
  instant?: string;
  dims: Record<string, string>;
  typed: boolean;
}

// 2009-2010 taxonomies lived at xbrl.us (`http://xbrl.us/us-gaap/2009-01-31`), later ones at fasb.org / sec.gov
const KNOWN_NS: Array<[RegExp, string]> = [
  [/(fasb\.org|xbrl\.us)\/us-gaap\//, 'us-gaap'],
  [/fasb\.org\/srt\//, 'srt'],
  [/(xbrl\.sec\.gov|xbrl\.us)\/dei\//, 'dei'],
  [/xbrl\.ifrs\.org\//, 'ifrs-full'],
];

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses an ixt number format; null when the text is not a number in that format. */
export function parseIxNumber(text: string, format: string | undefined): number | null {
  const f = local(format ?? '').toLowerCase();
  const t = text.trim();
  if (f === 'fixed-zero' || f === 'zerodash' || f === 'fixedzero' || t === '-' || t === '—' || t === '–')
    return 0;
  if (f === 'numwordsen') return /^(no|none|zero)$/i.test(t) ? 0 : null;
  let s = t;
  if (f.includes('comma-decimal') || f === 'numcommadecimal')
    s = s.replace(/[.\s\u00a0]/g, '').replace(',', '.');
  else s = s.replace(/[,\s\u00a0]/g, '');
  if (!/^\d*\.?\d+$/.test(s)) return null;
  return Number(s);
}

export function parseInstance(
  text: string,
  opts: { document?: string; texts?: boolean } = {},
): InstanceDocument {
  const document = opts.document ?? 'instance';
  const prefixes = new Map<string, string>();
  const contexts = new Map<string, Context>();
  const units = new Map<string, string>();
  const raw: Array<{
    name: string;
    value: number | null;
    unitRef: string;
    decimals: string | null;
    contextRef: string;
  }> = [];
  const deiText: Array<{ name: string; contextRef: string; text: string }> = [];
  const otherText: Array<{ name: string; contextRef: string; text: string; continuedAt?: string }> = [];
  /** Inline text facts split over `ix:continuation` elements (continuedAt chains), joined at the end. */
  const continuations = new Map<string, { text: string; next?: string | undefined }>();
  const warnings: string[] = [];
  let inline = false;
  let sawRoot = false;

  let ctx: { id: string; c: Context } | null = null;
  let unit: { id: string; measures: string[]; num: string[]; den: string[]; part: 'm' | 'n' | 'd' } | null =
    null;
  let capture: { kind: string; dimension?: string } | null = null;
  let buf = '';
  const open: Array<{
    attrs: Record<string, string>;
    text: string;
    tag: string;
    kind: 'ixnum' | 'ixtext' | 'xmlnum' | 'xmltext' | 'ixcont';
  }> = [];
  let exclude = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        for (const [k, v] of Object.entries(attrs)) if (k.startsWith('xmlns:')) prefixes.set(k.slice(6), v);
        const ln = local(name).toLowerCase();
        if (!sawRoot && (ln === 'xbrl' || ln === 'html')) sawRoot = true;
        if (name.startsWith('ix:')) inline = true;
        if (opts.texts && open.length > 0 && BLOCK_TAGS.test(ln)) for (const o of open) o.text += '\n';
        if (ln === 'context' && attrs.id) ctx = { id: attrs.id, c: { dims: {}, typed: false } };
        else if (ctx && (ln === 'startdate' || ln === 'enddate' || ln === 'instant')) capture = { kind: ln };
        else if (ctx && ln === 'explicitmember')
          capture = { kind: 'member', dimension: attrs.dimension ?? '' };
        else if (ctx && ln === 'typedmember') ctx.c.typed = true;
        else if (ln === 'unit' && attrs.id)
          unit = { id: attrs.id, measures: [], num: [], den: [], part: 'm' };
        else if (unit && ln === 'unitnumerator') unit.part = 'n';
        else if (unit && ln === 'unitdenominator') unit.part = 'd';
        else if (unit && ln === 'measure') capture = { kind: 'measure' };
        else if (name === 'ix:exclude') exclude++;
        else if (name === 'ix:nonFraction' || name === 'ix:nonNumeric') {
          open.push({ attrs, text: '', tag: name, kind: name === 'ix:nonFraction' ? 'ixnum' : 'ixtext' });
        } else if (name === 'ix:continuation' && opts.texts) {
          open.push({ attrs, text: '', tag: name, kind: 'ixcont' });
        } else if (!name.startsWith('ix:') && attrs.contextRef && !inline) {
          open.push({ attrs, text: '', tag: name, kind: attrs.unitRef ? 'xmlnum' : 'xmltext' });
        }
        buf = '';
      },
      ontext(t) {
        buf += t;
        if (exclude === 0) for (const o of open) o.text += t;
      },
      onclosetag(name) {
        const ln = local(name).toLowerCase();
        const value = buf.trim();
        if (capture && ctx) {
          if (capture.kind === 'startdate') ctx.c.start = value;
          else if (capture.kind === 'enddate') ctx.c.end = value;
          else if (capture.kind === 'instant') ctx.c.instant = value;
          else if (capture.kind === 'member' && ln === 'explicitmember')
            ctx.c.dims[capture.dimension!] = value;
          capture = null;
        } else if (capture && unit && ln === 'measure') {
          (unit.part === 'n' ? unit.num : unit.part === 'd' ? unit.den : unit.measures).push(value);
          capture = null;
        }
        if (ln === 'context' && ctx) {
          contexts.set(ctx.id, ctx.c);
          ctx = null;
        } else if (ln === 'unit' && unit) {
          const m = (xs: string[]) => xs.map(local).join('*');
          units.set(unit.id, unit.num.length ? `${m(unit.num)}/${m(unit.den)}` : m(unit.measures));
          unit = null;
        } else if (name === 'ix:exclude') exclude--;
        const top = open[open.length - 1];
        if (!top || top.tag !== name) return;
        open.pop();
        const a = top.attrs;
        if (top.kind === 'ixcont') {
          if (a.id) continuations.set(a.id, { text: top.text.trim(), next: a.continuedAt });
          return;
        }
        const concept = top.kind.startsWith('ix') ? (a.name ?? '') : name;
        if (top.kind === 'ixnum' || top.kind === 'xmlnum') {
          const nil = a['xsi:nil'] === 'true';
          const t = top.text.trim();
          let v: number | null = null;
          if (nil) v = null;
          else if (top.kind === 'xmlnum') v = /^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(t) ? Number(t) : null;
          else {
            const n = parseIxNumber(t, a.format);
            v = n === null ? null : n * 10 ** Number(a.scale ?? 0) * (a.sign === '-' ? -1 : 1);
          }
          if (v === null && !nil) warnings.push(`unparsed number ${concept} "${t.slice(0, 30)}"`);
          raw.push({
            name: concept,
            value: v,
            unitRef: a.unitRef ?? '',
            decimals: a.decimals ?? null,
            contextRef: a.contextRef ?? '',
          });
        } else if (local(concept) !== concept && concept.split(':')[0]!.endsWith('dei')) {
          deiText.push({ name: concept, contextRef: a.contextRef ?? '', text: top.text.trim() });
        } else if (opts.texts && concept) {
          otherText.push({
            name: concept,
            contextRef: a.contextRef ?? '',
            text: top.text.trim(),
            ...(a.continuedAt ? { continuedAt: a.continuedAt } : {}),
          });
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text.replace(/^\s+/, ''));
  parser.end();
  if (!sawRoot || contexts.size === 0)
    throw new ParseError('not an XBRL instance (no xbrl/html root or no contexts)', document);

  const norm = (qname: string): string => {
    const i = qname.indexOf(':');
    if (i < 0) return qname;
    const uri = prefixes.get(qname.slice(0, i)) ?? '';
    const known = KNOWN_NS.find(([re]) => re.test(uri))?.[1];
    return known ? `${known}:${qname.slice(i + 1)}` : qname;
  };

  const facts: InstanceFact[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    const c = contexts.get(r.contextRef);
    if (!c || r.value === null) continue;
    const key = `${r.name}|${r.contextRef}|${r.unitRef}|${r.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const dims: Record<string, string> = {};
    for (const [axis, member] of Object.entries(c.dims)) dims[norm(axis)] = norm(member);
    const end = c.instant ?? c.end;
    if (!end) continue;
    const fact: InstanceFact = {
      concept: norm(r.name),
      value: r.value,
      unit: units.get(r.unitRef) ?? r.unitRef,
      decimals: r.decimals,
      context: r.contextRef,
      end,
      instant: c.instant !== undefined,
      dims,
      typed: c.typed,
    };
    if (c.start) fact.start = c.start;
    facts.push(fact);
  }
  const dei: Record<string, string> = {};
  for (const d of deiText) {
    const c = contexts.get(d.contextRef);
    const key = local(d.name);
    if (c && Object.keys(c.dims).length === 0 && !(key in dei)) dei[key] = d.text;
  }
  const result: InstanceDocument = {
    format: inline ? 'inline' : 'xml',
    facts,
    dei,
    warnings: [...new Set(warnings)].slice(0, 50),
  };
  if (opts.texts) {
    for (const t of otherText) {
      const seen = new Set<string>();
      for (let id = t.continuedAt; id && !seen.has(id); id = continuations.get(id)?.next) {
        seen.add(id);
        const part = continuations.get(id);
        if (part) t.text += `\n${part.text}`;
      }
    }
    result.texts = textFacts([...deiText, ...otherText], contexts, norm);
  }
  return result;
}

function textFacts(
  raw: Array<{ name: string; contextRef: string; text: string }>,
  contexts: Map<string, Context>,
  norm: (qname: string) => string,
): InstanceText[] {
  const out: InstanceText[] = [];
  for (const r of raw) {
    const c = contexts.get(r.contextRef);
    const end = c?.instant ?? c?.end;
    if (!c || !end) continue;
    const dims: Record<string, string> = {};
    for (const [axis, member] of Object.entries(c.dims)) dims[norm(axis)] = norm(member);
    const t: InstanceText = {
      concept: norm(r.name),
      text: r.text,
      context: r.contextRef,
      end,
      instant: !!c.instant,
      dims,
    };
    if (c.start) t.start = c.start;
    out.push(t);
  }
  return out;
}
