import { ParseError } from '../../lib/errors.ts';
import { loadAsiaRegistry } from '../../loaders/asia.ts';
import type { RegistryRows } from '../../parsers/edgar/registry.ts';
import { parseCorpCodeXml, unzipCorpCodes } from '../../parsers/korea/corp-codes.ts';
import { checkDartStatus } from '../../parsers/korea/status.ts';
import { registryFromCorpCodes } from '../../parsers/registry-asia/korea.ts';
import type { DatasetJob } from '../types.ts';
import { assertDartBudget, dartUrl, safeCtx } from './opendart.ts';

/**
 * Korean listed companies from OpenDART's corp-code list (one partition, `corpcodes`). The live body is a zip
 * holding CORPCODE.xml; the offline mirror serves the captured listed-only XML excerpt unzipped, so both are
 * read. An error answers with an XML status body instead of a zip.
 */
export const krCompaniesJob: DatasetJob<RegistryRows> = {
  dataset: 'kr_companies',
  async partitions() {
    return ['corpcodes'];
  },
  async latestPartitions() {
    return ['corpcodes'];
  },
  isFinal: false,
  async fetch(ctx, _key, fetcher) {
    await assertDartBudget(ctx);
    return [await fetcher.get(dartUrl(ctx, 'corpCode.xml', {}))];
  },
  parse(docs) {
    const doc = docs[0]!;
    return { rows: corpCodeRegistry(doc.bytes, doc), warnings: [] };
  },
  load(tx, rows) {
    return loadAsiaRegistry(tx, rows, []);
  },
};

/** The corp-code body (zip or XML) -> registry rows. */
export function corpCodeRegistry(bytes: Buffer, doc: { url: string; fetchedAt: string }): RegistryRows {
  const ctx = safeCtx(doc);
  let xml: string;
  if (bytes.subarray(0, 2).toString('latin1') === 'PK') xml = unzipCorpCodes(bytes, ctx.url);
  else {
    xml = bytes.toString('utf8');
    const status = /<status>(\d{3})<\/status>/.exec(xml);
    if (status && !/<list>/.test(xml)) {
      checkDartStatus({ status: status[1], message: /<message>([^<]*)</.exec(xml)?.[1] ?? '' }, ctx.url);
      throw new ParseError(`OpenDART corp-code status ${status[1]} without a list`, ctx.url);
    }
  }
  return registryFromCorpCodes(parseCorpCodeXml(xml, ctx.url), ctx);
}
