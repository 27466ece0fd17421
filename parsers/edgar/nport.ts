import { ParseError } from '../../lib/errors.ts';
import { readXml } from './nport-xml.ts';
import { bool, isoDate, sliceXmlRoot, text, type XmlNode } from './ownership-xml.ts';

/**
 * Form N-PORT (NPORT-P and NPORT-P/A) `primary_doc.xml`, as filed: the fund (registrant and series), its
 * classes, the report date and net assets, and every position of `formData/invstOrSecs/invstOrSec`.
 *
 * Format rules (fixtures/upstream/raw.githubusercontent.com/.../NPORT*.xml, docs/funds.md):
 * - elements are namespaced (default `edgar/nport`, `com:`, `ncom:`): matched on local names;
 * - `repPdDate` is the holdings date, `repPdEnd` the fiscal year end (not the holdings date);
 * - `pctVal` is a percentage of net assets (1.92 = 1.92 %), negative for liabilities and short derivatives;
 *   it is kept as filed and served as `pct_of_net_assets` on the same scale;
 * - `valUSD` is always US dollars; `balance` is in `units` (PA principal in the position's own currency, NS
 *   shares, NC contracts, OU other); a non-USD position carries `currencyConditional curCd exchangeRt`
 *   (units of that currency per 1 USD), kept with the USD value, never rescaled;
 * - the holding's own fields are the direct children of `invstOrSec` (a swaption's nested swap has its own
 *   `name`/`cusip`, never read as the holding's); `issuerCat`/`assetCat` come bare or as the `*Conditional`
 *   element's attribute (with its `desc`);
 * - `N/A`, `000000000` (CUSIP) and `XXXX` (a masked value) are "not reported": null, never zero;
 * - a final filing may have no `invstOrSecs` at all: zero positions, not an error.
 */

export interface NportFund {
  regCik: string;
  regName: string | null;
  regLei: string | null;
  regFileNumber: string | null;
  seriesId: string | null;
  seriesName: string | null;
  seriesLei: string | null;
  /** The class ids of the header's seriesClassInfo, in filing order. */
  classIds: string[];
}

export interface NportReport {
  /** `NPORT-P` or `NPORT-P/A` as filed. */
  submissionType: string;
  isAmendment: boolean;
  /** `repPdDate`: the date the holdings are as of. */
  reportDate: string;
  /** `repPdEnd`: the fund's fiscal year end (not the holdings date). */
  fiscalYearEnd: string | null;
  isFinalFiling: boolean | null;
  totalAssets: number | null;
  totalLiabilities: number | null;
  netAssets: number | null;
  /** Monthly total returns per class (percent), as filed: `{classId, rtn1, rtn2, rtn3}`. */
  classReturns: { classId: string; rtn1: number | null; rtn2: number | null; rtn3: number | null }[];
  signedOn: string | null;
}

export interface NportCounterparty {
  name: string | null;
  lei: string | null;
}

export interface NportPosition {
  /** 1-based position in the filing. */
  ordinal: number;
  name: string | null;
  title: string | null;
  lei: string | null;
  cusip: string | null;
  isin: string | null;
  ticker: string | null;
  /** `identifiers/other` as filed: `{desc, value}`. */
  otherIds: { desc: string | null; value: string }[];
  balance: number | null;
  /** `NS` shares, `PA` principal amount, `NC` contracts, `OU` other units. */
  units: string | null;
  /** `descOthUnits` when units is OU. */
  unitsDesc: string | null;
  /** ISO currency of the position; null for `N/A` (cross-currency forwards). */
  currency: string | null;
  /** Units of `currency` per 1 USD (`currencyConditional/@exchangeRt`); null for USD rows. */
  exchangeRate: number | null;
  valueUsd: number | null;
  /** `pctVal` as filed: percent of net assets (1.23 = 1.23 %). */
  pctOfNetAssets: number | null;
  payoffProfile: string | null;
  assetCategory: string | null;
  /** The `assetConditional/@desc` free text (category OTH and similar). */
  assetCategoryDesc: string | null;
  issuerCategory: string | null;
  issuerCategoryDesc: string | null;
  /** ISO country of the investment (`invCountry`); null for `XX`/`N/A`. */
  country: string | null;
  isRestricted: boolean | null;
  fairValueLevel: string | null;
  isLoanedByFund: boolean | null;
  isCashCollateral: boolean | null;
  debt: {
    maturityDate: string | null;
    couponKind: string | null;
    annualizedRate: number | null;
    isDefault: boolean | null;
  } | null;
  derivative: {
    category: string | null;
    counterparties: NportCounterparty[];
    notionalAmount: number | null;
    notionalCurrency: string | null;
    unrealizedAppreciation: number | null;
    putOrCall: string | null;
    writtenOrPurchased: string | null;
    expirationDate: string | null;
    /** Forwards: the two legs. */
    amountSold: number | null;
    currencySold: string | null;
    amountPurchased: number | null;
    currencyPurchased: string | null;
    settlementDate: string | null;
  } | null;
}

