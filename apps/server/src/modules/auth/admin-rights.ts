import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import type { UserRow } from './auth.schema.ts';

/**
 * Admin rights by proof (issue 15 item 3): an account holds them while it is live, its address is
 * verified, and it is either listed in ADMIN_EMAILS or granted by an operator — an operator's
 * revoke wins over the list. The stored `is_admin` follows this rule (re-derived at start, on
 * verification, on deletion and by the operator CLI, each change audited) and every request checks
 * the rule again, so a stale row can never widen rights.
 */
export function holdsAdminRights(
  row: Pick<UserRow, 'email' | 'emailVerified' | 'adminOverride' | 'deletedAt'>,
  adminEmails: readonly string[],
): boolean {
  if (!row.emailVerified || row.deletedAt || row.adminOverride === 'revoke') return false;
  return row.adminOverride === 'grant' || adminEmails.includes(row.email.toLowerCase());
}

/** The same rule in SQL, for the rows the derivation updates. */
function rightsRule(adminEmails: readonly string[]): SQL {
  // A JSON array keeps the list one parameter, empty or not.
  return sql`(email_verified and deleted_at is null and admin_override is distinct from 'revoke'
    and (admin_override is not distinct from 'grant' or lower(email) in (select jsonb_array_elements_text(${JSON.stringify(adminEmails)}::jsonb))))`;
}

export interface RightsChange {
  userId: string;
  isAdmin: boolean;
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
  const only = opts.userId ? sql`and id = ${opts.userId}` : sql``;
  const result = (await tx.execute(
    sql`update users set is_admin = not is_admin
        where is_admin <> ${rightsRule(adminEmails)} ${only}
        returning id as "userId", is_admin as "isAdmin"`,
  )) as unknown as { rows: RightsChange[] };
  for (const change of result.rows) {
    await insertAuditEntry(tx, {
      actorId: opts.actorId ?? null,
      subjectUserId: change.userId,
      objectType: 'user',
      objectId: change.userId,
      action: change.isAdmin ? 'admin.rights-granted' : 'admin.rights-revoked',
      requestId: opts.requestId ?? null,
    });
  }
  return result.rows;
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
    const found = (await tx.execute(
      sql`update users set admin_override = ${command}
          where lower(email) = ${email.trim().toLowerCase()} and deleted_at is null
          returning id, email, email_verified as "emailVerified"`,
    )) as unknown as { rows: Array<{ id: string; email: string; emailVerified: boolean }> };
    const user = found.rows[0];
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
    const state = (await tx.execute(
      sql`select is_admin as "isAdmin" from users where id = ${user.id}`,
    )) as unknown as {
      rows: Array<{ isAdmin: boolean }>;
    };
    return {
      email: user.email,
      userId: user.id,
      isAdmin: Boolean(state.rows[0]?.isAdmin),
      emailVerified: user.emailVerified,
      listed: adminEmails.includes(user.email.toLowerCase()),
    };
  });
}
