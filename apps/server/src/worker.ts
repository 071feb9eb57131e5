import { parseEnv } from './env.ts';
import { keepRunningOnUnhandledRejections } from './process-guards.ts';
import { createLogger, startRuntime } from './runtime.ts';

// A process that only runs jobs (scale-out: API processes then run with WORKERS=off).
const env = parseEnv();
const log = createLogger(env);
keepRunningOnUnhandledRejections(log);
const runtime = await startRuntime({ ...env, WORKERS: true }, { log });
runtime.log.info(`Grantleaf worker started (database: ${runtime.database.kind})`);

const shutdown = async () => {
  await runtime.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
