import {
  acceptInvitationSchema,
  changeRoleSchema,
  createOrganisationSchema,
  holidayListSchema,
  invitationSchema,
  inviteSchema,
  officeListQuerySchema,
  officeListSchema,
  organisationDetailSchema,
  organisationListSchema,
  programDeadlineListSchema,
  programDeadlineViewSchema,
  updateOrganisationSchema,
} from '@grantleaf/shared/organisations.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import { competitionRoutes } from './competitions.routes.ts';
import type { CompetitionsService } from './competitions.service.ts';
import { officeCsv, type OrganisationsService } from './organisations.service.ts';

// A malformed id is simply someone else's: zod's uuid check answers 400 before any query.
const idParams = z.object({ id: z.uuid() });
const memberParams = idParams.extend({ userId: z.uuid() });
const invitationParams = idParams.extend({ invitationId: z.uuid() });

export const organisationsRoutes: FastifyPluginAsyncZod<{
  organisations: OrganisationsService;
  competitions: CompetitionsService;
}> = async (app, { organisations, competitions }) => {
  const auth = { config: { auth: true } } as const;

  app.get(
    '/api/organisations',
    { ...auth, schema: { response: { 200: organisationListSchema } } },
    (request) => organisations.list(currentUser(request)),
  );

  app.post(
    '/api/organisations',
    {
      config: { auth: true, idempotent: true },
      schema: { body: createOrganisationSchema, response: { 201: organisationDetailSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await organisations.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/organisations/:id',
    { ...auth, schema: { params: idParams, response: { 200: organisationDetailSchema } } },
    (request) => organisations.detail(currentUser(request), request.params.id),
  );

  app.patch(
    '/api/organisations/:id',
    {
      ...auth,
      schema: {
        params: idParams,
        body: updateOrganisationSchema,
        response: { 200: organisationDetailSchema },
      },
    },
    (request) => organisations.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/organisations/:id/invitations',
    {
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.invitation },
      schema: { params: idParams, body: inviteSchema, response: { 201: invitationSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await organisations.invite(currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/organisations/:id/invitations/:invitationId',
    { ...auth, schema: { params: invitationParams } },
    async (request, reply) => {
      await organisations.revokeInvitation(
        currentUser(request),
        request.params.id,
        request.params.invitationId,
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/organisations/invitations/accept',
    { ...auth, schema: { body: acceptInvitationSchema, response: { 200: organisationDetailSchema } } },
    (request) => organisations.accept(currentUser(request), request.body.token),
  );

  app.post(
    '/api/organisations/:id/join',
    { ...auth, schema: { params: idParams, response: { 200: organisationDetailSchema } } },
    (request) => organisations.join(currentUser(request), request.params.id),
  );

  app.patch(
    '/api/organisations/:id/members/:userId',
    {
      ...auth,
      schema: { params: memberParams, body: changeRoleSchema, response: { 200: organisationDetailSchema } },
    },
    (request) =>
      organisations.changeRole(
        currentUser(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    '/api/organisations/:id/members/:userId',
    { ...auth, schema: { params: memberParams } },
    async (request, reply) => {
      await organisations.removeMember(currentUser(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  officeRoutes(app, organisations);
  competitionRoutes(app, competitions);
};

/**
 * The research office's routes (issue 32 §3, ADR 0441, 0650): its list as JSON and CSV, the
 * holidays and the per-program deadlines; registered by organisationsRoutes in the same place.
 */
function officeRoutes(app: Parameters<FastifyPluginAsyncZod>[0], organisations: OrganisationsService) {
  const auth = { config: { auth: true } } as const;

  // The office's list (issue 32 §3): JSON for the page, CSV for a spreadsheet.
  app.get(
    '/api/organisations/:id/applications',
    {
      ...auth,
      schema: { params: idParams, querystring: officeListQuerySchema, response: { 200: officeListSchema } },
    },
    async (request) => ({
      data: await organisations.officeList(currentUser(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/organisations/:id/applications.csv',
    { ...auth, schema: { params: idParams, querystring: officeListQuerySchema } },
    async (request, reply) => {
      const rows = await organisations.officeList(currentUser(request), request.params.id, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="office-applications.csv"')
        .header('X-Content-Type-Options', 'nosniff')
        .send(officeCsv(rows));
    },
  );

  // The institution's holidays (ADR 0441): members read, owners and officers replace the list.
  app.get(
    '/api/organisations/:id/holidays',
    { ...auth, schema: { params: idParams, response: { 200: holidayListSchema } } },
    (request) => organisations.holidays(currentUser(request), request.params.id),
  );

  app.put(
    '/api/organisations/:id/holidays',
    {
      ...auth,
      schema: { params: idParams, body: holidayListSchema, response: { 200: holidayListSchema } },
    },
    (request) => organisations.setHolidays(currentUser(request), request.params.id, request.body),
  );

  // Per-program internal deadlines (ADR 0650): members read, owners and officers replace the list.
  app.get(
    '/api/organisations/:id/program-deadlines',
    { ...auth, schema: { params: idParams, response: { 200: programDeadlineViewSchema } } },
    (request) => organisations.programDeadlines(currentUser(request), request.params.id),
  );

  app.put(
    '/api/organisations/:id/program-deadlines',
    {
      ...auth,
      schema: {
        params: idParams,
        body: programDeadlineListSchema,
        response: { 200: programDeadlineViewSchema },
      },
    },
    (request) => organisations.setProgramDeadlines(currentUser(request), request.params.id, request.body),
  );
}
