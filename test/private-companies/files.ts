// The real Form D documents the mirror serves (fixtures/upstream/PRIVATE-COMPANIES-FIXTURES.md).
const U = 'fixtures/upstream';
const EDGARTOOLS = `${U}/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data`;
export const FORM_D_FILES = {
  gabelli: `${U}/www.sec.gov/Archives/edgar/data/1456986/000091957409006093/0000919574-09-006093.txt`,
  upshot: `${U}/www.sec.gov/Archives/edgar/data/1745524/000174552418000001/0001745524-18-000001.txt`,
  hashnote: `${U}/www.sec.gov/Archives/edgar/data/1968399/000196839923000002/0001968399-23-000002.txt`,
  investure: `${EDGARTOOLS}/sgml/0001398344-24-000491.nc`,
  vepf: `${EDGARTOOLS}/sgml/0002002260-24-000001.nc`,
  reit: `${EDGARTOOLS}/D.1685REIT.xml`,
  apFund: `${EDGARTOOLS}/D.APFund.xml`,
  shepherds: `${EDGARTOOLS}/D.Shepards.xml`,
  diffusion: `${U}/raw.githubusercontent.com/Halloran/EDGAR/9d7811c8c65dfa3bf357f48f4ec646fd55e259f5/primary_doc.xml`,
};
