import { XMLParser } from 'fast-xml-parser';
import { ParseError } from '../../lib/errors.ts';
import { unzipEntry } from '../korea/corp-codes.ts';

/**
 * The first worksheet of an XLSX workbook as rows of cell text, synchronously and without a spreadsheet
 * library: an XLSX is a zip of XML parts (ECMA-376). The first sheet is the first `<sheet>` of
 * `xl/workbook.xml`, its part named by `xl/_rels/workbook.xml.rels`; strings are shared (`t="s"`, an index
 * into `xl/sharedStrings.xml`), inline (`t="inlineStr"`) or formula results (`t="str"`); a number is kept as
 * the text the sheet stores (`8.7116767E7`), so the caller decides how to read it exactly. Cells are placed by
 * their reference (`C7` is row 7, third cell), so missing cells and rows stay empty, and the sheet's declared
 * dimension (which may run past the last row with data) is never trusted.
 */
export interface SheetRow {
  /** 1-based row number as the sheet gives it. */
  row: number;
  cells: string[];
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  removeNSPrefix: true,
  isArray: (name) => ['sheet', 'Relationship', 'si', 'r', 'row', 'c'].includes(name),
});

type Node = Record<string, unknown>;
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && '#text' in (v as Node)) return String((v as Node)['#text']);
  return '';
};
/** A shared or inline string: plain `<t>`, or rich text runs `<r><t>` joined. */
const stringItem = (si: Node | undefined): string => {
  if (!si) return '';
  if (si.t !== undefined) return text(si.t);
  return ((si.r as Node[] | undefined) ?? []).map((r) => text(r.t)).join('');
};

function part(bytes: Buffer, document: string, name: string): Node | null {
  try {
    return xml.parse(
      unzipEntry(bytes, document, new RegExp(`^${name.replace(/[.]/g, '\\.')}$`)).toString('utf8'),
    );
  } catch (err) {
    if (err instanceof ParseError && /without an entry/.test(err.message)) return null;
    throw err;
  }
}

/** Column index (0-based) of a cell reference's letters: `A1` -> 0, `AB12` -> 27. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function readFirstSheet(bytes: Buffer, document: string): SheetRow[] {
  const workbook = part(bytes, document, 'xl/workbook.xml');
  if (!workbook) throw new ParseError('a zip without xl/workbook.xml: not an XLSX workbook', document);
  const sheets = ((workbook.workbook as Node | undefined)?.sheets as Node | undefined)?.sheet as
    | Node[]
    | undefined;
  const first = sheets?.[0];
  if (!first) throw new ParseError('an XLSX workbook without a sheet', document);
  const rels = part(bytes, document, 'xl/_rels/workbook.xml.rels');
  const relId = first['@_id'];
  const rel = ((rels?.Relationships as Node | undefined)?.Relationship as Node[] | undefined)?.find(
    (r) => r['@_Id'] === relId,
  );
  const target = String(rel?.['@_Target'] ?? 'worksheets/sheet1.xml').replace(/^\/?(xl\/)?/, '');
  const sheet = part(bytes, document, `xl/${target}`);
  if (!sheet)
    throw new ParseError(`the workbook names sheet part xl/${target}, which the zip lacks`, document);
  const shared = (
    ((part(bytes, document, 'xl/sharedStrings.xml')?.sst as Node | undefined)?.si ?? []) as Node[]
  ).map(stringItem);
  const rows = (((sheet.worksheet as Node | undefined)?.sheetData as Node | undefined)?.row ?? []) as Node[];
  const out: SheetRow[] = [];
  let previousRow = 0;
  for (const r of rows) {
    const rowNumber = r['@_r'] ? Number(r['@_r']) : previousRow + 1;
    previousRow = rowNumber;
    const cells: string[] = [];
    let next = 0;
    for (const c of (r.c ?? []) as Node[]) {
      const col = c['@_r'] ? columnOf(String(c['@_r'])) : next;
      next = col + 1;
      const type = c['@_t'] ?? 'n';
      const v = text(c.v);
      let value: string;
      if (type === 's') {
        const s = shared[Number(v)];
        if (s === undefined)
          throw new ParseError(`cell ${c['@_r']}: shared string ${v} does not exist`, document);
        value = s;
      } else if (type === 'inlineStr') value = stringItem(c.is as Node | undefined);
      else value = v;
      cells[col] = value;
    }
    out.push({ row: rowNumber, cells: Array.from(cells, (x) => x ?? '') });
  }
  return out;
}
