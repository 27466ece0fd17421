import { XMLValidator } from 'fast-xml-parser';
import { ParseError } from '../../lib/errors.ts';
import { exemptionLabel } from '../../lib/form-d-exemptions.ts';
import { dashAccession } from '../../lib/ids.ts';
import type { PrivateOfferingFilingInsert } from '../../schema/private-companies.ts';
import { countryFromEdgarCode } from './countries.ts';
import { unwrapFormD } from './form-d-container.ts';
import { at, list, parseXml, text, type XmlNode } from './ownership-xml.ts';

/**
 * Form D / D/A (Regulation D notice of an exempt offering), `primary_doc.xml` in any of its containers
 * (./form-d-container.ts). The filing's own words decide: `Indefinite` amounts are a flag, never a number;
 * ranges (`Decline to Disclose`, `$1 - $1,000,000`) and fund types are kept as filed; amounts are whole US
 * dollars as filed. Elements are looked up by name (their order varies between schema versions), and the
 * filer placeholders `None` / `N/A` / `NONE` (and an issuer phone of only zeros) are read as "not given".
 */
export type FormDFiling = Omit<PrivateOfferingFilingInsert, 'offeringKey'>;

export interface FormDContext {
  url: string;
  fetchedAt: string;
  sha256?: string | null;
  /** From the filing index when the document has no header (a bare primary_doc.xml). */
  accessionNumber?: string | null;
  filingDate?: string | null;
}

/** The filer placeholders for "nothing here". */
const PLACEHOLDER = /^(none|n\/a|na)$/i;
const given = (v: unknown): string | null => {
  const t = text(v);
  return t === null || PLACEHOLDER.test(t) ? null : t;
};
const bool = (v: unknown): boolean | null => {
  const t = text(v)?.toLowerCase();
  return t === 'true' || t === 'y' ? true : t === 'false' || t === 'n' ? false : null;
};
const isoDate = (v: unknown): string | null => {
  const t = text(v);
  return t && /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
};

