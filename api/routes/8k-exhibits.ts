import type { CursorKey } from '../platform/cursors.ts';
import { ApiError, MALFORMED_CURSOR } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { defineRoute } from '../platform/route.ts';
import type { Exhibit } from './8k-event-details.ts';
import { currentItem } from './8k-families.ts';
import { EXHIBIT_EXAMPLE, EXHIBIT_SCHEMA } from './8k-schemas.ts';

/** Filing-date ranges whose examples together are one window (1999-2000, the demo's Apple 8-Ks). */
export const filedAt = {
  filed_at_gte: p.date({ description: 'Filed on or after (inclusive)', example: '1999-01-01' }),
  filed_at_lte: p.date({
    description: 'Filed on or before (inclusive)',
    examples: { 'with filed_at_gte, a closed range': '2000-12-31' },
  }),
  filed_at_gt: p.date({
    description: 'Filed strictly after (exclusive)',
    examples: { 'a bound, instead of filed_at_gte': '1998-12-31' },
  }),
  filed_at_lt: p.date({
    description: 'Filed strictly before (exclusive)',
    examples: { 'a bound, instead of filed_at_gte': '2001-01-01' },
  }),
};

/** Binds a value as the next SQL parameter and returns its placeholder ($n). */
type Bind = (v: unknown) => string;

/** The `where` terms of the filed_at_* filters over `d.filing_date`, bound in gte, lte, gt, lt order. */
export function filedAtWhere(q: p.ParsedQuery<typeof filedAt>, bind: Bind): string[] {
  const out: string[] = [];
  for (const [suffix, op] of [
    ['gte', '>='],
    ['lte', '<='],
    ['gt', '>'],
    ['lt', '<'],
  ] as const) {
    const v = q[`filed_at_${suffix}`];
    if (v) out.push(`d.filing_date ${op} ${bind(v)}`);
  }
  return out;
}

/**
 * The `where` term for the rows after a cursor [filing date, accession, ordinal]: newest filing first, a
 * filing's rows in `ordinal` order (`accession` and `ordinal` name the columns); a malformed cursor is a 400.
 */
export function afterFilingWhere(after: CursorKey, bind: Bind, accession: string, ordinal: string): string {
  const [date, acc, ord] = after;
  if (typeof date !== 'string' || typeof acc !== 'string' || typeof ord !== 'number')
    throw new ApiError(400, MALFORMED_CURSOR);
  const [d, a, o] = [bind(date), bind(acc), bind(ord)];
  return `(d.filing_date < ${d}::date or (d.filing_date = ${d}::date and (${accession} < ${a} or (${accession} = ${a} and ${ordinal} > ${o}))))`;
}

export const companyExhibits = defineRoute({
  path: '/v1/companies/:company_id/8k-exhibits',
  summary: 'A company’s 8-K exhibits',
  description:
    'Every exhibit of the company’s 8-K and 8-K/A filings, newest filing first, with the filing’s items (current numbers) so a press release (EX-99.1 of a 2.02 filing) or an agreement (EX-10 of a 1.01) can be picked. Filter by exhibit number prefix (`number=99` matches 99, 99.1, 99.2) and filing date. Fund plan, 1 credit per page.',
  tags: ['8-K events'],
  envelope: 'A',
  access: { dataset: '8k_events' },
  company: 'resolve',
  query: {
    number: p.string({
      description:
        'Exhibit number or its prefix before a dot: 99 matches 99, 99.1, 99.2; 99.1 matches only 99.1',
      max: 12,
      pattern: /^[0-9A-Za-z.()-]+$/,
      patternHint: 'must be an exhibit number such as 99.1',
      example: '99.1',
    }),
    ...filedAt,
  },
  page: { default: 100, max: 1000 },
  cursorKey: (row: { __key: CursorKey }) => row.__key,
  response: { schema: EXHIBIT_SCHEMA, example: EXHIBIT_EXAMPLE },
  handler: async ({ database, query, page, company }) => {
    if (!company?.cik) return [];
    const params: unknown[] = [Number(company.cik)];
    const bind = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = [`d.cik = $1`, `d.filing_type in ('8-K', '8-K/A')`];
    if (query.number)
      where.push(`(e->>'number' = ${bind(query.number)} or e->>'number' like ${bind(`${query.number}.%`)})`);
    where.push(...filedAtWhere(query, bind));
    if (page.after) where.push(afterFilingWhere(page.after, bind, 'd.accession_number', 'x.ord'));
    const rows = await database.query<{
      accession_number: string;
      form: string;
      filing_date: string;
      ord: number;
      e: Exhibit;
      items: string[];
      text_chars: number | null;
    }>(
      `select d.accession_number, d.form, d.filing_date::text as filing_date, x.ord::int as ord, x.e,
              coalesce((select array_agg(i.number order by i.ordinal) from filing_items i
                         where i.accession_number = d.accession_number), '{}') as items,
              (select length(fe.text) from filing_exhibits fe where fe.accession_number = d.accession_number
                 and fe.number = x.e->>'number' and fe.url = x.e->>'url') as text_chars
         from filing_documents d, jsonb_array_elements(d.exhibits) with ordinality as x(e, ord)
        where ${where.join(' and ')}
        order by d.filing_date desc, d.accession_number desc, x.ord asc
        limit ${bind(page.fetch)}`,
      params,
    );
    return rows.map((r) => {
      const row = {
        accession_number: r.accession_number,
        form: r.form,
        filing_date: r.filing_date,
        number: r.e.number,
        description: r.e.description,
        url: r.e.url,
        text_chars: r.text_chars,
        items: r.items.flatMap((n) => currentItem(n)?.item ?? []),
      };
      return Object.defineProperty(row, '__key', {
        value: [r.filing_date, r.accession_number, r.ord] as CursorKey,
        enumerable: false,
      });
    });
  },
});
