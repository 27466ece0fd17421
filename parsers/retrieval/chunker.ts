/**
 * Chunking for retrieval. A chunk never crosses a segment (speaker turn or filing item), so its source is
 * one speaker. Inside a segment, text is cut at paragraph boundaries (newlines); a paragraph longer than
 * MAX_CHARS is cut at sentence ends, and a sentence longer than that at the last space before MAX_CHARS.
 * Units are packed greedily up to TARGET_CHARS; the next chunk starts with the previous chunk's last
 * unit when that unit is at most OVERLAP_CHARS long (overlap keeps an answer that straddles a cut whole).
 * Spans are [start, end) offsets into the segment's content, so `content.slice(start, end)` is the chunk.
 */
export const TARGET_CHARS = 900;
export const MAX_CHARS = 1400;
export const OVERLAP_CHARS = 300;

export interface ChunkSpan {
  segment: number;
  start: number;
  end: number;
  text: string;
}

interface Unit {
  start: number;
  end: number;
}

function paragraphs(content: string): Unit[] {
  const out: Unit[] = [];
  const re = /[^\n]+/g;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    const lead = m[0].length - m[0].trimStart().length;
    const text = m[0].trim();
    if (text) out.push({ start: m.index + lead, end: m.index + lead + text.length });
  }
  return out;
}

function sentences(content: string, u: Unit): Unit[] {
  const out: Unit[] = [];
  const part = content.slice(u.start, u.end);
  // a sentence: text up to and including its end punctuation (and closing quotes) followed by a space
  for (const m of part.matchAll(/[^.!?]*(?:[.!?]+["')\]]*(?=\s|$)|[^.!?]$)|[^.!?]+$/g)) {
    const lead = m[0].length - m[0].trimStart().length;
    const text = m[0].trim();
    const at = u.start + m.index + lead;
    if (text) out.push({ start: at, end: at + text.length });
  }
  return out.flatMap((s) => (s.end - s.start > MAX_CHARS ? hardSplit(content, s) : [s]));
}

function hardSplit(content: string, u: Unit): Unit[] {
  const out: Unit[] = [];
  let start = u.start;
  while (u.end - start > MAX_CHARS) {
    let cut = content.lastIndexOf(' ', start + MAX_CHARS);
    if (cut <= start) cut = start + MAX_CHARS;
    out.push({ start, end: cut });
    start = cut;
    while (content[start] === ' ') start++;
  }
  if (start < u.end) out.push({ start, end: u.end });
  return out;
}

function units(content: string): Unit[] {
  return paragraphs(content).flatMap((p) => (p.end - p.start > MAX_CHARS ? sentences(content, p) : [p]));
}

/** Chunks of one segment's content. */
export function chunkSegment(content: string, segment: number): ChunkSpan[] {
  const us = units(content);
  const out: ChunkSpan[] = [];
  let i = 0;
  while (i < us.length) {
    const first = us[i]!;
    let j = i;
    while (j + 1 < us.length && us[j + 1]!.end - first.start <= TARGET_CHARS) j++;
    const start = first.start;
    const end = us[j]!.end;
    out.push({ segment, start, end, text: content.slice(start, end) });
    if (j + 1 >= us.length) break;
    const last = us[j]!;
    // overlap: restart at the last unit when it is short and the chunk had more than that unit
    i = j > i && last.end - last.start <= OVERLAP_CHARS ? j : j + 1;
  }
  return out;
}

/** Chunks of every segment, in document order. */
export function chunkSegments(contents: readonly string[]): ChunkSpan[] {
  return contents.flatMap((c, k) => chunkSegment(c, k));
}
