import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { Runtime } from '../../runtime.ts';
import { uploadsRoutes } from '../uploads/uploads.routes.ts';
import { createUploadsService } from '../uploads/uploads.service.ts';
import { submissionsRoutes } from './submissions.routes.ts';
import { createSubmissionsService } from './submissions.service.ts';

/** Uploads, files and submissions, wired from the runtime (one line in app.ts). */
export async function registerSubmissionFeature(app: FastifyInstance, runtime: Runtime) {
  const storage = createFileStorage(runtime.env, runtime.log);
  const db = runtime.database.db;
  await app.register(uploadsRoutes, { uploads: createUploadsService({ db, storage, log: runtime.log }) });
  await app.register(submissionsRoutes, { submissions: createSubmissionsService({ db, queue: runtime.queue }) });
}
