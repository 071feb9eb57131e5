import os from 'node:os';
import argon2 from 'argon2';
import { weakPasswordProblem } from '@grantleaf/shared/password-strength';
import { badRequest } from '../../errors.ts';

// OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Every new password (register, reset, change) passes here: the shared strength rule, with the
 * account's own e-mail and name counted as guessable. Refused as a 400 on the named field.
 */
export function assertStrongPassword(password: string, field: string, userInputs: readonly string[]) {
  const problem = weakPasswordProblem(password, userInputs);
  if (problem) throw badRequest(problem, { errors: [{ path: field, message: problem }] });
}

/** Runs at most `limit` tasks at once; the rest wait their turn in arrival order. */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

// argon2 hashes on libuv's thread pool (4 threads by default). More hashes at once than cores
// only slices the same CPU thinner, so each waits longer, and they would hold every pool thread
// that file and DNS work also needs. One hash per core; the rest queue.
const argon2Slot = concurrencyLimit(os.availableParallelism());

export const hashPassword = (password: string) => argon2Slot(() => argon2.hash(password, ARGON2_OPTIONS));

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Slot(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

// Unknown e-mails still pay for one verification, so timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
export function warmPasswordCheck(): Promise<string> {
  dummyHash ??= hashPassword('grantleaf-dummy-password');
  return dummyHash;
}
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await warmPasswordCheck(), password);
}
