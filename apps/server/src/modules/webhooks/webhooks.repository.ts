import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { webhookDeliveries } from './webhooks.schema.ts';

/**
 * Records the event (first call wins) and leases it for one delivery attempt. Returns false when
 * it was delivered already or another run holds the lease.
 */
export async function leaseDelivery(
  tx: Tx,
  row: { eventId: string; event: string; payload: unknown },
  leaseSeconds: number,
): Promise<boolean> {
  await tx.insert(webhookDeliveries).values(row).onConflictDoNothing();
  const leased = await tx
    .update(webhookDeliveries)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(webhookDeliveries.eventId, row.eventId),
        isNull(webhookDeliveries.deliveredAt),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ eventId: webhookDeliveries.eventId });
  return leased.length > 0;
}

export async function recordAttempt(
  tx: Tx,
  eventId: string,
  outcome: { status: number | null; error: string | null; delivered: boolean },
) {
  await tx
    .update(webhookDeliveries)
    .set({
      lastStatus: outcome.status,
      lastError: outcome.error,
      deliveredAt: outcome.delivered ? new Date() : null,
      lockedUntil: null,
    })
    .where(eq(webhookDeliveries.eventId, eventId));
}
