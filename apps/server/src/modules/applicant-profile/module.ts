import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { applicantProfileRoutes } from './applicant-profile.routes.ts';
import { createApplicantProfileService } from './applicant-profile.service.ts';

/** The applicant profile: stated once, read by every funding search (issue 25 §1, ADR 0251). */
export const applicantProfileModule: AppModule = {
  name: 'applicant-profile',
  routes: (app, { runtime }) =>
    app.register(applicantProfileRoutes, {
      profiles: createApplicantProfileService({ db: runtime.database.db }),
    }),
  exportSections: [
    { file: 'applicant-profile.json', table: 'applicant_profiles', where: (id) => sql`user_id = ${id}` },
  ],
};
