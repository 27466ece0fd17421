/**
 * The 8-K item catalog as data: every current item (since 2004-08-23), its family, and the pre-2004
 * item numbers mapped onto it. An event's `item` is always the current number; `item_as_filed` keeps
 * the number the filing used.
 */
export type Family = 'results' | 'leadership' | 'deals' | 'financing' | 'governance' | 'other';

export const FAMILIES: readonly { family: Family; description: string }[] = [
  { family: 'results', description: 'Earnings releases, impairments and exit costs' },
  { family: 'leadership', description: 'Directors and officers: appointments, departures, pay' },
  { family: 'deals', description: 'Material agreements, acquisitions and disposals, changes in control' },
  {
    family: 'financing',
    description: 'Debt obligations, their acceleration, unregistered equity sales, bankruptcy',
  },
  {
    family: 'governance',
    description:
      'Listing, auditors, restatements (non-reliance), charter and bylaws, code of ethics, shareholder votes',
  },
  {
    family: 'other',
    description: 'Regulation FD, other events, exhibits, asset-backed and mine-safety items',
  },
];

export interface ItemDecl {
  item: string;
  name: string;
  family: Family;
}

const i = (item: string, family: Family, name: string): ItemDecl => ({ item, family, name });

export const ITEMS: readonly ItemDecl[] = [
  i('1.01', 'deals', 'Entry into a Material Definitive Agreement'),
  i('1.02', 'deals', 'Termination of a Material Definitive Agreement'),
  i('1.03', 'financing', 'Bankruptcy or Receivership'),
  i('1.04', 'other', 'Mine Safety - Reporting of Shutdowns and Patterns of Violations'),
  i('1.05', 'other', 'Material Cybersecurity Incidents'),
  i('2.01', 'deals', 'Completion of Acquisition or Disposition of Assets'),
  i('2.02', 'results', 'Results of Operations and Financial Condition'),
  i('2.03', 'financing', 'Creation of a Direct Financial Obligation or an Off-Balance Sheet Arrangement'),
  i('2.04', 'financing', 'Triggering Events That Accelerate or Increase a Direct Financial Obligation'),
  i('2.05', 'results', 'Costs Associated with Exit or Disposal Activities'),
  i('2.06', 'results', 'Material Impairments'),
  i(
    '3.01',
    'governance',
    'Notice of Delisting or Failure to Satisfy a Continued Listing Rule; Transfer of Listing',
  ),
  i('3.02', 'financing', 'Unregistered Sales of Equity Securities'),
  i('3.03', 'governance', 'Material Modification to Rights of Security Holders'),
  i('4.01', 'governance', "Changes in Registrant's Certifying Accountant"),
  i('4.02', 'governance', 'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report'),
  i('5.01', 'deals', 'Changes in Control of Registrant'),
  i('5.02', 'leadership', 'Departure or Election of Directors or Officers; Compensatory Arrangements'),
  i('5.03', 'governance', 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year'),
  i('5.04', 'governance', "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans"),
  i('5.05', 'governance', 'Amendment to or Waiver of the Code of Ethics'),
  i('5.06', 'governance', 'Change in Shell Company Status'),
  i('5.07', 'governance', 'Submission of Matters to a Vote of Security Holders'),
  i('5.08', 'governance', 'Shareholder Director Nominations'),
  i('6.01', 'other', 'ABS Informational and Computational Material'),
  i('6.02', 'other', 'Change of Servicer or Trustee'),
  i('6.03', 'other', 'Change in Credit Enhancement or Other External Support'),
  i('6.04', 'other', 'Failure to Make a Required Distribution'),
  i('6.05', 'other', 'Securities Act Updating Disclosure'),
  i('6.06', 'other', 'Static Pool'),
  i('7.01', 'other', 'Regulation FD Disclosure'),
  i('8.01', 'other', 'Other Events'),
  i('9.01', 'other', 'Financial Statements and Exhibits'),
];

/**
 * The 8-K items before 2004-08-23 (numbered 1-12) and the current item each became. Item 9 was
 * Regulation FD disclosure from 2000 (before that, Regulation S sales, rarely used), so it maps to 7.01.
 */
export const PRE_2004: Readonly<Record<string, string>> = {
  '1': '5.01',
  '2': '2.01',
  '3': '1.03',
  '4': '4.01',
  '5': '8.01',
  '6': '5.02',
  '7': '9.01',
  '8': '5.03',
  '9': '7.01',
  '10': '5.05',
  '11': '5.04',
  '12': '2.02',
};

export const ITEM_BY_CODE = new Map(ITEMS.map((x) => [x.item, x]));

/** The stored item codes (`Item-2.02`, `Item-5`) of an event item, current and pre-2004. */
export function storedCodes(item: string): string[] {
  const old = Object.entries(PRE_2004)
    .filter(([, now]) => now === item)
    .map(([n]) => `Item-${n}`);
  return [`Item-${item}`, ...old];
}

/** `Item-5` -> 8.01 (pre-2004), `Item-2.02` -> 2.02; null for a code outside the catalog. */
export function currentItem(stored: string): { item: string; asFiled: string } | null {
  const n = stored.replace(/^Item-/, '');
  const item = n.includes('.') ? n : PRE_2004[n];
  return item && ITEM_BY_CODE.has(item) ? { item, asFiled: n } : null;
}

export const familyItems = (family: Family) => ITEMS.filter((x) => x.family === family).map((x) => x.item);
