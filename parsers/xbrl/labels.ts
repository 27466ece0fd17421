import { Parser } from 'htmlparser2';
import { ParseError } from '../../lib/errors.ts';

/**
 * A company's label linkbase (`*_lab.xml`) -> concept QName -> label, preferring the terse label (what the
 * filer shows in tables, e.g. "Software") over the standard one ("Software [Member]", suffix removed).
 */
export function parseLabels(xml: string, opts: { document?: string } = {}): Map<string, string> {
  const locs = new Map<string, string>();
  const resources = new Map<string, Map<string, string>>();
  const arcs: Array<[string, string]> = [];
  let current: { label: string; role: string; text: string } | null = null;
  let sawLinkbase = false;
  const parser = new Parser(
    {
      onopentag(name, a) {
        const ln = name.slice(name.indexOf(':') + 1);
        if (ln === 'linkbase') sawLinkbase = true;
        if (ln === 'loc' && a['xlink:label'] && a['xlink:href']) {
          const fragment = a['xlink:href'].split('#')[1] ?? '';
          const i = fragment.indexOf('_');
          if (i > 0) locs.set(a['xlink:label'], `${fragment.slice(0, i)}:${fragment.slice(i + 1)}`);
        } else if (ln === 'labelArc' && a['xlink:from'] && a['xlink:to'])
          arcs.push([a['xlink:from'], a['xlink:to']]);
        else if (ln === 'label' && a['xlink:label'])
          current = { label: a['xlink:label'], role: a['xlink:role'] ?? '', text: '' };
      },
      ontext(t) {
        if (current) current.text += t;
      },
      onclosetag(name) {
        if (current && name.endsWith('label') && !name.endsWith('labelArc')) {
          let m = resources.get(current.label);
          if (!m) {
            m = new Map();
            resources.set(current.label, m);
          }
          const role = current.role.slice(current.role.lastIndexOf('/') + 1);
          if (!m.has(role)) m.set(role, current.text.trim().replace(/\s+/g, ' '));
          current = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (!sawLinkbase) throw new ParseError('not a label linkbase', opts.document ?? 'labels');
  const out = new Map<string, string>();
  for (const [from, to] of arcs) {
    const concept = locs.get(from);
    const roles = resources.get(to);
    if (!concept || !roles || out.has(concept)) continue;
    const text = roles.get('terseLabel') ?? roles.get('label');
    if (text) out.set(concept, text.replace(/\s*\[(Member|Domain|Axis|Line Items|Table)\]$/i, ''));
  }
  return out;
}

/**
 * Words that camel-case splitting cannot restore: brand spellings with a lower-case first letter (element
 * names must start upper-case, so Apple's iPhone is `IPhoneMember`).
 */
const KNOWN_WORDS: Record<string, string> = {
  IPhone: 'iPhone',
  IPad: 'iPad',
  IPod: 'iPod',
  IMac: 'iMac',
  ICloud: 'iCloud',
  IOS: 'iOS',
};

/** Connector words written lower case inside a label ("Rest of Asia Pacific", "Home and Accessories"). */
const MINOR_WORDS = new Set(['and', 'or', 'of', 'the', 'for', 'in', 'to', 'at', 'by', 'on', 'from', 'with']);

/**
 * Element-name tools that keep connector words lower case glue them to the previous word
 * (`WearablesHomeandAccessoriesMember`). Unglue `and`, `of` and `the` before a capital, except where the
 * letters before them make an ordinary word (Island, Brand, Thousand, Proof, Thereof, Clothe, NAND); `Oil`
 * is the one `-land` word that is common and really glued (`OilandGas`).
 */
const GLUED = [
  /(?<=[a-z]{2}[ac-gikosuvxyz]|Oil)(and)(?=[A-Z])/g,
  /(?<=[a-z]{2}[a-np-z])(?<!re)(of)(?=[A-Z])/g,
  /(?<=[a-z]{2}[b-hj-npr-xz])(the)(?=[A-Z])/g,
];
const NOT_GLUED = /(thou|quick|^)sand$/i;

/** `tsla:AutomotiveSalesMember` -> "Automotive Sales"; `aapl:IPhoneMember` -> "iPhone" (no label linkbase). */
export function labelFromName(qname: string): string {
  let name = qname.slice(qname.indexOf(':') + 1).replace(/(Segment)?Member$/, '');
  for (const re of GLUED)
    name = name.replace(re, (m, w: string, at: number) =>
      NOT_GLUED.test(name.slice(0, at) + w) ? m : ` ${w[0]!.toUpperCase()}${w.slice(1)}`,
    );
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  // "I Phone" is one word the splitter cut in two: rejoin known ones before casing
  const joined: string[] = [];
  for (const w of words) {
    const prev = joined[joined.length - 1];
    if (prev !== undefined && KNOWN_WORDS[prev + w]) joined[joined.length - 1] = prev + w;
    else joined.push(w);
  }
  return joined
    .map((w, i) => {
      const known = KNOWN_WORDS[w];
      if (known) return known;
      return i > 0 && MINOR_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w;
    })
    .join(' ');
}