export function parseFormD(input: string, ctx: FormDContext): { filing: FormDFiling; warnings: string[] } {
  const { xml, header } = unwrapFormD(input, ctx.url);
  // the reading parser forgives unclosed elements; a truncated document must not load half an offering
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new ParseError(`Form D: malformed XML: ${valid.err.msg} (line ${valid.err.line})`, ctx.url);
  const root = at(parseXml(xml, ctx.url), 'edgarSubmission') as XmlNode | undefined;
  if (!root || typeof root !== 'object')
    throw new ParseError('Form D: no <edgarSubmission> root element', ctx.url);
  const warnings: string[] = [];
  const form = (text(root.submissionType) ?? header?.form ?? '').toUpperCase();
  if (form !== 'D' && form !== 'D/A')
    throw new ParseError(`Form D: submissionType is "${form}", not D or D/A`, ctx.url);
  const issuer = at(root, 'primaryIssuer') as XmlNode | undefined;
  const cikText = text(at(issuer, 'cik'));
  if (!issuer || !cikText || !/^\d{1,10}$/.test(cikText))
    throw new ParseError('Form D: no primaryIssuer with a CIK', ctx.url);
  const cik = cikText.padStart(10, '0');
  const entityName = text(issuer.entityName);
  if (!entityName) throw new ParseError('Form D: the primary issuer has no entityName', ctx.url);
  const offering = (at(root, 'offeringData') ?? {}) as XmlNode;
  if (!at(root, 'offeringData')) warnings.push('no offeringData element: the offering fields are null');

  const accessionNumber = dashAccession(header?.accessionNumber ?? ctx.accessionNumber ?? '') ?? null;
  const filer = header?.filers.find((f) => f.cik === cik) ?? null;

  const amount = (path: string[], field: string) => readAmount(at(offering, ...path), field, warnings);
  const offered = amount(['offeringSalesAmounts', 'totalOfferingAmount'], 'totalOfferingAmount');
  const sold = amount(['offeringSalesAmounts', 'totalAmountSold'], 'totalAmountSold');
  const remaining = amount(['offeringSalesAmounts', 'totalRemaining'], 'totalRemaining');
  const fees = (name: string) => {
    const node = at(
      offering,
      name === 'grossProceedsUsed' ? 'useOfProceeds' : 'salesCommissionsFindersFees',
      name,
    );
    return {
      amount: readAmount(at(node, 'dollarAmount'), `${name}/dollarAmount`, warnings).value,
      estimate: bool(at(node, 'isEstimate')),
    };
  };
  const commissions = fees('salesCommissions');
  const finders = fees('findersFees');
  const proceeds = fees('grossProceedsUsed');

  const codes = list(at(offering, 'federalExemptionsExclusions'))
    .flatMap((n) => (Array.isArray(n.item) ? n.item : [n.item]))
    .map((c) => text(c))
    .filter((c): c is string => !!c);
  const exemptions = codes.map((code) => {
    const label = exemptionLabel(code);
    if (!label) warnings.push(`unknown exemption code "${code}": kept as its code`);
    return { code, label: label ?? code };
  });

  const firstSale = at(offering, 'typeOfFiling', 'dateOfFirstSale') as XmlNode | undefined;
  const types = (at(offering, 'typesOfSecuritiesOffered') ?? {}) as XmlNode;
  const securitiesTypes = Object.entries(types)
    .filter(([k, v]) => /^is\w+Type$/.test(k) && bool(v) === true)
    .map(([k]) => securityTypeName(k));
  const signatures = list(at(offering, 'signatureBlock', 'signature')).map((s) => ({
    issuer_name: text(s.issuerName),
    name: text(s.nameOfSigner),
    title: text(s.signatureTitle),
    date: isoDate(s.signatureDate),
  }));
  const nonAccredited = bool(at(offering, 'investors', 'hasNonAccreditedInvestors'));

  const filing: FormDFiling = {
    filingId: accessionNumber ?? ctx.url,
    accessionNumber,
    cik: Number(cik),
    form,
    filingDate: header?.filingDate ?? ctx.filingDate ?? null,
    acceptedAt: header?.acceptedAt ?? null,
    fileNumber: filer?.fileNumber ?? null,
    url: ctx.url,
    schemaVersion: text(root.schemaVersion),
    isAmendment: bool(at(offering, 'typeOfFiling', 'newOrAmendment', 'isAmendment')) ?? form === 'D/A',
    previousAccessionNumber: dashAccession(
      text(at(offering, 'typeOfFiling', 'newOrAmendment', 'previousAccessionNumber')) ?? '',
    ),
    entityName,
    issuer: issuerOf(issuer),
    industryGroup: text(at(offering, 'industryGroup', 'industryGroupType')),
    investmentFundType: text(at(offering, 'industryGroup', 'investmentFundInfo', 'investmentFundType')),
    is40Act: bool(at(offering, 'industryGroup', 'investmentFundInfo', 'is40Act')),
    isPooledFund:
      bool(types.isPooledInvestmentFundType) ?? (at(offering, 'typesOfSecuritiesOffered') ? false : null),
    revenueRange: text(at(offering, 'issuerSize', 'revenueRange')),
    aggregateNavRange: text(at(offering, 'issuerSize', 'aggregateNetAssetValueRange')),
    exemptions,
    exemptionLabels: exemptions.map((e) => e.label),
    dateOfFirstSale: isoDate(at(firstSale, 'value')),
    firstSaleYetToOccur: firstSale ? bool(firstSale.yetToOccur) === true : null,
    moreThanOneYear: bool(at(offering, 'durationOfOffering', 'moreThanOneYear')),
    securitiesTypes,
    otherSecuritiesDescription: given(types.descriptionOfOtherType),
    isBusinessCombination: bool(
      at(offering, 'businessCombinationTransaction', 'isBusinessCombinationTransaction'),
    ),
    minimumInvestment: readAmount(
      at(offering, 'minimumInvestmentAccepted'),
      'minimumInvestmentAccepted',
      warnings,
    ).value,
    totalOfferingAmount: offered.value,
    totalOfferingIndefinite: offered.indefinite,
    totalAmountSold: sold.value,
    totalRemaining: remaining.value,
    totalRemainingIndefinite: remaining.indefinite,
    amountsClarification: text(at(offering, 'offeringSalesAmounts', 'clarificationOfResponse')),
    hasNonAccreditedInvestors: nonAccredited,
    numberNonAccreditedInvestors: int(at(offering, 'investors', 'numberNonAccreditedInvestors')),
    totalNumberAlreadyInvested: int(at(offering, 'investors', 'totalNumberAlreadyInvested')),
    investorsClarification: text(at(offering, 'investors', 'clarificationOfResponse')),
    salesCommissions: commissions.amount,
    salesCommissionsEstimate: commissions.estimate,
    findersFees: finders.amount,
    findersFeesEstimate: finders.estimate,
    feesClarification: text(at(offering, 'salesCommissionsFindersFees', 'clarificationOfResponse')),
    grossProceedsUsed: proceeds.amount,
    grossProceedsUsedEstimate: proceeds.estimate,
    useOfProceedsClarification: text(at(offering, 'useOfProceeds', 'clarificationOfResponse')),
    relatedPersons: list(at(root, 'relatedPersonsList', 'relatedPersonInfo')).map(relatedPerson),
    salesCompensation: list(at(offering, 'salesCompensationList', 'recipient'))
      .map(recipient)
      .filter((r) => r.name !== null || r.crd_number !== null),
    coIssuers: list(at(root, 'issuerList', 'issuer')).map((i) => ({
      cik: text(i.cik)?.padStart(10, '0') ?? null,
      name: text(i.entityName),
      ...issuerOf(i),
    })),
    signatures,
    signatureDate: signatures[0]?.date ?? null,
    sha256: ctx.sha256 ?? null,
    fetchedAt: new Date(ctx.fetchedAt),
  };
  if (!filing.filingDate)
    warnings.push('no filing date: the document has no submission header and none was passed');
  if (header && !filer)
    warnings.push(`the header lists no filer with the issuer's CIK ${cik}: no file number`);
  return { filing, warnings };
}

