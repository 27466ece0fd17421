/**
 * Item codes and standard titles per form.
 *
 * Canonical codes (what the API serves as `number`):
 * - 10-K: `Item-1`, `Item-1A`, ... `Item-16`. A 10-KSB keeps its own numbering under the same code shape
 *   (`Item-6` is "Management's Discussion and Analysis or Plan of Operation" there), plus `Item-8A`/`Item-8B`.
 * - 10-Q: the part is part of the code, so Part I Item 2 and Part II Item 2 never collide:
 *   `Part-I-Item-1` ... `Part-I-Item-4`, `Part-II-Item-1`, `Part-II-Item-1A`, `Part-II-Item-2` ... `Part-II-Item-6`.
 * - 8-K (filed on or after 2004-08-23): `Item-1.01` ... `Item-9.01`.
 * - 8-K filed before 2004-08-23 (old Items 1-12): `Item-1` ... `Item-12`; no overlap with the dotted codes.
 *
 * A code may carry several era titles (first = current): the name served is the one the heading matches,
 * so a 2002 `ITEM 14. CONTROLS AND PROCEDURES` is named "Controls and Procedures", not "Principal
 * Accountant Fees and Services".
 */
export type ItemForm = '10-K' | '10-Q' | '8-K';
export type Scheme = '10-K' | '10-KSB' | '10-Q' | '8-K' | '8-K-pre2004' | '20-F';

export interface CatalogItem {
  code: string;
  /** The number as it appears in headings (`1A`, `2.02`, `14`). */
  number: string;
  /** 10-Q only. */
  part?: 'I' | 'II';
  titles: string[];
}

const k = (number: string, ...titles: string[]): CatalogItem => ({ code: `Item-${number}`, number, titles });
const q = (part: 'I' | 'II', number: string, ...titles: string[]): CatalogItem => ({
  code: `Part-${part}-Item-${number}`,
  number,
  part,
  titles,
});

const TEN_K: CatalogItem[] = [
  k('1', 'Business'),
  k('1A', 'Risk Factors'),
  k('1B', 'Unresolved Staff Comments'),
  k('1C', 'Cybersecurity'),
  k('2', 'Properties'),
  k('3', 'Legal Proceedings'),
  k(
    '4',
    'Mine Safety Disclosures',
    'Submission of Matters to a Vote of Security Holders',
    '(Removed and Reserved)',
  ),
  k(
    '5',
    "Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities",
  ),
  k('6', '[Reserved]', 'Selected Financial Data'),
  k('7', "Management's Discussion and Analysis of Financial Condition and Results of Operations"),
  k('7A', 'Quantitative and Qualitative Disclosures About Market Risk'),
  k('8', 'Financial Statements and Supplementary Data'),
  k('9', 'Changes in and Disagreements with Accountants on Accounting and Financial Disclosure'),
  k('9A', 'Controls and Procedures'),
  k('9B', 'Other Information'),
  k('9C', 'Disclosure Regarding Foreign Jurisdictions that Prevent Inspections'),
  k(
    '10',
    'Directors, Executive Officers and Corporate Governance',
    'Directors and Executive Officers of the Registrant',
  ),
  k('11', 'Executive Compensation'),
  k(
    '12',
    'Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters',
    'Security Ownership of Certain Beneficial Owners and Management',
  ),
  k(
    '13',
    'Certain Relationships and Related Transactions, and Director Independence',
    'Certain Relationships and Related Transactions',
  ),
  k(
    '14',
    'Principal Accountant Fees and Services',
    'Controls and Procedures',
    'Exhibits, Financial Statement Schedules, and Reports on Form 8-K',
  ),
  k(
    '15',
    'Exhibits and Financial Statement Schedules',
    'Exhibits, Financial Statement Schedules, and Reports on Form 8-K',
  ),
  k('16', 'Form 10-K Summary'),
];

const TEN_KSB: CatalogItem[] = [
  k('1', 'Description of Business'),
  k('2', 'Description of Property'),
  k('3', 'Legal Proceedings'),
  k('4', 'Submission of Matters to a Vote of Security Holders'),
  k('5', 'Market for Common Equity and Related Stockholder Matters'),
  k('6', "Management's Discussion and Analysis or Plan of Operation"),
  k('7', 'Financial Statements'),
  k('8', 'Changes in and Disagreements with Accountants on Accounting and Financial Disclosure'),
  k('8A', 'Controls and Procedures'),
  k('8B', 'Other Information'),
  k(
    '9',
    'Directors, Executive Officers, Promoters, Control Persons and Corporate Governance; Compliance with Section 16(a) of the Exchange Act',
  ),
  k('10', 'Executive Compensation'),
  k('11', 'Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters'),
  k('12', 'Certain Relationships and Related Transactions, and Director Independence'),
  k('13', 'Exhibits'),
  k('14', 'Principal Accountant Fees and Services'),
];

