import {
  applicantProfileInputSchema,
  applicantProfileSchema,
} from '@grantleaf/shared/applicant-profile.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { ApplicantProfileService } from './applicant-profile.service.ts';

const DESCRIPTION =
  'The applicant profile (issue 25 §1): who applies (kind, organization, country and province or state, fields of research in the OECD Fields of R&D, career stage and years, clinical doctorate, citizenship or permanent residency, company headcount and ownership, NIH R15 institution, Indigenous organization). Every fact may be null (unknown): an unknown fact never excludes a program, a stated one can. Prefilled into every funding search, which may override any field for that search only (the request body\'s "applicant"). Sealed at rest; in the privacy export (applicant-profile.json) and removed with the account.';

export const applicantProfileRoutes: FastifyPluginAsyncZod<{ profiles: ApplicantProfileService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/api/applicant-profile',
    {
      config: { auth: true },
      schema: { description: DESCRIPTION, response: { 200: applicantProfileSchema } },
    },
    (request) => profiles.get(currentUser(request)),
  );

  app.put(
    '/api/applicant-profile',
    {
      config: { auth: true },
      schema: {
        description: DESCRIPTION,
        body: applicantProfileInputSchema,
        response: { 200: applicantProfileSchema },
      },
    },
    (request) => profiles.save(currentUser(request), request.body),
  );
};
