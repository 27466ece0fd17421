import { readFileSync } from 'node:fs';
import type { FilingItem, ItemForm, SplitResult } from '../../../parsers/edgar/items/index.ts';

/** Every captured 10-K / 10-Q / 8-K file the items tests run on (see fixtures/upstream/ITEMS-FIXTURES.md). */
export interface CorpusFile {
  /** Golden name: fixtures/golden/items/<name>.json */
  name: string;
  form: ItemForm;
  /** Path under fixtures/upstream/www.sec.gov/Archives/edgar/data/ */
  path: string;
}

export const CORPUS: CorpusFile[] = [
  {
    name: '10k-24holdings-2007-10ksb',
    form: '10-K',
    path: '1025315/000093041308001093/0000930413-08-001093.txt',
  },
  { name: '10k-aapl-1994', form: '10-K', path: '320193/000032019394000016/0000320193-94-000016.txt' },
  {
    name: '10k-aapl-2024',
    form: '10-K',
    path: '320193/accession-unknown/AAPL_10-K_FY2024-09-28_filed2024-11-01.html',
  },
  { name: '10k-carmax-2023-abs', form: '10-K', path: '1779026/000177902623000027/0001779026-23-000027.txt' },
  {
    name: '10k-gainsco-2009',
    form: '10-K',
    path: 'cik-unknown/000119312510073212/GAINSCO_10-K_FY2009_0001193125-10-073212.html',
  },
  { name: '10k-ge-1993', form: '10-K', path: '40545/000004054594000003/0000040545-94-000003.txt' },
  {
    name: '10k-ge-cross-reference-sample',
    form: '10-K',
    path: '40545/accession-unknown/GE_10-K_cross-reference-index_SAMPLE-excerpt.html',
  },
  { name: '10k-ibm-1997', form: '10-K', path: '51143/000104746998012291/0001047469-98-012291.txt' },
  {
    name: '10k-ibm-2024',
    form: '10-K',
    path: '51143/accession-unknown/IBM_10-K_FY2024_filed2025-02-25_EX13-incorp-by-ref.html',
  },
  { name: '10k-intc-2002', form: '10-K', path: '50863/000104746903008257/a2104280z10-k.htm' },
  {
    name: '10k-medicis-1999',
    form: '10-K',
    path: 'cik-unknown/000095015399001234/MEDICIS_10-K_FY1999-06_0000950153-99-001234.html',
  },
  { name: '10k-mrk-1995', form: '10-K', path: '64978/000095013096000896/0000950130-96-000896.txt' },
  { name: '10k-reac-2015', form: '10-K', path: '1418302/000157587216000308/10k.htm' },
  { name: '10k-sgrp-2019', form: '10-K', path: '1714367/000155889119000066/sgrp-20190630_10k.htm' },
  { name: '10k-tgt-2002', form: '10-K', path: '27419/000104746903013199/a2105670z10-k.htm' },
  {
    name: '10k-tsla-2019-trimmed',
    form: '10-K',
    path: '1318605/000156459020004475/TSLA_10-K_FY2019_0001564590-20-004475_SGML-minimal-TRIMMED.txt',
  },
  { name: '10k-txt-2001', form: '10-K', path: '217346/000095013502001340/b42129tie10-k405.txt' },
  {
    name: '10k-wfc-2024',
    form: '10-K',
    path: '72971/accession-unknown/WFC_10-K_FY2024_filed2025-02-25_EX13-incorp-by-ref.html',
  },
  { name: '10q-aapl-2000', form: '10-Q', path: '320193/000091205700023442/0000912057-00-023442.txt' },
  { name: '10q-aapl-2025', form: '10-Q', path: '320193/000032019325000057/aapl-20250329.htm' },
  { name: '8k-aapl-1999', form: '8-K', path: '320193/000032019399000010/0000320193-99-000010.txt' },
  { name: '8k-aapl-2000', form: '8-K', path: '320193/000091205700002128/0000912057-00-002128.txt' },
  { name: '8k-abvc-2025', form: '8-K', path: '1173313/000121390025032135/0001213900-25-032135.txt' },
  { name: '8k-acfn-2025-nc', form: '8-K', path: '880984/000149315225001317/0001493152-25-001317.nc' },
  { name: '8k-adbe-2023-txt', form: '8-K', path: '796343/000079634323000044/0000796343-23-000044.txt' },
  { name: '8k-adbe-2023-htm', form: '8-K', path: '796343/000079634323000044/adbe-20230315.htm' },
  { name: '8k-bcow-2024', form: '8-K', path: '1847360/000094337424000509/0000943374-24-000509.txt' },
  {
    name: '8k-bke-2024-ex99-not-an-8k',
    form: '8-K',
    path: '885245/accession-unknown/BKE_8-K_2024-11-22_EX-99.1_press-release.html',
  },
  {
    name: '8k-bke-2024',
    form: '8-K',
    path: '885245/accession-unknown/BKE_8-K_2024-11-22_Item2.02_primary.html',
  },
  {
    name: '8k-pfbi-2021',
    form: '8-K',
    path: '887919/000088791921000012/PFBI_8-K_2021-03-29_0000887919-21-000012_Item8.01.html',
  },
  {
    name: '8k-sphs-2016',
    form: '8-K',
    path: 'cik-unknown/000143774916028287/SPHS_8-K_2016_0001437749-16-028287_Item2.02.html',
  },
];

export const ARCHIVES = new URL(
  '../../../fixtures/upstream/www.sec.gov/Archives/edgar/data/',
  import.meta.url,
);

export function readFixture(path: string): Buffer {
  return readFileSync(new URL(path, ARCHIVES));
}

function edge(text: string, from: 'start' | 'end'): string {
  const flat = text.replace(/\s+/g, ' ');
  return from === 'start' ? flat.slice(0, 60) : flat.slice(-60);
}

/** What the golden files pin: per item its code, name, mode, size and both ends of the text. */
export function goldenSummary(result: SplitResult) {
  return {
    items_found: result.items.length,
    ...(result.items_unavailable_reason ? { items_unavailable_reason: result.items_unavailable_reason } : {}),
    items: result.items.map((i: FilingItem) => ({
      number: i.number,
      name: i.name,
      text_mode: i.text_mode,
      length: i.text.length,
      first: edge(i.text, 'start'),
      last: edge(i.text, 'end'),
      ...(i.resolved ? { resolved: i.resolved } : {}),
    })),
    warnings: result.warnings,
  };
}
