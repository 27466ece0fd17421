/**
 * Exhibit 21 ("Subsidiaries of the Registrant") of a filing's full-text submission: the legal entities it lists, each
 * a name a headline may use for the filer ("Lotus Development Corporation" of IBM's FY1997 10-K). Pure.
 *
 * A row is a line that starts with a name ending in a legal form (Inc, Corporation, Company, Ltd, Limited, LLC, S.A.,
 * B.V., GmbH, A/S, Ltda ...), then a dot leader or two or more spaces, an optional ownership percentage and the state or
 * country of incorporation (a percentage may follow it instead). Headings ("Name", "Registrant:", "SUBSIDIARIES OF ...") and prose carry no such row.
 */
const LEGAL_FORM =
  /\b(inc|incorporated|corp|corporation|company|co|ltd|limited|llc|l\.?l\.?c|l\.?p|plc|s\.?a\.?(r\.?l\.?)?|b\.?v|n\.?v|ag|gmbh|a\/s|ab|as|oy|kk|k\.k|ltda|pty|s\.?p\.?a|s\.?r\.?l|group|holdings?)\b\.?,?$/i;
const ROW =
  /^\s*([A-Z][^\t]*?[A-Za-z.)])(?:\s*\.{3,}\s*|\s{2,})(?:\d{1,3}(?:\.\d+)?%?\s+)?([A-Z][A-Za-z .,'()/-]*?)(?:\s+\d{1,3}(?:\.\d+)?%?)?\s*$/;

/** One Exhibit 21 of a filing: where it was read and the names its rows give (empty when none could be read). */
export interface SubsidiaryList {
  url: string;
  names: string[];
}

/** The text of the EX-21 document(s) of an SGML full-text submission, or null when it holds none. */
export function exhibit21Text(submission: string): string | null {
  const parts: string[] = [];
  for (const m of submission.matchAll(/<DOCUMENT>\s*<TYPE>EX-21[^\n]*\n([\s\S]*?)<\/DOCUMENT>/g))
    parts.push(m[1] as string);
  return parts.length ? parts.join('\n') : null;
}

/** The subsidiary names an Exhibit 21 lists, as written (trailing dot leaders and commas trimmed), each once. */
export function exhibit21Subsidiaries(text: string): string[] {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const m = ROW.exec(line);
    if (!m) continue;
    const name = (m[1] as string).replace(/[.\s]+$/, (s) => (/^\.\s*$/.test(s) ? '.' : '')).trim();
    if (!LEGAL_FORM.test(name.replace(/\.$/, '')) && !LEGAL_FORM.test(name)) continue;
    if (/^(name|registrant|subsidiar)/i.test(name)) continue;
    out.add(name);
  }
  return [...out];
}
