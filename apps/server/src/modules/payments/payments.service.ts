import { creditsFromTenths, tenthsFromCredits } from '@grantleaf/shared/constants';
import type { PaymentRecord, RecordPaymentInput } from '@grantleaf/shared/affiliate.schema';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { conflict, notFound } from '../../errors.ts';
import * as affiliates from '../affiliate/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findUserByEmail, findUserById, type UserRow } from '../auth/index.ts';
import { creditPurchase } from '../credits/index.ts';
import type { Mailer } from '../mail/index.ts';
import { createCheckoutService } from './checkout.service.ts';
import { recordCommission } from './commissions.ts';
import { iso, type PaymentsDeps } from './payments.context.ts';
import * as repo from './payments.repository.ts';
import { createRefundsService } from './refunds.service.ts';
import { createStripeClient } from './stripe-client.ts';
import { createStripeEventsService } from './stripe-events.service.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * Payments as the routes see them: checkout (checkout.service.ts), Stripe's events
 * (stripe-events.service.ts), refunds (refunds.service.ts), and here the staff's own records —
 * the payments list, manual payments and affiliate payouts. One Stripe client serves them all.
 */
export function createPaymentsService(deps: {
  db: Db;
  mailer: Mailer;
  env: Env;
  log: FastifyBaseLogger;
  stripe?: Stripe | null;
}) {
  const ctx: PaymentsDeps = {
    ...deps,
    stripe: deps.stripe === undefined ? createStripeClient(deps.env) : deps.stripe,
  };
  const { db } = ctx;
  return {
    ...createCheckoutService(ctx),
    ...createStripeEventsService(ctx),
    ...createRefundsService(ctx),

    async listPayments(filter: { query: string; status: 'all' | 'paid' | 'refunded' }) {
      const rows = await repo.listPayments(db, filter);
      return rows.map(({ payment, user }) => ({
        id: payment.id,
        user,
        packId: payment.packId,
        credits: creditsFromTenths(payment.creditsTenths),
        amountCents: payment.amountCents,
        taxCents: payment.taxCents,
        currency: payment.currency,
        source: payment.checkoutId ? ('stripe' as const) : ('manual' as const),
        createdAt: payment.createdAt.toISOString(),
        refundedAt: iso(payment.refundedAt),
      }));
    },

    /**
     * An operator's manual record of a payment made outside Stripe (a bank transfer, an invoice):
     * audited, and commissioned like any other. Recording the same reference again returns the
     * first record; a different amount under that reference is a conflict.
     */
    async recordPayment(
      actor: UserRow,
      input: RecordPaymentInput,
      requestIdHeader: string | null = null,
    ): Promise<{ created: boolean; payment: PaymentRecord }> {
      const buyer = input.userId
        ? await findUserById(db, input.userId)
        : await findUserByEmail(db, input.email!);
      if (!buyer) throw notFound('User not found');
      const currency = (input.currency ?? 'CAD').toUpperCase();
      return db.transaction(async (tx) => {
        let payment = await repo.insertPayment(tx, {
          userId: buyer.id,
          amountCents: input.amountCents,
          currency,
          reference: input.reference.trim(),
          recordedBy: actor.id,
          creditsTenths: tenthsFromCredits(input.credits ?? 0),
        });
        const created = Boolean(payment);
        if (!payment) {
          payment = (await repo.findPaymentByReference(tx, input.reference.trim()))!;
          if (payment.userId !== buyer.id || payment.amountCents !== input.amountCents) {
            throw conflict('A different payment with this reference is already recorded');
          }
        } else {
          if (input.credits) {
            await creditPurchase(tx, {
              userId: buyer.id,
              paymentId: payment.id,
              amount: tenthsFromCredits(input.credits),
              actorId: actor.id,
            });
          }
          await recordCommission(tx, payment);
          await insertAuditEntry(tx, {
            actorId: actor.id,
            subjectUserId: buyer.id,
            objectType: 'payment',
            objectId: payment.id,
            action: 'payment.record_manual',
            requestId: requestIdHeader,
          });
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
            commission: commission
              ? { affiliateUserId: commission.affiliateUserId, amountCents: commission.amountCents }
              : null,
            createdAt: payment.createdAt.toISOString(),
          },
        };
      });
    },

    listPayouts() {
      return affiliates.listPayouts(db);
    },

    /** Marks every payable commission of one affiliate (in one currency) paid; the payout itself happens outside. */
    async markPayoutPaid(
      admin: UserRow,
      affiliateUserId: string,
      currency: string,
      requestIdHeader: string | null,
    ) {
      return db.transaction(async (tx) => {
        const paid = await affiliates.markPayablePaid(tx, affiliateUserId, currency);
        if (paid.count === 0) throw conflict('Nothing is payable to this affiliate');
        await insertAuditEntry(tx, {
          actorId: admin.id,
          subjectUserId: affiliateUserId,
          objectType: 'affiliate_payout',
          objectId: `${affiliateUserId}:${currency}:${paid.cents}`,
          action: 'payout.mark_paid',
          requestId: requestIdHeader,
        });
        return paid;
      });
    },
  };
}
