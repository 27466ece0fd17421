import { ParseError } from '../../lib/errors.ts';

/**
 * A filing folder's `index.json` (EDGAR's directory listing: `directory.item[].name`) -> the XBRL files the
 * segments job needs. The listing has names only, no document types, so files are told apart by EDGAR's
 * naming: linkbases end `_cal/_def/_lab/_pre.xml`, the instance EDGAR extracts from an inline document ends
 * `_htm.xml`, a pre-inline instance is the remaining `.xml` (named like the `.xsd`), and `FilingSummary.xml`
 * and `R<n>.xml` are the renderer's.
 */

export interface XbrlFiles {
  /** File name of the instance, or null when the filing has no XBRL. */
  instance: string | null;
  /** File name of the label linkbase, when there is one. */
  labels: string | null;
}

const NOT_INSTANCE = /(_(cal|def|lab|pre|ref)\.xml|^FilingSummary\.xml|^R\d+\.xml)$/i;

export function xbrlFilesOf(indexJson: string, opts: { document?: string } = {}): XbrlFiles {
  let names: string[];
  try {
    const d = JSON.parse(indexJson) as { directory?: { item?: Array<{ name?: unknown }> } };
    const items = d.directory?.item;
    if (!Array.isArray(items)) throw new Error('no directory.item list');
    names = items.map((i) => i.name).filter((n): n is string => typeof n === 'string');
  } catch (err) {
    throw new ParseError(`not an EDGAR index.json: ${(err as Error).message}`, opts.document, {
      cause: err,
    });
  }
  const xsd = names.find((n) => n.endsWith('.xsd'))?.replace(/\.xsd$/, '');
  const xml = names.filter((n) => /\.xml$/i.test(n) && !NOT_INSTANCE.test(n));
  const instance =
    xml.find((n) => n.endsWith('_htm.xml')) ?? xml.find((n) => xsd && n === `${xsd}.xml`) ?? xml[0] ?? null;
  return { instance, labels: names.find((n) => n.endsWith('_lab.xml')) ?? null };
}
