import { creditsFromTenths } from '@grantleaf/shared/constants';
import { PAYMENTS_NOT_CONFIGURED, REFUND_WINDOW_DAYS } from '@grantleaf/shared/payments.schema';
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findUserById } from '../auth/index.ts';
import { creditPurchase } from '../credits/index.ts';
import { receiptMail } from '../mail/index.ts';
import { recordCommission } from './commissions.ts';
import { UUID, type PaymentsDeps } from './payments.context.ts';
import * as repo from './payments.repository.ts';
import { verifyWebhook } from './stripe-client.ts';

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

/** Stripe's webhook: a paid Checkout is credited once, an expired one closed. */
export function createStripeEventsService({ db, mailer, env, log, stripe }: PaymentsDeps) {
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

  return {
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
  };
}
