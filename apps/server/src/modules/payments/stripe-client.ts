import Stripe from 'stripe';
import type { Env } from '../../env.ts';

/**
 * The official SDK, configured once. STRIPE_API_URL points it at another API base (the tests' fake
 * Stripe on 127.0.0.1, or stripe-mock); the SDK's own retries stay on (they reuse the idempotency
 * key, so a retried create never charges or refunds twice).
 */
export function createStripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Verifies the signature with the SDK; throws on a missing, stale or tampered signature. */
export function verifyWebhook(raw: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(raw, signature ?? '', secret);
}
