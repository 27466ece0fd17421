import { ParseError } from '../../lib/errors.ts';
import { isQuarter, type TranscriptParse, type TranscriptSegment, transcriptTitle } from './types.ts';

interface Body {
  event?: { year?: number; quarter?: number; conference_date?: string };
  speakers?: { speaker?: string; text?: string }[];
  speaker_name_map_v2?: Record<string, { name?: string | null; title?: string | null }>;
  prepared_remarks?: string;
  questions_and_answers?: string;
}

/**
 * EarningsCall.biz `GET /transcript` JSON. Level 2: `speakers[]` turns with anonymous `spkNN` ids, named
 * through `speaker_name_map_v2` when present (an unmapped id stays a null name, never the raw id). Level 4:
 * `prepared_remarks` and `questions_and_answers` as two unattributed strings, one segment each. The
 * period is `event.year`/`event.quarter`, which EarningsCall reports as the company's fiscal period (Apple
 * Q1 FY2023 is the call of 2023-02-02); the ticker is the request's `symbol`.
 */
export function parseEarningsCallTranscript(text: string, ctx: { url: string }): TranscriptParse {
  let body: Body;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new ParseError('transcript is not JSON', ctx.url, { cause: e });
  }
  const symbol = new URL(ctx.url).searchParams.get('symbol');
  if (!symbol) throw new ParseError('transcript URL has no symbol parameter', ctx.url);
  const year = body.event?.year;
  const quarter = body.event?.quarter;
  if (!Number.isInteger(year) || !Number.isInteger(quarter) || !isQuarter(quarter as number))
    throw new ParseError('transcript has no event.year/event.quarter', ctx.url);
  const warnings: string[] = [];
  const segments: TranscriptSegment[] = [];
  if (Array.isArray(body.speakers)) {
    const names = body.speaker_name_map_v2 ?? {};
    if (!body.speaker_name_map_v2) warnings.push(`${ctx.url}: no speaker name map; speakers are unnamed`);
    for (const s of body.speakers) {
      const content = typeof s.text === 'string' ? s.text.trim() : '';
      if (!content) continue;
      const who = s.speaker ? names[s.speaker] : undefined;
      segments.push({
        speakerName: who?.name ?? null,
        speakerTitle: who?.title ?? null,
        section: null,
        content,
      });
    }
  } else {
    for (const [field, section] of [
      ['prepared_remarks', 'prepared'],
      ['questions_and_answers', 'qa'],
    ] as const) {
      const v = body[field];
      if (typeof v === 'string' && v.trim()) {
        segments.push({ speakerName: null, speakerTitle: null, section, content: v.trim() });
      } else warnings.push(`${ctx.url}: ${field} is missing`);
    }
  }
  if (segments.length === 0) throw new ParseError('transcript has no speech', ctx.url);
  const ticker = symbol.toUpperCase();
  return {
    document: {
      ticker,
      fiscalYear: year as number,
      fiscalQuarter: quarter as 1 | 2 | 3 | 4,
      conferenceDate: body.event?.conference_date ?? null,
      title: transcriptTitle(ticker, year as number, quarter as number),
      sourceUrl: ctx.url,
      periodEvidence: 'event.year/event.quarter',
      segments,
    },
    warnings,
  };
}

/** Picks the parser by the document's URL host. */
export function isEarningsCallUrl(url: string): boolean {
  return new URL(url).hostname.endsWith('earningscall.biz');
}
