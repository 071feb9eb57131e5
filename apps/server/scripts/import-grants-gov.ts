/**
 * npm run import:grants-gov -- <GrantsDBExtractYYYYMMDDv2.xml | .zip>
 *
 * Loads the Grants.gov XML extract into the program catalogue of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR). Streams the file; safe to run again.
 */
import path from 'node:path';
import { createDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { parseEnv } from '../src/env.ts';
import { ImportError, importGrantsGov } from '../src/modules/programs/grants-gov-import.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run import:grants-gov -- <GrantsDBExtract…v2.xml | .zip>');
  process.exit(2);
}

const env = parseEnv();
const database = await createDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.dataDir, 'db'),
});
const started = Date.now();
try {
  await migrate(database);
  console.log(
    `Importing ${file} into ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${env.dataDir}`}…`,
  );
  const result = await importGrantsGov(database.db, path.resolve(file), {
    onProgress: ({ records, bytesRead, totalBytes }) => {
      const pct = totalBytes ? Math.min(100, Math.round((bytesRead / totalBytes) * 100)) : 0;
      console.log(`  ${records.toLocaleString('en-US')} opportunities read (${pct}% of the file)`);
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Done in ${seconds}s: ${result.records} opportunities, ${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged, ${result.skipped} skipped (no number or title).`,
  );
} catch (err) {
  console.error(err instanceof ImportError ? `Import stopped, catalogue unchanged. ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
