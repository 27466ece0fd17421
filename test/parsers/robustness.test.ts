import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARSERS } from '../../cli/commands/parse.ts';
import { ASIA_PARSERS } from '../../cli/commands/parse-asia.ts';
import { ParseError } from '../../lib/errors.ts';
import { parseYahooQuoteSummary } from '../../parsers/earnings/consensus-yahoo.ts';
import { parseSubmissionHeader, parseSubmissionText } from '../../parsers/edgar/filing-document.ts';
import { parseFilingIndexClasses } from '../../parsers/edgar/filing-index-classes.ts';
import { parseTextInformationTable } from '../../parsers/edgar/thirteen-f-text.ts';
import { parseCorpCodeXml } from '../../parsers/korea/corp-codes.ts';
import { DartKeyError, DartThrottledError } from '../../parsers/korea/status.ts';
import { parseKalshiMarkets } from '../../parsers/markets/kalshi.ts';
import { parsePolymarketMarkets } from '../../parsers/markets/polymarket.ts';
import { parseChartJson } from '../../parsers/prices/chart-json.ts';
import { parseLegacyStatement } from '../../parsers/taiwan/legacy-statement.ts';
import { parseEarningsCallTranscript } from '../../parsers/transcripts/earningscall.ts';
import { parseMotleyFoolTranscript } from '../../parsers/transcripts/motley-fool.ts';
import { parseLabels } from '../../parsers/xbrl/labels.ts';
import { parseSharesOutstanding } from '../../parsers/xbrl/shares-outstanding.ts';

/**
 * Every parser an operator can run (`etl parse <parser>`) and those only the jobs call, fed real files of every other family and the same files cut
 * in half (a download that stopped): each answers with a result or a typed error, never a TypeError, a RangeError or a
 * library's untyped error. The files: per fixture folder, the smallest and the largest real file under 50 KB, so every upstream format we hold meets every parser.
 */
const ROOT = new URL('../../fixtures/', import.meta.url).pathname;
const SKIP_PARSERS = new Set(['news-feed', 'brochure']); // the text model's load; PDFs only (tested in their own files)
const TYPED = [ParseError, DartKeyError, DartThrottledError];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function sample(): string[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const files = walk(join(ROOT, e.name))
        .filter((f) => !/\.(tsv|md|pdf|gz|zip|xlsx)$/i.test(f))
        .map((f) => ({ f, size: statSync(f).size }))
        .filter((x) => x.size > 0 && x.size < 50_000)
        .sort((a, b) => a.size - b.size || a.f.localeCompare(b.f));
      if (files.length === 0) return [];
      const picks = [files[0], files[files.length - 1]];
      return [...new Set(picks.map((x) => x!.f))];
    });
}

type Run = (bytes: Buffer, opts: Record<string, string>, ctx: { url: string; fetchedAt: string }) => unknown;
const text = (f: (s: string, document: string) => unknown): { run: Run } => ({
  run: (b, _o, c) => f(b.toString('utf8'), c.url),
});
/** The parsers the jobs call that `etl parse` does not list (transcripts, markets, consensus, Korea's corp codes ...). */
const JOB_PARSERS: Record<string, { run: Run }> = {
  'transcript-motley-fool': text((s, url) => parseMotleyFoolTranscript(s, { url })),
  'transcript-earningscall': text((s, url) => parseEarningsCallTranscript(s, { url })),
  'kalshi-markets': text(parseKalshiMarkets),
  'polymarket-markets': text(parsePolymarketMarkets),
  'yahoo-quote-summary': text(parseYahooQuoteSummary),
  'chart-json': text(parseChartJson),
  'dart-corp-codes': text(parseCorpCodeXml),
  'tw-legacy-statement': text(parseLegacyStatement),
  '13f-text-table': text((s) => parseTextInformationTable(s)),
  'xbrl-labels': text((s, document) => parseLabels(s, { document })),
  'submission-text': text((s) => parseSubmissionText(s)),
  'submission-header': text((s) => parseSubmissionHeader(s)),
  'shares-outstanding': text(parseSharesOutstanding),
  'filing-index-classes': text((s) => parseFilingIndexClasses(s)),
};

describe('every parser on every format we hold', () => {
  const files = sample();
  const parsers = Object.entries({ ...PARSERS, ...ASIA_PARSERS, ...JOB_PARSERS }).filter(
    ([n]) => !SKIP_PARSERS.has(n),
  );

  it('samples a file from every fixture folder', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(parsers.length).toBeGreaterThanOrEqual(40);
  });

  for (const [name, parser] of parsers) {
    it(`${name}: a result or a typed error on ${files.length} real files, whole and cut in half`, async () => {
      const untyped: string[] = [];
      for (const file of files) {
        const bytes = readFileSync(file);
        for (const body of [bytes, bytes.subarray(0, bytes.length >> 1)]) {
          try {
            await parser.run(
              body,
              { cik: '320193', form: '10-K', symbol: 'AAPL' },
              { url: `file://${file}`, fetchedAt: '2026-01-02T00:00:00.000Z' },
            );
          } catch (err) {
            if (TYPED.some((t) => err instanceof t)) continue;
            // an option the parser needs and was not given is the CLI's usage error, said as such
            if (err instanceof Error && /(needs|takes) --|^--\w+ /.test(err.message)) continue;
            untyped.push(
              `${file.slice(ROOT.length)} (${body.length} bytes): ${(err as Error).name}: ${(err as Error).message}`,
            );
          }
        }
      }
      expect(untyped).toEqual([]);
    });
  }
});
