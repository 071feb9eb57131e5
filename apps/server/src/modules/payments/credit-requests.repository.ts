import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { creditRequests, type CreditRequestRow } from './payments.schema.ts';

const LIST_LIMIT = 200;

/** Undefined when this user already has an open request (the partial unique index decides). */
export async function insertCreditRequest(
  tx: Tx,
  values: Pick<
    CreditRequestRow,
    'userId' | 'kind' | 'creditsTenths' | 'organisation' | 'purchaseOrder' | 'message'
  >,
): Promise<CreditRequestRow | undefined> {
  const [row] = await tx.insert(creditRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listOwnCreditRequests(db: Db, userId: string): Promise<CreditRequestRow[]> {
  return db
    .select()
    .from(creditRequests)
    .where(eq(creditRequests.userId, userId))
    .orderBy(desc(creditRequests.createdAt))
    .limit(20);
}

export async function findCreditRequest(tx: Tx, id: string, opts: { forUpdate?: boolean } = {}) {
  const query = tx.select().from(creditRequests).where(eq(creditRequests.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function decideCreditRequest(
  tx: Tx,
  id: string,
  values: Pick<CreditRequestRow, 'status' | 'note' | 'decidedBy' | 'grantedTenths'>,
): Promise<void> {
  await tx
    .update(creditRequests)
    .set({ ...values, decidedAt: new Date() })
    .where(eq(creditRequests.id, id));
}

/** Requests with who asked (name, address, whether verified, balance now), newest first. */
export async function listCreditRequests(db: Db, status: CreditRequestRow['status'] | 'all') {
  return db
    .select({
      request: creditRequests,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        credits: users.credits,
      },
    })
    .from(creditRequests)
    .innerJoin(users, eq(users.id, creditRequests.userId))
    .where(status === 'all' ? undefined : eq(creditRequests.status, status))
    .orderBy(desc(creditRequests.createdAt))
    .limit(LIST_LIMIT);
}
