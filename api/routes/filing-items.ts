import type { Database } from '../../lib/db.ts';
import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { ITEM_TYPES } from './filings-reference.ts';
import { statementCompany } from './statement-query.ts';

/**
 * One filing split into items (spec 4.2, 2.4): envelope B, 1 credit, refunded when the filing could not be
 * split (200 with `items_unavailable_reason`). Reads filing_documents / filing_items / filing_exhibits, which
 * the filing_items job fills. The exhibit list is attached to the filing's exhibits item (10-K Item 15 or
 * its era's equivalent, 10-Q Part II Item 6, 8-K Item 9.01 or pre-2004 Item 7), the item that lists them.
 */

type Form = keyof typeof ITEM_TYPES;
const FORMS = Object.keys(ITEM_TYPES) as Form[];

const ITEM_5 =
  'Item 5. OTHER EVENTS.\n(i) Reference is made to the press release issued to the public by the registrant on January 19, 2000, the text of which is attached hereto as an exhibit, for a description of the events reported pursuant to this Form 8-K.';
const ITEM_7 =
  'Item 7. FINANCIAL STATEMENTS, PRO FORMA FINANCIAL INFORMATION AND EXHIBITS.\n(c) Exhibits\n99.1. Text of press release dated January 19, 2000.';
const EXAMPLE = {
  resource: 'filing_items',
  ticker: 'AAPL',
  cik: 320193,
  filing_type: '8-K',
  accession_number: '0000912057-00-002128',
  year: 2000,
  items: [
    { number: 'Item-5', name: 'Other Events', text: ITEM_5, text_mode: 'literal', exhibits: [] },
    {
      number: 'Item-7',
      name: 'Financial Statements, Pro Forma Financial Information and Exhibits',
      text: ITEM_7,
      text_mode: 'literal',
      exhibits: [
        {
          number: '99.1',
          description: 'EXHIBIT 99.1',
          url: 'https://www.sec.gov/Archives/edgar/data/320193/000091205700002128/0000912057-00-002128.txt',
        },
      ],
    },
  ],
};

const str = { type: 'string' };
const ITEMS_SCHEMA = {
  type: 'object',
  required: ['resource', 'ticker', 'cik', 'filing_type', 'accession_number', 'year', 'items'],
  properties: {
    resource: str,
    ticker: str,
    cik: { type: 'integer' },
    filing_type: { ...str, description: '10-K, 10-Q, 8-K, or the amendment an accession_number selected' },
    accession_number: str,
    year: { type: 'integer', description: 'Calendar year of the period of report' },
    quarter: { type: 'integer', minimum: 1, maximum: 4, description: '10-Q only' },
    items_unavailable_reason: {
      ...str,
      enum: ['unparseable_document'],
      description: 'Only when items is empty because the filing could not be split (credit refunded)',
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['number', 'name', 'text', 'text_mode', 'exhibits'],
        properties: {
          number: {
            ...str,
            description:
              'Item-1A (10-K), Part-II-Item-1A (10-Q), Item-2.02 (8-K), Item-5 (8-K before 2004-08-23)',
          },
          name: { ...str, description: 'Standard title (the era title when the numbering changed)' },
          text: str,
          text_mode: { ...str, enum: ['literal', 'resolved'] },
          resolved: {
            type: 'object',
            description: 'Only when text_mode is resolved',
            required: ['source', 'text_chars', 'truncated'],
            properties: {
              source: { ...str, enum: ['in_document', 'annual_report_exhibit'] },
              resolved_from: str,
              text_chars: { type: 'integer' },
              truncated: { type: 'boolean' },
            },
          },
          exhibits: {
            type: 'array',
            description: 'Filled (include_exhibits=true) on the exhibits item only',
            items: {
              type: 'object',
              required: ['number', 'description', 'url'],
              properties: {
                number: { ...str, description: 'EDGAR document type without EX-: 99.1, 31.1, 101.INS' },
                description: { type: ['string', 'null'] },
                url: str,
                text: {
                  type: ['string', 'null'],
                  description:
                    'include_exhibit_text=true: plain text, capped at 100,000 characters; null for binary and XBRL exhibits',
                },
                truncated: { type: 'boolean', description: 'With text: the exhibit was longer than the cap' },
              },
            },
          },
        },
      },
    },
  },
};

