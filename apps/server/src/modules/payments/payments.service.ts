import {
  AFFILIATE_COMMISSION_PERCENT,
  creditsFromTenths,
  tenthsFromCredits,
} from '@grantleaf/shared/constants';
import type { PaymentRecord, RecordPaymentInput } from '@grantleaf/shared/affiliate.schema';
import {
  COMMISSION_HOLD_DAYS,
  DEFAULT_CREDIT_PACKS,
  PAYMENTS_NOT_CONFIGURED,
  REFUND_WINDOW_DAYS,
  type AdminRefundRequest,
  type CheckoutRequest,
  type CheckoutStatus,
  type CreditPack,
  type Pricing,
  type Purchase,
  type RefundDecision,
  type RefundRequestInput,
} from '@grantleaf/shared/payments.schema';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import * as affiliates from '../affiliate/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findUserByEmail, findUserById, type UserRow } from '../auth/index.ts';
import { creditPurchase, takeBackRefundedPurchase } from '../credits/index.ts';
import { receiptMail, refundDecisionMail, refundRequestedMail, type Mailer } from '../mail/index.ts';
import * as repo from './payments.repository.ts';
import type { PaymentRow } from './payments.schema.ts';
import { createStripeClient, verifyWebhook } from './stripe-client.ts';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 30% of the payment, rounded to the cent (half up). */
export function commissionFor(amountCents: number): number {
  return Math.round((amountCents * AFFILIATE_COMMISSION_PERCENT) / 100);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A paid Checkout's facts as the webhook reports them; the amounts we credit come from our own row. */
interface PaidFacts {
  checkoutId: string;
  paymentIntent: string | null;
  /** What the event says was paid, in cents: before tax when exact, or a total that includes tax. */
  paid: { cents: number | null; includesTax: boolean };
  taxCents: number | null;
  currency: string | null;
}

/**
 * Whether an event's payment covers the checkout (issue 23 L-B: a signed 1-cent
 * payment_intent.succeeded credited a 5-credit pack). Every crediting event must name the
 * checkout's currency and its amount: a session's subtotal equals the pack price; an intent's
 * amount holds Stripe Tax too, which the intent does not itemise, so it must be at least the price.
 */
export function paymentCoversCheckout(
  facts: Pick<PaidFacts, 'paid' | 'currency'>,
  checkout: { amountCents: number; currency: string },
): boolean {
  const { cents, includesTax } = facts.paid;
  if (!facts.currency || facts.currency.toUpperCase() !== checkout.currency) return false;
  if (cents === null || !Number.isInteger(cents)) return false;
  return includesTax ? cents >= checkout.amountCents : cents === checkout.amountCents;
}

export class StripeWebhookError extends AppError {}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: {
  db: Db;
  mailer: Mailer;
  env: Env;
  log: FastifyBaseLogger;
  stripe?: Stripe | null;
}) {
  const { db, mailer, env, log } = deps;
  const stripe = deps.stripe === undefined ? createStripeClient(env) : deps.stripe;
  const packs: CreditPack[] = env.CREDIT_PACKS ?? DEFAULT_CREDIT_PACKS;

  function requireStripe(): Stripe {
    if (!stripe) throw new AppError(503, PAYMENTS_NOT_CONFIGURED, { code: 'payments_not_configured' });
    return stripe;
  }

  /** Receipt link and card fingerprint live on the charge; a failure here never blocks the credit. */
  async function chargeDetails(paymentIntent: string | null) {
    if (!stripe || !paymentIntent) return { receiptUrl: null, cardFingerprint: null };
    try {
      const pi = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
      const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
      return {
        receiptUrl: charge?.receipt_url ?? null,
        cardFingerprint: charge?.payment_method_details?.card?.fingerprint ?? null,
      };
    } catch (err) {
      log.warn({ err, paymentIntent }, 'stripe: charge details unavailable');
      return { receiptUrl: null, cardFingerprint: null };
    }
  }

  /**
   * Credits a paid Checkout once, whichever of its events comes first or how often each comes:
   * the event id is claimed, the checkout row locked and marked paid, the payment, its ledger row
   * and the affiliate's commission written — all in one transaction.
   */
  async function creditCheckout(event: Stripe.Event, facts: PaidFacts) {
    if (!UUID.test(facts.checkoutId)) {
      log.warn({ eventId: event.id }, 'stripe: event names no checkout of ours; ignored');
      return;
    }
    const details = await chargeDetails(facts.paymentIntent);
    const credited = await db.transaction(async (tx) => {
      if (!(await repo.claimEvent(tx, event.id, event.type))) {
        log.info({ eventId: event.id }, 'stripe: event already processed; ignored');
        return null;
      }
      const checkout = await repo.findCheckout(tx, facts.checkoutId, { forUpdate: true });
      if (!checkout) {
        log.warn({ eventId: event.id, checkoutId: facts.checkoutId }, 'stripe: unknown checkout; ignored');
        return null;
      }
      if (checkout.status === 'paid') return null;
      if (!paymentCoversCheckout(facts, checkout)) {
        // The event stays claimed: its redelivery credits nothing either. Staff see it in the audit log.
        log.error(
          {
            eventId: event.id,
            eventType: event.type,
            checkoutId: checkout.id,
            paid: facts.paid.cents,
            paidCurrency: facts.currency,
            expected: checkout.amountCents,
            expectedCurrency: checkout.currency,
          },
          'stripe: paid amount or currency differs from the checkout; not credited',
        );
        await insertAuditEntry(tx, {
          actorId: null,
          subjectUserId: checkout.userId,
          objectType: 'checkout',
          objectId: checkout.id,
          action: 'payment.amount-mismatch',
          requestId: event.id,
        });
        return null;
      }
      const payment = (await repo.insertPayment(tx, {
        userId: checkout.userId,
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        reference: `stripe:${checkout.id}`,
        recordedBy: null,
        checkoutId: checkout.id,
        packId: checkout.packId,
        creditsTenths: checkout.creditsTenths,
        taxCents: facts.taxCents,
        stripePaymentIntent: facts.paymentIntent,
        receiptUrl: details.receiptUrl,
        cardFingerprint: details.cardFingerprint,
      }))!;
      await creditPurchase(tx, {
        userId: checkout.userId,
        paymentId: payment.id,
        amount: checkout.creditsTenths,
      });
      await repo.markCheckoutPaid(tx, checkout.id);
      await recordCommission(tx, payment);
      return payment;
    });
    if (!credited) return;
    const user = await findUserById(db, credited.userId);
    if (user) {
      await mailer.send({
        to: user.email,
        ...receiptMail(user.language, {
          name: user.name,
          credits: creditsFromTenths(credited.creditsTenths),
          amountCents: credited.amountCents,
          taxCents: credited.taxCents,
          currency: credited.currency,
          paidAt: credited.createdAt,
          reference: credited.id,
          receiptUrl: credited.receiptUrl,
          accountUrl: `${env.APP_URL}/account`,
          refundDays: REFUND_WINDOW_DAYS,
        }),
        dedupeKey: `purchase:${credited.id}`,
      });
    }
  }

  /**
   * The referrer's 30%, held for the guarantee window. Self-referral signals (the buyer paid with a
   * card the affiliate also used, or the buyer's phone or mailbox is the affiliate's, whether or not
   * the buyer is an affiliate too) put it on hold for review.
   */
  async function recordCommission(tx: Tx, payment: PaymentRow) {
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
      payableAt: new Date(payment.createdAt.getTime() + COMMISSION_HOLD_DAYS * DAY_MS),
    });
  }

  function toPurchase(
    payment: PaymentRow,
    request: { status: 'pending' | 'approved' | 'declined'; note: string | null; createdAt: Date } | null,
  ): Purchase {
    const deadline = payment.createdAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS;
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

  return {
    pricing(): Pricing {
      return {
        packs,
        paymentsConfigured: Boolean(stripe && env.STRIPE_WEBHOOK_SECRET),
        taxAtCheckout: env.STRIPE_TAX,
        contactEmail: env.CONTACT_EMAIL,
      };
    },

    /**
     * A Stripe Checkout Session for one pack. Our checkout row is written first and its id is the
     * session's client reference and the idempotency key, so a retried create returns the same
     * session and the webhook credits from our row.
     */
    async createCheckout(
      user: UserRow,
      input: CheckoutRequest,
    ): Promise<{ checkoutId: string; url: string }> {
      const client = requireStripe();
      if (!env.STRIPE_WEBHOOK_SECRET)
        throw new AppError(503, PAYMENTS_NOT_CONFIGURED, { code: 'payments_not_configured' });
      const pack = packs.find((p) => p.id === input.packId);
      if (!pack) throw badRequest('Choose a credit pack');
      const amountCents = pack.prices[input.currency];
      if (!amountCents) throw badRequest(`This pack is not sold in ${input.currency}`);
      const checkout = await db.transaction((tx) =>
        repo.insertCheckout(tx, {
          userId: user.id,
          packId: pack.id,
          creditsTenths: tenthsFromCredits(pack.credits),
          amountCents,
          currency: input.currency,
        }),
      );
      const back = `${env.APP_URL}/billing/return?checkout=${checkout.id}`;
      const metadata = { checkoutId: checkout.id, userId: user.id };
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: amountCents,
                  product_data: { name: `${pack.credits} Grantleaf credits` },
                  ...(env.STRIPE_TAX && { tax_behavior: 'exclusive' as const }),
                },
              },
            ],
            client_reference_id: checkout.id,
            customer_email: user.email,
            metadata,
            payment_intent_data: { metadata },
            ...(env.STRIPE_TAX && { automatic_tax: { enabled: true } }),
            success_url: back,
            cancel_url: `${back}&cancelled=1`,
          },
          { idempotencyKey: `checkout-${checkout.id}` },
        );
      } catch (err) {
        log.error({ err }, 'stripe: checkout session not created');
        throw new AppError(502, 'The payment page could not be opened. Please try again in a minute.');
      }
      await db.transaction((tx) => repo.setCheckoutSession(tx, checkout.id, session.id));
      if (!session.url)
        throw new AppError(502, 'The payment page could not be opened. Please try again in a minute.');
      return { checkoutId: checkout.id, url: session.url };
    },

    async checkoutStatus(user: UserRow, checkoutId: string): Promise<CheckoutStatus> {
      const checkout = UUID.test(checkoutId) ? await repo.findCheckout(db, checkoutId) : undefined;
      if (!checkout || checkout.userId !== user.id) throw notFound('Checkout not found');
      const fresh = checkout.status === 'paid' ? await findUserById(db, user.id) : undefined;
      return {
        checkoutId: checkout.id,
        status: checkout.status,
        credits: creditsFromTenths(checkout.creditsTenths),
        balance: fresh ? creditsFromTenths(fresh.credits) : null,
      };
    },

    /** Verifies and applies one webhook delivery. Unsigned or tampered bodies change nothing. */
    async handleWebhook(raw: Buffer, signature: string | undefined): Promise<void> {
      if (!env.STRIPE_WEBHOOK_SECRET) throw new AppError(503, PAYMENTS_NOT_CONFIGURED);
      let event: Stripe.Event;
      try {
        event = verifyWebhook(raw, signature, env.STRIPE_WEBHOOK_SECRET);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'stripe: webhook signature rejected');
        throw new StripeWebhookError(400, 'Invalid signature');
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          if (session.payment_status !== 'paid') return;
          const paymentIntent =
            typeof session.payment_intent === 'string'
              ? session.payment_intent
              : (session.payment_intent?.id ?? null);
          return creditCheckout(event, {
            checkoutId: session.client_reference_id ?? session.metadata?.checkoutId ?? '',
            paymentIntent,
            paid: { cents: session.amount_subtotal, includesTax: false },
            taxCents: session.total_details?.amount_tax ?? null,
            currency: session.currency,
          });
        }
        case 'payment_intent.succeeded': {
          const intent = event.data.object;
          // Stripe Tax is on the session, not the intent; the session's event fills it when it comes first.
          return creditCheckout(event, {
            checkoutId: intent.metadata?.checkoutId ?? '',
            paymentIntent: intent.id,
            paid: { cents: intent.amount_received, includesTax: true },
            taxCents: null,
            currency: intent.currency,
          });
        }
        case 'checkout.session.expired': {
          const checkoutId = event.data.object.client_reference_id ?? '';
          if (UUID.test(checkoutId)) await db.transaction((tx) => repo.expireCheckout(tx, checkoutId));
          return;
        }
        default:
          log.info({ eventId: event.id, type: event.type }, 'stripe: event type not used; ignored');
      }
    },

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
      if (Date.now() > payment.createdAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS) {
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
        const client = requireStripe();
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
