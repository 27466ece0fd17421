import type { InstanceDocument } from '../xbrl/instance.ts';
import { linkItem, type RegistryIndex } from './link.ts';

/**
 * Customer and supplier disclosures of a filer, read from its own reports: the XBRL concentration-risk facts
 * on the major-customers axis and the "X accounted for N% of our net sales" sentences of its 10-K items.
 * Each is one statement: who (as written), which side (the counterparty is the filer's customer or its
 * supplier), what share of the filer's revenue (or purchases), and the words or fact it rests on.
 */
export interface Disclosure {
  /** The counterparty as the filer names it (`Walmart Inc.`, `Mckesson Corporation`). */
  name: string;
  /** `customer`: the counterparty buys from the filer; `supplier`: the filer buys from it. */
  side: 'customer' | 'supplier';
  /** Share 0-100 of the filer's revenue (customer) or purchases (supplier). */
  pct: number;
  source: 'xbrl' | 'text';
  /** The sentence, or `concept [axis=member ...] = value (start..end)`. */
  evidence: string;
  /** The period the share is for, when stated (`2023-12-31`, from the XBRL context). */
  period_end: string | null;
}

const CONCENTRATION = /:ConcentrationRiskPercentage1$/;
const CUSTOMERS_AXIS = /^(srt|us-gaap):MajorCustomersAxis$/;
const BENCHMARK_AXIS = 'us-gaap:ConcentrationRiskByBenchmarkAxis';
const TYPE_AXIS = 'us-gaap:ConcentrationRiskByTypeAxis';
/** Benchmarks that are the filer's revenue (a receivables share says nothing about revenue). */
const REVENUE_BENCHMARK =
  /:(SalesRevenueNet|Revenues?|RevenueFromContractWithCustomer\w*|SalesRevenue\w*)Member$/;
/** Benchmarks that are the filer's purchases or cost of sales: the counterparty is a supplier. */
const PURCHASE_BENCHMARK = /:(CostOfGoods\w*|CostOfRevenue\w*|Purchases\w*|SupplierConcentration\w*)Member$/;
/**
 * Members that name no one: `CustomerAMember`, `Wholesaler1Member`, `TopCustomerOneMember`,
 * `U.S.GovernmentMember`, a class of buyers (`CloudServiceProviderMember`, `CellularNetworkCarriersMember`).
 */
const ANONYMOUS =
  /^(top)?(customer|client|wholesaler|distributor|vendor|supplier|major|largest|other|one|two|three|four|five)[a-z0-9]*$|government|governmental|agenc|commercial|(customers?|carriers?|providers?|distributors?|wholesalers?|retailers?|resellers?|partners?|integrators?|manufacturers?|oems?)$/i;

/** `bmy:CardinalHealthIncMember` -> `Cardinal Health Inc`; `pg:WalmartInc.AndAffiliatesMember` -> `Walmart Inc.`. */
export function memberName(member: string): string {
  const local = member.slice(member.indexOf(':') + 1).replace(/Member$/, '');
  return local
    .replace(/And(Affiliates|Subsidiaries)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/\.(?=[A-Z])/g, '. ')
    .trim();
}

/**
 * The XBRL rule: a `ConcentrationRiskPercentage1` fact with a member on the major-customers axis, whose
 * benchmark is revenue (customer) or purchases/cost of sales (supplier), and whose member names someone
 * (anonymous members such as `CustomerAMember` are dropped). One disclosure per member: its latest period.
 */
