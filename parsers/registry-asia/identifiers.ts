import type { RegistryRows } from '../edgar/registry.ts';

/**
 * The identifier writer the Asian registry parsers share: `(idType, idValue)` adds one current,
 * high-confidence identifier of `companyId`, read from `source`, to `out`.
 */
export const identifierAdder =
  (out: RegistryRows, companyId: string, source: string) => (idType: string, idValue: string) => {
    out.identifiers.push({ companyId, idType, idValue, source, confidence: 'high', isCurrent: 1 });
  };
