import path from 'node:path';
import { buildApp } from './app.ts';
import { createDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { parseEnv } from './env.ts';

const env = parseEnv();
const database = await createDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.dataDir, 'db') });
await migrate(database);
const app = await buildApp({ env, database });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Grantleaf is serving on ${env.APP_URL} (database: ${database.kind})`);
