import { AFFILIATE_COMMISSION_PERCENT } from '@grantleaf/shared/constants';
import { COMMISSION_HOLD_DAYS } from '@grantleaf/shared/payments.schema';
import type { Tx } from '../../db/client.ts';
import * as affiliates from '../affiliate/index.ts';
import { findUserById } from '../auth/index.ts';
import { addDaysTo } from '@grantleaf/shared/days';
import * as repo from './payments.repository.ts';
import type { PaymentRow } from './payments.schema.ts';

/** 30% of the payment, rounded to the cent (half up). */
export function commissionFor(amountCents: number): number {
  return Math.round((amountCents * AFFILIATE_COMMISSION_PERCENT) / 100);
}

/**
 * The referrer's 30%, held for the guarantee window. Self-referral signals (the buyer paid with a
 * card the affiliate also used, or the buyer's phone or mailbox is the affiliate's, whether or not
 * the buyer is an affiliate too) put it on hold for review.
 */
export async function recordCommission(tx: Tx, payment: PaymentRow) {
  const referrer = await affiliates.findReferrerOf(tx, payment.userId);
  if (!referrer) return;
  const [referrerUser, buyerUser, referrerAffiliate, buyerAffiliate] = await Promise.all([
    findUserById(tx, referrer),
    findUserById(tx, payment.userId),
    affiliates.findAffiliate(tx, referrer),
    affiliates.findAffiliate(tx, payment.userId),
  ]);
  const sameCard = Boolean(
    payment.cardFingerprint && (await repo.affiliateUsedCard(tx, referrer, payment.cardFingerprint)),
  );
  const holdReason =
    referrerUser && buyerUser
      ? affiliates.selfReferralReason(
          {
            accountPhone: referrerUser.phone,
            affiliatePhone: referrerAffiliate?.phone,
            email: referrerUser.email,
          },
          { accountPhone: buyerUser.phone, affiliatePhone: buyerAffiliate?.phone, email: buyerUser.email },
          sameCard,
        )
      : sameCard
        ? 'Same payment card as the affiliate'
        : null;
  await affiliates.insertCommission(tx, {
    affiliateUserId: referrer,
    referredUserId: payment.userId,
    paymentId: payment.id,
    amountCents: commissionFor(payment.amountCents),
    currency: payment.currency,
    status: holdReason ? 'held' : 'pending',
    holdReason,
    payableAt: addDaysTo(payment.createdAt, COMMISSION_HOLD_DAYS),
  });
}
