import { referralCodeSchema } from '@grantleaf/shared/affiliate.schema';
import type { Db } from '../../db/client.ts';
import { findAffiliateByCode, insertReferral } from './affiliate.repository.ts';

/**
 * Called by registration with the `ref` of the sign-up link. A bad or unknown code, or a
 * referral that is already recorded, is ignored: a referral never stands in the way of a sign-up.
 */
export async function recordReferral(
  db: Db,
  referredUserId: string,
  ref: string | undefined,
): Promise<boolean> {
  const code = referralCodeSchema.safeParse(ref ?? '');
  if (!code.success) return false;
  const affiliate = await findAffiliateByCode(db, code.data);
  if (!affiliate || affiliate.userId === referredUserId) return false;
  return insertReferral(db, { referredUserId, affiliateUserId: affiliate.userId });
}
