import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FeedArchiveError, readFeedArchive, readTar } from '../../../parsers/edgar/feed-archive.ts';
import { parseSubmissionHeader, parseSubmissionText } from '../../../parsers/edgar/filing-document.ts';

// The Feed reader on tars the system `tar` builds here from the real dissemination `.nc` files (SEC's own day
// archives are gigabytes), and on the small day archive the mirror serves (fixtures/edgar-feed/MANIFEST.tsv).
const NC = {
  '0001493152-25-001317.nc':
    'fixtures/8k-events/ACFN_8-K_2025-01-06_0001493152-25-001317_Item5.02_dissemination.nc',
  '0001562180-25-000280.nc': 'fixtures/ownership/TSVT_4_2025-01-06_0001562180-25-000280_dissemination.nc',
  '0001951757-25-000093.nc':
    'fixtures/ownership/ACORN-CREEK_13F-HR_2024Q4_0001951757-25-000093_dissemination.nc',
};
const DAY = 'fixtures/upstream/www.sec.gov/Archives/edgar/Feed/2025/QTR1/20250108.nc.tar.gz';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'feed-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tar (format as given) of the real .nc files under the given member names, packed by the system tar. */
function packTar(format: 'ustar' | 'pax' | 'gnu', names: Record<string, string> = NC): Buffer {
  const src = mkdtempSync(join(dir, 'src-'));
  for (const [name, file] of Object.entries(names)) {
    mkdirSync(join(src, name, '..'), { recursive: true });
    copyFileSync(file, join(src, name));
  }
  const out = join(dir, `${format}-${Object.keys(names).length}.tar`);
  execFileSync('tar', [`--format=${format}`, '--sort=name', '-cf', out, '-C', src, ...Object.keys(names)]);
  return readFileSync(out);
}

async function members(source: AsyncIterable<{ name: string; bytes: Buffer }>) {
  const out: { name: string; sha: string; size: number }[] = [];
  for await (const m of source) out.push({ name: m.name, sha: sha(m.bytes), size: m.bytes.length });
  return out;
}

