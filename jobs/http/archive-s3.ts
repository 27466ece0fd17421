import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type ArchiveCallOptions, ArchiveCorruptError, type RawArchive, sha256Hex } from './archive.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface S3ArchiveOptions {
  /** `s3://bucket` or `s3://bucket/prefix`. */
  url: string;
  /** An S3-compatible endpoint (MinIO, Ceph, R2...); unset: AWS S3 of `region`. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Credentials; unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profile, role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /**
   * How long a request may wait without a byte moving (connecting, or between reads/writes) before it fails and
   * the SDK retries it (3 attempts). Default 30 s. The SDK's own default is no limit at all: a response lost
   * between the storage server and us waited until the partition's deadline (10 min) cut the whole attempt off.
   */
  timeoutMs?: number | undefined;
}

export const S3_TIMEOUT_MS = 30_000;

/** `s3://bucket/some/prefix` -> bucket and key prefix (no leading or trailing slash). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m)
    throw new RangeError(`not an s3:// URL with a valid bucket name: ${url} (e.g. s3://findata-raw/prod)`);
  return { bucket: m[1]!, prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

/**
 * The raw archive on S3-compatible object storage, for workers on several machines: the same content
 * addressing and layout as the disk archive (`<prefix>/<sha[0..2]>/<sha>.gz`, gzip, the name the hash of the
 * uncompressed bytes), so a disk archive can be copied into a bucket as it is (`aws s3 sync data/raw
 * s3://bucket/prefix`). A PUT is atomic in S3 (a reader sees the whole object or none), and two workers
 * writing the same bytes write the same object, so no locking is needed. Reads verify the hash.
 */
export function createS3Archive(opts: S3ArchiveOptions): RawArchive & { keyFor(sha256: string): string } {
  const { bucket, prefix } = parseS3Url(opts.url);
  const timeoutMs = opts.timeoutMs ?? S3_TIMEOUT_MS;
  const client = new S3Client({
    region: opts.region ?? 'us-east-1',
    // idle limits, not totals: a large object that keeps moving is never cut off
    requestHandler: {
      connectionTimeout: Math.min(timeoutMs, 10_000),
      socketTimeout: timeoutMs,
    },
    ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });

  function keyFor(sha: string): string {
    if (!SHA256_HEX.test(sha)) throw new RangeError(`not a lowercase sha256 hex digest: ${sha}`);
    return `${prefix ? `${prefix}/` : ''}${sha.slice(0, 2)}/${sha}.gz`;
  }

  async function has(sha: string, opts: ArchiveCallOptions = {}): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyFor(sha) }), sendOptions(opts));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw archiveError('HEAD', keyFor(sha), err);
    }
  }

  return {
    keyFor,
    has,
    async put(bytes, opts = {}) {
      const sha = sha256Hex(bytes);
      if (await has(sha, opts)) return sha;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyFor(sha),
            Body: await gzipAsync(bytes),
            ContentType: 'application/gzip',
          }),
          sendOptions(opts),
        );
      } catch (err) {
        throw archiveError('PUT', keyFor(sha), err);
      }
      return sha;
    },
    async get(sha, opts = {}) {
      let compressed: Uint8Array;
      try {
        const r = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyFor(sha) }),
          sendOptions(opts),
        );
        compressed = await r.Body!.transformToByteArray();
      } catch (err) {
        if (isNotFound(err)) return null;
        throw archiveError('GET', keyFor(sha), err);
      }
      const bytes = await gunzipAsync(compressed);
      if (sha256Hex(bytes) !== sha) throw new ArchiveCorruptError(`archived bytes do not hash to ${sha}`);
      return bytes;
    },
  };

  function archiveError(op: string, key: string, err: unknown): Error {
    const status =
      err instanceof S3ServiceException ? ` (${err.name}, HTTP ${err.$metadata.httpStatusCode})` : '';
    return new Error(`raw archive ${op} s3://${bucket}/${key} failed${status}: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

/** The SDK's per-call options: an abort signal cuts the request off (a stalled partition). */
const sendOptions = (opts: ArchiveCallOptions) => (opts.signal ? { abortSignal: opts.signal } : {});

function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}
