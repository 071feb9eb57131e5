/** Registration records the sign-up link's referral (auth). */
export { recordReferral } from './referrals.ts';
/** Payments hold a commission whose buyer looks like the affiliate's own second account. */
export { selfReferralReason } from './self-referral.ts';
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
