import type { Database } from '../../lib/db.ts';
import type { CursorKey } from '../platform/cursors.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute, type Page } from '../platform/route.ts';
import { type Exhibit, eventDetails } from './8k-event-details.ts';
import { afterFilingWhere, companyExhibits, filedAt, filedAtWhere } from './8k-exhibits.ts';
import {
  currentItem,
  FAMILIES,
  type Family,
  familyItems,
  ITEM_BY_CODE,
  ITEMS,
  storedCodes,
} from './8k-families.ts';
import { EVENT_EXAMPLE, EVENT_SCHEMA, FAMILY_EXAMPLE, FAMILY_SCHEMA } from './8k-schemas.ts';

/**
 * 8-K events (spec 4.10, designed here): one event per item of an 8-K or 8-K/A as the filing-items
 * pipeline split it (filing_items), read at request time, so a re-parse shows at once. Items are
 * reported under their current number (pre-2004 numbers mapped, `item_as_filed` keeps the original)
 * and grouped into families (8k-families.ts). Fund, 1 credit; the families list is free.
 */
const EXCERPT_CHARS = 600;
const FAMILY_NAMES = FAMILIES.map((f) => f.family);

const eventFilters = {
  family: p.repeatable(
    p.oneOf(FAMILY_NAMES, {
      description: 'Event family (repeat for several); see /v1/8k-events/families',
      example: 'other',
    }),
    6,
  ),
  item: p.repeatable(
    p.string({
      description:
        'Current 8-K item number, e.g. 2.02 or 5.02 (pre-2004 items match under their current number)',
      max: 5,
      pattern: /^\d\.\d{2}$/,
      patternHint: 'must be an item number such as 2.02',
      example: '8.01',
    }),
    40,
  ),
  ...filedAt,
};
type EventFilters = p.ParsedQuery<typeof eventFilters>;

interface StoredEvent {
  accession_number: string;
  ordinal: number;
  number: string;
  name: string;
  text: string;
  cik: string;
  form: string;
  filing_date: string;
  report_date: string | null;
  document_url: string;
  exhibits: Exhibit[];
  company_id: string | null;
  company_name: string | null;
  ticker: string | null;
}

function storedItemCodes(q: EventFilters): string[] | null {
  const wanted = new Set<string>();
  let filtered = false;
  if (q.item?.length) {
    filtered = true;
    for (const it of q.item) {
      if (!ITEM_BY_CODE.has(it))
        throw new ApiError(400, `Unknown 8-K item '${it}': see /v1/8k-events/families`);
    }
  }
  const items = q.item?.length ? q.item : ITEMS.map((x) => x.item);
  const families = q.family?.length ? new Set(q.family) : null;
  if (families) filtered = true;
  for (const it of items) {
    if (families && !families.has(ITEM_BY_CODE.get(it)!.family)) continue;
    for (const code of storedCodes(it)) wanted.add(code);
  }
  return filtered ? [...wanted] : null;
}

async function readEvents(database: Database, q: EventFilters, page: Page, cik: string | null) {
  const params: unknown[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`d.filing_type in ('8-K', '8-K/A')`];
  if (cik) where.push(`d.cik = ${bind(Number(cik))}`);
  const codes = storedItemCodes(q);
  if (codes) where.push(`i.number = any(${bind(codes)}::text[])`);
  where.push(...filedAtWhere(q, bind));
  // newest filing first, a filing's items in document order
  if (page.after) where.push(afterFilingWhere(page.after, bind, 'i.accession_number', 'i.ordinal'));
  const rows = await database.query<StoredEvent>(
    `select i.accession_number, i.ordinal, i.number, i.name, left(i.text, ${EXCERPT_CHARS * 2}) as text,
            lpad(d.cik::text, 10, '0') as cik, d.form, d.filing_date::text as filing_date,
            d.report_date::text as report_date, d.document_url, d.exhibits,
            c.company_id, c.company_name, c.primary_ticker as ticker
       from filing_items i join filing_documents d on d.accession_number = i.accession_number
       left join companies c on c.cik = lpad(d.cik::text, 10, '0')
      where ${where.join(' and ')}
      order by d.filing_date desc, i.accession_number desc, i.ordinal asc
      limit ${bind(page.fetch)}`,
    params,
  );
  return rows.flatMap((r) => {
    const it = currentItem(r.number);
    if (!it) return [];
    const decl = ITEM_BY_CODE.get(it.item)!;
    const row = {
      event_id: `${r.accession_number}:${it.asFiled}`,
      company_id: r.company_id,
      company_name: r.company_name,
      ticker: r.ticker,
      cik: r.cik,
      accession_number: r.accession_number,
      form: r.form,
      filing_date: r.filing_date,
      report_date: r.report_date,
      item: it.item,
      item_as_filed: it.asFiled,
      item_name: decl.name,
      family: decl.family,
      excerpt: excerpt(r.text),
      details: eventDetails(it.item, r.text, r.exhibits),
      filing_url: r.document_url,
      exhibits: r.exhibits,
    };
    const key: CursorKey = [r.filing_date, r.accession_number, r.ordinal];
    return [Object.defineProperty(row, '__key', { value: key, enumerable: false })];
  });
}

