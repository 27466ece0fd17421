import { ParseError } from '../../lib/errors.ts';
import { isQuarter, type TranscriptParse, type TranscriptSegment, transcriptTitle } from './types.ts';

interface Turn {
  speaker: string;
  speech: string;
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
/** "Second Quarter 2021", "Fourth Quarter and Full Year 2019", "first quarter of 2021", "Q1 2021". */
const PERIOD_IN_WORDS =
  /\b(first|second|third|fourth)[- ]quarter(?:\s+and\s+full[- ]year)?(?:\s+of)?(?:\s+fiscal(?:\s+year)?)?\s+((?:19|20)\d\d)\b/i;
/** The la83la dataset names files `<TICKER>_q<N>_<YEAR>.txt`; the period there can be wrong. */
const FILE_NAME = /\/([A-Za-z.]+)_q([1-4])_(\d{4})\.[a-z]+$/;

/**
 * Structured Motley Fool transcripts (`{header_texts, prepared_remarks[], q_and_a[], participants[]}`).
 * The ticker comes from the file name. The period is what the call itself says in its opening turns
 * ("Fourth Quarter and Full Year 2019"); the file name's period is used only when the call never names
 * one, and a disagreement is a warning (the CFG file named q4_2020 holds the Q4 2019 call).
 */
export function parseMotleyFoolTranscript(text: string, ctx: { url: string }): TranscriptParse {
  let json: { prepared_remarks?: Turn[]; q_and_a?: Turn[]; participants?: string[] };
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ParseError('transcript is not JSON', ctx.url, { cause: e });
  }
  if (!Array.isArray(json.prepared_remarks) || !Array.isArray(json.q_and_a))
    throw new ParseError('transcript JSON has no prepared_remarks/q_and_a arrays', ctx.url);
  const name = FILE_NAME.exec(ctx.url);
  if (!name) throw new ParseError('file name is not <TICKER>_q<N>_<YEAR>', ctx.url);
  const ticker = name[1]!.toUpperCase();
  const warnings: string[] = [];

  const titles = new Map<string, string>();
  for (const p of json.participants ?? []) {
    const i = p.indexOf('--');
    if (i > 0) titles.set(p.slice(0, i).trim(), p.slice(i + 2).trim());
  }
  const turns = (list: Turn[], section: 'prepared' | 'qa'): TranscriptSegment[] =>
    list
      .filter((t) => typeof t?.speech === 'string' && t.speech.trim() !== '')
      .map((t) => {
        const speakerName = typeof t.speaker === 'string' && t.speaker.trim() ? t.speaker.trim() : null;
        return {
          speakerName,
          speakerTitle: speakerName ? (titles.get(speakerName) ?? null) : null,
          section,
          content: t.speech.trim(),
        };
      });
  const segments = [...turns(json.prepared_remarks, 'prepared'), ...turns(json.q_and_a, 'qa')];
  if (segments.length === 0) throw new ParseError('transcript has no speech', ctx.url);

  const fileYear = Number(name[3]);
  const fileQuarter = Number(name[2]);
  let year = fileYear;
  let quarter = fileQuarter;
  let periodEvidence = `file name ${name[0].slice(1)}`;
  const opening = segments
    .slice(0, 3)
    .map((s) => s.content)
    .join('\n');
  const m = PERIOD_IN_WORDS.exec(opening);
  if (m) {
    year = Number(m[2]);
    quarter = ORDINALS[m[1]!.toLowerCase()]!;
    periodEvidence = `call opening: "${m[0]}"`;
    if (year !== fileYear || quarter !== fileQuarter)
      warnings.push(
        `${ctx.url}: file name says Q${fileQuarter} ${fileYear} but the call says "${m[0]}"; served as Q${quarter} ${year}`,
      );
  } else {
    warnings.push(
      `${ctx.url}: the call names no period; the file name's Q${fileQuarter} ${fileYear} is used`,
    );
  }
  if (!isQuarter(quarter)) throw new ParseError(`quarter ${quarter} out of range`, ctx.url);
  return {
    document: {
      ticker,
      fiscalYear: year,
      fiscalQuarter: quarter,
      conferenceDate: null,
      title: transcriptTitle(ticker, year, quarter),
      sourceUrl: ctx.url,
      periodEvidence,
      segments,
    },
    warnings,
  };
}
