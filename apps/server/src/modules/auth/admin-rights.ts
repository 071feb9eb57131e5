import type { Db, Tx } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findIsAdmin, setAdminOverride, updateAdminFlags, type RightsChange } from './auth.repository.ts';
import type { UserRow } from './auth.schema.ts';

export type { RightsChange } from './auth.repository.ts';

/**
 * Admin rights by proof (issue 15 item 3): an account holds them while it is live, its address is
 * verified, and it is either granted by an operator or listed in ADMIN_EMAILS and proven by the
 * e-mailed link — a 4-digit code can be guessed, so it never makes an admin (issue 23 H-A, ADR
 * 0230). An operator's revoke wins over the list. The stored `is_admin` follows this rule (re-derived at start, on
 * verification, on deletion and by the operator CLI, each change audited) and every request checks
 * the rule again, so a stale row can never widen rights.
 */
export function holdsAdminRights(
  row: Pick<UserRow, 'email' | 'emailVerified' | 'emailLinkVerified' | 'adminOverride' | 'deletedAt'>,
  adminEmails: readonly string[],
): boolean {
  if (!row.emailVerified || row.deletedAt || row.adminOverride === 'revoke') return false;
  return (
    row.adminOverride === 'grant' || (row.emailLinkVerified && adminEmails.includes(row.email.toLowerCase()))
  );
}

/**
 * Brings `is_admin` in line with the rule for one user (or all) and audits each grant and revoke.
 * Only rows that differ are touched, so two processes starting at once audit each change once.
 */
export async function deriveAdminRights(
  tx: Tx,
  adminEmails: readonly string[],
  opts: { userId?: string; actorId?: string | null; requestId?: string | null } = {},
): Promise<RightsChange[]> {
  const changes = await updateAdminFlags(tx, adminEmails, opts.userId);
  for (const change of changes) {
    await insertAuditEntry(tx, {
      actorId: opts.actorId ?? null,
      subjectUserId: change.userId,
      objectType: 'user',
      objectId: change.userId,
      action: change.isAdmin ? 'admin.rights-granted' : 'admin.rights-revoked',
      requestId: opts.requestId ?? null,
    });
  }
  return changes;
}

export type OperatorCommand = 'grant' | 'revoke';

export interface OperatorResult {
  email: string;
  userId: string;
  isAdmin: boolean;
  emailVerified: boolean;
  listed: boolean;
}

/**
 * The operator's `npm run admin -- grant|revoke EMAIL`: records the override on the live account
 * of that address (audited), then derives its rights. Undefined when no live account has it.
 */
export async function applyOperatorCommand(
  db: Db,
  adminEmails: readonly string[],
  command: OperatorCommand,
  email: string,
): Promise<OperatorResult | undefined> {
  return db.transaction(async (tx) => {
    const user = await setAdminOverride(tx, email, command);
    if (!user) return undefined;
    await insertAuditEntry(tx, {
      actorId: null,
      subjectUserId: user.id,
      objectType: 'user',
      objectId: user.id,
      action: `admin.operator-${command}`,
      requestId: null,
    });
    await deriveAdminRights(tx, adminEmails, { userId: user.id });
    return {
      email: user.email,
      userId: user.id,
      isAdmin: await findIsAdmin(tx, user.id),
      emailVerified: user.emailVerified,
      listed: adminEmails.includes(user.email.toLowerCase()),
    };
  });
}
