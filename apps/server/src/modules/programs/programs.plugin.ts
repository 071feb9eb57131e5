import type { FastifyPluginAsync } from 'fastify';
import { CLOSE_PROGRAMS_CRON, closeProgramsJob } from './close-programs.job.ts';
import { programsRoutes } from './programs.routes.ts';
import type { ProgramsService } from './programs.service.ts';

/**
 * The catalogue at start-up: seed data/programs.json (idempotent upsert by id), mark closed
 * programs now and schedule the daily check, then serve the routes.
 */
export const programsPlugin: FastifyPluginAsync<{ programs: ProgramsService }> = async (app, { programs }) => {
  const seeded = await programs.seedCatalogue();
  if (seeded.inserted || seeded.updated) app.log.info(seeded, 'program catalogue seeded');
  await app.runtime.queue.boss.schedule(closeProgramsJob.name, CLOSE_PROGRAMS_CRON, {}, { tz: 'UTC' });
  await app.register(programsRoutes, { programs });
};
