import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';

export const auditModule: AppModule = {
  name: 'audit',
  // Who on staff opened this user's documents (privacy policy §6).
  exportSections: [
    {
      file: 'staff-access-log.json',
      table: 'audit_log',
      where: (id) => sql`subject_user_id = ${id} order by id`,
    },
  ],
};