/** The item's opening words, whitespace folded, cut at a word boundary. */
function excerpt(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= EXCERPT_CHARS) return t;
  const cut = t.slice(0, EXCERPT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_CHARS - 40))}…`;
}

const cursorKey = (row: { __key: CursorKey }) => row.__key;
const EVENTS_DESCRIPTION =
  'One event per item of an 8-K or 8-K/A (Item 9.01, the exhibits item, included), newest filing first: the item under its current number (pre-2004 items 1-12 mapped: 5 -> 8.01, 7 -> 9.01, 12 -> 2.02, ...; item_as_filed keeps the original), its family, the opening words of its text, the filing’s exhibits, and structured details for 5.02 (officer_changes: person, role, change appointed|departed|compensation) and 2.02 (press_release: the EX-99.1). Filter by family, item and filing date. Fund plan, 1 credit per page.';

export const listEvents = defineRoute({
  path: '/v1/8k-events',
  summary: '8-K events across companies',
  description: EVENTS_DESCRIPTION,
  tags: ['8-K events'],
  envelope: 'A',
  access: { dataset: '8k_events' },
  query: eventFilters,
  page: { default: 100, max: 1000 },
  cursorKey,
  response: { schema: EVENT_SCHEMA, example: EVENT_EXAMPLE },
  handler: async ({ database, query, page }) => readEvents(database, query, page, null),
});

export const companyEvents = defineRoute({
  path: '/v1/companies/:company_id/8k-events',
  summary: 'A company’s 8-K events',
  description: EVENTS_DESCRIPTION,
  tags: ['8-K events'],
  envelope: 'A',
  access: { dataset: '8k_events' },
  company: 'resolve',
  query: eventFilters,
  page: { default: 100, max: 1000 },
  cursorKey,
  response: { schema: EVENT_SCHEMA, example: EVENT_EXAMPLE },
  handler: async ({ database, query, page, company }) =>
    company?.cik ? readEvents(database, query, page, company.cik) : [],
});

export const listFamilies = defineRoute({
  path: '/v1/8k-events/families',
  summary: '8-K event families and the items in each',
  description:
    'The reference for the family and item filters: each family with its current 8-K items (number, name) and the pre-2004 item numbers that map to them. Free, on every plan.',
  tags: ['8-K events'],
  envelope: 'A',
  access: { dataset: '8k_events_reference' },
  response: { schema: FAMILY_SCHEMA, example: FAMILY_EXAMPLE },
  handler: async () =>
    FAMILIES.map((f) => ({
      family: f.family,
      description: f.description,
      items: familyItems(f.family as Family).map((item) => ({
        item,
        name: ITEM_BY_CODE.get(item)!.name,
        pre_2004: storedCodes(item)
          .slice(1)
          .map((c) => c.replace('Item-', '')),
      })),
    })),
});

export const eightKEventRoutes = [
  asAnyRoute(listFamilies),
  asAnyRoute(listEvents),
  asAnyRoute(companyEvents),
  asAnyRoute(companyExhibits),
];
