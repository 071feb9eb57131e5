import { sql } from 'drizzle-orm';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppModule } from '../contract.ts';
import { uploadsRoutes } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';

export const uploadsModule: AppModule = {
  name: 'uploads',
  routes: (app, { runtime: { database, env, log } }) =>
    app.register(uploadsRoutes, {
      uploads: createUploadsService({ db: database.db, storage: createFileStorage(env, log), log }),
    }),
  exportSections: [
    {
      file: 'uploads.json',
      table: 'uploads',
      where: (id) => sql`user_id = ${id} and deleted_at is null order by created_at`,
    },
  ],
};
