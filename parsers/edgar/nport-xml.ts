import { ParseError } from '../../lib/errors.ts';

/**
 * A small non-validating XML reader for N-PORT documents, several times faster than a general parser on
 * multi-megabyte filings (a month of N-PORT is about 10 million positions; bench/funds.bench.ts measures it).
 * It builds the same tree shape as fast-xml-parser with `removeNSPrefix`: elements keyed by local name, a
 * text-only element as its string, attributes as `@name`, text beside attributes as `#text` (an element with
 * child elements keeps no text of its own: N-PORT has no mixed content),
 * repeated elements (and every name in `arrays`) as arrays. Well-formedness it checks: every start tag
 * closed by its own end tag, quoted attributes, one root. Comments, processing instructions, DOCTYPE and
 * CDATA are handled; the five XML entities and numeric character references are decoded.
 */
export type XmlTree = Record<string, unknown>;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITY[e] ?? m;
  });
}

const localName = (q: string) => {
  const c = q.indexOf(':');
  return c < 0 ? q : q.slice(c + 1);
};

interface Frame {
  qname: string;
  node: XmlTree;
  text: string;
  hasChildren: boolean;
  hasAttrs: boolean;
}

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function add(parent: XmlTree, name: string, value: unknown, arrays: ReadonlySet<string>): void {
  const prev = parent[name];
  if (prev === undefined) parent[name] = arrays.has(name) ? [value] : value;
  else if (Array.isArray(prev) && (arrays.has(name) || (prev as unknown[] & { multi?: true }).multi))
    prev.push(value);
  else {
    const a = [prev, value] as unknown[] & { multi?: true };
    a.multi = true;
    parent[name] = a;
  }
}

function close(f: Frame): unknown {
  const t = f.text.trim();
  if (!f.hasChildren && !f.hasAttrs) return decode(t);
  if (t !== '') f.node['#text'] = decode(t);
  return f.node;
}

export function readXml(xml: string, document: string, arrays: ReadonlySet<string>): XmlTree {
  const root: XmlTree = {};
  const stack: Frame[] = [];
  let i = 0;
  const n = xml.length;
  let roots = 0;
  const fail = (why: string): never => {
    throw new ParseError(`malformed XML at offset ${i}: ${why}`, document);
  };
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const top = stack.at(-1);
      // an element with children keeps none of its own text (N-PORT has no mixed content): the whitespace
      // between a container's children is never accumulated
      if (top) {
        if (!top.hasChildren) top.text += xml.slice(i, textEnd);
      } else if (xml.slice(i, textEnd).trim() !== '') fail('text outside the root element');
    }
    if (lt < 0) break;
    i = lt;
    const c = xml.charCodeAt(i + 1);
    if (c === 63 /* ? */) {
      const e = xml.indexOf('?>', i);
      if (e < 0) fail('unterminated processing instruction');
      i = e + 2;
    } else if (c === 33 /* ! */) {
      if (xml.startsWith('<!--', i)) {
        const e = xml.indexOf('-->', i + 4);
        if (e < 0) fail('unterminated comment');
        i = e + 3;
      } else if (xml.startsWith('<![CDATA[', i)) {
        const e = xml.indexOf(']]>', i + 9);
        if (e < 0) fail('unterminated CDATA');
        const top = stack.at(-1) ?? fail('CDATA outside the root element');
        // CDATA is literal: escape & so decode() leaves it as written
        top.text += xml.slice(i + 9, e).replace(/&/g, '&amp;');
        i = e + 3;
      } else {
        const e = xml.indexOf('>', i);
        if (e < 0) fail('unterminated declaration');
        i = e + 1;
      }
    } else if (c === 47 /* / */) {
      const e = xml.indexOf('>', i);
      if (e < 0) fail('unterminated end tag');
      const qname = xml.slice(i + 2, e).trim();
      const f = stack.pop();
      if (!f || f.qname !== qname) fail(`</${qname}> closes <${f?.qname ?? 'nothing'}>`);
      const parent = stack.at(-1);
      add(parent ? parent.node : root, localName(qname), close(f!), arrays);
      if (parent) {
        parent.hasChildren = true;
        parent.text = '';
      }
      i = e + 1;
    } else {
      const e = xml.indexOf('>', i);
      if (e < 0) fail('unterminated start tag');
      const selfClosing = xml.charCodeAt(e - 1) === 47;
      const body = xml.slice(i + 1, selfClosing ? e - 1 : e);
      const sp = body.search(/\s/);
      const qname = sp < 0 ? body : body.slice(0, sp);
      if (qname === '') fail('empty tag name');
      if (stack.length === 0 && ++roots > 1) fail('a second root element');
      const node: XmlTree = {};
      let hasAttrs = false;
      if (sp >= 0) {
        const attrs = body.slice(sp);
        ATTR.lastIndex = 0;
        for (let m = ATTR.exec(attrs); m; m = ATTR.exec(attrs)) {
          const name = localName(m[1]!);
          if (m[1]!.startsWith('xmlns')) continue;
          node[`@${name}`] = decode(m[3] ?? m[4] ?? '');
          hasAttrs = true;
        }
      }
      const frame: Frame = { qname, node, text: '', hasChildren: false, hasAttrs };
      if (selfClosing) {
        const parent = stack.at(-1);
        add(parent ? parent.node : root, localName(qname), close(frame), arrays);
        if (parent) {
          parent.hasChildren = true;
          parent.text = '';
        }
      } else stack.push(frame);
      i = e + 1;
    }
  }
  if (stack.length > 0) fail(`<${stack.at(-1)!.qname}> is never closed`);
  if (roots === 0) fail('no element');
  return root;
}
