import type { FastifyBaseLogger } from 'fastify';
import { PAYMENTS_NOT_CONFIGURED } from '@grantleaf/shared/payments.schema';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../mail/index.ts';

/**
 * What each part of payments (checkout, Stripe events, refunds, staff records) is built from. The
 * Stripe client is made once by createPaymentsService and shared, so the parts never disagree on
 * whether payments are configured.
 */
export interface PaymentsDeps {
  db: Db;
  mailer: Mailer;
  env: Env;
  log: FastifyBaseLogger;
  stripe: Stripe | null;
}

/** Ids from a URL or a Stripe event are checked before they reach a uuid column. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw new AppError(503, PAYMENTS_NOT_CONFIGURED, { code: 'payments_not_configured' });
  return stripe;
}
