import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/errors.ts';
import {
  chunkSegment,
  chunkSegments,
  MAX_CHARS,
  OVERLAP_CHARS,
  TARGET_CHARS,
} from '../../../parsers/retrieval/chunker.ts';
import { filingItemDocument, transcriptDocument } from '../../../parsers/retrieval/documents.ts';
import { parseEarningsCallTranscript } from '../../../parsers/transcripts/earningscall.ts';
import { parseMotleyFoolTranscript } from '../../../parsers/transcripts/motley-fool.ts';

const LA83LA =
  'raw.githubusercontent.com/la83la/earnings-call-transcripts/56a4e5943c4c40a17bede2227aed93fd250cf148/dataset';
const EC = 'v2.api.earningscall.biz/transcript?apikey=demo&exchange=NASDAQ';
function read(path: string) {
  return readFileSync(
    `${fileURLToPath(new URL('../../../fixtures/upstream/', import.meta.url))}${path}`,
    'utf8',
  );
}
const fool = (file: string) =>
  parseMotleyFoolTranscript(read(`${LA83LA}/${file}`), { url: `https://${LA83LA}/${file}` });
const ec = (q: string) => parseEarningsCallTranscript(read(`${EC}&${q}`), { url: `https://${EC}&${q}` });

describe('Motley Fool structured transcripts', () => {
  it('reads the period from the call, not the wrong file name (CFG_q4_2020 is Q4 2019)', () => {
    const { document: d, warnings } = fool('CFG_q4_2020.txt');
    expect([d.ticker, d.fiscalYear, d.fiscalQuarter]).toEqual(['CFG', 2019, 4]);
    expect(d.periodEvidence).toBe('call opening: "Fourth Quarter and Full Year 2019"');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('file name says Q4 2020');
    expect(d.segments).toHaveLength(136);
  });

  it('keeps speaker turns with titles from the participants list, prepared then Q&A', () => {
    const { document: d, warnings } = fool('AEE_q2_2021.txt');
    expect(warnings).toEqual([]);
    expect([d.fiscalYear, d.fiscalQuarter, d.title]).toEqual([2021, 2, 'AEE Q2 FY2021 earnings call']);
    expect(d.segments).toHaveLength(44);
    expect(d.segments[0]).toMatchObject({ speakerName: 'Operator', section: 'prepared' });
    expect(
      d.segments[0]!.content.startsWith("Greetings. Welcome to Ameren Corporation's Second Quarter"),
    ).toBe(true);
    expect(d.segments[1]).toMatchObject({
      speakerName: 'Andrew Kirk',
      speakerTitle: 'Director, Investor Relations',
    });
    expect(d.segments.filter((s) => s.section === 'prepared')).toHaveLength(4);
    // bracketed placeholders stay in the text (they are what was said on the page)
    expect(d.segments[0]!.content).toContain('[Operator Instructions]');
  });

  it('reads a hyphenated period ("first-quarter 2021")', () => {
    const { document: d } = fool('AIG_q1_2021.txt');
    expect([d.ticker, d.fiscalYear, d.fiscalQuarter, d.segments.length]).toEqual(['AIG', 2021, 1, 59]);
    expect(d.segments[1]).toMatchObject({
      speakerName: 'Sabra Purtill',
      speakerTitle: 'Head of Investor Relations',
    });
  });

  it('refuses what is not the format with a ParseError', () => {
    expect(() => parseMotleyFoolTranscript('{"a":1}', { url: 'https://x/AEE_q2_2021.txt' })).toThrow(
      ParseError,
    );
    expect(() => parseMotleyFoolTranscript('not json', { url: 'https://x/AEE_q2_2021.txt' })).toThrow(
      ParseError,
    );
  });
});

describe('EarningsCall transcripts', () => {
  it('level 2 with a speaker map: named turns, fiscal period from the event (AAPL Q1 FY2023 = 2023-02-02)', () => {
    const { document: d, warnings } = ec('symbol=AAPL&year=2023&quarter=1&level=2');
    expect(warnings).toEqual([]);
    expect([d.ticker, d.fiscalYear, d.fiscalQuarter, d.conferenceDate]).toEqual([
      'AAPL',
      2023,
      1,
      '2023-02-02T17:00:00.000-05:00',
    ]);
    expect(d.segments).toHaveLength(68);
    // the upstream map is what we serve, even where its diarization looks swapped (spk12/spk07)
    expect(d.segments[0]).toMatchObject({
      speakerName: 'Teja Skala',
      speakerTitle: 'Director of Investor Relations and Corporate Finance',
    });
    expect(d.segments[1]).toMatchObject({ speakerName: 'Operator', speakerTitle: null });
    expect(d.segments.find((s) => s.speakerName === 'Tim Cook')?.speakerTitle).toBe('CEO');
  });

  it('level 2 without a map: turns stay unnamed (never the raw spk id) and a warning says so', () => {
    const { document: d, warnings } = ec('symbol=AAPL&year=2022&quarter=1&level=2');
    expect(d.segments).toHaveLength(76);
    expect(d.segments.every((s) => s.speakerName === null)).toBe(true);
    expect(warnings[0]).toContain('no speaker name map');
    expect(d.segments[0]!.content.startsWith('Good day and welcome to the Apple Q1 FY 2022')).toBe(true);
  });

  it('level 4: the prepared remarks are one unattributed segment; the missing Q&A is a warning', () => {
    const { document: d, warnings } = ec('symbol=NVDA&year=2025&quarter=2&level=4');
    expect([d.ticker, d.fiscalYear, d.fiscalQuarter]).toEqual(['NVDA', 2025, 2]);
    expect(d.segments).toHaveLength(1);
    expect(d.segments[0]).toMatchObject({ speakerName: null, section: 'prepared' });
    expect(warnings).toEqual([expect.stringContaining('questions_and_answers is missing')]);
  });
});

