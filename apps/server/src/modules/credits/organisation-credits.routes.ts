import {
  organisationCreditsSchema,
  organisationLedgerQuerySchema,
  organisationLimitSchema,
  organisationTransferSchema,
} from '@grantleaf/shared/organisation-credits.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { OrganisationCreditsService } from './organisation-credits.service.ts';

// A malformed id is simply someone else's: zod's uuid check answers 400 before any query.
const idParams = z.object({ id: z.uuid() });
const memberParams = idParams.extend({ userId: z.uuid() });

/** Organisation credit balances (issue 32 §1, ADR 0720); non-members get the unknown id's 404. */
export const organisationCreditsRoutes: FastifyPluginAsyncZod<{
  organisationCredits: OrganisationCreditsService;
}> = async (app, { organisationCredits }) => {
  app.get(
    '/api/organisations/:id/credits',
    {
      config: { auth: true },
      schema: {
        params: idParams,
        querystring: organisationLedgerQuerySchema,
        response: { 200: organisationCreditsSchema },
      },
    },
    (request) => organisationCredits.view(currentUser(request), request.params.id, request.query.page),
  );

  app.post(
    '/api/organisations/:id/credits/transfers',
    {
      config: { auth: true, idempotent: true },
      schema: {
        params: idParams,
        body: organisationTransferSchema,
        response: { 200: organisationCreditsSchema },
      },
    },
    (request) => organisationCredits.transfer(currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/organisations/:id/credits/limits/:userId',
    {
      config: { auth: true },
      schema: {
        params: memberParams,
        body: organisationLimitSchema,
        response: { 200: organisationCreditsSchema },
      },
    },
    (request) =>
      organisationCredits.setLimit(
        currentUser(request),
        request.params.id,
        request.params.userId,
        request.body,
      ),
  );
};