const TEN_Q: CatalogItem[] = [
  q('I', '1', 'Financial Statements'),
  q('I', '2', "Management's Discussion and Analysis of Financial Condition and Results of Operations"),
  q('I', '3', 'Quantitative and Qualitative Disclosures About Market Risk'),
  q('I', '4', 'Controls and Procedures'),
  q('II', '1', 'Legal Proceedings'),
  q('II', '1A', 'Risk Factors'),
  q('II', '2', 'Unregistered Sales of Equity Securities and Use of Proceeds', 'Changes in Securities'),
  q('II', '3', 'Defaults Upon Senior Securities'),
  q(
    'II',
    '4',
    'Mine Safety Disclosures',
    'Submission of Matters to a Vote of Security Holders',
    '(Removed and Reserved)',
  ),
  q('II', '5', 'Other Information'),
  q('II', '6', 'Exhibits', 'Exhibits and Reports on Form 8-K'),
];

const EIGHT_K: CatalogItem[] = [
  k('1.01', 'Entry into a Material Definitive Agreement'),
  k('1.02', 'Termination of a Material Definitive Agreement'),
  k('1.03', 'Bankruptcy or Receivership'),
  k('1.04', 'Mine Safety - Reporting of Shutdowns and Patterns of Violations'),
  k('1.05', 'Material Cybersecurity Incidents'),
  k('2.01', 'Completion of Acquisition or Disposition of Assets'),
  k('2.02', 'Results of Operations and Financial Condition'),
  k(
    '2.03',
    'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant',
  ),
  k(
    '2.04',
    'Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
  ),
  k('2.05', 'Costs Associated with Exit or Disposal Activities'),
  k('2.06', 'Material Impairments'),
  k(
    '3.01',
    'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing',
  ),
  k('3.02', 'Unregistered Sales of Equity Securities'),
  k('3.03', 'Material Modification to Rights of Security Holders'),
  k('4.01', "Changes in Registrant's Certifying Accountant"),
  k(
    '4.02',
    'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
  ),
  k('5.01', 'Changes in Control of Registrant'),
  k(
    '5.02',
    'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers',
  ),
  k('5.03', 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year'),
  k('5.04', "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans"),
  k('5.05', "Amendment to Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics"),
  k('5.06', 'Change in Shell Company Status'),
  k('5.07', 'Submission of Matters to a Vote of Security Holders'),
  k('5.08', 'Shareholder Director Nominations'),
  k('6.01', 'ABS Informational and Computational Material'),
  k('6.02', 'Change of Servicer or Trustee'),
  k('6.03', 'Change in Credit Enhancement or Other External Support'),
  k('6.04', 'Failure to Make a Required Distribution'),
  k('6.05', 'Securities Act Updating Disclosure'),
  k('6.06', 'Static Pool'),
  k('7.01', 'Regulation FD Disclosure'),
  k('8.01', 'Other Events'),
  k('9.01', 'Financial Statements and Exhibits'),
];

const EIGHT_K_PRE2004: CatalogItem[] = [
  k('1', 'Changes in Control of Registrant'),
  k('2', 'Acquisition or Disposition of Assets'),
  k('3', 'Bankruptcy or Receivership'),
  k('4', "Changes in Registrant's Certifying Accountant"),
  k('5', 'Other Events', 'Other Events and Regulation FD Disclosure'),
  k('6', "Resignations of Registrant's Directors"),
  k(
    '7',
    'Financial Statements, Pro Forma Financial Information and Exhibits',
    'Financial Statements and Exhibits',
  ),
  k('8', 'Change in Fiscal Year'),
  k('9', 'Regulation FD Disclosure', 'Sales of Equity Securities Pursuant to Regulation S'),
  k('10', "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics"),
  k('11', "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans"),
  k('12', 'Results of Operations and Financial Condition'),
];

/**
 * Form 20-F (foreign private issuers): Items 1-19 with 4A and 16A-16J. The shared heading grammar reads a
 * sub-item letter A-D only, so 16A-16J carry a dotted heading number (`16.01` ... `16.10`) that
 * parsers/form-20f/items.ts writes into the headings before splitting; their codes stay `Item-16A` ...
 */
const s16 = (letter: string, ...titles: string[]): CatalogItem => ({
  code: `Item-16${letter}`,
  number: `16.${String(letter.charCodeAt(0) - 64).padStart(2, '0')}`,
  titles,
});
const TWENTY_F: CatalogItem[] = [
  k('1', 'Identity of Directors, Senior Management and Advisers'),
  k('2', 'Offer Statistics and Expected Timetable'),
  k('3', 'Key Information'),
  k('4', 'Information on the Company'),
  k('4A', 'Unresolved Staff Comments'),
  k('5', 'Operating and Financial Review and Prospects'),
  k('6', 'Directors, Senior Management and Employees'),
  k('7', 'Major Shareholders and Related Party Transactions'),
  k('8', 'Financial Information'),
  k('9', 'The Offer and Listing'),
  k('10', 'Additional Information'),
  k('11', 'Quantitative and Qualitative Disclosures About Market Risk'),
  k('12', 'Description of Securities Other than Equity Securities'),
  k('13', 'Defaults, Dividend Arrearages and Delinquencies'),
  k('14', 'Material Modifications to the Rights of Security Holders and Use of Proceeds'),
  k('15', 'Controls and Procedures'),
  k('16', '[Reserved]'),
  s16('A', 'Audit Committee Financial Expert'),
  s16('B', 'Code of Ethics'),
  s16('C', 'Principal Accountant Fees and Services'),
  s16('D', 'Exemptions from the Listing Standards for Audit Committees'),
  s16('E', 'Purchases of Equity Securities by the Issuer and Affiliated Purchasers'),
  s16('F', "Change in Registrant's Certifying Accountant"),
  s16('G', 'Corporate Governance'),
  s16('H', 'Mine Safety Disclosure'),
  s16('I', 'Disclosure Regarding Foreign Jurisdictions that Prevent Inspections'),
  s16('J', 'Insider Trading Policies'),
  k('17', 'Financial Statements'),
  k('18', 'Financial Statements'),
  k('19', 'Exhibits'),
];

export const CATALOGS: Readonly<Record<Scheme, readonly CatalogItem[]>> = {
  '10-K': TEN_K,
  '10-KSB': TEN_KSB,
  '10-Q': TEN_Q,
  '8-K': EIGHT_K,
  '8-K-pre2004': EIGHT_K_PRE2004,
  '20-F': TWENTY_F,
};

/** The day the current 8-K numbering took effect; earlier 8-Ks use Items 1-12. */
export const EIGHT_K_RENUMBERED_ON = '2004-08-23';

export interface ItemType {
  code: string;
  title: string;
}

const types = (scheme: Scheme, note = ''): ItemType[] =>
  CATALOGS[scheme].map((c) => ({ code: c.code, title: `${c.titles[0]}${note}` }));

/**
 * Reference map served by `/v1/filings/items/types`. Codes a 10-KSB or an old 8-K can carry that the current
 * form lacks are listed after the current ones, titled with their era.
 */
export const ITEM_TYPES: Readonly<Record<ItemForm, readonly ItemType[]>> = {
  '10-K': [
    ...types('10-K'),
    ...types('10-KSB', ' (Form 10-KSB)').filter((t) => t.code === 'Item-8A' || t.code === 'Item-8B'),
  ],
  '10-Q': types('10-Q'),
  '8-K': [...types('8-K'), ...types('8-K-pre2004', ' (8-K filed before 2004-08-23)')],
};

const STOP = new Set([
  'and',
  'the',
  'of',
  'in',
  'on',
  'for',
  'a',
  'an',
  'with',
  'to',
  'or',
  'about',
  'under',
  'that',
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

/**
 * How well a heading's own title matches the item: `score` is the share of the best title's words present
 * (0 when the heading has no title), `title` the era title that fits best (F1 over words, so the longer
 * "Exhibits, Financial Statement Schedules, and Reports on Form 8-K" wins over its prefix when it is meant).
 */
/**
 * True when a heading's title names the item by one of its titles word for word (stop words, case,
 * apostrophes and a plural "s" aside): what a bare "3. LEGAL PROCEEDINGS" must do to count as a heading.
 */
export function titleIsExactly(item: CatalogItem, headingTitle: string): boolean {
  const norm = (w: string) => w.replace(/s$/, '');
  const seen = new Set(words(headingTitle).map(norm));
  if (seen.size === 0) return false;
  return item.titles.some((title) => {
    const want = new Set(words(title).map(norm));
    return want.size === seen.size && [...want].every((w) => seen.has(w));
  });
}

export function titleMatch(item: CatalogItem, headingTitle: string): { score: number; title: string } {
  const seen = words(headingTitle.slice(0, 200));
  if (seen.length === 0) return { score: 0, title: item.titles[0]! };
  const have = new Set(seen);
  let best = { score: 0, title: item.titles[0]!, f1: 0 };
  for (const title of item.titles) {
    const want = words(title);
    if (want.length === 0) continue;
    const hits = want.filter((w) => have.has(w) || have.has(w.replace(/s$/, ''))).length;
    const f1 = (2 * hits) / (want.length + seen.length);
    if (f1 > best.f1) best = { score: hits / want.length, title, f1 };
  }
  return { score: best.score, title: best.title };
}
