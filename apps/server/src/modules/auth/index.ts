/**
 * What other modules use of auth (ADR 53). findUserById and findUserByEmail skip deleted accounts;
 * findUserContact also finds one in its deletion grace period, to report on work it asked for.
 */
export { findUserByEmail, findUserById, findUserContact } from './auth.repository.ts';
/** The account module, when a user deletes the account. */
export { deleteSessionsOf, softDeleteUserRow } from './auth.repository.ts';
export { keepAddressGuards } from './limits.ts';
/** The account module re-checks a password and re-derives admin rights on deletion. */
export { deriveAdminRights } from './admin-rights.ts';
export { verifyPassword } from './password.ts';
/** Hashed secret tokens like auth's own (the applications module's share links). */
export { newSecretToken, sha256 } from './tokens.ts';
export type { UserRow } from './auth.schema.ts';
