import { and, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { companies } from '../../schema/companies.ts';
import { form20fFilings, form20fNotes } from '../../schema/form-20f.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import {
  ACCESS,
  accessionParam,
  COMPANY,
  cikOf,
  cursorOf,
  DOCUMENT_COMPANY,
  dashed,
  LONCOR_20F,
  likeEscape,
  newestFirst,
  PAGE,
  rowHead,
  TAGS,
} from './form-20f-common.ts';
import { latestReport } from './form-20f-latest.ts';
import * as s from './form-20f-schemas.ts';
import { form20fFactsRoute, form20fOwnershipRoute, form20fSegmentsRoute } from './form-20f-tables.ts';

/**
 * Form 20-F content (spec 2.9, 4.7): Professional, 1 credit, envelope A, under
 * `/v1/companies/{company_id}/20f/`. Rows come from the form_20f tables only. A company with no 20-F gives
 * an empty list (a 404 on the profile, which is one record).
 */

export const form20fProfile = defineRoute({
  path: '/v1/companies/:company_id/20f/profile',
  summary: "The latest Form 20-F's profile",
  description:
    "The company's latest annual report (the 20-F filings of the greatest period end): the registry's name, ticker, country and market cap, and what the filing's cover page and dei facts state (fiscal year end, accounting standard with its evidence, reporting currency, auditor, shares outstanding per class, ADR ratio where stated, filing date, accession). `accession`, `form` and `filing_date` are the period's original 20-F; a 20-F/A of the same period replaces only the fields it restates (listed per amendment in `amendments`), so an amendment that adds exhibits leaves the original's profile in place. `source: companyfacts` marks a filing known only from SEC's companyfacts extract (no cover page read: auditor, incorporation and ADR ratio are null). 404 when the company has filed no 20-F since the dataset's start.",
  tags: TAGS,
  envelope: 'A',
  access: ACCESS,
  company: 'resolve',
  companyExample: COMPANY,
  result: 'single',
  notFound: 'the company has no Form 20-F on record',
  response: { schema: s.PROFILE_SCHEMA, example: s.PROFILE_EXAMPLE },
  handler: async (ctx) => {
    const cik = cikOf(ctx);
    if (cik === null) return null;
    const rows = await ctx.db.select().from(form20fFilings).where(eq(form20fFilings.cik, cik));
    const report = latestReport(rows);
    if (!report) return null;
    const { base, values: latest, amendments } = report;
    const [co] = await ctx.db
      .select({
        ticker: companies.primaryTicker,
        name: companies.companyName,
        country: companies.country,
        marketCap: companies.marketCap,
      })
      .from(companies)
      .where(eq(companies.companyId, ctx.company!.companyId));
    return {
      company_id: ctx.company!.companyId,
      cik: ctx.company!.cik,
      ticker: co?.ticker ?? null,
      name: co?.name ?? ctx.company!.companyName,
      country: co?.country ?? null,
      market_cap: co?.marketCap ?? null,
      form: base.form,
      accession: base.accession,
      filing_date: base.filingDate,
      period_end: latest.periodEnd,
      fiscal_year_end: latest.fiscalYearEnd,
      registrant_name: latest.registrantName,
      incorporation: latest.incorporation,
      incorporation_country: latest.incorporationCountry,
      accounting_standard: latest.accountingStandard,
      accounting_standard_evidence: latest.accountingStandardEvidence,
      reporting_currency: latest.reportingCurrency,
      reporting_currency_evidence: latest.reportingCurrencyEvidence,
      auditor: latest.auditor,
      shares_outstanding: latest.sharesOutstanding,
      adr_ratio: latest.adrRatio,
      filer_category: latest.filerCategory,
      amendment: base.amendment,
      amendments,
      source: base.source,
      document_format: base.documentFormat,
      filings_on_record: rows.length,
    };
  },
});

