import {
  applicantProfileInputSchema,
  type ApplicantFacts,
  type ApplicantProfileInput,
  type ApplicantProfileResponse,
} from '@grantleaf/shared/applicant-profile.schema';
import { countryOfEmail } from '@grantleaf/shared/locations';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../auth/index.ts';
import { lookUpInstitution } from '../institutions/index.ts';
import * as repo from './applicant-profile.repository.ts';
import type { ApplicantProfileRow } from './applicant-profile.schema.ts';

/**
 * A stored profile read back through the current schema: a fact a later version no longer knows
 * is dropped rather than trusted (the rules read only what the schema allows).
 */
export function factsOf(row: ApplicantProfileRow | undefined): ApplicantFacts | null {
  if (!row) return null;
  const parsed = applicantProfileInputSchema.safeParse(
    Object.fromEntries(
      Object.entries(row.facts as Record<string, unknown>).filter(
        ([k]) => k in applicantProfileInputSchema.shape,
      ),
    ),
  );
  return parsed.success ? parsed.data : null;
}

/** What the account already says: the e-mail domain's institution and country (a suggestion only). */
async function suggestionFor(email: string): Promise<ApplicantProfileResponse['suggested']> {
  const domain = email.split('@')[1]?.toLowerCase() ?? null;
  const country = countryOfEmail(email)?.country ?? null;
  const institution = domain ? (await lookUpInstitution(domain).catch(() => null))?.institution : null;
  return { organisation: institution ?? null, country, domain };
}

export function createApplicantProfileService(deps: { db: Db }) {
  const present = async (user: UserRow, row: ApplicantProfileRow | undefined) => ({
    profile: factsOf(row),
    suggested: await suggestionFor(user.email),
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
  });
  return {
    async get(user: UserRow): Promise<ApplicantProfileResponse> {
      return present(user, await repo.findProfile(deps.db, user.id));
    },
    async save(user: UserRow, input: ApplicantProfileInput): Promise<ApplicantProfileResponse> {
      // The route parsed the body already; parsing again fills the defaults for the stored shape.
      const facts = applicantProfileInputSchema.parse(input);
      return present(user, await repo.saveProfile(deps.db, user.id, facts));
    },
  };
}
export type ApplicantProfileService = ReturnType<typeof createApplicantProfileService>;
