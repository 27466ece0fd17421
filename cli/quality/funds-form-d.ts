import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ParseError } from '../../lib/errors.ts';
import { parseFormD } from '../../parsers/edgar/form-d.ts';
import { unwrapFormD } from '../../parsers/edgar/form-d-container.ts';
import { parseXml } from '../../parsers/edgar/ownership-xml.ts';

/**
 * The Form D section of `npm run quality:funds`: per file, what the parser read (container, form, issuer,
 * amounts with Indefinite, exemptions, persons with their flags, recipients, warnings) and what it left:
 * every element of the document that no rule reads, by path, with the ones left on purpose (a related
 * person's or recipient's street address and zip: the API keeps city/state only) counted apart.
 */
const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const EDGARTOOLS =
  'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';
/** The real Form D documents the offline mirror serves (fixtures/upstream/PRIVATE-COMPANIES-FIXTURES.md). */
export const FORM_D_FIXTURES = [
  'fixtures/upstream/www.sec.gov/Archives/edgar/data/1456986/000091957409006093/0000919574-09-006093.txt',
  'fixtures/upstream/www.sec.gov/Archives/edgar/data/1745524/000174552418000001/0001745524-18-000001.txt',
  'fixtures/upstream/www.sec.gov/Archives/edgar/data/1968399/000196839923000002/0001968399-23-000002.txt',
  `${EDGARTOOLS}/sgml/0001398344-24-000491.nc`,
  `${EDGARTOOLS}/sgml/0002002260-24-000001.nc`,
  `${EDGARTOOLS}/D.1685REIT.xml`,
  `${EDGARTOOLS}/D.APFund.xml`,
  `${EDGARTOOLS}/D.Shepards.xml`,
  'fixtures/upstream/raw.githubusercontent.com/Halloran/EDGAR/9d7811c8c65dfa3bf357f48f4ec646fd55e259f5/primary_doc.xml',
].map(root);

/** Element paths (indices dropped) the parser reads; `*` is any one step. */
const READ = [
  'schemaVersion',
  'submissionType',
  '*/cik',
  '*/entityName',
  '*/issuerAddress/*',
  '*/issuerPhoneNumber',
  '*/jurisdictionOfInc',
  '*/issuerPreviousNameList/*',
  '*/edgarPreviousNameList/*',
  '*/entityType',
  '*/entityTypeOtherDesc',
  '*/yearOfInc/*',
  'issuerList/issuer/*',
  'issuerList/issuer/issuerAddress/*',
  'issuerList/issuer/yearOfInc/*',
  'issuerList/issuer/issuerPreviousNameList/*',
  'issuerList/issuer/edgarPreviousNameList/*',
  'relatedPersonsList/relatedPersonInfo/relatedPersonName/*',
  'relatedPersonsList/relatedPersonInfo/relatedPersonAddress/city',
  'relatedPersonsList/relatedPersonInfo/relatedPersonAddress/stateOrCountry',
  'relatedPersonsList/relatedPersonInfo/relatedPersonRelationshipList/relationship',
  'relatedPersonsList/relatedPersonInfo/relationshipClarification',
  'offeringData/industryGroup/industryGroupType',
  'offeringData/industryGroup/investmentFundInfo/*',
  'offeringData/issuerSize/*',
  'offeringData/federalExemptionsExclusions/item',
  'offeringData/typeOfFiling/newOrAmendment/*',
  'offeringData/typeOfFiling/dateOfFirstSale/*',
  'offeringData/durationOfOffering/moreThanOneYear',
  'offeringData/typesOfSecuritiesOffered/*',
  'offeringData/businessCombinationTransaction/isBusinessCombinationTransaction',
  'offeringData/minimumInvestmentAccepted',
  'offeringData/salesCompensationList/recipient/recipientName',
  'offeringData/salesCompensationList/recipient/recipientCRDNumber',
  'offeringData/salesCompensationList/recipient/associatedBDName',
  'offeringData/salesCompensationList/recipient/associatedBDCRDNumber',
  'offeringData/salesCompensationList/recipient/recipientAddress/city',
  'offeringData/salesCompensationList/recipient/recipientAddress/stateOrCountry',
  'offeringData/salesCompensationList/recipient/statesOfSolicitationList/value',
  'offeringData/salesCompensationList/recipient/statesOfSolicitationList/state',
  'offeringData/salesCompensationList/recipient/foreignSolicitation',
  'offeringData/offeringSalesAmounts/totalOfferingAmount',
  'offeringData/offeringSalesAmounts/totalAmountSold',
  'offeringData/offeringSalesAmounts/totalRemaining',
  'offeringData/offeringSalesAmounts/clarificationOfResponse',
  'offeringData/investors/hasNonAccreditedInvestors',
  'offeringData/investors/numberNonAccreditedInvestors',
  'offeringData/investors/totalNumberAlreadyInvested',
  'offeringData/investors/clarificationOfResponse',
  'offeringData/salesCommissionsFindersFees/*/*',
  'offeringData/salesCommissionsFindersFees/clarificationOfResponse',
  'offeringData/useOfProceeds/grossProceedsUsed/*',
  'offeringData/useOfProceeds/clarificationOfResponse',
  'offeringData/signatureBlock/signature/issuerName',
  'offeringData/signatureBlock/signature/nameOfSigner',
  'offeringData/signatureBlock/signature/signatureTitle',
  'offeringData/signatureBlock/signature/signatureDate',
].map((p) => new RegExp(`^${p.replace(/\*/g, '[^/]+')}$`));
/** Left on purpose: personal addresses beyond city/state, the rendered state name, the /s/ image line. */
const LEFT_ON_PURPOSE = [
  /^relatedPersonsList\/relatedPersonInfo\/relatedPersonAddress\/(street1|street2|zipCode|stateOrCountryDescription)$/,
  /^offeringData\/salesCompensationList\/recipient\/recipientAddress\/(street1|street2|zipCode|stateOrCountryDescription)$/,
  /^offeringData\/salesCompensationList\/recipient\/statesOfSolicitationList\/description$/,
  /^offeringData\/signatureBlock\/signature\/signatureName$/,
];

