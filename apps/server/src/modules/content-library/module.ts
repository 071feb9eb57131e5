import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { contentLibraryRoutes } from './content-library.routes.ts';
import { createContentLibraryService } from './content-library.service.ts';

/** The content library (issue 16 §4; ADR 0116). */
export const contentLibraryModule: AppModule = {
  name: 'content-library',
  routes: (app, { runtime }) =>
    app.register(contentLibraryRoutes, { library: createContentLibraryService({ db: runtime.database.db }) }),
  exportSections: [
    {
      file: 'library-blocks.json',
      table: 'library_blocks',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    {
      file: 'library-block-uses.json',
      table: 'library_block_uses',
      where: (id) => sql`user_id = ${id} order by used_at`,
    },
  ],
};
