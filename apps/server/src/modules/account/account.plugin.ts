import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { Runtime } from '../../runtime.ts';
import { scheduleRetention } from '../retention/retention.job.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

/** Export, deletion, the admin audit log and the daily hard-delete job (one line in app.ts). */
export async function registerAccountFeature(app: FastifyInstance, runtime: Runtime) {
  const storage = createFileStorage(runtime.env, runtime.log);
  await app.register(accountRoutes, { account: createAccountService({ db: runtime.database.db, storage, log: runtime.log }) });
  await scheduleRetention(runtime.queue);
}
