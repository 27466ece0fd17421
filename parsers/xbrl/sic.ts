/**
 * SIC code -> SIC division (sic_sector) and a GICS-style sector / industry. Data, not code: the first
 * matching range wins, so specific ranges precede general ones. sic_industry itself is the SEC's own title
 * for the code (submissions `sicDescription`). A code outside every range gives empty strings.
 */

export const SIC_DIVISIONS: ReadonlyArray<{ from: number; to: number; name: string }> = [
  { from: 100, to: 999, name: 'Agriculture, Forestry and Fishing' },
  { from: 1000, to: 1499, name: 'Mining' },
  { from: 1500, to: 1799, name: 'Construction' },
  { from: 2000, to: 3999, name: 'Manufacturing' },
  { from: 4000, to: 4999, name: 'Transportation, Communications, Electric, Gas and Sanitary Services' },
  { from: 5000, to: 5199, name: 'Wholesale Trade' },
  { from: 5200, to: 5999, name: 'Retail Trade' },
  { from: 6000, to: 6799, name: 'Finance, Insurance and Real Estate' },
  { from: 7000, to: 8999, name: 'Services' },
  { from: 9100, to: 9729, name: 'Public Administration' },
  { from: 9900, to: 9999, name: 'Nonclassifiable' },
];

export const SECTOR_BY_SIC: ReadonlyArray<{ from: number; to: number; sector: string; industry: string }> = [
  { from: 3674, to: 3674, sector: 'Technology', industry: 'Semiconductors' },
  { from: 3570, to: 3579, sector: 'Technology', industry: 'Computer Hardware' },
  { from: 3661, to: 3669, sector: 'Technology', industry: 'Communication Equipment' },
  { from: 3670, to: 3679, sector: 'Technology', industry: 'Electronic Components' },
  { from: 3810, to: 3829, sector: 'Technology', industry: 'Scientific & Technical Instruments' },
  { from: 7370, to: 7379, sector: 'Technology', industry: 'Software & IT Services' },
  { from: 2833, to: 2836, sector: 'Healthcare', industry: 'Drug Manufacturers' },
  { from: 3841, to: 3851, sector: 'Healthcare', industry: 'Medical Devices & Instruments' },
  { from: 8000, to: 8099, sector: 'Healthcare', industry: 'Healthcare Services' },
  { from: 8731, to: 8731, sector: 'Healthcare', industry: 'Biotechnology & Research' },
  { from: 6020, to: 6099, sector: 'Financial Services', industry: 'Banks' },
  { from: 6710, to: 6712, sector: 'Financial Services', industry: 'Banks' },
  { from: 6100, to: 6199, sector: 'Financial Services', industry: 'Credit Services' },
  { from: 6200, to: 6299, sector: 'Financial Services', industry: 'Capital Markets' },
  { from: 6300, to: 6411, sector: 'Financial Services', industry: 'Insurance' },
  { from: 6798, to: 6798, sector: 'Real Estate', industry: 'REITs' },
  { from: 6500, to: 6599, sector: 'Real Estate', industry: 'Real Estate Services' },
  { from: 6720, to: 6799, sector: 'Financial Services', industry: 'Asset Management' },
  { from: 4900, to: 4991, sector: 'Utilities', industry: 'Utilities' },
  { from: 4800, to: 4899, sector: 'Communication Services', industry: 'Telecom & Media' },
  { from: 7810, to: 7819, sector: 'Communication Services', industry: 'Entertainment' },
  { from: 2700, to: 2799, sector: 'Communication Services', industry: 'Publishing' },
  { from: 1300, to: 1399, sector: 'Energy', industry: 'Oil & Gas Exploration and Services' },
  { from: 2900, to: 2999, sector: 'Energy', industry: 'Oil & Gas Refining' },
  { from: 4610, to: 4619, sector: 'Energy', industry: 'Pipelines' },
  { from: 1000, to: 1299, sector: 'Basic Materials', industry: 'Metals & Mining' },
  { from: 1400, to: 1499, sector: 'Basic Materials', industry: 'Non-metallic Minerals' },
  { from: 2800, to: 2899, sector: 'Basic Materials', industry: 'Chemicals' },
  { from: 3300, to: 3399, sector: 'Basic Materials', industry: 'Metals' },
  { from: 2600, to: 2699, sector: 'Basic Materials', industry: 'Paper & Packaging' },
  { from: 3710, to: 3716, sector: 'Consumer Cyclical', industry: 'Auto Manufacturers & Parts' },
  { from: 5500, to: 5599, sector: 'Consumer Cyclical', industry: 'Auto Dealers' },
  { from: 7000, to: 7099, sector: 'Consumer Cyclical', industry: 'Lodging' },
  { from: 5800, to: 5899, sector: 'Consumer Cyclical', industry: 'Restaurants' },
  { from: 5200, to: 5799, sector: 'Consumer Cyclical', industry: 'Retail' },
  { from: 5900, to: 5999, sector: 'Consumer Cyclical', industry: 'Retail' },
  { from: 2300, to: 2399, sector: 'Consumer Cyclical', industry: 'Apparel' },
  { from: 2000, to: 2099, sector: 'Consumer Defensive', industry: 'Food & Beverage' },
  { from: 2100, to: 2199, sector: 'Consumer Defensive', industry: 'Tobacco' },
  { from: 2840, to: 2844, sector: 'Consumer Defensive', industry: 'Household & Personal Products' },
  { from: 5400, to: 5499, sector: 'Consumer Defensive', industry: 'Grocery Stores' },
  { from: 3720, to: 3729, sector: 'Industrials', industry: 'Aerospace & Defense' },
  { from: 3760, to: 3769, sector: 'Industrials', industry: 'Aerospace & Defense' },
  { from: 3500, to: 3569, sector: 'Industrials', industry: 'Industrial Machinery' },
  { from: 3580, to: 3599, sector: 'Industrials', industry: 'Industrial Machinery' },
  { from: 3600, to: 3660, sector: 'Industrials', industry: 'Electrical Equipment' },
  { from: 1500, to: 1799, sector: 'Industrials', industry: 'Engineering & Construction' },
  { from: 4000, to: 4799, sector: 'Industrials', industry: 'Transportation' },
  { from: 5000, to: 5199, sector: 'Industrials', industry: 'Distribution' },
  { from: 7300, to: 7369, sector: 'Industrials', industry: 'Business Services' },
  { from: 8700, to: 8748, sector: 'Industrials', industry: 'Business Services' },
];

export interface SicClassification {
  sic_sector: string;
  sector: string;
  industry: string;
}

export function classifySic(sic: string | number | null | undefined): SicClassification {
  const n = Number(sic);
  if (sic === null || sic === undefined || sic === '' || !Number.isInteger(n))
    return { sic_sector: '', sector: '', industry: '' };
  const division = SIC_DIVISIONS.find((d) => n >= d.from && n <= d.to);
  const sector = SECTOR_BY_SIC.find((s) => n >= s.from && n <= s.to);
  return { sic_sector: division?.name ?? '', sector: sector?.sector ?? '', industry: sector?.industry ?? '' };
}
