/**
 * Numbers as printed in earnings releases: the figure, its sign, its scale word and the table caption's scale.
 * Rules (each holds on every release read):
 * - a value in parentheses, or after a minus sign, is negative;
 * - the scale of a table figure comes from its table's caption ("in thousands", "$ in millions", "000s");
 * - the scale of a prose figure comes from the word after it ("$1.2 billion"), otherwise it is in full units;
 * - per-share figures are never scaled.
 */

/**
 * `lakhs`: the Indian lakh, 100,000 ("(Rs. In Lakhs)"); `crores`: the Indian crore, 10,000,000 ("IFRS-INR cr", "(In ₹
 * crore)"); `trillions` ("1.46 trillion won").
 */
export type Scale = 'units' | 'thousands' | 'lakhs' | 'millions' | 'crores' | 'billions' | 'trillions';

export const SCALE_FACTOR: Record<Scale, number> = {
  units: 1,
  thousands: 1e3,
  lakhs: 1e5,
  millions: 1e6,
  crores: 1e7,
  billions: 1e9,
  trillions: 1e12,
};

/** A printed amount: `$1,234.5`, `(0.39)`, `$(12)`, `($0.12)`, `.16`, `-4.2`, `$1, 234,000` (stray space kept by the source). */
export const AMOUNT_SOURCE = String.raw`\(?-?\s?(?:[A-Z]{0,2}\$|€|£|¥)?\s?\(?-?(?:\d{1,3}(?:,\s?\d{3})+|\d+)?(?:\.\d+)?\)?`;

/** Parses one printed figure; null when it holds no digit (`—`, `--`, `N/A`). */
/**
 * (h-earn35: voestalpine, "EBIT | 156.7 | –48.7") An en dash or a minus sign set right before a figure's digits is its
 * minus sign (a dash alone stays a nil cell).
 */
