import { budgetViewSchema, saveBudgetSchema } from '@grantleaf/shared/budget.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { BudgetService } from './budget.service.ts';

const idParams = z.object({ id: z.string().uuid() });

/** An application's budget (issue 26, ADR 0281): read by anyone it is shared with, saved by owner and editors (ADR 0371); others get 404. */
export const budgetRoutes: FastifyPluginAsyncZod<{ budget: BudgetService }> = async (app, { budget }) => {
  app.get(
    '/api/applications/:id/budget',
    { config: { auth: true }, schema: { params: idParams, response: { 200: budgetViewSchema } } },
    (request) => budget.get(currentUser(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/budget',
    {
      // Saved as the editor saves sections: bounded like autosaves, a retried request replayed.
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.editorSave },
      schema: { params: idParams, body: saveBudgetSchema, response: { 200: budgetViewSchema } },
    },
    (request) => budget.save(currentUser(request), request.params.id, request.body),
  );
};