export function concentrationDisclosures(doc: Pick<InstanceDocument, 'facts'>): Disclosure[] {
  const best = new Map<string, Disclosure>();
  for (const f of doc.facts) {
    if (!CONCENTRATION.test(f.concept)) continue;
    const axis = Object.keys(f.dims).find((k) => CUSTOMERS_AXIS.test(k));
    if (!axis) continue;
    const member = f.dims[axis] as string;
    const bench = f.dims[BENCHMARK_AXIS] ?? '';
    const type = f.dims[TYPE_AXIS] ?? '';
    const side = REVENUE_BENCHMARK.test(bench)
      ? 'customer'
      : PURCHASE_BENCHMARK.test(bench) || /Supplier/.test(type)
        ? 'supplier'
        : null;
    if (!side) continue;
    // other axes (a segment, a region) make the share a part of a part: only whole-company shares count
    if (Object.keys(f.dims).some((k) => k !== axis && k !== BENCHMARK_AXIS && k !== TYPE_AXIS)) continue;
    const local = member.slice(member.indexOf(':') + 1).replace(/Member$/, '');
    if (ANONYMOUS.test(local)) continue;
    const name = memberName(member);
    const prev = best.get(member);
    if (prev && (prev.period_end ?? '') >= f.end) continue;
    const dims = Object.entries(f.dims)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    best.set(member, {
      name,
      side,
      pct: Math.round(f.value * 1000) / 10,
      source: 'xbrl',
      evidence: `${f.concept} [${dims}] = ${f.value} (${f.start ?? ''}..${f.end})`,
      period_end: f.end,
    });
  }
  return [...best.values()];
}

/** Abbreviations a sentence never ends on (`Walmart Inc. and its affiliates`, `U.S. sales`). */
const NO_END =
  /(\b(Inc|Corp|Co|Ltd|Cos|No|Nos|St|Mr|Ms|Dr|vs|etc|approx|Jr|Sr|L\.P|N\.A|S\.A|U\.S|U\.K)|\b[A-Z])\.$/;

/** Sentences of an item's text: a period, `;` or line end followed by a capital starts a new one. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const part of text.replace(/\s+/g, ' ').split(/(?<=[.;!?])\s+(?=[A-Z(“"])/)) {
    cur = cur ? `${cur} ${part}` : part;
    if (!NO_END.test(cur)) {
      out.push(cur.trim());
      cur = '';
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const PCT = String.raw`(?:approximately |about |roughly |nearly |over |more than |almost )?(\d{1,2}(?:\.\d+)?)\s?(?:%|percent\b)`;
const VERB = `(?:accounted for|account for|accounts for|represented|represents|represent|amounted to|amount to|comprised|constituted|were|was)`;
const BASE = String.raw`(?:(?:our|the Company[’']s|its|the)\s+)?(?:(?:total|consolidated|worldwide|gross)\s+)?(?:net\s+)?(?:(?:sales|revenues?|net sales|purchases))`;
/** The counterparty phrase: a capitalised name, up to `and its affiliates` / a comma / the verb. */
const NAME = String.raw`([A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|&|of|de|and(?=\s+[A-Z])))*)`;

/**
 * The sentence rule, one statement: a sentence that gives a named party's share of the filer's sales
 * (`Sales to NAME ... VERB N% of ... sales`, `Our largest customer, NAME, VERB N% of ... sales`, `NAME, our
 * largest customer, VERB N% ...`, `... customer, NAME, VERB ... sales of N%`) or of its purchases
 * (`Purchases from NAME VERB N% of ... purchases`). Sentences that deny a concentration (`No customer ...`)
 * and anonymous parties (`one customer`, `Customer A`) give nothing.
 */
