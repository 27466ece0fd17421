import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { capturedStatement } from '../../bench/rehearse/capture.ts';

const companies = pgTable('companies', {
  companyId: text('company_id').primaryKey(),
  name: text('company_name'),
});

describe('the rehearsal capture of a statement for EXPLAIN', () => {
  it("keeps the parameters of drizzle's call, passed after the query config", async () => {
    const calls: unknown[][] = [];
    // a client that records what drizzle hands to pg's Client.query
    const client = {
      query: async (...args: unknown[]) => {
        calls.push(args);
        return { rows: [], fields: [], rowCount: 0, command: 'SELECT' };
      },
    };
    const db = drizzle({ client: client as never });
    await db.select().from(companies).where(eq(companies.companyId, 'cmp_04a9e557c68cd6c3e1fb'));
    expect(calls).toHaveLength(1);
    const statement = capturedStatement(calls[0]!);
    expect(statement?.text).toContain('where "companies"."company_id" = $1');
    expect(statement?.values).toEqual(['cmp_04a9e557c68cd6c3e1fb']);
  });

  it("keeps pg's other two shapes: a string and its values, a config with its values", () => {
    expect(capturedStatement(['select $1::int', [7]])).toEqual({ text: 'select $1::int', values: [7] });
    expect(capturedStatement([{ text: 'select $1::int', values: [8] }])).toEqual({
      text: 'select $1::int',
      values: [8],
    });
    expect(capturedStatement([{ name: 'no text' }])).toBeNull();
  });
});