const EN_DASH_MINUS = /^(\(?)[\u2013\u2212](?=\d)/;

export function parseAmount(printed: string): number | null {
  // A comma before the last one or two digits is a decimal comma ("0,26", "-0,01"): a thousands comma has three after it.
  // (The period of a currency abbreviation before the digits, "Ps. 2,987.9", "Rs.5", is no decimal point.)
  const s = printed
    .trim()
    .replace(EN_DASH_MINUS, '$1-')
    .replace(/\b(?:Ps|Rs)\.(?=\s?\(?-?\d)/g, '')
    .replace(/^(\(?-?\d+),(\d{1,2}\)?)$/, '$1.$2');
  if (!/\d/.test(s)) return null;
  const negative =
    /^\(|\(\s*(?:[A-Z]{0,2}\$|€|£|¥)?\s*\d|^-|^[A-Z]{0,2}\$\s*-|\)\s*%?$/.test(s) && !/^\d.*\)$/.test(s);
  const digits = s.replace(/[^\d.]/g, '');
  if (digits === '' || digits === '.' || (digits.match(/\./g)?.length ?? 0) > 1) return null;
  const n = Number(digits);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/**
 * A table cell that is a figure (not a year, a date or a label); digits in groups of three set apart by spaces
 * ("2 312", "-2 077": the Nordic thousands separator) are one figure; a "p" right after the digits ("46.4p") marks
 * pence.
 */
export function isFigureCell(cell: string): boolean {
  const s = cell
    .trim()
    .replace(EN_DASH_MINUS, '$1-')
    .replace(/^(\(?-?\d+),(\d{1,2}\)?)$/, '$1.$2');
  if (cellScale(s) !== null) return true;
  return (
    /^\(?-?\s?(?:[A-Z]{0,2}\$|€|£|¥|SFr\.?)?\s?\(?-?(?:\d{1,3}(?:,\s?\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)?(?:\.\d+)?(?<=\d)(?:p|\)p)?\)?\s*%?\)?$/.test(
      s,
    ) && /\d/.test(s)
  );
}

/**
 * The scale a money cell carries itself: an "M" or "B" right after the digits of an amount marked with a currency
 * ("$21.7M", "($3.2M)", "$1.4B") is millions or billions; null for any other cell.
 */
export function cellScale(cell: string): Scale | null {
  const m = /^\(?-?\s?(?:[A-Z]{0,2}\$|€|£)\s?\(?-?\d{1,3}(?:,\d{3})*(?:\.\d+)?([MB])\)?$/.exec(cell.trim());
  return m === null ? null : m[1] === 'M' ? 'millions' : 'billions';
}

/** A cell with no figure that still fills a column: `—`, `-`, `--`, `n/a`, `nm`. */
/**
 * A figure cell misprinted in a text-laid-out row: two decimal points ("1.421.4" among "1,462.0 ... 1,221.9") or a pence
 * mark doubled ("11.7pp"). It holds its column and gives no value.
 */
export const MISPRINTED_CELL = /^\(?-?\d[\d,]*\.\d+\.\d+\)?p?$|^\(?-?\d[\d,]*(?:\.\d+)?\)?pp$/;

export function isNilCell(cell: string): boolean {
  return /^(?:[-\u2013\u2014]{1,2}|\$\s?[-\u2013\u2014]{1,2}|n\/?a|nm|n\.m\.|\*)$/i.test(cell.trim());
}

/** The scale a caption or header states, with the words that state it; null when it states none. */
export function captionScale(text: string): { scale: Scale; evidence: string } | null {
  // A caption is a short line; a paragraph that mentions millions is prose.
  if (text.length > 300) return null;
  // A crore caption names the rupee with it ("IFRS-INR cr", "(In ₹ crore)", "Rs. crore"): a lone "cr" is no scale.
  const crore = /(?:\bINR|₹|\bRs\.?)[\s-]*(?:in\s+)?(?:cr|crores?)\b|\bcrores?\b/i.exec(text);
  if (crore !== null && text.length <= 80) return { scale: 'crores', evidence: text.trim().slice(0, 200) };
  // A lakh caption names the rupee with it too ("(Rs. In Lakhs)", "(₹ in lakh)", "INR lakhs"): a lakh is never inferred.
  const lakh = /(?:\bINR|₹|\bRs\.?)[\s-]*(?:in\s+)?lakhs?\b/i.exec(text);
  if (lakh !== null && text.length <= 80) return { scale: 'lakhs', evidence: text.trim().slice(0, 200) };
  // "MEUR", "TEUR", "MSEK": a currency code led by M is millions, by T or K thousands (a Nordic table's caption); the
  // letter may be small ("mDKK", "tEUR").
  const coded = /^\(?([MTKmtk])(EUR|SEK|NOK|DKK|ISK|USD|CHF|GBP)\)?$/.exec(text.trim());
  if (coded !== null)
    return { scale: /m/i.test(coded[1]!) ? 'millions' : 'thousands', evidence: text.trim() };
  // "EUR 1000", "EUR 1 000": a currency code before 1000 is thousands (a Nordic key-figures caption).
  if (/^\(?(?:EUR|SEK|NOK|DKK|ISK|USD|CHF|GBP)\s?1[ \u00a0]?000\)?$/.test(text.trim()))
    return { scale: 'thousands', evidence: text.trim() };
  // "(Unit: KRW bn)", "(Unit: KRW million)": a unit line naming a currency code or mark and a scale.
  const unit =
    /^\(?\s*units?\s*:\s*(?:[A-Z]{3}|[$€£¥₩])\s?(bn|billions?|mn|millions?|thousands?)\s*\)?$/i.exec(
      text.trim(),
    );
  if (unit !== null)
    return {
      scale: /^b/i.test(unit[1]!) ? 'billions' : /^m/i.test(unit[1]!) ? 'millions' : 'thousands',
      evidence: text.trim(),
    };
  // "Financial Highlights (R$ MM)": a currency mark and "MM" in parentheses is millions.
  if (text.length <= 60 && /\((?:[A-Z]{0,3}\$|€|£|[A-Z]{3})\s?MM\)\s*$/.test(text.trim()))
    return { scale: 'millions', evidence: text.trim() };
  // "IFRS $ m", "(US$ m)": a currency mark and a lone m in a short caption is millions.
  // ... and so is the rand's "Rm" alone in a cell (a South African statement's unit).
  if (text.length <= 40 && /(?:[$€£]|\b[A-Z]{3}|^\(?R)\s?m\)?$/.test(text.trim()))
    return { scale: 'millions', evidence: text.trim().slice(0, 200) };
  // "R’000", "HK$’000", "£'000": a currency mark before an apostrophe and "000" is thousands (a column's caption).
  if (text.length <= 60 && /(?:[A-Z]{0,3}\$|£|€|\bR)\s?['’]000\b/.test(text))
    return { scale: 'thousands', evidence: text.trim() };
  if (!/thousand|million|billion|000/i.test(text)) return null;
  // "€ million", "EUR million", "$ millions" alone in a cell: a currency mark and a scale word (a column's unit).
  // (h-earn39: ... with its proviso, "£ million unless otherwise stated", the unit of a highlights table's columns.)
  const marked =
    /^\(?(?:[A-Z]{0,3}\$|€|£|¥|\b[A-Z]{3})\s?(thousand|million|billion)s?\)?(?:,?\s+unless (?:otherwise )?(?:stated|indicated|noted))?$/i.exec(
      text.trim(),
    );
  if (marked !== null) return { scale: `${marked[1]!.toLowerCase()}s` as Scale, evidence: text.trim() };
  // "Million yen", "Millions of yen" alone on a line: a Japanese summary's unit cell.
  const yen = /^\(?(thousand|million|billion)s?\s+(?:of\s+)?yen\)?$/i.exec(text.trim());
  if (yen !== null) return { scale: `${yen[1]!.toLowerCase()}s` as Scale, evidence: text.trim() };
  const t = text.toLowerCase();
  const m =
    /\b(?:in|amounts in|dollars in|\$ in|expressed in|[a-z$€£]+ in)\s+(?:[a-z.$€£]+\s+)?(thousands|millions|billions|000s|000's|\$000s?|000)\b/.exec(
      t,
    ) ??
    /\(\s*(?:in\s+)?(thousands|millions|billions)\b/.exec(t) ??
    // "(US$ millions, except per share amounts)", "(EUR thousands)": a currency mark before the scale word.
    // ... singular too ("($ million except per share)").
    /\(\s*(?:[a-z]{0,3}\$|€|£|[a-z]{3})\s*(thousands?|millions?|billions?)\b/.exec(t) ??
    /\(\s*\$?\s*(000s?|000's)\s*(?:omitted)?\s*\)|\b(000s?|000's) omitted\b/.exec(t) ??
    /^\s*\(?\s*(thousands|millions|billions)\s*(?:of [a-z]+(?: [a-z]+)?\s*)?(?:,|\)|except|$)/.exec(t);
  if (!m) return null;
  const word = (m[1] ?? m[2] ?? m[3] ?? '').replace(/^\$|'?s$/g, '');
  const scale: Scale =
    word.startsWith('thousand') || word === '000'
      ? 'thousands'
      : word.startsWith('million')
        ? 'millions'
        : 'billions';
  return { scale, evidence: text.trim().slice(0, 200) };
}

/** The scale word written after a prose amount ("$44.2 million", "876 thousand"). */
export function wordScale(word: string | undefined): Scale {
  const w = (word ?? '').toLowerCase();
  if (w.startsWith('thousand') || w === 'k') return 'thousands';
  if (w.startsWith('million') || w === 'm' || w === 'mm') return 'millions';
  if (w.startsWith('billion') || w === 'b' || w === 'bn') return 'billions';
  if (w.startsWith('trillion')) return 'trillions';
  if (w.startsWith('crore')) return 'crores';
  if (w.startsWith('lakh')) return 'lakhs';
  return 'units';
}

/**
 * Full units from a printed value and its scale, rounded to kill float noise (`26,741` millions -> 26741000000): no
 * printed figure has more than 15 significant digits, so digits past them are the float's (260.35 billions is
 * 260350000000, not 260350000000.00003).
 */
export function toFullUnits(value: number, scale: Scale): number {
  const v = Number((value * SCALE_FACTOR[scale]).toPrecision(15));
  return Math.round(v * 1e6) / 1e6;
}

const CURRENCY_MARKS: [RegExp, string][] = [
  [/€|\beuros?\b|\b[MTK]?EUR\b/, 'EUR'],
  // ... and "1.431 billion stg" (Reuters' sterling), "1.2 billion-1.4 billion pounds" (dpa-AFX's, h-guid15).
  [/£|\bpounds sterling\b|\bGBP\b|\d\s(?:billion|million)\s+(?:stg|pounds)\b/, 'GBP'],
  [/\bC\$|\bCanadian dollars?\b|\bCAD\b/, 'CAD'],
  [/\bA\$|\bAustralian dollars?\b|\bAUD\b/, 'AUD'],
  // ... and "7.97 billion yuan", "3 fen per share" (the yuan's hundredth).
  [/\bRMB(?=[\s\d])|\brenminbi\b|\bCNY\b|\byuan\b|\d fen per share\b/i, 'CNY'],
  // "R$ million", "R$393.9 million": the real's "R$" (the rand's "R" never carries a "$").
  [/\bR\$|\bBRL\b|\bBrazilian reais\b/, 'BRL'],
  [/\bMXN\b|\bMexican pesos?\b/, 'MXN'],
  [/¥|\byen\b|\bJPY\b/, 'JPY'],
  // ... and "SFr 444.3".
  [/\bCHF\b|\bSwiss francs?\b|\bSFr\.?\s?\d/, 'CHF'],
  // ... and "Rs 225.2 billion", "Rs4,151.03 crore": the rupee's "Rs" before an amount; "(Rs. In Lakhs)", "Rs. crore":
  // before a lakh or crore scale word.
  [/₹|\bINR\b|\bIndian rupees?\b|\bRs\.?\s?(?=\d)|\bRs\.?\s?(?:[Ii]n\s+)?(?:[Ll]akhs?|[Cc]rores?)\b/, 'INR'],
  // "KRW 44,201 million", "1.46 trillion won" (the word only after an amount's scale word: "won" is also a verb).
  [/₩|\bKRW\b|\d\s(?:trillion|billion|million)\s+won\b|\bKorean won\b/, 'KRW'],
  // "NT$260.35 billion", "34 Taiwan cents".
  [/\bNT\$|\bNew Taiwan dollars?\b|\bNT dollars?\b|\bTaiwan cents\b|\bTWD\b/, 'TWD'],
  [/\b[MTK]?SEK\b|\bSwedish kron(?:a|or)\b/, 'SEK'],
  // "NIS 129.2 million (US$ 34.9 million)": the new Israeli shekel, its translation into dollars in parentheses.
  [/\bNIS\b|\bILS\b|₪|\bnew Israeli shekels?\b/, 'ILS'],
  // "3.45 billion Danish crowns" (Reuters writes the krone "crown").
  [/\bDKK\b|\bDanish (?:crowns?|kron(?:er|e))\b/, 'DKK'],
  [/\bNOK\b|\bNorwegian (?:crowns?|kron(?:er|e))\b/, 'NOK'],
  // "HK$5,761 million", "(HK cents)", "HKD 3,006 million".
  [/\bHK\$|\bHK cents?\b|\bHKD\b|\bHong Kong dollars?\b/, 'HKD'],
  // "R128,7 billion", "R’000", "R million", "(Rm)" or "Rm" alone in a caption: the rand's "R" before an amount or a scale (never "R&D", "R$").
  [
    /\bR\s?\d[\d ,]*(?:[.,]\d+)?\s?(?:billion|million|bn|m)\b|\bR\s?['’]000\b|\bR\s?millions?\b|\(Rm\)|^\s*Rm\s*$|\bZAR\b|\bSouth African rand\b/,
    'ZAR',
  ],
];

/**
 * The reporting currency: a caption or heading naming another currency wins; otherwise a release whose
 * figures carry `$` is in US dollars; null when no figure carries a currency mark.
 */
export function detectCurrency(
  captions: string[],
  text: string,
): { currency: string | null; evidence: string | null } {
  for (const c of captions) {
    for (const [re, code] of CURRENCY_MARKS)
      if (re.test(c)) return { currency: code, evidence: c.slice(0, 200) };
  }
  // A sentence stating the currency of every amount ("All amounts are presented in Canadian dollars") names it as a
  // caption does.
  // (h-earn29: ... and so does one that goes on with a second clause, "All amounts are in Canadian dollars and are based
  // on our audited annual consolidated financial statements", Scotiabank 2014.)
  const stated =
    /\b(?:all )?(?:amounts|figures) (?:in this (?:document|release) )?(?:are )?(?:presented|expressed|stated|reported)? ?in ([A-Za-z. $]{3,40}?)(?:[.,;]|\s+unless\b|\s+and (?:are|is)\b)/i.exec(
      text,
    );
  if (stated !== null)
    for (const [re, code] of CURRENCY_MARKS)
      if (re.test(stated[1]!)) return { currency: code, evidence: stated[0].slice(0, 200) };
  const counts = new Map<string, number>();
  for (const [re, code] of CURRENCY_MARKS) {
    const n = text.match(new RegExp(re.source, `g${re.flags}`))?.length ?? 0;
    if (n > 0) counts.set(code, n);
  }
  // "US$" marks US dollars too, unless another currency is named (then it marks the translation).
  // (h-earn29: Qorvo's "Revenue | $ | 832.3 | $ | 845.7": a "$" cell of its own before a figure cell marks that figure
  // a dollar amount as "$832.3" does.)
  const dollars =
    (text.match(/(?<![A-Z])\$(?:[ \t]*\|)?\s?\(?\d/g)?.length ?? 0) +
    (counts.size === 0 ? (text.match(/\bUS\$\s?\(?\d/g)?.length ?? 0) : 0);
  let best: [string, number] | null = dollars > 0 ? ['USD', dollars] : null;
  for (const [code, n] of counts) if (best === null || n > best[1] * 2) best = [code, n];
  // A release whose first amount carries another currency's mark, a mark used at least a third as often as "$", is in
  // that currency: its "$" amounts are translations ("net income of NT$139.69 billion ... In US dollars, revenue was
  // $12.92 billion").
  if (best?.[0] === 'USD') {
    const firstDollar = /(?<![A-Z])\$(?:[ \t]*\|)?\s?\(?\d/.exec(text)?.index ?? Number.POSITIVE_INFINITY;
    for (const [re, code] of CURRENCY_MARKS) {
      const n = counts.get(code) ?? 0;
      const at = re.exec(text)?.index;
      if (at !== undefined && at < firstDollar && n * 3 >= dollars) {
        best = [code, n];
        break;
      }
    }
  }
  // (h-earn27: ASX Limited FY 2006, "$137.1 million" ... "120.1 cents per share fully franked".) Plain "$" amounts in a
  // release whose dividends are franked (Australia's imputation credits) are Australian dollars, unless the text also
  // writes US dollars out ("US$", "USD", "U.S. dollars": an Australian-listed company reporting in US dollars).
  const franked = /\b(?:fully |partly |un)?franked\b|\bfranking\b/i.exec(text);
  if (best?.[0] === 'USD' && franked !== null && !/\bUS\$|\bUSD\b|\bU\.?S\.? dollars?\b/i.test(text))
    return {
      currency: 'AUD',
      evidence: `"$" on ${dollars} figures; "${text.slice(Math.max(0, franked.index - 30), franked.index + franked[0].length)}" (franked dividends are Australian)`,
    };
  // Plain "$" amounts in a release whose only listing named is on a Canadian exchange ("(TSX: SCL)", "SCL.TO"; no NYSE,
  // Nasdaq, NYSE American or OTC market named) are Canadian dollars, unless the text writes US dollars out: a Canadian
  // issuer reporting in another currency must say so.
  const canadian = /\((?:TSX|TSX-?V)\s?:\s?[A-Z][A-Z.]*\)|\b[A-Z]{1,5}(?:\.[A-Z])?\.TO\b/.exec(text);
  if (
    best?.[0] === 'USD' &&
    canadian !== null &&
    !/\b(?:NYSE|Nasdaq|NASDAQ|AMEX|OTC[A-Z]*)\b/.test(text) &&
    !/\bUS\$|\bUSD\b|\bU\.?S\.? dollars?\b/i.test(text)
  )
    return {
      currency: 'CAD',
      evidence: `"$" on ${dollars} figures; "${canadian[0]}" (listed only in Canada)`,
    };
  // (h-earn39: Axtel Q4 2007, "San Pedro Garza Garcia, Mexico ... Ps. 2,987.9 million".) "Ps." before an amount marks
  // pesos; in a release that names Mexico and no other peso country, and marks no other currency, they are Mexican pesos.
  if (best === null) {
    const pesos = text.match(/\bPs\.\s?\(?\d/g)?.length ?? 0;
    const mexico = /\bMexic(?:o|an)\b/.exec(text);
    if (
      pesos > 0 &&
      mexico !== null &&
      !/\b(?:Argentin|Colombi|Chile|Philippin|Urugua|Dominican|Cuba)/i.test(text)
    )
      return {
        currency: 'MXN',
        evidence: `"Ps." on ${pesos} figures; "${text.slice(Math.max(0, mexico.index - 30), mexico.index + mexico[0].length)}"`,
      };
    return { currency: null, evidence: null };
  }
  return {
    currency: best[0],
    evidence: best[0] === 'USD' ? `"$" on ${dollars} figures` : `${best[0]} marks on ${best[1]} figures`,
  };
}
