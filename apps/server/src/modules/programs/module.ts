import type { AppModule } from '../contract.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { closeProgramsJob } from './close-programs.job.ts';
import { programsRoutes } from './programs.routes.ts';
import { createProgramsService } from './programs.service.ts';
import { scheduleSimplerGrantsSync, simplerGrantsSyncJob } from './simpler-grants-sync.job.ts';
import { createSyncStatusService } from './simpler-grants-sync.ts';
import { syncStatusRoutes } from './simpler-grants.routes.ts';

export const programsModule: AppModule = {
  name: 'programs',
  routes: async (app, { runtime, limiter }) => {
    await app.register(programsRoutes, {
      programs: createProgramsService({ db: runtime.database.db }),
      limiter,
      perMinute: runtime.env.PUBLIC_SEARCH_PER_MINUTE,
    });
    await app.register(catalogueRoutes, { catalogue: createCatalogueService({ db: runtime.database.db }) });
    const configured = Boolean(runtime.env.SIMPLER_GRANTS_API_KEY);
    await app.register(syncStatusRoutes, {
      syncs: createSyncStatusService({ db: runtime.database.db, configured }),
    });
  },
  jobs: [closeProgramsJob, simplerGrantsSyncJob],
  // Daily, just after midnight UTC (the database's current_date turns then): rolls deadlines forward
  // from the rules, closes what has passed, flags stale records.
  schedules: [{ job: closeProgramsJob, cron: '5 0 * * *' }],
  /** The catalogue before the first request: seed data/programs.json (idempotent upsert by id), close what has passed. */
  async startup(runtime) {
    const seeded = await createProgramsService({ db: runtime.database.db }).seedCatalogue();
    if (seeded.inserted || seeded.updated) runtime.log.info(seeded, 'program catalogue seeded');
    // The US federal sync runs daily only with an API key (ADR 170).
    await scheduleSimplerGrantsSync(runtime);
  },
};
