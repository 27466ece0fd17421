import { Tokenizer } from 'htmlparser2';

/**
 * htmlparser2's `Parser` events, as `htmlToBlocks` uses them, straight from its `Tokenizer`: the same open
 * and close tags (lower-cased names, implied closes, void elements, the stray `</p>` and `</br>`, the SVG /
 * MathML foreign context, a second `<form>` ignored, every tag still open closed at the end) and the same
 * text events (entities decoded, split around each entity as the Parser emits them), text given as its
 * range in the document. What it leaves out is
 * what the splitter never reads: the attribute objects (only the first `style` attribute is kept, entities
 * decoded), comments, declarations and processing instructions, and the Parser's chunk buffering and event
 * indexes. The Parser's rules are copied from htmlparser2 12.0 (`src/Parser.ts`, `decodeEntities: true`,
 * `lowerCaseTags`, `lowerCaseAttributeNames`, HTML mode); `test/parsers/edgar/items-text.test.ts` checks the
 * event streams are identical on real filings and on edge cases.
 */
export interface HtmlEvents {
  opentag(name: string, style: string | undefined): void;
  closetag(name: string): void;
  /**
   * Text from the document as it stands, `source.slice(start, end)` with 0 <= start <= end <= source.length
   * (not sliced here, so skipped text costs nothing): `source` is the chunk of the document the text lies
   * in, or, for a text that spans two chunks, that text alone.
   */
  text(source: string, start: number, end: number): void;
  /** A decoded entity's text (the Parser emits it as a text event of its own). */
  entity(data: string): void;
}

