/**
 * Held-out set 1 of the Taiwan and Japan registry and revenue files (`fixtures/asia/held-out-1`, issue 28):
 * real t187ap05_L monthly revenue CSVs of 2023-08 and 2025-02, a user's translated tab-separated re-save of
 * one, the t187ap03_L (TWSE) and t187ap03_O (TPEx) company profile CSVs and an EDINET code list of 2026-05-12
 * (CP932), against the values read by hand in LABELS-held-out-1{,b,c}.tsv before any parser ran on them. The
 * first read was 58 of 60: the OTC profiles were read as TWSE (`1240.TW`), and a listed foreign filer
 * (外国法人・組合) was given country JP.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import { registryFromEdinetCodes } from '../../../parsers/registry-asia/japan.ts';
import { parseTwseProfiles, registryFromTwProfiles } from '../../../parsers/registry-asia/taiwan.ts';
import { parseMonthlyRevenueCsv } from '../../../parsers/taiwan/monthly-revenue.ts';

const dir = 'fixtures/asia/held-out-1';
const bytes = (f: string) => readFileSync(new URL(`../../../${dir}/${f}`, import.meta.url));
const ctx = (f: string) => ({ url: `${dir}/${f}`, fetchedAt: '2026-01-01T00:00:00Z' });
const labels = ['LABELS-held-out-1.tsv', 'LABELS-held-out-1b.tsv', 'LABELS-held-out-1c.tsv'].flatMap((f) =>
  bytes(f)
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t') as [string, string, string, string, string]),
);
const camel = (k: string) => k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function read(file: string): Record<string, unknown>[] {
  if (/^t187ap03_/.test(file)) return parseTwseProfiles(bytes(file), ctx(file)) as never;
  if (/^EdinetcodeDlInfo/.test(file))
    return registryFromEdinetCodes(bytes(file), ctx(file)).companies as never;
  return parseMonthlyRevenueCsv(bytes(file), ctx(file), 'twse').rows as never;
}
function actual(file: string, code: string, field: string): string {
  if (field === 'outcome') {
    try {
      read(file);
      return 'rows';
    } catch (err) {
      return err instanceof ParseError ? 'typed refusal' : `crash ${(err as Error).message}`;
    }
  }
  const rows = read(file);
  if (field === 'rows') return String(rows.length);
  const key = field === 'market' ? 'market' : camel(field);
  if (code === '*') return [...new Set(rows.map((r) => String(r[key])))].join(',');
  const row = rows.find((r) => (r.localSecurityCode ?? r.code ?? r.primaryTicker) === code);
  if (!row) return '(no row)';
  const v = row[key];
  return v === null || v === undefined ? 'null' : String(v);
}
const same = (want: string, got: string) =>
  /^-?\d+(\.\d+)?$/.test(want) && /^-?\d+(\.\d+)?$/.test(got) ? Number(want) === Number(got) : want === got;

describe('Taiwan and Japan open data, held-out set 1 (hand-read labels)', () => {
  it('has the labels', () => expect(labels).toHaveLength(60));
  it.each(labels.map((l) => [`${l[0]} ${l[1]} ${l[2]}`, l] as const))(
    '%s',
    (_n, [file, code, field, expected]) => {
      const got = actual(file, code, field);
      expect(same(expected, got), `${file} ${code} ${field}: read ${got}`).toBe(true);
    },
  );
  it('registers the OTC profiles on TPEx: 1240.TWO, its listing valid from 2018-08-08', () => {
    const f = 't187ap03_O_20230506_EXCERPT.csv';
    const r = registryFromTwProfiles(parseTwseProfiles(bytes(f), ctx(f)), ctx(f));
    const c = r.companies.find((x) => x.companyName === '茂生農經股份有限公司');
    expect(c?.primaryTicker).toBe('1240.TWO');
    expect(c?.primaryExchange).toBe('TPEX');
    expect(r.listings.find((l) => l.symbol === '1240.TWO')?.validFrom).toBe('2018-08-08');
  });
  it('keeps TWSE for the listed profiles: 1101.TW', () => {
    const f = 't187ap03_L_20241029_EXCERPT.csv';
    const r = registryFromTwProfiles(parseTwseProfiles(bytes(f), ctx(f)), ctx(f));
    expect(r.companies.map((c) => c.primaryTicker)).toEqual(['1101.TW', '1219.TW', '1256.TW']);
  });
});
