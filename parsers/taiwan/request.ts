/**
 * What a MOPS request URL asked, as the Taiwan financials job builds it (jobs/taiwan/financials.job.ts):
 * the t163sb04 summary's `year` (ROC calendar: 112 = 2023) and `season` (`01`-`04`), or a t164sb01 page's
 * `SYEAR` (western) / `SSEASON` and `CO_ID`. Anything it does not carry is undefined.
 */
export interface MopsRequest {
  year?: number;
  season?: number;
  code?: string;
}

export function mopsRequestOf(url: string): MopsRequest {
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return {};
  }
  const out: MopsRequest = {};
  const western = q.get('SYEAR');
  const roc = q.get('year');
  if (western && /^\d{4}$/.test(western)) out.year = Number(western);
  else if (roc && /^\d{2,3}$/.test(roc)) out.year = Number(roc) + 1911;
  else if (roc && /^\d{4}$/.test(roc)) out.year = Number(roc);
  const season = q.get('SSEASON') ?? q.get('season');
  if (season && /^0?[1-4]$/.test(season)) out.season = Number(season);
  const code = q.get('CO_ID');
  if (code && /^[0-9A-Z]{4,6}$/.test(code)) out.code = code;
  return out;
}
