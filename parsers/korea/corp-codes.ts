import { XMLParser } from 'fast-xml-parser';
import yauzl from 'yauzl';
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
  const doc = new XMLParser({ parseTagValue: false, trimValues: true }).parse(xml) as {
    result?: { list?: unknown };
  };
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

/** `corpCode.xml`'s zip body -> the XML of its single entry. An error answer is an XML status body, not a zip. */
export function unzipCorpCodes(bytes: Buffer, document: string): Promise<string> {
  if (bytes.subarray(0, 2).toString('latin1') !== 'PK')
    return Promise.reject(new ParseError(`not a zip: ${bytes.subarray(0, 120).toString('utf8')}`, document));
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new ParseError('unreadable corp-code zip', document, { cause: err }));
      zip.readEntry();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/\.xml$/i.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e2, stream) => {
          if (e2 || !stream) return reject(new ParseError('unreadable zip entry', document, { cause: e2 }));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          stream.on('error', reject);
        });
      });
      zip.on('end', () => reject(new ParseError('corp-code zip without an .xml entry', document)));
    });
  });
}
