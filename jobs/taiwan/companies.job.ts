import { loadAsiaRegistry } from '../../loaders/asia.ts';
import type { RegistryRows } from '../../parsers/edgar/registry.ts';
import {
  parseTpexProfiles,
  parseTwseProfiles,
  registryFromTwProfiles,
} from '../../parsers/registry-asia/taiwan.ts';
import type { DatasetJob } from '../types.ts';

export const TWSE_PROFILES_URL = 'https://mopsfin.twse.com.tw/opendata/t187ap03_L.csv';
export const TPEX_PROFILES_URL = 'https://www.tpex.org.tw/openapi/v1/mopsfin_t187ap03_O';

type Parsed = RegistryRows & { placeholders: RegistryRows['companies'] };

/** Taiwan listed (TWSE) and OTC (TPEx) companies into the registry: partitions `twse`, `tpex`. */
export const twCompaniesJob: DatasetJob<Parsed> = {
  dataset: 'tw_companies',
  async partitions() {
    return ['twse', 'tpex'];
  },
  async latestPartitions() {
    return ['twse', 'tpex'];
  },
  isFinal: false,
  async fetch(_ctx, key, fetcher) {
    return [await fetcher.get(key === 'twse' ? TWSE_PROFILES_URL : TPEX_PROFILES_URL)];
  },
  parse(docs, key) {
    const doc = docs[0]!;
    const ctx = { url: doc.url, fetchedAt: doc.fetchedAt };
    const profiles = key === 'twse' ? parseTwseProfiles(doc.bytes, ctx) : parseTpexProfiles(doc.bytes, ctx);
    return { rows: registryFromTwProfiles(profiles, ctx), warnings: [] };
  },
  load(tx, rows) {
    return loadAsiaRegistry(tx, rows, rows.placeholders);
  },
};
