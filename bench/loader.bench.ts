import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../lib/db.ts';
import { loadFilings } from '../loaders/filings.ts';
import { parseIndexFile } from '../parsers/edgar/index-files.ts';
import type { FilingInsert } from '../schema/filings.ts';
import { throwawayDatabase } from './db.ts';

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const dir = 'fixtures/upstream/www.sec.gov/Archives/edgar/daily-index';
const files: [string, 'master' | 'form' | 'company'][] = [
  [`${dir}/2020/QTR1/master.20200103.idx`, 'master'],
  [`${dir}/2020/QTR1/form.20200318.idx`, 'form'],
  [`${dir}/2022/QTR4/company.20221003.idx`, 'company'],
];

function rows(): FilingInsert[] {
  const fetchedAt = '2026-01-01T00:00:00.000Z';
  const real = files.flatMap(
    ([f, kind]) => parseIndexFile(readFileSync(f, 'latin1'), { url: f, fetchedAt }, kind).rows,
  );
  const out = new Map<string, FilingInsert>();
  for (let copy = 0; out.size < TARGET_ROWS && copy < 100; copy++) {
    for (const r of real) {
      if (out.size >= TARGET_ROWS) break;
      // A distinct accession per copy (the copy number in the sequence part): same shapes and values otherwise.
      const acc =
        copy === 0
          ? r.accessionNumber
          : `${r.accessionNumber.slice(0, 13)}${String(copy).padStart(2, '0')}${r.accessionNumber.slice(15)}`;
      out.set(`${acc}|${r.cik}`, { ...r, accessionNumber: acc });
    }
  }
  return [...out.values()];
}

const csv = (v: unknown) => {
  if (v === null || v === undefined) return '\\N';
  const s = v instanceof Date ? v.toISOString() : String(v);
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
};

async function main() {
  const db = await throwawayDatabase(base);
  const database = await openDatabase({ databaseUrl: db.url });
  await database.migrate();
  const data = rows();
  const results: Record<string, unknown>[] = [];
  try {
    const rounds = 5;
    const upsert: number[] = [];
    const copy: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await database.query('TRUNCATE filings');
      let t = performance.now();
      await database.db.transaction((tx) => loadFilings(tx, data, 'submissions'));
      upsert.push(data.length / ((performance.now() - t) / 1000));

      await database.query('TRUNCATE filings');
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      t = performance.now();
      const cols = [
        'accession_number',
        'cik',
        'filing_type',
        'form',
        'company_name',
        'report_date',
        'filing_date',
        'accepted_at',
        'primary_document',
        'items',
        'url',
        'source',
        'fetched_at',
      ];
      const stream = client.query(copyFrom(`COPY filings (${cols.join(',')}) FROM STDIN`));
      const lines = data.map(
        (r) =>
          `${[
            r.accessionNumber,
            r.cik,
            r.filingType,
            r.form,
            r.companyName,
            r.reportDate,
            r.filingDate,
            r.acceptedAt,
            r.primaryDocument,
            r.items,
            r.url,
            r.source,
            r.fetchedAt,
          ]
            .map(csv)
            .join('\t')}\n`,
      );
      await pipeline(Readable.from(lines), stream);
      copy.push(data.length / ((performance.now() - t) / 1000));
      await client.end();
    }
    const best = (xs: number[]) => Math.round(Math.max(...xs));
    results.push({ rows: data.length, upsert_rows_per_s: best(upsert), copy_rows_per_s: best(copy), rounds });
    // The re-run case: the same rows again, nothing changed, nothing written.
    const t = performance.now();
    const again = await database.db.transaction((tx) => loadFilings(tx, data, 'submissions'));
    results.push({
      rerun_unchanged_rows_per_s: Math.round(data.length / ((performance.now() - t) / 1000)),
      rows_written: again.inserted + again.updated,
    });
    const ratio = best(upsert) / best(copy);
    process.stdout.write(
      `${JSON.stringify({ name: 'loader', database: 'postgres', results, ratio: Number(ratio.toFixed(3)), goal: '>= 0.7 of COPY' })}\n`,
    );
  } finally {
    await database.close();
    await db.drop();
  }
}

await main();
