import { creditsFromTenths } from '@grantleaf/shared/constants';
import {
  REFUND_WINDOW_DAYS,
  type AdminRefundRequest,
  type Purchase,
  type RefundDecision,
  type RefundRequestInput,
} from '@grantleaf/shared/payments.schema';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import * as affiliates from '../affiliate/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findUserById, type UserRow } from '../auth/index.ts';
import { takeBackRefundedPurchase } from '../credits/index.ts';
import { refundDecisionMail, refundRequestedMail } from '../mail/index.ts';
import { iso, requireStripe, UUID, type PaymentsDeps } from './payments.context.ts';
import * as repo from './payments.repository.ts';
import type { PaymentRow } from './payments.schema.ts';
import { addDaysTo } from '@grantleaf/shared/days';

/** A purchase as its buyer sees it, with whether (and until when) a refund can still be asked. */
function toPurchase(
  payment: PaymentRow,
  request: { status: 'pending' | 'approved' | 'declined'; note: string | null; createdAt: Date } | null,
): Purchase {
  const deadline = addDaysTo(payment.createdAt, REFUND_WINDOW_DAYS).getTime();
  const refundable =
    Boolean(payment.stripePaymentIntent) && !payment.refundedAt && !request && Date.now() < deadline;
  return {
    id: payment.id,
    packId: payment.packId,
    credits: creditsFromTenths(payment.creditsTenths),
    amountCents: payment.amountCents,
    taxCents: payment.taxCents,
    currency: payment.currency,
    receiptUrl: payment.receiptUrl,
    createdAt: payment.createdAt.toISOString(),
    refundedAt: iso(payment.refundedAt),
    refundRequest: request
      ? { status: request.status, note: request.note, createdAt: request.createdAt.toISOString() }
      : null,
    refundableUntil: refundable ? new Date(deadline).toISOString() : null,
  };
}

