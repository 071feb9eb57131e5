import { creditsFromTenths, tenthsFromCredits } from '@grantleaf/shared/constants';
import {
  DEFAULT_CREDIT_PACKS,
  PAYMENTS_NOT_CONFIGURED,
  type CheckoutRequest,
  type CheckoutStatus,
  type CreditPack,
  type Pricing,
} from '@grantleaf/shared/payments.schema';
import type Stripe from 'stripe';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { findUserById, type UserRow } from '../auth/index.ts';
import { requireStripe, UUID, type PaymentsDeps } from './payments.context.ts';
import * as repo from './payments.repository.ts';

/** Buying a pack: the price list, a Stripe Checkout Session, and the return page's status. */
export function createCheckoutService({ db, env, log, stripe }: PaymentsDeps) {
  const packs: CreditPack[] = env.CREDIT_PACKS ?? DEFAULT_CREDIT_PACKS;

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
      const client = requireStripe(stripe);
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
  };
}
