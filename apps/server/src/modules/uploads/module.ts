import { sql } from 'drizzle-orm';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppModule } from '../contract.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';
import { resealFiles } from './reseal-files.ts';

export const uploadsModule: AppModule = {
  name: 'uploads',
  routes: (app, { runtime: { database, env, log } }) =>
    app.register(uploadsRoutes, {
      uploads: createUploadsService({ db: database.db, storage: createFileStorage(env, log), log }),
    }),
  // Files in the older format, or under a rotated-out key, are re-sealed before anything serves.
  startup: async ({ database, env, log }) => {
    await resealFiles({ db: database.db, storage: createFileStorage(env, log), log });
  },
  exportSections: [
    {
      file: 'uploads.json',
      table: 'uploads',
      where: (id) => sql`user_id = ${id} and deleted_at is null order by created_at`,
    },
  ],
};