const itemsQuery = {
  ticker: p.string({ description: 'Ticker, resolved to a CIK', max: 20, required: true, example: 'AAPL' }),
  filing_type: p.oneOf(FORMS, { description: '10-K, 10-Q or 8-K', required: true, example: '8-K' }),
  year: p.int({
    description: 'Calendar year of the period of report',
    min: 1993,
    max: 2100,
    required: true,
    example: 2000,
  }),
  quarter: p.int({
    description: 'Calendar quarter of the period of report; required for 10-Q, ignored otherwise',
    min: 1,
    max: 4,
    examples: { 'Q2, with filing_type=10-Q': 2 },
  }),
  accession_number: p.string({
    description:
      'Required for 8-K (dashes optional); selects the exact report (an amendment too) for any type',
    pattern: /^(\d{10}-\d{2}-\d{6}|\d{18})$/,
    patternHint: 'must be an accession number such as 0000912057-00-002128 or 000091205700002128',
    example: '0000912057-00-002128',
  }),
  item: p.repeatable(
    p.string({
      description:
        'Item filter, repeatable: 1A, item-1a, Item-1A, 2.02, Part-II-Item-1A (a bare 10-Q number matches both parts). Default: all extracted items',
      max: 30,
      pattern: /^[A-Za-z0-9. -]+$/,
      patternHint: 'must be an item code such as 1A, Item-1A, 2.02 or Part-II-Item-1A',
      example: '5',
    }),
    30,
  ),
  include_exhibits: p.boolean({
    description: 'Fill exhibits[] (number, description, url). Default false',
    example: true,
  }),
  include_exhibit_text: p.boolean({
    description:
      'With include_exhibits: also each exhibit body (capped at 100,000 characters, truncated flag). Default false',
    example: false,
  }),
  resolve: p.boolean({
    description: 'Expand items incorporated by reference (text_mode resolved, resolved block). Default false',
    example: true,
  }),
};

/** The canonical codes a filter value stands for within a form; empty when it names no item of the form. */
export function itemCodes(form: Form, raw: string): string[] {
  const v = raw.trim().toUpperCase().replace(/[ _]+/g, '-');
  const part = /^PART-?(I{1,2})-?ITEM-?(.+)$/.exec(v);
  const num = (part ? part[2]! : v.replace(/^ITEM-?/, '')).replace(/\.$/, '');
  const codes = ITEM_TYPES[form].map((t) => t.code);
  const wanted = part
    ? [`Part-${part[1]}-Item-${num}`]
    : form === '10-Q'
      ? [`Part-I-Item-${num}`, `Part-II-Item-${num}`]
      : [`Item-${num}`];
  return codes.filter((c) => wanted.some((w) => w.toUpperCase() === c.toUpperCase()));
}

interface DocumentRow {
  accession_number: string;
  cik: string;
  filing_type: string;
  year: number;
  quarter: number | null;
  status: string;
  exhibits: { number: string; description: string | null; url: string }[];
}

async function findFiling(database: Database, cik: number, q: p.ParsedQuery<typeof itemsQuery>) {
  const params: unknown[] = [cik, q.year];
  const where = ['cik = $1', 'year = $2'];
  if (q.filing_type === '10-Q') {
    params.push(q.quarter);
    where.push(`quarter = $${params.length}`);
  }
  if (q.accession_number) {
    const d = q.accession_number.replace(/-/g, '');
    params.push(`${d.slice(0, 10)}-${d.slice(10, 12)}-${d.slice(12)}`, [q.filing_type, `${q.filing_type}/A`]);
    where.push(`accession_number = $${params.length - 1}`, `filing_type = any($${params.length}::text[])`);
  } else {
    params.push(q.filing_type);
    where.push(`filing_type = $${params.length}`);
  }
  const [row] = await database.query<DocumentRow>(
    `select accession_number, cik, filing_type, year, quarter, status, exhibits from filing_documents
      where ${where.join(' and ')} order by filing_date desc, accession_number desc limit 1`,
    params,
  );
  return row;
}

