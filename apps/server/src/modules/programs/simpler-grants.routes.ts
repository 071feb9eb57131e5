import { programSyncStatusSchema } from '@grantleaf/shared/program-sync.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SyncStatusService } from './simpler-grants-sync.ts';

/** GET /api/admin/program-syncs (admins only): the catalogue page's "Last sync" line (ADR 170). */
export const syncStatusRoutes: FastifyPluginAsyncZod<{
  syncs: SyncStatusService;
}> = async (app, { syncs }) => {
  app.get(
    '/api/admin/program-syncs',
    { config: { admin: true }, schema: { response: { 200: programSyncStatusSchema } } },
    () => syncs.status(),
  );
};
