import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNportBatch, parseNportPartition } from '../../jobs/edgar/nport-batch.ts';
import { NportParseThread } from '../../jobs/edgar/nport-parse-pool.ts';
import type { Database } from '../../lib/db.ts';
import { type FundReportRows, loadFundReport, loadFundReports } from '../../loaders/funds.ts';
import { parseFilingIndexClasses } from '../../parsers/edgar/filing-index-classes.ts';
import { parseNport } from '../../parsers/edgar/nport.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { seedOwnershipRegistry } from '../ownership/seed.ts';

// The set-based loader (many N-PORT filings per transaction) against the per-filing one on the real
// documents: the same tables, amendments in force and registry links, whatever the batch order.
const DIR =
  'fixtures/upstream/raw.githubusercontent.com/dgunning/edgartools/ca5a70094da7fc34890161dae9c256bb1f4c3d26/data';
const DUPREE = readFileSync(`${DIR}/NPORT.Dupree.xml`, 'utf8');
const AST = readFileSync(`${DIR}/NPORT.AdvancedSeries.xml`, 'utf8');
const GOLDMAN = readFileSync(`${DIR}/nport/samples/NPORT Sample 7.xml`, 'utf8');
// the Dupree report restated: an NPORT-P/A filed a week later with its first position's value changed
const AMENDED = DUPREE.replace(
  '<submissionType>NPORT-P</submissionType>',
  '<submissionType>NPORT-P/A</submissionType>',
).replace('<valUSD>2041380</valUSD>', '<valUSD>2041999</valUSD>');

function filing(text: string, accession: string, filingDate: string): FundReportRows {
  return {
    doc: parseNport(text, accession),
    accessionNumber: accession,
    filingDate,
    sourceUrl: `test:${accession}`,
    sha256: null,
    fetchedAt: '2026-01-30T00:00:00Z',
  };
}

const FILINGS = [
  filing(AMENDED, '0000000001-23-000002', '2023-02-06'),
  filing(DUPREE, '0000000001-23-000001', '2023-01-30'),
  filing(AST, '0000000002-23-000001', '2023-01-27'),
  filing(GOLDMAN, '0000000003-23-000001', '2023-05-25'),
];

let database: Database;

async function snapshot() {
  return {
    funds: await database.query('select * from funds order by fund_id'),
    reports: await database.query(
      'select accession_number, fund_id, submission_type, superseded_by, positions from fund_reports order by 1',
    ),
    classes: await database.query('select * from fund_classes order by class_id'),
    holdings: await database.query(
      `select accession_number, ordinal, fund_id, value_usd, pct_of_net_assets, company_id, link_source, link_value
         from fund_holdings order by accession_number, ordinal`,
    ),
  };
}

const clear = () =>
  database.query('truncate funds, fund_reports, fund_classes, fund_holdings') as Promise<unknown>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedOwnershipRegistry(database);
  // Apple's share CUSIP: the Goldman fund's Apple notes (037833EK2...) link through the issuer code
  await database.query(
    `insert into company_identifiers (company_id, id_type, id_value, source, confidence)
     select company_id, 'CUSIP', '037833100', 'test', 'high' from companies where cik = '0000320193'`,
  );
});
afterAll(async () => {
  await database?.close();
});

