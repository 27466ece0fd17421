import { ParseError } from '../../lib/errors.ts';
import { padCik } from '../../lib/ids.ts';

/**
 * `dei:EntityCommonStockSharesOutstanding` from a companyfacts JSON, as filed: one row per value with its
 * as-of date (`end`), filing date, accession and form. A multi-class filer reports one value per class of
 * one filing and date; companyfacts drops the class dimension, so the values are kept apart by `seq` (their
 * order in the document). Duplicates of one value across filings (a 10-K/A repeating the 10-K) are kept:
 * each is what that filing said. A company without the fact (Alphabet: its per-class facts carry a
 * dimension companyfacts does not publish) gives no rows and a warning.
 */
export interface SharesFact {
  endDate: string;
  accession: string;
  seq: number;
  filed: string;
  form: string;
  shares: number;
}

export function parseSharesOutstanding(text: string, document = 'companyfacts.json') {
  let json: {
    cik?: number | string;
    facts?: { dei?: { EntityCommonStockSharesOutstanding?: { units?: Record<string, unknown[]> } } };
  };
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ParseError('not JSON', document, { cause: err });
  }
  const cik = json?.cik === undefined ? null : padCik(json.cik);
  if (!cik || typeof json.facts !== 'object')
    throw new ParseError('not a companyfacts document (no cik/facts)', document);
  const units = json.facts.dei?.EntityCommonStockSharesOutstanding?.units ?? {};
  const facts = (units.shares ?? []) as Array<{
    end?: string;
    val?: number;
    accn?: string;
    filed?: string;
    form?: string;
  }>;
  const warnings: string[] = [];
  if (facts.length === 0)
    warnings.push(`CIK ${cik}: no dei:EntityCommonStockSharesOutstanding in companyfacts`);
  const seqs = new Map<string, number>();
  const rows: SharesFact[] = [];
  for (const f of facts) {
    if (!f.end || !f.accn || !f.filed || typeof f.val !== 'number' || !(f.val > 0)) {
      warnings.push(`CIK ${cik}: a shares-outstanding fact without end/accn/filed/positive value skipped`);
      continue;
    }
    const k = `${f.end}|${f.accn}`;
    const seq = seqs.get(k) ?? 0;
    seqs.set(k, seq + 1);
    rows.push({ endDate: f.end, accession: f.accn, seq, filed: f.filed, form: f.form ?? '', shares: f.val });
  }
  return { cik, rows, warnings };
}
