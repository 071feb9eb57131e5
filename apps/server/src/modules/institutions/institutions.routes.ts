import { emailDomainParamsSchema, institutionLookupSchema } from '@grantleaf/shared/email-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookUpInstitution } from './institutions.service.ts';

/** Public: the register form asks while the visitor types; it takes a domain, never an address. */
export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/institutions/:domain',
    { schema: { params: emailDomainParamsSchema, response: { 200: institutionLookupSchema } } },
    async (request) => lookUpInstitution(request.params.domain),
  );
};
