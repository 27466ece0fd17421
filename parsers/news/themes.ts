/** Theme vocabulary as data: macro and company themes, matched rule-first on title and summary. */
export interface ThemeDef {
  theme: string;
  track: 'macro' | 'company';
  re: RegExp;
}

export const THEMES: ThemeDef[] = [
  {
    theme: 'rates',
    track: 'macro',
    re: /\b(interest rates?|rate (hike|cut|decision)s?|fomc|monetary policy|central bank|bank of (canada|japan|england)|ecb|boj|policy rate)\b/i,
  },
  { theme: 'inflation', track: 'macro', re: /\b(inflation|cpi|consumer prices|price pressures)\b/i },
  {
    theme: 'labor_market',
    track: 'macro',
    re: /\b(jobs report|payrolls|unemployment|labou?r market|jobless)\b/i,
  },
  { theme: 'growth', track: 'macro', re: /\b(gdp|recession|economic growth|economy)\b/i },
  {
    theme: 'tariffs',
    track: 'macro',
    re: /\b(tariffs?|trade war|trade talks|trade deal|export controls?)\b/i,
  },
  { theme: 'oil', track: 'macro', re: /\b(oil|crude|opec|brent|hormuz|lng)\b/i },
  { theme: 'fx', track: 'macro', re: /\b(dollar|yen|yuan|euro|sterling|currency|currencies|forex)\b/i },
  { theme: 'geopolitics', track: 'macro', re: /\b(war|warships?|military|sanctions|missile|conflict)\b/i },
  { theme: 'banking', track: 'macro', re: /\b(banks?|lenders?|enforcement action|deposits?)\b/i },
  { theme: 'china', track: 'macro', re: /\b(china|chinese|beijing)\b|中国/i },
  {
    theme: 'ai_capex',
    track: 'company',
    re: /\b(ai|artificial intelligence|data cent(er|re)s?|gpus?|chipmakers?|semiconductors?|chips?)\b/i,
  },
  { theme: 'layoffs', track: 'company', re: /\b(layoffs?|job cuts?|cut \d[\d,]* jobs|lay off)\b/i },
  {
    theme: 'earnings_season',
    track: 'company',
    re: /\b(quarterly (results|earnings)|earnings season|third quarter|second quarter|first quarter|fourth quarter|net income)\b/i,
  },
  { theme: 'deals', track: 'company', re: /\b(merger|acquisition|takeover|to buy|to acquire|deal)\b/i },
  { theme: 'ipo', track: 'company', re: /\b(ipo|initial public offering|market debut|listing debut)\b/i },
  { theme: 'trading_halts', track: 'company', re: /\b(trading halt|halted)\b/i },
];

/** Decided: an announced decision (raises, cuts, holds, approves, imposes, issues). Talked: everything else. */
const DECIDED =
  /\b(raises?d?|cuts?|holds?|held|keeps?|kept|approves?d?|imposes?d?|announces?d?|issues?d?|sets?|decides?d?|signs?|signed|terminat\w+|agrees?d?|completes?d?)\b/i;
const TALKED =
  /\b(may|might|could|considers?|weighs?|mulls?|expects?|signals?|says?|said|talks?|plans?|warns?|seen|likely|eyes)\b/i;

const REGIONS: [RegExp, string][] = [
  [/\b(u\.s\.|us|united states|fed|federal reserve|wall street|american|washington|nasdaq|nyse)\b/i, 'us'],
  [/\b(japan\w*|tokyo|boj|yen|nikkei)\b/i, 'jp'],
  [/\b(korea\w*|seoul|kospi)\b/i, 'kr'],
  [/\b(taiwan\w*|taipei)\b/i, 'tw'],
  [/\b(china|chinese|beijing|shanghai|shenzhen|yuan|hong kong)\b/i, 'cn'],
  [/\b(europe\w*|euro zone|eurozone|ecb|eu|germany|german|france|french|italy|spain|brussels)\b/i, 'eu'],
  [/\b(india\w*|mumbai|rbi|rupee)\b/i, 'in'],
];

/** Region from the words, else from the feed's language (zh -> cn, ja -> jp, ko -> kr); null when neither says. */
export function regionOf(text: string, language: string | null): string | null {
  for (const [re, region] of REGIONS) if (re.test(text)) return region;
  const lang = (language ?? '').toLowerCase();
  if (lang.startsWith('zh-tw')) return 'tw';
  if (lang.startsWith('zh')) return 'cn';
  if (lang.startsWith('ja')) return 'jp';
  if (lang.startsWith('ko')) return 'kr';
  return null;
}

export interface ThemeHit {
  theme: string;
  track: 'macro' | 'company';
  evidence: string;
}

export function matchThemes(text: string): ThemeHit[] {
  const out: ThemeHit[] = [];
  for (const t of THEMES) {
    const m = t.re.exec(text);
    if (m) out.push({ theme: t.theme, track: t.track, evidence: m[0] });
  }
  return out;
}

export function stanceOf(title: string): 'decided' | 'talked' {
  return DECIDED.test(title) && !TALKED.test(title) ? 'decided' : 'talked';
}
