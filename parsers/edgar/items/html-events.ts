import { Tokenizer } from 'htmlparser2';

/**
 * htmlparser2's `Parser` events, as `htmlToBlocks` uses them, straight from its `Tokenizer`: the same open
 * and close tags (lower-cased names, implied closes, void elements, the stray `</p>` and `</br>`, the SVG /
 * MathML foreign context, a second `<form>` ignored, every tag still open closed at the end) and the same
 * text events (entities decoded, split around each entity as the Parser emits them). What it leaves out is
 * what the splitter never reads: the attribute objects (only the first `style` attribute is kept, entities
 * decoded), comments, declarations and processing instructions, and the Parser's chunk buffering and event
 * indexes. The Parser's rules are copied from htmlparser2 12.0 (`src/Parser.ts`, `decodeEntities: true`,
 * `lowerCaseTags`, `lowerCaseAttributeNames`, HTML mode); `test/parsers/edgar/items-text.test.ts` checks the
 * event streams are identical on real filings and on edge cases.
 */
export interface HtmlEvents {
  opentag(name: string, style: string | undefined): void;
  closetag(name: string): void;
  text(data: string): void;
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

/** Runs `events` over `html` with htmlparser2's `Parser` semantics (see the module comment). */
export function scanHtml(html: string, events: HtmlEvents): void {
  const scanner = new Scanner(html, events);
  const tokenizer = new Tokenizer({ decodeEntities: true }, scanner);
  if (html !== '') tokenizer.write(html);
  tokenizer.end();
}

/** The Tokenizer's callbacks: the Parser's event logic without what the splitter never reads. */
class Scanner {
  /** Open elements, innermost last (the Parser's `stack` reversed). */
  private readonly stack: string[] = [];
  /** Innermost last (the Parser's `foreignContext` reversed). */
  private readonly foreign: number[] = [NONE];
  private tagname = '';
  /** The open tag's event is still due (the Parser's `attribs !== null`). */
  private pending = false;
  private style: string | undefined = undefined;
  /** The attribute being read is the tag's first `style`. */
  private inStyle = false;
  private value = '';

  constructor(
    private readonly html: string,
    private readonly events: HtmlEvents,
  ) {}

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== NONE;
  }

  private isVoid(name: string): boolean {
    return voidElements.has(name);
  }

  private readTagName(start: number, end: number): string {
    const name = this.html.slice(start, end).toLowerCase();
    const top = this.foreign[this.foreign.length - 1];
    if (top === SVG) return svgTagNameAdjustments.get(name) ?? name;
    if (this.foreign.length > 1) {
      const adjusted = svgTagNameAdjustments.get(name);
      if (adjusted !== undefined && this.stack.includes(adjusted)) return adjusted;
    }
    if (top === NONE) return name === 'image' ? 'img' : name;
    return name;
  }

  ontext(start: number, end: number): void {
    this.events.text(start === end ? '' : this.html.slice(start, end));
  }

  ontextentity(cp: number, _end: number): void {
    this.events.text(fromCodePoint(cp));
  }

  onopentagname(start: number, end: number): void {
    this.emitOpenTag(this.readTagName(start, end));
  }

  private emitOpenTag(name: string): void {
    this.tagname = name;
    if (name === 'form' && this.stack.includes('form')) {
      this.tagname = '';
      return;
    }
    const impliesClose = openImpliesClose.get(name);
    if (impliesClose) {
      while (this.stack.length > 0 && impliesClose.has(this.stack[this.stack.length - 1]!)) this.pop();
    }
    if (!this.isVoid(name)) {
      this.stack.push(name);
      if (name === 'svg') this.foreign.push(SVG);
      else if (name === 'math') this.foreign.push(MATHML);
      else if (htmlIntegrationElements.has(name)) this.foreign.push(NONE);
    }
    this.pending = true;
    this.style = undefined;
  }

  private endOpenTag(): void {
    if (this.pending) {
      this.events.opentag(this.tagname, this.style);
      this.pending = false;
      this.style = undefined;
    }
    if (this.isVoid(this.tagname)) this.events.closetag(this.tagname);
    this.tagname = '';
  }

  onopentagend(_end: number): void {
    this.endOpenTag();
  }

  onclosetag(start: number, end: number): void {
    const name = this.readTagName(start, end);
    if (!this.isVoid(name)) {
      const pos = this.stack.lastIndexOf(name);
      if (pos !== -1) {
        while (this.stack.length > pos) this.pop();
      } else if (name === 'p') {
        // an implicit open before the close
        this.emitOpenTag('p');
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
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
    if (element === 'svg' || element === 'math' || htmlIntegrationElements.has(element)) this.foreign.pop();
    this.events.closetag(element);
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    if (this.stack[this.stack.length - 1] === name) this.pop();
  }

  onattribname(start: number, end: number): void {
    // the attribute name lower-cased is "style", and the tag has none yet (the first one counts)
    const h = this.html;
    this.inStyle =
      this.pending &&
      this.style === undefined &&
      end - start === 5 &&
      (h.charCodeAt(start) | 0x20) === 0x73 &&
      (h.charCodeAt(start + 1) | 0x20) === 0x74 &&
      (h.charCodeAt(start + 2) | 0x20) === 0x79 &&
      (h.charCodeAt(start + 3) | 0x20) === 0x6c &&
      (h.charCodeAt(start + 4) | 0x20) === 0x65;
  }

  onattribdata(start: number, end: number): void {
    if (this.inStyle) this.value += this.html.slice(start, end);
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
    if (this.isInForeignContext()) this.events.text(this.html.slice(start, end - offset));
  }

  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  onend(): void {
    for (let i = this.stack.length - 1; i >= 0; i--) this.events.closetag(this.stack[i]!);
  }
}
