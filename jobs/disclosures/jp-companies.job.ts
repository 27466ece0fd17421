import { loadAsiaRegistry } from '../../loaders/asia.ts';
import type { RegistryRows } from '../../parsers/edgar/registry.ts';
import { registryFromEdinetCodes } from '../../parsers/registry-asia/japan.ts';
import type { DatasetJob } from '../types.ts';

/** EDINET's code list: the live body is a zip of EdinetcodeDlInfo.csv; the mirror serves the captured CSV. */
export const EDINET_CODES_URL =
  'https://disclosure2dl.edinet-fsa.go.jp/searchdocument/codelist/Edinetcode.zip';

/** Japanese listed companies into the registry (for the disclosures route): one partition, `edinet`. */
export const jpCompaniesJob: DatasetJob<RegistryRows> = {
  dataset: 'jp_companies',
  async partitions() {
    return ['edinet'];
  },
  async latestPartitions() {
    return ['edinet'];
  },
  isFinal: false,
  async fetch(_ctx, _key, fetcher) {
    return [await fetcher.get(EDINET_CODES_URL)];
  },
  parse(docs) {
    const doc = docs[0]!;
    return {
      rows: registryFromEdinetCodes(doc.bytes, { url: doc.url, fetchedAt: doc.fetchedAt }),
      warnings: [],
    };
  },
  load(tx, rows) {
    return loadAsiaRegistry(tx, rows, []);
  },
};