describe('chunker', () => {
  const docs = [
    fool('AEE_q2_2021.txt'),
    fool('AIG_q1_2021.txt'),
    fool('CFG_q4_2020.txt'),
    ec('symbol=AAPL&year=2022&quarter=1&level=2'),
    ec('symbol=AAPL&year=2023&quarter=1&level=2'),
    ec('symbol=NVDA&year=2025&quarter=2&level=4'),
  ].map((p) => p.document);

  it('gives exact spans that never cross a segment and stay under MAX_CHARS', () => {
    const counts = docs.map((d) => {
      const chunks = chunkSegments(d.segments.map((s) => s.content));
      for (const c of chunks) {
        expect(d.segments[c.segment]!.content.slice(c.start, c.end)).toBe(c.text);
        expect(c.text.length).toBeLessThanOrEqual(MAX_CHARS);
      }
      return chunks.length;
    });
    expect(counts).toEqual([98, 114, 182, 101, 98, 72]);
  });

  it('covers every character of every segment', () => {
    for (const d of docs) {
      d.segments.forEach((s, k) => {
        const chunks = chunkSegment(s.content, k);
        const covered = new Array(s.content.length).fill(false);
        for (const c of chunks) for (let i = c.start; i < c.end; i++) covered[i] = true;
        const missed = [...s.content].filter((ch, i) => !covered[i] && !/\s/.test(ch));
        expect(missed).toEqual([]);
      });
    }
  });

  it('cuts a paragraph-free speech at sentence ends, with overlap', () => {
    const nvda = docs[5]!.segments[0]!.content;
    const chunks = chunkSegment(nvda, 0);
    expect(
      chunks[0]!.text.startsWith("Good afternoon, everyone, and welcome to NVIDIA's conference call"),
    ).toBe(true);
    expect(chunks[0]!.text.endsWith('.')).toBe(true);
    expect(chunks[0]!.text.length).toBeLessThanOrEqual(TARGET_CHARS);
    // the second chunk starts inside the first (the overlapping last sentence)
    expect(chunks[1]!.start).toBeLessThan(chunks[0]!.end);
    expect(chunks[0]!.end - chunks[1]!.start).toBeLessThanOrEqual(OVERLAP_CHARS);
  });

  it('cuts an overlong sentence at a space', () => {
    const s = `${'word '.repeat(600)}end.`;
    const chunks = chunkSegment(s, 0);
    expect(chunks.every((c) => c.text.length <= MAX_CHARS)).toBe(true);
    expect(chunks.at(-1)!.text.endsWith('end.')).toBe(true);
  });
});

describe('retrieval documents', () => {
  it('gives a call a stable id from company and fiscal period (the API examples use it)', () => {
    const p = ec('symbol=AAPL&year=2023&quarter=1&level=2');
    const d = transcriptDocument(p.document, p.warnings, 320193);
    expect(d.document.id).toBe('doc_tr_f04039a7eb6146f1');
    expect(d.segments).toHaveLength(68);
    expect(d.chunks).toHaveLength(98);
    for (const c of d.chunks)
      expect(d.segments[c.segmentSequence]!.content.slice(c.charStart, c.charEnd)).toBe(c.text);
  });

  it('makes a 10-Q item one document with one segment, titled by its item', () => {
    const d = filingItemDocument({
      accessionNumber: '0000912057-00-023442',
      cik: 320193,
      ticker: 'AAPL',
      filingType: '10-Q',
      filingDate: '2000-05-12',
      reportDate: '2000-04-01',
      year: 2000,
      quarter: 2,
      number: 'Part-I-Item-1',
      name: 'Financial Statements',
      text: 'First paragraph.\nSecond paragraph.',
      documentUrl: 'https://www.sec.gov/Archives/edgar/data/320193/0000912057-00-023442.txt',
    });
    expect(d.document).toMatchObject({
      documentType: 'filing_item',
      title: 'AAPL 10-Q 2000-04-01 Part I Item 1: Financial Statements',
      filingType: '10-Q',
      year: 2000,
      quarter: 2,
    });
    expect(d.segments).toHaveLength(1);
    expect(d.chunks.map((c) => c.text)).toEqual(['First paragraph.\nSecond paragraph.']);
  });
});
