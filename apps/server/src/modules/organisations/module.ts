import { sql } from 'drizzle-orm';
import { readinessOf } from '../applications/index.ts';
import type { AppModule } from '../contract.ts';
import { organisationsRoutes } from './organisations.routes.ts';
import { createOrganisationsService } from './organisations.service.ts';

export const organisationsModule: AppModule = {
  name: 'organisations',
  routes: (app, { runtime: { database, env, mailer } }) =>
    app.register(organisationsRoutes, {
      organisations: createOrganisationsService({ db: database.db, env, mailer, readiness: readinessOf }),
    }),
  exportSections: [
    {
      file: 'organisation-memberships.json',
      table: 'organisation_members',
      where: (id) => sql`user_id = ${id} order by joined_at`,
    },
    // Invitations the user sent (the addresses they typed) and the ones they accepted.
    {
      file: 'organisation-invitations.json',
      table: 'organisation_invitations',
      where: (id) => sql`(invited_by = ${id} or used_by = ${id}) order by created_at`,
    },
  ],
};