const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const pTag = new Set(['p']);
const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const tableSectionTags = new Set(['thead', 'tbody']);
const ddtTags = new Set(['dd', 'dt']);
const rtpTags = new Set(['rt', 'rp']);
const openImpliesClose = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', pTag],
  ['h1', headingTags],
  ['h2', headingTags],
  ['h3', headingTags],
  ['h4', headingTags],
  ['h5', headingTags],
  ['h6', headingTags],
  ['select', formTags],
  ['input', formTags],
  ['output', formTags],
  ['button', formTags],
  ['datalist', formTags],
  ['textarea', formTags],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddtTags],
  ['dt', ddtTags],
  ['address', pTag],
  ['article', pTag],
  ['aside', pTag],
  ['blockquote', pTag],
  ['details', pTag],
  ['div', pTag],
  ['dl', pTag],
  ['fieldset', pTag],
  ['figcaption', pTag],
  ['figure', pTag],
  ['footer', pTag],
  ['form', pTag],
  ['header', pTag],
  ['hr', pTag],
  ['main', pTag],
  ['nav', pTag],
  ['ol', pTag],
  ['pre', pTag],
  ['section', pTag],
  ['table', pTag],
  ['ul', pTag],
  ['rt', rtpTags],
  ['rp', rtpTags],
  ['tbody', tableSectionTags],
  ['tfoot', tableSectionTags],
]);
const voidElements = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const htmlIntegrationElements = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);
const svgTagNameAdjustments = new Map<string, string>(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

const NONE = 0;
const SVG = 1;
const MATHML = 2;
/** The Tokenizer's quote type of an attribute (`QuoteType`): unused here, only its position. */
type Quote = number;

const { fromCodePoint } = String;

/**
 * Runs `events` over `html` with htmlparser2's `Parser` semantics (see the module comment). The document may
 * come in chunks (its strings in order; the events are those of the whole document, a text only split where
 * a chunk ends): a large document read in chunks is never one string, which saves decoding it whole (a
 * fresh, page-faulted block of memory per document).
 */
export function scanHtml(html: string | Iterable<string>, events: HtmlEvents): void {
  const scanner = new Scanner(events);
  const tokenizer = new Tokenizer({ decodeEntities: true }, scanner);
  for (const chunk of typeof html === 'string' ? [html] : html) {
    if (chunk === '') continue;
    scanner.append(chunk);
    tokenizer.write(chunk);
  }
  tokenizer.end();
}

/** What the Parser's rules need to know of a tag name, looked up once per name and document. */
interface Tag {
  name: string;
  isVoid: boolean;
  /** The open elements this tag closes when it opens (`openImpliesClose`). */
  implies: Set<string> | undefined;
  /** The foreign context it opens (and closes): SVG, MathML, NONE for an HTML integration point; else -1. */
  foreign: number;
}

const makeTag = (name: string): Tag => ({
  name,
  isVoid: voidElements.has(name),
  implies: openImpliesClose.get(name),
  foreign: name === 'svg' ? SVG : name === 'math' ? MATHML : htmlIntegrationElements.has(name) ? NONE : -1,
});

/** The Tokenizer's callbacks: the Parser's event logic without what the splitter never reads. */
class Scanner {
  /** Open elements, innermost last (the Parser's `stack` reversed). */
  private readonly stack: Tag[] = [];
  /** Innermost last (the Parser's `foreignContext` reversed). */
  private readonly foreign: number[] = [NONE];
  /** The tag being opened; null once its open event is out (the Parser's `tagname === ''`). */
  private current: Tag | null = null;
  /** The open tag's event is still due (the Parser's `attribs !== null`). */
  private pending = false;
  private style: string | undefined = undefined;
  /** The attribute being read is the tag's first `style`. */
  private inStyle = false;
  private value = '';
  /** One Tag per name in this document, so the stack compares tags by identity. */
  private readonly byName = new Map<string, Tag>();
  /** Short ASCII names (up to 5 letters/digits, any case) packed into a number: no slice, no lower-casing. */
  private readonly byKey = new Map<number, Tag>();
  /** Other ASCII names by a hash of their lower-cased characters (the first name of each hash only). */
  private readonly byHash = new Map<number, { lower: string; tag: Tag }>();

  /** The chunk being read and where it starts in the document. */
  private chunk = '';
  private offset = 0;
  /** The chunks read before it, for the rare range that starts in one of them. */
  private readonly earlier: string[] = [];

  constructor(private readonly events: HtmlEvents) {}

  append(chunk: string): void {
    if (this.chunk !== '') this.earlier.push(this.chunk);
    this.offset += this.chunk.length;
    this.chunk = chunk;
  }

  /** `document.slice(start, end)` for a range that starts before the current chunk (0 <= start <= end). */
  private spanning(start: number, end: number): string {
    let out = '';
    let at = this.offset;
    for (let i = this.earlier.length - 1; i >= 0 && at > start; i--) {
      const c = this.earlier[i]!;
      at -= c.length;
      // (a chunk after the range's end gives nothing: its end bound is clamped at 0, never negative)
      out = c.slice(Math.max(start - at, 0), Math.max(Math.min(end - at, c.length), 0)) + out;
    }
    return out + this.chunk.slice(0, Math.max(end - this.offset, 0));
  }

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== NONE;
  }

  private tag(name: string): Tag {
    let tag = this.byName.get(name);
    if (tag === undefined) {
      tag = makeTag(name);
      this.byName.set(name, tag);
    }
    return tag;
  }

  private has(name: string): boolean {
    for (let i = 0; i < this.stack.length; i++) if (this.stack[i]!.name === name) return true;
    return false;
  }

  /** The Parser's `readTagName` (lower-cased; SVG casing in foreign content; `image` is `img` in HTML). */
  private readTagName(source: string, start: number, end: number): string {
    const name = source.slice(start, end).toLowerCase();
    const top = this.foreign[this.foreign.length - 1];
    if (top === SVG) return svgTagNameAdjustments.get(name) ?? name;
    if (this.foreign.length > 1) {
      const adjusted = svgTagNameAdjustments.get(name);
      if (adjusted !== undefined && this.has(adjusted)) return adjusted;
    }
    if (top === NONE) return name === 'image' ? 'img' : name;
    return name;
  }

  private readTag(start: number, end: number): Tag {
    let h = this.chunk;
    if (start >= this.offset) {
      start -= this.offset;
      end -= this.offset;
    } else {
      h = this.spanning(start, end);
      end -= start;
      start = 0;
    }
    // Outside any foreign content the name only depends on its letters: look it up by a packed key.
    if (end - start <= 5 && this.foreign.length === 1 && this.foreign[0] === NONE) {
      let key = 0;
      for (let i = start; i < end; i++) {
        const c = h.charCodeAt(i);
        let code: number;
        if (c >= 0x61 && c <= 0x7a) code = c - 0x60;
        else if (c >= 0x41 && c <= 0x5a) code = c - 0x40;
        else if (c >= 0x30 && c <= 0x39) code = c - 0x30 + 27;
        else {
          key = -1;
          break;
        }
        key = key * 64 + code;
      }
      if (key > 0) {
        let tag = this.byKey.get(key);
        if (tag === undefined) {
          tag = this.tag(this.readTagName(h, start, end));
          this.byKey.set(key, tag);
        }
        return tag;
      }
    }
    if (this.foreign.length === 1 && this.foreign[0] === NONE) {
      // Any other ASCII name (inline XBRL's `ix:nonFraction`): looked up by a hash of its lower-cased
      // characters, then compared with the name that hash stands for, character by character.
      let hash = end - start;
      let ascii = true;
      for (let i = start; i < end; i++) {
        let c = h.charCodeAt(i);
        if (c >= 0x80) {
          ascii = false;
          break;
        }
        if (c >= 0x41 && c <= 0x5a) c |= 0x20;
        hash = Math.imul(hash ^ c, 0x01000193);
      }
      if (ascii) {
        const known = this.byHash.get(hash);
        if (known === undefined) {
          const lower = h.slice(start, end).toLowerCase();
          const tag = this.tag(this.readTagName(h, start, end));
          this.byHash.set(hash, { lower, tag });
          return tag;
        }
        const lower = known.lower;
        if (lower.length === end - start) {
          let same = true;
          for (let i = start; i < end && same; i++) {
            let c = h.charCodeAt(i);
            if (c >= 0x41 && c <= 0x5a) c |= 0x20;
            same = c === lower.charCodeAt(i - start);
          }
          if (same) return known.tag;
        }
      }
    }
    return this.tag(this.readTagName(h, start, end));
  }

  ontext(start: number, end: number): void {
    this.text(start, end);
  }

  /**
   * The range `html.slice(start, end)` reads, which is what the Parser emits: the Tokenizer's trailing text
   * after an unfinished closing tag at the very end starts at -1 ("</Item 1." gives the text ".").
   */
  private text(start: number, end: number): void {
    const n = this.offset + this.chunk.length;
    const from = start < 0 ? Math.max(n + start, 0) : Math.min(start, n);
    const to = Math.max(from, end < 0 ? Math.max(n + end, 0) : Math.min(end, n));
    if (from >= this.offset) this.events.text(this.chunk, from - this.offset, to - this.offset);
    else {
      const text = this.spanning(from, to);
      this.events.text(text, 0, text.length);
    }
  }

  ontextentity(cp: number, _end: number): void {
    this.events.entity(fromCodePoint(cp));
  }

  onopentagname(start: number, end: number): void {
    this.emitOpenTag(this.readTag(start, end));
  }

  private emitOpenTag(tag: Tag): void {
    // a second <form> is ignored
    if (tag.name === 'form' && this.has('form')) {
      this.current = null;
      return;
    }
    this.current = tag;
    const implies = tag.implies;
    if (implies !== undefined) {
      while (this.stack.length > 0 && implies.has(this.stack[this.stack.length - 1]!.name)) this.pop();
    }
    if (!tag.isVoid) {
      this.stack.push(tag);
      if (tag.foreign !== -1) this.foreign.push(tag.foreign);
    }
    this.pending = true;
    this.style = undefined;
  }

  private endOpenTag(): void {
    const tag = this.current;
    if (this.pending) {
      this.events.opentag(tag!.name, this.style);
      this.pending = false;
      this.style = undefined;
    }
    if (tag?.isVoid) this.events.closetag(tag.name);
    this.current = null;
  }

  onopentagend(_end: number): void {
    this.endOpenTag();
  }

  onclosetag(start: number, end: number): void {
    const tag = this.readTag(start, end);
    if (!tag.isVoid) {
      const stack = this.stack;
      let pos = stack.length - 1;
      while (pos >= 0 && stack[pos] !== tag) pos--;
      if (pos !== -1) {
        while (stack.length > pos) this.pop();
      } else if (tag.name === 'p') {
        // an implicit open before the close
        this.emitOpenTag(tag);
        this.closeCurrentTag();
      }
    } else if (tag.name === 'br') {
      this.events.opentag('br', undefined);
      this.events.closetag('br');
    }
  }

  onselfclosingtag(end: number): void {
    if (this.isInForeignContext()) this.closeCurrentTag();
    else this.onopentagend(end);
  }

  private pop(): void {
    const element = this.stack.pop()!;
    if (element.foreign !== -1) this.foreign.pop();
    this.events.closetag(element.name);
  }

  private closeCurrentTag(): void {
    const tag = this.current;
    this.endOpenTag();
    if (tag !== null && this.stack[this.stack.length - 1] === tag) this.pop();
  }

  onattribname(start: number, end: number): void {
    // the attribute name lower-cased is "style", and the tag has none yet (the first one counts)
    if (!this.pending || this.style !== undefined || end - start !== 5) {
      this.inStyle = false;
      return;
    }
    let h = this.chunk;
    if (start >= this.offset) start -= this.offset;
    else {
      h = this.spanning(start, end);
      start = 0;
    }
    this.inStyle =
      (h.charCodeAt(start) | 0x20) === 0x73 &&
      (h.charCodeAt(start + 1) | 0x20) === 0x74 &&
      (h.charCodeAt(start + 2) | 0x20) === 0x79 &&
      (h.charCodeAt(start + 3) | 0x20) === 0x6c &&
      (h.charCodeAt(start + 4) | 0x20) === 0x65;
  }

  onattribdata(start: number, end: number): void {
    if (this.inStyle)
      this.value +=
        start >= this.offset
          ? this.chunk.slice(start - this.offset, end - this.offset)
          : this.spanning(start, end);
  }

  onattribentity(cp: number): void {
    if (this.inStyle) this.value += fromCodePoint(cp);
  }

  onattribend(_quote: Quote, _end: number): void {
    if (this.inStyle) {
      this.style = this.value;
      this.inStyle = false;
    }
    this.value = '';
  }

  oncdata(start: number, end: number, offset: number): void {
    // in HTML, CDATA is text only inside SVG or MathML (a comment elsewhere)
    if (this.isInForeignContext()) this.text(start, end - offset);
  }

  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  onend(): void {
    for (let i = this.stack.length - 1; i >= 0; i--) this.events.closetag(this.stack[i]!.name);
  }
}
