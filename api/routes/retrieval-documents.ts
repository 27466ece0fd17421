import { ApiError } from '../platform/errors.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { expandTickers } from '../retrieval/companies.ts';
import { DOCUMENT_COLUMNS, type DocumentRow, documentJson, segmentsWithOffsets } from '../retrieval/read.ts';
import {
  DOCUMENT_EXAMPLE,
  DOCUMENT_ID_EXAMPLE,
  DOCUMENT_SCHEMA,
  SEGMENT_EXAMPLE,
  SEGMENT_SCHEMA,
} from './retrieval-examples.ts';

const DOC_ID = /^doc_[a-z]{2}_[0-9a-f]{16}$/;
const documentIdParam = {
  id: p.string({ description: 'Document id (`doc_...`)', example: DOCUMENT_ID_EXAMPLE, max: 64 }),
};

export const documentsByTicker = defineRoute({
  path: '/v1/documents/by-ticker/:ticker',
  summary: 'Documents of a company',
  description:
    'Indexed documents (earnings calls, 10-K/10-Q items) of a company, newest first (call time or filing date). The ticker expands to every symbol the company has held. `year`/`quarter` are the fiscal period of the call (the report period of a filing).',
  tags: ['Retrieval'],
  envelope: 'C',
  access: { dataset: 'documents' },
  pathParams: { ticker: p.string({ description: 'Ticker', example: 'AAPL', max: 10 }) },
  query: {
    year: p.int({ description: 'Fiscal year', min: 2000, max: 2100, example: 2023 }),
    quarter: p.oneOf(['Q1', 'Q2', 'Q3', 'Q4'] as const, { description: 'Fiscal quarter', example: 'Q1' }),
    offset: p.int({ description: 'Documents to skip', min: 0, example: 0 }),
  },
  page: { default: 20, max: 100 },
  response: {
    schema: {
      type: 'object',
      properties: {
        documents: { type: 'array', items: DOCUMENT_SCHEMA },
        meta: {
          type: 'object',
          properties: {
            total: { type: 'integer' },
            limit: { type: 'integer' },
            offset: { type: 'integer' },
            latencyMs: { type: 'integer' },
          },
        },
      },
    },
    example: { documents: [DOCUMENT_EXAMPLE], meta: { total: 1, limit: 20, offset: 0, latencyMs: 4 } },
  },
  handler: async ({ database, path, query, page }) => {
    const t0 = performance.now();
    const { tickers, ciks } = await expandTickers(database, [path.ticker!.toUpperCase()]);
    const params: unknown[] = [tickers, ciks];
    const where = ['(d.ticker = any($1::text[]) or d.cik = any($2::bigint[]))'];
    if (query.year !== undefined) where.push(`d.year = $${params.push(query.year)}`);
    if (query.quarter !== undefined)
      where.push(`d.quarter = $${params.push(Number(query.quarter.slice(1)))}`);
    const w = where.join(' and ');
    const [{ n }] = (await database.query<{ n: number }>(
      `select count(*)::int as n from retrieval_documents d where ${w}`,
      params,
    )) as [{ n: number }];
    const offset = query.offset ?? 0;
    const rows = await database.query<DocumentRow>(
      `select ${DOCUMENT_COLUMNS} from retrieval_documents d where ${w}
        order by d.published_at desc nulls last, d.year desc nulls last, d.quarter desc nulls last, d.id
        limit ${page.limit} offset ${offset}`,
      params,
    );
    return {
      payload: { documents: rows.map(documentJson) },
      meta: { total: n, limit: page.limit, offset, latencyMs: Math.round(performance.now() - t0) },
    };
  },
});

export const documentById = defineRoute({
  path: '/v1/documents/:id',
  summary: 'One document',
  description: 'A document with its period, source and counts. 1 credit, refunded on 404.',
  tags: ['Retrieval'],
  envelope: 'C',
  access: { dataset: 'documents' },
  pathParams: documentIdParam,
  notFound: 'No document with this id',
  response: {
    schema: { type: 'object', properties: { document: DOCUMENT_SCHEMA, meta: { type: 'object' } } },
    example: { document: DOCUMENT_EXAMPLE, meta: { latencyMs: 3 } },
  },
  handler: async ({ database, path }) => {
    const t0 = performance.now();
    const id = path.id!;
    if (!DOC_ID.test(id)) throw new ApiError(404, `No document with id ${id}`);
    const [row] = await database.query<DocumentRow>(
      `select ${DOCUMENT_COLUMNS} from retrieval_documents d where d.id = $1`,
      [id],
    );
    if (!row) throw new ApiError(404, `No document with id ${id}`);
    return {
      payload: { document: documentJson(row) },
      meta: { latencyMs: Math.round(performance.now() - t0) },
    };
  },
});

export const documentSegments = defineRoute({
  path: '/v1/documents/:id/segments',
  summary: 'Segments of a document',
  description:
    'Segments in order (one speaker turn of a call; a filing item is one segment). `charStart`/`charEnd` are computed at read time from the stored text and order: offsets in the document text, the segments joined by a blank line (`\\n\\n`), in UTF-16 code units.',
  tags: ['Retrieval'],
  envelope: 'C',
  access: { dataset: 'documents' },
  pathParams: documentIdParam,
  query: { offset: p.int({ description: 'Segments to skip', min: 0, example: 0 }) },
  page: { default: 20, max: 100 },
  notFound: 'No document with this id',
  response: {
    schema: {
      type: 'object',
      properties: {
        segments: { type: 'array', items: SEGMENT_SCHEMA },
        meta: { type: 'object', properties: { total: { type: 'integer' }, latencyMs: { type: 'integer' } } },
      },
    },
    example: { segments: [SEGMENT_EXAMPLE], meta: { total: 68, latencyMs: 5 } },
  },
  handler: async ({ database, path, query, page }) => {
    const t0 = performance.now();
    const id = path.id!;
    const segs = DOC_ID.test(id) ? (await segmentsWithOffsets(database, [id])).get(id) : undefined;
    if (!segs) throw new ApiError(404, `No document with id ${id}`);
    const offset = query.offset ?? 0;
    return {
      payload: { segments: segs.slice(offset, offset + page.limit) },
      meta: { total: segs.length, latencyMs: Math.round(performance.now() - t0) },
    };
  },
});

export const DOCUMENT_ROUTES = [
  asAnyRoute(documentsByTicker),
  asAnyRoute(documentById),
  asAnyRoute(documentSegments),
];
