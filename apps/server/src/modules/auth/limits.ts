import { holdRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import type { Tx } from '../../db/client.ts';
import { addressHash } from './tokens.ts';

/** Abuse limits of the auth endpoints (issue 7, issue 15 §8, §18), kept in the database so every API process shares them. */
export const AUTH_LIMITS = {
  loginFailures: { points: 10, windowSeconds: 15 * 60 },
  loginPerIp: { points: 25, windowSeconds: 5 * 60 },
  /** Sign-ups and forgot-password requests: both mail an address a visitor typed. */
  mailPerIp: { points: 10, windowSeconds: 60 * 60 },
  /** Reset mails to one address, counted whether or not it has an account (no enumeration). */
  resetMailsPerAddress: { points: 3, windowSeconds: 60 * 60 },
  /**
   * Wrong verification codes per address, whatever account holds it: deleting the account and
   * registering the address again starts nothing afresh (issue 23 H-A). With 4 digits this leaves
   * 10 guesses in 10,000 a day, and a deleted address keeps its count through the grace period.
   */
  codeFailuresPerAddress: { points: 10, windowSeconds: 24 * 60 * 60 },
  /** Accounts created for one address a day (each brings a fresh code and resend allowance). */
  registrationsPerAddress: { points: 3, windowSeconds: 24 * 60 * 60 },
  /** Every change attempt counts, so the current password it asks for cannot be guessed through it. */
  passwordChange: { points: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** The rate-limit keys that guard an address across its accounts (hashes, never the address). */
export const codeFailKey = (email: string) => `code-fail:${addressHash('code-fail', email)}`;
export const registrationKey = (email: string) => `register-address:${addressHash('register', email)}`;

/**
 * Keeps a deleted account's address guards (wrong codes, registrations) for the deletion grace
 * period, counts included, so deleting and registering again buys no fresh guesses (issue 23 H-A).
 */
export async function keepAddressGuards(tx: Tx, email: string, days: number): Promise<void> {
  for (const key of [codeFailKey(email), registrationKey(email)])
    await holdRateLimit(tx, key, days * 24 * 60 * 60);
}
