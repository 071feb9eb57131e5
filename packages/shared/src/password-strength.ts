import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The one strength rule for a new password (issue 15 §17), run by the server on register, reset
 * and change, and by the web forms before they send. It is heavy (the common-password
 * dictionaries are 234 KB gzip), so the web loads this module lazily from the auth forms only
 * (see apps/web/src/features/auth/password-check.ts); nothing on the landing page imports it.
 */

/** zxcvbn scores 0–4; 0 and 1 are "too guessable" (top lists, keyboard walks, word + digits). */
export const MIN_PASSWORD_SCORE = 2;

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Use a longer password with several unrelated words, or add numbers and symbols in unexpected places.';

let estimator: ZxcvbnFactory | undefined;

/**
 * The message for a password that is too easy to guess, or undefined when it is strong enough.
 * `userInputs` are the account's own words (e-mail, name): a password made of them is weak too.
 */
export function weakPasswordProblem(
  password: string,
  userInputs: readonly string[] = [],
): string | undefined {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const inputs = userInputs.flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  // zxcvbn's cost grows with length; past 100 characters the password is long enough anyway.
  const { score } = estimator.check(password.slice(0, 100), inputs);
  return score < MIN_PASSWORD_SCORE ? WEAK_PASSWORD_MESSAGE : undefined;
}
