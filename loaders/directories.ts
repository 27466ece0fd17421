import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LoadResult } from '../jobs/types.ts';
import type { Tx } from '../lib/db.ts';
import type { AdvFeedFirm } from '../parsers/advisers/adv-feed.ts';
import type { AdvRosterFirm } from '../parsers/advisers/adv-roster.ts';
import { type BrochureEmail, firmDomain, resolveEmails } from '../parsers/advisers/brochure.ts';
import type { AdviserRow } from '../parsers/advisers/iapd.ts';
import type { InvestorRow } from '../parsers/investors/directory-csv.ts';
import { advisers, investors } from '../schema/ownership-directories.ts';
import { linkAdvisersToFilers } from './thirteen-f-style.ts';
import { lockUntilCommit, upsertRows } from './upsert.ts';

/** Adviser rows (a search page or a profile), upserted on CRD; a profile's richer fields win over a search row's nulls. */
export async function loadAdvisers(
  tx: Tx,
  rows: AdviserRow[],
  sourceUrl: string,
  fetchedAt: string,
): Promise<LoadResult> {
  // partitions of this dataset (a search page, a profile, a Form ADV feed) merge into the same rows: one load
  // at a time, or two workers would each read the row before the other wrote it and the last would erase the
  // first's fields
  await lockUntilCommit(tx, ['findata:advisers']);
  const byCrd = new Map(rows.map((r) => [r.crd, r]));
  const crds = [...byCrd.keys()];
  const existing: (typeof advisers.$inferSelect)[] = [];
  // a Form ADV feed holds ~24,000 firms: look them up in slices well under the 65,535-parameter cap
  for (let i = 0; i < crds.length; i += 10_000)
    existing.push(
      ...(await tx
        .select()
        .from(advisers)
        .where(inArray(advisers.crd, crds.slice(i, i + 10_000)))),
    );
  const before = new Map(existing.map((e) => [e.crd, e]));
  // a search row carries fewer fields than a profile: a null never replaces a value already loaded
  const merge = <T extends Record<string, unknown>>(row: T): T => {
    const old = before.get(row.crd as number) as Record<string, unknown> | undefined;
    if (!old) return withEmailsResolved(row) as T;
    const out: Record<string, unknown> = { ...row };
    for (const [k, v] of Object.entries(row))
      if (v === null && old[k] !== null && old[k] !== undefined) out[k] = old[k];
    // the profile keeps what other sources wrote (the Form ADV part, the 13F style); an empty list or a
    // missing part of this source does not erase theirs
    const oldProfile = (old.profile ?? {}) as Record<string, unknown>;
    const newProfile = row.profile as Record<string, unknown>;
    out.profile = { ...oldProfile };
    for (const [k, v] of Object.entries(newProfile)) {
      const empty =
        v === null ||
        v === undefined ||
        (Array.isArray(v) && v.length === 0) ||
        (k === 'emails' && !Object.keys(v as object).length);
      if (!empty || !(k in oldProfile)) (out.profile as Record<string, unknown>)[k] = v;
    }
    return withEmailsResolved(out) as T;
  };
  const result = await upsertRows(
    tx,
    advisers,
    [...byCrd.values()].map(
      (r) =>
        merge({
          crd: r.crd,
          cik: r.cik,
          legalName: r.legal_name,
          businessName: r.business_name,
          firmType: r.firm_type,
          secRegistrationType: r.sec_registration_type,
          secFileNumber: r.sec_file_number,
          iaScope: r.ia_scope,
          mainOfficeCity: r.main_office_city,
          mainOfficeState: r.main_office_state,
          mainOfficeCountry: r.main_office_country,
          mainOfficePhone: r.main_office_phone,
          website: r.website,
          emailPrimary: r.email_primary,
          emailDomainMatchesFirm: r.email_domain_matches_firm,
          aumTotal: r.aum_total,
          advisesPrivateFunds: r.advises_private_funds,
          hasHedgeFunds: r.has_hedge_funds,
          hasPeFunds: r.has_pe_funds,
          hasVcFunds: r.has_vc_funds,
          advAsOf: r.adv_as_of,
          profile: {
            other_names: r.other_names,
            relying_advisers: r.relying_advisers,
            notice_filings: r.notice_filings,
            // addresses printed in the Part 2 brochures, keyed by address (a profile whose brochures were read)
            emails: emailsObject(r.emails ?? []),
            ...(r.brochures ? { brochures: r.brochures } : {}),
            // Form ADV Part 1A beyond the search row (headcount, fees, services, accounts): from the bulk feed
            ...('adv' in r ? { adv: (r as AdvFeedFirm).adv } : {}),
            // Schedule D 7.B.(1) rollup: private funds by type, from the monthly adviser lists
            ...('private_funds' in r ? { private_funds: (r as AdvRosterFirm).private_funds } : {}),
          },
          sourceUrl,
          fetchedAt: new Date(fetchedAt),
        }) as typeof advisers.$inferInsert,
    ),
    [advisers.crd],
  );
  // a firm whose own 13F cover states its CRD is a 13F filer: its CIK, firm type and style come from there
  await linkAdvisersToFilers(tx, crds.length > 10_000 ? null : crds);
  return result;
}

