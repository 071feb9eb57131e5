import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppModule } from '../contract.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

/** Export, deletion and the admin audit log. */
export const accountModule: AppModule = {
  name: 'account',
  routes: (app, { runtime: { database, env, log }, exportSections }) =>
    app.register(accountRoutes, {
      account: createAccountService({
        db: database.db,
        storage: createFileStorage(env, log),
        log,
        adminEmails: env.ADMIN_EMAILS,
        exportSections,
      }),
    }),
};
