/**
 * Which `shares_outstanding` count prices a listing on a date: the one rule the market caps
 * (loaders/market-caps.ts) and the short-interest float (api/routes/market-data.ts) read.
 *
 * - Point-in-time: counts filed on or before the date, at most SHARES_MAX_AGE_DAYS older than it (a 20-F
 *   filer reports once a year, about four months after its year end); the filing with the latest as-of date
 *   wins (the newest filing on a tie, so an amendment wins).
 * - A filing prices a listing with the count of the class whose trading symbol in that filing is the
 *   listing's symbol (`share_class` set), else with its undimensioned counts summed (the company's common
 *   stock). A filing that counts per class but names no class with this symbol does not price it: which
 *   class a listing trades is never guessed.
 * - A 20-F/40-F count (a foreign private issuer) prices only its home-market listings (`home` true): its US
 *   listing is a depositary receipt whose ratio we do not hold.
 */
export const SHARES_MAX_AGE_DAYS = 400;
const FPI_FORMS = "'20-F', '20-F/A', '40-F', '40-F/A'";

/**
 * The rule as a subquery for a lateral join, columns `end_date`, `shares`, `share_class`. The arguments are
 * SQL expressions of the outer query (column references, never user input).
 */
export function sharesForListing(cik: string, symbol: string, date: string, home: string): string {
  return `select so.end_date,
        coalesce(sum(so.shares) filter (where so.symbol = ${symbol}),
                 sum(so.shares) filter (where so.share_class is null))::bigint as shares,
        max(so.share_class) filter (where so.symbol = ${symbol}) as share_class
      from shares_outstanding so
     where so.cik = ${cik} and so.filed <= ${date} and so.end_date >= ${date} - ${SHARES_MAX_AGE_DAYS}
       and (so.form in (${FPI_FORMS})) = (${home})
     group by so.end_date, so.accession, so.filed
    having bool_or(so.symbol = ${symbol}) or bool_and(so.share_class is null)
     order by so.end_date desc, so.filed desc
     limit 1`;
}