/** A whole-dollar amount as filed: digits, or the word `Indefinite` (a flag, never a number). */
function readAmount(
  v: unknown,
  field: string,
  warnings: string[],
): { value: number | null; indefinite: boolean } {
  const t = text(v);
  if (t === null) return { value: null, indefinite: false };
  if (/^indefinite$/i.test(t)) return { value: null, indefinite: true };
  const clean = t.replace(/[$,\s]/g, '');
  if (/^-?\d+(\.\d+)?$/.test(clean)) return { value: Number(clean), indefinite: false };
  warnings.push(`${field}: "${t}" is neither an amount nor Indefinite; left null`);
  return { value: null, indefinite: false };
}

function int(v: unknown): number | null {
  const t = text(v);
  return t && /^\d+$/.test(t) ? Number(t) : null;
}

/** `isPooledInvestmentFundType` -> `Pooled Investment Fund`, `isEquityType` -> `Equity`. */
function securityTypeName(key: string): string {
  const words = key
    .replace(/^is/, '')
    .replace(/Type$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2');
  return words === 'Option To Acquire' ? 'Option, Warrant or Other Right to Acquire' : words;
}

/** Names drop the `None` placeholder, from both list spellings (`value` and `previousName`). */
function previousNames(node: unknown): string[] {
  return list(node)
    .flatMap((n) => [n.value, n.previousName].flatMap((v) => (Array.isArray(v) ? v : [v])))
    .map(given)
    .filter((n): n is string => !!n);
}

/** A phone number whose digits are all zeros (`0000000000`, KEA Cloud's D/A) is the filer's "no phone". */
function phoneOf(v: unknown): string | null {
  const t = given(v);
  return t !== null && /^[^1-9]*$/.test(t) ? null : t;
}

function issuerOf(i: XmlNode) {
  const address = (i.issuerAddress ?? {}) as XmlNode;
  const code = given(address.stateOrCountry);
  const description = given(address.stateOrCountryDescription);
  const year = (i.yearOfInc ?? {}) as XmlNode;
  return {
    street1: given(address.street1),
    street2: given(address.street2),
    city: given(address.city),
    state_or_country: code === 'XX' ? null : code,
    state_or_country_description: description === 'Unknown' ? null : description,
    country: countryFromEdgarCode(code, description) ?? (code ? (EDGAR_COUNTRY_CODES[code] ?? null) : null),
    zip: given(address.zipCode),
    phone: phoneOf(i.issuerPhoneNumber),
    jurisdiction_of_inc: given(i.jurisdictionOfInc),
    entity_type: text(i.entityType),
    entity_type_other: given(i.entityTypeOtherDesc),
    year_of_incorporation: yearOfInc(year),
    previous_names: [
      ...new Set([...previousNames(i.issuerPreviousNameList), ...previousNames(i.edgarPreviousNameList)]),
    ],
  };
}

/**
 * EDGAR's own codes for the offshore domiciles most private funds use, for schema X0301 files that give the
 * code without its description (newer files spell the country out and countries.ts maps the name).
 */
const EDGAR_COUNTRY_CODES: Record<string, string> = { D0: 'BM', E9: 'KY', D8: 'VG', X0: 'GB' };

/** Item 2's year of incorporation: `withinFiveYears` with the year, `overFiveYears`, or `yetToBeFormed`. */
function yearOfInc(y: XmlNode): { as_filed: string; year: number | null } | null {
  const value = text(y.value);
  const year = value && /^\d{4}$/.test(value) ? Number(value) : null;
  if (bool(y.withinFiveYears)) return { as_filed: 'Within Last Five Years', year };
  if (bool(y.overFiveYears)) return { as_filed: 'Over Five Years Ago', year };
  if (bool(y.yetToBeFormed)) return { as_filed: 'Yet to Be Formed', year: null };
  return year ? { as_filed: value!, year } : null;
}

/**
 * A related person: name, relationship flags and city/state only (the filing's street address and more are
 * not repeated). `N/A` parts are dropped, so an entity filed as firstName `N/A` reads as its lastName.
 */
function relatedPerson(p: XmlNode) {
  const name = (p.relatedPersonName ?? {}) as XmlNode;
  const parts = [name.firstName, name.middleName, name.lastName].map(given);
  const relationships = list(p.relatedPersonRelationshipList).flatMap((r) =>
    (Array.isArray(r.relationship) ? r.relationship : [r.relationship])
      .map((x) => text(x))
      .filter((x): x is string => !!x),
  );
  const has = (r: string) => relationships.some((x) => x.toLowerCase() === r);
  const address = (p.relatedPersonAddress ?? {}) as XmlNode;
  const state = given(address.stateOrCountry);
  return {
    name: parts.filter((x): x is string => !!x).join(' ') || null,
    first_name: parts[0] ?? null,
    middle_name: parts[1] ?? null,
    last_name: parts[2] ?? null,
    relationships,
    is_executive_officer: has('executive officer'),
    is_director: has('director'),
    is_promoter: has('promoter'),
    clarification: text(p.relationshipClarification),
    city: given(address.city),
    state_or_country: state === 'XX' ? null : state,
  };
}

function recipient(r: XmlNode) {
  const address = (r.recipientAddress ?? {}) as XmlNode;
  const state = given(address.stateOrCountry);
  // two spellings: `<value>All States</value>`, or `<state>FL</state>` with its `<description>`
  const states = list(r.statesOfSolicitationList).flatMap((s) =>
    [s.value, s.state]
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .map((x) => text(x))
      .filter((x): x is string => !!x),
  );
  return {
    name: given(r.recipientName),
    crd_number: given(r.recipientCRDNumber),
    associated_broker_dealer: given(r.associatedBDName),
    associated_broker_dealer_crd: given(r.associatedBDCRDNumber),
    city: given(address.city),
    state_or_country: state === 'XX' ? null : state,
    states_of_solicitation: states,
    foreign_solicitation: bool(r.foreignSolicitation),
  };
}
