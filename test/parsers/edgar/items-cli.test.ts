import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerParseCommand } from '../../../cli/commands/parse.ts';
import { ARCHIVES } from './items-corpus.ts';

/** `etl parse edgar-items` prints what /v1/filings/items serves (without include_exhibits), key for key. */
async function parse(path: string, ...flags: string[]): Promise<unknown> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const program = new Command('etl').exitOverride();
  registerParseCommand(program);
  await program.parseAsync(['parse', 'edgar-items', new URL(path, ARCHIVES).pathname, ...flags], {
    from: 'user',
  });
  write.mockRestore();
  return JSON.parse(out);
}

describe('etl parse edgar-items', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints each item with the route keys in the route order, exhibits [] included', async () => {
    const items = (await parse(
      '320193/000091205700002128/0000912057-00-002128.txt',
      '--form',
      '8-K',
    )) as Record<string, unknown>[];
    expect(items.map((i) => Object.keys(i))).toEqual([
      ['number', 'name', 'text', 'text_mode', 'exhibits'],
      ['number', 'name', 'text', 'text_mode', 'exhibits'],
    ]);
    expect(items[0]).toMatchObject({
      number: 'Item-5',
      name: 'Other Events',
      text_mode: 'literal',
      exhibits: [],
    });
  });

  it('adds the resolved block before exhibits on an expanded item (--resolve)', async () => {
    const items = (await parse(
      '320193/000032019394000016/0000320193-94-000016.txt',
      '--form',
      '10-K',
      '--resolve',
    )) as Record<string, unknown>[];
    const legal = items.find((i) => i.number === 'Item-3')!;
    expect(Object.keys(legal)).toEqual(['number', 'name', 'text', 'text_mode', 'resolved', 'exhibits']);
    expect(legal.resolved).toEqual({
      source: 'in_document',
      resolved_from: 'Item-8 "Litigation"',
      text_chars: 3741,
      truncated: false,
    });
  });
});
