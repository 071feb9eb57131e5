/** Registration records the sign-up link's referral (auth). */
export { recordReferral } from './referrals.ts';
/** Payments write and reverse the referrer's commission in the payment's transaction. */
export {
  findAffiliate,
  findCommissionForPayment,
  findReferrerOf,
  insertCommission,
  listPayouts,
  markPayablePaid,
  reverseCommission,
} from './affiliate.repository.ts';
