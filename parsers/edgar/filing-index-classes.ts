import * as cheerio from 'cheerio';

/**
 * Class tickers from a filing's detail page (`<folder>/<accession>-index.htm(l)`): an investment company's
 * filing lists, under "Series and Classes/Contracts" (`table.tableSeries`), each registrant (`CIK` row), its
 * series (`Series S#########` row, with the series name) and each share class of the series
 * (`contractRow`: `Class/Contract C#########`, a status, the class name, the ticker symbol; the ticker cell is
 * empty for a class without one). The one real source of class tickers among the captured files (SEC's
 * company_tickers_mf.json is not captured): fixtures/upstream/www.sec.gov/Archives/edgar/data/773485/
 * 0001741773-23-002051-index.html (fixtures/upstream/FUNDS-FIXTURES.md).
 * One rule, held on the captured page: a class row belongs to the nearest series row above it, a series to the
 * nearest CIK row above it. A page without the table gives no rows (operating companies' filings).
 */
export interface IndexClassRow {
  /** The registrant's 10-digit CIK (the CIK row above the series), null when the page names none. */
  cik: string | null;
  seriesId: string;
  seriesName: string | null;
  classId: string;
  className: string | null;
  /** The ticker symbol as the page prints it; null when the cell is empty. */
  ticker: string | null;
}

const clean = (s: string) =>
  s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function parseFilingIndexClasses(html: string): IndexClassRow[] {
  const $ = cheerio.load(html);
  const out: IndexClassRow[] = [];
  let cik: string | null = null;
  let series: { id: string; name: string | null } | null = null;
  $('table.tableSeries tr').each((_i, tr) => {
    const cells = $(tr).children('td');
    const first = cells.first();
    const text = clean(first.text());
    if (first.hasClass('CIKname')) {
      cik = /(\d{10})/.exec(text)?.[1] ?? null;
      series = null;
    } else if (first.hasClass('seriesName')) {
      const id = /\b(S\d{9})\b/.exec(text)?.[1];
      series = id ? { id, name: clean(cells.last().text()) || null } : null;
    } else if (first.hasClass('classContract')) {
      const classId = /\b(C\d{9})\b/.exec(text)?.[1];
      if (!classId || !series) return;
      const name = clean(cells.eq(2).text()) || null;
      const ticker = cells.length >= 4 ? clean(cells.eq(3).text()) || null : null;
      out.push({ cik, seriesId: series.id, seriesName: series.name, classId, className: name, ticker });
    }
  });
  return out;
}
