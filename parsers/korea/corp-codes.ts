import { inflateRawSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { ParseError } from '../../lib/errors.ts';

export interface DartCorp {
  corpCode: string;
  corpName: string;
  corpNameEng: string | null;
  /** 6 characters, may contain letters (`0030R0`); null for an unlisted company. */
  stockCode: string | null;
  modifyDate: string | null;
}

/**
 * The corp-code list (`CORPCODE.xml`, inside the zip `corpCode.xml` returns). Codes stay strings: corp_code
 * keeps its leading zeros and stock_code can hold letters. Entities (`&amp;`) are decoded by the XML reader.
 */
export function parseCorpCodeXml(xml: string, document: string): DartCorp[] {
  let doc: { result?: { list?: unknown } };
  try {
    doc = new XMLParser({ parseTagValue: false, trimValues: true }).parse(xml);
  } catch (err) {
    // a cut download or an HTML error page: the XML reader's own error, typed
    throw new ParseError(`malformed corp-code XML: ${(err as Error).message}`, document, { cause: err });
  }
  const list = doc.result?.list;
  if (list === undefined) throw new ParseError('no <result><list> in the corp-code XML', document);
  const entries = (Array.isArray(list) ? list : [list]) as Record<string, unknown>[];
  return entries.map((e) => {
    const s = (k: string) => {
      const v = e[k];
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
    };
    const corpCode = s('corp_code');
    if (!corpCode || !/^\d{8}$/.test(corpCode)) throw new ParseError(`bad corp_code ${corpCode}`, document);
    const md = s('modify_date');
    return {
      corpCode,
      corpName: s('corp_name') ?? '',
      corpNameEng: s('corp_eng_name'),
      stockCode: s('stock_code'),
      modifyDate: md && /^\d{8}$/.test(md) ? `${md.slice(0, 4)}-${md.slice(4, 6)}-${md.slice(6)}` : null,
    };
  });
}

/**
 * `corpCode.xml`'s zip body -> the XML of its .xml entry, synchronously (parsers are synchronous; the zip
 * libraries at hand are stream-based): the central directory names each entry's method, size and offset,
 * and the entry is stored (0) or deflated (8). An error answer is an XML status body, not a zip.
 */
export function unzipCorpCodes(bytes: Buffer, document: string): string {
  return unzipEntry(bytes, document, /\.xml$/i).toString('utf8');
}

/** The bytes of the first zip entry whose name matches. */
export function unzipEntry(bytes: Buffer, document: string, entry: RegExp): Buffer {
  if (bytes.readUInt32LE(0) !== 0x04034b50)
    throw new ParseError(`not a zip: ${bytes.subarray(0, 120).toString('utf8')}`, document);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ParseError('zip without an end of central directory', document);
  const count = bytes.readUInt16LE(eocd + 10);
  let p = bytes.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (bytes.readUInt32LE(p) !== 0x02014b50) throw new ParseError('corrupt zip central directory', document);
    const method = bytes.readUInt16LE(p + 10);
    const size = bytes.readUInt32LE(p + 20);
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (!entry.test(name)) continue;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    if (method === 0) return Buffer.from(data);
    if (method === 8) return inflateRawSync(data);
    throw new ParseError(`zip entry ${name} uses compression method ${method}`, document);
  }
  throw new ParseError(`zip without an entry matching ${entry}`, document);
}
