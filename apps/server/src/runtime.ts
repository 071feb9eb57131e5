import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createDatabase, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { Env } from './env.ts';
import { logSerializers } from './http/log-serializers.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { createMailer, type Mailer } from './modules/mail/mail.service.ts';

/** The long-lived parts one process holds: shared by the API (main.ts), workers (worker.ts) and tests. */
export interface Runtime {
  env: Env;
  log: Logger;
  database: Database;
  mailer: Mailer;
  queue: JobQueue;
  close(): Promise<void>;
}

export function createLogger(env: Env): Logger {
  return pino({
    level: env.LOG_LEVEL,
    serializers: logSerializers,
    // Secrets never reach the log: bearer tokens, passwords, codes.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.sessionId', '*.token'],
      remove: true,
    },
  });
}

export async function startRuntime(env: Env, opts: { database?: Database; log?: Logger } = {}): Promise<Runtime> {
  const log = opts.log ?? createLogger(env);
  const database =
    opts.database ??
    (await createDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.dataDir, 'db') }));
  await migrate(database);
  const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
  const queue = await createJobQueue({ database, env, mailer, log });
  if (env.WORKERS) await queue.work();
  return {
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
}
