import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { readRelease } from '../../../parsers/earnings/release-document.ts';
import {
  decodeRelease,
  parseReleaseBytes,
  type ReleaseRows,
} from '../../../parsers/earnings/release-rows.ts';

/** Reading one held-out folder of fixtures/earnings: its files parsed, a figure looked up, every row's evidence checked. */
export function heldOutSet(folder: string) {
  const dir = new URL(`../../../fixtures/earnings/${folder}/`, import.meta.url);
  const bytes = (name: string) => readFileSync(new URL(name, dir));
  return {
    parse: (name: string): ReleaseRows => parseReleaseBytes(bytes(name)),
    /** The file decoded as the parser reads it. */
    text: (name: string): string => decodeRelease(bytes(name)),
    value: (r: ReleaseRows, period: string, metric: string, basis: string) =>
      r.figures.find((f) => f.fiscal_period === period && f.metric === metric && f.basis === basis)?.value,
    /** Each row's evidence is the very run of the release's text its offsets name. */
    evidenceHolds(name: string, r: ReleaseRows) {
      const text = readRelease(decodeRelease(bytes(name))).text;
      for (const row of [...r.figures, ...r.measures, ...r.guidance]) {
        const e = row.evidence as { text: string; start: number; end: number };
        expect(text.slice(e.start, e.end)).toBe(e.text);
      }
    },
  };
}

/**
 * A release's guidance rows as the guidance held-out tests compare them: metric, basis, target, low (or point), high,
 * status, and with `{ currency: true }` the currency after them.
 */
export function guidanceRows(r: ReleaseRows, opts: { currency?: boolean } = {}) {
  return r.guidance.map((g) => {
    const row: unknown[] = [
      g.metric,
      g.basis,
      `${g.target_fiscal_period} ${g.target_fiscal_year}`,
      g.low ?? g.point,
      g.high,
      g.status,
    ];
    if (opts.currency) row.push(g.currency);
    return row;
  });
}