const RULES: { re: RegExp; side: Disclosure['side'] }[] = [
  {
    re: new RegExp(
      String.raw`\b(?:[Ss]ales|[Rr]evenues?|[Nn]et sales)\s+to\s+${NAME}(?:\s+and\s+(?:its|their)\s+(?:affiliates|subsidiaries)|\s+and\s+subsidiaries)?,?\s+(?:\([^)]*\)\s+)?${VERB}\s+${PCT}\s+of\s+[^.;]{0,40}?${BASE}`,
    ),
    side: 'customer',
  },
  {
    re: new RegExp(
      String.raw`\b(?:[Ll]argest|[Mm]ajor|[Pp]rincipal|[Ss]ignificant|[Ss]ingle largest)\s+customers?,\s+${NAME}(?:\s+and\s+(?:its|their)\s+(?:affiliates|subsidiaries))?,\s+${VERB}\s+(?:${PCT}\s+of\s+[^.;]{0,40}?${BASE}|[^.;]{0,40}?${BASE}\s+of\s+${PCT})`,
    ),
    side: 'customer',
  },
  {
    re: new RegExp(
      String.raw`${NAME}(?:\s+and\s+(?:its|their)\s+(?:affiliates|subsidiaries))?,\s+(?:our|its|the Company[’']s)\s+(?:largest|major|principal|single largest)\s+customer,\s+${VERB}\s+${PCT}\s+of\s+[^.;]{0,40}?${BASE}`,
    ),
    side: 'customer',
  },
  {
    // a company named with its corporate suffix as the subject: `Hewlett-Packard Company contributed approximately 15% to our total sales`
    re: new RegExp(
      String.raw`^(?:[^,]{0,60},\s+)?${NAME}\s+(?:Inc\.?|Corp\.?|Corporation|Company|Co\.|Ltd\.?|plc)(?:\s+and\s+(?:its|their)\s+(?:affiliates|subsidiaries))?,?\s+(?:${VERB}|contributed)\s+${PCT}\s+(?:of|to)\s+[^.;]{0,40}?${BASE}`,
    ),
    side: 'customer',
  },
  {
    re: new RegExp(
      String.raw`\b[Pp]urchases\s+from\s+${NAME}(?:\s+and\s+(?:its|their)\s+(?:affiliates|subsidiaries))?,?\s+${VERB}\s+${PCT}\s+of\s+[^.;]{0,40}?(?:purchases|cost of (?:sales|revenues?|goods sold)|inventory)`,
    ),
    side: 'supplier',
  },
];
/** A name that is not one: a pronoun, a count, a generic party. */
const NOT_A_NAME =
  /^(One|Two|Three|Four|Five|Our|Its|The|These|Such|This|Each|No|None|Other|Customer|Customers|Client|Clients|Sales|Revenue|Revenues|Purchases|Government|U\.S\.|United States)\b/;

/** A trailing comma goes; a trailing period stays only on an abbreviation (`Walmart Inc.`). */
function cleanName(raw: string): string {
  const t = raw.replace(/,$/, '');
  return /\.$/.test(t) && !NO_END.test(t) ? t.slice(0, -1) : t;
}

export function sentenceDisclosures(text: string): Disclosure[] {
  const out: Disclosure[] = [];
  for (const s of sentences(text)) {
    if (s.length > 600 || /^\s*(no|none)\b/i.test(s) || !/\d\s?(%|percent)/.test(s)) continue;
    for (const { re, side } of RULES) {
      const m = re.exec(s);
      if (!m) continue;
      const name = cleanName(m[1] as string);
      const pct = Number(m[2] ?? m[3]);
      if (NOT_A_NAME.test(name) || /^[A-Z]$/.test(name.split(' ').pop() ?? '') || !(pct > 0)) continue;
      out.push({ name, side, pct, source: 'text', evidence: s, period_end: null });
      break;
    }
  }
  return out;
}

/** A disclosure's counterparty in the registry, linked by the article linker's name rules (never confirmed). */
export interface ResolvedDisclosure extends Disclosure {
  company_id: string | null;
  ticker: string | null;
  /** Why the counterparty is not linked: `ambiguous` (the linker's ambiguity rule), `not_in_registry`. */
  unlinked: 'ambiguous' | 'not_in_registry' | null;
}

export function resolveDisclosure(d: Disclosure, reg: RegistryIndex, filer: string): ResolvedDisclosure {
  const r = linkItem({ title: d.name, summary: null, link: null, extra: {} }, reg);
  const hit = r.links.find((l) => l.company_id !== filer);
  if (hit) return { ...d, company_id: hit.company_id, ticker: hit.ticker, unlinked: null };
  return {
    ...d,
    company_id: null,
    ticker: null,
    unlinked: r.ambiguous.length ? 'ambiguous' : 'not_in_registry',
  };
}