/** The money-back guarantee (spec §8): the buyer's purchases and requests, the admin's decision. */
export function createRefundsService({ db, mailer, log, stripe }: PaymentsDeps) {
  return {
    async listPurchases(user: UserRow): Promise<Purchase[]> {
      const rows = await repo.listUserPurchases(db, user.id);
      return rows.map((r) => toPurchase(r.payment, r.request));
    },

    /** The money-back guarantee: one request per card purchase, within the window, decided by an admin. */
    async requestRefund(user: UserRow, paymentId: string, input: RefundRequestInput): Promise<Purchase> {
      const payment = UUID.test(paymentId) ? await repo.findPayment(db, paymentId) : undefined;
      if (!payment || payment.userId !== user.id) throw notFound('Purchase not found');
      if (!payment.stripePaymentIntent)
        throw badRequest('This purchase was not paid by card here; write to us and we will help.');
      if (payment.refundedAt) throw conflict('This purchase was already refunded');
      if (Date.now() > addDaysTo(payment.createdAt, REFUND_WINDOW_DAYS).getTime()) {
        throw badRequest(`Refunds can be requested within ${REFUND_WINDOW_DAYS} days of purchase`);
      }
      const request = await db.transaction((tx) =>
        repo.insertRefundRequest(tx, {
          paymentId: payment.id,
          userId: user.id,
          hoursSpent: input.hoursSpent,
          comment: input.comment ?? '',
        }),
      );
      if (!request) throw conflict('A refund was already requested for this purchase');
      await mailer.send({
        to: user.email,
        ...refundRequestedMail(user.language, {
          name: user.name,
          amountCents: payment.amountCents,
          currency: payment.currency,
          paidAt: payment.createdAt,
        }),
        dedupeKey: `refund-request:${request.id}`,
      });
      return toPurchase(payment, request);
    },

    async listRefundRequests(
      status: 'pending' | 'approved' | 'declined' | 'all',
    ): Promise<AdminRefundRequest[]> {
      const rows = await repo.listRefundRequests(db, status);
      return rows.map((r) => ({
        id: r.request.id,
        status: r.request.status,
        hoursSpent: Number(r.request.hoursSpent),
        comment: r.request.comment,
        note: r.request.note,
        createdAt: r.request.createdAt.toISOString(),
        user: {
          id: r.user.id,
          name: r.user.name,
          email: r.user.email,
          balance: creditsFromTenths(r.user.credits),
        },
        purchase: {
          id: r.payment.id,
          credits: creditsFromTenths(r.payment.creditsTenths),
          amountCents: r.payment.amountCents,
          currency: r.payment.currency,
          createdAt: r.payment.createdAt.toISOString(),
        },
        usage: { creditsSpent: creditsFromTenths(Number(r.spentTenths)), paidJobs: Number(r.paidJobs) },
      }));
    },

    /**
     * Approve: refund through Stripe (idempotent on the request id), then in one transaction mark
     * the request and payment, take back the purchase's unspent credits (never below zero; what
     * was spent is ours to lose), reverse the affiliate's commission, and audit. Decline: note and
     * audit. The user hears either way.
     */
    async decideRefund(
      admin: UserRow,
      requestId: string,
      decision: RefundDecision,
      requestIdHeader: string | null,
    ) {
      const request = UUID.test(requestId) ? await repo.findRefundRequest(db, requestId) : undefined;
      if (!request) throw notFound('Refund request not found');
      if (request.status !== 'pending') throw conflict('This refund request was already decided');
      const payment = (await repo.findPayment(db, request.paymentId))!;
      let stripeRefundId: string | null = null;
      if (decision.decision === 'approve') {
        const client = requireStripe(stripe);
        try {
          const refund = await client.refunds.create(
            { payment_intent: payment.stripePaymentIntent!, metadata: { refundRequestId: request.id } },
            { idempotencyKey: `refund-${request.id}` },
          );
          stripeRefundId = refund.id;
        } catch (err) {
          log.error({ err, refundRequestId: request.id }, 'stripe: refund refused');
          throw new AppError(502, `Stripe did not refund this payment: ${(err as Error).message}`);
        }
      }
      const removed = await db.transaction(async (tx) => {
        const locked = (await repo.findRefundRequest(tx, request.id, { forUpdate: true }))!;
        if (locked.status !== 'pending') throw conflict('This refund request was already decided');
        await repo.decideRefundRequest(tx, request.id, {
          status: decision.decision === 'approve' ? 'approved' : 'declined',
          note: decision.note,
          decidedBy: admin.id,
          stripeRefundId,
        });
        const audit = {
          actorId: admin.id,
          subjectUserId: payment.userId,
          objectType: 'payment',
          objectId: payment.id,
          requestId: requestIdHeader,
        };
        if (decision.decision === 'decline') {
          await insertAuditEntry(tx, { ...audit, action: 'refund.decline' });
          return 0;
        }
        await repo.markPaymentRefunded(tx, payment.id);
        const take = await takeBackRefundedPurchase(tx, {
          userId: payment.userId,
          paymentId: payment.id,
          amount: payment.creditsTenths,
          actorId: admin.id,
        });
        await affiliates.reverseCommission(tx, payment.id);
        await insertAuditEntry(tx, { ...audit, action: 'refund.approve' });
        return take;
      });
      const user = await findUserById(db, payment.userId);
      if (user) {
        await mailer.send({
          to: user.email,
          ...refundDecisionMail(user.language, {
            name: user.name,
            approved: decision.decision === 'approve',
            refundedCents: payment.amountCents + (payment.taxCents ?? 0),
            currency: payment.currency,
            creditsRemoved: creditsFromTenths(removed),
            note: decision.note,
          }),
          dedupeKey: `refund-decision:${request.id}`,
        });
      }
      return {
        status: decision.decision === 'approve' ? ('approved' as const) : ('declined' as const),
        creditsRemoved: creditsFromTenths(removed),
      };
    },
  };
}
