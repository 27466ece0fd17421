import type { EventType } from './event-types.ts';

export type Direction = 'bullish' | 'bearish' | 'neutral';
export type Horizon = 'intraday' | 'days' | 'weeks' | 'months';

/** What a reader says about one item for one company. */
export interface Reading {
  direction: Direction;
  horizon: Horizon;
  /** 0-1. */
  confidence: number;
  /** One line: which words decided the direction. */
  why: string;
  reader: string;
}

export interface ReaderInput {
  title: string;
  summary: string | null;
  event_type: EventType;
  event_subtype: string;
  company: string | null;
}

/** A reader of items that scored 40 or more. The default is local and deterministic; a model endpoint can stand in. */
export interface NewsReader {
  readonly name: string;
  read(input: ReaderInput): Promise<Reading>;
}

const UP =
  /\b(beats?|tops?|raises?|raised|rises?|rose|jumps?|jumped|soars?|surges?|gains?|record (profit|sales|revenue)|approv\w+|wins?|won|upgrades?d?|rules? in favou?r|boosts?|increase[sd]?|rebounds?|rall(y|ies|ied)|progress|optimism|hopes|buyback|dividend increase|beat)\b/gi;
const DOWN =
  /\b(miss(es|ed)?|cuts?|falls?|fell|drops?|dropped|plunges?|plummets?|slumps?|tumbles?|losses|loss|declines?|declined|decreased?|warns?|downgrades?d?|layoffs?|lay off|halt(ed|s)?|recalls?|probe|lawsuit|sued|fined?|penalty|bankrupt\w*|default\w*|resigns?|ousted|delist\w*|rejects?|weak\w*|slips?|slides?|outflows?|exits|shock|risks|negative|falling|fears?|destructive|disruptions?|charges?|correction|retaliates|slams|dips?|shortfall|slows?|buckles?)\b/gi;

/** Types whose bare occurrence leans one way when the wording is silent. */
const TYPE_LEAN: Partial<Record<EventType, Direction>> = {
  bankruptcy: 'bearish',
  restructuring: 'bearish',
  capital_return: 'bullish',
  legal: 'bearish',
  regulatory: 'bearish',
};

const HORIZON: Partial<Record<EventType, Horizon>> = {
  earnings: 'days',
  guidance: 'weeks',
  'm&a': 'weeks',
  fda: 'days',
  listing: 'intraday',
  analyst: 'intraday',
  macro: 'weeks',
  bankruptcy: 'months',
  restructuring: 'months',
};

/** Lexicon and patterns: counts up and down words in the headline (double) and summary; ties fall to the type's lean. */
export class LocalReader implements NewsReader {
  readonly name = 'local-lexicon-v1';
  async read(input: ReaderInput): Promise<Reading> {
    return readLocally(input);
  }
}

export function readLocally(input: ReaderInput): Reading {
  const up = [...input.title.matchAll(UP)].map((m) => m[0]);
  const down = [...input.title.matchAll(DOWN)].map((m) => m[0]);
  const upS = [...(input.summary ?? '').slice(0, 600).matchAll(UP)].map((m) => m[0]);
  const downS = [...(input.summary ?? '').slice(0, 600).matchAll(DOWN)].map((m) => m[0]);
  const net = 2 * up.length + upS.length - (2 * down.length + downS.length);
  const lean = TYPE_LEAN[input.event_type];
  let direction: Direction = net > 0 ? 'bullish' : net < 0 ? 'bearish' : (lean ?? 'neutral');
  const words =
    direction === 'bullish' ? [...up, ...upS] : direction === 'bearish' ? [...down, ...downS] : [];
  if (words.length === 0 && direction !== 'neutral' && !lean) direction = 'neutral';
  const total = up.length + down.length + upS.length + downS.length;
  const confidence =
    total === 0 ? (lean ? 0.4 : 0.3) : Math.min(0.9, 0.4 + (Math.abs(net) / (total + 1)) * 0.5);
  const why =
    words.length > 0
      ? `${direction}: ${input.event_type}/${input.event_subtype}; words "${[...new Set(words.map((w) => w.toLowerCase()))].slice(0, 4).join('", "')}"`
      : direction === 'neutral'
        ? `neutral: ${input.event_type}/${input.event_subtype}; no directional words`
        : `${direction}: ${input.event_type} events lean ${direction}; no directional words`;
  return {
    direction,
    horizon: HORIZON[input.event_type] ?? 'days',
    confidence: Math.round(confidence * 100) / 100,
    why,
    reader: 'local-lexicon-v1',
  };
}
