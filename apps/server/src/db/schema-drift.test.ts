import fs from 'node:fs';
import path from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_COLUMNS } from '../adapters/storage/sealed-columns.ts';
import { createTestDatabase, DATABASES } from '../../test/harness.ts';
import * as schema from './schema.ts';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

const SRC = path.resolve(import.meta.dirname, '..');
const schemaFiles = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.schema.ts'))
  .map((file) => path.join(SRC, file));

// db/schema.ts is a hand-kept list; these keep it whole (issue 29 §1: it once left out three tables).
describe('db/schema.ts lists every table', () => {
  it('exports every pgTable of every *.schema.ts file', async () => {
    expect(schemaFiles.length).toBeGreaterThan(10);
    const listed = new Set(tables);
    const missing: string[] = [];
    for (const file of schemaFiles) {
      const exported = Object.values((await import(file)) as Record<string, unknown>);
      for (const table of exported.filter((v): v is PgTable => is(v, PgTable)))
        if (!listed.has(table)) missing.push(`${getTableConfig(table).name} (${path.relative(SRC, file)})`);
    }
    expect(missing).toEqual([]);
  });

  it('derives the sealed columns from the tables, each naming a real column', () => {
    const columns = new Set(
      tables.flatMap((t) => getTableConfig(t).columns.map((c) => `${getTableConfig(t).name}.${c.name}`)),
    );
    expect(SEALED_COLUMNS.length).toBeGreaterThan(20);
    expect(SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`).filter((key) => !columns.has(key))).toEqual(
      [],
    );
    expect(SEALED_COLUMNS).toContainEqual({ table: 'applications', column: 'sections', json: true });
    expect(SEALED_COLUMNS).toContainEqual({ table: 'uploads', column: 'extracted_text', json: false });
  });
});

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
