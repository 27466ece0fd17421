/**
 * The benchmark registry seed: indices and commodities, symbols exactly as the data vendor (Yahoo) spells
 * them. This file is the place to add more: one line per instrument (symbol, kind, name, exchange,
 * currency, headline). `currency` is the quote currency as the vendor reports it; `USX` is US cents (the
 * CBOT grains, livestock and ICE softs), converted to USD by parsers/prices/units.ts. `headline` marks the
 * instrument a name search should put first (`gold` -> the front-month future, not a gold-miners index).
 *
 * The vendor lists 425 indices and 40 commodities; this seed holds every one with a real series in the
 * fixtures plus the main US/Asian/European indices and the exchange-traded commodity complex.
 */
export type BenchmarkKind = 'index' | 'commodity';
export interface BenchmarkSeed {
  symbol: string;
  kind: BenchmarkKind;
  name: string;
  exchange: string;
  currency: string;
  headline?: boolean;
}

export const BENCHMARK_SEED: readonly BenchmarkSeed[] = [
  { symbol: '^GSPC', kind: 'index', name: 'S&P 500', exchange: 'SNP', currency: 'USD', headline: true },
  {
    symbol: '^DJI',
    kind: 'index',
    name: 'Dow Jones Industrial Average',
    exchange: 'DJI',
    currency: 'USD',
    headline: true,
  },
  {
    symbol: '^IXIC',
    kind: 'index',
    name: 'NASDAQ Composite',
    exchange: 'NIM',
    currency: 'USD',
    headline: true,
  },
  { symbol: '^NDX', kind: 'index', name: 'NASDAQ 100', exchange: 'NIM', currency: 'USD' },
  { symbol: '^RUT', kind: 'index', name: 'Russell 2000', exchange: 'WCB', currency: 'USD' },
  {
    symbol: '^VIX',
    kind: 'index',
    name: 'CBOE Volatility Index',
    exchange: 'CBOE',
    currency: 'USD',
    headline: true,
  },
  {
    symbol: '^TNX',
    kind: 'index',
    name: 'CBOE Interest Rate 10 Year T Note (yield, percent)',
    exchange: 'CBOE',
    currency: 'USD',
  },
  { symbol: '^SOX', kind: 'index', name: 'PHLX Semiconductor', exchange: 'NIM', currency: 'USD' },
  { symbol: '^XAU', kind: 'index', name: 'PHLX Gold/Silver Sector', exchange: 'NIM', currency: 'USD' },
  {
    symbol: '^HUI',
    kind: 'index',
    name: 'NYSE Arca Gold BUGS (gold miners)',
    exchange: 'NYS',
    currency: 'USD',
  },
  { symbol: 'DX-Y.NYB', kind: 'index', name: 'US Dollar Index', exchange: 'NYB', currency: 'USD' },
  { symbol: '^N225', kind: 'index', name: 'Nikkei 225', exchange: 'OSA', currency: 'JPY', headline: true },
  {
    symbol: '^KS11',
    kind: 'index',
    name: 'KOSPI Composite Index',
    exchange: 'KSC',
    currency: 'KRW',
    headline: true,
  },
  {
    symbol: '^TWII',
    kind: 'index',
    name: 'TSEC Weighted Index (TAIEX)',
    exchange: 'TAI',
    currency: 'TWD',
    headline: true,
  },
  { symbol: '^HSI', kind: 'index', name: 'Hang Seng Index', exchange: 'HKG', currency: 'HKD' },
  { symbol: '^FTSE', kind: 'index', name: 'FTSE 100', exchange: 'FGI', currency: 'GBP' },
  { symbol: '^GDAXI', kind: 'index', name: 'DAX Performance Index', exchange: 'GER', currency: 'EUR' },
  { symbol: '^FCHI', kind: 'index', name: 'CAC 40', exchange: 'PAR', currency: 'EUR' },
  { symbol: '^STOXX50E', kind: 'index', name: 'EURO STOXX 50', exchange: 'STO', currency: 'EUR' },
  { symbol: 'GC=F', kind: 'commodity', name: 'Gold', exchange: 'CMX', currency: 'USD', headline: true },
  { symbol: 'SI=F', kind: 'commodity', name: 'Silver', exchange: 'CMX', currency: 'USD', headline: true },
  { symbol: 'HG=F', kind: 'commodity', name: 'Copper', exchange: 'CMX', currency: 'USD', headline: true },
  { symbol: 'PL=F', kind: 'commodity', name: 'Platinum', exchange: 'NYM', currency: 'USD' },
  { symbol: 'PA=F', kind: 'commodity', name: 'Palladium', exchange: 'NYM', currency: 'USD' },
  {
    symbol: 'CL=F',
    kind: 'commodity',
    name: 'Crude Oil (WTI)',
    exchange: 'NYM',
    currency: 'USD',
    headline: true,
  },
  { symbol: 'BZ=F', kind: 'commodity', name: 'Brent Crude Oil', exchange: 'NYM', currency: 'USD' },
  {
    symbol: 'NG=F',
    kind: 'commodity',
    name: 'Natural Gas',
    exchange: 'NYM',
    currency: 'USD',
    headline: true,
  },
  { symbol: 'HO=F', kind: 'commodity', name: 'Heating Oil', exchange: 'NYM', currency: 'USD' },
  { symbol: 'RB=F', kind: 'commodity', name: 'RBOB Gasoline', exchange: 'NYM', currency: 'USD' },
  { symbol: 'ZC=F', kind: 'commodity', name: 'Corn', exchange: 'CBT', currency: 'USX', headline: true },
  {
    symbol: 'ZW=F',
    kind: 'commodity',
    name: 'Wheat (Chicago SRW)',
    exchange: 'CBT',
    currency: 'USX',
    headline: true,
  },
  { symbol: 'KE=F', kind: 'commodity', name: 'KC HRW Wheat', exchange: 'CBT', currency: 'USX' },
  { symbol: 'ZS=F', kind: 'commodity', name: 'Soybeans', exchange: 'CBT', currency: 'USX', headline: true },
  { symbol: 'ZL=F', kind: 'commodity', name: 'Soybean Oil', exchange: 'CBT', currency: 'USX' },
  { symbol: 'ZM=F', kind: 'commodity', name: 'Soybean Meal', exchange: 'CBT', currency: 'USD' },
  { symbol: 'ZO=F', kind: 'commodity', name: 'Oats', exchange: 'CBT', currency: 'USX' },
  { symbol: 'LE=F', kind: 'commodity', name: 'Live Cattle', exchange: 'CME', currency: 'USX' },
  { symbol: 'GF=F', kind: 'commodity', name: 'Feeder Cattle', exchange: 'CME', currency: 'USX' },
  { symbol: 'HE=F', kind: 'commodity', name: 'Lean Hogs', exchange: 'CME', currency: 'USX' },
  { symbol: 'CT=F', kind: 'commodity', name: 'Cotton', exchange: 'NYB', currency: 'USX' },
  { symbol: 'KC=F', kind: 'commodity', name: 'Coffee', exchange: 'NYB', currency: 'USX' },
  { symbol: 'SB=F', kind: 'commodity', name: 'Sugar #11', exchange: 'NYB', currency: 'USX' },
  { symbol: 'CC=F', kind: 'commodity', name: 'Cocoa', exchange: 'NYB', currency: 'USD' },
];