const notesQuery = {
  accession: accessionParam('only its notes', LONCOR_20F),
  concept: p.string({
    description:
      'Text-block concept, with or without taxonomy prefix (ifrs-full:DisclosureOfSegmentsExplanatory or DisclosureOfSegmentsExplanatory)',
    max: 250,
    pattern: /^([A-Za-z][\w.-]*:)?[A-Za-z_][\w.-]*$/,
    patternHint: 'must be a concept name, optionally prefixed (ifrs-full:Name)',
    examples: { 'an IFRS text block (filings with an XBRL instance)': 'DisclosureOfSegmentsExplanatory' },
  }),
  title: p.string({
    description: 'Note-title substring, case-insensitive, min 2 characters',
    min: 2,
    example: 'segment',
  }),
  include_text: p.boolean({
    description: 'Include each note text (paragraphs separated by newlines); default false',
    example: true,
  }),
};

export const form20fNotesRoute = defineRoute({
  path: '/v1/companies/:company_id/20f/notes',
  summary: 'Notes index of Form 20-F filings',
  description:
    "The notes of the company's 20-F filings, newest filing first, in filing order: the XBRL text blocks (`ifrs-full:Disclosure...`, `...TextBlock`) of the filing's instance, titled with the filer's labels; for a 20-F without an instance (IFRS filers before 2017), the numbered notes to the financial statements read from the document (`note_tag` null, title as printed, e.g. `10. SEGMENTED REPORTING`). Text is opt-in (`include_text=true`). A filing known only from companyfacts has no notes.",
  tags: TAGS,
  envelope: 'A',
  access: ACCESS,
  company: 'resolve',
  companyExample: DOCUMENT_COMPANY,
  query: notesQuery,
  page: PAGE,
  cursorKey: cursorOf('filing_date'),
  response: { schema: s.NOTE_SCHEMA, example: s.NOTE_EXAMPLE },
  handler: async (ctx) => {
    const cik = cikOf(ctx);
    if (cik === null) return [];
    const q = ctx.query;
    const keys = newestFirst(form20fFilings.filingDate, form20fNotes);
    const concept = q.concept;
    const conds: (SQL | undefined)[] = [
      eq(form20fNotes.cik, cik),
      q.accession ? eq(form20fNotes.accession, dashed(q.accession)) : undefined,
      concept
        ? concept.includes(':')
          ? eq(form20fNotes.noteTag, concept)
          : sql`${form20fNotes.noteTag} like ${`%:${likeEscape(concept)}`}`
        : undefined,
      q.title ? ilike(form20fNotes.noteTitle, `%${likeEscape(q.title)}%`) : undefined,
      keysetAfter(keys, ctx.page.after),
    ];
    const rows = await ctx.db
      .select({
        accession: form20fNotes.accession,
        seq: form20fNotes.seq,
        filingDate: form20fFilings.filingDate,
        form: form20fFilings.form,
        noteTag: form20fNotes.noteTag,
        noteTitle: form20fNotes.noteTitle,
        textChars: form20fNotes.textChars,
        text: q.include_text ? form20fNotes.text : sql<null>`null`,
      })
      .from(form20fNotes)
      .innerJoin(form20fFilings, eq(form20fFilings.accession, form20fNotes.accession))
      .where(and(...conds))
      .orderBy(...keysetOrder(keys))
      .limit(ctx.page.fetch);
    return rows.map((r) => ({
      ...rowHead(ctx, r.accession, r.seq),
      form: r.form,
      filing_date: r.filingDate,
      note_tag: r.noteTag,
      note_title: r.noteTitle,
      text_chars: r.textChars,
      ...(q.include_text ? { text: r.text } : {}),
    }));
  },
});

export const FORM_20F_ROUTES = [
  asAnyRoute(form20fProfile),
  asAnyRoute(form20fNotesRoute),
  asAnyRoute(form20fSegmentsRoute),
  asAnyRoute(form20fOwnershipRoute),
  asAnyRoute(form20fFactsRoute),
];
