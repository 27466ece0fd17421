import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ParseError } from '../../lib/errors.ts';

/**
 * EDGAR's daily `Feed` archive (`Archives/edgar/Feed/YYYY/QTRn/YYYYMMDD.nc.tar.gz`): one gzipped tar per
 * filing day, each member `<accession>.nc` one whole submission in the dissemination SGML. Read as a stream
 * (gunzip, then a minimal ustar reader: 512-byte headers, bodies padded to 512): a day can be gigabytes, and
 * only one member is held at a time. No tar library is in the project's dependencies; this reads what POSIX
 * ustar, pax (`x` headers: `path`, `size`) and GNU (`L` long names) writers produce, which covers SEC's files
 * and the system `tar`.
 */

/** The archive is cut short or damaged (gzip or tar level): the day fails as a whole. */
export class FeedArchiveError extends ParseError {
  override name = 'FeedArchiveError';
}

export interface TarMember {
  /** The member's path inside the archive (`0001493152-25-001317.nc`). */
  name: string;
  bytes: Buffer;
}

const BLOCK = 512;

interface Pending {
  name: string;
  size: number;
  kind: 'file' | 'skip' | 'pax' | 'longname';
}

/** Member bodies of the regular files of a tar stream, in archive order; throws FeedArchiveError when the stream is damaged or ends before the tar's end marker. */
export async function* readTar(source: AsyncIterable<Buffer>, label = 'tar'): AsyncGenerator<TarMember> {
  const queue = new ByteQueue();
  let offset = 0; // of the next header, for messages
  let pending: Pending | null = null;
  let paxPath: string | null = null;
  let paxSize: number | null = null;
  let longName: string | null = null;
  let zeroBlocks = 0;
  let ended = false;
  for await (const chunk of source) {
    if (ended) continue; // the writer's padding after the end marker (records of 10 KB)
    queue.push(chunk);
    for (;;) {
      if (pending === null) {
        if (queue.length < BLOCK) break;
        const header = queue.take(BLOCK);
        if (isZero(header)) {
          zeroBlocks++;
          offset += BLOCK;
          if (zeroBlocks === 2) {
            ended = true;
            break;
          }
          continue;
        }
        if (zeroBlocks > 0) throw new FeedArchiveError(`a lone zero block before offset ${offset}`, label);
        const h = parseHeader(header, offset, label);
        const name: string = longName ?? paxPath ?? h.name;
        const size: number = paxSize ?? h.size;
        longName = paxPath = paxSize = null;
        const kind: Pending['kind'] =
          h.type === 'x'
            ? 'pax'
            : h.type === 'L'
              ? 'longname'
              : h.type === '0' || h.type === '\0' || h.type === '7'
                ? 'file'
                : 'skip';
        // pax and long-name records describe the next header, not themselves
        pending = { name, size: kind === 'pax' || kind === 'longname' ? h.size : size, kind };
        offset += BLOCK;
      }
      const padded: number = Math.ceil(pending.size / BLOCK) * BLOCK;
      if (queue.length < padded) break;
      const body: Buffer = queue.take(padded).subarray(0, pending.size);
      offset += padded;
      const done = pending;
      pending = null;
      if (done.kind === 'file') yield { name: done.name, bytes: body };
      else if (done.kind === 'longname') longName = body.toString('utf8').replace(/\0.*$/s, '');
      else if (done.kind === 'pax') {
        const rec = parsePax(body);
        paxPath = rec.path ?? null;
        paxSize = rec.size !== undefined ? Number(rec.size) : null;
      }
    }
  }
  if (!ended) {
    const where = pending ? `inside member ${pending.name}` : `at offset ${offset}`;
    throw new FeedArchiveError(
      `truncated tar: the stream ended ${where}, before the end-of-archive blocks`,
      label,
    );
  }
}

/** The members of a `.tar.gz` file on disk, streamed; gzip errors (a cut or corrupt file) become FeedArchiveError. */
export async function* readFeedArchive(file: string, label = file): AsyncGenerator<TarMember> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (err) => gunzip.destroy(err));
  const stream: Readable = input.pipe(gunzip);
  try {
    yield* readTar(gzipErrors(stream, label), label);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

async function* gzipErrors(stream: AsyncIterable<Buffer>, label: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_ZLIB')
      throw new FeedArchiveError(`corrupt or truncated gzip: ${(err as Error).message}`, label, {
        cause: err,
      });
    throw err;
  }
}

interface Header {
  name: string;
  size: number;
  type: string;
}

function parseHeader(h: Buffer, offset: number, label: string): Header {
  const stored = readOctal(h.subarray(148, 156));
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  if (stored === null || stored !== sum)
    throw new FeedArchiveError(`bad tar header checksum at offset ${offset}`, label);
  const size = readSize(h.subarray(124, 136));
  if (size === null) throw new FeedArchiveError(`bad tar member size at offset ${offset}`, label);
  let name = cString(h.subarray(0, 100));
  // ustar: a prefix (before the name, joined with '/') holds the start of a long path
  if (h.subarray(257, 262).toString('latin1') === 'ustar') {
    const prefix = cString(h.subarray(345, 500));
    if (prefix) name = `${prefix}/${name}`;
  }
  return { name, size, type: String.fromCharCode(h[156]!) };
}

function cString(b: Buffer): string {
  const end = b.indexOf(0);
  return b.subarray(0, end < 0 ? b.length : end).toString('utf8');
}

function readOctal(b: Buffer): number | null {
  const s = b
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  return /^[0-7]+$/.test(s) ? Number.parseInt(s, 8) : null;
}

/** Octal, or GNU base-256 (high bit of the first byte set) for members of 8 GB and more. */
function readSize(b: Buffer): number | null {
  if (b[0]! & 0x80) {
    let n = b[0]! & 0x7f;
    for (let i = 1; i < b.length; i++) n = n * 256 + b[i]!;
    return n;
  }
  return readOctal(b);
}

function parsePax(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space < 0) break;
    const len = Number(body.subarray(at, space).toString('latin1'));
    if (!Number.isInteger(len) || len <= 0) break;
    const rec = body.subarray(space + 1, at + len - 1).toString('utf8');
    const eq = rec.indexOf('=');
    if (eq > 0) out[rec.slice(0, eq)] = rec.slice(eq + 1);
    at += len;
  }
  return out;
}

function isZero(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] !== 0) return false;
  return true;
}

/** A FIFO of chunks from which exact byte counts are taken without re-concatenating everything. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private head = 0; // bytes already taken from chunks[0]
  length = 0;

  push(b: Buffer) {
    if (b.length === 0) return;
    this.chunks.push(b);
    this.length += b.length;
  }

  take(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const c = this.chunks[0]!;
      const part = Math.min(n - filled, c.length - this.head);
      c.copy(out, filled, this.head, this.head + part);
      filled += part;
      this.head += part;
      if (this.head === c.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    this.length -= n;
    return out;
  }
}
