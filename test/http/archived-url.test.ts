import { describe, expect, it } from 'vitest';
import { archivedUrl } from '../../jobs/fetcher.ts';

describe('archivedUrl (the URL the raw_documents index stores)', () => {
  it("redacts OpenDART's key in the query string, keeping the other parameters", () => {
    const url =
      'https://opendart.fss.or.kr/api/fnlttSinglAcntAll.json?corp_code=00126380&bsns_year=2023&reprt_code=11011&fs_div=CFS&crtfc_key=0123456789abcdef0123456789abcdef01234567';
    const stored = archivedUrl(url);
    expect(stored).not.toContain('0123456789abcdef');
    expect(stored).toContain('crtfc_key=redacted');
    expect(stored).toContain('corp_code=00126380');
  });

  it('keeps a URL with no credential byte for byte (so look-ups of earlier rows still match)', () => {
    for (const url of [
      'https://www.sec.gov/Archives/edgar/data/320193/0000912057-00-023442-index.html',
      'https://api.adviserinfo.sec.gov/search/firm?nrows=100&query=citadel',
      'https://query1.finance.yahoo.com/v8/finance/chart/ZC%3DF?period1=1&interval=1d',
    ])
      expect(archivedUrl(url)).toBe(url);
  });
});
