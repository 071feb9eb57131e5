import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { useKeyring } from './adapters/storage/content-crypto.ts';
import { loadKeyring } from './adapters/storage/sealing.ts';
import { sealPlainContent } from './adapters/storage/sealed-columns.ts';
import { secureDataDir } from './adapters/storage/data-dir.ts';
import type { Env } from './env.ts';
import { logSerializers } from './http/log-serializers.ts';
import { createJobQueue } from './jobs/queue.ts';
import type { Runtime } from './modules/contract.ts';
import { MODULES, MODULE_JOBS, MODULE_SCHEDULES } from './modules/index.ts';
import { createMailer } from './modules/mail/mail.service.ts';

export type { Runtime };

export function createLogger(env: Env): Logger {
  return pino({
    level: env.LOG_LEVEL,
    serializers: logSerializers,
    // Secrets never reach the log: bearer tokens, passwords, codes.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.code',
        '*.sessionId',
        '*.token',
      ],
      remove: true,
    },
  });
}

export async function startRuntime(
  env: Env,
  opts: { database?: Database; log?: Logger } = {},
): Promise<Runtime> {
  const log = opts.log ?? createLogger(env);
  secureDataDir(env.dataDir);
  const database =
    opts.database ??
    (await createDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.dataDir, 'db') }));
  await migrate(database);
  // PGlite sets its own files' mode (0666, past the umask): tightened again once it has made them.
  secureDataDir(env.dataDir);
  // User content in the database is sealed with the files' key (ADR 0084); older plain values first.
  useKeyring(loadKeyring(env, log));
  await sealPlainContent(database.db);
  const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
  const queue = await createJobQueue({ database, env, mailer, log }, MODULE_JOBS);
  const runtime: Runtime = {
    env,
    log,
    database,
    mailer,
    queue,
    async close() {
      await queue.stop();
      await database.close();
    },
  };
  await runStartupTasks(runtime);
  if (env.WORKERS) await queue.work();
  return runtime;
}

/**
 * The modules' start-up work and cron schedules, after the migrations and before anything serves
 * (docs/decisions/0053-module-contract.md): each task is idempotent, so every process may run it.
 */
async function runStartupTasks(runtime: Runtime): Promise<void> {
  for (const module of MODULES) await module.startup?.(runtime);
  for (const { job, cron } of MODULE_SCHEDULES)
    await runtime.queue.boss.schedule(job.name, cron, {}, { tz: 'UTC' });
}
