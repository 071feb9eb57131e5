import fs from 'node:fs';
import argon2 from 'argon2';

// OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON_PASSWORDS = new Set(
  fs
    .readFileSync(new URL('../../../data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
