import type { RateLimitRule } from '../../http/rate-limit.ts';

/** Abuse limits of the auth endpoints (issue 7, issue 15 §8, §18), kept in the database so every API process shares them. */
export const AUTH_LIMITS = {
  loginFailures: { points: 10, windowSeconds: 15 * 60 },
  loginPerIp: { points: 25, windowSeconds: 5 * 60 },
  /** Sign-ups and forgot-password requests: both mail an address a visitor typed. */
  mailPerIp: { points: 10, windowSeconds: 60 * 60 },
  /** Reset mails to one address, counted whether or not it has an account (no enumeration). */
  resetMailsPerAddress: { points: 3, windowSeconds: 60 * 60 },
  /** Every change attempt counts, so the current password it asks for cannot be guessed through it. */
  passwordChange: { points: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;
