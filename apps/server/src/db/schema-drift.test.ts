import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASES } from '../../test/harness.ts';
import * as schema from './schema.ts';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

// The SQL migrations are the truth (ADR 1); every drizzle column must exist there with the same nullability.
describe.each(DATABASES)('drizzle tables match the migrated schema on %s', (kind) => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    created = await createTestDatabase(kind);
  });
  afterAll(() => created.drop());

  it('has every column drizzle knows', async () => {
    expect(tables.length).toBeGreaterThan(3);
    const result = (await created.database.db.execute(
      sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    )) as unknown as { rows: Array<{ table_name: string; column_name: string; is_nullable: string }> };
    const actual = new Map(
      result.rows.map((r) => [`${r.table_name}.${r.column_name}`, r.is_nullable === 'YES']),
    );
    const problems: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        if (!actual.has(key)) problems.push(`missing column ${key}`);
        else if (actual.get(key) !== !column.notNull) problems.push(`nullability differs for ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