describe('loadFundReports (a batch of filings in one transaction)', () => {
  it('gives the tables the per-filing loads give, in either order, and a re-run changes nothing', async () => {
    for (const f of FILINGS) await database.db.transaction((tx) => loadFundReport(tx, f));
    const serial = await snapshot();
    // values read from the documents: the amendment is in force, the original superseded by it
    expect(serial.reports.map((r) => [r.accession_number, r.submission_type, r.superseded_by])).toEqual([
      ['0000000001-23-000001', 'NPORT-P', '0000000001-23-000002'],
      ['0000000001-23-000002', 'NPORT-P/A', null],
      ['0000000002-23-000001', 'NPORT-P', null],
      ['0000000003-23-000001', 'NPORT-P', null],
    ]);
    expect(serial.holdings).toHaveLength(55 + 55 + 1685);
    const dupree = serial.funds.find((f) => f.fund_id === 'fnd_S000012000')!;
    expect([dupree.latest_accession, dupree.reports]).toEqual(['0000000001-23-000002', 1]);
    const apple = serial.holdings.filter(
      (h) => h.link_source === 'cusip_issuer_code' && h.link_value === '037833EK2',
    );
    expect(apple).toHaveLength(1);

    await clear();
    await database.db.transaction((tx) => loadFundReports(tx, FILINGS));
    expect(await snapshot()).toEqual(serial);

    await clear();
    await database.db.transaction((tx) => loadFundReports(tx, [...FILINGS].reverse()));
    // a class row names the report that last listed it: the last loaded (in the serial order the original
    // NPORT-P, reversed the amendment)
    const reversed = await snapshot();
    expect(serial.classes.find((c) => c.class_id === 'C000032728')?.accession_number).toBe(
      '0000000001-23-000001',
    );
    expect(reversed.classes.find((c) => c.class_id === 'C000032728')?.accession_number).toBe(
      '0000000001-23-000002',
    );
    expect({ ...reversed, classes: null }).toEqual({ ...serial, classes: null });

    const again = await database.db.transaction((tx) => loadFundReports(tx, FILINGS));
    expect(again.updated).toBe(0);
    expect(await snapshot()).toEqual(serial);
  });

  it('loadNportBatch: a document that does not parse is quarantined and failed, the rest of the batch loads with its coverage and events', async () => {
    await clear();
    const raw = (url: string, text: string) => ({
      url,
      bytes: Buffer.from(text),
      sha256: url.slice(-12),
      fetchedAt: '2026-01-30T08:15:00.000Z',
      contentType: null,
    });
    const good = 'https://staged.test/nport/dupree.xml';
    const bad = 'https://staged.test/nport/truncated.xml';
    const ast = 'https://staged.test/nport/ast.xml';
    const docs = [
      [`doc:${good}`, raw(good, DUPREE)],
      [`doc:${bad}`, raw(bad, DUPREE.slice(0, 20_000))],
      [`doc:${ast}`, raw(ast, AST)],
    ] as const;
    // parsed on the bulk backfill's worker thread: the same rows and the same parse error as on this thread
    const thread = new NportParseThread();
    const batch = await Promise.all(docs.map(([key, doc]) => thread.parse(key, doc))).finally(() =>
      thread.close(),
    );
    const here = docs.map(([key, doc]) => parseNportPartition(key, doc));
    const comparable = (p: (typeof here)[number]) => ({ ...p, started: 0, error: p.error?.message });
    expect(batch.map(comparable)).toEqual(here.map(comparable));
    expect(batch[1]!.error?.message).toMatch(/^malformed XML at offset \d+/);
    const out = await database.db.transaction((tx) => loadNportBatch(tx, batch, { maxAgeDays: 0 }));
    expect(out.map((r) => ('message' in r ? ['failed', r.partition] : [r.status, r.partition]))).toEqual([
      ['failed', `doc:${bad}`],
      ['done', `doc:${good}`],
      ['done', `doc:${ast}`],
    ]);
    const parts = await database.query<{ partition_key: string; status: string; rows: number }>(
      `select partition_key, status, rows from dataset_partitions where dataset_id = 'fund_holdings'`,
    );
    expect(parts.map((p) => [p.partition_key, p.status, p.rows]).sort()).toEqual([
      [`doc:${ast}`, 'done', 0],
      [`doc:${good}`, 'done', 55],
      [`doc:${bad}`, 'failed', 0],
    ]);
    const [q] = await database.query<{ n: number }>(
      `select count(*)::int as n from quarantine where dataset_id = 'fund_holdings' and url = $1`,
      [bad],
    );
    expect(q!.n).toBe(1);
    const events = await database.query<{ data: { accession_number: string; positions: number } }>(
      `select data from events where type = 'fund_holdings.published' order by sequence`,
    );
    expect(events.map((e) => [e.data.accession_number, e.data.positions])).toEqual([
      [`url:${ast}`, 0],
      [`url:${good}`, 55],
    ]);
  });

  it('class tickers: the filing detail page names each class of the series with its ticker (T. Rowe Price page)', async () => {
    const page = readFileSync(
      'fixtures/upstream/www.sec.gov/Archives/edgar/data/773485/0001741773-23-002051-index.html',
      'utf8',
    );
    const classes = parseFilingIndexClasses(page);
    // read from the page: 499 class rows under 210 series, 15 with an empty ticker cell
    expect([classes.length, classes.filter((c) => c.ticker).length]).toEqual([499, 484]);
    expect(classes[0]).toEqual({
      cik: '0000075170',
      seriesId: 'S000002120',
      seriesName: 'T. Rowe Price Small-Cap Stock Fund, Inc.',
      classId: 'C000005508',
      className: 'T. Rowe Price Small-Cap Stock Fund, Inc.',
      ticker: 'OTCFX',
    });
    expect(classes.find((c) => c.classId === 'C000161835')?.ticker).toBeNull();
    // a filing of series S000002120 (the Dupree document under that series and class id: identifiers only)
    await clear();
    const staged = DUPREE.replaceAll('S000012000', 'S000002120').replaceAll('C000032728', 'C000005508');
    const f = { ...filing(staged, '0000000004-23-000001', '2023-01-30'), classTickers: classes };
    await database.db.transaction((tx) => loadFundReports(tx, [f]));
    const rows = await database.query<{ class_id: string; fund_id: string; ticker: string | null }>(
      'select class_id, fund_id, ticker from fund_classes order by class_id',
    );
    // the filing's own series only: its four classes, each with the page's ticker
    expect(rows.map((r) => [r.class_id, r.fund_id, r.ticker])).toEqual([
      ['C000005508', 'fnd_S000002120', 'OTCFX'],
      ['C000005509', 'fnd_S000002120', 'PASSX'],
      ['C000159682', 'fnd_S000002120', 'OTIIX'],
      ['C000219319', 'fnd_S000002120', 'TRZZX'],
    ]);
  });
});
