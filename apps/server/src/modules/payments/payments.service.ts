import { AFFILIATE_COMMISSION_PERCENT } from '@grantleaf/shared/constants';
import type { PaymentRecord, RecordPaymentInput } from '@grantleaf/shared/affiliate.schema';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import * as affiliates from '../affiliate/affiliate.repository.ts';
import { findUserByEmail, findUserById } from '../auth/auth.repository.ts';
import type { UserRow } from '../auth/auth.schema.ts';
import { applyLedgerChange } from '../credits/credits.repository.ts';
import * as repo from './payments.repository.ts';

/** 30% of the payment, rounded to the cent (half up). */
export function commissionFor(amountCents: number): number {
  return Math.round((amountCents * AFFILIATE_COMMISSION_PERCENT) / 100);
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Records a purchase and, when the buyer came through an affiliate's link, the affiliate's
     * commission, in one transaction. Recording the same reference again returns the first record
     * (a webhook or an operator may retry); a different amount under that reference is a conflict.
     */
    async recordPayment(actor: UserRow, input: RecordPaymentInput): Promise<{ created: boolean; payment: PaymentRecord }> {
      const buyer = input.userId ? await findUserById(db, input.userId) : await findUserByEmail(db, input.email!);
      if (!buyer) throw notFound('User not found');
      const currency = (input.currency ?? 'CAD').toUpperCase();
      return db.transaction(async (tx) => {
        let payment = await repo.insertPayment(tx, {
          userId: buyer.id,
          amountCents: input.amountCents,
          currency,
          reference: input.reference.trim(),
          recordedBy: actor.id,
        });
        const created = Boolean(payment);
        if (!payment) {
          payment = (await repo.findPaymentByReference(tx, input.reference.trim()))!;
          if (payment.userId !== buyer.id || payment.amountCents !== input.amountCents) {
            throw conflict('A different payment with this reference is already recorded');
          }
        } else {
          if (input.creditsTenths) {
            await applyLedgerChange(tx, {
              userId: buyer.id,
              amount: input.creditsTenths,
              reason: 'purchase',
              reference: payment.id,
            });
          }
          const referrer = await affiliates.findReferrerOf(tx, buyer.id);
          if (referrer) {
            await affiliates.insertCommission(tx, {
              affiliateUserId: referrer,
              referredUserId: buyer.id,
              paymentId: payment.id,
              amountCents: commissionFor(payment.amountCents),
              currency,
            });
          }
        }
        const commission = await affiliates.findCommissionForPayment(tx, payment.id);
        return {
          created,
          payment: {
            id: payment.id,
            userId: payment.userId,
            amountCents: payment.amountCents,
            currency: payment.currency,
            reference: payment.reference,
            commission: commission ? { affiliateUserId: commission.affiliateUserId, amountCents: commission.amountCents } : null,
            createdAt: payment.createdAt.toISOString(),
          },
        };
      });
    },
  };
}