function leaves(node: unknown, path: string, out: Map<string, number>) {
  if (node === null || node === undefined) return;
  if (Array.isArray(node)) {
    for (const n of node) leaves(n, path, out);
    return;
  }
  if (typeof node === 'object') {
    const entries = Object.entries(node as Record<string, unknown>).filter(([k]) => !k.startsWith('@'));
    const children = entries.filter(([k]) => k !== '#text');
    if (children.length === 0 || entries.some(([k]) => k === '#text'))
      out.set(path, (out.get(path) ?? 0) + 1);
    for (const [k, v] of children) leaves(v, path ? `${path}/${k}` : k, out);
    return;
  }
  if (String(node).trim() !== '') out.set(path, (out.get(path) ?? 0) + 1);
}

const usd = (v: number | null | undefined, indefinite = false) =>
  indefinite ? 'Indefinite' : v === null || v === undefined ? 'null' : `$${v.toLocaleString('en-US')}`;

/** Reports each file; returns the number of defects (files that failed to parse). */
export function formDSection(
  files: string[],
  print: (line: string) => void,
): { files: number; defects: number } {
  let defects = 0;
  print(`# Form D (${files.length} files)`);
  for (const file of files) {
    const name = file.split('/').slice(-3).join('/');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      print(`\n${name}: cannot read (${(err as Error).message})`);
      defects++;
      continue;
    }
    try {
      const { filing: f, warnings } = parseFormD(text, { url: file, fetchedAt: new Date(0).toISOString() });
      const { shape, xml } = unwrapFormD(text, file);
      const persons = f.relatedPersons as {
        is_executive_officer: boolean;
        is_director: boolean;
        is_promoter: boolean;
      }[];
      const count = (k: 'is_executive_officer' | 'is_director' | 'is_promoter') =>
        persons.filter((p) => p[k]).length;
      print(`\n${name}`);
      print(
        `  read: ${shape} container, ${f.form} ${f.schemaVersion ?? '?'}, accession ${f.accessionNumber ?? 'none (bare document)'}, filed ${f.filingDate ?? 'no header'}, file number ${f.fileNumber ?? 'none'}`,
      );
      print(
        `  issuer: ${f.entityName} (CIK ${f.cik}); industry ${f.industryGroup ?? 'null'}${f.investmentFundType ? ` / ${f.investmentFundType}` : ''}; pooled fund ${f.isPooledFund}`,
      );
      print(
        `  amounts: offered ${usd(f.totalOfferingAmount, f.totalOfferingIndefinite)}, sold ${usd(f.totalAmountSold)}, remaining ${usd(f.totalRemaining, f.totalRemainingIndefinite)}, minimum ${usd(f.minimumInvestment)}; first sale ${f.dateOfFirstSale ?? (f.firstSaleYetToOccur ? 'yet to occur' : 'null')}`,
      );
      print(
        `  exemptions: ${(f.exemptions as { code: string; label: string }[]).map((e) => `${e.code}=${e.label}`).join(', ') || 'none'}`,
      );
      print(
        `  related persons: ${persons.length} (executive officers ${count('is_executive_officer')}, directors ${count('is_director')}, promoters ${count('is_promoter')}); recipients ${(f.salesCompensation as unknown[]).length}; co-issuers ${(f.coIssuers as unknown[]).length}`,
      );
      if (f.isAmendment) print(`  amendment of ${f.previousAccessionNumber ?? 'an unnamed filing'}`);
      const all = new Map<string, number>();
      const doc = parseXml(xml, file) as Record<string, unknown>;
      leaves(doc.edgarSubmission, '', all);
      const left = [...all.keys()].filter((p) => !READ.some((r) => r.test(p)));
      const unread = left.filter((p) => !LEFT_ON_PURPOSE.some((r) => r.test(p)));
      const onPurpose = left.length - unread.length;
      print(
        `  elements: ${all.size} distinct paths; left on purpose ${onPurpose} (street, zip, state names, /s/ lines)`,
      );
      print(`  left unread: ${unread.length === 0 ? 'none' : unread.join(', ')}`);
      print(`  warnings: ${warnings.length === 0 ? 'none' : warnings.join(' | ')}`);
    } catch (err) {
      defects++;
      print(`\n${name}: ${err instanceof ParseError ? 'QUARANTINE' : 'CRASH'}: ${(err as Error).message}`);
    }
  }
  return { files: files.length, defects };
}
