/**
 * EDGAR location codes -> ISO 3166 country codes. EDGAR uses US state codes for the United States, A0-B0
 * and Z4 for Canada, and its own two-character codes elsewhere; for those we map the country NAME that
 * submissions JSON gives as `stateOrCountryDescription`. Unknown codes give null (not a guess).
 */
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP'.split(
    ' ',
  ),
);
const CANADA = new Set(['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'B0', 'Z4']);

const BY_NAME: Record<string, string> = {
  'UNITED KINGDOM': 'GB',
  GERMANY: 'DE',
  FRANCE: 'FR',
  JAPAN: 'JP',
  CHINA: 'CN',
  'HONG KONG': 'HK',
  TAIWAN: 'TW',
  'KOREA, REPUBLIC OF': 'KR',
  ISRAEL: 'IL',
  IRELAND: 'IE',
  NETHERLANDS: 'NL',
  SWITZERLAND: 'CH',
  BERMUDA: 'BM',
  'CAYMAN ISLANDS': 'KY',
  LUXEMBOURG: 'LU',
  SINGAPORE: 'SG',
  INDIA: 'IN',
  BRAZIL: 'BR',
  MEXICO: 'MX',
  AUSTRALIA: 'AU',
  SWEDEN: 'SE',
  DENMARK: 'DK',
  NORWAY: 'NO',
  FINLAND: 'FI',
  SPAIN: 'ES',
  ITALY: 'IT',
  BELGIUM: 'BE',
  CANADA: 'CA',
  'VIRGIN ISLANDS, BRITISH': 'VG',
  ARGENTINA: 'AR',
  CHILE: 'CL',
  GREECE: 'GR',
  'SOUTH AFRICA': 'ZA',
};

export function countryFromEdgarCode(code: string | null, description?: string | null): string | null {
  if (!code) return null;
  const c = code.trim().toUpperCase();
  if (US_STATES.has(c)) return 'US';
  if (CANADA.has(c)) return 'CA';
  const name = description?.trim().toUpperCase();
  return (name && BY_NAME[name]) || null;
}
