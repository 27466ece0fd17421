import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveCorruptError, createDiskArchive } from '../../jobs/http/archive.ts';
import { AAPL, fileSha256 } from './helpers.ts';

describe('content-addressed raw archive', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'findata-archive-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('round-trips real bytes under their sha256', async () => {
    const archive = createDiskArchive(dir);
    const bytes = await readFile(AAPL.file);
    const sha = await archive.put(bytes);
    expect(sha).toBe(fileSha256(AAPL.file));
    expect(archive.pathFor(sha)).toBe(path.join(dir, sha.slice(0, 2), `${sha}.gz`));
    expect(await archive.has(sha)).toBe(true);
    expect((await archive.get(sha))!.equals(bytes)).toBe(true);
  });

  it('stores the same bytes once, at the same path, even when written concurrently', async () => {
    const archive = createDiskArchive(dir);
    const bytes = Buffer.from('same bytes, same place\n');
    const shas = await Promise.all([archive.put(bytes), archive.put(bytes), archive.put(Buffer.from(bytes))]);
    expect(new Set(shas).size).toBe(1);
    const files = await readdir(path.dirname(archive.pathFor(shas[0]!)));
    expect(files.filter((f) => f.startsWith(shas[0]!))).toEqual([`${shas[0]}.gz`]);
  });

  it('answers null for an unknown hash and refuses anything that is not one', async () => {
    const archive = createDiskArchive(dir);
    expect(await archive.get('0'.repeat(64))).toBeNull();
    expect(await archive.has('0'.repeat(64))).toBe(false);
    await expect(archive.get('../../etc/passwd')).rejects.toThrow(RangeError);
  });

  it('notices bytes that no longer match their name', async () => {
    const archive = createDiskArchive(dir);
    const sha = await archive.put(Buffer.from('original'));
    const other = await archive.put(Buffer.from('tampered'));
    await copyFile(archive.pathFor(other), archive.pathFor(sha));
    await expect(archive.get(sha)).rejects.toBeInstanceOf(ArchiveCorruptError);
  });
});
