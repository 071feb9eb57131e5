import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@grantleaf/shared/constants';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The stored key of an address for one purpose: a hash of its normalised form, never the address,
 * so guards and grants outlive the account without keeping it (ADR 0108, ADR 0230).
 */
export const addressHash = (purpose: string, email: string) =>
  sha256(`grantleaf:${purpose}:${email.trim().toLowerCase()}`);

/** 256-bit session ids and e-mail link tokens, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const newVerificationCode = () =>
  randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0');

/** Codes are short, so their hash is bound to the account: one table row cannot be reused elsewhere. */
export const hashCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
