import { and, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { twForeignOwnership } from '../../schema/asia.ts';
import * as p from '../platform/params.ts';
import { asAnyRoute, defineRoute } from '../platform/route.ts';
import { keysetAfter, keysetOrder } from '../platform/sql.ts';
import { num, rowSchema, TSMC_ID, taiwanCodes } from './asia-common.ts';

/** Taiwan foreign ownership (spec 4.7): Professional, 1 credit, envelope A. */
const nullableNumber = { type: ['number', 'null'] };
const str = { type: 'string' };

const o = twForeignOwnership;
const FO_ORDER = [{ column: o.snapshotDate, desc: true }, { column: o.localSecurityCode }] as const;
const FO_EXAMPLE = {
  company_id: TSMC_ID,
  local_security_code: '2330',
  snapshot_date: '2023-01-30',
  market: 'twse',
  company_name: '台積電',
  issued_shares: 25930380458,
  foreign_held_shares: 18601100403,
  foreign_held_pct: 71.73,
  foreign_limit_pct: 100,
};

export const twForeignOwnershipRoute = defineRoute({
  path: '/v1/companies/:company_id/tw/foreign-ownership',
  summary: 'Taiwan foreign ownership',
  description:
    'Foreign and mainland-Chinese investors’ holdings per trading day: issued shares, shares held, the held percentage and the regulatory ceiling (`foreign_limit_pct`, a different fact from the held share), percentages 0-100. Listed securities (2330.TW) from TWSE MI_QFIIS, OTC securities (6488.TWO) from the TPEx table MOPS publishes (t13sa150_otc). Newest day first.',
  tags: ['Taiwan'],
  envelope: 'A',
  access: { dataset: 'tw_foreign_ownership' },
  company: 'tw',
  companyExample: '2330.TW',
  query: {
    date_gte: p.date({ description: 'First trading day (inclusive)', example: '2023-01-01' }),
    date_lte: p.date({
      description: 'Last trading day (inclusive)',
      examples: { 'with date_gte, a closed range': '2023-12-31' },
    }),
  },
  page: { default: 100, max: 1000 },
  cursorKey: (x: { snapshot_date: string; local_security_code: string }) => [
    x.snapshot_date,
    x.local_security_code,
  ],
  response: {
    schema: rowSchema(FO_EXAMPLE, nullableNumber, {
      company_id: str,
      local_security_code: str,
      snapshot_date: { type: 'string', format: 'date' },
      market: str,
      company_name: str,
    }),
    example: FO_EXAMPLE,
  },
  handler: async ({ db, company, query, page }) => {
    const codes = await taiwanCodes(db, company!);
    const conds: (SQL | undefined)[] = [inArray(o.localSecurityCode, codes)];
    if (query.date_gte) conds.push(gte(o.snapshotDate, query.date_gte));
    if (query.date_lte) conds.push(lte(o.snapshotDate, query.date_lte));
    conds.push(keysetAfter(FO_ORDER, page.after));
    const rows = await db
      .select({
        company_id: sql<string>`${company!.companyId}`,
        local_security_code: o.localSecurityCode,
        snapshot_date: o.snapshotDate,
        market: o.market,
        company_name: o.companyName,
        issued_shares: num(o.issuedShares),
        foreign_held_shares: num(o.foreignHeldShares),
        foreign_held_pct: num(o.foreignHeldPct),
        foreign_limit_pct: num(o.foreignLimitPct),
      })
      .from(o)
      .where(and(...conds))
      .orderBy(...keysetOrder(FO_ORDER))
      .limit(page.fetch);
    return rows;
  },
});

export const taiwanOwnershipRoutes = [asAnyRoute(twForeignOwnershipRoute)];
