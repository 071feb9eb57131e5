import { parseEnv } from './env.ts';
import { startRuntime } from './runtime.ts';

// A process that only runs jobs (scale-out: API processes then run with WORKERS=off).
const env = parseEnv();
const runtime = await startRuntime({ ...env, WORKERS: true });
runtime.log.info(`Grantleaf worker started (database: ${runtime.database.kind})`);

const shutdown = async () => {
  await runtime.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
