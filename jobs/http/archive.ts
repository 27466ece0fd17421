import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The raw archive: every fetched document by the SHA-256 of its bytes, so any row can be re-parsed from the
 * exact bytes it came from without touching the network. Pluggable: object storage implements the same shape.
 */
export interface RawArchive {
  /** Stores the bytes (idempotent) and returns their SHA-256, lowercase hex. */
  put(bytes: Uint8Array, opts?: ArchiveCallOptions): Promise<string>;
  get(sha256: string, opts?: ArchiveCallOptions): Promise<Buffer | null>;
  has(sha256: string, opts?: ArchiveCallOptions): Promise<boolean>;
}

export interface ArchiveCallOptions {
  /** Abandons the call (a stalled partition): the request or file operation is cut off. */
  signal?: AbortSignal | undefined;
}

export class ArchiveCorruptError extends Error {
  override name = 'ArchiveCorruptError';
}

/**
 * The archive's disk is full (ENOSPC) or its quota spent (EDQUOT). Retrying in seconds would not help: the
 * partition fails at once with this message (nothing of it is loaded: the load comes after the fetch), the
 * archived files stay whole (each is written beside its name and renamed), and a run after space is freed
 * picks the partition up again.
 */
export class ArchiveFullError extends Error {
  override name = 'ArchiveFullError';
  constructor(dir: string, cause: NodeJS.ErrnoException) {
    super(
      `raw archive full: ${cause.code} writing under ${dir} (free disk space or raise the quota, then run the backfill again: finished partitions are skipped)`,
      { cause },
    );
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `<dir>/<sha[0..2]>/<sha>.gz`, gzip-compressed; the name is the hash of the uncompressed bytes. */
export function createDiskArchive(dir: string): RawArchive & { pathFor(sha256: string): string } {
  const root = path.resolve(dir);

  function pathFor(sha: string): string {
    if (!SHA256_HEX.test(sha)) throw new RangeError(`not a lowercase sha256 hex digest: ${sha}`);
    return path.join(root, sha.slice(0, 2), `${sha}.gz`);
  }

  async function has(sha: string): Promise<boolean> {
    return access(pathFor(sha)).then(
      () => true,
      () => false,
    );
  }

  return {
    pathFor,
    has,
    async put(bytes, opts = {}) {
      const sha = sha256Hex(bytes);
      const file = pathFor(sha);
      if (await has(sha)) return sha;
      opts.signal?.throwIfAborted();
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename: readers never see a partial file, and two writers of the same
      // bytes both end with the same complete file.
      const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, await gzipAsync(bytes), { signal: opts.signal });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EDQUOT')
          throw new ArchiveFullError(root, err as NodeJS.ErrnoException);
        throw err;
      }
      return sha;
    },
    async get(sha, opts = {}) {
      const compressed = await readFile(pathFor(sha), { signal: opts.signal }).catch(
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return null;
          throw err;
        },
      );
      if (!compressed) return null;
      const bytes = await gunzipAsync(compressed);
      if (sha256Hex(bytes) !== sha) throw new ArchiveCorruptError(`archived bytes do not hash to ${sha}`);
      return bytes;
    },
  };
}
