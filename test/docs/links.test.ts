import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CALLS, demoSubscriptionCurl, streamDemoCall } from '../../api/demo-calls.ts';

/**
 * The README and docs/ as a reader meets them (issue 26): every relative link resolves to a file of the
 * repository (and its `#anchor` to a heading of that page), no link leaves the repository except to the
 * upstream documentation already cited, every page is in the docs index, and the README's banner is the one
 * `npm start` prints (cli/commands/serve.ts printReady, on the default port). Reads files only: no server.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = join(ROOT, 'docs');
/** Links out of the repository that are allowed: upstream specifications the pages cite. */
const EXTERNAL_ALLOWED = new Set(['https://www.standardwebhooks.com']);

const pages = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];

/** The text a reader sees as prose: fenced blocks and inline code removed (a path in code is not a link). */
const prose = (md: string) => md.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's heading anchor: lower case, punctuation other than `-` and `_` dropped, spaces to `-`. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = (md: string) =>
  new Set(
    md
      .replace(/^```[\s\S]*?^```/gm, '')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, '').replace(/`/g, ''))),
  );

const links = (md: string) => [...prose(md).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);

describe('README and docs/', () => {
  it.each(pages.map((p) => [relative(ROOT, p), p]))(
    '%s: every link resolves inside the repository',
    (_, page) => {
      const md = readFileSync(page, 'utf8');
      const bad: string[] = [];
      for (const target of links(md)) {
        if (/^[a-z]+:/i.test(target)) {
          if (!EXTERNAL_ALLOWED.has(target.replace(/\/$/, ''))) bad.push(`${target}: outside the repository`);
          continue;
        }
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? page : resolve(dirname(page), path);
        if (relative(ROOT, file).startsWith('..')) bad.push(`${target}: outside the repository`);
        else if (!existsSync(file)) bad.push(`${target}: no such file`);
        else if (anchor && statSync(file).isFile() && file.endsWith('.md')) {
          if (!anchors(readFileSync(file, 'utf8')).has(anchor)) bad.push(`${target}: no heading #${anchor}`);
        }
      }
      expect(bad).toEqual([]);
    },
  );

  it('the docs index names every page of docs/', () => {
    const index = readFileSync(join(DOCS, 'README.md'), 'utf8');
    const unlisted = readdirSync(DOCS).filter(
      (f) => f.endsWith('.md') && f !== 'README.md' && !index.includes(f),
    );
    expect(unlisted).toEqual([]);
  });

  it('the README stays a front door (under 200 lines) and links the docs index', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(200);
    expect(links(readme)).toContain('docs/README.md');
  });

  it("a route-family row that opens with a request opens with that family's banner line", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.split('## Route families')[1]?.split('\n## ')[0] ?? '';
    const firsts = table
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| family'))
      .map((l) => /^`(\/v1\/[^`]+)`/.exec(l.split('|')[2]?.trim() ?? '')?.[1])
      .filter((p): p is string => p !== undefined);
    expect(firsts.length).toBeGreaterThan(10);
    const paths = new Set(DEMO_CALLS.map((c) => c.path));
    expect(firsts.filter((p) => !paths.has(p))).toEqual([]);
  });

  it("the README's banner is the one `npm start` prints: every Try: line, the Live: and Webhooks: lines", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const base = 'http://127.0.0.1:8080';
    const expected = [
      ...DEMO_CALLS.map(
        (c, i) => `  ${i === 0 ? 'Try:' : '    '}   curl -H "Authorization: Bearer <key>" "${base}${c.path}"`,
      ),
      `  Live:  ${streamDemoCall(base)}`,
      `  Webhooks: ${demoSubscriptionCurl(base)}`,
    ].join('\n');
    expect(readme).toContain(expected);
  });
});
