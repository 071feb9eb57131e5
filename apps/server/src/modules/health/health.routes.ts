import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { createHealthProbe } from './health-probe.ts';

/** How old the database verdict in GET /api/health may be (docs/decisions/0023-cached-health-probe.md). */
export const HEALTH_MAX_AGE_MS = 5_000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const probe = createHealthProbe(() => database.raw.executeSql('select 1'), { maxAgeMs: HEALTH_MAX_AGE_MS });
  app.get('/api/health', async (_request, reply) => {
    const db = await probe.current();
    // 503 takes the process out of a load balancer's rotation while its database is unreachable.
    if (!db.up) reply.code(503);
    return { status: db.up ? 'ok' : 'error', db: database.kind, checkedAt: db.checkedAt.toISOString() };
  });
};
