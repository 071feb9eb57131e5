import { buildApp } from './app.ts';
import { parseEnv } from './env.ts';
import { keepRunningOnUnhandledRejections } from './process-guards.ts';
import { createLogger, startRuntime } from './runtime.ts';

const env = parseEnv();
const log = createLogger(env);
keepRunningOnUnhandledRejections(log);
const runtime = await startRuntime(env, { log });
const app = await buildApp(runtime);

const shutdown = async () => {
  await app.close();
  await runtime.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: env.PORT, host: env.HOST });
for (const warning of env.warnings) app.log.warn(warning);
app.log.info(
  `Grantleaf is serving on ${env.APP_URL} (database: ${runtime.database.kind}, workers: ${env.WORKERS ? 'on' : 'off'})`,
);
