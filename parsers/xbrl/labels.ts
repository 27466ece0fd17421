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

/** `tsla:AutomotiveSalesMember` -> "Automotive Sales"; `country:US` -> "US" (when no label linkbase). */
export function labelFromName(qname: string): string {
  const name = qname.slice(qname.indexOf(':') + 1).replace(/(Segment)?Member$/, '');
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
}
