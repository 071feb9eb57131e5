import type { Tx } from '../../db/client.ts';
import { findProfile } from './applicant-profile.repository.ts';
import { factsOf } from './applicant-profile.service.ts';

/** The account's stated applicant facts, or null before the applicant saved any (issue 25 §1). */
export async function findApplicantFacts(db: Tx, userId: string) {
  return factsOf(await findProfile(db, userId));
}
