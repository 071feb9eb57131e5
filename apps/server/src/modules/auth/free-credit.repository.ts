import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { addressHash } from './tokens.ts';

/** The stored key of an address (migration 0108 computes the same value in SQL). */
export const freeCreditKey = (email: string) => addressHash('free-credit', email);

/**
 * Claims the address's one free credit, atomically: true the first time an address ever asks,
 * false after that (also once its account is deleted and the address registered again).
 */
export async function claimFreeCredit(tx: Tx, email: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`insert into free_credit_grants (email_hash) values (${freeCreditKey(email)})
        on conflict do nothing returning email_hash`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

/** Whether the address already had its free credit (registration says so before verification). */
export async function hadFreeCredit(tx: Tx, email: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`select 1 from free_credit_grants where email_hash = ${freeCreditKey(email)}`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
