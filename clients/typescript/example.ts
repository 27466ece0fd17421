import { createFindataClient } from './src/index.ts';

const api = createFindataClient({
  baseUrl: process.env.FINDATA_URL ?? 'http://127.0.0.1:8080',
  apiKey: process.env.FINDATA_API_KEY ?? '',
});

const { data, error, response } = await api.GET('/v1/financials/income-statements', {
  params: { query: { ticker: 'GOOGL', period: 'annual', limit: 2 } },
});
if (error) throw new Error(`${response.status}: ${error.message}`);
for (const row of data.income_statements) {
  console.log(row.report_period, row.revenue);
}
