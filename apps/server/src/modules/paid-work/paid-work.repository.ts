import type { PaidWorkKind } from '@grantleaf/shared/paid-work';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paidWorkAttempts } from './paid-work.schema.ts';

const attemptOf = (kind: PaidWorkKind, workId: string) =>
  and(eq(paidWorkAttempts.kind, kind), eq(paidWorkAttempts.workId, workId));

/**
 * Records that an attempt starts; an earlier attempt still marked running ended with a dead
 * worker (its process was killed or crashed mid-job). Returns how many did so in a row.
 */
export async function beginAttempt(tx: Tx, kind: PaidWorkKind, workId: string): Promise<number> {
  const [row] = await tx
    .insert(paidWorkAttempts)
    .values({ kind, workId, started: 1, running: true })
    .onConflictDoUpdate({
      target: [paidWorkAttempts.kind, paidWorkAttempts.workId],
      set: {
        started: sql`${paidWorkAttempts.started} + 1`,
        deadInARow: sql`CASE WHEN ${paidWorkAttempts.running} THEN ${paidWorkAttempts.deadInARow} + 1 ELSE 0 END`,
        running: true,
      },
    })
    .returning({ deadInARow: paidWorkAttempts.deadInARow });
  return row!.deadInARow;
}

/** The attempt ended in this process, with a readable error or none. */
export async function endAttempt(
  tx: Tx,
  kind: PaidWorkKind,
  workId: string,
  error: string | null,
): Promise<void> {
  await tx
    .update(paidWorkAttempts)
    .set({ running: false, ...(error === null ? {} : { lastError: error }) })
    .where(attemptOf(kind, workId));
}

export async function findLastError(tx: Tx, kind: PaidWorkKind, workId: string): Promise<string | null> {
  const [row] = await tx
    .select({ lastError: paidWorkAttempts.lastError })
    .from(paidWorkAttempts)
    .where(attemptOf(kind, workId));
  return row?.lastError ?? null;
}

export async function forgetAttempts(tx: Tx, kind: PaidWorkKind, workId: string): Promise<void> {
  await tx.delete(paidWorkAttempts).where(attemptOf(kind, workId));
}
