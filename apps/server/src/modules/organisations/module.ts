import { sql } from 'drizzle-orm';
import { readinessOf } from '../applications/index.ts';
import type { AppModule } from '../contract.ts';
import { createCompetitionsService } from './competitions.service.ts';
import { organisationsRoutes } from './organisations.routes.ts';
import { createOrganisationsService } from './organisations.service.ts';

export const organisationsModule: AppModule = {
  name: 'organisations',
  routes: (app, { runtime: { database, env, mailer } }) =>
    app.register(organisationsRoutes, {
      organisations: createOrganisationsService({ db: database.db, env, mailer, readiness: readinessOf }),
      competitions: createCompetitionsService({ db: database.db, env, mailer }),
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
    // Competitions (ADR 0650): the user's own internal applications (title and summary opened),
    // and the scores and comments they gave as an officer. Others' entries stay out: their words.
    {
      file: 'competition-entries.json',
      table: 'office_competition_entries',
      where: (id) => sql`applicant_id = ${id} order by created_at`,
    },
    {
      file: 'competition-scores.json',
      table: 'office_competition_scores',
      where: (id) => sql`officer_id = ${id} order by updated_at`,
    },
    // The competitions the user announced as an officer (the office's own text, no private words).
    {
      file: 'competitions-announced.json',
      table: 'office_competitions',
      where: (id) => sql`created_by = ${id} order by created_at`,
    },
  ],
};
