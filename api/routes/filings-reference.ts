import { SUPPORTED_FILING_TYPES } from '../../lib/filing-types.ts';
/**
 * The item codes and standard titles served by `/v1/filings/items/types` and used to validate the `item`
 * filter. The API never imports parsers/: this is a copy of parsers/edgar/items/catalog.ts#ITEM_TYPES, and
 * test/contract/filings.test.ts fails when the two differ.
 */
export const ITEM_TYPES: Readonly<
  Record<'10-K' | '10-Q' | '8-K', readonly { code: string; title: string }[]>
> = {
  '10-K': [
    { code: 'Item-1', title: 'Business' },
    { code: 'Item-1A', title: 'Risk Factors' },
    { code: 'Item-1B', title: 'Unresolved Staff Comments' },
    { code: 'Item-1C', title: 'Cybersecurity' },
    { code: 'Item-2', title: 'Properties' },
    { code: 'Item-3', title: 'Legal Proceedings' },
    { code: 'Item-4', title: 'Mine Safety Disclosures' },
    {
      code: 'Item-5',
      title:
        "Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities",
    },
    { code: 'Item-6', title: '[Reserved]' },
    {
      code: 'Item-7',
      title: "Management's Discussion and Analysis of Financial Condition and Results of Operations",
    },
    { code: 'Item-7A', title: 'Quantitative and Qualitative Disclosures About Market Risk' },
    { code: 'Item-8', title: 'Financial Statements and Supplementary Data' },
    {
      code: 'Item-9',
      title: 'Changes in and Disagreements with Accountants on Accounting and Financial Disclosure',
    },
    { code: 'Item-9A', title: 'Controls and Procedures' },
    { code: 'Item-9B', title: 'Other Information' },
    { code: 'Item-9C', title: 'Disclosure Regarding Foreign Jurisdictions that Prevent Inspections' },
    { code: 'Item-10', title: 'Directors, Executive Officers and Corporate Governance' },
    { code: 'Item-11', title: 'Executive Compensation' },
    {
      code: 'Item-12',
      title: 'Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters',
    },
    { code: 'Item-13', title: 'Certain Relationships and Related Transactions, and Director Independence' },
    { code: 'Item-14', title: 'Principal Accountant Fees and Services' },
    { code: 'Item-15', title: 'Exhibits and Financial Statement Schedules' },
    { code: 'Item-16', title: 'Form 10-K Summary' },
    { code: 'Item-8A', title: 'Controls and Procedures (Form 10-KSB)' },
    { code: 'Item-8B', title: 'Other Information (Form 10-KSB)' },
  ],
  '10-Q': [
    { code: 'Part-I-Item-1', title: 'Financial Statements' },
    {
      code: 'Part-I-Item-2',
      title: "Management's Discussion and Analysis of Financial Condition and Results of Operations",
    },
    { code: 'Part-I-Item-3', title: 'Quantitative and Qualitative Disclosures About Market Risk' },
    { code: 'Part-I-Item-4', title: 'Controls and Procedures' },
    { code: 'Part-II-Item-1', title: 'Legal Proceedings' },
    { code: 'Part-II-Item-1A', title: 'Risk Factors' },
    { code: 'Part-II-Item-2', title: 'Unregistered Sales of Equity Securities and Use of Proceeds' },
    { code: 'Part-II-Item-3', title: 'Defaults Upon Senior Securities' },
    { code: 'Part-II-Item-4', title: 'Mine Safety Disclosures' },
    { code: 'Part-II-Item-5', title: 'Other Information' },
    { code: 'Part-II-Item-6', title: 'Exhibits' },
  ],
  '8-K': [
    { code: 'Item-1.01', title: 'Entry into a Material Definitive Agreement' },
    { code: 'Item-1.02', title: 'Termination of a Material Definitive Agreement' },
    { code: 'Item-1.03', title: 'Bankruptcy or Receivership' },
    { code: 'Item-1.04', title: 'Mine Safety - Reporting of Shutdowns and Patterns of Violations' },
    { code: 'Item-1.05', title: 'Material Cybersecurity Incidents' },
    { code: 'Item-2.01', title: 'Completion of Acquisition or Disposition of Assets' },
    { code: 'Item-2.02', title: 'Results of Operations and Financial Condition' },
    {
      code: 'Item-2.03',
      title:
        'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant',
    },
    {
      code: 'Item-2.04',
      title:
        'Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
    },
    { code: 'Item-2.05', title: 'Costs Associated with Exit or Disposal Activities' },
    { code: 'Item-2.06', title: 'Material Impairments' },
    {
      code: 'Item-3.01',
      title:
        'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing',
    },
    { code: 'Item-3.02', title: 'Unregistered Sales of Equity Securities' },
    { code: 'Item-3.03', title: 'Material Modification to Rights of Security Holders' },
    { code: 'Item-4.01', title: "Changes in Registrant's Certifying Accountant" },
    {
      code: 'Item-4.02',
      title:
        'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
    },
    { code: 'Item-5.01', title: 'Changes in Control of Registrant' },
    {
      code: 'Item-5.02',
      title:
        'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers',
    },
    { code: 'Item-5.03', title: 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year' },
    { code: 'Item-5.04', title: "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans" },
    {
      code: 'Item-5.05',
      title: "Amendment to Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics",
    },
    { code: 'Item-5.06', title: 'Change in Shell Company Status' },
    { code: 'Item-5.07', title: 'Submission of Matters to a Vote of Security Holders' },
    { code: 'Item-5.08', title: 'Shareholder Director Nominations' },
    { code: 'Item-6.01', title: 'ABS Informational and Computational Material' },
    { code: 'Item-6.02', title: 'Change of Servicer or Trustee' },
    { code: 'Item-6.03', title: 'Change in Credit Enhancement or Other External Support' },
    { code: 'Item-6.04', title: 'Failure to Make a Required Distribution' },
    { code: 'Item-6.05', title: 'Securities Act Updating Disclosure' },
    { code: 'Item-6.06', title: 'Static Pool' },
    { code: 'Item-7.01', title: 'Regulation FD Disclosure' },
    { code: 'Item-8.01', title: 'Other Events' },
    { code: 'Item-9.01', title: 'Financial Statements and Exhibits' },
    { code: 'Item-1', title: 'Changes in Control of Registrant (8-K filed before 2004-08-23)' },
    { code: 'Item-2', title: 'Acquisition or Disposition of Assets (8-K filed before 2004-08-23)' },
    { code: 'Item-3', title: 'Bankruptcy or Receivership (8-K filed before 2004-08-23)' },
    { code: 'Item-4', title: "Changes in Registrant's Certifying Accountant (8-K filed before 2004-08-23)" },
    { code: 'Item-5', title: 'Other Events (8-K filed before 2004-08-23)' },
    { code: 'Item-6', title: "Resignations of Registrant's Directors (8-K filed before 2004-08-23)" },
    {
      code: 'Item-7',
      title:
        'Financial Statements, Pro Forma Financial Information and Exhibits (8-K filed before 2004-08-23)',
    },
    { code: 'Item-8', title: 'Change in Fiscal Year (8-K filed before 2004-08-23)' },
    { code: 'Item-9', title: 'Regulation FD Disclosure (8-K filed before 2004-08-23)' },
    {
      code: 'Item-10',
      title:
        "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics (8-K filed before 2004-08-23)",
    },
    {
      code: 'Item-11',
      title:
        "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans (8-K filed before 2004-08-23)",
    },
    { code: 'Item-12', title: 'Results of Operations and Financial Condition (8-K filed before 2004-08-23)' },
  ],
};

/** Spec 2.3's filing types, in the spec's order. */
export const FILING_TYPES = SUPPORTED_FILING_TYPES;
