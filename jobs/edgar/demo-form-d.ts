import type { Config } from '../../lib/config.ts';

/**
 * Form D filings the offline mirror holds though no captured filing index lists them (fixtures/upstream/
 * PRIVATE-COMPANIES-FIXTURES.md). Complete `.txt` submissions sit at their live EDGAR Archives path; the
 * bare primary documents and the SGML `.nc` submissions, captured without an EDGAR path of their own, are
 * fetched from the address they were captured from (partition `doc:<cik>:<url>`). Added only against the
 * offline mirror with the demo universe, like the ownership jobs' demo filings.
 */
export interface DemoFormD {
  cik: number;
  accession: string | null;
  url?: string;
}

const EDGARTOOLS =
  'https://raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';

export const DEMO_FORM_D: readonly DemoFormD[] = [
  { cik: 1456986, accession: '0000919574-09-006093' },
  { cik: 1745524, accession: '0001745524-18-000001' },
  { cik: 1968399, accession: '0001968399-23-000002' },
  { cik: 1296490, accession: '0001398344-24-000491', url: `${EDGARTOOLS}/sgml/0001398344-24-000491.nc` },
  { cik: 2002260, accession: '0002002260-24-000001', url: `${EDGARTOOLS}/sgml/0002002260-24-000001.nc` },
  { cik: 1961089, accession: null, url: `${EDGARTOOLS}/D.1685REIT.xml` },
  { cik: 1958740, accession: null, url: `${EDGARTOOLS}/D.APFund.xml` },
  { cik: 1544190, accession: null, url: `${EDGARTOOLS}/D.Shepards.xml` },
  {
    cik: 1171623,
    accession: null,
    url: 'https://raw.githubusercontent.com/Halloran/EDGAR/9d7811c8c65dfa3bf357f48f4ec646fd55e259f5/primary_doc.xml',
  },
];

export const demoFormDKey = (f: DemoFormD) => (f.url ? `doc:${f.cik}:${f.url}` : `acc:${f.accession}`);

export function demoFormDFilings(config: Config): readonly DemoFormD[] {
  const demo =
    config.UPSTREAM === 'fixtures' && (config.SEC_CIKS === undefined || config.SEC_CIKS === 'demo');
  return demo ? DEMO_FORM_D : [];
}
