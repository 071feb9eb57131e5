import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed 64-bit number; it keeps two processes starting at once from migrating twice.
const MIGRATION_LOCK = 724_113_001;

/**
 * Applies db/migrations/*.sql in name order, each once, in its own transaction.
 * Plain SQL files (not a generated journal) so parallel feature work adds files without
 * conflicts; the schema-drift test keeps the drizzle tables honest against them.
 */
export function migrate(database: Database): Promise<string[]> {
  return database.session(async (raw) => {
    await raw.executeSql(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const applied: string[] = [];
    await raw.executeSql(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      const done = new Set(
        (await raw.executeSql('SELECT name FROM schema_migrations')).rows.map(
          (r: { name: string }) => r.name,
        ),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const body = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        const name = file.replace(/'/g, "''");
        await raw.executeSql(
          `BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`,
        );
        applied.push(file);
      }
    } finally {
      await raw.executeSql(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
    return applied;
  });
}
