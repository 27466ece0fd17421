/**
 * A small finance-domain lexicon for query expansion (`rerank` and full-text search): groups of words and
 * phrases that earnings calls and filings use for one idea, beside the plain words a reader asks with.
 * When a query holds one phrase of a group, the others are searched too (see expandQuery). It is data, kept
 * general on purpose: each group is vocabulary any finance reader would recognise (an acronym and its
 * expansion, a filing's term and its everyday word), never a phrase of one document. Phrases are matched
 * on the light stems of rerank.ts (`stem`), word by word and in order.
 *
 * Written as general vocabulary and tuned on the dev half of the evaluation only: a phrase taken from a
 * question of the held-out half would make its figures meaningless, so none is here.
 *
 * Why a lexicon: the offline embedding model (USE lite) rarely places "the strong dollar" near "foreign
 * exchange" or "savers" near "deposit", and full text cannot; the `npm run quality:retrieval` figures
 * show what it buys on the dev and the held-out halves.
 */
export const LEXICON: readonly (readonly string[])[] = [
  // results and per-share figures
  ['eps', 'earnings per share', 'profit per share', 'income per share'],
  ['revenue', 'sales', 'top line', 'turnover'],
  ['net income', 'profit', 'earnings', 'bottom line'],
  ['profitability', 'margin', 'margins', 'profit'],
  ['gross margin', 'gross profit'],
  ['operating expenses', 'opex', 'operating costs', 'spending'],
  ['capital expenditures', 'capex', 'capital spending'],
  ['free cash flow', 'fcf', 'cash generation'],
  ['buyback', 'share repurchase', 'repurchases', 'buy back'],
  ['dividend', 'payout'],
  ['book value', 'net worth', 'equity per share'],
  ['return on equity', 'roe', 'rotce', 'return on tangible common equity'],
  // periods and comparisons
  ['year ago', 'prior year', 'last year', 'a year earlier', 'year over year'],
  ['sequentially', 'quarter over quarter', 'from the prior quarter', 'than last quarter'],
  ['full year', 'fiscal year', 'annual'],
  ['outlook', 'guidance', 'forecast', 'expect', 'going forward'],
  ['record', 'all time high', 'highest ever', 'best ever'],
  ['headwind', 'drag', 'weigh', 'hurt', 'cost'],
  ['tailwind', 'boost', 'lift'],
  ['basis points', 'bps', 'percentage points'],
  // markets, currency, prices
  ['foreign exchange', 'fx', 'currency', 'currencies', 'exchange rates', 'strong dollar'],
  ['inflation', 'rising prices', 'price increases', 'higher prices'],
  ['ipo', 'initial public offering', 'listing', 'float', 'public offering'],
  ['green bonds', 'sustainability financing', 'green financing', 'sustainable financing'],
  ['acquisition', 'purchase', 'acquired', 'takeover', 'deal'],
  ['divestiture', 'sale of the business', 'spin off', 'separation'],
  // banks and insurers
  ['net interest margin', 'nim', 'interest margin'],
  ['deposit beta', 'deposit costs', 'pass through'],
  ['deposits', 'depositors', 'savers'],
  ['mortgage', 'home loans', 'housing loans'],
  ['allowance for credit losses', 'acl', 'cecl', 'loan loss reserves', 'credit reserves'],
  ['charge offs', 'loan losses', 'write offs'],
  ['catastrophe losses', 'cat losses', 'natural disasters', 'storms', 'hurricanes', 'wildfires'],
  ['combined ratio', 'underwriting margin'],
  // energy
  ['wind generation', 'wind farms', 'turbines', 'wind power'],
  ['megawatts', 'mw', 'capacity'],
  // products, customers, channels
  ['devices', 'gadgets', 'hardware', 'products'],
  ['installed base', 'install base', 'in use', 'active devices'],
  ['developers', 'app makers', 'app developers'],
  ['customer satisfaction', 'satisfied', 'loyalty'],
  ['cost savings', 'savings', 'efficiencies'],
];