export const filingItemsRoute = defineRoute({
  path: '/v1/filings/items',
  summary: 'Filing items',
  description:
    'One 10-K, 10-Q or 8-K split into its items. ticker, filing_type and year are required; quarter for 10-Q; accession_number for 8-K. Without accession_number the newest original filing of the period is served. 404 when no such filing is loaded. A filing that could not be split is a 200 with empty items and items_unavailable_reason (credit refunded).',
  tags: ['Filings'],
  envelope: 'B',
  access: { dataset: 'filing_items' },
  query: itemsQuery,
  validate: (q) => {
    if (q.filing_type === '10-Q' && q.quarter === undefined) return 'quarter is required for 10-Q';
    if (q.filing_type === '8-K' && !q.accession_number) return 'accession_number is required for 8-K';
    for (const i of q.item ?? []) {
      if (q.filing_type && itemCodes(q.filing_type, i).length === 0)
        return `Unknown ${q.filing_type} item '${i}'; see /v1/filings/items/types`;
    }
    return undefined;
  },
  response: { schema: ITEMS_SCHEMA, example: EXAMPLE },
  notFound: 'No such filing is loaded for the company, type and period (or accession number)',
  handler: async ({ database, query, refund }) => {
    const company = await statementCompany(database, { ticker: query.ticker! });
    const form = query.filing_type!;
    const doc = await findFiling(database, company.cik, query);
    if (!doc) {
      const period = form === '10-Q' ? `${query.year} Q${query.quarter}` : `${query.year}`;
      const acc = query.accession_number ? ` with accession number ${query.accession_number}` : '';
      throw new ApiError(
        404,
        `No ${form} filing for ${company.ticker ?? query.ticker} (period ${period})${acc} is loaded`,
      );
    }
    const head = {
      resource: 'filing_items',
      ticker: company.ticker,
      cik: company.cik,
      filing_type: doc.filing_type,
      accession_number: doc.accession_number,
      year: doc.year,
      ...(form === '10-Q' ? { quarter: doc.quarter } : {}),
    };
    if (doc.status === 'unparseable_document') {
      refund();
      return { ...head, items: [], items_unavailable_reason: 'unparseable_document' };
    }
    return { ...head, items: await readItems(database, doc, form, query) };
  },
});

async function readItems(
  database: Database,
  doc: DocumentRow,
  form: Form,
  q: p.ParsedQuery<typeof itemsQuery>,
) {
  const rows = await database.query<{
    number: string;
    name: string;
    text: string;
    resolved_text: string | null;
    resolved: Record<string, unknown> | null;
  }>(
    'select number, name, text, resolved_text, resolved from filing_items where accession_number = $1 order by ordinal',
    [doc.accession_number],
  );
  const exhibitsItem = rows.findLast((r) => /exhibit/i.test(r.name)) ?? rows.at(-1);
  let exhibits: Record<string, unknown>[] = [];
  if (q.include_exhibits) {
    exhibits = doc.exhibits.map((e) => ({ ...e }));
    if (q.include_exhibit_text) {
      const bodies = await database.query<{
        number: string;
        url: string;
        text: string | null;
        truncated: boolean;
      }>('select number, url, text, truncated from filing_exhibits where accession_number = $1', [
        doc.accession_number,
      ]);
      const byKey = new Map(bodies.map((b) => [`${b.number}|${b.url}`, b]));
      for (const e of exhibits) {
        const b = byKey.get(`${e.number}|${e.url}`);
        e.text = b?.text ?? null;
        e.truncated = b?.truncated ?? false;
      }
    }
  }
  const wanted = q.item ? new Set(q.item.flatMap((i) => itemCodes(form, i))) : null;
  return rows
    .filter((r) => !wanted || wanted.has(r.number))
    .map((r) => {
      const resolved = q.resolve && r.resolved_text !== null;
      return {
        number: r.number,
        name: r.name,
        text: resolved ? r.resolved_text : r.text,
        text_mode: resolved ? 'resolved' : 'literal',
        ...(resolved && r.resolved ? { resolved: r.resolved } : {}),
        exhibits: r === exhibitsItem ? exhibits : [],
      };
    });
}

export const filingItemTypes = defineRoute({
  path: '/v1/filings/items/types',
  summary: 'Filing item types',
  description:
    'Free: per form (10-K, 10-Q, 8-K) the item codes /v1/filings/items serves and their standard titles. Codes of older numberings (10-KSB, 8-K before 2004-08-23) follow the current ones.',
  tags: ['Filings'],
  envelope: 'B',
  access: { dataset: 'filing_items', creditCost: 0 },
  response: {
    schema: {
      type: 'object',
      required: FORMS,
      properties: Object.fromEntries(
        FORMS.map((f) => [
          f,
          {
            type: 'array',
            items: { type: 'object', required: ['code', 'title'], properties: { code: str, title: str } },
          },
        ]),
      ),
    },
    example: {
      '10-K': ITEM_TYPES['10-K'].slice(0, 2),
      '10-Q': ITEM_TYPES['10-Q'].slice(0, 2),
      '8-K': ITEM_TYPES['8-K'].slice(0, 2),
    },
  },
  handler: async () => ITEM_TYPES,
});

export const filingItemsRoutes = [asAnyRoute(filingItemsRoute), asAnyRoute(filingItemTypes)];
