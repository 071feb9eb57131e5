import {
  adminLeadListSchema,
  adminLeadSchema,
  adminZenoLeadListSchema,
  leadIdParamsSchema,
  leadResponseSchema,
  leadSchema,
  updateLeadStatusSchema,
  zenoLeadSchema,
} from '@grantleaf/shared/leads.schema';
import { languageFromTag } from '@grantleaf/shared/language';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LeadsService } from './leads.service.ts';

export const leadsRoutes: FastifyPluginAsyncZod<{ leads: LeadsService }> = async (app, { leads }) => {
  app.post('/api/leads', { schema: { body: leadSchema, response: { 200: leadResponseSchema } } }, (request) =>
    leads.submitLead(request.body, {
      ip: request.ip,
      language: languageFromTag(request.headers['accept-language']),
    }),
  );

  app.post(
    '/api/zeno-lead-submissions',
    { schema: { body: zenoLeadSchema, response: { 200: leadResponseSchema } } },
    (request) =>
      leads.submitZenoLead(request.body, {
        ip: request.ip,
        language: languageFromTag(request.headers['accept-language']),
      }),
  );

  const admin = { config: { admin: true } } as const;
  app.get('/api/admin/leads', { ...admin, schema: { response: { 200: adminLeadListSchema } } }, async () => ({
    leads: await leads.listLeads(),
  }));

  app.get(
    '/api/admin/zeno-leads',
    { ...admin, schema: { response: { 200: adminZenoLeadListSchema } } },
    async () => ({
      submissions: await leads.listZenoLeads(),
    }),
  );

  app.patch(
    '/api/admin/leads/:id',
    {
      ...admin,
      schema: {
        params: leadIdParamsSchema,
        body: updateLeadStatusSchema,
        response: { 200: adminLeadSchema },
      },
    },
    (request) => leads.updateLeadStatus(request.params.id, request.body.status),
  );
};
