/**
 * The statement and parameters of one `pg.Client.query` call, for the rehearsal's EXPLAIN capture
 * (server.ts). pg takes the values either inside a query config (`{ text, values }`) or as the second
 * argument, after a string or after a config: drizzle calls `client.query({ text, rowMode, types }, params)`,
 * so a config without `values` takes them from the second argument.
 */
export function capturedStatement(args: unknown[]): { text: string; values: unknown[] } | null {
  const q = args[0] as string | { text?: unknown; values?: unknown } | undefined;
  const text = typeof q === 'string' ? q : q?.text;
  if (typeof text !== 'string') return null;
  const values = typeof q === 'string' ? args[1] : (q?.values ?? args[1]);
  return { text, values: Array.isArray(values) ? values : [] };
}
