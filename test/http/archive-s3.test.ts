import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveCorruptError } from '../../jobs/http/archive.ts';
import { createS3Archive, parseS3Url } from '../../jobs/http/archive-s3.ts';
import { reparsePartition } from '../../jobs/pipeline.ts';
import { jobFor } from '../../jobs/registry.ts';
import type { Database } from '../../lib/db.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { createTestServices } from '../helpers/services.ts';
import { AAPL, fileSha256 } from './helpers.ts';

// s3rver: an S3-compatible server (path-style REST, the same wire protocol as AWS S3 and MinIO), on loopback
const BUCKET = 'findata-raw';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('raw archive on S3-compatible object storage', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  const archive = () => createS3Archive({ url: `s3://${BUCKET}/raw`, endpoint, ...CREDENTIALS });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the bucket and prefix of ARCHIVE_URL, and refuses what is not one', () => {
    expect(parseS3Url('s3://findata-raw')).toEqual({ bucket: 'findata-raw', prefix: '' });
    expect(parseS3Url('s3://findata-raw/prod/raw/')).toEqual({ bucket: 'findata-raw', prefix: 'prod/raw' });
    expect(() => parseS3Url('https://findata-raw.s3.amazonaws.com')).toThrow(/not an s3:\/\/ URL/);
  });

  it('round-trips real bytes under their sha256, at the disk layout under the prefix', async () => {
    const a = archive();
    const bytes = readFileSync(AAPL.file);
    const sha = await a.put(bytes);
    expect(sha).toBe(fileSha256(AAPL.file));
    expect(a.keyFor(sha)).toBe(`raw/${sha.slice(0, 2)}/${sha}.gz`);
    expect(await a.has(sha)).toBe(true);
    expect((await a.get(sha))?.equals(bytes)).toBe(true);
    // a second archive object (another worker) reads it and stores the same bytes as the same object
    expect(await archive().put(Buffer.from(bytes))).toBe(sha);
  });

  it('answers null for an unknown hash, refuses anything that is not one, and detects corruption', async () => {
    const a = archive();
    expect(await a.get('0'.repeat(64))).toBeNull();
    expect(await a.has('0'.repeat(64))).toBe(false);
    await expect(a.get('../../etc/passwd')).rejects.toThrow(RangeError);
    // an object whose bytes do not hash to its name (a damaged copy, a bad sync) is never served
    const sha = 'ab'.repeat(32);
    const s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    const { gzipSync } = await import('node:zlib');
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: a.keyFor(sha), Body: gzipSync('not these bytes') }),
    );
    await expect(a.get(sha)).rejects.toThrow(ArchiveCorruptError);
  });

  it('says which object and why when the bucket is not there', async () => {
    const missing = createS3Archive({ url: 's3://no-such-bucket/raw', endpoint, ...CREDENTIALS });
    await expect(missing.put(Buffer.from('x'))).rejects.toThrow(
      /raw archive (HEAD|PUT) s3:\/\/no-such-bucket\/raw\//,
    );
  });

  it('fails a request the storage server never answers, after its retries, instead of waiting forever', async () => {
    // a server that accepts connections and reads the request but never writes a byte back (a response lost
    // between the store and us): without an idle limit the SDK waits until the partition deadline
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    let connections = 0;
    const silent = createServer((s) => {
      connections++;
      sockets.add(s);
      s.on('data', () => {});
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as import('node:net').AddressInfo).port;
    try {
      const a = createS3Archive({
        url: `s3://${BUCKET}/raw`,
        endpoint: `http://127.0.0.1:${port}`,
        timeoutMs: 300,
        ...CREDENTIALS,
      });
      const t0 = Date.now();
      await expect(a.has('cd'.repeat(32))).rejects.toThrow(
        /raw archive HEAD s3:\/\/findata-raw\/raw\/cd\/.*failed/,
      );
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(connections).toBe(3); // the SDK's three attempts, each cut off after 300 ms of silence
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  describe('a job run through it', () => {
    let database: Database;
    let env: Awaited<ReturnType<typeof createTestServices>>;

    beforeAll(async () => {
      database = await createTestDatabase();
      env = await createTestServices(database, {
        ARCHIVE_URL: `s3://${BUCKET}/jobs`,
        ARCHIVE_ENDPOINT: endpoint,
        ARCHIVE_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        ARCHIVE_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      });
    });
    afterAll(async () => {
      await env?.close();
      await database?.close();
    });

    it('archives what it fetched in the bucket, and a reparse reads it back from there', async () => {
      const r = await env.runtime.runPartitions('filings', ['cik:0000320193']);
      expect(r.failures).toEqual([]);
      const [doc] = await database.query<{ sha256: string }>(
        `select sha256 from raw_documents where dataset_id = 'filings' and url = $1`,
        [AAPL.url],
      );
      expect(doc?.sha256).toBe(fileSha256(AAPL.file));
      const fromBucket = createS3Archive({ url: `s3://${BUCKET}/jobs`, endpoint, ...CREDENTIALS });
      expect((await fromBucket.get(doc!.sha256))?.equals(readFileSync(AAPL.file))).toBe(true);
      const before = await database.query<{ n: number }>(
        `select count(*)::int as n from filings where cik = 320193`,
      );
      await database.query(`delete from filings where cik = 320193`);
      const again = await reparsePartition(jobFor('filings'), 'cik:0000320193', env.services.deps());
      expect(again.status).toBe('done');
      const after = await database.query<{ n: number }>(
        `select count(*)::int as n from filings where cik = 320193`,
      );
      expect(after[0]?.n).toBe(before[0]?.n);
      expect(after[0]?.n).toBe(360); // the spec 2.3 types of the submissions JSON and its 1994-2013 page
    });
  });
});