type EmailEntry = Omit<BrochureEmail, 'address'>;
const emailsObject = (emails: BrochureEmail[]): Record<string, EmailEntry> =>
  Object.fromEntries(emails.map(({ address, ...rest }) => [address, rest]));

/**
 * The one place the primary address and the domain check are decided, on the row as it will be stored: the
 * firm's domain is its Form ADV website's (which a feed may load before or after the brochures), else the
 * website its first read brochure prints on the cover.
 */
function withEmailsResolved(row: Record<string, unknown>): Record<string, unknown> {
  const profile = row.profile as Record<string, unknown>;
  const entries = Object.entries((profile.emails ?? {}) as Record<string, EmailEntry>);
  if (entries.length === 0) return row;
  const brochures = (profile.brochures ?? []) as { cover_website: string | null }[];
  const domain = firmDomain(
    (row.website as string | null) ?? null,
    brochures.find((b) => b.cover_website)?.cover_website ?? null,
  );
  const r = resolveEmails(
    entries.map(([address, e]) => ({ address, ...e })),
    domain,
  );
  return {
    ...row,
    emailPrimary: r.email_primary,
    emailDomainMatchesFirm: r.email_domain_matches_firm,
    profile: { ...profile, emails: emailsObject(r.emails) },
  };
}

/** One directory snapshot: its rows replace the previous snapshot's from the same source. */
export async function loadInvestors(tx: Tx, rows: InvestorRow[], sourceUrl: string): Promise<LoadResult> {
  const r = await upsertRows(
    tx,
    investors,
    rows.map((i) => ({
      recordId: i.record_id,
      name: i.name,
      url: i.url,
      website: i.website,
      domain: i.domain,
      investorType: i.investor_type,
      location: i.location,
      countries: i.countries,
      stages: i.stages,
      themes: i.themes,
      firstCheck: i.first_check,
      lead: i.lead,
      replyRate: i.reply_rate,
      submitMethod: i.submit_method,
      submitUrl: i.submit_url,
      linkedinCompany: i.linkedin_company,
      twitter: i.twitter,
      whoWeAre: i.who_we_are,
      fundingRequirements: i.funding_requirements,
      valueAdd: i.value_add,
      asOf: i.as_of,
      extra: i.extra,
      sourceUrl,
    })),
    [investors.recordId],
  );
  const keep = rows.map((i) => i.record_id);
  const gone = await tx
    .delete(investors)
    .where(
      and(eq(investors.sourceUrl, sourceUrl), keep.length ? notInArray(investors.recordId, keep) : undefined),
    )
    .returning({ id: investors.recordId });
  return { inserted: r.inserted, updated: r.updated + gone.length };
}