async function* chunks(b: Buffer, size: number) {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

const expected = Object.entries(NC).map(([name, file]) => {
  const b = readFileSync(file);
  return { name, sha: sha(b), size: b.length };
});

describe('Feed archive reader', () => {
  it('reads every member of a ustar tar.gz byte for byte, streamed from disk', async () => {
    const file = join(dir, 'day.nc.tar.gz');
    writeFileSync(file, gzipSync(packTar('ustar')));
    expect(await members(readFeedArchive(file))).toEqual(expected);
  });

  it('gives the same members whatever the chunking of the stream (headers and bodies split across chunks)', async () => {
    const tar = packTar('ustar');
    for (const size of [1, 511, 513, 4096, 65_536])
      expect(await members(readTar(chunks(tar, size === 1 ? 97 : size)))).toEqual(expected);
  });

  it('reads long member names: pax `path` records and GNU long-name entries', async () => {
    const long = `${'Feed/2025/QTR1/'.repeat(8)}0001562180-25-000280.nc`; // 143 characters
    expect(long.length).toBeGreaterThan(100);
    for (const format of ['pax', 'gnu'] as const) {
      const got = await members(
        readTar(chunks(packTar(format, { [long]: NC['0001562180-25-000280.nc'] }), 4096)),
      );
      expect(got).toEqual([{ ...expected[1], name: long }]);
    }
  });

  it('reads the day archive the mirror serves: the two real submissions filed 2025-01-08', async () => {
    const got = await members(readFeedArchive(DAY));
    expect(got).toEqual(expected.slice(0, 2));
  });

  it('a gzip cut short is a FeedArchiveError, thrown before the stream ends', async () => {
    const whole = readFileSync(DAY);
    const file = join(dir, 'cut.nc.tar.gz');
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(members(readFeedArchive(file))).rejects.toThrow(FeedArchiveError);
    await expect(members(readFeedArchive(file))).rejects.toThrow(/corrupt or truncated gzip/);
  });

  it('a damaged gzip body (one byte flipped) is a FeedArchiveError', async () => {
    const bytes = Buffer.from(readFileSync(DAY));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const file = join(dir, 'flipped.nc.tar.gz');
    writeFileSync(file, bytes);
    await expect(members(readFeedArchive(file))).rejects.toThrow(FeedArchiveError);
  });

  it('a tar cut inside a member, or at a member boundary without the end blocks, is truncated', async () => {
    const tar = gunzipSync(readFileSync(DAY));
    await expect(members(readTar(chunks(tar.subarray(0, 100_000), 8192)))).rejects.toThrow(
      /truncated tar: the stream ended inside member 0001493152-25-001317\.nc/,
    );
    // the first member ends at 512 + 244,796 padded to 512 = 245,760: a clean cut there has no end marker
    const boundary = 512 + Math.ceil(244_796 / 512) * 512;
    await expect(members(readTar(chunks(tar.subarray(0, boundary), 8192)))).rejects.toThrow(
      /truncated tar: the stream ended at offset 245760/,
    );
  });

  it('a damaged header (checksum mismatch) is a FeedArchiveError naming its offset', async () => {
    const tar = Buffer.from(gunzipSync(readFileSync(DAY)));
    const second = 512 + Math.ceil(244_796 / 512) * 512;
    tar[second + 3] = 0x58; // a byte of the second member's name
    await expect(members(readTar(chunks(tar, 8192)))).rejects.toThrow(
      /bad tar header checksum at offset 245760/,
    );
  });
});

describe('.nc submission splitter (parsers/edgar/filing-document.ts)', () => {
  it('splits the 8-K into its 13 <DOCUMENT> blocks (its header counts 14), the uuencoded ones flagged binary with empty bodies', () => {
    const s = parseSubmissionText(readFileSync(NC['0001493152-25-001317.nc'], 'latin1'));
    expect(s.header).toMatchObject({
      accessionNumber: '0001493152-25-001317',
      form: '8-K',
      filedAt: '2025-01-08',
      periodOfReport: '2025-01-06',
      cik: '0000880984',
      items: ['5.02', '9.01'],
      parties: [{ role: 'FILER', cik: '0000880984', name: 'ACORN ENERGY, INC.' }],
    });
    expect(s.documents).toHaveLength(13);
    expect(s.documents.slice(0, 2).map((d) => [d.type, d.sequence, d.filename])).toEqual([
      ['8-K', 1, 'form8-k.htm'],
      ['EX-10.1', 2, 'ex10-1.htm'],
    ]);
    const binary = s.documents.filter((d) => d.isBinary);
    expect(binary.map((d) => d.filename)).toEqual(['Financial_Report.xlsx', '0001493152-25-001317-xbrl.zip']);
    expect(binary.every((d) => d.body === '')).toBe(true);
  });

  it("reads a Form 4 header's parties in both dialects: the .nc tags and the .txt `KEY:` lines", () => {
    const nc = parseSubmissionHeader(readFileSync(NC['0001562180-25-000280.nc'], 'latin1'));
    expect(nc.parties).toEqual([
      { role: 'REPORTING-OWNER', cik: '0002009134', name: 'Snow Jessica' },
      { role: 'ISSUER', cik: '0001860782', name: '2seventy bio, Inc.' },
    ]);
    const txt = parseSubmissionHeader(
      readFileSync(
        'fixtures/upstream/www.sec.gov/Archives/edgar/data/320193/000032019322000061/0000320193-22-000061.txt',
        'latin1',
      ),
    );
    expect(txt.parties).toEqual([
      { role: 'REPORTING-OWNER', cik: '0001462356', name: 'Adams Katherine L.' },
      { role: 'ISSUER', cik: '0000320193', name: 'Apple Inc.' },
    ]);
  });
});