export interface NportDocument {
  fund: NportFund;
  report: NportReport;
  positions: NportPosition[];
  warnings: string[];
}

const ARRAYS = new Set(['invstOrSec', 'classId', 'other', 'counterparties', 'monthlyTotReturn']);

const NOT_REPORTED = new Set(['', 'N/A', 'NA', 'NONE', 'XXXX', 'XXXXXXXX']);

/** Text that is a value: `N/A`, `XXXX` (masked) and empties are null. */
function val(v: unknown): string | null {
  const t = text(v);
  return t === null || NOT_REPORTED.has(t.toUpperCase()) ? null : t;
}

/** A decimal as filed (`41468995.880000000000`); null when absent, masked or not a number. */
function dec(v: unknown): number | null {
  const t = val(v);
  if (t === null) return null;
  const n = Number(t);
  return Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t) ? n : null;
}

const attr = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as XmlNode)[`@${name}`] : undefined;
const obj = (v: unknown): XmlNode | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as XmlNode) : undefined;
const arr = (v: unknown): XmlNode[] =>
  (Array.isArray(v) ? v : v ? [v] : []).filter((x) => obj(x)) as XmlNode[];

/** A CUSIP is 9 characters; `000000000` and `N/A` mean none. */
function cusipOf(v: unknown): string | null {
  const t = val(v)?.toUpperCase() ?? null;
  return t && /^[0-9A-Z*@#]{9}$/.test(t) && !/^0{9}$/.test(t) ? t : null;
}

/** ISO 3166 two-letter country; `XX` (unknown, cross-currency) is null. */
function countryOf(v: unknown): string | null {
  const t = val(v)?.toUpperCase() ?? null;
  return t && /^[A-Z]{2}$/.test(t) && t !== 'XX' ? t : null;
}

function currencyOf(v: unknown): string | null {
  const t = val(v)?.toUpperCase() ?? null;
  return t && /^[A-Z]{3}$/.test(t) ? t : null;
}

/** The `<edgarSubmission>` XML of a bare primary_doc.xml or of a full-text submission wrapping it. */
function submissionXml(body: string, document: string): string {
  const xml = sliceXmlRoot(body, 'edgarSubmission');
  if (!xml) throw new ParseError('no <edgarSubmission> element: not an N-PORT primary document', document);
  return xml;
}

export function parseNport(body: string, document: string): NportDocument {
  const root = readXml(submissionXml(body, document), document, ARRAYS);
  const sub = obj(root.edgarSubmission);
  const header = obj(sub?.headerData);
  const form = obj(sub?.formData);
  const submissionType = val(header?.submissionType)?.toUpperCase() ?? null;
  if (!sub || !header || !form) throw new ParseError('edgarSubmission without headerData/formData', document);
  if (submissionType !== 'NPORT-P' && submissionType !== 'NPORT-P/A') {
    throw new ParseError(
      `submissionType ${submissionType ?? 'missing'} is not NPORT-P or NPORT-P/A`,
      document,
    );
  }
  const gen = obj(form.genInfo) ?? {};
  const info = obj(form.fundInfo) ?? {};
  const warnings: string[] = [];
  const regCik = val(gen.regCik) ?? val(obj(obj(obj(header.filerInfo)?.filer)?.issuerCredentials)?.cik);
  if (!regCik || !/^\d{1,10}$/.test(regCik))
    throw new ParseError('no registrant CIK (genInfo/regCik)', document);
  const reportDate = isoDate(val(gen.repPdDate));
  if (!reportDate) throw new ParseError('no report date (genInfo/repPdDate)', document);
  const classInfo = obj(obj(header.filerInfo)?.seriesClassInfo);
  const fund: NportFund = {
    regCik: regCik.padStart(10, '0'),
    regName: val(gen.regName),
    regLei: val(gen.regLei),
    regFileNumber: val(gen.regFileNumber),
    seriesId: val(gen.seriesId) ?? val(classInfo?.seriesId),
    seriesName: val(gen.seriesName),
    seriesLei: val(gen.seriesLei),
    classIds: (Array.isArray(classInfo?.classId) ? classInfo.classId : [])
      .map((c) => val(c))
      .filter((c): c is string => c !== null),
  };
  const returns = arr(obj(obj(info.returnInfo)?.monthlyTotReturns)?.monthlyTotReturn);
  const report: NportReport = {
    submissionType,
    isAmendment: submissionType.endsWith('/A'),
    reportDate,
    fiscalYearEnd: isoDate(val(gen.repPdEnd)),
    isFinalFiling: bool(val(gen.isFinalFiling)),
    totalAssets: dec(info.totAssets),
    totalLiabilities: dec(info.totLiabs),
    netAssets: dec(info.netAssets),
    classReturns: returns
      .map((r) => ({
        classId: val(attr(r, 'classId')) ?? '',
        rtn1: dec(attr(r, 'rtn1')),
        rtn2: dec(attr(r, 'rtn2')),
        rtn3: dec(attr(r, 'rtn3')),
      }))
      .filter((r) => r.classId !== ''),
    signedOn: isoDate(val(obj(form.signature)?.dateSigned)),
  };
  if (report.netAssets === null)
    warnings.push('fundInfo/netAssets not reported: no share of net assets can be checked');
  const rows = arr(obj(form.invstOrSecs)?.invstOrSec);
  const positions = rows.map((r, i) => position(r, i + 1, warnings));
  return { fund, report, positions, warnings };
}

function position(r: XmlNode, ordinal: number, warnings: string[]): NportPosition {
  const ids = obj(r.identifiers);
  const curCond = obj(r.currencyConditional);
  const assetCond = obj(r.assetConditional);
  const issuerCond = obj(r.issuerConditional);
  const currency = curCond ? currencyOf(attr(curCond, 'curCd')) : currencyOf(r.curCd);
  const exchangeRate = curCond ? dec(attr(curCond, 'exchangeRt')) : null;
  if (curCond && currency && currency !== 'USD' && exchangeRate === null) {
    warnings.push(`position ${ordinal}: ${currency} without an exchange rate`);
  }
  const lending = obj(r.securityLending);
  const debt = obj(r.debtSec);
  const valueUsd = dec(r.valUSD);
  const pct = dec(r.pctVal);
  if (valueUsd === null && text(r.valUSD) !== null)
    warnings.push(`position ${ordinal}: valUSD "${text(r.valUSD)}" is not a number`);
  return {
    ordinal,
    name: val(r.name),
    title: val(r.title),
    lei: val(r.lei),
    cusip: cusipOf(r.cusip),
    isin: val(attr(ids?.isin, 'value'))?.toUpperCase() ?? null,
    ticker: val(attr(ids?.ticker, 'value')),
    otherIds: arr(ids?.other)
      .map((o) => ({ desc: val(attr(o, 'otherDesc')), value: val(attr(o, 'value')) ?? '' }))
      .filter((o) => o.value !== ''),
    balance: dec(r.balance),
    units: val(r.units),
    unitsDesc: val(r.descOthUnits),
    currency,
    exchangeRate,
    valueUsd,
    pctOfNetAssets: pct,
    payoffProfile: val(r.payoffProfile),
    assetCategory: val(r.assetCat) ?? val(attr(assetCond, 'assetCat')),
    assetCategoryDesc: val(attr(assetCond, 'desc')),
    issuerCategory: val(r.issuerCat) ?? val(attr(issuerCond, 'issuerCat')),
    issuerCategoryDesc: val(attr(issuerCond, 'desc')),
    country: countryOf(r.invCountry),
    isRestricted: bool(val(r.isRestrictedSec)),
    fairValueLevel: val(r.fairValLevel),
    isLoanedByFund: bool(val(lending?.isLoanByFund)),
    isCashCollateral: bool(val(lending?.isCashCollateral)),
    debt: debt
      ? {
          maturityDate: isoDate(val(debt.maturityDt)),
          couponKind: val(debt.couponKind),
          annualizedRate: dec(debt.annualizedRt),
          isDefault: bool(val(debt.isDefault)),
        }
      : null,
    derivative: derivativeOf(obj(r.derivativeInfo)),
  };
}

const DERIVATIVE_KINDS = ['fwdDeriv', 'futrDeriv', 'swapDeriv', 'optionSwaptionWarrantDeriv', 'othDeriv'];

/** The holding's own derivative (the first child of derivativeInfo); a nested reference instrument is not read. */
function derivativeOf(info: XmlNode | undefined): NportPosition['derivative'] {
  if (!info) return null;
  const kind = DERIVATIVE_KINDS.find((k) => obj(info[k]));
  const d = kind ? obj(info[kind])! : undefined;
  if (!d) return null;
  const counterparties = arr(d.counterparties).map((c) => ({
    name: val(c.counterpartyName),
    lei: val(c.counterpartyLei),
  }));
  // futures state `notionalAmt` with the contract currency in `curCd`; swaps the same; forwards have legs
  const notionalAmount = dec(d.notionalAmt);
  return {
    category: val(attr(d, 'derivCat')),
    counterparties: counterparties.filter((c) => c.name !== null || c.lei !== null),
    notionalAmount,
    notionalCurrency: notionalAmount === null ? null : currencyOf(d.curCd),
    unrealizedAppreciation: dec(d.unrealizedAppr),
    putOrCall: val(d.putOrCall),
    writtenOrPurchased: val(d.writtenOrPur),
    expirationDate: isoDate(val(d.expDt ?? d.expDate)),
    amountSold: dec(d.amtCurSold),
    currencySold: currencyOf(d.curSold),
    amountPurchased: dec(d.amtCurPur),
    currencyPurchased: currencyOf(d.curPur),
    settlementDate: isoDate(val(d.settlementDt)),
  };
}
